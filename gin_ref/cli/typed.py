"""What is typed so far on the session's line: its words (shell quoting, even while a quote is still open),
and what each word is for in the command it names: the command, an option, an option's value, a
positional argument. Completion and the live status line both read the line through ``typed_words``.

The roles come from the click command itself (its options and arguments), so a command added to the CLI
is understood here without a change.
"""

from __future__ import annotations

from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple

import click

from gin_ref.match.tableline import split_words as split_words  # read here too (the table line's own reader)

# What a value holds, by the option that takes it or the argument's name.
CARD_OPTIONS = {"--upcard": "upcard", "--discard": "discard", "--defender": "defender", "--knocker": "knocker",
                "--melds": "melds"}
PLAYER_OPTIONS = {"--dealer", "--box", "--captain", "--player"}
CARD_ARGUMENTS = {"cards": "cards", "card": "card"}
PLAYER_ARGUMENTS = {"player"}


class Word(NamedTuple):
    """One word of the line: its text (quotes removed), where it starts and ends in the line, its role
    ("command", "subcommand", "option", "value", "argument" or "extra") and the name behind the role (the
    command, the option as typed in full such as ``--defender``, the argument's name)."""

    text: str
    start: int
    end: int
    role: str
    name: str
    closed: bool = True  # False while a quote is still open


def open_quote(typed: str) -> str:
    """The quote (``"`` or ``'``) left open in a word typed (one ``split_words`` reads as not closed)."""
    return '"' if split_words(typed + '"')[-1][3] else "'"


def _options(command: click.Command) -> Dict[str, Tuple[str, bool]]:
    """Each option string of a click command -> (its longest form, whether it takes a value)."""
    found: Dict[str, Tuple[str, bool]] = {}
    for param in command.params:
        if isinstance(param, click.Option):
            takes = not (param.is_flag or param.count)
            forms = list(param.opts) + list(param.secondary_opts)
            longest = max(param.opts, key=len)
            for form in forms:
                found[form] = (longest, takes)
    return found


def _is_option(text: str) -> bool:
    return text.startswith("-") and len(text) > 1 and not text[1:].isdigit()


def typed_words(line: str, lookup: Callable[[str], Optional[click.Command]]) -> List[Word]:
    """The words of ``line`` with their roles. ``lookup(name)`` gives the click command of a name (None
    for an unknown one); a group's second word is its subcommand."""
    raw = split_words(line)
    if not raw:
        return []
    text, start, end, closed = raw[0]
    words = [Word(text, start, end, "command", text, closed)]
    command = lookup(text)
    rest = raw[1:]
    if isinstance(command, click.Group) and rest:
        text, start, end, closed = rest[0]
        words.append(Word(text, start, end, "subcommand", text, closed))
        command = command.commands.get(text) if hasattr(command, "commands") else None
        rest = rest[1:]
    if command is None or isinstance(command, click.Group):
        return words + [Word(t, s, e, "extra", "", c) for t, s, e, c in rest]
    options = _options(command)
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    expecting, index, only_arguments = None, 0, False
    for text, start, end, closed in rest:
        if expecting is not None:
            words.append(Word(text, start, end, "value", expecting, closed))
            expecting = None
            continue
        if not only_arguments and text == "--":
            only_arguments = True
            words.append(Word(text, start, end, "extra", "", closed))
            continue
        if not only_arguments and _is_option(text):
            form, equals, value = text.partition("=")
            name, takes = options.get(form, (form, False))
            if equals:
                words.append(Word(value, start + len(form) + 1, end, "value", name, closed))
            else:
                words.append(Word(text, start, end, "option", name, closed))
                if takes:
                    expecting = name
            continue
        if index < len(arguments):
            argument = arguments[index]
            words.append(Word(text, start, end, "argument", argument.name, closed))
            if argument.nargs == 1:
                index += 1
        else:
            words.append(Word(text, start, end, "extra", "", closed))
    return words


def holds(word: Word) -> Optional[str]:
    """What a word holds for completion and the status line: "cards" (several cards: the knocker's, the
    defender's, melds), "card" (one: an upcard, a discard, a turn's card), "player", or None."""
    if word.role == "value":
        if word.name in ("--upcard", "--discard"):
            return "card"
        if word.name in CARD_OPTIONS:
            return "cards"
        if word.name in PLAYER_OPTIONS:
            return "player"
        return None
    if word.role == "argument":
        if word.name in CARD_ARGUMENTS:
            return CARD_ARGUMENTS[word.name]
        if word.name in PLAYER_ARGUMENTS:
            return "player"
    return None


def word_at(words: Sequence[Word], cursor: int) -> Optional[Word]:
    """The word the cursor is in or just after (None when it is on fresh space)."""
    for word in words:
        if word.start <= cursor <= word.end:
            return word
    return None


def value_of(words: Sequence[Word], option: str) -> Optional[str]:
    """The text given to an option on the line (the last one), or None."""
    found = None
    for word in words:
        if word.role == "value" and word.name == option:
            found = word.text
    return found

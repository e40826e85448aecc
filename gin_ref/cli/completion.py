"""Completion in the session (prompt_toolkit): commands, their options, player names, preset names, cards.

What a word is for comes from ``gin_ref.cli.typed`` (the click command's own options and arguments); the
candidates come from the match (its players, its hands) and the pack (the cards not typed yet on the line).
"""

from __future__ import annotations

import re
import shlex
from typing import Any, Iterable, Iterator, List, Optional, Protocol, Sequence, Set

import click
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from gin_ref.cli.typed import Word, holds, split_words, typed_words
from gin_ref.core.cards import DECK, Card, parse_cards
from gin_ref.desk.errors import GinRefError

SESSION_WORDS = ("help", "quit")
_LAST_TOKEN = re.compile(r"[^\s,;]*$")
_MARK = "\x01"  # appended to the text before the cursor: the word being typed, even an empty one


class _Played(Protocol):
    """What completion reads of the match: its players and its hands."""

    @property
    def players(self) -> List[str]: ...

    @property
    def hands(self) -> Sequence[Any]: ...


class _Session(Protocol):
    """What completion asks of the session."""

    group: click.Group

    def lookup(self, name: str) -> Optional[click.Command]: ...

    def state(self) -> Optional[_Played]: ...


class SessionCompleter(Completer):
    """Completes the word before the cursor. ``session`` gives ``lookup(name)``, ``state()`` (the Match)
    and ``group`` (the click group)."""

    def __init__(self, session: _Session, presets: Optional[List[str]] = None) -> None:
        self.session = session
        self._presets = presets

    def presets(self) -> List[str]:
        if self._presets is None:
            from gin_ref.desk.rules import presets as list_presets

            try:
                self._presets = [name for name, _ in list_presets()]
            except GinRefError:
                self._presets = []
        return self._presets

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        before = document.text_before_cursor
        words = typed_words(before + _MARK, self.session.lookup)
        word = words[-1]
        fragment = word.text[:-1]
        if word.role == "command":
            names = [n for n in self.session.group.list_commands(click.Context(self.session.group)) if n != "play"] + list(SESSION_WORDS)
            yield from _plain(names + self._players(), fragment)  # a table line starts with a player too
        elif len(words) == 2 and _is_card(words[0].text) and self.session.lookup(words[0].text) is None:
            yield from _plain(self._players(), fragment)  # a table line's player, after its upcard (9h b)
        elif word.role == "subcommand":
            group = self.session.lookup(words[0].text)
            yield from _plain(sorted(getattr(group, "commands", {})), fragment)
        elif word.role == "option" or (fragment.startswith("-") and word.role != "value"):
            yield from _plain(self._options(words), fragment)
        elif words[0].text == "help" and len(words) == 2:
            yield from _plain([n for n in self.session.group.list_commands(click.Context(self.session.group)) if n != "play"], fragment)
        else:
            yield from self._values(words, word, fragment)

    def _players(self) -> List[str]:
        match = self.session.state()
        return [shlex.quote(name) for name in match.players] if match is not None else []

    def _options(self, words: Sequence[Word]) -> List[str]:
        command = self.session.lookup(words[0].text)
        if isinstance(command, click.Group) and len(words) > 2:
            command = command.commands.get(words[1].text)
        if command is None or isinstance(command, click.Group):
            return []
        used = {w.name for w in words[:-1] if w.role in ("option", "value")}
        found: List[str] = []
        for param in command.params:
            if not isinstance(param, click.Option) or "--match" in param.opts:
                continue
            longest = max(param.opts, key=len)
            if longest in used and not param.multiple:
                continue
            found.append(longest)
        return found + ["--help"]

    def _values(self, words: Sequence[Word], word: Word, fragment: str) -> Iterator[Completion]:
        kind = holds(word)
        match = self.session.state()
        if word.role == "value" and word.name == "--rules":
            yield from _plain(self.presets(), fragment)
            return
        if word.role == "value":
            param = self._param(words[0].text, word.name)
            if param is not None and isinstance(param.type, click.Choice):
                yield from _plain(list(param.type.choices), fragment)
                return
        if kind == "player" and match is not None:
            yield from _plain([shlex.quote(name) for name in match.players], fragment)
        elif kind in ("cards", "card"):
            yield from _cards(words, word, fragment)
        elif word.role == "argument" and word.name == "hand" and match is not None:
            yield from _plain([str(n) for n in range(len(match.hands), 0, -1)], fragment)

    def _param(self, name: str, option: str) -> Optional[click.Option]:
        command = self.session.lookup(name)
        for param in getattr(command, "params", ()):
            if isinstance(param, click.Option) and option in param.opts:
                return param
        return None


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except GinRefError:
        return False
    return True


def _plain(names: Iterable[str], fragment: str) -> Iterator[Completion]:
    folded = fragment.casefold()
    for name in names:
        if name.casefold().startswith(folded) and name != fragment:
            # a whole word: the space after it is typed too, so the next word can follow at once
            yield Completion(name + " ", start_position=-len(fragment), display=name)


def _cards(words: Sequence[Word], word: Word, fragment: str) -> Iterator[Completion]:
    """The cards not yet typed on the line whose code starts as the token being typed (``10`` for tens)."""
    found = _LAST_TOKEN.search(fragment)
    token = found.group(0) if found is not None else ""
    typed: Set[Card] = set()
    texts = [other.text for other in words[:-1] if holds(other) in ("cards", "card")]
    texts.append(fragment[:len(fragment) - len(token)])
    for text in texts:
        if text:
            for piece, *_ in split_words(text.replace(",", " ").replace(";", " ")):
                try:
                    typed.update(parse_cards(piece))  # shorthand too: A-3S, 4HDC
                except GinRefError:
                    try:  # a run through the ace (Q-AS, K-2S), read as widely as any house rules read it
                        typed.update(parse_cards(piece, runs="wrap"))
                    except GinRefError:
                        pass
    upper = token.upper()
    ten = upper.startswith("1")  # "1" or "10" begins a ten written as 10
    for card in DECK:
        if card in typed:
            continue
        code = ("10" + card.code[1]) if ten and card.rank == 10 else card.code
        if code.startswith(upper) and code != upper:
            yield Completion(code, start_position=-len(token), display=f"{code} {card.pretty}")

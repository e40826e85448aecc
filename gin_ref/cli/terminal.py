"""The session on a terminal (prompt_toolkit): the prompt, completion, history and the status toolbar.

The toolbar at the bottom shows where the match stands and, while cards are typed, what they are worth
(``gin_ref.cli.status``); Tab completes (``gin_ref.cli.completion``); the arrow keys walk the history,
kept between sessions in the user's data folder (``history_path``). While the prompt waits, the file is
looked at every second: a change by another writer shows on the status line at once. Ctrl-C clears the
line, Ctrl-D on an empty line (or ``quit``) leaves.
"""

from __future__ import annotations

import os
import textwrap
import unicodedata
from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Optional, Tuple, TypeVar

import click

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.history import FileHistory

from gin_ref.cli.completion import SessionCompleter
from gin_ref.cli.errors import one_line
from gin_ref.cli.knock_args import CONFIRM
from gin_ref.cli.session import QUIT, Session
from gin_ref.cli.status import prompt_text, standing, typed_status
from gin_ref.cli.typed import split_words
from gin_ref.cli.output import say
from gin_ref.desk.acts import check_players
from gin_ref.desk.errors import N_, GinRefError, Kind, refuse, said
from gin_ref.desk.language import gettext

if TYPE_CHECKING:
    from gin_ref.desk.rules import HouseRules

HISTORY_ENV = "GIN_REF_HISTORY"
REFRESH = 1.0  # seconds between two looks at the file while the prompt waits (another writer's change)
T = TypeVar("T")
GREETING = N_("gin-ref play: type a command (help lists them, Tab completes); quit or Ctrl-D leaves")


def history_path() -> str:
    """Where the session keeps what was typed: $GIN_REF_HISTORY, else gin-ref/history in the user's data
    folder ($XDG_DATA_HOME, else ~/.local/share)."""
    explicit = os.environ.get(HISTORY_ENV)
    if explicit:
        return explicit
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "gin-ref", "history")


class _History(FileHistory):
    """A history file that cannot be read or written is left alone: the session keeps its lines in memory."""

    def load_history_strings(self) -> Iterable[str]:
        try:
            yield from super().load_history_strings()
        except (OSError, UnicodeError):
            return

    def store_string(self, string: str) -> None:
        try:
            os.makedirs(os.path.dirname(os.path.abspath(self.filename)), exist_ok=True)
            super().store_string(string)
        except OSError:
            pass


def _toolbar(prompt: "PromptSession[str]", session: Session) -> str:
    match = session.shown()
    lines = [standing(match, session.problem)]
    buffer = prompt.default_buffer
    try:
        typed = typed_status(buffer.text, buffer.cursor_position, match, session.lookup)
    except Exception:  # the status line must never break the prompt
        typed = None
    if typed:
        lines.append(typed)
    try:
        changed = session.pending()
    except Exception:
        changed = []
    if changed:
        lines.append(gettext("another writer: %(changes)s (the next entry that writes is not run)")
                     % {"changes": "; ".join(changed)})
    try:
        width = prompt.app.output.get_size().columns
    except Exception:
        width = 80
    return "\n".join(folded for line in lines for folded in _fold(line, width))


def _fold(line: str, width: int) -> List[str]:
    """A status line cut to the window's width at spaces (the toolbar does not wrap by itself)."""
    if len(line) < width or width < 20:
        return [line]
    return textwrap.wrap(line, width - 1, subsequent_indent="  ", break_on_hyphens=False)


def make_prompt(session: Session) -> "PromptSession[str]":
    """The prompt of the session: completion on Tab, the history, the status toolbar."""
    prompt: PromptSession[str] = PromptSession(history=_History(history_path()), completer=SessionCompleter(session),
                           complete_while_typing=False, enable_history_search=False,
                           refresh_interval=REFRESH)
    prompt.bottom_toolbar = lambda: _toolbar(prompt, session)
    return prompt


def ask_new_match(session: Session, rules_spec: Optional[str] = None) -> bool:
    """Ask for the rules and the players of a new match, start it with 'new'; False if the user leaves.
    Each answer is checked as soon as it is given, and a bad one asks that question again (not the first)."""
    from gin_ref.desk.rules import load_rules, presets as list_presets  # late (docs/architecture.md): yaml

    ask: PromptSession[str] = PromptSession(complete_while_typing=False)
    presets = [name for name, _ in list_presets()]
    say(gettext("no match in %(path)s yet: name the rules and the players to start one (Ctrl-D leaves)")
        % {"path": session.path})
    while True:
        try:
            if rules_spec is not None:
                rules_text, rules = rules_spec, load_rules(rules_spec)
            else:
                rules_text, rules = _answer(ask, gettext("rules [oklahoma]: "), lambda text: load_rules(text or None),
                                            completer=WordCompleter(presets))
            _, names = _answer(ask, gettext("players: "), lambda text: _players(text, rules))
            dealer = ""
            if len(names) == 2:
                dealer, _ = _answer(ask, gettext("first dealer [drawn at random]: "),
                                    lambda text: text and _players(" ".join(names), rules, dealer=text),
                                    completer=WordCompleter(names))
        except EOFError:
            return False
        args = ["new", "--match", session.path] + (["--rules", rules_text] if rules_text else []) + \
            (["--dealer", dealer] if dealer else []) + names
        code = session.dispatch(args)
        session.reread()
        if code == 0:
            return True


def _answer(ask: "PromptSession[str]", question: str, check: Callable[[str], T], **prompt: Any) -> Tuple[str, T]:
    """The answer to one question and what ``check`` makes of it; asked again (that question only) after
    Ctrl-C or an answer ``check`` refuses (its error shown). EOFError (Ctrl-D) goes to the caller."""
    while True:
        try:
            text = ask.prompt(question, **prompt).strip()
        except KeyboardInterrupt:
            continue
        try:
            return text, check(text)
        except GinRefError as exc:
            click.echo(f"Error: {one_line(said(exc))}", err=True)


def _players(text: str, rules: HouseRules, dealer: Optional[str] = None) -> List[str]:
    """The names typed for ``rules``, checked as 'new' will check them (their number, their spelling, the
    first dealer one of them)."""
    names = [word for word, *_ in split_words(text)]
    if not names:
        raise refuse(Kind.NOTATION, N_("name the players, two (or three for the three-player rules)"))
    check_players(names, rules, dealer=dealer)
    return names


# The words of a yes/no question's answer in the language settled (English's always taken too) and the
# letters its prompt shows; an empty answer is no.
YES_WORDS = N_("y, yes")
NO_WORDS = N_("n, no")
YES_NO = N_("[y/N]")


def _words(message: str) -> List[str]:
    return [_bare(word) for text in (message, gettext(message)) for word in text.split(",") if word.strip()]


def _bare(word: str) -> str:
    """A word as an answer is compared: its case and its accents left out (Slovak's 'áno' typed 'ano' on a
    keyboard without them)."""
    return "".join(c for c in unicodedata.normalize("NFD", word.strip().casefold()) if not unicodedata.combining(c))


def answer_of(text: str) -> Optional[bool]:
    """A yes/no question's answer: True for a yes word of the language (or English's), False for a no word or
    nothing, None for anything else (asked again). Case and accents do not count."""
    answer = _bare(text)
    if answer in _words(YES_WORDS):
        return True
    if not answer or answer in _words(NO_WORDS):
        return False
    return None


def _ask(question: str) -> bool:
    """Ask until the answer is yes or no (Ctrl-C, Ctrl-D or Enter: no)."""
    while True:
        try:
            answer = answer_of(PromptSession[str]().prompt(question))
        except (KeyboardInterrupt, EOFError):
            return False
        if answer is not None:
            return answer
        say(gettext("answer %(yes)s or %(no)s") % {"yes": gettext(YES_WORDS), "no": gettext(NO_WORDS)})


def ask_yes(question: str) -> bool:
    """A y/N question on the terminal, asked with the language's letters ([y/N], Slovak [a/N], Filipino
    [o/H]): True only for the language's yes (y or yes in every language; Ctrl-C,
    Ctrl-D or Enter: no; an answer that is neither yes nor no is asked again)."""
    return _ask(f"{question} {gettext(YES_NO)} ")


def confirm_illegal(question: str) -> bool:
    """On a terminal: did the knock over the limit really happen (y/N in the language's letters)? Only the
    language's yes (or y, yes) says it did; no, Enter, Ctrl-C and Ctrl-D say no: the count is taken for a
    slip; anything else is asked again."""
    return _ask(f"{question} {gettext(YES_NO)} ")


def run_terminal(session: Session) -> int:
    """The session on a terminal until quit or Ctrl-D; returns 0. A knock by a count over the limit asks
    whether it really happened (``confirm_illegal``); 'new --force' whether to replace the match (``ask_yes``)."""
    CONFIRM["ask"] = confirm_illegal
    session.confirm = ask_yes
    prompt = make_prompt(session)
    say(gettext(GREETING))
    say(standing(session.state(), session.problem))
    while True:
        try:
            line = prompt.prompt(lambda: prompt_text(session.shown()))
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        if session.entry(line) is QUIT:
            break
    return 0

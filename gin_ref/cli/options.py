"""The options and parameter types the commands share, declared once (as sqlite-utils' ``output_options``).

``--json``, ``--rules``, ``--match``, ``--upcard``, ``--melds`` and ``--discard`` read the same way in every
command, and cards are read by the parameter types below. A bad card raises the core's
``InvalidNotationError``, which the group turns into one ``Error: ...`` line (exit 2) like every other.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Optional, Sequence, Tuple

import click

from gin_ref.cli.errors import excerpt
from gin_ref.cli.helptext import N_, argument, option
from gin_ref.core.cards import DECK, Card, check_cards, parse_cards
from gin_ref.desk.errors import InvalidNotationError, Kind, refuse
from gin_ref.desk import notation
from gin_ref.desk.language import gettext
from gin_ref.desk.notation import digit_name, foreign_digit, has_digits_for, parse_melds

if TYPE_CHECKING:
    from click.decorators import FC
    from click.shell_completion import CompletionItem

    from gin_ref.desk.rules import HouseRules

    ParamType = click.ParamType[Any]  # (generic in click's types since 8.2; a plain class before)
else:
    ParamType = click.ParamType

RULES_HELP = N_("House rules: a preset name (see `gin-ref rules`) or a YAML file. Default: oklahoma.")
MATCH_HELP = N_("The match file. Default: $GIN_REF_MATCH, else match.yaml in the current folder.")
MELDS_HELP = N_('Melds the knocker declares: "AS 2S 3S | 4H 4D 4C".')


# -- completion in the shell (click's: docs/commands.md#completion-in-the-shell) ------------------------------

def complete_cards(ctx: click.Context, param: click.Parameter, incomplete: str) -> "List[CompletionItem]":
    """Card codes that start as typed (any case), leaving out the cards already given to the command."""
    given = set()
    for value in (ctx.params or {}).values():
        for item in value if isinstance(value, (list, tuple)) else [value]:
            for card in item if isinstance(item, tuple) else [item]:
                if isinstance(card, Card):
                    given.add(card)
                elif isinstance(card, str):
                    given.update(c for c in DECK if c.code == card.upper())
    typed = incomplete.upper()
    return [_completion_item(card.code, help=card.pretty) for card in DECK
            if card.code.startswith(typed) and card not in given]


def complete_rules(ctx: click.Context, param: click.Parameter, incomplete: str) -> "List[CompletionItem]":
    """Preset names that start as typed, and files (the shell lists them)."""
    from gin_ref.desk.rules import presets as list_presets

    found = [_completion_item(name, help=text) for name, text in list_presets()
             if name.startswith(incomplete.casefold())]
    return found + [_completion_item(incomplete, type="file")]


def complete_player(ctx: click.Context, param: click.Parameter, incomplete: str) -> "List[CompletionItem]":
    """The players of the match file (--match, else $GIN_REF_MATCH, else match.yaml) that start as typed."""
    from gin_ref.desk.tally import read

    path = (ctx.params or {}).get("match_path") or os.environ.get(MATCH_VAR) or DEFAULT_MATCH
    try:
        players = read(path).match.players
    except Exception:  # no match file, or one that cannot be read: nothing to offer
        return []
    return [_completion_item(name) for name in players if name.casefold().startswith(incomplete.casefold())]


def _param_name(param: Optional[click.Parameter]) -> str:
    """How the command line names a parameter: ``--defender``, or an argument's metavar (``CARDS|N``)."""
    if isinstance(param, click.Option):
        return max(param.opts, key=len)
    return param.human_readable_name if param is not None else "value"


def verify_unquoted(value: object, param: Optional[click.Parameter], one: bool = False,
                    hint: Optional[str] = None) -> None:
    """Refuse a quote inside card text or a count, naming the option (``gin_ref.desk.notation``)."""
    notation.verify_unquoted(value, _param_name(param), one, hint)


class CardType(ParamType):
    """One card, in any notation the core reads (``10h``, ``Th``, ``t♥``); ``what`` names it in errors."""

    name = "card"

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> "List[CompletionItem]":
        return complete_cards(ctx, param, incomplete)

    def __init__(self, what: str = "card") -> None:
        self.what = what

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        return notation.card_of(value, self.what, _param_name(param))


class WholeNumber(click.IntRange):
    """A whole number (a hand number, a count of rounds) in ASCII digits: click's ``int`` would also read
    ``'١'`` (an Arabic-Indic one) as 1; such a digit is refused naming it (``gin_ref.core.digits``)."""

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        if isinstance(value, str):
            char = foreign_digit(value)
            if char is not None:
                self.fail(gettext("'%(value)s': %(digit)s is not an ASCII digit: write numbers with 0-9")
                          % {"value": excerpt(value), "digit": digit_name(char)}, param, ctx)
            digits = value.strip().lstrip("+-")
            if digits.isdigit() and not has_digits_for(digits, self.max if self.max is not None else MOST_HANDS):
                self.fail(gettext("'%(value)s' has more digits than any number it can be") % {"value": excerpt(value)},
                          param, ctx)
        return super().convert(value, param, ctx)

    def _describe_range(self) -> str:
        """The range ``--help`` shows (click's own): none for a number with no bound (click would say
        ``x<=None``)."""
        return "" if self.min is None and self.max is None else super()._describe_range()


class CardsType(ParamType):
    """Some cards in one text (``"AS 2S 3S"``), as a tuple; the command checks how many (``cards_of``)."""

    name = "cards"

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> "List[CompletionItem]":
        return complete_cards(ctx, param, incomplete)

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        if isinstance(value, tuple):
            return value
        verify_unquoted(value, param)
        try:
            return parse_cards(value)
        except InvalidNotationError:
            rules = house_rules(ctx)  # run shorthand through the ace (Q-AS), where --rules allow it
            if rules is None or rules.ace_runs == "low":
                raise
            return parse_cards(value, runs=rules.ace_runs)


class CardsOrCountType(ParamType):
    """Some cards, or a count (``knock``'s CARDS|N and ``--defender``), as typed: the match reads which
    (``gin_ref.match.knocks.read_count``); a quote inside is refused here, before it can read as either."""

    name = "cards|n"

    def __init__(self, hint: str = "cards") -> None:
        self.hint = hint

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> "List[CompletionItem]":
        return complete_cards(ctx, param, incomplete)

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        verify_unquoted(value, param, hint=self.hint)
        return value


MOST_HANDS = 999_999_999  # no match has more hands: a number past it is refused in words, not read


class HandNumberType(ParamType):
    """A hand's number, 1 or more, refused in gin-ref's words (``bad hand number 'three': ...``), not
    click's range message."""

    name = "hand"

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        text = str(value).strip()
        char = foreign_digit(text)
        if char is not None:
            raise refuse(Kind.NOTATION, N_("bad hand number '%(value)s': %(digit)s is not an ASCII digit: write "
                                           "numbers with 0-9"), value=excerpt(text), digit=digit_name(char))
        if not (text.isascii() and text.isdigit()) or not has_digits_for(text, MOST_HANDS) or int(text) < 1:
            shown = repr(value) if len(text) <= 40 else f"'{excerpt(text)}'"
            raise refuse(Kind.NOTATION, N_("bad hand number %(value)s: hands are numbered 1, 2, 3..."), value=shown)
        return int(text)


HAND_NUMBER = HandNumberType()


class MeldsType(ParamType):
    """Declared melds, ``"AS 2S 3S | 4H 4D 4C"``, as a tuple of Melds (None for an empty text)."""

    name = "melds"

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        if value is None or isinstance(value, tuple):
            return value
        verify_unquoted(value, param, hint="melds")
        if str(value) == "":
            return None

        try:
            return parse_melds(value)
        except InvalidNotationError:
            rules = house_rules(ctx)  # a run through the ace (Q K A), where --rules allow it
            if rules is None or rules.aces is None:
                raise
            return parse_melds(value, rules.aces)


def house_rules(ctx: Optional[click.Context]) -> "Optional[HouseRules]":
    """The house rules a command's --rules names (read first: the option is eager), for reading cards the
    way they say; None without --rules (the default preset's aces are the standard ones)."""
    spec = ctx.params.get("rules_spec") if ctx is not None else None
    if not isinstance(spec, str):  # not given (None, or click's own mark of an unset value)
        return None
    from gin_ref.desk.rules import load_rules

    return load_rules(spec)


CARD = CardType()
CARDS = CardsType()
CARDS_OR_COUNT = CardsOrCountType()
MELDS_TEXT = CardsOrCountType("melds")  # melds as typed, for the match to read (knock, amend)
MELDS = MeldsType()


def cards_of(groups: "Iterable[Tuple[Card, ...]]", counts: Optional[Sequence[int]] = None,
             what: str = "hand") -> Tuple[Card, ...]:
    """The cards of a CARDS argument given as several words (each a tuple of cards), checked as one hand."""
    return check_cards(tuple(card for group in groups for card in group), counts, what)


def json_option(help: str = N_("Print one JSON object.")) -> "Callable[[FC], FC]":
    return option("--json", "as_json", is_flag=True, help=help)


def rules_option(help: str = RULES_HELP) -> "Callable[[FC], FC]":
    return option("--rules", "rules_spec", metavar="NAME|FILE", help=help, shell_complete=complete_rules,
                  is_eager=True)  # read before the cards: they are read the way the rules say


MATCH_VAR = "GIN_REF_MATCH"  # the match file when --match is not given
DEFAULT_MATCH = "match.yaml"  # ... nor $GIN_REF_MATCH: in the current folder


def match_file(option: "str | None" = None) -> str:
    """The match file to use: ``--match`` if given, else $GIN_REF_MATCH, else match.yaml here. An empty
    ``--match`` is refused, not taken for the default."""
    if option is not None:
        if not option:
            raise refuse(Kind.NOTATION, N_("--match needs a file name"))
        return option
    return os.environ.get(MATCH_VAR) or DEFAULT_MATCH


class FileName(ParamType):
    """A file's name as typed, taken as click's ``Path()`` takes one (refused only when a file is there that
    cannot be read), and completed as a file by the shell. Not click's ``Path`` itself, which looks its name
    up through gettext's default domain as it is made, for every command with ``--match``: under a catalogue's
    language that lookup (gettext's search, and the locale module it loads) costs a command about 1.5 M
    instructions (``benchmarks/bench_startup.py --callgrind``)."""

    name = "path"

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        if isinstance(value, str) and value and os.path.exists(value) and not os.access(value, os.R_OK):
            self.fail(gettext("{name} {filename!r} is not readable.").format(
                name=gettext("path").title(), filename=click.format_filename(value)), param, ctx)
        return value

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> "List[CompletionItem]":
        return [_completion_item(incomplete, type="file")]


FILE_NAME = FileName()


def match_option(command: "FC") -> "FC":
    return option("-m", "--match", "match_path", metavar="FILE", help=MATCH_HELP, type=FILE_NAME)(command)


def terminal_width() -> int:
    """The terminal's width: $COLUMNS when set, else the terminal's own, else 80 (a pipe, a file); at
    least 40 (MIN_COLUMNS). The columns as ``shutil.get_terminal_size`` gives them, without importing shutil
    (and its compression modules) at every start."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 80
    return max(MIN_COLUMNS, columns)


MIN_COLUMNS = 40


def _completion_item(value: str, **kwargs: Any) -> "CompletionItem":
    """click's CompletionItem; its module is loaded only when the shell asks for completions."""
    from click.shell_completion import CompletionItem

    return CompletionItem(value, **kwargs)


_WIDTH_KEY = "gin_ref.width"  # in click's ``ctx.meta``: the width of this one command's output


def output_width() -> Optional[int]:
    """The width this command's text must fit (display cells): the terminal's ($COLUMNS when set), or None
    under ``--wide``. Held by the command's own click context, never by the process: each command run
    (a session runs many) starts at the terminal's width."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and _WIDTH_KEY in ctx.meta:
        width: Optional[int] = ctx.meta[_WIDTH_KEY]
        return width
    return terminal_width()


def _set_wide(ctx: click.Context, param: click.Parameter, wide: bool) -> bool:
    ctx.meta[_WIDTH_KEY] = None if wide else terminal_width()
    return wide


def wide_option(command: "FC") -> "FC":
    """``--wide``: the full layout, however wide (default: tables fit the terminal, $COLUMNS when set)."""
    return option("--wide", is_flag=True, expose_value=False, is_eager=True, callback=_set_wide,
                  help=N_("Print tables in full, however wide (default: fit the terminal)."))(command)


def player_argument(required: bool = True) -> "Callable[[FC], FC]":
    """PLAYER: a name of the match, completed from the match file."""
    return argument("player", required=required, shell_complete=complete_player)


def upcard_option(help: str = N_("The deal's first upcard (sets the Oklahoma limit)."), required: bool = False) -> "Callable[[FC], FC]":
    return option("-u", "--upcard", type=CardType("upcard"), metavar="CARD", required=required, help=help)


def melds_option(help: str = MELDS_HELP) -> "Callable[[FC], FC]":
    return option("--melds", type=MELDS, metavar="MELDS", help=help)


def discard_option(help: str = N_("With 11 cards: the discard he names.")) -> "Callable[[FC], FC]":
    return option("--discard", type=CardType("discard"), metavar="CARD", help=help)

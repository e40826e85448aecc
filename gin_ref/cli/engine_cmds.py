"""The dispute tools: ``gin-ref check`` (was this knock legal?) and ``gin-ref score`` (what is it worth?)."""

from __future__ import annotations

import sys
from typing import IO, Any, Dict, Optional, Tuple

import click
from gin_ref.cli.helptext import N_, argument, command, option

from gin_ref.cli.jsonlines import case_fields, run_lines
from gin_ref.cli.options import (CARDS, CardsType, cards_of, discard_option, json_option, melds_option, output_width,
                                 rules_option, upcard_option, wide_option)
from gin_ref.cli.output import deadwood_text, emit_json, grid, melds_text, say, spread_lines
from gin_ref.core.cards import Card
from gin_ref.desk import engine
from gin_ref.desk.engine import Meld
from gin_ref.desk.errors import Kind, refuse
from gin_ref.desk.language import gettext
from gin_ref.views.report import check_data, refusal_data, showdown_data
from gin_ref.views.words import said


def _upcard(rules: engine.HouseRules, upcard: Optional[Card]) -> Optional[Card]:
    """The upcard given on the command line, as the rules take it (a missing one they need: a usage error)."""
    given = engine.upcard_for(rules, upcard)
    why = engine.missing_upcard(rules, given)
    if why is not None:
        raise click.UsageError(gettext("Missing option '--upcard' (the rules use it: %(why)s).") % {"why": why})
    assert given is None or isinstance(given, Card)
    return given


def _open_input(path: str) -> IO[bytes]:
    """The ``--input`` stream (``-``: stdin); a file that cannot be opened is bad input (exit 2), said as a
    rules file's is."""
    try:
        return click.open_file(path, "rb")
    except OSError as exc:
        why = gettext("no such file") if isinstance(exc, FileNotFoundError) else (exc.strerror or str(exc)).lower()
        raise refuse(Kind.NOTATION, N_("cannot read input file '%(path)s': %(why)s"), path=path, why=why) from None


@command("check")
@rules_option()
@upcard_option(N_("The deal's first upcard, where the rules use it (knock_limit: upcard, a spade double); none "
               "under deal: eleven."))
@melds_option()
@discard_option()
@json_option()
@option("--input", "input_path", metavar="FILE",
        help=N_('JSON Lines of cases ({"upcard": ..., "hand": ...}); - for stdin. One JSON line answers each.'))
@argument("cards", nargs=-1, type=CARDS)
def check_cmd(rules_spec: Optional[str], upcard: Optional[Card], melds: Optional[Tuple[Meld, ...]], discard: Optional[Card],
              as_json: bool, input_path: Optional[str], cards: Tuple[Tuple[Card, ...], ...]) -> None:
    """Was this knock legal? CARDS are the 10 cards kept, or 11 after the draw.

    With 11 cards the best discard is found (or give --discard). Prints the limit and why, the melds, the
    deadwood and the verdict. Exit 0 legal (gin included), 1 not legal, 2 bad input.

    \b
    Example:
      gin-ref check --upcard 7D AS 2S 3S 4H 4D 4C 7C 8C 9C 5D
      gin-ref check --upcard kh "10h jh qh 5s 5d 5c 2c 3c 4c 9d 9s"
    """
    rules = engine.load_rules(rules_spec)
    if input_path is not None:
        if cards or upcard:
            raise click.UsageError(gettext("give cases either with --input or on the command line, not both"))

        def answer(case: Dict[str, Any]) -> Tuple[object, int]:
            upcard, hand, melds, discard = case_fields(case, ("upcard", "hand", "melds", "discard"),
                                                       engine.upcard_keys(rules) + ("hand",))
            result = engine.judge(rules, upcard, hand, melds, discard)
            return check_data(result), 0 if result.legal else 1

        with _open_input(input_path) as stream:
            sys.exit(run_lines(stream, answer))
    result = engine.check(cards_of(cards, (10, 11)), rules, _upcard(rules, upcard), melds, discard)
    if as_json:
        emit_json(check_data(result))
    else:
        say(_check_text(result))
    sys.exit(0 if result.legal else 1)


def _check_text(result: engine.KnockCheck) -> str:
    melding = result.melding
    rows = [
        (gettext("limit"), f"{result.limit} ({said(result.said_reason)})"),
        (gettext("melds"), melds_text(melding.melds)),
        (gettext("deadwood"), deadwood_text(melding)),
    ]
    if melding.discard is not None:
        rows.append((gettext("discard"), melding.discard.pretty))
    rows.append((gettext("verdict"), said(result.verdict_said)))
    return grid(rows)


@command("score")
@wide_option
@rules_option()
@upcard_option(N_("The deal's first upcard, where the rules use it (knock_limit: upcard, a spade double); none "
               "under deal: eleven."))
@option("--knocker", type=CardsType(), metavar="CARDS", help=N_("The knocker's 10 cards (or 11 after his draw)."))
@option("--defender", type=CardsType(), metavar="CARDS", help=N_("The defender's 10 cards."))
@melds_option()
@discard_option(N_("With 11 knocker cards: the discard he names."))
@json_option()
@option("--input", "input_path", metavar="FILE",
        help=N_('JSON Lines of cases ({"upcard", "knocker", "defender", "melds"}); - for stdin.'))
def score_cmd(rules_spec: Optional[str], upcard: Optional[Card], knocker: Optional[Tuple[Card, ...]],
              defender: Optional[Tuple[Card, ...]], melds: Optional[Tuple[Meld, ...]], discard: Optional[Card], as_json: bool,
              input_path: Optional[str]) -> None:
    """What is this hand worth? Both spreads, every layoff and the score with its arithmetic.

    Exit 0 scored, 1 the knock is not legal (with the reason; with --json, an object with "legal": false),
    2 bad input.

    \b
    Example:
      gin-ref score --upcard 7D --knocker "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D" \\
                    --defender "KH QD JS 9H 6D 3H 6S TD 5C 2H"
    """
    rules = engine.load_rules(rules_spec)
    if input_path is not None:
        if upcard or knocker or defender:
            raise click.UsageError(gettext("give cases either with --input or on the command line, not both"))

        def answer(case: Dict[str, Any]) -> Tuple[object, int]:
            upcard, knocker, defender, melds, discard = case_fields(
                case, ("upcard", "knocker", "defender", "melds", "discard"),
                engine.upcard_keys(rules) + ("knocker", "defender"))
            return showdown_data(engine.showdown(rules, upcard, knocker, defender, melds, discard)), 0

        with _open_input(input_path) as stream:
            sys.exit(run_lines(stream, answer))
    card = _upcard(rules, upcard)
    if knocker is None or defender is None:
        raise click.UsageError(gettext("Missing option '%(option)s'.") % {
            "option": "--knocker" if knocker is None else "--defender"})
    knocker_cards, defender_cards = engine.read_pair(knocker, defender)
    if as_json:
        check = engine.check(knocker_cards, rules, card, melds, discard)
        if not check.legal:  # the refusal as data, as check --json gives it (exit 1)
            emit_json(refusal_data(check))
            sys.exit(1)
    result = engine.score(rules, card, knocker_cards, defender_cards, melds, discard)
    if as_json:
        emit_json(showdown_data(result))
    else:
        say(showdown_text(result))


def showdown_text(result: engine.Showdown) -> str:
    """Both spreads, the layoffs and the score, for people at the table."""
    knock = result.knock
    values = {"limit": knock.limit, "reason": said(knock.said_reason)}
    if result.upcard is not None:
        lines = [gettext("upcard %(upcard)s, knock limit %(limit)s (%(reason)s)") % dict(values, upcard=result.upcard.pretty)]
    else:
        lines = [gettext("knock limit %(limit)s (%(reason)s)") % values]
    lines.extend(spread_lines(result, width=output_width()))
    lines.append(gettext("score: %(arithmetic)s") % {"arithmetic": said(result.score.arithmetic_said)})
    return "\n".join(lines)

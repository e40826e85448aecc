"""The dispute tools: ``gin-ref check`` (was this knock legal?) and ``gin-ref score`` (what is it worth?)."""

import sys

import click

from gin_ref.cli.options import (CARDS, CardsType, CardType, cards_of, discard_option, json_option, melds_option,
                                 output_width, rules_option, upcard_option, wide_option)
from gin_ref.cli.jsonlines import case_fields, run_lines
from gin_ref.cli.output import deadwood_text, emit_json, grid, melds_text, say, spread_lines
from gin_ref.core.cards import card_named, parse_cards
from gin_ref.desk.errors import InvalidNotationError
from gin_ref.core.knock import check_knock
from gin_ref.core.melds import parse_melds
from gin_ref.core.scoring import read_hands, settle
from gin_ref.match.knocks import limit_needs_upcard, no_upcard_words, why_upcard
from gin_ref.views.report import check_data, refusal_data, showdown_data


def _load_rules(spec):
    from gin_ref.files.rulesfile import load_rules

    return load_rules(spec)


_CARD_TYPES = {"upcard": CardType("upcard"), "discard": CardType("discard")}


def _card(text, what):
    if isinstance(text, str):
        card = card_named(text)  # the usual case: a card's name, nothing to refuse
        if card is not None:
            return card
    return _CARD_TYPES[what].convert(text, None, None)


def _optional_melds(text, rules):
    return None if text is None or text == "" else parse_melds(text, rules.aces)


def _upcard_for(rules, upcard):
    """The upcard as the rules take it: refused under the eleven-card deal (which turns none, in the words
    of ``deal``); None when the rules do not use it and none is given (a fixed knock limit, no spade double).
    A case that the rules need an upcard for and that has none is refused by the caller."""
    if upcard not in (None, "") and rules.deal == "eleven":
        raise InvalidNotationError(no_upcard_words(rules))
    return None if upcard in (None, "") else upcard


def _upcard_needed(rules):
    """The keys a case of ``--input`` must hold beside the cards: the upcard where the rules use it."""
    return ("upcard",) if limit_needs_upcard(rules) else ()


def _missing_upcard(rules):
    return click.UsageError(f"Missing option '--upcard' (the rules use it: {why_upcard(rules)}).")


def judge(rules, upcard, hand, melds=None, discard=None):
    """One ``check`` case from raw values: returns the KnockCheck."""
    upcard = _upcard_for(rules, upcard)
    upcard_card = _card(upcard, "upcard") if upcard is not None else None
    cards = parse_cards(hand, counts=(10, 11), what="hand", runs=rules.ace_runs)
    discard_card = _card(discard, "discard") if discard is not None else None
    return check_knock(cards, rules, upcard_card, _optional_melds(melds, rules), discard_card)


def showdown(rules, upcard, knocker, defender, melds=None, discard=None):
    """One ``score`` case from raw values: returns the Showdown (raises for an illegal knock)."""
    upcard = _upcard_for(rules, upcard)
    upcard_card = _card(upcard, "upcard") if upcard is not None else None
    discard_card = _card(discard, "discard") if discard is not None else None
    return settle(rules, upcard_card, knocker, defender, _optional_melds(melds, rules), discard_card)


def _open_input(path):
    """The ``--input`` stream (``-``: stdin); a file that cannot be opened is bad input (exit 2), said as a
    rules file's is."""
    try:
        return click.open_file(path, "rb")
    except OSError as exc:
        why = "no such file" if isinstance(exc, FileNotFoundError) else (exc.strerror or str(exc)).lower()
        raise InvalidNotationError(f"cannot read input file '{path}': {why}") from None


@click.command("check")
@rules_option()
@upcard_option("The deal's first upcard, where the rules use it (knock_limit: upcard, a spade double); none "
               "under deal: eleven.")
@melds_option()
@discard_option()
@json_option()
@click.option("--input", "input_path", metavar="FILE",
              help='JSON Lines of cases ({"upcard": ..., "hand": ...}); - for stdin. One JSON line answers each.')
@click.argument("cards", nargs=-1, type=CARDS)
def check_cmd(rules_spec, upcard, melds, discard, as_json, input_path, cards):
    """Was this knock legal? CARDS are the 10 cards kept, or 11 after the draw.

    With 11 cards the best discard is found (or give --discard). Prints the limit and why, the melds, the
    deadwood and the verdict. Exit 0 legal (gin included), 1 not legal, 2 bad input.

    \b
    Example:
      gin-ref check --upcard 7D AS 2S 3S 4H 4D 4C 7C 8C 9C 5D
      gin-ref check --upcard kh "10h jh qh 5s 5d 5c 2c 3c 4c 9d 9s"
    """
    rules = _load_rules(rules_spec)
    if input_path is not None:
        if cards or upcard:
            raise click.UsageError("give cases either with --input or on the command line, not both")

        def answer(case):
            upcard, hand, melds, discard = case_fields(case, ("upcard", "hand", "melds", "discard"),
                                                       _upcard_needed(rules) + ("hand",))
            result = judge(rules, upcard, hand, melds, discard)
            return check_data(result), 0 if result.legal else 1

        with _open_input(input_path) as stream:
            sys.exit(run_lines(stream, answer))
    upcard = _upcard_for(rules, upcard)
    if upcard is None and limit_needs_upcard(rules):
        raise _missing_upcard(rules)
    result = check_knock(cards_of(cards, (10, 11)), rules, upcard, melds, discard)
    if as_json:
        emit_json(check_data(result))
    else:
        say(_check_text(result))
    sys.exit(0 if result.legal else 1)


def _check_text(result):
    melding = result.melding
    rows = [
        ("limit", f"{result.limit} ({result.reason})"),
        ("melds", melds_text(melding.melds)),
        ("deadwood", deadwood_text(melding)),
    ]
    if melding.discard is not None:
        rows.append(("discard", melding.discard.pretty))
    rows.append(("verdict", result.verdict))
    return grid(rows)


@click.command("score")
@wide_option
@rules_option()
@upcard_option("The deal's first upcard, where the rules use it (knock_limit: upcard, a spade double); none "
               "under deal: eleven.")
@click.option("--knocker", type=CardsType(), metavar="CARDS", help="The knocker's 10 cards (or 11 after his draw).")
@click.option("--defender", type=CardsType(), metavar="CARDS", help="The defender's 10 cards.")
@melds_option()
@discard_option("With 11 knocker cards: the discard he names.")
@json_option()
@click.option("--input", "input_path", metavar="FILE",
              help='JSON Lines of cases ({"upcard", "knocker", "defender", "melds"}); - for stdin.')
def score_cmd(rules_spec, upcard, knocker, defender, melds, discard, as_json, input_path):
    """What is this hand worth? Both spreads, every layoff and the score with its arithmetic.

    Exit 0 scored, 1 the knock is not legal (with the reason; with --json, an object with "legal": false),
    2 bad input.

    \b
    Example:
      gin-ref score --upcard 7D --knocker "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D" \\
                    --defender "KH QD JS 9H 6D 3H 6S TD 5C 2H"
    """
    rules = _load_rules(rules_spec)
    if input_path is not None:
        if upcard or knocker or defender:
            raise click.UsageError("give cases either with --input or on the command line, not both")

        def answer(case):
            upcard, knocker, defender, melds, discard = case_fields(
                case, ("upcard", "knocker", "defender", "melds", "discard"),
                _upcard_needed(rules) + ("knocker", "defender"))
            result = showdown(rules, upcard, knocker, defender, melds, discard)
            return showdown_data(result), 0

        with _open_input(input_path) as stream:
            sys.exit(run_lines(stream, answer))
    upcard = _upcard_for(rules, upcard)
    if upcard is None and limit_needs_upcard(rules):
        raise _missing_upcard(rules)
    for name, value in (("--knocker", knocker), ("--defender", defender)):
        if value is None:
            raise click.UsageError(f"Missing option '{name}'.")
    knocker_cards, defender_cards = read_hands(cards_of([knocker], (10, 11), "knocker's hand"),
                                               cards_of([defender], what="defender's hand"))
    if as_json:
        check = check_knock(knocker_cards, rules, upcard, melds, discard)
        if not check.legal:  # the refusal as data, as check --json gives it (exit 1)
            emit_json(refusal_data(check))
            sys.exit(1)
    result = settle(rules, upcard, knocker_cards, defender_cards, melds, discard)
    if as_json:
        emit_json(showdown_data(result))
    else:
        say(showdown_text(result))


def showdown_text(result):
    """Both spreads, the layoffs and the score, for people at the table."""
    knock = result.knock
    upcard = f"upcard {result.upcard.pretty}, " if result.upcard is not None else ""
    lines = [f"{upcard}knock limit {knock.limit} ({knock.reason})"]
    lines.extend(spread_lines(result, width=output_width()))
    lines.append(f"score: {result.score.arithmetic}")
    return "\n".join(lines)

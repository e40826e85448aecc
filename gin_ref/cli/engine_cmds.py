"""The dispute tools: ``gin-ref check`` (was this knock legal?) and ``gin-ref score`` (what is it worth?)."""

import json
import sys

import click

from gin_ref.cli import inputlines
from gin_ref.cli.options import (CARDS, CardsType, CardType, cards_of, discard_option, json_option, melds_option,
                                 rules_option, upcard_option)
from gin_ref.cli.output import deadwood_text, emit_json, melds_text, spread_lines, table
from gin_ref.core.cards import parse_cards
from gin_ref.core.errors import GinRefError, InvalidNotationError
from gin_ref.core.knock import check_knock
from gin_ref.core.melds import parse_melds
from gin_ref.core.scoring import settle
from gin_ref.views.report import check_data, showdown_data


def _load_rules(spec):
    from gin_ref.files.rulesfile import load_rules

    return load_rules(spec)


def _card(text, what):
    return CardType(what).convert(text, None, None)


def _optional_melds(text):
    return None if text is None or text == "" else parse_melds(text)


def judge(rules, upcard, hand, melds=None, discard=None):
    """One ``check`` case from raw values: returns the KnockCheck."""
    upcard_card = _card(upcard, "upcard")
    cards = parse_cards(hand, counts=(10, 11), what="hand")
    discard_card = _card(discard, "discard") if discard is not None else None
    return check_knock(cards, rules, upcard_card, _optional_melds(melds), discard_card)


def showdown(rules, upcard, knocker, defender, melds=None, discard=None):
    """One ``score`` case from raw values: returns the Showdown (raises for an illegal knock)."""
    upcard_card = _card(upcard, "upcard")
    discard_card = _card(discard, "discard") if discard is not None else None
    return settle(rules, upcard_card, knocker, defender, _optional_melds(melds), discard_card)


def _run_lines(stream, answer):
    """Answer each JSON line of ``stream`` (bytes) with one JSON line; returns the worst exit code.

    ``answer(case)`` returns (data, exit code) or raises GinRefError; a bad line is answered with
    ``{"line": N, "error": "..."}`` and the rest go on. Blank lines are skipped but counted.
    """
    worst = 0
    out = sys.stdout
    for number, raw, error in inputlines.lines(stream):
        if raw is not None and not raw.strip():
            continue
        try:
            if error is not None:
                raise error
            data, code = answer(_read_case(raw))
        except GinRefError as exc:
            data, code = {"line": number, "error": str(exc)}, exc.exit_code
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
        worst = max(worst, code)
    return worst


def _read_case(raw):
    """One JSON Lines case as a dict, or InvalidNotationError saying what is wrong with the line."""
    try:
        case = json.loads(raw.decode("utf-8"), object_pairs_hook=_no_repeats)
    except UnicodeDecodeError:
        raise InvalidNotationError("not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise InvalidNotationError(f"not JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise InvalidNotationError("not a case: nested too deeply") from None
    except InvalidNotationError:  # a key given twice
        if inputlines.may_hold_surrogates(raw):
            inputlines.check_text(json.loads(raw.decode("utf-8")))
        raise
    except ValueError:  # an integer of more than 4,300 digits
        raise InvalidNotationError("not a case: a number too long to read") from None
    if inputlines.may_hold_surrogates(raw):
        try:
            inputlines.check_text(case)
        except RecursionError:
            raise InvalidNotationError("not a case: nested too deeply") from None
    if not isinstance(case, dict):
        raise InvalidNotationError("a case must be a JSON object")
    return case


def _no_repeats(pairs):
    keys = [key for key, _ in pairs]
    for key in keys:
        if keys.count(key) > 1:
            raise InvalidNotationError(f"key '{key}' given twice")
    return dict(pairs)


def _fields(case, known, required):
    """The case's values by key, refusing unknown keys, missing required ones and values of the wrong type.

    Cards are text (``"AS 2S"``) or a list of card texts; melds are text or a list of card lists.
    """
    extra = sorted(set(case) - set(known))
    if extra:
        raise InvalidNotationError(f"unknown key '{extra[0]}' (expected {', '.join(known)})")
    for key in required:
        if case.get(key) in (None, ""):
            raise InvalidNotationError(f"missing '{key}'")
    for key, value in case.items():
        if value is None or isinstance(value, str):
            continue
        if key != "melds" and isinstance(value, list) and all(isinstance(v, str) for v in value):
            continue
        if key == "melds" and isinstance(value, list) and all(
                isinstance(m, str) or (isinstance(m, list) and all(isinstance(v, str) for v in m)) for m in value):
            continue
        raise InvalidNotationError(f"'{key}' must be text or a list of cards, not {type(value).__name__}")
    return [case.get(key) for key in known]


def _open_input(path):
    return click.open_file(path, "rb")


@click.command("check")
@rules_option()
@upcard_option()
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
            upcard, hand, melds, discard = _fields(case, ("upcard", "hand", "melds", "discard"), ("upcard", "hand"))
            result = judge(rules, upcard, hand, melds, discard)
            return check_data(result), 0 if result.legal else 1

        with _open_input(input_path) as stream:
            sys.exit(_run_lines(stream, answer))
    if upcard is None:
        raise click.UsageError("Missing option '--upcard'.")
    result = check_knock(cards_of(cards, (10, 11)), rules, upcard, melds, discard)
    if as_json:
        emit_json(check_data(result))
    else:
        click.echo(_check_text(result))
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
    return table(rows)


@click.command("score")
@rules_option()
@upcard_option("The deal's first upcard.")
@click.option("--knocker", type=CardsType(), metavar="CARDS", help="The knocker's 10 cards (or 11 after his draw).")
@click.option("--defender", type=CardsType(), metavar="CARDS", help="The defender's 10 cards.")
@melds_option()
@discard_option("With 11 knocker cards: the discard he names.")
@json_option()
@click.option("--input", "input_path", metavar="FILE",
              help='JSON Lines of cases ({"upcard", "knocker", "defender", "melds"}); - for stdin.')
def score_cmd(rules_spec, upcard, knocker, defender, melds, discard, as_json, input_path):
    """What is this hand worth? Both spreads, every layoff and the score with its arithmetic.

    Exit 0 scored, 1 the knock is not legal (with the reason), 2 bad input.

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
            upcard, knocker, defender, melds, discard = _fields(
                case, ("upcard", "knocker", "defender", "melds", "discard"), ("upcard", "knocker", "defender"))
            result = showdown(rules, upcard, knocker, defender, melds, discard)
            return showdown_data(result), 0

        with _open_input(input_path) as stream:
            sys.exit(_run_lines(stream, answer))
    for name, value in (("--upcard", upcard), ("--knocker", knocker), ("--defender", defender)):
        if value is None:
            raise click.UsageError(f"Missing option '{name}'.")
    result = settle(rules, upcard, cards_of([knocker], (10, 11), "knocker's hand"),
                    cards_of([defender], what="defender's hand"), melds, discard)
    if as_json:
        emit_json(showdown_data(result))
    else:
        click.echo(showdown_text(result))


def showdown_text(result):
    """Both spreads, the layoffs and the score, for people at the table."""
    knock = result.knock
    lines = [f"upcard {result.upcard.pretty}, knock limit {knock.limit} ({knock.reason})"]
    lines.extend(spread_lines(result))
    lines.append(f"score: {result.score.arithmetic}")
    return "\n".join(lines)

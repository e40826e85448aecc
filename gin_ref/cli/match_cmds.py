"""Recording a match at the table: ``new``, ``deal``, ``knock``, ``dead``, ``undo``, ``tally``, ``verify``.

Each command is a thin wrapper: it reads the match file (``gin_ref.files.matchfile``), makes one call on the
``Match`` (``gin_ref.match.model``) and prints what happened (``gin_ref.views.tally_text``). A command that is refused
changes nothing in the file; the exceptions are an illegal knock, a knock out of turn and a deal by the
wrong dealer, which are refused *and* kept in the record as irregularities.
"""

import datetime
import sys
from contextlib import contextmanager

import click

from gin_ref.files import matchfile as record
from gin_ref.core.cards import Card
from gin_ref.views import tally_text as tally_view
from gin_ref.cli.errors import warn
from gin_ref.cli.output import emit_json
from gin_ref.core.errors import IllegalActionError, InvalidNotationError, OutOfTurnError

MATCH_HELP = f"The match file. Default: ${record.ENV_VAR}, else {record.DEFAULT_FILE} in this folder."


def match_option(command):
    return click.option("--match", "match_path", metavar="FILE", help=MATCH_HELP)(command)


@contextmanager
def kept_refusals():
    """An action refused *and* kept in the record (out of turn, wrong dealer) ends in one Error line that
    says it was recorded; the record adapter has written it."""
    try:
        yield
    except OutOfTurnError as exc:
        item = exc.irregularity
        if item is None:
            raise
        turn = f", turn {item['turn']}" if "turn" in item else ""
        raise IllegalActionError(f"{exc}. Recorded as an irregularity (hand {exc.hand}{turn})") from None


@click.command("new")
@match_option
@click.option("--rules", "rules_spec", metavar="NAME|FILE",
              help="House rules: a preset (see `gin-ref rules`) or a YAML file. Default: oklahoma.")
@click.option("--dealer", metavar="NAME", help="Two players: who deals first. Default: drawn at random.")
@click.option("--draw", multiple=True, metavar="NAME=CARD",
              help="Three players: the card each drew (highest in the box, middle captain, lowest sits).")
@click.option("--box", metavar="NAME", help="Three players: who starts in the box (with --captain).")
@click.option("--captain", metavar="NAME", help="Three players: who starts as captain (with --box).")
@click.option("--date", "date_text", metavar="YYYY-MM-DD", help="The match's date. Default: today.")
@click.option("--force", is_flag=True, help="Start over in FILE even if it holds a match.")
@click.argument("players", nargs=-1, required=True, metavar="PLAYER...")
def new_cmd(match_path, rules_spec, dealer, draw, box, captain, date_text, force, players):
    """Start a match: the players, the house rules, who deals first (or the roles, for three).

    The rules are copied into the match file, so the record stays true if a club's rules file changes.
    An existing match file is never replaced without --force.

    \b
    Example:
      gin-ref new Ann Ben                      (the first dealer is drawn at random)
      gin-ref new --rules classic --dealer Ann Ann Ben
      gin-ref new --rules three-player --draw Ann=KS --draw Ben=7H --draw Cid=2D Ann Ben Cid
    """
    from gin_ref.files.rulesfile import load_rules
    from gin_ref.match.model import Match

    path = record.match_file(match_path)
    for name in players:
        _check_text(name, "player name")
    if rules_spec is not None:
        _check_text(rules_spec, "rules file name")
    rules = load_rules(rules_spec)
    match = Match.new(list(players), rules, _date(date_text), dealer=dealer, box=box, captain=captain,
                      draw=list(draw) or None)
    record.create(path, match, force)
    click.echo(tally_view.start_text(match, path))


def _check_text(value, what):
    """Refuse a name that is not valid text: bytes that are not UTF-8 reach Python as lone surrogates, and the
    match file (UTF-8) could not hold them."""
    if any("\ud800" <= char <= "\udfff" for char in value):
        raise InvalidNotationError(f"{what} '{value}' is not valid UTF-8 text: use another name")


def _date(text):
    if text is None:
        return datetime.date.today().isoformat()
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise InvalidNotationError(f"bad date '{text}': write YYYY-MM-DD") from None


@click.command("deal")
@match_option
@click.option("--upcard", required=True, metavar="CARD", help="The card turned up after the deal.")
@click.option("--dealer", metavar="NAME", help="Who deals (checked against the rules' choice).")
def deal_cmd(match_path, upcard, dealer):
    """Start the next hand: the upcard, and the knock limit it sets.

    The dealer is the one the rules name (next_dealer; the same dealer after a dead hand; the box player
    with three). Naming another is refused with who should deal, and kept in the record as an
    irregularity.

    \b
    Example:  gin-ref deal --upcard 7D
              gin-ref deal --upcard KS --dealer Ben
    """
    card = Card.parse(upcard)
    with kept_refusals(), record.updating(record.match_file(match_path)) as rec:
        entry = rec.match.deal(card, dealer)
    click.echo(tally_view.deal_text(rec.match, entry))


@click.command("knock")
@match_option
@click.option("--defender", "defender_cards", required=True, metavar="CARDS", help="The defender's 10 cards.")
@click.option("--melds", metavar="MELDS", help='Melds the knocker declares: "AS 2S 3S | 4H 4D 4C".')
@click.option("--discard", metavar="CARD", help="With 11 cards: the discard he names.")
@click.argument("player")
@click.argument("cards", nargs=-1, required=True)
def knock_cmd(match_path, defender_cards, melds, discard, player, cards):
    """Settle the open hand: PLAYER knocks with CARDS (10 kept, or 11 before his discard).

    Prints both spreads, the layoffs, the score with its arithmetic, the totals and who deals next. An
    illegal knock is refused with the reason (exit 1) and kept in the record as an irregularity; the hand
    stays open, and no score changes unless the house rules set a penalty.

    In a hand recorded turn by turn (take, pass, draw, discard) the knock comes from the player to move,
    after his draw (a knock out of turn is refused and kept as an irregularity); he spreads the 11 cards
    he holds (or the 10 he keeps and --discard), and both spreads must fit what was taken and discarded.

    \b
    Example:
      gin-ref knock Ben AS 2S 3S 4H 4D 4C 7C 8C 9C 5D --defender "KH QD JS 9H 6D 3H 6S TD 5C 2H"
    """
    with kept_refusals(), record.updating(record.match_file(match_path)) as rec:
        outcome = rec.match.knock(player, list(cards), defender_cards, melds, discard)
    if outcome.refused:
        item = outcome.irregularity
        penalty = f"; {item['points']} penalty points to {outcome.defender}" if item["points"] else ""
        raise IllegalActionError(f"{item['detail']}. Recorded as an irregularity{penalty}; "
                                 f"hand {outcome.number} stays open")
    click.echo(tally_view.knock_text(rec.match, outcome))


@click.command("dead")
@match_option
def dead_cmd(match_path):
    """End the open hand with no score: the stock ran down to its last cards.

    The same dealer deals the next hand (with three players, the roles stay). A hand recorded turn by turn
    ends dead by itself, at the discard that leaves the last cards in the stock.

    \b
    Example:  gin-ref dead
    """
    with record.updating(record.match_file(match_path)) as rec:
        entry = rec.match.dead()
    match = rec.match
    click.echo(f"hand {entry['number']} is dead: no score")
    click.echo("\n".join(tally_view.standing_lines(match)))


@click.command("undo")
@match_option
def undo_cmd(match_path):
    """Take back the last step: a hand's result (the hand opens again), a turn, a refused knock or another
    irregularity, or a deal. A hand that ended dead by itself opens again without the discard that ended it.

    What is taken back is kept in the file under 'corrections'; nothing is lost.

    \b
    Example:  gin-ref undo
    """
    with record.updating(record.match_file(match_path)) as rec:
        correction = rec.match.undo(record.now())
    click.echo(f"took back {correction['undone']}")
    click.echo("\n".join(tally_view.standing_lines(rec.match)))


@click.command("tally")
@match_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (see the README for its fields).")
def tally_cmd(match_path, as_json):
    """Where the match stands: every hand with the running totals, who deals next, and once it is over
    the winner and the final score with every bonus.

    \b
    Example:  gin-ref tally
              gin-ref tally --match examples/oklahoma.yaml --json
    """
    path = record.match_file(match_path)
    rec = record.load(path)
    if as_json:
        emit_json(rec.match.tally())
    else:
        click.echo(tally_view.tally_text(rec.match, path))


@click.command("verify")
@match_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: each file and its problems.")
@click.argument("files", nargs=-1, metavar="[FILE]...")
def verify_cmd(match_path, as_json, files):
    """Replay match records through the engine and report every problem as FILE:LINE: message.

    Checks each hand's limit, result, winner, points and running totals against its cards, the dealer
    (or roles) of every hand, the turns of a hand recorded turn by turn, every irregularity, the end of
    the match, and the file's own form. Exit 0 when every file is sound, 1 otherwise. A sound file's
    irregularities (illegal knocks, actions out of turn, deals by the wrong dealer) are history, not
    problems: they are listed under its "ok" line. Default FILE: the match file (--match, ${}, else
    match.yaml).

    \b
    Example:  gin-ref verify examples/*.yaml
    """
    files = files + ((record.match_file(match_path),) if match_path is not None else ()) or (record.match_file(),)
    report, bad = [], False
    for path in files:
        problems, match = record.check(path)
        bad = bad or bool(problems)
        data = match.record if match is not None else None
        hands = len(data["hands"]) if isinstance(data, dict) and isinstance(data.get("hands"), list) else None
        report.append({"file": path, "ok": not problems, "hands": hands,
                       "problems": [{"line": line, "message": message} for line, message in problems],
                       "irregularities": [{key: item[key] for key in ("line", "hand", "kind", "player", "detail")}
                                          for item in _irregularities(data)]})
        if as_json:
            continue
        for line, message in problems:
            warn(f"{path}:{line}: {message}")
        if not problems:
            kept = _irregularities(data)
            recorded = f", {len(kept)} irregularit{'ies' if len(kept) != 1 else 'y'} recorded" if kept else ""
            click.echo(f"{path}: ok, {hands} hand{'s' if hands != 1 else ''}" + _over(match) + recorded)
            for item in kept:
                click.echo(f"  line {item['line']}, {item['text']}")
    if as_json:
        emit_json({"ok": not bad, "files": report})
    sys.exit(1 if bad else 0)


def _irregularities(data):
    """Every irregularity recorded, in file order: line, hand, kind, player, detail and the words for it."""
    from gin_ref.files import yamlread as yamltext

    found = []
    if not isinstance(data, dict):
        return found
    hands = data.get("hands") if isinstance(data.get("hands"), list) else []
    places = [(("hands", i, "irregularities", j), entry.get("number"), item)
              for i, entry in enumerate(hands)
              if isinstance(entry, dict) and isinstance(entry.get("irregularities"), list)
              for j, item in enumerate(entry["irregularities"])]
    kept = data.get("irregularities")
    places += [(("irregularities", j), item.get("hand") if isinstance(item, dict) else None, item)
               for j, item in enumerate(kept if isinstance(kept, list) else [])]
    for where, hand, item in places:
        if not isinstance(item, dict):
            continue
        found.append({"line": yamltext.line_of(data, where), "hand": hand, "kind": item.get("kind"),
                      "player": item.get("player"), "detail": item.get("detail"),
                      "text": tally_view.irregularity_note(hand, item)})
    return sorted(found, key=lambda item: item["line"])


def _over(match):
    return f", over: {match.outcome()}" if match.finished else ""


verify_cmd.help = verify_cmd.help.replace("${}", "$" + record.ENV_VAR)

"""Recording a match at the table: ``new``, ``deal``, ``knock``, ``dead``, ``undo``.

Each command is a thin wrapper: it reads the match file (``gin_ref.files.matchfile``), makes one call on the
``Match`` (``gin_ref.match.model``) and prints what happened (``gin_ref.views.hand_text``). A command that is refused
changes nothing in the file; the exceptions are an illegal knock, an act out of turn and a deal by the wrong
dealer, which are refused *and* kept in the record as irregularities: the action's outcome carries the
refusal, the file is written, and ``refuse_kept`` turns it into one Error line (exit 1).
"""

import datetime

import click

from gin_ref.files import matchfile, store
from gin_ref.views import hand_text
from gin_ref.views import standing
from gin_ref.views import tally_text
from gin_ref.cli.errors import shown_name
from gin_ref.views import step_words
from gin_ref.cli.options import (CARDS_OR_COUNT, MELDS_TEXT, complete_player, discard_option,
                                 match_option, output_width, player_argument, rules_option, upcard_option,
                                 wide_option)
from gin_ref.cli.output import say
from gin_ref.core.errors import CountOverLimitError, IllegalActionError, InvalidNotationError
from gin_ref.cli.knock_args import CONFIRM, defender_count, defender_unquoted

UPCARD_HELP = ("The card turned up after the deal; may be left out where the knock limit does not depend on it "
               "(knock_limit a number, no spade_double).")


def refuse_kept(match, outcome, dealt=False):
    """An act refused *and* kept in the record (written by now) ends in one Error line saying so (``dealt``:
    the same command dealt the hand)."""
    if outcome.refused:
        raise IllegalActionError(step_words.refusal_words(match.state, outcome, dealt))


@click.command("new")
@match_option
@rules_option()
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
      gin-ref new Ann Ben                  (the first dealer is drawn at random)
      gin-ref new --rules classic --dealer Ann Ann Ben
      gin-ref new --rules three-player --draw Ann=KS --draw Ben=7H
                  --draw Cid=2D Ann Ben Cid
    """
    from gin_ref.files.rulesfile import load_rules

    path = matchfile.match_file(match_path)
    for name in players:
        _check_text(name, "player name")
    if rules_spec is not None:
        _check_text(rules_spec, "rules file name")
    match = start_match(path, players, load_rules(rules_spec), _date(date_text), force, dealer=dealer, box=box,
                        captain=captain, draw=list(draw) or None)
    say(tally_text.start_text(match, path))


def start_match(path, players, rules, date, force=False, **start):
    """Start a match file (``new``, and each table of ``event pair``): the Match with its rules snapshot and
    first dealer (``start``: dealer, box, captain, draw; none: drawn at random), written safely."""
    from gin_ref.match.model import Match

    match = Match.new(list(players), rules, date, **start)
    store.create(path, match, force)
    return match


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
@upcard_option(UPCARD_HELP)
@click.option("--dealer", metavar="NAME", help="Who deals (checked against the rules' choice).",
              shell_complete=complete_player)
def deal_cmd(match_path, upcard, dealer):
    """Start the next hand: the upcard, and the knock limit it sets.

    The dealer is the one the rules name (next_dealer; the same dealer after a dead hand; with three the
    box player, or the sitter or the captain as next_dealer says). Naming another is refused with who should deal, and kept in the record as an
    irregularity. --upcard may be left out where the limit does not depend on it (knock_limit a number,
    no spade_double); such a hand cannot be recorded turn by turn.

    \b
    Example:  gin-ref deal --upcard 7D
              gin-ref deal --upcard KS --dealer Ben
    """
    card = upcard  # a Card (the option's type reads it), or None
    with store.change(matchfile.match_file(match_path)) as rec:
        outcome = rec.match.deal(card, dealer)
    refuse_kept(rec.match, outcome)
    say(hand_text.deal_text(rec.match, outcome.step.data))


def knock_options(required=True):
    """What ``knock`` and ``amend`` take: the defender's cards or count, declared melds, the discard, big gin,
    the upcard."""
    options = (
        click.option("-d", "--defender", "defender_cards", required=required, metavar="CARDS|N", type=CARDS_OR_COUNT,
                     help="The defender's 10 cards, or his count after his layoffs (a whole number)."),
        click.option("--melds", metavar="MELDS", type=MELDS_TEXT, help='Melds the knocker declares: "AS 2S 3S | 4H 4D 4C".'),
        discard_option(),
        click.option("--big-gin", is_flag=True, help="With the knocker's count 0: big gin (11 cards melded)."),
        upcard_option(UPCARD_HELP))

    def decorate(command):
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


@click.command("knock")
@match_option
@wide_option
@knock_options(required=False)
@click.option("--illegal", is_flag=True,
              help="A count over the limit that really was knocked: recorded as an illegal knock (else refused "
                   "as a slip and not recorded).")
@player_argument()
@click.argument("cards", nargs=-1, required=True, metavar="CARDS|N", type=CARDS_OR_COUNT)
def knock_cmd(match_path, defender_cards, melds, discard, big_gin, upcard, illegal, player, cards):
    """Settle the open hand: PLAYER knocks with CARDS (10 kept, or 11 before his discard), or with N, the
    deadwood the table counted (0 is gin). With no hand open, the command deals the hand first (one
    command per hand; --upcard may be left out where the limit does not depend on it).

    Prints both spreads (or the counts), the layoffs, the score with its arithmetic, the totals and who
    deals next. The defender's side is his 10 cards or his count after his layoffs; a count for the knocker
    other than 0 needs the defender's count (his layoffs need the knocker's melds). An illegal knock (a
    count over the limit too) is refused with the reason (exit 1) and kept in the record as an
    irregularity; the hand stays open, and no score changes unless the house rules set a penalty.

    In a hand recorded turn by turn (take, pass, draw, discard) the knock comes from the player to move,
    after his draw (a knock out of turn is refused and kept as an irregularity); he spreads the 11 cards
    he holds (or the 10 he keeps and --discard), and the cards spread must fit what was taken and discarded.

    \b
    Example:
      gin-ref knock Ben A-3S 4HDC 7-9C 5D --defender "KH QD 9-JH 6D 3H 6S TD 2H"
      gin-ref knock Ben 5 --defender 23
      gin-ref knock --upcard 9H Ann 0 --defender 31
    """
    card = upcard  # a Card (the option's type reads it), or None
    if defender_cards is None:
        cards, defender_cards = defender_count(cards)
    path = matchfile.match_file(match_path)
    slip, shown = None, False
    with store.change(path) as rec:
        dealt = rec.match.deal_unless_open(card)
        try:
            outcome = rec.match.knock(player, list(cards), defender_cards, melds, discard, big_gin, illegal)
        except InvalidNotationError as exc:
            if str(exc).startswith("knocker's hand has") and defender_unquoted(cards, defender_cards):
                raise InvalidNotationError(f"{exc}: the cards after --defender's first probably belong to "
                                           "--defender: quote them (--defender \"KH QD ...\")") from None
            raise
        except CountOverLimitError as exc:
            if CONFIRM["ask"] is not None:  # the session on a terminal: the deal shown, then the question
                if dealt is not None:
                    say(f"{shown_name(path)}: " + hand_text.deal_text(rec.match, dealt.step.data))
                    shown = True
                if CONFIRM["ask"](f"{exc.reason}. Did {exc.player} really knock with {exc.count}?"):
                    outcome = rec.match.knock(player, list(cards), defender_cards, melds, discard, big_gin, True)
                    exc = None
            if exc is not None and dealt is None:
                raise
            slip = exc  # the deal this command made stands (written as the block ends); the knock is not recorded
    lead = f"{shown_name(path)}: "  # the first line names the match file, so a stray $GIN_REF_MATCH shows
    if dealt is not None and not shown:
        after_dead = hand_text.opened_after_dead_text(rec.match, dealt.number, "knock")
        if after_dead is not None:
            say(lead + after_dead)
            lead = ""
        say(lead + hand_text.deal_text(rec.match, dealt.step.data))
    if dealt is not None:
        lead = ""
    if slip is not None:
        raise CountOverLimitError(f"{slip}; the deal of hand {dealt.number} is recorded and the hand stays "
                                  "open (undo takes the deal back)")
    refuse_kept(rec.match, outcome, dealt is not None)
    say(lead + hand_text.knock_text(rec.match, outcome, output_width()))


@click.command("dead")
@match_option
@upcard_option(UPCARD_HELP)
def dead_cmd(match_path, upcard):
    """End the open hand with no score: the stock ran down to its last cards. With no hand open, the
    command deals the hand first (one command per hand; --upcard may be left out where the limit does not
    depend on it).

    The same dealer deals the next hand (with three players, the roles stay). A hand recorded turn by turn
    ends dead by itself, at the discard that leaves the last cards in the stock.

    \b
    Example:  gin-ref dead
              gin-ref dead --upcard 9H
    """
    card = upcard  # a Card (the option's type reads it), or None
    with store.change(matchfile.match_file(match_path)) as rec:
        dealt = rec.match.deal_unless_open(card, "dead")
        outcome = rec.match.dead()
    match = rec.match
    if dealt is not None:
        after_dead = hand_text.opened_after_dead_text(match, dealt.number, "dead")
        if after_dead is not None:
            say(after_dead)
        say(hand_text.deal_text(match, dealt.step.data))
    say(f"hand {outcome.number} is dead: no score")
    say("\n".join(standing.standing_lines(match)))

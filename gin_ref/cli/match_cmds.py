"""Recording a match at the table: ``new``, ``deal``, ``knock``, ``dead``.

Each command is a thin front: it reads its options, makes one call on the desk (``gin_ref.desk.acts``) and
prints what happened (``gin_ref.views.hand_text``). A command that is refused changes nothing in the file;
the exceptions are an illegal knock, an act out of turn and a deal by the wrong dealer, which are refused
*and* kept in the record as irregularities: the desk writes them, then raises the refusal (exit 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional, Tuple


import click

from gin_ref.cli.errors import shown_name
from gin_ref.cli.helptext import N_, argument, command, option
from gin_ref.cli.knock_args import CONFIRM, defender_count, defender_unquoted
from gin_ref.cli.options import (CARDS_OR_COUNT, MELDS_TEXT, complete_player, discard_option, match_file, match_option,
                                 output_width, player_argument, rules_option, upcard_option, wide_option)
from gin_ref.cli.output import emit_json, say
from gin_ref.cli.writejson import json_flag, kept_as_json, say_kept
from gin_ref.core.cards import Card
from gin_ref.desk import acts
from gin_ref.desk.errors import DeskError, Kind, Refusal, said, said_field
from gin_ref.desk.language import gettext
from gin_ref.desk.outcomes import Dealt, Knocked
from gin_ref.views import hand_text, standing, tally_text, written

if TYPE_CHECKING:
    from click.decorators import FC


UPCARD_HELP = (N_("The card turned up after the deal; may be left out where the knock limit does not depend on it "
               "(knock_limit a number, no spade_double)."))


@command("new")
@match_option
@rules_option()
@option("--dealer", metavar="NAME", help=N_("Two players: who deals first. Default: drawn at random."))
@option("--draw", multiple=True, metavar="NAME=CARD",
        help=N_("Three players: the card each drew (highest in the box, middle captain, lowest sits)."))
@option("--box", metavar="NAME", help=N_("Three players: who starts in the box (with --captain)."))
@option("--captain", metavar="NAME", help=N_("Three players: who starts as captain (with --box)."))
@option("--date", "date_text", metavar="YYYY-MM-DD", help=N_("The match's date. Default: today."))
@option("--force", is_flag=True, help=N_("Start over in FILE even if it holds a match."))
@json_flag
@argument("players", nargs=-1, required=True, metavar="PLAYER...")
def new_cmd(match_path: Optional[str], rules_spec: Optional[str], dealer: Optional[str], draw: Tuple[str, ...],
            box: Optional[str], captain: Optional[str], date_text: Optional[str], force: bool, as_json: bool,
            players: Tuple[str, ...]) -> None:
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
    path = match_file(match_path)
    try:
        started = acts.start_match(path, players, rules_spec, date_text, force, dealer=dealer, box=box,
                                   captain=captain, draw=list(draw) or None)
    except DeskError as exc:
        raise held_refusal(exc) from None
    if started.replaced is not None:
        click.echo(gettext("replaced the match %(path)s held (%(held)s)") % {"path": path, "held": started.replaced},
                   err=True)
    if as_json:
        emit_json(written.started_data(started))
        return
    say(tally_text.start_text(started.match, path))


@command("deal")
@match_option
@upcard_option(UPCARD_HELP)
@option("--dealer", metavar="NAME", help=N_("Who deals (checked against the rules' choice)."),
        shell_complete=complete_player)
@json_flag
def deal_cmd(match_path: Optional[str], upcard: Optional[Card], dealer: Optional[str], as_json: bool) -> None:
    """Start the next hand: the upcard, and the knock limit it sets.

    The dealer is the one the rules name (next_dealer; the same dealer after a dead hand; with three the
    box player, or the sitter or the captain as next_dealer says). Naming another is refused with who should deal, and kept in the record as an
    irregularity. --upcard may be left out where the limit does not depend on it (knock_limit a number,
    no spade_double); such a hand cannot be recorded turn by turn.

    \b
    Example:  gin-ref deal --upcard 7D
              gin-ref deal --upcard KS --dealer Ben
    """
    with kept_as_json(as_json, written.dealt_data):
        dealt = acts.deal(match_file(match_path), upcard, dealer)
    if as_json:
        emit_json(written.dealt_data(dealt))
        return
    say(_deal_text(dealt))


def knock_options(required: bool = True) -> "Callable[[FC], FC]":
    """What ``knock`` and ``amend`` take: the defender's cards or count, declared melds, the discard, big gin,
    the upcard."""
    options = (
        option("-d", "--defender", "defender_cards", required=required, metavar="CARDS|N", type=CARDS_OR_COUNT,
               help=N_("The defender's 10 cards, or his count after his layoffs (a whole number).")),
        option("--melds", metavar="MELDS", type=MELDS_TEXT, help=N_('Melds the knocker declares: "AS 2S 3S | 4H 4D 4C".')),
        discard_option(),
        option("--big-gin", is_flag=True, help=N_("With the knocker's count 0: big gin (11 cards melded).")),
        upcard_option(UPCARD_HELP))

    def decorate(command: FC) -> FC:
        for one in reversed(options):
            command = one(command)
        return command

    return decorate


@command("knock")
@match_option
@wide_option
@knock_options(required=False)
@option("--illegal", is_flag=True,
        help=N_("A count over the limit that really was knocked: recorded as an illegal knock (else refused "
                   "as a slip and not recorded)."))
@json_flag
@player_argument()
@argument("cards", nargs=-1, required=True, metavar="CARDS|N", type=CARDS_OR_COUNT)
def knock_cmd(match_path: Optional[str], defender_cards: Optional[str], melds: Optional[str], discard: Optional[Card],
              big_gin: bool, upcard: Optional[Card], illegal: bool, as_json: bool, player: str,
              cards: Tuple[str, ...]) -> None:
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
    if defender_cards is None:
        cards, defender_cards = defender_count(cards)
    path = match_file(match_path)
    asked = _Asked(path)
    try:
        knocked = acts.knock(path, player, list(cards), defender_cards, melds, discard, big_gin, illegal, upcard,
                             asked.confirm if CONFIRM["ask"] is not None and not as_json else None)
    except DeskError as exc:
        if exc.kind == Kind.NOTATION and str(exc).startswith("knocker's hand has") and \
                defender_unquoted(cards, defender_cards):
            raise _unquoted(exc) from None
        if as_json:
            say_kept(exc, written.knock_refused_data)
            raise
        dealt = exc.done.dealt if isinstance(exc.done, Knocked) else exc.done
        if isinstance(dealt, Dealt) and not asked.shown:
            _say_dealt(path, dealt, "knock")
        raise
    if as_json:
        emit_json(written.knocked_data(knocked))
        return
    lead = f"{shown_name(path)}: "  # the first line names the match file, so a stray $GIN_REF_MATCH shows
    if knocked.dealt is not None:
        if not asked.shown:
            _say_dealt(path, knocked.dealt, "knock")
        lead = ""
    say(lead + hand_text.knock_text(knocked.match, knocked.outcome, output_width()))


def held_refusal(exc: DeskError) -> DeskError:
    """A match file that holds a match already (the desk's field ``held``), said with the options that start
    over all the same; any other refusal as it is."""
    held = exc.refusal.field("held")
    if exc.kind != Kind.RECORD or held is None:
        return exc
    words = N_("%(path)s already holds a match (%(held)s): give --force to start over in it, or another --match FILE")
    values = {"path": exc.refusal.field("path"), "held": held}
    return DeskError(exc.refusal.reworded(words % values, words, **values))


def _unquoted(exc: DeskError) -> DeskError:
    """The commonest slip with --defender's cards, said with the option."""
    words = N_("%(said)s: the cards after --defender's first probably belong to --defender: quote them "
               "(--defender \"KH QD ...\")")
    return DeskError(exc.refusal.reworded(words % {"said": str(exc)}, words, said=said(exc.refusal)))


def _deal_text(dealt: Dealt) -> str:
    assert dealt.deal is not None  # (a deal refused is raised, never drawn as a deal)
    return hand_text.deal_text(dealt.match, dealt.deal)


def _say_dealt(path: str, dealt: Dealt, command: str) -> None:
    """The deal a knock or dead made first (after a hand that ended dead by itself, that end first)."""
    lead = f"{shown_name(path)}: " if command == "knock" else ""
    after_dead = hand_text.opened_after_dead_text(dealt.match, dealt.hand, command)
    if after_dead is not None:
        say(lead + after_dead)
        lead = ""
    say(lead + _deal_text(dealt))


class _Asked:
    """The session's question on a terminal: did the player really knock with a count over the limit (the
    deal the same command made is shown first)."""

    def __init__(self, path: str) -> None:
        self.path, self.shown = path, False

    def confirm(self, dealt: Optional[Dealt], refusal: Refusal) -> bool:
        if dealt is not None:
            say(f"{shown_name(self.path)}: " + _deal_text(dealt))
            self.shown = True
        ask = CONFIRM["ask"]
        question = gettext("%(reason)s. Did %(player)s really knock with %(count)s?") % {
            "reason": said_field(refusal, "reason"), "player": refusal.field("player"), "count": refusal.field("count")}
        return bool(ask is not None and ask(question))


@command("dead")
@match_option
@upcard_option(UPCARD_HELP)
@json_flag
def dead_cmd(match_path: Optional[str], upcard: Optional[Card], as_json: bool) -> None:
    """End the open hand with no score: the stock ran down to its last cards. With no hand open, the
    command deals the hand first (one command per hand; --upcard may be left out where the limit does not
    depend on it).

    The same dealer deals the next hand (with three players, the roles stay). A hand recorded turn by turn
    ends dead by itself, at the discard that leaves the last cards in the stock.

    \b
    Example:  gin-ref dead
              gin-ref dead --upcard 9H
    """
    ended = acts.dead(match_file(match_path), upcard)
    if as_json:
        emit_json(written.ended_data(ended))
        return
    if ended.dealt is not None:
        _say_dealt(ended.path, ended.dealt, "dead")
    say(gettext("hand %(hand)s is dead: no score") % {"hand": ended.hand})
    say("\n".join(standing.standing_lines(ended.match)))

"""Changing the past: ``amend`` a hand, ``undo`` the newest step, ``redo`` what undo took.

Each is a thin front over the desk (``gin_ref.desk.corrections``): one call, then what changed is printed
(``gin_ref.views.amend_text``, in the words of ``gin_ref.views.words``). What is changed is kept in the
file under ``corrections``; nothing is lost.
"""

from __future__ import annotations

from typing import Optional, Tuple

import click
from gin_ref.cli.helptext import N_, argument, command, option

from gin_ref.cli.match_cmds import knock_options
from gin_ref.cli.options import CARDS_OR_COUNT, HAND_NUMBER, match_file, match_option, output_width, player_argument
from gin_ref.cli.output import emit_json, say
from gin_ref.cli.writejson import json_flag
from gin_ref.cli.result_cmds import AmendCommand
from gin_ref.core.cards import Card
from gin_ref.desk import corrections
from gin_ref.desk.language import gettext
from gin_ref.desk.outcomes import Corrected
from gin_ref.views import amend_text, standing, written


@command("amend", cls=AmendCommand)
@match_option
@knock_options(required=False)
@option("--dead", is_flag=True, help=N_("The hand was dead: no score."))
@json_flag
@argument("hand", type=HAND_NUMBER, metavar="HAND")
@player_argument(required=False)
@argument("cards", nargs=-1, metavar="CARDS|N", type=CARDS_OR_COUNT)
def amend_cmd(match_path: Optional[str], defender_cards: Optional[str], melds: Optional[str], discard: Optional[Card],
              big_gin: bool, upcard: Optional[Card], dead: bool, as_json: bool, hand: int, player: Optional[str],
              cards: Tuple[str, ...]) -> None:
    """Replace the result of hand HAND with what the table now agrees: PLAYER knocked with CARDS or N (as
    knock takes them, with --defender, --melds, --discard, --upcard, --big-gin), or --dead.

    Every later hand is settled again from its own cards or counts: the totals, the end and the bonuses
    follow. Later hands stand as played (their dealers and roles are what happened); where the new results
    would have given another dealer or other roles, tally and verify say so in a note. An amend that ends
    the match earlier keeps the later hands, played after the end and not counted; one that reopens a
    finished match lets it go on. The old result is kept under 'corrections'; undo takes the amend back.
    An amend to a table of an event whose later round is already paired is done, with a warning: the
    pairings stand, and the event's standings follow (a reopened table shows there as not finished).
    A hand recorded turn by turn keeps its turns: the new spread must fit them, as at a knock.
    A match recorded by its result only: 'amend result PLAYER POINTS PLAYER POINTS [--hands-won P N ...]'.

    \b
    Example:  gin-ref amend 3 Ben 5 --defender 35
              gin-ref amend 2 Ann A-3S 4HDC 7-9C 5D --defender 23
              gin-ref amend 4 --dead
              gin-ref amend result Ann 150 Ben 30
    """
    if dead and (player is not None or cards or defender_cards is not None or melds or discard or big_gin):
        raise click.UsageError(gettext("--dead replaces the result with a dead hand: give no knock with it"))
    amended = corrections.amend(match_file(match_path), hand, player, list(cards) or None, defender_cards, melds,
                                discard, big_gin, upcard, dead)
    if as_json:
        emit_json(written.amended_data(amended))
        if amended.warning:
            click.echo(amended.warning, err=True)
        return
    say(amend_text.amend_text(amended.match, hand, amended.before, amended.settlement, output_width()))
    if amended.warning:
        click.echo(amended.warning, err=True)


@command("undo")
@match_option
@json_flag
def undo_cmd(match_path: Optional[str], as_json: bool) -> None:
    """Take back the newest step, whatever it was: a hand's result (the hand opens again), a turn, a refused
    knock or another irregularity, a deal, or an amend (the hand goes back to what it was). A hand that
    ended dead by itself opens again without the discard that ended it.

    What is taken back is kept in the file under 'corrections'; redo puts it back.

    \b
    Example:  gin-ref undo
    """
    _said(UNDONE, corrections.undo(match_file(match_path)), as_json)


@command("redo")
@match_option
@json_flag
def redo_cmd(match_path: Optional[str], as_json: bool) -> None:
    """Put back the newest step that undo took, as long as nothing else was written since (it works across
    commands: the record keeps what it needs). Says what it put back.

    \b
    Example:  gin-ref undo; gin-ref redo
    """
    _said(REDONE, corrections.redo(match_file(match_path)), as_json)


UNDONE = N_("took back %(step)s")
REDONE = N_("put back %(step)s")


def _said(done: str, corrected: Corrected, as_json: bool = False) -> None:
    """What an undo or a redo did, the standing after it, and the warning for a reopened table of an event
    whose later round is paired (as an amend's)."""
    if as_json:
        emit_json(written.corrected_data(corrected, "undone" if done == UNDONE else "redone"))
    else:
        say(gettext(done) % {"step": corrected.what})
        say("\n".join(standing.standing_lines(corrected.match)))
    if corrected.warning:
        click.echo(corrected.warning, err=True)

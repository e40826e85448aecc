"""Changing the past: ``amend`` a hand, ``undo`` the newest step, ``redo`` what undo took.

Each is a thin wrapper: it reads the match file, makes one call on the ``Match`` (``gin_ref.match.model``)
and prints what changed (``gin_ref.views.amend_text``, in the words of ``gin_ref.views.words``). What is
changed is kept in the file under ``corrections``; nothing is lost.
"""

import click

from gin_ref.cli.match_cmds import knock_options
from gin_ref.cli.result_cmds import AmendCommand
from gin_ref.cli.options import CARDS_OR_COUNT, HAND_NUMBER, match_option, output_width, player_argument
from gin_ref.match.tally import tally_of
from gin_ref.files import matchfile, store
from gin_ref.views import amend_text
from gin_ref.views import standing
from gin_ref.views import step_words
from gin_ref.views import words
from gin_ref.cli.output import say


@click.command("amend", cls=AmendCommand)
@match_option
@knock_options(required=False)
@click.option("--dead", is_flag=True, help="The hand was dead: no score.")
@click.argument("hand", type=HAND_NUMBER, metavar="HAND")
@player_argument(required=False)
@click.argument("cards", nargs=-1, metavar="CARDS|N", type=CARDS_OR_COUNT)
def amend_cmd(match_path, defender_cards, melds, discard, big_gin, upcard, dead, hand, player, cards):
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
    from gin_ref.match.amend import amend

    card = upcard  # a Card (the option's type reads it), or None
    if dead and (player is not None or cards or defender_cards is not None or melds or discard or big_gin):
        raise click.UsageError("--dead replaces the result with a dead hand: give no knock with it")
    with store.change(matchfile.match_file(match_path)) as rec:
        rec.confirm = hand  # what the table now agrees: sealed again, even if its seal failed
        match = rec.match
        before = tally_of(match)
        outcome = amend(match.record, match.state, hand, player, list(cards) or None, defender_cards, melds,
                        discard, big_gin, card, dead)
        match.amend(outcome, matchfile.now())
    say(amend_text.amend_text(rec.match, hand, before, outcome.settlement, output_width()))
    warning = _event_warning(rec.path, before.finished and not rec.match.state.finished)
    if warning:
        click.echo(warning, err=True)


def _event_warning(path, reopened):
    """The warning for an amend to a table of an event (an ``event.yaml`` beside the match file) whose later
    round is already paired; None otherwise (or when the event file cannot be read: its standings say so)."""
    import os

    from gin_ref.core.errors import GinRefError
    from gin_ref.files import eventfile

    folder = os.path.dirname(path) or "."
    if not os.path.isfile(eventfile.event_path(folder)):
        return None
    try:
        event = eventfile.load(folder)
    except GinRefError:
        return None
    name = os.path.basename(path)
    for rnd in event.rounds:
        for t in rnd.tables:
            if t.file == name and rnd.number < len(event.rounds):
                return words.event_amend_words(path, event.name, folder, rnd.number, t.number, len(event.rounds),
                                               reopened)
    return None


@click.command("undo")
@match_option
def undo_cmd(match_path):
    """Take back the newest step, whatever it was: a hand's result (the hand opens again), a turn, a refused
    knock or another irregularity, a deal, or an amend (the hand goes back to what it was). A hand that
    ended dead by itself opens again without the discard that ended it.

    What is taken back is kept in the file under 'corrections'; redo puts it back.

    \b
    Example:  gin-ref undo
    """
    with store.change(matchfile.match_file(match_path)) as rec:
        finished = rec.match.state.finished
        step = rec.match.newest_step()
        rec.match.undo(step, matchfile.now())
    say(f"took back {step_words.undone_words(step)}")
    say("\n".join(standing.standing_lines(rec.match)))
    _warn_reopened(rec, finished)


@click.command("redo")
@match_option
def redo_cmd(match_path):
    """Put back the newest step that undo took, as long as nothing else was written since (it works across
    commands: the record keeps what it needs). Says what it put back.

    \b
    Example:  gin-ref undo; gin-ref redo
    """
    with store.change(matchfile.match_file(match_path)) as rec:
        finished = rec.match.state.finished
        step = rec.match.redo_step()
        rec.match.redo(step, matchfile.now())
    say(f"put back {step_words.redone_words(step)}")
    say("\n".join(standing.standing_lines(rec.match)))
    _warn_reopened(rec, finished)


def _warn_reopened(rec, finished):
    """An undo or redo that reopens a finished table of an event whose later round is paired says so, as
    an amend does."""
    if finished and not rec.match.state.finished:
        warning = _event_warning(rec.path, True)
        if warning:
            click.echo(warning, err=True)

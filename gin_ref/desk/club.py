"""The club's evenings: start an event, pair a round (all or nothing), the event's standings.

An event is a folder: its ``event.yaml`` (``gin_ref.files.eventfile``) and a match file per table, each
started as ``start_match`` starts one.
"""

from __future__ import annotations

import os
import signal
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from gin_ref.club.event import Event, Result, Round, check_rules
from gin_ref.core.rules import HouseRules
from gin_ref.core.errors import GinRefError, IllegalActionError, InvalidNotationError
from gin_ref.desk.acts import Rules, match_date, start_match
from gin_ref.core.message import Message
from gin_ref.desk.errors import N_, DeskError, Kind, refuse, refused
from gin_ref.desk.language import gettext, ngettext
from gin_ref.desk.reading import NO_METER, Metering, Skipped, skipped_text
from gin_ref.desk.reports import read_summaries
from gin_ref.files import eventfile, filewrite
from gin_ref.views.event_view import EventTable, event_table
from gin_ref.views.history import MatchView

Notify = Callable[[str], None]


def _ignore(message: str) -> None:
    """Notes nobody asked to hear as they come (they are in the outcome too)."""


class EventStarted(NamedTuple):
    folder: str
    event: Event


def new_event(folder: str, system: str, players: Sequence[str], rules: Rules = None, date: Optional[str] = None,
              rounds: Optional[int] = None) -> EventStarted:
    """Start an event in ``folder`` (made if missing): the players in seed order, the format ("round-robin"
    or "swiss"), the rules (two-player), the date, and for a Swiss its rounds."""
    try:
        name = os.path.basename(os.path.realpath(folder))
        if not isinstance(rules, HouseRules):
            from gin_ref.desk.rules import load_rules  # late: a rule set read by name loads yaml

            rules = load_rules(rules)
        house = rules
        try:
            check_rules(house)
        except IllegalActionError as exc:  # rules the event cannot seat are bad input, as too few players
            raise InvalidNotationError(exc.said_as or str(exc)) from None
        event = Event.new(name, system, list(players), house, match_date(date), rounds)
        eventfile.create(folder, event)
    except GinRefError as exc:
        raise refused(exc) from exc
    return EventStarted(folder, event)


# -- the tables' results ---------------------------------------------------------------------------------------

def table_results(folder: str, event: Event, meter: Metering = NO_METER) -> Tuple[Dict[str, Result], List[Skipped]]:
    """``({file name: Result}, [(path, line, error)])`` for every table of the rounds paired (line None
    when the problem has none). A file that is missing, damaged, or holds other players or house rules than
    the event's is a problem, and its table counts as not finished."""
    names = {os.path.join(folder, t.file): t for rnd in event.rounds for t in rnd.tables}
    present = [path for path in names if os.path.lexists(path)]
    read = read_summaries(present, meter) if present else None
    views = read.views if read is not None else []
    problems: List[Skipped] = [(path, None, Message(N_("missing: the table's match file is not there")))
                               for path in names if path not in present]
    problems += read.skipped if read is not None else []
    results = {names[path].file: Result.unplayed(error)
               for (path, _line, _error), (_file, error) in zip(problems, skipped_text(problems))}
    for view in views:
        t = names[view.file]
        error = not_the_tables(view, t.players, event.rules)
        if error is not None:
            problems.append((view.file, None, error))
            results[t.file] = Result.unplayed(error.english())
        else:
            results[t.file] = in_event_names(Result.of_tally(view.tally), t.players)
    return results, problems


def not_the_tables(view: MatchView, players: Sequence[str], rules: HouseRules) -> Optional[Message]:
    """Why a table's match file does not count for the event played under ``rules`` (other players, other
    house rules), or None (``event standings`` and the board say it)."""
    if sorted(name.casefold() for name in view.players) != sorted(name.casefold() for name in players):
        first, second = (list(players) + ["", ""])[:2]  # a table seats two
        return Message(N_("holds %(players)s, not the table's %(first)s and %(second)s"),
                       players=", ".join(view.players), first=first, second=second)
    if view.house.snapshot() != rules.snapshot():
        return Message(N_("is played under other house rules (%(rules)s) than the event's (%(event_rules)s)"),
                       rules=view.house.name, event_rules=rules.name)
    return None


def in_event_names(result: Result, players: Sequence[str]) -> Result:
    """A Result with the names spelled as the event spells them (a match file names them without case)."""
    spelled = {name.casefold(): name for name in players}
    final = None if result.final is None else {spelled.get(k.casefold(), k): v for k, v in result.final.items()}
    winner = None if result.winner is None else spelled.get(result.winner.casefold(), result.winner)
    return result._replace(winner=winner, final=final)


class EventStandings(NamedTuple):
    """An event's standings (``table``; ``data``: the ``event standings --json`` object) and its tables'
    problems."""

    folder: str
    event: Event
    table: EventTable
    skipped: List[Skipped]

    @property
    def data(self) -> Dict[str, object]:
        return self.table.data()


def event_standings(folder: str) -> EventStandings:
    """The event's standings: match points, the tie-breaks, the tables of the latest round."""
    try:
        event = eventfile.load(folder)
        results, skipped = table_results(folder, event)
    except GinRefError as exc:
        raise refused(exc) from exc
    return EventStandings(folder, event, event_table(event, results, folder), skipped)


def event_of(paths: Sequence[str]) -> Optional[EventTable]:
    """The event's standings when ``paths`` is one event's folder (its event.yaml), else None."""
    if len(paths) != 1 or not os.path.isfile(eventfile.event_path(paths[0])):
        return None
    return event_standings(paths[0]).table


# -- pair a round --------------------------------------------------------------------------------------------

class Paired(NamedTuple):
    """A round paired: the event (with it), the round, the notes said on the way."""

    folder: str
    event: Event
    round: Round
    notes: List[str]


def pair_round(folder: str, date: Optional[str] = None, notify: Notify = _ignore) -> Paired:
    """Pair the event's next round: a match file per table, then the event file, all or nothing (an
    interrupted pairing, Ctrl-C or SIGTERM, takes back the table files it wrote). Notes are told to
    ``notify`` as they come, and kept in the outcome."""
    notes: List[str] = []

    def note(message: str) -> None:
        notes.append(message)
        notify(message)

    try:
        day = match_date(date)
        written: List[Tuple[str, Any]] = []
        commits = filewrite.commits  # the files written before this pairing
        event: Optional[Event] = None
        try:
            with term_as_interrupt(), eventfile.updating(folder) as event:  # the event file is written last
                rnd = _pair(folder, event, day, written, note)
        except BaseException:  # Ctrl-C, a kill's SIGTERM, a full disk: unless the event names the round now,
            if _take_back(folder, event, written):  # its tables go too: the event is as it was
                filewrite.commits = commits  # and Ctrl-C's message says nothing of this command was written
            raise
    except DeskError:
        raise
    except GinRefError as exc:
        raise refused(exc) from exc
    return Paired(folder, event, rnd, notes)


def _pair(folder: str, event: Event, day: str, written: List[Tuple[str, Any]], note: Notify) -> Round:
    results, _skipped = table_results(folder, event)
    rnd = event.next_round(results, lambda file: os.path.join(folder, file))
    if event.note:
        note(gettext("note: %(note)s") % {"note": event.note.say(gettext, ngettext)})
    left = []
    for t in rnd.tables:  # refuse before writing any of them
        path = os.path.join(folder, t.file)
        if os.path.lexists(path):
            if not eventfile.left_by_a_pairing(path, t, event):
                raise refuse(Kind.RECORD, N_("%(path)s already exists: move it away, then pair again"), path=path)
            left.append(path)
    if left:
        note(ngettext("note: round %(round)d was being paired when an earlier run stopped: the event does not know "
                      "the %(count)d table file it left (%(files)s); nothing was recorded in them, so they are "
                      "written again",
                      "note: round %(round)d was being paired when an earlier run stopped: the event does not know "
                      "the %(count)d table files it left (%(files)s); nothing was recorded in them, so they are "
                      "written again", len(left)) % {"round": rnd.number, "count": len(left), "files": ", ".join(left)})
    for t in rnd.tables:
        path = os.path.join(folder, t.file)
        written.append((path, t))  # before: a stop may come once it is in place, before the call returns
        start_match(path, t.players, event.rules, day, path in left)
    event.add_round(rnd)
    return rnd


@contextmanager
def term_as_interrupt() -> Iterator[None]:
    """A kill's SIGTERM stops the block as Ctrl-C does (KeyboardInterrupt), so that it can take back what it
    wrote; outside the main thread, nothing changes."""
    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        before = signal.signal(signal.SIGTERM, stop)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _take_back(folder: str, event: Optional[Event], tables: List[Tuple[str, Any]]) -> bool:
    """After a pairing that stopped: remove the table files it was writing (``(path, Table)``), each that is
    there and as the pairing writes it, unless the event file was written (it names them: the round is
    paired). True when they were taken back."""
    if not tables or event is None:
        return False
    try:
        named = {os.path.join(folder, t.file) for rnd in eventfile.load(folder).rounds for t in rnd.tables}
    except Exception:  # the event file cannot say: it was not written by this run
        named = set()
    if any(path in named for path, _table in tables):
        return False
    for path, table in tables:
        if os.path.lexists(path) and eventfile.left_by_a_pairing(path, table, event):
            try:
                os.unlink(path)
            except OSError:
                pass
    return True

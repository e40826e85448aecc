"""An event for people and scripts: its standings (``EventTable``: typed values, whose ``data()`` is the ``event
standings --json`` object) and their text, the round just paired, the event just started (pure: takes a
``gin_ref.club.event.Event`` and its tables' results)."""

import os
from typing import Dict, List, Mapping, NamedTuple, Optional, Tuple, Union

from gin_ref.club.event import Event, Result, Round, Table
from gin_ref.club.standings import Results, Standing
from gin_ref.views.table import grid
from gin_ref.views.text import short_name
from gin_ref.views.words import won_words

Halves = Union[int, float]

SYSTEM_WORDS = {"round-robin": "round robin", "swiss": "Swiss"}


def points_text(halves: int) -> str:
    """Half points for people: ``2``, ``1½``, ``½``."""
    whole, half = divmod(halves, 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def points_number(halves: int) -> Halves:
    """Half points for JSON: a whole number when whole, else n.5."""
    return halves // 2 if halves % 2 == 0 else halves / 2


def _file(folder: "os.PathLike[str] | str", name: str) -> str:
    return os.path.join(os.fspath(folder), name)


class TableState(NamedTuple):
    """A table of a round paired: its number, players, match file (inside the event's folder, as named),
    whether its match is finished and who won it (None: a tie, or not finished)."""

    number: int
    players: Tuple[str, ...]
    file: str
    finished: bool
    winner: Optional[str]

    def data(self) -> Dict[str, object]:
        return {"table": self.number, "players": list(self.players), "file": self.file, "finished": self.finished,
                "winner": self.winner}


class PairedRound(NamedTuple):
    """A round paired: its number, its tables, the bye (None: none)."""

    number: int
    tables: Tuple[TableState, ...]
    bye: Optional[str]

    def data(self) -> Dict[str, object]:
        return {"round": self.number, "tables": [t.data() for t in self.tables], "bye": self.bye}


class EventTable(NamedTuple):
    """An event's standings: where it stands, every player's Standing in rank order, the rounds paired."""

    name: str
    system: str
    rounds_played: int
    rounds: int
    finished: bool
    standings: Tuple[Standing, ...]
    pairings: Tuple[PairedRound, ...]

    def data(self) -> Dict[str, object]:
        """The ``event standings --json`` object."""
        return {
            "event": self.name,
            "format": self.system,
            "rounds_played": self.rounds_played,
            "rounds": self.rounds,
            "finished": self.finished,
            "standings": [{"rank": row.rank, "player": row.player, "match_points": points_number(row.halves),
                           "played": row.played, "byes": row.byes,
                           "buchholz": None if row.buchholz is None else points_number(row.buchholz),
                           "diff": row.diff} for row in self.standings],
            "pairings": [rnd.data() for rnd in self.pairings],
        }


def event_table(event: Event, results: Mapping[str, Result], folder: "os.PathLike[str] | str") -> EventTable:
    """The standings of ``event``. ``results``: {table file name: Result} (a table with none is unplayed);
    file names are shown inside ``folder`` (as given)."""
    known = Results(results)
    pairings = tuple(PairedRound(rnd.number, tuple(_table(t, known[t.file], folder) for t in rnd.tables), rnd.bye)
                     for rnd in event.rounds)
    return EventTable(event.name, event.system, event.rounds_played(results), event.total_rounds,
                      event.is_over(results), tuple(event.standings(results)), pairings)


def event_data(event: Event, results: Mapping[str, Result], folder: "os.PathLike[str] | str") -> Dict[str, object]:
    """The ``event standings --json`` object (``event_table``'s)."""
    return event_table(event, results, folder).data()


def _table(t: Table, result: Result, folder: "os.PathLike[str] | str") -> TableState:
    return TableState(t.number, t.players, _file(folder, t.file), result.finished,
                      result.winner if result.finished else None)


def event_heading(table: EventTable) -> str:
    system = SYSTEM_WORDS[table.system]
    if table.finished:
        state = "over"
    else:
        paired = len(table.pairings)
        state = f"{table.rounds_played} of {table.rounds} rounds played" + (
            f", round {paired} being played" if paired > table.rounds_played else "")
    return f"{table.name}: {system}, {table.rounds} round{'s' if table.rounds != 1 else ''}; {state}"


def standing_rows(table: EventTable) -> Tuple[List[str], List[List[object]]]:
    """The standings grid: its headers (a Swiss has the Buchholz) and one row per player."""
    swiss = table.system == "swiss"
    headers = ["rank", "player", "points", "played", "byes"] + (["buchholz"] if swiss else []) + ["diff"]
    rows: List[List[object]] = []
    for row in table.standings:
        line: List[object] = [row.rank, row.player, points_text(row.halves), row.played, row.byes]
        if row.buchholz is not None:
            line.append(points_text(row.buchholz))
        rows.append(line + [f"{row.diff:+d}"])
    return headers, rows


def event_text(table: EventTable, folder: str = "FOLDER", width: Optional[int] = None) -> str:
    """The standings grid (fitting ``width`` cells), then any table of an earlier round not finished (an
    amend reopened it), then the tables of the latest round (``folder``: the event's, as named)."""
    headers, rows = standing_rows(table)
    lines = [event_heading(table), grid(rows, headers, right=set(range(len(headers))) - {1}, width=width,
                                        drop=(4, 3), clip_start=(1,))]  # narrow: the byes, then the matches played
    if table.pairings:
        for earlier in table.pairings[:-1]:  # a table not finished though a later round is paired (reopened)
            unfinished = tuple(t for t in earlier.tables if not t.finished)
            if unfinished:
                lines += ["", f"round {earlier.number}, not finished though a later round is paired:"]
                lines += round_lines(PairedRound(earlier.number, unfinished, None), width)
        latest = table.pairings[-1]
        lines += ["", f"round {latest.number}:"] + round_lines(latest, width)
    else:
        lines += ["", f"no round paired yet: gin-ref event pair {folder}"]
    return "\n".join(lines)


def round_lines(rnd: PairedRound, width: Optional[int] = None) -> List[str]:
    """One line per table of a round (players, state, match file), then the bye; fitting ``width`` cells."""
    rows = []
    for t in rnd.tables:
        state = "playing" if not t.finished else (won_words(t.winner, "") if t.winner else "tied: ½ each")
        rows.append([f"table {t.number}", " v ".join(map(short_name, t.players)), state, t.file])
    lines = grid(rows, width=None if width is None else width - 2, clip_end=(3,)).splitlines() if rows else []
    lines = ["  " + line for line in lines]
    if rnd.bye is not None:
        lines.append(f"  bye: {rnd.bye} (1 match point)")
    return lines


def paired_text(event: Event, rnd: Round, folder: "os.PathLike[str] | str", width: Optional[int] = None) -> str:
    """What ``event pair`` prints (fitting ``width`` cells): the round's tables and match files, the bye, and
    how to record."""
    rows = [[t.number, " v ".join(map(short_name, t.players)), _file(folder, t.file)] for t in rnd.tables]
    lines = [f"{event.name}: round {rnd.number} of {event.total_rounds}, {len(rows)} table{'s' if len(rows) != 1 else ''}",
             grid(rows, ["table", "players", "match file"], right={0}, width=width, clip_end=(2,))]
    if rnd.bye is not None:
        lines.append(f"bye: {rnd.bye} (1 match point)")
    if rows:
        lines.append(f"record each table in its file: gin-ref deal --match {rows[0][2]} --upcard CARD, ...")
    return "\n".join(lines)


def started_text(event: Event, folder: str) -> str:
    """What ``event new`` prints."""
    players = event.players
    rounds = event.total_rounds
    seeds = ", ".join(f"{i} {name}" for i, name in enumerate(players, 1))
    return "\n".join([
        f"event {event.name}: {SYSTEM_WORDS[event.system]} of {len(players)} players, {rounds} round"
        f"{'s' if rounds != 1 else ''}, {event.rules.name} rules",
        f"seeds: {seeds}",
        f"pair the first round: gin-ref event pair {folder}",
    ])

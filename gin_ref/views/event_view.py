"""An event for people and scripts: its standings (``EventTable``: typed values, whose ``data()`` is the ``event
standings --json`` object) and their text, the round just paired, the event just started (pure: takes a
``gin_ref.club.event.Event`` and its tables' results)."""

import os
from typing import Dict, List, Mapping, NamedTuple, Optional, Tuple, Union

from gin_ref.club.event import Event, Result, Round, Table
from gin_ref.club.standings import Results, Standing
from gin_ref.desk.language import gettext, ngettext
from gin_ref.views.table import grid
from gin_ref.views.text import short_name
from gin_ref.views.words import versus

Halves = Union[int, float]

SYSTEM_WORDS = {"round-robin": "round robin", "swiss": "Swiss"}  # English: the JSON's and the file's words


def system_words(system: str) -> str:
    """An event's system in the language settled: ``round robin``, ``Swiss``."""
    if system == "round-robin":
        return gettext("round robin")
    if system == "swiss":
        return gettext("Swiss")
    return system


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
    said = {"name": table.name, "system": system_words(table.system), "count": table.rounds,
            "played": table.rounds_played, "paired": len(table.pairings)}
    if table.finished:
        said["state"] = gettext("over")
    elif len(table.pairings) > table.rounds_played:
        said["state"] = ngettext("%(played)d of %(count)d round played, round %(paired)d being played",
                                 "%(played)d of %(count)d rounds played, round %(paired)d being played",
                                 table.rounds) % said
    else:
        said["state"] = ngettext("%(played)d of %(count)d round played", "%(played)d of %(count)d rounds played",
                                 table.rounds) % said
    return ngettext("%(name)s: %(system)s, %(count)d round; %(state)s", "%(name)s: %(system)s, %(count)d rounds; "
                    "%(state)s", table.rounds) % said


def standing_rows(table: EventTable) -> Tuple[List[str], List[List[object]]]:
    """The standings grid: its headers (a Swiss has the Buchholz) and one row per player."""
    swiss = table.system == "swiss"
    headers = [gettext("rank"), gettext("player"), gettext("points"), gettext("played"), gettext("byes")] + \
        ([gettext("buchholz")] if swiss else []) + [gettext("diff")]
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
                lines += ["", gettext("round %(round)d, not finished though a later round is paired:") % {
                    "round": earlier.number}]
                lines += round_lines(PairedRound(earlier.number, unfinished, None), width)
        latest = table.pairings[-1]
        lines += ["", gettext("round %(round)d:") % {"round": latest.number}] + round_lines(latest, width)
    else:
        lines += ["", gettext("no round paired yet: gin-ref event pair %(folder)s") % {"folder": folder}]
    return "\n".join(lines)


def round_lines(rnd: PairedRound, width: Optional[int] = None) -> List[str]:
    """One line per table of a round (players, state, match file), then the bye; fitting ``width`` cells."""
    rows = []
    for t in rnd.tables:
        state = gettext("playing") if not t.finished else (
            gettext("%(name)s won") % {"name": t.winner} if t.winner else gettext("tied: ½ each"))
        rows.append([gettext("table %(table)d") % {"table": t.number}, versus(list(map(short_name, t.players))), state,
                     t.file])
    lines = grid(rows, width=None if width is None else width - 2, clip_end=(3,)).splitlines() if rows else []
    lines = ["  " + line for line in lines]
    if rnd.bye is not None:
        lines.append("  " + gettext("bye: %(name)s (1 match point)") % {"name": rnd.bye})
    return lines


def paired_text(event: Event, rnd: Round, folder: "os.PathLike[str] | str", width: Optional[int] = None) -> str:
    """What ``event pair`` prints (fitting ``width`` cells): the round's tables and match files, the bye, and
    how to record."""
    rows = [[t.number, versus(list(map(short_name, t.players))), _file(folder, t.file)] for t in rnd.tables]
    said = {"name": event.name, "round": rnd.number, "rounds": event.total_rounds, "count": len(rows),
            "bye": rnd.bye, "file": rows[0][2] if rows else ""}
    lines = [ngettext("%(name)s: round %(round)d of %(rounds)d, %(count)d table",
                      "%(name)s: round %(round)d of %(rounds)d, %(count)d tables", len(rows)) % said,
             grid(rows, [gettext("table"), gettext("players"), gettext("match file")], right={0}, width=width,
                  clip_end=(2,))]
    if rnd.bye is not None:
        lines.append(gettext("bye: %(name)s (1 match point)") % said)
    if rows:
        lines.append(gettext("record each table in its file: gin-ref deal --match %(file)s --upcard CARD, ...") % said)
    return "\n".join(lines)


def started_text(event: Event, folder: str) -> str:
    """What ``event new`` prints."""
    players = event.players
    rounds = event.total_rounds
    seeds = ", ".join(f"{i} {name}" for i, name in enumerate(players, 1))
    said = {"name": event.name, "system": system_words(event.system), "players": len(players), "count": rounds,
            "rules": event.rules.name, "seeds": seeds, "folder": folder}
    return "\n".join([
        ngettext("event %(name)s: %(system)s of %(players)d players, %(count)d round, %(rules)s rules",
                 "event %(name)s: %(system)s of %(players)d players, %(count)d rounds, %(rules)s rules", rounds) % said,
        gettext("seeds: %(seeds)s") % said,
        gettext("pair the first round: gin-ref event pair %(folder)s") % said,
    ])

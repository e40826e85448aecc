"""An event for people and scripts: the ``event standings --json`` object and its text, the round just
paired, the event just started (pure: takes a ``gin_ref.club.event.Event`` and its tables' results)."""

import os
from typing import Any, Dict, List, Mapping, Optional, Union

from gin_ref.club.event import Event, Result, Round, Table
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


def event_data(event: Event, results: Dict[str, Result], folder: "os.PathLike[str] | str") -> Dict[str, Any]:
    """The ``event standings --json`` object. ``results``: {table file name: Result}; file names in it are
    shown inside ``folder`` (as given)."""
    rows = event.standings(results)
    return {
        "event": event.name,
        "format": event.system,
        "rounds_played": event.rounds_played(results),
        "rounds": event.total_rounds,
        "finished": event.is_over(results),
        "standings": [{"rank": row.rank, "player": row.player, "match_points": points_number(row.halves),
                       "played": row.played, "byes": row.byes,
                       "buchholz": None if row.buchholz is None else points_number(row.buchholz),
                       "diff": row.diff} for row in rows],
        "pairings": [{"round": rnd.number,
                      "tables": [_table_data(t, results.get(t.file) or Result.unplayed(), folder) for t in rnd.tables],
                      "bye": rnd.bye} for rnd in event.rounds],
    }


def _table_data(t: Table, result: Result, folder: "os.PathLike[str] | str") -> Dict[str, Any]:
    return {"table": t.number, "players": list(t.players), "file": _file(folder, t.file),
            "finished": result.finished, "winner": result.winner if result.finished else None}


def event_heading(data: Mapping[str, Any]) -> str:
    system = SYSTEM_WORDS[data["format"]]
    if data["finished"]:
        state = "over"
    else:
        paired = len(data["pairings"])
        state = f"{data['rounds_played']} of {data['rounds']} rounds played" + (
            f", round {paired} being played" if paired > data["rounds_played"] else "")
    return f"{data['event']}: {system}, {data['rounds']} round{'s' if data['rounds'] != 1 else ''}; {state}"


def event_text(data: Mapping[str, Any], folder: str = "FOLDER", width: Optional[int] = None) -> str:
    """The standings grid (fitting ``width`` cells), then any table of an earlier round not finished (an
    amend reopened it), then the tables of the latest round (``folder``: the event's, as named)."""
    swiss = data["format"] == "swiss"
    headers = ["rank", "player", "points", "played", "byes"] + (["buchholz"] if swiss else []) + ["diff"]
    rows: List[List[Any]] = []
    for row in data["standings"]:
        points = points_text(round(row["match_points"] * 2))
        line = [row["rank"], row["player"], points, row["played"], row["byes"]]
        if swiss:
            line.append(points_text(round(row["buchholz"] * 2)))
        rows.append(line + [f"{row['diff']:+d}"])
    lines = [event_heading(data), grid(rows, headers, right=set(range(len(headers))) - {1}, width=width,
                                       drop=(4, 3), clip_start=(1,))]  # narrow: the byes, then the matches played
    if data["pairings"]:
        for earlier in data["pairings"][:-1]:  # a table not finished though a later round is paired (reopened)
            unfinished = [t for t in earlier["tables"] if not t.get("finished", False)]
            if unfinished:
                lines += ["", f"round {earlier['round']}, not finished though a later round is paired:"]
                lines += round_lines({"tables": unfinished, "bye": None}, width)
        latest = data["pairings"][-1]
        lines += ["", f"round {latest['round']}:"] + round_lines(latest, width)
    else:
        lines += ["", f"no round paired yet: gin-ref event pair {folder}"]
    return "\n".join(lines)


def round_lines(rnd: Mapping[str, Any], width: Optional[int] = None) -> List[str]:
    """One line per table of a round (players, state, match file), then the bye; fitting ``width`` cells."""
    rows = []
    for t in rnd["tables"]:
        state = "playing" if not t.get("finished", False) else (
            won_words(t["winner"], "") if t["winner"] else "tied: ½ each")
        rows.append([f"table {t['table']}", " v ".join(map(short_name, t["players"])), state, t["file"]])
    lines = grid(rows, width=None if width is None else width - 2, clip_end=(3,)).splitlines() if rows else []
    lines = ["  " + line for line in lines]
    if rnd["bye"] is not None:
        lines.append(f"  bye: {rnd['bye']} (1 match point)")
    return lines


def paired_text(event: Event, rnd: Round, folder: "os.PathLike[str] | str", width: Optional[int] = None) -> str:
    """What ``event pair`` prints (fitting ``width`` cells): the round's tables and match files, the bye, and
    how to record."""
    data: Dict[str, Any] = {"round": rnd.number, "bye": rnd.bye,
            "tables": [{"table": t.number, "players": list(t.players), "file": _file(folder, t.file),
                        "finished": False} for t in rnd.tables]}
    rows = [[t["table"], " v ".join(map(short_name, t["players"])), t["file"]] for t in data["tables"]]
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

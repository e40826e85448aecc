"""What the live board shows, as plain data read from the folder served (no HTTP here).

For an event: the standings as ``gin-ref event standings`` computes them (``gin_ref.club``: match points and
tie-breaks from each table's result, a table whose file is missing, damaged or holds other players or other
house rules counted as not finished), each table of the latest round (players, scores, hands played, the
hand just recorded, its state), every round's pairings and the bye. For a folder of plain matches: each
match's tally and the club standings (``gin_ref.views.standings``, as ``gin-ref standings`` ranks them).
Scores and standings only, never money; file names only, never a path.

A match file is read again only when its size, time or inode changed (``TableReader``), so a board pushed on
every change of one table reads one file.
"""

import os
from typing import Any, Dict, List, Optional, Tuple, Union

from gin_ref.club.event import Result
from gin_ref.core.errors import GinRefError, reason
from gin_ref.core.message import Message, english_of
from gin_ref.desk.club import in_event_names, not_the_tables
from gin_ref.desk.errors import N_
from gin_ref.desk.language import gettext as _, ngettext
from gin_ref.serve.handwords import facts_of_hand
from gin_ref.views.event_view import SYSTEM_WORDS, points_number
from gin_ref.desk.reading import view_of
from gin_ref.views.history import MatchView
from gin_ref.views.words import said
from gin_ref.files import eventfile, matchfile
from gin_ref.views.standings import standings

Said = Union[str, Message]  # a table's problem: a message said by each board in its language (or text as written)

Stamp = Tuple[int, int, int]
SYSTEMS = {"round-robin": N_("round robin"), "swiss": N_("Swiss")}  # SYSTEM_WORDS's, said in the language


def stamp(path: str) -> Optional[Stamp]:
    """What says a file changed: its size, its time and its inode (None when it is not there)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


class TableReader:
    """Reads match files as the history machinery does (``gin_ref.files.matchfile``, strictly, then the
    tally), keeping each one's reading until the file changes."""

    def __init__(self) -> None:
        self._kept: Dict[str, Tuple[Optional[Stamp], Optional[MatchView], Optional[Said]]] = {}

    def changed(self, path: str) -> int:
        """When the file was last written, as read (its time in ns; 0 when not known)."""
        kept = self._kept.get(path)
        return kept[0][1] if kept is not None and kept[0] is not None else 0

    def read(self, path: str) -> Tuple[Optional[MatchView], Optional[Said]]:
        """``(view, None)`` of a readable match file, ``(None, error)`` otherwise (the error names no path; a
        message, kept unsaid: each board says it in its own language)."""
        now = stamp(path)
        kept = self._kept.get(path)
        if kept is not None and now is not None and kept[0] == now:
            return kept[1], kept[2]
        view, error = _read(path) if now is not None else (None, Message(N_("missing: the table's match file is not "
                                                                            "there")))
        self._kept[path] = (now, view, error)
        return view, error


def _read(path: str) -> Tuple[Optional[MatchView], Optional[Said]]:
    try:
        rec = matchfile.load(path)
    except GinRefError as exc:
        message = reason(exc)
        line = getattr(exc, "line", None)
        return None, Message(N_("line %(line)s: %(message)s"), line=line, message=message) if line else message
    except OSError as exc:
        return None, Message(N_("cannot read the file: %(reason)s"), reason=(exc.strerror or str(exc)).lower())
    return view_of(os.path.basename(path), rec), None


def last_hand(view: MatchView) -> Optional[Dict[str, Any]]:
    """The hand recorded last (the newest settled one): its number and its facts (``handwords``)."""
    if not view.hands:
        return None
    hand = view.hands[-1]
    return {"number": hand.number, "hand": facts_of_hand(hand)}  # its facts, said by the board in its language


def table_entry(view: Optional[MatchView], error: Optional[Said]) -> Dict[str, Any]:
    """One table's line on the board: scores, hands played, the hand just recorded and its state."""
    if view is None:
        return {"totals": None, "hands": 0, "last": None, "state": _("not readable"),
                "problem": None if error is None else said(error)}
    tally = view.tally
    if tally.finished:
        winner = tally.winner
        final = tally.final or tally.totals or {}
        state = _("%(player)s won") % {"player": winner} if winner else _("tied")
    else:
        final = tally.totals or {}
        state = _("playing") if view.hands or tally.open_hand else _("not started")
    return {"totals": {name: final.get(name, 0) for name in view.players}, "hands": len(view.hands),
            "last": last_hand(view), "state": state, "problem": None}


def event_board(folder: str, reader: TableReader) -> Dict[str, Any]:
    """The board of an event folder (see the module's doc)."""
    event = eventfile.load(folder)
    results, entries = _read_tables(folder, event, reader)
    rows = event.standings(results)
    latest = event.rounds[-1] if event.rounds else None
    paired = len(event.rounds)
    played = event.rounds_played(results)
    over = event.is_over(results)
    counts = {"played": played, "total": event.total_rounds, "round": paired}
    if over:
        state = _("over")
    elif paired > played:
        state = ngettext("%(played)d of %(total)d round played, round %(round)d being played",
                         "%(played)d of %(total)d rounds played, round %(round)d being played",
                         event.total_rounds) % counts
    else:
        state = ngettext("%(played)d of %(total)d round played", "%(played)d of %(total)d rounds played",
                         event.total_rounds) % counts
    system = _(SYSTEMS[event.system]) if event.system in SYSTEMS else SYSTEM_WORDS[event.system]
    return with_latest({
        "kind": "event",
        "title": event.name,
        "heading": ngettext("%(event)s: %(system)s, %(count)d round; %(state)s",
                            "%(event)s: %(system)s, %(count)d rounds; %(state)s", event.total_rounds)
                   % {"event": event.name, "system": system, "count": event.total_rounds, "state": state},
        "format": event.system,
        "rounds": event.total_rounds,
        "rounds_played": played,
        "finished": over,
        "standings": [_standing_row(row) for row in rows],
        "round": latest.number if latest else None,
        "bye": latest.bye if latest else None,
        "tables": _table_rows(event, results, entries),
        "latest": None,
        "pairings": [{"round": rnd.number, "bye": rnd.bye,
                      "tables": [{"table": t.number, "players": list(t.players),
                                  "finished": (results.get(t.file) or Result.unplayed()).finished}
                                 for t in rnd.tables]} for rnd in event.rounds],
    })


def _read_tables(folder: str, event: Any, reader: TableReader) -> Tuple[Dict[str, Result], Dict[str, Dict[str, Any]]]:
    """Each table's result (for the standings) and its entry on the board, by its match file."""
    results: Dict[str, Result] = {}
    entries: Dict[str, Dict[str, Any]] = {}
    for rnd in event.rounds:
        for t in rnd.tables:
            view, error = reader.read(os.path.join(folder, t.file))
            if view is not None:
                error = not_the_tables(view, t.players, event.rules)
            results[t.file] = Result.unplayed(None if error is None else english_of(error)) \
                if error is not None or view is None else \
                in_event_names(Result.of_tally(view.tally), t.players)
            entries[t.file] = table_entry(None if error is not None else view, error)
            entries[t.file]["_changed"] = reader.changed(os.path.join(folder, t.file))
    return results, entries


def _standing_row(row: Any) -> Dict[str, Any]:
    return {"rank": row.rank, "player": row.player, "match_points": points_number(row.halves),
            "played": row.played, "byes": row.byes,
            "buchholz": None if row.buchholz is None else points_number(row.buchholz), "diff": row.diff}


def _table_rows(event: Any, results: Dict[str, Result], entries: Dict[str, Dict[str, Any]]) -> List[Dict[str, Any]]:
    """The latest round's tables, then any earlier round's table an amend reopened (as event standings says)."""
    latest = event.rounds[-1] if event.rounds else None
    rows = [{"table": t.number, "label": _("table %(table)d") % {"table": t.number}, "players": list(t.players),
             **entries[t.file]} for t in (latest.tables if latest else ())]
    return rows + [{"table": t.number,
                    "label": _("table %(table)d of round %(round)d") % {"table": t.number, "round": rnd.number},
                    "players": list(t.players), **entries[t.file]}
                   for rnd in event.rounds[:-1] for t in rnd.tables
                   if not (results.get(t.file) or Result.unplayed()).finished]


def matches_board(title: str, spots: List[Tuple[str, str]], reader: TableReader) -> Dict[str, Any]:
    """The board of a folder of plain matches: ``spots`` are ``(label, path)`` of its match files."""
    views, tables = [], []
    for label, path in spots:
        view, error = reader.read(path)
        if view is not None:
            views.append(view)
        tables.append({"table": None, "label": label, "players": view.players if view is not None else [],
                       **table_entry(view, error), "_changed": reader.changed(path)})
    club = [row.data() for row in standings(views).rows] if views else []
    finished = sum(1 for view in views if view.tally.finished)
    return with_latest({
        "kind": "matches",
        "title": title,
        "heading": ngettext("%(title)s: %(count)d match, %(finished)d finished",
                            "%(title)s: %(count)d matches, %(finished)d finished", len(spots))
                   % {"title": title, "count": len(spots), "finished": finished},
        "standings": [{key: row[key] for key in ("rank", "player", "matches", "matches_won", "points_for",
                                                  "points_against", "diff")} for row in club],
        "tables": tables,
        "pairings": [],
        "round": None,
        "bye": None,
        "latest": None,
    })


def unreadable_board(title: str, problem: str) -> Dict[str, Any]:
    """The board of an event whose event file cannot be read: the problem, and nothing else."""
    heading = _("%(title)s: the event file does not read (%(problem)s)") % {"title": title, "problem": problem}
    return {"kind": "matches", "title": title, "heading": heading,
            "standings": [], "tables": [], "pairings": [], "round": None, "bye": None, "latest": None}


def with_latest(board: Dict[str, Any]) -> Dict[str, Any]:
    """The board with ``latest``: the table written last that has a hand (its label and that hand), for the
    line the room reads first; the tables' write times are taken out (they are not for people)."""
    best = None
    for entry in board["tables"]:
        changed = entry.pop("_changed", 0)
        if entry.get("last") and (best is None or changed > best[0]):
            best = (changed, entry)
    board["latest"] = None if best is None else {"label": best[1]["label"], **best[1]["last"]}
    return board

"""Reading many matches at once (history, stats, standings, settle, export, an event's tables): each match
file found is read and replayed strictly, as ``tally`` reads one, into a ``MatchView``; a damaged one is
``skipped`` with its file, line and reason. Many files are read by a pool of processes.

Progress is the caller's: ``meter(total, label)`` is a context manager whose value is told ``update(1)``
after each file (the command line draws a bar on standard error; ``NO_METER`` draws nothing).
"""

from __future__ import annotations

import json
import os
import threading
from contextlib import contextmanager
from typing import (Any, Callable, Dict, ContextManager, Iterator, List, NamedTuple, Optional, Protocol, Sequence, Tuple,
                    Union)

from gin_ref.core.errors import GinRefError, RecordError, reason
from gin_ref.core.message import Message, english_of
from gin_ref.core.escape import shown_path
from gin_ref.desk.errors import N_, Kind, refuse, refused
from gin_ref.desk.language import gettext, ngettext
from gin_ref.desk.seals import failed_seals
from gin_ref.files import matchfile
from gin_ref.files.matchfind import candidates
from gin_ref.files.matchread import claims_match, read_record
from gin_ref.match.names import differing, look_alikes_across
from gin_ref.core.rules import make_rules
from gin_ref.match.tally import Tally, tally_of
from gin_ref.views.changes import HandSeen, Seen
from gin_ref.views.failed_seal import FailedSeal
from gin_ref.views.history import MatchView

PARALLEL_FROM = 64  # files; fewer are read in this process (starting workers costs more than it saves)
UNREADABLE = "cannot read the file: "
Item = Tuple[str, bool]  # a file found, and whether it was named (not found in a folder)
Skipped = Tuple[str, Optional[int], Union[str, Message]]  # file, line (None: not known), message (said where shown)
Read = Tuple[str, Optional[MatchView], Optional[Tuple[Optional[int], Union[str, Message]]]]


class Meter(Protocol):
    """A progress meter: told after each piece of work (``done``: how many so far)."""

    done: int

    def update(self, count: int) -> None: ...


Metering = Callable[[int, str], ContextManager[Meter]]


class _Quiet:
    done = 0

    def update(self, count: int) -> None:
        self.done += count


@contextmanager
def NO_METER(total: int, label: str) -> Iterator[Meter]:  # noqa: N802 (a constant, used as a function)
    yield _Quiet()


class Matches(NamedTuple):
    """Matches read: ``views`` (in the order found) and ``skipped`` (each file that cannot be read)."""

    views: List[MatchView]
    skipped: List[Skipped]

    def skipped_text(self) -> List[Tuple[str, str]]:
        """``(file, error)`` for people and ``--json``: the error says the line when known."""
        return skipped_text(self.skipped)


def skipped_text(skipped: Sequence[Skipped]) -> List[Tuple[str, str]]:
    """``(file, error)`` in English (the JSON's words, the contract's), the line said when known."""
    return [(file, f"line {line}: {english_of(message)}" if line else english_of(message))
            for file, line, message in skipped]


def read_view(file: str, named: bool = True) -> Optional[MatchView]:
    """One match file as a MatchView, read and replayed strictly (as ``tally`` does). None when a file found
    in a folder is YAML but not a match; RecordError naming the file when it is a damaged match, or a file
    found that cannot be read as YAML at all."""
    found = read_record(file, claims_match, named)
    if found is None:
        return None
    rec, digest = found
    seals = tuple(FailedSeal(item["line"], item["hand"], item["kind"], item["message"], item["correction"])
                  for item in failed_seals(rec.data))
    return view_of(shown_path(file), rec, digest, seals)


def view_of(shown: str, rec: Any, digest: str = "", seals: Tuple[FailedSeal, ...] = ()) -> MatchView:
    """A match read (``matchfile.load``, ``read_record``) as the views take it: typed values, and the record as
    the writer gives it for the JSON export."""
    match = rec.match
    date = match.state.header.date
    return MatchView(shown, "" if date is None else date, match.rules, tally_of(match), seals, digest,
                     matchfile.record_data(rec))


def summary_of(view: MatchView) -> Dict[str, object]:
    """What the standings (and an event's table) need of a match, as plain data for the summary cache
    (``gin_ref.files.summaries``): date, players, whether it is over, the winner, the final scores, three
    players or not, the house rules it is played by (``rules`` {``name``, ``knobs``}, as its record holds
    them) and the seals that fail (``seals``)."""
    tally = view.tally
    return {"date": view.date, "players": view.players, "finished": bool(tally.finished),
            "winner": tally.winner, "final": tally.final, "bonuses": tally.bonuses,
            "three": view.three_player, "rules": {"name": view.house.name, "knobs": view.house.snapshot()},
            "seals": [dict(seal._asdict()) for seal in view.seals]}


def view_of_summary(file: str, summary: Any, digest: str = "") -> MatchView:
    """A MatchView holding only a summary (``summary_of``, checked by ``summaries.well_formed``): enough for
    ``standings``."""
    tally = Tally(tuple(summary["players"]), finished=summary["finished"], winner=summary["winner"],
                  final=summary["final"], bonuses=summary.get("bonuses"), three=bool(summary["three"]))
    rules = summary["rules"]
    seals = tuple(FailedSeal(item["line"], item["hand"], item["kind"], item["message"], item.get("correction"))
                  for item in summary.get("seals") or ())
    return MatchView(file, summary["date"], make_rules(rules["knobs"], rules["name"]), tally, seals, digest)


def read_one(item: Item) -> Read:
    """``(file, view, problem)`` for one candidate; problem is ``(line, message)`` (it crosses processes)."""
    file, named = item
    shown = shown_path(file)  # a name that is not UTF-8 is shown with its bytes escaped
    try:
        return shown, read_view(file, named), None
    except RecordError as exc:  # its message as a Message where it has one: said in the reader's language
        return shown, None, (exc.line, exc.said_as if exc.said_as is not None else exc.message)
    except GinRefError as exc:
        return shown, None, (None, reason(exc))
    except OSError as exc:  # not damaged: gin-ref may not read it (permissions), or the disk failed
        words = exc.strerror or str(exc)
        return shown, None, (None, UNREADABLE + words[:1].lower() + words[1:])


def read_items(items: Sequence[Item], read: Callable[[Item], Read] = read_one,
               meter: Metering = NO_METER) -> Matches:
    """The matches of ``candidates``' items, each read by ``read`` (a top-level function, as ``read_one``:
    it may run in another process)."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    workers = min(cpus, 8)
    results: Optional[List[Read]] = None
    with meter(len(items), N_("reading matches")) as bar:
        # Workers are forked only from a process with one thread: forking beside other threads (the server's
        # event loop and its pool) could copy a lock another thread holds. The server reads in its own process.
        if len(items) >= PARALLEL_FROM and workers > 1 and threading.active_count() == 1:
            from concurrent.futures import BrokenExecutor, ProcessPoolExecutor  # late: only many files start workers

            try:
                with ProcessPoolExecutor(workers) as pool:
                    results = []
                    for done in pool.map(read, items, chunksize=max(1, len(items) // (workers * 4))):
                        results.append(done)
                        bar.update(1)
            except (OSError, NotImplementedError, BrokenExecutor):  # no processes here (or a broken pool): read in this one
                results = None
                bar.done = 0
        if results is None:
            results = []
            for item in items:
                results.append(read(item))
                bar.update(1)
    views: List[MatchView] = []
    skipped: List[Skipped] = []
    for file, view, problem in results:
        if problem is not None:
            skipped.append((file, problem[0], problem[1]))
        elif view is not None:
            views.append(view)
    return Matches(views, skipped)


def read_matches(paths: Sequence[str], meter: Metering = NO_METER) -> Matches:
    """Every readable match in ``paths`` (files, and folders searched with their subfolders), and each match
    file that cannot be read."""
    return read_items(candidates(list(paths)), meter=meter)


def require(matches: Matches, paths: Sequence[str]) -> None:
    """Refuse (DeskError) when no readable match was found."""
    if not matches.views:
        where = ", ".join(paths) if paths else "."
        unreadable = sum(1 for _file, _line, message in matches.skipped
                         if isinstance(message, str) and message.startswith(UNREADABLE))
        damaged = len(matches.skipped) - unreadable
        counts = ([ngettext("%(count)d damaged", "%(count)d damaged", damaged) % {"count": damaged}] if damaged else []) \
            + ([ngettext("%(count)d unreadable", "%(count)d unreadable", unreadable) % {"count": unreadable}]
               if unreadable else [])
        if counts:
            raise refuse(Kind.RECORD, N_("no readable match file in %(where)s (%(counts)s)"), where=where,
                         counts=", ".join(counts))
        raise refuse(Kind.RECORD, N_("no readable match file in %(where)s"), where=where)


def require_all(matches: Matches, paths: Sequence[str]) -> None:
    """Refuse (DeskError) unless every match found reads (the first that does not is named)."""
    if matches.skipped:
        file, line, message = matches.skipped[0]
        raise refused(RecordError(message, line=line, path=file))
    if not matches.views:
        raise refuse(Kind.RECORD, N_("no readable match file in %(where)s"), where=", ".join(paths))


def look_alikes(views: Sequence[MatchView]) -> List[str]:
    """A warning for each two players' names, in different matches, that look alike (``Ann`` and ``Аnn``
    with a Cyrillic А): they are counted as two players."""
    return [gettext("warning: players '%(name)s' (%(file)s) and '%(other)s' (%(other_file)s) look alike "
                    "(%(differing)s): they are counted as two players")
            % {"name": name, "file": file, "other": other, "other_file": other_file,
               "differing": differing(name, other)}
            for name, file, other, other_file in look_alikes_across((view.file, view.players) for view in views)]


def seen_of(data: Any) -> Seen:
    """A reading of a match file as ``gin_ref.views.changes`` compares two: ``data`` is the record as
    ``matchfile.record_data`` gives it, or ``{"unreadable": why}``."""
    if "unreadable" in data:
        return Seen(str(data["unreadable"]))
    identity = tuple(_facts(data.get(key)) for key in ("date", "players", "rules", "start"))
    hands = tuple(_hand_seen(entry) for entry in data.get("hands") or [])
    players = tuple(str(name) for name in data.get("players") or [])
    return Seen(None, identity, players, hands, len(data.get("irregularities") or []), _facts(data))


def _hand_seen(entry: Any) -> HandSeen:
    upcard, knocker, winner = entry.get("upcard"), entry.get("knocker"), entry.get("winner")
    result = entry.get("result")
    return HandSeen(len(entry.get("turns") or []), len(entry.get("irregularities") or []),
                    str(upcard) if upcard else None, None if result is None else str(result),
                    None if knocker is None else str(knocker), None if winner is None else str(winner),
                    entry.get("points"), _facts(entry))


def _facts(value: object) -> str:
    """A value of the record as one text: two are equal when the record holds the same."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)

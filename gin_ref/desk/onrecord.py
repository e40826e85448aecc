"""The table's acts on a record its caller holds: the same work as ``knock``, ``dead`` and ``undo``
(``gin_ref.desk.acts``, ``gin_ref.desk.corrections``), run on a ``matchfile.Record`` that the caller read or
holds inside its own ``store`` change, so it decides when (and whether) the record is written.

``gin_ref.serve``'s tables need it: a hand entered at a table is tried on the file as read (nothing written),
journaled, and written only when the player it costs confirms it, inside the confirm's change of the file
(the journal foresees the seal that write leaves). Each returns the act's outcome, or raises ``DeskError``
as the act would; an act refused *and kept* (an illegal knock) is done on the record and returned, its
refusal said by its outcome; a count over the limit is raised (COUNT_OVER_LIMIT), the deal the same act made
left on the record (the caller writes nothing then).
"""

from __future__ import annotations

from typing import Optional, Tuple, TypeVar

from gin_ref.core.cards import Card
from gin_ref.core.errors import GinRefError
from gin_ref.desk.acts import dead_work, knock_work
from gin_ref.desk.corrections import undo_work
from gin_ref.desk.errors import DeskError, Kind, refused
from gin_ref.desk.outcomes import Corrected, Ended, Knocked
from gin_ref.desk.store import Work
from gin_ref.files import matchfile
from gin_ref.match.knocks import Given

T = TypeVar("T")


def _run(rec: matchfile.Record, work: "Work[T]") -> T:
    try:
        done, kept = work(rec)
    except GinRefError as exc:
        raise refused(exc) from exc
    if kept is not None and kept.kind == Kind.COUNT_OVER_LIMIT:
        raise kept
    return done


def knock_on(rec: matchfile.Record, player: str, knocker: Given, defender: Given, big_gin: bool = False,
             illegal: bool = False, upcard: Optional[Card] = None) -> Knocked:
    """``knock`` on ``rec`` (dealing the hand first when none is open)."""
    return _run(rec, knock_work(player, knocker, defender, None, None, big_gin, illegal, upcard, None))


def dead_on(rec: matchfile.Record, upcard: Optional[Card] = None) -> Ended:
    """``dead`` on ``rec`` (dealing the hand first when none is open)."""
    return _run(rec, dead_work(upcard))


def undo_on(rec: matchfile.Record) -> Corrected:
    """``undo`` on ``rec``: the newest step taken back."""
    return _run(rec, undo_work)


__all__: Tuple[str, ...] = ("knock_on", "dead_on", "undo_on", "DeskError")

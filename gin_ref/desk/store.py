"""How a desk act meets its file: ``change`` (lock, read, act, write; ``store.change``) and ``dry`` (read
and act on a copy in memory, write nothing) run the same work, so that ``can_x`` and ``x`` agree.

A work is a function of the Record read that returns ``(outcome, kept)``: ``kept`` is the ``DeskError`` of
an act refused *and* kept in the record; ``change`` writes the record, then raises it. Any error a work
raises changes nothing and becomes a ``DeskError`` (``errors.refused``).
"""

from __future__ import annotations

import os
from typing import Callable, Optional, Tuple, TypeVar

from gin_ref.core.errors import GinRefError
from gin_ref.desk.errors import DeskError, Refusal, refusal_of, refused
from gin_ref.files import matchfile, store
from gin_ref.files.filewrite import PathName, writable_target

T = TypeVar("T")
Work = Callable[[matchfile.Record], Tuple[T, Optional[DeskError]]]


def change(path: PathName, work: "Work[T]", wait: Optional[float] = None) -> T:
    """Run ``work`` on the match file at ``path`` under its lock (waiting at most ``wait`` seconds for
    another writer, default the command line's: none) and write the record back; the outcome, or the
    ``DeskError`` of what was refused (and, when kept, written)."""
    try:
        with store.change(path, wait) as rec:
            done, kept = work(rec)
    except GinRefError as exc:
        raise refused(exc) from exc
    if kept is not None:
        raise kept
    return done


def dry(path: PathName, work: "Work[T]") -> Optional[Refusal]:
    """What ``change(path, work)`` would refuse, now (None: it would succeed): the file is checked as a
    writer checks it and read, ``work`` runs on the copy in memory, and nothing is written. Another writer
    may change the file before the act is made: ``change`` then decides."""
    try:
        writable_target(os.fspath(path), must_exist=True)
        done, kept = work(matchfile.load(path))
    except GinRefError as exc:
        return refusal_of(exc)
    return kept.refusal if kept is not None else None

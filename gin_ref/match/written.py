"""The record's lists as written, read once: ``written`` gives its hands, the match's irregularities and its
corrections, each item as the file holds it, for what reads a record before a replay or without one (the
seals: digests over the mappings as written; the count of steps; the keys format /1 does not have; the
listings of ``verify``, which read a record that does not replay too).

A list of the wrong shape (not a list) reads as empty, and an item that is not a mapping as None (kept in
its place, so every item keeps its index): the replay reports each once. A hand's ``turns`` and
``irregularities`` that are not lists read as none too (``WrittenHand``).
"""

from typing import Dict, Iterator, List, Mapping, NamedTuple, Optional, Tuple

__all__ = ["Written", "WrittenHand", "written"]

Mapped = Optional[Dict[str, object]]  # an item as written: a mapping, or None for one that is not


class WrittenHand(NamedTuple):
    """A hand entry as written (``entry``, the record's own mapping), at its index among the hands
    (``at``): how many turns it holds, its irregularities (each a mapping, or None), its result as written
    (None: none) and its ruling (None: none, or not a mapping)."""

    at: int
    entry: Dict[str, object]
    turns: int
    irregularities: Tuple[Mapped, ...]
    result: object
    ruling: Mapped


class Written(NamedTuple):
    """The record's lists as written: each hand's mapping (None for one that is not a mapping), the match's
    own irregularities and the corrections (each a mapping, or None)."""

    hands: Tuple[Mapped, ...]
    irregularities: Tuple[Mapped, ...]
    corrections: Tuple[Mapped, ...]

    def played(self) -> Iterator[WrittenHand]:
        """Each hand that is a mapping, in order, read (``WrittenHand``)."""
        for at, entry in enumerate(self.hands):
            if entry is not None:
                turns, items, ruling = entry.get("turns"), entry.get("irregularities"), entry.get("ruling")
                yield WrittenHand(at, entry, len(turns) if isinstance(turns, list) else 0,
                                  _mapped(items) if items else (), entry.get("result"),
                                  ruling if isinstance(ruling, dict) else None)


def written(record: Mapping[str, object]) -> Written:
    """The lists of ``record`` (plain data, as a file holds it), read once."""
    return Written(_mapped(record.get("hands")), _mapped(record.get("irregularities")),
                   _mapped(record.get("corrections")))


def _mapped(items: object) -> Tuple[Mapped, ...]:
    """Each item of ``items`` (when it is a list), a mapping or None; () when it is not a list."""
    if not isinstance(items, list):
        return ()
    listed: List[object] = items
    return tuple([item if isinstance(item, dict) else None for item in listed])

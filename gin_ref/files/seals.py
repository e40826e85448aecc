"""Seals: a short digest chain over a record, so that a hand edited outside gin-ref shows (issue 15 item 3).

Each settled hand carries ``seal``: the first 16 hex digits of a SHA-256 over the previous seal and the
hand's recorded facts (every key of its entry but the seal, in a canonical JSON form). The first hand's
"previous seal" is the digest of the record's head (format, date, players, rules snapshot, start). The end
of record holds the end seal: a digest over the last hand's seal, the number of hands and the last
correction's seal, so a deleted last hand (its seal copied into the end line), a changed count or stripped
seals show too, and mending the end line by hand takes computing a digest.

Corrections (what ``undo``, ``redo`` and ``amend`` keep, which ``undo`` and ``redo`` can bring back into
play) are sealed too, in a chain of their own from the head's seal: each carries ``seal`` over the previous
correction's seal and its own facts. A /2 record written before corrections were sealed (its end seal is
its last hand's, its corrections carry none) is "legacy": ``check_seals`` says so, and the next write seals
its corrections and end line. In a record sealed this way a correction whose seal fails (edited, or
stripped) is named; ``undo`` and ``redo`` are refused while one fails (they draw on the corrections), and a
write never seals it again.

``check_seals`` names every hand whose facts no longer match its seal; each hand is checked against the
seal stored before it, so one edited hand is one warning, not a cascade. ``reseal`` writes the chain after
a change, from the first hand the change touched: a hand there whose seal already failed is never sealed
again (``UnsealedError`` names it), unless the change confirms it (an ``amend`` of that hand).

A seal is no security claim: anyone can recompute the digests. It detects edits by hand and bad copies.
"""

import json
from typing import Any, Dict, Iterator, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from gin_ref.core.digest import sha256
from gin_ref.core.errors import IllegalActionError
from gin_ref.core.message import Message, N_, Nn_
from gin_ref.match.problems import Where
from gin_ref.match.schema import SEALED_FORMAT

Record = Dict[str, Any]  # a record as the file holds it (the writer's, files/matchtop.py)

LENGTH = 16  # hex digits kept of each digest
HEAD_KEYS = ("format", "date", "players", "rules", "start")


class UnsealedError(IllegalActionError):
    """A change would seal again a hand whose seal already fails."""


class Broken(NamedTuple):
    """A seal that fails: the hand (None: the end of record), the key path to point at, and what is wrong
    (``edited``, ``missing``, ``end``)."""

    hand: object  # the hand's number as written (a record that replays: an int); None: the end of record
    where: Where
    kind: str  # edited, missing, end, correction_edited, correction_missing, legacy

    @property
    def correction(self) -> Optional[int]:
        """The correction's number (1 for the first), for a correction's seal."""
        place = self.where[1] if self.kind.startswith("correction") else None
        return place + 1 if isinstance(place, int) else None


# -- the record's lists as written ---------------------------------------------------------------------------
# The record's lists as written, read once: ``written`` gives its hands, the match's irregularities and its
# corrections, each item as the file holds it, for what reads a record before a replay or without one (the
# seals: digests over the mappings as written; the keys format /1 does not have (``gin_ref.files.recordformat``); the
# listings of ``verify`` of a record whose head does not read).
#
# A list of the wrong shape (not a list) reads as empty, and an item that is not a mapping as None (kept in
# its place, so every item keeps its index): the replay reports each once. A hand's ``turns`` and
# ``irregularities`` that are not lists read as none too (``WrittenHand``).

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


# One encoder for every digest (json.dumps with options would build a new one per call).
_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def _canonical(value: object) -> bytes:
    return _ENCODER.encode(value).encode()


def _digest(previous: str, data: bytes) -> str:
    return sha256(previous.encode() + b"\n" + data).hexdigest()[:LENGTH]


def head_seal(record: Mapping[str, object]) -> str:
    """The digest of the record's head: the chain's start. Its ``format`` is the seal chain's
    (``SEALED_FORMAT``, /2), whatever the file's: the chain is /2's in a /3 record too, so upgrading a record
    leaves every seal it holds valid and unchanged."""
    head = {key: record.get(key) for key in HEAD_KEYS}
    head["format"] = SEALED_FORMAT
    return _digest("", _canonical(head))


def facts(entry: Mapping[str, object]) -> bytes:
    """A hand's recorded facts as sealed: every key but the seal."""
    unsealed = dict(entry)
    unsealed.pop("seal", None)
    return _canonical(unsealed)


def seal_of(previous: str, entry: Mapping[str, object]) -> str:
    return _digest(previous, facts(entry))


def _sealed(entry: Mapped) -> bool:
    """A hand that carries a seal once written (None: not a mapping): a settled one (or an open one a ruling
    closed)."""
    return entry is not None and (entry.get("result") is not None or isinstance(entry.get("ruling"), dict))


def correction_seals(record: Record, lists: Optional[Written] = None) -> List[Tuple[int, Optional[str], str]]:
    """``(index, stored, expected)`` of each correction: its seal as stored (None: none) and the seal it
    should carry, over the seal stored before it (the head's for the first). ``lists``: the record's
    (``gin_ref.match.schema``), when read already."""
    found: List[Tuple[int, Optional[str], str]] = []
    previous = head_seal(record)
    for index, item in enumerate((lists or written(record)).corrections):
        if item is None:
            continue
        seal = item.get("seal")
        stored = seal if isinstance(seal, str) else None
        expected = seal_of(previous, item)
        found.append((index, stored, expected))
        previous = stored if stored is not None else expected
    return found


def _last_correction_seal(record: Record, lists: Written) -> Optional[str]:
    found = correction_seals(record, lists)
    if not found:
        return None
    index, stored, expected = found[-1]
    return stored if stored is not None else expected


def end_seal(record: Record, lists: Optional[Written] = None) -> Optional[str]:
    """The seal the end line holds: over the last hand's seal (the head's without one), the number of hands
    and the last correction's seal; None while nothing is sealed (no settled hand, no correction)."""
    lists = lists or written(record)
    if not has_seals(record, lists) and not lists.corrections:
        return None
    return _digest(last_seal(record, lists), _canonical({"hands": len(lists.hands),
                                                         "corrections": _last_correction_seal(record, lists)}))


def is_legacy(record: Record, stored_end: Optional[str], lists: Optional[Written] = None) -> bool:
    """Is this a /2 record written before corrections and the hand count were sealed: its end seal is the
    one of that time (the last hand's, none without a settled hand), no correction carries a seal, and
    there is something the newer end seal would cover?"""
    lists = lists or written(record)
    if any(item is not None and "seal" in item for item in lists.corrections):
        return False
    legacy = last_seal(record, lists) if has_seals(record, lists) else None
    return stored_end == legacy and stored_end != end_seal(record, lists)


def check_seals(record: Record, end_seal_stored: Optional[str]) -> List[Broken]:
    """Every seal that fails: each sealed hand against the seal before it, each correction against the
    correction's before it, then ``end_seal_stored`` (the end of record's) against ``end_seal``. A legacy
    record (``is_legacy``) gives one ``legacy`` item instead of the corrections' and the end's."""
    return _check_seals(record, end_seal_stored, written(record))


def _check_seals(record: Record, end_seal_stored: Optional[str], lists: Written) -> List[Broken]:
    broken: List[Broken] = []
    previous = head_seal(record)
    for index, entry in enumerate(lists.hands):
        if entry is None or not _sealed(entry):
            continue
        number = entry.get("number", index + 1)
        stored = entry.get("seal")
        if not isinstance(stored, str):
            broken.append(Broken(number, ("hands", index), "missing"))
            previous = seal_of(previous, entry)
            continue
        if stored != seal_of(previous, entry):
            broken.append(Broken(number, ("hands", index, "seal"), "edited"))
        previous = stored
    result = record.get("result")
    if isinstance(result, dict):  # a result-only record (gin_ref.match.resultonly): its result is the last link
        stored = result.get("seal")
        if not isinstance(stored, str):
            broken.append(Broken(None, ("result",), "result_missing"))
            stored = seal_of(previous, result)
        elif stored != seal_of(previous, result):
            broken.append(Broken(None, ("result", "seal"), "result_edited"))
        previous = stored
    if is_legacy(record, end_seal_stored, lists):
        broken.append(Broken(None, ("corrections",), "legacy"))
        return broken
    for index, stored_seal, expected in correction_seals(record, lists):
        if stored_seal is None:
            broken.append(Broken(None, ("corrections", index), "correction_missing"))
        elif stored_seal != expected:
            broken.append(Broken(None, ("corrections", index, "seal"), "correction_edited"))
    if end_seal_stored != end_seal(record, lists):
        broken.append(Broken(None, (), "end"))
    return broken


def last_seal(record: Record, lists: Optional[Written] = None) -> str:
    """The seal the end of record holds: the last sealed hand's (the head's without one)."""
    result = record.get("result")
    if isinstance(result, dict) and isinstance(result.get("seal"), str):
        return str(result["seal"])
    for entry in reversed((lists or written(record)).hands):  # the last one sealed: looked for from the end
        if entry is not None and _sealed(entry) and isinstance(entry.get("seal"), str):
            return str(entry["seal"])
    return head_seal(record)


def has_seals(record: Record, lists: Optional[Written] = None) -> bool:
    """Does the record hold anything sealed (a settled hand, or a result-only record's result)?"""
    return isinstance(record.get("result"), dict) or any(_sealed(hand) for hand in (lists or written(record)).hands)


class Before(NamedTuple):
    """What a write needs of a record as it was read: its head seal, each hand's facts digest (None for a
    hand not sealed) and the hands whose seal failed."""

    head: str
    digests: List[Optional[str]]
    stored: List[object]  # each hand's seal as read (None: none; any value a file can hold)
    failing: List[int]
    result_failing: bool = False  # a result-only record's result: its seal failed
    corrections: int = 0  # how many corrections the record held
    failing_corrections: Tuple[int, ...] = ()  # the numbers of those whose seal failed
    legacy: bool = False  # written before corrections were sealed (``is_legacy``)


def before_write(record: Record, stored_end: Optional[str]) -> Before:
    """The ``Before`` of a record just read (its end of record's seal: ``stored_end``)."""
    lists = written(record)
    digests = [None if entry is None else sha256(facts(entry)).hexdigest() for entry in lists.hands]
    stored = [None if entry is None else entry.get("seal") for entry in lists.hands]
    broken = _check_seals(record, stored_end, lists)
    failing = [b.hand for b in broken if type(b.hand) is int]  # noqa: E721 (a record written replays)
    corrections = tuple(b.correction for b in broken if b.correction is not None)
    return Before(head_seal(record), digests, stored, failing,
                  result_failing=any(b.kind.startswith("result") for b in broken),
                  corrections=len(lists.corrections), failing_corrections=corrections,
                  legacy=any(b.kind == "legacy" for b in broken))


def reseal(after: Record, before: Optional[Before] = None, confirm: Optional[int] = None) -> Optional[str]:
    """Seal ``after`` (the record about to be written; ``before``: as it was read, None for a new record)
    in place, from the first hand whose facts changed, and its corrections; returns the end seal. Raises UnsealedError,
    changing nothing, when a hand from there on had a failing seal before (``confirm``: the number of a hand
    the change confirms, an amend's, which may be sealed again)."""
    lists = written(after)
    head = head_seal(after)
    start, failing = 0, []
    if before is not None and before.head == head:
        failing = before.failing
        start = _first_changed(lists.hands, before)
    if confirm is not None:  # the hand confirmed is sealed again, whatever else changed
        start = min(start, confirm - 1)
    _refuse_failing([number for number in failing if number > start and number != confirm])
    _verify_corrections(lists, before)
    previous = _seal_hands(lists.hands, head, start)
    result = after.get("result")
    if isinstance(result, dict):  # a result-only record: its result sealed on the head (confirm 0: an amend of it)
        if before is not None and before.head == head and before.result_failing and confirm != 0:
            raise UnsealedError(Message(N_("the result changed outside gin-ref (its seal fails): look, then confirm "
                                           "it with 'gin-ref amend result PLAYER POINTS ...', which seals it again")))
        result.pop("seal", None)
        result["seal"] = seal_of(previous, result)
    _seal_corrections(after, lists, before)
    return end_seal(after, lists)


def _first_changed(hands: Sequence[Mapped], before: Before) -> int:
    """The index of the first hand whose facts or seal differ from the record as read (else the count)."""
    return next((index for index, entry in enumerate(hands)
                 if index >= len(before.digests) or entry is None
                 or sha256(facts(entry)).hexdigest() != before.digests[index]
                 or entry.get("seal") != before.stored[index]),
                len(hands))


def _refuse_failing(refused: List[int]) -> None:
    """Refuse (UnsealedError) a write that would seal again the hands whose seal failed (``refused``)."""
    if not refused:
        return
    raise UnsealedError(Message(Nn_("hand %(hands)s changed outside gin-ref (its seal fails): look, then confirm "
                                    "it with 'gin-ref amend %(last)d ...', which seals it again",
                                    "hands %(hands)s changed outside gin-ref (their seals fail): look, then confirm "
                                    "each, the last first, with 'gin-ref amend %(last)d ...', which seals it again"),
                                count=len(refused), hands=", ".join(str(n) for n in refused), last=refused[-1]))


def _seal_hands(hands: Sequence[Mapped], head: str, start: int) -> str:
    """Seal the hands from index ``start`` on, in place (those before keep their seals); returns the last
    seal (the head's without one)."""
    previous = head
    for index, entry in enumerate(hands):
        if entry is None:
            continue
        if not _sealed(entry):
            entry.pop("seal", None)
        elif index < start and isinstance(entry.get("seal"), str):
            previous = str(entry["seal"])
        else:
            entry.pop("seal", None)
            previous = entry["seal"] = seal_of(previous, entry)
    return previous


def _verify_corrections(lists: Written, before: Optional[Before]) -> None:
    """Refuse (UnsealedError) an undo or a redo while a correction's seal fails: they draw on the corrections."""
    if before is None or not before.failing_corrections:
        return
    added = lists.corrections[before.corrections:]
    if any(item is not None and ("undone" in item or "redone" in item or item.get("kind") in ("undo", "redo"))
           for item in added):
        failing = before.failing_corrections
        raise UnsealedError(Message(Nn_("correction %(corrections)s changed outside gin-ref (its seal fails): undo "
                                        "and redo draw on the corrections, so neither is allowed; amend the hands "
                                        "instead",
                                        "corrections %(corrections)s changed outside gin-ref (their seals fail): "
                                        "undo and redo draw on the corrections, so neither is allowed; amend the "
                                        "hands instead"),
                                    count=len(failing), corrections=", ".join(str(n) for n in failing)))


def _seal_corrections(after: Record, lists: Written, before: Optional[Before]) -> None:
    """Seal the corrections: those the record held as read keep their seal (a failing one is never sealed
    again), but for a legacy record's, which carry none and are sealed now; the new ones are sealed on the
    seal stored before them."""
    kept = before.corrections if before is not None else 0
    legacy = before is None or before.legacy
    previous = head_seal(after)
    for index, item in enumerate(lists.corrections):
        if item is None:
            continue
        if index < kept and isinstance(item.get("seal"), str):
            previous = str(item["seal"])
            continue
        if index < kept and not legacy:  # its seal was stripped: not sealed again, unchecked
            previous = seal_of(previous, item)
            continue
        item.pop("seal", None)
        previous = item["seal"] = seal_of(previous, item)


def drop_seals(record: Record) -> None:
    """Take every seal out (a record written in a format without seals)."""
    lists = written(record)
    for entry in lists.hands + lists.corrections:
        if entry is not None:
            entry.pop("seal", None)

def fails(record: Record, number: int) -> bool:
    """Does hand ``number``'s seal fail (checked against the seal stored before it)?"""
    previous = head_seal(record)
    for entry in written(record).hands:
        if entry is None or not _sealed(entry):
            continue
        if entry.get("number") == number:
            return "seal" in entry and entry["seal"] != seal_of(previous, entry)
        if isinstance(entry.get("seal"), str):
            previous = str(entry["seal"])
    return False

"""Seals: a short digest chain over a record, so that a hand edited outside gin-ref shows (issue 15 item 3).

Each settled hand carries ``seal``: the first 16 hex digits of a SHA-256 over the previous seal and the
hand's recorded facts (every key of its entry but the seal, in a canonical JSON form). The first hand's
"previous seal" is the digest of the record's head (format, date, players, rules snapshot, start). The end
of record holds the last seal, so a deleted last hand or stripped seals show too.

``check_seals`` names every hand whose facts no longer match its seal; each hand is checked against the
seal stored before it, so one edited hand is one warning, not a cascade. ``reseal`` writes the chain after
a change, from the first hand the change touched: a hand there whose seal already failed is never sealed
again (``UnsealedError`` names it), unless the change confirms it (an ``amend`` of that hand).

A seal is no security claim: anyone can recompute the digests. It detects edits by hand and bad copies.
"""

import hashlib
import json
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Sequence

from gin_ref.core.errors import IllegalActionError
from gin_ref.match.schema import Record, list_at

LENGTH = 16  # hex digits kept of each digest
HEAD_KEYS = ("format", "date", "players", "rules", "start")


class UnsealedError(IllegalActionError):
    """A change would seal again a hand whose seal already fails."""


class Broken(NamedTuple):
    """A seal that fails: the hand (None: the end of record), the key path to point at, and what is wrong
    (``edited``, ``missing``, ``end``)."""

    hand: Optional[int]
    where: tuple
    kind: str


# One encoder for every digest (json.dumps with options would build a new one per call).
_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def _canonical(value: Any) -> bytes:
    return _ENCODER.encode(value).encode()


def _digest(previous: str, data: bytes) -> str:
    return hashlib.sha256(previous.encode() + b"\n" + data).hexdigest()[:LENGTH]


def head_seal(record: Mapping[str, Any]) -> str:
    """The digest of the record's head: the chain's start."""
    return _digest("", _canonical({key: record.get(key) for key in HEAD_KEYS}))


def facts(entry: Mapping[str, Any]) -> bytes:
    """A hand's recorded facts as sealed: every key but the seal."""
    unsealed = dict(entry)
    unsealed.pop("seal", None)
    return _canonical(unsealed)


def seal_of(previous: str, entry: Mapping[str, Any]) -> str:
    return _digest(previous, facts(entry))


def is_sealed(entry: object) -> bool:
    """A hand that carries a seal once written: a settled one (or an open one a ruling closed)."""
    return isinstance(entry, dict) and (entry.get("result") is not None or isinstance(entry.get("ruling"), dict))


def check_seals(record: Record, end_seal: Optional[str]) -> List[Broken]:
    """Every seal that fails: each sealed hand against the seal before it, then ``end_seal`` (the end of
    record's) against the last hand's."""
    broken: List[Broken] = []
    previous = head_seal(record)
    sealed = False
    for index, entry in enumerate(list_at(record, "hands")):
        if not is_sealed(entry):
            continue
        number = entry.get("number", index + 1)
        sealed = True
        stored = entry.get("seal")
        if not isinstance(stored, str):
            broken.append(Broken(number, ("hands", index), "missing"))
            previous = seal_of(previous, entry)
            continue
        if stored != seal_of(previous, entry):
            broken.append(Broken(number, ("hands", index, "seal"), "edited"))
        previous = stored
    result = record.get("result")
    if isinstance(result, dict):  # a result-only record (gin_ref.match.result): its result is the last link
        sealed = True
        stored = result.get("seal")
        if not isinstance(stored, str):
            broken.append(Broken(None, ("result",), "result_missing"))
            stored = seal_of(previous, result)
        elif stored != seal_of(previous, result):
            broken.append(Broken(None, ("result", "seal"), "result_edited"))
        previous = stored
    if end_seal != (previous if sealed else None):  # nothing sealed: the end holds no seal
        broken.append(Broken(None, (), "end"))
    return broken


def last_seal(record: Record) -> str:
    """The seal the end of record holds: the last sealed hand's (the head's without one)."""
    previous = head_seal(record)
    for entry in list_at(record, "hands"):
        if is_sealed(entry) and isinstance(entry.get("seal"), str):
            previous = entry["seal"]
    result = record.get("result")
    if isinstance(result, dict) and isinstance(result.get("seal"), str):
        previous = result["seal"]
    return previous


def has_seals(record: Record) -> bool:
    """Does the record hold anything sealed (a settled hand, or a result-only record's result)?"""
    return isinstance(record.get("result"), dict) or any(is_sealed(entry) for entry in list_at(record, "hands"))


class Before(NamedTuple):
    """What a write needs of a record as it was read: its head seal, each hand's facts digest (None for a
    hand not sealed) and the hands whose seal failed."""

    head: str
    digests: List[Optional[str]]
    stored: List[Optional[str]]  # each hand's seal as read
    failing: List[int]
    result_failing: bool = False  # a result-only record's result: its seal failed


def before_write(record: Record, end_seal: Optional[str]) -> Before:
    """The ``Before`` of a record just read (its end of record's seal: ``end_seal``)."""
    digests = [hashlib.sha256(facts(entry)).hexdigest() if isinstance(entry, dict) else None
               for entry in list_at(record, "hands")]
    stored = [entry.get("seal") if isinstance(entry, dict) else None for entry in list_at(record, "hands")]
    broken = check_seals(record, end_seal)
    failing = [b.hand for b in broken if b.hand is not None]
    return Before(head_seal(record), digests, stored, failing, any(b.kind.startswith("result") for b in broken))


def reseal(after: Record, before: Optional[Before] = None, confirm: Optional[int] = None) -> str:
    """Seal ``after`` (the record about to be written; ``before``: as it was read, None for a new record)
    in place, from the first hand whose facts changed; returns the last seal. Raises UnsealedError,
    changing nothing, when a hand from there on had a failing seal before (``confirm``: the number of a hand
    the change confirms, an amend's, which may be sealed again)."""
    hands = list_at(after, "hands")
    head = head_seal(after)
    start, failing = 0, []
    if before is not None and before.head == head:
        failing = before.failing
        start = next((index for index, entry in enumerate(hands)
                      if index >= len(before.digests) or not isinstance(entry, dict)
                      or hashlib.sha256(facts(entry)).hexdigest() != before.digests[index]
                      or entry.get("seal") != before.stored[index]),
                     len(hands))
    if confirm is not None:  # the hand confirmed is sealed again, whatever else changed
        start = min(start, confirm - 1)
    refused = [number for number in failing if number > start and number != confirm]
    if refused:
        which = ", ".join(str(n) for n in refused)
        one = len(refused) == 1
        raise UnsealedError(f"hand{'' if one else 's'} {which} changed outside gin-ref ({'its seal fails' if one else 'their seals fail'}): "
                            f"look, then confirm {'it' if one else 'each, the last first,'} with 'gin-ref amend "
                            f"{refused[-1]} ...', which seals it again")
    previous = head
    for index, entry in enumerate(hands):
        if not isinstance(entry, dict):
            continue
        if not is_sealed(entry):
            entry.pop("seal", None)
        elif index < start and isinstance(entry.get("seal"), str):
            previous = entry["seal"]
        else:
            entry.pop("seal", None)
            entry["seal"] = seal_of(previous, entry)
            previous = entry["seal"]
    result = after.get("result")
    if isinstance(result, dict):  # a result-only record: its result sealed on the head (confirm 0: an amend of it)
        if before is not None and before.head == head and before.result_failing and confirm != 0:
            raise UnsealedError("the result changed outside gin-ref (its seal fails): look, then confirm it with "
                                "'gin-ref amend result PLAYER POINTS ...', which seals it again")
        result.pop("seal", None)
        result["seal"] = seal_of(previous, result)
        previous = result["seal"]
    return previous


def drop_seals(record: Record) -> None:
    """Take every seal out (a record written in a format without seals)."""
    for entry in list_at(record, "hands"):
        if isinstance(entry, dict):
            entry.pop("seal", None)



def fails(record: Record, number: int) -> bool:
    """Does hand ``number``'s seal fail (checked against the seal stored before it)?"""
    previous = head_seal(record)
    for entry in list_at(record, "hands"):
        if not is_sealed(entry):
            continue
        if entry.get("number") == number:
            return "seal" in entry and entry["seal"] != seal_of(previous, entry)
        if isinstance(entry.get("seal"), str):
            previous = entry["seal"]
    return False

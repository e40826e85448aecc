"""The top level of a match record, first read into its typed value (``gin_ref.match.record.Record``) and
written back: the one place the top level becomes a mapping again (#36 item 1).

``read`` is the first reading of a parsed file: the header (a problem it cannot go past: no Record), a
result-only record's result, each deal refused (typed, or None where it cannot be, with its hand as written)
and the corrections, each part with its problems, held by part (``gin_ref.match.record.Read``); the replay
(``gin_ref.match.replay.replay_record``) says them where it reaches each part, in the order the file's
checks have always been said. The checks of each part run here, in that order: the head's
(``gin_ref.match.header``), the result's (``gin_ref.match.resultonly.check_result``: its shape and the
scores the rules can give), each deal refused's (``gin_ref.match.irregularities``) and the corrections'
(``gin_ref.match.corrections``). ``typed`` is the Record of a record to be written (whole, or an
AssertionError). ``write`` gives the mapping the canonical writer lays out (``gin_ref.files.matchfile.dumps``):
the top-level keys in the record's order (``TOP_KEYS``), each correction's keys in the order gin-ref writes
them, a deal an undo took back laid out as a hand. A read and a write change nothing:
tests/test_record_round_trip.py writes every record under examples/ and tests/ through them and compares
the text byte for byte.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from gin_ref.core.message import Message, N_
from gin_ref.match.corrections import Correction, read_corrections
from gin_ref.match.header import read_header
from gin_ref.match.irregularities import read_match_irregularity
from gin_ref.match.problems import Problem, Problems, Unreadable
from gin_ref.match.record import Read, Record
from gin_ref.match.resultonly import RESULT_KEY, check_result
from gin_ref.match.schema import FORMAT, FORMAT_2, HAND_KEYS, TOP_KEYS
from gin_ref.match.steps import Kept, file_form, paper_of

if TYPE_CHECKING:
    from gin_ref.match.record import Refusal

__all__ = ["read", "typed", "write", "in_file_order"]

HEAD_KEYS = TOP_KEYS[:TOP_KEYS.index("hands")]  # format, date, players, rules, start
WORDS = {"undo": "undone", "redo": "redone", "amend": "amended"}  # /2's words for what a correction did


def read(data: object) -> Read:
    """The first reading of a record's top level (plain data, as parsed): its Record, each part typed, and
    each part's problems, held by part (``Read``) for the replay to say in the order it reaches them. The
    head is read first: a problem it cannot go past leaves no Record. A part of another shape is left out
    of the Record (``verify`` shows what it can of it): its problems say so."""
    head = Problems()
    try:
        header = read_header(data, head)
    except Unreadable:
        return Read(None, tuple(head))
    assert isinstance(data, dict)  # (read_header's first check)
    hands = data["hands"]  # a list (read_header's check)
    result, paper, seal, written = Problems(), None, None, None
    if RESULT_KEY in data:
        given = data[RESULT_KEY]
        paper = check_result(data, header.rules, header.players, result)
        if paper is not None and isinstance(given, dict):
            written, seal = paper_of(given), given.get("seal")
    refused, listed = _refused(data.get("irregularities"), header.players)
    found = Problems()
    corrections = read_corrections(data, found)
    record = Record(header, tuple((key, data[key]) for key in HEAD_KEYS if key in data), tuple(hands),
                    None if refused is None else tuple(kept for kept, _hand, _said in refused if kept is not None),
                    tuple(corrections), written, seal if isinstance(seal, str) else None)
    return Read(record, tuple(head), tuple(result), paper, tuple(refused or ()), listed, tuple(found))


def _refused(listed: object, players: List[str]) -> Tuple[Optional[List[Refusal]], Tuple[Problem, ...]]:
    """Each deal refused (the match's ``irregularities``) read: ``(refusals, problems of the list)``; None
    and a problem when the record holds another shape, None alone when it holds none."""
    if listed is None:
        return None, ()
    if not isinstance(listed, list):
        problems = Problems()
        problems.add(("irregularities",), Message(N_("'irregularities' must be a list")))
        return None, tuple(problems)
    refused: List[Refusal] = []
    for i, item in enumerate(listed):
        said = Problems()
        irregularity = read_match_irregularity(item, ("irregularities", i), players, said)
        detail = item.get("detail") if isinstance(item, dict) else None
        kept = None if irregularity is None else \
            Kept(irregularity._replace(where=()), (), detail if isinstance(detail, str) else None)
        refused.append((kept, item.get("hand") if isinstance(item, dict) else None, tuple(said)))
    return refused, ()


def typed(data: Dict[str, Any]) -> Record:
    """The Record of a record to be written (one that replays: made by gin-ref, or read strictly). One whose
    top level the Record cannot hold whole (an unknown key, a part of another shape) is a defect of the
    caller, never written in part: AssertionError."""
    reading = read(data) if isinstance(data.get("hands"), list) else None
    record = reading.record if reading is not None else None
    corrections = data.get("corrections")
    if reading is None or record is None or any(key not in TOP_KEYS for key in data) or \
            not isinstance(corrections, list) or len(record.corrections) != len(corrections) or reading.listed or \
            any(kept is None for kept, _hand, _said in reading.refused) or \
            (RESULT_KEY in data) != (record.result is not None):
        raise AssertionError(f"a record that does not replay cannot be written: {sorted(data)}")
    return record


def write(record: Record) -> Dict[str, Any]:
    """The record's top level as the file holds it, in the file's order (a /2 record's format written as
    /3: every write is /3)."""
    data: Dict[str, Any] = dict(record.head)
    if data.get("format") == FORMAT_2:
        data["format"] = FORMAT
    data["hands"] = [in_file_order(hand) if isinstance(hand, dict) else hand for hand in record.hands]
    if record.result is not None:
        result = file_form(record.result)
        if record.result_seal is not None:
            result["seal"] = record.result_seal
        data[RESULT_KEY] = result
    if record.irregularities is not None:
        data["irregularities"] = [file_form(kept) for kept in record.irregularities]
    data["corrections"] = [correction_data(item) for item in record.corrections]
    return data


def correction_data(item: Correction) -> Dict[str, Any]:
    """A correction as the file holds it: what it did (/3's ``kind``, or /2's words, as written), its date,
    the hand amended and the hands then, the entry it keeps (a deal's laid out as a hand), its step, its
    counts of steps and its seal."""
    what = "undo" if item.undone else "redo" if item.redone else "amend"
    data: Dict[str, Any] = {"kind": what} if item.said is None else {WORDS[what]: item.said}
    data["date"] = item.date
    if item.hand is not None:
        data["hand"] = item.hand
    if item.hands is not None:
        data["hands"] = item.hands
    if item.entry is not None:
        data["entry"] = in_file_order(item.entry) if item.step is not None and item.step.kind == "deal" \
            else item.entry
    if item.step is not None:
        step: Dict[str, Any] = {"kind": item.step.kind, "hand": item.step.hand}
        if item.step.turn is not None:
            step["turn"] = item.step.turn
        data["step"] = step
    if item.steps is not None:
        data["steps"] = list(item.steps)
    if item.seal is not None:
        data["seal"] = item.seal
    return data


def in_file_order(entry: Dict[str, Any]) -> Dict[str, Any]:
    """A hand entry with its keys in the order the file lays them out (HAND_KEYS; a key it does not know
    after them), in place. The writer lays each hand out so: the record in memory keeps no order."""
    ranks = [_RANK.get(key, len(HAND_KEYS)) for key in entry]
    if ranks != sorted(ranks):  # laid out again in place (not copied: the seals written go into the hand)
        ordered = sorted(entry.items(), key=lambda item: _RANK.get(item[0], len(HAND_KEYS)))
        entry.clear()
        entry.update(ordered)
    return entry


_RANK = {key: rank for rank, key in enumerate(HAND_KEYS)}



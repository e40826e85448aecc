"""The top level of a match record, read into its typed value (``gin_ref.match.record.Record``) and
written back: the one place the top level becomes a mapping again (#36 item 1).

``read`` takes a record that replays (what a ``gin_ref.match.model.Match`` holds; ``lenient``: one with
problems, for ``verify`` to show) and gives its Record: the header, the head as written, each hand as a
``RecordedHand`` (its values as written), each deal refused as a ``Kept``, each correction as a
``Correction`` and a result-only record's result as a ``PaperResult`` with its seal. ``write`` gives the
mapping the canonical writer lays out (``gin_ref.files.matchfile.dumps``): the top-level keys in the
record's order (``TOP_KEYS``), each hand's in the file's order (``hand_data``, the one place a hand becomes a
mapping), each correction's keys in the order gin-ref writes them, a deal an undo took
back laid out as a hand. A read and a write change nothing: tests/test_record_round_trip.py writes every
record under examples/ and tests/ through them and compares the text byte for byte.
"""

from typing import Any, Dict, Optional

from gin_ref.match.corrections import Correction, read_corrections
from gin_ref.match.handread import RecordedHand, recorded_hand
from gin_ref.match.header import Header, read_header
from gin_ref.match.problems import Problems
from gin_ref.match.record import Record
from gin_ref.match.resultonly import RESULT_KEY
from gin_ref.match.schema import FORMAT, FORMAT_2, HAND_KEYS, TOP_KEYS
from gin_ref.match.steps import Kept, irregularity_pairs, paper_of, paper_pairs

__all__ = ["read", "write", "hand_data", "in_file_order"]

HEAD_KEYS = TOP_KEYS[:TOP_KEYS.index("hands")]  # format, date, players, rules, start
WORDS = {"undo": "undone", "redo": "redone", "amend": "amended"}  # /2's words for what a correction did


def read(data: Dict[str, Any], header: Optional[Header] = None, lenient: bool = False) -> Record:
    """The Record of a record's data as read: one that replays (``gin_ref.match.model.Match``), its header
    (``header``: as the replay read it; else read here). A top level it cannot type whole (an unknown key,
    a part of another shape) is a defect of the caller, never written in part: AssertionError; unless
    ``lenient`` (a record with problems, read for ``verify`` to show: each part of another shape left out)."""
    hands, refused, corrections = (data.get(key) for key in ("hands", "irregularities", "corrections"))
    if not lenient and isinstance(hands, list) and not all(isinstance(item, dict) for item in hands):
        raise AssertionError("a record whose hands are not all mappings cannot be written")
    result = data.get(RESULT_KEY)
    unknown = [key for key in data if key not in TOP_KEYS]
    if not lenient and (unknown or not isinstance(hands, list) or not isinstance(corrections, list) or
                        not all(isinstance(item, dict) for item in corrections) or
                        not (refused is None or isinstance(refused, list) and
                             all(isinstance(item, dict) for item in refused)) or
                        not (result is None or isinstance(result, dict))):
        raise AssertionError(f"a record that does not replay cannot be written: {sorted(data)}")
    seal = result.get("seal") if isinstance(result, dict) else None
    return Record(header if header is not None else read_header(data, Problems()),
                  tuple((key, data[key]) for key in HEAD_KEYS if key in data),
                  tuple(recorded_hand(item) if isinstance(item, dict) else RecordedHand() for item in hands)
                  if isinstance(hands, list) else (),
                  tuple(Kept.of(item) for item in refused if isinstance(item, dict)) if isinstance(refused, list)
                  else None,
                  tuple(read_corrections(data)), paper_of(result) if isinstance(result, dict) else None,
                  seal if isinstance(seal, str) else None)


def write(record: Record) -> Dict[str, Any]:
    """The record's top level as the file holds it, in the file's order (a /2 record's format written as
    /3: every write is /3)."""
    data: Dict[str, Any] = dict(record.head)
    if data.get("format") == FORMAT_2:
        data["format"] = FORMAT
    data["hands"] = [hand_data(hand) for hand in record.hands]
    if record.result is not None:
        result = dict(paper_pairs(record.result))
        if record.result_seal is not None:
            result["seal"] = record.result_seal
        data[RESULT_KEY] = result
    if record.irregularities is not None:
        data["irregularities"] = [dict(irregularity_pairs(kept)) for kept in record.irregularities]
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
        entry = dict(item.entry.written)
        data["entry"] = in_file_order(entry) if item.step is not None and item.step.kind == "deal" else entry
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


def hand_data(hand: RecordedHand) -> Dict[Any, Any]:
    """A hand as the file holds it: its keys in the file's order (HAND_KEYS; a key gin-ref does not know
    after them). A new mapping each time: the seals the writer works out go into it, never into the hand."""
    return dict(hand.written())


def in_file_order(entry: Dict[str, Any]) -> Dict[str, Any]:
    """A hand a correction keeps (a mapping, as written) with its keys in the order the file lays them out
    (HAND_KEYS; a key it does not know after them): a new mapping."""
    return dict(sorted(entry.items(), key=lambda item: _RANK.get(item[0], len(HAND_KEYS))))


_RANK = {key: rank for rank, key in enumerate(HAND_KEYS)}



"""The corrections of a match file, first read (``gin_ref.files.matchtop.read``): each item of its
``corrections`` read into a typed ``gin_ref.match.corrections.Correction`` and its shape in the file checked,
by small functions listed in the order their problems are reported (``CORRECTION_CHECKS``), each problem at
its key path: the keys a correction holds, /2's words, its date, its counts of steps, its step and an
amend's hand. What each correction did, its counts, its step and the entry it keeps are read here too
(``read_one``: leniently, a value of another shape reads as None), so the match layer takes the typed
Correction only.
"""

from typing import Callable, Dict, List, Mapping, Optional, Tuple

from gin_ref.core.message import Message, N_
from gin_ref.files.itemread import item_of, ruling_of
from gin_ref.files.yamldata import line_in
from gin_ref.match.corrections import CORRECTION_KEYS, Correction, KeptEntry, StepRef
from gin_ref.match.header import check_date
from gin_ref.match.problems import Problems, Where
from gin_ref.match.schema import CORRECTION_KINDS, CORRECTION_WORDS

__all__ = ["CORRECTION_CHECKS", "did", "read_corrections", "read_one"]


def read_corrections(record: Mapping[str, object], problems: Optional[Problems] = None) -> List[Correction]:
    """The record's corrections, in order, each read into a ``Correction`` (one that is not a mapping is
    left out). With ``problems``, each one's shape is checked too, each problem at its key path."""
    corrections = record.get("corrections", [])
    if not isinstance(corrections, list):
        if problems is not None:
            problems.add(("corrections",), Message(N_("'corrections' must be a list")))
        return []
    read: List[Correction] = []
    for place, item in enumerate(corrections):
        if problems is not None:
            _check(item, ("corrections", place), problems)
        if isinstance(item, dict):
            read.append(read_one(place, item, line_in(corrections, place)))
    return read


def _check(item: object, where: Where, problems: Problems) -> None:
    what = did(item) if isinstance(item, dict) else None
    if not isinstance(item, dict) or what is None or "date" not in item or (what != "redo" and "entry" not in item):
        problems.add(where, Message(N_("a correction holds its 'kind' (undo, redo or amend), its 'date' and (but for "
                                       "a redo) the 'entry' it keeps")))
        return
    for check in CORRECTION_CHECKS:
        check(item, what, where, problems)


CorrectionCheck = Callable[[Mapping[str, object], str, Where, Problems], None]


def _correction_keys(item: Mapping[str, object], what: str, where: Where, problems: Problems) -> None:
    for key in item:
        if key not in CORRECTION_KEYS:
            problems.add(where + (key,), Message(N_("unknown key '%(key)s' in a correction"), key=key))


def _correction_words(item: Mapping[str, object], what: str, where: Where, problems: Problems) -> None:
    for key in CORRECTION_WORDS:  # kept from /2
        if key in item and not isinstance(item[key], str):
            problems.add(where + (key,), Message(N_("a correction's '%(key)s' must say what was done, in words"),
                                                 key=key))


def _correction_date(item: Mapping[str, object], what: str, where: Where, problems: Problems) -> None:
    check_date(item["date"], where + ("date",), Message(N_("a correction's date")), problems, timestamp=True)


def _correction_steps(item: Mapping[str, object], what: str, where: Where, problems: Problems) -> None:
    steps = item.get("steps")
    if "steps" in item and not (isinstance(steps, list) and len(steps) == 2 and
                                all(type(n) is int and n >= 0 for n in steps)):  # noqa: E721
        problems.add(where + ("steps",), Message(N_("a correction's 'steps' are two counts: [before, after]")))


def _correction_step(item: Mapping[str, object], what: str, where: Where, problems: Problems) -> None:
    step = item.get("step")
    if "step" in item and not (isinstance(step, dict) and isinstance(step.get("kind"), str) and
                               type(step.get("hand")) is int):  # noqa: E721
        problems.add(where + ("step",), Message(N_("a correction's 'step' holds its kind and hand")))


def _correction_amend(item: Mapping[str, object], what: str, where: Where, problems: Problems) -> None:
    if what == "amend" and not (type(item.get("hand")) is int and "steps" in item):  # noqa: E721
        problems.add(where, Message(N_("an amend's correction holds the 'hand' amended and the 'steps' it came after")))


# each correction's checks, in the order its problems are reported
CORRECTION_CHECKS: Tuple[CorrectionCheck, ...] = (_correction_keys, _correction_words, _correction_date,
                                                  _correction_steps, _correction_step, _correction_amend)


def did(item: Mapping[str, object]) -> Optional[str]:
    """What a correction did: ``undo``, ``redo`` or ``amend`` (its /3 ``kind``, or its /2 words' key);
    None when it says neither or both."""
    said = [CORRECTION_WORDS[key] for key in CORRECTION_WORDS if key in item]
    if "kind" in item:
        said.append(item["kind"] if item["kind"] in CORRECTION_KINDS else "")
    return said[0] if len(said) == 1 and said[0] else None


def read_one(place: int, item: Dict[str, object], line: Optional[int] = None) -> Correction:
    """The Correction of one item of the corrections (a mapping), at ``place``; its shape unchecked. What
    its entry keeps is as written, but an irregularity's item and a ruling, read as a hand's are. ``line``:
    its line in the file (None: none known)."""
    steps, step, hand, hands, entry, seal = (item.get(key) for key in ("steps", "step", "hand", "hands", "entry", "seal"))
    counted: Optional[Tuple[int, int]] = None
    if isinstance(steps, list) and len(steps) == 2 and all(type(n) is int for n in steps):  # noqa: E721
        counted = (steps[0], steps[1])
    what = did(item)
    kind = step.get("kind") if isinstance(step, dict) else None
    said = next((item[key] for key in CORRECTION_WORDS if key in item), None)
    return Correction(place, what == "undo", what == "redo", what == "amend",
                      kind if isinstance(kind, str) else None, counted,
                      hand if isinstance(hand, int) else None, hands if isinstance(hands, int) else None,
                      _entry(entry) if isinstance(entry, dict) else None, _step_ref(step),
                      item.get("date"),
                      said if isinstance(said, str) else None, seal if isinstance(seal, str) else None, line)


def _step_ref(step: object) -> Optional[StepRef]:
    """The StepRef of a correction's ``step``, or None when it is not ``{kind, hand[, turn]}``."""
    if not isinstance(step, dict):
        return None
    kind, hand, turn = step.get("kind"), step.get("hand"), step.get("turn")
    if not isinstance(kind, str) or type(hand) is not int:  # noqa: E721 (True is no hand)
        return None
    return StepRef(kind, hand, turn if type(turn) is int else None)  # noqa: E721


def _entry(entry: Dict[str, object]) -> KeptEntry:
    """What a correction keeps, its keys and values as written, in order; an irregularity's item (what an
    undo took of a hand, or a deal refused) and a ruling typed, or kept as written (``gin_ref.files.itemread``)."""
    return KeptEntry(tuple((key, item_of(value) if key == "irregularity" else ruling_of(value) if key == "ruling"
                            else value) for key, value in entry.items()))

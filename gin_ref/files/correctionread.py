"""The corrections of a match file, first read (``gin_ref.files.matchtop.read``): each item of its
``corrections`` read into a typed ``gin_ref.match.corrections.Correction`` and its shape in the file checked,
by small functions listed in the order their problems are reported (``CORRECTION_CHECKS``), each problem at
its key path: the keys a correction holds, /2's words, its date, its counts of steps, its step and an
amend's hand.
"""

from typing import Callable, List, Mapping, Optional, Tuple

from gin_ref.core.message import Message, N_
from gin_ref.match.corrections import CORRECTION_KEYS, Correction, did, read_one
from gin_ref.match.header import check_date
from gin_ref.match.problems import Problems, Where
from gin_ref.match.schema import CORRECTION_WORDS

__all__ = ["CORRECTION_CHECKS", "read_corrections"]


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
            read.append(read_one(place, item))
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

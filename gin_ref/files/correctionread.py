"""The corrections of a match file, first read (``gin_ref.files.matchtop.read``): each item of its
``corrections`` read into a typed ``gin_ref.match.corrections.Correction`` and its shape in the file checked,
by small functions listed in the order their problems are reported (``CORRECTION_CHECKS``), each problem at
its key path: the keys a correction holds, /2's words, its date, its counts of steps, its step and an
amend's hand. What each correction did, its counts, its step and the entry it keeps are read here too
(``read_one``: leniently, a value of another shape reads as None), so the match layer takes the typed
Correction only.

What a correction keeps (its ``entry``) is read into the typed value the undo took (``entry_of``): a hand,
or the keys of one (a ``RecordedHand``, each value typed as a hand's are: ``gin_ref.files.handform``), an
irregularity's item or a ruling (typed, or as written: ``gin_ref.files.itemread``), a result-only record's
result (a ``PaperResult``, as written: ``paper_of``). Where the writer would not write the entry back as it
is from that value (a hand edit: its keys in another order, a key the value does not hold), the entry is
kept as written beside it (``Correction.written``) and written back so. ``entry_data`` is the writer's
layout of it (``gin_ref.files.matchtop.correction_data``), and ``paper_pairs`` of a result's.
"""

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Tuple

from gin_ref.core.message import Message, N_
from gin_ref.files.handform import hand_data, laid_out, recorded_hand
from gin_ref.files.itemread import item_of, ruling_of, written_item, written_ruling
from gin_ref.files.yamldata import line_in
from gin_ref.match.corrections import CORRECTION_KEYS, Correction, StepRef
from gin_ref.match.handread import RecordedHand
from gin_ref.match.header import check_date
from gin_ref.match.problems import Problems, Where
from gin_ref.match.resultonly import STEP_KIND, PaperResult
from gin_ref.match.rulings import ruled_read
from gin_ref.match.schema import CORRECTION_KINDS, CORRECTION_WORDS, AsWritten
from gin_ref.match.steps import paper_fields

if TYPE_CHECKING:
    from gin_ref.match.corrections import KeptValue

__all__ = ["CORRECTION_CHECKS", "did", "entry_data", "entry_of", "paper_of", "paper_pairs", "read_corrections",
           "read_one"]


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
    read = Correction(place, what == "undo", what == "redo", what == "amend",
                      kind if isinstance(kind, str) else None, counted,
                      hand if isinstance(hand, int) else None, hands if isinstance(hands, int) else None,
                      None, _step_ref(step), item.get("date"),
                      said if isinstance(said, str) else None, seal if isinstance(seal, str) else None, line)
    if not isinstance(entry, dict):
        return read
    typed = entry_of(entry, read)
    read = read._replace(entry=typed)
    return read if _writes_back(read, entry) else read._replace(written=AsWritten(entry))


def _step_ref(step: object) -> Optional[StepRef]:
    """The StepRef of a correction's ``step``, or None when it is not ``{kind, hand[, turn]}``."""
    if not isinstance(step, dict):
        return None
    kind, hand, turn = step.get("kind"), step.get("hand"), step.get("turn")
    if not isinstance(kind, str) or type(hand) is not int:  # noqa: E721 (True is no hand)
        return None
    return StepRef(kind, hand, turn if type(turn) is int else None)  # noqa: E721


def entry_of(entry: Dict[str, object], item: Correction) -> "KeptValue":
    """What the correction ``item`` keeps, typed, of its ``entry`` as the parsed file holds it: by what it
    did and the kind of its step, the value the undo took (read leniently: a hand's keys each typed or as
    written, an item or a ruling typed or as written, a result as written; what a hand edit left out reads
    as not written, an item or a ruling left out as an empty one)."""
    step = item.step
    kind = step.kind if step is not None else None
    if item.amended:  # the version it replaced: a hand's keys, or hand 0's result
        return paper_of(entry) if item.hand == 0 else _hand(entry)
    if kind == "deal" or not item.undone:  # (a redo keeps none: one a hand edit gave it, as a hand's keys)
        return _hand(entry)
    if kind in ("irregularity", "refused_deal"):
        return item_of(entry["irregularity"]) if "irregularity" in entry else written_item({})
    if kind == "ruling":
        ruling = ruling_of(entry["ruling"]) if "ruling" in entry else written_ruling({})
        dealt = ruled_read(ruling).ruling.dealt
        return _hand(entry) if dealt else ruling  # a ruling that dealt its hand: the hand, whole
    if kind == STEP_KIND or (kind == "amend" and step is not None and step.hand == 0):
        return paper_of(entry)
    return _hand(entry)


def _hand(entry: Dict[str, object]) -> RecordedHand:
    """A hand's keys a correction keeps, read as a hand's are (``handform.recorded_hand``: its
    irregularities' items and its ruling typed, or as written)."""
    return recorded_hand(entry)


def paper_of(written: Mapping[str, object]) -> PaperResult:
    """The result of a result-only record (or one a correction keeps), as written (the replay judges it)."""
    return PaperResult(written.get("scores") or {}, written.get("hands_won"),  # type: ignore[arg-type]
                       written.get("winner", ""))  # type: ignore[arg-type]  # (as written: the replay judges it)


def paper_pairs(paper: PaperResult) -> Tuple[Tuple[str, object], ...]:
    """A result-only record's result as the file holds it: its keys, in order, with their values (new
    mappings of the scores each time)."""
    return tuple((key, dict(value) if key in ("scores", "hands_won") else value)  # type: ignore[call-overload]
                 for key, value in paper_fields(paper))


def entry_data(item: Correction) -> Dict[str, Any]:
    """What ``item`` keeps (its ``entry``) as the file holds it: as written, where a hand edit wrote it so
    (``Correction.written``: a new mapping of it), else laid out from the typed value: a hand's keys in the
    file's order (a turn's line last, after the result it ended the hand with), an irregularity's item and a
    ruling under the hand's number (a deal refused's without), a result's keys (an undone amend's under hand
    0)."""
    if item.written is not None:
        written = item.written.value
        assert isinstance(written, dict)  # (the reader keeps an entry that is a mapping)
        return dict(written)
    entry, step = item.entry, item.step
    kind = step.kind if step is not None else None
    if isinstance(entry, RecordedHand):
        data = hand_data(entry)
        if kind == "turn" and "turns" in data:
            data["turns"] = data.pop("turns")  # (after the result the turn ended the hand with)
        return data
    if isinstance(entry, PaperResult):
        pairs = paper_pairs(entry)
        return dict(((("number", step.hand),) + pairs) if step is not None and kind == "amend" else pairs)
    assert step is not None and entry is not None  # an item or a ruling: an undo's, of its step
    key = "ruling" if kind == "ruling" else "irregularity"
    kept = laid_out(key, entry)
    return {key: kept} if kind == "refused_deal" else {"number": step.hand, key: kept}


def _writes_back(item: Correction, written: Dict[str, object]) -> bool:
    """Would the writer write what ``item`` keeps back as ``written`` (the entry as the parsed file holds
    it), key for key, each value of the same type? A deal's hand is laid out in the file's order of a hand
    whatever its order as written (as gin-ref has always written it)."""
    if item.step is not None and item.step.kind == "deal" and isinstance(item.entry, RecordedHand):
        return True
    try:
        return _same(entry_data(item), written)
    except (TypeError, ValueError):  # (a result's scores of another shape, as written)
        return False


def _same(laid: object, written: object) -> bool:
    """Are two values as the file holds them the same, key for key and type for type (true is no 1)?"""
    if isinstance(laid, dict):
        return isinstance(written, dict) and list(laid) == list(written) and \
            all(_same(laid[key], written[key]) for key in laid)
    if isinstance(laid, list):
        return isinstance(written, list) and len(laid) == len(written) and all(map(_same, laid, written))
    return type(laid) is type(written) and laid == written

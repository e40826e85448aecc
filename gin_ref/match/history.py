"""A record's history of steps (``gin_ref.match.steps``: what each step is and does to a record): how many
it holds, which is the newest (what ``undo`` takes back), and which step an undo took that ``redo`` can put
back, read from the correction that keeps it.

Steps written in place (a deal, a turn, an irregularity, a result) are where they happened: the newest is at
the end (``step_count``, ``count_in_place``). An amend changes a past hand, so the record says when it came:
its correction (``amended``) holds ``steps`` [before, after], the count of steps in place when it was made,
and the old version of the hand (``amends_in_force``). A ruling keeps the count of every step
(``step_total``), itself included. Each undo and redo in format /2 holds its ``step`` (kind, hand, turn) and
``steps`` too, so redo can tell that nothing was written between (``redoable``); ``step_data`` reads the
step an undo took back from its correction, as a ``Step`` that can be made on the record again.
"""


from datetime import datetime
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Sequence, cast

from gin_ref.core.errors import IllegalActionError
from gin_ref.core.message import Message, N_, Nn_
from gin_ref.match import rulings
from gin_ref.match.corrections import Correction
from gin_ref.match.handread import NOT_WRITTEN, RecordedHand, given
from gin_ref.match.irregularities import Kept, kept_of
from gin_ref.match.resultonly import STEP_KIND, PaperResult
from gin_ref.match.rulings import Ruled, ruled_of, ruled_read
from gin_ref.match.steps import Deal, Settled, Step, StepData, TurnLine, Version, hand_kept, position

if TYPE_CHECKING:
    from gin_ref.match.corrections import KeptValue
    from gin_ref.match.record import Record

__all__ = ["Amend", "amends_in_force", "count_in_place", "is_dead_by_itself", "newest", "redoable", "step_count",
           "step_data", "step_total"]


class Amend:
    """An amend in force: the hand, the count of steps in place when it was made (or redone), the number of
    hands then, the hand's version before it and the amend's index in the corrections. A plain class with
    slots, never changed once made (not a NamedTuple: one compiles its code when its module is imported, a
    cost every command would pay at start, issue 28)."""

    __slots__ = ("hand", "at", "hands", "old", "place")

    def __init__(self, hand: int, at: int, hands: int, old: "KeptValue", place: int = -1) -> None:
        self.hand, self.at, self.hands, self.old, self.place = hand, at, hands, old, place

    def redone(self, at: int) -> "Amend":
        """The same amend, put back by a redo when ``at`` steps were in place."""
        return Amend(self.hand, at, self.hands, self.old, self.place)


def amends_in_force(corrections: List[Correction]) -> List[Amend]:
    """The amends in force among a record's ``corrections`` (``read_corrections``), oldest first: each
    amend's correction not taken back by an undo (or put back by a redo)."""
    active: List[Amend] = []
    undone: List[Amend] = []
    for item in corrections:
        if item.amended and item.steps is not None and item.hand is not None:
            active.append(Amend(item.hand, item.steps[1], item.hands or 0, _version_kept(item), item.place))
        elif item.kind == "amend" and item.undone and active:
            undone.append(active.pop())
        elif item.kind == "amend" and item.redone and undone and item.steps is not None:
            active.append(undone.pop().redone(item.steps[1]))
    return active


def count_in_place(record: "Record") -> int:
    """The steps written in place a record holds (``step_count``)."""
    return step_count(record.hands, len(record.irregularities or ()), record.result is not None)


def step_count(hands: Sequence[RecordedHand], refused: int = 0, result: bool = False) -> int:
    """How many steps written in place a record holds: each deal refused (``refused``: their count), and per
    hand its deal, turns, irregularities and result (a hand that ended dead by itself ended at its last
    turn: no extra step); a result-only record's result (``result``) is one step."""
    count = refused + result
    for hand in hands:
        turns = len(hand.turn_lines)
        count += 1 + turns + len(hand.items)
        result_of = given(hand.result)
        if result_of is not None and not (result_of == "dead" and turns):
            count += 1
    return count


def is_dead_by_itself(hand: RecordedHand) -> bool:
    """Did the hand end dead by itself (recorded turn by turn, a discard left the stock at its last cards)?"""
    return hand.result == "dead" and bool(hand.turn_lines)


def step_total(record: "Record") -> int:
    """Every step the record holds: those in place, the amends in force and the rulings (a ruling keeps
    this count, itself included, so that it can be told to be the newest)."""
    return count_in_place(record) + len(amends_in_force(list(record.corrections))) + \
        len(rulings.rulings_in(record.hands))


def newest(record: "Record") -> Step:
    """The newest step of a record; IllegalActionError when there is none."""
    ruled = rulings.newest_ruling(record.hands, step_total(record))
    if ruled is not None:
        made = ruled_of(record.hands[ruled])
        assert made is not None  # (newest_ruling found it)
        return Step("ruling", ruled + 1, made)
    amends = amends_in_force(list(record.corrections))
    if amends and amends[-1].at == count_in_place(record):
        return Step("amend", amends[-1].hand, _version(amends[-1].old), written=amends[-1].old)
    hands, refused = record.hands, record.irregularities or ()
    if refused and refused[-1].item.hand == len(hands) + 1:
        return Step("refused_deal", len(hands) + 1, refused[-1])
    if not hands and record.result is not None:  # a match recorded by its result: the result is its one step
        return Step(STEP_KIND, 0, record.result)
    if not hands:
        raise IllegalActionError(Message(N_("nothing to undo: no hand has been dealt")))
    return _newest_in(hands[-1], len(hands))


def _newest_in(hand: RecordedHand, number: int) -> Step:
    """The newest step of the last hand (hand ``number``): its result, an irregularity after its last turn,
    that turn, or its deal."""
    lines, items = hand.turn_lines, hand.items
    turns = len(lines)
    if given(hand.result) is not None:
        if hand.result == "dead" and turns:  # the hand ended dead by itself: at its last turn
            return Step("turn", number, TurnLine(str(lines[-1]), dead=True), turns)
        return Step("result", number, Settled.of(hand))
    if items and position(items[-1]) > turns:  # the irregularity came after the last turn
        return Step("irregularity", number, _kept_item(items[-1]))  # (a record that replays)
    if turns:
        return Step("turn", number, TurnLine(str(lines[-1])), turns)
    return Step("deal", number, Deal.of(hand))


def _version(version: "KeptValue") -> StepData:
    """An amend's version as a correction keeps it: a hand's (``Version``), or hand 0's: a result-only
    record's result (a ``PaperResult``, as it is)."""
    return version if isinstance(version, PaperResult) else Version.of(hand_kept(version))


def _version_kept(item: Correction) -> "KeptValue":
    """The version an amend's correction keeps (one that keeps none: an empty one, hand 0's an empty
    result)."""
    if item.entry is not None:
        return item.entry
    return PaperResult({}, None, "") if item.hand == 0 else RecordedHand()


def step_data(record: "Record", item: Correction) -> Step:
    """The step an undo took, as it can be put back: read from the correction's ``step`` and ``entry`` (the
    typed value the undo took; a new Step: the correction keeps what it kept, whatever is written later)."""
    step, entry = item.step, item.entry
    assert step is not None and entry is not None  # an undo ``redoable`` found
    kind, hand = step.kind, step.hand
    held = len(record.hands)
    dealt = kind == "ruling" and isinstance(entry, RecordedHand)  # the correction keeps the hand the ruling dealt
    # the hand the step goes into: a new one (a deal, a deal refused), one of the record's, or a result-only
    # record's result (hand 0); a correction edited by hand may name another
    if kind in ("deal", "refused_deal"):
        fits = hand == held + 1
    elif kind == STEP_KIND:  # the result of a match recorded by it (the undo took it out)
        fits = hand == 0 and not held
    elif hand == 0:  # an amend of that result
        fits = kind == "amend" and record.result is not None
    elif dealt:  # the hand the ruling dealt: the next one
        fits = hand == held + 1
    else:
        fits = 1 <= hand <= held
    if not fits:
        raise IllegalActionError(Message(Nn_("nothing to redo: the last undo's step is of hand %(hand)d, which the "
                                             "record cannot take (%(count)d hand recorded)",
                                             "nothing to redo: the last undo's step is of hand %(hand)d, which the "
                                             "record cannot take (%(count)d hands recorded)"), hand=hand, count=held))
    return Step(kind, hand, _READ_BACK[kind](entry), step.turn, _kept_form(kind, entry, dealt))


def _kept_form(kind: str, entry: "KeptValue", dealt: bool = False) -> "KeptValue":
    """What the correction of an undone step keeps of it, as it is put back: the hand a deal was (or the
    ruling dealt), the item an irregularity was, the ruling, the result, or the keys a turn, a result or an
    amend had (but the hand's number: the step's)."""
    if dealt or kind == "deal" or not isinstance(entry, RecordedHand):
        return entry
    return entry._replace(number=NOT_WRITTEN)


def _ruled_kept(entry: "KeptValue") -> Ruled:
    """The ruling a correction keeps (the whole hand's, when the ruling dealt it): a Ruled, or one as written
    read leniently (an empty one when it is not a mapping: a correction edited by hand, whose ruling the
    replay refuses)."""
    ruling = entry.ruling if isinstance(entry, RecordedHand) else entry
    if isinstance(ruling, Ruled):
        return ruling
    return ruled_read(ruling)


def _kept_item(value: object) -> Kept:
    """An irregularity a correction keeps, or the newest of a hand: a Kept, or an item as written (read
    leniently, as an empty one when it is not a mapping: a correction edited by hand, which the replay
    refuses)."""
    return kept_of(value)


def _turn_kept(entry: "KeptValue") -> TurnLine:
    kept = hand_kept(entry)
    return TurnLine(str(kept.turn_lines[0]), dead=given(kept.result) is not None)


# what each kind's correction keeps (the typed value its undo took), read back into the step's data
_READ_BACK: Dict[str, Callable[["KeptValue"], StepData]] = {
    "deal": lambda entry: Deal.of(hand_kept(entry)),
    "turn": _turn_kept,
    "irregularity": _kept_item,
    "refused_deal": _kept_item,
    "result": lambda entry: Settled.of(hand_kept(entry)),
    "ruling": _ruled_kept,
    "amend": _version,
    STEP_KIND: lambda entry: cast(PaperResult, entry),
}


def redoable(record: "Record") -> Optional[Correction]:
    """The undo correction whose step ``redo`` would put back: the newest undo not yet redone, in the run of
    undos and redos at the end of the corrections with nothing written between them or since."""
    expect, pending = count_in_place(record), 0
    corrections = record.corrections
    place = len(corrections) - 1  # each one of the run read: none left out
    if corrections and corrections[-1].place == place and _ruled_since(record, corrections[-1]):
        return None
    for item in reversed(corrections):
        if item.place != place or item.steps is None or item.steps[1] != expect or item.kind is None:
            return None
        if item.redone:
            pending += 1
        elif item.undone:
            if not pending:
                return item if item.entry is not None else None
            pending -= 1
        else:
            return None
        expect, place = item.steps[0], place - 1
    return None


def _ruled_since(record: "Record", correction: Correction) -> bool:
    """Was a ruling made after ``correction`` (the newest undo or redo)? A ruling is not a correction, so
    only the times tell, to the second: one of a later second was written since, and redo is refused. One of
    the same second cannot be told apart from a ruling made just before the undo; ``Match.redo`` then
    refuses a step that no longer replays."""
    try:
        undone = datetime.fromisoformat(str(correction.date))
        for entry in rulings.rulings_in(record.hands):
            ruled = ruled_of(entry)
            assert ruled is not None  # (rulings_in found it)
            if datetime.fromisoformat(str(ruled.ruling.date)) > undone:
                return True
    except (TypeError, ValueError):  # a time that does not read (or has no offset): refuse rather than guess
        return True
    return False

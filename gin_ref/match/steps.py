"""Every change to a record is one step, in order: a deal, a turn, an irregularity kept (in a hand, or a
deal refused), a hand's result. ``put`` writes a step into a record; ``newest`` finds the newest step a
record holds and ``take_back`` removes it, returning what the correction keeps (``undo``).

Each kind of step is one entry of ``KINDS`` (how it is put and taken back), so a new kind (an amend, a
director's ruling) is one more entry.
"""

from dataclasses import dataclass, field
from typing import Callable, Dict, NamedTuple, Optional

from gin_ref.core.errors import IllegalActionError
from gin_ref.match import rulings
from gin_ref.match.schema import SETTLED_KEYS, Entry, Record, entry_order, position, turn_count


@dataclass(frozen=True)
class Step:
    """One change to a record: its ``kind`` (a key of KINDS), the number of the hand it belongs to (a
    refused deal: the hand that was to be dealt), what it adds (``data``: the new hand's entry, the turn's
    line, the irregularity, the result's keys) and, for a turn, its number in the hand."""

    kind: str
    hand: int
    data: Entry = field(default_factory=dict)
    turn: Optional[int] = None


class StepKind(NamedTuple):
    put: Callable[[Record, Step], None]
    take_back: Callable[[Record, Step], Entry]  # removes the step; returns the correction's 'entry'


def put(record: Record, step: Step) -> None:
    """Write ``step`` into ``record``."""
    KINDS[step.kind].put(record, step)


def take_back(record: Record, step: Step) -> Entry:
    """Remove ``step`` (the newest) from ``record``; returns what the correction keeps of it."""
    return KINDS[step.kind].take_back(record, step)


def newest(record: Record) -> Step:
    """The newest step of a record; IllegalActionError when there is none."""
    ruled = rulings.newest_ruling(record)
    if ruled is not None:
        return Step("ruling", ruled["number"], ruled["ruling"])
    hands, refused = record["hands"], record.get("irregularities") or []
    if refused and isinstance(refused[-1], dict) and refused[-1].get("hand") == len(hands) + 1:
        return Step("refused_deal", len(hands) + 1, refused[-1])
    if not hands:
        raise IllegalActionError("nothing to undo: no hand has been dealt")
    entry = hands[-1]
    number, turns, items = entry["number"], turn_count(entry), entry.get("irregularities") or []
    if entry.get("result") is not None:
        settled = {key: entry[key] for key in SETTLED_KEYS if key in entry}
        if settled["result"] == "dead" and turns:  # the hand ended dead by itself: at its last turn
            return Step("turn", number, {**settled, "turns": [entry["turns"][-1]]}, turns)
        return Step("result", number, settled)
    if items and position(items[-1]) > turns:  # the irregularity came after the last turn
        return Step("irregularity", number, items[-1])
    if turns:
        return Step("turn", number, {"turns": [entry["turns"][-1]]}, turns)
    return Step("deal", number, entry)


# -- the kinds -------------------------------------------------------------------------------------------

def _hand(record: Record, step: Step) -> Entry:
    entry = record["hands"][step.hand - 1]
    assert entry["number"] == step.hand
    return entry


def _put_deal(record: Record, step: Step) -> None:
    record["hands"].append(step.data)


def _take_deal(record: Record, step: Step) -> Entry:
    return record["hands"].pop()


def _put_turn(record: Record, step: Step) -> None:
    entry = _hand(record, step)
    if "turns" not in entry:
        entry["turns"] = []
    entry["turns"].extend(step.data["turns"])
    entry.update((key, value) for key, value in step.data.items() if key != "turns")
    entry_order(entry)


def _take_turn(record: Record, step: Step) -> Entry:
    entry = _hand(record, step)
    removed: Entry = {"number": step.hand}
    removed.update((key, entry.pop(key)) for key in SETTLED_KEYS if key in entry)
    removed["turns"] = [entry["turns"].pop()]
    if not entry["turns"]:
        del entry["turns"]
    return removed


def _put_irregularity(record: Record, step: Step) -> None:
    entry = _hand(record, step)
    if "irregularities" not in entry:
        entry["irregularities"] = []
    entry["irregularities"].append(step.data)
    entry_order(entry)


def _take_irregularity(record: Record, step: Step) -> Entry:
    return {"number": step.hand, "irregularity": _hand(record, step)["irregularities"].pop()}


def _put_refused_deal(record: Record, step: Step) -> None:
    record.setdefault("irregularities", []).append(step.data)


def _take_refused_deal(record: Record, step: Step) -> Entry:
    item = record["irregularities"].pop()
    if not record["irregularities"]:
        del record["irregularities"]
    return {"irregularity": item}


def _put_result(record: Record, step: Step) -> None:
    entry = _hand(record, step)
    entry.update(step.data)
    entry_order(entry)


def _take_result(record: Record, step: Step) -> Entry:
    entry = _hand(record, step)
    removed: Entry = {"number": step.hand}
    removed.update((key, entry.pop(key)) for key in SETTLED_KEYS if key in entry)
    return removed


def _put_ruling(record: Record, step: Step) -> None:
    entry = _hand(record, step)
    entry["ruling"] = step.data
    entry_order(entry)


def _take_ruling(record: Record, step: Step) -> Entry:
    entry = _hand(record, step)
    if entry.get("result") is None:  # an open hand ruled: its totals went with the ruling
        entry.pop("totals", None)
    return {"number": step.hand, "ruling": entry.pop("ruling")}


KINDS: Dict[str, StepKind] = {
    "deal": StepKind(_put_deal, _take_deal),
    "turn": StepKind(_put_turn, _take_turn),
    "irregularity": StepKind(_put_irregularity, _take_irregularity),
    "refused_deal": StepKind(_put_refused_deal, _take_refused_deal),
    "result": StepKind(_put_result, _take_result),
    "ruling": StepKind(_put_ruling, _take_ruling),
}

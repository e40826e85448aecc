"""A director's rulings: a decision on a hand, recorded beside the engine's result (issue 15).

A ruling sits in its hand's entry as ``ruling`` {``kind``, ``player``, ``points``, ``reason``, ``by``,
``date``, ``steps``}; the hand's ``result`` (and its facts) stay what the engine found, and the hand's
``winner``, ``points`` and the totals follow the ruling:

- ``award``: ``player`` wins the hand with ``points``; he counts as its winner for who deals next and for
  the roles in the box.
- ``void``: the hand scores nothing; the same dealer deals next, as after a dead hand.
- ``redeal``: a misdeal: no score, the same dealer deals again; an open hand can be ruled a misdeal too.
- ``forfeit``: ``player`` leaves; the match ends with this hand (an open one scores nothing), final scores
  as they stand with no end-of-game bonuses, won by the opponent (three players: the higher of the other
  two; a tie between them is a tie).

``steps`` is how many steps the record held when the ruling was made (itself included), so ``undo`` can
tell whether it is the newest step.
"""

from typing import Any, Dict, List, Mapping, Optional

from gin_ref.match.schema import Entry, Record, list_at, turn_count

KINDS = ("award", "void", "redeal", "forfeit")
KEYS = ("kind", "player", "points", "reason", "by", "date", "steps")
OPEN_KINDS = ("redeal", "forfeit")  # what an open hand can be ruled


def ruling_of(entry: Mapping[str, Any]) -> Optional[Dict[str, Any]]:
    """The ruling of a hand entry, or None."""
    ruling = entry.get("ruling")
    return ruling if isinstance(ruling, dict) else None


def forfeit_winner(totals: Mapping[str, int], player: str) -> Optional[str]:
    """Who wins when ``player`` forfeits: the opponent; with three, the higher of the other two (None on a
    tie between them)."""
    others = [name for name in totals if name != player]
    if len(others) == 1:
        return others[0]
    best = max(totals[name] for name in others)
    leaders = [name for name in others if totals[name] == best]
    return leaders[0] if len(leaders) == 1 else None


def steps_in_place(record: Record) -> int:
    """How many steps written in place the record holds: each deal refused, and per hand its deal, turns,
    irregularities and result (a hand that ended dead by itself ended at its last turn)."""
    count = len(list_at(record, "irregularities"))
    for entry in list_at(record, "hands"):
        if not isinstance(entry, dict):
            continue
        turns = turn_count(entry)
        count += 1 + turns + len(list_at(entry, "irregularities"))
        if entry.get("result") is not None and not (entry.get("result") == "dead" and turns):
            count += 1
    return count


def rulings_in(record: Record) -> List[Entry]:
    """The hand entries that carry a ruling, in hand order."""
    return [entry for entry in list_at(record, "hands") if isinstance(entry, dict) and ruling_of(entry)]


def step_total(record: Record) -> int:
    """Every step the record holds: those in place and the rulings."""
    return steps_in_place(record) + len(rulings_in(record))


def newest_ruling(record: Record) -> Optional[Entry]:
    """The hand whose ruling is the record's newest step, or None when a step came after every ruling."""
    total = step_total(record)
    for entry in rulings_in(record):
        ruling = ruling_of(entry)
        assert ruling is not None
        if ruling.get("steps") == total:
            return entry
    return None

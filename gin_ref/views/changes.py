"""What another writer changed in a match file between two of the session's entries, in a few words: the
session says this instead of acting on a record its user has not seen.

It compares two readings of the file (``Seen``: what the desk read of it, ``gin_ref.desk.reading.seen_of``),
typed values: the match's identity, each hand's counts and result, the irregularities."""

from typing import List, NamedTuple, Optional, Sequence, Tuple

from gin_ref.views.text import pretty_card
from gin_ref.views.words import result_words


class HandSeen(NamedTuple):
    """A hand as the file holds it: its counts, upcard and result (``words.Settled``), and the hand as
    written (``facts``: any change to it, even one these fields do not show, makes another)."""

    turns: int
    irregularities: int
    upcard: Optional[str]
    result: Optional[str]
    knocker: Optional[str]
    winner: Optional[str]
    points: Optional[int]
    facts: str


class Seen(NamedTuple):
    """A reading of a match file: ``unreadable`` says why it did not read (the rest is then empty); else the
    match's identity (date, players, rules, start, as written), its players, its hands, the count of its
    match-level irregularities and the whole record as written (``facts``)."""

    unreadable: Optional[str]
    identity: Tuple[str, ...] = ()
    players: Tuple[str, ...] = ()
    hands: Tuple[HandSeen, ...] = ()
    irregularities: int = 0
    facts: str = ""


def _settled(hand: HandSeen) -> bool:
    return hand.result is not None


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _count_change(number: int, old: HandSeen, new: HandSeen) -> Optional[str]:
    """A hand's turns or irregularities recorded or taken back, or None."""
    if new.turns > old.turns:
        return f"hand {number}: {_plural(new.turns - old.turns, 'turn')} recorded"
    if new.turns < old.turns:
        return f"hand {number}: {_plural(old.turns - new.turns, 'turn')} taken back"
    if new.irregularities != old.irregularities:
        return f"hand {number}: {_plural(abs(new.irregularities - old.irregularities), 'irregularity')} " \
               f"{'recorded' if new.irregularities > old.irregularities else 'taken back'}"
    return None


def _dealt(number: int, new: HandSeen) -> str:
    dealt = f"hand {number} dealt (upcard {pretty_card(new.upcard)})" if new.upcard else f"hand {number} dealt"
    return f"{dealt} and settled: {result_words(new)}" if _settled(new) else dealt


def _hand_change(number: int, old: Optional[HandSeen], new: Optional[HandSeen]) -> str:
    """How one hand changed from ``old`` to ``new`` (either may be None)."""
    if new is None:
        return f"hand {number} taken back"
    if old is None:
        return _dealt(number, new)
    if _settled(new) and not _settled(old):
        return f"hand {number} settled: {result_words(new)}"
    if _settled(old) and not _settled(new):
        return f"hand {number} opened again (its result, {result_words(old)}, taken back)"
    if _settled(old) and result_words(old) != result_words(new):
        return f"hand {number} changed: {result_words(old)}, now {result_words(new)}"
    return _count_change(number, old, new) or f"hand {number} changed"


def _whole_change(old: Optional[Seen], new: Optional[Seen]) -> Optional[str]:
    """The file removed, unreadable, or holding another match; None when it holds the same match."""
    if new is None:
        return "the match file was removed"
    if new.unreadable is not None:
        return f"the file no longer reads ({new.unreadable})"
    if old is None or old.unreadable is not None:
        return f"a match was started in the file: {' v '.join(new.players)}"
    if old.identity != new.identity:
        return f"another match was started in the file: {' v '.join(new.players)}"
    return None


def _hand_changes(old_hands: Sequence[HandSeen], new_hands: Sequence[HandSeen]) -> List[str]:
    found = []
    for index in range(max(len(old_hands), len(new_hands))):
        before = old_hands[index] if index < len(old_hands) else None
        after = new_hands[index] if index < len(new_hands) else None
        if before != after:
            found.append(_hand_change(index + 1, before, after))
    return found


def describe_changes(old: Optional[Seen], new: Optional[Seen]) -> List[str]:
    """The changes from reading ``old`` to reading ``new`` (None for no file), one short phrase each, in
    hand order; [] when they hold the same record."""
    if old == new:
        return []
    whole = _whole_change(old, new)
    if whole is not None or old is None or new is None:
        return [whole or ""]
    found = _hand_changes(old.hands, new.hands)
    if new.irregularities > old.irregularities:
        found.append(f"{_plural(new.irregularities - old.irregularities, 'irregularity')} recorded")
    if not found:
        found.append("the record was rewritten (a correction or a format upgrade)")
    return found

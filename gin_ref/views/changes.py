"""What another writer changed in a match file between two of the session's entries, in a few words: the
session says this instead of acting on a record its user has not seen.

It compares two readings of the file (``Seen``: what the desk read of it, ``gin_ref.desk.reading.seen_of``),
typed values: the match's identity, each hand's counts and result, the irregularities."""

from typing import List, NamedTuple, Optional, Sequence, Tuple

from gin_ref.desk.language import gettext, ngettext
from gin_ref.views.text import pretty_card
from gin_ref.views.words import result_words, versus


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


def _count_change(number: int, old: HandSeen, new: HandSeen) -> Optional[str]:
    """A hand's turns or irregularities recorded or taken back, or None."""
    if new.turns > old.turns:
        count = new.turns - old.turns
        return ngettext("hand %(hand)d: %(count)d turn recorded", "hand %(hand)d: %(count)d turns recorded",
                        count) % {"hand": number, "count": count}
    if new.turns < old.turns:
        count = old.turns - new.turns
        return ngettext("hand %(hand)d: %(count)d turn taken back", "hand %(hand)d: %(count)d turns taken back",
                        count) % {"hand": number, "count": count}
    if new.irregularities != old.irregularities:
        count = abs(new.irregularities - old.irregularities)
        if new.irregularities > old.irregularities:
            return ngettext("hand %(hand)d: %(count)d irregularity recorded",
                            "hand %(hand)d: %(count)d irregularities recorded", count) % {"hand": number, "count": count}
        return ngettext("hand %(hand)d: %(count)d irregularity taken back",
                        "hand %(hand)d: %(count)d irregularities taken back", count) % {"hand": number, "count": count}
    return None


def _dealt(number: int, new: HandSeen) -> str:
    said = {"hand": number, "upcard": pretty_card(new.upcard), "result": result_words(new) if _settled(new) else ""}
    if new.upcard:
        return (gettext("hand %(hand)d dealt (upcard %(upcard)s) and settled: %(result)s") if _settled(new) else
                gettext("hand %(hand)d dealt (upcard %(upcard)s)")) % said
    return (gettext("hand %(hand)d dealt and settled: %(result)s") if _settled(new) else
            gettext("hand %(hand)d dealt")) % said


def _hand_change(number: int, old: Optional[HandSeen], new: Optional[HandSeen]) -> str:
    """How one hand changed from ``old`` to ``new`` (either may be None)."""
    said = {"hand": number}
    if new is None:
        return gettext("hand %(hand)d taken back") % said
    if old is None:
        return _dealt(number, new)
    if _settled(new) and not _settled(old):
        return gettext("hand %(hand)d settled: %(result)s") % dict(said, result=result_words(new))
    if _settled(old) and not _settled(new):
        return gettext("hand %(hand)d opened again (its result, %(result)s, taken back)") % dict(
            said, result=result_words(old))
    if _settled(old) and result_words(old) != result_words(new):
        return gettext("hand %(hand)d changed: %(old)s, now %(new)s") % dict(said, old=result_words(old),
                                                                           new=result_words(new))
    return _count_change(number, old, new) or gettext("hand %(hand)d changed") % said


def _whole_change(old: Optional[Seen], new: Optional[Seen]) -> Optional[str]:
    """The file removed, unreadable, or holding another match; None when it holds the same match."""
    if new is None:
        return gettext("the match file was removed")
    if new.unreadable is not None:
        return gettext("the file no longer reads (%(why)s)") % {"why": new.unreadable}
    if old is None or old.unreadable is not None:
        return gettext("a match was started in the file: %(players)s") % {"players": versus(new.players)}
    if old.identity != new.identity:
        return gettext("another match was started in the file: %(players)s") % {"players": versus(new.players)}
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
        count = new.irregularities - old.irregularities
        found.append(ngettext("%(count)d irregularity recorded", "%(count)d irregularities recorded", count) % {
            "count": count})
    if not found:
        found.append(gettext("the record was rewritten (a correction or a format upgrade)"))
    return found

"""What another writer changed in a match file between two of the session's entries, in a few words: the
session says this instead of acting on a record its user has not seen."""

from typing import Any, List, Mapping, Optional, Sequence

from gin_ref.views.text import pretty_card
from gin_ref.views.words import result_words

IDENTITY = ("format", "date", "players", "rules", "start")

Record = Mapping[str, Any]  # a record as the file holds it, or ``{"unreadable": why}``


def _settled(entry: Record) -> bool:
    return entry.get("result") is not None


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _count_change(number: int, old: Record, new: Record) -> Optional[str]:
    """A hand's turns or irregularities recorded or taken back, or None."""
    turns_old, turns_new = len(old.get("turns") or []), len(new.get("turns") or [])
    if turns_new > turns_old:
        return f"hand {number}: {_plural(turns_new - turns_old, 'turn')} recorded"
    if turns_new < turns_old:
        return f"hand {number}: {_plural(turns_old - turns_new, 'turn')} taken back"
    kept_old, kept_new = len(old.get("irregularities") or []), len(new.get("irregularities") or [])
    if kept_new != kept_old:
        return f"hand {number}: {_plural(abs(kept_new - kept_old), 'irregularity')} " \
               f"{'recorded' if kept_new > kept_old else 'taken back'}"
    return None


def _dealt(number: int, new: Record) -> str:
    dealt = f"hand {number} dealt (upcard {pretty_card(new['upcard'])})" if new.get("upcard") else \
        f"hand {number} dealt"
    return f"{dealt} and settled: {result_words(new)}" if _settled(new) else dealt


def _hand_change(number: int, old: Optional[Record], new: Optional[Record]) -> str:
    """How one hand changed from ``old`` to ``new`` (entries of the record; either may be None)."""
    if old is None:
        return _dealt(number, new or {})
    if new is None:
        return f"hand {number} taken back"
    if _settled(new) and not _settled(old):
        return f"hand {number} settled: {result_words(new)}"
    if _settled(old) and not _settled(new):
        return f"hand {number} opened again (its result, {result_words(old)}, taken back)"
    if _settled(old) and result_words(old) != result_words(new):
        return f"hand {number} changed: {result_words(old)}, now {result_words(new)}"
    return _count_change(number, old, new) or f"hand {number} changed"


def _players(record: Record) -> str:
    return " v ".join(map(str, record.get("players") or []))


def _whole_change(old: Optional[Record], new: Optional[Record]) -> Optional[str]:
    """The file removed, unreadable, or holding another match; None when it holds the same match."""
    if new is None:
        return "the match file was removed"
    if "unreadable" in new:
        return f"the file no longer reads ({new['unreadable']})"
    if old is None or "unreadable" in old:
        return f"a match was started in the file: {_players(new)}"
    if any(old.get(key) != new.get(key) for key in IDENTITY if key != "format"):
        return f"another match was started in the file: {_players(new)}"
    return None


def _hand_changes(old_hands: Sequence[Record], new_hands: Sequence[Record]) -> List[str]:
    found = []
    for index in range(max(len(old_hands), len(new_hands))):
        before = old_hands[index] if index < len(old_hands) else None
        after = new_hands[index] if index < len(new_hands) else None
        if before != after:
            found.append(_hand_change(index + 1, before, after))
    return found


def describe_changes(old: Optional[Record], new: Optional[Record]) -> List[str]:
    """The changes from record ``old`` to record ``new`` (plain dicts as the file holds them; None for no
    file), one short phrase each, in hand order; [] when they hold the same record."""
    if old == new:
        return []
    whole = _whole_change(old, new)
    if whole is not None or old is None or new is None:
        return [whole or ""]
    found = _hand_changes(old.get("hands") or [], new.get("hands") or [])
    kept_old, kept_new = len(old.get("irregularities") or []), len(new.get("irregularities") or [])
    if kept_new > kept_old:
        found.append(f"{_plural(kept_new - kept_old, 'irregularity')} recorded")
    if not found:
        found.append("the record was rewritten (a correction or a format upgrade)")
    return found

"""What another writer changed in a match file between two of the session's entries, in a few words: the
session says this instead of acting on a record its user has not seen."""

from gin_ref.views.words import pretty_card, result_words as describe_result

IDENTITY = ("format", "date", "players", "rules", "start")


def _settled(entry):
    return entry.get("result") is not None


def _plural(count, word):
    return f"{count} {word}{'' if count == 1 else 's'}"


def _hand_change(number, old, new):
    """How one hand changed from ``old`` to ``new`` (entries of the record; either may be None)."""
    if old is None:
        dealt = f"hand {number} dealt (upcard {pretty_card(new['upcard'])})" if new.get("upcard") else \
            f"hand {number} dealt"
        return f"{dealt} and settled: {describe_result(new)}" if _settled(new) else dealt
    if new is None:
        return f"hand {number} taken back"
    if _settled(new) and not _settled(old):
        return f"hand {number} settled: {describe_result(new)}"
    if _settled(old) and not _settled(new):
        return f"hand {number} opened again (its result, {describe_result(old)}, taken back)"
    if _settled(old) and describe_result(old) != describe_result(new):
        return f"hand {number} changed: {describe_result(old)}, now {describe_result(new)}"
    turns_old, turns_new = len(old.get("turns") or []), len(new.get("turns") or [])
    if turns_new > turns_old:
        return f"hand {number}: {_plural(turns_new - turns_old, 'turn')} recorded"
    if turns_new < turns_old:
        return f"hand {number}: {_plural(turns_old - turns_new, 'turn')} taken back"
    kept_old, kept_new = len(old.get("irregularities") or []), len(new.get("irregularities") or [])
    if kept_new != kept_old:
        return f"hand {number}: {_plural(abs(kept_new - kept_old), 'irregularity')} " \
               f"{'recorded' if kept_new > kept_old else 'taken back'}"
    return f"hand {number} changed"


def describe_changes(old, new):
    """The changes from record ``old`` to record ``new`` (plain dicts as the file holds them; None for no
    file), one short phrase each, in hand order; [] when they hold the same record."""
    if old == new:
        return []
    if new is None:
        return ["the match file was removed"]
    if "unreadable" in new:
        return [f"the file no longer reads ({new['unreadable']})"]
    if old is None or "unreadable" in old:
        return [f"a match was started in the file: {' v '.join(map(str, new.get('players') or []))}"]
    if any(old.get(key) != new.get(key) for key in IDENTITY if key != "format"):
        return [f"another match was started in the file: {' v '.join(map(str, new.get('players') or []))}"]
    found = []
    old_hands, new_hands = old.get("hands") or [], new.get("hands") or []
    for index in range(max(len(old_hands), len(new_hands))):
        before = old_hands[index] if index < len(old_hands) else None
        after = new_hands[index] if index < len(new_hands) else None
        if before != after:
            found.append(_hand_change(index + 1, before, after))
    kept_old, kept_new = len(old.get("irregularities") or []), len(new.get("irregularities") or [])
    if kept_new > kept_old:
        found.append(f"{_plural(kept_new - kept_old, 'irregularity')} recorded")
    if not found:
        found.append("the record was rewritten (a correction or a format upgrade)")
    return found

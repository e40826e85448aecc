"""What YAML's resolver made of a plain value typed by hand where the key's type (``recordkeys``) says
otherwise, in the words of the text as written: ``knocker: yes`` is a truth value to YAML and ``points: 010``
the octal number 8, where the key wants text and a whole number in decimal. The PyYAML reader
(``gin_ref.files.yamlload``) asks ``problem`` of each plain scalar of a file outside the canonical layout; the
value it names is not read (None), so the match layer's judgement of what YAML made of it (``not true``,
``points are 8``) is never the one shown."""

from __future__ import annotations

import re
from typing import Any, Optional, Tuple

from gin_ref.core.escape import one_line
from gin_ref.files.recordkeys import Keys, Kind, ListOf, MapOf, Scalar

_DECIMAL = re.compile(r"[-+]?[0-9][0-9_]*")
_LEADING_ZERO = re.compile(r"[-+]?0[0-9_]+")
# what a key or a list's item is called (else the key, its underscores as spaces)
# cards: a card is no number or truth value, quoted or not (the match layer says how a card is written)
_CARD_KEYS = frozenset({"upcard", "discard", "card", "cards", "knocker_cards", "defender_cards", "melds", "draw"})
_NAMES = {"players": "player's name", "knock_limit": "knock limit", "by": "director's name"}
NAME_KEY = "the player's name"  # a key of a mapping of players' names (totals, draw)


def child(kind: Optional[Kind], key: Any) -> Optional[Kind]:
    """The type of ``key``'s value in a mapping of type ``kind`` (of an item, for a list), or None if unknown."""
    if isinstance(kind, Keys):
        return kind.fields.get(key) if isinstance(key, str) else None
    if isinstance(kind, MapOf):
        return kind.value
    if isinstance(kind, ListOf):
        return kind.item
    return None


def name_of(where: Tuple[Any, ...]) -> str:
    """What the value at the key path ``where`` is called: its key's name (a list's, for an item)."""
    key = next((step for step in reversed(where) if isinstance(step, str)), "value")
    return "the " + _NAMES.get(key, key.replace("_", " "))


def is_card(where: Tuple[Any, ...]) -> bool:
    """Whether the value at the key path ``where`` is a card (or a list of them)."""
    return any(step in _CARD_KEYS for step in where[-3:] if isinstance(step, str))


def problem(kind: Optional[Kind], text: str, value: Any, what: str) -> Optional[str]:
    """Why the plain scalar ``text``, which YAML resolved to ``value``, is not what a value of type ``kind``
    (called ``what``) is written as; None when it is (or the type is not known)."""
    if not isinstance(kind, Scalar) or value is None or isinstance(value, str) and not kind.number:
        return None
    shown = one_line(text)
    if kind.text and not kind.number and not kind.truth and isinstance(value, (bool, int, float)):
        if isinstance(value, bool):
            read = f"a truth value ({'true' if value else 'false'})"
        else:
            read = f"the number {value}"
        quoted = "'" + shown.replace("'", "''") + "'"
        return f"{what} {shown} is read by YAML as {read}: write it in quotes ({quoted})"
    if kind.number and not kind.text and not isinstance(value, bool):
        if _LEADING_ZERO.fullmatch(text) and value != int(text.replace("_", ""), 10):  # (07 is 7 either way)
            read = f"the octal number {value}" if isinstance(value, int) else "text, not a number"
            return (f"{shown} for {what} has a leading zero, which YAML reads as {read}: write "
                    f"{int(text.replace('_', ''), 10)}")
        if isinstance(value, int) and not _DECIMAL.fullmatch(text):
            return f"{shown} for {what} is read by YAML as the number {value}: write it in decimal digits ({value})"
    return None

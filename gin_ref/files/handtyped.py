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
from gin_ref.core.message import Message, N_
from gin_ref.files.recordkeys import Keys, Kind, ListOf, MapOf, Scalar

_DECIMAL = re.compile(r"[-+]?[0-9][0-9_]*")
_LEADING_ZERO = re.compile(r"[-+]?0[0-9_]+")
# what a key or a list's item is called (else the key, its underscores as spaces)
# cards: a card is no number or truth value, quoted or not (the match layer says how a card is written)
_CARD_KEYS = frozenset({"upcard", "discard", "card", "cards", "knocker_cards", "defender_cards", "melds", "draw"})
# what a value is called, by its key (a list's, for an item): the record's and the event file's keys; a house
# rule's knob is named by its key
_NAMES = {
    "players": N_("the player's name"), "by": N_("the director's name"), "knock_limit": N_("the knock limit"),
    "knocker": N_("the knocker"), "defender": N_("the defender"), "winner": N_("the winner"),
    "dealer": N_("the dealer"), "player": N_("the player"), "box": N_("the box"), "captain": N_("the captain"),
    "sitter": N_("the sitter"), "name": N_("the name"), "reason": N_("the reason"), "detail": N_("the detail"),
    "seal": N_("the seal"), "date": N_("the date"), "result": N_("the result"), "kind": N_("the kind"),
    "format": N_("the format"), "event": N_("the event"), "file": N_("the file"), "system": N_("the system"),
    "bye": N_("the bye"), "action": N_("the action"), "amended": N_("the amended"), "undone": N_("the undone"),
    "redone": N_("the redone"), "turns": N_("the turns"), "points": N_("the points"),
    "knocker_count": N_("the knocker count"), "defender_count": N_("the defender count"),
    "number": N_("the number"), "limit": N_("the limit"), "totals": N_("the totals"), "count": N_("the count"),
    "turn": N_("the turn"), "hand": N_("the hand"), "hands": N_("the hands"), "hands_won": N_("the hands won"),
    "steps": N_("the steps"), "scores": N_("the scores"), "games": N_("the games"), "round": N_("the round"),
    "rounds": N_("the rounds"), "table": N_("the table"), "target": N_("the target"),
}
_KNOB = N_("the %(rule)s")  # a house rule's knob (or another key): its key, underscores as spaces
NAME_KEY = Message(N_("the player's name"))  # a key of a mapping of players' names (totals, draw)


def child(kind: Optional[Kind], key: Any) -> Optional[Kind]:
    """The type of ``key``'s value in a mapping of type ``kind`` (of an item, for a list), or None if unknown."""
    if isinstance(kind, Keys):
        return kind.fields.get(key) if isinstance(key, str) else None
    if isinstance(kind, MapOf):
        return kind.value
    if isinstance(kind, ListOf):
        return kind.item
    return None


def name_of(where: Tuple[Any, ...]) -> Message:
    """What the value at the key path ``where`` is called: its key's name (a list's, for an item)."""
    key = next((step for step in reversed(where) if isinstance(step, str)), "value")
    if key in _NAMES:
        return Message(_NAMES[key])
    return Message(_KNOB, rule=key.replace("_", " "))


def is_card(where: Tuple[Any, ...]) -> bool:
    """Whether the value at the key path ``where`` is a card (or a list of them)."""
    return any(step in _CARD_KEYS for step in where[-3:] if isinstance(step, str))


def problem(kind: Optional[Kind], text: str, value: Any, what: Message) -> Optional[Message]:
    """Why the plain scalar ``text``, which YAML resolved to ``value``, is not what a value of type ``kind``
    (called ``what``) is written as; None when it is (or the type is not known)."""
    if not isinstance(kind, Scalar) or value is None or isinstance(value, str) and not kind.number:
        return None
    shown = one_line(text)
    if kind.text and not kind.number and not kind.truth and isinstance(value, (bool, int, float)):
        quoted = "'" + shown.replace("'", "''") + "'"
        if isinstance(value, bool):
            return Message(N_("%(what)s %(value)s is read by YAML as a truth value (%(truth)s): write it in quotes "
                              "(%(quoted)s)"), what=what, value=shown, truth="true" if value else "false",
                           quoted=quoted)
        return Message(N_("%(what)s %(value)s is read by YAML as the number %(number)s: write it in quotes "
                          "(%(quoted)s)"), what=what, value=shown, number=value, quoted=quoted)
    if kind.number and not kind.text and not isinstance(value, bool):
        if _LEADING_ZERO.fullmatch(text) and value != int(text.replace("_", ""), 10):  # (07 is 7 either way)
            decimal = int(text.replace("_", ""), 10)
            if isinstance(value, int):
                return Message(N_("%(value)s for %(what)s has a leading zero, which YAML reads as the octal number "
                                  "%(number)s: write %(decimal)s"), value=shown, what=what, number=value,
                               decimal=decimal)
            return Message(N_("%(value)s for %(what)s has a leading zero, which YAML reads as text, not a number: "
                              "write %(decimal)s"), value=shown, what=what, decimal=decimal)
        if isinstance(value, int) and not _DECIMAL.fullmatch(text):
            return Message(N_("%(value)s for %(what)s is read by YAML as the number %(number)s: write it in decimal "
                              "digits (%(number)s)"), value=shown, what=what, number=value)
    return None

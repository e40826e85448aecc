"""The values a caller of the library gives the desk, taken as typed: a count, points or a hand number is an
``int`` or the same number as text (ASCII digits, as the command line passes it); any other value (a
float, a bool, None where a number is needed, a pair that is not a pair) is refused as notation, so that
``can_x`` returns the refusal and ``x`` raises it, never a TypeError from deeper down."""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple, Union

from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.escape import excerpt
from gin_ref.core.message import Message, N_

What = Union[str, Message]  # what a value is, a message of the catalogue (its English marked N_ by the caller)
WHOLE = N_("%(what)s %(value)s: give a whole number (an int, or its digits as text)")


def _what(what: What) -> Message:
    return what if isinstance(what, Message) else Message(what)


def _shown(value: object) -> str:
    return excerpt(value if isinstance(value, str) else repr(value))


def number_text(value: object, what: What) -> str:
    """``value`` as the text of a number: an ``int`` (not a bool) written in digits, a ``str`` as it is (the
    match layer reads and bounds it); refused otherwise."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise InvalidNotationError(Message(WHOLE, what=_what(what), value=_shown(value)))


def whole(value: object, what: What) -> int:
    """``value`` as an ``int``: an ``int`` (not a bool) as it is, or ASCII digits as text; refused otherwise
    (the match layer bounds it)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6:
        return int(value)
    raise InvalidNotationError(Message(WHOLE, what=_what(what), value=_shown(value)))


def hand_number(hand: object) -> int:
    """A hand's number as given (``1``, or ``"1"``)."""
    return whole(hand, N_("hand"))


def maybe_hand(hand: object) -> Optional[int]:
    return None if hand is None else hand_number(hand)


def text(value: object, what: What) -> None:
    """Refuse a value that should be text and is not."""
    if not isinstance(value, str):
        raise InvalidNotationError(Message(N_("%(what)s %(value)s: give it as text"), what=_what(what),
                                           value=_shown(value)))


def cards_or_count(value: object, what: What) -> None:
    """Refuse a hand that is neither cards (a list or tuple of cards, or their text) nor a count."""
    if isinstance(value, bool) or not isinstance(value, (int, str, list, tuple)):
        raise InvalidNotationError(Message(N_("%(what)s %(value)s: give the cards (a list, or text) or the count "
                                              "(an int)"), what=_what(what), value=_shown(value)))


def pairs(given: object, what: What) -> List[Tuple[str, str]]:
    """``(player, number)`` pairs as the match layer reads them: the player text, the number as text."""
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise InvalidNotationError(Message(N_("%(what)s: give a list of (player, number) pairs"), what=_what(what)))
    typed: List[Tuple[str, str]] = []
    for pair in given:
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise InvalidNotationError(Message(N_("%(what)s: %(pair)s is not a (player, number) pair"), what=_what(what),
                                               pair=_shown(pair)))
        name, number = pair
        text(name, N_("player name"))
        typed.append((name, number_text(number, Message(N_("%(what)s: %(name)s"), what=_what(what), name=name))))
    return typed

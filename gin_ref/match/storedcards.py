"""Cards as a match record holds them: a card as its code (``7D``), a hand as a list of codes; any notation
``gin_ref.core.cards`` reads is read too (a record edited by hand). A value that is not a card is refused
in the file's words.
"""

from typing import Sequence, Tuple

from gin_ref.core.cards import DECK, Card, parse_cards
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.escape import shown_value

__all__ = ["card_of", "recorded_cards"]

_BY_CODE = {card.code: card for card in DECK}


def recorded_cards(value: object, counts: Sequence[int], what: str, runs: str = "low") -> Tuple[Card, ...]:
    """Cards as a record holds them: a list of canonical codes (fast), or any notation parse_cards reads."""
    if isinstance(value, list) and len(value) in counts:
        try:
            found = tuple(map(_BY_CODE.get, value))  # only a code (a str) finds a card
        except TypeError:  # an item that cannot be a key (a list): read below, and refused
            found = (None,)
        if None not in found and len(set(found)) == len(found):
            return found  # type: ignore[return-value]  # no None in it
    if isinstance(value, list) and all(isinstance(code, str) for code in value):
        return tuple(parse_cards(value, counts=counts, what=what, runs=runs))
    if isinstance(value, str):
        return tuple(parse_cards(value, counts=counts, what=what, runs=runs))
    raise InvalidNotationError(f"{what} must be a list of cards, not {shown_value(value)}")


def card_of(code: object) -> Card:
    if not isinstance(code, str):  # a number, true, a list: no card, said in the file's words
        raise InvalidNotationError(f"a card is written as text (7D, 10h), not {shown_value(code)}")
    return _BY_CODE.get(code) or Card.parse(code)

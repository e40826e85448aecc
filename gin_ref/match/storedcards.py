"""Cards and a knock's facts as a match record holds them: a card as its code (``7D``), a hand as a list of
codes; any notation ``gin_ref.core.cards`` reads is read too (a record edited by hand). A value that is not
a card is refused in the file's words. A knock's facts (``stored_facts``: each side's cards or count, big
gin, the melds and the discard) are read into a ``gin_ref.match.knocks.Facts``.
"""

from typing import Optional, Sequence, Tuple

from gin_ref.core.cards import DECK, Card, parse_cards
from gin_ref.core.errors import GinRefError, InvalidNotationError
from gin_ref.core.escape import shown_value
from gin_ref.core.melds import parse_melds
from gin_ref.core.rules import HouseRules
from gin_ref.match.knocks import GIN_LAYOFFS_COUNT, MAX_COUNT, Facts
from gin_ref.match.problems import Problems, Where
from gin_ref.match.schema import Entry

__all__ = ["card_of", "recorded_cards", "stored_count", "stored_facts"]

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


def stored_count(value: object, most: int = MAX_COUNT) -> int:
    """A count as a record holds it: a whole number from 0 to ``most`` (InvalidNotationError if not)."""
    if type(value) is not int or not 0 <= value <= most:  # noqa: E721 (True is not a count)
        raise InvalidNotationError(f"a count is a whole number from 0 to {most}, not {shown_value(value)}")
    return value


class _Reading:
    """The key of a recorded knock being read (where a problem reading it points)."""

    key = "knocker_cards"


def stored_facts(entry: Entry, rules: HouseRules, where: Where, what: str, problems: Problems) -> Optional[Facts]:
    """The facts of a recorded knock (cards or counts); None, with a problem at its key, if they cannot be
    read."""
    reading = _Reading()
    try:
        kcards, kcount, dcards, dcount = _stored_sides(entry, rules, reading)
        reading.key = "big_gin"
        big_gin = entry.get("big_gin", False)
        _check_count_with(rules, big_gin, kcount, dcards)
        reading.key = "melds"
        melds = parse_melds(entry["melds"], rules.aces) if entry.get("melds") is not None else None
        reading.key = "discard"
        discard = card_of(entry["discard"]) if entry.get("discard") is not None else None
        if kcount is not None and (melds is not None or discard is not None):
            raise InvalidNotationError("melds and a discard go with the knocker's cards, not with a count")
    except GinRefError as exc:
        problems.add(tuple(where) + (reading.key,) if reading.key in entry else where, f"{what}: {exc}")
        return None
    return Facts(kcards, kcount, bool(big_gin), melds, discard, dcards, dcount)


Cards = Optional[Tuple[Card, ...]]


def _stored_sides(entry: Entry, rules: HouseRules, reading: _Reading
                  ) -> Tuple[Cards, Optional[int], Cards, Optional[int]]:
    """Each side's cards or count: ``(knocker's cards, knocker's count, defender's cards, defender's count)``."""
    kcards = dcards = None
    kcount = dcount = None
    most, runs = rules.most_deadwood, rules.ace_runs
    if "knocker_count" in entry:
        reading.key = "knocker_count"
        kcount = stored_count(entry["knocker_count"], most)
    else:
        kcards = recorded_cards(entry.get("knocker_cards"), (10, 11), "knocker's hand", runs)
    if "defender_count" in entry:
        reading.key = "defender_count"
        dcount = stored_count(entry["defender_count"], most)
    else:
        reading.key = "defender_cards"
        dcards = recorded_cards(entry.get("defender_cards"), (10,), "defender's hand", runs)
    if kcards is not None and dcards is not None:
        reading.key = "knocker_cards"
        if not set(kcards).isdisjoint(dcards):  # (a card is one shared object: compared by identity)
            both = {card.index for card in kcards} & {card.index for card in dcards}
            raise InvalidNotationError(f"{', '.join(DECK[i].code for i in sorted(both))} in both hands")
    return kcards, kcount, dcards, dcount


def _check_count_with(rules: HouseRules, big_gin: object, kcount: Optional[int], dcards: Cards) -> None:
    """Big gin goes with the knocker's count 0; a knock by count is settled against the defender's count
    (but a gin, without layoffs against it)."""
    if big_gin is not False and (big_gin is not True or kcount != 0 or rules.big_gin_bonus is None):
        raise InvalidNotationError("'big_gin: true' goes with the knocker's count 0, where the rules have big gin")
    if kcount and dcards is not None:
        raise InvalidNotationError(f"a knock counted {kcount} cannot be settled against the defender's cards")
    if kcount == 0 and dcards is not None and rules.gin_layoffs:
        raise InvalidNotationError(GIN_LAYOFFS_COUNT)

"""The knock limit and the knock check: may this hand knock under these house rules?"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from gin_ref.core.cards import Card, to_mask
from gin_ref.core.deadwood import best_melding, best_melding_counted, deadwood_of
from gin_ref.core.errors import IllegalActionError, InvalidNotationError
from gin_ref.core.melds import Meld, Melding, is_run, is_set
from gin_ref.core.rules import HouseRules

if TYPE_CHECKING:
    from gin_ref.core.aces import Aces


def knock_limit(rules: HouseRules, upcard: Optional[Card]) -> int:
    """The most deadwood a knock may keep in this deal (docs/rules.md §4). The upcard may be unknown (None)
    where the limit is a number; otherwise InvalidNotationError."""
    if isinstance(rules.knock_limit, int):
        return rules.knock_limit
    if upcard is None:
        raise InvalidNotationError("the knock limit is the upcard's value: name the upcard (--upcard CARD)")
    if upcard.rank == 1:
        value = 0 if rules.ace_upcard == "gin" else 1
    else:
        value = upcard.value
    return value if rules.knock_limit_cap is None else min(value, rules.knock_limit_cap)


def limit_reason(rules: HouseRules, upcard: Optional[Card]) -> str:
    """Why the limit is what it is, for people: ``upcard 7♦``, ``house rules``, ``straight gin``."""
    if rules.knock_limit != "upcard":
        return "straight gin" if rules.knock_limit == 0 else "house rules"
    if upcard is None:
        return "the upcard, not named"
    if upcard.rank == 1 and rules.ace_upcard == "gin":
        return f"upcard {upcard.pretty}: an ace up means gin only"
    cap = rules.knock_limit_cap
    if cap is not None and cap < (1 if upcard.rank == 1 else upcard.value):
        return f"upcard {upcard.pretty}, capped at the house limit {cap}"
    return f"upcard {upcard.pretty}"


class KnockCheck:
    """The verdict on a knock: the arrangement used, the limit and whether it is legal. Immutable; one is
    made for every case of ``check --input``, so a plain class with slots, not a dataclass."""

    __slots__ = ("melding", "limit", "reason", "big_gin", "deadwood", "legal", "gin", "ways")

    def __init__(self, melding: Melding, limit: int, reason: str, big_gin: bool = False,
                 ways: Optional[int] = None) -> None:
        self.melding = melding
        # how many arrangements of the same cards reach this deadwood, when the search counted them (None:
        # not counted; declared melds, 11 cards)
        self.ways = ways
        self.limit = limit
        self.reason = reason  # why the limit is what it is
        self.big_gin = big_gin
        self.deadwood: int = melding.deadwood
        self.legal: bool = big_gin or self.deadwood <= limit
        self.gin: bool = self.legal and self.deadwood == 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KnockCheck) and (self.melding, self.limit, self.reason, self.big_gin) == (
            other.melding, other.limit, other.reason, other.big_gin)

    def __hash__(self) -> int:
        return hash((self.melding, self.limit, self.reason, self.big_gin))

    def __repr__(self) -> str:
        return (f"KnockCheck(melding={self.melding!r}, limit={self.limit!r}, reason={self.reason!r}, "
                f"big_gin={self.big_gin!r})")

    @property
    def verdict(self) -> str:
        """One line a table can read: ``legal: deadwood 5 within limit 7 (upcard 7♦)``."""
        dw, limit = self.melding.deadwood, self.limit
        if self.big_gin:
            return "big gin: all 11 cards melded"
        if dw == 0:
            return f"gin: no deadwood (limit {limit}, {self.reason})"
        if dw <= limit:
            margin = limit - dw
            return f"legal: deadwood {dw} within limit {limit}, {margin} to spare ({self.reason})"
        return f"not legal: {self.refusal}"

    @property
    def refusal(self) -> str:
        """Why an illegal knock is refused: ``deadwood 8 exceeds limit 7 (upcard 7♦)``."""
        return over_limit(self.melding.deadwood, self.limit, self.reason)


def over_limit(deadwood: int, limit: int, reason: str) -> str:
    """``deadwood 8 exceeds limit 7 (upcard 7♦)``: a knock over the limit, by cards or by count."""
    return f"deadwood {deadwood} exceeds limit {limit} ({reason})"


def verify_knocker_cards(cards: Sequence[Card]) -> None:
    if len(cards) not in (10, 11):
        raise InvalidNotationError(f"knocker has {len(cards)} cards, expected 10 or 11")


def arrange_declared(cards: Sequence[Card], melds: Sequence[Meld], discard: Optional[Card] = None,
                     aces: "Optional[Aces]" = None) -> Melding:
    """The knocker's own arrangement: his declared melds, the rest deadwood (docs/rules.md §5.1).

    With 11 cards the discard is the one named, or else the highest-valued card outside the melds.
    Raises InvalidNotationError if a meld uses a card he does not hold.
    """
    mask = to_mask(cards)
    melded = 0
    for meld in melds:
        if meld.mask & mask != meld.mask:
            missing = [c.code for c in meld.cards if not c.bit & mask]
            raise InvalidNotationError(f"declared meld {meld} uses {', '.join(missing)}, not in the knocker's hand")
        melded |= meld.mask
    if discard is not None and discard.bit & melded:
        raise InvalidNotationError(f"discard {discard.code} is in a declared meld")
    loose = sorted((c for c in cards if not c.bit & melded), key=lambda c: c.index)
    if len(cards) == 11 and discard is None:
        if not loose:
            raise InvalidNotationError("declared melds use all 11 cards: name the discard")
        discard = max(loose, key=lambda c: (c.value if aces is None else aces.card_value(c), c.index))
    if discard is not None:
        loose = [c for c in loose if c is not discard]
    points = None if aces is None else aces.points(loose)
    return Melding(tuple(sorted(melds, key=lambda m: m.cards[0].index)), tuple(loose), discard, points)


def verify_declared(melds: Sequence[Meld], aces: "Optional[Aces]" = None) -> None:
    """Declared melds must each be legal and no card may be in two of them: raises InvalidNotationError."""
    seen = 0
    for meld in melds:
        if not (is_set(meld.cards) or is_run(meld.cards, aces)):
            raise InvalidNotationError("not a meld: " + " ".join(c.code for c in meld.cards))
        if meld.mask & seen:
            shared = [c.code for c in meld.cards if c.bit & seen]
            raise InvalidNotationError(f"card {shared[0]} is in two declared melds")
        seen |= meld.mask


def check_knock(cards: Sequence[Card], rules: HouseRules, upcard: Optional[Card], melds: Optional[Sequence[Meld]] = None,
                discard: Optional[Card] = None, count: bool = False) -> KnockCheck:
    """Judge a knock: 10 cards kept, or 11 after the draw (discard chosen, or named by ``discard``).

    Returns a KnockCheck; it does not raise for an illegal knock (``legal`` says so). With 11 cards and
    ``big_gin_bonus`` set, 11 melded cards with no discard named are big gin. ``count``: 10 cards arranged by
    the search also get ``ways``, how many arrangements reach the deadwood (what settle asks next).
    """
    verify_knocker_cards(cards)
    if discard is not None and discard not in cards:
        raise InvalidNotationError(f"discard {discard.code} is not in the knocker's hand")
    eleven = len(cards) == 11
    if discard is not None and not eleven:
        raise InvalidNotationError(f"discard {discard.code} named with {len(cards)} cards: a discard goes with 11")
    limit, reason = knock_limit(rules, upcard), limit_reason(rules, upcard)
    mask = to_mask(cards)
    aces = rules.aces
    if melds is not None:
        verify_declared(melds, aces)
    if eleven and discard is None and melds is None and rules.big_gin_bonus is not None and deadwood_of(mask, aces) == 0:
        return KnockCheck(best_melding(mask, aces=aces), limit, reason, big_gin=True)
    if melds is not None:
        declared = Melding(tuple(sorted(melds, key=lambda m: m.cards[0].index)), ())
        if eleven and discard is None and rules.big_gin_bonus is not None and declared.melded_mask == mask:
            return KnockCheck(declared, limit, reason, big_gin=True)
        return KnockCheck(arrange_declared(cards, melds, discard, aces), limit, reason)
    if eleven and discard is not None:
        return KnockCheck(_with_discard(best_melding(mask & ~discard.bit, aces=aces), discard), limit, reason)
    if eleven or not count:
        return KnockCheck(best_melding(mask, eleven, aces), limit, reason)
    melding, ways = best_melding_counted(mask, aces)  # for settle: is this the one best arrangement?
    return KnockCheck(melding, limit, reason, ways=ways)


def _with_discard(melding: Melding, discard: Card) -> Melding:
    return Melding(melding.melds, melding.deadwood_cards, discard, melding.deadwood)


def verify_knock(check: KnockCheck) -> None:
    """Raise IllegalActionError with the reason if the knock is not legal."""
    if not check.legal:
        raise IllegalActionError(f"knock not allowed: {check.refusal}")


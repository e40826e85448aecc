"""The knock limit and the knock check: may this hand knock under these house rules?"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Dict, Optional, Sequence, Tuple

from gin_ref.core.cards import Card, to_mask
from gin_ref.core.deadwood import best_melding, best_melding_counted, deadwood_of
from gin_ref.core.errors import IllegalActionError, InvalidNotationError
from gin_ref.core.melds import IN_TWO_MELDS, NOT_A_MELD, Meld, Melding, is_run, is_set
from gin_ref.core.message import Message, N_, Nn_, Value
from gin_ref.core.rules import HouseRules

if TYPE_CHECKING:
    from gin_ref.core.aces import Aces


def knock_limit(rules: HouseRules, upcard: Optional[Card]) -> int:
    """The most deadwood a knock may keep in this deal (docs/rules.md §4). The upcard may be unknown (None)
    where the limit is a number; otherwise InvalidNotationError."""
    if isinstance(rules.knock_limit, int):
        return rules.knock_limit
    if upcard is None:
        raise InvalidNotationError(Message(N_("the knock limit is the upcard's value: name the upcard (%(option)s "
                                              "CARD)"), option="upcard"))
    if upcard.rank == 1:
        value = 0 if rules.ace_upcard == "gin" else 1
    else:
        value = upcard.value
    return value if rules.knock_limit_cap is None else min(value, rules.knock_limit_cap)


def limit_reason(rules: HouseRules, upcard: Optional[Card]) -> str:
    """Why the limit is what it is, in English: ``upcard 7♦``, ``house rules``, ``straight gin`` (its message
    filled in once for each limit and upcard: a replay asks it at every knock, and refuses nothing)."""
    return _reason_in_english(rules.knock_limit, rules.ace_upcard, rules.knock_limit_cap, upcard)


@lru_cache(maxsize=None)  # (at most the 52 upcards, and none, of a few rules)
def _reason_in_english(limit: "int | str", ace_upcard: str, cap: Optional[int], upcard: Optional[Card]) -> str:
    words, values = _limit_words(limit, ace_upcard, cap, upcard)
    return words % values if values else words


def limit_said(rules: HouseRules, upcard: Optional[Card]) -> Message:
    """Why the limit is what it is, for people, as a message: ``upcard 7♦``, ``house rules``."""
    words, values = _limit_words(rules.knock_limit, rules.ace_upcard, rules.knock_limit_cap, upcard)
    return Message(words, **values)


def _limit_words(limit: "int | str", ace_upcard: str, cap: Optional[int],
                 upcard: Optional[Card]) -> Tuple[str, Dict[str, Value]]:
    if limit != "upcard":
        return (_STRAIGHT_GIN if limit == 0 else _HOUSE_RULES), {}
    if upcard is None:
        return _NOT_NAMED, {}
    if upcard.rank == 1 and ace_upcard == "gin":
        return _ACE_UP, {"upcard": upcard.pretty}
    if cap is not None and cap < (1 if upcard.rank == 1 else upcard.value):
        return _CAPPED, {"upcard": upcard.pretty, "limit": cap}
    return _UPCARD, {"upcard": upcard.pretty}


# (why the limit is what it is, made once: every knock of a replay says one)
_STRAIGHT_GIN = N_("straight gin")
_HOUSE_RULES = N_("house rules")
_NOT_NAMED = N_("the upcard, not named")
_ACE_UP = N_("upcard %(upcard)s: an ace up means gin only")
_CAPPED = N_("upcard %(upcard)s, capped at the house limit %(limit)d")
_UPCARD = N_("upcard %(upcard)s")


class KnockCheck:
    """The verdict on a knock: the arrangement used, the limit and whether it is legal. Immutable; one is
    made for every case of ``check --input``, so a plain class with slots, not a dataclass."""

    __slots__ = ("melding", "limit", "reason", "big_gin", "deadwood", "legal", "gin", "ways", "_why")

    def __init__(self, melding: Melding, limit: int, reason: str, big_gin: bool = False,
                 ways: Optional[int] = None, why: "Optional[Tuple[HouseRules, Optional[Card]]]" = None) -> None:
        self.melding = melding
        self._why = why  # the rules and the upcard the limit came from: its reason said again on a refusal
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
    def verdict_said(self) -> Message:
        """One line a table can read: ``legal: deadwood 5 within limit 7, 2 to spare (upcard 7♦)`` (the limit's
        reason said again from the rules)."""
        dw, limit = self.melding.deadwood, self.limit
        if self.big_gin:
            return Message(N_("big gin: all 11 cards melded"))
        if dw == 0:
            return Message(N_("gin: no deadwood (limit %(limit)d, %(reason)s)"), limit=limit, reason=self.said_reason)
        if dw <= limit:
            return Message(N_("legal: deadwood %(deadwood)d within limit %(limit)d, %(spare)d to spare (%(reason)s)"),
                           deadwood=dw, limit=limit, spare=limit - dw, reason=self.said_reason)
        return Message(N_("not legal: %(reason)s"), reason=self.refusal_said)

    @property
    def refusal_said(self) -> Message:
        """Why an illegal knock is refused: ``deadwood 8 exceeds limit 7 (upcard 7♦)`` (the limit's reason said
        again from the rules, in the reader's language)."""
        return over_limit_said(self.melding.deadwood, self.limit, self.said_reason)

    @property
    def said_reason(self) -> "str | Message":
        """Why the limit is what it is, as a message (``limit_said``) when the rules it came from are known."""
        return self.reason if self._why is None else limit_said(*self._why)


def over_limit_said(deadwood: int, limit: int, reason: "str | Message") -> Message:
    """``deadwood 8 exceeds limit 7 (upcard 7♦)``: a knock over the limit, by cards or by count (``reason``:
    ``limit_said``'s message, or its English)."""
    return Message(_OVER_LIMIT, deadwood=deadwood, limit=limit, reason=reason)


_OVER_LIMIT = N_("deadwood %(deadwood)d exceeds limit %(limit)d (%(reason)s)")


def verify_knocker_cards(cards: Sequence[Card]) -> None:
    if len(cards) not in (10, 11):
        raise InvalidNotationError(Message(Nn_("knocker has %(count)d card, expected 10 or 11",
                                               "knocker has %(count)d cards, expected 10 or 11"), count=len(cards)))


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
            raise InvalidNotationError(Message(N_("declared meld %(meld)s uses %(cards)s, not in the knocker's hand"),
                                               meld=str(meld), cards=", ".join(missing)))
        melded |= meld.mask
    if discard is not None and discard.bit & melded:
        raise InvalidNotationError(Message(N_("discard %(card)s is in a declared meld"), card=discard.code))
    loose = sorted((c for c in cards if not c.bit & melded), key=lambda c: c.index)
    if len(cards) == 11 and discard is None:
        if not loose:
            raise InvalidNotationError(Message(N_("declared melds use all 11 cards: name the discard")))
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
            raise InvalidNotationError(Message(NOT_A_MELD, cards=" ".join(c.code for c in meld.cards)))
        if meld.mask & seen:
            shared = [c.code for c in meld.cards if c.bit & seen]
            raise InvalidNotationError(Message(IN_TWO_MELDS, card=shared[0]))
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
        raise InvalidNotationError(Message(N_("discard %(card)s is not in the knocker's hand"), card=discard.code))
    eleven = len(cards) == 11
    if discard is not None and not eleven:
        raise InvalidNotationError(Message(Nn_("discard %(card)s named with %(count)d card: a discard goes with 11",
                                               "discard %(card)s named with %(count)d cards: a discard goes with 11"),
                                           card=discard.code, count=len(cards)))
    limit, reason = knock_limit(rules, upcard), limit_reason(rules, upcard)
    why = (rules, upcard)
    mask = to_mask(cards)
    aces = rules.aces
    if melds is not None:
        verify_declared(melds, aces)
    if eleven and discard is None and melds is None and rules.big_gin_bonus is not None and deadwood_of(mask, aces) == 0:
        return KnockCheck(best_melding(mask, aces=aces), limit, reason, True, None, why)
    if melds is not None:
        declared = Melding(tuple(sorted(melds, key=lambda m: m.cards[0].index)), ())
        if eleven and discard is None and rules.big_gin_bonus is not None and declared.melded_mask == mask:
            return KnockCheck(declared, limit, reason, True, None, why)
        return KnockCheck(arrange_declared(cards, melds, discard, aces), limit, reason, False, None, why)
    if eleven and discard is not None:
        return KnockCheck(_with_discard(best_melding(mask & ~discard.bit, aces=aces), discard), limit, reason, False, None, why)
    if eleven or not count:
        return KnockCheck(best_melding(mask, eleven, aces), limit, reason, False, None, why)
    melding, ways = best_melding_counted(mask, aces)  # for settle: is this the one best arrangement?
    return KnockCheck(melding, limit, reason, False, ways, why)


def _with_discard(melding: Melding, discard: Card) -> Melding:
    return Melding(melding.melds, melding.deadwood_cards, discard, melding.deadwood)


def verify_knock(check: KnockCheck) -> None:
    """Raise IllegalActionError with the reason if the knock is not legal."""
    if not check.legal:
        raise IllegalActionError(Message(N_("knock not allowed: %(reason)s"), reason=check.refusal_said))


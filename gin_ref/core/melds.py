"""Melds (sets and runs), an arrangement of a hand into melds and deadwood, and the meld notation.

A set is 3 or 4 cards of one rank; a run is 3 or more consecutive cards of one suit, ace low only, unless
the house rules' aces say otherwise (``gin_ref.core.aces``): then a run's cards are in run order (Q K A).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple

from gin_ref.core.cards import DECK, Card, deadwood_points, parse_cards, to_mask
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.escape import shown_value
from gin_ref.core.message import Message, N_

NOT_A_MELD = N_("not a meld: %(cards)s")
IN_TWO_MELDS = N_("card %(card)s is in two declared melds")
_EMPTY = N_('empty meld: write melds as "AS 2S 3S | 4H 4D 4C"')

if TYPE_CHECKING:
    from gin_ref.core.aces import Aces


def is_set(cards: Sequence[Card]) -> bool:
    return 3 <= len(cards) <= 4 and len({c.rank for c in cards}) == 1 and len({c.suit for c in cards}) == len(cards)


def is_run(cards: Sequence[Card], aces: "Optional[Aces]" = None) -> bool:
    if aces is not None:
        return aces.run_order(cards) is not None
    if len(cards) < 3 or len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted(c.rank for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


class Meld:
    """A legal meld; ``cards`` sorted by rank (runs) or by suit (sets). Immutable; ``mask`` is its cards'
    52-bit mask. Built in the hot path of every answer, so a plain class with slots, not a dataclass."""

    __slots__ = ("cards", "kind", "mask")

    def __init__(self, cards: Tuple[Card, ...], kind: str) -> None:
        self.cards = cards
        self.kind = kind  # "set" or "run"
        self.mask = to_mask(cards)

    @classmethod
    def of(cls, cards: Sequence[Card], aces: "Optional[Aces]" = None) -> "Meld":
        """A meld from cards in any order; raises InvalidNotationError if they are not a set or a run.

        >>> run = Meld.of(parse_cards("9H 7H 8H"))
        >>> str(run), run.kind, run.extensions()
        ('7H 8H 9H', 'run', (Card(6H), Card(TH)))
        >>> Meld.of(parse_cards("4C 4H 4D")).extensions()
        (Card(4S),)
        >>> Meld.of(parse_cards("QS KS AS")).kind  # ace low only, unless the house rules' aces say so
        Traceback (most recent call last):
        gin_ref.core.errors.InvalidNotationError: not a meld: AS QS KS
        """
        if aces is not None:
            order = aces.run_order(cards)
            if order is not None:
                return cls(order, "run")
        cards = tuple(sorted(cards, key=lambda c: c.index))
        if is_run(cards):
            return cls(cards, "run")
        if is_set(cards):
            return cls(cards, "set")
        raise InvalidNotationError(Message(NOT_A_MELD, cards=" ".join(c.code for c in cards)))

    @property
    def codes(self) -> List[str]:
        return [c.code for c in self.cards]

    def extensions(self) -> Tuple[Card, ...]:
        """The cards that could be laid off onto this meld as it stands (no chaining)."""
        if self.kind == "set":
            if len(self.cards) == 4:
                return ()
            suits = {c.suit for c in self.cards}
            rank = self.cards[0].rank
            return tuple(DECK[s * 13 + rank - 1] for s in range(4) if s not in suits)
        suit, low, high = self.cards[0].suit, self.cards[0].rank, self.cards[-1].rank
        ends = []
        if low > 1:
            ends.append(DECK[suit * 13 + low - 2])
        if high < 13:
            ends.append(DECK[suit * 13 + high])
        return tuple(ends)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Meld) and self.cards == other.cards and self.kind == other.kind

    def __hash__(self) -> int:
        return hash((self.cards, self.kind))

    def __repr__(self) -> str:
        return f"Meld(cards={self.cards!r}, kind={self.kind!r})"

    def __str__(self) -> str:
        return " ".join(self.codes)


class Melding:
    """One arrangement of a hand: melds, deadwood cards and their points, and the discard (11 cards).

    Immutable. ``deadwood`` (the points of the deadwood cards) is worked out once, or given by the search
    that already knows it.
    """

    __slots__ = ("melds", "deadwood_cards", "discard", "deadwood")

    def __init__(self, melds: Tuple[Meld, ...], deadwood_cards: Tuple[Card, ...], discard: Optional[Card] = None,
                 deadwood: Optional[int] = None) -> None:
        self.melds = melds
        self.deadwood_cards = deadwood_cards
        self.discard = discard  # a Card, or None
        self.deadwood = deadwood_points(deadwood_cards) if deadwood is None else deadwood

    @property
    def melded_mask(self) -> int:
        mask = 0
        for meld in self.melds:
            mask |= meld.mask
        return mask

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Melding) and self.melds == other.melds
                and self.deadwood_cards == other.deadwood_cards and self.discard == other.discard)

    def __hash__(self) -> int:
        return hash((self.melds, self.deadwood_cards, self.discard))

    def __repr__(self) -> str:
        return (f"Melding(melds={self.melds!r}, deadwood_cards={self.deadwood_cards!r}, "
                f"discard={shown_value(self.discard)})")


def runs_of_mask(suit: int, mask13: int) -> List[Meld]:
    """Split a suit's melded ranks (a 13-bit mask, bit r = rank r+1) into runs: its maximal segments."""
    runs, rank = [], 0
    while rank < 13:
        if mask13 >> rank & 1:
            start = rank
            while rank < 13 and mask13 >> rank & 1:
                rank += 1
            runs.append(Meld(tuple(DECK[suit * 13 + r] for r in range(start, rank)), "run"))
        else:
            rank += 1
    return runs


def parse_melds(text: object, aces: "Optional[Aces]" = None) -> Tuple[Meld, ...]:
    """Read declared melds: ``"AS 2S 3S | 4H 4D 4C"`` (``|`` or ``/`` between melds), or a list of card lists.
    ``text`` is whatever a command or a record gives (a record's value as written: anything else is refused).

    Raises InvalidNotationError for bad cards, an empty group, a card in two melds or a group that is not
    a meld, or for ``text`` that is neither text nor a list.

    >>> [str(meld) for meld in parse_melds("A-3S / 4HDC | 7C 8C 9C")]
    ['AS 2S 3S', '4H 4D 4C', '7C 8C 9C']
    >>> [meld.kind for meld in parse_melds([["AS", "2S", "3S"], "4H 4D 4C"])]
    ['run', 'set']
    >>> parse_melds("AS 2S 3S | | 4H 4D 4C")
    Traceback (most recent call last):
    gin_ref.core.errors.InvalidNotationError: empty meld: write melds as "AS 2S 3S | 4H 4D 4C"
    """
    if isinstance(text, str):
        groups = text.replace("/", "|").split("|") if text.strip() else []
        if len(groups) > 1:  # a separator may open or close the list, not stand empty inside it
            groups = groups[1:] if not groups[0].strip() else groups
            groups = groups[:-1] if groups and not groups[-1].strip() else groups
            if not groups:
                raise InvalidNotationError(Message(_EMPTY))
    elif isinstance(text, (list, tuple)):
        groups = list(text)
    else:
        raise InvalidNotationError(Message(N_("melds must be text or a list of card lists, not %(value)s"),
                                           value=shown_value(text)))
    melds, seen = [], set()
    for group in groups:
        if not isinstance(group, (str, list, tuple)):
            raise InvalidNotationError(Message(N_("a meld is text or a list of cards, not %(value)s"),
                                               value=shown_value(group)))
        cards = parse_cards(group, what="meld", runs="low" if aces is None else aces.runs)
        if not cards:
            raise InvalidNotationError(Message(_EMPTY))
        for card in cards:
            if card.index in seen:
                raise InvalidNotationError(Message(IN_TWO_MELDS, card=card.code))
            seen.add(card.index)
        melds.append(Meld.of(cards, aces))
    return tuple(melds)

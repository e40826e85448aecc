"""The defender's answer to a knock: his own melds and his layoffs onto the knocker's melds, chosen together.

docs/rules.md §5.2-5.3: a layoff is the fourth card of a knocker's three-card set or the next card at
either end of a knocker's run; layoffs chain (8H then 9H onto 5H 6H 7H); never onto deadwood or the
defender's own melds. The defender may break his own meld to lay off. The result is exact: every subset of
the cards that could possibly be laid off is tried, and for each the rest is arranged by the exact search.
"""

from itertools import combinations
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from gin_ref.core.cards import Card, to_mask
from gin_ref.core.deadwood import best_melding, deadwood_of
from gin_ref.core.melds import Meld, Melding

if TYPE_CHECKING:
    from gin_ref.core.aces import Aces


class Layoff(NamedTuple):
    card: Card  # the card laid off
    onto: Meld  # the knocker's meld, as he spread it


class Defense:
    """The defender's spread: own melds, layoffs and the deadwood that counts against him. Immutable. Its
    own melds are arranged when first asked for: the deadwood is known from the search, and a replay that
    only checks the score never needs them."""

    __slots__ = ("layoffs", "deadwood", "_rest", "_melding", "_aces")

    def __init__(self, rest: int, layoffs: "Tuple[Layoff, ...]", deadwood: int, aces: "Optional[Aces]" = None) -> None:
        self.layoffs = layoffs
        self.deadwood = deadwood  # the least deadwood of the cards not laid off
        self._rest = rest  # those cards, as a mask
        self._melding: Optional[Melding] = None
        self._aces = aces

    def _arranged(self) -> Melding:
        if self._melding is None:
            self._melding = best_melding(self._rest, aces=self._aces)
        return self._melding

    @property
    def melds(self) -> "Tuple[Meld, ...]":
        return self._arranged().melds

    @property
    def deadwood_cards(self) -> "Tuple[Card, ...]":
        return self._arranged().deadwood_cards

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Defense) and (self._rest, self.layoffs) == (other._rest, other.layoffs)

    def __hash__(self) -> int:
        return hash((self._rest, self.layoffs))

    def __repr__(self) -> str:
        return f"Defense(melds={self.melds!r}, layoffs={self.layoffs!r}, deadwood_cards={self.deadwood_cards!r})"


def assign_layoffs(knocker_melds: "Sequence[Meld]", cards: "Sequence[Card]",
                   aces: "Optional[Aces]" = None) -> "Optional[Tuple[Layoff, ...]]":
    """Lay off ``cards`` onto ``knocker_melds`` if all of them can go; returns the Layoffs or None."""
    placed, left = _lay_off(knocker_melds, cards, aces)
    return None if left else placed


def layoff_candidates(knocker_melds: "Sequence[Meld]", cards: "Sequence[Card]",
                      aces: "Optional[Aces]" = None) -> "List[Card]":
    """The defender's cards that can be laid off in some chain: those that go on when he lays off all he can."""
    placed, _ = _lay_off(knocker_melds, cards, aces)
    return sorted((layoff.card for layoff in placed), key=lambda c: c.index)


def _lay_off(knocker_melds: "Sequence[Meld]", cards: "Sequence[Card]",
             aces: "Optional[Aces]" = None) -> "Tuple[Tuple[Layoff, ...], List[Card]]":
    """Lay off as many of ``cards`` as will go, one at a time; returns (Layoffs, cards left over).

    A card goes to a run end before a set: a card that fits both needs the run only to let another card
    follow it, and the set can take no other card, so this greedy order finds a chain whenever one exists.
    Under other aces a run's ends are positions on its suit's line (``_span``), the ace above the king
    with ``low_or_high``, the line going round with ``wrap``.
    """
    if aces is not None and aces.runs != "low":
        runs = [[m, m.cards[0].suit, *_span(m, aces.runs)] for m in knocker_melds if m.kind == "run"]
    else:
        runs = [[m, m.cards[0].suit, m.cards[0].rank, m.cards[-1].rank] for m in knocker_melds if m.kind == "run"]
    sets = {m.cards[0].rank: m for m in knocker_melds if m.kind == "set" and len(m.cards) == 3}
    left = sorted(cards, key=lambda c: c.index)
    placed = []
    place_on_run = _place_on_run if aces is None or aces.runs == "low" else _placer(aces.runs)
    while left:
        found = place_on_run(runs, left) or _place_on_set(sets, left)
        if found is None:
            break
        placed.append(Layoff(*found))
        left.remove(found[0])
    return tuple(placed), left


def _place_on_run(runs: "List[List[Any]]", left: "List[Card]") -> "Optional[Tuple[Card, Meld]]":
    for card in left:
        for run in runs:
            meld, suit, low, high = run
            if card.suit == suit and card.rank in (low - 1, high + 1):
                run[2], run[3] = min(low, card.rank), max(high, card.rank)
                return card, meld
    return None


def _span(meld: Meld, runs: str) -> "Tuple[int, int]":
    """A run's first and last positions on its suit's line: rank 1 (ace) to 13 (king), the ace 14 when it
    follows the king (``low_or_high``); with ``wrap`` the last is first + length - 1, past 13 round the corner."""
    first = meld.cards[0].rank
    if runs == "wrap":
        return first, first + len(meld.cards) - 1
    return first, 14 if meld.cards[-1].rank == 1 and first != 1 else meld.cards[-1].rank


def _placer(runs: str):  # type: ignore[no-untyped-def]
    """``_place_on_run`` for positions on a line with the ace high too (``low_or_high``) or round (``wrap``)."""
    def place(spans: "List[List[Any]]", left: "List[Card]") -> "Optional[Tuple[Card, Meld]]":
        for card in left:
            for run in spans:
                meld, suit, low, high = run
                if card.suit != suit:
                    continue
                if runs == "wrap":
                    if high - low + 1 >= 13:
                        continue
                    if (high % 13) + 1 == card.rank:
                        run[3] = high + 1
                        return card, meld
                    if (low - 2) % 13 + 1 == card.rank:
                        run[2] = low - 1
                        return card, meld
                elif high < 14 and (high + 1 - 1) % 13 + 1 == card.rank:
                    run[3] = high + 1
                    return card, meld
                elif low > 1 and low - 1 == card.rank:
                    run[2] = low - 1
                    return card, meld
        return None
    return place


def _place_on_set(sets: "Dict[Any, Any]", left: "List[Card]") -> "Optional[Tuple[Card, Meld]]":
    for card in left:
        meld = sets.pop(card.rank, None)
        if meld is not None:
            return card, meld
    return None


def _reach(knocker_melds: "Sequence[Meld]") -> "Tuple[Tuple[Tuple[int, int, int], ...], int]":
    """The knocker's melds as layoff targets on card indices: each run's ``(suit base, its lowest index, its
    highest index)``, and the mask of the fourth cards of his three-card sets."""
    runs, fourths = [], 0
    for meld in knocker_melds:
        if meld.kind == "run":
            runs.append((meld.cards[0].suit * 13, meld.cards[0].index, meld.cards[-1].index))
        elif len(meld.cards) == 3:
            held = meld.mask
            fourths |= sum(1 << (suit * 13 + meld.cards[0].rank - 1) for suit in range(4)) & ~held
    return tuple(runs), fourths


def _laid(runs: "Tuple[Tuple[int, int, int], ...]", fourths: int, cards: int) -> int:
    """The cards of mask ``cards`` that go on the knocker's melds when all that can go are laid off: each run
    takes the chain of cards next to either end, each three-card set its fourth card (what ``_lay_off``
    places, as a mask)."""
    placed = cards & fourths
    for base, low, high in runs:
        index = high + 1
        while index < base + 13 and cards >> index & 1:
            placed |= 1 << index
            index += 1
        index = low - 1
        while index >= base and cards >> index & 1:
            placed |= 1 << index
            index -= 1
    return placed


def best_defense(knocker_melds: "Sequence[Meld]", cards: "Sequence[Card]", allow_layoffs: bool = True,
                 aces: "Optional[Aces]" = None) -> Defense:
    """The defender's least deadwood over every choice of own melds and layoffs, as a Defense.

    Ties go to fewer layoffs, then to the first subset in card order: the result is deterministic.
    ``aces``: the house rules' aces where they are not the standard (runs end where they say; an ace
    counts its value).
    """
    if aces is not None:
        return _best_defense_aces(knocker_melds, cards, allow_layoffs, aces)
    mask = to_mask(cards)
    if allow_layoffs:
        runs, fourths = _reach(knocker_melds)
        candidates = _laid(runs, fourths, mask) if runs or fourths else 0
    else:
        candidates = 0
    base = deadwood_of(mask)
    if not candidates:
        return Defense(mask, (), base)
    best, best_subset = base, 0
    found = [card for card in cards if card.bit & candidates]
    found.sort(key=lambda card: card.index)
    for subset in _subsets(found):
        # Taking a card out of a hand lowers its least deadwood by at most the card's value, so a subset
        # whose values cannot bring the count below the best so far is passed over (exact, and cheap).
        if base - sum(card.value for card in subset) >= best:
            continue
        taken = to_mask(subset)
        if _laid(runs, fourths, taken) != taken:  # not every card of the subset can go on
            continue
        total = deadwood_of(mask & ~taken)
        if total < best:
            best, best_subset = total, taken
    if not best_subset:
        return Defense(mask, (), base)
    layoffs = assign_layoffs(knocker_melds, [card for card in found if card.bit & best_subset])
    assert layoffs is not None  # the subset was checked to go on whole
    return Defense(mask & ~best_subset, layoffs, best)


def _best_defense_aces(knocker_melds: "Sequence[Meld]", cards: "Sequence[Card]", allow_layoffs: bool,
                       aces: "Aces") -> Defense:
    """``best_defense`` under other aces: the same walk of every subset of the cards that could go on, each
    subset checked by laying it off card by card (``assign_layoffs``)."""
    mask = to_mask(cards)
    base = deadwood_of(mask, aces)
    found = layoff_candidates(knocker_melds, cards, aces) if allow_layoffs else []
    best, best_subset = base, 0
    best_layoffs: Tuple[Layoff, ...] = ()
    for subset in _subsets(found):
        if base - aces.points(subset) >= best:
            continue
        layoffs = assign_layoffs(knocker_melds, subset, aces)
        if layoffs is None:
            continue
        taken = to_mask(subset)
        total = deadwood_of(mask & ~taken, aces)
        if total < best:
            best, best_subset, best_layoffs = total, taken, layoffs
    return Defense(mask & ~best_subset, best_layoffs, best, aces)


def _subsets(items: "List[Card]") -> "Iterator[Tuple[Card, ...]]":
    """Non-empty subsets, smaller first."""
    for size in range(1, len(items) + 1):
        yield from combinations(items, size)

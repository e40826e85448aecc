"""The defender's answer to a knock: his own melds and his layoffs onto the knocker's melds, chosen together.

docs/rules.md §5.2-5.3: a layoff is the fourth card of a knocker's three-card set or the next card at
either end of a knocker's run; layoffs chain (8H then 9H onto 5H 6H 7H); never onto deadwood or the
defender's own melds. The defender may break his own meld to lay off. The result is exact: every subset of
the cards that could possibly be laid off is tried, and for each the rest is arranged by the exact search.
"""

from dataclasses import dataclass

from typing import Iterator, List, Optional, Sequence, Tuple

from gin_ref.core.cards import Card, deadwood_points, to_mask
from gin_ref.core.deadwood import best_melding, deadwood_of
from gin_ref.core.melds import Meld


@dataclass(frozen=True)
class Layoff:
    card: Card  # the card laid off
    onto: Meld  # the knocker's meld, as he spread it


@dataclass(frozen=True)
class Defense:
    """The defender's spread: own melds, layoffs and the deadwood that counts against him."""

    melds: Tuple[Meld, ...]
    layoffs: Tuple[Layoff, ...]
    deadwood_cards: Tuple[Card, ...]

    @property
    def deadwood(self) -> int:
        return deadwood_points(self.deadwood_cards)


def assign_layoffs(knocker_melds: Sequence[Meld], cards: Sequence[Card]) -> Optional[Tuple[Layoff, ...]]:
    """Lay off ``cards`` onto ``knocker_melds`` if all of them can go; returns the Layoffs or None."""
    placed, left = _lay_off(knocker_melds, cards)
    return None if left else placed


def layoff_candidates(knocker_melds: Sequence[Meld], cards: Sequence[Card]) -> List[Card]:
    """The defender's cards that can be laid off in some chain: those that go on when he lays off all he can."""
    placed, _ = _lay_off(knocker_melds, cards)
    return sorted((layoff.card for layoff in placed), key=lambda c: c.index)


def _lay_off(knocker_melds: Sequence[Meld], cards: Sequence[Card]) -> Tuple[Tuple[Layoff, ...], List[Card]]:
    """Lay off as many of ``cards`` as will go, one at a time; returns (Layoffs, cards left over).

    A card goes to a run end before a set: a card that fits both needs the run only to let another card
    follow it, and the set can take no other card, so this greedy order finds a chain whenever one exists.
    """
    runs = [[m, m.cards[0].suit, m.cards[0].rank, m.cards[-1].rank] for m in knocker_melds if m.kind == "run"]
    sets = {m.cards[0].rank: m for m in knocker_melds if m.kind == "set" and len(m.cards) == 3}
    left = sorted(cards, key=lambda c: c.index)
    placed = []
    while left:
        found = _place_on_run(runs, left) or _place_on_set(sets, left)
        if found is None:
            break
        placed.append(Layoff(*found))
        left.remove(found[0])
    return tuple(placed), left


def _place_on_run(runs: List[list], left: List[Card]) -> Optional[Tuple[Card, Meld]]:
    for card in left:
        for run in runs:
            meld, suit, low, high = run
            if card.suit == suit and card.rank in (low - 1, high + 1):
                run[2], run[3] = min(low, card.rank), max(high, card.rank)
                return card, meld
    return None


def _place_on_set(sets: dict, left: List[Card]) -> Optional[Tuple[Card, Meld]]:
    for card in left:
        meld = sets.pop(card.rank, None)
        if meld is not None:
            return card, meld
    return None


def best_defense(knocker_melds: Sequence[Meld], cards: Sequence[Card], allow_layoffs: bool = True) -> Defense:
    """The defender's least deadwood over every choice of own melds and layoffs, as a Defense.

    Ties go to fewer layoffs, then to the first subset in card order: the result is deterministic.
    """
    mask = to_mask(cards)
    candidates = layoff_candidates(knocker_melds, cards) if allow_layoffs else []
    if not candidates:
        rest = best_melding(mask)
        return Defense(rest.melds, (), rest.deadwood_cards)
    base = deadwood_of(mask)
    best: Tuple[int, int, Tuple[Layoff, ...]] = (base, 0, ())
    for subset in _subsets(candidates):
        # Taking a card out of a hand lowers its least deadwood by at most the card's value, so a subset
        # whose values cannot bring the count below the best so far is passed over (exact, and cheap).
        if base - sum(card.value for card in subset) >= best[0]:
            continue
        layoffs = assign_layoffs(knocker_melds, subset)
        if layoffs is None:
            continue
        total = deadwood_of(mask & ~to_mask(subset))
        if total < best[0]:
            best = (total, len(subset), layoffs)
    _, _, layoffs = best
    rest = best_melding(mask & ~to_mask(layoff.card for layoff in layoffs))
    return Defense(rest.melds, layoffs, rest.deadwood_cards)


def _subsets(items: List[Card]) -> Iterator[List[Card]]:
    """Non-empty subsets, smaller first."""
    from itertools import combinations

    for size in range(1, len(items) + 1):
        yield from (list(c) for c in combinations(items, size))

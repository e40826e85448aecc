"""Aces under the house rules (docs/rules.md §10): where an ace may stand in a run, and what it counts.

``ace_runs``: ``low`` (A-2-3 only, the default), ``low_or_high`` (Q-K-A too, never K-A-2) or ``wrap``
(K-A-2 too: a run goes round the corner). ``ace_value``: what an ace counts in deadwood (1 by default).

The standard ace (low, worth 1) is ``None`` wherever an ``Aces`` is asked for: the search's fast path is
the plain one. Another ace is an ``Aces``, one shared instance per pair of values (``aces_for``), that
holds its own search tables (``gin_ref.core.acesearch``, which knows the runs that hold an ace), built on first
use.

Positions: a card's place on the line a run may follow. With ``low`` ranks A..K are positions 0..12; with
``low_or_high`` the ace is also position 13 (above the king); with ``wrap`` positions go round modulo 13.
A run is a stretch of positions, its cards in that order (``Q♠ K♠ A♠``, ``K♠ A♠ 2♠``).
"""

from functools import lru_cache
from typing import Optional, Sequence, Tuple

from gin_ref.core.acesearch import AceSearch
from gin_ref.core.cards import Card

ACE_RUNS = ("low", "low_or_high", "wrap")
MOST_ACE_VALUE = 15


class Aces:
    """How aces play under some house rules other than the standard. Immutable; shared per values."""

    __slots__ = ("runs", "value", "values", "_search")

    def __init__(self, runs: str, value: int) -> None:
        self.runs = runs
        self.value = value
        # a card's deadwood value by rank index 0..12
        self.values: Tuple[int, ...] = (value,) + tuple(min(r + 1, 10) for r in range(1, 13))
        self._search: Optional[AceSearch] = None

    @property
    def search(self) -> AceSearch:
        """The search tables for these aces (``gin_ref.core.acesearch.AceSearch``), built on first use."""
        if self._search is None:
            self._search = AceSearch(self.runs, self.values)
        return self._search

    @property
    def most_deadwood(self) -> int:
        """The most deadwood ten cards can count under these aces (``most_deadwood``)."""
        return most_deadwood(self)

    def card_value(self, card: Card) -> int:
        return self.values[card.rank - 1]

    def points(self, cards: Sequence[Card]) -> int:
        values = self.values
        return sum(values[card.rank - 1] for card in cards)

    def run_order(self, cards: Sequence[Card]) -> Optional[Tuple[Card, ...]]:
        """``cards`` in run order if they are a run under these aces (3 or more, one suit, next to each other
        on the line), else None."""
        if len(cards) < 3 or len({c.suit for c in cards}) != 1:
            return None
        ranks = sorted(c.rank - 1 for c in cards)
        n = len(ranks)
        if ranks == list(range(ranks[0], ranks[0] + n)):
            return tuple(sorted(cards, key=lambda c: c.rank))
        if self.runs == "low" or ranks[0] != 0:
            return None
        held = set(ranks)  # the ace high, or round the corner: a stretch up to the king, the ace, 2 upwards
        up = 1
        while up in held:
            up += 1
        down = 12
        while down in held:
            down -= 1
        if (up > 1 and self.runs != "wrap") or up + 12 - down != n:
            return None
        by_rank = {c.rank - 1: c for c in cards}
        return tuple(by_rank[r] for r in list(range(down + 1, 13)) + list(range(0, up)))

    def __repr__(self) -> str:
        return f"Aces(runs={self.runs!r}, value={self.value!r})"


@lru_cache(maxsize=None)
def aces_for(runs: str, value: int) -> Optional[Aces]:
    """The shared Aces for these values; None for the standard ace (low, worth 1)."""
    if runs == "low" and value == 1:
        return None
    return Aces(runs, value)


def card_value(card: Card, aces: Optional[Aces]) -> int:
    return card.value if aces is None else aces.values[card.rank - 1]


def positions(aces: Optional[Aces]) -> int:
    """How many positions a suit's line has: 13, 14 with the ace also high (``wrap`` goes round: 13)."""
    return 14 if aces is not None and aces.runs == "low_or_high" else 13


@lru_cache(maxsize=None)
def most_deadwood(aces: Optional[Aces]) -> int:
    """The most deadwood ten cards can count under these aces (98 with the standard ace).

    Exact: a hand holding a meld counts at most its other seven cards, which is less than the best hand
    with no meld at all (checked here), so the answer is the most that ten cards with no meld add up to,
    found by a branch-and-bound walk of the cards, highest values first.
    """
    values = (1,) + tuple(min(r + 1, 10) for r in range(1, 13)) if aces is None else aces.values
    runs = "low" if aces is None else aces.runs
    order = sorted(range(52), key=lambda i: (-values[i % 13], i))
    worth = [values[i % 13] for i in order]
    held = [0] * 4  # per suit, ranks held
    per_rank = [0] * 13
    best = [0]

    def melds_with(suit: int, rank: int) -> bool:
        m = held[suit] | 1 << rank
        return any(all(m >> r & 1 for r in stretch) for stretch in _stretches(runs) if rank in stretch)

    def walk(at: int, count: int, total: int) -> None:
        if count == 10:
            best[0] = max(best[0], total)
            return
        if at == 52 or total + sum(worth[at:at + 10 - count]) <= best[0]:
            return
        index = order[at]
        suit, rank = divmod(index, 13)
        if per_rank[rank] < 2 and not melds_with(suit, rank):
            held[suit] |= 1 << rank
            per_rank[rank] += 1
            walk(at + 1, count + 1, total + worth[at])
            held[suit] &= ~(1 << rank)
            per_rank[rank] -= 1
        walk(at + 1, count, total)

    walk(0, 0, 0)
    assert sum(sorted(worth, reverse=True)[:7]) < best[0]  # a hand with a meld never counts more
    return best[0]


@lru_cache(maxsize=None)
def _stretches(runs: str) -> Tuple[Tuple[int, ...], ...]:
    """Every three ranks in a row (rank indices) under the ace rule ``runs``."""
    found = [tuple(range(r, r + 3)) for r in range(11)]
    if runs != "low":
        found.append((11, 12, 0))
    if runs == "wrap":
        found.append((12, 0, 1))
    return tuple(found)

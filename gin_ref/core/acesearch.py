"""The exact deadwood search under other aces (``gin_ref.core.aces``): the same search as ``deadwood``, its
own suit tables.

Why it is still exact: runs never leave their suit, so once the sets are chosen each suit is again an
independent problem on a 13-bit mask. A suit without its ace is the plain problem (a run can only go round
the corner, or above the king, through the ace), solved by the same small dynamic programme on the lowest
card; a suit with its ace is the least over the ace loose and each run that holds the ace
(``ace_runs_with``), the rest being ace-free. The set choices are walked by ``deadwood``'s own
functions, with these tables at the leaves.
"""

from typing import Dict, List, Sequence, Tuple

from gin_ref.core.cards import DECK, Card
from gin_ref.core.deadwood import SetChoice, best_choice, discard_tables, least, set_meld, triples_of
from gin_ref.core.meldchoices import SUIT_MASK, set_options
from gin_ref.core.melds import Meld, Melding

Runs = Tuple[Tuple[int, ...], ...]  # a suit's runs, each its rank indices in run order


def run_cards(suit: int, ranks: Sequence[int]) -> Tuple[Card, ...]:
    """The cards of a suit at rank indices (0 = ace), in the order given."""
    base = suit * 13
    return tuple(DECK[base + r] for r in ranks)


def ace_runs_with(runs: str, mask13: int) -> List[Tuple[int, ...]]:
    """Every run (its rank indices in run order) that holds the ace and lies within ``mask13`` (a suit's
    ranks, bit r = rank index r), for the ace rule ``runs``: low runs (by length), then high runs (by length),
    then, with ``wrap``, those round the corner (by how far they reach down, then up). No run twice."""
    found: List[Tuple[int, ...]] = []
    if not mask13 & 1:
        return found
    seen = set()

    def add(order: Tuple[int, ...]) -> None:
        key = sum(1 << r for r in order)
        if key not in seen:
            seen.add(key)
            found.append(order)

    up = 1
    while up < 13 and mask13 >> up & 1:
        up += 1
    for top in range(3, up + 1):  # A..(top-1)
        add(tuple(range(0, top)))
    if runs == "low":
        return found
    down = 12
    while down > 0 and mask13 >> down & 1:
        down -= 1
    for bottom in range(11, down, -1):  # bottom..K, A
        add(tuple(range(bottom, 13)) + (0,))
    if runs == "wrap":
        for bottom in range(12, down, -1):  # bottom..K, A, 2..top-1
            for top in range(2, up + 1):
                if top <= bottom and (13 - bottom) + top >= 3:
                    add(tuple(range(bottom, 13)) + tuple(range(0, top)))
    return found


class AceSearch:
    """The suit tables for one ``Aces`` (its ``ace_runs`` rule and its cards' ``values`` by rank index), and the
    search on them (each function as ``deadwood``'s)."""

    def __init__(self, ace_runs: str, values: Sequence[int]) -> None:
        self.ace_runs, self.values = ace_runs, values
        size = 1 << 13
        value = values
        dw = [0] * size
        runs: List[Runs] = [()] * size
        ways = [1] * size  # how many splits of the suit into runs and loose cards reach dw
        for mask in range(2, size, 2):  # no ace: the lowest card is loose, or starts a run
            low = mask & -mask
            rank = low.bit_length() - 1
            rest = mask ^ low
            best, best_runs, count = dw[rest] + value[rank], runs[rest], ways[rest]
            run, top = low, rank + 1
            while top < 13 and mask >> top & 1:
                run |= 1 << top
                top += 1
                if top - rank >= 3:
                    total = dw[mask ^ run]
                    if total < best:
                        best, best_runs, count = total, (tuple(range(rank, top)),) + runs[mask ^ run], ways[mask ^ run]
                    elif total == best:
                        count += ways[mask ^ run]
            dw[mask], runs[mask], ways[mask] = best, best_runs, count
        for mask in range(1, size, 2):  # the ace: loose, or in one of the runs that hold it
            rest = mask ^ 1
            best, best_runs, count = dw[rest] + value[0], runs[rest], ways[rest]
            for order in ace_runs_with(ace_runs, mask):
                left = mask & ~sum(1 << r for r in order)
                total = dw[left]
                if total < best:
                    best, best_runs, count = total, (order,) + runs[left], ways[left]
                elif total == best:
                    count += ways[left]
            dw[mask], runs[mask], ways[mask] = best, best_runs, count
        _dw1, drop, gain = discard_tables(dw)
        self.dw, self.runs, self.ways, self.drop, self.gain = dw, runs, ways, drop, gain
        self._parts: Dict[int, Tuple[Tuple[Meld, ...], Tuple[Card, ...], int]] = {}
        self._candidates: Dict[int, Tuple[Meld, ...]] = {}

    # --- the leaves of the set walk ---------------------------------------------------------------------

    def _keep(self, a: int, b: int, c: int, d: int) -> int:
        dw = self.dw
        return dw[a] + dw[b] + dw[c] + dw[d]

    def _discard(self, a: int, b: int, c: int, d: int) -> int:
        dw, gain = self.dw, self.gain
        return dw[a] + dw[b] + dw[c] + dw[d] - max(gain[a], gain[b], gain[c], gain[d])

    # --- the search -------------------------------------------------------------------------------------

    def deadwood_of(self, mask: int) -> int:
        a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
        triples = triples_of(a, b, c, d)
        return self._keep(a, b, c, d) if not triples else least(a, b, c, d, triples, self._keep)

    def deadwood_after_discard(self, mask: int) -> int:
        a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
        triples = triples_of(a, b, c, d)
        return self._discard(a, b, c, d) if not triples else least(a, b, c, d, triples, self._discard)

    def best_melding(self, mask: int, discard: bool = False) -> Melding:
        a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
        triples = triples_of(a, b, c, d)
        sets: SetChoice = ()
        if triples:
            _total, sets = best_choice(a, b, c, d, triples, self._discard if discard else self._keep)
        return self._melding(mask, sets, discard)

    def best_melding_counted(self, mask: int) -> Tuple[Melding, int]:
        a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
        _total, sets, ways = self._counted(a, b, c, d, triples_of(a, b, c, d))
        return self._melding(mask, sets, False), ways

    def best_melding_count(self, mask: int, enough: int = 2) -> int:
        a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
        return min(self._counted(a, b, c, d, triples_of(a, b, c, d))[2], enough)

    def _counted(self, a: int, b: int, c: int, d: int, triples: int) -> Tuple[int, SetChoice, int]:
        if not triples:
            split = self.ways
            return self._keep(a, b, c, d), (), split[a] * split[b] * split[c] * split[d]
        low = triples & -triples
        rest = triples ^ low
        rank = low.bit_length() - 1
        best, best_sets, count = self._counted(a, b, c, d, rest)
        keep = ~low
        for suits in set_options(a, b, c, d, low):
            total, sets, ways = self._counted(a & keep if 0 in suits else a, b & keep if 1 in suits else b,
                                              c & keep if 2 in suits else c, d & keep if 3 in suits else d, rest)
            if total < best:
                best, best_sets, count = total, ((rank, suits),) + sets, ways
            elif total == best:
                count += ways
        return best, best_sets, count

    def _melding(self, mask: int, sets: SetChoice, discard: bool) -> Melding:
        melds: List[Meld] = []
        for rank, suits in sets:
            meld = set_meld(rank, suits)
            melds.append(meld)
            mask &= ~meld.mask
        suit_masks = [mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39]
        dropped = None
        if discard:
            gains = [self.gain[m] for m in suit_masks]
            suit = gains.index(max(gains))
            dropped = DECK[suit * 13 + self.drop[suit_masks[suit]]]
            suit_masks[suit] &= ~(1 << self.drop[suit_masks[suit]])
        loose: List[Card] = []
        deadwood = 0
        for suit, m in enumerate(suit_masks):
            runs, cards, points = self._suit_parts(suit, m)
            melds.extend(runs)
            loose.extend(cards)
            deadwood += points
        melds.sort(key=lambda meld: meld.cards[0].index)
        return Melding(tuple(melds), tuple(loose), dropped, deadwood)

    def _suit_parts(self, suit: int, m: int) -> Tuple[Tuple[Meld, ...], Tuple[Card, ...], int]:
        key = suit << 13 | m
        parts = self._parts.get(key)
        if parts is None:
            runs = tuple(Meld(run_cards(suit, order), "run") for order in self.runs[m])
            melded = sum(1 << r for order in self.runs[m] for r in order)
            cards = tuple(DECK[suit * 13 + r] for r in range(13) if m >> r & 1 and not melded >> r & 1)
            parts = self._parts[key] = (runs, cards, sum(self.values[card.rank - 1] for card in cards))
        return parts

    def suit_runs(self, suit: int, m: int) -> Tuple[Meld, ...]:
        """Every run within a suit's ranks ``m``: those without the ace by start and length, then those
        with it (``ace_runs_with`` order)."""
        key = suit << 13 | m
        found = self._candidates.get(key)
        if found is None:
            orders = [tuple(range(start, end)) for start in range(1, 13) for end in range(start + 3, 14)
                      if all(m >> r & 1 for r in range(start, end))]
            orders += ace_runs_with(self.ace_runs, m)
            found = self._candidates[key] = tuple(Meld(run_cards(suit, order), "run") for order in orders)
        return found

"""The melds a hand's cards can make: the ways to take a set of a rank held three or four times, in the
order that breaks ties (``set_options``, walked by the deadwood search), and every candidate meld, runs
and sets (``candidate_melds``, walked by ``deadwood.all_meldings``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from gin_ref.core.cards import DECK
from gin_ref.core.melds import Meld

if TYPE_CHECKING:
    from gin_ref.core.aces import Aces

Suits = Tuple[int, ...]  # the suits of a set, 0-3

SUIT_MASK = 0x1FFF


def _options_of(pattern: int) -> Tuple[Suits, ...]:
    held = tuple(s for s in range(4) if pattern >> s & 1)
    if len(held) == 4:
        return (held,) + tuple(tuple(s for s in held if s != left) for left in held)
    return (held,)


# The ways to take a set of a rank held in the suits of a 4-bit pattern (three or four of them), in the
# order that breaks ties: the whole rank, then three of four leaving suit 0, 1, 2, 3.
_SET_OPTIONS = tuple(_options_of(pattern) for pattern in range(16))


def set_options(a: int, b: int, c: int, d: int, low: int) -> Tuple[Suits, ...]:
    """The ways to take a set of the rank ``low`` (a one-bit mask) held three or four times."""
    return _SET_OPTIONS[(1 if a & low else 0) | (2 if b & low else 0) | (4 if c & low else 0) | (8 if d & low else 0)]


def candidate_melds(mask: int, aces: "Optional[Aces]" = None) -> List[Meld]:
    """Every meld (set or run) that can be made from the cards in ``mask``: the runs suit by suit (by
    start, then length), then the sets rank by rank (the whole rank, then each three of four)."""
    melds: List[Meld] = []
    for suit in range(4):
        m = mask >> (13 * suit) & SUIT_MASK
        if m and aces is not None:
            melds.extend(aces.search.suit_runs(suit, m))
        elif m:
            key = suit << 13 | m
            runs = _RUN_CANDIDATES.get(key)
            if runs is None:
                runs = _RUN_CANDIDATES[key] = _runs_in(suit, m)
            melds.extend(runs)
    a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    while triples:
        low = triples & -triples
        triples ^= low
        rank = low.bit_length() - 1
        pattern = (1 if a & low else 0) | (2 if b & low else 0) | (4 if c & low else 0) | (8 if d & low else 0)
        key = rank << 4 | pattern
        sets = _SET_CANDIDATES.get(key)
        if sets is None:
            sets = _SET_CANDIDATES[key] = tuple(Meld(tuple(DECK[s * 13 + rank] for s in suits), "set")
                                                for suits in _SET_OPTIONS[pattern])
        melds.extend(sets)
    return melds


_RUN_CANDIDATES: Dict[int, Tuple[Meld, ...]] = {}  # suit << 13 | 13-bit mask -> every run in it (immutable Melds, shared)
_SET_CANDIDATES: Dict[int, Tuple[Meld, ...]] = {}  # rank << 4 | suits held -> every set of that rank


def _runs_in(suit: int, m: int) -> Tuple[Meld, ...]:
    runs = []
    for start in range(13):
        end = start
        while end < 13 and m >> end & 1:
            end += 1
            if end - start >= 3:
                runs.append(Meld(tuple(DECK[suit * 13 + r] for r in range(start, end)), "run"))
    return tuple(runs)

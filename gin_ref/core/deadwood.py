"""The best arrangement of a hand: exact minimum deadwood, fast.

Why this is exact: an arrangement is a choice of sets plus runs on the cards left, and runs never leave
their suit. So once the sets are chosen, each suit is an independent problem on a 13-bit mask, solved once
for all 8,192 masks by a small dynamic programme (built when first needed, about 8 ms; until then, and for a
command that only checks a few hands, the same programme works out just the masks asked for, ``_Runs``). A hand's minimum is then
the minimum, over the few possible choices of sets, of four table look-ups. Only ranks held three or four
times can form a set, and a random hand has none in most deals, so most hands cost four look-ups.

For 11 cards the best discard comes from the same search: per suit the tables also hold the best deadwood
after discarding one card of that suit, and the discard is taken from the suit where it saves most.

Ties are broken deterministically: sets are tried in a fixed order (no set first, then the whole rank, then
three of four leaving spades, hearts, diamonds, clubs) and the first minimum is kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Tuple, Union

from gin_ref.core.cards import DECK, Card
from gin_ref.core.meldchoices import SUIT_MASK, Suits, candidate_melds, set_options
from gin_ref.core.melds import Meld, Melding, runs_of_mask

if TYPE_CHECKING:
    from gin_ref.core.aces import Aces

SetChoice = Tuple[Tuple[int, Suits], ...]  # the sets chosen: (rank index, suits) each
Leaf = Callable[[int, int, int, int], int]  # the deadwood of four suit masks once the sets are out
SuitParts = Tuple[Tuple[Meld, ...], Tuple[Card, ...], int]  # a suit's runs, loose cards and their points

_NONE = 1000  # a deadwood no hand reaches: marks "no card to discard here"


class _Runs(Dict[int, int]):
    """_DW or _MELDED until the whole tables are built: the masks asked for so far, each worked out by
    ``_run_entry`` when first asked for (a command that checks a few knocks needs a few dozen masks, not
    8,192). Once it holds ``_LAZY_LIMIT`` masks, the whole tables are built and replace it."""

    def __missing__(self, mask: int) -> int:
        _run_entry(mask)
        if len(_DW) > _LAZY_LIMIT and not isinstance(_DW, list):
            _build_tables()
        return self[mask]


_LAZY_LIMIT = 1024
# The tables: a few masks worked out on demand (``_Runs``), then the whole lists, built on first heavy use:
_DW: "Union[List[int], _Runs]" = _Runs({0: 0})  # _DW[m]: least deadwood of suit mask m using runs only
_MELDED: "Union[List[int], _Runs]" = _Runs({0: 0})  # _MELDED[m]: the ranks melded in that best arrangement
_DW1: List[int] = []  # _DW1[m]: least deadwood after discarding one card of m (_NONE if m is empty)
_DROP: List[int] = []  # _DROP[m]: the rank index of that discard
_GAIN: List[int] = []  # _GAIN[m] = _DW[m] - _DW1[m]: what discarding from this suit saves


def _build_tables() -> None:
    """The runs' tables, _DW and _MELDED (the discard's are built apart, when first needed: a command that
    only checks hands as they lie never pays for them)."""
    global _DW, _MELDED
    size = 1 << 13
    value = [min(r + 1, 10) for r in range(13)]
    dw = [0] * size
    melded = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        rank = low.bit_length() - 1
        rest = mask ^ low
        best, best_melded = dw[rest] + value[rank], melded[rest]
        run, top = low, rank + 1
        while top < 13 and mask >> top & 1:
            run |= 1 << top
            top += 1
            if top - rank >= 3 and dw[mask ^ run] < best:
                best, best_melded = dw[mask ^ run], melded[mask ^ run] | run
        dw[mask], melded[mask] = best, best_melded
    _DW, _MELDED = dw, melded


def _run_entry(mask: int) -> None:
    """One mask's entries of _DW and _MELDED (and those of the masks they come from): ``_build_tables``'s
    step for that mask, the same sums in the same order, so the same answer and the same melds."""
    dw, melded = _DW, _MELDED
    low = mask & -mask
    rank = low.bit_length() - 1
    rest = mask ^ low
    best, best_melded = dw[rest] + min(rank + 1, 10), melded[rest]
    run, top = low, rank + 1
    while top < 13 and mask >> top & 1:
        run |= 1 << top
        top += 1
        if top - rank >= 3 and dw[mask ^ run] < best:
            best, best_melded = dw[mask ^ run], melded[mask ^ run] | run
    dw[mask], melded[mask] = best, best_melded


def _discard_tables() -> List[int]:
    """The discard's tables, _DW1, _DROP and _GAIN (with the runs' first); returns _GAIN."""
    global _DW1, _DROP, _GAIN
    if not _GAIN:
        _DW1, _DROP, _GAIN = discard_tables(_tables())
    return _GAIN


def discard_tables(dw: List[int]) -> Tuple[List[int], List[int], List[int]]:
    """From a suit's table of least deadwood by mask, ``(dw1, drop, gain)``: the least deadwood after
    discarding one card of the mask, the rank discarded for it (-1: none), and what that discard saves.

    Among equal results the higher card is discarded. Each (result, rank) is one number, ``result * 16 +
    12 - rank``, so the least is the answer; a rank's candidates are whole slices of the table (the masks
    holding that rank, beside the same masks without it), compared a slice at a time: less than half the time
    of a loop over every mask and rank (``discard_tables_by_mask`` in the tests is that loop, the reference)."""
    size = len(dw)
    key = [_NONE << 4] * size
    for rank in range(13):
        bit, tie = 1 << rank, 12 - rank
        step = bit << 1
        if bit <= size // step:  # low ranks: a few long strided slices (mask = j + bit + k * step)
            pairs = [(slice(bit + j, size, step), slice(j, size, step)) for j in range(bit)]
        else:  # high ranks: a few long blocks
            pairs = [(slice(start + bit, start + step), slice(start, start + bit)) for start in range(0, size, step)]
        for held, without in pairs:
            key[held] = [k if k < v else v for k, v in zip(key[held], [x * 16 + tie for x in dw[without]])]
    dw1 = [k >> 4 for k in key]
    drop = [12 - (k & 15) for k in key]
    dw1[0], drop[0] = _NONE, -1
    return dw1, drop, [d - d1 for d, d1 in zip(dw, dw1)]


def _tables() -> List[int]:
    """The whole runs' table, _DW (built now if it is not yet)."""
    if not isinstance(_DW, list):
        _build_tables()
    assert isinstance(_DW, list)
    return _DW


def triples_of(a: int, b: int, c: int, d: int) -> int:
    """The ranks (a 13-bit mask) held three or four times among four suit masks: where a set can be."""
    return (a & b & (c | d)) | (c & d & (a | b))


def deadwood_of(mask: int, aces: "Optional[Aces]" = None) -> int:
    """Least deadwood of the cards in ``mask`` (52-bit, bit = card index), every card kept. ``aces``: the
    house rules' aces where they are not the standard ones (``gin_ref.core.aces``), as in every function
    here."""
    if aces is not None:
        return aces.search.deadwood_of(mask)
    dw = _DW or _tables()
    a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        return dw[a] + dw[b] + dw[c] + dw[d]
    return least(a, b, c, d, triples, _leaf_keep)


def deadwood_after_discard(mask: int, aces: "Optional[Aces]" = None) -> int:
    """Least deadwood of an 11-card (or any non-empty) hand after its best discard: one search."""
    if aces is not None:
        return aces.search.deadwood_after_discard(mask)
    gain = _GAIN or _discard_tables()
    dw = _DW
    a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        return dw[a] + dw[b] + dw[c] + dw[d] - max(gain[a], gain[b], gain[c], gain[d])
    return least(a, b, c, d, triples, _leaf_discard)


def _leaf_keep(a: int, b: int, c: int, d: int) -> int:
    return _DW[a] + _DW[b] + _DW[c] + _DW[d]


def _leaf_discard(a: int, b: int, c: int, d: int) -> int:
    gain = _GAIN
    return _DW[a] + _DW[b] + _DW[c] + _DW[d] - max(gain[a], gain[b], gain[c], gain[d])


def least(a: int, b: int, c: int, d: int, triples: int, leaf: Leaf) -> int:
    """The least ``leaf`` total over every choice of sets among the ranks in ``triples`` (each rank: no set,
    or one of ``set_options``), as one plain recursive function: the hot path of the layoff search."""
    if not triples:
        return leaf(a, b, c, d)
    low = triples & -triples
    rest = triples ^ low
    best = least(a, b, c, d, rest, leaf)
    keep = ~low
    for suits in set_options(a, b, c, d, low):
        total = least(a & keep if 0 in suits else a, b & keep if 1 in suits else b,
                       c & keep if 2 in suits else c, d & keep if 3 in suits else d, rest, leaf)
        if total < best:
            best = total
    return best


def best_choice(a: int, b: int, c: int, d: int, triples: int, leaf: Leaf) -> Tuple[int, SetChoice]:
    """``(least total, its sets)``, each set ``(rank index, suits)``: the first choice that reaches the least,
    in the order no set before a set, lower ranks decided first, and ``set_options`` order -- the order
    that breaks ties."""
    if not triples:
        return leaf(a, b, c, d), ()
    low = triples & -triples
    rest = triples ^ low
    rank = low.bit_length() - 1
    best, best_sets = best_choice(a, b, c, d, rest, leaf)
    keep = ~low
    for suits in set_options(a, b, c, d, low):
        total, sets = best_choice(a & keep if 0 in suits else a, b & keep if 1 in suits else b,
                                   c & keep if 2 in suits else c, d & keep if 3 in suits else d, rest, leaf)
        if total < best:
            best, best_sets = total, ((rank, suits),) + sets
    return best, best_sets


def best_melding(mask: int, discard: bool = False, aces: "Optional[Aces]" = None) -> Melding:
    """The best arrangement of the cards in ``mask`` as a Melding.

    With ``discard=True`` (11 cards after the draw) one card is discarded first, chosen by the same search.
    """
    if aces is not None:
        return aces.search.best_melding(mask, discard)
    if discard and not _GAIN:
        _discard_tables()
    a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:  # most hands: no set can be made, nothing to choose
        return _melding_from_sets(mask, (), discard)
    _total, sets = best_choice(a, b, c, d, triples, _leaf_discard if discard else _leaf_keep)
    return _melding_from_sets(mask, sets, discard)


def best_melding_counted(mask: int, aces: "Optional[Aces]" = None) -> Tuple[Melding, int]:
    """``(best_melding(mask), best_melding_count(mask, enough=∞))`` from one walk of the set choices: the
    arrangement the search keeps, and how many arrangements reach its deadwood (a knock check wants both)."""
    if aces is not None:
        return aces.search.best_melding_counted(mask)
    a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        return _melding_from_sets(mask, (), False), _splits(a) * _splits(b) * _splits(c) * _splits(d)
    _total, sets, ways = _best_choice_counted(a, b, c, d, triples)
    return _melding_from_sets(mask, sets, False), ways


def _best_choice_counted(a: int, b: int, c: int, d: int, triples: int) -> Tuple[int, SetChoice, int]:
    """``best_choice`` (every card kept) that also counts the arrangements reaching the least."""
    if not triples:
        return _DW[a] + _DW[b] + _DW[c] + _DW[d], (), _splits(a) * _splits(b) * _splits(c) * _splits(d)
    low = triples & -triples
    rest = triples ^ low
    rank = low.bit_length() - 1
    best, best_sets, count = _best_choice_counted(a, b, c, d, rest)
    keep = ~low
    for suits in set_options(a, b, c, d, low):
        total, sets, ways = _best_choice_counted(a & keep if 0 in suits else a, b & keep if 1 in suits else b,
                                                 c & keep if 2 in suits else c, d & keep if 3 in suits else d, rest)
        if total < best:
            best, best_sets, count = total, ((rank, suits),) + sets, ways
        elif total == best:
            count += ways
    return best, best_sets, count


def _melding_from_sets(mask: int, sets: SetChoice, discard: bool) -> Melding:
    """The Melding of the search's answer: ``sets`` taken out, runs and deadwood read suit by suit.

    Melds and deadwood cards are immutable, so each suit's runs and loose cards are built once per
    13-bit mask and shared (``_suit_parts``): a hand costs a few look-ups, not a few object builds.
    """
    melds: List[Meld] = []
    for rank, suits in sets:
        meld = _SETS.get((rank, suits)) or set_meld(rank, suits)
        melds.append(meld)
        mask &= ~meld.mask
    suit_masks = [mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39]
    dropped = None
    if discard:
        gains = [_GAIN[m] for m in suit_masks]
        suit = gains.index(max(gains))
        dropped = DECK[suit * 13 + _DROP[suit_masks[suit]]]
        suit_masks[suit] &= ~(1 << _DROP[suit_masks[suit]])
    deadwood_cards: List[Card] = []
    deadwood = 0
    parts = _SUIT_PARTS.get
    for key in (suit_masks[0], 0x2000 | suit_masks[1], 0x4000 | suit_masks[2], 0x6000 | suit_masks[3]):
        runs, loose, points = parts(key) or _suit_parts(key)
        if runs:
            melds.extend(runs)
        deadwood_cards.extend(loose)
        deadwood += points
    if sets:
        melds.sort(key=lambda meld: meld.cards[0].index)
    return Melding(tuple(melds), tuple(deadwood_cards), dropped, deadwood)


_SETS: Dict[Tuple[int, Suits], Meld] = {}  # (rank, suits) -> the set Meld


def set_meld(rank: int, suits: Suits) -> Meld:
    """The set of rank index ``rank`` in ``suits``, one shared Meld."""
    meld = _SETS.get((rank, suits))
    if meld is None:
        meld = _SETS[(rank, suits)] = Meld(tuple(DECK[s * 13 + rank] for s in suits), "set")
    return meld
_SUIT_PARTS: Dict[int, SuitParts] = {0: ((), (), 0)}  # suit << 13 | 13-bit mask -> (its runs, its loose cards, their points)


def _suit_parts(key: int) -> SuitParts:
    suit, m = key >> 13, key & SUIT_MASK
    melded = _MELDED[m]
    loose, cards, base = m & ~melded, [], suit * 13
    while loose:
        low = loose & -loose
        cards.append(DECK[base + low.bit_length() - 1])
        loose ^= low
    runs = tuple(runs_of_mask(suit, melded)) if melded else ()
    parts = _SUIT_PARTS[key] = (runs, tuple(cards), sum(c.value for c in cards))
    return parts


def best_melding_count(mask: int, enough: int = 2, aces: "Optional[Aces]" = None) -> int:
    """How many arrangements of ``mask`` reach its least deadwood; ``enough`` if there are that many or more.

    Counts what ``all_meldings(mask, max_deadwood=deadwood_of(mask))`` would list, without building them:
    an arrangement is a choice of sets plus, in each suit, a split of the cards left into runs and loose
    cards, so the count is, over the choices of sets that reach the least, the product of each suit's
    number of best splits (``_best_splits``, one small table shared by every hand).
    """
    if aces is not None:
        return aces.search.best_melding_count(mask, enough)
    a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        return min(_splits(a) * _splits(b) * _splits(c) * _splits(d), enough)
    return min(_best_choice_counted(a, b, c, d, triples)[2], enough)


_SPLITS: Dict[int, int] = {0: 1}  # 13-bit mask -> how many splits into runs and loose cards reach its least deadwood


def _splits(m: int) -> int:
    """The number of best splits of one suit's cards into runs (3 or more in a row) and loose cards, as
    ``all_meldings`` walks them: the lowest card loose, or the first card of a run of each length."""
    count = _SPLITS.get(m)
    if count is not None:
        return count
    target, low = _DW[m], m & -m
    rank = low.bit_length() - 1
    rest = m ^ low
    count = _splits(rest) if _DW[rest] + min(rank + 1, 10) == target else 0
    run, top = low, rank + 1
    while top < 13 and m >> top & 1:
        run |= 1 << top
        top += 1
        if top - rank >= 3 and _DW[m ^ run] == target:
            count += _splits(m ^ run)
    _SPLITS[m] = count
    return count


def all_meldings(mask: int, max_deadwood: Optional[int] = None, first_only: bool = False,
                 aces: "Optional[Aces]" = None) -> List[Melding]:
    """Every arrangement of the cards in ``mask``: each collection of disjoint melds, the rest deadwood.

    Slower than ``best_melding``; used where ties and every option matter (the knocker's choice of melds
    for layoffs, ``best_for_knocker``). With ``max_deadwood``, only arrangements within it: a branch is
    left as soon as its deadwood so far plus the least deadwood of the cards still to place (the exact
    table search) is over, so only branches that reach an answer are walked, in the same order.
    ``first_only``: stop at the first. Returns a list of Meldings without discard, in a fixed order: the
    lowest card first loose, then in each meld that holds it (``candidate_melds`` order).
    """
    bounded = max_deadwood is not None
    ceiling = max_deadwood if max_deadwood is not None else 1 << 30
    containing: Dict[int, List[Meld]] = {}
    values = [min(r + 1, 10) for r in range(13)] if aces is None else list(aces.values)
    for meld in candidate_melds(mask, aces):
        for card in meld.cards:
            containing.setdefault(card.index, []).append(meld)
    found: List[Melding] = []

    def walk(left: int, melds: List[Meld], loose: List[Card], points: int) -> bool:
        """Walk the arrangements of ``left``; True once ``first_only`` has its answer."""
        if not left:
            found.append(Melding(tuple(sorted(melds, key=lambda m: m.cards[0].index)), tuple(loose), None, points))
            return first_only
        if bounded and points + deadwood_of(left, aces) > ceiling:
            return False
        low = left & -left
        card = DECK[low.bit_length() - 1]
        value = values[card.rank - 1]
        if points + value <= ceiling and walk(left ^ low, melds, loose + [card], points + value):
            return True
        for meld in containing.get(card.index, ()):
            if meld.mask & left == meld.mask and walk(left & ~meld.mask, melds + [meld], loose, points):
                return True
        return False

    walk(mask, [], [], 0)
    return found

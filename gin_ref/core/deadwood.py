"""The best arrangement of a hand: exact minimum deadwood, fast.

Why this is exact: an arrangement is a choice of sets plus runs on the cards left, and runs never leave
their suit. So once the sets are chosen, each suit is an independent problem on a 13-bit mask, solved once
for all 8,192 masks by a small dynamic programme (built on first use, about 8 ms). A hand's minimum is then
the minimum, over the few possible choices of sets, of four table look-ups. Only ranks held three or four
times can form a set, and a random hand has none in most deals, so most hands cost four look-ups.

For 11 cards the best discard comes from the same search: per suit the tables also hold the best deadwood
after discarding one card of that suit, and the discard is taken from the suit where it saves most.

Ties are broken deterministically: sets are tried in a fixed order (no set first, then the whole rank, then
three of four leaving spades, hearts, diamonds, clubs) and the first minimum is kept.
"""

from gin_ref.core.cards import DECK
from gin_ref.core.melds import Meld, Melding, runs_of_mask

SUIT_MASK = 0x1FFF
_NONE = 1000  # a deadwood no hand reaches: marks "no card to discard here"

_DW = None  # _DW[m]: least deadwood of suit mask m using runs only
_MELDED = None  # _MELDED[m]: the ranks melded in that best arrangement
_DW1 = None  # _DW1[m]: least deadwood after discarding one card of m (_NONE if m is empty)
_DROP = None  # _DROP[m]: the rank index of that discard
_GAIN = None  # _GAIN[m] = _DW[m] - _DW1[m]: what discarding from this suit saves


def _build_tables():
    global _DW, _MELDED, _DW1, _DROP, _GAIN
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
    dw1 = [_NONE] * size
    drop = [-1] * size
    for mask in range(1, size):
        for rank in range(12, -1, -1):  # high ranks first: among equal results, discard the higher card
            if mask >> rank & 1 and dw[mask ^ (1 << rank)] < dw1[mask]:
                dw1[mask], drop[mask] = dw[mask ^ (1 << rank)], rank
    gain = [dw[m] - dw1[m] for m in range(size)]
    _DW, _MELDED, _DW1, _DROP, _GAIN = dw, melded, dw1, drop, gain


def _tables():
    if _DW is None:
        _build_tables()
    return _DW


def deadwood_of(mask):
    """Least deadwood of the cards in ``mask`` (52-bit, bit = card index), every card kept."""
    dw = _DW or _tables()
    a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        return dw[a] + dw[b] + dw[c] + dw[d]
    return min(total for total, _ in _set_choices(a, b, c, d, triples, _leaf_keep))


def deadwood_after_discard(mask):
    """Least deadwood of an 11-card (or any non-empty) hand after its best discard: one search."""
    if _DW is None:
        _tables()
    gain = _GAIN
    dw = _DW
    a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        return dw[a] + dw[b] + dw[c] + dw[d] - max(gain[a], gain[b], gain[c], gain[d])
    return min(total for total, _ in _set_choices(a, b, c, d, triples, _leaf_discard))


def _leaf_keep(a, b, c, d):
    return _DW[a] + _DW[b] + _DW[c] + _DW[d]


def _leaf_discard(a, b, c, d):
    gain = _GAIN
    return _DW[a] + _DW[b] + _DW[c] + _DW[d] - max(gain[a], gain[b], gain[c], gain[d])


def _set_choices(a, b, c, d, triples, leaf, sets=()):
    """Yield (leaf total, sets chosen) for every choice of sets among the ranks in ``triples``.

    Each set is given as (rank index, suits tuple). Order: no set, whole rank, then three of four leaving
    suit 0, 1, 2, 3 -- the order that breaks ties.
    """
    if not triples:
        yield leaf(a, b, c, d), sets
        return
    low = triples & -triples
    rest = triples ^ low
    rank = low.bit_length() - 1
    yield from _set_choices(a, b, c, d, rest, leaf, sets)
    held = tuple(s for s, m in enumerate((a, b, c, d)) if m & low)
    keep = ~low
    options = [held]
    if len(held) == 4:
        options += [tuple(s for s in held if s != left) for left in held]
    for suits in options:
        yield from _set_choices(
            a & keep if 0 in suits else a,
            b & keep if 1 in suits else b,
            c & keep if 2 in suits else c,
            d & keep if 3 in suits else d,
            rest, leaf, sets + ((rank, suits),))


def best_melding(mask, discard=False):
    """The best arrangement of the cards in ``mask`` as a Melding.

    With ``discard=True`` (11 cards after the draw) one card is discarded first, chosen by the same search.
    """
    if _DW is None:
        _tables()
    a, b, c, d = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    leaf = _leaf_discard if discard else _leaf_keep
    best_total, best_sets = None, ()
    for total, sets in _set_choices(a, b, c, d, triples, leaf):
        if best_total is None or total < best_total:
            best_total, best_sets = total, sets
    return _melding_from_sets(mask, best_sets, discard)


def _melding_from_sets(mask, sets, discard):
    melds = []
    for rank, suits in sets:
        cards = tuple(DECK[s * 13 + rank] for s in suits)
        melds.append(Meld(cards, "set"))
        for card in cards:
            mask &= ~card.bit
    suit_masks = [mask >> (13 * s) & SUIT_MASK for s in range(4)]
    dropped = None
    if discard:
        gains = [_GAIN[m] for m in suit_masks]
        suit = gains.index(max(gains))
        dropped = DECK[suit * 13 + _DROP[suit_masks[suit]]]
        suit_masks[suit] &= ~(1 << _DROP[suit_masks[suit]])
    deadwood_cards = []
    for suit, m in enumerate(suit_masks):
        melds.extend(runs_of_mask(suit, _MELDED[m]))
        loose = m & ~_MELDED[m]
        deadwood_cards.extend(DECK[suit * 13 + r] for r in range(13) if loose >> r & 1)
    melds.sort(key=lambda meld: meld.cards[0].index)
    return Melding(tuple(melds), tuple(deadwood_cards), dropped)


def all_meldings(mask, max_deadwood=None):
    """Every arrangement of the cards in ``mask``: each collection of disjoint melds, the rest deadwood.

    Slower than ``best_melding``; used where ties and every option matter (the knocker's choice of melds
    for layoffs, ``best_for_knocker``). With ``max_deadwood``, only arrangements within it (the search
    stops following a branch once its deadwood is over). Yields Meldings without discard.
    """
    ceiling = 1 << 30 if max_deadwood is None else max_deadwood
    candidates = candidate_melds(mask)
    containing = {}
    for meld in candidates:
        for card in meld.cards:
            containing.setdefault(card.index, []).append(meld)

    def walk(left, melds, loose, points):
        if not left:
            yield Melding(tuple(sorted(melds, key=lambda m: m.cards[0].index)), tuple(loose))
            return
        low = left & -left
        card = DECK[low.bit_length() - 1]
        if points + card.value <= ceiling:
            yield from walk(left ^ low, melds, loose + [card], points + card.value)
        for meld in containing.get(card.index, ()):
            if meld.mask & left == meld.mask:
                yield from walk(left & ~meld.mask, melds + [meld], loose, points)

    yield from walk(mask, [], [], 0)


def candidate_melds(mask):
    """Every meld (set or run) that can be made from the cards in ``mask``."""
    melds = []
    for suit in range(4):
        m = mask >> (13 * suit) & SUIT_MASK
        for start in range(13):
            end = start
            while end < 13 and m >> end & 1:
                end += 1
                if end - start >= 3:
                    melds.append(Meld(tuple(DECK[suit * 13 + r] for r in range(start, end)), "run"))
    for rank in range(13):
        held = [s for s in range(4) if mask >> (s * 13 + rank) & 1]
        if len(held) >= 3:
            melds.append(Meld(tuple(DECK[s * 13 + rank] for s in held), "set"))
            if len(held) == 4:
                for left in held:
                    melds.append(Meld(tuple(DECK[s * 13 + rank] for s in held if s != left), "set"))
    return melds

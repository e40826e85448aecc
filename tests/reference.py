"""An exact brute-force reference for the rules core, written independently of gin_ref's search.

It shares nothing with ``gin_ref.core.deadwood``, ``gin_ref.core.melds`` or ``gin_ref.core.layoffs``: only a card's rank,
suit and value are read from ``gin_ref.core.cards.Card``. Everything here is deliberately slow and obvious:

- ``ref_partitions``: every way to split some cards into disjoint legal melds plus deadwood, by recursion
  on the first card left (it is deadwood, or it is in some meld made of it and cards still left; the melds
  containing it are found by trying every combination of the other cards).
- ``ref_deadwood``: the least deadwood over those partitions; ``ref_deadwood_after_discard``: the least
  over each of the cards as the discard.
- ``ref_defense``: the defender's best, by simulating every sequence of layoffs card by card onto the
  knocker's melds (chains included, the fourth card of a three-card set only), then arranging the rest.
- ``ref_hand_score``: docs/rules.md §6, written out again.
- ``ref_settle_net``: the knocker's best net result over the arrangements the rules let him use.

House-rule aces (docs/rules.md §10, ``ace_runs`` and ``ace_value``) are an optional ``aces`` argument read
only as ``aces.runs`` and ``aces.value`` (None: the standard ace, low and worth 1). A run is then written
out again from its definition: the ranks are 3 or more consecutive values, the ace taken as 1 or (with
``low_or_high``) as 14, or (with ``wrap``) any stretch of the ranks going round modulo 13.
"""

from itertools import combinations


def _key(card):
    return card.suit * 100 + card.rank


def ref_is_set(cards):
    cards = list(cards)
    if len(cards) not in (3, 4):
        return False
    if any(c.rank != cards[0].rank for c in cards):
        return False
    return len({c.suit for c in cards}) == len(cards)


def _runs(aces):
    return "low" if aces is None else aces.runs


def ref_is_run(cards, aces=None):
    cards = list(cards)
    if len(cards) < 3 or any(c.suit != cards[0].suit for c in cards):
        return False
    if len({c.rank for c in cards}) != len(cards):
        return False
    ranks = sorted(c.rank for c in cards)
    if all(ranks[i + 1] == ranks[i] + 1 for i in range(len(ranks) - 1)):  # the ace as 1
        return True
    runs = _runs(aces)
    if runs == "low_or_high":  # the ace as 14
        high = sorted(14 if r == 1 else r for r in ranks)
        return all(high[i + 1] == high[i] + 1 for i in range(len(high) - 1))
    if runs == "wrap":  # any stretch round the ring of 13 ranks
        held = set(ranks)
        return any(held == {(start + i) % 13 + 1 for i in range(len(ranks))} for start in range(13))
    return False


def ref_is_meld(cards, aces=None):
    return ref_is_set(cards) or ref_is_run(cards, aces)


def _value(card, aces=None):
    if card.rank == 1 and aces is not None:
        return aces.value
    return 10 if card.rank >= 10 else card.rank


def ref_points(cards, aces=None):
    return sum(_value(c, aces) for c in cards)


def _melds_with_first(first, others, aces=None):
    """Every legal meld made of ``first`` and some of ``others`` (tried as plain combinations)."""
    same_rank = [c for c in others if c.rank == first.rank]
    same_suit = [c for c in others if c.suit == first.suit]
    found = []
    for size in (2, 3):
        for combo in combinations(same_rank, size):
            if ref_is_set((first,) + combo):
                found.append((first,) + combo)
    for size in range(2, len(same_suit) + 1):
        for combo in combinations(same_suit, size):
            if ref_is_run((first,) + combo, aces):
                found.append((first,) + combo)
    return found


def ref_partitions(cards, aces=None):
    """Yield (melds, deadwood cards) for every split of ``cards`` into disjoint melds and deadwood."""
    cards = tuple(sorted(cards, key=_key))
    if not cards:
        yield (), ()
        return
    first, others = cards[0], cards[1:]
    for melds, loose in ref_partitions(others, aces):
        yield melds, (first,) + loose
    for meld in _melds_with_first(first, others, aces):
        left = tuple(c for c in others if c not in meld)
        for melds, loose in ref_partitions(left, aces):
            yield (meld,) + melds, loose


_CACHE = {}


def ref_deadwood(cards, aces=None):
    """The least deadwood of ``cards``, every card kept (memoised on the set of cards and the aces)."""
    key = (frozenset(_key(c) for c in cards), None if aces is None else (aces.runs, aces.value))
    if key in _CACHE:
        return _CACHE[key]
    cards = tuple(sorted(cards, key=_key))
    if not cards:
        return 0
    first, others = cards[0], cards[1:]
    best = _value(first, aces) + ref_deadwood(others, aces)
    for meld in _melds_with_first(first, others, aces):
        if best == 0:
            break
        best = min(best, ref_deadwood(tuple(c for c in others if c not in meld), aces))
    if len(_CACHE) > 500_000:
        _CACHE.clear()
    _CACHE[key] = best
    return best


def ref_deadwood_after_discard(cards, aces=None):
    """The least deadwood after the best discard: the minimum over every card as the discard."""
    cards = tuple(cards)
    return min(ref_deadwood(cards[:i] + cards[i + 1:], aces) for i in range(len(cards)))


def _fits(card, meld, aces=None):
    """Can ``card`` be laid off onto ``meld`` as it now stands?"""
    if ref_is_set(meld):
        return len(meld) == 3 and card.rank == meld[0].rank
    if aces is not None:  # the run with the card is still a run (the card goes at one end)
        return ref_is_run(tuple(meld) + (card,), aces)
    ranks = [c.rank for c in meld]
    return card.suit == meld[0].suit and (card.rank == min(ranks) - 1 or card.rank == max(ranks) + 1)


def ref_layoff_sets(knocker_melds, cards, aces=None):
    """Every set of the defender's ``cards`` that can be laid off in some order (the empty set included).

    Explores every sequence: at each step any card left onto any knocker meld it fits as that meld now
    stands (after the layoffs made so far). States are (melds now, cards laid off).
    """
    start = tuple(tuple(m) for m in knocker_melds)
    seen = set()
    reachable = set()
    stack = [(start, frozenset())]
    while stack:
        melds, laid = stack.pop()
        state = (tuple(frozenset(_key(c) for c in m) for m in melds), laid)
        if state in seen:
            continue
        seen.add(state)
        reachable.add(laid)
        for card in cards:
            if _key(card) in laid:
                continue
            for i, meld in enumerate(melds):
                if _fits(card, meld, aces):
                    grown = melds[:i] + (meld + (card,),) + melds[i + 1:]
                    stack.append((grown, laid | {_key(card)}))
    return reachable


def ref_defense(knocker_melds, cards, allow_layoffs=True, aces=None):
    """The defender's least deadwood over every set of layoffs (in any order) and arrangement of the rest."""
    cards = tuple(cards)
    if not allow_layoffs:
        return ref_deadwood(cards, aces)
    return min(ref_deadwood(tuple(c for c in cards if _key(c) not in laid), aces)
               for laid in ref_layoff_sets(knocker_melds, cards, aces))


def ref_hand_score(k, d, rules, upcard, gin=False, big_gin=False):
    """docs/rules.md §6: (winner, points) for knocker deadwood ``k`` and defender deadwood ``d``."""
    if big_gin:
        winner, points = "knocker", d + rules.big_gin_bonus
    elif gin:
        winner, points = "knocker", d + rules.gin_bonus
    elif k < d:
        winner, points = "knocker", d - k
    else:
        winner, points = "defender", (k - d) + rules.undercut_bonus
    if rules.spade_double and upcard.suit == 0:
        points *= 2
    return winner, points


class RefAces:
    """House-rule aces as the reference reads them: ``runs`` and ``value``, nothing else."""

    def __init__(self, runs, value):
        self.runs, self.value = runs, value


def ref_aces(rules):
    """The rules' aces for the reference, None for the standard ace (low, worth 1)."""
    if rules.ace_runs == "low" and rules.ace_value == 1:
        return None
    return RefAces(rules.ace_runs, rules.ace_value)


def ref_knock_limit(rules, upcard):
    if rules.knock_limit != "upcard":
        return rules.knock_limit
    if upcard.rank == 1:
        return 1 if rules.ace_upcard == "one" else 0
    return min(upcard.rank, 10)


def ref_settle_net(rules, upcard, knocker, defender):
    """The knocker's net score (his points, or minus the defender's) under ``rules.knocker_arrangement``,
    and the knocker deadwood that goes with it, for an undeclared knock (10 or 11 cards, no discard named).

    Every (discard, partition) of the knocker's cards is an option; ``min_deadwood`` keeps those with the
    least deadwood, ``best_for_knocker`` those within the limit. Big gin (11 melded, bonus set) is one more.
    Returns None if no option is legal. Ties on net go to the lower knocker deadwood.
    """
    knocker, defender = tuple(knocker), tuple(defender)
    aces = ref_aces(rules)
    limit = ref_knock_limit(rules, upcard)
    if len(knocker) == 11:
        kept = [knocker[:i] + knocker[i + 1:] for i in range(11)]
    else:
        kept = [knocker]
    options = []  # (knocker deadwood, melds, gin, big gin)
    if len(knocker) == 11 and rules.big_gin_bonus is not None and ref_deadwood(knocker, aces) == 0:
        for melds, loose in ref_partitions(knocker, aces):
            if not loose:
                options.append((0, melds, True, True))
    for cards in kept:
        for melds, loose in ref_partitions(cards, aces):
            options.append((ref_points(loose, aces), melds, ref_points(loose, aces) == 0, False))
    least = min(o[0] for o in options)
    if least > limit:
        return None
    ceiling = least if rules.knocker_arrangement == "min_deadwood" else limit
    best = None
    for k, melds, gin, big in options:
        if k > ceiling and not big:
            continue
        d = ref_defense(melds, defender, allow_layoffs=not gin or rules.gin_layoffs, aces=aces)
        winner, points = ref_hand_score(k, d, rules, upcard, gin=gin and not big, big_gin=big)
        net = points if winner == "knocker" else -points
        if best is None or (net, -k) > best:
            best = (net, -k)
    return best[0], -best[1]



# --- Checks of the engine's answers (they read only the fields of what it returns) ------------------------

def _mask(cards):
    mask = 0
    for c in cards:
        mask |= 1 << (c.suit * 13 + c.rank - 1)
    return mask


def check_melding(cards, melding, discard=False, aces=None):
    """A Melding of ``cards`` is honest: legal disjoint melds, and melds + deadwood + discard are the hand."""
    mask = _mask(cards)
    seen = 0
    for meld in melding.melds:
        assert ref_is_meld(meld.cards, aces), meld
        assert meld.kind == ("set" if len({c.rank for c in meld.cards}) == 1 else "run")
        assert not _mask(meld.cards) & seen, "melds overlap"
        seen |= _mask(meld.cards)
    loose = _mask(melding.deadwood_cards)
    assert len(melding.deadwood_cards) == bin(loose).count("1")
    assert not loose & seen
    if discard:
        assert melding.discard is not None and _mask([melding.discard]) & mask
        assert not _mask([melding.discard]) & (seen | loose)
        seen |= _mask([melding.discard])
    else:
        assert melding.discard is None
    assert seen | loose == mask
    assert melding.deadwood == ref_points(melding.deadwood_cards, aces)


def check_defense(knocker_melds, cards, defense, aces=None):
    """Own melds legal and disjoint, layoffs playable in the order listed, and every card accounted for."""
    grown = {id(meld): list(meld.cards) for meld in knocker_melds}
    for lay in defense.layoffs:
        assert id(lay.onto) in grown, "layoff onto a meld the knocker did not spread"
        now = grown[id(lay.onto)]
        if ref_is_set(lay.onto.cards):
            assert len(now) == 3 and lay.card.rank == now[0].rank
        else:
            assert _fits(lay.card, tuple(now), aces)
        now.append(lay.card)
    seen = 0
    for meld in defense.melds:
        assert ref_is_meld(meld.cards, aces) and not _mask(meld.cards) & seen
        seen |= _mask(meld.cards)
    laid = _mask(lay.card for lay in defense.layoffs)
    loose = _mask(defense.deadwood_cards)
    assert len(defense.layoffs) + len(defense.deadwood_cards) + sum(len(m.cards) for m in defense.melds) == len(cards)
    assert seen | laid | loose == _mask(cards)


# --- Random hands for the property tests (seeded by the caller) ------------------------------------------

def random_hand(rng, deck, size):
    """Plain random cards."""
    return tuple(rng.sample(deck, size))


def rich_hand(rng, deck, size):
    """Cards from a small pool, so sets, runs and their overlaps are common.

    The pool is a few ranks in every suit (sets and 4-of-a-kind), one or two suits (long runs), or a window
    of consecutive ranks in every suit (sets crossing runs: the 7C 7S 7H 8H 9H kind).
    """
    kind = rng.randrange(3)
    if kind == 0:
        ranks = set(rng.sample(range(1, 14), rng.choice((3, 4, 5))))
        pool = [c for c in deck if c.rank in ranks]
    elif kind == 1:
        suits = set(rng.sample(range(4), rng.choice((1, 2))))
        pool = [c for c in deck if c.suit in suits]
    else:
        low = rng.randrange(1, 10)
        pool = [c for c in deck if low <= c.rank < low + rng.choice((4, 5))]
    if len(pool) < size:
        pool += [c for c in deck if c not in pool][: size - len(pool)]
    return tuple(rng.sample(pool, size))


def melded_hand(rng, deck, size, taken=()):
    """A hand built from one to three random melds plus random cards: knocks are common."""
    used = set(_key(c) for c in taken)
    cards = []
    for _ in range(rng.choice((1, 2, 2, 3, 3))):
        if rng.random() < 0.5:
            suit, length = rng.randrange(4), rng.choice((3, 3, 4, 5))
            start = rng.randrange(1, 15 - length)
            meld = [c for c in deck if c.suit == suit and start <= c.rank < start + length]
        else:
            rank = rng.randrange(1, 14)
            meld = rng.sample([c for c in deck if c.rank == rank], rng.choice((3, 3, 4)))
        if len(cards) + len(meld) <= size and not any(_key(c) in used for c in meld):
            cards += meld
            used.update(_key(c) for c in meld)
    rest = [c for c in deck if _key(c) not in used]
    cards += rng.sample(rest, size - len(cards))
    rng.shuffle(cards)
    return tuple(cards)


def defender_hand(rng, deck, knocker):
    """Ten cards not in ``knocker``, about half of them next to his cards (so layoffs are common)."""
    held = set(_key(c) for c in knocker)
    free = [c for c in deck if _key(c) not in held]
    near = [c for c in free if any(c.rank == k.rank or (c.suit == k.suit and abs(c.rank - k.rank) <= 2)
                                   for k in knocker)]
    pick = rng.sample(near, min(len(near), rng.randrange(3, 8)))
    rest = [c for c in free if c not in pick]
    return tuple(pick + rng.sample(rest, 10 - len(pick)))


def hand_strategy(deck, size):
    """A hypothesis strategy for ``size`` distinct cards: plain random, or from a small meld-rich pool."""
    from hypothesis import strategies as st

    @st.composite
    def rich(draw):
        kind = draw(st.sampled_from(("ranks", "suits", "window")))
        if kind == "ranks":
            ranks = draw(st.sets(st.integers(1, 13), min_size=3, max_size=5))
            pool = [c for c in deck if c.rank in ranks]
        elif kind == "suits":
            suits = draw(st.sets(st.integers(0, 3), min_size=1, max_size=2))
            pool = [c for c in deck if c.suit in suits]
        else:
            low = draw(st.integers(1, 9))
            pool = [c for c in deck if low <= c.rank < low + 5]
        return tuple(draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True)))

    plain = st.lists(st.sampled_from(deck), min_size=size, max_size=size, unique=True).map(tuple)
    return st.one_of(plain, rich())

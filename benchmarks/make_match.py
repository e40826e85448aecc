"""Make a long match record for benchmarks: ``python benchmarks/make_match.py OUT.yaml --hands 10000``.

Every hand is played through ``gin_ref.match.model`` exactly as the commands play it (deal, knock, dead), so the
file is a true record that ``gin-ref verify`` passes. Knocks are built to be legal: a few melds and low
deadwood under the deal's Oklahoma limit; some go gin, some are undercut, some hands are dead and some
knocks are refused as irregularities. The target is raised so that the match lasts.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin_ref.files import matchfile as record  # noqa: E402
from gin_ref.core.cards import DECK, to_mask  # noqa: E402
from gin_ref.core.deadwood import deadwood_of  # noqa: E402
from gin_ref.match.model import Match  # noqa: E402
from gin_ref.core.rules import make_rules  # noqa: E402


def _meld(rng, pool):
    """A random meld (a set of 3 or a run of 3-4) of cards still in ``pool`` (a set of indexes), or None."""
    for _ in range(20):
        if rng.random() < 0.5:
            rank = rng.randrange(13)
            suits = [s for s in range(4) if s * 13 + rank in pool]
            if len(suits) >= 3:
                return [s * 13 + rank for s in rng.sample(suits, 3)]
        else:
            suit, length = rng.randrange(4), rng.choice((3, 3, 4))
            low = rng.randrange(14 - length)
            run = [suit * 13 + r for r in range(low, low + length)]
            if all(i in pool for i in run):
                return run
    return None


def _spread(rng, pool, limit, melds_wanted):
    """Ten cards from ``pool`` with deadwood at most ``limit`` (best arrangement), or None."""
    for _ in range(200):
        left, hand = set(pool), []
        for _ in range(melds_wanted):
            meld = _meld(rng, left)
            if meld is None:
                break
            hand += meld
            left -= set(meld)
        low = [i for i in left if i % 13 < 6]
        if len(hand) > 10 or len(low) < 10 - len(hand):
            continue
        hand += rng.sample(low, 10 - len(hand))
        cards = [DECK[i] for i in hand]
        if deadwood_of(to_mask(cards)) <= limit:
            return cards
    return None


def play(match, rng):
    """Play one hand to its end on ``match``: about 5% dead, 12% gin, 2% with a refused knock first."""
    deck = list(range(52))
    rng.shuffle(deck)
    match.deal(DECK[deck.pop()])
    limit = match.open_setup.limit
    roll = rng.random()
    if roll < 0.05:
        match.dead()
        return
    knocker = rng.choice(match.players)
    pool = set(deck)
    gin = roll < 0.17
    cards = _spread(rng, pool, 0 if gin else limit, 3 if gin else rng.choice((2, 2, 3)))
    if cards is None:
        match.dead()
        return
    pool -= {c.index for c in cards}
    defender = _spread(rng, pool, 12, 2) if roll > 0.85 else None
    if defender is None:
        defender = [DECK[i] for i in rng.sample(sorted(pool), 10)]
    if 0.17 <= roll < 0.19:
        wild = [DECK[i] for i in rng.sample(sorted(pool - {c.index for c in defender}), 10)]
        if not match.knock(knocker, wild, defender).refused:
            return
    match.knock(knocker, cards, defender)


def make_match(hands, seed=1, target=10**9):
    """A Match of ``hands`` hands (two players, Oklahoma rules with a raised target)."""
    rng = random.Random(seed)
    rules = make_rules({"target": target}, name="oklahoma (benchmark, target raised)")
    match = Match.new(["Ann", "Ben"], rules, "2024-05-01", dealer="Ann")
    for _ in range(hands):
        play(match, rng)
    return match


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the match file to write")
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    match = make_match(args.hands, args.seed)
    record.write_atomic(args.out, record.dumps(match.record))
    print(f"{args.out}: {args.hands} hands in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()

"""The exact search under house-rule aces and layoffs against gin, held to the brute-force reference on
thousands of seeded random hands. Run from the checkout: ``python benchmarks/compare_variants.py [N]``.

For each ace rule (``ace_runs`` low, low_or_high, wrap, with ``ace_value`` 1 and another value) it
compares, hand by hand, with tests/reference.py (which shares nothing with the search):
- the least deadwood of N 10-card hands and N/4 11-card hands (after the best discard), and that the
  arrangement the search gives is an honest one,
- the defender's least deadwood after layoffs, on N/4 knocks,
- the whole settlement (knocker's net score and deadwood) on N/10 knocks, with and without
  ``gin_layoffs``.
It prints the counts compared and stops at the first difference (exit 1).
"""

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from gin_ref.core.aces import aces_for  # noqa: E402
from gin_ref.core.cards import DECK, to_mask  # noqa: E402
from gin_ref.core.deadwood import best_melding, deadwood_after_discard, deadwood_of  # noqa: E402
from gin_ref.core.layoffs import best_defense  # noqa: E402
from gin_ref.core.rules import HouseRules  # noqa: E402
from gin_ref.core.scoring import settle  # noqa: E402
from reference import (RefAces, check_defense, check_melding, defender_hand, melded_hand, random_hand,  # noqa: E402
                       ref_deadwood, ref_deadwood_after_discard, ref_defense, ref_settle_net, rich_hand)

VARIANTS = [("low", 1), ("low", 11), ("low_or_high", 1), ("low_or_high", 15), ("wrap", 1), ("wrap", 10)]


def compare(runs, value, n, seed):
    rng = random.Random(seed)
    deck = list(DECK)
    aces = aces_for(runs, value)
    ref = None if aces is None else RefAces(runs, value)
    counts = {"10 cards": 0, "11 cards": 0, "defenses": 0, "settled": 0, "settled, gin_layoffs": 0}
    for i in range(n):
        hand = (rich_hand if i % 2 else random_hand)(rng, deck, 10)
        melding = best_melding(to_mask(hand), aces=aces)
        check_melding(hand, melding, aces=ref)
        assert deadwood_of(to_mask(hand), aces) == melding.deadwood == ref_deadwood(hand, ref), hand
        counts["10 cards"] += 1
    for i in range(n // 4):
        hand = (rich_hand if i % 2 else random_hand)(rng, deck, 11)
        melding = best_melding(to_mask(hand), discard=True, aces=aces)
        check_melding(hand, melding, discard=True, aces=ref)
        assert deadwood_after_discard(to_mask(hand), aces) == melding.deadwood == ref_deadwood_after_discard(hand, ref)
        counts["11 cards"] += 1
    for _ in range(n // 4):
        knocker = melded_hand(rng, deck, 10)
        melds = best_melding(to_mask(knocker), aces=aces).melds
        defender = defender_hand(rng, deck, knocker)
        defense = best_defense(melds, defender, aces=aces)
        check_defense(melds, defender, defense, aces=ref)
        assert defense.deadwood == ref_defense([m.cards for m in melds], defender, aces=ref)
        counts["defenses"] += 1
    for gin_layoffs, key in ((False, "settled"), (True, "settled, gin_layoffs")):
        rules = HouseRules(knock_limit=10, ace_runs=runs, ace_value=value, gin_layoffs=gin_layoffs)
        for i in range(n // 10):
            knocker = melded_hand(rng, deck, 10 + (i % 3 == 0))
            defender = defender_hand(rng, deck, knocker)
            expected = ref_settle_net(rules, None, knocker, defender)
            if expected is None:
                continue
            showdown = settle(rules, None, knocker, defender)
            assert (showdown.score.knocker_net, showdown.knocker.deadwood) == expected
            counts[key] += 1
    return counts


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(f"the search against tests/reference.py, seeded random hands (N = {n})")
    for number, (runs, value) in enumerate(VARIANTS):
        counts = compare(runs, value, n, seed=20261201 + number)
        print(f"  ace_runs {runs:<12} ace_value {value:<3} " + ", ".join(f"{k} {v}" for k, v in counts.items())
              + ": all equal")


if __name__ == "__main__":
    main()

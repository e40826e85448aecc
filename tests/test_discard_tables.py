"""The discard tables (least deadwood after one discard, the card, the gain), built a slice at a time for a
quick start (issue 28 item 4), are exactly those of the plain loop over every mask and rank."""

import random
import subprocess
import sys

import pytest

from gin_ref.core import deadwood
from gin_ref.core.deadwood import _NONE, discard_tables


def discard_tables_by_mask(dw):
    """The reference: every mask, every rank held, the higher card kept out first among equal results."""
    size = len(dw)
    dw1, drop = [_NONE] * size, [-1] * size
    for mask in range(1, size):
        for rank in range(12, -1, -1):
            if mask >> rank & 1 and dw[mask ^ (1 << rank)] < dw1[mask]:
                dw1[mask], drop[mask] = dw[mask ^ (1 << rank)], rank
    return dw1, drop, [dw[m] - dw1[m] for m in range(size)]


def test_the_standard_tables():
    deadwood._discard_tables()
    assert discard_tables(deadwood._DW) == discard_tables_by_mask(deadwood._DW)
    assert (deadwood._DW1, deadwood._DROP, deadwood._GAIN) == discard_tables_by_mask(deadwood._DW)


@pytest.mark.parametrize("seed", range(4))
def test_any_table_ties_included(seed):
    rng = random.Random(seed)
    dw = [0] + [rng.randrange(0, 4 if seed % 2 else 100) for _ in range((1 << 13) - 1)]  # few values: many ties
    assert discard_tables(dw) == discard_tables_by_mask(dw)


def test_the_ace_rules_tables():
    from gin_ref.core.rules import make_rules

    for knobs in ({"ace_runs": "low_or_high"}, {"ace_runs": "wrap"}, {"ace_value": 15}):
        search = make_rules(knobs).aces.search
        assert (search.drop, search.gain) == discard_tables_by_mask(search.dw)[1:]


def test_the_discard_tables_are_built_only_for_a_discard():
    """Checking a hand as it lies (a knock of 10 cards, a count) builds the runs' tables only."""
    code = ("from gin_ref.core import deadwood\n"
            "from gin_ref.core.cards import parse_cards, to_mask\n"
            "hand = to_mask(parse_cards('AS 2S 3S 4H 4D 4C 7C 8C 9C KD'))\n"
            "kept = deadwood.best_melding(hand).deadwood, deadwood.deadwood_of(hand)\n"
            "print(kept, bool(deadwood._DW), bool(deadwood._GAIN))\n"
            "eleven = hand | to_mask(parse_cards('QH'))\n"
            "print(deadwood.best_melding(eleven, discard=True).deadwood, bool(deadwood._GAIN))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "(10, 10) True False\n10 True\n"

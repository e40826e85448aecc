"""The fast deadwood search against the brute-force reference, plus hands whose answers are known by hand."""

import random

import pytest

from gin_ref.core.cards import DECK, codes, parse_cards, to_mask
from gin_ref.core.deadwood import all_meldings, best_melding, deadwood_after_discard, deadwood_of
from gin_ref.core.meldchoices import candidate_melds
from reference import (check_melding, hand_strategy, random_hand, ref_deadwood, ref_deadwood_after_discard, ref_is_meld,
                       ref_partitions, rich_hand)
from sweeps import sample_and_full


def hands(seed, size, count, make):
    rng = random.Random(seed)
    return [make(rng, DECK, size) for _ in range(count)]


# --- Known hands ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, deadwood, melds, loose", [
    # 7C 7S 7H 8H 9H: the set or the run, never both; which one depends on the rest of the hand.
    ("7C 7S 7H 8H 9H", 14, [["7H", "8H", "9H"]], ["7S", "7C"]),
    ("7C 7S 7H 8H 9H 7D", 0, [["7S", "7D", "7C"], ["7H", "8H", "9H"]], []),
    ("7C 7S 7H 8H 9H 9S 9D", 8, [["7S", "7H", "7C"], ["9S", "9H", "9D"]], ["8H"]),
    ("7C 7S 7H 8H 9H TH", 0, [["7S", "7H", "7C"], ["8H", "9H", "TH"]], []),
    ("7C 7S 7H 8H 9H 5C 6C", 7, [["7H", "8H", "9H"], ["5C", "6C", "7C"]], ["7S"]),
    # a four of a kind is better broken into two runs
    ("4S 4H 4D 4C 5H 6H 5D 6D", 8, [["4H", "5H", "6H"], ["4D", "5D", "6D"]], ["4S", "4C"]),
    # ace low
    ("QS KS AS 2S 3S", 20, [["AS", "2S", "3S"]], ["QS", "KS"]),
    ("KS AS 2S", 13, [], ["AS", "2S", "KS"]),
    ("AS 3H 5D 7C 9S JH KD 2C 4S 6H", 57, [], ["AS", "4S", "9S", "3H", "6H", "JH", "5D", "KD", "2C", "7C"]),
    ("AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", 5, [["AS", "2S", "3S"], ["4H", "4D", "4C"], ["7C", "8C", "9C"]], ["5D"]),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", 0, [["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"]], []),
    ("", 0, [], []),
])
def test_known_hands(text, deadwood, melds, loose):
    cards = parse_cards(text)
    mask = to_mask(cards)
    melding = best_melding(mask)
    assert deadwood_of(mask) == deadwood == ref_deadwood(cards)
    assert [m.codes for m in melding.melds] == melds
    assert codes(melding.deadwood_cards) == loose
    assert melding.deadwood == deadwood
    check_melding(cards, melding)


@pytest.mark.parametrize("text, deadwood, discards", [
    ("AS 2S 3S 4H 4D 4C 7C 8C 9C 5D KH", 5, {"KH"}),
    # all eleven melded: any card whose loss leaves the other ten melded will do
    ("AS 2S 3S 4S 4H 4D 4C 7C 8C 9C TC", 0, {"AS", "4S", "4H", "4D", "4C", "TC", "7C"}),
    ("4S 4H 4D 4C 5S 6S 5H 6H 9D 9C KH", 26, {"KH"}),
    ("AS AH AD AC 2S 2H 2D 2C 3S 3H 3D", 0, {"AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C"}),
    ("AS 3H 5D 7C 9S JH KD 2C 4S 6H QC", 57, {"JH", "KD", "QC"}),
])
def test_known_eleven_card_hands(text, deadwood, discards):
    cards = parse_cards(text)
    mask = to_mask(cards)
    melding = best_melding(mask, discard=True)
    assert deadwood_after_discard(mask) == deadwood == ref_deadwood_after_discard(cards)
    assert melding.deadwood == deadwood
    assert melding.discard.code in discards
    assert deadwood_of(mask & ~melding.discard.bit) == deadwood
    check_melding(cards, melding, discard=True)


# --- Thousands of seeded hands against the reference (a sample of them in the fast suite: conftest.sweep) ---

def test_ten_card_random_hands_match_reference(sweep):
    for cards in hands(1, 10, sweep(3000, 150), random_hand):
        assert deadwood_of(to_mask(cards)) == ref_deadwood(cards), codes(cards)


def test_eleven_card_random_hands_match_reference(sweep):
    for cards in hands(2, 11, sweep(2000), random_hand):
        assert deadwood_after_discard(to_mask(cards)) == ref_deadwood_after_discard(cards), codes(cards)


def test_meld_rich_hands_match_reference(sweep):
    for size in (10, 11):
        for cards in hands(3 + size, size, sweep(1500, 30), rich_hand):
            mask = to_mask(cards)
            assert deadwood_of(mask) == ref_deadwood(cards), codes(cards)
            assert deadwood_after_discard(mask) == ref_deadwood_after_discard(cards), codes(cards)


def test_best_melding_is_honest_and_least_on_seeded_hands(sweep):
    for size in (10, 11):
        for cards in hands(5 + size, size, sweep(1000, 50), rich_hand) + hands(7 + size, size, sweep(500, 25), random_hand):
            mask = to_mask(cards)
            melding = best_melding(mask)
            check_melding(cards, melding)
            assert melding.deadwood == deadwood_of(mask)
            after = best_melding(mask, discard=True)
            check_melding(cards, after, discard=True)
            assert after.deadwood == deadwood_after_discard(mask)


def test_small_hands_and_empty_suits():
    for size in range(0, 10):
        for cards in hands(20 + size, size, 100, rich_hand):
            mask = to_mask(cards)
            assert deadwood_of(mask) == ref_deadwood(cards), codes(cards)
            if size:
                assert deadwood_after_discard(mask) == ref_deadwood_after_discard(cards), codes(cards)


def _partition_key(melds, loose):
    return frozenset(frozenset(c.index for c in meld) for meld in melds), frozenset(c.index for c in loose)


def test_all_meldings_is_every_partition():
    for size in (6, 8, 10):
        for cards in hands(30 + size, size, 150, rich_hand):
            ours = [_partition_key((m.cards for m in melding.melds), melding.deadwood_cards)
                    for melding in all_meldings(to_mask(cards))]
            theirs = [_partition_key(melds, loose) for melds, loose in ref_partitions(cards)]
            assert len(ours) == len(set(ours)), "an arrangement listed twice"
            assert set(ours) == set(theirs), codes(cards)


def test_candidate_melds_are_every_meld_in_the_hand():
    from itertools import combinations

    for cards in hands(40, 9, 200, rich_hand):
        ours = {frozenset(c.index for c in meld.cards) for meld in candidate_melds(to_mask(cards))}
        theirs = {frozenset(c.index for c in combo) for size in range(3, 10)
                  for combo in combinations(cards, size) if ref_is_meld(combo)}
        assert ours == theirs, codes(cards)


# --- Hypothesis: hands nobody thought of ------------------------------------------------------------------

@sample_and_full(25, 300, hand_strategy(DECK, 10))
def test_hypothesis_ten_cards(cards):
    mask = to_mask(cards)
    melding = best_melding(mask)
    assert deadwood_of(mask) == melding.deadwood == ref_deadwood(cards)
    check_melding(cards, melding)


@sample_and_full(25, 300, hand_strategy(DECK, 11))
def test_hypothesis_eleven_cards(cards):
    mask = to_mask(cards)
    melding = best_melding(mask, discard=True)
    least = min(deadwood_of(mask & ~card.bit) for card in cards)
    assert deadwood_after_discard(mask) == melding.deadwood == least == ref_deadwood_after_discard(cards)
    check_melding(cards, melding, discard=True)


def test_best_melding_count_is_the_number_of_best_arrangements():
    # the count that lets settle skip listing a knocker's arrangements when only one is best: checked
    # against the brute force (every partition) and against all_meldings
    from gin_ref.core.deadwood import best_melding_count, best_melding_counted

    for size in (8, 10):
        for cards in hands(50 + size, size, 150, rich_hand) + hands(60 + size, size, 150, random_hand):
            mask = to_mask(cards)
            least = ref_deadwood(cards)
            theirs = sum(1 for _melds, loose in ref_partitions(cards) if sum(c.value for c in loose) == least)
            assert best_melding_count(mask, enough=10_000) == theirs, codes(cards)
            assert len(all_meldings(mask, max_deadwood=least)) == theirs
            assert best_melding_count(mask) == min(theirs, 2)
            assert best_melding_counted(mask) == (best_melding(mask), theirs), codes(cards)

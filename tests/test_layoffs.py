"""The defender's answer: layoffs onto the knocker's melds (chains, fourth card of a set) chosen together with
his own melds, against a reference that tries every order of layoffs."""

import random
from itertools import combinations

from hypothesis import strategies as st

from gin_ref.core.cards import DECK, codes, parse_cards, to_mask
from gin_ref.core.deadwood import best_melding, deadwood_of
from gin_ref.core.layoffs import assign_layoffs, best_defense, layoff_candidates
from gin_ref.core.melds import parse_melds
from reference import check_defense, defender_hand, melded_hand, ref_defense, ref_layoff_sets
from sweeps import sample_and_full


def defense_of(knocker_melds, defender, allow_layoffs=True):
    return best_defense(parse_melds(knocker_melds), parse_cards(defender), allow_layoffs)


def layoffs_of(defense):
    return [(lay.card.code, lay.onto.codes) for lay in defense.layoffs]


# --- Known spreads ----------------------------------------------------------------------------------------

FILLER = "2C 4S 6S QC KS"  # 32 points that meld with nothing and go on nothing below


def test_layoffs_chain_eight_then_nine_onto_five_six_seven():
    defense = defense_of("5H 6H 7H", "8H 9H " + FILLER + " 3D 5D 7D")
    assert layoffs_of(defense) == [("8H", ["5H", "6H", "7H"]), ("9H", ["5H", "6H", "7H"])]
    assert defense.deadwood == 32 + 15


def test_nine_alone_cannot_be_laid_off_onto_five_six_seven():
    defense = defense_of("5H 6H 7H", "9H " + FILLER + " 3D 5D 7D TD")
    assert layoffs_of(defense) == [] and defense.deadwood == 9 + 32 + 25


def test_layoffs_chain_downwards_and_stop_at_the_ace():
    defense = defense_of("4H 5H 6H", "3H 2H " + FILLER + " 3D 5D 9D")
    assert layoffs_of(defense) == [("3H", ["4H", "5H", "6H"]), ("2H", ["4H", "5H", "6H"])]
    assert defense.deadwood == 32 + 17
    # AH 2H 3H: as his own run or all three laid off, 0 either way; a tie goes to fewer layoffs
    defense = defense_of("4H 5H 6H", "3H 2H AH " + FILLER + " 3D 5D")
    assert layoffs_of(defense) == [] and [m.codes for m in defense.melds] == [["AH", "2H", "3H"]]
    assert defense.deadwood == 32 + 8
    defense = defense_of("JS QS KS", "AS TS 9S 8S " + FILLER.replace("KS", "KD") + " 3D")
    assert {lay.card.code for lay in defense.layoffs} <= {"TS", "9S", "8S"}
    assert defense.deadwood == 1 + 32 + 3  # AS never goes above the king


def test_fourth_card_of_a_three_card_set_only():
    defense = defense_of("7S 7H 7D", "7C " + FILLER + " 3D 5D 9D AH")
    assert layoffs_of(defense) == [("7C", ["7S", "7H", "7D"])]
    defense = defense_of("7S 7H 7D 7C | 9S 9H 9D", "9C " + FILLER + " 3D 5D 8D AH")
    assert layoffs_of(defense) == [("9C", ["9S", "9H", "9D"])]
    assert defense.deadwood == 32 + 16 + 1


def test_a_card_fitting_a_set_and_a_run_goes_where_a_chain_can_follow():
    defense = defense_of("6H 7H 8H | 9S 9D 9C", "9H TH " + FILLER + " 3D 5C 7D")
    assert layoffs_of(defense) == [("9H", ["6H", "7H", "8H"]), ("TH", ["6H", "7H", "8H"])]
    assert defense.deadwood == 32 + 15


def test_defender_breaks_his_own_set_to_lay_off():
    # keeping 8H 8D 8S leaves 9H 7D (16); laying off 8H 9H onto the hearts and 8D 7D onto the diamonds leaves 8S
    defense = defense_of("5H 6H 7H | 9D TD JD", "8H 8D 8S 9H 7D " + FILLER)
    assert defense.melds == ()
    assert sorted(lay.card.code for lay in defense.layoffs) == ["7D", "8D", "8H", "9H"]
    assert codes(defense.deadwood_cards) == ["4S", "6S", "8S", "KS", "2C", "QC"]
    assert defense.deadwood == 40


def test_defender_breaks_his_four_card_set_to_lay_off():
    defense = defense_of("5H 6H 7H | AS AD AC | JC JD JS", "8H 8S 8D 8C 9H 2C 4D 6S QC KS")
    assert [m.codes for m in defense.melds] == [["8S", "8D", "8C"]]
    assert layoffs_of(defense) == [("8H", ["5H", "6H", "7H"]), ("9H", ["5H", "6H", "7H"])]
    assert defense.deadwood == 32


def test_defender_keeps_his_meld_when_that_is_better():
    defense = defense_of("9S 9D 9C", "9H TH JH " + FILLER + " 3D 5D")
    assert layoffs_of(defense) == [] and [m.codes for m in defense.melds] == [["9H", "TH", "JH"]]
    assert defense.deadwood == 40


def test_no_layoffs_when_not_allowed_or_nothing_to_lay_off_on():
    defense = defense_of("5H 6H 7H", "8H 9H " + FILLER + " 3D 5D 7D", allow_layoffs=False)
    assert defense.layoffs == () and defense.deadwood == 17 + 32 + 15
    defense = best_defense((), parse_cards("8H 9H " + FILLER + " 3D 5D 7D"))
    assert defense.layoffs == () and defense.deadwood == 17 + 32 + 15


def test_candidates_and_assignment():
    melds = parse_melds("5H 6H 7H | 9S 9D 9C")
    cards = parse_cards("4H 3H 8H TH 9H 2H KD")
    assert codes(layoff_candidates(melds, cards)) == ["2H", "3H", "4H", "8H", "9H", "TH"]
    assert assign_layoffs(melds, parse_cards("TH")) is None  # needs 8H and 9H first
    assert assign_layoffs(melds, parse_cards("KD")) is None
    placed = assign_layoffs(melds, parse_cards("TH 9H 8H"))
    assert [lay.card.code for lay in placed] == ["8H", "9H", "TH"]
    assert all(lay.onto is melds[0] for lay in placed)
    assert assign_layoffs(melds, ()) == ()


# --- Against the reference --------------------------------------------------------------------------------

def _seeded_showdowns(seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        knocker = melded_hand(rng, DECK, 10)
        melds = best_melding(to_mask(knocker)).melds
        if rng.random() < 0.3:  # not only the best arrangement: also a random one of his melds
            melds = tuple(m for m in melds if rng.random() < 0.7)
        yield melds, defender_hand(rng, DECK, knocker)


def test_best_defense_matches_reference_on_seeded_hands(sweep):
    for melds, cards in _seeded_showdowns(21, sweep(2500, 150)):
        defense = best_defense(melds, cards)
        assert defense.deadwood == ref_defense([m.cards for m in melds], cards), ([m.codes for m in melds], codes(cards))
        check_defense(melds, cards, defense)
        blocked = best_defense(melds, cards, allow_layoffs=False)
        assert blocked.layoffs == () and blocked.deadwood == deadwood_of(to_mask(cards))


def test_layoff_subsets_match_every_order_of_the_reference():
    for melds, cards in _seeded_showdowns(22, 300):
        candidates = layoff_candidates(melds, cards)
        reachable = {frozenset((c.suit, c.rank) for c in subset)
                     for subset in _all_subsets(candidates) if assign_layoffs(melds, subset) is not None}
        theirs = {frozenset(divmod(k, 100) for k in laid)
                  for laid in ref_layoff_sets([m.cards for m in melds], cards)}
        assert reachable == theirs, ([m.codes for m in melds], codes(cards))


def _all_subsets(items):
    for size in range(len(items) + 1):
        yield from combinations(items, size)


@st.composite
def showdowns(draw):
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    knocker = melded_hand(rng, DECK, 10)
    melds = best_melding(to_mask(knocker)).melds
    return melds, defender_hand(rng, DECK, knocker)


@sample_and_full(33, 200, showdowns())
def test_hypothesis_best_defense(showdown):
    melds, cards = showdown
    defense = best_defense(melds, cards)
    check_defense(melds, cards, defense)
    assert defense.deadwood == ref_defense([m.cards for m in melds], cards)

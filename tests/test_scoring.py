"""A hand's score: docs/rules.md §6 from the two counts, and ``settle`` on whole spreads, against the
reference that tries every arrangement of the knocker and every order of the defender's layoffs."""

import random

import pytest
from hypothesis import strategies as st

from gin_ref.core.cards import DECK, Card, codes, parse_cards
from gin_ref.core.errors import IllegalActionError, InvalidNotationError
from gin_ref.core.melds import parse_melds
from gin_ref.core.rules import HouseRules
from gin_ref.core.scoring import hand_score, settle
from reference import check_defense, check_melding, defender_hand, melded_hand, ref_deadwood, \
    ref_deadwood_after_discard, ref_defense, ref_hand_score, ref_settle_net
from sweeps import sample_and_full

OKLAHOMA = HouseRules()
STANDARD = HouseRules(knock_limit=10, name="standard")
BEST = HouseRules(knock_limit=10, knocker_arrangement="best_for_knocker")


def card(code):
    return Card.parse(code)


def summary(showdown):
    score = showdown.score
    return score.result, score.winner, score.score, score.knocker_deadwood, score.defender_deadwood


# --- hand_score from the counts ---------------------------------------------------------------------------

@pytest.mark.parametrize("k, d, rules, upcard, gin, big, result, winner, points, bonus, arithmetic", [
    # docs/rules.md §11: upcard 7D, knock with 5 against 21 after layoffs
    (5, 21, OKLAHOMA, "7D", False, False, "knock", "knocker", 16, 0, "knock: 21 − 5 = 16 to the knocker"),
    # docs/rules.md §11: upcard K, knock with 6: equal counts are an undercut; 2 against 6 too
    (6, 6, OKLAHOMA, "KH", False, False, "undercut", "defender", 10, 10,
     "undercut: 6 ≥ 6 → 10 + 0 = 10 to the defender"),
    (6, 2, OKLAHOMA, "KH", False, False, "undercut", "defender", 14, 10,
     "undercut: 6 ≥ 2 → 10 + 4 = 14 to the defender"),
    (6, 7, OKLAHOMA, "KH", False, False, "knock", "knocker", 1, 0, "knock: 7 − 6 = 1 to the knocker"),
    # docs/rules.md §11: gin against 23, against 0
    (0, 23, OKLAHOMA, "7D", True, False, "gin", "knocker", 48, 25, "gin: 23 + 25 = 48 to the knocker"),
    (0, 0, OKLAHOMA, "7D", True, False, "gin", "knocker", 25, 25, "gin: 0 + 25 = 25 to the knocker"),
    # docs/rules.md §11: spade_double, upcard 6S, gin against 18
    (0, 18, HouseRules(spade_double=True), "6S", True, False, "gin", "knocker", 86, 25,
     "gin: 18 + 25 = 43, doubled for a spade upcard = 86 to the knocker"),
    (0, 18, HouseRules(spade_double=True), "6H", True, False, "gin", "knocker", 43, 25,
     "gin: 18 + 25 = 43 to the knocker"),
    (4, 3, HouseRules(spade_double=True), "KS", False, False, "undercut", "defender", 22, 10,
     "undercut: 4 ≥ 3 → 10 + 1 = 11, doubled for a spade upcard = 22 to the defender"),
    (0, 12, HouseRules(gin_bonus=20), "7D", True, False, "gin", "knocker", 32, 20,
     "gin: 12 + 20 = 32 to the knocker"),
    (9, 3, HouseRules(undercut_bonus=25), "KD", False, False, "undercut", "defender", 31, 25,
     "undercut: 9 ≥ 3 → 25 + 6 = 31 to the defender"),
    (0, 10, HouseRules(big_gin_bonus=31), "KD", True, True, "big_gin", "knocker", 41, 31,
     "big gin: 10 + 31 = 41 to the knocker"),
])
def test_hand_score(k, d, rules, upcard, gin, big, result, winner, points, bonus, arithmetic):
    score = hand_score(k, d, rules, card(upcard), gin=gin, big_gin=big)
    assert (score.result, score.winner, score.score, score.bonus) == (result, winner, points, bonus)
    assert (score.knocker_deadwood, score.defender_deadwood) == (k, d)
    assert score.arithmetic == arithmetic
    assert score.knocker_net == (points if winner == "knocker" else -points)
    assert (winner, points) == ref_hand_score(k, d, rules, card(upcard), gin=gin, big_gin=big)


def test_hand_score_agrees_with_the_reference_everywhere():
    for rules in (OKLAHOMA, HouseRules(spade_double=True, gin_bonus=20, undercut_bonus=25, big_gin_bonus=31)):
        for upcard in ("7D", "7S"):
            for k in range(11):
                for d in range(0, 101, 7):
                    for gin, big in ((False, False), (True, False), (True, True)):
                        if (gin and k) or (big and rules.big_gin_bonus is None):
                            continue
                        score = hand_score(k, d, rules, card(upcard), gin=gin, big_gin=big)
                        assert (score.winner, score.score) == ref_hand_score(k, d, rules, card(upcard), gin, big)


# --- Worked examples of docs/rules.md §11 on whole hands --------------------------------------------------------

K_FIVE = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"  # 5D loose
K_SIX = "AS 2S 3S 4H 4D 4C 7C 8C 9C 6D"  # 6D loose
K_GIN = "AS 2S 3S 4H 4D 4C 7C 8C 9C TC"


def test_example_upcard_seven_knock_five_defender_twenty_one_after_layoffs():
    showdown = settle(OKLAHOMA, card("7D"), K_FIVE, "4S 5C 6C TC QS QH QD KH 9D 2H")
    assert summary(showdown) == ("knock", "knocker", 16, 5, 21)
    assert sorted(lay.card.code for lay in showdown.defense.layoffs) == ["4S", "5C", "6C", "TC"]
    assert codes(showdown.defense.deadwood_cards) == ["2H", "KH", "9D"]
    assert showdown.knock.limit == 7


@pytest.mark.parametrize("defender, points, d", [
    ("QS QH QD 9H TH JH 5S 6S 7S 6H", 10, 6),
    ("QS QH QD 9H TH JH 5S 6S 7S 2H", 14, 2),
])
def test_example_upcard_king_undercut(defender, points, d):
    showdown = settle(OKLAHOMA, card("KH"), K_SIX, defender)
    assert summary(showdown) == ("undercut", "defender", points, 6, d)


def test_example_gin_against_twenty_three_and_no_layoffs_on_gin():
    # 4S would go on AS 2S 3S and JC on 7C-TC, but not against gin
    showdown = settle(OKLAHOMA, card("7D"), K_GIN, "4S JC 9D QS QH QD 6H 7H 8H 9H")
    assert summary(showdown) == ("gin", "knocker", 48, 0, 23)
    assert showdown.defense.layoffs == ()


def test_example_gin_against_nothing():
    showdown = settle(OKLAHOMA, card("7D"), K_GIN, "QS QH QD 6H 7H 8H 9H 5D 6D 7D")
    assert summary(showdown) == ("gin", "knocker", 25, 0, 0)


def test_example_spade_double_gin():
    showdown = settle(HouseRules(spade_double=True), card("6S"), K_GIN, "4S JC 3D AD QS QH QD 7H 8H 9H")
    assert summary(showdown) == ("gin", "knocker", 86, 0, 18)
    assert showdown.score.doubled


def test_example_lone_ace_of_clubs_under_an_ace_upcard():
    knocker, defender = "2S 3S 4S 5H 5D 5C 7D 8D 9D AC", "KS KH KD QC JC TC 9C 2H 6H 6D"
    # 6D goes on 7D 8D 9D: 2H 6H left
    assert summary(settle(OKLAHOMA, card("AH"), knocker, defender)) == ("knock", "knocker", 7, 1, 8)
    with pytest.raises(IllegalActionError, match=r"^knock not allowed: deadwood 1 exceeds limit 0 "
                                                 r"\(upcard A♥: an ace up means gin only\)$"):
        settle(HouseRules(ace_upcard="gin"), card("AH"), knocker, defender)


# --- Knocker's arrangement --------------------------------------------------------------------------------

SET_OR_RUN = "2H 3H 4H 4S 4C 9D TD JD QD KD"  # 4S 4H 4C leaves 2H 3H (5); 2H 3H 4H leaves 4S 4C (8)
SET_OR_RUN_DEFENDER = "4D 6C 8S TS 2S 3C 7C 9H JH KC"  # 4D goes on the set only: 69 or 65


def test_min_deadwood_and_best_for_knocker_choose_differently():
    least = settle(STANDARD, card("KH"), SET_OR_RUN, SET_OR_RUN_DEFENDER)
    assert summary(least) == ("knock", "knocker", 60, 5, 65)
    assert [m.codes for m in least.knocker.melds] == [["4S", "4H", "4C"], ["9D", "TD", "JD", "QD", "KD"]]
    assert [(lay.card.code, lay.onto.codes) for lay in least.defense.layoffs] == [("4D", ["4S", "4H", "4C"])]
    best = settle(BEST, card("KH"), SET_OR_RUN, SET_OR_RUN_DEFENDER)
    assert summary(best) == ("knock", "knocker", 61, 8, 69)
    assert [m.codes for m in best.knocker.melds] == [["2H", "3H", "4H"], ["9D", "TD", "JD", "QD", "KD"]]
    assert codes(best.knocker.deadwood_cards) == ["4S", "4C"] and best.defense.layoffs == ()


def test_best_for_knocker_still_keeps_within_the_limit():
    # with limit 7 only the set arrangement (5) is legal
    rules = BEST.with_knobs(knock_limit=7)
    assert summary(settle(rules, card("KH"), SET_OR_RUN, SET_OR_RUN_DEFENDER)) == ("knock", "knocker", 60, 5, 65)


TIED = "2S 4S 3H 4H 5H 4C 5D 6D 7D 8D"  # 10 either way: 3H 4H 5H (2S 4S 4C left) or 4S 4H 4C (2S 3H 5H left)
TIED_DEFENDER = "AS AH 2H 4D 3C 7C 8C 9C TH KC"  # with the run he lays off 2H AH 4D (24), with the set only 4D (27)


def test_min_deadwood_breaks_a_tie_for_the_knocker():
    showdown = settle(STANDARD, card("KH"), TIED, TIED_DEFENDER)
    assert summary(showdown) == ("knock", "knocker", 17, 10, 27)
    assert [m.codes for m in showdown.knocker.melds] == [["4S", "4H", "4C"], ["5D", "6D", "7D", "8D"]]


def test_declared_melds_are_what_count_in_a_showdown():
    melds = parse_melds("3H 4H 5H | 5D 6D 7D 8D")
    showdown = settle(STANDARD, card("KH"), TIED, TIED_DEFENDER, melds=melds)
    assert summary(showdown) == ("knock", "knocker", 14, 10, 24)
    assert sorted(lay.card.code for lay in showdown.defense.layoffs) == ["2H", "4D", "AH"]
    with pytest.raises(IllegalActionError, match=r"^knock not allowed: deadwood 18 exceeds limit 10"):
        settle(STANDARD, card("KH"), TIED, TIED_DEFENDER, melds=parse_melds("3H 4H 5H | 5D 6D 7D"))


def test_the_set_or_the_run_seven_of_clubs_spades_hearts():
    # 7C 7S 7H 8H 9H with 5S 6S: the set leaves 8H 9H 5S 6S (28); the runs 7H-9H and 5S-7S leave 7C (7)
    knocker = "7C 7S 7H 8H 9H 6S 5S AD 2D 3D"
    showdown = settle(OKLAHOMA, card("KH"), knocker, "6H TH JH 4S QC 2C 3C 9S KS 6D")
    assert [m.codes for m in showdown.knocker.melds] == [["5S", "6S", "7S"], ["7H", "8H", "9H"], ["AD", "2D", "3D"]]
    assert codes(showdown.knocker.deadwood_cards) == ["7C"]
    assert [(lay.card.code, lay.onto.codes) for lay in showdown.defense.layoffs] == [
        ("4S", ["5S", "6S", "7S"]), ("6H", ["7H", "8H", "9H"]), ("TH", ["7H", "8H", "9H"]), ("JH", ["7H", "8H", "9H"])]
    assert summary(showdown) == ("knock", "knocker", 33, 7, 40)


def test_layoffs_never_go_on_the_knockers_deadwood():
    # 9D is the knocker's deadwood: 9S 9H 8D TD stay with the defender
    showdown = settle(OKLAHOMA, card("KH"), "AS 2S 3S 4H 4D 4C 7C 8C 9C 9D", "9S 9H 8D TD QS QH QD 5S 6S 7S")
    assert showdown.defense.layoffs == ()
    assert summary(showdown) == ("knock", "knocker", 27, 9, 36)


# --- Eleven cards and big gin -----------------------------------------------------------------------------

def test_eleven_cards_with_and_without_a_named_discard():
    defender = "QS QH QD 9H TH JH 5S 6S 7S 2H"
    auto = settle(OKLAHOMA, card("KD"), K_FIVE + " KC", defender)
    assert (auto.knocker.discard.code, summary(auto)) == ("KC", ("undercut", "defender", 13, 5, 2))
    named = settle(STANDARD, card("KD"), K_FIVE + " KC", defender, discard=card("5D"))
    assert (named.knocker.discard.code, summary(named)) == ("5D", ("undercut", "defender", 18, 10, 2))


ELEVEN_MELDED = "AS 2S 3S 4S 4H 4D 4C 7C 8C 9C TC"


def test_big_gin_when_the_house_plays_it():
    showdown = settle(HouseRules(big_gin_bonus=31), card("KD"), ELEVEN_MELDED, "QS QH 9D 5S 6H 2H 3H 6D KH JC")
    assert summary(showdown) == ("big_gin", "knocker", 31 + 71, 0, 71)
    assert showdown.knocker.discard is None and showdown.defense.layoffs == ()
    assert showdown.score.arithmetic == "big gin: 71 + 31 = 102 to the knocker"


def test_plain_gin_with_eleven_melded_when_big_gin_is_off():
    showdown = settle(OKLAHOMA, card("KD"), ELEVEN_MELDED, "QS QH 9D 5S 6H 2H 3H 6D KH JC")
    assert summary(showdown) == ("gin", "knocker", 25 + 71, 0, 71)
    assert showdown.knocker.discard is not None and showdown.defense.layoffs == ()


# --- Bad input --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("knocker, defender, message", [
    (K_FIVE, "5D QS QH 9D 5S 6H 2H 3H 6D KH", "^5D in both hands$"),
    (K_FIVE, "QS QH 9D", "^defender's hand has 3 cards, expected 10$"),
    ("AS 2S", "QS QH 9D 5S 6H 2H 3H 6D KH JC", "^knocker's hand has 2 cards, expected 10 or 11$"),
    (K_FIVE, "QS QH 9D 5S 6H 2H 3H 6D KH QS", "^duplicate card QS in defender's hand$"),
])
def test_bad_spreads_refused(knocker, defender, message):
    with pytest.raises(InvalidNotationError, match=message):
        settle(OKLAHOMA, card("7D"), knocker, defender)


def test_card_lists_are_checked_too():
    knocker = parse_cards(K_FIVE)
    with pytest.raises(InvalidNotationError, match="^duplicate card AS in knocker's hand$"):
        settle(OKLAHOMA, card("7D"), knocker[:9] + knocker[:1], parse_cards("QS QH 9D 5S 6H 2H 3H 6D KH JC"))
    with pytest.raises(InvalidNotationError, match="^defender's hand has 9 cards, expected 10$"):
        settle(OKLAHOMA, card("7D"), knocker, parse_cards("QS QH 9D 5S 6H 2H 3H 6D KH"))


def test_illegal_knock_refused_with_the_reason():
    with pytest.raises(IllegalActionError, match=r"^knock not allowed: deadwood 5 exceeds limit 4 \(upcard 4♥\)$"):
        settle(OKLAHOMA, card("4H"), K_FIVE, "QS QH 9D 5S 6H 2H 3H 6D KH JC")


# --- Against the reference --------------------------------------------------------------------------------

RULE_SETS = [
    STANDARD, BEST, OKLAHOMA,
    HouseRules(knock_limit=10, big_gin_bonus=31, spade_double=True, gin_bonus=20, undercut_bonus=25),
    HouseRules(knock_limit=10, knocker_arrangement="best_for_knocker", big_gin_bonus=31),
    HouseRules(knock_limit=0),
]


def _check_against_reference(rules, upcard, knocker, defender):
    """Settle one knock and hold it to the reference; returns False if the knock was (rightly) refused."""
    expected = ref_settle_net(rules, upcard, knocker, defender)
    if expected is None:
        with pytest.raises(IllegalActionError):
            settle(rules, upcard, knocker, defender)
        return False
    showdown = settle(rules, upcard, knocker, defender)
    score, melding = showdown.score, showdown.knocker
    assert (score.knocker_net, melding.deadwood) == expected, (codes(knocker), codes(defender), upcard)
    # the score is docs/rules.md §6 applied to the arrangement chosen
    gin, big = showdown.knock.gin, showdown.knock.big_gin
    assert score == hand_score(melding.deadwood, showdown.defense.deadwood, rules, upcard,
                               gin=gin and not big, big_gin=big)
    # the defender's count is the exact best against the melds the knocker spread
    melds = [m.cards for m in melding.melds]
    assert showdown.defense.deadwood == ref_defense(melds, defender, allow_layoffs=not gin)
    check_defense(melding.melds, defender, showdown.defense)
    if big:
        assert melding.discard is None and not melding.deadwood_cards
    else:
        check_melding(knocker, melding, discard=len(knocker) == 11)
    if rules.knocker_arrangement == "min_deadwood" and not big:
        least = ref_deadwood(knocker) if len(knocker) == 10 else ref_deadwood_after_discard(knocker)
        assert melding.deadwood == least
    return True


def _knock(rng, size):
    knocker = melded_hand(rng, DECK, size)
    defender = defender_hand(rng, DECK, knocker)
    upcard = rng.choice([c for c in DECK if c not in knocker and c not in defender])
    return upcard, knocker, defender


def test_settle_matches_the_reference_on_seeded_knocks(sweep):
    rng = random.Random(31)
    settled, count = 0, sweep(900, 150)
    for i in range(count):
        rules = RULE_SETS[i % len(RULE_SETS)]
        settled += _check_against_reference(rules, *_knock(rng, 10 + (i % 3 == 0)))
    assert settled > count * 2 // 9  # enough legal knocks among them (over 200 of the 900)


@sample_and_full(25, 150, st.integers(0, 2**32 - 1), st.sampled_from(RULE_SETS), st.sampled_from((10, 11)))
def test_hypothesis_settle(seed, rules, size):
    _check_against_reference(rules, *_knock(random.Random(seed), size))

"""The knock limit and the knock check: verdicts, declared melds, the 11th card, big gin."""

import random

import pytest

from gin_ref.core.cards import DECK, Card, codes, parse_cards, to_mask
from gin_ref.core.deadwood import deadwood_after_discard, deadwood_of
from gin_ref.core.errors import IllegalActionError, InvalidNotationError
from gin_ref.core.knock import check_knock, knock_limit, limit_reason, verify_knock, verify_knocker_cards
from gin_ref.core.melds import Meld, parse_melds
from gin_ref.core.rules import HouseRules
from reference import hand_strategy, melded_hand, ref_deadwood, ref_deadwood_after_discard, ref_knock_limit
from sweeps import sample_and_full

OKLAHOMA = HouseRules()
ACE_GIN = HouseRules(ace_upcard="gin")
STANDARD = HouseRules(knock_limit=10, name="standard")
BIG_GIN = HouseRules(knock_limit=10, big_gin_bonus=31)

K1 = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"  # deadwood 5 (5D)
GIN10 = "AS 2S 3S 4H 4D 4C 7C 8C 9C TC"
ELEVEN_MELDED = "AS 2S 3S 4S 4H 4D 4C 7C 8C 9C TC"
LONE_ACE = "2S 3S 4S 5H 5D 5C 7D 8D 9D AC"  # docs/rules.md §11: best deadwood a lone ace of clubs


def card(code):
    return Card.parse(code)


# --- Knock limit ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rank, one, gin", [
    ("A", 1, 0), ("2", 2, 2), ("3", 3, 3), ("4", 4, 4), ("5", 5, 5), ("6", 6, 6), ("7", 7, 7), ("8", 8, 8),
    ("9", 9, 9), ("T", 10, 10), ("J", 10, 10), ("Q", 10, 10), ("K", 10, 10),
])
@pytest.mark.parametrize("suit", "SHDC")
def test_oklahoma_limit_for_each_upcard(rank, suit, one, gin):
    upcard = card(rank + suit)
    assert knock_limit(OKLAHOMA, upcard) == one
    assert knock_limit(ACE_GIN, upcard) == gin


@pytest.mark.parametrize("limit", range(11))
@pytest.mark.parametrize("upcard", ["AC", "6H", "KS"])
def test_fixed_limits_ignore_the_upcard(limit, upcard):
    for ace in ("one", "gin"):
        assert knock_limit(HouseRules(knock_limit=limit, ace_upcard=ace), card(upcard)) == limit


@pytest.mark.parametrize("rules, upcard, reason", [
    (OKLAHOMA, "7D", "upcard 7♦"),
    (OKLAHOMA, "AC", "upcard A♣"),
    (ACE_GIN, "AC", "upcard A♣: an ace up means gin only"),
    (ACE_GIN, "TH", "upcard 10♥"),
    (STANDARD, "AC", "house rules"),
    (HouseRules(knock_limit=5), "KS", "house rules"),
    (HouseRules(knock_limit=0), "KS", "straight gin"),
])
def test_limit_reason(rules, upcard, reason):
    assert limit_reason(rules, card(upcard)) == reason


# --- Verdicts ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, upcard, hand, legal, gin, verdict", [
    (OKLAHOMA, "7D", K1, True, False, "legal: deadwood 5 within limit 7, 2 to spare (upcard 7♦)"),
    (OKLAHOMA, "5H", K1, True, False, "legal: deadwood 5 within limit 5, 0 to spare (upcard 5♥)"),
    (OKLAHOMA, "4H", K1, False, False, "not legal: deadwood 5 exceeds limit 4 (upcard 4♥)"),
    (OKLAHOMA, "7D", GIN10, True, True, "gin: no deadwood (limit 7, upcard 7♦)"),
    (ACE_GIN, "AH", GIN10, True, True, "gin: no deadwood (limit 0, upcard A♥: an ace up means gin only)"),
    (HouseRules(knock_limit=0), "KS", GIN10, True, True, "gin: no deadwood (limit 0, straight gin)"),
    (HouseRules(knock_limit=0), "KS", K1, False, False, "not legal: deadwood 5 exceeds limit 0 (straight gin)"),
    (STANDARD, "2C", K1, True, False, "legal: deadwood 5 within limit 10, 5 to spare (house rules)"),
    # docs/rules.md §11: ace upcard, best deadwood a lone A♣
    (OKLAHOMA, "AH", LONE_ACE, True, False, "legal: deadwood 1 within limit 1, 0 to spare (upcard A♥)"),
    (ACE_GIN, "AH", LONE_ACE, False, False,
     "not legal: deadwood 1 exceeds limit 0 (upcard A♥: an ace up means gin only)"),
])
def test_check_knock_verdicts(rules, upcard, hand, legal, gin, verdict):
    check = check_knock(parse_cards(hand), rules, card(upcard))
    assert (check.legal, check.gin, check.big_gin, check.verdict_said.english()) == (legal, gin, False, verdict)
    assert check.limit == knock_limit(rules, card(upcard))


def test_worked_example_upcard_seven_knock_with_five():
    check = check_knock(parse_cards(K1), OKLAHOMA, card("7D"))
    assert (check.limit, check.deadwood, check.legal) == (7, 5, True)
    assert [m.codes for m in check.melding.melds] == [["AS", "2S", "3S"], ["4H", "4D", "4C"], ["7C", "8C", "9C"]]
    assert codes(check.melding.deadwood_cards) == ["5D"]


def test_verify_knock_raises_with_the_reason():
    verify_knock(check_knock(parse_cards(K1), OKLAHOMA, card("7D")))
    hand = parse_cards("AS 2S 3S 4H 4D 4C 7C 8C 5D 9H")  # 7C 8C 5D 9H loose: 29
    with pytest.raises(IllegalActionError, match=r"^knock not allowed: deadwood 29 exceeds limit 9 \(upcard 9♥\)$"):
        verify_knock(check_knock(hand, OKLAHOMA, card("9H")))
    with pytest.raises(IllegalActionError, match=r"^knock not allowed: deadwood 1 exceeds limit 0 \(upcard A♥: "):
        verify_knock(check_knock(parse_cards(LONE_ACE), ACE_GIN, card("AH")))


@pytest.mark.parametrize("count", [0, 9, 12])
def test_wrong_number_of_knocker_cards(count):
    with pytest.raises(InvalidNotationError, match=f"^knocker has {count} cards, expected 10 or 11$"):
        verify_knocker_cards(DECK[:count])
    with pytest.raises(InvalidNotationError):
        check_knock(DECK[:count], OKLAHOMA, card("7D"))


# --- Declared melds ---------------------------------------------------------------------------------------

def test_declared_melds_are_honoured_even_when_worse():
    hand = parse_cards("7C 7S 7H 8H 9H AD 2D 3D 4D 5D")
    assert check_knock(hand, STANDARD, card("KH")).deadwood == 14  # the run: 7S 7C left
    check = check_knock(hand, STANDARD, card("KH"), parse_melds("7C 7S 7H | AD 2D 3D 4D 5D"))
    assert check.deadwood == 17 and codes(check.melding.deadwood_cards) == ["8H", "9H"]
    assert check.verdict_said.english() == "not legal: deadwood 17 exceeds limit 10 (house rules)"
    check = check_knock(hand, STANDARD, card("KH"), parse_melds("7H 8H 9H | AD 2D 3D"))
    assert check.deadwood == 23 and codes(check.melding.deadwood_cards) == ["7S", "4D", "5D", "7C"]


def test_declared_melds_may_be_none_at_all():
    check = check_knock(parse_cards(K1), STANDARD, card("KH"), ())
    assert check.deadwood == 1 + 2 + 3 + 4 * 3 + 7 + 8 + 9 + 5 and check.melding.melds == ()


def test_declared_meld_not_held_is_refused():
    with pytest.raises(InvalidNotationError, match="^declared meld 4S 5S 6S uses 5S, 6S, not in the knocker's hand$"):
        check_knock(parse_cards("4S 9S 9H 9D AC 2C 3C TD JD QD"), STANDARD, card("KH"), parse_melds("4S 5S 6S"))


def test_illegal_declared_meld_is_refused():
    with pytest.raises(InvalidNotationError, match="^not a meld: AS QS KS$"):
        check_knock(parse_cards(K1), STANDARD, card("KH"), parse_melds("QS KS AS"))
    forged = Meld(parse_cards("AS 2S 4H"), "run")  # built without Meld.of: still refused
    with pytest.raises(InvalidNotationError, match="^not a meld: AS 2S 4H$"):
        check_knock(parse_cards(K1), STANDARD, card("KH"), (forged,))


def test_overlapping_declared_melds_are_refused():
    hand = parse_cards("4S 4H 4D 4C AS 2S 3S 7C 8C 9C TC")
    overlapping = (Meld.of(parse_cards("4H 4D 4C")), Meld.of(parse_cards("4S 4H 4D")),
                   Meld.of(parse_cards("AS 2S 3S")), Meld.of(parse_cards("7C 8C 9C TC")))
    for rules in (STANDARD, BIG_GIN):
        with pytest.raises(InvalidNotationError, match="^card 4H is in two declared melds$"):
            check_knock(hand, rules, card("KH"), overlapping)


# --- Eleven cards -----------------------------------------------------------------------------------------

def test_eleven_cards_best_discard_found():
    check = check_knock(parse_cards(K1 + " KH"), OKLAHOMA, card("7D"))
    assert (check.deadwood, check.melding.discard.code, check.legal) == (5, "KH", True)


def test_eleven_cards_with_named_discard():
    hand = parse_cards(K1 + " KH")
    check = check_knock(hand, OKLAHOMA, card("7D"), discard=card("5D"))
    assert (check.deadwood, codes(check.melding.deadwood_cards), check.melding.discard.code) == (10, ["KH"], "5D")
    assert check.verdict_said.english() == "not legal: deadwood 10 exceeds limit 7 (upcard 7♦)"
    check = check_knock(hand, OKLAHOMA, card("7D"), parse_melds("AS 2S 3S | 4H 4D 4C | 7C 8C 9C"), card("KH"))
    assert (check.deadwood, check.melding.discard.code) == (5, "KH")


def test_eleven_cards_declared_melds_discard_the_highest_loose_card():
    hand = parse_cards(K1 + " KH")
    check = check_knock(hand, OKLAHOMA, card("7D"), parse_melds("AS 2S 3S | 4H 4D 4C | 7C 8C 9C"))
    assert (check.deadwood, check.melding.discard.code) == (5, "KH")


@pytest.mark.parametrize("discard, error, message", [
    ("QH", InvalidNotationError, "^discard QH is not in the knocker's hand$"),
    ("2S", InvalidNotationError, "^discard 2S is in a declared meld$"),
])
def test_bad_named_discard(discard, error, message):
    with pytest.raises(error, match=message):
        check_knock(parse_cards(K1 + " KH"), OKLAHOMA, card("7D"), parse_melds("AS 2S 3S"), card(discard))


def test_discard_named_with_ten_cards_is_refused():
    # it used to be dropped from the deadwood with declared melds (a false gin) and ignored without them
    hand = parse_cards("AS 2S 3S 4H 4D 4C 7C 8C 9C KD")
    for melds in (None, parse_melds("AS 2S 3S | 4H 4D 4C | 7C 8C 9C")):
        with pytest.raises(InvalidNotationError, match="^discard KD named with 10 cards: a discard goes with 11$"):
            check_knock(hand, STANDARD, card("KH"), melds, card("KD"))


def test_eleven_declared_melded_without_big_gin_needs_a_discard():
    melds = parse_melds("AS 2S 3S | 4S 4H 4D 4C | 7C 8C 9C TC")
    with pytest.raises(InvalidNotationError, match="^declared melds use all 11 cards: name the discard$"):
        check_knock(parse_cards(ELEVEN_MELDED), STANDARD, card("KH"), melds)
    check = check_knock(parse_cards(ELEVEN_MELDED), STANDARD, card("KH"), parse_melds("AS 2S 3S | 4H 4D 4C | 7C 8C 9C TC"),
                        card("4S"))
    assert (check.gin, check.big_gin, check.melding.discard.code) == (True, False, "4S")


# --- Big gin ----------------------------------------------------------------------------------------------

def test_big_gin_when_the_house_plays_it():
    check = check_knock(parse_cards(ELEVEN_MELDED), BIG_GIN, card("KH"))
    assert (check.big_gin, check.gin, check.legal, check.deadwood) == (True, True, True, 0)
    assert check.melding.discard is None
    assert check.verdict_said.english() == "big gin: all 11 cards melded"
    declared = check_knock(parse_cards(ELEVEN_MELDED), BIG_GIN, card("KH"),
                           parse_melds("AS 2S 3S | 4S 4H 4D 4C | 7C 8C 9C TC"))
    assert (declared.big_gin, declared.verdict_said.english()) == (True, "big gin: all 11 cards melded")


def test_no_big_gin_when_the_bonus_is_null():
    check = check_knock(parse_cards(ELEVEN_MELDED), STANDARD, card("KH"))
    assert (check.big_gin, check.gin, check.deadwood) == (False, True, 0)
    assert check.melding.discard is not None
    assert check.verdict_said.english() == "gin: no deadwood (limit 10, house rules)"


def test_no_big_gin_with_a_named_discard_or_a_loose_card():
    check = check_knock(parse_cards(ELEVEN_MELDED), BIG_GIN, card("KH"), discard=card("TC"))
    assert (check.big_gin, check.gin) == (False, True)
    check = check_knock(parse_cards(K1 + " KH"), BIG_GIN, card("KH"))
    assert (check.big_gin, check.gin, check.deadwood) == (False, False, 5)


def test_big_gin_is_legal_even_with_limit_zero():
    check = check_knock(parse_cards(ELEVEN_MELDED), HouseRules(knock_limit=0, big_gin_bonus=31), card("KH"))
    assert check.legal and check.big_gin


# --- Against the reference --------------------------------------------------------------------------------

def test_check_knock_uses_the_exact_minimum_on_seeded_knocks(sweep):
    rng = random.Random(11)
    for i in range(sweep(1500, 150)):
        size = 10 + i % 2
        hand = melded_hand(rng, DECK, size)
        upcard = rng.choice([c for c in DECK if c not in hand])
        rules = rng.choice((OKLAHOMA, ACE_GIN, STANDARD))
        check = check_knock(hand, rules, upcard)
        least = ref_deadwood(hand) if size == 10 else ref_deadwood_after_discard(hand)
        assert check.deadwood == least, codes(hand)
        assert check.limit == ref_knock_limit(rules, upcard)
        assert check.legal == (least <= check.limit)
        assert check.gin == (least == 0)


@sample_and_full(33, 200, hand_strategy(DECK, 11))
def test_hypothesis_named_discard(hand):
    for discard in hand[:3]:
        check = check_knock(hand, STANDARD, card("KH"), discard=discard)
        assert check.melding.discard is discard
        assert check.deadwood == deadwood_of(to_mask(hand) & ~discard.bit)
    assert check_knock(hand, STANDARD, card("KH")).deadwood == deadwood_after_discard(to_mask(hand))

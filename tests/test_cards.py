"""Cards: the forgiving notation, the one canonical form, values, masks."""

import pickle

import pytest

from gin_ref.core.cards import DECK, Card, codes, from_mask, parse_cards, deadwood_points, sort_cards, split_tokens, to_mask
from gin_ref.core.errors import InvalidNotationError


@pytest.mark.parametrize("text", ["10h", "Th", "t♥", "TH", "th", "10H", "10♥", "T♡", " th "])
def test_ten_of_hearts_in_every_notation(text):
    card = Card.parse(text)
    assert card is Card.parse("TH")
    assert (card.code, card.pretty, str(card), repr(card)) == ("TH", "10♥", "TH", "Card(TH)")
    assert (card.rank, card.suit, card.value, card.index) == (10, 1, 10, 22)


@pytest.mark.parametrize("text, code, pretty", [
    ("as", "AS", "A♠"), ("a♠", "AS", "A♠"), ("2h", "2H", "2♥"), ("9♦", "9D", "9♦"), ("jc", "JC", "J♣"),
    ("Q♤", "QS", "Q♠"), ("k♢", "KD", "K♦"), ("10c", "TC", "10♣"), ("t♧", "TC", "10♣"),
])
def test_canonical_code_and_pretty(text, code, pretty):
    card = Card.parse(text)
    assert (card.code, card.pretty) == (code, pretty)


def test_every_card_reads_back_from_its_code_and_pretty_form_in_any_case():
    assert len(DECK) == 52 and len({c.code for c in DECK}) == 52
    for card in DECK:
        assert Card.parse(card.code) is card
        assert Card.parse(card.code.lower()) is card
        assert Card.parse(card.pretty) is card
        assert Card.parse(card.pretty.lower()) is card
        assert DECK[card.index] is card


@pytest.mark.parametrize("code, value", [
    ("AS", 1), ("2H", 2), ("5D", 5), ("9C", 9), ("TS", 10), ("JH", 10), ("QD", 10), ("KC", 10),
])
def test_values(code, value):
    assert Card.parse(code).value == value


def test_points_of_some_cards():
    assert deadwood_points(parse_cards("AS KH 5D 9C")) == 25
    assert deadwood_points(()) == 0


def test_parse_cards_keeps_order_and_accepts_commas_semicolons_and_spaces():
    cards = parse_cards("as, 2S;3s  10h\t4♠ ")
    assert codes(cards) == ["AS", "2S", "3S", "TH", "4S"]


def test_parse_cards_accepts_a_list_of_strings():
    assert codes(parse_cards(["AS 2S", "3s,4s"])) == ["AS", "2S", "3S", "4S"]
    assert split_tokens(["AS, 2S", " ", "3S"]) == ["AS", "2S", "3S"]


@pytest.mark.parametrize("text, bad", [
    ("AS XX 3S", "XX"), ("AS 1H", "1H"), ("11H 2S", "11H"), ("AZ", "AZ"), ("A", "A"), ("AS 2S ♥", "♥"),
    ("AS 10", "10"), ("HA", "HA"),
])
def test_unknown_token_is_named(text, bad):
    with pytest.raises(InvalidNotationError, match=f"^unknown card '{bad}' "):
        parse_cards(text)


def test_unknown_card_message_says_what_to_write():
    with pytest.raises(InvalidNotationError) as info:
        Card.parse("ZZ")
    assert str(info.value) == "unknown card 'ZZ' (write rank A 2-10 J Q K (or T), then suit S H D C or ♠ ♥ ♦ ♣, any case: 10h, QS, t♥)"


@pytest.mark.parametrize("text, what, message", [
    ("AS 2S as", "hand", "duplicate card AS in hand"),
    ("10h TH", "meld", "duplicate card TH in meld"),
    ("t♥ 2c th", "defender's hand", "duplicate card TH in defender's hand"),
])
def test_duplicates_refused(text, what, message):
    with pytest.raises(InvalidNotationError, match=f"^{message}$"):
        parse_cards(text, what=what)


@pytest.mark.parametrize("text, counts, message", [
    ("AS 2S", (10,), "hand has 2 cards, expected 10"),
    ("AS", (10, 11), "hand has 1 card, expected 10 or 11"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", (10, 11), "hand has 12 cards, expected 10 or 11"),
    ("", (10,), "hand has 0 cards, expected 10"),
])
def test_wrong_counts_refused(text, counts, message):
    with pytest.raises(InvalidNotationError, match=f"^{message}$"):
        parse_cards(text, counts=counts)


def test_right_counts_accepted():
    assert len(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", counts=(10, 11))) == 10
    assert len(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", counts=(10, 11))) == 11


def test_masks_round_trip_in_index_order():
    cards = parse_cards("KC AS TH 2D")
    mask = to_mask(cards)
    assert mask == (1 << 0) | (1 << 22) | (1 << 27) | (1 << 51)
    assert codes(from_mask(mask)) == ["AS", "TH", "2D", "KC"]
    assert codes(sort_cards(cards)) == ["AS", "TH", "2D", "KC"]
    assert to_mask(()) == 0 and from_mask(0) == []


def test_cards_compare_and_pickle_to_the_shared_instance():
    assert Card.parse("AS") < Card.parse("2S") < Card.parse("AH") < Card.parse("KC")
    card = Card.parse("QD")
    assert pickle.loads(pickle.dumps(card)) is card

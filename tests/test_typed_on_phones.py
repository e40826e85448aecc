"""Issue 38 item 5: cards and names as a phone types them. A suit from the emoji keyboard carries the
variation selector U+FE0F (``A♠️``), with or without it the same card; no language adds letters. A name typed
to choose a player matches without its accents, as a unique prefix (``zoe`` is Zoë, ``zof`` is Žofia), and
what two names share stays ambiguous; who is who in records is unchanged (Zoe and Zoë are two players)."""

import pytest

from gin_ref.core.cards import Card, card_named, parse_cards, plain_notation
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.players import find_player, player_readings, unaccented
from gin_ref.files import matchfile as record
from gin_ref.match.names import player_key

from hands import KNOCKER
from runs import expect

EMOJI = "\ufe0f"


def emoji(cards):
    """``cards`` as a phone's emoji keyboard writes them: each suit symbol followed by U+FE0F."""
    for letter, symbol in zip("SHDC", "♠♥♦♣"):
        cards = cards.replace(letter, symbol + EMOJI)
    return cards


def test_a_suit_with_its_variation_selector_is_the_same_card():
    for card in ("A♠", "10♥", "t♦", "Q♣"):
        assert Card.parse(card + EMOJI) is Card.parse(card)
        assert card_named(card + EMOJI) is Card.parse(card)
        assert Card.parse(card + "\ufe0e") is Card.parse(card)  # the text selector too
    assert parse_cards(emoji(KNOCKER[5])) == parse_cards(KNOCKER[5])
    assert parse_cards(emoji("7-JD 4HDC")) == parse_cards("7-JD 4HDC")  # shorthand, a selector after each suit
    assert parse_cards([emoji("AS 2S"), emoji("3S")]) == parse_cards("AS 2S 3S")
    assert plain_notation("A♠") == "A♠"


def test_a_selector_alone_or_a_letter_is_still_no_card():
    for text in (EMOJI, "A" + EMOJI, "AX" + EMOJI, "A♠" + EMOJI + "♠"):
        with pytest.raises(InvalidNotationError):
            Card.parse(text)


def test_the_command_line_takes_emoji_cards(tmp_path):
    plain = expect(0, "check", "--rules", "oklahoma", "--upcard", "9H", "--json", KNOCKER[5])
    typed = expect(0, "check", "--rules", "oklahoma", "--upcard", emoji("9H"), "--json", emoji(KNOCKER[5]))
    assert typed.out == plain.out


def test_a_table_line_takes_an_emoji_upcard(tmp_path):
    match = tmp_path / "m.yaml"
    expect(0, "new", "--match", match, "--rules", "oklahoma", "--dealer", "Ann", "Ann", "Ben")
    expect(0, "knock", "--match", match, "--upcard", "9♥" + EMOJI, "Ben", "5", "--defender", "23")
    assert str(record.load(str(match)).match.hands[0].upcard) == "9H"


@pytest.mark.parametrize("players, typed, meant", [
    (["Zoë", "Ann"], "zoe", ["Zoë"]),
    (["Žofia", "Ann"], "zofia", ["Žofia"]),
    (["Žofia", "Ann"], "zof", ["Žofia"]),  # a prefix, accents aside
    (["Łukasz", "Ann"], "luk", ["Łukasz"]),  # a letter with no mark to drop
    (["Zoë", "Zoe"], "zoe", ["Zoe"]),  # the name as typed beats one read without accents
    (["Zoë", "Zoe"], "zoë", ["Zoë"]),
    (["Zoë", "Zoé"], "zoe", ["Zoë", "Zoé"]),  # what two names share stays ambiguous
    (["Zoë", "Zofia"], "zo", ["Zoë", "Zofia"]),
    (["Zörg", "Zora"], "zö", ["Zörg"]),  # an accent typed narrows the prefix
    (["Zoë", "Žofia"], "z", ["Zoë", "Žofia"]),  # no accent typed: Ž may be the z meant
    (["Zoë", "Žofia"], "ž", ["Žofia"]),
])
def test_a_name_matches_without_its_accents(players, typed, meant):
    assert player_readings(players, typed) == meant


def test_what_two_names_share_is_refused_naming_both():
    with pytest.raises(InvalidNotationError, match="Zoë or Zoé"):
        find_player(["Zoë", "Zoé"], "zoe")


def test_the_match_commands_find_a_player_without_accents(tmp_path):
    match = tmp_path / "m.yaml"
    expect(0, "new", "--match", match, "--rules", "oklahoma", "--dealer", "zof", "Žofia", "Zoë")
    expect(0, "knock", "--match", match, "--upcard", "9H", "zoe", "5", "--defender", "23")
    hand = record.load(str(match)).match.hands[0]
    assert (hand.dealer, hand.knocker) == ("Žofia", "Zoë")


def test_who_is_who_in_records_is_unchanged():
    assert player_key("Zoe") != player_key("Zoë")
    assert unaccented("Zoë") == unaccented("Zoe")  # only for matching what is typed

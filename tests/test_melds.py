"""Melds: sets and runs (ace low), what can be laid off onto a meld, the declared-meld notation."""

import pytest

from gin_ref.core.cards import codes, parse_cards, to_mask
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.melds import Meld, Melding, is_run, is_set, parse_melds, runs_of_mask


def cards(text):
    return parse_cards(text)


@pytest.mark.parametrize("text, expected", [
    ("7S 7H 7D", True), ("7S 7H 7D 7C", True), ("KC KS KH", True), ("AS AH AD", True),
    ("7S 7H", False), ("7S 7H 8D", False), ("7S 8S 9S", False), ("7S", False), ("", False),
])
def test_is_set(text, expected):
    assert is_set(cards(text)) is expected


@pytest.mark.parametrize("text, expected", [
    ("AS 2S 3S", True), ("3S AS 2S", True), ("5H 6H 7H 8H", True), ("9C TC JC QC KC", True),
    ("JD QD KD", True), ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", True),
    ("QS KS AS", False),  # ace is low only
    ("KS AS 2S", False),  # no wrapping round the king
    ("5H 6H 8H", False), ("5H 6S 7H", False), ("5H 6H", False), ("7S 7H 7D", False),
])
def test_is_run(text, expected):
    assert is_run(cards(text)) is expected


@pytest.mark.parametrize("text, kind, ordered", [
    ("3S AS 2S", "run", ["AS", "2S", "3S"]),
    ("KD JD QD", "run", ["JD", "QD", "KD"]),
    ("7C 7S 7H", "set", ["7S", "7H", "7C"]),
    ("9C 9D 9H 9S", "set", ["9S", "9H", "9D", "9C"]),
])
def test_meld_of_sorts_and_names_the_kind(text, kind, ordered):
    meld = Meld.of(cards(text))
    assert (meld.kind, meld.codes, str(meld)) == (kind, ordered, " ".join(ordered))
    assert meld.mask == to_mask(cards(text))


@pytest.mark.parametrize("text", ["QS KS AS", "KS AS 2S", "7S 7H", "7S 7H 8H", "AS 3S 5S"])
def test_meld_of_refuses_a_non_meld(text):
    shown = " ".join(codes(sorted(cards(text), key=lambda c: c.index)))
    with pytest.raises(InvalidNotationError, match=f"^not a meld: {shown}$"):
        Meld.of(cards(text))


@pytest.mark.parametrize("text, extensions", [
    ("AS 2S 3S", ["4S"]),  # nothing below an ace
    ("JS QS KS", ["TS"]),  # nothing above a king
    ("5H 6H 7H", ["4H", "8H"]),
    ("2C 3C 4C 5C 6C", ["AC", "7C"]),
    ("7S 7H 7D", ["7C"]),
    ("7S 7D 7C", ["7H"]),
    ("7S 7H 7D 7C", []),  # a four-card set takes nothing
])
def test_extensions(text, extensions):
    assert codes(Meld.of(cards(text)).extensions()) == extensions


@pytest.mark.parametrize("text, expected", [
    ("AS 2S 3S | 4H 4D 4C", [["AS", "2S", "3S"], ["4H", "4D", "4C"]]),
    ("as 2s 3s / 4h 4d 4c", [["AS", "2S", "3S"], ["4H", "4D", "4C"]]),
    ("| 10h jh qh |", [["TH", "JH", "QH"]]),
    (["AS 2S 3S", "4H,4D,4C,4S"], [["AS", "2S", "3S"], ["4S", "4H", "4D", "4C"]]),
    (("7C 7S 7H",), [["7S", "7H", "7C"]]),
    ("", []),
])
def test_parse_melds(text, expected):
    assert [meld.codes for meld in parse_melds(text)] == expected


def test_parse_melds_refuses_a_card_in_two_melds():
    with pytest.raises(InvalidNotationError, match="^card 4H is in two declared melds$"):
        parse_melds("4H 4D 4C | 2H 3H 4H")


def test_parse_melds_refuses_a_group_that_is_not_a_meld():
    with pytest.raises(InvalidNotationError, match="^not a meld: AS QS KS$"):
        parse_melds("AH 2H 3H | QS KS AS")


def test_parse_melds_refuses_bad_cards_and_bad_types():
    with pytest.raises(InvalidNotationError, match="^unknown card 'XH'"):
        parse_melds("AH 2H XH")
    with pytest.raises(InvalidNotationError, match="^duplicate card AH in meld$"):
        parse_melds("AH AH 2H 3H")
    with pytest.raises(InvalidNotationError, match="^melds must be text or a list of card lists"):
        parse_melds(42)


def test_melding_deadwood_and_melded_mask():
    melds = parse_melds("AS 2S 3S | 4H 4D 4C")
    melding = Melding(melds, cards("KD 5C"), cards("9H")[0])
    assert melding.deadwood == 15
    assert melding.melded_mask == to_mask(cards("AS 2S 3S 4H 4D 4C"))
    assert Melding((), ()).deadwood == 0 and Melding((), ()).melded_mask == 0


def test_runs_of_mask_splits_into_maximal_segments():
    # ranks A-3 and 5-9 of hearts (bits 0-2 and 4-8)
    runs = runs_of_mask(1, 0b111110111)
    assert [run.codes for run in runs] == [["AH", "2H", "3H"], ["5H", "6H", "7H", "8H", "9H"]]
    assert all(run.kind == "run" for run in runs)
    assert runs_of_mask(0, 0) == []

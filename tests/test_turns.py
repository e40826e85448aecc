"""The turn-by-turn state machine of one deal (gin_ref.core.turns)."""

import pytest

from gin_ref.core.cards import Card, parse_cards
from gin_ref.core.errors import IllegalActionError, InvalidNotationError, OutOfTurnError
from gin_ref.core.turns import STOCK_AT_START, Table, Turn

C = Card.parse


def table(**kwargs):
    return Table("Ann", "Ben", C("7D"), **kwargs)  # Ann deals, Ben has the first option


def play(d, *turns):
    for t in turns:
        action, player, *card = t.split()
        d.play(Turn(action, player, C(card[0]) if card else None))
    return d


def state(d):
    return d.player, d.phase, d.discard_top.code if d.discard_top else None, d.stock


def test_non_dealer_takes_upcard_then_dealer_plays_normal_turn():
    d = play(table(), "take Ben", "discard Ben KS")
    assert state(d) == ("Ann", "draw", "KS", STOCK_AT_START)
    play(d, "draw Ann", "discard Ann 2C")
    assert state(d) == ("Ben", "draw", "2C", STOCK_AT_START - 1)


def test_dealer_takes_upcard_after_non_dealer_passes():
    d = play(table(), "pass Ben")
    assert state(d) == ("Ann", "offer", "7D", 31)
    play(d, "take Ann", "discard Ann QH")
    assert state(d) == ("Ben", "draw", "QH", 31)
    assert d.known["Ann"] == {C("7D").index}


def test_both_pass_then_non_dealer_must_draw_from_stock():
    d = play(table(), "pass Ben", "pass Ann")
    assert state(d) == ("Ben", "stock", "7D", 31)
    with pytest.raises(IllegalActionError, match=r"Ben cannot take now: it is Ben's turn to draw from the stock \(both passed"):
        d.play(Turn("take", "Ben"))
    play(d, "draw Ben", "discard Ben 3S")
    assert state(d) == ("Ann", "draw", "3S", 30)


@pytest.mark.parametrize("turns, action, message", [
    ([], "draw Ann", "out of turn: it is Ben's turn to take the upcard 7♦ or pass"),
    ([], "discard Ben 5S", "Ben cannot discard now: it is Ben's turn to take the upcard 7♦ or pass"),
    (["take Ben"], "discard Ben 7D", "Ben cannot discard 7D: it was just taken from the pile"),
    (["take Ben", "discard Ben KS"], "pass Ann", "Ann cannot pass: only the upcard can be passed; it is Ann's turn to draw from the stock or take K♠"),
    (["take Ben", "discard Ben KS"], "discard Ann 2H", "Ann cannot discard now"),
    (["take Ben", "discard Ben KS", "take Ann"], "draw Ann", "Ann cannot draw now: it is Ann's turn to discard or knock"),
    (["take Ben", "discard Ben KS", "draw Ann"], "discard Ann 7D", "Ann cannot discard 7D: it is in Ben's hand"),
    (["take Ben", "discard Ben KS", "draw Ann"], "discard Ann KS", "Ann cannot discard KS: it was already discarded"),
    (["take Ben", "discard Ben KS"], "draw Ann 7D", "Ann cannot draw 7D: it is already in Ben's hand"),
    (["take Ben", "discard Ben KS"], "draw Ann KS", "Ann cannot draw KS: it has been discarded"),
    ([], "take Cid", "Cid is not playing this hand"),
])
def test_refusals_change_nothing(turns, action, message):
    d = play(table(), *turns)
    before = (state(d), len(d.turns), {k: set(v) for k, v in d.known.items()})
    with pytest.raises(IllegalActionError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        play(d, action)
    assert (state(d), len(d.turns), {k: set(v) for k, v in d.known.items()}) == before


def test_discard_taken_card_knob_allows_it():
    d = play(table(discard_taken_card=True), "take Ben", "discard Ben 7D")
    assert state(d) == ("Ann", "draw", "7D", 31)


def _run_stock_down(d, left):
    """Both players draw and discard unseen cards until ``left`` cards remain in the stock."""
    spare = iter(c for c in parse_cards("2S 3S 4S 5S 6S 8S 9S TS JS QS KS 2H 3H 4H 5H 6H 8H 9H TH JH QH KH "
                                        "2C 3C 4C 5C 6C 8C 9C TC JC QC KC"))
    play(d, "pass Ben", "pass Ann")
    while d.stock > left:
        player = d.player
        d.play(Turn("draw", player))
        if d.stock == left:
            return d
        d.play(Turn("discard", player, next(spare)))
    return d


def test_dead_hand_when_a_discard_leaves_two_in_the_stock():
    d = _run_stock_down(table(), 2)
    assert d.stock == 2 and d.phase == "discard"
    player = d.player
    d.play(Turn("discard", player, C("AH")))
    assert d.dead and d.phase == "over"
    assert d.summary() == {"turn": None, "discard_top": "AH", "stock_count": 2}
    with pytest.raises(IllegalActionError, match="cannot draw: the hand is dead"):
        d.play(Turn("draw", d.opponent))


def test_knock_allowed_on_the_turn_that_drew_the_card_leaving_two():
    d = _run_stock_down(table(), 2)
    d.verify_knock(d.player)  # does not raise
    with pytest.raises(IllegalActionError, match="out of turn"):
        d.verify_knock(d.opponent)


def test_knock_only_after_the_draw():
    d = play(table(), "take Ben", "discard Ben KS")
    with pytest.raises(IllegalActionError, match="Ann cannot knock now: a knock comes after the draw"):
        d.verify_knock("Ann")


def test_spread_must_fit_what_was_seen():
    d = play(table(), "take Ben", "discard Ben KS", "draw Ann 2H", "discard Ann 3C", "take Ben")
    # Ben took 7D and 3C; KS is on no pile top but was discarded and then 3C went on it.
    ben = parse_cards("7D 8D 9D 4S 4H 4C 5C 6C 2D AS 3C")
    ann = parse_cards("2H 3H 4D JC QC KC TS JS QS 9C")
    assert d.check_spread("Ben", ben, C("AS"), ann) == []
    ben_missing = parse_cards("8D 9D TD 4S 4H 4C 5C 6C 2D AS 3C")
    ann_with_pile = parse_cards("JH 3H 4D JC QC KC TS JS QS KS")
    assert d.check_spread("Ben", ben_missing, C("AS"), ann_with_pile) == [
        "Ben took 7D and did not discard it, but it is not in the hand spread",
        "Ann drew 2H and did not discard it, but it is not in the hand spread",
        "KS is on the discard pile, not in Ann's hand",
    ]
    assert d.check_spread("Ben", ben, C("3C"), ann) == ["Ben cannot discard 3C: it was just taken from the pile"]


def test_summary_of_an_open_hand():
    d = play(table(), "pass Ben")
    assert d.summary() == {"turn": {"player": "Ann", "phase": "offer"}, "discard_top": "7D", "stock_count": 31}


# -- the notation of a turn ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, players, turn, canonical", [
    ("Ben passes", ["Ann", "Ben"], Turn("pass", "Ben"), "Ben passes"),
    ("Ann takes 7D", ["Ann", "Ben"], Turn("take", "Ann", C("7D")), "Ann takes 7D"),
    ("ann take", ["Ann", "Ben"], Turn("take", "Ann"), "Ann takes"),
    ("Ben draws", ["Ann", "Ben"], Turn("draw", "Ben"), "Ben draws"),
    ("Ben draw 10s", ["Ann", "Ben"], Turn("draw", "Ben", C("TS")), "Ben draws TS"),
    ("Jean Luc discards Q♥", ["Jean Luc", "Ann"], Turn("discard", "Jean Luc", C("QH")), "Jean Luc discards QH"),
    ("Ann draws 5S", ["Ann draws", "Ann"], Turn("draw", "Ann", C("5S")), "Ann draws 5S"),
    ("Ann draws passes", ["Ann draws", "Ann"], Turn("pass", "Ann draws"), "Ann draws passes"),
])
def test_turn_notation_reads_and_writes(text, players, turn, canonical):
    assert Turn.parse(text, players) == turn
    assert turn.text == canonical and Turn.parse(canonical, players) == turn


@pytest.mark.parametrize("text, message", [
    ("Ann discards", "turn 'Ann discards': a discard names its card"),
    ("Ann passes 7D", "turn 'Ann passes 7D': a pass names no card"),
    ("Ann draws XX", "unknown card 'XX'"),
    ("Cid draws", "turn 'Cid draws' cannot be read: write PLAYER ACTION"),
    ("Ann knocks", "turn 'Ann knocks' cannot be read"),
    ("Ann draws 5S 6S", "cannot be read"),
    (["Ann", "draws"], "a turn is a line of text"),
])
def test_turn_notation_refuses(text, message):
    with pytest.raises(InvalidNotationError, match=message):
        Turn.parse(text, ["Ann", "Ben"])


def test_taking_names_the_top_card_or_is_refused():
    d = table()
    with pytest.raises(IllegalActionError, match="^Ben cannot take 8D: the top of the discard pile is 7D$"):
        d.play(Turn("take", "Ben", C("8D")))
    d.play(Turn("take", "Ben", C("7D")))
    assert d.just_taken is C("7D")


def test_out_of_turn_is_its_own_kind_of_refusal():
    d = table()
    with pytest.raises(OutOfTurnError, match="^out of turn: it is Ben's turn"):
        d.play(Turn("take", "Ann"))
    with pytest.raises(OutOfTurnError, match=r"^Cid is not playing this hand \(Ann and Ben are\)"):
        d.play(Turn("take", "Cid"))
    with pytest.raises(IllegalActionError) as info:
        d.play(Turn("draw", "Ben"))
    assert not isinstance(info.value, OutOfTurnError)

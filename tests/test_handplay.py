"""Reading back a hand recorded turn by turn and the irregularities around it (gin_ref.match.play): each edit of
a record is found where it is, once; irregularities are checked to be what they say they are."""

import copy

import pytest

from gin_ref.files.itemread import item_of, written_item
from gin_ref.files.rulesfile import load_rules
from gin_ref.core.errors import IllegalActionError, RecordError
from gin_ref.match.model import Match
from gin_ref.match.problems import english

from gin_ref.match.steps import position, step_pairs
from gin_ref.views.step_words import undone_words
from gin_ref.views.words import irregularity_words
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401


def form_of(data):
    """What a step's typed data writes into the file, as the writer lays it out."""
    return dict(step_pairs(data))

DEAL_A = ["pass Ben", "take Ann", "discard Ann QH", "draw Ben", "discard Ben KS", "draw Ann 5D", "discard Ann JC",
          "take Ben", "discard Ben 2H", "draw Ann"]
ANN_A = "7H 8H 9H AS 2S 3S 4D 4C 4H 5D KD"
BEN_A = "JC QC KC 6S 7S 8S TD JD 3C 6D"


def new(players=("Ann", "Ben"), rules="oklahoma"):
    if len(players) == 3:
        return Match.new(list(players), load_rules("three-player"), "2024-05-01", box="Ann", captain="Ben")
    return Match.new(list(players), load_rules(rules), "2024-05-01", dealer="Ann")


def undo(match):
    step = match.newest_step()
    return match.undo(step, "2024-05-01T20:00:00+00:00", undone_words(step))


def play(match, *turns):
    for turn in turns:
        action, player, *card = turn.split()
        match.play_turn(action, player, card[0] if card else None)


def knocked():
    """Hand 1 played turn by turn (Ann takes the upcard 9H after Ben passes) and knocked by Ann; hand 2 dealt
    and Ben out of turn once; then a deal by the wrong dealer refused before hand 3."""
    match = new()
    match.deal("9H")
    play(match, *DEAL_A)
    match.knock("Ann", ANN_A, BEN_A)
    assert match.deal("7D", dealer="Ben").refused
    match.deal("7D")
    play(match, "pass Ben", "take Ann")
    assert match.play_turn("draw", "Ben").refused
    return copy.deepcopy(written(match))


def test_the_record_of_turns_and_irregularities():
    record = knocked()
    first, second = record["hands"]
    assert first["turns"] == ["Ben passes", "Ann takes 9H", "Ann discards QH", "Ben draws", "Ben discards KS",
                              "Ann draws 5D", "Ann discards JC", "Ben takes JC", "Ben discards 2H", "Ann draws"]
    assert (first["points"], first["knocker_cards"][-1], first["discard"]) == (24, "KD", None)
    assert record["irregularities"] == [{"kind": "wrong_dealer", "hand": 2, "player": "Ben"}]
    assert second["irregularities"] == [{"kind": "out_of_turn", "player": "Ben", "turn": 3, "action": "draw"}]
    assert list(second) == ["number", "dealer", "upcard", "limit", "irregularities", "turns"]
    match = match_of(record)
    assert [str(item.detail) for item in match.state.match_irregularities + match.state.irregularities[1]] == [
        "Ben cannot deal hand 2: Ann deals (the winner of hand 1 deals)",  # the facts said again by the replay
        "out of turn: it is Ann's turn to discard or knock"]
    assert match.open_table().summary() == {"turn": {"player": "Ann", "phase": "discard"}, "discard_top": None,
                                            "stock_count": 31}
    assert checked(record).problems == []


def _edit_turn(k, text):
    return lambda r: r["hands"][0]["turns"].__setitem__(k, text)


@pytest.mark.parametrize("edit, where, message", [
    (_edit_turn(2, "Ann discard"), ("hands", 0, "turns", 2),
     "hand 1, turn 3 (Ann discard): turn 'Ann discard': a discard names its card ('Ann discards 5S')"),
    (_edit_turn(1, "Ann takes 8H"), ("hands", 0, "turns", 1),
     "hand 1, turn 2 (Ann takes 8H): Ann cannot take 8H: the top of the discard pile is 9H"),
    (_edit_turn(3, "Ann draws"), ("hands", 0, "turns", 3),
     "hand 1, turn 4 (Ann draws): out of turn: it is Ben's turn to draw from the stock or take Q♥"),
    (_edit_turn(5, "Ann draws KS"), ("hands", 0, "turns", 5), "hand 1, turn 6 (Ann draws KS): Ann cannot draw KS: "
                                                              "it has been discarded"),
    (_edit_turn(0, "Bob passes"), ("hands", 0, "turns", 0), "hand 1, turn 1 (Bob passes): turn 'Bob passes' cannot be "
     "read: write PLAYER ACTION [CARD]: 'Ann passes', 'Ann takes 7D', 'Ann draws', 'Ann discards 5S', with PLAYER one "
     "of Ann, Ben"),
    (lambda r: r["hands"][0]["turns"].pop(), ("hands", 0, "knocker"),
     "hand 1: the knock by Ann: Ann cannot knock now: a knock comes after the draw; it is Ann's turn to draw from the "
     "stock or take 2♥"),
    (lambda r: r["hands"][0].update(defender_cards=BEN_A.replace("TD", "KS").split()), ("hands", 0, "defender_cards"),
     "hand 1: the spread does not fit the hand: KS is on the discard pile, not in Ben's hand"),
    (lambda r: r["hands"][0].update(turns="Ben passes"), ("hands", 0, "turns"),
     "hand 1: 'turns' must be a list, one turn a line ('Ann draws')"),
    (lambda r: r["hands"][1]["irregularities"][0].update(player="Ann"), ("hands", 1, "irregularities", 0, "player"),
     "hand 2, turn 3: the draw by Ann is recorded as out of turn, but Ann was to move"),
    (lambda r: r["hands"][1]["irregularities"][0].update(turn=1), ("hands", 1, "irregularities", 0, "player"),
     "hand 2, turn 1: the draw by Ben is recorded as out of turn, but Ben was to move"),
    (lambda r: r["hands"][1]["irregularities"][0].update(turn=9), ("hands", 1, "irregularities", 0, "turn"),
     "hand 2: an irregularity at turn 9, but 2 turns are recorded"),
    (lambda r: r["hands"][1]["irregularities"][0].update(action="jump"), ("hands", 1, "irregularities", 0, "action"),
     "hand 2: an out-of-turn 'action' is one of take, pass, draw, discard, knock, not 'jump'"),
    (lambda r: r["irregularities"][0].update(player="Ann"), ("irregularities", 0, "player"),
     "hand 2: the deal by Ann is recorded as by the wrong dealer, but Ann was to deal (the winner of hand 1 deals)"),
    (lambda r: r["irregularities"][0].update(hand=4), ("irregularities", 0, "hand"),
     "a deal of hand 4 was refused, but only 2 hands are recorded"),
    (lambda r: r["irregularities"][0].update(kind="bad_shuffle"), ("irregularities", 0, "kind"),
     "unknown irregularity of the match 'bad_shuffle' (known: wrong_dealer; a hand's own go with the hand)"),
])
def test_replay_finds_each_edit_of_a_turn_by_turn_record_where_it_is(edit, where, message):
    record = knocked()
    edit(record)
    assert english(checked(record).problems) == [(where, message)]
    with pytest.raises(RecordError) as info:
        match_of(record)
    assert (info.value.where, info.value.message) == (where, message)


def _long(match, rounds):
    play(match, "pass Ben", "pass Ann")
    spare = iter("2S 3S 4S 5S 6S 8S TS JS QS KS 2H 3H 4H 5H 6H 8H TH JH QH KH 2C 3C 4C 5C 6C 8C TC JC QC".split())
    for n in range(rounds):
        player = "Ben" if n % 2 == 0 else "Ann"
        match.play_turn("draw", player)
        match.play_turn("discard", player, next(spare))


def test_a_hand_ends_dead_by_itself_and_its_record_must_say_so():
    match = new()
    match.deal("7D")
    _long(match, 28)
    assert match.open_table().stock == 3
    match.play_turn("draw", "Ben")
    outcome = match.play_turn("discard", "Ben", "AH")
    assert (form_of(outcome.step.data)["result"], outcome.step.turn, match.state.open, match.hands[0].result) == (
        "dead", 60, None, "dead")
    assert (match.state.dealer, match.state.why) == ("Ann", "hand 1 was dead: the same dealer deals again")
    record = copy.deepcopy(written(match))
    for key in ("result", "winner", "points", "totals"):
        del record["hands"][0][key]
    assert english(checked(record).problems) == [
        (("hands", 0), "hand 1: its turns end it dead (a discard left 2 cards in the stock), but it has no result")]
    record = copy.deepcopy(written(match))
    record["hands"][0]["turns"][-2:] = []
    assert english(checked(record).problems) == [
        (("hands", 0, "result"), "hand 1 is dead, but its turns leave 3 cards in the stock (it is dead when a discard "
                                 "leaves 2)")]


def test_dead_hand_stock_is_a_house_rule():
    match = Match.new(["Ann", "Ben"], load_rules(None).with_knobs(dead_hand_stock=10), "2024-05-01", dealer="Ann")
    match.deal("7D")
    _long(match, 21)
    assert (match.state.open, match.hands[0].result, len(match.hands[0].turns)) == (None, "dead", 44)


def test_a_refused_turn_changes_nothing_and_an_out_of_turn_one_is_kept():
    match = new()
    match.deal("9H")
    play(match, "pass Ben", "take Ann")
    before = copy.deepcopy(written(match))
    with pytest.raises(IllegalActionError, match="^Ann cannot discard 9H: it was just taken from the pile$"):
        match.play_turn("discard", "Ann", "9H")
    with pytest.raises(IllegalActionError, match="^hand 1 is recorded turn by turn: it ends dead by itself"):
        match.dead()
    assert written(match) == before
    outcome = match.play_turn("discard", "Ben", "5S")
    item = form_of(outcome.refusal.kept)
    assert (outcome.number, item) == (1, {
        "kind": "out_of_turn", "player": "Ben", "turn": 3, "action": "discard", "card": "5S"})
    assert match.hands[0].irregularities == (outcome.refusal.kept,)  # typed: the writer lays it out
    assert written(match)["hands"][0]["irregularities"] == [item]
    assert irregularity_words(match.state.irregularities[0][0]) == "Ben's discard 5S refused (out of turn: it is Ann's turn to discard or knock)"
    assert position(outcome.refusal.kept) == 3 and position(written_item(dict(item, turn="3"))) == 1
    assert position(written_item({"kind": "illegal_knock", "turn": 2})) == 2 and position(item_of(item)) == 3


def test_an_illegal_knock_in_turn_is_kept_with_its_turn():
    match = new()
    match.deal("3H")  # limit 3
    play(match, "pass Ben", "pass Ann", "draw Ben")
    outcome = match.knock("Ben", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D KD", "AH 7H QH 2D 7D 8D 9D TD JD 3C")
    assert outcome.refused and form_of(outcome.refusal.kept) == {
        "kind": "illegal_knock", "player": "Ben", "turn": 4, "points": 0, "cards": "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D KD".split()}
    record = copy.deepcopy(written(match))
    assert checked(record).problems == []
    record["hands"][0]["irregularities"][0]["cards"][0] = "3H"  # the upcard, on the pile
    assert [str(p.message) for p in checked(record).problems] == [
        "hand 1, turn 4: the refused knock does not fit the hand: 3H is on the discard pile, not in Ben's hand"]
    undo(match)
    assert match.hands[0].irregularities == () and len(match.hands[0].turns) == 3


def test_three_players_the_box_deals_and_the_captain_opens():
    match = new(("Ann", "Ben", "Cid"))
    match.deal("9H")
    assert match.open_table().player == "Ben"
    assert str(match.play_turn("take", "Cid").refusal.reason) == \
        "Cid sits out hand 1: it is Ben's turn to take the upcard 9♥ or pass"
    play(match, "pass Ben", "take Ann", "discard Ann QH", "draw Ben")
    assert str(match.knock("Cid", ANN_A, BEN_A).refusal.reason) == "Cid sits out hand 1: it is Ben's turn to discard or knock"
    assert [kept.item.action for kept in match.hands[0].irregularities] == ["take", "knock"]
    assert checked(copy.deepcopy(written(match))).problems == []
    record = copy.deepcopy(written(match))
    record["hands"][0]["turns"].append("Cid discards 5S")
    assert [str(p.message) for p in checked(record).problems] == [
        "hand 1, turn 5 (Cid discards 5S): Cid is not playing this hand (Ann and Ben are): it is Ben's turn to "
        "discard or knock"]

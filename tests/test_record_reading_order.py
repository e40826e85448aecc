"""Reading a record into typed values keeps what a replay said before (issue 23 item 1: "every message
stays"): each hand's problems in the order of its parts, so a strict command names the same first problem;
an unknown result judged as dead is not said to be dead; an out-of-turn card shown as written; a step put
back by redo is the record's own, not the correction's. (Found by comparing 7,271 damaged records and 600
command sequences with the reading before.)"""

import copy
from pathlib import Path

import pytest

from gin_ref.core.errors import RecordError
from gin_ref.files import matchfile
from gin_ref.files.handform import hand_data
from gin_ref.match.handread import RecordedHand
from gin_ref.match.tally import tally_of
from gin_ref.views.tally_text import irregularity_data
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def oklahoma():
    return copy.deepcopy(matchfile.record_data(matchfile.load(EXAMPLES / "oklahoma.yaml")))


@pytest.mark.parametrize("edits, first", [
    ({"dealer": "Ann", "knocker": "Anne"}, "hand 2: dealer out of turn: Ann dealt, but Ben should deal"),
    ({"limit": 9, "result": "undercutt"}, "hand 2: limit is 9, but upcard K♣ gives 10"),
    ({"upcard": "1Z", "result": "bogus"}, "hand 2: upcard: "),
])
def test_a_hand_s_problems_come_in_the_order_of_its_parts(edits, first):
    data = oklahoma()
    data["hands"][1].update(edits)
    problems = checked(data).problems
    assert str(problems[0].message).startswith(first), problems
    with pytest.raises(RecordError) as refused:  # a strict reading names the same first problem
        match_of(data)
    assert refused.value.message.startswith(first)


def test_an_open_hand_before_a_bad_upcard_is_said_first():
    data = oklahoma()
    for key in ("result", "knocker", "knocker_cards", "melds", "discard", "defender", "defender_cards", "winner",
                "points", "totals", "seal"):
        data["hands"][1].pop(key, None)
    data["hands"][2]["upcard"] = "1Z"
    messages = [str(problem.message) for problem in checked(data).problems]
    assert messages[0] == "hand 2 has no result, but hand 3 follows it"
    assert messages[1].startswith("hand 3: upcard: ")


def test_an_unknown_result_of_a_hand_played_turn_by_turn_is_one_problem(here, gin):
    for args in (["new", "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben"], ["deal", "--upcard", "9h"],
                 ["pass", "Ben"]):
        assert gin(*args).code == 0
    data = copy.deepcopy(matchfile.record_data(matchfile.load(here / "match.yaml")))
    data["hands"][0]["result"] = "bogus"
    messages = [str(problem.message) for problem in checked(data).problems]
    assert messages[0] == "hand 1: unknown result 'bogus' (known: knock, undercut, gin, big_gin, dead, tie)"
    assert not [message for message in messages if " is dead" in message], messages  # judged as dead, not said so


def test_an_out_of_turn_card_is_shown_as_written(here, gin):
    for args in (["new", "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben"], ["deal", "--upcard", "9h"],
                 ["pass", "Ben"], ["take", "Ann"]):
        assert gin(*args).code == 0
    data = copy.deepcopy(matchfile.record_data(matchfile.load(here / "match.yaml")))
    data["hands"][0]["irregularities"] = [{"kind": "out_of_turn", "player": "Ben", "turn": 3, "action": "draw",
                                           "card": "10c", "detail": "out of turn: it is Ann's turn to discard"}]
    result = checked(data)
    assert result.problems == []
    shown = tally_of(result.match).hands[0].irregularities[0]
    assert shown.card == "10c" and irregularity_data(shown)["card"] == "10c"


def test_a_deal_put_back_by_redo_is_the_record_s_own(here, gin):
    for args in (["new", "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben"], ["deal", "--upcard", "9h"],
                 ["undo"]):
        assert gin(*args).code == 0
    match = matchfile.load(here / "match.yaml").match
    match.redo(match.redo_step(), "2024-03-02T20:00:00+00:00", "hand 1's deal")
    kept = match.record.corrections[-2].entry
    assert isinstance(kept, RecordedHand) and hand_data(match.hands[-1]) == hand_data(kept) == \
        written(match)["corrections"][-2]["entry"]
    before = copy.deepcopy(kept)
    match.play_turn("pass", "Ben")  # a later step in the same process makes a new hand: the correction's stands
    assert kept == before and match.hands[-1].turns == ("Ben passes",)

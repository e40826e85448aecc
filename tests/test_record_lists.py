"""Issue #23 item 1: the record's lists read once into a typed value (``gin_ref.match.schema``) for what reads
a record before a replay or without one: the seals, the count of steps, the keys format /1 does not have,
verify's listings (of a record that does not replay too); a list of the wrong shape reads as empty, an item
that is not a mapping as None in its place. And the views that said a settled hand from its entry read
typed values: the knock's (``knock_tally``) and each hand's turn count in the tally (``hand_notes``)."""

import copy
import json
from pathlib import Path

import pytest

from gin_ref.files import matchfile
from gin_ref.files import seals
from gin_ref.files.recordformat import keys_beyond_1
from gin_ref.files.handform import recorded_hand
from gin_ref.match.history import step_count
from gin_ref.match.tally import HandTally, KnockTally, Tally, knock_tally, tally_of
from tallyjson import tally_of_json
from gin_ref.files.seals import Written, WrittenHand, written
from gin_ref.views.tally_text import tally_data
from gin_ref.views.words import hand_notes
from infolder import new, ok, sh

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_each_list_is_read_once_each_item_as_written_in_its_place():
    knocked = {"number": 1, "turns": ["Ben passes", "Ann passes", "Ben draws"], "result": "dead",
               "irregularities": [{"kind": "out_of_turn"}, "words"], "ruling": {"kind": "void"}}
    odd = {"number": 3, "turns": "many", "irregularities": {"a": 1}, "ruling": "yes"}
    undone = {"undone": "deal", "entry": {}}
    record = {"hands": [knocked, "just words", odd], "irregularities": "none", "corrections": [undone, 5]}
    lists = written(record)
    assert lists == Written((knocked, None, odd), (), (undone, None))
    assert lists.hands[0] is knocked and lists.corrections[0] is undone  # the record's own: a seal writes them
    assert list(lists.played()) == [
        WrittenHand(0, knocked, 3, (knocked["irregularities"][0], None), "dead", {"kind": "void"}),
        WrittenHand(2, odd, 0, (), None, None)]


@pytest.mark.parametrize("lists", [{}, {"hands": "x", "irregularities": 3, "corrections": {"undone": "deal"}},
                                   {"hands": None, "irregularities": None, "corrections": None},
                                   {"hands": {"number": 1}, "irregularities": {}, "corrections": "x"}])
def test_a_list_of_the_wrong_shape_reads_as_empty(lists):
    record = {"format": "gin-ref-match/2", "date": "2024-01-02", "players": ["Ann", "Ben"], **lists}
    assert written(record) == Written((), (), ())
    assert list(keys_beyond_1(record)) == []
    assert seals.end_seal(record) is None and seals.check_seals(record, None) == []
    seals.drop_seals(record)
    assert seals.before_write(record, None).digests == []


def test_the_steps_are_counted_from_the_lists_as_written():
    refused = {"kind": "wrong_dealer", "hand": 1, "player": "Ben", "detail": "not his deal"}
    dead = {"number": 1, "turns": ["t"] * 3, "irregularities": [{"kind": "out_of_turn"}], "result": "dead"}
    knock = {"number": 2, "result": "knock"}  # a deal and its result
    still = {"number": 3, "turns": ["t", "t"], "irregularities": "not a list"}  # open: a deal and 2 turns
    record = {"irregularities": [refused], "hands": [dead, "not a hand", knock, still]}
    # a deal refused; hand 1: deal, 3 turns, an irregularity (dead by itself at its last turn: no step more)
    hands = [recorded_hand(hand) for hand in record["hands"] if isinstance(hand, dict)]  # (one that is not: none)
    assert step_count(hands, len(record["irregularities"])) == 1 + (1 + 3 + 1) + 2 + 3
    assert step_count([], 0, True) == 1  # a result-only record: one step


def test_undo_keeps_the_count_of_steps_before_and_after(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    ok(tmp_path, "deal", "--upcard", "9H")
    ok(tmp_path, "pass", "Ben")
    ok(tmp_path, "pass", "Ann")
    ok(tmp_path, "undo")
    data = matchfile.load(tmp_path / "m.yaml").data
    assert step_count([recorded_hand(hand) for hand in data["hands"]]) == 2 and \
        data["corrections"][-1]["steps"] == [3, 2]


def test_the_keys_beyond_format_1_keep_their_places_past_an_item_that_is_not_a_mapping():
    record = {"hands": ["x", {"ruling": {}, "irregularities": [5, {"count": 3}]}],
              "corrections": ["y", {"redone": "turn", "entry": {"seal": "0" * 16}}]}
    assert list(keys_beyond_1(record)) == [
        (("hands", 1, "ruling"), "ruling"), (("hands", 1, "irregularities", 1, "count"), "count"),
        (("corrections", 1, "redone"), "redone"), (("corrections", 1, "entry", "seal"), "seal")]


def test_the_seals_keep_each_hands_place_past_one_that_is_not_a_mapping():
    data = copy.deepcopy(matchfile.load(EXAMPLES / "oklahoma.yaml").data)
    end = seals.reseal(data)
    data["hands"].insert(2, "not a hand")
    assert seals.check_seals(data, end) == [seals.Broken(None, (), "end")]  # the count of hands changed
    before = seals.before_write(data, end)
    assert before.digests[2] is None and before.stored[2] is None and len(before.digests) == 9
    assert before.stored[3] == data["hands"][3]["seal"]
    data["hands"][5]["points"] += 1
    assert seals.check_seals(data, end) == [seals.Broken(5, ("hands", 5, "seal"), "edited"),
                                            seals.Broken(None, (), "end")]
    assert seals.fails(data, 5) and not seals.fails(data, 4)


def _hand(number, result, turns=0):
    return HandTally(number, "Ann", "9H", 9, result, None, None, 0, {"Ann": 0, "Ben": 0}, turns=turns)


def test_the_notes_come_from_the_tally_alone_its_hands_turn_counts():
    tally = Tally(("Ann", "Ben"), hands=(_hand(1, "dead", turns=60), _hand(2, "dead"), _hand(3, None, turns=4)))
    assert hand_notes(tally, 2) == [(1, "hand 1: dead by itself at turn 60, the stock down to 2 cards")]
    assert hand_notes(tally) == [(1, "hand 1: dead by itself at turn 60, the stock down to its last cards")]
    assert "turns" not in tally_data(tally)["hands"][0]  # the tally's JSON is as it was
    assert tally_of_json(tally_data(tally)).hands[0].turns == 0


def test_the_tally_counts_each_hands_turns(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    ok(tmp_path, "deal", "--upcard", "9H")
    for turn in ("pass Ben", "pass Ann", "draw Ben 7C", "discard Ben KH"):
        ok(tmp_path, *turn.split())
    tally = tally_of(matchfile.load(tmp_path / "m.yaml").match)
    assert [hand.turns for hand in tally.hands] == [4]


def test_a_knock_by_count_is_said_from_its_knock_tally(tmp_path):
    (tmp_path / "club.yaml").write_text("extends: tournament\nspade_double: true\n", encoding="utf-8")
    new(tmp_path, "--rules", "club.yaml", "--dealer", "Ann")
    ok(tmp_path, "knock", "--upcard", "KS", "Ben", "4", "--defender", "20")
    out = ok(tmp_path, "knock", "--upcard", "KH", "Ben", "0", "--big-gin", "--defender", "20")
    assert out == ("m.yaml: hand 2: Ben deals, upcard K♥\n"
                   "knock limit 10 (house rules)\n"
                   "hand 2: Ben goes big gin against Ann, upcard K♥, knock limit 10 (house rules)\n"
                   "     melds              deadwood\n"
                   "---  -----------------  --------\n"
                   "Ben  counted (big gin)  0\n"
                   "Ann  counted            20\n"
                   "score: big gin: 20 + 31 = 51 to the knocker (Ben)\n"
                   "totals: Ann 0, Ben 83\n"
                   "next: Ben deals hand 3 (the winner of hand 2 deals)\n")
    match = matchfile.load(tmp_path / "m.yaml").match
    assert knock_tally(match, 1) == KnockTally(1, "Ben", "Ann", "KS", False, True)
    assert knock_tally(match, 2) == KnockTally(2, "Ben", "Ann", "KH", True, True)
    out = ok(tmp_path, "amend", "2", "Ben", "0", "--big-gin", "--defender", "12")
    assert out.startswith("amended hand 2:\n"
                          "     melds              deadwood\n"
                          "---  -----------------  --------\n"
                          "Ben  counted (big gin)  0\n"
                          "Ann  counted            12\n"
                          "score: big gin: 12 + 31 = 43 to the knocker (Ben)\n")


def test_a_hollywood_knock_says_the_games_it_scored_in_from_its_knock_tally(tmp_path):
    new(tmp_path, "--rules", "hollywood", "--dealer", "Ann")
    for knocker, mine, theirs in [("Ann", "5", "23"), ("Ben", "5", "17"), ("Ann", "0", "25")]:
        out = ok(tmp_path, "knock", "--upcard", "9H", knocker, mine, "--defender", theirs)
    assert out.endswith("score: gin: 25 + 20 = 45 to the knocker (Ann)\n"
                        "hand 3 scored in games 1 and 2 (45 to Ann)\n"
                        "totals: Ann 108, Ben 12\n"
                        "games still open: 1 (Ann 63, Ben 12), 2 (Ann 45, Ben 0), 3 (Ann 0, Ben 0)\n"
                        "next: Ben deals hand 4 (the loser of hand 3 deals)\n")
    match = matchfile.load(tmp_path / "m.yaml").match
    games = [hand.games for hand in match.hands]
    assert knock_tally(match, 3).games == (tuple(games[1]), tuple(games[2]))
    assert knock_tally(match, 1).games == (({"Ann": 0, "Ben": 0},) * 3, tuple(games[0]))
    assert knock_tally(match, 3).upcard == "9H" and knock_tally(match, 3).knocker == "Ann"


def test_verify_lists_the_irregularities_and_rulings_of_a_record_that_does_not_replay_as_written(tmp_path):
    # the example as /2 wrote it: its irregularity keeps its words, listed even where the replay cannot read it
    text = (Path(__file__).parent / "records" / "format-2" / "example-oklahoma.yaml").read_text(encoding="utf-8")
    damaged = text.replace("kind: illegal_knock", "kind: illegal_nock").replace("player: Ann\n", "player: Zed\n", 1)
    damaged = damaged.replace("- number: 2\n", "- number: 2\n  ruling: {kind: mercy, player: Zed, points: x, "
                                               "reason: why, by: 7, date: '2024-01-01'}\n", 1)
    (tmp_path / "d.yaml").write_text(damaged, encoding="utf-8")
    done = sh(tmp_path, "verify", "--json", "d.yaml")
    assert done.returncode == 1
    found = json.loads(done.stdout)["files"][0]
    assert found["irregularities"] == [{"line": 99, "hand": 5, "kind": "illegal_nock", "player": "Zed",
                                        "detail": "knock not allowed: deadwood 4 exceeds limit 3 (upcard 3♣)"}]
    assert found["rulings"] == [{"line": 49, "hand": 2, "kind": "mercy", "player": "Zed", "points": "x",
                                 "reason": "why", "by": "7", "date": "2024-01-01"}]  # a name: as written

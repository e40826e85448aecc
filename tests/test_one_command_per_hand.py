"""One command per hand (``knock`` deals it) without an upcard, a discard named with the 10 cards that hold
it, ``score --json`` on an illegal knock, and bad input exiting 2 with a missing file said one way."""

import json

from infolder import new, ok, refused, sh, tally, verified


DEFENDER = "KH QD JS 9H 6D 3H 6S TD 5C 2H"


def test_one_command_per_hand_without_an_upcard_deals_and_settles(tmp_path):
    new(tmp_path, "--rules", "standard", "--dealer", "Ann")
    assert ok(tmp_path, "knock", "Ann", "2", "--defender", "10").startswith(
        "m.yaml: hand 1: Ann deals, no upcard given\nknock limit 10 (house rules)\nhand 1: Ann knocks against Ben")
    assert ok(tmp_path, "dead") == (
        "hand 2: Ann deals, no upcard given\nknock limit 10 (house rules)\nhand 2 is dead: no score\n"
        "totals: Ann 8, Ben 0\nnext: Ann deals hand 3 (hand 2 was dead: the same dealer deals again)\n")
    result = sh(tmp_path, "knock", "Ann", "12", "--defender", "10", "--illegal")
    assert (result.returncode, result.stdout, result.stderr) == (
        1, "m.yaml: hand 3: Ann deals, no upcard given\nknock limit 10 (house rules)\n",
        "Error: knock not allowed: deadwood 12 exceeds limit 10 (house rules). Recorded as an irregularity "
        "(hand 3); the deal of hand 3 is recorded and the hand stays open; undo takes it back (undo again, the "
        "deal)\n")
    data = tally(tmp_path)
    assert data["open_hand"] == 3 and [h["result"] for h in data["hands"][:2]] == ["knock", "dead"]
    assert data["hands"][2]["irregularities"][0]["kind"] == "illegal_knock"
    ok(tmp_path, "knock", "Ann", "3", "--defender", "10")  # the hand open: settled, not dealt again
    assert verified(tmp_path) == ("m.yaml: ok, 3 hands, 1 irregularity recorded\n"
                                  "  line 59, hand 3: Ann's knock refused (knock not allowed: deadwood 12 exceeds "
                                  "limit 10 (house rules))\n")


def test_without_an_upcard_where_the_limit_needs_one_no_hand_is_dealt(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    refused(tmp_path, ["knock", "Ann", "2", "--defender", "10"],
            "no hand is open: deal one first (gin-ref deal --upcard CARD), or let this command deal it (gin-ref "
            "knock --upcard CARD ...)")
    refused(tmp_path, ["dead"], "no hand is open: deal one first (gin-ref deal --upcard CARD), or let this "
                                "command deal it (gin-ref dead --upcard CARD)")


def test_a_discard_named_with_the_ten_cards_that_hold_it_is_said_so(tmp_path):
    new(tmp_path, "--dealer", "Ben")
    ok(tmp_path, "deal", "--upcard", "9H")
    for turn in (["pass", "Ann"], ["pass", "Ben"], ["draw", "Ann"]):
        ok(tmp_path, *turn)
    message = ("discard 2C named with 10 cards that hold it: spread the 11 Ann holds, or the 10 kept (without "
               "2C) and --discard 2C")
    hand = "AS 2S 3S 4H 4D 4C 7C 8C 2C 5D".split()
    for defender in (DEFENDER, "10"):  # with a count it was a traceback: the record no longer replayed
        refused(tmp_path, ["knock", "Ann", *hand, "--discard", "2C", "--defender", defender], message, 2)
    result = sh(tmp_path, "check", "--upcard", "9H", *hand, "--discard", "2C")
    assert (result.returncode, result.stderr) == (2, "Error: discard 2C named with 10 cards: a discard goes with 11\n")


KNOCKER5 = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"


def test_score_json_on_an_illegal_knock_prints_the_refusal_as_an_object(tmp_path):
    result = sh(tmp_path, "score", "--json", "--upcard", "3D", "--knocker", KNOCKER5, "--defender", DEFENDER)
    assert (result.returncode, result.stderr) == (1, "")
    assert json.loads(result.stdout) == {
        "legal": False, "error": "knock not allowed: deadwood 5 exceeds limit 3 (upcard 3♦)", "limit": 3,
        "knocker": {"melds": [["AS", "2S", "3S"], ["4H", "4D", "4C"], ["7C", "8C", "9C"]], "deadwood_cards": ["5D"],
                    "deadwood": 5, "discard": None}}
    scored = json.loads(ok(tmp_path, "score", "--json", "--upcard", "7D", "--knocker", KNOCKER5, "--defender",
                           DEFENDER))
    assert (scored["legal"], scored["points"]) == (True, 66)
    result = sh(tmp_path, "score", "--upcard", "3D", "--knocker", KNOCKER5, "--defender", DEFENDER)
    assert (result.returncode, result.stdout, result.stderr) == (
        1, "", "Error: knock not allowed: deadwood 5 exceeds limit 3 (upcard 3♦)\n")


def test_bad_input_exits_2_and_a_missing_file_is_said_one_way(tmp_path):
    result = sh(tmp_path, "event", "new", "rr", "--format", "swiss", "--rules", "three-player", "Ann", "Ben", "Cid")
    assert (result.returncode, result.stderr) == (2, "Error: the three-player rules are for 3 players at a table: "
                                                     "an event pairs two players a table, so it needs two-player "
                                                     "rules\n")
    assert not (tmp_path / "rr").exists()
    result = sh(tmp_path, "new", "--rules", "three-player", "Ann", "Ben")
    assert (result.returncode, result.stderr) == (2, "Error: the three-player rules need 3 players, not 2\n")
    result = sh(tmp_path, "rules", "check", "nosuch.yaml")
    assert (result.returncode, result.stderr) == (2, "Error: cannot read rules file 'nosuch.yaml': no such file\n")
    for command in ("score", "check"):
        result = sh(tmp_path, command, "--input", "nosuch.jsonl")
        assert (result.returncode, result.stdout, result.stderr) == (
            2, "", "Error: cannot read input file 'nosuch.jsonl': no such file\n")



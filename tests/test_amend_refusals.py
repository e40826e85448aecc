"""``amend`` in this process (gin_ref.match.amend): every refusal says why and changes nothing; three
players and a hand recorded turn by turn are amended within what was played."""

import json

from hands import DEFENDER, KNOCKER
from runs import expect


def run(*args, code=0):
    return expect(code, *args, error_line=True)


def refused(*args, code=1):
    return run("amend", *args, code=code).stderr.removeprefix("Error: ").rstrip("\n")


def test_every_refusal_of_an_amend_says_why_and_changes_nothing(here):
    run("new", "--dealer", "Ann", "Ann", "Ben")  # oklahoma: the limit is the upcard's
    assert refused("1", "--dead", code=2) == "there is no hand 1 to amend: the record holds no hands"
    run("knock", "--upcard", "9H", "Ben", "5", "23")
    run("deal", "--upcard", "KS")
    before = (here / "match.yaml").read_bytes()
    assert refused("3", "--dead", code=2) == "there is no hand 3 to amend: the record holds hands 1 to 2"
    assert refused("2", "--dead") == ("hand 2 is still open: settle it with 'knock' or 'dead' (amend changes a "
                                      "hand's result)")
    assert refused("1", code=2) == "amend HAND takes what knock takes (PLAYER CARDS|N --defender CARDS|N), or --dead"
    assert refused("1", "Ben", "12", "--defender", "23") == (
        "knock not allowed: deadwood 12 exceeds limit 9 (upcard 9♥): hand 1 cannot be amended to an illegal knock")
    assert refused("1", "Ben", "5", "--defender", "23").startswith("hand 1 already says")
    assert (here / "match.yaml").read_bytes() == before
    run("amend", "1", "--upcard", "KS", "Ben", "10", "--defender", "23")  # a new upcard, a new limit: legal
    assert json.loads(run("tally", "--json").stdout)["hands"][0]["limit"] == 10


def test_a_hand_dealt_with_no_upcard_is_amended_where_the_limit_needs_none(here):
    run("new", "--rules", "standard", "--dealer", "Ann", "Ann", "Ben")
    run("knock", "Ben", "5", "23")
    run("amend", "1", "Ben", "4", "-d", "23")  # standard: no upcard needed
    assert json.loads(run("tally", "--json").stdout)["totals"] == {"Ann": 0, "Ben": 19}


def test_three_players_only_the_box_or_the_captain_can_be_amended_to_knock(here):
    run("new", "--rules", "three-player", "--box", "Ann", "--captain", "Ben", "Ann", "Ben", "Cid")
    run("knock", "--upcard", "KS", "Ben", "5", "23")
    assert refused("1", "Cid", "5", "-d", "23") == "Cid sat out hand 1: only Ann or Ben could knock"
    run("amend", "1", "Ann", "5", "-d", "30")
    data = json.loads(run("tally", "--json").stdout)
    assert data["totals"] == {"Ann": 25, "Ben": 0, "Cid": 0}


def test_a_hand_recorded_turn_by_turn_is_amended_within_its_turns(here):
    run("new", "--dealer", "Ann", "Ann", "Ben")
    run("deal", "--upcard", "9H")
    for turn in (("pass", "Ben"), ("pass", "Ann"), ("draw", "Ben"), ("discard", "Ben", "QH"), ("draw", "Ann")):
        run(*turn)
    run("knock", "Ann", KNOCKER[5], "--discard", "KD", "--defender", DEFENDER[(5, 23)].replace("QH", "KC"))
    assert refused("1", "--dead") == ("hand 1 is recorded turn by turn: it ends dead by itself, when a discard "
                                      "leaves 2 cards in the stock")
    assert refused("1", "--upcard", "KS", "Ann", "4", "-d", "23") == (
        "hand 1 is recorded turn by turn from the upcard 9H: its upcard cannot change")
    assert refused("1", "Ben", "4", "-d", "23").startswith("hand 1 is recorded turn by turn: ")
    run("amend", "1", "Ann", "5", "-d", "30")  # the player to move, by counts
    assert json.loads(run("tally", "--json").stdout)["totals"] == {"Ann": 25, "Ben": 0}

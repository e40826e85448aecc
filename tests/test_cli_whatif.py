"""``gin-ref tally --what-if RULES`` in process: the shipped examples under every preset
for their number of players, against values worked out by hand on examples/oklahoma.yaml (8 hands, Ann
and Ben, played under oklahoma: Ann won 151 to 71)."""

import hashlib
import json
from pathlib import Path

import pytest

from runs import invoke as run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
TWO = ("oklahoma", "standard", "classic", "hollywood", "tournament")


def what_if(path, rules):
    done = run("tally", "--match", path, "--what-if", rules, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def column(data, key):
    return [hand[key] for hand in data["what_if"]["hands"]]


# examples/oklahoma.yaml as played: hand by hand (result, winner, points)
PLAYED = [("knock", "Ben", 30), ("undercut", "Ben", 13), ("dead", None, 0), ("gin", "Ann", 38),
          ("knock", "Ann", 25), ("knock", "Ben", 4), ("knock", "Ben", 24), ("gin", "Ann", 88)]
REFUSED = "Ann's refused knock (deadwood 4) is legal under limit 10: noted, not scored"


def test_under_its_own_rules_nothing_differs():
    data = what_if(EXAMPLES / "oklahoma.yaml", "oklahoma")
    assert list(zip(column(data, "result"), column(data, "winner"), column(data, "points"))) == PLAYED
    assert column(data, "reason") == [None] * 8
    assert data["what_if"]["totals"] == data["totals"] == {"Ann": 151, "Ben": 71}
    assert (data["what_if"]["final"], data["what_if"]["winner"]) == (data["final"], data["winner"])


def test_under_classic_gin_scores_20_and_the_bonuses_are_classic():
    data = what_if(EXAMPLES / "oklahoma.yaml", "classic")["what_if"]
    # the two gins lose 5 each (gin bonus 20, not 25): 38 -> 33, 88 -> 83
    assert [hand["points"] for hand in data["hands"]] == [30, 13, 0, 33, 25, 4, 24, 83]
    assert data["hands"][3]["reason"] == "gin bonus 20, not 25"
    # hand 5: Ann's knock refused at the table (deadwood 4 over the upcard's limit) is legal under 10
    assert data["hands"][4]["reason"] == REFUSED and data["hands"][4]["points"] == 25
    assert data["totals"] == {"Ann": 141, "Ben": 71}
    # Ann: 141 + game 100 + box 3 x 20 = 301; Ben: 71 + box 4 x 20 = 151 (no shutout)
    assert (data["finished"], data["ended_in"], data["final"], data["winner"]) == (
        True, 8, {"Ann": 301, "Ben": 151}, "Ann")


def test_under_tournament_the_undercut_scores_25_and_the_match_goes_on_to_250():
    data = what_if(EXAMPLES / "oklahoma.yaml", "tournament")
    hands = data["what_if"]["hands"]
    assert hands[1] == {"number": 2, "result": "undercut", "winner": "Ben", "points": 28,
                        "totals": {"Ann": 0, "Ben": 58}, "reason": "undercut bonus 25, not 10"}
    assert [hand["points"] for hand in hands] == [30, 28, 0, 38, 25, 4, 24, 88]
    assert data["what_if"]["totals"] == {"Ann": 151, "Ben": 86}
    assert (data["what_if"]["finished"], data["what_if"]["final"], data["what_if"]["winner"]) == (False, None, None)
    assert data["totals"] == {"Ann": 151, "Ben": 71} and data["winner"] == "Ann"  # the tally as played


def test_under_standard_only_the_refused_knock_is_noted():
    data = what_if(EXAMPLES / "oklahoma.yaml", "standard")["what_if"]
    assert [hand["reason"] for hand in data["hands"]] == [None] * 4 + [REFUSED] + [None] * 3
    assert (data["final"], data["winner"]) == ({"Ann": 151, "Ben": 71}, "Ann")


def test_under_hollywood_the_same_hands_score_three_games():
    data = what_if(EXAMPLES / "oklahoma.yaml", "hollywood")["what_if"]
    # Ben's 30 and 13 open games 1 and 2 for him; each later score enters every game its player is in
    assert [hand["totals"] for hand in data["hands"]][:2] == [{"Ann": 0, "Ben": 30}, {"Ann": 0, "Ben": 56}]
    assert data["finished"] is False and data["winner"] is None


@pytest.mark.parametrize("example, preset", [("oklahoma.yaml", "classic"), ("hollywood.yaml", "standard"),
                                             ("three-player.yaml", "three-player")])
def test_the_what_if_fits_80_columns(example, preset, monkeypatch):
    """The reasons are said below the table, so the side-by-side table fits however long they are."""
    monkeypatch.setenv("COLUMNS", "80")
    done = run("tally", "--match", EXAMPLES / example, "--what-if", preset)
    assert done.returncode == 0 and max(len(line) for line in done.stdout.splitlines()) <= 80


def test_the_text_puts_both_side_by_side_and_ends_with_both_ends():
    done = run("tally", "--match", EXAMPLES / "oklahoma.yaml", "--what-if", "classic")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "what if: under classic (played under oklahoma); the record is unchanged"
    assert lines[6].split()[:7] == ["4*", "gin", "Ann", "38", "38-43", "gin", "Ann"]
    assert "  hand 4: gin bonus 20, not 25" in lines[lines.index("* why they differ:"):]
    assert lines[-3:] == ["totals: oklahoma 151-71, classic 141-71", "oklahoma: Ann won 151 to 71 (ended in hand 8)",
                          "classic: Ann won 301 to 151 (ended in hand 8)"]


@pytest.mark.parametrize("example, presets", [("oklahoma.yaml", TWO), ("spades.yaml", TWO),
                                              ("hollywood.yaml", TWO), ("three-player.yaml", ("three-player",))])
def test_every_example_under_every_preset_for_its_players_leaves_the_record_unchanged(example, presets):
    path = EXAMPLES / example
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    tally = json.loads(run("tally", "--match", path, "--json").stdout)
    for preset in presets:
        data = what_if(path, preset)
        assert {"rules", "hands", "totals", "final", "winner"} <= set(data["what_if"])
        assert data["what_if"]["rules"] == preset
        assert len(data["what_if"]["hands"]) == len(tally["hands"])
        if preset == tally["rules"]:
            assert data["what_if"]["totals"] == tally["totals"] and data["what_if"]["winner"] == tally["winner"]
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_an_illegal_knock_under_the_other_rules_scores_nothing_there(tmp_path):
    match = tmp_path / "m.yaml"
    assert run("new", "--match", match, "--rules", "standard", "--dealer", "Ann", "Ann", "Ben").returncode == 0
    assert run("deal", "--match", match, "--upcard", "9H").returncode == 0
    # Ben knocks with 5 (the 5D loose) under limit 10; straight gin (limit 0) refuses it
    done = run("knock", "--match", match, "Ben", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "--defender",
               "KH QD JS 9H 6D 3H 6S TD 5C 2H")
    assert done.returncode == 0, done.stderr
    (tmp_path / "gin.yaml").write_text("extends: standard\nknock_limit: 0\n")
    data = what_if(match, tmp_path / "gin.yaml")
    hand = data["what_if"]["hands"][0]
    assert (hand["result"], hand["winner"], hand["points"]) == ("illegal_knock", None, 0)
    assert hand["reason"] == "knock illegal under limit 0: deadwood 5 (straight gin)"
    assert data["hands"][0]["result"] == "knock"


def test_other_rules_for_another_number_of_players_are_refused_with_exit_2():
    done = run("tally", "--match", EXAMPLES / "oklahoma.yaml", "--what-if", "three-player")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("Error: --what-if three-player: those rules are for 3 players, this match has 2\n")


def test_counted_hands_are_settled_again_from_their_counts(tmp_path):
    match = tmp_path / "c.yaml"
    run("new", "--match", match, "--rules", "standard", "--dealer", "Ann", "Ann", "Ben")
    for args in (("--upcard", "9H", "Ben", "5", "--defender", "23"), ("--upcard", "2S", "Ann", "0", "--defender", "30"),
                 ("--upcard", "3S", "Ben", "9", "--defender", "4")):
        assert run("knock", "--match", match, *args).returncode == 0
    (tmp_path / "k7.yaml").write_text("extends: standard\nknock_limit: 7\nspade_double: true\n")
    hands = what_if(match, tmp_path / "k7.yaml")["what_if"]["hands"]
    # gin 30 + 25 = 55, doubled for the 2S upcard = 110: Ann reaches 100, so hand 3 is not counted
    assert [(h["result"], h["winner"], h["points"]) for h in hands] == [
        ("knock", "Ben", 18), ("gin", "Ann", 110), (None, None, 0)]
    assert hands[1]["reason"] == "doubled for a spade upcard"
    assert hands[2]["reason"] == f"played after the match ended under {tmp_path / 'k7.yaml'} (hand 2): not counted"
    hands = what_if(match, "oklahoma")["what_if"]["hands"]
    # Ben's count of 9 over the 3S upcard's limit of 3: illegal there, no score
    assert (hands[2]["result"], hands[2]["points"]) == ("illegal_knock", 0)
    assert hands[2]["reason"] == "knock illegal under limit 3: deadwood 9 (upcard 3♠)"


def test_a_ruling_stands_as_ruled_under_the_other_rules(tmp_path):
    match = tmp_path / "m.yaml"
    match.write_bytes((EXAMPLES / "oklahoma.yaml").read_bytes())
    assert run("ruling", "--match", match, "--hand", "8", "--award", "Ben", "10", "--reason", "x").returncode == 0
    hand = what_if(match, "classic")["what_if"]["hands"][7]
    assert (hand["result"], hand["winner"], hand["points"]) == ("award", "Ben", 10)
    assert hand["reason"] == "award ruled by the director: stands as ruled"

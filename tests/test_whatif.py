"""``tally --what-if RULES`` in this process (gin_ref.match.whatif, gin_ref.views.whatif_view): hands without
an upcard under rules that need one, a knock illegal there, a refused knock penalised there, a forfeit that
keeps its hand's score, three players, a narrow terminal, and the refusals. Values worked out by hand."""

import json
import shutil
from pathlib import Path

import pytest

from runs import expect

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
# AS 2S 3S | 4H 4D 4C, and AH 2H 3D 5D loose: 11, over standard's limit of 10
ELEVEN = "AS 2S 3S 4H 4D 4C AH 2H 3D 5D"


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pen.yaml").write_text("extends: standard\nillegal_knock: penalty\nillegal_knock_penalty: 15\n")
    return tmp_path


def run(*args, code=0):
    return expect(code, *args)


def what_if(path, rules):
    return json.loads(run("tally", "--match", path, "--what-if", rules, "--json").stdout)["what_if"]


def new(*, rules="standard"):
    run("new", "--match", "m.yaml", "--rules", rules, "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben")


def test_hands_with_no_upcard_are_not_scored_under_rules_that_need_one(here):
    new()
    run("knock", "-m", "m.yaml", "Ben", "5", "23")  # no upcard: standard's limit needs none
    run("deal", "-m", "m.yaml", "-u", "3S")
    run("knock", "-m", "m.yaml", "Ben", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "-d", "23")
    run("deal", "-m", "m.yaml")  # an open hand
    lines = run("tally", "-m", "m.yaml", "--what-if", "oklahoma").stdout.splitlines()
    assert lines == [
        "what if: under oklahoma (played under standard); the record is unchanged",
        "hand  standard      Ann-Ben  oklahoma  Ann-Ben",
        "----  ------------  -------  --------  -------",
        "  1*  knock Ben 18  0-18     -         0-0",
        "  2*  knock Ben 18  0-36     illegal   0-0",
        "   3  open                   -         0-0",
        "* why they differ:",
        "  hand 1: no upcard recorded, but oklahoma needs it (knock_limit: upcard): not scored",
        "  hand 2: knock illegal under limit 3: deadwood 5 (upcard 3♠)",
        "totals: standard 0-36, oklahoma 0-0",
        "standard: not over: Ann 0, Ben 36",
        "oklahoma: not over: Ann 0, Ben 0",
    ]
    data = what_if("m.yaml", "oklahoma")
    assert [(h["result"], h["winner"], h["points"]) for h in data["hands"]] == [
        (None, None, 0), ("illegal_knock", None, 0), (None, None, 0)]
    assert (data["finished"], data["ended_in"], data["final"], data["winner"]) == (False, None, None, None)


def test_a_refused_knock_costs_the_penalty_of_rules_that_have_one_and_nothing_under_rules_that_do_not(here):
    new()
    run("deal", "-m", "m.yaml", "-u", "9H")
    run("knock", "-m", "m.yaml", "Ben", ELEVEN, "-d", "23", code=1)  # refused, kept as an irregularity
    run("knock", "-m", "m.yaml", "Ben", "5", "23")  # 23 - 5 = 18 to Ben
    hand = what_if("m.yaml", "pen.yaml")["hands"][0]
    assert hand == {"number": 1, "result": "knock", "winner": "Ben", "points": 18, "totals": {"Ann": 15, "Ben": 18},
                    "reason": "penalty 15 to Ann, not 0"}
    # and the other way: played under the penalty, looked at under standard (no penalty)
    (here / "m.yaml").unlink()
    new(rules="pen.yaml")
    run("deal", "-m", "m.yaml", "-u", "9H")
    run("knock", "-m", "m.yaml", "Ben", ELEVEN, "-d", "23", code=1)
    run("knock", "-m", "m.yaml", "Ben", "5", "23")
    assert json.loads(run("tally", "-m", "m.yaml", "--json").stdout)["totals"] == {"Ann": 15, "Ben": 18}
    hand = what_if("m.yaml", "standard")["hands"][0]
    assert (hand["totals"], hand["reason"]) == ({"Ann": 0, "Ben": 18}, "penalty 0 to Ann, not 15")


def test_a_forfeit_keeps_its_hands_score_under_any_rules(here):
    """Ben's knock of 18, then Ann forfeits on that hand: the match ends 18 to 0 as played, and so it does
    under the same rules or classic (the knock scores 18 under both). Before, the what-if dropped the hand's
    score and said Ben won 0 to 0."""
    new()
    run("knock", "-m", "m.yaml", "-u", "9H", "Ben", "5", "23")
    run("ruling", "-m", "m.yaml", "--forfeit", "Ann", "--reason", "left")
    for rules in ("standard", "classic"):
        data = what_if("m.yaml", rules)
        assert data["hands"] == [{"number": 1, "result": "forfeit", "winner": "Ben", "points": 18,
                                  "totals": {"Ann": 0, "Ben": 18},
                                  "reason": "forfeit ruled by the director: stands as ruled"}]
        assert (data["finished"], data["ended_in"], data["final"], data["winner"], data["bonuses"]) == (
            True, 1, {"Ann": 0, "Ben": 18}, "Ben", {"Ann": {}, "Ben": {}})
    assert run("tally", "-m", "m.yaml", "--what-if", "classic").stdout.splitlines()[-2:] == [
        "standard: Ben won 18 to 0 (ended in hand 1)", "classic: Ben won 18 to 0 (ended in hand 1)"]


def test_rulings_stand_as_ruled_and_a_void_scores_nothing(here):
    new()
    run("knock", "-m", "m.yaml", "-u", "9H", "Ben", "5", "23")
    run("knock", "-m", "m.yaml", "-u", "9H", "Ben", "0", "30")  # gin: 30 + 25 = 55
    run("ruling", "-m", "m.yaml", "--hand", "1", "--void", "--reason", "marked cards")
    data = what_if("m.yaml", "classic")  # classic's gin bonus is 20: 50
    assert [(h["result"], h["winner"], h["points"], h["reason"]) for h in data["hands"]] == [
        ("void", None, 0, "void ruled by the director: stands as ruled"),
        ("gin", "Ben", 50, "gin bonus 20, not 25")]
    assert data["totals"] == {"Ann": 0, "Ben": 50}


def test_hands_after_the_end_under_the_other_rules_are_not_counted(here):
    new()
    run("knock", "-m", "m.yaml", "-u", "9H", "Ben", "0", "60")  # gin: 60 + 25 = 85
    run("knock", "-m", "m.yaml", "-u", "9H", "Ben", "5", "23")  # 18: Ben 103, over at 100
    (here / "low.yaml").write_text("extends: standard\ntarget: 50\n")
    data = what_if("m.yaml", "low.yaml")
    assert [(h["result"], h["points"], h["reason"]) for h in data["hands"]] == [
        ("gin", 85, None), (None, 0, "played after the match ended under low.yaml (hand 1): not counted")]
    assert (data["finished"], data["ended_in"], data["winner"], data["final"]) == (True, 1, "Ben", {"Ann": 0, "Ben": 85})


def test_three_players_are_settled_again_box_against_captain():
    data = what_if(EXAMPLES / "three-player.yaml", "three-player")
    assert all(hand["reason"] is None for hand in data["hands"])
    assert data["totals"] == {"Ann": 154, "Ben": 24, "Cid": 73}


def test_three_players_under_a_bigger_gin_bonus(here):
    (here / "t30.yaml").write_text("extends: three-player\ngin_bonus: 30\n")
    data = what_if(EXAMPLES / "three-player.yaml", "t30.yaml")
    # the two gins (Ann's, hands 5 and 8) each score 5 more
    assert [hand["points"] for hand in data["hands"]] == [24, 26, 0, 10, 50, 21, 26, 104]
    assert [hand["number"] for hand in data["hands"] if hand["reason"]] == [5, 8]
    assert (data["totals"], data["winner"]) == ({"Ann": 164, "Ben": 24, "Cid": 73}, "Ann")


def test_a_narrow_terminal_names_the_order_of_the_totals_above_the_table(here, monkeypatch):
    new()
    run("knock", "-m", "m.yaml", "-u", "9H", "Ben", "5", "23")
    monkeypatch.setenv("COLUMNS", "44")
    lines = run("tally", "-m", "m.yaml", "--what-if", "classic").stdout.splitlines()
    assert lines[:3] == ["what if: under classic (played under", "  standard); the record is unchanged",
                         "totals in the order Ann-Ben"]
    assert lines[3].split() == ["hand", "standard", "totals", "classic", "totals"]
    assert max(len(line) for line in lines) <= 44


def test_under_its_own_rules_the_example_is_unchanged_and_classic_differs_in_its_gins():
    data = what_if(EXAMPLES / "oklahoma.yaml", "oklahoma")
    assert [hand["reason"] for hand in data["hands"]] == [None] * 8 and data["totals"] == {"Ann": 151, "Ben": 71}
    data = what_if(EXAMPLES / "oklahoma.yaml", "classic")
    assert [hand["points"] for hand in data["hands"]] == [30, 13, 0, 33, 25, 4, 24, 83]
    assert data["hands"][4]["reason"] == "Ann's refused knock (deadwood 4) is legal under limit 10: noted, not scored"


def test_a_record_kept_by_its_result_has_no_hands_to_settle_again(here):
    run("result", "-m", "r.yaml", "Ann", "150", "Ben", "30")
    done = run("tally", "-m", "r.yaml", "--what-if", "classic", code=1)
    assert done.stderr == ("Error: this match is recorded by its result only: it has no hands to settle again "
                           "under other rules\n")


def test_rules_for_other_players_or_that_do_not_read_are_refused_with_exit_2(here):
    shutil.copy(EXAMPLES / "oklahoma.yaml", here / "o.yaml")
    done = run("tally", "-m", "o.yaml", "--what-if", "three-player", code=2)
    assert done.stderr == "Error: --what-if three-player: those rules are for 3 players, this match has 2\n"
    done = run("tally", "-m", "o.yaml", "--what-if", "nosuch.yaml", code=2)
    assert done.stderr.startswith("Error: ") and done.stderr.count("\n") == 1 and done.stdout == ""

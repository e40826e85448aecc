"""Who won the game and who is paid (issue 24 item 6, docs/rules.md §7): the game's winner is the player who
reached the target and wins the match in the standings; the settlement pays the difference of the finals to
the player with more points. When box bonuses lift the loser's final above the winner's, the winner pays, and
tally, verify, history, settle, standings and the sheets all say so in the same words."""

import json

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.core.game import Owed, owed, paid_against_the_game, paid_on_boxes

PAID = "Ann wins the game; Ben is paid 95 on boxes"


def gin(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output + result.stderr
    return result


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.setenv("GIN_REF_CACHE", str(tmp_path / "cache.json"))  # the standings' cache is tested too
    monkeypatch.chdir(tmp_path)
    return tmp_path


def boxes_match(path, rules="classic", small=15):
    """Classic rules (box bonus 20, game bonus 100): Ben wins ``small`` hands of 1 point, then Ann's gin
    (80 + 20) reaches 100. Ann 100 + 100 + 20 = 220; Ben 15 + 300 = 315."""
    gin("new", "--match", path, "--rules", rules, "--dealer", "Ann", "Ann", "Ben")
    for _ in range(small):
        gin("knock", "--match", path, "--upcard", "KS", "Ben", "5", "--defender", "6")
    return gin("knock", "--match", path, "--upcard", "KS", "Ann", "0", "--defender", "80")


# -- the rule, in one place ---------------------------------------------------------------------------------

def test_each_pair_pays_the_difference_of_the_finals_to_the_one_with_more():
    assert owed({"Ann": 220, "Ben": 315}) == [Owed("Ann", "Ben", 95)]
    assert owed({"Ann": 154, "Ben": 24, "Cid": 73}) == [Owed("Ben", "Ann", 130), Owed("Cid", "Ann", 81),
                                                        Owed("Ben", "Cid", 49)]
    assert owed({"Ann": 120, "Ben": 120}) == []


def test_the_winner_pays_only_a_loser_whose_final_is_above_his():
    assert paid_against_the_game({"Ann": 220, "Ben": 315}, "Ann") == [Owed("Ann", "Ben", 95)]
    assert paid_against_the_game({"Ann": 220, "Ben": 115}, "Ann") == []
    assert paid_against_the_game({"Ann": 220, "Ben": 220}, "Ann") == []
    assert paid_against_the_game({"Ann": 220, "Ben": 315}, None) == []
    assert paid_against_the_game({"Ann": 100, "Ben": 130, "Cid": 90}, "Ann") == [Owed("Ann", "Ben", 30)]
    assert paid_on_boxes(Owed("Ann", "Ben", 95), {"Ann": {"game_bonus": 100}, "Ben": {"box_bonus": 300}})
    assert not paid_on_boxes(Owed("Ann", "Ben", 60), {"Ann": {}, "Ben": {}})  # a forfeit: no bonus at all


# -- every output says it -----------------------------------------------------------------------------------

def test_tally_and_verify_say_who_won_the_game_and_who_is_paid(here):
    last = boxes_match("m.yaml")
    assert last.stdout.endswith("final:\n  Ann  100 + game bonus 100 + box bonus 20 (1 × 20) = 220\n"
                                "  Ben  15 + box bonus 300 (15 × 20) = 315\n" + PAID + "\n")
    assert gin("tally", "m.yaml").stdout.endswith("= 315\n" + PAID + "\n")
    assert gin("verify", "m.yaml").stdout == f"m.yaml: ok, 16 hands, over: {PAID}\n"
    data = json.loads(gin("tally", "--json", "m.yaml").stdout)
    assert (data["winner"], data["final"]) == ("Ann", {"Ann": 220, "Ben": 315})


def test_settle_pays_the_player_with_more_points_and_says_why(here):
    boxes_match("m.yaml")
    date = json.loads(gin("history", "--json", "m.yaml").stdout)["matches"][0]["date"]
    assert gin("settle", "--stake", "2", "m.yaml").stdout == (
        "stake 2 a point\n\n"
        f"m.yaml ({date}, final Ann 220, Ben 315)\n"
        f"  {PAID}\n"
        "  Ann pays Ben 190 (95 points)\n\n"
        "net:\n  Ann  -190\n  Ben  +190\n\n"
        "to settle:\n  Ann pays Ben 190\n")


def test_history_and_standings_count_the_game_for_its_winner_and_say_who_is_paid(here):
    boxes_match("m.yaml")
    history = gin("history", ".").stdout
    assert "  Ann     Ann 220, Ben 315  " in history
    assert history.endswith(f"\n\nm.yaml: {PAID}\n")
    for _ in range(2):  # read, then from the cache: the same
        standings = gin("standings", ".").stdout
        rows = standings.splitlines()
        assert rows[2].split() == ["1", "Ann", "1", "1", "100.0", "220", "315", "-95", rows[2].split()[-1]]
        assert rows[3].split()[:8] == ["2", "Ben", "1", "0", "0.0", "315", "220", "+95"]
        assert standings.endswith(f"\n\nm.yaml: {PAID}\n")


def test_the_sheets_say_it(here):
    boxes_match("m.yaml")
    markdown = gin("export", "--format", "markdown", "m.yaml").stdout
    assert f"- {PAID} (Ann 220, Ben 315)\n" in markdown
    html = gin("export", "--format", "html", "m.yaml").stdout
    assert f"<dt>result</dt><dd>{PAID} (Ann 220, Ben 315)</dd>" in html


def test_a_winner_with_more_points_is_worded_as_before(here):
    last = boxes_match("m.yaml", small=3)  # Ann 220; Ben 3 + 60 = 63
    assert last.stdout.endswith("\nAnn won 220 to 63\n")
    assert "wins the game" not in gin("settle", "m.yaml").stdout + gin("history", ".").stdout
    assert gin("settle", "m.yaml").stdout.splitlines()[3] == "  Ben pays Ann 157 (157 points)"


def test_hollywood_says_it_for_each_game(here):
    gin("new", "--match", "m.yaml", "--rules", "hollywood", "--dealer", "Ann", "Ann", "Ben")
    for _ in range(15):
        gin("knock", "--match", "m.yaml", "--upcard", "KS", "Ben", "5", "--defender", "6")
    for _ in range(3):
        last = gin("knock", "--match", "m.yaml", "--upcard", "KS", "Ann", "0", "--defender", "80")
    assert ("game 1: Ann wins, Ann 100, Ben 15\n  Ann  game bonus 100 + box bonus 20 (1 × 20) = 120\n"
            f"  Ben  box bonus 300 (15 × 20)\n  {PAID}\n") in last.stdout
    settle = gin("settle", "m.yaml").stdout.splitlines()
    assert settle[3:9] == [f"  game 1: {PAID}", "  game 2: Ann wins the game; Ben is paid 74 on boxes",
                           "  game 3: Ann wins the game; Ben is paid 53 on boxes", "  game 1: Ann pays Ben 95 (95 points)",
                           "  game 2: Ann pays Ben 74 (74 points)", "  game 3: Ann pays Ben 53 (53 points)"]
    assert f"### Game 1: {PAID}, target 100\n" in gin("export", "--format", "markdown", "m.yaml").stdout


def test_three_players_say_who_pays_whom(here):
    (here / "box.yaml").write_text("extends: three-player\nbox_bonus: 20\ngame_bonus: 100\n")
    gin("new", "--match", "m.yaml", "--rules", "box.yaml", "--box", "Ann", "--captain", "Ben", "Ann", "Ben", "Cid")
    for _ in range(12):  # Ann wins in the box by 1, 12 times (she stays in it): 12 + 240 = 252
        gin("knock", "--match", "m.yaml", "Ann", "5", "--defender", "6")
    roles = json.loads(gin("tally", "--json", "m.yaml").stdout)["roles"]
    assert roles == {"box": "Ann", "captain": "Ben", "sitter": "Cid"}
    last = gin("knock", "--match", "m.yaml", "Ben", "0", "--defender", "80")  # Ben: 105 + 100 + 20 = 225
    data = json.loads(gin("tally", "--json", "m.yaml").stdout)
    assert (data["winner"], data["final"]) == ("Ben", {"Ann": 252, "Ben": 225, "Cid": 0})
    assert last.stdout.endswith("\nBen wins the game; Ann is paid 27 by Ben on boxes\n")
    settle = gin("settle", "m.yaml").stdout.splitlines()
    assert settle[3:7] == ["  Ben wins the game; Ann is paid 27 by Ben on boxes", "  Ben pays Ann 27 (27 points)",
                           "  Cid pays Ann 252 (252 points)", "  Cid pays Ben 225 (225 points)"]


def test_a_forfeit_by_the_player_ahead_says_he_is_paid_on_points(here):
    """A forfeit ends the match with the scores as they stand and no bonus: the forfeiter ahead is paid the
    difference, not on boxes, and the words say so."""
    gin("new", "--match", "m.yaml", "--dealer", "Ann", "Ann", "Ben")
    gin("knock", "--match", "m.yaml", "--upcard", "KS", "Ben", "5", "--defender", "60")
    gin("deal", "--match", "m.yaml", "--upcard", "9H")
    ruled = gin("ruling", "--match", "m.yaml", "--forfeit", "Ben", "--reason", "left")
    assert ruled.stdout.endswith("final: Ann 0, Ben 55\nAnn wins the game; Ben is paid 55 on points\n")
    assert gin("settle", "m.yaml").stdout.splitlines()[3:5] == ["  Ann wins the game; Ben is paid 55 on points",
                                                                "  Ann pays Ben 55 (55 points)"]

"""``gin-ref ruling`` in process: every kind on a two-player, a three-player and a
Hollywood match (copies of the shipped examples), what follows the ruling (winner, points, totals, the
end, the bonuses, who deals), ``undo`` of a ruling, the marks in tally, exports and verify, and stats and
standings counting a ruled hand by its ruled result."""

import json
import shutil
from pathlib import Path

import pytest

from runs import invoke as run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def ok(*args):
    done = run(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def two(tmp_path):
    path = tmp_path / "two.yaml"
    shutil.copy(EXAMPLES / "oklahoma.yaml", path)
    return path


@pytest.fixture
def three(tmp_path):
    path = tmp_path / "three.yaml"
    shutil.copy(EXAMPLES / "three-player.yaml", path)
    return path


@pytest.fixture
def hollywood(tmp_path):
    path = tmp_path / "hollywood.yaml"
    shutil.copy(EXAMPLES / "hollywood.yaml", path)
    return path


# -- two players: examples/oklahoma.yaml, Ann won 151 to 71 with a gin of 88 in hand 8 (Ben dealt) --------

def test_award_gives_the_hand_to_the_player_and_reopens_the_match(two, tally):
    out = ok("ruling", "--match", two, "--hand", "8", "--award", "Ben", "10", "--reason", "Ann showed her cards",
             "--by", "Dana")
    assert out.splitlines() == [f"{two}: hand 8: awarded to Ben, 10 points (Ann showed her cards; ruled by Dana)",
                                "totals: Ann 63, Ben 81", "next: Ben deals hand 9 (the winner of hand 8 deals)"]
    data = tally(two)
    hand = data["hands"][7]
    assert (hand["result"], hand["winner"], hand["points"], hand["totals"]) == ("gin", "Ben", 10, {"Ann": 63, "Ben": 81})
    ruling = hand["ruling"]
    assert {key: ruling[key] for key in ("kind", "player", "points", "reason", "by")} == {
        "kind": "award", "player": "Ben", "points": 10, "reason": "Ann showed her cards", "by": "Dana"}
    assert ruling["date"][:4] >= "2024"
    assert (data["finished"], data["winner"], data["next_dealer"]) == (False, None, "Ben")
    assert all("ruling" not in other for other in data["hands"][:7])
    assert ok("verify", two).splitlines()[-1].startswith("  line ")
    assert "^ hand 8 ruled: awarded to Ben, 10 points" in ok("verify", two)


def test_void_scores_nothing_and_the_same_dealer_deals_next(two, tally):
    ok("ruling", "--match", two, "--void", "--reason", "a card was exposed")
    data = tally(two)
    assert (data["hands"][7]["winner"], data["hands"][7]["points"]) == (None, 0)
    assert data["totals"] == {"Ann": 63, "Ben": 71}
    assert (data["finished"], data["next_dealer"]) == (False, "Ben")
    text = ok("tally", "--match", two)
    assert "   8^  Ben" in text
    assert "^ hand 8: void, no score (a card was exposed; ruled by the director, " in text


def test_redeal_of_an_open_hand_then_the_same_dealer_deals_again(two, tally):
    ok("undo", "--match", two)  # hand 8 opens again
    ok("ruling", "--match", two, "--redeal", "--reason", "two 7D in the deck")
    data = tally(two)
    assert data["hands"][7]["result"] is None and data["hands"][7]["ruling"]["kind"] == "redeal"
    assert (data["open_hand"], data["next_dealer"], data["totals"]) == (None, "Ben", {"Ann": 63, "Ben": 71})
    ok("deal", "--match", two, "--upcard", "9H", "--dealer", "Ben")
    assert tally(two)["hands"][8]["dealer"] == "Ben"
    assert run("verify", two).returncode == 0


def test_forfeit_ends_the_match_with_scores_as_they_stand(two, tally):
    assert run("ruling", "--match", two, "--forfeit", "Ann", "--reason", "left").returncode == 1  # it is over
    ok("undo", "--match", two)
    ok("ruling", "--match", two, "--forfeit", "Ann", "--reason", "left the club", "--by", "Dana")
    data = tally(two)
    assert (data["finished"], data["winner"], data["final"]) == (True, "Ben", {"Ann": 63, "Ben": 71})
    assert data["bonuses"] == {"Ann": {}, "Ben": {}}
    text = ok("tally", "--match", two)
    assert "the match is over: Ann forfeited in hand 8 (a ruling): scores as they stand, no end-of-game bonuses" in text
    assert text.rstrip().endswith("Ben won 71 to 63")
    assert run("deal", "--match", two, "--upcard", "9H").returncode == 1


def test_undo_takes_a_ruling_back_like_any_step(two, tally):
    before = tally(two)
    ok("ruling", "--match", two, "--award", "Ben", "10", "--reason", "x")
    out = ok("undo", "--match", two)
    assert out.startswith("took back hand 8: the ruling (awarded to Ben, 10 points (x; ruled by the director))")
    assert tally(two) == before
    assert run("verify", two).returncode == 0


def test_a_ruling_of_an_earlier_hand_leaves_the_later_hands_as_played(two, tally):
    ok("ruling", "--match", two, "--hand", "1", "--void", "--reason", "x")
    data = tally(two)
    assert data["totals"] == {"Ann": 151, "Ben": 41} and data["winner"] == "Ann"
    assert "  note: hand 2: dealt by Ben as played; the results as ruled give Ann" in ok("verify", two)


def test_a_ruling_that_ends_the_match_earlier_leaves_the_later_hands_uncounted_and_undo_restores_them(two, tally):
    before = tally(two)
    ok("ruling", "--match", two, "--hand", "2", "--award", "Ben", "120", "--reason", "x")
    data = tally(two)
    assert (data["finished"], data["winner"], data["totals"]) == (True, "Ben", {"Ann": 0, "Ben": 150})  # 30 in hand 1, then 120
    assert "  note: hands 3-8 were played after the end (the match ended with hand 2): not counted" in ok("verify", two)
    ok("undo", "--match", two)
    assert tally(two) == before
    assert ok("redo", "--match", two).startswith("put back hand 2: the ruling (awarded to Ben, 120 points")
    assert tally(two)["winner"] == "Ben"
    assert run("verify", two).returncode == 0


@pytest.mark.parametrize("args, message", [
    (("--void", "--redeal"), "give exactly one of --award PLAYER POINTS, --void, --redeal, --forfeit PLAYER (not --void, --redeal)"),
    (("--hand", "9", "--void"), "--hand 9: the match has hands 1 to 8"),
    (("--award", "Ann", "x"), "--award Ann x: the points are a whole number"),
    (("--award", "Zed", "3"), "unknown player 'Zed' (players: Ann, Ben)"),
])
def test_bad_rulings_are_one_error_line_with_exit_2(two, args, message):
    done = run("ruling", "--match", two, *args, "--reason", "x")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"Error: {message}\n")


def test_an_open_hand_cannot_be_awarded_or_voided(two):
    ok("undo", "--match", two)
    done = run("ruling", "--match", two, "--void", "--reason", "x")
    assert done.returncode == 1 and "hand 8 is open: it can be ruled a misdeal (--redeal)" in done.stderr


def test_a_hand_edit_of_the_ruling_is_caught_by_verify(two):
    ok("ruling", "--match", two, "--award", "Ben", "10", "--reason", "x")
    two.write_text(two.read_text().replace("points: 10\n", "points: 12\n"))
    done = run("verify", two)
    assert done.returncode == 1
    assert "hand 8: totals say Ann 63, Ben 81, but the hands add up to Ann 63, Ben 83" in done.stderr


def test_exports_mark_the_ruled_hand(two):
    ok("ruling", "--match", two, "--award", "Ben", "10", "--reason", "exposed")
    assert ok("export", "--format", "csv", two).splitlines()[-1].split(",")[7:10] == ["gin^", "Ben", "10"]
    markdown = ok("export", "--format", "markdown", two)
    assert "- ^ hand 8: awarded to Ben, 10 points (exposed; ruled by the director, " in markdown
    exported = json.loads(ok("export", "--format", "json", two))
    assert "ruling" in json.dumps(exported)


def test_stats_and_standings_count_the_ruled_result(two, tmp_path):
    ok("undo", "--match", two)
    ok("ruling", "--match", two, "--forfeit", "Ann", "--reason", "left")
    rows = {row["player"]: row for row in json.loads(ok("standings", tmp_path, "--json"))["standings"]}
    assert (rows["Ben"]["matches_won"], rows["Ann"]["matches_won"]) == (1, 0)
    stats = json.loads(ok("stats", two, "--json"))
    ben = stats["players"]["Ben"] if "players" in stats else stats["Ben"]
    assert ben["matches_won"] == 1


def test_stats_do_not_count_a_voided_gin_as_a_gin(two):
    before = json.loads(ok("stats", two, "--json"))
    ok("ruling", "--match", two, "--void", "--reason", "x")
    after = json.loads(ok("stats", two, "--json"))
    ann_before = before["players"]["Ann"] if "players" in before else before["Ann"]
    ann_after = after["players"]["Ann"] if "players" in after else after["Ann"]
    assert (ann_before["gins"], ann_after["gins"]) == (2, 1)
    assert ann_after["hands_won"] == ann_before["hands_won"] - 1


# -- three players: examples/three-player.yaml, hand 8: Cid box, Ann captain, Ben sits out; Ann's gin 99 ----

def test_three_award_to_the_sitter_is_refused(three):
    done = run("ruling", "--match", three, "--award", "Ben", "5", "--reason", "x")
    assert done.returncode == 1
    assert done.stderr == "Error: Ben sat out hand 8: only Cid (box) or Ann (captain) can be awarded it\n"


def test_three_award_to_the_box_ends_the_match_for_him(three, tally):
    ok("ruling", "--match", three, "--award", "Cid", "30", "--reason", "Ann misdealt her spread")
    data = tally(three)
    assert data["totals"] == {"Ann": 55, "Ben": 24, "Cid": 103}
    assert (data["finished"], data["winner"]) == (True, "Cid")


def test_three_void_keeps_the_roles(three, tally):
    ok("ruling", "--match", three, "--void", "--reason", "x")
    data = tally(three)
    assert (data["finished"], data["totals"]) == (False, {"Ann": 55, "Ben": 24, "Cid": 73})
    assert data["roles"] == {"box": "Cid", "captain": "Ann", "sitter": "Ben"}


def test_three_forfeit_is_won_by_the_higher_of_the_other_two(three, tally):
    ok("undo", "--match", three)
    ok("ruling", "--match", three, "--forfeit", "Ann", "--reason", "went home")
    data = tally(three)
    assert (data["finished"], data["winner"], data["final"]) == (True, "Cid", {"Ann": 55, "Ben": 24, "Cid": 73})


def test_three_redeal_of_the_open_hand(three, tally):
    ok("undo", "--match", three)
    ok("ruling", "--match", three, "--redeal", "--reason", "x")
    assert tally(three)["roles"] == {"box": "Cid", "captain": "Ann", "sitter": "Ben"}
    assert run("verify", three).returncode == 0


# -- Hollywood: examples/hollywood.yaml (Ben and Cid), over in hand 12 ------------------------------------

def test_hollywood_award_enters_every_open_game(hollywood, tally):
    before = tally(hollywood)
    ok("ruling", "--match", hollywood, "--award", "Ben", "5", "--reason", "x")
    data = tally(hollywood)
    assert data["hands"][11]["winner"] == "Ben" and data["hands"][11]["points"] == 5
    assert data["totals"] != before["totals"]
    assert run("verify", hollywood).returncode == 0


def test_hollywood_forfeit_has_no_end_of_game_bonuses(hollywood, tally):
    ok("undo", "--match", hollywood)
    ok("ruling", "--match", hollywood, "--forfeit", "Cid", "--reason", "x")
    data = tally(hollywood)
    assert (data["finished"], data["winner"]) == (True, "Ben")
    assert data["final"] == data["totals"] and data["bonuses"] == {"Ben": {}, "Cid": {}}
    assert "Cid forfeited in hand 12" in ok("tally", "--match", hollywood)


def test_hollywood_void_and_undo(hollywood, tally):
    before = tally(hollywood)
    ok("ruling", "--match", hollywood, "--void", "--reason", "x")
    assert tally(hollywood)["hands"][11]["points"] == 0
    ok("undo", "--match", hollywood)
    assert tally(hollywood) == before


def test_an_amend_of_a_voided_hand_says_the_ruling_stands_and_never_none_or_dead(tmp_path):
    """(A new user's review: the amend printed the hand's new score as if it counted, ``0 points to None``,
    and called the voided hand dead.)"""
    path = tmp_path / "m.yaml"
    ok("new", "--match", path, "Ann", "Ben")
    ok("k", "--match", path, "-u", "9h", "b", "5", "23")
    ruled = ok("ruling", "--match", path, "--hand", "1", "--void", "--reason", "misdeal")
    assert "deals hand 2 (hand 1 was ruled void: the same dealer deals again)" in ruled
    text = ok("amend", "--match", path, "1", "Ben", "2", "-d", "30")
    assert "the ruling on hand 1 still stands: void, no score (misdeal; ruled by the" in text
    assert "the amend changed the record of play only" in text and "was dead" not in text
    ok("k", "--match", path, "-u", "9h", "a", "5", "23")
    ok("ruling", "--match", path, "--hand", "2", "--void", "--reason", "misdeal")
    text = ok("amend", "--match", path, "2", "Ann", "0", "-d", "40")
    assert "None" not in text and "was dead" not in text
    assert "hand 2: Ann's knock, no score (ruled void); totals Ann 0, Ben 0" in text
    assert "now Ann's gin, no score (ruled void); totals Ann 0, Ben 0" in text

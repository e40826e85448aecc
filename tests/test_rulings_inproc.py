"""A director's rulings in this process (gin_ref.match.rulings, gin_ref.cli.desk_cmds): each kind and what
it does to the totals and the end, every refusal with its reason, a hand-edited ruling named at its line by
``verify``, and undo/redo of a misdeal ruled on an open hand (which used to leave the hand's seal behind
and break the record: found by tests/test_match_stateful.py)."""

import json

import pytest

from runs import expect


def run(*args, code=0, error_line=True):
    return expect(code, *args, error_line=error_line)


def tally():
    return json.loads(run("tally", "--json").stdout)


def two(*knocks):
    run("new", "--rules", "standard", "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben")
    for knock in knocks:
        run("knock", *knock.split())


def test_an_award_gives_the_hand_and_its_points_and_the_winner_deals_next(here):
    two("Ben 5 23")
    done = run("ruling", "--award", "Ann", "40", "--reason", "Ben misdeclared", "--by", "Dee")
    assert done.stdout.splitlines() == ["match.yaml: hand 1: awarded to Ann, 40 points (Ben misdeclared; ruled by Dee)",
                                        "totals: Ann 40, Ben 0", "next: Ann deals hand 2 (the winner of hand 1 deals)"]
    data = tally()
    assert (data["hands"][0]["winner"], data["hands"][0]["points"], data["totals"]) == ("Ann", 40, {"Ann": 40, "Ben": 0})
    assert data["hands"][0]["ruling"]["by"] == "Dee" and data["hands"][0]["result"] == "knock"
    lines = run("tally").stdout.splitlines()
    assert lines[3].split()[:2] == ["1^", "Ann"] and lines[3].split()[-3:] == ["40", "40", "0"]
    assert lines[5].startswith("^ hand 1: awarded to Ann, 40 points (Ben misdeclared; ruled by Dee, ")


def test_an_award_that_reaches_the_target_ends_the_match(here):
    two("Ben 5 23")
    run("ruling", "--award", "Ann", "100", "--reason", "x")
    data = tally()
    assert (data["finished"], data["winner"], data["final"]) == (True, "Ann", {"Ann": 100, "Ben": 0})
    run("deal", code=1)


def test_a_void_scores_nothing_and_the_same_dealer_deals_again(here):
    two("Ben 5 23", "Ben 0 30")
    run("ruling", "--hand", "1", "--void", "--reason", "marked cards")
    data = tally()
    assert [(hand["winner"], hand["points"]) for hand in data["hands"]] == [(None, 0), ("Ben", 55)]
    assert data["totals"] == {"Ann": 0, "Ben": 55}
    verified = run("verify").stdout.splitlines()
    assert verified[0] == "match.yaml: ok, 2 hands"
    assert any(line.startswith("  line ") and ", ^ hand 1 ruled: void, no score (marked cards; ruled by the "
               "director, " in line for line in verified[1:]), verified


def test_a_forfeit_ends_the_match_as_it_stands_with_no_bonuses(here):
    two("Ben 5 23")
    run("deal")
    done = run("ruling", "--forfeit", "Ben", "--reason", "left early")
    assert "Ben forfeits" in done.stdout
    data = tally()
    assert (data["finished"], data["winner"], data["final"], data["bonuses"]) == (
        True, "Ann", {"Ann": 0, "Ben": 18}, {"Ann": {}, "Ben": {}})
    run("ruling", "--forfeit", "Ann", "--hand", "2", "--reason", "x", code=1)  # already ruled
    run("undo")
    assert tally()["finished"] is False


@pytest.mark.parametrize("args, message", [
    (["--award", "Ann", "5", "--reason", "x"], "Error: no hand has been dealt: there is nothing to rule on"),
])
def test_nothing_to_rule_on(here, args, message):
    two()
    assert run("ruling", *args, code=1).stderr == message + "\n"


def test_every_refusal_says_why(here):
    two("Ben 5 23", "Ben 5 23")
    run("deal")
    cases = [
        (["--hand", "3", "--award", "Ann", "5"], 1,
         "hand 3 is open: it can be ruled a misdeal (--redeal) or forfeited (--forfeit PLAYER); --award needs a settled hand"),
        (["--hand", "3", "--void"], 1,
         "hand 3 is open: it can be ruled a misdeal (--redeal) or forfeited (--forfeit PLAYER); --void needs a settled hand"),
        (["--hand", "1", "--forfeit", "Ann"], 1, "a forfeit ends the match: rule it on the last hand (3), not hand 1"),
        (["--hand", "4", "--void"], 2, "--hand 4: the match has hands 1 to 3"),
        (["--hand", "1", "--award", "Ann", "10001"], 2, "--award Ann 10001: points are a whole number from 0 to 10000"),
    ]
    before = (here / "match.yaml").read_bytes()
    for args, code, message in cases:
        assert run("ruling", *args, "--reason", "x", code=code).stderr == f"Error: {message}\n"
    assert run("ruling", "--hand", "1", "--void", "--reason", "  ", code=2).stderr == (
        "Error: --reason: say why (it is kept with the ruling)\n")
    assert (here / "match.yaml").read_bytes() == before  # nothing refused was written
    run("ruling", "--hand", "1", "--void", "--reason", "x")
    assert run("ruling", "--hand", "1", "--award", "Ben", "3", "--reason", "y", code=1).stderr == (
        "Error: hand 1 is already ruled (void): take that ruling back with 'undo' first, if it is the newest step\n")


def test_a_forfeit_after_the_end_is_refused(here):
    two("Ben 0 80")  # 80 + 25 = 105: over
    assert run("ruling", "--forfeit", "Ann", "--reason", "x", code=1).stderr == (
        "Error: the match is over (it ended with hand 1): nobody can forfeit it\n")


def test_a_misdeal_ruled_on_an_open_hand_is_undone_and_redone_byte_for_byte(here):
    two()
    run("deal")
    before = (here / "match.yaml").read_text()
    run("ruling", "--redeal", "--reason", "a card face up")
    ruled = (here / "match.yaml").read_text()
    assert tally()["open_hand"] is None
    run("undo")  # raised "the record no longer replays: hand 1 has 'seal' but no result" before the fix
    now = (here / "match.yaml").read_text()
    assert now.split("\ncorrections:")[0] == before.split("\ncorrections:")[0]
    assert tally()["open_hand"] == 1
    run("redo")
    assert (here / "match.yaml").read_text().split("\ncorrections:")[0] == ruled.split("\ncorrections:")[0]
    run("verify", "--strict")
    run("deal")  # the same dealer deals again
    assert tally()["hands"][1]["dealer"] == "Ann"


def test_three_players_the_sitter_cannot_be_awarded_the_hand(here):
    run("new", "--rules", "three-player", "--box", "Ann", "--captain", "Ben", "Ann", "Ben", "Cid")
    run("knock", "Ben", "5", "23")
    assert run("ruling", "--award", "Cid", "5", "--reason", "x", code=1).stderr == (
        "Error: Cid sat out hand 1: only Ann (box) or Ben (captain) can be awarded it\n")
    run("ruling", "--award", "Ann", "5", "--reason", "x")
    assert tally()["totals"] == {"Ann": 5, "Ben": 0, "Cid": 0}


def _ruled_text(here):
    two("Ben 5 23")
    run("ruling", "--award", "Ann", "7", "--reason", "x", "--by", "Dee")
    return (here / "match.yaml").read_text()


@pytest.mark.parametrize("old, new, key, message", [
    ("    kind: award\n", "    kind: award\n    colour: red\n", "colour", "hand 1: unknown key 'colour' in the ruling"),
    ("    kind: award\n", "    kind: pardon\n", "kind", "hand 1: ruling kind 'pardon' is not one of award, void, redeal, forfeit"),
    ("    player: Ann\n", "    player: Zed\n", "player", "hand 1: the award names 'Zed', not one of Ann, Ben"),
    ("    points: 7\n", "    points: lots\n", "points", "hand 1: the points of the award must be a whole number, not 'lots'"),
    ("    reason: x\n", "    reason: ''\n", "reason", "hand 1: the ruling must give its reason"),
    ("    by: Dee\n", "    by: [Dee]\n", "by", "hand 1: the ruling's 'by' must be a name"),
    ("    steps: ", "    steps: x\n    old_steps: ", "steps", "hand 1: the ruling's 'steps' must be a whole number"),
])
def test_a_hand_edited_ruling_is_named_at_its_line(here, old, new, key, message):
    text = _ruled_text(here)
    assert old in text
    edited = text.replace(old, new, 1)
    (here / "match.yaml").write_text(edited)
    done = run("verify", code=1, error_line=False)
    line = next(i for i, row in enumerate(edited.splitlines(), 1) if row.startswith(f"    {key}:"))
    assert done.stderr.splitlines()[0] == f"match.yaml:{line}: {message}", done.stderr


def _at(monkeypatch, second):
    """Every command's time from now on: 2024-03-02 20:00 and ``second`` seconds."""
    from gin_ref.files import matchfile

    monkeypatch.setattr(matchfile, "now", lambda: f"2024-03-02T20:00:{second:02d}+00:00")


def test_a_ruling_made_after_an_undo_is_a_write_and_redo_is_refused(here, monkeypatch):
    two("Ben 5 23")
    run("deal")
    _at(monkeypatch, 1)
    run("undo")  # the deal of hand 2
    _at(monkeypatch, 2)
    run("ruling", "--hand", "1", "--award", "Ben", "18", "--reason", "x")  # changes no dealer
    before = (here / "match.yaml").read_bytes()
    assert run("redo", code=1).stderr == ("Error: nothing to redo: redo puts back what the last undo took, as long "
                                          "as nothing else was written since\n")
    assert (here / "match.yaml").read_bytes() == before


def test_a_ruling_of_the_same_second_as_the_undo_that_changes_the_dealer_refuses_redo_without_a_traceback(here, monkeypatch):
    """Before, the redo put back hand 2's deal by Ben though the void makes Ann deal: an AssertionError
    ('the record no longer replays') and a traceback. Found by tests/test_match_stateful.py."""
    two("Ben 5 23")
    run("deal")
    _at(monkeypatch, 1)
    run("undo")
    run("ruling", "--hand", "1", "--void", "--reason", "x")
    before = (here / "match.yaml").read_bytes()
    assert run("redo", code=1).stderr == (
        "Error: nothing to redo: the record changed since the undo (hand 2: dealer out of turn: Ben dealt, but Ann "
        "should deal (hand 1 was dead: the same dealer deals again))\n")
    assert (here / "match.yaml").read_bytes() == before
    run("verify", "--strict")


def test_a_ruling_made_before_the_undone_step_leaves_redo_free(here, monkeypatch):
    _at(monkeypatch, 1)
    two("Ben 5 23")
    run("ruling", "--award", "Ben", "20", "--reason", "x")
    run("deal")
    run("undo")  # the deal: the ruling, older, is not in the way
    run("redo")
    assert tally()["open_hand"] == 2 and tally()["totals"] == {"Ann": 0, "Ben": 20}


def test_by_and_reason_are_kept_alike_stripped_and_on_one_line(here):
    """(A new user's review: --by kept its spaces, tabs and line breaks where --reason was stripped.)"""
    two("Ben 5 23")
    before = (here / "match.yaml").read_bytes()
    for args, message in ((["--reason", "two\nlines"], "--reason: write it on one line (it holds a line break)"),
                          (["--reason", "x", "--by", "Da\nna"], "--by: write it on one line (it holds a line break)"),
                          (["--reason", "x", "--by", " \t"], "--by: name who ruled, or leave --by out")):
        assert run("ruling", "--void", *args, code=2).stderr == f"Error: {message}\n"
    assert (here / "match.yaml").read_bytes() == before  # nothing refused was written
    assert "(x; ruled by Dana)" in run("ruling", "--void", "--reason", "  x  ", "--by", " Dana\t").stdout
    assert tally()["hands"][0]["ruling"]["by"] == "Dana" and tally()["hands"][0]["ruling"]["reason"] == "x"

"""Amending any past hand, undo of any step and redo across commands (issue 11 items 4 and 5), through the
installed command."""

import json

from hands import DEFENDER, KNOCKER
from infolder import new, ok, refused, sh, tally, verified


def counted(cwd, *hands, upcard="9H"):
    for knocker, k, d in hands:
        ok(cwd, "knock", "--upcard", upcard, knocker, k, "--defender", d)


def test_amend_resettles_later_hands_keeps_the_old_result_and_says_what_changed(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    counted(tmp_path, ("Ben", 5, 23), ("Ben", 5, 23))
    assert ok(tmp_path, "amend", "1", "Ben", "5", "--defender", "35") == (
        "amended hand 1:\n"
        "     melds                  deadwood\n"
        "---  ---------------------  --------\n"
        "Ben  counted                5\n"
        "Ann  counted after layoffs  35\n"
        "score: knock: 35 − 5 = 30 to the knocker (Ben)\n"
        "hand 1: Ben's knock, 18 points to Ben; totals Ann 0, Ben 18\n"
        "      now Ben's knock, 30 points to Ben; totals Ann 0, Ben 30\n"
        "hand 2: Ben's knock, 18 points to Ben; totals Ann 0, Ben 36\n"
        "      now Ben's knock, 18 points to Ben; totals Ann 0, Ben 48\n"
        "totals before: Ann 0, Ben 36\n"
        "totals now:    Ann 0, Ben 48\n"
        "totals: Ann 0, Ben 48\n"
        "next: Ben deals hand 3 (the winner of hand 2 deals)\n")
    record = json.loads(ok(tmp_path, "export", "--format", "json", "m.yaml"))
    assert record  # the export reads it like any other
    text = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    assert "- kind: amend\n" in text and "amended" not in text  # a fact: the words are said, not kept
    assert verified(tmp_path) == "m.yaml: ok, 2 hands\n"
    refused(tmp_path, ["amend", "1", "Ben", "5", "--defender", "35"], "hand 1 already says that: nothing to amend")
    refused(tmp_path, ["amend", "3", "--dead"], "there is no hand 3 to amend: the record holds hands 1 to 2", 2)
    refused(tmp_path, ["amend", "1", "Ben", "12", "--defender", "35"],
            "knock not allowed: deadwood 12 exceeds limit 9 (upcard 9♥): hand 1 cannot be amended to an illegal knock")


def test_amend_in_cards_and_dead_and_a_new_upcard(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    counted(tmp_path, ("Ben", 5, 23), ("Ann", 2, 24))
    ok(tmp_path, "amend", "2", "Ann", KNOCKER[2], "--defender", DEFENDER[(2, 24)], "--upcard", "3C")
    hand = tally(tmp_path)["hands"][1]
    assert (hand["upcard"], hand["limit"], hand["points"], hand["knocker_deadwood"]) == ("3C", 3, 22, 2)
    ok(tmp_path, "amend", "1", "--dead")
    data = tally(tmp_path)
    assert [h["result"] for h in data["hands"]] == ["dead", "knock"] and data["totals"] == {"Ann": 22, "Ben": 0}
    assert verified(tmp_path) == ("m.yaml: ok, 2 hands\n"  # hand 2 was dealt by Ben; a dead hand 1 gives Ann
                                  "  note: hand 2: dealt by Ben as played; the amended results give Ann\n")


def test_an_amend_that_changes_the_next_dealer_is_a_note_not_a_problem(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    counted(tmp_path, ("Ben", 5, 23), ("Ben", 5, 80), ("Ann", 5, 10))
    out = ok(tmp_path, "amend", "1", "Ben", "5", "--defender", "4")  # now an undercut: Ann would deal hand 2
    assert "note: hand 2: dealt by Ben as played; the amended results give Ann\n" in out
    assert verified(tmp_path) == ("m.yaml: ok, 3 hands\n"
                                  "  note: hand 2: dealt by Ben as played; the amended results give Ann\n")
    assert "* hand 2: dealt by Ben as played; the amended results give Ann\n" in ok(tmp_path, "tally")
    assert tally(tmp_path)["notes"] == [{"hand": 2, "kind": "dealer", "played": "Ben", "rotation": "Ann", "by": "amend"}]
    ok(tmp_path, "deal", "--upcard", "4C")  # the next deal follows the results as played: Ann won hand 3
    assert tally(tmp_path)["hands"][3]["dealer"] == "Ann"
    # the note holds only for hands there were at the amend: a later dealer edited by hand is a problem
    text = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    edited = text.replace("- number: 4\n  dealer: Ann\n", "- number: 4\n  dealer: Ben\n")
    (tmp_path / "m.yaml").write_text(edited, encoding="utf-8")
    result = sh(tmp_path, "verify", "m.yaml")
    assert result.returncode == 1 and "hand 4: dealer out of turn: Ben dealt, but Ann should deal" in result.stderr


def test_three_players_an_amend_that_changes_the_roles(tmp_path):
    new(tmp_path, "--rules", "three-player", "--box", "Ann", "--captain", "Ben", players=("Ann", "Ben", "Cid"))
    counted(tmp_path, ("Ann", 3, 20), ("Ann", 3, 20))  # Ann stays in the box: captain and sitter swap
    out = ok(tmp_path, "amend", "1", "Ben", "3", "--defender", "20")  # the captain won: Ben into the box
    assert ("note: hand 2: played with box Ann, captain Cid, sitter Ben; the amended results give box Ben, "
            "captain Cid, sitter Ann\n") in out
    assert "note: hand 2: played with box Ann" in verified(tmp_path)


def test_an_amend_that_ends_the_match_earlier_then_one_that_reopens_it(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    counted(tmp_path, ("Ben", 5, 23), ("Ben", 5, 40), ("Ann", 5, 10))
    ok(tmp_path, "deal", "--upcard", "4C")
    out = ok(tmp_path, "amend", "2", "Ben", "0", "--defender", "80")  # 18 + 105: over in hand 2
    assert ("the match now ends with hand 2; hands 3-4 were played after the end (the match ended with hand 2): "
            "not counted\n") in out
    data = tally(tmp_path)
    assert data["finished"] and data["winner"] == "Ben" and data["totals"] == {"Ann": 0, "Ben": 123}
    assert [h.get("after_end", False) for h in data["hands"]] == [False, False, True, True]
    assert verified(tmp_path) == ("m.yaml: ok, 4 hands, over: Ben won 123 to 0\n"
                                  "  note: hands 3-4 were played after the end (the match ended with hand 2): not "
                                  "counted\n")
    refused(tmp_path, ["knock", "Ann", "2", "--defender", "3"],
            "the match is over (it ended with hand 2): hand 4 was played after the end and is not counted")
    history = json.loads(ok(tmp_path, "history", "--json", "m.yaml"))
    assert history["matches"][0]["hands"] == 2  # the hands after the end are not counted
    out = ok(tmp_path, "amend", "2", "Ben", "5", "--defender", "40")
    assert "the match is open again: the amended results reach no end, so play goes on\n" in out
    data = tally(tmp_path)
    assert not data["finished"] and data["open_hand"] == 4 and data["totals"] == {"Ann": 5, "Ben": 53}
    ok(tmp_path, "knock", "Ann", "2", "--defender", "3")
    assert verified(tmp_path) == "m.yaml: ok, 4 hands\n"


def test_undo_and_redo_across_an_amend_and_across_commands(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    counted(tmp_path, ("Ben", 5, 23), ("Ben", 5, 23))
    ok(tmp_path, "amend", "1", "Ben", "5", "--defender", "35")
    assert ok(tmp_path, "undo").startswith("took back hand 1: the amend (back to Ben's knock, 18 points to Ben)\n")
    assert tally(tmp_path)["totals"] == {"Ann": 0, "Ben": 36}
    assert ok(tmp_path, "redo").startswith("put back hand 1: the amend (Ben's knock, 30 points to Ben)\n")
    assert tally(tmp_path)["totals"] == {"Ann": 0, "Ben": 48}
    refused(tmp_path, ["redo"], "nothing to redo: redo puts back what the last undo took, as long as nothing else "
                                "was written since")
    # undo takes back the newest step, whatever it is: the deal after the amend, then the amend, then hand 2
    ok(tmp_path, "deal", "--upcard", "5S")
    assert ok(tmp_path, "undo").startswith("took back hand 3: the deal (Ben dealt, upcard 5♠)\n")
    assert ok(tmp_path, "undo").startswith("took back hand 1: the amend")
    assert ok(tmp_path, "undo").startswith("took back hand 2: Ben's knock, 18 points to Ben\n")
    assert ok(tmp_path, "redo").startswith("put back hand 2: Ben's knock, 18 points to Ben\n")
    assert ok(tmp_path, "redo").startswith("put back hand 1: the amend")
    assert ok(tmp_path, "redo").startswith("put back hand 3: the deal")
    assert tally(tmp_path)["totals"] == {"Ann": 0, "Ben": 48} and tally(tmp_path)["open_hand"] == 3
    assert verified(tmp_path) == "m.yaml: ok, 3 hands\n"
    # something written after an undo: nothing to redo
    ok(tmp_path, "undo")
    ok(tmp_path, "deal", "--upcard", "6S")
    refused(tmp_path, ["redo"], "nothing to redo: redo puts back what the last undo took, as long as nothing else "
                                "was written since")


def test_redo_of_each_kind_of_step(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    ok(tmp_path, "deal", "--upcard", "9H")
    kept = sh(tmp_path, "draw", "Ann")  # out of turn: kept
    assert kept.returncode == 1
    for turn in (["pass", "Ben"], ["take", "Ann"], ["discard", "Ann", "QH"]):
        ok(tmp_path, *turn)
    before = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    for _ in range(5):
        ok(tmp_path, "undo")  # the discard, the take, the pass, the irregularity, the deal
    assert tally(tmp_path)["hands"] == []
    for _ in range(5):
        ok(tmp_path, "redo")
    after = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    assert after[:after.index("corrections:")] == before[:before.index("corrections:")]
    assert verified(tmp_path).startswith("m.yaml: ok, 1 hand, 1 irregularity recorded\n")


def test_amend_a_hand_recorded_turn_by_turn_keeps_its_turns(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    ok(tmp_path, "deal", "--upcard", "9H")
    for turn in (["pass", "Ben"], ["take", "Ann"], ["discard", "Ann", "QH"], ["draw", "Ben"]):
        ok(tmp_path, *turn)
    ok(tmp_path, "knock", "Ben", "3", "--defender", "20")
    refused(tmp_path, ["amend", "1", "--dead"], "hand 1 is recorded turn by turn: it ends dead by itself, when a "
                                                "discard leaves 2 cards in the stock")
    refused(tmp_path, ["amend", "1", "Ann", "3", "--defender", "20"],
            "hand 1 is recorded turn by turn: out of turn: it is Ben's turn to discard or knock")
    refused(tmp_path, ["amend", "1", "--upcard", "8H", "Ben", "3", "--defender", "20"],
            "hand 1 is recorded turn by turn from the upcard 9H: its upcard cannot change")
    refused(tmp_path, ["amend", "1", "Ben", "0", "--defender", "2S 3S 4S 5S 6S 7S 8S 9S TS JS"],
            "the spread does not fit hand 1: Ann took 9H and did not discard it, but it is not in the hand spread")
    out = ok(tmp_path, "amend", "1", "Ben", "2", "--defender", "20")
    assert "score: knock: 20 − 2 = 18 to the knocker (Ben)\n" in out
    assert len(tally(tmp_path)["hands"]) == 1
    text = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    assert "  turns:\n  - Ben passes\n  - Ann takes 9H\n  - Ann discards QH\n  - Ben draws\n" in text
    assert verified(tmp_path) == "m.yaml: ok, 1 hand\n"

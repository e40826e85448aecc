"""Hands by points and mixed hands, and one command per hand (issue 11 items 1 and 3), in process
(tests/runs.py): counts settle exactly as cards do under every rule that touches them."""

import json

import pytest

from hands import DEFENDER, KNOCKER
from infolder import new, ok, refused, sh, tally, verified


def test_a_hand_by_points_settles_and_the_record_says_it_was_counted(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    ok(tmp_path, "deal", "--upcard", "9H")
    assert ok(tmp_path, "knock", "Ben", "5", "--defender", "23") == (
        "m.yaml: hand 1: Ben knocks against Ann, upcard 9♥, knock limit 9 (upcard 9♥)\n"
        "     melds                  deadwood\n"
        "---  ---------------------  --------\n"
        "Ben  counted                5\n"
        "Ann  counted after layoffs  23\n"
        "score: knock: 23 − 5 = 18 to the knocker (Ben)\n"
        "totals: Ann 0, Ben 18\n"
        "next: Ben deals hand 2 (the winner of hand 1 deals)\n")
    text = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    assert "  knocker_count: 5\n" in text and "  defender_count: 23\n" in text and "knocker_cards" not in text
    hand = tally(tmp_path)["hands"][0]
    assert (hand["result"], hand["points"], hand["knocker_deadwood"], hand["defender_deadwood"]) == ("knock", 18, 5, 23)
    assert verified(tmp_path) == "m.yaml: ok, 1 hand\n"
    stats = json.loads(ok(tmp_path, "stats", "--json", "m.yaml"))
    assert (stats["Ben"]["knocks"], stats["Ben"]["avg_knock_deadwood"]) == (1, 5.0)


@pytest.mark.parametrize("knocker, defender, result, points", [
    ("0", "23", "gin", 48),  # gin by count: 23 + 25
    ("5", "5", "undercut", 10),  # equal counts: the defender undercuts, 10 + 0
    ("7", "3", "undercut", 14),  # 10 + 4
])
def test_counts_score_gin_and_the_undercut(tmp_path, knocker, defender, result, points):
    new(tmp_path, "--dealer", "Ann")
    ok(tmp_path, "knock", "--upcard", "9H", "Ben", knocker, "--defender", defender)
    hand = tally(tmp_path)["hands"][0]
    assert (hand["result"], hand["points"]) == (result, points)
    assert verified(tmp_path) == "m.yaml: ok, 1 hand\n"


def test_mixed_hands_the_knockers_cards_with_a_count_and_a_gin_by_count_with_cards(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    out = ok(tmp_path, "knock", "--upcard", "KS", "Ann", KNOCKER[5], "--defender", "40")
    assert "Ann  A♠ 2♠ 3♠ | 4♥ 4♦ 4♣ | 7♣ 8♣ 9♣  5♦ = 5\n" in out and "knock: 40 − 5 = 35" in out
    out = ok(tmp_path, "knock", "--upcard", "TD", "Ann", "0", "--defender", DEFENDER[(0, 35)])
    assert "Ben  from the cards (no layoffs against gin)  35\n" in out and "gin: 35 + 25 = 60" in out
    refused(tmp_path, ["knock", "--upcard", "TD", "Ann", "4", "--defender", DEFENDER[(5, 23)]],
            "a knock counted 4 cannot be settled against the defender's cards: his layoffs need the knocker's "
            "melds; give the knocker's cards, or the defender's count", 2)
    assert verified(tmp_path) == "m.yaml: ok, 2 hands\n"


@pytest.mark.parametrize("args, message", [
    (["99", "--defender", "3"], "the knocker's count 99: ten cards count at most 98"),
    (["5", "--defender", "99"], "the defender's count 99: ten cards count at most 98"),
    (["5.5", "--defender", "3"], "the knocker's count '5.5': a count is a whole number from 0 to 98"),
    (["1e3", "--defender", "3"], "the knocker's count '1e3': a count is a whole number from 0 to 98"),
    (["5", "--defender", "2.0"], "the defender's count '2.0': a count is a whole number from 0 to 98"),
    (["5", "--defender", "3", "--melds", "AS 2S 3S"], "--melds and --discard go with the knocker's cards, not with a count"),
    (["0", "--big-gin", "--defender", "3"], "the oklahoma rules have no big gin (big_gin_bonus: null)"),
])
def test_a_count_that_is_not_one_is_refused_naming_it(tmp_path, args, message):
    new(tmp_path, "--dealer", "Ann")
    ok(tmp_path, "deal", "--upcard", "9H")
    refused(tmp_path, ["knock", "Ben", *args], message, 2)


CARDS_QUOTE = 'an unterminated quote ("): put the quotes around the whole group of cards ("KH QD ..."), and none ' \
              'around a count'


@pytest.mark.parametrize("args, message", [
    (["knock", "Ben", "5", "--defender", '"5'], f"--defender '\"5': {CARDS_QUOTE}"),
    (["knock", "Ben", "5", "--defender", '5"'], f"--defender '5\"': {CARDS_QUOTE}"),
    (["knock", "Ben", '"5', "--defender", "5"], f"CARDS|N '\"5': {CARDS_QUOTE}"),
    (["knock", "Ben", "5", "--defender", "'5'"], "--defender \"'5'\": quotes (') inside the value: they are not "
                                                 "part of a card or a count"),
    (["knock", "Ben", "5", "--defender", "5", "--upcard", "'9H"],
     "--upcard \"'9H\": an unterminated quote ('): a card needs no quotes"),
    (["amend", "1", "Ben", '"4', "--defender", "5"], f"CARDS|N '\"4': {CARDS_QUOTE}"),
    (["check", '"AS', "2S"], f"CARDS '\"AS': {CARDS_QUOTE}"),
    (["knock", "Ben", KNOCKER[5], "--melds", '"AS 2S 3S', "--defender", "5"],
     "--melds '\"AS 2S 3S': an unterminated quote (\"): put the quotes around all the melds (\"AS 2S 3S | 4H 4D 4C\")"),
    (["score", "--upcard", "9H", "--knocker", KNOCKER[5], "--defender", '"' + DEFENDER[(5, 23)]],
     f"--defender '\"{DEFENDER[(5, 23)]}': {CARDS_QUOTE}"),
])
def test_a_quote_left_open_in_cards_or_a_count_is_refused_not_read_as_a_count(tmp_path, args, message):
    new(tmp_path, "--dealer", "Ann")
    ok(tmp_path, "knock", "--upcard", "9H", "Ben", "5", "--defender", "20")
    refused(tmp_path, args, message, 2)


def test_a_count_over_the_limit_is_an_illegal_knock_with_the_penalty(tmp_path):
    rules = tmp_path / "club.yaml"
    rules.write_text("extends: oklahoma\nillegal_knock: penalty\n", encoding="utf-8")
    new(tmp_path, "--rules", rules, "--dealer", "Ann")
    result = sh(tmp_path, "knock", "--upcard", "3H", "Ben", "8", "--defender", "30", "--illegal")
    assert (result.returncode, result.stdout, result.stderr) == (
        1, "m.yaml: hand 1: Ann deals, upcard 3♥\nknock limit 3 (upcard 3♥)\n",
        "Error: knock not allowed: deadwood 8 exceeds limit 3 (upcard 3♥). Recorded as an irregularity (hand 1); "
        "10 penalty points to Ann; the deal of hand 1 is recorded and the hand stays open; undo takes it back (undo "
        "again, the deal)\n")
    data = tally(tmp_path)
    assert data["open_hand"] == 1 and data["totals"] == {"Ann": 10, "Ben": 0}
    assert data["hands"][0]["irregularities"] == [{"kind": "illegal_knock", "player": "Ben", "detail": (
        "knock not allowed: deadwood 8 exceeds limit 3 (upcard 3♥)"), "points": 10}]
    ok(tmp_path, "knock", "Ben", "3", "--defender", "30")
    assert tally(tmp_path)["totals"] == {"Ann": 10, "Ben": 27}
    assert "1 irregularity recorded" in verified(tmp_path)


def test_counts_under_spade_double_and_big_gin(tmp_path):
    rules = tmp_path / "club.yaml"
    rules.write_text("extends: tournament\nspade_double: true\n", encoding="utf-8")
    new(tmp_path, "--rules", rules, "--dealer", "Ann")
    refused(tmp_path, ["deal"], "give the upcard (--upcard CARD): the knock limit depends on it (spade_double)", 2)
    ok(tmp_path, "knock", "--upcard", "KS", "Ben", "4", "--defender", "20")  # (20 - 4) doubled
    ok(tmp_path, "knock", "--upcard", "KH", "Ben", "0", "--big-gin", "--defender", "20")  # 20 + 31
    ok(tmp_path, "knock", "--upcard", "2S", "Ann", "0", "--big-gin", "--defender", "10")  # (10 + 31) doubled
    hands = tally(tmp_path)["hands"]
    assert [(h["result"], h["points"]) for h in hands] == [("knock", 32), ("big_gin", 51), ("big_gin", 82)]
    text = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    assert text.count("  big_gin: true\n") == 2
    assert verified(tmp_path) == "m.yaml: ok, 3 hands\n"
    broken = text.replace("  knocker_count: 4\n", "  knocker_count: 14\n")
    (tmp_path / "m.yaml").write_text(broken, encoding="utf-8")
    result = sh(tmp_path, "verify", "m.yaml")
    assert result.returncode == 1 and "hand 1: knock not allowed: deadwood 14 exceeds limit 10 (house rules)" in \
        result.stderr


def test_counts_in_hollywood_and_three_players(tmp_path):
    new(tmp_path, "--rules", "hollywood", "--dealer", "Ann")
    for knocker, k, d in [("Ann", 5, 23), ("Ben", 5, 17), ("Ann", 0, 5)]:
        ok(tmp_path, "knock", "--upcard", "9H", knocker, k, "--defender", d)
    data = tally(tmp_path)
    # RULES §7: each score goes to every open game its winner has started, then starts his next one
    assert [g["totals"] for g in data["games"]] == [{"Ann": 43, "Ben": 12}, {"Ann": 25, "Ben": 0},
                                                   {"Ann": 0, "Ben": 0}]
    assert verified(tmp_path) == "m.yaml: ok, 3 hands\n"
    three = tmp_path / "three"
    three.mkdir()
    new(three, "--rules", "three-player", "--box", "Ann", "--captain", "Ben", players=("Ann", "Ben", "Cid"))
    ok(three, "knock", "--upcard", "5H", "Ben", "3", "--defender", "20")  # the captain beats the box
    data = tally(three)
    assert data["hands"][0]["totals"] == {"Ann": 0, "Ben": 17, "Cid": 0}
    assert data["roles"] == {"box": "Ben", "captain": "Cid", "sitter": "Ann"}
    result = sh(three, "knock", "--upcard", "6H", "Ann", "3", "--defender", "20")  # Ann sits out hand 2
    assert result.returncode == 1 and result.stderr == (
        "Error: Ann sits out hand 2: only Ben (box) or Cid (captain) may knock. Recorded as an irregularity "
        "(hand 2, turn 1); the deal of hand 2 is recorded and the hand stays open; undo takes it back (undo again, "
        "the deal)\n")
    assert "1 irregularity recorded" in verified(three)


def test_one_command_per_hand_deals_and_settles_and_dead_deals_too(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    assert ok(tmp_path, "dead", "--upcard", "QC") == (
        "hand 1: Ann deals, upcard Q♣\nknock limit 10 (upcard Q♣)\nhand 1 is dead: no score\n"
        "totals: Ann 0, Ben 0\nnext: Ann deals hand 2 (hand 1 was dead: the same dealer deals again)\n")
    out = ok(tmp_path, "knock", "--upcard", "7D", "Ben", KNOCKER[5], "--defender", DEFENDER[(5, 23)])
    assert out.startswith("m.yaml: hand 2: Ann deals, upcard 7♦\nknock limit 7 (upcard 7♦)\nhand 2: Ben knocks against Ann")
    ok(tmp_path, "deal", "--upcard", "8H")
    refused(tmp_path, ["knock", "--upcard", "9H", "Ann", "5", "--defender", "20"],
            "hand 3 is open (upcard 8♥): --upcard 9♥ is not its upcard")
    ok(tmp_path, "knock", "--upcard", "8H", "Ann", "5", "--defender", "20")
    refused(tmp_path, ["knock", "Ann", "5", "--defender", "20"], "no hand is open: deal one first (gin-ref deal "
                                                                    "--upcard CARD), or let this command deal it "
                                                                    "(gin-ref knock --upcard CARD ...)")
    refused(tmp_path, ["dead"], "no hand is open: deal one first (gin-ref deal --upcard CARD), or let this command "
                                "deal it (gin-ref dead --upcard CARD)")
    refused(tmp_path, ["pass", "Ben"], "no hand is open: deal one first (gin-ref deal --upcard CARD)")  # no --upcard
    assert verified(tmp_path) == "m.yaml: ok, 3 hands\n"


def test_the_upcard_may_be_left_out_where_the_limit_does_not_need_it(tmp_path):
    new(tmp_path, "--rules", "standard", "--dealer", "Ann")
    assert ok(tmp_path, "deal") == "hand 1: Ann deals, no upcard given\nknock limit 10 (house rules)\n"
    refused(tmp_path, ["take", "Ben"], "hand 1 was dealt without its upcard: its turns cannot be recorded (the "
                                       "first turn's offer needs the card)")
    ok(tmp_path, "knock", "Ann", "0", "--defender", "40")
    assert "\n  upcard:" not in (tmp_path / "m.yaml").read_text(encoding="utf-8")
    hand = tally(tmp_path)["hands"][0]
    assert (hand["upcard"], hand["limit"], hand["points"]) == (None, 10, 65)
    assert " -          10" in ok(tmp_path, "tally")
    assert verified(tmp_path) == "m.yaml: ok, 1 hand\n"
    oklahoma = tmp_path / "ok"
    oklahoma.mkdir()
    new(oklahoma, "--dealer", "Ann")
    refused(oklahoma, ["deal"], "give the upcard (--upcard CARD): the knock limit depends on it "
                                "(knock_limit: upcard)", 2)


def test_a_hand_recorded_turn_by_turn_may_end_with_a_counted_knock(tmp_path):
    new(tmp_path, "--dealer", "Ann")
    ok(tmp_path, "deal", "--upcard", "9H")
    for turn in (["pass", "Ben"], ["take", "Ann"], ["discard", "Ann", "QH"], ["draw", "Ben"]):
        ok(tmp_path, *turn)
    # a gin by count against Ann's cards: they must fit what she took (9H) and discarded (QH)
    refused(tmp_path, ["knock", "Ben", "0", "--defender", "2S 3S 4S 5S 6S 7S 8S 9S TS JS"],
            "the spread does not fit hand 1: Ann took 9H and did not discard it, but it is not in the hand spread")
    refused(tmp_path, ["knock", "Ben", "0", "--defender", "9H QH 4S 5S 6S 7S 8S 9S TS JS"],
            "the spread does not fit hand 1: QH is on the discard pile, not in Ann's hand")
    out = ok(tmp_path, "knock", "Ben", "3", "--defender", "20")
    assert "score: knock: 20 − 3 = 17 to the knocker (Ben)" in out
    assert verified(tmp_path) == "m.yaml: ok, 1 hand\n"
    text = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    (tmp_path / "m.yaml").write_text(text.replace("- Ben draws\n", "- Ben draws\n  - Ben discards 5C\n"),
                                     encoding="utf-8")
    result = sh(tmp_path, "verify", "m.yaml")
    assert (result.returncode, result.stderr) == (1, "m.yaml:43: hand 1: the knock by Ben: out of turn: it is Ann's turn "
                                                     "to draw from the stock or take 5♣\n")


def test_an_edited_counted_hand_is_named_by_its_counts_not_its_cards(tmp_path):
    new(tmp_path)
    ok(tmp_path, "knock", "--upcard", "7D", "Ann", "3", "--defender", "25")
    path = tmp_path / "m.yaml"
    path.write_text(path.read_text().replace("points: 22", "points: 23"))
    result = sh(tmp_path, "verify")
    assert result.returncode == 1
    assert "hand 1: points are 23, but the counts give 22 (knock: 25 − 3 = 22 to the knocker)" in result.stderr
    other = tmp_path / "mixed"
    other.mkdir()
    new(other)
    ok(other, "knock", "--upcard", "7D", "Ann", KNOCKER[5], "--defender", "25")
    mixed = other / "m.yaml"
    points = next(line for line in mixed.read_text().splitlines() if line.startswith("  points: "))
    mixed.write_text(mixed.read_text().replace(points, "  points: 99"))
    assert "hand 1: points are 99, but the cards and counts give 20 (" in sh(other, "verify").stderr

"""Recording whole matches from the command line: new, deal, knock, dead, undo, tally, verify (two players).

Whole matches under oklahoma, classic and hollywood in process (tests/runs.py; the installed command:
tests/test_smoke_installed.py), and every bad input with its exact ``Error:`` line, its exit code and the file unchanged.
"""

import fcntl
import json
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gin_ref.files import matchfile as record

from hands import BASE, DEFENDER, KNOCKER
from runs import invoke


@pytest.fixture
def match_file(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "m.yaml"


def run(*args, ok=True):
    result = invoke(*args)
    if ok:
        assert result.exit_code == 0, result.output + result.stderr
    return result


def gin(match, *args, ok=True):
    return run(args[0], "--match", match, *args[1:], ok=ok)


def knock(match, player, k, d, ok=True):
    return gin(match, "knock", player, *KNOCKER[k].split(), "--defender", DEFENDER[(k, d)], ok=ok)


def tally(match):
    return json.loads(gin(match, "tally", "--json").stdout)


def rows(data):
    return [(h["number"], h["dealer"], h["upcard"], h["limit"], h["result"], h["knocker"], h["winner"],
             h["points"], h["totals"]) for h in data["hands"]]


def refused(match, args, message, code):
    """The command fails with exactly ``Error: message`` and ``code``, and the match file is untouched."""
    before = match.read_bytes() if match.exists() else None
    result = gin(match, *args, ok=False)
    assert (result.stderr, result.exit_code) == (f"Error: {message}\n", code)
    assert result.stdout == ""
    assert (match.read_bytes() if match.exists() else None) == before


def kept(match, args, message, item, top_level=True):
    """The command is refused (exit 1, ``Error: message``) and the one change to the file is ``item``
    appended to the irregularities (the match's own, or the open hand's with ``top_level=False``)."""
    before = record.loads(match.read_text(encoding="utf-8")).data
    result = gin(match, *args, ok=False)
    assert (result.stderr, result.exit_code, result.stdout) == (f"Error: {message}\n", 1, "")
    after = record.record_data(record.loads(match.read_text(encoding="utf-8")))
    expected = record.record_data(before)
    if top_level:
        expected.setdefault("irregularities", []).append(item)
    else:
        hand = expected["hands"][-1]
        hand.setdefault("irregularities", []).append(item)
    assert after == expected
    assert match.read_text(encoding="utf-8") == record.dumps(expected)


# -- whole matches ---------------------------------------------------------------------------------------

def test_oklahoma_match_to_the_end(match_file):
    m = match_file
    out = gin(m, "new", "--dealer", "Ann", "--date", "2024-05-01", "Ann", "Ben").stdout
    assert out == "new match in {}: Ann v Ben, oklahoma rules, first to 100\nAnn deals first (named)\n".format(m)
    assert gin(m, "deal", "--upcard", "9h").stdout == "hand 1: Ann deals, upcard 9♥\nknock limit 9 (upcard 9♥)\n"
    assert knock(m, "Ben", 5, 23).stdout == (
        f"{m}: hand 1: Ben knocks against Ann, upcard 9♥, knock limit 9 (upcard 9♥)\n"
        "     melds                           layoffs  deadwood\n"
        "---  ------------------------------  -------  -------------------\n"
        "Ben  A♠ 2♠ 3♠ | 4♥ 4♦ 4♣ | 7♣ 8♣ 9♣           5♦ = 5\n"
        "Ann  7♦ 8♦ 9♦ 10♦ J♦                 none     A♥ 7♥ Q♥ 2♦ 3♣ = 23\n"
        "score: knock: 23 − 5 = 18 to the knocker (Ben)\n"
        "totals: Ann 0, Ben 18\n"
        "next: Ben deals hand 2 (the winner of hand 1 deals)\n")
    gin(m, "deal", "--upcard", "3H")
    refused(m, ["deal", "--upcard", "4H"], "hand 2 is still open: end it with 'knock' or 'dead' (or take it back "
                                           "with 'undo') before dealing", 1)
    before = m.read_bytes()
    result = knock(m, "Ann", 5, 23, ok=False)  # limit 3: refused, kept as an irregularity
    assert (result.stderr, result.exit_code) == (
        "Error: knock not allowed: deadwood 5 exceeds limit 3 (upcard 3♥). Recorded as an irregularity (hand 2); "
        "the hand stays open; undo takes it back\n", 1)
    assert m.read_bytes() != before
    assert "knock: 24 − 2 = 22 to the knocker (Ann)" in knock(m, "Ann", 2, 24).stdout
    gin(m, "deal", "--upcard", "AC")
    assert gin(m, "dead").stdout == ("hand 3 is dead: no score\ntotals: Ann 22, Ben 18\n"
                                     "next: Ann deals hand 4 (hand 3 was dead: the same dealer deals again)\n")
    gin(m, "deal", "--upcard", "6C", "--dealer", "ann")
    assert "undercut: 5 ≥ 5 → 10 + 0 = 10 to the defender (Ann)" in knock(m, "Ben", 5, 5).stdout
    gin(m, "deal", "--upcard", "5S")
    assert "gin: 35 + 25 = 60 to the knocker (Ann)" in knock(m, "Ann", 0, 35).stdout
    gin(m, "deal", "--upcard", "TD")
    knock(m, "Ben", 5, 71)
    gin(m, "deal", "--upcard", "8H")
    out = knock(m, "Ann", 5, 17).stdout
    assert out.endswith("score: knock: 17 − 5 = 12 to the knocker (Ann)\ntotals: Ann 104, Ben 84\n"
                        "the match is over: Ann reached 100 in hand 7\nfinal:\n  Ann  104\n  Ben  84\n"
                        "Ann won 104 to 84\n")
    data = tally(m)
    assert rows(data) == [
        (1, "Ann", "9H", 9, "knock", "Ben", "Ben", 18, {"Ann": 0, "Ben": 18}),
        (2, "Ben", "3H", 3, "knock", "Ann", "Ann", 22, {"Ann": 22, "Ben": 18}),
        (3, "Ann", "AC", 1, "dead", None, None, 0, {"Ann": 22, "Ben": 18}),
        (4, "Ann", "6C", 6, "undercut", "Ben", "Ann", 10, {"Ann": 32, "Ben": 18}),
        (5, "Ann", "5S", 5, "gin", "Ann", "Ann", 60, {"Ann": 92, "Ben": 18}),
        (6, "Ann", "TD", 10, "knock", "Ben", "Ben", 66, {"Ann": 92, "Ben": 84}),
        (7, "Ben", "8H", 8, "knock", "Ann", "Ann", 12, {"Ann": 104, "Ben": 84}),
    ]
    assert data["hands"][1]["irregularities"] == [{"kind": "illegal_knock", "player": "Ann", "points": 0,
                                                   "detail": "knock not allowed: deadwood 5 exceeds limit 3 "
                                                             "(upcard 3♥)"}]
    assert {key: data[key] for key in ("players", "rules", "totals", "next_dealer", "finished", "winner", "final",
                                       "bonuses")} == {
        "players": ["Ann", "Ben"], "rules": "oklahoma", "totals": {"Ann": 104, "Ben": 84}, "next_dealer": None,
        "finished": True, "winner": "Ann", "final": {"Ann": 104, "Ben": 84}, "bonuses": {"Ann": {}, "Ben": {}}}
    over = "the match is over (it ended with hand 7)"
    refused(m, ["deal", "--upcard", "7D"], f"{over}: no more deals", 1)
    refused(m, ["knock", "Ann", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 17)]], f"{over}: no hand is open", 1)
    refused(m, ["dead"], f"{over}: no hand is open", 1)
    knock_line = _line(m.read_text(encoding="utf-8"), "  - kind: illegal_knock")
    assert gin(m, "verify").stdout == run("verify", m).stdout == (
        f"{m}: ok, 7 hands, over: Ann won 104 to 84, 1 irregularity recorded\n"
        f"  line {knock_line}, hand 2: Ann's knock refused (knock not allowed: deadwood 5 exceeds limit 3 (upcard 3♥))\n")
    assert gin(m, "tally").stdout == (
        f"{m}: Ann v Ben, oklahoma rules, 2024-05-01, first to 100\n"
        " hand  dealer  upcard  limit  knocker  result    winner  points  Ann  Ben\n"
        "-----  ------  ------  -----  -------  --------  ------  ------  ---  ---\n"
        "    1  Ann     9♥          9  Ben      knock     Ben         18    0   18\n"
        "   2*  Ben     3♥          3  Ann      knock     Ann         22   22   18\n"
        "    3  Ann     A♣          1           dead                   0   22   18\n"
        "    4  Ann     6♣          6  Ben      undercut  Ann         10   32   18\n"
        "    5  Ann     5♠          5  Ann      gin       Ann         60   92   18\n"
        "    6  Ann     10♦        10  Ben      knock     Ben         66   92   84\n"
        "    7  Ben     8♥          8  Ann      knock     Ann         12  104   84\n"
        "total" + " " * 60 + "104   84\n"
        "* hand 2: Ann's knock refused (knock not allowed: deadwood 5 exceeds limit 3 (upcard 3♥))\n"
        "\n"
        "the match is over: Ann reached 100 in hand 7\nfinal:\n  Ann  104\n  Ben  84\nAnn won 104 to 84\n")


def test_classic_match_bonuses_and_the_loser_deals(match_file):
    m = match_file
    gin(m, "new", "--rules", "classic", "--dealer", "Ben", "Ann", "Ben")
    for upcard, knocker, k, d in [("2C", "Ann", 5, 35), ("JH", "Ben", 5, 5)]:
        gin(m, "deal", "--upcard", upcard)
        knock(m, knocker, k, d)
    gin(m, "deal", "--upcard", "9S")
    assert gin(m, "dead").stdout.endswith("next: Ben deals hand 4 (hand 3 was dead: the same dealer deals again)\n")
    kept(m, ["deal", "--upcard", "4S", "--dealer", "Ann"], "Ann cannot deal hand 4: Ben deals (hand 3 was dead: the "
                                                           "same dealer deals again). Recorded as an irregularity (hand 4); "
                                                           "undo takes it back",
         {"kind": "wrong_dealer", "hand": 4, "player": "Ann"})
    for upcard, knocker, k, d in [("4S", "Ben", 5, 23), ("7S", "Ann", 0, 35), ("8S", "Ann", 5, 17)]:
        gin(m, "deal", "--upcard", upcard)
        out = knock(m, knocker, k, d).stdout
    assert out.endswith("totals: Ann 107, Ben 18\nthe match is over: Ann reached 100 in hand 6\nfinal:\n"
                        "  Ann  107 + game bonus 100 + box bonus 80 (4 × 20) = 287\n"
                        "  Ben  18 + box bonus 20 (1 × 20) = 38\nAnn won 287 to 38\n")
    data = tally(m)
    assert [(h["dealer"], h["result"], h["winner"], h["points"]) for h in data["hands"]] == [
        ("Ben", "knock", "Ann", 30), ("Ben", "undercut", "Ann", 10), ("Ben", "dead", None, 0),
        ("Ben", "knock", "Ben", 18), ("Ann", "gin", "Ann", 55), ("Ben", "knock", "Ann", 12)]
    assert (data["totals"], data["winner"], data["final"], data["bonuses"]) == (
        {"Ann": 107, "Ben": 18}, "Ann", {"Ann": 287, "Ben": 38},
        {"Ann": {"game_bonus": 100, "box_bonus": 80}, "Ben": {"box_bonus": 20}})


@pytest.mark.parametrize("rules, bonuses, final", [
    ("classic", {"game_bonus": 100, "box_bonus": 40, "shutout": 100}, 349),
    ("club.yaml", {"game_bonus": 100, "box_bonus": 40, "shutout": 249}, 498),
])
def test_shutout(match_file, rules, bonuses, final):
    (match_file.parent / "club.yaml").write_text("extends: classic\nshutout: double_total\n", encoding="utf-8")
    m = match_file
    gin(m, "new", "--rules", rules, "--dealer", "Ann", "Ann", "Ben")
    gin(m, "deal", "--upcard", "2C")
    assert "gin: 71 + 20 = 91 to the knocker (Ann)" in knock(m, "Ann", 0, 71).stdout
    gin(m, "deal", "--upcard", "3C")
    knock(m, "Ann", 5, 23)
    data = tally(m)
    assert (data["rules"], data["totals"], data["bonuses"], data["final"]) == (
        rules, {"Ann": 109, "Ben": 0}, {"Ann": bonuses, "Ben": {}}, {"Ann": final, "Ben": 0})


def test_hollywood_match_the_rules_example_then_three_games_won(match_file):
    m = match_file
    gin(m, "new", "--rules", "hollywood", "--dealer", "Ann", "Ann", "Ben")
    plan = [("9H", "Ann", 5, 23), ("3H", "Ben", 5, 17), ("KS", "Ann", 0, 5), ("6C", "Ben", 5, 35),
            ("5S", "Ann", 5, 20), ("TD", "Ann", 2, 24), ("8H", "Ann", 10, 0)]
    for upcard, knocker, k, d in plan:
        gin(m, "deal", "--upcard", upcard)
        knock(m, knocker, k, d)
    data = tally(m)
    # docs/rules.md §11: You (Ann) +18, Opp (Ben) +12, You +25, Opp +30, You +15, You +22, Opp +20.
    assert [(h["winner"], h["points"]) for h in data["hands"]] == [
        ("Ann", 18), ("Ben", 12), ("Ann", 25), ("Ben", 30), ("Ann", 15), ("Ann", 22), ("Ben", 20)]
    assert [g["totals"] for g in data["games"]] == [{"Ann": 80, "Ben": 62}, {"Ann": 62, "Ben": 50},
                                                   {"Ann": 37, "Ben": 20}]
    assert [h["dealer"] for h in data["hands"]] == ["Ann", "Ben", "Ann", "Ben", "Ann", "Ben", "Ben"]
    assert (data["next_dealer"], data["finished"]) == ("Ann", False)
    gin(m, "deal", "--upcard", "2C")
    knock(m, "Ann", 5, 71)  # +66 in each game: all three reach 100
    data = tally(m)
    games = [(g["number"], g["totals"], g["finished"], g["winner"], g["bonuses"], g["final"]) for g in data["games"]]
    assert games == [
        (1, {"Ann": 146, "Ben": 62}, True, "Ann", {"Ann": {"game_bonus": 100, "box_bonus": 100},
                                                  "Ben": {"box_bonus": 60}}, {"Ann": 346, "Ben": 122}),
        (2, {"Ann": 128, "Ben": 50}, True, "Ann", {"Ann": {"game_bonus": 100, "box_bonus": 80},
                                                  "Ben": {"box_bonus": 40}}, {"Ann": 308, "Ben": 90}),
        (3, {"Ann": 103, "Ben": 20}, True, "Ann", {"Ann": {"game_bonus": 100, "box_bonus": 60},
                                                  "Ben": {"box_bonus": 20}}, {"Ann": 263, "Ben": 40}),
    ]
    assert (data["totals"], data["winner"], data["final"], data["bonuses"]) == (
        {"Ann": 377, "Ben": 132}, "Ann", {"Ann": 917, "Ben": 252},
        {"Ann": {"game_bonus": 300, "box_bonus": 240}, "Ben": {"box_bonus": 120}})
    assert data["hands"][-1]["games"] == [{"Ann": 146, "Ben": 62}, {"Ann": 128, "Ben": 50}, {"Ann": 103, "Ben": 20}]
    text = gin(m, "tally").stdout
    assert "\n\ngame  Ann  Ben  won by\n----  ---  ---  ------\n   1  146   62  Ann\n   2  128   50  Ann\n" in text
    assert text.endswith("game 3: Ann wins, Ann 103, Ben 20\n"
                         "  Ann  game bonus 100 + box bonus 60 (3 × 20) = 160\n  Ben  box bonus 20 (1 × 20)\n"
                         "final (all three games):\n  Ann  377 + game bonus 300 + box bonus 240 = 917\n"
                         "  Ben  132 + box bonus 120 = 252\nAnn won 917 to 252\n")


def test_undo_steps_back_and_keeps_what_it_took(match_file):
    m = match_file
    gin(m, "new", "--dealer", "Ann", "Ann", "Ben")
    gin(m, "deal", "--upcard", "9H")
    knock(m, "Ben", 5, 23)
    assert gin(m, "undo").stdout == ("took back hand 1: Ben's knock, 18 points to Ben\ntotals: Ann 0, Ben 0\n"
                                     "hand 1 is open: Ann dealt, upcard 9♥, knock limit 9\n")
    assert gin(m, "undo").stdout == ("took back hand 1: the deal (Ann dealt, upcard 9♥)\ntotals: Ann 0, Ben 0\n"
                                     "next: Ann deals hand 1 (named at the start)\n")
    refused(m, ["undo"], "nothing to undo: no hand has been dealt", 1)
    text = m.read_text(encoding="utf-8")
    assert "- kind: undo\n" in text and "    points: 18" in text and "undone" not in text
    assert run("verify", m).exit_code == 0


def test_default_match_file_and_environment(match_file, monkeypatch):
    gin_default = run("new", "--dealer", "Ben", "Ann", "Ben")
    assert gin_default.stdout.startswith("new match in match.yaml:")
    assert run("deal", "--upcard", "KD").stdout.startswith("hand 1: Ben deals")
    monkeypatch.setenv("GIN_REF_MATCH", "other.yaml")
    run("new", "--dealer", "Ann", "Ann", "Ben")
    run("deal", "--upcard", "KD")
    assert tally(match_file.parent / "other.yaml")["hands"][0]["dealer"] == "Ann"
    assert run("verify").stdout == "other.yaml: ok, 1 hand\n"


# -- bad input: every command, exact error, exit code, file unchanged --------------------------------------

@pytest.fixture
def playing(match_file):
    gin(match_file, "new", "--dealer", "Ann", "Ann", "Ben")
    gin(match_file, "deal", "--upcard", "9H")
    return match_file


@pytest.mark.parametrize("args, message, code", [
    (["knock", "Cid", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 23)]],
     "unknown player 'Cid' (players: Ann, Ben)", 2),
    (["knock", "Ben", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 23)].replace("3C", "AS")], "AS in both hands", 2),
    (["knock", "Ben", *BASE.split(), "--defender", DEFENDER[(5, 23)]],
     "knocker's hand has 9 cards, expected 10 or 11", 2),
    (["knock", "Ben", *KNOCKER[5].split(), "--defender", "AH 7H QH"], "defender's hand has 3 cards, expected 10", 2),
    (["knock", "Ben", *KNOCKER[5].split(), "XX", "--defender", DEFENDER[(5, 23)]],
     "unknown card 'XX' (write rank A 2-10 J Q K (or T), then suit S H D C or ♠ ♥ ♦ ♣, any case: 10h, QS, t♥)", 2),
    (["knock", "Ben", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 23)], "--discard", "QD"],
     "discard QD is not in the knocker's hand", 2),
    (["knock", "Ben", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 23)], "--melds", "AS 2S 4H"],
     "not a meld: AS 2S 4H", 2),
    (["deal", "--upcard", "7D"], "hand 1 is still open: end it with 'knock' or 'dead' (or take it back with "
                                 "'undo') before dealing", 1),
])
def test_bad_input_with_a_hand_open(playing, args, message, code):
    refused(playing, args, message, code)


NO_HAND_KNOCK = ("no hand is open: deal one first (gin-ref deal --upcard CARD), or let this command deal it "
                 "(gin-ref knock --upcard CARD ...)")
NO_HAND_DEAD = ("no hand is open: deal one first (gin-ref deal --upcard CARD), or let this command deal it "
                "(gin-ref dead --upcard CARD)")


@pytest.mark.parametrize("args, message, code", [
    (["knock", "Ann", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 23)]],
     NO_HAND_KNOCK, 1),
    (["dead"], NO_HAND_DEAD, 1),
    (["deal", "--upcard", "1H"], "unknown card '1H' (write rank A 2-10 J Q K (or T), then suit S H D C or ♠ ♥ ♦ ♣, any case: 10h, QS, t♥)", 2),
    (["deal", "--upcard", "7D", "--dealer", "Cid"], "unknown player 'Cid' (players: Ann, Ben)", 2),
    (["undo"], "nothing to undo: no hand has been dealt", 1),
    (["new", "Ann", "Ben"], "{m} already holds a match (Ann v Ben, 0 hands, totals Ann 0, Ben 0): give --force to "
                            "start over in it, or another --match FILE", 1),
    (["new", "--rules", "three-player", "--force", "Ann", "Ben"], "the three-player rules need 3 players, not 2", 2),
    (["new", "--force", "Ann", "Ben", "Cid"], "the oklahoma rules need 2 players, not 3 (three players: "
                                             "--rules three-player)", 2),
    (["new", "--force", "--dealer", "Cid", "Ann", "Ben"], "unknown player 'Cid' (players: Ann, Ben)", 2),
    (["new", "--force", "--date", "May 1", "Ann", "Ben"], "bad date 'May 1': write YYYY-MM-DD", 2),
    (["new", "--force", "--box", "Ann", "Ann", "Ben"], "--box, --captain and --draw are for three players; "
                                                       "name the first dealer with --dealer", 2),
])
def test_bad_input_with_no_hand_open(match_file, args, message, code):
    gin(match_file, "new", "--dealer", "Ann", "Ann", "Ben")
    refused(match_file, args, message.format(m=match_file), code)


def test_a_deal_by_the_wrong_dealer_is_refused_and_kept(match_file):
    m = match_file
    gin(m, "new", "--dealer", "Ann", "Ann", "Ben")
    kept(m, ["deal", "--upcard", "7D", "--dealer", "Ben"], "Ben cannot deal hand 1: Ann deals (named at the start). "
                                                           "Recorded as an irregularity (hand 1); undo takes it back",
         {"kind": "wrong_dealer", "hand": 1, "player": "Ben"})
    text = m.read_text(encoding="utf-8")
    assert text.endswith("hands: []\nirregularities:\n- kind: wrong_dealer\n  hand: 1\n  player: Ben\n"
                         "corrections: []\nend: {hands: 0}\n")  # facts: the reason is worked out
    gin(m, "deal", "--upcard", "7D")
    data = tally(m)
    assert data["irregularities"] == [{"kind": "wrong_dealer", "hand": 1, "player": "Ben", "points": 0,
                                       "detail": "Ben cannot deal hand 1: Ann deals (named at the start)"}]
    assert "   1*  Ann" in gin(m, "tally").stdout
    assert "* hand 1: Ben's deal refused (Ben cannot deal hand 1: Ann deals (named at the start))\n" in \
        gin(m, "tally").stdout
    line = _line(m.read_text(encoding="utf-8"), "- kind: wrong_dealer")
    assert run("verify", m).stdout == (f"{m}: ok, 1 hand, 1 irregularity recorded\n  line {line}, hand 1: Ben's deal "
                                       "refused (Ben cannot deal hand 1: Ann deals (named at the start))\n")
    assert gin(m, "undo").stdout.startswith("took back hand 1: the deal")
    assert gin(m, "undo").stdout.startswith("took back hand 1: Ben's deal by the wrong dealer\n")
    assert "\nirregularities:" not in m.read_text(encoding="utf-8")
    assert run("verify", m).stdout == f"{m}: ok, 0 hands\n"


def _line(text, start):
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


DAMAGED = [  # (what, damage: text -> (damaged text, the error it gets))
    ("truncated", lambda text: (text[:text.index("  totals:")],
                                f"{{m}}:{text[:text.index('  totals:')].count(chr(10))}: the record has no end line "
                                "('end: {{hands: N}}' last): the file was cut short or its end deleted")),
    ("cut in a card list", lambda text: (text[:text.index("knocker_cards: [AS") + 20],
                                         f"{{m}}:{_line(text, '  knocker_cards:')}: invalid YAML: ")),
    ("version", lambda text: (text.replace("gin-ref-match/3\ndate", "gin-ref-match/4\ndate"),
                              "{m}:2: format gin-ref-match/4 is not supported: this gin-ref reads gin-ref-match/3")),
    ("binary", lambda text: ("\x00\x01garbage", "{m}:1: invalid YAML: character #x0000: ")),
    ("edited total", lambda text: (text.replace("totals: {Ann: 0, Ben: 18}", "totals: {Ann: 0, Ben: 28}"),
                                   f"{{m}}:{_line(text, '  totals:')}: hand 1: totals say Ann 0, Ben 28, but the "
                                   "hands add up to Ann 0, Ben 18 ('gin-ref verify' lists every problem)\n")),
]


@pytest.mark.parametrize("kind, damage", [d[:2] for d in DAMAGED], ids=[d[0] for d in DAMAGED])
@pytest.mark.parametrize("args", [["deal", "--upcard", "7D"], ["dead"], ["undo"], ["tally"], ["tally", "--json"],
                                  ["knock", "Ann", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 17)]]])
def test_a_damaged_file_is_refused_and_left_alone(match_file, kind, damage, args):
    m = match_file
    gin(m, "new", "--dealer", "Ann", "Ann", "Ben")
    gin(m, "deal", "--upcard", "9H")
    knock(m, "Ben", 5, 23)
    text, message = damage(m.read_text(encoding="utf-8"))
    m.write_text(text, encoding="utf-8")
    before = m.read_bytes()
    result = gin(m, *args, ok=False)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith("Error: " + message.format(m=m)) and result.stderr.count("\n") == 1
    assert m.read_bytes() == before


def test_missing_match_file(match_file):
    refused(match_file, ["tally"], f"no match file '{match_file}': start one with 'gin-ref new PLAYER PLAYER' "
                                   "(or name one with --match FILE)", 1)
    refused(match_file, ["deal", "--upcard", "7D"], f"no match file '{match_file}': start one with 'gin-ref new "
                                                    "PLAYER PLAYER' (or name one with --match FILE)", 1)


def test_a_second_writer_is_refused_at_the_command_line(playing):
    with open(playing.parent / f".{playing.name}.lock", "a+b") as held:  # the lock is .NAME.lock beside it
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        refused(playing, ["dead"], f"{playing} is being written by another gin-ref: try again when it is done", 1)
        assert gin(playing, "tally", "--json").exit_code == 0  # reading needs no lock


def test_writing_through_a_link_writes_the_real_record(match_file, tmp_path):
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "r.yaml"
    gin(real, "new", "--dealer", "Ann", "Ann", "Ben")
    match_file.symlink_to(os.path.join("real", "r.yaml"))
    assert gin(match_file, "deal", "--upcard", "7D").stdout.startswith("hand 1: Ann deals, upcard 7♦")
    assert match_file.is_symlink() and tally(real)["hands"][0]["upcard"] == "7D"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.yaml", "real"]  # no lock file beside the link
    assert sorted(p.name for p in real.parent.iterdir()) == [".r.yaml.lock", "r.yaml"]
    with open(real.parent / ".r.yaml.lock", "rb") as held:  # the lock is the real file's
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        refused(match_file, ["dead"], f"{match_file} is being written by another gin-ref: try again when it is done", 1)


def python_m(cwd, *args, env=None):
    """``python -m gin_ref`` in a process of its own: a command that would wait for ever is killed."""
    env = {**{k: v for k, v in os.environ.items() if k != "GIN_REF_MATCH"},
           "PYTHONPATH": os.pathsep.join(sys.path), **(env or {})}
    return subprocess.run([sys.executable, "-m", "gin_ref", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, env=env, timeout=60)


def test_a_pipe_or_a_device_is_refused_before_reading(tmp_path):
    os.mkfifo(tmp_path / "f.yaml")  # reading it waited for a writer for ever
    for args, env, error in [(["tally", "--match", "f.yaml"], None, "Error: f.yaml: not a regular file\n"),
                             (["deal", "--match", "f.yaml", "--upcard", "7D"], None, "Error: f.yaml: not a regular file\n"),
                             (["verify", "f.yaml"], None, "f.yaml: not a regular file\n"),
                             (["tally"], {"GIN_REF_MATCH": "/dev/zero"}, "Error: /dev/zero: not a regular file\n")]:
        result = python_m(tmp_path, *args, env=env)  # /dev/zero was read until memory ran out
        assert (result.returncode, result.stderr, result.stdout) == (1, error, ""), args
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.yaml"]


def test_a_folder_is_not_a_match_file(match_file, tmp_path):
    (tmp_path / "club").mkdir()
    club = tmp_path / "club"
    for folder, args, message in [
            (club, ["tally"], f"{club}: is a folder, not a match file"),
            (club, ["deal", "--upcard", "7D"], f"{club}: is a folder, not a match file"),
            (club, ["new", "Ann", "Ben"], f"{club}: is a folder, not a match file"),
            (club, ["new", "--force", "Ann", "Ben"], f"{club}: is a folder, not a match file"),
            ("club/", ["new", "Ann", "Ben"], "club/: is a folder, not a match file"),
            ("new/", ["new", "Ann", "Ben"], "new/: names a folder, not a match file: give a file name")]:
        result = gin(folder, *args, ok=False)
        assert (result.exit_code, result.stderr, result.stdout) == (1, f"Error: {message}\n", "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club"] and list((tmp_path / "club").iterdir()) == []


def test_a_refused_write_leaves_nothing_behind(match_file, tmp_path):
    missing = "no match file '{}': start one with 'gin-ref new PLAYER PLAYER' (or name one with --match FILE)"
    for where in ("x.yaml", "nowhere/x.yaml", "/nonexistent-gin-ref/x.yaml"):
        for args in (["deal", "--upcard", "7D"], ["dead"], ["undo"], ["knock", "Ann", *KNOCKER[5].split(),
                                                                        "--defender", DEFENDER[(5, 17)]]):
            refused(Path(where), args, missing.format(where), 1)
    refused(Path("nowhere/x.yaml"), ["new", "Ann", "Ben"], "cannot write nowhere/x.yaml: folder 'nowhere' does not exist", 1)
    refused(Path("m.yaml/x.yaml"), ["new", "Ann", "Ben"], "cannot write m.yaml/x.yaml: folder 'm.yaml' does not exist", 1)
    assert list(tmp_path.iterdir()) == []  # no x.yaml.lock, no temporary file


def test_an_empty_file_name_is_refused(match_file):
    gin(match_file, "new", "--dealer", "Ann", "Ann", "Ben")
    before = match_file.read_bytes()
    for args in (["tally"], ["verify"], ["deal", "--upcard", "7D"], ["new", "--force", "Ann", "Ben"]):
        result = run(args[0], "--match", "", *args[1:], ok=False)  # was: the default match.yaml, silently
        assert (result.exit_code, result.stderr, result.stdout) == (2, "Error: --match needs a file name\n", "")
    assert match_file.read_bytes() == before


@pytest.mark.parametrize("players, message", [
    (["Ann", "ann"], "player names 'Ann' and 'ann' differ only in case (a player is named ignoring case)"),
    (["--", "-Ann", "Ben"], "bad player name '-Ann': a name cannot start with '-' (it would be taken for an option)"),
    (["An\u202en", "Ben"], "bad player name 'An\\u202en': it holds an invisible character (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    (["Ann", "B\u200ben"], "bad player name 'B\\u200ben': it holds an invisible character (U+200B ZERO WIDTH SPACE)"),
    (["Ann", "Ben\u2028"], "bad player name 'Ben\\u2028': use 1 to 40 printable characters"),
    (["Ann", "x "], "bad player name 'x ': it starts or ends with a space (write the name without it)"),
    (["\u00a0Ann", "Ben"], "bad player name '\\xa0Ann': it starts or ends with a space (write the name without it)"),
], ids=["case", "dash", "rtl override", "zero width space", "line separator", "trailing space", "leading nbsp"])
def test_names_that_cannot_be_told_apart_or_typed_are_refused(match_file, players, message):
    refused(match_file, ["new", "--dealer", "Ann", *players], message, 2)
    assert not match_file.exists() and list(match_file.parent.iterdir()) == []


def test_an_alias_bomb_is_refused_by_every_command(match_file):
    gin(match_file, "new", "--dealer", "Ann", "Ann", "Ben")
    text = match_file.read_text(encoding="utf-8")
    line = len(text.splitlines()) + 1
    bomb = ['x0: &x0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    bomb += [f"x{i}: &x{i} [" + ", ".join([f"*x{i - 1}"] * 9) + "]" for i in range(1, 7)]  # small, should it go off
    match_file.write_text(text + "\n".join(bomb) + "\n", encoding="utf-8")
    message = f"{match_file}:{line}: anchors and aliases are not used in match files: write the value itself"
    for args in (["tally"], ["tally", "--json"], ["deal", "--upcard", "7D"], ["undo"]):
        refused(match_file, args, message, 1)
    result = run("verify", match_file, ok=False)
    assert (result.exit_code, result.stderr) == (1, message + "\n")


# -- verify ----------------------------------------------------------------------------------------------

def test_verify_reports_every_problem_with_its_line(match_file):
    m = match_file
    gin(m, "new", "--dealer", "Ann", "Ann", "Ben")
    for upcard, knocker, k, d in [("9H", "Ben", 5, 23), ("TD", "Ben", 5, 17)]:
        gin(m, "deal", "--upcard", upcard)
        knock(m, knocker, k, d)
    good = m.parent / "good.yaml"
    good.write_bytes(m.read_bytes())
    lines = m.read_text(encoding="utf-8").splitlines()
    at = {}
    for i, line in enumerate(lines):
        if line == "  points: 12":
            lines[i], at["points"] = "  points: 15", i + 1
        if line == "  dealer: Ben":
            lines[i], at["dealer"] = "  dealer: Ann", i + 1
    m.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("verify", good, m, ok=False)
    assert result.exit_code == 1
    assert result.stdout == f"{good}: ok, 2 hands\n"
    assert result.stderr == (
        f"{m}:{at['dealer']}: hand 2: dealer out of turn: Ann dealt, but Ben should deal (the winner of hand 1 "
        "deals)\n"
        f"{m}:{at['points']}: hand 2: points are 15, but the cards give 12 (knock: 17 − 5 = 12 to the knocker)\n")
    data = json.loads(run("verify", "--json", good, m, ok=False).stdout)
    assert data == {"ok": False, "files": [
        {"file": str(good), "ok": True, "hands": 2, "problems": [], "irregularities": []},
        {"file": str(m), "ok": False, "hands": 2, "problems": [
            {"line": at["dealer"], "message": "hand 2: dealer out of turn: Ann dealt, but Ben should deal (the "
                                              "winner of hand 1 deals)"},
            {"line": at["points"], "message": "hand 2: points are 15, but the cards give 12 (knock: 17 − 5 = 12 "
                                              "to the knocker)"}], "irregularities": []}]}


def test_verify_a_broken_file_and_a_rules_file(match_file):
    broken = match_file.parent / "broken.yaml"
    broken.write_text("format: gin-ref-match/1\nplayers: [Ann\n", encoding="utf-8")
    rules = match_file.parent / "club.yaml"
    rules.write_text("extends: classic\n", encoding="utf-8")
    result = run("verify", broken, rules, ok=False)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(f"{broken}:2: invalid YAML: while parsing a flow sequence")
    assert result.stderr.endswith(f"{rules}:1: not a gin-ref match record: no 'format: gin-ref-match/3'\n")


def test_verify_refuses_player_names_that_differ_only_in_case(match_file):
    gin(match_file, "new", "--dealer", "Ann", "Ann", "Ben")
    text = match_file.read_text(encoding="utf-8")
    line = text.splitlines().index("players: [Ann, Ben]") + 1
    match_file.write_text(text.replace("players: [Ann, Ben]", "players: [Ann, ann]"), encoding="utf-8")
    refused(match_file, ["new", "--force", "--dealer", "Ann", "Ann", "ann"],
            "player names 'Ann' and 'ann' differ only in case (a player is named ignoring case)", 2)
    result = run("verify", match_file, ok=False)
    assert (result.exit_code, result.stdout, result.stderr) == (
        1, "", f"{match_file}:{line}: players 'Ann' and 'ann' differ only in case (a player is named ignoring "
               "case)\n")


# -- a whole match on $GIN_REF_MATCH (through the installed command: tests/test_smoke_installed.py) ----------

def test_a_match_on_the_file_gin_ref_match_names_plays_and_refuses(tmp_path):
    env = {"GIN_REF_MATCH": "table.yaml"}

    def ok(cwd, *args, env=None):
        done = invoke(*args, cwd=cwd, env=env)
        assert (done.code, done.err) == (0, ""), (args, done)
        return done.out

    ok(tmp_path, "new", "--dealer", "Ben", "Ann", "Ben", env=env)
    assert ok(tmp_path, "deal", "--upcard", "TD", env=env) == ("hand 1: Ben deals, upcard 10♦\n"
                                                               "knock limit 10 (upcard 10♦)\n")
    before = (tmp_path / "table.yaml").read_bytes()
    bad = invoke("knock", "Ann", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 23)].replace("3C", "AS"),
                    cwd=tmp_path, env=env)
    assert (bad.code, bad.err, bad.out) == (2, "Error: AS in both hands\n", "")
    assert (tmp_path / "table.yaml").read_bytes() == before
    out = ok(tmp_path, "knock", "Ann", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 71)], env=env)
    assert "totals: Ann 66, Ben 0\nnext: Ann deals hand 2 (the winner" in out
    ok(tmp_path, "deal", "--upcard", "TS", env=env)
    out = ok(tmp_path, "knock", "Ann", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 35)], env=env)
    assert "totals: Ann 96, Ben 0\nnext: Ann deals hand 3" in out
    ok(tmp_path, "deal", "--upcard", "TH", env=env)
    ok(tmp_path, "knock", "Ann", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 23)], env=env)
    data = json.loads(ok(tmp_path, "tally", "--json", env=env))
    assert (data["winner"], data["final"], [h["dealer"] for h in data["hands"]]) == (
        "Ann", {"Ann": 114, "Ben": 0}, ["Ben", "Ann", "Ann"])
    late = invoke("deal", "--upcard", "2H", cwd=tmp_path, env=env)
    assert (late.code, late.err) == (1, "Error: the match is over (it ended with hand 3): no more deals\n")
    assert ok(tmp_path, "verify", "table.yaml") == "table.yaml: ok, 3 hands, over: Ann won 114 to 0\n"


# -- the end of the record: a cut file is refused, a /1 file is read and written as /2 ---------------------

def test_a_file_cut_inside_its_corrections_is_refused(match_file, sweep):
    """Issue 10's repro: knock, undo, knock again, lose the last 250 bytes; verify used to say ok. Every cut
    of the last 399 bytes under -m slow; every fourth (and the 250 of the repro) in the fast suite."""
    m = match_file
    gin(m, "new", "--dealer", "Ann", "Ann", "Ben")
    gin(m, "deal", "--upcard", "9H")
    knock(m, "Ben", 5, 23)
    gin(m, "undo")
    knock(m, "Ben", 5, 23)
    text = m.read_bytes()
    assert b"corrections:\n- kind: undo\n" in text
    for cut in range(1, 400, 1 if sweep.full else 4):
        (m.parent / "cut.yaml").write_bytes(text[:-cut])
        result = run("verify", m.parent / "cut.yaml", ok=False)
        assert result.exit_code == 1, cut
    (m.parent / "cut.yaml").write_bytes(text[:-250])
    before = (m.parent / "cut.yaml").read_bytes()
    assert gin(m.parent / "cut.yaml", "dead", ok=False).exit_code == 1
    assert (m.parent / "cut.yaml").read_bytes() == before  # the next write cannot make the loss permanent


def test_a_version_1_file_is_read_and_written_as_version_2_saying_so_once(match_file):
    m = match_file
    gin(m, "new", "--dealer", "Ann", "Ann", "Ben")
    gin(m, "deal", "--upcard", "9H")
    text = m.read_text(encoding="utf-8")
    old = text.replace("gin-ref-match/3", "gin-ref-match/1").replace("end: {hands: 1}\n", "")
    m.write_text(old, encoding="utf-8")
    assert run("verify", m).stdout == (f"{m}: ok, 1 hand\n  no seals: a gin-ref-match/1 record carries none (it is "
                                       "written as /3, sealed, at its next change)\n")
    assert json.loads(run("export", "--format", "json", m).stdout)["matches"][0]["record"]["format"] == \
        "gin-ref-match/1"
    first = knock(m, "Ben", 5, 23)
    assert first.stderr == (f"note: {m} is now in format gin-ref-match/3 (it was gin-ref-match/1; an older gin-ref "
                            "cannot read it: upgrade every gin-ref that writes this folder)\n")
    assert re.search(r"corrections: \[\]\nend: \{hands: 1, seal: '[0-9a-f]{16}'\}\n\Z", m.read_text(encoding="utf-8"))
    assert gin(m, "deal", "--upcard", "7D").stderr == ""  # said once
    assert run("verify", m).exit_code == 0


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace("end: {hands: 1}", "end: {hands: 2}"),
     "the end line says 2 hands but the record holds 1: hands were cut or deleted"),
    (lambda t: t + "# a note\n", "'end: {...}' must be the file's last line, with nothing after it"),
    (lambda t: t.replace("end: {hands: 1}", "end: {hands: 1, seal: x}"), "'end': the seal must be 16 hex digits, not 'x'"),
    (lambda t: t.replace("end: {hands: 1}", "end: {hands: 1, steps: 3}"), "unknown key 'steps' in 'end'"),
    (lambda t: t.replace("end: {hands: 1}", "end: 1"), "'end' must be {hands: N}, not 1"),
    (lambda t: t.replace("end: {hands: 1}\n", "end: {hands: 1}"), "the end line has no line break after it"),
    (lambda t: t.replace("end: {hands: 1}", "end:\n  hands: 1"), "'end: {...}' must be the file's last line"),
])
def test_a_hand_edited_end_line_is_refused(match_file, edit, message):
    m = match_file
    gin(m, "new", "--dealer", "Ann", "Ann", "Ben")
    gin(m, "deal", "--upcard", "9H")
    m.write_text(edit(m.read_text(encoding="utf-8")), encoding="utf-8")
    result = run("verify", m, ok=False)
    assert result.exit_code == 1 and message in result.stderr


# -- strict types and unknown keys (issue 10 items 6 and 8) ---------------------------------------------------

def _irregular_match(m):
    gin(m, "new", "--dealer", "Ann", "Ann", "Ben")
    gin(m, "deal", "--upcard", "7D")
    knock(m, "Ben", 5, 23)
    gin(m, "deal", "--upcard", "3H", "--dealer", "Ann", ok=False)  # Ben deals: refused and kept
    gin(m, "deal", "--upcard", "3H")
    gin(m, "knock", "Ben", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 23)], ok=False)  # over the limit
    return m.read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, message", [
    ("- number: 1\n", "- number: true\n", "hand 1 is numbered true"),
    ("- number: 1\n", "- number: 1.0\n", "hand 1 is numbered 1.0"),
    ("  limit: 7\n", "  limit: 7.0\n", "hand 1: limit is 7.0, but upcard 7♦ gives 7"),
    ("    points: 0\n", "    points: 0.0\n", "hand 2: the illegal knock's points are 0.0"),
    ("    player: Ben\n", "    player: Ben\n    seen_by: Cid\n", "hand 2: unknown key 'seen_by' in an irregularity"),
    ("  player: Ann\ncorr", "  player: Ann\n  extra: 1\ncorr", "unknown key 'extra' in an irregularity of the match"),
    ("  name: oklahoma\n", "  name: oklahoma\n  extra: 1\n", "unknown key 'extra' in 'rules'"),
])
def test_verify_compares_types_strictly_and_refuses_unknown_keys(match_file, old, new, message):
    text = _irregular_match(match_file)
    assert old in text
    match_file.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = run("verify", match_file, ok=False)
    assert result.exit_code == 1 and message in result.stderr, result.stderr
    assert json.loads(run("verify", "--json", match_file, ok=False).stdout)["ok"] is False


def test_verify_of_an_odd_irregularities_list_is_problems_not_a_crash(match_file):
    text = _irregular_match(match_file)
    odd = text.replace("  hand: 2\n", "  hand: 7\n").replace("corrections: []", "- oops\ncorrections: []")
    match_file.write_text(odd, encoding="utf-8")
    result = run("verify", match_file, ok=False)
    assert result.exit_code == 1 and result.stderr.splitlines()[-1].endswith(
        "an irregularity of the match holds kind, hand and player")
    data = json.loads(run("verify", "--json", match_file, ok=False).stdout)
    assert [p["message"] for p in data["files"][0]["problems"]] == [
        "a deal of hand 7 was refused, but only 2 hands are recorded",
        "an irregularity of the match holds kind, hand and player"]


def test_a_bad_value_inside_the_end_line_is_a_problem_at_its_line(match_file):
    gin(match_file, "new", "--dealer", "Ann", "Ann", "Ben")
    text = match_file.read_text(encoding="utf-8")
    match_file.write_text(text.replace("end: {hands: 0}", "end: {hands: .nan}"), encoding="utf-8")
    result = run("verify", match_file, ok=False)
    last = len(text.splitlines())
    assert result.exit_code == 1 and f":{last}: cannot read '.nan' as a number" in result.stderr


def test_new_says_what_the_file_holds_and_force_says_what_it_replaced(match_file):
    """(A new user's review: ``new --force`` wiped a match in progress without a word.)"""
    gin(match_file, "new", "--dealer", "Ann", "Ann", "Ben")
    gin(match_file, "knock", "--upcard", "9H", "Ann", "5", "--defender", "25")
    refused(match_file, ["new", "Cid", "Dee"], f"{match_file} already holds a match (Ann v Ben, 1 hand, totals Ann 20, "
            "Ben 0): give --force to start over in it, or another --match FILE", 1)
    done = gin(match_file, "new", "--force", "--dealer", "Cid", "Cid", "Dee")
    assert done.stderr == f"replaced the match {match_file} held (Ann v Ben, 1 hand, totals Ann 20, Ben 0)\n"
    assert done.stdout.startswith(f"new match in {match_file}: Cid v Dee")
    match_file.write_text("not a match\n", encoding="utf-8")  # a file that does not read: as before
    refused(match_file, ["new", "Ann", "Ben"], f"{match_file} already exists: give --force to start over in it, or "
            "another --match FILE", 1)
    assert gin(match_file, "new", "--force", "Ann", "Ben").stderr == ""

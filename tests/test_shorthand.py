"""Card shorthand (issue 11 item 2): runs ``7-JD`` and sets ``4HDC`` wherever several cards are read
(arguments, ``--input``, ``--melds``, the match commands), and every bad one refused naming the token."""

import json

import pytest

from gin_ref.core.cards import parse_cards
from gin_ref.core.errors import InvalidNotationError

from runs import invoke as run


def codes(text):
    return [card.code for card in parse_cards(text)]


@pytest.mark.parametrize("text, expected", [
    ("7-JD", ["7D", "8D", "9D", "TD", "JD"]),
    ("A-3♠", ["AS", "2S", "3S"]),
    ("10-KH", ["TH", "JH", "QH", "KH"]),
    ("t-kh", ["TH", "JH", "QH", "KH"]),
    ("7D-JD", ["7D", "8D", "9D", "TD", "JD"]),
    ("A-K♣", [f"{r}C" for r in "A23456789TJQK"]),
    ("4HDC", ["4H", "4D", "4C"]),
    ("KSHDC", ["KS", "KH", "KD", "KC"]),
    ("10♠♥♦", ["TS", "TH", "TD"]),
    ("4hdc", ["4H", "4D", "4C"]),
    ("A-3S, 4HDC 7C,8C;9C 5d", ["AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C", "5D"]),
])
def test_shorthand_reads_runs_and_sets_mixed_with_single_cards(text, expected):
    assert codes(text) == expected


@pytest.mark.parametrize("text, message", [
    ("Q-3S", "'Q-3S': a run goes up"),
    ("7-7D", "'7-7D': a run goes up"),
    ("7-8D", "'7-8D': a run has at least 3 cards"),
    ("7D-JS", "'7D-JS': a run is in one suit"),
    ("4HHC", "'4HHC': a suit is given twice"),
    ("A-3", "'A-3': write a run as LOW-HIGH and its suit"),
    ("7-JX", "'7-JX': write a run as LOW-HIGH and its suit"),
    ("ZZ", "unknown card 'ZZ'"),
])
def test_bad_shorthand_is_refused_naming_the_token(text, message):
    with pytest.raises(InvalidNotationError) as caught:
        parse_cards(text)
    assert str(caught.value).startswith(message)


def test_a_card_given_twice_through_shorthand_is_a_duplicate():
    with pytest.raises(InvalidNotationError, match="duplicate card 4H in hand"):
        parse_cards("4HDC 4H", what="hand")


def gin_ref(*args, cwd, stdin=None):
    return run(*args, cwd=cwd, input=stdin)


CHECK = """\
limit     7 (upcard 7♦)
melds     A♠ 2♠ 3♠ | 4♥ 4♦ 4♣ | 7♣ 8♣ 9♣
deadwood  5♦ = 5
verdict   legal: deadwood 5 within limit 7, 2 to spare (upcard 7♦)
"""


def test_check_takes_shorthand_as_arguments_and_in_melds(tmp_path):
    plain = gin_ref("check", "--upcard", "7D", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", cwd=tmp_path)
    short = gin_ref("check", "--upcard", "7D", "A-3S", "4HDC", "7-9C", "5D", cwd=tmp_path)
    assert (short.returncode, short.stdout, short.stderr) == (0, CHECK, "") and plain.stdout == CHECK
    declared = gin_ref("check", "--upcard", "7D", "--melds", "A-3S | 4hdc | 7-9c", "A-3S 4HDC 7-9C 5D", cwd=tmp_path)
    assert (declared.returncode, declared.stdout) == (0, CHECK)


def test_bad_shorthand_is_one_error_line_exit_2(tmp_path):
    result = gin_ref("check", "--upcard", "7D", "Q-3S", "4HDC", "7-9C", "5D", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("Error: 'Q-3S': a run goes up") and result.stderr.count("\n") == 1


def test_input_lines_take_shorthand(tmp_path):
    lines = "\n".join(json.dumps(case) for case in [
        {"upcard": "7D", "hand": "A-3S 4HDC 7-9C 5D"},
        {"upcard": "7D", "hand": ["A-3S", "4HDC", "7-9C", "5D"], "melds": ["A-3S", "4HDC", "7-9C"]},
        {"upcard": "7D", "hand": "A-3S 4HDC 7-8C 5D 9C"},
    ]) + "\n"
    result = gin_ref("check", "--input", "-", cwd=tmp_path, stdin=lines)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a.get("deadwood") for a in answers[:2]] == [5, 5]
    assert answers[2] == {"line": 3, "error": "'7-8C': a run has at least 3 cards"}
    assert result.returncode == 2


def test_score_and_knock_take_shorthand(tmp_path):
    score = gin_ref("score", "--upcard", "KH", "--knocker", "A-3S 4HDC 7-9C 6D", "--defender",
                    "5SHC 10-QH 2D 3D 4S AC", "--json", cwd=tmp_path)
    data = json.loads(score.stdout)
    assert (data["result"], data["points"]) == ("undercut", 10)
    assert data["defender"]["layoffs"] == [{"card": "4S", "onto": ["AS", "2S", "3S"]}]
    assert gin_ref("new", "--dealer", "Ann", "Ann", "Ben", cwd=tmp_path).returncode == 0
    knock = gin_ref("knock", "--upcard", "9H", "Ben", "A-3S", "4HDC", "7-9C", "5D", "--defender",
                    "AH 7H QH 2D 7-JD 3C", cwd=tmp_path)
    assert knock.returncode == 0, knock.stderr
    assert "score: knock: 23 − 5 = 18 to the knocker (Ben)" in knock.stdout
    tally = json.loads(gin_ref("tally", "--json", cwd=tmp_path).stdout)
    assert tally["totals"] == {"Ann": 0, "Ben": 18}

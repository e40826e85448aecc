"""`gin-ref check` and `gin-ref score` through the CLI: whole outputs, exit codes, bad input."""

import json

import pytest
from click.testing import CliRunner

from gin_ref.cli import main

from runs import invoke as run

K1, D1 = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "KH QD JS 9H 6D 3H 6S TD 5C 2H"
K2, D2 = "AS 2S 3S 4H 4D 4C 7C 8C 9C 6D", "5H 5S 5C TH JH QH 2D 3D 4S AC"


def test_check_legal_text():
    result = run("check", "--upcard", "7D", K1)
    assert result.exit_code == 0
    assert result.stdout == (
        "limit     7 (upcard 7♦)\n"
        "melds     A♠ 2♠ 3♠ | 4♥ 4♦ 4♣ | 7♣ 8♣ 9♣\n"
        "deadwood  5♦ = 5\n"
        "verdict   legal: deadwood 5 within limit 7, 2 to spare (upcard 7♦)\n"
    )


def test_check_json_fields():
    result = run("check", "--json", "--upcard", "7D", K1)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "limit": 7, "legal": True, "gin": False, "big_gin": False, "deadwood": 5,
        "melds": [["AS", "2S", "3S"], ["4H", "4D", "4C"], ["7C", "8C", "9C"]],
        "deadwood_cards": ["5D"], "discard": None,
        "verdict": "legal: deadwood 5 within limit 7, 2 to spare (upcard 7♦)",
    }


def test_check_not_legal_exits_1_with_margin():
    result = run("check", "--upcard", "3H", "as", "2s", "3s", "4h", "4d", "4c", "7c", "8c", "9c", "10d")
    assert result.exit_code == 1
    assert "verdict   not legal: deadwood 10 exceeds limit 3 (upcard 3♥)" in result.stdout


def test_check_eleven_cards_names_discard():
    result = run("check", "--json", "--upcard", "7D", K1 + " 6H")
    data = json.loads(result.stdout)
    assert (data["discard"], data["deadwood"], result.exit_code) == ("6H", 5, 0)


def test_check_named_discard_and_declared_melds():
    result = run("check", "--json", "--upcard", "KD", "--discard", "5D", "--melds", "AS 2S 3S | 7C 8C 9C",
                 K1 + " 6H")
    data = json.loads(result.stdout)
    assert data["melds"] == [["AS", "2S", "3S"], ["7C", "8C", "9C"]]
    assert data["deadwood_cards"] == ["4H", "6H", "4D", "4C"]
    assert (data["deadwood"], data["legal"], result.exit_code) == (18, False, 1)


def test_check_ace_upcard_gin_rule(tmp_path):
    club = tmp_path / "club.yaml"
    club.write_text("extends: oklahoma\nace_upcard: gin\n")
    hand = "2S 3S 4S 5H 5D 5C 7C 8C 9C AC"
    assert run("check", "--upcard", "AH", hand).exit_code == 0
    result = run("check", "--rules", str(club), "--upcard", "AH", hand)
    assert result.exit_code == 1
    assert "an ace up means gin only" in result.stdout


@pytest.mark.parametrize("args, message", [
    (("check", "--upcard", "7D", "AS 2S 3S 4H 4D 4C 7C 8C 9C XX"), "Error: unknown card 'XX'"),
    (("check", "--upcard", "7D", "AS 2S 3S 4H 4D 4C 7C 8C 9C"), "Error: hand has 9 cards, expected 10 or 11"),
    (("check", "--upcard", "7D", "AS AS 3S 4H 4D 4C 7C 8C 9C 5D"), "Error: duplicate card AS in hand"),
    (("check", "--upcard", "ZZ", K1), "Error: unknown card 'ZZ'"),
    (("check", "--rules", "nosuch", "--upcard", "7D", K1), "Error: unknown rules 'nosuch'"),
    (("score", "--upcard", "7D", "--knocker", K1, "--defender", K1), "Error: AS, 2S, 3S, 4H, 4D, 4C, 7C, 8C, 9C, 5D in both hands"),
    (("score", "--upcard", "7D", "--knocker", K1, "--defender", "KH QD"), "Error: defender's hand has 2 cards, expected 10"),
    (("check", "--upcard", "7D", "--melds", "AS 2S 4S", K1), "Error: not a meld: AS 2S 4S"),
])
def test_bad_input_is_one_error_line(args, message):
    result = run(*args)
    assert result.exit_code in (1, 2)
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


def test_bad_input_exit_codes():
    assert run("check", "--upcard", "7D", "AS").exit_code == 2
    assert run("check", "--upcard", "7D", "--melds", "AS 2S 4S", K1).exit_code == 2
    assert run("check", "--upcard", "7D", "--melds", "|", K1).exit_code == 2
    assert run("check", K1).exit_code == 2  # missing --upcard


def test_score_text_shows_layoff_and_arithmetic():
    result = run("score", "--upcard", "KH", "--knocker", K2, "--defender", D2)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "upcard K♥, knock limit 10 (upcard K♥)"
    assert "4♠ → A♠ 2♠ 3♠" in result.stdout
    assert result.stdout.endswith("score: undercut: 6 ≥ 6 → 10 + 0 = 10 to the defender\n")


def test_score_json_contract():
    result = run("score", "--json", "--upcard", "7D", "--knocker", K1, "--defender", D1)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["result"] == "knock" and data["winner"] == "knocker" and data["points"] == 66
    assert data["knocker"] == {"melds": [["AS", "2S", "3S"], ["4H", "4D", "4C"], ["7C", "8C", "9C"]],
                               "deadwood_cards": ["5D"], "deadwood": 5, "discard": None}
    assert data["defender"]["layoffs"] == [] and data["defender"]["deadwood"] == 71


def test_score_illegal_knock_exits_1_with_reason():
    result = run("score", "--upcard", "3D", "--knocker", K1, "--defender", D1)
    assert result.exit_code == 1
    assert result.stderr == "Error: knock not allowed: deadwood 5 exceeds limit 3 (upcard 3♦)\n"


def test_check_input_lines_answer_each_in_order():
    lines = "\n".join([
        json.dumps({"upcard": "7D", "hand": K1}),
        "not json",
        json.dumps({"upcard": "2D", "hand": K1}),
        "",
        json.dumps({"upcard": "7D", "hand": "AS"}),
    ]) + "\n"
    result = run("check", "--input", "-", input=lines)
    rows = [json.loads(x) for x in result.stdout.splitlines()]
    assert len(rows) == 5  # every line answered, a blank one too (#24 item 20)
    assert rows[0]["legal"] is True
    assert rows[1]["line"] == 2 and rows[1]["error"].startswith("not JSON")
    assert rows[2]["legal"] is False
    assert rows[3] == {"line": 4, "error": "blank line: no case"}
    assert rows[4] == {"line": 5, "error": "hand has 1 card, expected 10 or 11"}
    assert result.exit_code == 2


def test_score_input_lines(tmp_path):
    path = tmp_path / "cases.jsonl"
    path.write_text(json.dumps({"upcard": "7D", "knocker": K1, "defender": D1}) + "\n"
                    + json.dumps({"upcard": "2D", "knocker": K1, "defender": D1}) + "\n")
    result = run("score", "--input", str(path))
    rows = [json.loads(x) for x in result.stdout.splitlines()]
    assert rows[0]["points"] == 66
    assert rows[1] == {"line": 2, "error": "knock not allowed: deadwood 5 exceeds limit 2 (upcard 2♦)"}
    assert result.exit_code == 1


@pytest.mark.parametrize("line, error", [
    (b"\xff\xfe x", "not UTF-8 text"),
    (b'{"upcard": ' + b"[" * 100000 + b"]" * 100000 + b"}", "not a case: nested too deeply"),
    (b"[1, 2]", "a case must be a JSON object"),
    (b"{}", "missing 'upcard'"),
    (b'{"upcard": "7D"}', "missing 'hand'"),
    (b'{"upcard": "7D", "hand": 5}', "'hand' must be text or a list of cards, not a number"),
    (b'{"upcard": "7D", "upcard": "8D", "hand": "AS"}', "key 'upcard' given twice"),
    (b'{"upcard": "7D", "hand": "AS", "extra": 1}', "unknown key 'extra' (expected upcard, hand, melds, discard)"),
])
def test_check_input_bad_lines_are_answered_in_place(line, error):
    result = CliRunner().invoke(main, ["check", "--input", "-"],
                                input=line + b"\n" + json.dumps({"upcard": "7D", "hand": K1}).encode() + b"\n")
    rows = [json.loads(x) for x in result.stdout.splitlines()]
    assert rows[0] == {"line": 1, "error": error}
    assert rows[1]["legal"] is True
    assert result.exit_code == 2


def test_check_input_accepts_card_lists_and_meld_lists():
    case = {"upcard": "7D", "hand": K1.split(), "melds": [["AS", "2S", "3S"], "4H 4D 4C"]}
    result = run("check", "--input", "-", input=json.dumps(case) + "\n")
    assert json.loads(result.stdout)["deadwood"] == 29  # 7C 8C 9C (24) and 5D (5) left out of the melds

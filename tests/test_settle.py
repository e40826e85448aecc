"""``gin_ref.views.settle`` and ``gin-ref settle``: every amount below was worked out by hand from the final
scores of the shipped examples (tests/test_export.py's FINAL) and of small matches made in memory."""

import json
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.desk.reading import read_matches
from gin_ref.core.errors import InvalidNotationError
from gin_ref.views.settle import money, parse_stake, settle, settle_data, settle_json, settling_payments

from matchviews import make_view
from runs import invoke

ROOT = Path(__file__).resolve().parent.parent
OKLAHOMA, SPADES = "examples/oklahoma.yaml", "examples/spades.yaml"
THREE, HOLLYWOOD = "examples/three-player.yaml", "examples/hollywood.yaml"
EVENING = [OKLAHOMA, SPADES, THREE, HOLLYWOOD]


@pytest.fixture
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def views_of(*files):
    views, skipped = read_matches(files)
    assert skipped == []
    return views


def payments(items):
    return [(p.payer, p.payee, p.amount, p.game) for p in items]


def open_match(file="open.yaml"):
    """Ann leads Dee 40 to 0, not finished."""
    return make_view(file, "2024-06-09", ["Ann", "Dee"], [("Dee", "7D", 7, "knock", "Ann", "Ann", 40, 3)])


def test_two_players_the_loser_pays_the_difference_of_the_final_scores(at_root):
    # oklahoma: Ann 151, Ben 71 -> Ben pays Ann 80 points
    s = settle(views_of(OKLAHOMA), Decimal("2"))
    assert payments(s.matches[0].payments) == [("Ben", "Ann", Decimal("160"), None)]
    assert s.net == {"Ann": Decimal("160"), "Ben": Decimal("-160")}
    assert payments(s.payments) == [("Ben", "Ann", Decimal("160"), None)]


def test_hollywood_pays_game_by_game_with_each_games_bonuses(at_root):
    # game finals (bonuses in): 1: Ben 118, Cid 291; 2: Ben 172, Cid 295; 3: Ben 309, Cid 147
    s = settle(views_of(HOLLYWOOD))
    assert payments(s.matches[0].payments) == [("Ben", "Cid", 173, 1), ("Ben", "Cid", 123, 2),
                                               ("Cid", "Ben", 162, 3)]
    assert s.net == {"Ben": -134, "Cid": 134}  # 173 + 123 - 162
    assert payments(s.payments) == [("Ben", "Cid", 134, None)]


def test_three_players_settle_each_pair_by_their_final_scores(at_root):
    # Ann 154, Ben 24, Cid 73: Ben pays Ann 130, Cid pays Ann 81, Ben pays Cid 49
    s = settle(views_of(THREE))
    assert payments(s.matches[0].payments) == [("Ben", "Ann", 130, None), ("Cid", "Ann", 81, None),
                                               ("Ben", "Cid", 49, None)]
    assert s.net == {"Ann": 211, "Ben": -179, "Cid": -32}
    assert payments(s.payments) == [("Ben", "Ann", 179, None), ("Cid", "Ann", 32, None)]


def test_an_evening_at_a_stake_with_cents_leaves_the_unfinished_match_out(at_root):
    views = views_of(*EVENING) + [open_match()]
    s = settle(views, parse_stake("0.05"))
    # points: Ann +80 +65 +130 +81 = 356; Ben -80 -130 -49 -173 -123 +162 = -393; Cid -65 -81 +49 +173
    # +123 -162 = 37; Dee is only in the open match, so not in the net
    assert s.net == {"Ann": Decimal("17.80"), "Ben": Decimal("-19.65"), "Cid": Decimal("1.85")}
    assert payments(s.payments) == [("Ben", "Ann", Decimal("17.80"), None), ("Ben", "Cid", Decimal("1.85"), None)]
    assert [str(a) for m in s.matches for a in (p.amount for p in m.payments)] == [
        "4.00", "3.25", "6.50", "4.05", "2.45", "8.65", "6.15", "8.10"]
    assert s.unfinished == (("open.yaml", ["Ann", "Dee"]),)
    assert [m.file for m in s.matches] == EVENING


def test_json_amounts_are_exact_numbers_with_the_stakes_decimals(at_root):
    text = settle_json(settle(views_of(OKLAHOMA, THREE) + [open_match()], parse_stake("0.10")))
    assert '"amount": 8.00}' in text and '"Cid": -3.20' in text
    data = json.loads(text, parse_float=Decimal)
    assert data == {
        "matches": [
            {"file": OKLAHOMA, "payments": [{"from": "Ben", "to": "Ann", "amount": Decimal("8.00")}]},
            {"file": THREE, "payments": [{"from": "Ben", "to": "Ann", "amount": Decimal("13.00")},
                                         {"from": "Cid", "to": "Ann", "amount": Decimal("8.10")},
                                         {"from": "Ben", "to": "Cid", "amount": Decimal("4.90")}]}],
        "net": {"Ann": Decimal("29.10"), "Ben": Decimal("-25.90"), "Cid": Decimal("-3.20")},
        "payments": [{"from": "Ben", "to": "Ann", "amount": Decimal("25.90")},
                     {"from": "Cid", "to": "Ann", "amount": Decimal("3.20")}],
        "unfinished": [{"file": "open.yaml", "players": ["Ann", "Dee"]}],
    }


def test_names_are_matched_without_case_and_a_tie_pays_nothing():
    first = make_view("a.yaml", "2024-01-01", ["Ann", "Ben"], [], winner="Ann", final={"Ann": 120, "Ben": 20})
    second = make_view("b.yaml", "2024-01-02", ["BEN", "ann"], [], winner="BEN", final={"BEN": 150, "ann": 100})
    tie = make_view("c.yaml", "2024-01-03", ["ann", "ben"], [], finished=True, final={"ann": 100, "ben": 100})
    s = settle([first, second, tie])
    assert s.net == {"ann": 50, "Ben": -50}  # 'ann' in two matches, 'Ann' in one; 'Ben' first met on a tie
    assert payments(s.matches[1].payments) == [("ann", "Ben", 50, None)]
    assert s.matches[2].payments == ()


def test_few_payments_settle_any_net():
    net = {"A": Decimal("5"), "B": Decimal("3"), "C": Decimal("-6"), "D": Decimal("-2"), "E": Decimal("0")}
    # largest debtor to largest creditor: C pays A 5; then D (owing 2) pays B 2; then C pays B his last 1
    assert payments(settling_payments(net)) == [("C", "A", 5, None), ("D", "B", 2, None), ("C", "B", 1, None)]
    assert settling_payments({"A": Decimal(0), "B": Decimal(0)}) == []


@pytest.mark.parametrize("text, value", [("1", "1"), ("2.50", "2.50"), ("0.05", "0.05"), (" 3 ", "3")])
def test_a_stake_keeps_its_decimals(text, value):
    assert str(parse_stake(text)) == value


@pytest.mark.parametrize("text", ["", "0", "0.00", "-1", "abc", "1e3", "NaN", "inf", "1,50", ".5", "1.", "1.1234567"])
def test_a_bad_stake_is_refused(text):
    with pytest.raises(InvalidNotationError, match="bad stake"):
        parse_stake(text)


@pytest.mark.parametrize("amount, currency, sign, text", [
    (Decimal("4.00"), "", False, "4.00"), (Decimal("4.00"), "$", False, "$4.00"),
    (Decimal("-4.00"), "€", True, "-€4.00"), (Decimal("4.5"), "EUR", True, "+4.5 EUR"),
    (Decimal("0.00"), "", True, "0.00"),
])
def test_money(amount, currency, sign, text):
    assert money(amount, currency, sign) == text


# -- the command -------------------------------------------------------------------------------------------

def run(*args):
    return invoke("settle", *args)


def test_settle_prints_each_match_the_net_and_the_payments(at_root, tmp_path):
    result = run("--stake", "0.05", "--currency", "$", *EVENING)
    assert result.exit_code == 0, result.output
    assert result.stdout == """\
stake $0.05 a point

examples/oklahoma.yaml (2024-03-02, final Ann 151, Ben 71)
  Ben pays Ann $4.00 (80 points)

examples/spades.yaml (2024-04-13, final Ann 111, Cid 46)
  Cid pays Ann $3.25 (65 points)

examples/three-player.yaml (2024-05-18, final Ann 154, Ben 24, Cid 73)
  Ben pays Ann $6.50 (130 points)
  Cid pays Ann $4.05 (81 points)
  Ben pays Cid $2.45 (49 points)

examples/hollywood.yaml (2024-06-08, final Ben 599, Cid 733)
  game 1: Ben pays Cid $8.65 (173 points)
  game 2: Ben pays Cid $6.15 (123 points)
  game 3: Cid pays Ben $8.10 (162 points)

net:
  Ann  +$17.80
  Ben  -$19.65
  Cid   +$1.85

to settle:
  Ben pays Ann $17.80
  Ben pays Cid $1.85
"""


def test_settle_json_from_the_command(at_root):
    result = run("--json", OKLAHOMA)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"matches": [{"file": OKLAHOMA, "payments": [
        {"from": "Ben", "to": "Ann", "amount": 80}]}], "net": {"Ann": 80, "Ben": -80},
        "payments": [{"from": "Ben", "to": "Ann", "amount": 80}], "unfinished": []}


def test_settle_names_an_unfinished_match_and_settles_nothing(tmp_path):
    match = tmp_path / "m.yaml"
    assert CliRunner().invoke(main, ["new", "--match", str(match), "--dealer", "Ann", "Ann", "Ben"]).exit_code == 0
    result = run(str(match))
    assert result.exit_code == 0
    assert result.stdout == (f"stake 1 a point\n\nleft out, not finished:\n  {match} (Ann, Ben)\n\n"
                             "nothing to settle: no finished match\n")
    data = json.loads(run("--json", "--stake", "0.05", str(match)).stdout)
    assert data == {"matches": [], "net": {}, "payments": [],
                    "unfinished": [{"file": str(match), "players": ["Ann", "Ben"]}]}


@pytest.mark.parametrize("stake", ["abc", "-2", "0"])
def test_settle_refuses_a_bad_stake_in_one_line(at_root, stake):
    result = run("--stake", stake, OKLAHOMA)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"Error: bad stake '{stake}': expected an amount above 0 such as 1, 2.50 or 0.05\n"


def test_settle_refuses_a_damaged_match(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: gin-ref-match/1\nplayers: [Ann\n", encoding="utf-8")
    result = run(str(bad))
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: {bad}")
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.output


def test_settle_data_lists_match_payments_in_order(at_root):
    data = settle_data(settle(views_of(HOLLYWOOD)))
    assert [p["game"] for p in data["matches"][0]["payments"]] == [1, 2, 3]


def test_settle_takes_a_folder_of_matches(at_root):
    result = run("--json", "--stake", "0.05", "examples")
    assert result.exit_code == 0
    data = json.loads(result.stdout, parse_float=Decimal)
    assert sorted(m["file"] for m in data["matches"]) == sorted(EVENING)  # the rules file is passed over
    assert data["net"] == {"Ben": Decimal("-19.65"), "Cid": Decimal("1.85"), "Ann": Decimal("17.80")}

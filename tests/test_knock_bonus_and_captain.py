"""Issue 41 items 2-4: the knock bonus (docs/rules.md §10.9), the captain dealing for three players
(§10.2), and the upcard that `check` and `score` ask for only where the rules use it. The figures are
worked by hand from the rules."""

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.core.cards import Card
from gin_ref.core.errors import RulesError
from gin_ref.core.rules import make_rules
from gin_ref.core.scoring import hand_score


def gin(*args, **kwargs):
    return CliRunner().invoke(main, [str(a) for a in args], **kwargs)


KNOCKER = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"  # deadwood 5 (the 5♦)
DEFENDER_13 = "JH JD JS QH QD QS AH AD 2D 9H"  # J J J, Q Q Q; A♥ A♦ 2♦ 9♥ = 13, nothing lays off


# -- knock_bonus ----------------------------------------------------------------------------------------

def bonus_rules(**knobs):
    return make_rules({"knock_limit": 10, "knock_bonus": 15, **knobs}, "bonus")


@pytest.mark.parametrize("k, d, gin_, knobs, result, winner, score", [
    (5, 13, False, {}, "knock", "knocker", 23),  # 15 + (13 − 5): worldclubgames' example
    (5, 13, False, {"knock_bonus": 0}, "knock", "knocker", 8),  # the default: the difference alone
    (0, 13, True, {}, "gin", "knocker", 38),  # 25 + 13: no knock bonus on a gin
    (9, 5, False, {}, "undercut", "defender", 14),  # 10 + 4: nor on an undercut
    (5, 5, False, {}, "undercut", "defender", 10),  # a tie is an undercut by default
    (5, 5, False, {"knock_tie": "knocker"}, "knock", "knocker", 0),  # a tie given to the knocker: 0, no bonus
    (5, 5, False, {"knock_tie": "nobody"}, "tie", "nobody", 0),
])
def test_the_knock_bonus_goes_on_a_plain_knock_only(k, d, gin_, knobs, result, winner, score):
    scored = hand_score(k, d, bonus_rules(**knobs), None, gin=gin_)
    assert (scored.result, scored.winner, scored.score) == (result, winner, score)


def test_the_knock_bonus_is_doubled_with_the_hand_and_said_in_the_arithmetic():
    rules = bonus_rules(spade_double=True)
    assert hand_score(5, 13, rules, Card.parse("6S")).score == 46  # (15 + 8) × 2
    assert hand_score(5, 13, rules, Card.parse("6H")).score == 23
    assert hand_score(5, 13, rules, Card.parse("6S")).arithmetic == \
        "knock: 15 + (13 − 5) = 23, doubled for a spade upcard = 46 to the knocker"
    assert hand_score(5, 13, make_rules({"knock_limit": 10}), None).arithmetic == "knock: 13 − 5 = 8 to the knocker"


def test_the_knock_bonus_is_kept_in_a_snapshot_only_when_set_and_checked():
    assert "knock_bonus" not in make_rules({"knock_limit": 10}).snapshot()
    assert bonus_rules().snapshot()["knock_bonus"] == 15
    with pytest.raises(RulesError, match="house rule 'knock_bonus' must be 0 to 10000, not -1"):
        make_rules({"knock_bonus": -1})


def test_a_match_with_a_knock_bonus_and_an_illegal_knock(tmp_path):
    rules = tmp_path / "bonus.yaml"
    rules.write_text("extends: standard\nknock_bonus: 15\nillegal_knock: penalty\n")
    m = tmp_path / "m.yaml"
    assert gin("new", "Ann", "Ben", "--rules", rules, "--dealer", "Ann", "--match", m).exit_code == 0
    # the illegal knock is scored as the rules score it: refused, the penalty to Ann, no knock bonus
    illegal = gin("knock", "Ben", "12", "23", "--illegal", "--match", m)
    assert illegal.exit_code == 1 and "10 penalty points to Ann" in illegal.stderr
    knock = gin("knock", "Ben", KNOCKER, "--defender", DEFENDER_13, "--match", m)
    assert knock.exit_code == 0, knock.output
    assert "score: knock: 15 + (13 − 5) = 23 to the knocker (Ben)" in knock.stdout
    assert "totals: Ann 10, Ben 23" in knock.stdout
    assert gin("verify", "--match", m).exit_code == 0


def test_what_if_names_the_knock_bonus(tmp_path):
    rules = tmp_path / "bonus.yaml"
    rules.write_text("extends: standard\nknock_bonus: 15\n")
    m = tmp_path / "m.yaml"
    assert gin("new", "Ann", "Ben", "--rules", "standard", "--dealer", "Ann", "--match", m).exit_code == 0
    assert gin("knock", "Ben", "5", "13", "--match", m).exit_code == 0
    out = gin("tally", "--what-if", rules, "--match", m)
    assert out.exit_code == 0, out.output
    assert "knock bonus 15, not 0" in out.stdout


# -- next_dealer: captain -------------------------------------------------------------------------------

@pytest.fixture
def captain_match(tmp_path):
    rules = tmp_path / "captain.yaml"
    rules.write_text("extends: three-player\nnext_dealer: captain\n")
    m = tmp_path / "t.yaml"
    # the draw: Ann's K♠ the highest (the box), Ben's 7♥ the second lowest (captain: he deals), Cid sits out
    out = gin("new", "Ann", "Ben", "Cid", "--rules", rules, "--draw", "Ann=KS", "--draw", "Ben=7H",
              "--draw", "Cid=2D", "--match", m)
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines()[1] == ("hand 1: Ann in the box, Ben captain (deals), Cid sits out (from the draw: "
                                          "Ann K♠, Ben 7♥, Cid 2♦)")
    return m


def test_the_captain_deals_every_hand_and_the_box_has_the_first_option(captain_match):
    m = captain_match
    deal = gin("deal", "--upcard", "7D", "--match", m)
    assert deal.stdout.splitlines()[0] == "hand 1: Ben (captain) deals to Ann (box); Cid sits out, upcard 7♦"
    assert "no turns recorded: Ann has the first option on the upcard 7♦" in gin("tally", "--match", m).stdout
    # Ben (captain) beats the box: Ben goes into the box, Cid who sat out comes in and deals to him
    knock = gin("knock", "Ben", "8", "--defender", "20", "--match", m)
    assert knock.stdout.splitlines()[-1] == ("next: hand 2, Ben in the box, Cid captain (deals), Ann sits out "
                                             "(Ben beat the box and goes into it; Ann sits out)")
    wrong = gin("deal", "--upcard", "7D", "--dealer", "Ben", "--match", m)
    assert wrong.exit_code == 1
    assert wrong.stderr == ("Error: Ben cannot deal: Cid is the captain (the player coming in), and the captain "
                            "deals every hand. Recorded as an irregularity (hand 2); undo takes it back\n")
    # a dead hand: the roles stay, the same captain deals again
    assert gin("dead", "--upcard", "3C", "--match", m).exit_code == 0
    again = gin("deal", "--upcard", "5H", "--dealer", "Cid", "--match", m)
    assert again.exit_code == 0, again.output
    assert again.stdout.splitlines()[0] == "hand 3: Cid (captain) deals to Ben (box); Ann sits out, upcard 5♥"
    assert gin("verify", "--match", m).exit_code == 0


def test_verify_names_a_box_player_who_dealt_under_captain(captain_match):
    m = captain_match
    assert gin("deal", "--upcard", "7D", "--match", m).exit_code == 0
    m.write_text(m.read_text().replace("dealer: Ben", "dealer: Ann"))
    out = gin("verify", "--match", m)
    assert out.exit_code == 1
    assert "hand 1: Ann dealt, but the captain Ben deals every hand" in out.stdout + out.stderr


def test_under_the_eleven_card_deal_the_box_is_dealt_eleven(tmp_path):
    rules = tmp_path / "captain11.yaml"
    rules.write_text("extends: three-player\nnext_dealer: captain\ndeal: eleven\n")
    m = tmp_path / "t.yaml"
    assert gin("new", "Ann", "Ben", "Cid", "--rules", rules, "--box", "Ann", "--captain", "Ben",
               "--match", m).exit_code == 0
    deal = gin("deal", "--match", m)
    assert deal.stdout.splitlines()[0] == ("hand 1: Ben (captain) deals to Ann (box); Cid sits out, no upcard: Ann "
                                           "holds 11 cards and discards first")
    assert gin("discard", "Ben", "7C", "--match", m).exit_code == 1  # not Ben's turn: Ann discards first
    assert gin("discard", "Ann", "7C", "--match", m).exit_code == 0


def test_the_captain_deals_only_for_three_players():
    with pytest.raises(RulesError, match="next_dealer: captain is only for three players"):
        make_rules({"next_dealer": "captain"})
    assert make_rules({"players": 3, "knock_limit": 10, "next_dealer": "captain"}).next_dealer == "captain"


def test_the_sheet_names_the_captain(captain_match):
    out = gin("export", "--format", "markdown", captain_match)
    assert "- house rules: the captain (the player coming in) deals each hand and plays the box" in out.stdout


# -- check and score: the upcard where the rules use it -------------------------------------------------

def test_check_and_score_need_no_upcard_under_a_fixed_limit():
    check = gin("check", "--rules", "standard", *KNOCKER.split())
    assert (check.exit_code, check.stdout.splitlines()[0]) == (0, "limit     10 (house rules)")
    score = gin("score", "--rules", "standard", "--knocker", KNOCKER, "--defender", DEFENDER_13)
    assert score.exit_code == 0, score.output
    assert score.stdout.splitlines()[0] == "knock limit 10 (house rules)"
    assert score.stdout.splitlines()[-1] == "score: knock: 13 − 5 = 8 to the knocker"


@pytest.mark.parametrize("command", [["check", *KNOCKER.split()],
                                     ["score", "--knocker", KNOCKER, "--defender", DEFENDER_13]])
def test_an_upcard_is_asked_for_where_the_rules_use_it(tmp_path, command):
    out = gin(*command)  # oklahoma: knock_limit upcard
    assert out.exit_code == 2
    assert out.stderr == (f"Error: missing option '--upcard' (the rules use it: knock_limit: upcard) (see 'gin-ref "
                          f"{command[0]} --help')\n")
    rules = tmp_path / "spades.yaml"
    rules.write_text("extends: standard\nspade_double: true\n")  # a fixed limit, but a spade doubles
    spade = gin(*command, "--rules", rules)
    assert spade.exit_code == 2 and "missing option '--upcard' (the rules use it: spade_double)" in spade.stderr


@pytest.mark.parametrize("command", [["check", *KNOCKER.split()],
                                     ["score", "--knocker", KNOCKER, "--defender", DEFENDER_13]])
def test_under_the_eleven_card_deal_an_upcard_is_refused_as_deal_refuses_it(tmp_path, command):
    rules = tmp_path / "eleven.yaml"
    rules.write_text("extends: standard\ndeal: eleven\n")
    out = gin(*command, "--rules", rules, "--upcard", "7D")
    assert out.exit_code == 2
    assert out.stderr == (f"Error: the {rules} rules deal eleven cards to the non-dealer and turn no upcard "
                          "(deal: eleven): leave --upcard out\n")
    assert gin(*command, "--rules", rules).exit_code == 0


def test_input_cases_take_the_upcard_as_the_options_do(tmp_path):
    rules = tmp_path / "eleven.yaml"
    rules.write_text("extends: standard\ndeal: eleven\n")
    lines = ('{"hand": "%s"}\n{"hand": "%s", "upcard": "7D"}\n' % (KNOCKER, KNOCKER))
    out = gin("check", "--rules", rules, "--input", "-", input=lines)
    answers = out.stdout.splitlines()
    assert '"limit": 10, "legal": true' in answers[0]
    assert answers[1] == ('{"line": 2, "error": "the %s rules deal eleven cards to the non-dealer and turn no '
                          'upcard (deal: eleven): leave --upcard out"}' % rules)
    standard = gin("check", "--rules", "standard", "--input", "-", input='{"hand": "%s"}\n' % KNOCKER)
    assert standard.exit_code == 0 and '"legal": true' in standard.stdout
    oklahoma = gin("check", "--input", "-", input='{"hand": "%s"}\n' % KNOCKER)
    assert oklahoma.stdout == '{"line": 1, "error": "missing \'upcard\'"}\n'

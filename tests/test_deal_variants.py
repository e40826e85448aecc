"""Who deals and how (docs/rules.md §10.2): ``next_dealer: sitter`` for three players. The outputs below
were worked out by hand from the rotation of docs/rules.md §8."""

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.core.errors import RulesError
from gin_ref.core.rules import make_rules


def gin(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def sitter_match(tmp_path):
    rules = tmp_path / "sitter.yaml"
    rules.write_text("extends: three-player\nnext_dealer: sitter\n")
    match = tmp_path / "t.yaml"
    out = gin("new", "Ann", "Ben", "Cid", "--rules", rules, "--box", "Ann", "--captain", "Ben", "--match", match)
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines()[1] == "hand 1: Ann in the box, Ben captain, Cid sits out and deals (named)"
    return match


def test_the_sitter_deals_every_hand(sitter_match):
    m = sitter_match
    deal = gin("deal", "--upcard", "7D", "--match", m)
    assert deal.stdout.splitlines()[0] == "hand 1: Cid sits out and deals to Ann (box) and Ben (captain), upcard 7♦"
    # Ben (captain) beats the box: Ben goes into the box, Cid (the sitter) becomes captain, Ann sits out
    knock = gin("knock", "Ben", "8", "--defender", "20", "--match", m)
    assert knock.stdout.splitlines()[-1] == ("next: hand 2, Ben in the box, Cid captain, Ann sits out and deals "
                                             "(Ben beat the box and goes into it; Ann sits out)")
    wrong = gin("deal", "--upcard", "7D", "--dealer", "Ben", "--match", m)
    assert wrong.exit_code == 1
    assert "Ben cannot deal: Ann sits out, and the sitter deals every hand" in wrong.stderr
    right = gin("deal", "--upcard", "7D", "--dealer", "Ann", "--match", m)
    assert right.exit_code == 0, right.output
    assert "dealer: Ann" in m.read_text() and "dealer: Cid" in m.read_text()
    assert gin("verify", "--match", m).exit_code == 0


def test_verify_names_a_box_player_who_dealt(sitter_match):
    m = sitter_match
    assert gin("deal", "--upcard", "7D", "--match", m).exit_code == 0
    m.write_text(m.read_text().replace("dealer: Cid", "dealer: Ann"))
    out = gin("verify", "--match", m)
    assert out.exit_code == 1
    assert "hand 1: Ann dealt, but the sitter Cid deals every hand" in out.stdout + out.stderr


def test_the_sitter_deals_only_for_three_players():
    with pytest.raises(RulesError, match="next_dealer: sitter is only for three players"):
        make_rules({"next_dealer": "sitter"})
    assert make_rules({"players": 3, "knock_limit": 10, "next_dealer": "sitter"}).next_dealer == "sitter"
    with pytest.raises(RulesError, match="three players need next_dealer: box or sitter"):
        make_rules({"players": 3, "next_dealer": "winner"})

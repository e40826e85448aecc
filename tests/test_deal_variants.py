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


# --- the wall (house rule ``wall``) ------------------------------------------------------------------------

from gin_ref.core.cards import Card  # noqa: E402
from gin_ref.core.errors import IllegalActionError  # noqa: E402
from gin_ref.core.turns import Table, Turn  # noqa: E402


def _at_the_wall(wall=True):
    """Both pass the upcard 7♦, Ben draws and discards 7♣: the stock is 30, the dead-hand count here."""
    table = Table("Ann", "Ben", Card.parse("7D"), dead_hand_stock=30, wall=wall)
    for turn in (Turn("pass", "Ben"), Turn("pass", "Ann"), Turn("draw", "Ben"), Turn("discard", "Ben", Card.parse("7C"))):
        table.play(turn)
    return table


def test_without_the_wall_the_discard_ends_the_hand():
    table = _at_the_wall(wall=False)
    assert table.dead and not table.at_wall


def test_at_the_wall_the_last_discard_is_taken_only_to_knock():
    table = _at_the_wall()
    assert not table.dead and table.at_wall and table.player == "Ann"
    assert table.may() == "take 7♣ to knock, or pass (the stock is down to its last cards: the hand is then dead)"
    assert not table.can("draw", "Ann")
    table.play(Turn("take", "Ann", Card.parse("7C")))
    assert table.phase == "wall_knock" and table.can("knock", "Ann")
    with pytest.raises(IllegalActionError, match="at the wall the last discard is taken only to knock"):
        table.play(Turn("discard", "Ann", Card.parse("2C")))


def test_a_pass_at_the_wall_ends_the_hand_dead():
    table = _at_the_wall()
    table.play(Turn("pass", "Ann"))
    assert table.dead


@pytest.fixture
def wall_match(tmp_path):
    rules = tmp_path / "wall.yaml"
    rules.write_text("extends: standard\ndead_hand_stock: 30\nwall: true\n")
    match = tmp_path / "w.yaml"
    assert gin("new", "Ann", "Ben", "--rules", rules, "--dealer", "Ann", "--match", match).exit_code == 0
    assert gin("deal", "--upcard", "7D", "--match", match).exit_code == 0
    for turn in (["pass", "Ben"], ["pass", "Ann"], ["draw", "Ben"], ["discard", "Ben", "7C"]):
        assert gin(*turn, "--match", match).exit_code == 0
    return match


def test_the_wall_from_the_command_line_gin(wall_match):
    m = wall_match
    assert "wall: true" in m.read_text()
    take = gin("take", "Ann", "--match", m)
    assert take.stdout.splitlines()[-1] == ("next: Ann to knock (the discard was taken at the wall); discard pile "
                                            "7♦, stock 30")
    out = gin("knock", "Ann", "AS 2S 3S 4H 4D 4C 8C 9C TC 5D 7C", "--defender", "KH QD JS 9H 6D 3H 6S TD 5C 2H",
              "--match", m)
    assert out.exit_code == 0, out.output
    assert "score: gin: 71 + 25 = 96 to the knocker (Ann)" in out.stdout  # 10+10+10+9+6+3+6+10+5+2 = 71
    assert gin("verify", "--match", m).exit_code == 0


def test_the_wall_from_the_command_line_passed(wall_match):
    m = wall_match
    out = gin("pass", "Ann", "--match", m)
    assert out.stdout.splitlines()[:2] == ["hand 1, turn 5: Ann passes on the last discard 7♣ at the wall",
                                           "the stock is down to 30 cards: hand 1 is dead, no score"]
    assert gin("verify", "--match", m).exit_code == 0


def test_taken_at_the_wall_the_hand_may_still_be_given_up(wall_match):
    m = wall_match
    assert gin("take", "Ann", "--match", m).exit_code == 0
    assert gin("dead", "--match", m).exit_code == 0
    assert gin("verify", "--match", m).exit_code == 0

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
    with pytest.raises(RulesError, match="three players need next_dealer: box, sitter or captain"):
        make_rules({"players": 3, "next_dealer": "winner"})


# --- the wall (house rule ``wall``) ------------------------------------------------------------------------

from gin_ref.core.cards import Card  # noqa: E402
from gin_ref.core.errors import IllegalActionError  # noqa: E402
from gin_ref.core.turns import Table, Turn  # noqa: E402


def _can(table, action, player):
    """Would the table take ``action`` by ``player`` now (its ``verify_`` raises no IllegalActionError)?"""
    try:
        getattr(table, "verify_" + action)(player, *([None] if action in ("take", "draw", "discard") else []))
    except IllegalActionError:
        return False
    return True


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
    assert not _can(table, "draw", "Ann")
    table.play(Turn("take", "Ann", Card.parse("7C")))
    assert table.phase == "wall_knock" and _can(table, "knock", "Ann")
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


# --- the eleven-card deal (house rule ``deal: eleven``) ----------------------------------------------------

def test_the_eleven_card_deal_needs_a_knock_limit_of_its_own(tmp_path):
    with pytest.raises(RulesError, match="the eleven-card deal has no upcard: knock_limit must be a number"):
        make_rules({"deal": "eleven"})
    with pytest.raises(RulesError, match="spade_double cannot be played with it"):
        make_rules({"deal": "eleven", "knock_limit": 10, "spade_double": True})
    bad = tmp_path / "bad.yaml"
    bad.write_text("deal: eleven\n")
    out = gin("rules", "check", bad)
    assert out.exit_code == 1
    assert "bad.yaml:1: the eleven-card deal has no upcard: knock_limit must be a number, not 'upcard'" in out.output


def test_eleven_cards_no_upcard_the_non_dealer_discards_first():
    table = Table("Ann", "Ben", None, eleven=True)
    assert (table.player, table.phase, table.discard_top, table.stock) == ("Ben", "discard", None, 31)
    assert not _can(table, "take", "Ben") and not _can(table, "pass", "Ben") and _can(table, "knock", "Ben")
    table.play(Turn("discard", "Ben", Card.parse("7C")))
    assert (table.player, table.phase) == ("Ann", "draw")


@pytest.fixture
def eleven_match(tmp_path):
    rules = tmp_path / "eleven.yaml"
    rules.write_text("extends: standard\ndeal: eleven\n")
    match = tmp_path / "e.yaml"
    assert gin("new", "Ann", "Ben", "--rules", rules, "--dealer", "Ann", "--match", match).exit_code == 0
    return match


def test_the_eleven_card_deal_from_the_command_line(eleven_match):
    m = eleven_match
    upcard = gin("deal", "--upcard", "7D", "--match", m)
    assert upcard.exit_code == 2
    assert "deal eleven cards to the non-dealer and turn no upcard (deal: eleven): leave --upcard out" in upcard.stderr
    deal = gin("deal", "--match", m)
    assert deal.stdout == ("hand 1: Ann deals, no upcard: Ben holds 11 cards and discards first\n"
                           "knock limit 10 (house rules)\n")
    assert "deal: eleven" in m.read_text()
    assert gin("take", "Ben", "--match", m).exit_code == 1  # nothing to take: Ben discards first
    for turn in (["discard", "Ben", "7C"], ["draw", "Ann"], ["discard", "Ann", "5H"], ["take", "Ben"]):
        out = gin(*turn, "--match", m)
        assert out.exit_code == 0, out.output
    out = gin("knock", "Ben", "AS 2S 3S 4H 4D 4C 8C 9C TC 5H", "--discard", "5D",
              "--defender", "KH QD JS 9H 6D 3H 6S TD 5C 2H", "--match", m)
    assert out.exit_code == 0, out.output
    # Ben keeps A-2-3♠, 4♥ 4♦ 4♣, 8-9-10♣ and 5♥: 5 against Ann's 10+10+10+9+6+3+6+10+5+2 = 71 → 66
    assert "score: knock: 71 − 5 = 66 to the knocker (Ben)" in out.stdout
    assert gin("verify", "--match", m).exit_code == 0


def test_the_sheet_names_the_deal_knobs(eleven_match, sitter_match):
    assert gin("deal", "--match", eleven_match).exit_code == 0
    eleven = gin("export", "--format", "markdown", eleven_match)
    assert "- house rules: the eleven-card deal (no upcard; the non-dealer is dealt 11 and discards first)" in eleven.stdout
    sitter = gin("export", "--format", "markdown", sitter_match)
    assert "- house rules: the sitter deals each hand" in sitter.stdout

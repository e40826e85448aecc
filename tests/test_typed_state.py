"""#36 item 1: the actions read the typed state a replay leaves, never the record's mappings: each hand's
setup (``MatchState.setups``: dealer, roles, upcard as a card, limit) tells a deal its number, a ruling its
hand (open, ruled, who sat out) and ``knock --upcard`` the open hand's upcard."""

from runs import expect
from gin_ref.core.cards import Card
from gin_ref.files import matchfile


def test_knock_with_the_open_hands_upcard_as_a_hand_edit_wrote_it(tmp_path):
    """An upcard written in another notation (``9h``, a hand edit the replay reads as 9♥) is the same card:
    main compared the text and refused with "(upcard 9♥): --upcard 9♥ is not its upcard"."""
    path = tmp_path / "m.yaml"
    expect(0, "new", "Ann", "Ben", "--rules", "oklahoma", "--dealer", "Ann", "--match", path)
    expect(0, "deal", "--match", path, "--upcard", "9H")
    path.write_text(path.read_text(encoding="utf-8").replace("upcard: 9H", "upcard: 9h"), encoding="utf-8")
    assert ": ok, 1 hand" in expect(0, "verify", path).out
    done = expect(0, "knock", "--match", path, "--upcard", "9H", "Ben", "5", "--defender", "30")
    assert "hand 1: Ben knocks against Ann, upcard 9♥" in done.out


def test_the_state_holds_every_hands_setup_and_the_actions_read_it(tmp_path):
    path = tmp_path / "m.yaml"
    expect(0, "new", "Ann", "Ben", "Cid", "--rules", "three-player", "--box", "Ann", "--captain", "Ben",
           "--match", path)
    expect(0, "deal", "--match", path, "--upcard", "9H")
    match = matchfile.load(str(path)).match
    assert [(s.number, s.upcard, s.roles) for s in match.state.setups] == [(1, Card.parse("9H"), ("Ann", "Ben", "Cid"))]
    assert "--upcard K♠ is not its upcard" in expect(1, "knock", "--match", path, "--upcard", "KS", "Ann", "5",
                                                     "--defender", "30", error_line=True).err
    expect(0, "knock", "--match", path, "Ann", "5", "--defender", "30")
    refused = expect(1, "ruling", "--match", path, "--award", "Cid", "10", "--reason", "x", error_line=True)
    assert "Cid sat out hand 1: only Ann (box) or Ben (captain) can be awarded it" in refused.err
    expect(0, "ruling", "--match", path, "--void", "--reason", "disputed")
    assert "hand 1 is already ruled (void)" in expect(1, "ruling", "--match", path, "--void", "--reason", "again",
                                                      error_line=True).err
    assert len(matchfile.load(str(path)).match.state.setups) == 1

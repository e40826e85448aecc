"""Three players "in the box" (docs/rules.md §8): roles from the draw or named, the box deals every hand,
the rotation, individual scores, and everything refused — in process."""

import json

import pytest
from click.testing import CliRunner

from gin_ref.cli import main

from hands import DEFENDER, KNOCKER
from runs import invoke as run

def sh(cwd, *args):
    return run(*args, cwd=cwd, env={"GIN_REF_MATCH": "box.yaml"})


def ok(cwd, *args):
    result = sh(cwd, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def knock(cwd, player, k, d):
    return ok(cwd, "knock", player, *KNOCKER[k].split(), "--defender", DEFENDER[(k, d)])


def test_a_whole_match_to_100_through_the_installed_command(tmp_path):
    out = ok(tmp_path, "new", "--rules", "three-player", "--draw", "Ann=KS", "--draw", "Ben=7H", "--draw", "Cid=2D",
             "--date", "2024-05-18", "Ann", "Ben", "Cid")
    assert out == ("new match in box.yaml: Ann v Ben v Cid, three-player rules, first to 100\n"
                   "hand 1: Ann in the box (deals), Ben captain, Cid sits out (from the draw: Ann K♠, Ben 7♥, "
                   "Cid 2♦)\n")
    # Hand 1: the sitter may not knock, nobody but the box deals; then a gin by the box.
    wrong = sh(tmp_path, "deal", "--upcard", "5H", "--dealer", "Ben")
    assert (wrong.returncode, wrong.stderr) == (1, "Error: Ben cannot deal: Ann is in the box, and the box player "
                                                   "deals every hand. Recorded as an irregularity (hand 1); undo takes "
                                                   "it back\n")
    assert ok(tmp_path, "deal", "--upcard", "5H") == ("hand 1: Ann deals from the box to Ben (captain); Cid sits "
                                                      "out, upcard 5♥\nknock limit 10 (house rules)\n")
    before = (tmp_path / "box.yaml").read_bytes()
    sitter = sh(tmp_path, "knock", "Cid", *KNOCKER[0].split(), "--defender", DEFENDER[(0, 35)])
    assert (sitter.returncode, sitter.stderr, sitter.stdout) == (  # refused and kept, as with recorded turns
        1, "Error: Cid sits out hand 1: only Ann (box) or Ben (captain) may knock. Recorded as an irregularity "
           "(hand 1, turn 1); undo takes it back\n", "")
    assert (tmp_path / "box.yaml").read_bytes() != before
    assert knock(tmp_path, "Ann", 0, 35).endswith(
        "score: gin: 35 + 25 = 60 to the knocker (Ann)\ntotals: Ann 60, Ben 0, Cid 0\n"
        "next: hand 2, Ann in the box (deals), Cid captain, Ben sits out (Ann won in the box and stays; captain "
        "and sitter swap)\n")
    # Hand 2: dead, nothing changes.
    ok(tmp_path, "deal", "--upcard", "6H")
    assert ok(tmp_path, "dead") == ("hand 2 is dead: no score\ntotals: Ann 60, Ben 0, Cid 0\n"
                                    "next: hand 3, Ann in the box (deals), Cid captain, Ben sits out (hand 2 was "
                                    "dead: the roles stay)\n")
    # Hand 3: the captain undercuts the box; the box sits out, the captain goes into it.
    ok(tmp_path, "deal", "--upcard", "7S")
    assert knock(tmp_path, "Ann", 5, 5).endswith(
        "score: undercut: 5 ≥ 5 → 10 + 0 = 10 to the defender (Cid)\ntotals: Ann 60, Ben 0, Cid 10\n"
        "next: hand 4, Cid in the box (deals), Ben captain, Ann sits out (Cid beat the box and goes into it; Ann "
        "sits out)\n")
    for upcard, knocker, k, d in [("8S", "Ben", 5, 71), ("9S", "Ann", 5, 23)]:
        ok(tmp_path, "deal", "--upcard", upcard)
        knock(tmp_path, knocker, k, d)
    ok(tmp_path, "deal", "--upcard", "TS")
    assert knock(tmp_path, "Ann", 2, 24).endswith(
        "totals: Ann 100, Ben 66, Cid 10\nthe match is over: Ann reached 100 in hand 6\nfinal:\n  Ann  100\n"
        "  Ben  66\n  Cid  10\nAnn won 100 to 66 to 10\n")
    data = json.loads(ok(tmp_path, "tally", "--json"))
    assert [(h["number"], h["dealer"], h["box"], h["captain"], h["sitter"], h["result"], h["knocker"], h["winner"],
             h["points"], h["totals"]) for h in data["hands"]] == [
        (1, "Ann", "Ann", "Ben", "Cid", "gin", "Ann", "Ann", 60, {"Ann": 60, "Ben": 0, "Cid": 0}),
        (2, "Ann", "Ann", "Cid", "Ben", "dead", None, None, 0, {"Ann": 60, "Ben": 0, "Cid": 0}),
        (3, "Ann", "Ann", "Cid", "Ben", "undercut", "Ann", "Cid", 10, {"Ann": 60, "Ben": 0, "Cid": 10}),
        (4, "Cid", "Cid", "Ben", "Ann", "knock", "Ben", "Ben", 66, {"Ann": 60, "Ben": 66, "Cid": 10}),
        (5, "Ben", "Ben", "Ann", "Cid", "knock", "Ann", "Ann", 18, {"Ann": 78, "Ben": 66, "Cid": 10}),
        (6, "Ann", "Ann", "Cid", "Ben", "knock", "Ann", "Ann", 22, {"Ann": 100, "Ben": 66, "Cid": 10}),
    ]
    assert {key: data[key] for key in ("totals", "finished", "winner", "final", "next_dealer", "roles")} == {
        "totals": {"Ann": 100, "Ben": 66, "Cid": 10}, "finished": True, "winner": "Ann",
        "final": {"Ann": 100, "Ben": 66, "Cid": 10}, "next_dealer": None, "roles": None}
    late = sh(tmp_path, "deal", "--upcard", "2H")
    assert (late.returncode, late.stderr) == (1, "Error: the match is over (it ended with hand 6): no more deals\n")
    line = next(i for i, text in enumerate((tmp_path / "box.yaml").read_text(encoding="utf-8").splitlines(), 1)
                if text == "- kind: wrong_dealer")
    knock_line = next(i for i, text in enumerate((tmp_path / "box.yaml").read_text(encoding="utf-8").splitlines(), 1)
                      if text == "  - kind: out_of_turn")
    assert ok(tmp_path, "verify") == ("box.yaml: ok, 6 hands, over: Ann won 100 to 66 to 10, 2 irregularities "
                                      f"recorded\n  line {knock_line}, hand 1, turn 1: Cid's knock refused (Cid sits out "
                                      "hand 1: only Ann (box) or Ben (captain) may knock)\n"
                                      f"  line {line}, hand 1: Ben's deal refused (Ben cannot deal: Ann is in the box, "
                                      "and the box player deals every hand)\n")
    text = ok(tmp_path, "tally")
    assert " hand  box  captain  sitter  upcard  limit  knocker  result    winner  points  Ann  Ben  Cid\n" in text
    assert "    4  Cid  Ben      Ann     8♠         10  Ben      knock     Ben         66   60   66   10\n" in text


def test_the_roles_for_the_next_hand_in_tally(tmp_path):
    ok(tmp_path, "new", "--rules", "three-player", "--box", "Cid", "--captain", "Ann", "Ann", "Ben", "Cid")
    data = json.loads(ok(tmp_path, "tally", "--json"))
    assert (data["roles"], data["next_dealer"], data["hands"]) == (
        {"box": "Cid", "captain": "Ann", "sitter": "Ben"}, "Cid", [])
    ok(tmp_path, "deal", "--upcard", "KD")
    knock(tmp_path, "Ann", 5, 23)  # the captain wins: box Ann, captain Ben, sitter Cid
    data = json.loads(ok(tmp_path, "tally", "--json"))
    assert (data["roles"], data["next_dealer"]) == ({"box": "Ann", "captain": "Ben", "sitter": "Cid"}, "Ann")
    assert ok(tmp_path, "tally").endswith(
        "\nnext: hand 2, Ann in the box (deals), Ben captain, Cid sits out (Ann beat the box and goes into it; Cid "
        "sits out)\n")


def test_random_roles_are_said(tmp_path):
    out = ok(tmp_path, "new", "--rules", "three-player", "Ann", "Ben", "Cid")
    assert out.splitlines()[1].endswith("(drawn at random)")
    data = json.loads(ok(tmp_path, "tally", "--json"))
    assert sorted(data["roles"].values()) == ["Ann", "Ben", "Cid"]


# -- refused: a clear error and nothing changed ---------------------------------------------------------

def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("args, message, code", [
    (["Ann", "Ben", "Cid", "Dan"], "the three-player rules need 3 players, not 4", 2),
    (["Ann", "Ben"], "the three-player rules need 3 players, not 2", 2),
    (["--draw", "Ann", "Ann", "Ben", "Cid"], "malformed draw 'Ann': write NAME=CARD, e.g. Ann=KS", 2),
    (["--draw", "Ann=", "--draw", "Ben=7H", "--draw", "Cid=2D", "Ann", "Ben", "Cid"],
     "malformed draw 'Ann=': write NAME=CARD, e.g. Ann=KS", 2),
    (["--draw", "Ann=KX", "--draw", "Ben=7H", "--draw", "Cid=2D", "Ann", "Ben", "Cid"],
     "unknown card 'KX' (write rank A 2-10 J Q K (or T), then suit S H D C or ♠ ♥ ♦ ♣, any case: 10h, QS, t♥)", 2),
    (["--draw", "Dan=KS", "--draw", "Ben=7H", "--draw", "Cid=2D", "Ann", "Ben", "Cid"],
     "unknown player 'Dan' (players: Ann, Ben, Cid)", 2),
    (["--draw", "Ann=KS", "--draw", "Ben=7H", "Ann", "Ben", "Cid"], "every player draws a card: no draw for Cid", 2),
    (["--draw", "Ann=KS", "--draw", "Ann=7H", "--draw", "Cid=2D", "Ann", "Ben", "Cid"], "Ann drew twice", 2),
    (["--draw", "Ann=KS", "--draw", "Ben=KS", "--draw", "Cid=2D", "Ann", "Ben", "Cid"], "KS drawn twice (Ann and Ben)",
     2),
    (["--draw", "Ann=KS", "--draw", "Ben=KH", "--draw", "Cid=2D", "Ann", "Ben", "Cid"],
     "draw again: Ann and Ben drew the same rank (Ann K♠, Ben K♥)", 1),
    (["--draw", "Ann=5S", "--draw", "Ben=5H", "--draw", "Cid=5D", "Ann", "Ben", "Cid"],
     "draw again: Ann and Ben and Cid drew the same rank (Ann 5♠, Ben 5♥, Cid 5♦)", 1),
    (["--draw", "Ann=KS", "--draw", "Ben=7H", "--draw", "Cid=2D", "--box", "Ann", "Ann", "Ben", "Cid"],
     "give the roles either with --draw or with --box and --captain", 2),
    (["--box", "Ann", "Ann", "Ben", "Cid"],
     "name both roles: --box NAME --captain NAME (the third player sits out)", 2),
    (["--box", "Ann", "--captain", "ann", "Ann", "Ben", "Cid"], "Ann cannot be both in the box and captain", 2),
    (["--box", "Dan", "--captain", "Ann", "Ann", "Ben", "Cid"], "unknown player 'Dan' (players: Ann, Ben, Cid)", 2),
    (["--dealer", "Ann", "Ann", "Ben", "Cid"], "in the box the roles say who deals: name them with --box and "
                                               "--captain, or give the cards drawn with --draw", 2),
])
@pytest.mark.parametrize("existing", [False, True])
def test_new_refused(tmp_path, args, message, code, existing):
    path = tmp_path / "box.yaml"
    if existing:
        path.write_text("a match in progress\n", encoding="utf-8")
    result = cli("new", "--match", path, "--rules", "three-player", "--force", *args)
    assert (result.stderr, result.exit_code, result.stdout) == (f"Error: {message}\n", code, "")
    assert (path.read_text(encoding="utf-8") if existing else path.exists()) == (
        "a match in progress\n" if existing else False)
    assert sorted(p.name for p in tmp_path.iterdir()) == (["box.yaml"] if existing else [])


def test_verify_checks_the_rotation_and_that_the_sitter_never_scores(tmp_path):
    path = tmp_path / "box.yaml"
    cli("new", "--match", path, "--rules", "three-player", "--box", "Ann", "--captain", "Ben", "Ann", "Ben", "Cid")
    for upcard, knocker, k, d in [("5H", "Ann", 0, 35), ("6H", "Cid", 5, 23)]:
        cli("deal", "--match", path, "--upcard", upcard)
        done = cli("knock", "--match", path, knocker, *KNOCKER[k].split(), "--defender", DEFENDER[(k, d)])
        assert done.exit_code == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    second = lines.index("- number: 2")
    assert lines[second + 3:second + 5] == ["  captain: Cid", "  sitter: Ben"]
    lines[second + 3:second + 5] = ["  captain: Ben", "  sitter: Cid"]
    winner = next(i for i in range(second, len(lines)) if lines[i].startswith("  winner:"))
    lines[winner] = "  winner: Ben"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("verify", path)
    assert result.exit_code == 1
    assert result.stderr == (
        f"{path}:{second + 4}: hand 2: roles out of rotation: box Ann, captain Ben, sitter Cid, but the rotation gives "
        "box Ann, captain Cid, sitter Ben (Ann won in the box and stays; captain and sitter swap)\n"
        f"{path}:{winner + 1}: hand 2: Ben scored while sitting out\n")

"""Recording hands turn by turn from the command line: take, pass, draw, discard, and knock, dead, undo,
tally and verify within such a hand (docs/rules.md §3 and §9).

Whole deals are replayed turn by turn in process (tests/runs.py; the installed command's turns are in
tests/test_smoke_installed.py); every refusal gives ``Error: ...``, exit 1, the file unchanged byte for byte,
except that a turn out of turn and a deal by the wrong dealer append their irregularity and nothing else.
"""

import json

import pytest
from click.testing import CliRunner

from gin_ref.files import matchfile as record
from gin_ref.files.handform import hand_data
from gin_ref.core.cards import DECK
from gin_ref.cli import main

from runs import invoke as run
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401

# Deal A (upcard 9H, Ann deals): Ben passes, Ann takes the upcard, and both play on until Ann knocks.
DEAL_A = ["pass Ben", "take Ann", "discard Ann QH", "draw Ben", "discard Ben KS", "draw Ann 5D", "discard Ann JC",
          "take Ben", "discard Ben 2H", "draw Ann"]
ANN_A = "7H 8H 9H AS 2S 3S 4D 4C 4H 5D KD"  # 11 cards: 9H taken, 5D drawn; KD is the discard
BEN_A = "JC QC KC 6S 7S 8S TD JD 3C 6D"  # JC taken
# The long deal (upcard 9H): both pass and draw unseen cards until the stock runs down. Ben draws first, so
# he draws the 29th card (the one that leaves 2) and knocks with it, or discards KD and the hand is dead.
BEN_LONG = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D KD"
ANN_LONG = "AH 7H QH 2D 7D 8D 9D TD JD 3C"
_USED = set((BEN_LONG + " " + ANN_LONG + " 9H").split())
SPARE = [card.code for card in DECK if card.code not in _USED]  # 30 cards: 28 discarded, 2 left in the stock


def long_deal(rounds=29):
    """The turns of the long deal: both pass, then ``rounds`` draws, each but the last followed by a discard
    of a spare card; the 29th draw's discard is KD."""
    turns, spare = ["pass Ben", "pass Ann"], iter(SPARE)
    for n in range(rounds):
        player = "Ben" if n % 2 == 0 else "Ann"
        turns += [f"draw {player}", f"discard {player} {'KD' if n == 28 else next(spare)}"]
    return turns


@pytest.fixture
def match_file(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "m.yaml"


def gin(match, *args, ok=True):
    result = CliRunner().invoke(main, [str(args[0]), "--match", str(match), *map(str, args[1:])])
    if ok:
        assert result.exit_code == 0, result.output + result.stderr
    return result


def play(match, *turns):
    """Play turns written ``draw Ann 5S``; returns the output of the last."""
    out = None
    for turn in turns:
        out = gin(match, *turn.split()).stdout
    return out


def start(match, upcard="9H", rules=None, players=("Ann", "Ben"), **roles):
    options = ["--rules", rules] if rules else []
    if len(players) == 2:
        options += ["--dealer", players[0]]
    else:
        options += ["--box", roles["box"], "--captain", roles["captain"]]
    gin(match, "new", *options, *players)
    gin(match, "deal", "--upcard", upcard)


def tally(match):
    return json.loads(gin(match, "tally", "--json").stdout)


def state(match):
    data = tally(match)
    return data["turn"], data["discard_top"], data["stock_count"]


# -- whole deals, turn by turn -----------------------------------------------------------------------------

def test_upcard_taken_by_the_dealer_after_the_non_dealer_passes(match_file):
    m = match_file
    start(m)
    assert state(m) == ({"player": "Ben", "phase": "offer"}, "9H", 31)
    assert play(m, "pass Ben") == ("hand 1, turn 1: Ben passes on the upcard 9♥\n"
                                   "next: Ann to take the upcard 9♥ or pass; discard pile 9♥, stock 31\n")
    assert play(m, "take Ann") == ("hand 1, turn 2: Ann takes the upcard 9♥\n"
                                   "next: Ann to discard or knock; discard pile empty, stock 31\n")
    assert state(m) == ({"player": "Ann", "phase": "discard"}, None, 31)
    assert play(m, *DEAL_A[2:6]) == ("hand 1, turn 6: Ann draws 5♦ from the stock\n"
                                     "next: Ann to discard or knock; discard pile K♠, stock 29\n")
    assert play(m, *DEAL_A[6:8]) == ("hand 1, turn 8: Ben takes J♣ from the discard pile\n"
                                     "next: Ben to discard or knock; discard pile K♠, stock 29\n")
    assert play(m, *DEAL_A[8:]) == ("hand 1, turn 10: Ann draws from the stock\n"
                                    "next: Ann to discard or knock; discard pile 2♥, stock 28\n")
    assert state(m) == ({"player": "Ann", "phase": "discard"}, "2H", 28)
    assert gin(m, "tally").stdout.endswith("hand 1 is open: Ann dealt, upcard 9♥, knock limit 9\n"
                                           "next: Ann to discard or knock; discard pile 2♥, stock 28\n")
    out = gin(m, "knock", "Ann", *ANN_A.split(), "--defender", BEN_A).stdout
    assert out.endswith("Ann's discard: K♦\nscore: knock: 29 − 5 = 24 to the knocker (Ann)\ntotals: Ann 24, Ben 0\n"
                        "next: Ann deals hand 2 (the winner of hand 1 deals)\n")
    text = m.read_text(encoding="utf-8")
    assert ("  turns:\n  - Ben passes\n  - Ann takes 9H\n  - Ann discards QH\n  - Ben draws\n  - Ben discards KS\n"
            "  - Ann draws 5D\n  - Ann discards JC\n  - Ben takes JC\n  - Ben discards 2H\n  - Ann draws\n"
            "  result: knock\n") in text
    data = tally(m)
    assert (data["turn"], data["discard_top"], data["stock_count"]) == (None, None, None)
    assert gin(m, "verify").stdout == f"{m}: ok, 1 hand\n"
    assert gin(m, "undo").stdout == ("took back hand 1: Ann's knock, 24 points to Ann\ntotals: Ann 0, Ben 0\n"
                                     "hand 1 is open: Ann dealt, upcard 9♥, knock limit 9\n"
                                     "next: Ann to discard or knock; discard pile 2♥, stock 28\n")


def test_both_pass_then_the_non_dealer_draws_and_a_knock_with_the_discard_named(match_file):
    m = match_file
    start(m, upcard="KS")
    assert play(m, "pass Ben", "pass Ann") == (
        "hand 1, turn 2: Ann passes on the upcard K♠\n"
        "next: Ben to draw from the stock (both passed the upcard); discard pile K♠, stock 31\n")
    assert state(m) == ({"player": "Ben", "phase": "stock"}, "KS", 31)
    play(m, "draw Ben 7C", "discard Ben KH", "take Ann", "discard Ann 2D")
    assert play(m, "draw Ben") == "hand 1, turn 7: Ben draws from the stock\n" \
                                  "next: Ben to discard or knock; discard pile 2♦, stock 29\n"
    # The 10 he keeps and --discard: recorded as his 11 cards and the discard.
    out = gin(m, "knock", "Ben", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "--discard", "QD", "--defender",
              "KH KD KC 5H 6H 7H 9D TD JS QS").stdout
    assert "Ben's discard: Q♦\nscore: knock: 39 − 5 = 34 to the knocker (Ben)\n" in out
    hand = hand_data(record.load(m).match.hands[0])
    assert (hand["knocker_cards"][-1], hand["discard"], len(hand["knocker_cards"])) == ("QD", "QD", 11)
    assert gin(m, "verify").stdout == f"{m}: ok, 1 hand\n"


def test_a_dead_hand_at_the_stock_limit_then_undo_and_knock_on_the_turn_that_left_two(match_file):
    m = match_file
    start(m)
    turns = long_deal()
    play(m, *turns[:-2])
    assert state(m) == ({"player": "Ben", "phase": "draw"}, SPARE[27], 3)
    assert play(m, turns[-2]) == ("hand 1, turn 59: Ben draws from the stock\n"
                                  "next: Ben to discard or knock; discard pile J♣, stock 2\n")
    assert play(m, turns[-1]) == ("hand 1, turn 60: Ben discards K♦\n"
                                  "the stock is down to 2 cards: hand 1 is dead, no score\n"
                                  "totals: Ann 0, Ben 0\n"
                                  "next: Ann deals hand 2 (hand 1 was dead: the same dealer deals again)\n")
    data = tally(m)
    assert (data["hands"][0]["result"], data["open_hand"], data["next_dealer"], data["turn"]) == ("dead", None, "Ann",
                                                                                                   None)
    text = gin(m, "tally").stdout
    assert "   1*  Ann     9♥          9           dead                 0    0    0\n" in text
    assert "* hand 1: dead by itself at turn 60, the stock down to 2 cards\n" in text
    assert gin(m, "verify").stdout == f"{m}: ok, 1 hand\n"
    refused = gin(m, "draw", "Ann", ok=False)
    assert (refused.exit_code, refused.stderr) == (1, "Error: no hand is open: deal one first (gin-ref deal --upcard "
                                                      "CARD)\n")
    # undo takes back the dead end together with the discard that caused it; Ben may knock instead.
    assert gin(m, "undo").stdout == ("took back hand 1: the dead end and turn 60 (Ben discards KD)\n"
                                     "totals: Ann 0, Ben 0\n"
                                     "hand 1 is open: Ann dealt, upcard 9♥, knock limit 9\n"
                                     "next: Ben to discard or knock; discard pile J♣, stock 2\n")
    correction = record.load(m).data["corrections"][-1]["entry"]
    assert correction == {"number": 1, "result": "dead", "winner": None, "points": 0,
                          "totals": {"Ann": 0, "Ben": 0}, "turns": ["Ben discards KD"]}
    late = gin(m, "knock", "Ann", *ANN_LONG.split(), "QS", "--defender", BEN_LONG.replace(" KD", ""), ok=False)
    assert (late.exit_code, late.stderr) == (1, "Error: out of turn: it is Ben's turn to discard or knock. Recorded as "
                                                "an irregularity (hand 1, turn 60); undo takes it back\n")
    out = gin(m, "knock", "Ben", *BEN_LONG.split(), "--defender", ANN_LONG).stdout
    assert "score: knock: 23 − 5 = 18 to the knocker (Ben)\ntotals: Ann 0, Ben 18\n" in out
    assert gin(m, "verify").stdout.startswith(f"{m}: ok, 1 hand, 1 irregularity recorded\n")


def test_undo_takes_back_turns_and_irregularities_in_the_order_they_came(match_file):
    m = match_file
    start(m)
    play(m, "take Ben", "discard Ben KS")
    assert gin(m, "draw", "Ben", ok=False).exit_code == 1  # out of turn: recorded after turn 2
    play(m, "draw Ann")
    steps = [gin(m, "undo").stdout.splitlines()[0] for _ in range(5)]
    assert steps == ["took back hand 1, turn 3: Ann draws", "took back hand 1: Ben's draw out of turn",
                     "took back hand 1, turn 2: Ben discards KS", "took back hand 1, turn 1: Ben takes 9H",
                     "took back hand 1: the deal (Ann dealt, upcard 9♥)"]
    assert [c["entry"].get("turns") for c in record.load(m).data["corrections"]][:4] == [
        ["Ann draws"], None, ["Ben discards KS"], ["Ben takes 9H"]]


def test_a_hand_without_turns_works_as_before_and_reports_its_start(match_file):
    m = match_file
    start(m)
    assert state(m) == ({"player": "Ben", "phase": "offer"}, "9H", 31)
    assert gin(m, "tally").stdout.endswith(
        "hand 1 is open: Ann dealt, upcard 9♥, knock limit 9\n"
        "no turns recorded: Ben has the first option on the upcard 9♥ (stock 31)\n")
    gin(m, "knock", "Ben", *BEN_LONG.split()[:-1], "--defender", ANN_LONG)  # 10 cards, any time
    assert gin(m, "verify").stdout == f"{m}: ok, 1 hand\n"
    assert "turns" not in m.read_text(encoding="utf-8")


def test_out_of_turn_is_kept_shown_and_verified(match_file):
    m = match_file
    start(m)
    bad = gin(m, "take", "Ann", ok=False)
    assert (bad.exit_code, bad.stderr) == (1, "Error: out of turn: it is Ben's turn to take the upcard 9♥ or pass. "
                                              "Recorded as an irregularity (hand 1, turn 1); undo takes it back\n")
    play(m, "pass Ben", "take Ann", "discard Ann QH")
    gin(m, "discard", "Ann", "JC", ok=False)
    assert tally(m)["hands"][0]["irregularities"] == [
        {"kind": "out_of_turn", "player": "Ann", "turn": 1, "action": "take", "points": 0,
         "detail": "out of turn: it is Ben's turn to take the upcard 9♥ or pass"},
        {"kind": "out_of_turn", "player": "Ann", "turn": 4, "action": "discard", "card": "JC", "points": 0,
         "detail": "out of turn: it is Ben's turn to draw from the stock or take Q♥"}]
    text = gin(m, "tally").stdout
    assert ("* hand 1, turn 1: Ann's take refused (out of turn: it is Ben's turn to take the upcard 9♥ or pass)\n"
            "* hand 1, turn 4: Ann's discard JC refused (out of turn: it is Ben's turn to draw from the stock or "
            "take Q♥)\n") in text
    lines = m.read_text(encoding="utf-8").splitlines()
    first, second = [i for i, line in enumerate(lines, 1) if line == "  - kind: out_of_turn"]
    assert gin(m, "verify").stdout == (
        f"{m}: ok, 1 hand, 2 irregularities recorded\n"
        f"  line {first}, hand 1, turn 1: Ann's take refused (out of turn: it is Ben's turn to take the upcard 9♥ "
        "or pass)\n"
        f"  line {second}, hand 1, turn 4: Ann's discard JC refused (out of turn: it is Ben's turn to draw from the "
        "stock or take Q♥)\n")
    data = json.loads(gin(m, "verify", "--json").stdout)
    assert data["files"][0]["irregularities"][1] == {
        "line": second, "hand": 1, "kind": "out_of_turn", "player": "Ann",
        "detail": "out of turn: it is Ben's turn to draw from the stock or take Q♥"}


# -- three players: the box deals, the captain has the first option -----------------------------------------

def test_three_players_the_captain_has_the_first_option(match_file):
    m = match_file
    start(m, rules="three-player", players=("Ann", "Ben", "Cid"), box="Ann", captain="Ben")
    assert state(m) == ({"player": "Ben", "phase": "offer"}, "9H", 31)
    sitter = gin(m, "pass", "Cid", ok=False)
    assert sitter.stderr == ("Error: Cid sits out hand 1: it is Ben's turn to take the upcard 9♥ or pass. Recorded "
                             "as an irregularity (hand 1, turn 1); undo takes it back\n")
    box = gin(m, "pass", "Ann", ok=False)
    assert box.stderr.startswith("Error: out of turn: it is Ben's turn to take the upcard 9♥ or pass.")
    play(m, *DEAL_A[:2])  # the captain passes, the box (the dealer) takes the upcard
    assert state(m) == ({"player": "Ann", "phase": "discard"}, None, 31)
    play(m, "discard Ann QH", "draw Ben")
    out = gin(m, "knock", "Ben", *BEN_LONG.split(), "--defender", "9H JC QC KC 6S 7S 8S TD JD 3C").stdout
    assert out.endswith("score: knock: 32 − 5 = 27 to the knocker (Ben)\ntotals: Ann 0, Ben 27, Cid 0\n"
                        "next: hand 2, Ben in the box (deals), Cid captain, "
                        "Ann sits out (Ben beat the box and goes into it; Ann sits out)\n")
    gin(m, "deal", "--upcard", "2C")
    assert state(m) == ({"player": "Cid", "phase": "offer"}, "2C", 31)
    assert gin(m, "verify").stdout.startswith(f"{m}: ok, 2 hands, 2 irregularities recorded\n")


# -- every refusal, as the command line gives it ------------------------------------------------------------

def sh(cwd, *args):
    return run(*args, cwd=cwd, env={"GIN_REF_MATCH": "table.yaml"})


def setup_table(folder, turns, upcard="9H", three=False):
    """A match file table.yaml with one hand dealt and ``turns`` played (in process: quick)."""
    path = folder / "table.yaml"
    if three:
        start(path, upcard, rules="three-player", players=("Ann", "Ben", "Cid"), box="Ann", captain="Ben")
    else:
        start(path, upcard)
    play(path, *turns)
    return path


KNOCK_A = ["knock", "Ann", *ANN_A.split(), "--defender", BEN_A]
REFUSALS = [  # (turns played first, the command refused, its message)
    ([], ["discard", "Ben", "5S"], "Ben cannot discard now: it is Ben's turn to take the upcard 9♥ or pass"),
    ([], ["draw", "Ben"], "Ben cannot draw now: it is Ben's turn to take the upcard 9♥ or pass"),
    (DEAL_A[:2], ["discard", "Ann", "9H"], "Ann cannot discard 9H: it was just taken from the pile"),
    (DEAL_A[:2], ["draw", "Ann"], "Ann cannot draw now: it is Ann's turn to discard or knock"),
    (DEAL_A[:3], ["pass", "Ben"], "Ben cannot pass: only the upcard can be passed; it is Ben's turn to draw from the "
                                  "stock or take Q♥"),
    (DEAL_A[:3], ["draw", "Ben", "QH"], "Ben cannot draw QH: it has been discarded"),
    (DEAL_A[:3], ["draw", "Ben", "9H"], "Ben cannot draw 9H: it is already in Ann's hand"),
    (DEAL_A[:4], ["discard", "Ben", "9H"], "Ben cannot discard 9H: it is in Ann's hand"),
    (DEAL_A[:4], ["discard", "Ben", "QH"], "Ben cannot discard QH: it was already discarded"),
    (["pass Ben", "pass Ann"], ["take", "Ben"], "Ben cannot take now: it is Ben's turn to draw from the stock (both "
                                                "passed the upcard)"),
    (DEAL_A[:3], ["knock", "Ben", *BEN_LONG.split(), "--defender", ANN_LONG],
     "Ben cannot knock now: a knock comes after the draw; it is Ben's turn to draw from the stock or take Q♥"),
    (DEAL_A, ["knock", "Ann", *ANN_A.split()[:-1], "--defender", BEN_A],
     "hand 1 is recorded turn by turn: Ann holds 11 cards after the draw; spread all 11, or the 10 kept and "
     "--discard CARD"),
    (DEAL_A, ["knock", "Ann", *ANN_A.replace("9H", "9S").split(), "--defender", BEN_A],
     "the spread does not fit hand 1: Ann took 9H and did not discard it, but it is not in the hand spread"),
    (DEAL_A, ["knock", "Ann", *ANN_A.split(), "--defender", BEN_A.replace("JC", "2H")],
     "the spread does not fit hand 1: Ben took JC and did not discard it, but it is not in the hand spread; "
     "2H is on the discard pile, not in Ben's hand"),
    (DEAL_A[:8], ["knock", "Ben", "JC QC KC 6S 7S 8S 9S 3D 2D AD 4S", "--defender", ANN_A.replace(" KD", ""),
                  "--discard", "JC"], "the spread does not fit hand 1: Ben cannot discard JC: it was just taken from "
                                      "the pile"),
    (["take Ben"], ["knock", "Ben", *BEN_LONG.replace("KD", "9H").split(), "--defender", ANN_LONG.replace("QH", "KD")],
     "Ben cannot discard 9H: it was just taken from the pile; name another discard with --discard"),
    (DEAL_A, ["dead"], "hand 1 is recorded turn by turn: it ends dead by itself when a discard leaves 2 cards in the "
                       "stock (28 now; it is Ann's turn to discard or knock)"),
    (DEAL_A[:1], ["deal", "--upcard", "7D"], "hand 1 is still open: end it with 'knock' or 'dead' (or take it back "
                                             "with 'undo') before dealing"),
]


@pytest.mark.parametrize("turns, args, message", REFUSALS, ids=[" ".join(r[1][:2]) + f" after {len(r[0])}"
                                                                 for r in REFUSALS])
def test_refusals_through_the_installed_command_leave_the_file_alone(tmp_path, turns, args, message):
    path = setup_table(tmp_path, turns)
    before = path.read_bytes()
    result = sh(tmp_path, *args)
    assert (result.stderr, result.returncode, result.stdout) == (f"Error: {message}\n", 1, "")
    assert path.read_bytes() == before


def test_refusals_with_no_hand_open_and_bad_input(tmp_path):
    path = setup_table(tmp_path, [])
    play(path, *long_deal())  # dead by itself
    before = path.read_bytes()
    for args, message, code in [
        (["take", "Ben"], "no hand is open: deal one first (gin-ref deal --upcard CARD)", 1),
        (["draw", "Ben", "XX"], "unknown card 'XX' (write rank A 2-10 J Q K (or T), then suit S H D C or ♠ ♥ ♦ ♣, any case: 10h, QS, t♥)", 2),
    ]:
        result = sh(tmp_path, *args)
        assert (result.stderr, result.returncode) == (f"Error: {message}\n", code)
        assert path.read_bytes() == before
    gin(path, "deal", "--upcard", "5C")
    before = path.read_bytes()
    result = sh(tmp_path, "take", "Dan")
    assert (result.stderr, result.returncode) == ("Error: unknown player 'Dan' (players: Ann, Ben)\n", 2)
    assert path.read_bytes() == before


def kept(folder, path, args, message, item, top_level=False):
    """Refused (exit 1, ``Error: message``), and the one change to the file is ``item`` appended to the open
    hand's irregularities (or the match's, ``top_level``): its facts, never the sentence (format /3)."""
    expected = record.record_data(record.load(path))
    result = sh(folder, *args)
    assert (result.stderr, result.returncode, result.stdout) == (f"Error: {message}; undo takes it back\n", 1, "")
    target = expected if top_level else expected["hands"][-1]
    target.setdefault("irregularities", []).append(item)
    assert path.read_text(encoding="utf-8") == record.dumps(expected)


def test_out_of_turn_and_wrong_dealer_through_the_installed_command_append_only_the_irregularity(tmp_path):
    path = setup_table(tmp_path, DEAL_A[:3])
    detail = "out of turn: it is Ben's turn to draw from the stock or take Q♥"
    kept(tmp_path, path, ["draw", "Ann", "5S"], f"{detail}. Recorded as an irregularity (hand 1, turn 4)",
         {"kind": "out_of_turn", "player": "Ann", "turn": 4, "action": "draw", "card": "5S"})
    kept(tmp_path, path, ["knock", "Ann", *ANN_A.split(), "--defender", BEN_A],
         f"{detail}. Recorded as an irregularity (hand 1, turn 4)",
         {"kind": "out_of_turn", "player": "Ann", "turn": 4, "action": "knock"})
    play(path, *DEAL_A[3:])
    gin(path, "knock", *KNOCK_A[1:])
    detail = "Ben cannot deal hand 2: Ann deals (the winner of hand 1 deals)"
    kept(tmp_path, path, ["deal", "--upcard", "7D", "--dealer", "Ben"], f"{detail}. Recorded as an irregularity "
                                                                        "(hand 2)",
         {"kind": "wrong_dealer", "hand": 2, "player": "Ben"}, top_level=True)
    assert sh(tmp_path, "verify").stdout.startswith("table.yaml: ok, 1 hand, 3 irregularities recorded\n")


def test_three_players_refusals_through_the_installed_command(tmp_path):
    path = setup_table(tmp_path, [], three=True)
    detail = "Cid sits out hand 1: it is Ben's turn to take the upcard 9♥ or pass"
    kept(tmp_path, path, ["take", "Cid"], f"{detail}. Recorded as an irregularity (hand 1, turn 1)",
         {"kind": "out_of_turn", "player": "Cid", "turn": 1, "action": "take"})
    play(path, "take Ben", "discard Ben QH")
    detail = "Ben cannot deal: Ann is in the box, and the box player deals every hand"
    before = path.read_bytes()
    result = sh(tmp_path, "deal", "--upcard", "4C", "--dealer", "Ben")
    assert (result.returncode, result.stderr) == (1, "Error: hand 1 is still open: end it with 'knock' or 'dead' (or "
                                                     "take it back with 'undo') before dealing\n")
    assert path.read_bytes() == before
    play(path, "draw Ann")
    gin(path, "knock", "Ann", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D KD", "--defender", "9H JC QC KC 6S 7S 8S TD JD 3C")
    kept(tmp_path, path, ["deal", "--upcard", "4C", "--dealer", "Ben"], f"{detail}. Recorded as an irregularity "
                                                                        "(hand 2)",
         {"kind": "wrong_dealer", "hand": 2, "player": "Ben"}, top_level=True)


def test_a_whole_deal_through_the_installed_command(tmp_path):
    assert sh(tmp_path, "new", "--dealer", "Ann", "Ann", "Ben").returncode == 0
    assert sh(tmp_path, "deal", "--upcard", "9H").returncode == 0
    outs = [sh(tmp_path, *turn.split()) for turn in DEAL_A]
    assert all(out.returncode == 0 for out in outs)
    assert outs[1].stdout == "hand 1, turn 2: Ann takes the upcard 9♥\nnext: Ann to discard or knock; discard pile " \
                             "empty, stock 31\n"
    assert outs[-1].stdout == "hand 1, turn 10: Ann draws from the stock\nnext: Ann to discard or knock; discard " \
                              "pile 2♥, stock 28\n"
    data = json.loads(sh(tmp_path, "tally", "--json").stdout)
    assert (data["turn"], data["discard_top"], data["stock_count"]) == ({"player": "Ann", "phase": "discard"}, "2H", 28)
    done = sh(tmp_path, *KNOCK_A)
    assert done.returncode == 0 and "score: knock: 29 − 5 = 24 to the knocker (Ann)" in done.stdout
    assert sh(tmp_path, "verify").stdout == "table.yaml: ok, 1 hand\n"


@pytest.mark.parametrize("name", ["take", "pass", "draw", "discard"])
def test_each_turn_command_has_help_with_an_example(name):
    result = CliRunner().invoke(main, [name, "--help"])
    assert result.exit_code == 0 and "Example:" in result.stdout and "--match FILE" in result.stdout
    assert f"  {name} " in CliRunner().invoke(main, ["--help"]).stdout

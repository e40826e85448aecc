"""The match core: dealers and roles, the end of a game and its bonuses, Hollywood, the actions, and the
replay that checks a record (gin_ref.core.game, gin_ref.match.model, gin_ref.match.replay)."""

import copy
import random

import pytest

from gin_ref.core import game
from gin_ref.core.cards import Card
from gin_ref.files.handform import hand_data
from gin_ref.files.rulesfile import load_rules
from gin_ref.core.errors import IllegalActionError, InvalidNotationError, RecordError
from gin_ref.match.model import Match
from gin_ref.match.problems import english
from gin_ref.match.steps import Deal, step_pairs
from gin_ref.views.tally_text import match_data as tally_data
from gin_ref.views.step_words import undone_words
from gin_ref.views.words import outcome_words

from hands import BASE, DEFENDER, KNOCKER
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401


def form_of(data):
    """What a step's typed data writes into the file, as the writer lays it out."""
    return dict(step_pairs(data))


def new(rules="oklahoma", players=("Ann", "Ben"), **options):
    options.setdefault("dealer", players[0] if len(players) == 2 else None)
    if len(players) == 3:
        options.pop("dealer")
        options.setdefault("box", players[0])
        options.setdefault("captain", players[1])
    return Match.new(list(players), load_rules(rules), "2024-05-01", **options)


def undo(match):
    step = match.newest_step()
    return match.undo(step, "2024-05-01T20:00:00+00:00", undone_words(step))


def play(match, upcard, knocker, k, d):
    """Deal with ``upcard`` and let ``knocker`` knock with deadwood k against deadwood d."""
    match.deal(upcard)
    return match.knock(knocker, KNOCKER[k], DEFENDER[(k, d)])


# -- who deals, who sits ---------------------------------------------------------------------------------

@pytest.mark.parametrize("rule, dealer, winner, expected", [
    ("winner", "Ann", "Ben", "Ben"), ("winner", "Ben", "Ben", "Ben"),
    ("loser", "Ann", "Ben", "Ann"), ("loser", "Ann", "Ann", "Ben"),
    ("alternate", "Ann", "Ann", "Ben"), ("alternate", "Ben", "Ann", "Ann"),
    ("winner", "Ann", None, "Ann"), ("loser", "Ben", None, "Ben"), ("alternate", "Ann", None, "Ann"),
])
def test_next_dealer(rule, dealer, winner, expected):
    assert game.next_dealer(rule, dealer, winner, ["Ann", "Ben"]) == expected


def test_rotation_in_the_box_rules_example():
    # docs/rules.md §11: box X, captain Y, sitter Z. X wins -> box X, captain Z, sitter Y. Then Z wins ->
    # box Z, captain Y, sitter X. A dead hand -> the same roles.
    roles = game.Roles("X", "Y", "Z")
    roles = game.next_roles(roles, "X")
    assert roles == game.Roles("X", "Z", "Y")
    roles = game.next_roles(roles, "Z")
    assert roles == game.Roles("Z", "Y", "X")
    assert game.next_roles(roles, None) == game.Roles("Z", "Y", "X")


def test_roles_from_the_draw_highest_in_the_box_ace_low():
    draw = {"Ann": Card.parse("AS"), "Ben": Card.parse("7H"), "Cid": Card.parse("KD")}
    assert game.roles_from_draw(draw) == (game.Roles("Cid", "Ben", "Ann"), [])
    tied = {"Ann": Card.parse("7S"), "Ben": Card.parse("7H"), "Cid": Card.parse("KD")}
    assert game.roles_from_draw(tied)[1] == ["Ann", "Ben"]


# -- the end of a game -----------------------------------------------------------------------------------

def test_classic_bonuses_game_box_and_no_shutout():
    rules = load_rules("classic")
    bonuses = game.game_bonuses(rules, {"Ann": 107, "Ben": 18}, {"Ann": 4, "Ben": 1}, "Ann")
    assert bonuses == {"Ann": {"game_bonus": 100, "box_bonus": 80}, "Ben": {"box_bonus": 20}}
    assert game.final_scores({"Ann": 107, "Ben": 18}, bonuses) == {"Ann": 287, "Ben": 38}


def test_shutout_doubles_the_game_bonus_or_the_total():
    classic = load_rules("classic")
    bonuses = game.game_bonuses(classic, {"Ann": 109, "Ben": 0}, {"Ann": 2, "Ben": 0}, "Ann")
    assert bonuses == {"Ann": {"game_bonus": 100, "box_bonus": 40, "shutout": 100}, "Ben": {}}
    doubled = classic.with_knobs(shutout="double_total")
    bonuses = game.game_bonuses(doubled, {"Ann": 109, "Ben": 0}, {"Ann": 2, "Ben": 0}, "Ann")
    assert bonuses["Ann"] == {"game_bonus": 100, "box_bonus": 40, "shutout": 249}
    assert game.final_scores({"Ann": 109, "Ben": 0}, bonuses) == {"Ann": 498, "Ben": 0}


def test_oklahoma_has_no_bonuses():
    assert game.game_bonuses(load_rules("oklahoma"), {"Ann": 104, "Ben": 0}, {"Ann": 5}, "Ann") == \
        {"Ann": {}, "Ben": {}}


# -- Hollywood -------------------------------------------------------------------------------------------

def test_hollywood_rules_example_exact_columns():
    # docs/rules.md §11, target 100: You +18, Opp +12, You +25, Opp +30, You +15, You +22, Opp +20.
    games = game.new_games(["You", "Opp"])
    entered = [game.enter_score(games, player, points, 100) for player, points in
               [("You", 18), ("Opp", 12), ("You", 25), ("Opp", 30), ("You", 15), ("You", 22), ("Opp", 20)]]
    assert entered == [[1], [1], [1, 2], [1, 2], [1, 2, 3], [1, 2, 3], [1, 2, 3]]
    assert [g.totals for g in games] == [{"You": 80, "Opp": 62}, {"You": 62, "Opp": 50}, {"You": 37, "Opp": 20}]
    assert not any(g.finished for g in games)


def test_hollywood_shut_out_player_starts_the_next_open_game():
    games = game.new_games(["Ann", "Ben"])
    game.enter_score(games, "Ann", 66, 100)  # game 1: 66
    game.enter_score(games, "Ann", 66, 100)  # game 1: 132 (won), game 2: 66
    assert [g.winner for g in games] == ["Ann", None, None]
    game.enter_score(games, "Ann", 66, 100)  # game 2: 132 (won), game 3: 66
    assert game.enter_score(games, "Ben", 12, 100) == [3]  # shut out of games 1 and 2: starts game 3
    game.enter_score(games, "Ann", 40, 100)  # game 3: 106 (won)
    assert [g.totals for g in games] == [{"Ann": 132, "Ben": 0}, {"Ann": 132, "Ben": 0}, {"Ann": 106, "Ben": 12}]
    bonuses, final, winner = game.hollywood_result(load_rules("hollywood"), games, ["Ann", "Ben"])
    # Each game: game bonus 100; box 20 per hand won entered in it (Ann: two in each game); the shutouts
    # of games 1 and 2 give their game bonus again.
    assert bonuses == {"Ann": {"game_bonus": 300, "box_bonus": 40 + 40 + 40, "shutout": 200},
                       "Ben": {"box_bonus": 20}}
    assert final == {"Ann": 132 + 132 + 106 + 620, "Ben": 12 + 20} and winner == "Ann"


def test_hollywood_match_the_rules_example_through_real_hands():
    match = new("hollywood")
    for upcard, knocker, k, d in [("9H", "Ann", 5, 23), ("3H", "Ben", 5, 17), ("KS", "Ann", 0, 5),
                                  ("6C", "Ben", 5, 35), ("5S", "Ann", 5, 20), ("TD", "Ann", 2, 24),
                                  ("8H", "Ann", 10, 0)]:
        play(match, upcard, knocker, k, d)
    points = [(h.result, h.winner, h.points) for h in match.hands]
    assert points == [("knock", "Ann", 18), ("knock", "Ben", 12), ("gin", "Ann", 25), ("knock", "Ben", 30),
                      ("knock", "Ann", 15), ("knock", "Ann", 22), ("undercut", "Ben", 20)]
    assert [g.totals for g in match.state.games] == [{"Ann": 80, "Ben": 62}, {"Ann": 62, "Ben": 50},
                                               {"Ann": 37, "Ben": 20}]
    assert match.state.totals == {"Ann": 179, "Ben": 132}  # the sum of each player's three columns


# -- starting a match ------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, players, options, error, message", [
    ("oklahoma", ["Ann"], {}, InvalidNotationError, "the oklahoma rules need 2 players, not 1"),
    ("three-player", ["Ann", "Ben"], {"dealer": None}, InvalidNotationError,
     "the three-player rules need 3 players, not 2"),
    ("oklahoma", ["Ann", "Ann"], {}, InvalidNotationError, "player name 'Ann' given twice"),
    ("oklahoma", ["Ann", "ann"], {}, InvalidNotationError,
     r"player names 'Ann' and 'ann' differ only in case \(a player is named ignoring case\)"),
    ("oklahoma", ["Ann", " Ben"], {}, InvalidNotationError, "bad player name ' Ben'"),
    ("oklahoma", ["Ann", "Ben"], {"dealer": "Cid"}, InvalidNotationError,
     r"unknown player 'Cid' \(players: Ann, Ben\)"),
    ("oklahoma", ["Ann", "Ben"], {"box": "Ann"}, InvalidNotationError, "are for three players"),
])
def test_new_refuses(rules, players, options, error, message):
    with pytest.raises(error, match=message):
        Match.new(players, load_rules(rules), "2024-05-01", **options)


def test_new_draws_the_first_dealer_at_random():
    match = Match.new(["Ann", "Ben"], load_rules(None), "2024-05-01", rng=random.Random(3))
    assert written(match)["start"]["drawn"] is True
    assert match.state.dealer in ("Ann", "Ben") and written(match)["start"]["dealer"] == match.state.dealer


@pytest.mark.parametrize("draw, message", [
    (["Ann=KS", "Ben=KH", "Cid=2D"], r"draw again: Ann and Ben drew the same rank \(Ann K♠, Ben K♥\)"),
    (["Ann=KS", "Ben=7H"], "every player draws a card: no draw for Cid"),
    (["Ann=KS", "Ann=7H", "Cid=2D"], "Ann drew twice"),
    (["Ann=KS", "Ben=KS", "Cid=2D"], r"KS drawn twice \(Ann and Ben\)"),
    (["AnnKS", "Ben=7H", "Cid=2D"], "malformed draw 'AnnKS': write NAME=CARD"),
    (["Ann=ZZ", "Ben=7H", "Cid=2D"], "unknown card 'ZZ'"),
    (["Dan=KS", "Ben=7H", "Cid=2D"], "unknown player 'Dan'"),
])
def test_three_player_draw_refused(draw, message):
    with pytest.raises((InvalidNotationError, IllegalActionError), match=message):
        Match.new(["Ann", "Ben", "Cid"], load_rules("three-player"), "2024-05-01", draw=draw)


def test_three_player_roles_from_draw_and_named():
    drawn = Match.new(["Ann", "Ben", "Cid"], load_rules("three-player"), "2024-05-01",
                      draw=["Ann=2D", "Ben=KS", "cid=7H"])
    assert written(drawn)["start"] == {"box": "Ben", "captain": "Cid", "sitter": "Ann",
                                     "draw": {"Ann": "2D", "Ben": "KS", "Cid": "7H"}}
    named = new("three-player", ("Ann", "Ben", "Cid"), box="Cid", captain="Ann")
    assert named.state.roles == game.Roles("Cid", "Ann", "Ben") and named.state.dealer == "Cid"


# -- actions ---------------------------------------------------------------------------------------------

def test_deal_and_knock_fill_every_derived_value():
    match = new()
    dealt = match.deal("7D").step.data
    assert dealt == Deal(1, "Ann", None, "7D", 7)
    outcome = match.knock("ben", KNOCKER[5], DEFENDER[(5, 23)])
    assert (match.hands[0].knocker, match.hands[0].defender, outcome.refused) == ("Ben", "Ann", False)
    assert hand_data(match.hands[0]) == {
        "number": 1, "dealer": "Ann", "upcard": "7D", "limit": 7, "irregularities": [], "result": "knock",
        "knocker": "Ben", "knocker_cards": KNOCKER[5].split(), "melds": None, "discard": None,
        "defender": "Ann", "defender_cards": DEFENDER[(5, 23)].split(), "winner": "Ben", "points": 18,
        "totals": {"Ann": 0, "Ben": 18}}
    assert (match.state.dealer, match.state.why) == ("Ben", "the winner of hand 1 deals")


def test_declared_melds_and_discard_are_recorded_as_given():
    match = new("standard")
    match.deal("KS")
    match.knock("Ann", KNOCKER[5] + " KH", DEFENDER[(5, 23)], melds="AS 2S 3S | 7C 8C 9C | 4H 4D 4C",
                discard="KH")
    entry = hand_data(match.hands[0])  # as the file holds it
    assert entry["knocker_cards"][-1] == "KH" and entry["discard"] == "KH"
    assert entry["melds"] == [["AS", "2S", "3S"], ["7C", "8C", "9C"], ["4H", "4D", "4C"]]
    assert (entry["result"], entry["points"]) == ("knock", 18)
    assert match.hands[0].discard is Card.parse("KH")  # typed
    match_of(copy.deepcopy(written(match)))  # replays cleanly


def test_refusals_change_nothing():
    match = new()
    with pytest.raises(IllegalActionError, match=r"no hand is open: deal one first"):
        match.knock("Ann", KNOCKER[5], DEFENDER[(5, 23)])
    with pytest.raises(IllegalActionError, match="no hand is open"):
        match.dead()
    wrong = match.deal("7D", dealer="Ben")  # refused and kept
    assert str(wrong.refusal.reason) == "Ben cannot deal hand 1: Ann deals (named at the start)"
    assert written(match)["irregularities"] == [form_of(wrong.refusal.kept)] and match.hands == ()
    match.deal("7D")
    before = copy.deepcopy(written(match))
    with pytest.raises(IllegalActionError, match="hand 1 is still open"):
        match.deal("8D")
    with pytest.raises(InvalidNotationError, match="unknown player 'Cid'"):
        match.knock("Cid", KNOCKER[5], DEFENDER[(5, 23)])
    with pytest.raises(InvalidNotationError, match="AS in both hands"):
        match.knock("Ann", KNOCKER[5], DEFENDER[(5, 23)].replace("3C", "AS"))
    with pytest.raises(InvalidNotationError, match="knocker's hand has 9 cards"):
        match.knock("Ann", BASE, DEFENDER[(5, 23)])
    with pytest.raises(InvalidNotationError, match="discard QD is not in the knocker's hand"):
        match.knock("Ann", KNOCKER[5], DEFENDER[(5, 23)], discard="QD")
    assert written(match) == before


def test_illegal_knock_is_recorded_and_the_hand_stays_open():
    match = new()
    match.deal("3H")
    outcome = match.knock("Ann", KNOCKER[5], DEFENDER[(5, 23)])
    assert outcome.refused and form_of(outcome.refusal.kept) == {  # the facts: the reason is said, not stored
        "kind": "illegal_knock", "player": "Ann", "points": 0, "cards": KNOCKER[5].split()}
    assert str(outcome.refusal.reason) == "knock not allowed: deadwood 5 exceeds limit 3 (upcard 3♥)"
    assert str(match.state.irregularities[0][0].detail) == str(outcome.refusal.reason)  # worked out again by the replay
    assert match.state.open == 0 and match.state.totals == {"Ann": 0, "Ben": 0}
    play_on = match.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)])
    assert play_on.settlement.score.score == 22 and match.state.totals == {"Ann": 22, "Ben": 0}


def test_illegal_knock_penalty_goes_to_the_opponent():
    match = Match.new(["Ann", "Ben"], load_rules(None).with_knobs(illegal_knock="penalty"), "2024-05-01",
                      dealer="Ann")
    match.deal("3H")
    assert form_of(match.knock("Ann", KNOCKER[5], DEFENDER[(5, 23)]).refusal.kept)["points"] == 10
    assert match.state.totals == {"Ann": 0, "Ben": 10}
    match.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)])
    assert match.hands[0].totals == {"Ann": 22, "Ben": 10} and match.hands[0].points == 22
    match_of(copy.deepcopy(written(match)))


def test_undo_takes_back_one_step_at_a_time_and_keeps_it():
    match = new()
    play(match, "7D", "Ben", 5, 23)
    match.deal("3H")
    match.knock("Ann", KNOCKER[5], DEFENDER[(5, 23)])  # refused: limit 3
    steps = []
    for _ in range(3):
        step = match.newest_step()
        steps.append(undone_words(step))
        assert undo(match).undone
    assert steps == ["hand 2: Ann's illegal knock", "hand 2: the deal (Ben dealt, upcard 3♥)",
                     "hand 1: Ben's knock, 18 points to Ben"]
    assert [hand_data(hand) for hand in match.hands] == [
        {"number": 1, "dealer": "Ann", "upcard": "7D", "limit": 7, "irregularities": []}]
    assert match.state.open == 0 and match.state.totals == {"Ann": 0, "Ben": 0}
    corrections = written(match)["corrections"]
    assert [c["entry"].get("number") for c in corrections] == [2, 2, 1]
    assert corrections[2]["entry"]["points"] == 18 and corrections[0]["entry"]["irregularity"]["player"] == "Ann"
    undo(match)
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        undo(match)


def test_match_over_refuses_deals_and_undo_reopens_it():
    match = new()
    play(match, "TD", "Ben", 5, 71)
    play(match, "TD", "Ben", 5, 35)  # 66 + 30 = 96
    play(match, "9D", "Ben", 5, 20)  # 111
    assert match.state.finished and match.state.winner == "Ben" and outcome_words(match.state) == "Ben won 111 to 0"
    with pytest.raises(IllegalActionError, match=r"the match is over \(it ended with hand 3\): no more deals"):
        match.deal("7D")
    with pytest.raises(IllegalActionError, match=r"the match is over \(it ended with hand 3\): no hand is open"):
        match.dead()
    undo(match)
    assert not match.state.finished and match.state.open == 2


def test_tally_data_contract():
    match = new("three-player", ("Ann", "Ben", "Cid"))
    play(match, "5H", "Ann", 0, 35)
    data = tally_data(match)
    assert list(data) == ["players", "rules", "hands", "totals", "next_dealer", "finished", "winner", "final",
                          "bonuses", "target", "open_hand", "roles", "turn", "discard_top", "stock_count",
                          "irregularities"]
    assert (data["turn"], data["discard_top"], data["stock_count"], data["irregularities"]) == (None, None, None, [])
    assert data["hands"][0] == {
        "number": 1, "dealer": "Ann", "box": "Ann", "captain": "Ben", "sitter": "Cid", "upcard": "5H",
        "limit": 10, "result": "gin", "knocker": "Ann", "winner": "Ann", "points": 60,
        "totals": {"Ann": 60, "Ben": 0, "Cid": 0}, "knocker_deadwood": 0, "defender_deadwood": 35,
        "irregularities": []}
    assert data["roles"] == {"box": "Ann", "captain": "Cid", "sitter": "Ben"} and data["next_dealer"] == "Ann"
    assert (data["finished"], data["winner"], data["final"]) == (False, None, None)


# -- replay: a record that does not add up -------------------------------------------------------------

def _record():
    match = new()
    play(match, "7D", "Ben", 5, 23)   # Ben 18, Ben deals next
    play(match, "9D", "Ann", 5, 17)   # Ann 12, Ann deals next
    match.deal("KS")
    match.dead()                       # Ann deals again
    return copy.deepcopy(written(match))


@pytest.mark.parametrize("edit, where, message", [
    (lambda r: r["hands"][1]["totals"].update(Ann=50), ("hands", 1, "totals"),
     "hand 2: totals say Ann 50, Ben 18, but the hands add up to Ann 12, Ben 18"),
    (lambda r: r["hands"][0].update(points=20), ("hands", 0, "points"),
     "hand 1: points are 20, but the cards give 18 (knock: 23 − 5 = 18 to the knocker)"),
    (lambda r: r["hands"][1].update(dealer="Ann"), ("hands", 1, "dealer"),
     "hand 2: dealer out of turn: Ann dealt, but Ben should deal (the winner of hand 1 deals)"),
    (lambda r: r["hands"][0].update(limit=10), ("hands", 0, "limit"),
     "hand 1: limit is 10, but upcard 7♦ gives 7 (upcard 7♦)"),
    (lambda r: r["hands"][0].update(winner="Ann"), ("hands", 0, "winner"),
     "hand 1: winner is 'Ann', but the cards make it Ben (knock: 23 − 5 = 18 to the knocker)"),
    (lambda r: r["hands"][0].update(result="gin"), ("hands", 0, "result"),
     "hand 1: result is 'gin', but the cards give knock (knock: 23 − 5 = 18 to the knocker)"),
    (lambda r: r["hands"][0].update(pionts=3), ("hands", 0, "pionts"), "hand 1: unknown key 'pionts'"),
    (lambda r: r["hands"][2].update(number=4), ("hands", 2, "number"),
     "hand 3 is numbered 4: hands are numbered 1, 2, 3... in order"),
    (lambda r: r["hands"][0]["knocker_cards"].__setitem__(9, "KD"), ("hands", 0, "knocker_cards"),
     "hand 1: knock not allowed: deadwood 10 exceeds limit 7 (upcard 7♦)"),
    (lambda r: r["rules"]["knobs"].update(gin_bonus="lots"), ("rules", "knobs", "gin_bonus"),
     "house rule 'gin_bonus' must be a whole number, not 'lots'"),
    (lambda r: r.update(format="gin-ref-match/4"), ("format",),
     "format gin-ref-match/4 is not supported: this gin-ref reads gin-ref-match/3"),
])
def test_replay_finds_each_edit_where_it_is(edit, where, message):
    record = _record()
    edit(record)
    assert english(checked(record).problems) == [(where, message)]
    with pytest.raises(RecordError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$") as info:
        match_of(record)
    assert info.value.where == where


def test_replay_collects_every_problem_in_one_pass():
    record = _record()
    record["hands"][0]["totals"] = {"Ann": 1, "Ben": 18}
    record["hands"][1]["dealer"] = "Ann"
    record["hands"][2]["points"] = 5
    wheres = [problem.where for problem in checked(record).problems]
    assert wheres == [("hands", 0, "totals"), ("hands", 1, "dealer"), ("hands", 2, "points")]


def test_replay_hand_after_the_match_ended_and_hand_left_open():
    match = new()
    play(match, "TD", "Ben", 5, 71)
    play(match, "TD", "Ben", 5, 35)
    play(match, "9D", "Ben", 5, 20)
    record = copy.deepcopy(written(match))
    record["hands"].append({"number": 4, "dealer": "Ben", "upcard": "7D", "limit": 7, "irregularities": []})
    assert [str(p.message) for p in checked(record).problems] == [
        "hand 4 was dealt after the match ended (in hand 3)"]
    record["hands"][1] = {key: record["hands"][1][key] for key in ("number", "dealer", "upcard", "limit")}
    assert [str(p.message) for p in checked(record).problems] == [
        "hand 2 has no result, but hand 3 follows it",
        "hand 3: totals say Ann 0, Ben 111, but the hands add up to Ann 0, Ben 81",
    ]  # Ben is short of 100 without hand 2, so hand 4 is no longer after the end


def test_replay_three_player_rotation_and_sitter_scoring():
    match = new("three-player", ("Ann", "Ben", "Cid"))
    play(match, "5H", "Ann", 0, 35)   # box Ann wins: captain and sitter swap
    play(match, "6H", "Cid", 5, 23)   # captain Cid wins: box Cid, captain Ben, sitter Ann
    record = copy.deepcopy(written(match))
    record["hands"][1]["captain"], record["hands"][1]["sitter"] = "Ben", "Cid"
    problems = checked(record).problems
    assert str(problems[0].message) == ("hand 2: roles out of rotation: box Ann, captain Ben, sitter Cid, but the "
                                   "rotation gives box Ann, captain Cid, sitter Ben (Ann won in the box and "
                                   "stays; captain and sitter swap)")
    record = copy.deepcopy(written(match))
    record["hands"][1]["winner"] = "Ben"
    assert [str(p.message) for p in checked(record).problems] == ["hand 2: Ben scored while sitting out"]
    match.deal("7D")
    outcome = match.knock("Ann", KNOCKER[5], DEFENDER[(5, 23)])  # refused and kept, as with recorded turns
    assert form_of(outcome.refusal.kept) == {"kind": "out_of_turn", "player": "Ann", "turn": 1, "action": "knock"}
    assert str(outcome.refusal.reason) == "Ann sits out hand 3: only Cid (box) or Ben (captain) may knock"
    assert str(match.state.irregularities[2][0].detail) == str(outcome.refusal.reason)
    # the hand holds the typed item; the writer lays it out
    assert match.hands[2].irregularities == (outcome.refusal.kept,) and match.state.open == 2
    assert written(match)["hands"][2]["irregularities"] == [form_of(outcome.refusal.kept)]
    assert checked(copy.deepcopy(written(match))).problems == []

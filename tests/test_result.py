"""``gin_ref.match.resultonly``: the bounds a result is checked against, and a result-only record replayed
(the CLI is in test_cli_result.py)."""

import copy

import pytest

from gin_ref.core.cards import parse_cards
from gin_ref.core.rules import make_rules
from gin_ref.files.rulesfile import load_rules
from gin_ref.match.model import Match
from gin_ref.match.resultonly import MAX_DEADWOOD, max_hand_score, paper_result, score_problems
from gin_ref.match.steps import step_pairs

from reference import ref_deadwood
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401


def form_of(data):
    """What a step's typed data writes into the file, as the writer lays it out."""
    return dict(step_pairs(data))


def test_the_most_deadwood_ten_cards_hold_is_98():
    assert make_rules({}).most_deadwood == MAX_DEADWOOD
    # Nine ten-point cards hold three of one rank (four ranks, two each make eight): a set, so at most
    # 70 points stay out. Eight ten-point cards and two nines make 98, when the nines join no run or set.
    assert MAX_DEADWOOD == 98
    assert ref_deadwood(parse_cards("TS TH JD JC QS QH KD KC 9D 9C")) == 98


@pytest.mark.parametrize("knobs, top", [
    ({}, 98 + 25),
    ({"gin_bonus": 20}, 98 + 20),
    ({"big_gin_bonus": 31}, 98 + 31),
    ({"undercut_bonus": 200}, 10 + 200),  # an undercut: 10 - 0 + the bonus
    ({"spade_double": True}, (98 + 25) * 2),
    ({"gin_bonus": 0}, 98 - 1 + 0 + 1),  # a gin against 98: 98 (a knock gives at most 97)
    ({"ace_value": 15}, make_rules({"ace_value": 15}).most_deadwood + 25),  # the rules' own most deadwood
])
def test_the_most_a_hand_can_score(knobs, top):
    assert max_hand_score(make_rules(knobs)) == top


def test_score_problems_for_each_player_by_the_rules():
    standard = load_rules("standard")
    assert score_problems(standard, {"Ann": 100, "Ben": 99}, None, "Ann") == []
    assert score_problems(standard, {"Ann": 222, "Ben": 0}, None, "Ann") == []
    assert [who for who, _ in score_problems(standard, {"Ann": 223, "Ben": 100}, None, "Ann")] == ["Ben", "Ann"]
    # penalties score without a hand won: only the target is checked
    penalty = standard.with_knobs(illegal_knock="penalty")
    assert score_problems(penalty, {"Ann": 500, "Ben": 20}, {"Ann": 1, "Ben": 0}, "Ann") == []
    # classic: a winner's shutout is his only when the other scored nothing
    classic = load_rules("classic")
    assert score_problems(classic, {"Ann": 320, "Ben": 0}, {"Ann": 1, "Ben": 0}, "Ann") == []  # 100+100+20+100
    assert score_problems(classic, {"Ann": 220, "Ben": 0}, {"Ann": 1, "Ben": 0}, "Ann") != []  # no shutout: 0+...
    # double_total doubles the total and every bonus: 2 x (217 + 100 + 3 x 20) = 754, an odd score never
    doubled = classic.with_knobs(shutout="double_total")
    assert score_problems(doubled, {"Ann": 754, "Ben": 0}, {"Ann": 3, "Ben": 0}, "Ann") == []
    assert score_problems(doubled, {"Ann": 755, "Ben": 0}, {"Ann": 3, "Ben": 0}, "Ann") != []
    assert score_problems(doubled, {"Ann": 756, "Ben": 0}, {"Ann": 3, "Ben": 0}, "Ann") != []  # 218 is too much


def _record(scores, hands_won=None):
    match = Match.new(["Ann", "Ben"], load_rules("standard"), "2024-05-01", dealer="Ann")
    data = written(match)
    data["result"] = form_of(paper_result(match.players, match.rules, scores, hands_won or ()))
    return data


def test_a_result_only_record_replays_to_a_finished_match():
    record = _record([("Ann", "154"), ("Ben", "24")], [("Ann", "6"), ("Ben", "2")])
    match = match_of(record)
    assert (match.state.finished, match.state.winner, match.state.totals, match.state.paper.hands_won) == (
        True, "Ann", {"Ann": 154, "Ben": 24}, {"Ann": 6, "Ben": 2})
    assert match.state.result() == ({"Ann": {}, "Ben": {}}, {"Ann": 154, "Ben": 24}, "Ann")


@pytest.mark.parametrize("edit, where, message", [
    (lambda r: r["result"].update(winner="Ben"), ("result", "winner"),
     "the result's winner is 'Ben', but the scores make it Ann (the highest)"),
    (lambda r: r["result"]["scores"].update(Ann=24), ("result", "scores"),
     "Ann and Ben have 24 each: a match has one winner"),
    (lambda r: r["result"]["scores"].update(Ben=-1), ("result", "scores"),
     "the result's 'scores' must give each player (Ann, Ben) a whole number of points from 0"),
    (lambda r: r["result"].update(hands_won={"Ann": 1}), ("result", "hands_won"),
     "the result's 'hands_won' must give each player (Ann, Ben) a whole number of hands from 0"),
    (lambda r: r["result"].update(extra=1), ("result", "extra"), "unknown key 'extra' in 'result'"),
    (lambda r: r["hands"].append({"number": 1}), ("hands",),
     "the record holds a result and 1 hand: a match is recorded by its hands or by its result, not both"),
    (lambda r: r["rules"]["knobs"].update(target=200), ("result", "scores", "Ann"),
     "the result: Ann won with 154, below the target 200: the winner's total reaches it"),
])
def test_check_record_names_each_problem_of_a_result(edit, where, message):
    record = copy.deepcopy(_record([("Ann", "154"), ("Ben", "24")]))
    edit(record)
    problems, _match = checked(record)
    assert (problems[0].where, str(problems[0].message)) == (where, message)


RULES_PLAYED = [("standard", {}), ("oklahoma", {}), ("classic", {}), ("tournament", {}), ("three-player", {}),
                ("classic", {"shutout": "double_total"}), ("standard", {"undercut_bonus": 0, "gin_bonus": 0}),
                ("oklahoma", {"spade_double": True, "big_gin_bonus": 31}),
                ("standard", {"ace_value": 15, "gin_layoffs": True}),
                ("classic", {"shutout": "flat", "shutout_bonus": 50, "gin_boxes": 1, "knock_tie": "knocker"}),
                ("classic", {"box_scoring": "each_hand", "undercut_boxes": 2, "spade_double_boxes": True})]


@pytest.mark.parametrize("preset, knobs", RULES_PLAYED)
def test_every_match_the_engine_plays_gives_a_result_the_checks_take(preset, knobs):
    """Soundness against the engine: matches played hand by hand (random counts, upcards and knockers) end
    in final scores that ``score_problems`` takes, with the hands won given or not. (A result whose loser
    finished ahead of the winner on box bonuses is one the highest-score rule cannot take: counted apart.)"""
    import random

    from gin_ref.core.cards import Card

    rng = random.Random(f"{preset}{sorted(knobs.items())}")
    rules = load_rules(preset).with_knobs(**knobs)
    players = ["Ann", "Ben", "Cid"][:rules.players]
    played = ahead = 0
    for _ in range(60):
        start = {"dealer": "Ann"} if rules.players == 2 else {"box": "Ann", "captain": "Ben"}
        match = Match.new(players, rules, "2024-05-01", **start)
        lean = rng.choice([0.5, 0.9, 1.0])  # how often Ann knocks when she plays: a shutout now and then
        while not match.state.finished:
            upcard = Card.parse(rng.choice("A23456789TJQK") + rng.choice("SHDC"))
            match.deal(upcard)
            limit, pair = match.open_setup.limit, list(match.open_setup.pair)
            roll = rng.random()
            if roll < 0.1:
                match.dead()
                continue
            knocker = "Ann" if "Ann" in pair and rng.random() < lean else rng.choice(pair)
            count = 0 if roll < 0.35 or limit == 0 else rng.randint(1, max(1, min(limit, 10)))
            if count > limit:
                count = 0
            defender = rng.choice([0, 98, rng.randint(0, 98), rng.randint(count, count + 30)])
            match.knock(knocker, count, min(defender, 98))
        _bonuses, final, winner = match.state.result()
        assert final is not None and winner is not None
        if [name for name, points in final.items() if points == max(final.values())] != [winner]:
            ahead += 1
            continue
        played += 1
        won = {name: sum(1 for hand in match.hands if hand.winner == name) for name in players}
        assert score_problems(rules, final, won, winner) == [], (final, won)
        assert score_problems(rules, final, None, winner) == [], final
    assert played >= 50 and ahead <= 10

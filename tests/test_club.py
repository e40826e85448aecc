"""The club's pure logic: the circle method, Swiss pairing, byes, match points and tie-breaks, and the
event record (gin_ref.club)."""

import itertools

import pytest

from gin_ref.club.event import Event, Result, Round, Table
from gin_ref.club.pairing import round_robin, round_robin_rounds, swiss
from gin_ref.club.standings import event_standings
from gin_ref.core.errors import IllegalActionError, InvalidNotationError, RecordError
from gin_ref.files import eventfile
from gin_ref.files.eventread import read_event
from gin_ref.files.rulesfile import load_rules

SEVEN = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus"]


# -- round robin -----------------------------------------------------------------------------------------

def test_the_circle_method_for_four_players_by_hand():
    # seats Ann Ben Cid Dee; Ann stays, the others move one seat on each round; seat i plays seat 3-i
    assert [round_robin(["Ann", "Ben", "Cid", "Dee"], n) for n in (1, 2, 3)] == [
        ([("Ann", "Dee"), ("Ben", "Cid")], None),
        ([("Ann", "Cid"), ("Dee", "Ben")], None),
        ([("Ann", "Ben"), ("Cid", "Dee")], None),
    ]


def test_the_circle_method_with_an_odd_player_gives_the_bye_to_whoever_faces_the_empty_seat():
    assert [round_robin(["Ann", "Ben", "Cid"], n) for n in (1, 2, 3)] == [
        ([("Ben", "Cid")], "Ann"), ([("Ann", "Cid")], "Ben"), ([("Ann", "Ben")], "Cid")]


@pytest.mark.parametrize("count", range(2, 12))
def test_every_pair_meets_exactly_once_and_every_odd_player_has_one_bye(count):
    players = [f"P{i}" for i in range(count)]
    pairs, byes = [], []
    for number in range(1, round_robin_rounds(count) + 1):
        tables, bye = round_robin(players, number)
        seated = [name for table in tables for name in table] + ([bye] if bye else [])
        assert sorted(seated) == sorted(players)
        pairs += [frozenset(table) for table in tables]
        byes += [bye] if bye else []
    assert sorted(pairs, key=sorted) == sorted({frozenset(p) for p in itertools.combinations(players, 2)}, key=sorted)
    assert sorted(byes) == (sorted(players) if count % 2 else [])


# -- Swiss -----------------------------------------------------------------------------------------------

def test_swiss_round_one_of_seven_top_half_against_bottom_half_and_the_bye_to_the_last_seed():
    points = dict.fromkeys(SEVEN, 0)
    assert swiss(SEVEN, points, set(), {}, SEVEN) == (
        [("Ann", "Dee"), ("Ben", "Eve"), ("Cid", "Fay")], "Gus")


def test_swiss_pairs_within_score_groups_and_floats_the_odd_one_down():
    players = ["A", "B", "C", "D", "E", "F"]
    points = {"A": 2, "B": 2, "C": 2, "D": 0, "E": 0, "F": 0}  # three on 2: C floats down to play D
    assert swiss(players, points, set(), {}, players) == ([("A", "B"), ("C", "D"), ("E", "F")], None)


def test_swiss_takes_the_next_opponent_when_the_ideal_one_was_met():
    players = ["A", "B", "C", "D"]
    points = dict.fromkeys(players, 2)
    met = {frozenset(("A", "C"))}
    assert swiss(players, points, met, {}, players) == ([("A", "D"), ("B", "C")], None)


def test_swiss_backtracks_rather_than_repeat_a_pair():
    players = ["A", "B", "C", "D"]
    points = dict.fromkeys(players, 0)
    met = {frozenset(("B", "D")), frozenset(("A", "D"))}  # A's first choice C leaves B-D, a repeat
    assert swiss(players, points, met, {}, players) == ([("A", "B"), ("C", "D")], None)


def test_swiss_repeats_a_pair_only_when_nothing_else_is_possible():
    players = ["A", "B", "C", "D"]
    points = dict.fromkeys(players, 0)
    met = {frozenset(p) for p in [("A", "B"), ("A", "C"), ("A", "D"), ("B", "C")]}
    pairs, _ = swiss(players, points, met, {}, players)
    assert pairs == [("A", "C"), ("B", "D")]  # one repeat is the fewest (A has met everybody): A's first choice


def test_the_bye_goes_to_the_lowest_placed_player_without_one():
    players = ["A", "B", "C"]
    points = {"A": 2, "B": 0, "C": 0}
    # C is placed last but has had a bye: B takes it
    assert swiss(players, points, set(), {"C": 1}, ["A", "B", "C"]) == ([("A", "C")], "B")


def test_the_bye_moves_up_when_the_lowest_player_would_leave_a_repeat():
    players = ["A", "B", "C"]
    points = dict.fromkeys(players, 0)
    met = {frozenset(("A", "B"))}
    assert swiss(players, points, met, {}, players) == ([("A", "C")], "B")


def test_a_64_player_swiss_never_repeats_a_pair_over_six_rounds():
    players = [f"P{i:02d}" for i in range(64)]
    points, met = dict.fromkeys(players, 0), set()
    for number in range(6):
        pairs, bye = swiss(players, points, met, {}, players)
        assert bye is None and len(pairs) == 32
        for first, second in pairs:
            assert frozenset((first, second)) not in met
            met.add(frozenset((first, second)))
            points[first if (int(first[1:]) + int(second[1:]) + number) % 2 else second] += 2  # a fixed winner


# -- match points and tie-breaks -------------------------------------------------------------------------

def _event(system, players, rounds):
    """Rounds from ``[(tables [(first, second)], bye)]``; files named r-t."""
    return [Round(r, tuple(Table(t, pair, f"{r}-{t}") for t, pair in enumerate(tables, 1)), bye)
            for r, (tables, bye) in enumerate(rounds, 1)]


def win(winner, loser, score_w, score_l):
    return Result(True, winner, {winner: score_w, loser: score_l})


def test_round_robin_three_way_tie_on_head_to_head_goes_to_points_difference():
    # A beats B, B beats C, C beats A (one match point each among them), all beat D. By hand:
    # diff A +10 -20 +5 = -5, B +30 -10 +5 = +25, C +20 -30 +5 = -5: B first; A and C equal: seed (A).
    players = ["A", "B", "C", "D"]
    rounds = _event("round-robin", players, [([("A", "D"), ("B", "C")], None),
                                             ([("A", "C"), ("D", "B")], None),
                                             ([("A", "B"), ("C", "D")], None)])
    results = {"1-1": win("A", "D", 105, 100), "1-2": win("B", "C", 130, 100),
               "2-1": win("C", "A", 120, 100), "2-2": win("B", "D", 105, 100),
               "3-1": win("A", "B", 110, 100), "3-2": win("C", "D", 105, 100)}
    rows = event_standings("round-robin", players, rounds, results)
    assert [(r.rank, r.player, r.match_points, r.diff, r.buchholz) for r in rows] == [
        (1, "B", 2, 25, None), (2, "A", 2, -5, None), (3, "C", 2, -5, None), (4, "D", 0, -15, None)]


def test_a_tie_is_half_a_point_each_and_an_unfinished_match_counts_nothing():
    rounds = _event("swiss", ["A", "B", "C", "D"], [([("A", "B"), ("C", "D")], None)])
    results = {"1-1": Result(True, None, {"A": 630, "B": 630}), "1-2": Result.unplayed()}
    rows = event_standings("swiss", ["A", "B", "C", "D"], rounds, results)
    assert [(r.player, r.halves, r.played, r.buchholz) for r in rows] == [
        ("A", 1, 1, 1), ("B", 1, 1, 1), ("C", 0, 0, 0), ("D", 0, 0, 0)]


def test_a_bye_is_one_match_point_and_adds_nothing_to_buchholz():
    rounds = _event("swiss", ["A", "B", "C"], [([("A", "B")], "C")])
    rows = event_standings("swiss", ["A", "B", "C"], rounds, {"1-1": win("A", "B", 100, 50)})
    assert [(r.player, r.match_points, r.byes, r.buchholz, r.diff) for r in rows] == [
        ("A", 1, 0, 0, 50), ("C", 1, 1, 0, 0), ("B", 0, 0, 2, -50)]


# -- the event record ------------------------------------------------------------------------------------

def new_event(system="swiss", players=SEVEN, rules="standard", rounds=None):
    return Event.new("night", system, list(players), load_rules(rules), "2024-09-06", rounds)


def test_a_new_event_holds_the_rules_snapshot_and_the_seeds():
    event = new_event()
    record = eventfile.event_data(event)
    assert event.total_rounds == 3 and event.players == SEVEN and record["pairings"] == []
    assert record["rules"]["name"] == "standard" and record["rules"]["knobs"]["target"] == 100
    assert Event(read_event(record)).players == SEVEN  # the record reads back


@pytest.mark.parametrize("options, error, message", [
    ({"rules": "three-player"}, IllegalActionError, "the three-player rules are for 3 players at a table: an event "
                                                    "pairs two players a table"),
    ({"system": "round-robin", "rounds": 3}, InvalidNotationError, "a round robin of 7 players has 7 rounds"),
    ({"rounds": 8}, InvalidNotationError, "a Swiss of 7 players takes 1 to 7 rounds"),
    ({"players": ["Ann"]}, InvalidNotationError, "an event needs at least 2 players"),
    ({"players": ["Ann", "Ben", "ann"]}, InvalidNotationError, "player 'ann' is the same as 'Ann'"),
    ({"players": ["Ann", "Ben", "Ann"]}, InvalidNotationError, "player 'Ann' is given twice"),
    ({"system": "league"}, InvalidNotationError, "event format must be one of round-robin, swiss"),
])
def test_an_event_that_cannot_be_paired_is_refused_with_the_reason(options, error, message):
    with pytest.raises(error, match=message):
        new_event(**options)


def test_pairing_is_refused_while_a_match_is_unfinished_and_once_the_event_is_over():
    event = new_event(system="round-robin", players=["Ann", "Ben"])
    first = event.next_round({})
    assert first.tables == (Table(1, ("Ann", "Ben"), "round-1-table-1.yaml"),) and first.bye is None
    event.add_round(first)
    with pytest.raises(IllegalActionError, match=r"1 match is not finished: round 1 table 1 "
                                                 r"\(round-1-table-1.yaml: Ann v Ben\)"):
        event.next_round({})
    done = {"round-1-table-1.yaml": win("Ann", "Ben", 100, 0)}
    with pytest.raises(IllegalActionError, match="the event is over: all 1 rounds are played"):
        event.next_round(done)
    assert event.is_over(done) and event.rounds_played(done) == 1


@pytest.mark.parametrize("change, where, message", [
    (lambda r: r.update(system="league"), ("system",), "'system' must be one of"),
    (lambda r: r.update(rounds=9), ("rounds",), "'rounds' must be a whole number from 1 to 7"),
    (lambda r: r["pairings"][0]["tables"][0].update(players=["Ann", "Zed"]), ("pairings", 0, "tables", 0, "players"),
     "a table seats two of the event's players"),
    (lambda r: r["pairings"][0].update(bye=None), ("pairings", 0, "bye"), "every player must be at a table or have"),
    (lambda r: r["pairings"][0]["tables"][0].update(file="../x.yaml"), ("pairings", 0, "tables", 0, "file"),
     "'file' must be a match file's name inside"),
    (lambda r: r["rules"]["knobs"].update(players=3, next_dealer="box"), ("rules",), "are for 3 players at a table"),
    (lambda r: r.update(extra=1), ("extra",), "unknown key 'extra'"),
    (lambda r: r.update(date="Friday"), ("date",), "'date' must be an ISO date"),
    (lambda r: r["pairings"][0]["tables"][1].update(file="round-1-table-1.yaml"), ("pairings", 0, "tables", 1, "file"),
     "'round-1-table-1.yaml' is the file of another table"),
])
def test_a_damaged_event_record_is_refused_at_the_key_that_is_wrong(change, where, message):
    event = new_event()
    event.add_round(event.next_round({}))
    record = eventfile.event_data(event)
    change(record)
    with pytest.raises(RecordError, match=message) as caught:
        read_event(record)
    assert caught.value.where[:len(where)] == where


def _perfect_matchings(players):
    if not players:
        yield []
        return
    first = players[0]
    for i in range(1, len(players)):
        rest = players[1:i] + players[i + 1:]
        for tail in _perfect_matchings(rest):
            yield [(first, players[i])] + tail


@pytest.mark.parametrize("count", [4, 5, 6, 7, 8])
def test_random_swiss_events_repeat_a_pair_only_when_every_pairing_would(count):
    import random

    rng = random.Random(count)
    players = [f"P{i}" for i in range(count)]
    for _ in range(15):
        points, met, byes = dict.fromkeys(players, 0), set(), {}
        for number in range(round_robin_rounds(count)):
            placed = sorted(players, key=lambda n: (-points[n], players.index(n)))
            pairs, bye = swiss(players, points, met, byes, placed)
            seated = [name for pair in pairs for name in pair] + ([bye] if bye else [])
            assert sorted(seated) == players
            repeats = sum(frozenset(pair) in met for pair in pairs)
            if repeats:  # no choice of bye and tables avoids one
                for left_out in ([None] if count % 2 == 0 else players):
                    rest = [name for name in players if name != left_out]
                    assert all(any(frozenset(p) in met for p in m) for m in _perfect_matchings(rest))
            if bye is not None:
                without = [name for name in placed if not byes.get(name)]
                if without and repeats == 0:  # lower-placed players without a bye could not take it
                    below = without[without.index(bye) + 1:] if bye in without else without
                    for name in below:
                        rest = [n for n in players if n != name]
                        assert all(any(frozenset(p) in met for p in m) for m in _perfect_matchings(rest))
                byes[bye] = byes.get(bye, 0) + 1
                points[bye] += 2
            for first, second in pairs:
                met.add(frozenset((first, second)))
                points[rng.choice((first, second))] += 2

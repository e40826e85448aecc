"""``gin_ref.views.history`` and ``gin_ref.views.stats``: which files are matches, the history newest first, and the
statistics, checked against counts made by hand on the shipped examples."""

import ast
import os
from pathlib import Path

import pytest

from gin_ref.desk.reading import read_matches
from gin_ref.files.matchread import claims_match
from gin_ref.views.history import history_data, newest_first, oldest_first
from gin_ref.views.stats import player_stats as typed_stats, stats_data


def player_stats(views, player=None):
    return stats_data(typed_stats(views, player))
from matchviews import make_view

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("data, claims", [
    ({"format": "gin-ref-match/1", "date": "2024-01-01"}, True),
    ({"format": "gin-ref-match/2"}, True),
    ({"format": "gin-ref-match/3"}, True),  # another version: a match this gin-ref cannot read
    ({"extends": "oklahoma", "spade_double": True}, False),  # a rules file
    ({"description": {"format": "gin-ref-match/1"}}, False),  # not at the top level
    ({"format": "something-else/1"}, False),
    ({"format": 2}, False),
    (["format", "gin-ref-match/1"], False),
    ("format: gin-ref-match/1", False),
    (None, False),
])
def test_a_file_is_a_match_when_its_top_level_format_says_so(data, claims):
    assert claims_match(data) is claims


def hand(dealer, result, knocker, winner, points, deadwood=None, upcard="7D", limit=7):
    return (dealer, upcard, limit, result, knocker, winner, points, deadwood)


def test_history_is_newest_first_then_by_file_name():
    views = [make_view(f, d, ["Ann", "Ben"], []) for f, d in [
        ("b.yaml", "2024-05-01"), ("c.yaml", "2023-12-31"), ("a.yaml", "2024-05-01"), ("z/d.yaml", "2025-01-02")]]
    assert [v.file for v in newest_first(views)] == ["z/d.yaml", "a.yaml", "b.yaml", "c.yaml"]
    assert [v.file for v in oldest_first(views)] == ["c.yaml", "a.yaml", "b.yaml", "z/d.yaml"]


def test_history_data_has_the_contract_fields():
    done = make_view("done.yaml", "2024-05-01", ["Ann", "Ben"], [
        hand("Ann", "gin", "Ben", "Ben", 100, 0), hand("Ben", "dead", None, None, 0)],
        winner="Ben", final={"Ann": 0, "Ben": 100})
    playing = make_view("playing.yaml", "2024-06-01", ["Ann", "Cid"], [hand("Ann", "knock", "Ann", "Ann", 12, 3)])
    assert history_data([done, playing], [("bad.yaml", "line 3: invalid YAML")]) == {
        "matches": [
            {"file": "playing.yaml", "date": "2024-06-01", "players": ["Ann", "Cid"], "rules": "oklahoma",
             "winner": None, "final": None, "hands": 1},
            {"file": "done.yaml", "date": "2024-05-01", "players": ["Ann", "Ben"], "rules": "oklahoma",
             "winner": "Ben", "final": {"Ann": 0, "Ben": 100}, "hands": 2},
        ],
        "skipped": [{"file": "bad.yaml", "error": "line 3: invalid YAML"}],
    }


def test_stats_count_each_kind_of_hand_for_the_right_player():
    first = make_view("1.yaml", "2024-01-01", ["Ann", "Ben"], [
        hand("Ann", "knock", "Ann", "Ann", 20, 4),      # Ann knocks and wins
        hand("Ann", "undercut", "Ann", "Ben", 12, 8),   # Ann knocks, Ben undercuts her
        hand("Ben", "dead", None, None, 0),
        hand("Ben", "gin", "Ben", "Ben", 40, 0),        # Ben goes gin
        hand("Ben", "big_gin", "Ann", "Ann", 70, 0),    # Ann: big gin
    ], winner="Ann", final={"Ann": 90, "Ben": 52})
    second = make_view("2.yaml", "2024-02-01", ["Ben", "Cid"], [
        hand("Ben", "knock", "Ben", "Ben", 9, 1),
        hand("Ben", "knock", "Cid", "Cid", 30, 2),
    ])
    stats = player_stats([second, first])
    assert stats == {
        "Ann": {"matches": 1, "matches_won": 1, "hands_won": 2, "knocks": 2, "gins": 1, "undercuts_given": 0,
                "undercuts_taken": 1, "avg_points_per_hand_won": 45.0, "avg_knock_deadwood": 6.0,
                "results_only": 0, "progression": [{"file": "1.yaml", "date": "2024-01-01", "totals": [20, 20, 20, 20, 90],
                                 "final": 90, "won": True}]},
        "Ben": {"matches": 2, "matches_won": 0, "hands_won": 3, "knocks": 1, "gins": 1, "undercuts_given": 1,
                "undercuts_taken": 0, "avg_points_per_hand_won": 20.33, "avg_knock_deadwood": 1.0,
                "results_only": 0, "progression": [{"file": "1.yaml", "date": "2024-01-01", "totals": [0, 12, 12, 52, 52],
                                 "final": 52, "won": False},
                                {"file": "2.yaml", "date": "2024-02-01", "totals": [9, 9],
                                 "final": None, "won": False}]},
        "Cid": {"matches": 1, "matches_won": 0, "hands_won": 1, "knocks": 1, "gins": 0, "undercuts_given": 0,
                "undercuts_taken": 0, "avg_points_per_hand_won": 30.0, "avg_knock_deadwood": 2.0,
                "results_only": 0, "progression": [{"file": "2.yaml", "date": "2024-02-01", "totals": [0, 30],
                                 "final": None, "won": False}]},
    }
    assert list(player_stats([first, second], player="Cid")) == ["Cid"]
    assert player_stats([first], player="Cid") == {}


def test_averages_are_null_when_there_is_nothing_to_average():
    view = make_view("1.yaml", "2024-01-01", ["Ann", "Ben"], [hand("Ann", "gin", "Ann", "Ann", 30, 0)])
    stats = player_stats([view])
    assert (stats["Ben"]["avg_points_per_hand_won"], stats["Ben"]["avg_knock_deadwood"]) == (None, None)
    assert (stats["Ann"]["avg_points_per_hand_won"], stats["Ann"]["avg_knock_deadwood"]) == (30.0, None)


# -- the shipped examples, counted by hand from examples/make_examples.sh ----------------------------------
#
# oklahoma (Ann v Ben, Ann wins): 1 Ben knocks (deadwood 5) +30; 2 Ann knocks (10), Ben undercuts +13;
#   3 dead; 4 Ann gin +38; 5 Ann's illegal knock refused, then Ann knocks (3) +25; 6 Ben knocks (7) +4;
#   7 Ben knocks (1) +24; 8 Ann gin +88.
# spades (Ann v Cid, Ann wins): 1 Ann gin +60; 2 Cid knocks (3) +30; 3 Cid knocks (4), Ann undercuts +26;
#   4 Cid knocks (2) +16; 5 Ann knocks (7) +25.
# three-player (Ann, Ben, Cid; Ann wins): 1 Ben knocks (7) +24; 2 Cid knocks (9) +26; 3 dead; 4 Cid knocks
#   (10), Ann undercuts +10; 5 Ann gin +45; 6 Cid knocks (10) +21; 7 Cid knocks (7) +26; 8 Ann gin +99.
# hollywood (Ben v Cid, Cid wins the session): 1 Cid knocks (4) +22; 2 Ben knocks (8) +27; 3 Ben gin +21;
#   4 Cid knocks (1), Ben undercuts +10; 5 Cid knocks (4) +28; 6 Cid knocks (10) +29; 7 Cid knocks (3) +32;
#   8 Ben gin +30; 9 Ben knocks (9) +31; 10 Cid knocks (10) +26; 11 Cid knocks (6), Ben undercuts +10;
#   12 Ben knocks (3) +28.
BY_HAND = {
    "Ann": {"matches": 3, "matches_won": 3, "hands_won": 3 + 3 + 3, "knocks": 2 + 1, "gins": 2 + 1 + 2,
            "undercuts_given": 1 + 1, "undercuts_taken": 1,
            "avg_points_per_hand_won": round((38 + 25 + 88 + 60 + 26 + 25 + 10 + 45 + 99) / 9, 2),
            "avg_knock_deadwood": round((10 + 3 + 7) / 3, 2), "results_only": 0},
    "Ben": {"matches": 3, "matches_won": 0, "hands_won": 4 + 1 + 7, "knocks": 3 + 1 + 3, "gins": 2,
            "undercuts_given": 1 + 2, "undercuts_taken": 0,
            "avg_points_per_hand_won": round((30 + 13 + 4 + 24 + 24 + 27 + 21 + 10 + 30 + 31 + 10 + 28) / 12, 2),
            "avg_knock_deadwood": round((5 + 7 + 1 + 7 + 8 + 9 + 3) / 7, 2), "results_only": 0},
    "Cid": {"matches": 3, "matches_won": 1, "hands_won": 2 + 3 + 5, "knocks": 3 + 4 + 7, "gins": 0,
            "undercuts_given": 0, "undercuts_taken": 1 + 1 + 2,
            "avg_points_per_hand_won": round((30 + 16 + 26 + 21 + 26 + 22 + 28 + 29 + 32 + 26) / 10, 2),
            "avg_knock_deadwood": round((3 + 4 + 2 + 9 + 10 + 10 + 7 + 4 + 1 + 4 + 10 + 3 + 10 + 6) / 14, 2), "results_only": 0},
}


@pytest.fixture(scope="module")
def examples():
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        views, skipped = read_matches(["examples"])
    finally:
        os.chdir(here)
    assert skipped == []
    return views


def test_examples_statistics_match_the_counts_made_by_hand(examples):
    stats = player_stats(examples)
    assert {name: {k: v for k, v in s.items() if k != "progression"} for name, s in stats.items()} == BY_HAND
    assert BY_HAND["Ann"]["avg_points_per_hand_won"] == 46.22 and BY_HAND["Cid"]["avg_knock_deadwood"] == 5.93


def test_examples_score_progression_of_one_player(examples):
    assert player_stats(examples, player="Ben")["Ben"]["progression"] == [
        {"file": "examples/oklahoma.yaml", "date": "2024-03-02", "totals": [30, 43, 43, 43, 43, 47, 71, 71],
         "final": 71, "won": False},
        {"file": "examples/three-player.yaml", "date": "2024-05-18", "totals": [24] * 8, "final": 24,
         "won": False},
        {"file": "examples/hollywood.yaml", "date": "2024-06-08",
         "totals": [0, 27, 69, 99, 99, 99, 99, 159, 221, 221, 231, 259], "final": 599, "won": False},
    ]


def test_examples_history_newest_first(examples):
    data = history_data(examples)
    assert [(m["date"], m["file"], m["winner"], m["hands"]) for m in data["matches"]] == [
        ("2024-06-08", "examples/hollywood.yaml", "Cid", 12),
        ("2024-05-18", "examples/three-player.yaml", "Ann", 8),
        ("2024-04-13", "examples/spades.yaml", "Ann", 5),
        ("2024-03-02", "examples/oklahoma.yaml", "Ann", 8),
    ]
    assert data["skipped"] == []


@pytest.mark.parametrize("name", ["history", "stats", "export"])
def test_history_stats_and_export_are_pure(name):
    """No click, tabulate, yaml or adapter, and no printing, reading or exiting: the CLI does the I/O."""
    tree = ast.parse((ROOT / "gin_ref" / "views" / f"{name}.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {m for m in imported if m.split(".")[0] in ("click", "tabulate", "yaml")
                or m.startswith(("gin_ref.cli", "gin_ref.files.matchfile", "gin_ref.files.rulesfile"))}
    calls = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert not calls & {"print", "open", "input", "exit"}

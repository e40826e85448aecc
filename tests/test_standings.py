"""The league table as a pure function (gin_ref.views.standings): counting, spelling, order, ranks."""

import pytest

from gin_ref.views.standings import standings, standings_text

from matchviews import make_view


def match(file, date, players, winner, final, finished=True):
    return make_view(file, date, players, [], winner=winner, final=final, finished=finished)


def test_names_without_case_the_most_used_spelling_and_shared_ranks():
    views = [match("a.yaml", "2024-01-01", ["ann", "Ben"], "ann", {"ann": 100, "Ben": 50}),
             match("b.yaml", "2024-01-02", ["Ann", "Cid"], "Cid", {"Ann": 50, "Cid": 100}),
             match("c.yaml", "2024-01-03", ["Ann", "Dee"], "Ann", {"Ann": 100, "Dee": 90}),
             match("d.yaml", "2024-01-04", ["Ben", "Dee"], None, None, finished=False)]
    data = standings(views).data()
    rows = [(r["rank"], r["player"], r["matches"], r["matches_won"], r["points_for"], r["points_against"], r["diff"])
            for r in data["standings"]]
    assert rows == [(1, "Ann", 3, 2, 250, 240, 10), (2, "Cid", 1, 1, 100, 50, 50), (3, "Dee", 1, 0, 90, 100, -10),
                    (4, "Ben", 1, 0, 50, 100, -50)]
    assert data["open"] == [{"file": "d.yaml", "players": ["Ben", "Dee"]}]


def test_players_equal_on_every_key_share_a_rank_and_are_listed_by_name():
    views = [match("a.yaml", "2024-01-01", ["Zed", "Amy"], None, {"Zed": 630, "Amy": 630})]
    assert [(r["rank"], r["player"]) for r in standings(views).data()["standings"]] == [(1, "Amy"), (1, "Zed")]


def test_by_rating_and_the_date_window():
    views = [match("a.yaml", "2024-01-01", ["Ann", "Ben"], "Ann", {"Ann": 100, "Ben": 0}),
             match("b.yaml", "2024-02-01", ["Ann", "Ben"], "Ann", {"Ann": 100, "Ben": 0}),
             match("c.yaml", "2024-03-01", ["Cid", "Ben"], "Cid", {"Cid": 100, "Ben": 99})]
    by_rating = standings(views, by="rating").data()["standings"]
    assert [r["player"] for r in by_rating] == ["Ann", "Cid", "Ben"]
    assert by_rating[0]["rating"] > by_rating[1]["rating"] > by_rating[2]["rating"]
    window = standings(views, since="2024-02-01", until="2024-02-28").data()["standings"]
    assert [(r["player"], r["matches"]) for r in window] == [("Ann", 1), ("Ben", 1)]
    # the rating in the window is Ann's after both her wins (the whole history up to --until)
    assert window[0]["rating_mu"] == standings(views[:2]).data()["standings"][0]["rating_mu"]
    with pytest.raises(ValueError):
        standings(views, by="points")


def test_the_text_lists_open_matches_apart():
    views = [match("a.yaml", "2024-01-01", ["Ann", "Ben"], None, None, finished=False)]
    assert standings_text(standings(views)) == "no finished match yet\n\nstill being played (1, not counted):\n" \
                                               "  a.yaml: Ann, Ben"


def test_whole_names_where_the_width_allows_shortened_only_to_fit(tmp_path):
    """Two players whose names begin alike were both 'Alexandrina…' at any width (names were cut at 12
    cells): whole where the grid fits, shortened only to fit a narrow terminal."""
    from runs import invoke

    (tmp_path / "s.csv").write_text("date,player1,player2,points1,points2\n"
                                    "2024-01-01,Alexandrina Smith,Alexandrina Jones,120,30\n")
    assert invoke("result", "--input", "s.csv", "--into", "f", cwd=tmp_path).code == 0
    for command in (["standings", "f"], ["stats", "f"]):
        wide = invoke(*command, cwd=tmp_path, env={"COLUMNS": "200"}).out
        assert "Alexandrina Smith" in wide and "Alexandrina Jones" in wide, wide
    narrow = invoke("standings", "f", cwd=tmp_path, env={"COLUMNS": "40"}).out
    assert "Alexandrina Smith" not in narrow and max(map(len, narrow.splitlines())) <= 40, narrow

"""``gin-ref event`` and ``gin-ref standings`` through the CLI, on events played with real cards and checked
against values worked out by hand: a round robin of 4, a Swiss of 7 over 3 rounds with byes, a Hollywood
tie, and a three-player match in the league table."""

import json
import math
import os
import shutil
from pathlib import Path

import pytest

from gin_ref.files.matchfile import load
from gin_ref.views.tally_text import match_data

from clubplay import record_match
from hands import DEFENDER, KNOCKER
from runs import invoke, output_of as run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DATE = "2024-09-06"


@pytest.fixture(autouse=True)
def summary_cache(tmp_path, monkeypatch):
    """Each test keeps its summaries in its own cache file, never the user's."""
    path = tmp_path / "cache" / "summaries.json"
    monkeypatch.setenv("GIN_REF_CACHE", str(path))
    return path


def play_event(folder, system, players, plan, rules="standard", rounds=None):
    """Start an event, then for each round pair it and record each table as ``plan[round]`` says:
    ``(winner, loser, plan name)``. Returns the pairings as `event pair` made them."""
    run("event", "new", folder, "--format", system, "--rules", rules, "--date", DATE,
        *(["--rounds", rounds] if rounds else []), *players)
    for number in sorted(plan):
        run("event", "pair", folder, "--date", DATE)
        tables = json.loads(run("event", "standings", folder, "--json"))["pairings"][-1]["tables"]
        for winner, loser, score in plan[number]:
            table = next(t for t in tables if set(t["players"]) == {winner, loser})
            record_match(run, table["file"], winner, loser, score)
    return json.loads(run("event", "standings", folder, "--json"))


# -- a round robin of 4 ----------------------------------------------------------------------------------
# The circle method (seeds Ann Ben Cid Dee): round 1 Ann-Dee, Ben-Cid; round 2 Ann-Cid, Dee-Ben; round 3
# Ann-Ben, Cid-Dee. Results: Ann 126-0 Dee, Ben 126-0 Cid; Cid 108-18 Ann, Dee 108-30 Ben; Ann 108-30 Ben,
# Cid 126-0 Dee. Ann and Cid have 2 points: Cid beat Ann (head to head), though Ann's difference is better
# (+126 -90 +78 = +114 against Cid's -126 +90 +126 = +90). Ben and Dee have 1: Dee beat Ben, though Ben's
# difference is better (+126 -78 -78 = -30 against -126 +78 -126 = -174).
ROUND_ROBIN = {1: [("Ann", "Dee", "126-0"), ("Ben", "Cid", "126-0")],
               2: [("Cid", "Ann", "108-18"), ("Dee", "Ben", "108-30")],
               3: [("Ann", "Ben", "108-30"), ("Cid", "Dee", "126-0")]}


@pytest.fixture(scope="module")
def round_robin(tmp_path_factory):
    folder = tmp_path_factory.mktemp("club") / "rr"
    return folder, play_event(folder, "round-robin", ["Ann", "Ben", "Cid", "Dee"], ROUND_ROBIN)


def test_round_robin_of_four_by_hand(round_robin):
    folder, data = round_robin
    assert {key: data[key] for key in ("event", "format", "rounds_played", "rounds", "finished")} == {
        "event": "rr", "format": "round-robin", "rounds_played": 3, "rounds": 3, "finished": True}
    assert data["standings"] == [
        {"rank": 1, "player": "Cid", "match_points": 2, "played": 3, "byes": 0, "buchholz": None, "diff": 90},
        {"rank": 2, "player": "Ann", "match_points": 2, "played": 3, "byes": 0, "buchholz": None, "diff": 114},
        {"rank": 3, "player": "Dee", "match_points": 1, "played": 3, "byes": 0, "buchholz": None, "diff": -174},
        {"rank": 4, "player": "Ben", "match_points": 1, "played": 3, "byes": 0, "buchholz": None, "diff": -30}]
    assert [[t["players"] for t in rnd["tables"]] for rnd in data["pairings"]] == [
        [["Ann", "Dee"], ["Ben", "Cid"]], [["Ann", "Cid"], ["Dee", "Ben"]], [["Ann", "Ben"], ["Cid", "Dee"]]]
    assert data["pairings"][1]["tables"][0] == {"table": 1, "players": ["Ann", "Cid"],
                                                "file": str(folder / "round-2-table-1.yaml"),
                                                "finished": True, "winner": "Cid"}


def test_round_robin_text_and_refusal_once_over(round_robin):
    folder, _ = round_robin
    assert run("event", "standings", folder) == f"""\
rr: round robin, 3 rounds; over
rank  player  points  played  byes  diff
----  ------  ------  ------  ----  ----
   1  Cid          2       3     0   +90
   2  Ann          2       3     0  +114
   3  Dee          1       3     0  -174
   4  Ben          1       3     0   -30

round 3:
  table 1  Ann v Ben  Ann won  {folder}/round-3-table-1.yaml
  table 2  Cid v Dee  Cid won  {folder}/round-3-table-2.yaml
"""
    result = invoke("event", "pair", folder)
    assert (result.exit_code, result.stdout, result.stderr) == (
        1, "", "Error: the event is over: all 3 rounds are played (see 'gin-ref event standings')\n")


def test_league_table_of_the_round_robin_by_hand(round_robin):
    # by wins, then difference: Ann (2 won, for 126+18+108 = 252, against 0+108+30 = 138), Cid (2, 0+108+126
    # = 234 for, 126+18+0 = 144 against), Ben (1, 126+30+30 = 186, 0+108+108 = 216), Dee (1, 108, 282)
    folder, _ = round_robin
    data = json.loads(run("standings", "--json", folder))
    rows = [(r["rank"], r["player"], r["matches"], r["matches_won"], r["win_pct"], r["points_for"],
             r["points_against"], r["diff"]) for r in data["standings"]]
    assert rows == [(1, "Ann", 3, 2, 66.7, 252, 138, 114), (2, "Cid", 3, 2, 66.7, 234, 144, 90),
                    (3, "Ben", 3, 1, 33.3, 186, 216, -30), (4, "Dee", 3, 1, 33.3, 108, 282, -174)]
    assert data["open"] == [] and data["skipped"] == []
    assert set(data["standings"][0]) == {"rank", "player", "matches", "matches_won", "win_pct", "points_for",
                                         "points_against", "diff", "rating", "rating_mu", "rating_sigma"}


def test_every_table_is_a_true_match_file(round_robin):
    folder, _ = round_robin
    result = invoke("verify", *sorted(folder.glob("round-*.yaml")))
    assert result.exit_code == 0 and result.stdout.count(": ok, ") == 6
    assert match_data(load(folder / "round-1-table-1.yaml").match)["final"] == {"Ann": 126, "Dee": 0}


# -- a Swiss of 7 over 3 rounds --------------------------------------------------------------------------
# Round 1 (all on 0, seed order): Ann-Dee, Ben-Eve, Cid-Fay, bye Gus (the lowest seed). Ann 126-0 Dee, Eve
# 108-30 Ben, Cid 108-18 Fay. Round 2: the bye goes to the lowest placed without one: of Ben, Dee, Fay (0
# points, Buchholz 1 each) Dee (difference -126). Groups: Ann Cid Eve Gus on 1 (Ann-Eve, Cid-Gus), Ben Fay
# on 0. Ann 126-0 Eve, Gus 108-30 Cid, Fay 108-18 Ben. Round 3: the bye to Ben (last, no bye yet); Ann Gus
# on 2, Cid Dee Eve Fay on 1 (Cid-Eve, Dee-Fay). Ann 126-0 Gus, Cid 108-30 Eve, Fay 108-18 Dee.
# Final: Ann 3; Cid, Gus, Fay 2; Eve, Dee, Ben 1. Buchholz: Ann Dee+Eve+Gus = 1+1+2 = 4; Cid Fay+Gus+Eve = 5;
# Gus Cid+Ann = 5 (his bye adds nothing); Fay Cid+Ben+Dee = 4; Eve Ben+Ann+Cid = 6; Dee Ann+Fay = 5; Ben
# Eve+Fay = 3. Cid and Gus tie on 5: difference (+90 against -48).
SWISS = {1: [("Ann", "Dee", "126-0"), ("Eve", "Ben", "108-30"), ("Cid", "Fay", "108-18")],
         2: [("Ann", "Eve", "126-0"), ("Gus", "Cid", "108-30"), ("Fay", "Ben", "108-18")],
         3: [("Ann", "Gus", "126-0"), ("Cid", "Eve", "108-30"), ("Fay", "Dee", "108-18")]}
SEVEN = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus"]


@pytest.fixture(scope="module")
def swiss(tmp_path_factory):
    folder = tmp_path_factory.mktemp("club") / "sw"
    return folder, play_event(folder, "swiss", SEVEN, SWISS, rounds=3)


def test_swiss_of_seven_pairings_and_byes_by_hand(swiss):
    _, data = swiss
    assert [([t["players"] for t in rnd["tables"]], rnd["bye"]) for rnd in data["pairings"]] == [
        ([["Ann", "Dee"], ["Ben", "Eve"], ["Cid", "Fay"]], "Gus"),
        ([["Ann", "Eve"], ["Cid", "Gus"], ["Ben", "Fay"]], "Dee"),
        ([["Ann", "Gus"], ["Cid", "Eve"], ["Dee", "Fay"]], "Ben")]


def test_swiss_of_seven_standings_by_hand(swiss):
    _, data = swiss
    rows = [(r["rank"], r["player"], r["match_points"], r["played"], r["byes"], r["buchholz"], r["diff"])
            for r in data["standings"]]
    assert rows == [(1, "Ann", 3, 3, 0, 4, 378), (2, "Cid", 2, 3, 0, 5, 90), (3, "Gus", 2, 2, 1, 5, -48),
                    (4, "Fay", 2, 3, 0, 4, 90), (5, "Eve", 1, 3, 0, 6, -126), (6, "Dee", 1, 2, 1, 5, -216),
                    (7, "Ben", 1, 2, 1, 3, -168)]
    assert data["finished"] is True and data["format"] == "swiss"


def test_pair_is_refused_while_a_table_is_unfinished_naming_it(tmp_path):
    folder = tmp_path / "night"
    run("event", "new", folder, "--format", "swiss", "--rules", "standard", *SEVEN[:4])
    first = run("event", "pair", folder, "--date", DATE)
    assert first == f"""\
night: round 1 of 2, 2 tables
table  players    match file
-----  ---------  {'-' * len(str(folder / 'round-1-table-1.yaml'))}
    1  Ann v Cid  {folder}/round-1-table-1.yaml
    2  Ben v Dee  {folder}/round-1-table-2.yaml
record each table in its file: gin-ref deal --match {folder}/round-1-table-1.yaml --upcard CARD, ...
"""
    record_match(run, folder / "round-1-table-1.yaml", "Ann", "Cid", "126-0")
    result = invoke("event", "pair", folder)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (f"Error: round 1 is paired already; 1 match is not finished: round 1 table 2 "
                             f"({folder}/round-1-table-2.yaml: Ben v Dee)\n")


def test_a_damaged_table_is_named_and_counts_as_unfinished(tmp_path):
    folder = tmp_path / "night"
    run("event", "new", folder, "--format", "round-robin", "--rules", "standard", "Ann", "Ben")
    run("event", "pair", folder)
    table = folder / "round-1-table-1.yaml"
    table.write_text(table.read_text().replace("Ben", "Zed"))  # a sound match, of other players
    result = invoke("event", "standings", folder, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["pairings"][0]["tables"][0]["finished"] is False
    assert result.stderr == f"skipped {table}: holds Ann, Zed, not the table's Ann and Ben\n"
    run("new", "--match", table, "--force", "--rules", "classic", "Ann", "Ben")  # started again, other rules
    result = invoke("event", "standings", folder)
    assert result.stderr == f"skipped {table}: is played under other house rules (classic) than the event's (standard)\n"
    table.unlink()
    result = invoke("event", "pair", folder)
    assert result.exit_code == 1 and "round 1 table 1" in result.stderr


@pytest.mark.parametrize("args, code, error", [
    (["--rules", "three-player", "A", "B", "C"], 2,
     "Error: the three-player rules are for 3 players at a table: an event pairs two players a table, so it needs "
     "two-player rules\n"),
    (["--format", "round-robin", "--rounds", "2", "A", "B", "C", "D"], 2,
     "Error: a round robin of 4 players has 3 rounds (every pair meets once): leave out --rounds\n"),
    (["--rounds", "9", "A", "B", "C"], 2, "Error: a Swiss of 3 players takes 1 to 3 rounds (no pair meets twice), "
                                          "not 9\n"),
    (["A", "a"], 2, "Error: player 'a' is the same as 'A' (names are matched without case)\n"),
])
def test_event_new_refuses_what_it_cannot_pair(tmp_path, args, code, error):
    if "--format" not in args:
        args = ["--format", "swiss"] + args
    result = invoke("event", "new", tmp_path / "ev", *args)
    assert (result.exit_code, result.stderr) == (code, error)
    assert not (tmp_path / "ev" / "event.yaml").exists()


def test_event_new_refuses_a_folder_that_holds_an_event_and_standings_needs_one(tmp_path):
    run("event", "new", tmp_path / "ev", "--format", "swiss", "A", "B")
    result = invoke("event", "new", tmp_path / "ev", "--format", "swiss", "A", "B")
    assert (result.exit_code, result.stderr) == (1, f"Error: '{tmp_path / 'ev'}' already holds an event "
                                                    f"({tmp_path / 'ev' / 'event.yaml'}): name a new folder\n")
    result = invoke("event", "standings", tmp_path)
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: no event in '{tmp_path}': start one with")
    (tmp_path / "ev" / "event.yaml").write_text("format: gin-ref-event/1\nevent: ev\n")
    result = invoke("event", "standings", tmp_path / "ev")
    assert result.stderr == (f"Error: {tmp_path / 'ev' / 'event.yaml'}:1: the event file has no 'date' (a truncated "
                             "or hand-edited file?)\n")


# -- a Hollywood tie -------------------------------------------------------------------------------------
# Hollywood (classic: gin 20, undercut 10, box 20 a hand won in each game, game 100). Points: Ann 15, Ann 10
# (Ben undercut at 5-5), Ben 20 (Ann undercut at 10-0), Ann 12, Ben gin 25, Ann gin 55, Ann 18, Ben gin 55,
# Ben gin 55. Game 1: Ann 15 25 37 92 110 (won, 5 hands), Ben 20 45 (2 hands); game 2: Ann 10 22 77 95 (4),
# Ben 25 80 135 (won, 3); game 3: Ann 12 67 85 (3), Ben 55 110 (won, 2). Ann 290 + game 100 + box 20 x 12 =
# 630; Ben 290 + game 200 + box 20 x 7 = 630: a tie.
HOLLYWOOD_TIE = [("Ann", 5, 20), ("Ben", 5, 5), ("Ann", 10, 0), ("Ann", 5, 17), ("Ben", 0, 5), ("Ann", 0, 35),
                 ("Ann", 5, 23), ("Ben", 0, 35), ("Ben", 0, 35)]


def test_a_hollywood_tie_is_half_a_point_each_and_no_win_in_the_league(tmp_path):
    folder = tmp_path / "hw"
    run("event", "new", folder, "--format", "round-robin", "--rules", "hollywood", "Ann", "Ben")
    run("event", "pair", folder)
    table = folder / "round-1-table-1.yaml"
    for knocker, k, d in HOLLYWOOD_TIE:
        run("deal", "--match", table, "--upcard", "7D")
        run("knock", "--match", table, knocker, KNOCKER[k], "--defender", DEFENDER[(k, d)])
    tally = json.loads(run("tally", "--match", table, "--json"))
    assert (tally["finished"], tally["winner"], tally["final"]) == (True, None, {"Ann": 630, "Ben": 630})
    data = json.loads(run("event", "standings", folder, "--json"))
    assert [(r["player"], r["match_points"], r["played"], r["diff"]) for r in data["standings"]] == [
        ("Ann", 0.5, 1, 0), ("Ben", 0.5, 1, 0)]
    assert data["finished"] is True and data["pairings"][0]["tables"][0]["winner"] is None
    assert "table 1  Ann v Ben  tied: ½ each" in run("event", "standings", folder)
    league = json.loads(run("standings", "--json", folder))["standings"]
    assert [(r["rank"], r["player"], r["matches"], r["matches_won"], r["diff"], r["rating_mu"]) for r in league] == [
        (1, "Ann", 1, 0, 0, 25.0), (1, "Ben", 1, 0, 0, 25.0)]  # a draw: both stay at mu 25, share the rank


# -- the league table: a three-player match, ratings, open and damaged files -----------------------------

def test_three_player_match_counts_as_a_meeting_with_each_opponent(tmp_path):
    # examples/three-player.yaml: Ann 154, Ben 24, Cid 73 (Ann won). Ann: for 154 x 2 = 308, against 24 + 73
    # = 97; Ben: 48 and 227; Cid: 146 and 178. Places for the rating: Ann 1, Cid 2, Ben 3.
    data = json.loads(run("standings", "--json", EXAMPLES / "three-player.yaml"))
    rows = [(r["rank"], r["player"], r["matches"], r["matches_won"], r["points_for"], r["points_against"],
             r["diff"]) for r in data["standings"]]
    assert rows == [(1, "Ann", 1, 1, 308, 97, 211), (2, "Cid", 1, 0, 146, 178, -32), (3, "Ben", 1, 0, 48, 227, -179)]
    mu = [r["rating_mu"] for r in data["standings"]]
    assert mu[0] > 25 > mu[2] and mu[0] > mu[1] > mu[2]


def test_the_rating_of_one_match_by_hand(tmp_path):
    # openskill Plackett-Luce from mu 25, sigma 25/3 (beta 25/6, tau 25/300): sigma' = sqrt(sigma^2 + tau^2),
    # c = sqrt(2 sigma'^2 + 2 beta^2); the winner's mu = 25 + sigma'^2 / (2 c), the loser's 25 - the same;
    # both sigmas = sigma' sqrt(1 - (sigma' / c)(sigma'^2 / c^2) / 4); the rating is mu - 3 sigma.
    shutil.copy(EXAMPLES / "oklahoma.yaml", tmp_path / "m.yaml")
    data = json.loads(run("standings", "--json", tmp_path))
    s = math.sqrt((25 / 3) ** 2 + (25 / 300) ** 2)
    c = math.sqrt(2 * s * s + 2 * (25 / 6) ** 2)
    mu, sigma = 25 + s * s / (2 * c), s * math.sqrt(1 - (s / c) * (s * s / (c * c)) / 4)
    assert [(r["player"], r["rating_mu"], r["rating_sigma"], r["rating"]) for r in data["standings"]] == [
        ("Ann", round(mu, 2), round(sigma, 2), round(mu - 3 * sigma, 2)),
        ("Ben", round(50 - mu, 2), round(sigma, 2), round(50 - mu - 3 * sigma, 2))]
    assert (round(mu, 2), round(sigma, 2)) == (27.64, 8.07)


def test_standings_names_without_case_lists_open_matches_apart_and_names_damaged_files(tmp_path):
    shutil.copy(EXAMPLES / "oklahoma.yaml", tmp_path / "a.yaml")  # Ann beat Ben 151-71
    text = (EXAMPLES / "spades.yaml").read_text().replace("Ann", "ann")  # ann beat Cid 111-46
    (tmp_path / "b.yaml").write_text(text)
    run("new", "--match", tmp_path / "c.yaml", "--dealer", "Ann", "--date", "2024-05-01", "Ann", "Ben")
    (tmp_path / "d.yaml").write_text("format: gin-ref-match/1\nplayers: [\n")
    result = invoke("standings", "--json", tmp_path)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [(r["player"], r["matches"], r["matches_won"], r["points_for"], r["points_against"])
            for r in data["standings"]] == [("Ann", 2, 2, 262, 117), ("Cid", 1, 0, 46, 111), ("Ben", 1, 0, 71, 151)]
    assert data["open"] == [{"file": str(tmp_path / "c.yaml"), "players": ["Ann", "Ben"]}]
    assert [item["file"] for item in data["skipped"]] == [str(tmp_path / "d.yaml")]
    result = invoke("standings", tmp_path)
    assert result.stdout.endswith(f"still being played (1, not counted):\n  {tmp_path / 'c.yaml'}: Ann, Ben\n")
    lines = result.stderr.splitlines()  # b.yaml's names were edited after its seals: warned of too
    assert [line for line in lines if line.startswith("skipped ")][0].startswith(f"skipped {tmp_path / 'd.yaml'}:2: ")
    assert all("b.yaml" in line and "changed outside gin-ref" in line for line in lines if "warning" in line)


def test_standings_by_date_window_and_by_rating():
    data = json.loads(run("standings", "--json", "--since", "2024-04-01", "--until", "2024-05-31", EXAMPLES))
    assert [(r["player"], r["matches"]) for r in data["standings"]] == [("Ann", 2), ("Cid", 2), ("Ben", 1)]
    by_rating = json.loads(run("standings", "--json", "--by", "rating", EXAMPLES))["standings"]
    assert [r["rating"] for r in by_rating] == sorted((r["rating"] for r in by_rating), reverse=True)
    result = invoke("standings", "--since", "May 1", EXAMPLES)
    assert (result.exit_code, result.stderr) == (2, "Error: bad date 'May 1' for --since: write YYYY-MM-DD\n")


# -- the summary cache -----------------------------------------------------------------------------------

def _aged(folder):
    for path in folder.glob("*.yaml"):
        os.utime(path, (1_700_000_000, 1_700_000_000))  # written long ago: not racy


def test_the_cache_keeps_sound_matches_and_rereads_a_file_that_changed(tmp_path, summary_cache):
    club = tmp_path / "club"
    shutil.copytree(EXAMPLES, club, ignore=shutil.ignore_patterns("rules", "*.sh"))
    _aged(club)
    first = run("standings", "--json", club)
    kept = json.loads(summary_cache.read_text())["files"]
    assert sorted(Path(name).name for name in kept) == ["hollywood.yaml", "oklahoma.yaml", "spades.yaml",
                                                        "three-player.yaml"]
    assert kept[str((club / "oklahoma.yaml").resolve())]["summary"] == {
        "date": "2024-03-02", "players": ["Ann", "Ben"], "finished": True, "winner": "Ann",
        "final": {"Ann": 151, "Ben": 71}, "bonuses": {"Ann": {}, "Ben": {}}, "three": False,
        "rules": {"name": "oklahoma", "knobs": load(club / "oklahoma.yaml").data["rules"]["knobs"]}, "seals": []}
    assert run("standings", "--json", club) == first  # from the cache, the same answer
    path = club / "oklahoma.yaml"
    path.write_text(path.read_text().replace("points: 30", "points: 31", 1))  # a hand edit: now damaged
    result = invoke("standings", "--json", club)
    data = json.loads(result.stdout)
    assert [item["file"] for item in data["skipped"]] == [str(path)]
    assert [(r["player"], r["matches"]) for r in data["standings"]] == [("Ann", 2), ("Cid", 3), ("Ben", 2)]


def test_a_file_just_written_is_kept_by_its_bytes_and_the_cache_can_be_turned_off(tmp_path, summary_cache,
                                                                                   monkeypatch):
    shutil.copy(EXAMPLES / "oklahoma.yaml", tmp_path / "m.yaml")  # changed just now: its bytes prove the entry
    run("standings", tmp_path)
    assert len(json.loads(summary_cache.read_text())["files"]) == 1
    summary_cache.unlink()
    monkeypatch.setenv("GIN_REF_CACHE", "off")
    run("standings", tmp_path)
    assert not summary_cache.exists()
    monkeypatch.setenv("GIN_REF_CACHE", str(summary_cache))
    summary_cache.write_text("{not json")  # a damaged cache is passed over, then replaced
    assert json.loads(run("standings", "--json", tmp_path))["standings"][0]["player"] == "Ann"
    assert len(json.loads(summary_cache.read_text())["files"]) == 1


# -- the shipped club night ------------------------------------------------------------------------------
# events/club-night (made by events/make_club_night.sh): a Swiss of five over three rounds. Round 1 Ann
# 126-0 Cid, Dee 108-30 Ben, bye Eve; round 2 Ann 108-18 Dee, Eve 108-30 Ben, bye Cid; round 3 Eve 108-30
# Ann, Cid 126-0 Dee, bye Ben. Eve 3 (Buchholz Ben 1 + Ann 2 = 3, diff +78 +78); Ann 2 (Cid 2 + Dee 1 + Eve
# 3 = 6; +126 +90 -78 = +138) above Cid 2 (Ann 2 + Dee 1 = 3; -126 +126 = 0); Dee 1 (Ben 1 + Ann 2 + Cid 2
# = 5; -138) above Ben 1 (Dee 1 + Eve 3 = 4; -156).

def test_the_shipped_club_night_by_hand():
    data = json.loads(run("event", "standings", "--json", ROOT / "events" / "club-night"))
    assert [(r["rank"], r["player"], r["match_points"], r["played"], r["byes"], r["buchholz"], r["diff"])
            for r in data["standings"]] == [(1, "Eve", 3, 2, 1, 3, 156), (2, "Ann", 2, 3, 0, 6, 138),
                                            (3, "Cid", 2, 2, 1, 3, 0), (4, "Dee", 1, 3, 0, 5, -138),
                                            (5, "Ben", 1, 2, 1, 4, -156)]
    assert [rnd["bye"] for rnd in data["pairings"]] == ["Eve", "Cid", "Ben"]
    assert (data["event"], data["format"], data["rounds_played"], data["finished"]) == ("club-night", "swiss", 3, True)
    result = invoke("verify", *sorted((ROOT / "events" / "club-night").glob("round-*.yaml")))
    assert result.exit_code == 0


def test_pair_refuses_a_table_file_already_there_and_a_second_writer(tmp_path):
    from gin_ref.files import store

    folder = tmp_path / "night"
    run("event", "new", folder, "--format", "round-robin", "--rules", "standard", "Ann", "Ben", "Cid", "Dee")
    (folder / "round-1-table-2.yaml").write_text("kept\n")
    result = invoke("event", "pair", folder)
    assert (result.exit_code, result.stderr) == (
        1, f"Error: {folder / 'round-1-table-2.yaml'} already exists: move it away, then pair again\n")
    assert not (folder / "round-1-table-1.yaml").exists()  # nothing written
    (folder / "round-1-table-2.yaml").unlink()
    with store.locked(folder / "event.yaml"):
        result = invoke("event", "pair", folder)
    assert (result.exit_code, result.stderr) == (
        1, f"Error: {folder / 'event.yaml'} is being written by another gin-ref: try again when it is done\n")
    assert json.loads(run("event", "standings", "--json", folder))["pairings"] == []
    assert run("event", "standings", folder).endswith(f"\nno round paired yet: gin-ref event pair {folder}\n")


def test_the_league_table_of_the_shipped_club_night_as_people_read_it():
    assert run("standings", ROOT / "events") == """\
rank  player  matches  won  win %  for  against  diff  rating
----  ------  -------  ---  -----  ---  -------  ----  ------
   1  Eve           2    2  100.0  216       60  +156     6.8
   2  Ann           3    2   66.7  264      126  +138     4.8
   3  Cid           2    1   50.0  126      126    +0     1.8
   4  Dee           3    1   33.3  126      264  -138    -0.3
   5  Ben           2    0    0.0   60      216  -156    -3.4
"""


def test_the_cache_is_used_until_the_code_that_wrote_it_changes(tmp_path, summary_cache, monkeypatch):
    from gin_ref.files import summaries

    shutil.copy(EXAMPLES / "oklahoma.yaml", tmp_path / "m.yaml")
    _aged(tmp_path)
    run("standings", tmp_path)
    data = json.loads(summary_cache.read_text())
    entry = data["files"][str((tmp_path / "m.yaml").resolve())]
    from gin_ref.desk import reports as club_cmds

    read = []
    real_read = club_cmds._read_summary
    monkeypatch.setattr(club_cmds, "_read_summary", lambda item: read.append(item) or real_read(item))
    assert json.loads(run("standings", "--json", tmp_path))["standings"][0]["player"] == "Ann"
    assert read == []  # from the cache
    monkeypatch.setattr(summaries, "code_stamp", lambda: "gin-ref-summaries/2 another build")
    assert json.loads(run("standings", "--json", tmp_path))["standings"][0]["player"] == "Ann"
    assert len(read) == 1  # read again: the cache was another build's
    assert entry["summary"]["winner"] == "Ann"


def test_a_missing_choice_lists_the_choices_on_the_error_line(tmp_path):
    """click lists a missing option's choices one per line ("Choose from:\\n\\t..."): the one error line
    gin-ref prints escaped them to literal '\\n' and tabs; they stand on the line now."""
    done = invoke("event", "new", tmp_path / "ev", "Ann", "Ben")
    assert (done.exit_code, done.stderr) == (2, "Error: missing option '--format'. Choose from: round-robin, swiss "
                                                "(see 'gin-ref event new --help')\n")

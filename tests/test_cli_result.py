"""``gin-ref result`` (issue 26): a match kept on paper, recorded by its final scores. A Swiss night of
result-only tables paired to the end, with standings, Buchholz, ratings and settle worked out by hand; what
verify checks of a result; the refusal of a table that would mix a result with hands; amend, undo, redo."""

import json
import math
from pathlib import Path

import pytest

import runs
from runs import installed

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DATE = "2024-09-06"


@pytest.fixture(autouse=True)
def summary_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_REF_CACHE", str(tmp_path / "cache" / "summaries.json"))


def invoke(*args):
    # as wide as the rest of the suite (conftest), module-scoped fixtures too: whole lines, long paths unbroken
    return runs.invoke(*args, env={"COLUMNS": "200"})


def run(*args):
    return runs.output_of(*args, env={"COLUMNS": "200"})


def refused(code, *args):
    result = invoke(*args)
    assert result.exit_code == code, (args, result.stdout, result.stderr)
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr


# -- a Swiss night kept on paper -------------------------------------------------------------------------
# Standard rules (target 100, no end-of-game bonus). Seeds Ann Ben Cid Dee; round 1 pairs 1 v 3 and 2 v 4.
# Round 1: Ann 154-24 Cid, Ben 110-90 Dee. Round 2 by score group: Ann v Ben (Ann 120-60), Cid v Dee (Dee
# 105-40). Round 3: Ann (2) drops to the 1-point group and meets Dee (she has played Ben); Ben v Cid.
# Dee 130-95 Ann, Cid 112-70 Ben.
# Match points: Ann 2, Dee 2, Ben 1, Cid 1. Buchholz (opponents' points): Ann Cid 1 + Ben 1 + Dee 2 = 4;
# Dee Ben 1 + Cid 1 + Ann 2 = 4; Ben Dee 2 + Ann 2 + Cid 1 = 5; Cid Ann 2 + Dee 2 + Ben 1 = 5.
# Diff: Ann +130 +60 -35 = +155; Dee -20 +65 +35 = +80; Ben +20 -60 -42 = -82; Cid -130 -65 +42 = -153.
# Ties on points and Buchholz go to the difference: Ann, Dee, Ben, Cid.
NIGHT = {1: [("Ann", 154, "Cid", 24), ("Ben", 110, "Dee", 90)],
         2: [("Ann", 120, "Ben", 60), ("Dee", 105, "Cid", 40)],
         3: [("Dee", 130, "Ann", 95), ("Cid", 112, "Ben", 70)]}
PAIRS = {1: [{"Ann", "Cid"}, {"Ben", "Dee"}], 2: [{"Ann", "Ben"}, {"Cid", "Dee"}], 3: [{"Ann", "Dee"}, {"Ben", "Cid"}]}


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    folder = tmp_path_factory.mktemp("paper") / "night"
    run("event", "new", folder, "--format", "swiss", "--rounds", 3, "--rules", "standard", "--date", DATE,
        "Ann", "Ben", "Cid", "Dee")
    files = []  # in the order the ratings take them: by date, then file name
    for number in sorted(NIGHT):
        run("event", "pair", folder, "--date", DATE)
        tables = json.loads(run("event", "standings", folder, "--json"))["pairings"][-1]["tables"]
        assert [set(t["players"]) for t in tables] == PAIRS[number]
        for winner, won, loser, lost in NIGHT[number]:
            table = next(t for t in tables if set(t["players"]) == {winner, loser})
            out = run("result", "--match", table["file"], winner, won, loser, lost)
            first = out.splitlines()[0]  # the scores in the table's order of players
            assert first.startswith(f"{table['file']}: the result: ")
            assert f"{winner} {won}" in first and f"{loser} {lost}" in first
            assert out.splitlines()[-1] == f"{winner} won {won} to {lost}"
            files.append((table["file"], winner, loser))
    assert invoke("event", "pair", folder).exit_code != 0  # three rounds of three: the event is over
    return folder, files


def test_a_swiss_night_of_results_is_paired_to_the_end_with_standings_and_buchholz_by_hand(night):
    folder, _files = night
    data = json.loads(run("event", "standings", folder, "--json"))
    assert (data["rounds_played"], data["finished"]) == (3, True)
    assert [(r["rank"], r["player"], r["match_points"], r["played"], r["buchholz"], r["diff"])
            for r in data["standings"]] == [(1, "Ann", 2, 3, 4, 155), (2, "Dee", 2, 3, 4, 80),
                                            (3, "Ben", 1, 3, 5, -82), (4, "Cid", 1, 3, 5, -153)]


def _rate(ratings, winner, loser):
    """One two-player match by openskill's Plackett-Luce formulas, worked out here (mu 25, sigma 25/3,
    beta 25/6, tau 25/300): each sigma gets tau added, c^2 = the sum of (sigma^2 + beta^2); with
    p = e^(mu_loser / c) / (e^(mu_winner / c) + e^(mu_loser / c)), the loser's chance of the first place,
    the winner's mu rises by sigma_w^2 / c * p and the loser's falls by sigma_l^2 / c * p; each sigma is
    multiplied by sqrt(1 - (sigma / c) (sigma^2 / c^2) p (1 - p))."""
    beta, tau = 25 / 6, 25 / 300
    (mw, sw), (ml, sl) = ratings.get(winner, (25, 25 / 3)), ratings.get(loser, (25, 25 / 3))
    sw, sl = math.sqrt(sw * sw + tau * tau), math.sqrt(sl * sl + tau * tau)
    c = math.sqrt(sw * sw + sl * sl + 2 * beta * beta)
    p = math.exp(ml / c) / (math.exp(mw / c) + math.exp(ml / c))
    ratings[winner] = (mw + sw * sw / c * p, sw * math.sqrt(1 - (sw / c) * (sw * sw / (c * c)) * p * (1 - p)))
    ratings[loser] = (ml - sl * sl / c * p, sl * math.sqrt(1 - (sl / c) * (sl * sl / (c * c)) * p * (1 - p)))


def test_the_league_table_and_the_ratings_of_the_night_by_hand(night):
    folder, files = night
    data = json.loads(run("standings", "--json", folder))
    # for and against: Ann 154+120+95 = 369, 24+60+130 = 214; Dee 90+105+130 = 325, 110+40+95 = 245;
    # Ben 110+60+70 = 240, 90+120+112 = 322; Cid 24+40+112 = 176, 154+105+70 = 329
    ratings = {}
    for _file, winner, loser in sorted(files):
        _rate(ratings, winner, loser)
    rows = {r["player"]: r for r in data["standings"]}
    assert {name: (r["matches"], r["matches_won"], r["points_for"], r["points_against"], r["diff"])
            for name, r in rows.items()} == {"Ann": (3, 2, 369, 214, 155), "Dee": (3, 2, 325, 245, 80),
                                             "Ben": (3, 1, 240, 322, -82), "Cid": (3, 1, 176, 329, -153)}
    for name, (mu, sigma) in ratings.items():
        assert (rows[name]["rating_mu"], rows[name]["rating_sigma"], rows[name]["rating"]) == (
            round(mu, 2), round(sigma, 2), round(mu - 3 * sigma, 2)), name
    assert data["open"] == [] and data["skipped"] == []


def test_settle_of_the_night_by_hand(night):
    # at 0.05 a point: Cid pays Ann 6.50 (130), Dee pays Ben 1.00 (20); Ben pays Ann 3.00 (60), Cid pays
    # Dee 3.25 (65); Ann pays Dee 1.75 (35), Ben pays Cid 2.10 (42). Net: Ann +7.75, Ben -4.10, Cid -7.65,
    # Dee +4.00. The largest debtor pays the largest creditor: Cid pays Ann 7.65, Ben pays Dee 4.00, Ben
    # pays Ann 0.10.
    folder, files = night
    data = json.loads(run("settle", "--stake", "0.05", "--json", *sorted(f for f, _w, _l in files)))
    assert data["net"] == {"Ann": 7.75, "Ben": -4.10, "Cid": -7.65, "Dee": 4.00}
    assert [(p["from"], p["to"], p["amount"]) for p in data["payments"]] == [
        ("Cid", "Ann", 7.65), ("Ben", "Dee", 4.00), ("Ben", "Ann", 0.10)]


def test_history_stats_and_the_sheet_count_a_result_as_a_finished_match(night, tmp_path):
    folder, files = night
    first = files[0][0]  # Ann 154, Cid 24
    history = json.loads(run("history", "--json", first))["matches"]
    assert history == [{"file": first, "date": DATE, "players": ["Ann", "Cid"], "rules": "standard",
                        "winner": "Ann", "final": {"Ann": 154, "Cid": 24}, "hands": 0, "result_only": True}]
    assert run("history", first).splitlines()[2].split("  ")[:4] == [DATE, "Ann, Cid", "standard", "Ann"]
    assert "Ann 154, Cid 24 (result only)" in run("history", first)
    stats = json.loads(run("stats", "--json", folder))
    assert {name: (s["matches"], s["matches_won"], s["hands_won"], s["results_only"], s["avg_points_per_hand_won"])
            for name, s in stats.items()} == {"Ann": (3, 2, 0, 3, None), "Ben": (3, 1, 0, 3, None),
                                              "Cid": (3, 1, 0, 3, None), "Dee": (3, 2, 0, 3, None)}
    text = run("stats", folder, EXAMPLES / "oklahoma.yaml")
    assert text.splitlines()[-1] == "left out of the per-hand figures: 6 matches recorded by their results only"
    assert "left out" not in run("stats", EXAMPLES / "oklahoma.yaml")
    csv_rows = run("export", "--format", "csv", first).splitlines()
    assert csv_rows[1] == f"{first},{DATE},,,,,,result_only,Ann,,154,24,,,"
    markdown = run("export", "--format", "markdown", first)
    assert "- Ann wins: Ann 154, Cid 24\n\n*recorded by its result only: no hands*\n" in markdown
    run("export", "--format", "html", "--output", tmp_path / "s.html", first)
    assert "recorded by its result only: no hands" in (tmp_path / "s.html").read_text()
    exported = json.loads(run("export", "--format", "json", first))["matches"][0]["tally"]
    assert (exported["finished"], exported["winner"], exported["final"], exported["hands"]) == (
        True, "Ann", {"Ann": 154, "Cid": 24}, [])


# -- one match on paper: tally, verify, amend, undo, redo ------------------------------------------------

def test_result_starts_a_file_and_tally_shows_the_final_line(tmp_path):
    path = tmp_path / "p.yaml"
    out = run("result", "--match", path, "--date", "2024-05-02", "Ann", 154, "Ben", 24, "--hands-won", "ann", 6,
              "ben", 2)
    assert out == (f"{path}: the result: Ann 154, Ben 24; hands won Ann 6, Ben 2\n"
                   "totals: Ann 154, Ben 24\n"
                   "the match is over: a result kept on paper\n"
                   "final:\n  Ann  154\n  Ben  24\nAnn won 154 to 24\n")
    text = path.read_text()
    assert "start:" not in text and "hands: []\nresult:\n  scores:\n    Ann: 154\n" in text
    end = text.splitlines()[-1]  # the end seal covers the result's seal, the count and the corrections
    assert end.startswith("end: {hands: 0, seal: '") and _seal(text) not in end
    assert run("verify", "--strict", path).endswith("ok, a result only (it carries no hands), over: Ann won 154 to 24\n")
    assert run("tally", "--match", path).splitlines()[1:3] == [
        "recorded by its result only: no hands (hands won: Ann 6, Ben 2)", ""]
    tally = json.loads(run("tally", "--match", path, "--json"))
    assert {k: tally[k] for k in ("hands", "totals", "finished", "winner", "final", "bonuses", "next_dealer",
                                  "result_only")} == {
        "hands": [], "totals": {"Ann": 154, "Ben": 24}, "finished": True, "winner": "Ann",
        "final": {"Ann": 154, "Ben": 24}, "bonuses": {"Ann": {}, "Ben": {}}, "next_dealer": None,
        "result_only": {"scores": {"Ann": 154, "Ben": 24}, "hands_won": {"Ann": 6, "Ben": 2}}}
    assert run("verify", path) == f"{path}: ok, a result only (it carries no hands), over: Ann won 154 to 24\n"
    report = json.loads(run("verify", "--json", path))["files"][0]
    assert (report["ok"], report["hands"], report["result_only"]) == (True, 0, True)


def _seal(text):
    return text.split("seal: ")[1].split()[0]


def test_three_players_give_three_scores_and_settle_pair_by_pair(tmp_path):
    path = tmp_path / "box.yaml"
    run("result", "--rules", "three-player", "--match", path, "Ann", 112, "Ben", 40, "Cid", 75)
    tally = json.loads(run("tally", "--match", path, "--json"))
    assert (tally["winner"], tally["final"], "roles" in tally) == ("Ann", {"Ann": 112, "Ben": 40, "Cid": 75}, True)
    data = json.loads(run("settle", "--stake", "0.1", "--json", path))
    assert data["net"] == {"Ann": 10.9, "Ben": -10.7, "Cid": -0.2}  # 7.2 + 3.7; -7.2 - 3.5; 3.5 - 3.7
    assert "three-player rules need 3 players, not 2" in refused(2, "result", "--rules", "three-player", "--match",
                                                                 tmp_path / "x.yaml", "Ann", 112, "Ben", 40)


def test_amend_result_undo_and_redo(tmp_path):
    path = tmp_path / "p.yaml"
    run("result", "--match", path, "Ann", 154, "Ben", 24)
    out = run("amend", "--match", path, "result", "Ann", 150, "Ben", 30, "--hands-won", "Ann", 5, "Ben", 2)
    assert out.splitlines()[:2] == [f"{path}: the result was Ann 154, Ben 24",
                                    " " * len(str(path)) + "             now Ann 150, Ben 30; hands won Ann 5, Ben 2"]
    assert json.loads(run("tally", "--match", path, "--json"))["final"] == {"Ann": 150, "Ben": 30}
    assert run("undo", "--match", path).splitlines()[0] == "took back the result's amend (back to Ann 154, Ben 24)"
    assert json.loads(run("tally", "--match", path, "--json"))["final"] == {"Ann": 154, "Ben": 24}
    assert run("redo", "--match", path).splitlines()[0] == (
        "put back the result's amend (Ann 150, Ben 30; hands won Ann 5, Ben 2)")
    assert json.loads(run("tally", "--match", path, "--json"))["final"] == {"Ann": 150, "Ben": 30}
    assert run("verify", path).startswith(f"{path}: ok, a result only")
    assert "Ann won with 90, below the target 100" in refused(1, "amend", "--match", path, "result", "Ann", 90,
                                                              "Ben", 30)
    run("undo", "--match", path)
    # a file started by its result holds nothing else: its result is not taken back
    assert "the result is all this match holds" in refused(1, "undo", "--match", path)


def test_undo_and_redo_the_result_of_an_event_table(tmp_path):
    folder = tmp_path / "ev"
    run("event", "new", folder, "--format", "round-robin", "--rules", "standard", "--date", DATE, "Ann", "Ben")
    run("event", "pair", folder)
    table = folder / "round-1-table-1.yaml"
    run("result", "--match", table, "Ann", 120, "Ben", 80)
    assert run("undo", "--match", table).splitlines()[:2] == ["took back the result (Ann 120, Ben 80)",
                                                              "totals: Ann 0, Ben 0"]
    assert json.loads(run("tally", "--match", table, "--json"))["finished"] is False
    assert run("redo", "--match", table).splitlines()[0] == "put back the result (Ann 120, Ben 80)"
    assert json.loads(run("event", "standings", folder, "--json"))["finished"] is True
    assert run("verify", table).startswith(f"{table}: ok, a result only")


# -- a table holds hands or a result, never both ---------------------------------------------------------

def test_a_result_is_refused_on_a_table_with_hands_naming_the_way_on(tmp_path):
    path = tmp_path / "m.yaml"
    run("new", "--match", path, "--rules", "standard", "--dealer", "Ann", "Ann", "Ben")
    run("knock", "--match", path, "--upcard", "9H", "Ben", 5, "--defender", 23)
    before = path.read_text()
    message = refused(1, "result", "--match", path, "Ann", 154, "Ben", 24)
    assert message == (f"Error: {path} holds 1 recorded hand: a table is recorded by its hands or by its result, "
                       "not both; correct a hand with 'gin-ref amend HAND ...', or start the table again with "
                       "'gin-ref new --force ...' and then record its result\n")
    assert path.read_text() == before
    run("new", "--match", path, "--rules", "standard", "--dealer", "Ann", "--force", "Ann", "Ben")
    run("result", "--match", path, "Ann", 154, "Ben", 24)  # the way on


def test_a_hand_is_refused_on_a_result_naming_the_way_on(tmp_path):
    path = tmp_path / "m.yaml"
    run("result", "--match", path, "--rules", "standard", "Ann", 154, "Ben", 24)
    before = path.read_text()
    way = ("Error: this match is recorded by its result only (Ann 154, Ben 24): a hand cannot be recorded with "
           "it; change the result with 'gin-ref amend result PLAYER POINTS ...', or start the table again with "
           "'gin-ref new --force ...' to record it hand by hand\n")
    assert refused(1, "deal", "--match", path) == way
    assert refused(1, "knock", "--match", path, "--upcard", "9H", "Ben", 5, "--defender", 23) == way
    assert refused(1, "knock", "--match", path, "Ben", 5, "--defender", 23) == way
    assert refused(1, "dead", "--match", path) == way
    assert refused(1, "take", "--match", path, "Ann") == way
    assert "already holds a result (Ann 154, Ben 24)" in refused(1, "result", "--match", path, "Ann", 150, "Ben", 2)
    assert refused(1, "ruling", "--match", path, "--void", "--reason", "x") == (
        "Error: no hand has been dealt: there is nothing to rule on\n")
    assert refused(1, "tally", "--match", path, "--what-if", "classic") == (
        "Error: this match is recorded by its result only: it has no hands to settle again under other rules\n")
    assert "recorded hand by hand" in refused(1, "amend", "--match", EXAMPLES / "oklahoma.yaml", "result", "Ann",
                                              150, "Ben", 30)
    assert path.read_text() == before
    run("new", "--match", path, "--rules", "standard", "--dealer", "Ann", "--force", "Ann", "Ben")  # the way on
    run("knock", "--match", path, "--upcard", "9H", "Ben", 5, "--defender", 23)
    assert json.loads(run("tally", "--match", path, "--json"))["totals"] == {"Ann": 0, "Ben": 18}


# -- what a result must be --------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, scores, message", [
    ("oklahoma", ["Ann", 90, "Ben", 20], "Ann won with 90, below the target 100: the winner's total reaches it"),
    ("oklahoma", ["Ann", 500, "Ben", 20], "Ann won with 500, more than the rules can give: at most 99 before the last "
                                          "hand and 123 in it"),
    ("oklahoma", ["Ann", 120, "Ben", 105], "Ben finished with 105, at or past the target 100, but Ann won: the match ends "
                                           "when one player reaches the target"),
    ("oklahoma", ["Ann", 120, "Ben", 10, "--hands-won", "Ann", 0, "Ben", 1], "Ann won the match with 0 hands won"),
    ("oklahoma", ["Ann", 120, "Ben", 10, "--hands-won", "Ann", 2, "Ben", 0],
     "Ben cannot finish with 10 from 0 hands won: a hand won scores 1 to 123"),
    ("oklahoma", ["Ann", 300, "Ben", 10, "--hands-won", "Ann", 2, "Ben", 1],
     "Ann cannot finish with 300 from 2 hands won: a hand won scores 1 to 123"),
    # classic: game bonus 100, box bonus 20 a hand won, shutout doubles the game bonus. Ben's 10 is no
    # total (a hand won brings 20 more); Ann's 300 against 0 is 100 + 100 + 20 a hand won (at least one) + a
    # total of at most 80.
    ("classic", ["Ann", 250, "Ben", 10], "Ben cannot finish with 10 from any number of hands won"),
    ("classic", ["Ann", 240, "Ben", 60, "--hands-won", "Ann", 2, "Ben", 3],
     "Ben cannot finish with 60 from 3 hands won"),  # 60 is his box bonus alone: three hands won scored nothing
    ("classic", ["Ann", 300, "Ben", 0], "Ann won with 300, which less the end-of-game bonuses (game bonus 100, box bonus 20 a "
                                        "hand won, shutout double game bonus) is below the target 100"),
    # spade_double: a hand scores at most (98 + 25) x 2 = 246
    ("oklahoma-spades", ["Ann", 346, "Ben", 0], "at most 99 before the last hand and 246 in it"),
    ("hollywood", ["Ann", 300, "Ben", 10], "a Hollywood match is three games at once"),
    ("standard-3-games", ["Ann", 300, "Ben", 10], "a match of several games (the games knob) is won game by game"),
])
def test_a_result_the_rules_cannot_give_is_refused(tmp_path, rules, scores, message):
    if rules == "oklahoma-spades":
        (tmp_path / "spades.yaml").write_text("extends: oklahoma\nspade_double: true\n")
        rules = tmp_path / "spades.yaml"
    if rules == "standard-3-games":
        (tmp_path / "games.yaml").write_text("extends: standard\ngames: 3\n")
        rules = tmp_path / "games.yaml"
    error = refused(1, "result", "--rules", rules, "--match", tmp_path / "m.yaml", *scores)
    assert message in error
    assert not (tmp_path / "m.yaml").exists()


@pytest.mark.parametrize("rules, scores", [
    ("oklahoma", ["Ann", 222, "Ben", 99]),  # 99 before the last hand, then a gin against 98: 123
    ("oklahoma-spades", ["Ann", 345, "Ben", 0]),  # 99 + 246
    ("classic", ["Ann", 400, "Ben", 0]),  # 100 + 100 + 20 x 5 hands won + 100
    ("classic", ["Ann", 240, "Ben", 80, "--hands-won", "Ann", 2, "Ben", 3]),  # 100 + 40 + 100; 20 + 60
])
def test_a_result_the_rules_can_give_is_taken(tmp_path, rules, scores):
    if rules == "oklahoma-spades":
        (tmp_path / "spades.yaml").write_text("extends: oklahoma\nspade_double: true\n")
        rules = tmp_path / "spades.yaml"
    run("result", "--rules", rules, "--match", tmp_path / "m.yaml", *scores)
    assert run("verify", tmp_path / "m.yaml").startswith(f"{tmp_path / 'm.yaml'}: ok, a result only")


@pytest.mark.parametrize("args, code, message", [
    (["Ann", 154, "Ben"], 2, "give the final scores as pairs: PLAYER POINTS PLAYER POINTS (got 3 words)"),
    (["Ann"], 2, "give the final scores as pairs: PLAYER POINTS PLAYER POINTS (got 1 word)"),  # (ngettext: #38)
    (["Ann", 154], 2, "the oklahoma rules need 2 players, not 1"),
    (["Ann", 154, "Ann", 20], 2, "player name 'Ann' given twice"),
    (["Ann", "lots", "Ben", 20], 2, "Ann lots: the points are a whole number from 0"),
    (["Ann", 154, "Ben", 20, "--hands-won", "Ann", 3], 2, "--hands-won: give the hands won of every player (not given: Ben)"),
    (["Ann", 120, "Ben", 120], 1, "Ann and Ben have 120 each: a match has one winner"),
])
def test_bad_results_are_one_error_line(tmp_path, args, code, message):
    assert message in refused(code, "result", "--match", tmp_path / "m.yaml", *args)


# -- verify of a result edited by hand -------------------------------------------------------------------

def test_verify_names_a_result_edited_by_hand(tmp_path):
    path = tmp_path / "p.yaml"
    run("result", "--match", path, "Ann", 154, "Ben", 24)
    text = path.read_text()
    path.write_text(text.replace("Ann: 154", "Ann: 160"))
    result = invoke("verify", path)  # still a result the rules give: its seal says it was edited
    assert result.exit_code == 0
    line = path.read_text().splitlines().index("  seal: " + _seal(text)) + 1
    assert result.stderr == f"{path}:{line}: warning: the result changed outside gin-ref: its scores no longer match its seal\n"
    assert invoke("verify", "--strict", path).exit_code == 1
    path.write_text(text.replace("Ann: 154", "Ann: 90").replace("winner: Ann", "winner: Ben"))
    result = invoke("verify", path)
    lines = path.read_text().splitlines()
    assert result.exit_code == 1
    assert result.stderr == (
        f"{path}:{lines.index('    Ann: 90') + 1}: the result: Ann won with 90, below the target 100: the winner's "
        "total reaches it\n"
        f"{path}:{lines.index('  winner: Ben') + 1}: the result's winner is 'Ben', but the scores make it Ann (the "
        "highest)\n")
    path.write_text(text.replace("hands: []", "hands: []\nplayers_x: 1").replace("    Ben: 24", "    Cid: 24"))
    result = invoke("verify", path)
    assert result.exit_code == 1 and "the result's 'scores' must give each player (Ann, Ben)" in result.stderr
    path.write_text(text.replace("format: gin-ref-match/3", "format: gin-ref-match/1").replace(
        text[text.index("end: "):], ""))
    result = invoke("verify", path)
    assert result.exit_code == 1 and "'result' is a key of format gin-ref-match/2, not of gin-ref-match/1" in result.stderr


def test_a_result_and_hands_in_one_record_are_refused_by_verify(tmp_path):
    hands = tmp_path / "h.yaml"
    run("new", "--match", hands, "--rules", "standard", "--dealer", "Ann", "Ann", "Ben")
    run("knock", "--match", hands, "--upcard", "9H", "Ben", 5, "--defender", 23)
    text = hands.read_text().replace("corrections: []", "result:\n  scores: {Ann: 154, Ben: 24}\n  winner: Ann\n"
                                                        "corrections: []")
    hands.write_text(text)
    result = invoke("verify", hands)
    assert result.exit_code == 1
    assert "the record holds a result and 1 hand: a match is recorded by its hands or by its result, not both" in result.stderr


def test_a_result_edited_by_hand_is_not_sealed_again_until_amended(tmp_path):
    path = tmp_path / "p.yaml"
    run("result", "--match", path, "Ann", 154, "Ben", 24)
    run("amend", "--match", path, "result", "Ann", 150, "Ben", 30)
    path.write_text(path.read_text().replace("Ann: 150", "Ann: 160"))
    before = path.read_text()
    assert refused(1, "undo", "--match", path) == (
        "Error: the result changed outside gin-ref (its seal fails): look, then confirm it with 'gin-ref amend "
        "result PLAYER POINTS ...', which seals it again\n")
    assert path.read_text() == before
    run("amend", "--match", path, "result", "Ann", 160, "Ben", 30)  # what the table agrees: sealed again
    result = invoke("verify", "--strict", path)
    assert (result.exit_code, result.stderr) == (0, "")


def test_the_installed_command_records_a_result_and_exits_by_the_contract(tmp_path):
    def gin_ref(*args):
        return installed(*args, cwd=tmp_path)

    done = gin_ref("result", "Ann", 154, "Ben", 24)  # the default match file: match.yaml
    assert (done.returncode, done.stdout.splitlines()[0], done.stderr) == (
        0, "match.yaml: the result: Ann 154, Ben 24", "")
    done = gin_ref("result", "Ann", 154, "Ben", 24)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith("Error: match.yaml already holds a result") and "Traceback" not in done.stderr
    done = gin_ref("result", "--match", "other.yaml", "Ann", 154)
    assert done.returncode == 2 and done.stderr.startswith("Error: ")


def test_an_event_table_with_a_deal_takes_no_result_until_the_deal_is_taken_back(tmp_path):
    folder = tmp_path / "ev"
    run("event", "new", folder, "--format", "round-robin", "--rules", "standard", "--date", DATE, "Ann", "Ben")
    run("event", "pair", folder)
    table = folder / "round-1-table-1.yaml"
    run("deal", "--match", table)  # standard rules: the limit is 10 whatever the upcard
    assert f"{table} holds 1 recorded hand: a table is recorded by its hands or by its result" in refused(
        1, "result", "--match", table, "Ann", 120, "Ben", 80)
    run("undo", "--match", table)
    assert refused(2, "result", "--match", table, "Ann", 120, "Cid", 80) == (
        "Error: unknown player 'Cid' (players: Ann, Ben)\n")
    run("result", "--match", table, "ann", 120, "ben", 80)  # the table's players, in any case
    tally = json.loads(run("tally", "--match", table, "--json"))
    assert (tally["winner"], tally["final"]) == ("Ann", {"Ann": 120, "Ben": 80})

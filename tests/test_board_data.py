"""The board's data, read from the folder with no server (gin_ref.serve.boarddata): the standings are the
ones `gin-ref event standings` computes (a missing, damaged or foreign table counted as not finished, as it
says), each table's scores, hands and the hand just recorded; a folder of plain matches shows each match
and the club standings as `gin-ref standings` ranks them; never money."""

import json
import os
import shutil

import pytest

from boardkit import cli, finish, hand, new_event, players_of, table_file
from gin_ref.serve.boarddata import TableReader, event_board, matches_board

pytest.importorskip("starlette")


def cli_standings(folder):
    return json.loads(cli("event", "standings", "--json", folder, ok=False).stdout)


def test_an_event_in_play_shows_each_table_and_the_standings_of_event_standings(tmp_path):
    folder = new_event(tmp_path)
    t1, t2 = table_file(folder, 1, 1), table_file(folder, 1, 2)
    first = players_of(t1)[0]
    finish(t1, first)
    second = players_of(t2)[1]
    hand(t2, second)
    board = event_board(folder, TableReader())
    assert board["standings"] == cli_standings(folder)["standings"]
    assert board["heading"] == "night: round robin, 3 rounds; 0 of 3 rounds played, round 1 being played"
    one, two = board["tables"]
    assert one["table"] == 1 and one["state"] == f"{first} won" and one["hands"] == 2
    assert one["last"] == {"number": 2, "hand": {"number": 2, "result": "knock", "knocker": first, "winner": first,
                                                 "points": 30, "ruling": None}}
    assert two["state"] == "playing" and two["hands"] == 1
    assert two["totals"] == {players_of(t2)[0]: 0, second: 30}
    assert board["round"] == 1 and board["pairings"][0]["tables"][0]["finished"] is True
    assert "money" not in json.dumps(board) and "stake" not in json.dumps(board)


def test_a_damaged_or_foreign_table_file_counts_as_not_finished_as_event_standings_says(tmp_path):
    folder = new_event(tmp_path)
    t1, t2 = table_file(folder, 1, 1), table_file(folder, 1, 2)
    finish(t1, players_of(t1)[0])
    finish(t2, players_of(t2)[0])
    with open(t2, "a", encoding="utf-8") as damage:
        damage.write("hands: [\n")
    board = event_board(folder, TableReader())
    assert board["standings"] == cli_standings(folder)["standings"]
    assert board["tables"][1]["state"] == "not readable" and "line" in board["tables"][1]["problem"]
    assert folder not in json.dumps(board)  # never a path
    cli("new", "--match", t2, "--rules", "standard", "--force", "Zed", "Yan")
    board = event_board(folder, TableReader())
    assert board["tables"][1]["problem"] == "holds Zed, Yan, not the table's Ben and Cid"
    assert board["standings"] == cli_standings(folder)["standings"]


def test_a_changed_file_is_read_again_an_unchanged_one_is_not(tmp_path):
    folder = new_event(tmp_path)
    reader = TableReader()
    t1 = table_file(folder, 1, 1)
    first = reader.read(t1)[0]
    assert reader.read(t1)[0] is first
    hand(t1, players_of(t1)[0])
    again = reader.read(t1)[0]
    assert again is not first and len(again.hands) == 1


def test_a_folder_of_matches_shows_each_match_and_the_club_standings(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    for name in ("oklahoma.yaml", "spades.yaml"):
        shutil.copy(os.path.join(os.path.dirname(__file__), "..", "examples", name), folder / name)
    board = matches_board("club", [("oklahoma", str(folder / "oklahoma.yaml")),
                                   ("spades", str(folder / "spades.yaml"))], TableReader())
    club = json.loads(cli("standings", "--json", str(folder), ok=False).stdout)["standings"]
    assert board["standings"] == [{key: row[key] for key in ("rank", "player", "matches", "matches_won",
                                                               "points_for", "points_against", "diff")}
                                  for row in club]
    assert [t["label"] for t in board["tables"]] == ["oklahoma", "spades"]
    assert board["tables"][0]["state"] == "Ann won" and board["tables"][0]["totals"] == {"Ann": 151, "Ben": 71}
    assert board["heading"] == "club: 2 matches, 2 finished"


def test_the_latest_hand_is_the_one_of_the_table_written_last(tmp_path):
    folder = new_event(tmp_path)
    t1, t2 = table_file(folder, 1, 1), table_file(folder, 1, 2)
    reader = TableReader()
    assert event_board(folder, reader)["latest"] is None
    hand(t1, players_of(t1)[0])
    hand(t2, players_of(t2)[1])
    board = event_board(folder, reader)
    cid = players_of(t2)[1]
    assert board["latest"] == {"label": "table 2", "number": 1, "hand": {
        "number": 1, "result": "knock", "knocker": cid, "winner": cid, "points": 30, "ruling": None}}
    assert all("_changed" not in entry for entry in board["tables"])
    ann = players_of(t1)[0]
    hand(t1, ann)
    assert event_board(folder, reader)["latest"] == {"label": "table 1", "number": 2,
                                                     "hand": {"number": 2, "result": "knock", "knocker": ann,
                                                              "winner": ann, "points": 30, "ruling": None}}


def test_a_table_of_an_earlier_round_reopened_by_an_amend_shows_beside_the_latest_rounds(tmp_path):
    folder = new_event(tmp_path)
    t1, t2 = table_file(folder, 1, 1), table_file(folder, 1, 2)
    finish(t1, players_of(t1)[0])
    finish(t2, players_of(t2)[0])
    cli("event", "pair", folder, "--date", "2024-09-06")
    cli("amend", "--match", t1, "2", "--dead")  # the second hand was dead after all: 96, not over
    board = event_board(folder, TableReader())
    assert [t["label"] for t in board["tables"]] == ["table 1", "table 2", "table 1 of round 1"]
    assert board["tables"][2]["state"] == "playing" and board["tables"][2]["players"] == players_of(t1)


def test_a_tables_problem_is_said_in_each_boards_language_from_one_reading(tmp_path):
    """The reader keeps a table's problem as a message, so that a board in English and one in Slovak, served
    from one reading of the file, each say it in its own language (it kept the first board's words)."""
    from gin_ref.desk import language

    folder = new_event(tmp_path)
    t1, t2 = table_file(folder, 1, 1), table_file(folder, 1, 2)
    finish(t1, players_of(t1)[0])
    with open(t1, "a", encoding="utf-8") as damage:
        damage.write("hands: [\n")
    cli("new", "--match", t2, "--rules", "standard", "--force", "Zed", "Yan")
    reader = TableReader()
    with language.speaking("sk"):
        board = event_board(folder, reader)
    damaged, foreign = (t["problem"] for t in board["tables"])
    assert damaged.startswith("riadok ") and foreign == "obsahuje hráčov Zed, Yan, nie hráčov tohto stola Ben a Cid"
    board = event_board(folder, reader)  # the same reading (the file has not changed), an English board
    damaged, foreign = (t["problem"] for t in board["tables"])
    assert damaged.startswith("line ") and foreign == "holds Zed, Yan, not the table's Ben and Cid"

"""One ranking for one night (#39 items 3 and 4): the score sheet of an event's folder (``export --format html``,
and so the board's sheet) ranks the players as ``event standings`` does, not as the club's standings of the
same matches (won, diff, rating) would; ``verify`` takes a folder, and notes an event's file without failing.

The night: five players, three Swiss rounds, recorded hand by hand as the command line records them; its
club standings put Dee before Cid, its event standings Cid before Dee (the bye counts a match point)."""

import json
import re

import pytest

from boardkit import cli, new_event, players_of, table_file
from clubplay import record_match

# (winner is the table's first player, plan) per round and table: a night whose two rankings differ
NIGHT = {1: ["126-0", "108-18"], 2: ["108-30", "108-30"], 3: ["108-18", "108-30"]}


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    folder = new_event(tmp_path_factory.mktemp("ranking"), players=("Ann", "Ben", "Cid", "Dee", "Eve"), system="swiss")
    for number, plans in NIGHT.items():
        if number > 1:
            cli("event", "pair", folder, "--date", "2024-09-06")
        for table, plan in enumerate(plans, 1):
            path = table_file(folder, number, table)
            winner, loser = players_of(path)
            record_match(cli, path, winner, loser, plan)
    return folder


def _order(folder, *command):
    return [row["player"] for row in json.loads(cli(*command, folder, "--json").stdout)["standings"]]


def _sheet_order(html):
    standings = html.split('<section class="standings">', 1)[1].split("</section>", 1)[0]
    return re.findall(r'<tr><td class="n">\d+</td><td>([^<]+)</td>', standings)


def test_the_night_is_one_whose_club_and_event_rankings_differ(night):
    assert _order(night, "event", "standings") != _order(night, "standings")


def test_the_score_sheet_of_an_event_lists_the_event_standings_in_their_order(night):
    sheet = cli("export", "--format", "html", night).stdout
    assert _sheet_order(sheet) == _order(night, "event", "standings")
    assert "night: Swiss, 3 rounds; over" in sheet and "<th>buchholz</th>" in sheet
    files = re.findall(r'<p class="file">[^<]*(round-\d-table-\d)\.yaml</p>', sheet)
    assert files == [f"round-{r}-table-{t}" for r in (1, 2, 3) for t in (1, 2)]


def test_the_boards_sheet_ranks_the_night_as_the_board_does(night):
    pytest.importorskip("starlette")
    from serveutil import client

    web = client(night)
    sheet = web.get("/board/sheet")
    assert sheet.status_code == 200, sheet.text
    board = web.get("/board").text
    board_order = re.findall(r"<tr><td class=n>\d+</td><td>([^<]+)</td>", board)
    assert _sheet_order(sheet.text) == board_order == _order(night, "event", "standings")
    import os

    here = os.getcwd()
    os.chdir(night)
    try:  # the board's sheet is, byte for byte, the page export makes of the event's folder (but serve's switch)
        switch = re.search(r'<nav class="langs".*?</nav>\n', sheet.text)
        assert switch and sheet.text.replace(switch.group(0), "") == cli(
            "export", "--format", "html", "--title", "night: score sheet", ".").stdout
    finally:
        os.chdir(here)


def test_verify_takes_an_event_folder_and_notes_its_event_file(night):
    done = cli("verify", night)
    lines = done.stdout.splitlines()
    assert lines[0].endswith("event.yaml: an event file: see gin-ref event")
    assert sum(": ok, " in line for line in lines) == 6
    named = cli("verify", f"{night}/event.yaml", table_file(night, 1, 1))
    assert named.exit_code == 0 and "an event file: see gin-ref event" in named.stdout
    found = json.loads(cli("verify", "--json", night).stdout)
    assert found["ok"] and found["files"][0] == {"file": f"{night}/event.yaml", "ok": True, "event": True,
                                                 "note": "an event file: see gin-ref event"}


def test_verify_of_a_folder_fails_on_a_damaged_match_and_on_a_folder_without_one(night, tmp_path):
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(night, copy)
    with open(table_file(str(copy), 2, 1), "a", encoding="utf-8") as damage:
        damage.write("hands: [\n")
    done = cli("verify", str(copy), ok=False)
    assert done.exit_code == 1 and "round-2-table-1.yaml:" in done.stderr
    (tmp_path / "empty").mkdir()
    empty = cli("verify", str(tmp_path / "empty"), ok=False)
    assert empty.exit_code == 1 and empty.stderr.strip() == f"Error: no match file in {tmp_path / 'empty'}"

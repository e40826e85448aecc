"""The board's routes in process (Starlette's TestClient): /board for anyone (or with its own token under
--board-token), its server-sent events (the board at once, a change pushed, a reconnect catching up), the
board's script, the score sheet; never money, never a path."""

import json
import os
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("segno")

from starlette.testclient import TestClient  # noqa: E402

from boardkit import finish, hand, new_event, players_of, table_file  # noqa: E402
from gin_ref.serve.app import build_app  # noqa: E402

BASE = "http://127.0.0.1:8000"


def served_client(folder, **options):
    app = build_app(str(folder), **options)
    return app.state.served, TestClient(app, base_url=BASE, follow_redirects=False)


def events_of(text):
    """The board events of a stream's text: ``[(id, data)]``."""
    found = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
        if fields.get("event") == "board":
            instance, generation = fields["id"].split(".")
            found.append((int(generation), json.loads(fields["data"])))
            found[-1][1]["_id"] = fields["id"]
    return found


def test_the_board_needs_no_token_and_shows_the_standings_tables_and_pairings(tmp_path):
    folder = new_event(tmp_path)
    t1 = table_file(folder, 1, 1)
    ann_table = players_of(t1)
    hand(t1, ann_table[0])
    _served, web = served_client(folder)
    page = web.get("/board")
    assert page.status_code == 200
    text = page.text
    assert "night: round robin, 3 rounds; 0 of 3 rounds played, round 1 being played" in text
    assert f"Table 1: {ann_table[0]} v {ann_table[1]}" in text
    assert f"hand 1: {ann_table[0]} knocked, 30 points to {ann_table[0]}" in text
    assert "Round 1 of 3: pairings" in text and '<script src="/board.js"' in text
    assert '<a href="/board/sheet">' in text
    assert str(tmp_path) not in text and "stake" not in text and "settle" not in text.lower()
    script = web.get("/board.js")
    assert script.status_code == 200 and "EventSource(\"/board/events\")" in script.text
    assert "setInterval" not in script.text and "fetch(" not in script.text  # pushed, not polled


def test_the_stream_sends_the_board_at_once_then_each_change(tmp_path):
    folder = new_event(tmp_path)
    t1 = table_file(folder, 1, 1)
    knocker = players_of(t1)[0]
    served, web = served_client(folder)
    served.board_hub.lifetime = 2.0  # the stream ends by itself (a browser reconnects): the client reads it whole
    served.board_hub.interval = 0.2

    def record():
        time.sleep(0.6)
        hand(t1, knocker)  # the command line writes the match file: the watcher sees it

    writer = threading.Thread(target=record)
    writer.start()
    answer = web.get("/board/events")
    writer.join()
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/event-stream")
    assert answer.text.startswith("retry: 1000\n\n")
    found = events_of(answer.text)
    assert len(found) >= 2 and [number for number, _ in found] == list(range(found[0][0], found[0][0] + len(found)))
    assert "no hand yet" in found[0][1]["html"] and "30 points to" not in found[0][1]["html"]
    assert f"hand 1: {knocker} knocked, 30 points to {knocker}" in found[-1][1]["html"]


def test_a_hand_recorded_by_a_table_of_this_server_is_pushed_without_waiting_for_the_watcher(tmp_path):
    folder = new_event(tmp_path)
    t2 = table_file(folder, 1, 2)
    served, web = served_client(folder)
    served.board_hub.lifetime = 1.5
    served.board_hub.interval = 60  # the watcher would not see it in time

    def record():
        time.sleep(0.5)
        hand(t2, players_of(t2)[1])
        served.recorded("2")  # what a table's confirm tells the listeners

    writer = threading.Thread(target=record)
    writer.start()
    answer = web.get("/board/events")
    writer.join()
    found = events_of(answer.text)
    assert len(found) >= 2 and "30 points to" in found[-1][1]["html"]


def test_a_board_that_reconnects_catches_up_and_one_up_to_date_gets_no_repeat(tmp_path):
    folder = new_event(tmp_path)
    t1 = table_file(folder, 1, 1)
    served, web = served_client(folder)
    served.board_hub.lifetime = 0.3
    first = events_of(web.get("/board/events").text)
    assert len(first) == 1
    hand(t1, players_of(t1)[0])  # while the board was away
    again = events_of(web.get("/board/events", headers={"Last-Event-ID": first[0][1]["_id"]}).text)
    assert len(again) == 1 and again[0][0] == first[0][0] + 1 and "30 points to" in again[0][1]["html"]
    same = web.get("/board/events", headers={"Last-Event-ID": again[0][1]["_id"]}).text
    assert events_of(same) == []
    restarted = events_of(web.get("/board/events", headers={"Last-Event-ID": "0a1b2c3d." + str(again[0][0])}).text)
    assert len(restarted) == 1  # an id of another run of the server: the board is sent again


def test_with_board_token_the_board_needs_its_own_token_exchanged_for_a_cookie(tmp_path):
    folder = new_event(tmp_path)
    served, web = served_client(folder, board_token=True)
    assert web.get("/board").status_code == 403
    assert web.get("/board/events").status_code == 403
    assert web.get("/board/sheet").status_code == 403
    table_token = served.tokens.get("1")
    assert web.get(f"/board?token={table_token}").status_code == 403  # a table's card is not the board's
    board_token = served.tokens.add("board")
    exchanged = web.get(f"/board?token={board_token}")
    assert exchanged.status_code == 303 and exchanged.headers["location"] == "/board"
    cookie = exchanged.headers["set-cookie"]
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower() and "Path=/board" in cookie
    assert web.get("/board").status_code == 200


def test_the_score_sheet_is_export_html_of_the_event(tmp_path):
    folder = new_event(tmp_path)
    t1 = table_file(folder, 1, 1)
    finish(t1, players_of(t1)[0])
    _served, web = served_client(folder)
    sheet = web.get("/board/sheet")
    assert sheet.status_code == 200
    assert "<title>night: score sheet</title>" in sheet.text and "126" in sheet.text
    assert str(tmp_path) not in sheet.text


def test_a_folder_of_plain_matches_shows_their_tallies_and_the_club_standings(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    examples = os.path.join(os.path.dirname(__file__), "..", "examples")
    for name in ("oklahoma.yaml", "spades.yaml"):
        with open(os.path.join(examples, name), encoding="utf-8") as src:
            (folder / name).write_text(src.read(), encoding="utf-8")
    _served, web = served_client(folder)
    text = web.get("/board").text
    assert "club: 2 matches, 2 finished" in text and "Oklahoma: Ann v Ben" in text
    assert "Ann 151 – Ben 71" in text and '<table id="standings">' in text


def test_a_damaged_event_file_is_said_on_the_board_without_a_path_and_mended_it_comes_back(tmp_path):
    folder = new_event(tmp_path)
    event = os.path.join(folder, "event.yaml")
    with open(event, encoding="utf-8") as kept:
        text = kept.read()
    _served, web = served_client(folder)
    with open(event, "w", encoding="utf-8") as damage:
        damage.write(text.replace("system: round-robin", "system: knockout"))
    page = web.get("/board")
    assert page.status_code == 200
    assert "night: the event file does not read (event.yaml:" in page.text and "knockout" in page.text
    assert str(tmp_path) not in page.text
    with open(event, "w", encoding="utf-8") as mend:
        mend.write(text)
    assert "Round 1 of 3: pairings" in web.get("/board").text


def test_the_score_sheet_refused_in_the_command_lines_words_when_a_file_is_damaged(tmp_path):
    folder = new_event(tmp_path)
    with open(table_file(folder, 1, 2), "a", encoding="utf-8") as damage:
        damage.write("hands: [\n")
    _served, web = served_client(folder)
    sheet = web.get("/board/sheet")
    assert sheet.status_code == 409
    assert "Error: round-1-table-2.yaml:" in sheet.text and str(tmp_path) not in sheet.text

"""gin-ref serve, in process: a hand entered on a table's page waits for the confirm of the player it costs, and
only then is written to the match file, through the same actions as the command line."""

import json

from serveutil import HOST, form_token, event_folder, phone, plain_folder, send, table_file, tally, verifies


def _pending_id(page):
    import re

    return re.search(r'data-form="confirm-0".*?name="entry_id" value="([^"]+)"', page, re.S).group(1)


def test_a_hand_is_pending_until_the_other_player_confirms_it(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    path = table_file(folder)
    before = path.read_bytes()
    answer = send(web, "1", "hand", {"by": "Dan", "knocker": "Dan", "result": "knock", "count": "5", "defender": "23"})
    assert answer.status_code == 303
    assert path.read_bytes() == before  # pending: nothing written yet
    page = web.get("/t/1").text
    assert "waiting for Ann" in page and "Confirm as Ann" in page and "Confirm as Dan" not in page
    assert "Dan knocks against Ann" in page
    answer = send(web, "1", "confirm-0", {"by": "Ann"}, ident=_pending_id(page))
    assert answer.status_code == 303
    data = tally(path)
    assert [(h["result"], h["winner"], h["points"]) for h in data["hands"]] == [("knock", "Dan", 18)]
    assert verifies(path)
    page = web.get(answer.headers["location"]).text
    assert "recorded, confirmed by Ann" in page and "hand 1: Dan knocked, 18 points to Dan" in page


def test_the_table_line_enters_a_hand_with_plays_words(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    token = form_token(web.get("/t/1").text, "line")
    answer = send(web, "1", "line", {"line": "d 5 23", "by": "Dan"})
    assert answer.status_code == 303
    assert "Dan knocks against Ann" in web.get("/t/1").text
    bad = web.post("/t/1/enter", data={"form_token": token, "entry_id": "entry-second-1", "line": "ann 5 23",
                                       "by": "Ann"},
                   headers={"origin": f"http://{HOST}", "accept": "application/json"})
    assert bad.status_code == 409
    assert bad.json()["problem"] == "a knock by Dan waits for confirmation: confirm or reject it first"
    other = phone(event_folder(tmp_path, "other"), "1")
    bad = send(other, "1", "line", {"line": "zed 5 23", "by": "Ann"}, headers={"accept": "application/json"})
    assert bad.json()["problem"] == "'zed' is not a player (Ann, Dan)"


def test_bad_counts_are_refused_with_the_command_lines_words(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    answer = send(web, "1", "hand", {"knocker": "Ann", "count": "5", "defender": "x9", "by": "Dan"})
    assert answer.status_code == 400  # bad input: a bad request, said in words
    assert "problem" in answer.text and str(tmp_path) not in answer.text
    assert 'value="x9"' in answer.text  # the fields are shown again


def test_the_same_entry_sent_twice_is_one_entry_and_one_hand(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    fields = {"by": "Dan", "knocker": "Dan", "count": "5", "defender": "23"}
    first = send(web, "1", "hand", fields, ident="entry-000000001")
    again = send(web, "1", "hand", fields, ident="entry-000000001")
    assert first.status_code == again.status_code == 303
    page = web.get("/t/1").text
    for _ in range(3):
        assert send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-000000001", route="confirm").status_code == 303
    assert len(tally(table_file(folder))["hands"]) == 1
    journal = folder / ".gin-ref-serve" / "journal" / "round-1-table-1.yaml.jsonl"
    ops = [json.loads(line)["op"] for line in journal.read_text().splitlines()]
    assert ops == ["enter", "recorded"]  # the enter foresaw the end seal: no line before the write
    assert "Confirm as" in page


def test_a_restart_keeps_the_pending_hand_and_records_no_id_twice(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    send(web, "1", "hand", {"by": "Dan", "knocker": "Dan", "count": "5", "defender": "23"}, ident="entry-restart-1")
    web = phone(folder, "1")  # a new app: the server restarted
    assert "Confirm as Ann" in web.get("/t/1").text
    assert send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-restart-1", route="confirm").status_code == 303
    web = phone(folder, "1")
    assert send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-restart-1", route="confirm").status_code == 303
    assert send(web, "1", "hand", {"by": "Dan", "knocker": "Dan", "count": "5", "defender": "23"},
                ident="entry-restart-1").status_code == 303
    assert len(tally(table_file(folder))["hands"]) == 1


def test_the_enterer_cannot_confirm_his_own_hand(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    send(web, "1", "hand", {"by": "Dan", "knocker": "Dan", "count": "5", "defender": "23"}, ident="entry-own-0001")
    answer = send(web, "1", "confirm-0", {"by": "Dan"}, ident="entry-own-0001", route="confirm")
    assert answer.status_code == 409 and "Dan entered it, so Ann confirms it" in answer.text
    assert tally(table_file(folder))["hands"] == []


def test_a_rejected_hand_is_not_written(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    send(web, "1", "hand", {"by": "Dan", "knocker": "Dan", "count": "5", "defender": "23"}, ident="entry-reject-1")
    answer = send(web, "1", "reject", {"by": "Ann"}, ident="entry-reject-1")
    assert answer.status_code == 303
    assert "not recorded: rejected by Ann" in web.get(answer.headers["location"]).text
    assert tally(table_file(folder))["hands"] == []
    answer = send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-reject-1", route="confirm")
    assert answer.status_code == 409


def test_a_count_over_the_limit_asks_whether_the_knock_happened(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    fields = {"by": "Dan", "knocker": "Dan", "count": "12", "defender": "23"}
    answer = send(web, "1", "hand", fields, ident="entry-over-001")
    assert answer.status_code == 200 and "Did Dan really knock with 12?" in answer.text
    assert "Confirm as" not in web.get("/t/1").text  # nothing pending: the question first
    asked = send(web, "1", "hand", fields, headers={"accept": "application/json"})
    assert asked.json()["question"].endswith("Did Dan really knock with 12?")
    answer = send(web, "1", "question", {**fields, "illegal": "1"}, ident="entry-over-001", route="enter")
    assert answer.status_code == 303
    assert send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-over-001", route="confirm").status_code == 303
    data = tally(table_file(folder))
    assert data["hands"][0].get("result") is None  # the illegal knock is kept as an irregularity; the hand stays open


def test_undo_needs_the_same_confirmation(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-undo-001")
    send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-undo-001", route="confirm")
    assert len(tally(table_file(folder))["hands"]) == 1
    answer = send(web, "1", "undo", {"by": "Ann"}, ident="entry-undo-002")
    assert answer.status_code == 303
    assert len(tally(table_file(folder))["hands"]) == 1
    page = web.get("/t/1").text
    assert "Take back by Ann" in page and "takes back hand 1" in page
    assert "Confirm as Dan" in page and "Confirm as Ann" not in page  # the undo takes back Dan's points
    send(web, "1", "confirm-0", {"by": "Dan"}, ident="entry-undo-002", route="confirm")
    data = tally(table_file(folder))
    assert data["hands"] == [] or data["hands"][0].get("result") is None
    assert verifies(table_file(folder))


def test_a_confirm_is_refused_when_the_file_changed_meanwhile_saying_what(tmp_path):
    from serveutil import gin

    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-stale-01")
    done = gin("knock", "--match", table_file(folder), "Ann", "0", "--defender", "30")
    assert done.returncode == 0, done.stderr
    answer = send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-stale-01", route="confirm")
    assert answer.status_code == 409
    assert "the match file changed since this was entered (another writer): hand 1 dealt and settled: Ann&#x27;s gin" \
        in answer.text
    data = tally(table_file(folder))
    assert [h["winner"] for h in data["hands"]] == ["Ann"]


def test_a_plain_folders_match_takes_hands_too(tmp_path):
    folder = plain_folder(tmp_path)
    web = phone(folder, "cat-v-dan")
    send(web, "cat-v-dan", "line", {"line": "c gin 20", "by": "Cat"}, ident="entry-plain-01")
    send(web, "cat-v-dan", "confirm-0", {"by": "Dan"}, ident="entry-plain-01", route="confirm")
    assert tally(folder / "Cat v Dan.yaml")["hands"][0]["result"] == "gin"


def test_the_check_answers_as_typed(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    page = web.get("/t/1").text
    import re

    token = re.search(r'name="check_token" value="([0-9a-f]+)"', page).group(1)
    answer = web.post("/t/1/check", data={"form_token": token, "line": "dan 5 23"},
                      headers={"origin": f"http://{HOST}"})
    assert answer.json()["ok"] and any("Dan knocks" in line for line in answer.json()["words"])
    answer = web.post("/t/1/check", data={"form_token": token, "line": "dan 5"}, headers={"origin": f"http://{HOST}"})
    assert answer.json()["problem"].startswith("a table line is [UPCARD] PLAYER COUNT DEFENDER-COUNT")
    assert tally(table_file(folder))["hands"] == []

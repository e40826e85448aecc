"""gin-ref serve's journal: a stop between the match file's write and the journal's ``recorded`` line
neither loses the hand nor lets it be written twice; lines cut short by a stop are skipped; the journal is
owner-only JSON lines."""

import json
import os
import stat

import pytest

from gin_ref.serve import journal as journal_module
from serveutil import event_folder, phone, send, table_file, tally

JOURNAL = ".gin-ref-serve/journal/round-1-table-1.yaml.jsonl"


def _stop_before_recorded(monkeypatch):
    real = journal_module.Journal.append

    def append(self, line, sync=True):
        if line.get("op") == "recorded":
            raise RuntimeError("stopped after the match file's write")
        return real(self, line, sync)

    monkeypatch.setattr(journal_module.Journal, "append", append)
    return real


@pytest.mark.parametrize("kind", ["hand", "undo"])
def test_a_stop_between_the_file_and_the_journal_is_settled_by_the_file(tmp_path, monkeypatch, kind):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    if kind == "undo":
        send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-first-01")
        send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-first-01", route="confirm")
        send(web, "1", "undo", {"by": "Ann"}, ident="entry-cut-0001")
    else:
        send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-cut-0001")
    before = len(tally(table_file(folder))["hands"])
    real = _stop_before_recorded(monkeypatch)
    confirmer = "Dan" if kind == "undo" else "Ann"  # the undo takes back Dan's points; the hand costs Ann
    cut = send(web, "1", "confirm-0", {"by": confirmer}, ident="entry-cut-0001", route="confirm")
    assert cut.status_code == 500 and "Traceback" not in cut.text and str(tmp_path) not in cut.text
    after = tally(table_file(folder))["hands"]
    assert len(after) == (before + 1 if kind == "hand" else before) or (kind == "undo" and after[0].get("result") is None)
    monkeypatch.setattr(journal_module.Journal, "append", real)
    web = phone(folder, "1")  # the server restarted
    answer = send(web, "1", "confirm-0", {"by": confirmer}, ident="entry-cut-0001", route="confirm")
    assert answer.status_code == 303
    assert "recorded" in web.get(answer.headers["location"]).text
    assert tally(table_file(folder))["hands"] == after  # written once
    ops = [json.loads(line)["op"] for line in (folder / JOURNAL).read_text().splitlines()]
    assert ops[-1] == "recorded"


def test_a_line_cut_short_is_skipped_and_the_journal_is_owner_only(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-kept-0001")
    path = folder / JOURNAL
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    with open(path, "a") as journal:
        journal.write('{"op": "enter", "id": "entry-cut')
    web = phone(folder, "1")
    assert "Confirm as Ann" in web.get("/t/1").text
    assert send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-kept-0001", route="confirm").status_code == 303
    assert len(tally(table_file(folder))["hands"]) == 1


def test_after_a_restart_a_changed_file_still_refuses_the_confirm(tmp_path):
    from serveutil import gin

    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-late-0001")
    assert gin("knock", "--match", table_file(folder), "Ann", "0", "--defender", "30").returncode == 0
    web = phone(folder, "1")  # restarted: the bytes the entry was checked against are no longer in memory
    answer = send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-late-0001", route="confirm",
                  headers={"accept": "application/json"})
    assert answer.status_code == 409
    assert answer.json()["problem"] == ("the match file changed since this was entered (another writer). Not "
                                        "recorded: enter it again if it still stands")
    assert [h["winner"] for h in tally(table_file(folder))["hands"]] == ["Ann"]


@pytest.mark.parametrize("kind", ["hand", "undo"])
def test_a_stop_after_the_write_then_another_writer_still_answers_recorded(tmp_path, monkeypatch, kind):
    """The kill loop's duplicate: a stop between the match file's write and the journal's ``recorded``, then a
    command-line write before the restart (the end seal is no longer the one foreseen): the hand is in the
    file, so its confirm, sent again, is answered "recorded", never "changed ... not recorded" (the phone
    would enter it again: the hand twice)."""
    from serveutil import gin

    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    if kind == "undo":
        send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-first-02")
        send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-first-02", route="confirm")
        send(web, "1", "undo", {"by": "Ann"}, ident="entry-cut-0002")
    else:
        send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-cut-0002")
    real = _stop_before_recorded(monkeypatch)
    confirmer = "Dan" if kind == "undo" else "Ann"
    assert send(web, "1", "confirm-0", {"by": confirmer}, ident="entry-cut-0002", route="confirm").status_code == 500
    monkeypatch.setattr(journal_module.Journal, "append", real)
    upcard = ["--upcard", "9h"] if kind == "hand" else []  # after the undo, hand 1 is dealt and open
    done = gin("knock", "--match", table_file(folder), *upcard, "Ann", "3", "--defender", "95")
    assert done.returncode == 0, done.stderr
    written = tally(table_file(folder))["hands"]
    web = phone(folder, "1")  # the server restarted
    answer = send(web, "1", "confirm-0", {"by": confirmer}, ident="entry-cut-0002", route="confirm",
                  headers={"accept": "application/json"})
    assert answer.status_code == 200 and answer.json()["status"] == "recorded", answer.text
    assert tally(table_file(folder))["hands"] == written
    from gin_ref.files import matchfile

    hands = matchfile.load(str(table_file(folder))).data["hands"]
    assert [h.get("defender_count") for h in hands] == ([23, 95] if kind == "hand" else [95])  # each once

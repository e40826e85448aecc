"""serve calls the desk in this process (#37 item 3): nothing in gin_ref starts a process; the journal keeps
typed acts in their documented JSON shape, and an older journal's lines (the command line's words) are read
once at start into typed acts, or set apart for the director, never dropped; a busy file is said on the
director's page; an unexpected error is one log line and a 500."""

import ast
import json
import logging
import os
from pathlib import Path

import pytest

import gin_ref
from gin_ref.files import matchfile, store
from gin_ref.serve import acts, directoracts
from gin_ref.serve.journal import journal_name
from serveutil import HOST, client, event_folder, phone, send, table_file, tally

STARTERS = {("os", name) for name in ("system", "popen", "fork", "forkpty", "posix_spawn", "posix_spawnp")}
STARTER_PREFIXES = ("exec", "spawn")


def process_starts(path):
    """Where the module at ``path`` starts a process: ``subprocess`` imported, ``os.system``/``os.exec*``/
    ``os.spawn*``/``os.popen``/``os.fork``, ``Popen``, asyncio's ``create_subprocess_*``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "subprocess" for a in node.names):
            found.append(f"{path.name}:{node.lineno}: import subprocess")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "subprocess":
            found.append(f"{path.name}:{node.lineno}: from subprocess")
        elif isinstance(node, ast.Attribute):
            owner = node.value.id if isinstance(node.value, ast.Name) else ""
            if (owner, node.attr) in STARTERS or (owner == "os" and node.attr.startswith(STARTER_PREFIXES)) \
                    or node.attr in ("Popen", "create_subprocess_exec", "create_subprocess_shell"):
                found.append(f"{path.name}:{node.lineno}: {owner}.{node.attr}")
        elif isinstance(node, ast.Name) and node.id == "Popen":
            found.append(f"{path.name}:{node.lineno}: Popen")
    return found


def test_the_process_finder_finds_one(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import asyncio, os\nimport subprocess\nos.execv('x', [])\n"
                      "asyncio.create_subprocess_exec('x')\n")
    assert [line.split(": ")[1] for line in process_starts(sample)] == \
        ["import subprocess", "os.execv", "asyncio.create_subprocess_exec"]


def test_nothing_in_gin_ref_starts_a_process():
    root = Path(gin_ref.__file__).parent
    found = [where for path in sorted(root.rglob("*.py")) for where in process_starts(path)]
    assert found == []


# -- the journal's typed acts ------------------------------------------------------------------------------
def test_a_table_line_and_the_form_are_read_into_the_same_typed_act_and_its_json_shape():
    players = ["Ann", "Ben"]
    line = acts.read_action({"line": "9h b 5 23"}, players)
    form = acts.read_action({"upcard": "9h", "knocker": "ben", "result": "knock", "count": "5", "defender": "23"},
                            players)
    assert line == form == acts.Knock("Ben", 5, None, 23, None, "9H")
    assert acts.to_json(line) == {"act": "knock", "knocker": "Ben", "knocker_count": 5, "knocker_cards": None,
                                  "defender_count": 23, "defender_cards": None, "upcard": "9H",
                                  "big_gin": False, "illegal": False}
    cards = acts.read_action({"line": '7d b "A-3S 4HDC 7-9C 5D" 23!'}, players)
    assert cards == acts.Knock("Ben", None, ("AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C", "5D"), 23,
                               None, "7D", False, True)
    assert acts.read_action({"line": "b big 17"}, players) == acts.Knock("Ben", 0, None, 17, None, None, True)
    assert acts.read_action({"line": "dead 9h"}, players) == acts.Dead("9H")
    for act in (line, cards, acts.Dead("9H"), acts.Dead(), acts.Undo()):
        assert acts.from_json(json.loads(json.dumps(acts.to_json(act)))) == act
    with pytest.raises(ValueError):
        acts.from_json({"kind": "knock", "player": "Ben", "knocker": ["5"], "defender": "23"})  # an older shape


def journal_lines(folder, number=1):
    path = Path(folder) / ".gin-ref-serve" / "journal" / journal_name(f"round-1-table-{number}.yaml")
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_an_entry_is_journaled_as_a_typed_act_never_as_words(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-typed-01").status_code == 303
    enter = journal_lines(folder)[0]
    assert enter["op"] == "enter" and enter["by"] == "Dan"
    assert enter["action"] == {"act": "knock", "knocker": "Dan", "knocker_count": 5, "knocker_cards": None,
                               "defender_count": 23, "defender_cards": None, "upcard": None, "big_gin": False,
                               "illegal": False}


def old_journal(folder, number, ident, knocker_words, by, confirmers):
    """A journal of an older gin-ref: one pending hand whose action is the command line's words."""
    path = table_file(folder, number)
    raw = matchfile.read_bytes(str(path))
    place = Path(folder) / ".gin-ref-serve" / "journal"
    place.mkdir(parents=True, exist_ok=True)
    os.chmod(Path(folder) / ".gin-ref-serve", 0o700)
    line = {"op": "enter", "id": ident, "kind": "hand", "by": by, "base": matchfile.digest(raw), "after": "",
            "mark": "", "confirmers": confirmers, "time": "2024-09-06T20:00:00", "words": ["an older entry"],
            "action": {"kind": "knock", "upcard": None, "player": by, "knocker": knocker_words, "defender": "23",
                       "big_gin": False, "illegal": False}}
    (place / journal_name(path.name)).write_text(json.dumps(line) + "\n")


def test_an_older_journal_is_read_once_at_start_into_typed_acts_or_set_apart_for_the_director(tmp_path, caplog):
    folder = event_folder(tmp_path)
    players = [tally(table_file(folder, n))["players"] for n in (1, 2)]
    old_journal(folder, 1, "entry-older-01", ["5"], players[0][1], [players[0][0]])
    old_journal(folder, 2, "entry-older-02", ["zz"], players[1][0], [players[1][1]])  # words that never read
    with caplog.at_level(logging.INFO, logger="gin_ref.serve"):
        web = phone(folder, "1")
    notes = [r.getMessage() for r in caplog.records if "older gin-ref" in r.getMessage()]
    assert notes == ["serve journal of round-1-table-1.yaml: 1 entry of an older gin-ref read into the typed act",
                     "serve journal of round-1-table-2.yaml: 0 entries of an older gin-ref read into the typed act; "
                     "1 that no longer reads set apart for the director (to enter again)"]
    assert journal_lines(folder, 1)[0]["action"] == {
        "act": "knock", "knocker": players[0][1], "knocker_count": 5, "knocker_cards": None, "defender_count": 23,
        "defender_cards": None, "upcard": None, "big_gin": False, "illegal": False}
    # the pending hand read is confirmed as any other, and written
    answer = send(web, "1", "confirm-0", {"by": players[0][0]}, ident="entry-older-01", route="confirm")
    assert answer.status_code == 303 and "recorded" in web.get(answer.headers["location"]).text
    assert tally(table_file(folder, 1))["totals"] == {players[0][0]: 0, players[0][1]: 18}
    # the one that does not read is kept, and listed to the director to enter again
    kept = journal_lines(folder, 2)[0]
    assert kept["action"]["knocker"] == ["zz"] and "enter it again" in kept["unread"]
    director = client(folder)
    director.get(f"/director?token={director.app.state.served.tokens.get('director')}")
    page = director.get("/director").text
    assert "to enter again" in page and "no longer reads: enter it again at the table" in page
    # read once: a restart finds nothing more to read
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="gin_ref.serve"):
        phone(folder, "1")
    assert not [r for r in caplog.records if "older gin-ref" in r.getMessage()]


# -- the director's page, in process -----------------------------------------------------------------------
def director_client(folder):
    web = client(folder)
    answer = web.get(f"/director?token={web.app.state.served.tokens.get('director')}")
    assert answer.status_code == 303
    return web


def director_post(web, action, **fields):
    from gin_ref.serve.security import Security

    data = {"form_token": Security.form_token(web.cookies.get("gin_ref_token"), "director"), **fields}
    return web.post(action, data=data, headers={"origin": f"http://{HOST}"})


def test_a_busy_file_is_said_on_the_directors_page_and_nothing_is_done(tmp_path, monkeypatch):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-busy-0001")
    send(web, "1", "confirm-0", {"by": "Ann"}, ident="entry-busy-0001", route="confirm")
    path = str(table_file(folder, 1))
    monkeypatch.setattr(directoracts, "WAIT", 0.2)
    director = director_client(folder)
    seen = directoracts_seen(path)
    with store.locked(path):  # another writer holds the file
        answer = director_post(director, "/director/m/round-1-table-1.yaml/undo", seen=seen, sure="1")
    assert answer.status_code == 303
    page = director.get(answer.headers["location"]).text
    assert "round-1-table-1.yaml is busy (another writer holds it): nothing was done; try again in a moment" in page
    assert len(tally(path)["hands"]) == 1


def directoracts_seen(path):
    from gin_ref.serve.director import file_seen

    return file_seen(os.path.dirname(path), os.path.basename(path))


def test_an_unexpected_error_is_one_log_line_and_a_500(tmp_path, monkeypatch, caplog):
    folder = event_folder(tmp_path)
    path = str(table_file(folder, 1))

    def broken(folder, name):
        raise KeyError("a bug")

    monkeypatch.setattr(directoracts, "undo", broken)
    director = director_client(folder)
    with caplog.at_level(logging.INFO, logger="gin_ref.serve"):
        answer = director_post(director, "/director/m/round-1-table-1.yaml/undo", seen=directoracts_seen(path),
                                sure="1")
    assert answer.status_code == 500 and "Traceback" not in answer.text and str(tmp_path) not in answer.text
    lines = [r for r in caplog.records if "undo" in r.getMessage()]
    assert len(lines) == 1 and not lines[0].exc_info
    assert "500" in lines[0].getMessage() and "unexpected error: KeyError: 'a bug' at test_serve_inprocess.py" in \
        lines[0].getMessage()


def test_the_desks_acts_on_a_record_held_change_it_in_memory_and_write_nothing(tmp_path):
    from gin_ref.desk import onrecord
    from gin_ref.desk.errors import DeskError, Kind

    folder = event_folder(tmp_path)
    path = str(table_file(folder, 1))
    before = open(path, "rb").read()
    record = matchfile.load(path)
    ann, dan = record.match.players
    knocked = onrecord.knock_on(record, dan, 5, 23)
    assert knocked.hand == 1 and knocked.dealt is not None and record.match.state.totals == {ann: 0, dan: 18}
    with pytest.raises(DeskError) as asked:  # standard rules: a count over 10 is taken for a slip
        onrecord.knock_on(matchfile.load(path), dan, 12, 23)
    assert asked.value.kind == Kind.COUNT_OVER_LIMIT and asked.value.refusal.field("count") == 12
    assert onrecord.undo_on(record).what == f"hand 1: {dan}'s knock, 18 points to {dan}"
    assert record.match.state.totals == {ann: 0, dan: 0}
    assert open(path, "rb").read() == before  # the caller writes, or not


def test_the_directors_reading_waits_for_a_tables_write_and_keeps_each_file_until_it_changes(tmp_path):
    import threading
    import time

    from gin_ref.serve.perfile import PerFile, TablesFirst

    first = TablesFirst(most=5.0)
    order = []
    kept = PerFile(lambda path: order.append("read") or len(order), first.wait)
    first.enter()  # a table's confirm under way
    reader = threading.Thread(target=kept.get, args=(str(tmp_path / "a.yaml"),))
    (tmp_path / "a.yaml").write_text("one")
    reader.start()
    time.sleep(0.05)
    order.append("confirmed")
    first.leave()
    reader.join(5)
    assert order == ["confirmed", "read"] and kept.made == 1
    assert kept.get(str(tmp_path / "a.yaml")) == 2 and kept.made == 1  # kept: the file did not change
    (tmp_path / "a.yaml").write_text("two, longer")
    kept.get(str(tmp_path / "a.yaml"))
    assert kept.made == 2

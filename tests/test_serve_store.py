"""serve takes the store's one lock (issue 36 item 4): a page waits for another writer up to LOCK_WAIT
seconds, then says it is busy (a typed store.Busy, not an error's text); a writer that lets go within the
wait lets the page's hand in."""

import fcntl
import threading
import time

from gin_ref.serve import entries
from serveutil import event_folder, phone, send, table_file


def _hold(path):
    held = open(path.parent / f".{path.name}.lock", "a+b")  # another writer: the command line, play
    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return held


def test_a_page_waits_for_another_writer_then_says_it_is_busy(tmp_path, monkeypatch):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    path = table_file(folder)
    monkeypatch.setattr(entries, "LOCK_WAIT", 0.3)
    held = _hold(path)
    try:
        started = time.monotonic()
        answer = send(web, "1", "hand", {"by": "Ann", "knocker": "Dan", "count": "5", "defender": "23"},
                      headers={"accept": "application/json"})
        assert time.monotonic() - started >= 0.3
        assert answer.status_code == 409 and "is being written by another gin-ref" in answer.json()["problem"]
    finally:
        held.close()


def test_a_writer_that_lets_go_within_the_wait_lets_the_hand_in(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    path = table_file(folder)
    held = _hold(path)
    threading.Timer(0.3, held.close).start()
    answer = send(web, "1", "hand", {"by": "Ann", "knocker": "Dan", "count": "5", "defender": "23"})
    assert answer.status_code == 303 and "Dan knocks against Ann" in web.get("/t/1").text

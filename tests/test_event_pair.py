"""Pairing a round is all or nothing (issue 24 item 9): the table files are written first and the event file
last; a pairing stopped by Ctrl-C, a SIGTERM or a failed write takes back the table files it wrote, and
one stopped by a kill (SIGKILL: nothing can run) leaves files that the event does not know, which the next
`event pair` writes again, saying so. Pairing again after a whole pairing says the round is paired."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.desk import club as match_cmds

PLAYERS = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay"]


def gin(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def night(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_REF_CACHE", "off")
    folder = tmp_path / "night"
    assert gin("event", "new", folder, "--format", "round-robin", "--rules", "standard", *PLAYERS).exit_code == 0
    return folder


def tables(folder):
    return sorted(path.name for path in folder.glob("round-*.yaml"))


def test_a_pairing_stopped_halfway_takes_back_its_tables_and_leaves_the_event_as_it_was(night, monkeypatch):
    before = (night / "event.yaml").read_bytes()
    started = []
    real = match_cmds.start_match

    def start(path, *args, **kwargs):
        if len(started) == 2:
            raise KeyboardInterrupt  # Ctrl-C while the third table is written
        started.append(path)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(match_cmds, "start_match", start)
    done = gin("event", "pair", night)
    assert (done.exit_code, done.stderr) == (130, "Error: interrupted\n")
    assert len(started) == 2 and tables(night) == []
    assert (night / "event.yaml").read_bytes() == before
    monkeypatch.setattr(match_cmds, "start_match", real)
    again = gin("event", "pair", night)
    assert (again.exit_code, again.stderr) == (0, "")
    assert tables(night) == ["round-1-table-1.yaml", "round-1-table-2.yaml", "round-1-table-3.yaml"]
    assert len(json.loads(gin("event", "standings", "--json", night).stdout)["pairings"]) == 1


def test_a_failed_event_write_takes_back_the_tables(night, monkeypatch):
    from gin_ref.files import eventfile, store

    real = store.write_atomic

    def write(path, text, **kwargs):
        if str(path).endswith("event.yaml"):
            raise OSError(28, "No space left on device")
        return real(path, text, **kwargs)

    monkeypatch.setattr(store, "write_atomic", write)  # the store writes the event file (and the tables)
    done = gin("event", "pair", night)
    assert done.exit_code == 1
    assert tables(night) == [] and eventfile.load(night).rounds == []


def test_files_left_by_a_killed_pairing_are_written_again_and_it_says_so(night):
    # as a pairing killed after its first two tables leaves them: match files the event does not know
    done = gin("event", "pair", night)
    assert done.exit_code == 0
    event = (night / "event.yaml").read_text()
    kept = {name: (night / name).read_bytes() for name in tables(night)[:2]}
    (night / "round-1-table-3.yaml").unlink()
    (night / "event.yaml").write_text(event[:event.index("pairings:")] + "pairings: []\n")
    again = gin("event", "pair", night)
    assert again.exit_code == 0
    left = ", ".join(str(night / name) for name in kept)
    assert again.stderr == (f"note: round 1 was being paired when an earlier run stopped: the event does not know "
                            f"the 2 table files it left ({left}); nothing was recorded in them, so they are "
                            "written again\n")
    assert again.stdout == done.stdout
    assert tables(night) == ["round-1-table-1.yaml", "round-1-table-2.yaml", "round-1-table-3.yaml"]
    assert gin("verify", *sorted(night.glob("round-*.yaml"))).exit_code == 0


def test_a_table_file_with_a_hand_recorded_is_never_replaced(night):
    assert gin("event", "pair", night).exit_code == 0
    event = (night / "event.yaml").read_text()
    table = night / "round-1-table-1.yaml"
    assert gin("knock", "--match", table, "--upcard", "9H", "Ann", "5", "--defender", "23").exit_code == 0
    played = table.read_bytes()
    (night / "event.yaml").write_text(event[:event.index("pairings:")] + "pairings: []\n")
    again = gin("event", "pair", night)
    assert (again.exit_code, again.stderr) == (1, f"Error: {table} already exists: move it away, then pair again\n")
    assert table.read_bytes() == played


def test_pairing_again_says_the_round_is_paired(night):
    assert gin("event", "pair", night).exit_code == 0
    again = gin("event", "pair", night)
    assert again.exit_code == 1
    assert again.stderr.startswith("Error: round 1 is paired already; 3 matches are not finished: round 1 table 1 (")


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="POSIX signals")
def test_a_sigterm_while_pairing_leaves_the_event_as_it_was(night, tmp_path):
    """The installed command, stopped by SIGTERM while it writes a round of 50 tables: the event is as before
    (no table files) or fully paired, and pairing again says which."""
    folder = tmp_path / "big"
    players = [f"P{i:03d}" for i in range(100)]
    assert gin("event", "new", folder, "--format", "swiss", "--rounds", "1", "--rules", "standard",
               *players).exit_code == 0
    command = [sys.executable, "-m", "gin_ref", "event", "pair", str(folder)]
    env = dict(os.environ, GIN_REF_CACHE="off")
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for _ in range(2000):  # until its first table file shows
        if list(folder.glob("round-*.yaml")) or process.poll() is not None:
            break
        time.sleep(0.005)
    process.send_signal(signal.SIGTERM)
    _out, err = process.communicate(timeout=60)
    paired = json.loads(gin("event", "standings", "--json", folder).stdout)["pairings"]
    if process.returncode == 0:  # it was done before the signal came
        assert len(paired) == 1 and len(tables(folder)) == 50
    elif paired:  # the event was written: the round is whole
        assert len(tables(folder)) == 50
    else:
        assert tables(folder) == [], err
    again = gin("event", "pair", folder)
    if paired or process.returncode == 0:
        assert again.stderr.startswith("Error: round 1 is paired already; 50 matches are not finished")
    else:
        assert again.exit_code == 0 and len(tables(folder)) == 50

"""A record's integrity: a file replaced while a writer works on it, sealed corrections, readers that warn
about a failed seal, and an end line whose seal covers the hand count (issue 24, items 1, 3, 7 and 19; the
summary cache, item 2, is tests/test_summary_cache.py)."""

import json
import os
import re
import shutil

import pytest

from gin_ref.core.cards import Card
from gin_ref.core.errors import RecordError
from gin_ref.files import store
from gin_ref.files import matchfile
from gin_ref.files.rulesfile import load_rules
from gin_ref.match.model import Match

from runs import installed, invoke as run
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401


def ok(*args, env=None):
    done = run(*args, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def m(tmp_path):
    path = tmp_path / "m.yaml"
    ok("new", "--match", path, "--dealer", "Ann", "Ann", "Ben")
    ok("knock", "--match", path, "--upcard", "9H", "Ben", "5", "--defender", "23")  # Ben 18
    ok("knock", "--match", path, "--upcard", "9H", "Ann", "0", "--defender", "23")  # Ann 48
    ok("knock", "--match", path, "--upcard", "9H", "Ben", "2", "--defender", "12")  # Ben 10
    return path


def line_of(path, text):
    return path.read_text().splitlines().index(text) + 1


# -- item 1: a commit checks the bytes it read (issue 36 item 4: under the one lock) ----------------------

def _replace_by_copy(path):
    copy = path.with_name("copy.yaml")
    shutil.copyfile(path, copy)
    os.replace(copy, path)  # what an editor's save, sed -i, git checkout or cp && mv do: a new inode


def test_a_file_replaced_by_a_copy_keeps_its_lock_and_an_edited_save_is_not_overwritten(tmp_path):
    path = tmp_path / "m.yaml"
    store.create(path, Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann"))
    with store.change(path) as first:
        first.match.deal(Card.parse("9H"))
        _replace_by_copy(path)  # the same bytes in a new inode: the lock is not on the match file
        with pytest.raises(store.Busy):
            with store.change(path):
                pass
    with pytest.raises(RecordError, match="was changed by another writer while this one worked: nothing written"):
        with store.change(path) as first:
            first.match.dead()
            path.write_text(path.read_text().replace("date: '2024-05-01'", "date: '2024-05-02'"))  # an editor
    record = matchfile.load(path)
    assert len(record.match.hands) == 1 and record.data["date"] == "2024-05-02"


def test_a_command_that_commits_first_after_the_lock_file_is_deleted_shuts_out_the_writer_that_read_before(m):
    with pytest.raises(RecordError, match="changed by another writer"):
        with store.change(m) as held:
            held.match.deal(Card.parse("9H"))
            (m.parent / f".{m.name}.lock").unlink()  # git clean -fX
            assert installed("deal", "--match", m, "--upcard", "KS").returncode == 0  # another process
    hands = matchfile.load(m).match.hands
    assert len(hands) == 4 and str(hands[-1].upcard) == "KS"


# -- item 3: corrections are sealed; item 19: the end seal covers the count -------------------------------

def _undo_last(m):
    ok("undo", "--match", m)
    return m.read_text()


def _edit_the_undone_hand(text):
    # Ben's knock of 2 against 12 (10 points) made a knock of 1 (11): consistent, as the replay would find
    start = text.index("corrections:")
    tail = (text[start:].replace("knocker_count: 2", "knocker_count: 1").replace("points: 10", "points: 11")
            .replace("{Ann: 48, Ben: 28}", "{Ann: 48, Ben: 29}"))
    assert tail != text[start:]
    return text[:start] + tail


def test_a_correction_edited_by_hand_is_named_by_verify_and_redo_refuses_it(m):
    text = _undo_last(m)
    m.write_text(_edit_the_undone_hand(text))
    done = run("verify", "--strict", m)
    line = line_of(m, "- kind: undo")
    assert done.returncode == 1
    assert (f"{m}:{line}: warning: correction 1 changed outside gin-ref: its facts no longer match its seal"
            in done.stderr)
    edited = m.read_text()
    done = run("redo", "--match", m)
    assert done.returncode == 1
    assert done.stderr == ("Error: correction 1 changed outside gin-ref (its seal fails): undo and redo draw on "
                           "the corrections, so neither is allowed; amend the hands instead\n")
    assert m.read_text() == edited  # nothing written, nothing sealed


def test_a_stripped_correction_seal_is_named_and_never_sealed_again(m):
    text = _undo_last(m)
    m.write_text(re.sub(r"\n  seal: [0-9a-f]{16}\n(?=end:)", "\n", text))
    done = run("verify", m)
    assert "correction 1 changed outside gin-ref: it has no seal" in done.stderr
    ok("knock", "--match", m, "--upcard", "9H", "Ben", "2", "--defender", "12")  # play goes on
    assert "correction 1 changed outside gin-ref: it has no seal" in run("verify", m).stderr


def _legacy(text):
    """A /2 record as gin-ref wrote it before corrections were sealed: no correction seals, the end line
    holding the last hand's seal."""
    text = re.sub(r"(\n  steps: \[\d+, \d+\])\n  seal: [0-9a-f]{16}", r"\1", text)
    last = re.findall(r"^  seal: ([0-9a-f]{16})$", text, re.M)[-1]
    return re.sub(r"seal: '[0-9a-f]{16}'\}\n\Z", f"seal: '{last}'}}\n", text)


def test_a_record_written_before_corrections_were_sealed_warns_and_the_next_change_seals_them(m):
    m.write_text(_legacy(_undo_last(m)))
    assert "\n  seal:" not in m.read_text()[m.read_text().index("corrections:"):]
    done = run("verify", m)
    assert done.returncode == 0 and done.stderr == (
        f"{m}:{line_of(m, 'corrections:')}: warning: the corrections and the count of hands are not sealed "
        "(written before gin-ref sealed them, or the end line mended by hand): the next change seals them\n")
    assert run("verify", "--strict", m).returncode == 1
    ok("redo", "--match", m)
    assert run("verify", "--strict", m).stderr == ""
    assert len(re.findall(r"^  seal: ", m.read_text()[m.read_text().index("corrections:"):], re.M)) == 2


def test_a_deleted_last_hand_with_the_previous_seal_copied_into_the_end_fails_strict(m):
    text = m.read_text()
    cut = text[:text.index("- number: 3")].rstrip("\n") + "\n\ncorrections: []\n"
    previous = re.findall(r"^  seal: ([0-9a-f]{16})$", cut, re.M)[-1]
    m.write_text(cut + f"end: {{hands: 2, seal: '{previous}'}}\n")
    done = run("verify", "--strict", m)
    assert done.returncode == 1 and "the count of hands are not sealed" in done.stderr  # the old end line's scheme
    m.write_text(cut + "end: {hands: 2, seal: 'aaaaaaaaaaaaaaaa'}\n")
    assert "warning: the end of record's seal does not match the hands" in run("verify", "--strict", m).stderr


# -- item 7: every command that shows scores or money warns about a failed seal; --strict refuses ----------

def _edit_hand_3(m):
    # hand 3 made 13 against Ben's 2 (11 points, not 10): consistent, so only its seal shows
    m.write_text(m.read_text().replace("defender_count: 12", "defender_count: 13").replace("points: 10", "points: 11")
                 .replace("{Ann: 48, Ben: 28}", "{Ann: 48, Ben: 29}"))
    return line_of(m, "- number: 3")


@pytest.mark.parametrize("args", [["tally"], ["tally", "--json"], ["settle"], ["history"], ["standings"],
                                  ["export", "--format", "json"]])
def test_a_failed_seal_is_warned_about_by_every_command_that_shows_scores_and_strict_refuses(m, args):
    line = _edit_hand_3(m)
    warning = f"{m}:{line}: warning: hand 3 changed outside gin-ref: its facts no longer match its seal\n"
    off = {"GIN_REF_CACHE": "off"}
    done = run(*args, m, env=off)
    assert done.returncode == 0 and done.stderr == warning and done.stdout
    done = run(*args, "--strict", m, env=off)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (f"Error: {m}:{line}: hand 3 changed outside gin-ref: its facts no longer match its seal "
                           "(--strict refuses a record whose seal fails)\n")


def test_a_sound_record_gives_no_warning_and_strict_reads_it(m):
    for args in (["tally"], ["settle"], ["history"], ["standings"], ["export"]):
        done = run(*args, "--strict", m, env={"GIN_REF_CACHE": "off"})
        assert done.returncode == 0 and done.stderr == "", args


def test_play_says_it_when_it_opens_a_record_whose_seal_fails(m):
    line = _edit_hand_3(m)
    done = run("play", "--match", m, input="")
    assert done.returncode == 0
    assert done.stderr == f"{m}:{line}: warning: hand 3 changed outside gin-ref: its facts no longer match its seal\n"


def test_standings_keeps_the_seal_check_with_the_cached_summary(m, tmp_path):
    line = _edit_hand_3(m)
    past = os.stat(m).st_mtime - 60
    os.utime(m, (past, past))  # not changed just now: its summary is kept
    cache = {"GIN_REF_CACHE": str(tmp_path / "cache.json")}
    first = run("standings", m, env=cache)
    assert (tmp_path / "cache.json").exists()
    assert "hand 3" in json.loads((tmp_path / "cache.json").read_text())["files"][str(m.resolve())]["summary"]["seals"][0]["message"]
    second = run("standings", m, env=cache)
    assert first.stderr == second.stderr == (f"{m}:{line}: warning: hand 3 changed outside gin-ref: its facts no "
                                             "longer match its seal\n")
    assert first.stdout == second.stdout

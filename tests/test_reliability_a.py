"""Issue 24, items 1, 2, 3, 7 and 19: a file replaced while a writer works on it, the summary cache proven
against the file's bytes, sealed corrections, readers that warn about a failed seal, and an end line whose
seal covers the hand count."""

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from gin_ref.core.cards import Card
from gin_ref.core.errors import RecordError
from gin_ref.files import matchfile
from gin_ref.files.rulesfile import load_rules
from gin_ref.match.model import Match

GIN_REF = shutil.which("gin-ref")


def run(*args, env=None):
    command = [GIN_REF] if GIN_REF else [sys.executable, "-m", "gin_ref"]
    full = dict(os.environ, **(env or {}))
    return subprocess.run(command + [str(a) for a in args], capture_output=True, text=True, env=full)


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


# -- item 1: a commit is a compare-and-swap ----------------------------------------------------------------

def _replace_by_copy(path):
    copy = path.with_name("copy.yaml")
    shutil.copyfile(path, copy)
    os.replace(copy, path)  # what an editor's save, sed -i, git checkout or cp && mv do: a new inode


def test_a_file_replaced_by_a_copy_lets_only_the_first_of_two_writers_commit(tmp_path):
    path = tmp_path / "m.yaml"
    matchfile.create(path, Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann"))
    with pytest.raises(RecordError, match="was changed by another writer while this one worked: nothing written"):
        with matchfile.updating(path) as first:
            first.match.deal(Card.parse("9H"))
            _replace_by_copy(path)
            with matchfile.updating(path) as second:  # locks the copy: a new inode
                second.match.deal(Card.parse("KS"))
    record = matchfile.load(path)
    assert len(record.match.hands) == 1 and record.match.hands[0]["upcard"] == "KS"  # the write reported


def test_a_command_that_commits_first_after_a_copy_shuts_out_the_writer_that_read_before(m):
    with pytest.raises(RecordError, match="changed by another writer"):
        with matchfile.updating(m) as held:
            held.match.deal(Card.parse("9H"))
            _replace_by_copy(m)
            assert run("deal", "--match", m, "--upcard", "KS").returncode == 0
    hands = matchfile.load(m).match.hands
    assert len(hands) == 4 and hands[-1]["upcard"] == "KS"

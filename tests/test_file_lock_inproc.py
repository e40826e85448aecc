"""The match file's lock in this process (gin_ref.files.filelock): a second writer refused at once with the
file unchanged, a file renamed in while the lock was taken, a write through a symbolic link, and the lock
file of the scheme before format /2 removed only when that is safe."""

import fcntl
import os

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.files import filelock

BUSY = "Error: m.yaml is being written by another gin-ref: try again when it is done\n"


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    run("new", "--match", "m.yaml", "--rules", "standard", "--dealer", "Ann", "Ann", "Ben")
    return tmp_path


def run(*args, code=0):
    result = CliRunner().invoke(main, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == code, (args, result.stdout, result.stderr)
    return result


def test_a_second_writer_is_refused_at_once_and_the_file_is_unchanged(here):
    before = (here / "m.yaml").read_bytes()
    with open(here / "m.yaml", "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # another writer's lock (a separate open file)
        assert run("knock", "-m", "m.yaml", "Ben", "5", "23", code=1).stderr == BUSY
        assert run("tally", "-m", "m.yaml").stdout.startswith("m.yaml: Ann v Ben")  # a reader is not kept waiting
    assert (here / "m.yaml").read_bytes() == before
    run("knock", "-m", "m.yaml", "Ben", "5", "23")  # the lock released: the write goes through


def test_a_new_version_renamed_in_while_locking_is_locked_and_read_instead(here, monkeypatch):
    seen = []
    real = filelock.still_named

    def renamed_once(fd, path):
        seen.append(path)
        return real(fd, path) if len(seen) > 1 else False

    monkeypatch.setattr(filelock, "still_named", renamed_once)
    run("knock", "-m", "m.yaml", "Ben", "5", "23")
    assert len(seen) >= 2
    assert "totals: {Ann: 0, Ben: 18}" in (here / "m.yaml").read_text()


def test_a_file_renamed_in_at_every_attempt_is_refused_as_busy(here, monkeypatch):
    monkeypatch.setattr(filelock, "still_named", lambda fd, path: False)
    before = (here / "m.yaml").read_bytes()
    assert run("knock", "-m", "m.yaml", "Ben", "5", "23", code=1).stderr == BUSY
    assert (here / "m.yaml").read_bytes() == before


def test_the_name_no_longer_leading_to_the_file_is_told(here):
    fd = os.open(here / "m.yaml", os.O_RDONLY)
    try:
        assert filelock.still_named(fd, str(here / "m.yaml"))
        os.rename(here / "m.yaml", here / "old.yaml")
        assert not filelock.still_named(fd, str(here / "m.yaml"))
    finally:
        os.close(fd)


def test_a_write_through_a_symbolic_link_goes_to_the_file_and_keeps_the_link(here):
    os.symlink("m.yaml", here / "link.yaml")
    run("knock", "-m", "link.yaml", "Ben", "5", "23")
    assert os.path.islink(here / "link.yaml")
    assert "totals: {Ann: 0, Ben: 18}" in (here / "m.yaml").read_text()


def test_a_missing_file_is_named(here):
    done = run("knock", "-m", "gone.yaml", "Ben", "5", "23", code=1)
    assert done.stderr.startswith("Error: ") and "gone.yaml" in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.parametrize("make, removed", [
    (lambda path: path.write_bytes(b""), True),  # empty, nobody holds it: the old scheme's leftover
    (lambda path: path.write_bytes(b"notes"), False),  # not empty: not ours to delete
    (lambda path: path.mkdir(), False),  # a folder
    (lambda path: os.symlink("elsewhere", path), False),  # a link
], ids=["empty", "not empty", "folder", "link"])
def test_the_old_lock_file_is_removed_on_the_next_write_only_when_safe(here, make, removed):
    old = here / "m.yaml.lock"
    make(old)
    run("knock", "-m", "m.yaml", "Ben", "5", "23")
    assert os.path.lexists(old) is not removed


def test_the_old_lock_file_held_by_an_old_writer_is_left(here):
    old = here / "m.yaml.lock"
    old.write_bytes(b"")
    with open(old, "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert filelock.remove_old_lock(str(here / "m.yaml")) is False
    assert old.exists()
    assert filelock.remove_old_lock(str(here / "m.yaml")) is True and not old.exists()

"""The match file's lock in this process (gin_ref.files.filelock): a second writer refused at once with the
file unchanged, a file renamed in while the lock was taken, a write through a symbolic link, and the lock
file of the scheme before format /2 removed only when that is safe."""

import fcntl
import os

import pytest

from gin_ref.core.errors import RecordError
from gin_ref.files import filelock

from runs import expect

BUSY = "Error: m.yaml is being written by another gin-ref: try again when it is done\n"


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    run("new", "--match", "m.yaml", "--rules", "standard", "--dealer", "Ann", "Ann", "Ben")
    return tmp_path


def run(*args, code=0):
    return expect(code, *args)


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


def _lock(path):
    return filelock.locked("m.yaml", str(path), lambda: RuntimeError("missing"))


def test_a_file_that_is_gone_or_cannot_be_read_is_said_so(here, monkeypatch):
    with pytest.raises(RuntimeError, match="missing"):
        with _lock(here / "gone.yaml"):
            pass
    real_open = os.open

    def denied(path, flags, *args):
        if str(path).endswith("m.yaml"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(RecordError, match="^cannot read m.yaml: permission denied$"):
        with _lock(here / "m.yaml"):
            pass


def test_a_link_put_in_the_files_place_while_locking_is_resolved_again(here, monkeypatch):
    import errno

    real_open, calls = os.open, []

    def link_once(path, flags, *args):
        calls.append(path)
        if len(calls) == 1:
            raise OSError(errno.ELOOP, "Too many levels of symbolic links")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", link_once)
    with _lock(here / "m.yaml") as fd:
        assert fd is not None and len(calls) == 2


def test_an_interrupt_while_locking_closes_the_file_and_goes_on(here, monkeypatch):
    opened = []
    real_open, real_close = os.open, os.close
    monkeypatch.setattr(os, "open", lambda *args: opened.append(real_open(*args)) or opened[-1])
    closed = []
    monkeypatch.setattr(os, "close", lambda fd: closed.append(fd) or real_close(fd))

    def interrupted(fd, how):
        raise KeyboardInterrupt

    monkeypatch.setattr(fcntl, "flock", interrupted)
    with pytest.raises(KeyboardInterrupt):
        with _lock(here / "m.yaml"):
            pass
    assert opened and closed == opened


def test_without_flock_a_write_is_atomic_only_and_an_old_lock_file_stays(here, monkeypatch):
    import sys

    (here / "m.yaml.lock").write_bytes(b"")
    monkeypatch.setitem(sys.modules, "fcntl", None)  # a platform without flock
    with _lock(here / "m.yaml") as fd:
        assert fd is None
    assert filelock.remove_old_lock(str(here / "m.yaml")) is False and (here / "m.yaml.lock").exists()


def test_an_old_lock_file_that_moved_or_cannot_be_removed_is_left(here, monkeypatch):
    old = here / "m.yaml.lock"
    old.write_bytes(b"")
    monkeypatch.setattr(filelock, "still_named", lambda fd, path: False)
    assert filelock.remove_old_lock(str(here / "m.yaml")) is False and old.exists()
    monkeypatch.undo()
    monkeypatch.chdir(here)

    def refused(path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "unlink", refused)
    assert filelock.remove_old_lock(str(here / "m.yaml")) is False and old.exists()

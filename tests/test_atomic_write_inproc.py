"""Writing the match file in this process (gin_ref.files.filewrite): what is refused before anything is
tried (a folder, a name ending in '/', a pipe, a missing folder, a read-only file), a full disk or a failed
rename that leaves the old file and no temporary file, a check before the rename that refuses, a new
file that another writer created first, and a file system without hard links."""

import errno
import os

import pytest

from gin_ref.core.errors import RecordError
from gin_ref.files import filewrite

from runs import expect


def run(*args, code=0):
    return expect(code, *args, error_line=True)


def new(path="m.yaml", code=0):
    return run("new", "--match", path, "--rules", "standard", "--dealer", "Ann", "Ann", "Ben", code=code)


def test_what_cannot_be_a_match_file_is_refused_before_anything_is_written(here):
    (here / "box").mkdir()
    os.mkfifo(here / "pipe")
    assert new("box", code=1).stderr == "Error: box: is a folder, not a match file\n"
    assert new("box/", code=1).stderr == "Error: box/: is a folder, not a match file\n"
    assert new("gone/", code=1).stderr == "Error: gone/: names a folder, not a match file: give a file name\n"
    assert new("pipe", code=1).stderr == "Error: pipe: not a regular file\n"
    assert new("nowhere/m.yaml", code=1).stderr == "Error: cannot write nowhere/m.yaml: folder 'nowhere' does not exist\n"
    (here / "plain").write_text("")
    assert new("plain/m.yaml", code=1).stderr == "Error: cannot write plain/m.yaml: 'plain' is not a folder\n"
    with pytest.raises(RecordError, match="no file name given"):
        filewrite.writable_target("")
    assert sorted(os.listdir(here)) == ["box", "pipe", "plain"]


def test_a_read_only_file_is_refused(here, monkeypatch):
    new()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: (mode != os.W_OK or not str(path).endswith("m.yaml"))
                        and real_access(path, mode))
    assert run("knock", "-m", "m.yaml", "Ben", "5", "23", code=1).stderr == (
        "Error: cannot write m.yaml: permission denied (the file is read-only)\n")


def test_a_read_only_file_system_is_named(here, monkeypatch):
    new()
    monkeypatch.setattr(filewrite, "_read_only_fs", lambda folder: True)
    assert run("knock", "-m", "m.yaml", "Ben", "5", "23", code=1).stderr == (
        "Error: cannot write m.yaml: folder '.' is on a read-only file system\n")


@pytest.mark.parametrize("where", ["fsync", "replace"])
def test_a_full_disk_or_a_failed_rename_leaves_the_old_file_and_no_temporary_file(here, monkeypatch, where):
    new()
    before = (here / "m.yaml").read_bytes()

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, where, full)
    assert run("knock", "-m", "m.yaml", "Ben", "5", "23", code=1).stderr == (
        "Error: cannot write m.yaml: no space left on device\n")
    assert (here / "m.yaml").read_bytes() == before
    assert sorted(os.listdir(here)) == [".m.yaml.lock", "m.yaml"]  # no temporary file


def test_no_temporary_file_can_be_made(here, monkeypatch):
    new()
    import tempfile

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    done = run("knock", "-m", "m.yaml", "Ben", "5", "23", code=1)
    assert done.stderr.startswith("Error: cannot write m.yaml: ")


def test_a_check_that_refuses_writes_nothing(here):
    path = here / "m.yaml"
    path.write_text("one\n")

    def replaced_meanwhile():
        raise RecordError("m.yaml was changed by another writer while this one worked: nothing written")

    with pytest.raises(RecordError, match="was changed by another writer while this one worked: nothing written"):
        filewrite.write_atomic(str(path), "three\n", check=replaced_meanwhile)
    assert path.read_text() == "one\n" and os.listdir(here) == ["m.yaml"]


def test_a_new_file_another_writer_made_first_is_not_replaced(here):
    path = here / "m.yaml"
    real = filewrite.writable_target(str(path))
    path.write_text("theirs\n")
    with pytest.raises(RecordError, match="already exists"):
        filewrite.write_atomic(str(path), "ours\n", real=real, new=True)
    assert path.read_text() == "theirs\n" and os.listdir(here) == ["m.yaml"]


def test_without_hard_links_a_new_file_claims_its_name_then_is_renamed_in(here, monkeypatch):
    def no_links(*args, **kwargs):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "link", no_links)
    path = here / "m.yaml"
    filewrite.write_atomic(str(path), "ours\n", new=True)
    assert path.read_text() == "ours\n" and os.listdir(here) == ["m.yaml"]
    with pytest.raises(RecordError, match="already exists"):
        filewrite.write_atomic(str(path), "again\n", real=str(path), new=True)
    assert path.read_text() == "ours\n" and os.listdir(here) == ["m.yaml"]

"""The store (gin_ref.files.store, issue 36 item 4): one flock on ``.NAME.lock`` for a whole read-modify-write,
waited for at most ``wait`` seconds (a typed Busy), a lock file deleted mid-command locked again, the bytes
read checked before the rename (a copy or an editor's save is refused, never overwritten), two links sharing
one lock, a second thread of one process kept out, play's session, leftover temporary files tidied by the
next writer and named by verify, and the lock file of the scheme before format /2 removed only when safe."""

import fcntl
import os
import threading
import time

import pytest

from gin_ref.core.cards import Card
from gin_ref.core.errors import RecordError
from gin_ref.desk.errors import Kind, refusal_of
from gin_ref.files import matchfile, store

from runs import expect

BUSY = "Error: m.yaml is being written by another gin-ref: try again when it is done\n"


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    expect(0, "new", "--match", "m.yaml", "--rules", "standard", "--dealer", "Ann", "Ann", "Ben")
    return tmp_path


def refused(*args, err):
    assert expect(1, *args).err == err


def hands(path="m.yaml"):
    return len(matchfile.load(path).match.hands)


def flocked(path):
    """Another writer: an open file holding the flock of ``path`` (close it to let go)."""
    held = open(path, "a+b")
    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return held


def test_a_second_writer_is_refused_at_once_typed_and_the_lock_file_stays(here):
    before = (here / "m.yaml").read_bytes()
    with store.change("m.yaml") as record:
        record.match.deal(Card.parse("9H"))
        refused("dead", "--match", "m.yaml", err=BUSY)  # the command line waits 0 s
        with pytest.raises(store.Busy):
            with store.change("m.yaml", wait=0.05):
                pass
    assert (here / "m.yaml").read_bytes() != before and hands() == 1
    assert sorted(p.name for p in here.iterdir()) == [".m.yaml.lock", "m.yaml"]


def test_a_writer_waits_at_most_its_seconds(here):
    other = flocked(".m.yaml.lock")
    started = time.monotonic()
    with pytest.raises(store.Busy):
        with store.change("m.yaml", wait=0.3):
            pass
    assert 0.3 <= time.monotonic() - started < 2
    threading.Timer(0.2, other.close).start()
    with store.change("m.yaml", wait=5) as record:  # let in once the other is done
        record.match.deal(Card.parse("9H"))
    assert hands() == 1


def test_a_second_thread_of_one_process_is_kept_out(here):
    """The flock is taken on a file opened anew: it keeps out another thread as well as another process (the
    process-wide hold before it let a second thread write under the first's)."""
    inside, done, seen = threading.Event(), threading.Event(), []

    def first():
        with store.change("m.yaml") as record:
            record.match.deal(Card.parse("9H"))
            inside.set()
            done.wait(5)

    thread = threading.Thread(target=first)
    thread.start()
    inside.wait(5)
    try:
        with store.change("m.yaml") as record:
            record.match.deal(Card.parse("KS"))
    except store.Busy:
        seen.append("busy")
    done.set()
    thread.join()
    assert seen == ["busy"] and hands() == 1


def test_a_lock_file_deleted_mid_command_lets_only_one_of_two_writers_commit(here):
    """``git clean -fX`` or a sync client deletes ``.m.yaml.lock`` while a writer holds it: a second writer
    locks the new one and commits; the first, at its commit, finds its lock file's name gone, locks the one
    named now and is refused, the file no longer holding what it read. No write reported is lost."""
    with pytest.raises(store.Changed, match="was changed by another writer while this one worked: nothing"):
        with store.change("m.yaml") as first:
            first.match.deal(Card.parse("9H"))
            os.unlink(".m.yaml.lock")
            expect(0, "deal", "--match", "m.yaml", "--upcard", "KS")  # another process gets in
    assert [str(hand.upcard) for hand in matchfile.load("m.yaml").match.hands] == ["KS"]


def test_a_lock_file_deleted_while_it_is_locked_is_locked_again(here, monkeypatch):
    real, calls = store._still_named, []

    def gone_once(fd, name):
        calls.append(name)
        return real(fd, name) if len(calls) > 1 else False

    monkeypatch.setattr(store, "_still_named", gone_once)
    with store.change("m.yaml") as record:
        record.match.deal(Card.parse("9H"))
    assert len(calls) >= 2 and hands() == 1
    monkeypatch.setattr(store, "_still_named", lambda fd, name: False)
    with pytest.raises(store.Busy):  # deleted at every try: refused, not looped for ever
        with store.change("m.yaml"):
            pass


def test_a_copy_over_the_match_keeps_the_lock_and_an_editors_save_is_refused_never_overwritten(here):
    with store.change("m.yaml") as first:
        first.match.deal(Card.parse("9H"))
        (here / "copy").write_bytes((here / "m.yaml").read_bytes())
        os.replace("copy", "m.yaml")  # a new inode, the same bytes: the lock is not the match file's
        refused("dead", "--match", "m.yaml", err=BUSY)
    assert hands() == 1
    with pytest.raises(store.Changed):
        with store.change("m.yaml") as first:
            first.match.dead()
            saved = (here / "m.yaml").read_text(encoding="utf-8").replace("players: [Ann, Ben]", "players: [Ann, Bea]")
            (here / "copy").write_text(saved, encoding="utf-8")
            os.replace("copy", "m.yaml")  # an editor's save, other bytes
    assert (here / "m.yaml").read_text(encoding="utf-8") == saved


def test_the_lock_file_is_never_followed_when_it_is_a_link(here):
    os.symlink("elsewhere", ".m.yaml.lock")
    refused("dead", "--match", "m.yaml", err="Error: cannot lock m.yaml: .m.yaml.lock is a symbolic link (gin-ref "
           "never follows one to lock): delete it\n")
    assert not os.path.lexists("elsewhere")
    refused("--lang", "sk", "dead", "--match", "m.yaml", err="Error: m.yaml sa nedá zamknúť: .m.yaml.lock je symbolický "
           "odkaz (gin-ref pri zamykaní nikdy nenasleduje odkaz): vymažte ho\n")  # said in the reader's language


def test_two_links_to_one_match_share_its_lock_beside_the_real_file(here):
    os.mkdir("real")
    os.replace("m.yaml", "real/r.yaml")
    os.symlink("real/r.yaml", "m.yaml")
    os.symlink("real/r.yaml", "n.yaml")
    with store.locked("n.yaml"):
        refused("dead", "--match", "m.yaml", err=BUSY)
    expect(0, "deal", "--match", "m.yaml", "--upcard", "9H")
    assert sorted(os.listdir("real")) == [".r.yaml.lock", "r.yaml"] and os.path.islink("m.yaml")


def test_the_next_writer_removes_leftover_temporary_files_and_verify_names_them(here):
    old = here / ".m.yaml.k1lled42.tmp"
    old.write_text("half a match", encoding="utf-8")
    os.utime(old, (time.time() - 60, time.time() - 60))
    (here / ".m.yaml.notmine.tmp").write_text("", encoding="utf-8")  # not a name the writer makes
    result = expect(0, "verify", "m.yaml")
    assert "leftover temporary file .m.yaml.k1lled42.tmp" in result.err
    with store.locked("m.yaml") as held:
        held.start = time.time_ns() - 120 * 10 ** 9  # a writer that started before the leftover was made
        held.read()
        held.write((here / "m.yaml").read_text(encoding="utf-8"))
    assert old.exists()  # younger than the writer: it may be another's, at work
    expect(0, "deal", "--match", "m.yaml", "--upcard", "9H")
    assert sorted(p.name for p in here.iterdir()) == [".m.yaml.lock", ".m.yaml.notmine.tmp", "m.yaml"]
    assert "leftover" not in expect(0, "verify", "m.yaml").err


def test_a_session_refuses_a_change_to_a_file_it_did_not_see_and_keeps_what_it_wrote(here):
    seen = (here / "m.yaml").read_bytes()
    expect(0, "deal", "--match", "m.yaml", "--upcard", "9H")  # another writer, after the session's check
    with store.session("m.yaml", seen, 0.1) as entry:
        with pytest.raises(store.Changed, match="changed since your last entry"):
            with store.change("m.yaml") as record:
                record.match.dead()
    assert entry.known == seen and hands() == 1
    with store.session("m.yaml", (here / "m.yaml").read_bytes(), 0.1) as entry:
        with store.change("m.yaml") as record:
            record.match.dead()
    assert entry.known == (here / "m.yaml").read_bytes()


def test_without_flock_a_write_is_atomic_and_checked_only(here, monkeypatch):
    monkeypatch.setattr(store, "fcntl", None)
    (here / "m.yaml.lock").write_bytes(b"")
    with store.change("m.yaml") as record:
        record.match.deal(Card.parse("9H"))
    assert hands() == 1 and (here / "m.yaml.lock").exists()  # no flock: no telling whether it is held


@pytest.mark.parametrize("make, removed", [
    (lambda path: path.write_bytes(b""), True),
    (lambda path: path.write_bytes(b"notes"), False),
    (lambda path: path.mkdir(), False),
    (lambda path: os.symlink("elsewhere", path), False),
], ids=["empty", "not empty", "folder", "link"])
def test_the_old_lock_file_is_removed_on_the_next_write_only_when_safe(here, make, removed):
    old = here / "m.yaml.lock"
    make(old)
    expect(0, "deal", "-m", "m.yaml", "--upcard", "9H")
    assert os.path.lexists(old) is not removed


def test_the_old_lock_file_held_by_an_old_writer_is_left(here, monkeypatch):
    old = here / "m.yaml.lock"
    old.write_bytes(b"")
    with open(old, "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert store.remove_old_lock(str(here / "m.yaml")) is False
    assert old.exists()
    monkeypatch.setattr(store, "_still_named", lambda fd, path: False)
    assert store.remove_old_lock(str(here / "m.yaml")) is False and old.exists()
    monkeypatch.undo()
    assert store.remove_old_lock(str(here / "m.yaml")) is True and not old.exists()


def test_a_missing_file_or_one_that_cannot_be_read_is_said_so(here, monkeypatch):
    with pytest.raises(RecordError, match="no match file 'gone.yaml'"):
        with store.change("gone.yaml"):
            pass
    real_open = os.open

    def denied(path, flags, *args):
        if str(path).endswith("/m.yaml"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(RecordError, match="^cannot read m.yaml: permission denied$"):
        with store.change("m.yaml"):
            pass


def test_the_desk_tells_busy_and_changed_by_their_type_not_their_name():
    class Busy(RecordError):  # another record error that happens to share the name: a plain record refusal
        pass

    assert refusal_of(store.Busy("m.yaml")).kind == Kind.BUSY
    assert refusal_of(store.Changed("m.yaml")).kind == Kind.CHANGED
    assert refusal_of(Busy("m.yaml: something else")).kind == Kind.RECORD
    assert refusal_of(RecordError("m.yaml: bad")).kind == Kind.RECORD

"""The store: one lock and one careful write for every change of a match file (or an event file).

``with store.change(path) as record: record.match.dead()`` is a whole read-modify-write:

1. **The lock.** An exclusive ``flock`` on a lock file beside the match, ``.NAME.lock`` (``lock_path``),
   that gin-ref never replaces, renames or deletes. It is opened ``O_CREAT | O_NOFOLLOW`` beside the
   match's real path (a symbolic link is resolved first), so two links to one match share it. After its
   ``flock`` the store checks that the name still leads to the file it locked (``git clean`` or a sync
   client may delete it); if not, it locks again. ``wait`` is how long to wait for another writer
   (``Busy`` after that): 0 on the command line, refused at once; ``play`` and ``serve`` wait 2 s.
2. **The read** of the match as it is now, strictly (``gin_ref.files.matchfile.loads``).
3. **The write**, if the block ends normally: a temporary file in the same folder, flushed and synced;
   then, right before the rename, the two checks (the lock file still named, re-locked if not; the match
   still holding the bytes read, else ``Changed``: a copy or an editor's save put in its place meanwhile is
   refused, never overwritten); then the rename and a sync of the folder (``filewrite.write_atomic``).

The writer holding a match's lock also removes what a killed writer of that match left: temporary files
older than its own start (``tidy``), and an empty ``NAME.lock`` of the scheme before format /2. ``verify``
names leftovers (``leftovers``). Only a program that takes no lock can still lose a change: one whose
rename lands between a writer's last check (a ``stat``) and its rename (microseconds; docs/match-file.md).

``play`` runs its commands in its own process: ``session`` makes each change inside an entry wait up to
its seconds and refuses it (``Changed``) if the file is not what the session last saw, and keeps the bytes
the entry wrote, so the session knows its own writes from another writer's.
"""

from __future__ import annotations

import contextvars
import errno
import os
import stat
import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterator, Optional, Union

from gin_ref.core.errors import Busy as Busy, Changed as Changed, RecordError  # the store raises Busy and Changed
from gin_ref.core.message import Message, N_
from gin_ref.files import filewrite, matchfile, recordformat
from gin_ref.files.filewrite import PathName, digest, leftovers, write_atomic, writable_target
from gin_ref.files import seals
from gin_ref.match.model import Match
from gin_ref.match.schema import FORMAT, FORMAT_2

try:
    import fcntl
except ImportError:  # no flock on this platform: atomic writes and the byte check only
    fcntl = None  # type: ignore[assignment]

WAIT = 0.0  # seconds a change waits for another writer by default: the command line is refused at once
RELOCKS = 100  # lock files deleted under us in a row before giving up (Busy)
_OPEN = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_READ = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def lock_path(real: str) -> str:
    """The lock file of the match file at ``real`` (its links resolved): ``.NAME.lock`` beside it."""
    folder, base = os.path.split(real)
    return os.path.join(folder, f".{base}.lock")


def _still_named(fd: int, name: str) -> bool:
    """Does ``name`` (not followed if a link) still lead to the file open as ``fd``?"""
    held = os.fstat(fd)
    try:
        now = os.stat(name, follow_symlinks=False)
    except (FileNotFoundError, NotADirectoryError):
        return False
    return (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino)


class Held:
    """A match's lock, held: ``read`` the file, ``write`` it back (checked and atomic), ``change`` it as a
    Record. ``name`` is the path as given (for messages), ``real`` the file it leads to."""

    def __init__(self, name: str, real: str, wait: float) -> None:
        self.name, self.real, self.wait = name, real, wait
        self.lock = lock_path(real)
        self.fd: Optional[int] = None
        self.raw: Optional[bytes] = None  # the bytes last read (``read``): what a write checks the file holds
        self.start = time.time_ns()

    # -- the lock --------------------------------------------------------------------------------------
    def acquire(self) -> None:
        if fcntl is None:
            return
        deadline = time.monotonic() + self.wait
        pause, relocks = 0.001, 0
        while True:
            fd = self._open()
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Busy(self.name) from None
                time.sleep(min(pause, left))
                pause = min(pause * 2, 0.05)
                continue
            except BaseException:
                os.close(fd)
                raise
            if _still_named(fd, self.lock):
                self.fd = fd
                return
            os.close(fd)  # deleted (or replaced) between our open and our flock: lock the file named now
            relocks += 1
            if relocks >= RELOCKS:
                raise Busy(self.name)

    def _open(self) -> int:
        try:
            return os.open(self.lock, _OPEN, 0o666)
        except PermissionError:  # a lock file made by another user, read-only to us: a flock needs no more
            try:
                return os.open(self.lock, _OPEN & ~(os.O_RDWR | os.O_CREAT) | os.O_RDONLY)
            except OSError as exc:
                raise self._cannot(exc) from None
        except OSError as exc:
            raise self._cannot(exc) from None

    def _cannot(self, exc: OSError) -> RecordError:
        why: Union[str, Message]
        if exc.errno == errno.ELOOP:
            why = Message(N_("%(lock)s is a symbolic link (gin-ref never follows one to lock): delete it"),
                          lock=os.path.basename(self.lock))
        else:
            why = _os_words(exc)
        return RecordError(Message(N_("cannot lock %(path)s: %(reason)s"), path=self.name, reason=why))

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def _keep_lock(self) -> None:
        """Right before a rename: if the lock file's name no longer leads to the file we locked (deleted
        meanwhile), lock the one named now, so a writer that came after the deletion is kept out (Busy)."""
        if self.fd is not None and not _still_named(self.fd, self.lock):
            self.release()
            self.acquire()

    # -- the file --------------------------------------------------------------------------------------
    def read(self) -> bytes:
        """The file's bytes now (checked as ``matchfile.read_bytes`` checks them), kept for the write's check."""
        try:
            fd = os.open(self.real, _READ)
        except (FileNotFoundError, NotADirectoryError):
            raise filewrite.missing(self.name) from None
        except OSError as exc:
            raise RecordError(Message(N_("cannot read %(path)s: %(reason)s"), path=self.name,
                                      reason=_os_words(exc))) from None
        try:
            self.raw = matchfile.read_open(fd, self.name)
        finally:
            os.close(fd)
        return self.raw

    def _check(self) -> None:
        """Right before the rename: the lock still named (``_keep_lock``), the file still holding the bytes
        read, and last, just before the rename, still the very file compared (same inode, size and time):
        a version put in its place after that is the one case left (see the module)."""
        self._keep_lock()
        if self.raw is None:
            return
        try:
            with open(self.real, "rb") as now:
                compared = os.fstat(now.fileno())
                same = now.read(len(self.raw) + 1) == self.raw
            last = os.stat(self.real)
            same = same and (last.st_ino, last.st_size, last.st_mtime_ns) == \
                (compared.st_ino, compared.st_size, compared.st_mtime_ns)
        except OSError:
            same = False
        if not same:
            raise Changed(self.name)

    def write(self, text: str) -> None:
        """Replace the file with ``text`` (atomically; checked right before the rename: see the module), and
        tidy what stopped writers left."""
        write_atomic(self.name, text, real=self.real, check=self._check)
        self.raw = text.encode("utf-8")
        _seen(self.real, self.raw)
        self.tidy()

    def tidy(self) -> None:
        """Remove this match's temporary files older than this writer's start, and an old ``NAME.lock``."""
        folder = os.path.dirname(self.real)
        for name in leftovers(self.real, self.start):
            try:
                os.unlink(os.path.join(folder, name))
            except OSError:
                pass
        remove_old_lock(self.real)

    @contextmanager
    def change(self, notify: Optional[Callable[[str], None]] = None) -> Iterator[matchfile.Record]:
        """Read the match strictly and yield its Record; write it back if the block ends normally (an act
        refused and kept ends normally: its outcome says so). A /1 or /2 file is written as /3, and ``notify``
        told so (one line; default: standard error)."""
        raw = self.read()
        _expected(self.real, self.name, raw)
        record = matchfile.loads(matchfile.decode(raw, self.name), self.name)
        version, seal = recordformat.end_of(record.data)
        record.before = seals.before_write(record.data, seal) if version == 2 else None
        record.digest = digest(raw)
        yield record
        # the seals from the first hand the change touched; never a hand whose seal already failed, unless
        # the command confirms it (``record.confirm``: an amend's hand)
        written = matchfile.written(record.match)
        seals.reseal(written, record.before, record.confirm)
        self.write(matchfile.dumps(written, autoseal=False))
        if record.version != matchfile.VERSION:
            old = recordformat.FORMAT_1 if record.version == 1 else FORMAT_2
            (notify or _say)(matchfile.UPGRADED.format(path=record.path, new=FORMAT, old=old))
            record.version = matchfile.VERSION


def _say(message: str) -> None:
    sys.stderr.write(message + "\n")


@contextmanager
def locked(path: PathName, wait: Optional[float] = None, must_exist: bool = True) -> Iterator[Held]:
    """Hold the lock of the match (or event) file ``path`` for a read-modify-write, waiting at most ``wait``
    seconds for another writer (default: ``WAIT``, or the session's), then ``Busy``. A file that is
    missing (when ``must_exist``) or cannot be written is refused before the lock is taken."""
    name = os.fspath(path)
    real = writable_target(name, must_exist=must_exist)
    held = Held(name, real, _wait(wait))
    held.acquire()
    try:
        yield held
    finally:
        held.release()


@contextmanager
def change(path: PathName, wait: Optional[float] = None,
           notify: Optional[Callable[[str], None]] = None) -> Iterator[matchfile.Record]:
    """``with change(path) as record:`` lock, read, yield the Record, write it back (see the module)."""
    with locked(path, wait) as held, held.change(notify) as record:
        yield record


def create(path: PathName, match: Match, force: bool = False) -> None:
    """Write a new match file; refuses (RecordError) to replace an existing one unless ``force``, and a
    place it cannot write (a folder, a missing folder) before writing anything. A file another writer
    creates meanwhile is never replaced without ``force``; with it, the match's lock is taken first."""
    name = os.fspath(path)
    real = writable_target(name, may_exist=force)
    written = matchfile.written(match)
    seals.reseal(written)
    text = matchfile.dumps(written)
    if not os.path.lexists(real):
        try:
            write_atomic(name, text, real=real, new=True)
            _seen(real, text.encode("utf-8"))
            remove_old_lock(real)
            return
        except RecordError:
            if not force or not os.path.lexists(real):
                raise
    with locked(name, must_exist=False) as held:
        if os.path.lexists(real):
            _expected(real, name, held.read())
        held.write(text)


# -- play's session ----------------------------------------------------------------------------------------
class Session:
    """What ``play`` tells the changes it runs (``session``): how long to wait, and the bytes it last saw
    of its match (``known``: a change finding others is refused); ``known`` becomes what a change wrote."""

    def __init__(self, path: PathName, known: Optional[bytes], wait: float) -> None:
        self.real = os.path.realpath(os.fspath(path))
        self.known = known
        self.wait = wait


_SESSION: "contextvars.ContextVar[Optional[Session]]" = contextvars.ContextVar("gin_ref_session", default=None)


@contextmanager
def session(path: PathName, known: Optional[bytes], wait: float) -> Iterator[Session]:
    """Run the changes in the block (in this thread or task) as ``play``'s entry on ``path`` (``Session``)."""
    entry = Session(path, known, wait)
    token = _SESSION.set(entry)
    try:
        yield entry
    finally:
        _SESSION.reset(token)


def _current() -> Optional[Session]:
    return _SESSION.get()


def _wait(wait: Optional[float]) -> float:
    current = _current()
    return wait if wait is not None else current.wait if current is not None else WAIT


def _expected(real: str, name: str, raw: bytes) -> None:
    current = _current()
    if current is not None and current.real == real and current.known is not None and raw != current.known:
        raise Changed(name, "the match file changed since your last entry (another writer): nothing written; "
                            "enter it again if it still stands")


def _seen(real: str, raw: bytes) -> None:
    current = _current()
    if current is not None and current.real == real:
        current.known = raw


# -- the lock file before format /2 ------------------------------------------------------------------------
def remove_old_lock(real: str) -> bool:
    """Delete ``NAME.lock``, the lock of the scheme before format /2, beside the match file ``real``, when
    it is safe: a regular, empty file, not a link, that no writer of that scheme holds (its ``flock`` is
    taken here without waiting, and held while the name is removed). Returns whether it was deleted."""
    if fcntl is None:  # no flock: no way to tell whether an old writer holds it
        return False
    path = f"{real}.lock"
    try:
        fd = os.open(path, _READ | getattr(os, "O_NOFOLLOW", 0))
    except OSError:  # none (the usual case), a symbolic link, unreadable
        return False
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size != 0:
            return False
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if not _still_named(fd, path):
            return False
        os.unlink(path)
        return True
    except OSError:  # an old writer holds it, or no right to delete it
        return False
    finally:
        os.close(fd)


def _os_words(exc: OSError) -> str:
    """The system's own words for ``exc`` (its strerror), lower-cased to stand after a colon."""
    words = exc.strerror or str(exc)
    return words[:1].lower() + words[1:]

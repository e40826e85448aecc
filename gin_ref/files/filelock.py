"""The lock a writer holds on a match file for its whole read-modify-write.

The lock is an exclusive ``flock`` on the match file itself: no ``FILE.lock`` beside it, nothing to be
deleted, replaced or tidied away by ``git clean``. A writer replaces the file by renaming a new version in
(``gin_ref.files.filewrite``) while it still holds the lock on the old one, so once a second writer has
the lock it checks that the name still leads to the file it locked; if the first writer renamed a new
version in meanwhile, it locks that one instead (and reads it). Whatever happens to any file beside the
match file, a write that reports success is in the file.

Before format gin-ref-match/2 the lock was a ``flock`` on an empty ``FILE.lock`` beside the match file.
One left over is deleted when the match file is next written (``remove_old_lock``), unless a writer of
that scheme holds it then.

Locks are taken on real files only: the path given has its symbolic links resolved first (the data is
written through a link, to the file it points to), and the file is then opened with ``O_NOFOLLOW``, so no
symbolic link is ever created or followed for locking. Two links to one file share its lock; files in one
folder are locked one by one, never waiting on each other. A second writer is refused at once.
"""

from __future__ import annotations

import errno
import os
import stat
from contextlib import contextmanager
from typing import Callable, Iterator, Optional

from gin_ref.core.errors import RecordError

ATTEMPTS = 100  # new versions renamed in while we try to lock, before giving up
_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def busy(name: str) -> RecordError:
    return RecordError(f"{name} is being written by another gin-ref: try again when it is done")


def still_named(fd: int, real: str) -> bool:
    """Does the name ``real`` (not followed if a link) still lead to the file open as ``fd``?"""
    held = os.fstat(fd)
    try:
        now = os.stat(real, follow_symlinks=False)
    except (FileNotFoundError, NotADirectoryError):
        return False
    return (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino)


@contextmanager
def locked(name: str, real: str, missing: Callable[[], BaseException]) -> Iterator[Optional[int]]:
    """Hold the exclusive lock of the file at ``real`` (links already resolved; ``name`` is the path as the
    user gave it, for messages) and yield its open file descriptor (read-only, positioned at 0), or None on
    a platform without ``flock``. Raises ``missing()`` when there is no file, RecordError when another
    writer holds it."""
    try:
        import fcntl
    except ImportError:  # no flock on this platform: atomic writes only
        yield None
        return
    for _attempt in range(ATTEMPTS):
        try:
            fd = os.open(real, _FLAGS)
        except (FileNotFoundError, NotADirectoryError):
            raise missing() from None
        except OSError as exc:
            if exc.errno == errno.ELOOP:  # a link took the file's place: resolve the path again
                real = os.path.realpath(real)
                continue
            words = exc.strerror or str(exc)
            raise RecordError(f"cannot read {name}: {words[:1].lower() + words[1:]}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise busy(name) from None
        except BaseException:
            os.close(fd)
            raise
        if still_named(fd, real):
            break
        os.close(fd)  # another writer renamed a new version in after we opened this one: lock that one
    else:
        raise busy(name)
    try:
        yield fd
    finally:
        os.close(fd)


def remove_old_lock(real: str) -> bool:
    """Delete ``FILE.lock``, the lock of the scheme before format /2, beside the match file ``real`` (links
    resolved), when it is safe: a regular, empty file, not a link, that no writer of the old scheme holds
    (its ``flock`` is taken here, without waiting, and held while the name is removed, so a writer that
    opened it meanwhile is refused rather than let in). Returns whether it was deleted; leaves it, quietly,
    in every other case (held, not empty, a link, a folder, no flock, no right to delete it)."""
    try:
        import fcntl
    except ImportError:  # no flock: no way to tell whether an old writer holds it
        return False
    path = f"{real}.lock"
    try:
        fd = os.open(path, _FLAGS)
    except OSError:  # none (the usual case), a symbolic link, unreadable
        return False
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size != 0:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # an old writer holds it: it is in use
            return False
        if not still_named(fd, path):
            return False
        os.unlink(path)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)

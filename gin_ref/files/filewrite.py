"""Writing a file safely: check first that the write can be tried, then replace the file in one rename.

The new text goes to a temporary file in the same folder, is flushed and synced, and replaces the file in
one rename (then the folder is synced), so a crash, a kill, Ctrl-C or a full disk leaves the old file or the
new one, never half of one. A path that is a symbolic link is written through: the temporary file and the
rename are those of the file it points to (the link stays). A new file is put in place with a hard link,
which fails rather than replace a file another writer created meanwhile. Messages name the file as the user
gave it, never the temporary file.

A writer that holds a lock (``gin_ref.files.store``) gives ``check``: it runs right before the rename, once
the new text is on disk, and refuses the write by raising (the file was replaced meanwhile, say).
"""

from __future__ import annotations

import errno
import os
import stat
from typing import Callable, List, Optional, Union

from gin_ref.core.digest import sha256
from gin_ref.core.errors import RecordError
from gin_ref.core.message import Message, N_

PathName = Union[str, "os.PathLike[str]"]  # a file's name as given: text or a path object
_FOLDER = N_("is a folder, not a match file")
commits = 0  # files this process has replaced or created: after one, an interrupt no longer undoes it


def taken_back() -> None:
    """A file this process created was removed again (a season's CSV stopped while written): it no longer
    counts among the files written."""
    global commits
    commits -= 1


def missing(path: PathName) -> RecordError:
    return RecordError(Message(N_("no match file '%(path)s': start one with '%(command)s' (or name one with "
                                  "%(option)s FILE)"), path=str(path), command="gin-ref new PLAYER PLAYER",
                               option="match"))


def exists(path: PathName) -> RecordError:
    return RecordError(Message(N_("%(path)s already exists: give %(force_option)s to start over in it, or another "
                                  "%(option)s FILE"), path=str(path), force_option="force", option="match"))


def not_a_file(path: PathName, mode: int) -> Optional[RecordError]:
    """The RecordError for a path that is there but is not a regular file, or None if it is one."""
    if stat.S_ISDIR(mode):
        return RecordError(Message(_FOLDER), path=str(path))
    if not stat.S_ISREG(mode):
        return RecordError(Message(N_("not a regular file")), path=str(path))
    return None


def digest(raw: bytes) -> str:
    """SHA-256 of a file's bytes (serve's journal names the bytes an entry was checked against by it)."""
    text: str = sha256(raw).hexdigest()
    return text


def _folder_shown(path: PathName, real: str) -> str:
    """The folder of ``path`` as the user would name it: as given, unless a link leads elsewhere."""
    given = os.path.dirname(os.fspath(path)) or "."
    folder = os.path.dirname(real)
    return given if os.path.realpath(given) == folder else folder


def _read_only_fs(folder: str) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (AttributeError, OSError):
        return False


def cannot_write(path: PathName, real: str, exc: OSError) -> RecordError:
    """A RecordError for an OSError met writing ``path`` (resolved to ``real``): it names the file as the
    user gave it and its folder, never the temporary file."""
    folder = os.path.dirname(real)
    shown = _folder_shown(path, real)
    reason: Union[str, Message]
    if not os.path.isdir(folder):
        reason = Message(N_("folder '%(folder)s' does not exist") if not os.path.exists(folder) else
                         N_("'%(folder)s' is not a folder"), folder=shown)
    elif exc.errno == errno.EROFS or _read_only_fs(folder):
        reason = Message(N_("folder '%(folder)s' is on a read-only file system"), folder=shown)
    elif isinstance(exc, PermissionError) and not os.access(folder, os.W_OK):
        reason = Message(N_("folder '%(folder)s' is not writable"), folder=shown)
    else:
        words = exc.strerror or str(exc)
        reason = words[:1].lower() + words[1:]
    return RecordError(Message(N_("cannot write %(path)s: %(reason)s"), path=str(path), reason=reason))


def writable_target(path: PathName, must_exist: bool = False, may_exist: bool = True) -> str:
    """The real path to write ``path`` through (symbolic links resolved), once it is known the write can be
    tried: RecordError for a name ending in '/', a folder, a pipe or a device, a read-only file, a folder
    that is missing, not writable or on a read-only file system, a missing file (``must_exist``) and an
    existing one (not ``may_exist``)."""
    name = os.fspath(path)
    if not name:
        raise RecordError(Message(N_("no file name given")))
    if name.endswith(("/", os.sep) + ((os.altsep,) if os.altsep else ())):
        if os.path.isdir(name):
            raise RecordError(Message(_FOLDER), path=name)
        raise RecordError(Message(N_("names a folder, not a match file: give a file name")), path=name)
    real = os.path.realpath(name)
    try:
        info = os.stat(real)
    except (FileNotFoundError, NotADirectoryError):
        info = None
    folder = os.path.dirname(real)
    if info is None:
        if must_exist:
            raise missing(name)
    else:
        problem = not_a_file(name, info.st_mode)
        if problem is not None:
            raise problem
        if not may_exist:
            raise exists(name)
        if _read_only_fs(folder):
            raise cannot_write(name, real, OSError(errno.EROFS, os.strerror(errno.EROFS)))
        if not os.access(real, os.W_OK):
            raise RecordError(Message(N_("cannot write %(path)s: permission denied (the file is read-only)"),
                                      path=name))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise cannot_write(name, real, PermissionError(errno.EACCES, os.strerror(errno.EACCES)))
    return real


def write_atomic(path: PathName, data: Union[str, bytes], real: Optional[str] = None, new: bool = False,
                 check: Optional[Callable[[], None]] = None) -> None:
    """Replace ``path`` with ``data`` (bytes, or text written as UTF-8) in one step: a temporary file in the same folder, flushed and synced,
    renamed over the file; the folder is synced after. On any failure the old file is left as it was and
    RecordError says why. A symbolic link is written through (``real``, when given, is the file to replace:
    the one a writer has locked); the file keeps its mode and, where it can, its group. With ``new`` the
    file must not be there yet: ``exists(path)`` is raised, and nothing written, if another writer made it
    first. ``check`` runs right before the rename: what it raises is raised, and nothing written."""
    name = os.fspath(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    real = writable_target(name) if real is None else real
    folder = os.path.dirname(real)
    try:
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    if info is not None:
        mode = info.st_mode & 0o777
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    import tempfile  # here: a command that only reads never loads it (nor shutil and random under it)

    try:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(real)}.", suffix=".tmp")
    except OSError as exc:
        raise cannot_write(name, real, exc) from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
            if info is not None and hasattr(os, "fchown") and os.fstat(out.fileno()).st_gid != info.st_gid:
                try:
                    os.fchown(out.fileno(), -1, info.st_gid)  # keep the group, when we are in it
                except OSError:
                    pass
        os.chmod(temp, mode)
        if new:
            _link_new(temp, real, name)
        else:
            if check is not None:
                check()
            os.replace(temp, real)
        global commits
        commits += 1
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise cannot_write(name, real, exc) from None
        raise
    _sync_folder(folder)


def _link_new(temp: str, real: str, name: str) -> None:
    """Put ``temp`` in place as the new file ``real``, never replacing one that is there; ``temp`` stays
    (the caller removes it)."""
    try:
        os.link(temp, real, follow_symlinks=False)
    except FileExistsError:
        raise exists(name) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        # no hard links on this file system: claim the name, then rename over the empty file
        try:
            os.close(os.open(real, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600))
        except FileExistsError:
            raise exists(name) from None
        os.replace(temp, real)
        return
    os.unlink(temp)


def _sync_folder(folder: str) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_TEMP_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")  # tempfile.mkstemp's 8 random letters


def _is_temp_of(name: str, prefix: str) -> bool:
    """Is ``name`` one of ``write_atomic``'s temporary files made with ``prefix`` (``.NAME.``)?"""
    middle = name[len(prefix):-len(".tmp")]
    return name.startswith(prefix) and name.endswith(".tmp") and len(middle) == 8 and set(middle) <= _TEMP_LETTERS


def leftovers(path: PathName, before_ns: Optional[int] = None) -> List[str]:
    """The temporary files a stopped writer of ``path`` left beside it (names, sorted); with ``before_ns``,
    only those last changed before that time."""
    real = os.path.realpath(os.fspath(path))
    folder = os.path.dirname(real)
    prefix = f".{os.path.basename(real)}."
    found = []
    try:
        with os.scandir(folder) as names:
            for entry in names:
                if not _is_temp_of(entry.name, prefix):
                    continue
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if stat.S_ISREG(info.st_mode) and (before_ns is None or info.st_mtime_ns < before_ns):
                    found.append(entry.name)
    except OSError:
        return []
    return sorted(found)

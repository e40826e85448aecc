"""The match file: read it (with the line of every key), check it, and write it safely.

A match file is YAML (``gin_ref.files.yamlread`` reads it, ``gin_ref.files.yamlwrite`` writes it) holding the record ``gin_ref.match.model``
replays. Reading is strict (``load``, ``loads``: the first problem is a ``RecordError`` naming the file and
line) or lenient (``check``, ``checks``: every problem, each ``(line, message)``).

Only a regular file of at most MAX_SIZE bytes is read: a folder, a pipe or a device is refused before a byte
of it is read.

Writing is atomic: the new text goes to a temporary file in the same folder, is flushed and synced, and
replaces the file in one rename (then the folder is synced), so a crash or a full disk leaves the old file or
the new one, never half of one. A writer holds an exclusive lock on a sidecar ``FILE.lock`` for the whole
read-modify-write; a second writer is refused at once. A match file that is a symbolic link is written
through: the lock, the temporary file and the rename are those of the file it points to. Messages name the
file as the user gave it, never the lock or the temporary file.
"""

import datetime
import errno
import os
import stat
import tempfile
from contextlib import contextmanager

from gin_ref.files import yamlread as yamltext

from gin_ref.files import yamlwrite
from gin_ref.core.errors import InvalidNotationError, RecordError
from gin_ref.match.model import Match, check_record
from gin_ref.match.schema import FORMAT, TOP_KEYS

DEFAULT_FILE = "match.yaml"
ENV_VAR = "GIN_REF_MATCH"
HEADER = (f"gin-ref match record ({FORMAT}). Edit with care: 'gin-ref verify FILE' checks every hand.",)
HINT = "'gin-ref verify' lists every problem"
MAX_SIZE = 64 * 1024 * 1024  # bytes; a record of 10,000 hands is about 5 MB


class Record:
    """A match file as read: ``path`` (as given), ``data`` (the record, keys with their lines) and
    ``match`` (the Match replayed from it)."""

    def __init__(self, path, data, match):
        self.path = path
        self.data = data
        self.match = match

    def line_of(self, where):
        return yamltext.line_of(self.data, where)


def match_file(option=None):
    """The match file to use: ``--match`` if given, else $GIN_REF_MATCH, else match.yaml here. An empty
    ``--match`` is refused (InvalidNotationError), not taken for the default."""
    if option is not None:
        if not os.fspath(option):
            raise InvalidNotationError("--match needs a file name")
        return option
    return os.environ.get(ENV_VAR) or DEFAULT_FILE


# -- reading -----------------------------------------------------------------------------------------------

def _missing(path):
    return RecordError(f"no match file '{path}': start one with 'gin-ref new PLAYER PLAYER' "
                       "(or name one with --match FILE)")


def _not_a_file(path, mode):
    """The RecordError for a path that is there but is not a regular file, or None if it is one."""
    if stat.S_ISDIR(mode):
        return RecordError("is a folder, not a match file", path=str(path))
    if not stat.S_ISREG(mode):
        return RecordError("not a regular file", path=str(path))
    return None


def _too_large(path, size):
    return RecordError(f"too large for a match file: {size / 2 ** 20:.0f} MiB (at most {MAX_SIZE // 2 ** 20} MiB)",
                       path=str(path))


def read_bytes(path):
    """The bytes of a match file. Raises RecordError, before reading any of it, for a file that is missing,
    a folder, not a regular file (a pipe, a device) or over MAX_SIZE bytes; OSError for the rest."""
    try:
        problem = _not_a_file(path, os.stat(path).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        raise _missing(path) from None
    if problem is not None:
        raise problem
    # O_NONBLOCK: should a pipe take the file's place meanwhile, opening it does not wait for a writer
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(fd, "rb") as stream:
        info = os.fstat(fd)
        problem = _not_a_file(path, info.st_mode)
        if problem is None and info.st_size > MAX_SIZE:
            problem = _too_large(path, info.st_size)
        if problem is not None:
            raise problem
        raw = stream.read(MAX_SIZE + 1)
    if len(raw) > MAX_SIZE:
        raise _too_large(path, len(raw))
    return raw


def read_text(path):
    """The file's text. Raises RecordError if it is missing, not a regular file, too large or not UTF-8
    (OSError for the rest)."""
    raw = read_bytes(path)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise RecordError("not UTF-8 text: the file is damaged", line=line, path=str(path)) from None


def loads(text, path=None):
    """A Record from the text of a match file, strictly: raises RecordError (file and line) at the first
    problem, from a YAML error to a total that does not add up."""
    label = str(path) if path is not None else "<match>"
    try:
        data, problems = yamltext.parse(text)
    except RecordError as exc:
        raise RecordError(exc.message, line=exc.line, path=label) from None
    if problems:
        where, message = problems[0]
        raise RecordError(message, line=yamltext.line_of(data, where), path=label)
    try:
        match = Match(data)
    except RecordError as exc:
        where = exc.where
        hint = f" ({HINT})" if where and where[0] == "hands" else ""
        raise RecordError(exc.message + hint, line=yamltext.line_of(data, where), path=label) from None
    return Record(label, data, match)


def load(path):
    """The Record of a match file, strictly (see ``loads``)."""
    return loads(read_text(path), path)


def checks(text, path=None):
    """Every problem of a match file's text, each ``(line, message)``, in file order; [] if it is sound.
    Also returns the Match replayed (None when the file cannot be read): ``(problems, match)``."""
    try:
        data, reader_problems = yamltext.parse(text)
    except RecordError as exc:
        return [(exc.line or 1, exc.message)], None
    replayed, match = check_record(data)
    found = [(yamltext.line_of(data, where), message) for where, message in reader_problems]
    found += [(yamltext.line_of(data, problem.where), problem.message) for problem in replayed]
    found.sort(key=lambda item: item[0])
    return found, match


def check(path):
    """``(problems, match)`` of a match file (see ``checks``); an unreadable file is one problem."""
    try:
        text = read_text(path)
    except RecordError as exc:
        return [(exc.line or 1, exc.message)], None
    except OSError as exc:
        return [(1, f"cannot read the file: {exc.strerror or exc}")], None
    return checks(text, path)


def record_data(record):
    """A Record's data as plain dicts and lists (what the file holds)."""
    return yamltext.plain(getattr(record, "data", record))


# -- writing -----------------------------------------------------------------------------------------------

def dumps(data):
    """The canonical text of a match record (top-level keys in the record's order)."""
    ordered = {key: data[key] for key in TOP_KEYS if key in data}
    ordered.update((key, value) for key, value in data.items() if key not in ordered)
    return yamlwrite.dumps(ordered, HEADER)


def _folder_shown(path, real):
    """The folder of ``path`` as the user would name it: as given, unless a link leads elsewhere."""
    given = os.path.dirname(os.fspath(path)) or "."
    folder = os.path.dirname(real)
    return given if os.path.realpath(given) == folder else folder


def _cannot_write(path, real, exc):
    """A RecordError for an OSError met writing ``path`` (resolved to ``real``): it names the file as the
    user gave it and its folder, never the lock or the temporary file."""
    folder = os.path.dirname(real)
    shown = _folder_shown(path, real)
    if not os.path.isdir(folder):
        reason = f"folder '{shown}' does not exist" if not os.path.exists(folder) else f"'{shown}' is not a folder"
    elif isinstance(exc, PermissionError) and not os.access(folder, os.W_OK):
        reason = f"folder '{shown}' is not writable"
    elif exc.errno == errno.EROFS:
        reason = f"folder '{shown}' is on a read-only file system"
    else:
        words = exc.strerror or str(exc)
        reason = words[:1].lower() + words[1:]
    return RecordError(f"cannot write {path}: {reason}")


def writable_target(path, must_exist=False, may_exist=True):
    """The real path to write ``path`` through (symbolic links resolved), once it is known the write can be
    tried: RecordError for a name ending in '/', a folder, a pipe or a device, a read-only file, a folder
    that is missing or not writable, a missing file (``must_exist``) and an existing one (not
    ``may_exist``)."""
    name = os.fspath(path)
    if not name:
        raise RecordError("no file name given")
    if name.endswith(("/", os.sep) + ((os.altsep,) if os.altsep else ())):
        if os.path.isdir(name):
            raise RecordError("is a folder, not a match file", path=name)
        raise RecordError("names a folder, not a match file: give a file name", path=name)
    real = os.path.realpath(name)
    try:
        info = os.stat(real)
    except (FileNotFoundError, NotADirectoryError):
        info = None
    if info is None:
        if must_exist:
            raise _missing(name)
    else:
        problem = _not_a_file(name, info.st_mode)
        if problem is not None:
            raise problem
        if not may_exist:
            raise _exists(name)
        if not os.access(real, os.W_OK):
            raise RecordError(f"cannot write {name}: permission denied (the file is read-only)")
    folder = os.path.dirname(real)
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise _cannot_write(name, real, PermissionError(errno.EACCES, os.strerror(errno.EACCES)))
    return real


def write_atomic(path, text):
    """Replace ``path`` with ``text`` in one step: a temporary file in the same folder, flushed and synced,
    renamed over the file; the folder is synced after. On any failure the old file is left as it was and
    RecordError says why. A symbolic link is written through; the file keeps its mode and, where it can,
    its group."""
    name = os.fspath(path)
    real = writable_target(name)
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
    try:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(real)}.", suffix=".tmp")
    except OSError as exc:
        raise _cannot_write(name, real, exc) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
            if info is not None and hasattr(os, "fchown") and os.fstat(out.fileno()).st_gid != info.st_gid:
                try:
                    os.fchown(out.fileno(), -1, info.st_gid)  # keep the group, when we are in it
                except OSError:
                    pass
        os.chmod(temp, mode)
        os.replace(temp, real)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _cannot_write(name, real, exc) from None
        raise
    _sync_folder(folder)


def _sync_folder(folder):
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


_HELD = set()  # the real paths whose lock this process holds with ``holding``


@contextmanager
def holding(path):
    """Hold a match file's lock (as ``locked``) across several steps of this process: a ``locked`` of the
    same file inside the hold runs without taking it again. The session (``gin-ref play``) holds it across
    an entry: its check of the file, then the command the entry runs."""
    real = os.path.realpath(os.fspath(path))
    with locked(path):
        _HELD.add(real)
        try:
            yield
        finally:
            _HELD.discard(real)


@contextmanager
def locked(path):
    """Hold the exclusive lock of a match file (``FILE.lock``, beside the file a link points to) for a
    read-modify-write; refuse at once (RecordError) when another writer holds it (or, inside ``holding``
    the same file, go on under that hold)."""
    name = os.fspath(path)
    real = os.path.realpath(name)
    if real in _HELD:
        yield
        return
    try:
        import fcntl
    except ImportError:  # no flock on this platform: atomic writes only
        yield
        return
    try:
        fd = os.open(f"{real}.lock", os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise _cannot_write(name, real, exc) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RecordError(f"{name} is being written by another gin-ref: try again when it is done") from None
        yield
    finally:
        os.close(fd)


@contextmanager
def updating(path):
    """Lock a match file, read it strictly and yield its Record; if the block ends normally, write the
    record back (an act refused and kept ends normally: its outcome says so). On an exception nothing is
    written. A file that is missing or cannot be written is refused before the lock is taken (no FILE.lock
    is left beside a file that is not there)."""
    writable_target(path, must_exist=True)
    with locked(path):
        record = load(path)
        yield record
        write_atomic(path, dumps(record.match.record))


def create(path, match, force=False):
    """Write a new match file; refuses (RecordError) to replace an existing one unless ``force``, and a
    place it cannot write (a folder, a missing folder) before taking the lock."""
    real = writable_target(path, may_exist=force)
    with locked(path):
        if os.path.exists(real) and not force:
            raise _exists(path)
        write_atomic(path, dumps(match.record))


def _exists(path):
    return RecordError(f"{path} already exists: give --force to start over in it, or another --match FILE")


def now():
    """The time of a correction: local time with its offset, to the second."""
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")

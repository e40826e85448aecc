"""The match file: read it (with the line of every key), check it, and write it safely.

A match file is YAML (``gin_ref.yamltext`` reads it, ``gin_ref.yamlwrite`` writes it) holding the record ``gin_ref.match``
replays. Reading is strict (``load``, ``loads``: the first problem is a ``RecordError`` naming the file and
line) or lenient (``check``, ``checks``: every problem, each ``(line, message)``).

Writing is atomic: the new text goes to a temporary file in the same folder, is flushed and synced, and
replaces the file in one rename (then the folder is synced), so a crash or a full disk leaves the old file or
the new one, never half of one. A writer holds an exclusive lock on a sidecar ``FILE.lock`` for the whole
read-modify-write; a second writer is refused at once.
"""

import datetime
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

from gin_ref import yamltext, yamlwrite
from gin_ref.errors import GinRefError, RecordError
from gin_ref.match import FORMAT, TOP_KEYS, Match

DEFAULT_FILE = "match.yaml"
ENV_VAR = "GIN_REF_MATCH"
HEADER = (f"gin-ref match record ({FORMAT}). Edit with care: 'gin-ref verify FILE' checks every hand.",)
HINT = "'gin-ref verify' lists every problem"


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
    """The match file to use: ``--match`` if given, else $GIN_REF_MATCH, else match.yaml here."""
    return option or os.environ.get(ENV_VAR) or DEFAULT_FILE


# -- reading -----------------------------------------------------------------------------------------------

def read_text(path):
    """The file's text. Raises RecordError if it is missing or not UTF-8 (OSError for the rest)."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise RecordError(f"no match file '{path}': start one with 'gin-ref new PLAYER PLAYER' "
                          "(or name one with --match FILE)") from None
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
        where = getattr(exc, "where", ())
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
    match = Match(data, lenient=True)
    found = [(yamltext.line_of(data, where), message) for where, message in reader_problems]
    found += [(yamltext.line_of(data, problem.where), problem.message) for problem in match.problems]
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


def write_atomic(path, text):
    """Replace ``path`` with ``text`` in one step: a temporary file in the same folder, flushed and synced,
    renamed over the file; the folder is synced after. On any failure the old file is left as it was."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        mode = os.stat(path).st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
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


@contextmanager
def locked(path):
    """Hold the exclusive lock of a match file (``FILE.lock``) for a read-modify-write; refuse at once
    (RecordError) when another writer holds it."""
    try:
        import fcntl
    except ImportError:  # no flock on this platform: atomic writes only
        yield
        return
    lock_path = f"{os.fspath(path)}.lock"
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RecordError(f"{path} is being written by another gin-ref (it holds {lock_path}): "
                              "try again when it is done") from None
        yield
    finally:
        os.close(fd)


@contextmanager
def updating(path):
    """Lock a match file, read it strictly and yield its Record; if the block ends normally, write the
    record back. On an exception nothing is written, except for a refusal the record keeps (an error with
    its ``irregularity`` set: an action out of turn, a deal by the wrong dealer): the record holding it is
    written, then the error goes on."""
    with locked(path):
        record = load(path)
        try:
            yield record
        except GinRefError as exc:
            if getattr(exc, "irregularity", None) is not None:
                write_atomic(path, dumps(record.match.record))
            raise
        write_atomic(path, dumps(record.match.record))


def create(path, match, force=False):
    """Write a new match file; refuses (RecordError) to replace an existing one unless ``force``."""
    with locked(path):
        if os.path.exists(path) and not force:
            raise RecordError(f"{path} already exists: give --force to start over in it, or another --match FILE")
        write_atomic(path, dumps(match.record))


def now():
    """The time of a correction: local time with its offset, to the second."""
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")

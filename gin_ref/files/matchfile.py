"""The match file: read it (with the line of every key), check it, and write it safely.

A match file is YAML (``gin_ref.files.yamlread`` reads it, ``gin_ref.files.yamlwrite`` writes it) holding the
record ``gin_ref.match.model`` replays, and ending with its end line (``gin_ref.files.recordformat``).
Reading is strict (``load``, ``loads``: the first problem is a ``RecordError`` naming the file and line) or
lenient (``check``, ``checks``: every problem, each ``(line, message)``).

Only a regular file of at most MAX_SIZE bytes is read: a folder, a pipe or a device is refused before a byte
of it is read.

A change is one call to the store (``gin_ref.files.store``: ``with store.change(path) as record:``), which
locks, reads through this module, and writes back what ``dumps`` makes. Messages name the file as the user
gave it, never the temporary file.
"""

from __future__ import annotations

import datetime
import functools
import os
import unicodedata
from typing import Any, Dict, List, Optional, Tuple, Union

from gin_ref.core.errors import InvalidNotationError, RecordError
from gin_ref.core.message import Message, N_
from gin_ref.files import cutshort
from gin_ref.files import recordformat
from gin_ref.files import yamlread
from gin_ref.files.filewrite import PathName, missing as _missing, not_a_file as _not_a_file
from gin_ref.files.filewrite import digest as digest, writable_target as writable_target  # this module's API too
from gin_ref.files.filewrite import write_atomic as write_atomic
from gin_ref.files.yamldata import Problems as ReaderProblems
from gin_ref.files import seals
from gin_ref.files import matchtop
from gin_ref.match.model import Checked, Match, check_record
from gin_ref.match.problems import Problems as MatchProblems
from gin_ref.match.record import Read, Record as TypedRecord
from gin_ref.match.replay import OnHand, Settled, replay_record
from gin_ref.match.state import MatchState
from gin_ref.match.schema import FORMAT, FORMAT_2

DEFAULT_FILE = "match.yaml"
ENV_VAR = "GIN_REF_MATCH"
HEADER = (f"gin-ref match record ({FORMAT}). Edit with care: 'gin-ref verify FILE' checks every hand.",)
HINT = "'gin-ref verify' lists every problem"
MAX_SIZE = 64 * 1024 * 1024  # bytes; a record of 10,000 hands is about 5 MB
VERSION = 3  # the version every write gives a file (FORMAT)
UPGRADED = ("note: {path} is now in format {new} (it was {old}; an older gin-ref cannot read it: upgrade every "
            "gin-ref that writes this folder)")


Problems = List[Tuple[int, Union[str, Message]]]  # (line, message: a Message is said where it is shown)
Found = List[Tuple[int, Union[str, Message]]]  # (line, message: the replay's is a Message, said where shown)


class Record:
    """A match file as read: ``path`` (as given), ``data`` (the record, keys with their lines) and
    ``match`` (the Match replayed from it). ``store.change`` sets ``before`` and ``digest`` (what the seals
    need of the file as read, and the digest of its bytes); a command sets ``confirm`` to seal a hand again."""

    def __init__(self, path: str, data: Any, match: Match, version: Optional[int] = VERSION) -> None:
        self.path = path
        self.data = data
        self.match = match
        self.version = version  # of the file as read: 1 (no end line), 2 or 3; written as 3 at its first change
        self.before: Optional[seals.Before] = None
        self.digest: Optional[str] = None
        self.confirm: Optional[int] = None

    def line_of(self, where: Any) -> int:
        """The line of the key or item at path ``where`` (``matchtop.line_of``: from the typed record)."""
        return matchtop.line_of(self.match.record, where)


def match_file(option: Optional[PathName] = None) -> PathName:
    """The match file to use: ``--match`` if given, else $GIN_REF_MATCH, else match.yaml here. An empty
    ``--match`` is refused (InvalidNotationError), not taken for the default."""
    if option is not None:
        if not os.fspath(option):
            raise InvalidNotationError(Message(N_("%(option)s needs a file name"), option="match"))
        return option
    return os.environ.get(ENV_VAR) or DEFAULT_FILE


# -- reading -----------------------------------------------------------------------------------------------

def _too_large(path: PathName, size: int) -> RecordError:
    return RecordError(Message(N_("too large for a match file: %(size)s MiB (at most %(most)d MiB)"),
                               size=f"{size / 2 ** 20:.0f}", most=MAX_SIZE // 2 ** 20), path=str(path))


def read_bytes(path: PathName) -> bytes:
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
    try:
        return read_open(fd, path)
    finally:
        os.close(fd)


def read_open(fd: int, path: PathName) -> bytes:
    """The bytes of the match file open as ``fd`` (from its start), with the checks of ``read_bytes``."""
    info = os.fstat(fd)
    problem = _not_a_file(path, info.st_mode)
    if problem is None and info.st_size > MAX_SIZE:
        problem = _too_large(path, info.st_size)
    if problem is not None:
        raise problem
    chunks: List[bytes] = []
    size = 0
    while size <= MAX_SIZE:
        chunk = os.pread(fd, MAX_SIZE + 1 - size, size) if hasattr(os, "pread") else os.read(fd, MAX_SIZE + 1 - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > MAX_SIZE:
        raise _too_large(path, size)
    return b"".join(chunks)


def decode(raw: bytes, path: PathName) -> str:
    """The text of a match file's bytes, NFC-normalized; RecordError (with the line) if they are not UTF-8.
    Line ends are read as LF (see ``line_ends``)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise RecordError(Message(N_("not UTF-8 text: the file is damaged")), line=line, path=str(path)) from None
    if "\r" in text:
        text = line_ends(text, path)
    # names (and all text) in one spelling, Unicode NFC: 'Zoë' written decomposed by an editor is 'Zoë'
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def line_ends(text: str, path: PathName) -> str:
    """``text`` with its CRLF line ends (a file saved by an editor on Windows) read as LF: the record is the
    same, and it is written back with LF. A carriage return that ends no line is refused, naming it: YAML
    would take it for a line break that no line number counts. One left at the very end is a CRLF cut
    between its two bytes, which the end line's check names as a cut."""
    text = text.replace("\r\n", "\n")
    lone = text.find("\r")
    if lone != -1 and lone != len(text) - 1:
        raise RecordError(Message(N_("a carriage return (CR) that ends no line: the line ends are damaged; save the "
                                     "file with LF or CRLF line ends")), line=text.count("\n", 0, lone) + 1,
                          path=str(path))
    return text


def read_text(path: PathName) -> str:
    """The file's text. Raises RecordError if it is missing, not a regular file, too large or not UTF-8
    (OSError for the rest)."""
    return decode(read_bytes(path), path)


def parse(text: str, path: Optional[PathName] = None,
          parsed: Optional[Tuple[Any, ReaderProblems]] = None) -> Tuple[Any, Optional[int]]:
    """``(data, version)`` of a match file's text, strictly: RecordError (file and line) at the first
    problem of its YAML or its end line. ``data`` is ready to replay (see ``recordformat.read_version``).
    ``parsed`` is what ``yamlread.parse(text)`` returned, when the caller has it already."""
    label = str(path) if path is not None else "<match>"
    if parsed is None:
        parsed = read_yaml(text, path)
    data, problems = parsed
    if problems:
        where, message = problems[0]
        raise RecordError(message, line=yamlread.line_of(data, where), path=label)
    version, found = read_version(data, text)
    if found:
        line, first = found[0]
        raise RecordError(first, line=line, path=label)
    return data, version


def read_version(data: Any, text: str) -> Tuple[Optional[int], Problems]:
    """``(version, problems)`` of a record just read (``recordformat.read_version``, which knows the end
    line /2 and /3 share): 1, 2 or 3 (None for another format). A /2 record is given the current format in
    memory, as a /1 record is, so that every version replays the same way; one holding a key only /3 has is
    refused at that key."""
    if isinstance(data, dict) and data.get("format") == FORMAT_2:
        data["format"] = FORMAT
        problems: Found = [(yamlread.line_of(data, where), recordformat.newer_key(key, FORMAT, FORMAT_2))
                           for where, key in recordformat.keys_beyond_2(data)]
        return 2, problems + recordformat.read_version(data, text)[1]
    beyond = recordformat.keys_beyond_2(data) if isinstance(data, dict) and data.get("format") == recordformat.FORMAT_1 else ()
    newer: Found = [(yamlread.line_of(data, where), recordformat.newer_key(key, FORMAT, recordformat.FORMAT_1))
                    for where, key in beyond]
    version, problems = recordformat.read_version(data, text)
    return (VERSION if version == 2 else version), problems + newer


def read_yaml(text: str, path: Optional[PathName] = None) -> Tuple[Any, ReaderProblems]:
    """``yamlread.parse(text)``: ``(data, problems)``; RecordError naming the file for text that is not YAML."""
    try:
        return yamlread.parse(text)
    except RecordError as exc:
        label = str(path) if path is not None else "<match>"
        raise RecordError(exc.said_as or exc.message, line=exc.line, path=label) from None


def replay(data: Any, path: Optional[PathName] = None, version: Optional[int] = VERSION) -> Record:
    """The Record of data read from a match file (``parse``), replayed strictly: RecordError (file and
    line) at the first problem, from a hand that is not legal to a total that does not add up."""
    label = str(path) if path is not None else "<match>"
    state, problems, base, record = replayed(data)
    if problems:
        where, problem = problems[0]  # (the replay's problem, a message: said in the reader's language)
        said = Message(N_("%(problem)s ('gin-ref verify' lists every problem)"), problem=problem) \
            if where and where[0] == "hands" else problem
        line = matchtop.line_of(record, where) if record is not None else yamlread.line_of(data, where)
        raise RecordError(said, line=line, path=label) from None
    assert state is not None and record is not None
    return Record(label, data, Match(record, _replayed=(state, base)), version)


def loads(text: str, path: Optional[PathName] = None) -> Record:
    """A Record from the text of a match file, strictly: raises RecordError (file and line) at the first
    problem, from a YAML error or a cut end to a total that does not add up."""
    data, version = parse(text, path)
    return replay(data, path, version)


def load(path: PathName) -> Record:
    """The Record of a match file, strictly (see ``loads``)."""
    return loads(read_text(path), path)


def checks(text: str, path: Optional[PathName] = None, on_hand: Optional[OnHand] = None
           ) -> Tuple[Found, Optional[Match]]:
    """Every problem of a match file's text, each ``(line, message)``, in file order (a cut said first,
    ``cutshort``); [] if it is sound.
    Also returns the Match replayed (None when the file cannot be read): ``(problems, match)``.
    ``on_hand(done, hands)`` is told after each hand replayed (verify's progress bar)."""
    found, match, _data, _reading = checks_read(text, path, on_hand)
    return found, match


def checks_read(text: str, path: Optional[PathName] = None, on_hand: Optional[OnHand] = None
                ) -> Tuple[Found, Optional[Match], Any, Optional[Read]]:
    """``checks``, the record as parsed (with its lines; None when the text is not YAML) and its first
    reading (``matchtop.read``; None when the text is not YAML): its typed Record (``Read.record``, None
    when its head does not read), which is there even when the replay fails, and each deal refused as first
    read (``Read.items``)."""
    try:
        data, reader_problems = yamlread.parse(text)
    except RecordError as exc:
        return [(exc.line or 1, exc.said_as or exc.message)], None, None, None
    found: Found = [(yamlread.line_of(data, where), message) for where, message in reader_problems]
    found += read_version(data, text)[1]  # (this takes the end line out of the data)
    del text  # not held while the record is replayed (the caller passes it on, keeping none)
    reading = matchtop.read(data)
    replayed, match = check_record(reading, on_hand)
    record = reading.record  # the replay's problems take their lines from its typed values (the head's,
    line_of = functools.partial(matchtop.line_of, record) if record is not None else \
        functools.partial(yamlread.line_of, data)  # when it has none, from the data as parsed)
    unreadable = {tuple(where) for where, _message in reader_problems}  # one problem per fact: a value that
    found += [(line_of(problem.where), problem.message)  # could not be read is not judged too
              for problem in replayed if tuple(problem.where) not in unreadable]
    found.sort(key=lambda item: item[0])
    return cutshort.cut_first(found), match, data, reading


def check(path: PathName, on_hand: Optional[OnHand] = None) -> Tuple[Found, Optional[Match]]:
    """``(problems, match)`` of a match file (see ``checks``); an unreadable file is one problem."""
    found, match, _data, _reading = check_read(path, on_hand)
    return found, match


def check_read(path: PathName, on_hand: Optional[OnHand] = None
               ) -> Tuple[Found, Optional[Match], Any, Optional[Read]]:
    """``check``, the record as parsed (with its lines; None when the file does not read) and its first
    reading (``checks_read``: its typed Record, ``Read.record``, and its deals refused as read)."""
    try:
        texts = [read_text(path)]
    except RecordError as exc:
        return [(exc.line or 1, exc.said_as or exc.message)], None, None, None
    except OSError as exc:
        return [(1, Message(N_("cannot read the file: %(reason)s"), reason=str(exc.strerror or exc)))], None, None, None
    return checks_read(texts.pop(), path, on_hand)  # the text is held by ``checks`` alone, which lets it go once parsed


def record_data(record: Any) -> Any:
    """A Record's data as dicts and lists: what the file holds (its format as written, no end line). The top
    mapping is a copy; what it holds is the record's own (read as LineDict and LineList, a dict and a list
    that know their lines): not copied, as a long record's data takes hundreds of MB. Not to be changed."""
    data = getattr(record, "data", record)
    data = dict(data) if isinstance(data, dict) else data
    version = getattr(record, "version", VERSION)
    if version in (1, 2) and isinstance(data, dict) and "format" in data:
        data["format"] = recordformat.FORMAT_1 if version == 1 else FORMAT_2
    return data


# -- writing -----------------------------------------------------------------------------------------------

def dumps(data: Union[Dict[str, Any], TypedRecord], autoseal: bool = True) -> str:
    """The canonical text of a match record (a Match's typed record, or a record as read), its end line last:
    written through its typed top level (``gin_ref.files.matchtop``, the one place it becomes a mapping). A
    record that carries no seal at all (made in memory) is sealed first, unless ``autoseal`` is off (a
    write of a record read from a file seals it through ``gin_ref.files.seals.reseal``)."""
    written = matchtop.write(data if isinstance(data, TypedRecord) else matchtop.typed(data))
    if autoseal and not any(isinstance(hand, dict) and "seal" in hand for hand in written["hands"]):
        seals.reseal(written)
    from gin_ref.files import yamlwrite  # here: a command that only reads the file never loads the writer

    return yamlwrite.dumps(written, HEADER) + recordformat.end_line(written)


def match_of(data: Dict[str, Any]) -> Match:
    """The Match of a record as plain data (one made or edited in memory), replayed strictly: RecordError
    (with its key path) at the first problem."""
    state, problems, base, record = replayed(data)
    if problems:
        where, problem = problems[0]
        raise RecordError(problem, where=where)
    assert state is not None and record is not None
    return Match(record, _replayed=(state, base))


def replayed(data: Any, settle_from: Optional[int] = None, settled: Optional[Settled] = None
             ) -> Tuple[Optional[MatchState], MatchProblems, Optional[MatchState], Optional[TypedRecord]]:
    """A record as plain data read (``gin_ref.files.matchtop.read``) and replayed (``gin_ref.match.replay.
    replay_record``): ``(state, problems, base, record)``, the state and the Record None when its head does
    not read."""
    read = matchtop.read(data)
    if read.record is None:
        return None, MatchProblems(read.head), None, None
    state, problems, base = replay_record(read.record, settle_from, settled, read)
    return state, problems, base, read.record


def replay_data(data: Any, settle_from: Optional[int] = None, settled: Optional[Settled] = None
                ) -> Tuple[Optional[MatchState], MatchProblems, Optional[MatchState]]:
    """``(state, problems, base)`` of a record as plain data (``replayed``, without its Record)."""
    state, problems, base, _record = replayed(data, settle_from, settled)
    return state, problems, base


def checked(data: Any, on_hand: Optional[OnHand] = None) -> Checked:
    """``check_record`` of a record as plain data: every problem, and the Match when its head reads."""
    return check_record(matchtop.read(data), on_hand)


def written(match: Match) -> Dict[str, Any]:
    """A Match's record as the file holds it (``gin_ref.files.matchtop.write``): what the seals are worked out
    over."""
    return matchtop.write(match.record)


def now() -> str:
    """The time of a correction: local time with its offset, to the second."""
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")

"""A cache of match summaries, so that a club's league table does not replay a thousand files every time.

A summary is what the standings need of one match: its date, players, whether it is over, the winner,
the final scores and the seals that fail (``gin_ref.desk.reading.summary_of``). It is kept for a match
file that was read strictly and replayed without a problem, keyed by the file's real path, with the
SHA-256 of the file's bytes it was worked out from. An entry is used only when it is proven to belong to
the file as it is now: the file's bytes are read and their digest must be the entry's, and the entry's
own check (a digest over the code that wrote it, the path, the file's digest and the summary) must hold,
so a summary edited in the cache, or one of another file or another version of the file, is never used.
A damaged match file is never kept: it is read, and named, every time.

The cache is one JSON file: $GIN_REF_CACHE if set (``off`` turns the cache off), else
$XDG_CACHE_HOME/gin-ref/summaries.json (default ~/.cache). It is written atomically. A cache, or an
entry, that does not read cleanly (not JSON, another shape, another version, a failed check, a summary of
the wrong shape) is passed over silently and rebuilt: the cache only saves time, never changes an answer;
``GIN_REF_CACHE=off`` gives the same output.
"""

import json
import os
from typing import Any, Callable, Dict, Optional, Tuple

from gin_ref import __version__
from gin_ref.core.digest import sha256
from gin_ref.core.errors import GinRefError
from gin_ref.files import matchfile
from gin_ref.files.filewrite import digest

ENV_VAR = "GIN_REF_CACHE"
FORMAT = "gin-ref-summaries/2"
MAX_ENTRIES = 100_000


def code_stamp() -> str:
    """The version of the cache's answers: the cache format, gin-ref's version and a digest of the size
    and modification time of every module of the package."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    stamp = sha256()
    for root, dirs, files in os.walk(package):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".py", ".yaml")):
                try:
                    info = os.stat(os.path.join(root, name))
                except OSError:
                    continue
                stamp.update(f"{os.path.relpath(os.path.join(root, name), package)} {info.st_size} "
                             f"{info.st_mtime_ns}\n".encode())
    return f"{FORMAT} {__version__} {stamp.hexdigest()[:16]}"


def cache_file() -> Optional[str]:
    """The cache's path, or None when it is turned off."""
    given = os.environ.get(ENV_VAR)
    if given is not None:
        return None if given.strip().lower() in ("", "off", "0", "no") else given
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "gin-ref", "summaries.json")


def _check(version: Optional[str], real: str, digest: str, summary: Any) -> str:
    """The check an entry carries: a digest over the code's version, the path, the file's digest and the
    summary, so that an entry changed in any part of it is not used."""
    text = json.dumps([version, real, digest, summary], sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _is_str_or_none(value: object) -> bool:
    return value is None or isinstance(value, str)


def _bonuses_well_formed(bonuses: object) -> bool:
    """Each player's bonuses by kind, whole numbers (or none at all)."""
    return bonuses is None or isinstance(bonuses, dict) and all(
        isinstance(name, str) and isinstance(kinds, dict)
        and all(isinstance(kind, str) and type(points) is int for kind, points in kinds.items())
        for name, kinds in bonuses.items())


def _players_well_formed(players: object) -> bool:
    return isinstance(players, list) and bool(players) and all(isinstance(name, str) for name in players)


def _final_well_formed(final: object) -> bool:
    return final is None or isinstance(final, dict) and all(isinstance(k, str) and type(v) is int
                                                            for k, v in final.items())


def _rules_well_formed(rules: object) -> bool:
    return (isinstance(rules, dict) and _is_str_or_none(rules.get("name"))
            and (rules.get("knobs") is None or isinstance(rules.get("knobs"), dict)))


def _seals_well_formed(seals: object) -> bool:
    return isinstance(seals, list) and all(isinstance(item, dict) and type(item.get("line")) is int
                                           and isinstance(item.get("message"), str) for item in seals)


# The shape of each key of a summary, checked in this order.
_SHAPES: Tuple[Tuple[str, Callable[[object], bool]], ...] = (
    ("date", lambda value: isinstance(value, str)),
    ("players", _players_well_formed),
    ("finished", lambda value: type(value) is bool),
    ("three", lambda value: type(value) is bool),
    ("winner", _is_str_or_none),
    ("final", _final_well_formed),
    ("rules", _rules_well_formed),
    ("bonuses", _bonuses_well_formed),
    ("seals", _seals_well_formed),
)


def well_formed(summary: object) -> bool:
    """Has ``summary`` the shape ``summary_of`` gives (so that a cache of another shape is never used)?"""
    return isinstance(summary, dict) and all(check(summary.get(key)) for key, check in _SHAPES)


def file_digest(path: str) -> Optional[Tuple[str, str]]:
    """``(real path, SHA-256 of the file's bytes)``, or None if it cannot be read as a match file."""
    try:
        real = os.path.realpath(path)
        return real, digest(matchfile.read_bytes(real))
    except (OSError, GinRefError):
        return None


class SummaryCache:
    """The summaries kept, looked up and added to by file; ``save`` writes them back if changed."""

    def __init__(self, path: Optional[str], entries: Dict[str, Any], version: Optional[str]) -> None:
        self.path = path
        self.entries = entries
        self.version = version
        self.changed = False

    @classmethod
    def load(cls) -> "SummaryCache":
        path = cache_file()
        entries: Dict[str, Any] = {}
        version = code_stamp() if path is not None else None
        if path is not None:
            try:
                with open(path, encoding="utf-8") as stream:
                    data = json.load(stream)
                if isinstance(data, dict) and data.get("version") == version and isinstance(data.get("files"), dict):
                    entries = data["files"]
            except (OSError, ValueError, RecursionError):
                entries = {}
        return cls(path, entries, version)

    def get(self, file: str) -> Tuple[Any, Optional[Tuple[str, str]]]:
        """``(summary, seen)``: the summary kept for ``file`` as its bytes are now (None if there is none
        that is proven to be theirs) and what was seen of the file, to give back to ``put``."""
        if self.path is None:
            return None, None
        seen = file_digest(file)
        if seen is None:
            return None, None
        entry = self.entries.get(seen[0])
        if (isinstance(entry, dict) and entry.get("digest") == seen[1] and well_formed(entry.get("summary"))
                and entry.get("check") == _check(self.version, seen[0], seen[1], entry["summary"])):
            return entry["summary"], seen
        return None, seen

    def put(self, file: str, seen: Optional[Tuple[str, str]], summary: Any, digest: str) -> None:
        """Keep ``summary`` of ``file``, worked out from bytes whose digest is ``digest``, if those are
        the bytes ``get`` saw."""
        if self.path is None or seen is None or digest != seen[1] or not well_formed(summary):
            return
        self.entries[seen[0]] = {"digest": digest, "summary": summary,
                                 "check": _check(self.version, seen[0], digest, summary)}
        self.changed = True

    def save(self) -> None:
        if self.path is None or not self.changed:
            return
        entries = self.entries
        if len(entries) > MAX_ENTRIES:
            entries = dict(list(entries.items())[-MAX_ENTRIES:])
        try:
            os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
            matchfile.write_atomic(self.path, json.dumps({"version": self.version, "files": entries}))
        except (OSError, GinRefError):
            pass

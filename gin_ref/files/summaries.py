"""A cache of match summaries, so that a club's league table does not replay a thousand files every time.

A summary is what the standings need of one match: its date, players, whether it is over, the winner and
the final scores (``gin_ref.views.history.summary_of``). It is kept for a match file that was read
strictly and replayed without a problem, keyed by the file's real path and its size, modification time,
change time and inode, and by the gin-ref code that worked it out (its version, and the size and time of each of its modules,
so an upgrade or an edit of the code starts the cache afresh): any write to the file (by gin-ref or by hand) changes
its times, so its summary is worked out again from the file; a file changed less than RACY_SECONDS
before it was read is not kept (its next change could share its time stamp). A damaged file is never
kept: it is read, and named, every time.

The cache is one JSON file: $GIN_REF_CACHE if set (``off`` turns the cache off), else
$XDG_CACHE_HOME/gin-ref/summaries.json (default ~/.cache). It is written atomically by the match file's
writer; one that cannot be read or written is passed over silently, as if empty: the cache only saves
time, never changes an answer.
"""

import json
import os
import time

from gin_ref import __version__
from gin_ref.core.errors import GinRefError
from gin_ref.files import matchfile

ENV_VAR = "GIN_REF_CACHE"
FORMAT = "gin-ref-summaries/1"
RACY_SECONDS = 2
MAX_ENTRIES = 100_000


def code_stamp():
    """The version of the cache's answers: the cache format, gin-ref's version and a digest of the size
    and modification time of every module of the package."""
    import hashlib

    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    digest = hashlib.sha256()
    for root, dirs, files in os.walk(package):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".py", ".yaml")):
                try:
                    info = os.stat(os.path.join(root, name))
                except OSError:
                    continue
                digest.update(f"{os.path.relpath(os.path.join(root, name), package)} {info.st_size} "
                              f"{info.st_mtime_ns}\n".encode())
    return f"{FORMAT} {__version__} {digest.hexdigest()[:16]}"


def cache_file():
    """The cache's path, or None when it is turned off."""
    given = os.environ.get(ENV_VAR)
    if given is not None:
        return None if given.strip().lower() in ("", "off", "0", "no") else given
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "gin-ref", "summaries.json")


def stamp(path):
    """``(real path, [size, mtime_ns, ctime_ns, inode])`` of a file, or None if it cannot be seen."""
    try:
        real = os.path.realpath(path)
        info = os.stat(real)
    except OSError:
        return None
    return real, [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino]


class SummaryCache:
    """The summaries kept, looked up and added to by file stamp; ``save`` writes them back if changed."""

    def __init__(self, path, entries, version):
        self.path = path
        self.entries = entries
        self.version = version
        self.changed = False

    @classmethod
    def load(cls):
        path = cache_file()
        entries, version = {}, code_stamp() if path is not None else None
        if path is not None:
            try:
                with open(path, encoding="utf-8") as stream:
                    data = json.load(stream)
                if isinstance(data, dict) and data.get("version") == version and isinstance(data.get("files"), dict):
                    entries = data["files"]
            except (OSError, ValueError):
                entries = {}
        return cls(path, entries, version)

    def get(self, file):
        """``(summary, stamp)``: the summary kept for ``file`` as it is now (None if there is none) and the
        file's stamp, to give back to ``put`` once the file is read."""
        seen = stamp(file)
        if seen is None:
            return None, None
        entry = self.entries.get(seen[0])
        if isinstance(entry, dict) and entry.get("stamp") == seen[1]:
            return entry.get("summary"), seen
        return None, seen

    def put(self, file, seen, summary):
        """Keep ``summary`` of ``file``, read when its stamp was ``seen``, if it has not changed since and
        did not change just before."""
        if self.path is None or seen is None or stamp(file) != seen:
            return
        if time.time() - seen[1][1] / 1e9 < RACY_SECONDS:
            return
        self.entries[seen[0]] = {"stamp": seen[1], "summary": summary}
        self.changed = True

    def save(self):
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

"""The match file as ``play``'s session watches it: its bytes now, the match they hold, what another writer
changed between two readings, and an entry run as the session's (``store.session``: it waits for another
writer's lock, and its change is refused when the file is not the one the session last saw).

The session compares bytes, not matches: a file is read whole (``file_bytes``) before each entry and only
parsed when its bytes changed (``match_in``). These are questions, not acts: nothing here writes.
"""

from __future__ import annotations

import os
from typing import Any, ContextManager, List, Optional, Tuple

from gin_ref.core.errors import GinRefError
from gin_ref.desk.language import gettext
from gin_ref.files import matchfile, store
from gin_ref.files.filewrite import PathName
from gin_ref.match.model import Match as Match  # the session's type for what the file holds
from gin_ref.desk.reading import seen_of
from gin_ref.views.changes import Seen, describe_changes

Held = store.Session  # what an entry's block is given: ``known`` is what its change wrote, else what it saw


def file_bytes(path: PathName) -> Optional[bytes]:
    """The match file's bytes now, None without a file (or one that cannot be read)."""
    if not os.path.lexists(path):
        return None
    try:
        return matchfile.read_bytes(path)
    except (GinRefError, OSError):
        return None


def _record(raw: bytes, path: PathName) -> matchfile.Record:
    return matchfile.loads(matchfile.line_ends(raw.decode("utf-8"), path), path)


def data_in(raw: Optional[bytes], path: PathName) -> Any:
    """The record in ``raw`` as read (with its lines: what the seals' report names), or None when it does
    not read."""
    try:
        return None if raw is None else _record(raw, path).data
    except (UnicodeDecodeError, GinRefError):
        return None


def match_in(raw: Optional[bytes], path: PathName) -> Tuple[Optional[Match], Optional[str]]:
    """The Match in ``raw`` (bytes of a match file) and None, or None and why it does not read (None and
    None without a file)."""
    if raw is None:
        return None, None
    try:
        return _record(raw, path).match, None
    except UnicodeDecodeError:
        return None, gettext("%(path)s: not UTF-8 text") % {"path": path}
    except GinRefError as exc:
        return None, str(exc)


def _plain(raw: Optional[bytes], path: PathName) -> Optional[Seen]:
    """A reading of the record in ``raw`` (``views.changes.Seen``), one that says why when it does not read."""
    if raw is None:
        return None
    try:
        return seen_of(matchfile.record_data(_record(raw, path)))
    except (GinRefError, UnicodeDecodeError) as exc:
        return Seen(str(exc))


def changes_between(old: Optional[bytes], new: Optional[bytes], path: PathName) -> List[str]:
    """What changed between two readings of the file, in a few words each (``views.changes``); one line
    saying that it changed when the words cannot be found (they must never cost the entry)."""
    try:
        return describe_changes(_plain(old, path), _plain(new, path))
    except Exception:  # words for the change must not cost the entry: say that it changed
        return [gettext("the record is not the one of your last entry")]


def entry_held(path: PathName, known: Optional[bytes], wait: float) -> ContextManager[Held]:
    """The block of one session entry that may write ``path``: its changes wait up to ``wait`` seconds for
    another writer and are refused if the file is not ``known`` (``gin_ref.files.store.session``)."""
    return store.session(path, known, wait)

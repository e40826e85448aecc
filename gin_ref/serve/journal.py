"""The journal of each match file served: ``FOLDER/.gin-ref-serve/journal/<file>.jsonl``, JSON lines,
each appended and fsynced under the match file's lock, never only in memory.

Lines (``op``):
- ``enter``: an entry made on a table's page, pending: its ``id`` (made by the page), ``kind`` (``hand``
  or ``undo``), the ``action`` to run, who entered it (``by``), the digest of the match file it was
  checked against (``base``) and what it will do, in words (``words``);
- ``confirming``: the confirm began: the file's digest it will leave (``after``), written before the file;
- ``recorded``: the confirmed entry is in the match file (``after``: its digest then);
- ``rejected``: the other player rejected it; ``stale``: the match file changed before it was confirmed
  (``why``), so it was not recorded.

A restart reads the journal back: every pending entry is still pending, every id recorded stays recorded.
A ``confirming`` without its ``recorded`` (a stop between the two) is settled by the file: holding the
digest the confirm would leave, it was recorded; holding its ``base``, it is still pending; else stale.
"""

import json
import os
import re
import threading
from typing import Any, Callable, Dict, List, Optional

from gin_ref.serve.state import state_folder

ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
PENDING, RECORDED, REJECTED, STALE = "pending", "recorded", "rejected", "stale"


class Entry:
    """One entry of a table's page, as the journal holds it."""

    def __init__(self, line: Dict[str, Any]) -> None:
        self.id: str = line["id"]
        self.kind: str = line.get("kind", "hand")
        self.action: Dict[str, Any] = line.get("action") or {}
        self.by: str = line.get("by", "")
        self.base: str = line.get("base", "")
        self.words: List[str] = list(line.get("words") or [])
        self.status = PENDING
        self.confirmed_by = ""
        self.after = ""
        self.why = ""

    def summary(self) -> Dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "status": self.status, "by": self.by,
                "confirmed_by": self.confirmed_by, "words": self.words, "why": self.why}


def journal_name(file_name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", file_name) + ".jsonl"


class Journal:
    """The journal of one match file: its entries in order, read from the file once and kept in step with
    each line appended."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.entries: Dict[str, Entry] = {}
        self.confirming: Dict[str, str] = {}  # id -> the digest its confirm would leave (no 'recorded' yet)
        self.lock = threading.RLock()  # one request at a time on a table, inside this process
        self._read()

    def _read(self) -> None:
        try:
            with open(self.path, encoding="utf-8") as data:
                text = data.read()
        except FileNotFoundError:
            return
        for raw in text.splitlines():
            try:
                line = json.loads(raw)
            except ValueError:  # a line cut short by a stop mid-write: it never counted
                continue
            if isinstance(line, dict) and isinstance(line.get("id"), str):
                self._apply(line)

    def _apply(self, line: Dict[str, Any]) -> None:
        op, ident = line.get("op"), line["id"]
        if op == "enter":
            if ident not in self.entries:
                self.entries[ident] = Entry(line)
            return
        entry = self.entries.get(ident)
        if entry is None:
            return
        if op == "confirming":
            self.confirming[ident] = str(line.get("after", ""))
        elif op == RECORDED:
            entry.status, entry.confirmed_by, entry.after = RECORDED, str(line.get("by", "")), str(line.get("after", ""))
            self.confirming.pop(ident, None)
        elif op in (REJECTED, STALE):
            entry.status, entry.why = op, str(line.get("why", ""))
            entry.confirmed_by = str(line.get("by", ""))
            self.confirming.pop(ident, None)

    def append(self, line: Dict[str, Any]) -> None:
        """Write one line and fsync it, then take it into the entries."""
        data = (json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        self._apply(line)

    def settle(self, current: Callable[[], Optional[str]]) -> None:
        """Settle each confirm a stop cut between the file and the journal (``current``: the digest of the
        match file now), under the match file's lock."""
        for ident, after in list(self.confirming.items()):
            entry = self.entries[ident]
            now = current()
            if now is not None and now == after:
                self.append({"op": RECORDED, "id": ident, "by": "", "after": after})
            elif now is not None and now == entry.base:
                self.confirming.pop(ident, None)
            else:
                self.append({"op": STALE, "id": ident, "why": "the match file changed before the confirm was "
                                                             "known to be written"})

    def pending(self) -> List[Entry]:
        return [entry for entry in self.entries.values() if entry.status == PENDING]

    def recent(self, count: int = 5) -> List[Entry]:
        return list(self.entries.values())[-count:]


class Journals:
    """The journals of a folder's match files, one object per file for the life of the server."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self._journals: Dict[str, Journal] = {}
        self._lock = threading.Lock()

    def of(self, match_path: str) -> Journal:
        name = journal_name(os.path.basename(match_path))
        with self._lock:
            journal = self._journals.get(name)
            if journal is None:
                place = os.path.join(state_folder(self.folder), "journal")
                os.makedirs(place, mode=0o700, exist_ok=True)
                journal = self._journals[name] = Journal(os.path.join(place, name))
            return journal

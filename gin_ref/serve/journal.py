"""The journal of each match file served: ``FOLDER/.gin-ref-serve/journal/<file>.jsonl``, JSON lines,
each appended and fsynced under the match file's lock, never only in memory.

Lines (``op``):
- ``enter``: an entry made on a table's page, pending: its ``id`` (made by the page), ``kind`` (``hand``
  or ``undo``), the ``action`` to run, who entered it (``by``), the digest of the match file it was
  checked against (``base``), the end seal the file will hold once it is written on that base (``after``)
  and what it will do, in words (``words``);
- ``confirming``: the confirm began, when its end seal is not the one foreseen (an undo: its correction
  carries the time): the end seal the file will hold (``after``), fsynced before the file is written;
- ``recorded``: the confirmed entry is in the match file (not fsynced: ``confirming`` already settles it);
- ``rejected``: the other player rejected it; ``stale``: the match file changed before it was confirmed
  (``why``), so it was not recorded.

A restart reads the journal back: every pending entry is still pending, every id recorded stays recorded.
A pending entry whose ``recorded`` a stop cut off is settled by the file (``settle``): holding the end
seal its confirm would leave, it was recorded; else it is still pending, and its confirm checks the file
(changed since the entry: refused, so nothing is written twice).
"""

import json
import os
import re
import threading
from typing import Any, Callable, Dict, List, Optional

from gin_ref.serve.state import state_folder

ID = re.compile(r"[A-Za-z0-9_-]{8,64}")  # matched in full (fullmatch: "$" would take a trailing newline)
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
        self.after: str = str(line.get("after") or "")  # the end seal a confirm on ``base`` leaves
        self.status = PENDING
        self.confirmed_by = ""
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
        self.confirming: Dict[str, str] = {}  # id -> the end seal its confirm would leave (no 'recorded' yet)
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
            entry.status, entry.confirmed_by = RECORDED, str(line.get("by", ""))
            self.confirming.pop(ident, None)
        elif op in (REJECTED, STALE):
            entry.status, entry.why = op, str(line.get("why", ""))
            entry.confirmed_by = str(line.get("by", ""))
            self.confirming.pop(ident, None)

    def append(self, line: Dict[str, Any], sync: bool = True) -> None:
        """Write one line and (unless ``sync`` is False) fsync it, then take it into the entries."""
        data = (json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            os.write(fd, data)
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
        self._apply(line)

    def settle(self, seal_now: Callable[[], Optional[str]]) -> None:
        """Settle the pending entries a stop may have cut between the match file's write and the journal's
        ``recorded`` (``seal_now``: the end seal the match file holds now), under the match file's lock: an
        entry whose foreseen end seal (``after``: the enter's, or its ``confirming``'s) the file holds is
        recorded. Any other stays pending: its confirm's own check of the file refuses it if it changed."""
        seal: Optional[str] = None
        for entry in self.pending():
            expected = self.confirming.pop(entry.id, None) or entry.after
            if not expected:
                continue
            seal = seal_now() if seal is None else seal
            if seal == expected:
                self.append({"op": RECORDED, "id": entry.id, "by": ""})

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

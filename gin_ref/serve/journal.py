"""The journal of each match file served: ``FOLDER/.gin-ref-serve/journal/<file>.jsonl`` (the file's name
percent-encoded: one journal a match file), JSON lines, each appended and fsynced under the match file's
lock, never only in memory.

Lines (``op``):
- ``enter``: an entry made on a table's page, pending: its ``id`` (made by the page), ``kind`` (``hand``
  or ``undo``), the ``action`` to run (a typed act in its JSON shape: ``gin_ref.serve.acts``), who entered
  it (``by``), who may confirm it (``confirmers``: the
  players it costs, ``gin_ref.serve.entries.confirmers``), the digest of the match file it was
  checked against (``base``), the end seal the file will hold once it is written on that base (``after``),
  the seal the write leaves that the base did not hold (``mark``: its hand's)
  and the hand as the page draws it, as facts (``drawn``: ``gin_ref.serve.handview``; an older gin-ref's
  line kept what it would do in words, ``words``, still shown as kept);
- ``confirming``: the confirm began, when its end seal is not the one foreseen (an undo: its correction
  carries the time): the end seal the file will hold (``after``) and the seal its write leaves
  (``mark``), fsynced before the file is written;
- ``recorded``: the confirmed entry is in the match file (not fsynced: ``confirming`` already settles it);
- ``rejected``: a player other than its entrant rejected it; ``stale``: the match file changed before it was confirmed
  (``why``), so it was not recorded.

A journal of an older gin-ref kept the command line's words as the action: at start (``upgrade``) each such
line is read once into the typed act and the journal written again; a pending hand whose action no longer
reads is kept, set apart (``AGAIN``: listed on the director's page, to be entered again), never dropped.

A restart reads the journal back: every pending entry is still pending, every id recorded stays recorded.
A pending entry whose ``recorded`` a stop cut off is settled by the file (``settle``): holding the end
seal its confirm would leave, it was recorded; else it is still pending, and its confirm checks the file
(changed since the entry: refused, so nothing is written twice).
"""

import functools
import hashlib
import json
import os
import re
import threading
import urllib.parse
from typing import Any, Callable, Dict, List, Optional, Tuple

from gin_ref.core.errors import GinRefError, RecordError
from gin_ref.core.message import Message
from gin_ref.desk.errors import N_
from gin_ref.desk.language import gettext as _, ngettext
from gin_ref.files import matchfile
from gin_ref.serve.acts import Act, from_json, from_old, to_json
from gin_ref.serve.handview import Drawn
from gin_ref.serve.handview import from_json as from_drawn
from gin_ref.serve.state import STATE_FOLDER, state_folder, write_private

ID = re.compile(r"[A-Za-z0-9_-]{8,64}")  # matched in full (fullmatch: "$" would take a trailing newline)
PENDING, RECORDED, REJECTED, STALE = "pending", "recorded", "rejected", "stale"
AGAIN = "to enter again"  # a pending hand of an older journal whose action no longer reads
UNREAD = N_("journaled by an older gin-ref in a shape that no longer reads: enter it again at the table")
NAME_MOST = 200  # characters of a journal's name (a file system takes 255 bytes)
ENCODED = "names.v2"  # in the journal folder: the journals are named by journal_name (migrate_journals)


class Entry:
    """One entry of a table's page, as the journal holds it."""

    def __init__(self, line: Dict[str, Any]) -> None:
        self.id: str = line["id"]
        self.kind: str = line.get("kind", "hand")
        try:
            self.action: Optional[Act] = from_json(line.get("action"))
        except (ValueError, GinRefError):  # an older journal's words that did not read at start (upgrade)
            self.action = None
        self.by: str = line.get("by", "")
        self.base: str = line.get("base", "")
        self.words: List[str] = list(line.get("words") or [])  # an older journal's words (#38: facts only now)
        self.said: List[str] = []  # what it did in words, for the answer to the request that entered it
        self.drawn: Optional[Drawn] = from_drawn(line.get("drawn"))  # the hand as the page draws it (#40)
        self.after: str = str(line.get("after") or "")  # the end seal a confirm on ``base`` leaves
        self.confirmers: List[str] = [str(name) for name in line.get("confirmers") or []]  # whom it costs
        self.mark: str = str(line.get("mark") or "")  # a seal its write leaves that the base did not hold
        self.status = PENDING if self.action is not None else AGAIN
        self.confirmed_by = ""
        self.withdrawn = False  # rejected by the player who entered it: he took it back
        self.why = "" if self.action is not None else str(line.get("unread") or UNREAD)

    def summary(self) -> Dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "status": self.status, "by": self.by,
                "confirmed_by": self.confirmed_by, "words": self.words, "why": self.why, "withdrawn": self.withdrawn,
                "hand": self.drawn.hand if self.drawn is not None and self.kind != "undo" else None}


def why_words(entry: Entry) -> str:
    """Why ``entry`` was not recorded, in the page's language, from the journal's facts: who rejected it, or
    that the one who entered it withdrew it; a stale entry's change (or an older journal's words) as kept."""
    if entry.status == REJECTED and entry.confirmed_by:
        if entry.withdrawn:
            return _("withdrawn by %(player)s, who entered it") % {"player": entry.confirmed_by}
        return _("rejected by %(player)s") % {"player": entry.confirmed_by}
    if entry.why.startswith(UNREAD):  # an older journal's entry that no longer reads: said here, its reason kept
        return _(UNREAD) + entry.why[len(UNREAD):]
    return entry.why


def journal_name(file_name: str) -> str:
    """The journal's file name of the match file ``file_name``: the name percent-encoded (every character
    but ``A-Za-z0-9_.-~``, as UTF-8 bytes), so no two match files meet in one journal. A name too long for
    the file system keeps its start and adds its SHA-256 (after ``%~``, which no encoding makes)."""
    encoded = urllib.parse.quote(file_name, safe="", errors="surrogateescape")
    if len(encoded) > NAME_MOST:
        encoded = encoded[:120] + "%~" + hashlib.sha256(file_name.encode("utf-8", "surrogateescape")).hexdigest()
    return encoded + ".jsonl"


def old_journal_name(file_name: str) -> str:
    """The journal's name before #34: the name folded to ``[A-Za-z0-9._-]`` (two files could meet in it)."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", file_name) + ".jsonl"


def journal_folder(folder: str) -> str:
    place = os.path.join(state_folder(folder), "journal")
    os.makedirs(place, mode=0o700, exist_ok=True)
    return place


def migrate_journals(folder: str, names: List[str]) -> None:
    """Give each match file of ``names`` its journal under its new name, once (``ENCODED`` marks it done):
    an old journal is renamed to its file's new one, unless two of the files are named alike in it (their
    pending hands would mix): then refused, naming both, until the journal is moved out of the way."""
    place = journal_folder(folder)
    mark = os.path.join(place, ENCODED)
    if os.path.exists(mark):
        return
    by_old: Dict[str, List[str]] = {}
    for name in sorted(names):
        by_old.setdefault(old_journal_name(name), []).append(name)
    for old, files in by_old.items():
        if not os.path.exists(os.path.join(place, old)):
            continue
        if len(files) > 1:
            raise RecordError(Message(N_("the serve journal '%(journal)s' is shared by '%(first)s' and '%(second)s' "
                                         "(an older gin-ref named their journals alike): look at its pending hands, "
                                         "then move it out of '%(folder)s' (each file then starts a journal of its "
                                         "own), or rename one of the files"), journal=old, first=files[0],
                                      second=files[1], folder=os.path.join(STATE_FOLDER, "journal")))
    for old, files in by_old.items():
        new = journal_name(files[0])
        if old != new and os.path.exists(os.path.join(place, old)) and not os.path.exists(os.path.join(place, new)):
            os.replace(os.path.join(place, old), os.path.join(place, new))
    write_private(mark, "journals named by their match file's name, percent-encoded (gin-ref #34)\n")


def upgrade(path: str, players: Callable[[], Tuple[List[str], str]]) -> List[str]:
    """Read once each ``enter`` line of the journal at ``path`` whose action is an older gin-ref's (the
    command line's words) into the typed act (``players``: the match's players and its rules' ``ace_runs``,
    asked for when needed) and write the journal again; an action that does not read is kept as it was,
    with why (``unread``): its entry is set apart (``AGAIN``). What was done, in words (nothing: [])."""
    try:
        with open(path, encoding="utf-8") as data:
            text = data.read()
    except FileNotFoundError:
        return []
    lines, read, unread = [], 0, 0
    for raw in text.splitlines():
        try:
            line = json.loads(raw)
        except ValueError:  # a line cut short by a stop mid-write: it never counted
            continue
        if isinstance(line, dict) and line.get("op") == "enter" and "unread" not in line \
                and not (isinstance(line.get("action"), dict) and "act" in line["action"]):
            try:
                line["action"] = to_json(from_old(line.get("action"), *players()))
                read += 1
            except (ValueError, GinRefError) as exc:
                line["unread"] = f"{UNREAD} ({exc})"
                unread += 1
        lines.append(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
    if not read and not unread:
        return []
    write_private(path, "".join(lines))
    done = ngettext("%(count)d entry of an older gin-ref read into the typed act",
                    "%(count)d entries of an older gin-ref read into the typed act", read) % {"count": read}
    if not unread:
        return [done]
    return [ngettext("%(done)s; %(count)d that no longer reads set apart for the director (to enter again)",
                     "%(done)s; %(count)d that no longer read set apart for the director (to enter again)", unread)
            % {"done": done, "count": unread}]


class Journal:
    """The journal of one match file: its entries in order, read from the file once and kept in step with
    each line appended."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.entries: Dict[str, Entry] = {}
        self.confirming: Dict[str, str] = {}  # id -> the end seal its confirm would leave (no 'recorded' yet)
        self.marks: Dict[str, str] = {}  # id -> the seal its confirm's write leaves, from its 'confirming'
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
            self.marks[ident] = str(line.get("mark") or "")
        elif op == RECORDED:
            entry.status, entry.confirmed_by = RECORDED, str(line.get("by", ""))
            self.confirming.pop(ident, None)
        elif op in (REJECTED, STALE):
            entry.status, entry.why = op, str(line.get("why", ""))
            entry.confirmed_by = str(line.get("by", ""))
            entry.withdrawn = op == REJECTED and bool(line.get("withdrawn", entry.by and entry.confirmed_by == entry.by))
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

    def settle(self, seal_now: Callable[[], Optional[str]], holds: Optional[Callable[[str], bool]] = None) -> None:
        """Settle the pending entries a stop may have cut between the match file's write and the journal's
        ``recorded`` (``seal_now``: the end seal the match file holds now; ``holds``: does the file hold
        this seal anywhere?), under the match file's lock: an entry whose foreseen end seal (``after``: the
        enter's, or its ``confirming``'s) the file holds is recorded; so is one whose ``mark`` (the seal
        its write leaves: its hand's, or its undo's correction's) the file holds, though another writer
        wrote after it. Any other stays pending: its confirm's own check of the file refuses it if it
        changed."""
        seal: Optional[str] = None
        for entry in self.pending():
            expected = self.confirming.pop(entry.id, None) or entry.after
            mark = self.marks.pop(entry.id, None) or entry.mark
            if not expected and not mark:
                continue
            seal = seal_now() if seal is None else seal
            if (expected and seal == expected) or (mark and holds is not None and holds(mark)):
                self.append({"op": RECORDED, "id": entry.id, "by": ""})

    def pending(self) -> List[Entry]:
        return [entry for entry in self.entries.values() if entry.status == PENDING]

    def recent(self, count: int = 5) -> List[Entry]:
        return list(self.entries.values())[-count:]


def _players(path: str) -> Tuple[List[str], str]:
    """The players of the match file at ``path`` and its rules' ``ace_runs`` (how its cards read)."""
    match = matchfile.load(path).match
    return list(match.players), str(match.state.rules.ace_runs)


class Journals:
    """The journals of a folder's match files, one object per file for the life of the server."""

    def __init__(self, folder: str, names: Optional[List[str]] = None) -> None:
        """``names``: the match files in the folder at start, whose old journals take their new names
        (``migrate_journals``; refused when two of them shared one) and whose older lines are read into
        typed acts (``upgrade``; what was done is in ``notes``, for the log)."""
        self.folder = folder
        self._journals: Dict[str, Journal] = {}
        self._lock = threading.Lock()
        self.notes: List[str] = []
        if names is not None:
            migrate_journals(folder, names)
            for name in names:
                done = upgrade(os.path.join(journal_folder(folder), journal_name(name)),
                               functools.partial(_players, os.path.join(folder, name)))
                self.notes += [f"serve journal of {name}: {line}" for line in done]

    def of(self, match_path: str) -> Journal:
        name = journal_name(os.path.basename(match_path))
        with self._lock:
            journal = self._journals.get(name)
            if journal is None:
                journal = self._journals[name] = Journal(os.path.join(journal_folder(self.folder), name))
            return journal

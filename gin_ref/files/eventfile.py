"""The event file: FOLDER/event.yaml, the record of an event (``gin_ref.club.event``), read with the line of
every key and written atomically under its own lock.

Writing goes through the store (``gin_ref.files.store``: its lock, its checked atomic write), as a match
file's does, so an event file is never half-written and a second writer is refused at once; the lock is the
event file's own (``.event.yaml.lock``), never a table's, so the tables record while the event is paired.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Dict, Iterator

from gin_ref.club.event import FORMAT, Event, Table
from gin_ref.core.errors import RecordError, reason
from gin_ref.core.message import Message, N_
from gin_ref.files import matchfile, store, yamlwrite
from gin_ref.files import yamlread
from gin_ref.files.eventread import read_event
from gin_ref.files.filewrite import PathName

EVENT_FILE = "event.yaml"
HEADER = (f"gin-ref event ({FORMAT}): the players in seed order and each round's tables. Each table's",
          "result is in its own match file; 'gin-ref event standings FOLDER' reads them.")


def event_path(folder: PathName) -> str:
    return os.path.join(os.fspath(folder), EVENT_FILE)


def _missing(folder: PathName) -> RecordError:
    return RecordError(Message(N_("no event in '%(folder)s': start one with 'gin-ref event new %(folder)s %(option)s "
                                  "round-robin|swiss PLAYER...'"), folder=str(folder), option="format"))


def load(folder: PathName) -> Event:
    """The Event of FOLDER, read (``gin_ref.files.eventread.read_event``: every shape checked, into frozen
    dataclasses) strictly: RecordError naming the file and line of the first problem."""
    path = event_path(folder)
    if not os.path.lexists(path):
        if os.path.isfile(os.fspath(folder)):
            raise RecordError(Message(N_("'%(folder)s' is a file: name the event's folder"), folder=str(folder)))
        raise _missing(folder)
    text = matchfile.read_text(path)
    data, problems = yamlread.parse(text, path)
    if problems:
        where, message = problems[0]
        raise RecordError(message, line=yamlread.line_of(data, where), path=path)
    try:
        return Event(read_event(yamlread.plain(data)))
    except RecordError as exc:
        raise RecordError(reason(exc), line=yamlread.line_of(data, exc.where), path=path) from None


def left_by_a_pairing(path: PathName, table: Table, event: Event) -> bool:
    """Is the match file at ``path`` one an interrupted ``event pair`` left for ``table`` (written before the
    event file was, so the event does not know it)? It is when it reads as a match of the table's players under
    the event's house rules and nothing was ever recorded in it (no hand, irregularity or correction): such a
    file may be written again. Anything else at that path is not gin-ref's to replace."""
    try:
        record = matchfile.load(path).data
    except (RecordError, OSError):
        return False
    return (list(record.get("players") or []) == list(table.players)
            and (record.get("rules") or {}).get("knobs") == event.rules.snapshot()
            and not record.get("hands") and not record.get("irregularities") and not record.get("corrections"))


def event_data(event: Event) -> Dict[str, object]:
    """The event as its file holds it (the keys in the file's order)."""
    return {"format": FORMAT, "event": event.name, "date": event.date, "system": event.system,
            "rounds": event.total_rounds, "rules": {"name": event.rules.name, "knobs": event.rules.snapshot()},
            "players": list(event.players),
            "pairings": [{"round": rnd.number,
                          "tables": [{"table": t.number, "players": list(t.players), "file": t.file} for t in rnd.tables],
                          "bye": rnd.bye} for rnd in event.rounds],
            **({"language": event.language} if event.language is not None else {})}  # only where the file names one


def dumps(event: Event) -> str:
    return yamlwrite.dumps(event_data(event), HEADER, gap_keys=("pairings",))


def create(folder: PathName, event: Event) -> None:
    """Write a new event in FOLDER (made if missing); refuse when FOLDER already holds one."""
    name = os.fspath(folder)
    if os.path.exists(name) and not os.path.isdir(name):
        raise RecordError(Message(N_("'%(folder)s' is a file, not a folder: name a new folder for the event"),
                                  folder=name))
    try:
        os.makedirs(name, exist_ok=True)
    except OSError as exc:
        raise RecordError(Message(N_("cannot make the folder '%(folder)s': %(reason)s"), folder=name,
                                  reason=str(exc.strerror or exc))) from None
    path = event_path(name)
    held = RecordError(Message(N_("'%(folder)s' already holds an event (%(path)s): name a new folder"), folder=name,
                               path=path))
    if os.path.lexists(path):
        raise held
    try:
        matchfile.write_atomic(path, dumps(event), new=True)  # never replaces one made meanwhile
    except RecordError:
        if os.path.lexists(path):
            raise held from None
        raise


@contextmanager
def updating(folder: PathName) -> Iterator[Event]:
    """Lock the event file, read it and yield its Event; write it back if the block ends normally."""
    path = event_path(folder)
    if not os.path.lexists(path):
        load(folder)  # the error that says why
    with store.locked(path) as held:
        held.read()  # what the write checks the file still holds
        event = load(folder)
        yield event
        held.write(dumps(event))

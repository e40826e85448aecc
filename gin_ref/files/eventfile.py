"""The event file: FOLDER/event.yaml, the record of an event (``gin_ref.club.event``), read with the line of
every key and written atomically under its own lock.

Writing goes through the store (``gin_ref.files.store``: its lock, its checked atomic write), as a match
file's does, so an event file is never half-written and a second writer is refused at once; the lock is the
event file's own (``.event.yaml.lock``), never a table's, so the tables record while the event is paired.
"""

import os
from contextlib import contextmanager
from typing import Iterator

from gin_ref.club.event import FORMAT, KEYS, OPTIONAL_KEYS, Event, Table
from gin_ref.core.errors import RecordError
from gin_ref.files import matchfile, store, yamlwrite
from gin_ref.files import yamlread
from gin_ref.files.filewrite import PathName

EVENT_FILE = "event.yaml"
HEADER = (f"gin-ref event ({FORMAT}): the players in seed order and each round's tables. Each table's",
          "result is in its own match file; 'gin-ref event standings FOLDER' reads them.")


def event_path(folder: PathName) -> str:
    return os.path.join(os.fspath(folder), EVENT_FILE)


def _missing(folder: PathName) -> RecordError:
    return RecordError(f"no event in '{folder}': start one with 'gin-ref event new {folder} --format "
                       "round-robin|swiss PLAYER...'")


def load(folder: PathName) -> Event:
    """The Event of FOLDER, read (``gin_ref.club.event.read_event``: every shape checked, into frozen
    dataclasses) strictly: RecordError naming the file and line of the first problem."""
    path = event_path(folder)
    if not os.path.lexists(path):
        if os.path.isfile(os.fspath(folder)):
            raise RecordError(f"'{folder}' is a file: name the event's folder")
        raise _missing(folder)
    text = matchfile.read_text(path)
    data, problems = yamlread.parse(text, path)
    if problems:
        where, message = problems[0]
        raise RecordError(message, line=yamlread.line_of(data, where), path=path)
    try:
        return Event(yamlread.plain(data))
    except RecordError as exc:
        raise RecordError(exc.message, line=yamlread.line_of(data, exc.where), path=path) from None


def left_by_a_pairing(path: PathName, table: Table, event: Event) -> bool:
    """Is the match file at ``path`` one an interrupted ``event pair`` left for ``table`` (written before the
    event file was, so the event does not know it)? It is when it reads as a match of the table's players under
    the event's house rules and nothing was ever recorded in it (no hand, irregularity or correction): such a
    file may be written again. Anything else at that path is not gin-ref's to replace."""
    try:
        record = matchfile.load(path).match.record
    except (RecordError, OSError):
        return False
    return (list(record.get("players") or []) == list(table.players)
            and (record.get("rules") or {}).get("knobs") == event.record["rules"]["knobs"]
            and not record.get("hands") and not record.get("irregularities") and not record.get("corrections"))


def dumps(event: Event) -> str:
    ordered = {key: event.record[key] for key in KEYS}
    ordered.update((key, event.record[key]) for key in OPTIONAL_KEYS if key in event.record)  # kept as written
    return yamlwrite.dumps(ordered, HEADER, gap_keys=("pairings",))


def create(folder: PathName, event: Event) -> None:
    """Write a new event in FOLDER (made if missing); refuse when FOLDER already holds one."""
    name = os.fspath(folder)
    if os.path.exists(name) and not os.path.isdir(name):
        raise RecordError(f"'{name}' is a file, not a folder: name a new folder for the event")
    try:
        os.makedirs(name, exist_ok=True)
    except OSError as exc:
        raise RecordError(f"cannot make the folder '{name}': {exc.strerror or exc}") from None
    path = event_path(name)
    held = RecordError(f"'{name}' already holds an event ({path}): name a new folder")
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

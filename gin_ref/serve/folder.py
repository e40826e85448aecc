"""The folder served, as tables: an event folder's tables 1..n (a table keeps its number, its address and
its token across rounds: it plays the match file of the latest round that has it), or, in a folder of
plain matches, each match file as a table addressed by a short name made from the file name (never a
path) once, when the file is first seen, and bound to that file name for good (kept beside the tokens:
``gin_ref.serve.state``): a file added later gets a new address, and the address of a file renamed or
removed stays its own (``Spot.gone``: nothing is written there). Read again on each request, so a round
paired meanwhile is served at once."""

import os
import re
from typing import Callable, Dict, List, NamedTuple, Optional, Tuple

from gin_ref.core.errors import GinRefError, RecordError
from gin_ref.core.message import Message
from gin_ref.desk.errors import N_
from gin_ref.files import eventfile, matchfile
from gin_ref.serve.state import Tokens, bind_names, read_files

EVENT_FILE = "event.yaml"
_SHORT = re.compile(r"[^a-z0-9]+")


class Spot(NamedTuple):
    """A table of the folder: ``key`` (its address: the number, or the short name), its label for people,
    the match file it plays now (a path inside the folder; None before the event pairs it), the round."""

    key: str
    label: str
    path: Optional[str]
    round: Optional[int]
    gone: bool = False  # a plain match's table whose file is no longer in the folder (renamed or removed)


GONE = N_("this table's match is no longer in the folder: ask the director")  # said where it is shown
NO_TABLE = N_("There is no such table here.")


def short_name(file_name: str) -> str:
    """A table's short name from its match file's name: ``Ann v Ben.yaml`` -> ``ann-v-ben``."""
    stem = file_name[:-5] if file_name.lower().endswith(".yaml") else file_name
    return _SHORT.sub("-", stem.casefold()).strip("-")[:40] or "match"


class Folder:
    """The folder ``path`` served: an event (``event.yaml`` in it) or a folder of match files."""

    def __init__(self, path: str, tokens: Optional[Tokens] = None) -> None:
        """``tokens``: the serve state's tokens, which keep the bindings of file names to short names (a
        new file's binding is kept at once); without them the bindings are read, and a new file's made, in
        memory only."""
        if not os.path.isdir(path):
            raise RecordError(Message(N_("'%(path)s' is not a folder: name an event's folder or a folder of match files"),
                                      path=path))
        self.path = path
        self.tokens = tokens
        self.is_event = os.path.isfile(os.path.join(path, EVENT_FILE))
        if not self.is_event and not self.spots():
            raise RecordError(Message(N_("'%(path)s' holds no event (event.yaml) and no match file (*.yaml): nothing "
                                         "to serve"), path=path))

    def event(self) -> object:
        """The event of the folder (``gin_ref.club.event.Event``), read now."""
        load: Callable[[str], object] = eventfile.load  # the files layer is not annotated
        return load(self.path)

    def spots(self) -> List[Spot]:
        """The tables, in order: by number for an event, by short name for a folder of matches."""
        if self.is_event:
            return self._event_spots()
        return [spot for spot in self._plain_spots() if not spot.gone]

    def match_names(self) -> List[str]:
        """The match files in the folder now (their names), sorted."""
        return sorted(name for name in os.listdir(self.path)
                      if name.lower().endswith(".yaml") and name != EVENT_FILE
                      and os.path.isfile(os.path.join(self.path, name)))

    def table_files(self) -> List[str]:
        """The file name of every match of the folder that exists: every table of every round paired of an
        event (in round and table order), or every match file of a folder of matches."""
        if self.is_event:
            try:
                event = self.event()
            except GinRefError:
                return []
            names = [table.file for rnd in getattr(event, "rounds") for table in rnd.tables]
        else:
            names = [os.path.basename(spot.path) for spot in self.spots() if spot.path is not None]
        return [name for name in names if os.path.isfile(os.path.join(self.path, name))]

    def _plain_spots(self) -> List[Spot]:
        """Every table of a folder of plain matches, those whose file is gone too, by short name."""
        names = self.match_names()
        if self.tokens is not None:
            bound = self.tokens.bind(names, short_name)
        else:
            bound = bind_names(read_files(self.path), names, short_name, ())
        present = set(names)
        return sorted((Spot(key, os.path.splitext(name)[0], os.path.join(self.path, name), None, name not in present)
                       for name, key in bound.items()), key=lambda spot: spot.key)

    def _event_spots(self) -> List[Spot]:
        try:
            event = self.event()
        except GinRefError:
            return []
        latest: Dict[int, Tuple[int, str]] = {}
        for rnd in getattr(event, "rounds"):
            for table in rnd.tables:
                latest[table.number] = (rnd.number, table.file)
        size = len(getattr(event, "players")) // 2
        numbers = sorted(set(range(1, size + 1)) | set(latest))
        return [Spot(str(number), f"table {number}",
                     os.path.join(self.path, latest[number][1]) if number in latest else None,
                     latest[number][0] if number in latest else None) for number in numbers]

    def players(self) -> List[str]:
        """Every player of the folder, sorted: the event's, or those of its match files (one that does not
        read adds none)."""
        if self.is_event:
            try:
                return sorted(str(name) for name in getattr(self.event(), "players"))
            except GinRefError:
                return []
        found = set()
        for spot in self.spots():
            try:
                found.update(matchfile.load(spot.path or "").match.players)
            except (GinRefError, OSError, UnicodeDecodeError):
                continue
        return sorted(found)

    def spot(self, key: str) -> Optional[Spot]:
        """The table of address ``key`` (one whose match is ``gone`` too), or None."""
        for spot in (self._event_spots() if self.is_event else self._plain_spots()):
            if spot.key == key:
                return spot
        return None

    def keys(self) -> List[str]:
        return [spot.key for spot in self.spots()]


def bound_folder(path: str, renew: bool = False) -> Folder:
    """The folder ``path`` with its serve state's tokens (made when missing; all new when ``renew``): each
    table bound to its address, with its token, kept."""
    Folder(path)  # refused when it is no folder or serves nothing, before any state is made in it
    tokens = Tokens.load(path, (), renew=renew)
    model = Folder(path, tokens)
    for key in model.keys():
        tokens.add(key)
    return model

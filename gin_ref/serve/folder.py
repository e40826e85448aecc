"""The folder served, as tables: an event folder's tables 1..n (a table keeps its number, its address and
its token across rounds: it plays the match file of the latest round that has it), or, in a folder of
plain matches, each match file as a table addressed by a short name made from the file name (never a
path). Read again on each request, so a round paired meanwhile is served at once."""

import os
import re
from typing import Callable, Dict, List, NamedTuple, Optional, Tuple

from gin_ref.core.errors import GinRefError, RecordError
from gin_ref.files import eventfile

EVENT_FILE = "event.yaml"
_SHORT = re.compile(r"[^a-z0-9]+")


class Spot(NamedTuple):
    """A table of the folder: ``key`` (its address: the number, or the short name), its label for people,
    the match file it plays now (a path inside the folder; None before the event pairs it), the round."""

    key: str
    label: str
    path: Optional[str]
    round: Optional[int]


def short_name(file_name: str) -> str:
    """A table's short name from its match file's name: ``Ann v Ben.yaml`` -> ``ann-v-ben``."""
    stem = file_name[:-5] if file_name.lower().endswith(".yaml") else file_name
    return _SHORT.sub("-", stem.casefold()).strip("-")[:40] or "match"


class Folder:
    """The folder ``path`` served: an event (``event.yaml`` in it) or a folder of match files."""

    def __init__(self, path: str) -> None:
        if not os.path.isdir(path):
            raise RecordError(f"'{path}' is not a folder: name an event's folder or a folder of match files")
        self.path = path
        self.is_event = os.path.isfile(os.path.join(path, EVENT_FILE))
        if not self.is_event and not self.spots():
            raise RecordError(f"'{path}' holds no event (event.yaml) and no match file (*.yaml): nothing to serve")

    def event(self) -> object:
        """The event of the folder (``gin_ref.club.event.Event``), read now."""
        load: Callable[[str], object] = eventfile.load  # the files layer is not annotated
        return load(self.path)

    def spots(self) -> List[Spot]:
        """The tables, in order: by number for an event, by short name for a folder of matches."""
        if self.is_event:
            return self._event_spots()
        names = sorted(name for name in os.listdir(self.path)
                       if name.lower().endswith(".yaml") and name != EVENT_FILE
                       and os.path.isfile(os.path.join(self.path, name)))
        seen: Dict[str, int] = {}
        spots = []
        for name in names:
            key = short_name(name)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > 1:
                key = f"{key}-{seen[key]}"
            spots.append(Spot(key, os.path.splitext(name)[0], os.path.join(self.path, name), None))
        return spots

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

    def spot(self, key: str) -> Optional[Spot]:
        for spot in self.spots():
            if spot.key == key:
                return spot
        return None

    def keys(self) -> List[str]:
        return [spot.key for spot in self.spots()]

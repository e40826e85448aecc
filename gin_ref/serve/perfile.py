"""What the server makes of each match file (its ``verify`` entry, its tally's text, its view for the
sheet), kept until the file changes: its size, its time and its inode (``gin_ref.serve.boarddata.stamp``).
With 16 tables confirming, the folder changes every moment but each file seldom: a page made again then
reads the files that changed, not the folder (the rest of the server waits on that work: one process)."""

import threading
from typing import Callable, Dict, Generic, Optional, Tuple, TypeVar

from gin_ref.serve.boarddata import Stamp, stamp

T = TypeVar("T")


class PerFile(Generic[T]):
    """``make(path)`` of each file, made again only when the file changed (safe from several threads)."""

    def __init__(self, make: Callable[[str], T]) -> None:
        self.make = make
        self.kept: Dict[str, Tuple[Optional[Stamp], T]] = {}
        self.made = 0  # how many times ``make`` ran (the tests count them)
        self.lock = threading.Lock()

    def get(self, path: str) -> T:
        now = stamp(path)
        with self.lock:
            kept = self.kept.get(path)
        if kept is not None and now is not None and kept[0] == now:
            return kept[1]
        value = self.make(path)  # a file changed meanwhile is made again next time: its stamp is the old one
        with self.lock:
            self.kept[path] = (now, value)
            self.made += 1
        return value

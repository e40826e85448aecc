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

    def __init__(self, make: Callable[[str], T], before: Callable[[], None] = lambda: None) -> None:
        """``before``: called before each making (``TablesFirst.wait``: the tables' writes go first)."""
        self.make = make
        self.before = before
        self.kept: Dict[str, Tuple[Optional[Stamp], T]] = {}
        self.made = 0  # how many times ``make`` ran (the tests count them)
        self.lock = threading.Lock()

    def get(self, path: str) -> T:
        now = stamp(path)
        with self.lock:
            kept = self.kept.get(path)
        if kept is not None and now is not None and kept[0] == now:
            return kept[1]
        self.before()
        value = self.make(path)  # a file changed meanwhile is made again next time: its stamp is the old one
        with self.lock:
            self.kept[path] = (now, value)
            self.made += 1
        return value


class TablesFirst:
    """The tables' writes go first: the director's page and the score sheet, before each file they read, wait
    while a table's entry or confirm is under way (``most`` seconds at most), so that a confirm, which gives
    the interpreter up at each file operation, does not queue behind their work for it."""

    def __init__(self, most: float = 0.1) -> None:
        self.most = most
        self.writing = 0
        self.quiet = threading.Condition()

    def enter(self) -> None:
        with self.quiet:
            self.writing += 1

    def leave(self) -> None:
        with self.quiet:
            self.writing -= 1
            if not self.writing:
                self.quiet.notify_all()

    def wait(self) -> None:
        with self.quiet:
            self.quiet.wait_for(lambda: not self.writing, timeout=self.most)

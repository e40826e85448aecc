"""What no client may take from the room (#35): file descriptors, connections and event streams.

- ``raise_fd_limit``: at start the soft limit of open files is raised to ``min(hard, FD_WANTED)`` where the
  system allows it (Linux, the BSDs, macOS: whose kernel refuses a soft limit above its ``OPEN_MAX``,
  10,240, or "unlimited", even when the hard limit says "unlimited": 8,192 is under it). Where it is
  refused the limit is kept and the start line says so. Windows has no such limit to raise: the caps are
  computed as if it were ``FD_WINDOWS``.
- ``Caps.of(limit, files)``: every cap computed from that limit, less a reserve for the match files, their
  journals and locks, the log, the server's own sockets and the connections accepted in one go
  (``BACKLOG``). A new connection past ``connections`` in all, or
  past ``per_address`` from one client address, is closed at once (``gin_ref.serve.protocol``); an event
  stream without a table's or the director's cookie past ``streams`` in all or ``streams_per_address`` from
  one address is answered 503 with ``Retry-After``, while ``kept`` more stay for the streams that carry the
  director's or the board's cookie (the projector's board is never crowded out).
- ``Quiet``: a refusal of a stream or a connection is logged at most once a second, with the count since.
"""

import asyncio
import logging
import threading
import time
from typing import Dict, Optional, Tuple

try:
    import resource
except ImportError:  # Windows: no soft limit of open files (raise_fd_limit says so)
    resource = None  # type: ignore[assignment]

from gin_ref.core.message import Message, N_, Nn_
from gin_ref.desk.language import gettext as _, ngettext

FD_WANTED = 8192  # the soft limit asked for at start
FD_WINDOWS = 1024  # what the caps are computed from where there is no limit to read (Windows)
CAPS = N_("caps: %(connections)s (%(per_address)s), %(streams)s (%(streams_per_address)s) and %(kept)s; %(reserve)s")
CONNECTIONS = Nn_("%(count)d connection", "%(count)d connections")
FROM_ONE = Nn_("%(count)d from one address", "%(count)d from one address")
STREAMS = Nn_("%(count)d board stream without a cookie", "%(count)d board streams without a cookie")
KEPT_MORE = Nn_("%(count)d more kept for the director's and the board's",
                "%(count)d more kept for the director's and the board's")
RESERVE = Nn_("%(count)d file in reserve", "%(count)d files in reserve")
RESERVE_FIXED = 64  # descriptors kept for the listening socket, the log, the thread pool's files, imports
RESERVE_PER_FILE = 3  # a match file, its journal and its lock, open at once while a hand is written
BACKLOG = 128  # connections accepted in one go (asyncio accepts up to the backlog before it hands any over, so
# as many may be open past the cap for a moment, until the refused ones are closed)
PER_ADDRESS_MAX = 64  # connections from one client address (a phone opens 6 at most; a laptop a few tabs)
STREAMS_MAX = 256  # anonymous board streams in all (a club's projectors and the curious)
STREAMS_PER_ADDRESS = 4  # anonymous board streams from one address
STREAMS_KEPT = 16  # streams kept for the director's and the board token's cookies, past the anonymous cap
RETRY_AFTER = 10  # seconds, in the 503 of a stream refused
LOG = logging.getLogger("gin_ref.serve")


def raise_fd_limit() -> Tuple[int, str]:
    """``(limit, how)``: the soft limit of open files now, after trying to raise it to min(hard, FD_WANTED),
    and words saying what happened (for the start lines)."""
    if resource is None:  # Windows: sockets are handles, not descriptors under a soft limit
        return FD_WINDOWS, _("no limit of open files to raise here: caps computed from %(files)d") % {"files": FD_WINDOWS}
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    infinite = resource.RLIM_INFINITY
    want = FD_WANTED if hard == infinite else min(hard, FD_WANTED)
    if soft != infinite and soft >= want:
        return int(soft), _("open files: %(soft)s (soft limit, hard %(hard)s)") % {"soft": soft,
                                                                                   "hard": _shown(hard, infinite)}
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    except (ValueError, OSError):
        return int(soft), _("open files: %(soft)s (the system refused to raise it to %(want)s)") % {"soft": soft,
                                                                                                    "want": want}
    return want, _("open files: %(want)s (soft limit raised from %(soft)s, hard %(hard)s)") % {
        "want": want, "soft": soft, "hard": _shown(hard, infinite)}


def _shown(value: int, infinite: int) -> str:
    return _("unlimited") if value == infinite else str(value)


class Caps:
    """The caps computed from a limit of open files (see the module's words)."""

    def __init__(self, connections: int, per_address: int, streams: int, streams_per_address: int,
                 kept: int, reserve: int) -> None:
        self.connections = connections
        self.per_address = per_address
        self.streams = streams
        self.streams_per_address = streams_per_address
        self.kept = kept
        self.reserve = reserve

    @classmethod
    def of(cls, limit: int, files: int = 0) -> "Caps":
        reserve = RESERVE_FIXED + RESERVE_PER_FILE * max(files, 0) + BACKLOG + limit // 16
        connections = max(limit - reserve, 16)
        per_address = max(4, min(PER_ADDRESS_MAX, connections // 16))
        kept = min(STREAMS_KEPT, connections // 8)
        streams = max(1, min(STREAMS_MAX, connections // 4))
        return cls(connections, per_address, streams, min(STREAMS_PER_ADDRESS, streams), kept, reserve)

    def line(self) -> str:
        """The caps, as ``serve`` prints them at start, in the language spoken (each figure a count)."""
        return Message(CAPS, connections=Message(CONNECTIONS, count=self.connections),
                       per_address=Message(FROM_ONE, count=self.per_address),
                       streams=Message(STREAMS, count=self.streams),
                       streams_per_address=Message(FROM_ONE, count=self.streams_per_address),
                       kept=Message(KEPT_MORE, count=self.kept),
                       reserve=Message(RESERVE, count=self.reserve)).say(_, ngettext)


class Quiet:
    """A refusal logged at most once every ``every`` seconds, with how many were refused since the last line
    (a flood of refusals is one line a second, not one a refusal). The count of the last second of a flood
    is logged once that second is over (when called from an event loop, as the server does)."""

    def __init__(self, what: str, every: float = 1.0, log: Optional[logging.Logger] = None) -> None:
        self.what = what
        self.every = every
        self.log = log or LOG
        self._count = 0
        self._latest = ""
        self._last = -1e9
        self._pending = False
        self._lock = threading.Lock()

    def refused(self, why: str) -> None:
        now = time.monotonic()
        with self._lock:
            self._count += 1
            self._latest = why
            if now - self._last < self.every:
                if not self._pending:
                    self._pending = self._later(self._last + self.every - now)
                return
        self.flush()

    def flush(self) -> None:
        with self._lock:
            self._pending = False
            if not self._count:
                return
            count, why, self._count, self._last = self._count, self._latest, 0, time.monotonic()
        self.log.warning("refused %d %s in the last second (the latest: %s)", count, self.what, why)

    def _later(self, seconds: float) -> bool:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop here: the count waits for the next refusal
            return False
        loop.call_later(max(seconds, 0.0), self.flush)
        return True


class Counter:
    """Open things counted per client address and in all, under ``total`` and ``per_address``."""

    def __init__(self, total: int, per_address: int) -> None:
        self.total = total
        self.per_address = per_address
        self.open = 0
        self.by_address: Dict[str, int] = {}

    def take(self, address: str) -> Optional[str]:
        """None and one more counted, or the reason it is refused."""
        if self.open >= self.total:
            return f"{self.open} open in all"
        held = self.by_address.get(address, 0)
        if held >= self.per_address:
            return f"{held} open from {address}"
        self.open += 1
        self.by_address[address] = held + 1
        return None

    def give(self, address: str) -> None:
        held = self.by_address.get(address, 0)
        if held <= 1:
            self.by_address.pop(address, None)
        else:
            self.by_address[address] = held - 1
        self.open = max(0, self.open - 1)


class Streams:
    """The gate of the event streams a route chooses to cap (``/board/events``): ``enter`` before a stream
    starts, ``leave`` once it ended. A route that does not call it (a table's own stream, which needs the
    table's cookie and is bounded per table) is outside the cap. Used from the event loop only."""

    def __init__(self, caps: Caps) -> None:
        self.anonymous = Counter(caps.streams, caps.streams_per_address)
        self.kept = Counter(caps.kept, caps.kept)
        self.quiet = Quiet("board streams")

    def enter(self, address: str, privileged: bool) -> Optional[Counter]:
        """The counter the stream was counted in, or None (refused, logged quietly)."""
        counter = self.kept if privileged else self.anonymous
        why = counter.take(address)
        if why is None:
            return counter
        if privileged:  # the room kept for them is full: a privileged stream may still take an anonymous place
            if self.anonymous.take(address) is None:
                return self.anonymous
        self.quiet.refused(why)
        return None

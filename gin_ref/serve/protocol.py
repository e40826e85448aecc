"""The connection's own bounds (#35 item 2), where an ASGI app cannot see: a subclass of uvicorn's h11
protocol, passed to uvicorn as ``http=`` (h11 is pinned as the protocol: ``guarded(...)`` builds the class).

- A new connection past the cap in all, or from one client address, is closed at once, before a byte is
  read (the refusals logged at most once a second, with a count).
- A request's headers must arrive within ``HEADER_TIMEOUT`` seconds of the connection's start (or of the
  previous answer on a kept-alive connection); its body within ``BODY_TIMEOUT`` seconds of its headers (the
  app answers 408 at ``gin_ref.serve.guard.BODY_TIMEOUT``; this closes a connection whose answer is already
  sent, or that the app did not read). A connection that misses either is closed.

It leans on uvicorn's ``H11Protocol``: its constructor's signature and the methods overridden here are
checked by ``tests/test_serve_limits.py`` so that a change in uvicorn fails a test, not a club night.
"""

import asyncio
from typing import Any, Dict, Optional

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from gin_ref.serve.limits import Counter, Quiet

HEADER_TIMEOUT = 10.0  # seconds from a connection's start to its request's complete headers
BODY_TIMEOUT = 12.0  # seconds from the headers to the body's end (the app's own deadline, 10 s, answers first)


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with the caps and deadlines above (``counter``, ``quiet``: set by ``guarded``)."""

    counter: Counter = Counter(1 << 30, 1 << 30)
    quiet: Quiet = Quiet("connections")
    header_timeout = HEADER_TIMEOUT
    body_timeout = BODY_TIMEOUT

    def __init__(self, config: Config, server_state: ServerState, app_state: Dict[str, Any],
                 _loop: Optional[asyncio.AbstractEventLoop] = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._address = "-"
        self._admitted = False
        self._timer: Optional[asyncio.TimerHandle] = None
        self._waiting_for: Optional[str] = None  # "headers", "body" or None (nothing owed by the client)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        peer = transport.get_extra_info("peername")
        self._address = str(peer[0]) if peer else "-"
        why = self.counter.take(self._address)
        if why is not None:
            self.quiet.refused(f"{why}: a new connection closed at once")
            transport.abort()
            return
        self._admitted = True
        super().connection_made(transport)
        self._follow()

    def connection_lost(self, exc: Optional[Exception]) -> None:
        if not self._admitted:
            return
        self._admitted = False
        self.counter.give(self._address)
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    # -- the deadlines --------------------------------------------------------------------------------------
    def _follow(self) -> None:
        """Arm the deadline of what the client owes now (its headers, its body), or none."""
        if not self._admitted or self.transport is None or self.transport.is_closing():
            self._disarm()
            return
        state = self.conn.their_state
        owed = "headers" if state is h11.IDLE else "body" if state is h11.SEND_BODY else None
        if owed == self._waiting_for:
            return
        self._disarm()
        self._waiting_for = owed
        if owed is not None:
            seconds = self.header_timeout if owed == "headers" else self.body_timeout
            self._timer = self.loop.call_later(seconds, self._late, owed)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._waiting_for = None

    def _late(self, owed: str) -> None:
        self._timer = None
        if self.transport is None or self.transport.is_closing():
            return
        seconds = self.header_timeout if owed == "headers" else self.body_timeout
        self.quiet.refused(f"{owed} not sent within {seconds:g} s from {self._address}: the connection closed")
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        self.transport.close()


def guarded(counter: Counter, quiet: Optional[Quiet] = None, header_timeout: float = HEADER_TIMEOUT,
            body_timeout: float = BODY_TIMEOUT) -> "type[GuardedH11]":
    """The protocol class for one server: its own counter of connections and its deadlines."""
    attributes = {"counter": counter, "quiet": quiet or Quiet("connections"), "header_timeout": header_timeout,
                  "body_timeout": body_timeout}
    return type("GuardedH11Server", (GuardedH11,), attributes)

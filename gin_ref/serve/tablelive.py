"""A table's page follows its match live: ``/t/KEY/events``, a server-sent event stream (#39).

The stream sends the table's stamp (``table_stamp``: what its page was made from: the match file the table
plays, that file's size, time and inode, and the size of its journal, which grows with each entry, confirm,
reject) at once, then each time it changes: another phone's entry or confirm, a hand the command line or
``play`` wrote, a round the director paired. The page compares the stamp with its own and, when they
differ, fetches itself again (the server says what the page shows: no state of its own in the stream).

- It needs the table's cookie (its path, ``/t/KEY``, holds the stream's): without it, 403.
- At most ``PER_TABLE`` streams a table (a phone or two, a spare): one more is refused (429) until one
  ends. These streams are the tables', counted apart from the board's (``gin_ref.serve.events``).
- It looks at the files every ``INTERVAL`` seconds (a few ``stat`` calls: the command line's writes are
  seen too), sends a comment every ``KEEPALIVE`` seconds, ends after ``LIFETIME`` seconds or as soon as the
  server stops; the page opens it again with back-off (``gin_ref.serve.script``).
"""

import asyncio
import hashlib
import os
from typing import Any, Callable, Dict, Optional, Tuple

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.types import Message, Receive, Scope, Send

from gin_ref.desk.errors import N_
from gin_ref.desk.language import gettext
from gin_ref.serve.folder import NO_TABLE
from gin_ref.serve.security import Refused

PER_TABLE = 4  # open streams a table may hold at once
INTERVAL = 0.25  # seconds between two looks at a table's files
KEEPALIVE = 15.0  # seconds between two comments on a quiet stream
LIFETIME = 300.0  # seconds a stream stays open before the page is asked to reconnect
RETRY_MS = 1000  # the browser's own wait before it reconnects (the page's script backs off further)


def _stat(path: Optional[str]) -> Tuple[int, int, int, int]:
    if path is None:
        return (0, 0, 0, 0)
    try:
        info = os.stat(path)
    except OSError:
        return (0, 0, 0, 0)
    return (info.st_size, info.st_mtime_ns, info.st_ino, info.st_ctime_ns)


def table_stamp(match_path: Optional[str], journal_path: Optional[str]) -> str:
    """What a table's page is made from, as a short text that changes when any of it does: the match file's
    change time and the journal's size (both only grow: the page tells an older stamp from a newer one, so
    an announcement overtaken by the page it asked for fetches nothing more), then a digest of the rest."""
    match, journal = _stat(match_path), _stat(journal_path)
    seen = repr((match_path and os.path.basename(match_path), match, journal[0]))
    return f"{match[3]:020d}{journal[0]:012d}-{hashlib.sha256(seen.encode('utf-8')).hexdigest()[:12]}"


class TableStreams:
    """The ASGI endpoint of ``/t/{key}/events``: each open stream counted by table."""

    def __init__(self, served: Any) -> None:
        self.served = served
        self.open: Dict[str, int] = {}
        self.interval = INTERVAL
        self.keepalive = KEEPALIVE
        self.lifetime = LIFETIME

    def stamp(self, key: str) -> Tuple[Optional[str], str]:
        """The match file table ``key`` plays now (None before it is paired) and its stamp."""
        spot = self.served.folder.spot(key)
        path = spot.path if spot is not None else None
        journal = self.served.journals.of(path).path if path is not None else None
        return path, table_stamp(path, journal)

    def _stopping(self) -> bool:
        return bool(self.served.should_stop())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        key = request.path_params["key"]
        try:
            if await run_in_threadpool(self.served.folder.spot, key) is None:  # it reads the event file
                raise Refused(404, gettext(NO_TABLE))
            self.served.security.authorize(request, key)
        except Refused as refused:
            await PlainTextResponse(refused.message, status_code=refused.status)(scope, receive, send)
            return
        if self.open.get(key, 0) >= PER_TABLE:
            self.served.log.warning("table %s: a stream refused, %d open already", key, PER_TABLE)
            await PlainTextResponse(gettext(N_("Too many pages of this table follow it: close one.")), status_code=429,
                                    headers={"Retry-After": "10"})(scope, receive, send)
            return
        self.open[key] = self.open.get(key, 0) + 1
        try:
            await self._stream(key, receive, send)
        finally:
            self.open[key] -= 1
            if not self.open[key]:
                del self.open[key]

    async def _stream(self, key: str, receive: Receive, send: Send) -> None:
        gone = asyncio.Event()

        async def listen() -> None:
            while True:
                message: Message = await receive()
                if message["type"] == "http.disconnect":
                    gone.set()
                    return

        listener = asyncio.ensure_future(listen())
        loop = asyncio.get_running_loop()
        try:
            await send({"type": "http.response.start", "status": 200,
                        "headers": [(b"content-type", b"text/event-stream; charset=utf-8"),
                                    (b"x-accel-buffering", b"no")]})
            await self._send(send, f"retry: {RETRY_MS}\n\n")
            event_file = os.path.join(self.served.folder.path, "event.yaml")
            event_seen = _stat(event_file)
            path, sent = await run_in_threadpool(self.stamp, key)
            journal = self.served.journals.of(path).path if path is not None else None
            await self._send(send, f"event: table\ndata: {sent}\n\n")
            began = quiet = loop.time()
            while not gone.is_set() and not self._stopping() and loop.time() - began < self.lifetime:
                try:
                    await asyncio.wait_for(gone.wait(), self.interval)
                    break
                except asyncio.TimeoutError:
                    pass
                now_event = _stat(event_file)
                if now_event != event_seen:  # a round paired: the table may play another file now
                    event_seen = now_event
                    path, _ = await run_in_threadpool(self.stamp, key)
                    journal = self.served.journals.of(path).path if path is not None else None
                stamp = table_stamp(path, journal)
                if stamp != sent:
                    sent = stamp
                    quiet = loop.time()
                    await self._send(send, f"event: table\ndata: {stamp}\n\n")
                elif loop.time() - quiet >= self.keepalive:
                    quiet = loop.time()
                    await self._send(send, ": still here\n\n")
            if not gone.is_set():
                await send({"type": "http.response.body", "body": b"", "more_body": False})
        except OSError:  # the client went while a line was being sent
            pass
        finally:
            listener.cancel()

    @staticmethod
    async def _send(send: Callable[[Message], Any], text: str) -> None:
        await send({"type": "http.response.body", "body": text.encode("utf-8"), "more_body": True})

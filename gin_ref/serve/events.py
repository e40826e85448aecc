"""Server-sent events: the board's updates pushed to every open board (no polling loop in the page).

A ``Hub`` holds the board as last made (a generation number and its JSON) and wakes every open stream when
the folder changes. Two things tell it: a table of this server recording a hand (``Served.recorded``), and
the watcher, which looks at the folder's files every ``INTERVAL`` seconds (their size, time and inode) so
that a hand written by the command line or ``play`` is pushed too. The watcher runs only while a stream is
open.

A stream sends the board at once when it opens (a board that lost its link catches up as it reconnects,
whatever it missed; its event ids, ``INSTANCE.GENERATION``, name this server's run, so a board that saw
generation 3 of a server since restarted is sent the board again), then each new generation, a comment
every ``KEEPALIVE`` seconds, and ends after ``LIFETIME`` seconds (the browser's EventSource reconnects by
itself, after ``RETRY_MS``), or as soon as the server stops, so Ctrl-C is never held up by an open board.
"""

import asyncio
import json
import os
import secrets
import threading
from typing import Any, AsyncIterator, Callable, Dict, Optional, Set, Tuple

from starlette.concurrency import run_in_threadpool

from gin_ref.desk.language import speaking, spoken

INTERVAL = 0.5  # seconds between two looks at the folder's files
KEEPALIVE = 15.0  # seconds between two comments on a quiet stream
LIFETIME = 600.0  # seconds a stream stays open before the browser is asked to reconnect
STOP_CHECK = 0.1  # seconds between two looks at whether the server is stopping
RETRY_MS = 1000  # how long a browser waits before it reconnects

Snapshot = Tuple[int, str]


def folder_stamps(folder: str) -> Dict[str, Tuple[int, int, int]]:
    """The size, time and inode of each YAML file of ``folder`` (the event file and the match files)."""
    found = {}
    try:
        names = os.listdir(folder)
    except OSError:
        return {}
    for name in names:
        if name.lower().endswith((".yaml", ".yml")):
            try:
                st = os.stat(os.path.join(folder, name))
            except OSError:
                continue
            found[name] = (st.st_size, st.st_mtime_ns, st.st_ino)
    return found


class Hub:
    """The board's generations and the streams waiting for the next one. ``make`` returns the board's data
    (called in a worker thread: it reads files); ``render`` turns it into what a stream sends. The board is
    made in each language a board asks for (its request's, ``gin_ref.serve.pagelang``): each language its own
    last board, made again after a change when a board in that language asks."""

    def __init__(self, folder: str, make: Callable[[], Any], render: Callable[[Any], Dict[str, Any]]) -> None:
        self.folder = folder
        self.make = make
        self.render = render
        self.interval = INTERVAL
        self.keepalive = KEEPALIVE
        self.lifetime = LIFETIME
        self.generation = 0
        self.instance = secrets.token_hex(4)  # event ids are this server's own: one restarted never matches
        self._snapshots: Dict[str, Snapshot] = {}  # the last board made in each language
        self._fresh: Set[str] = set()  # the languages whose board was made since the last change
        self._dirty = True
        self._lock = threading.Lock()  # one making of the board at a time
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._waiters: Set[asyncio.Event] = set()
        self._watching = False
        self._stamps: Dict[str, Tuple[int, int, int]] = {}
        self.stopping = False
        self.should_stop: Callable[[], bool] = lambda: False  # the server is stopping (Ctrl-C): end the streams

    # -- being told -------------------------------------------------------------------------------------
    def poke(self, _key: Optional[str] = None) -> None:
        """The folder changed: make the board again and wake the streams (from any thread)."""
        self._dirty = True
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            if _running_loop() is loop:
                self._wake()
            else:
                loop.call_soon_threadsafe(self._wake)
        except RuntimeError:  # the loop stopped meanwhile
            pass

    def _wake(self) -> None:
        for waiter in list(self._waiters):
            waiter.set()

    # -- the board --------------------------------------------------------------------------------------
    def snapshot(self, language: Optional[str] = None) -> Snapshot:
        """``(generation, JSON)`` of the board now in ``language`` (default: the one spoken here), made again
        only after a change (blocking: it reads)."""
        language = language or spoken()
        with self._lock:
            stamps = folder_stamps(self.folder)  # a change made while no stream was open (nothing watched)
            if self._dirty or stamps != self._stamps:
                self._dirty = False
                self._stamps = stamps
                self._fresh.clear()
            last = self._snapshots.get(language)
            if last is None or language not in self._fresh:
                with speaking(language):
                    text = json.dumps(self.render(self.make()), ensure_ascii=False, separators=(",", ":"))
                self._fresh.add(language)
                if last is None or text != last[1]:
                    self.generation += 1
                    last = self._snapshots[language] = (self.generation, text)
            return last

    async def _watch(self) -> None:
        """Look at the folder's files every ``interval`` seconds while a stream is open; a change pokes."""
        try:
            looked = asyncio.get_running_loop().time()
            while self._waiters and not self.stopping:
                await asyncio.sleep(STOP_CHECK)
                if self.should_stop():
                    self.stopping = True
                    self._wake()
                    break
                now = asyncio.get_running_loop().time()
                if now - looked < self.interval:
                    continue
                looked = now
                if folder_stamps(self.folder) != self._stamps:
                    self.poke()
        finally:
            self._watching = False

    # -- a stream ---------------------------------------------------------------------------------------
    async def stream(self, last_id: Optional[str] = None,
                     disconnected: Optional[Callable[[], Any]] = None,
                     language: Optional[str] = None) -> AsyncIterator[str]:
        """The text of one event stream: the board at once (unless the client has this generation already),
        then each new one, until ``lifetime`` passes, the client goes or the server stops; in ``language``
        (default: the one spoken where the stream began)."""
        language = language or spoken()
        loop = asyncio.get_running_loop()
        self._loop = loop
        waiter = asyncio.Event()
        self._waiters.add(waiter)
        if not self._watching:
            self._watching = True
            loop.create_task(self._watch())
        sent = last_id
        ends = loop.time() + self.lifetime
        try:
            yield f"retry: {RETRY_MS}\n\n"
            while not self.stopping:
                waiter.clear()
                generation, text = await run_in_threadpool(self.snapshot, language)
                ident = f"{self.instance}.{generation}"
                if ident != sent:
                    sent = ident
                    yield f"id: {ident}\nevent: board\ndata: {text}\n\n"
                left = ends - loop.time()
                if left <= 0:
                    break
                try:
                    await asyncio.wait_for(waiter.wait(), min(self.keepalive, left, 1.0 if self.stopping else left))
                except asyncio.TimeoutError:
                    if disconnected is not None and await disconnected():
                        break
                    if ends - loop.time() > 0:
                        yield ": still here\n\n"
        finally:
            self._waiters.discard(waiter)


def _running_loop() -> Optional[asyncio.AbstractEventLoop]:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None

"""The application: ``build_app(folder) -> Starlette``.

Routes come from route factories: each takes the ``Served`` (the folder, its tokens, the journals, the
security checks) and returns Starlette routes. ``gin_ref.serve.table`` makes the table pages; the modules
named in ``EXTENSIONS`` (the board, the director's page), when present, add theirs through their own
``routes(served)``, and ``register`` adds any other. Every response goes through ``Guard``
(``gin_ref.serve.guard``: the Host, the body's size and time, security headers, one log line a request).
"""

import importlib
import logging
import socket
from typing import Callable, ContextManager, List, Optional, Sequence

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from gin_ref.serve import pages
from gin_ref.serve.folder import Folder
from gin_ref.serve.limits import FD_WANTED, Caps, Streams
from gin_ref.serve.guard import MAX_BODY, Guard, is_ip  # noqa: F401 (MAX_BODY, is_ip: where they were)
from gin_ref.serve.entries import Bases
from gin_ref.serve.journal import Journals
from gin_ref.serve.pins import Pins
from gin_ref.serve.security import Security
from gin_ref.serve.state import Tokens
from gin_ref.serve import table
from gin_ref.serve.entries import writing

RouteFactory = Callable[["Served"], Sequence[BaseRoute]]
EXTENSIONS = ("board", "director")  # gin_ref.serve.<name>.routes(served), added when the module exists
_FACTORIES: List[RouteFactory] = []
LOG = logging.getLogger("gin_ref.serve")


def register(factory: RouteFactory) -> RouteFactory:
    """Add a route factory to every app built from now on (usable as a decorator)."""
    if factory not in _FACTORIES:
        _FACTORIES.append(factory)
    return factory


class Served:
    """What the routes share: the folder, its tokens, the journals, the security checks, the log, and the
    listeners told of each hand a table records (``recorded``: the board's updates)."""

    def __init__(self, folder: Folder, tokens: Tokens, pins: bool = False, hosts: Sequence[str] = (),
                 scheme: str = "http") -> None:
        self.folder = folder
        self.tokens = tokens
        self.pins = pins
        self.scheme = scheme
        self.journals = Journals(folder.path)
        self.bases = Bases()
        self.pin_store = Pins(folder.path)
        self.security = Security(tokens, hosts, secure=scheme == "https")
        self.log = LOG
        self.listeners: List[Callable[[str], None]] = []

    def recorded(self, key: str) -> None:
        """Tell the listeners that table ``key`` wrote its match file."""
        for listener in list(self.listeners):
            try:
                listener(key)
            except Exception:  # a listener's failure must not cost the hand its answer
                self.log.exception("a listener failed after table %s recorded", key)

    def writing(self, path: str) -> "ContextManager[None]":
        """Hold a match file for a write from this server (the director's ruling, say): the table's thread
        lock, then the file's lock (waiting a little for another writer). Every write of the server to a
        match file goes through this (or the table's own entries), never a bare ``matchfile.updating``:
        the file lock's hold is per process."""
        return writing(self.journals.of(path), path)

    def token_for(self, key: str) -> str:
        return self.tokens.add(key)


def local_hosts(host: str) -> List[str]:
    """The host names a request may carry in its Host header besides IP literals: localhost, the host
    served on, and this machine's own names (no other name: a DNS-rebinding page's Host is refused)."""
    names = {"localhost", host.casefold()}
    try:
        name = socket.gethostname().casefold()
        names |= {name, f"{name}.local"}
    except OSError:
        pass
    return sorted(names)


def build_app(folder: str, host: str = "127.0.0.1", tokens: Optional[Tokens] = None, pins: bool = False,
              scheme: str = "http", renew: bool = False, board_token: bool = False,
              caps: Optional[Caps] = None) -> Starlette:
    """The application serving ``folder`` (an event folder or a folder of match files)."""
    model = Folder(folder)
    if tokens is None:
        tokens = Tokens.load(folder, model.keys(), renew=renew)
    served = Served(model, tokens, pins, local_hosts(host), scheme)
    setattr(served, "board_token", board_token)  # the board needs its own token (serve --board-token, #21)
    setattr(served, "streams", Streams(caps or Caps.of(FD_WANTED)))  # the cap of the board's streams (#35)
    routes: List[BaseRoute] = [Route("/", _index(served))]
    routes += table.routes(served)
    for name in EXTENSIONS:
        try:
            module = importlib.import_module(f"gin_ref.serve.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"gin_ref.serve.{name}":
                raise
            continue
        routes += module.routes(served)
    for factory in _FACTORIES:
        routes += factory(served)
    app = Starlette(routes=routes, exception_handlers={404: _not_found, 405: _not_allowed})
    app.state.served = served
    app.add_middleware(Guard, served=served)
    return app


def _index(served: Served) -> Callable[[Request], Response]:
    def index(request: Request) -> Response:
        return HTMLResponse(pages.index_page(served.folder))
    return index


async def _not_found(request: Request, exc: Exception) -> Response:
    return HTMLResponse(pages.message_page("Not found", "There is no such page here."), status_code=404)


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return PlainTextResponse("method not allowed", status_code=405)


def redirect(url: str) -> Response:
    return RedirectResponse(url, status_code=303)

"""The application: ``build_app(folder) -> Starlette``.

Routes come from route factories: each takes the ``Served`` (the folder, its tokens, the journals, the
security checks) and returns Starlette routes. ``gin_ref.serve.table`` makes the table pages; the modules
named in ``EXTENSIONS`` (the board, the director's page), when present, add theirs through their own
``routes(served)``, and ``register`` adds any other. Every response goes through ``Guard`` (Host check,
body size cap, security headers, an access log without query strings, errors without tracebacks).
"""

import importlib
import ipaddress
import logging
import socket
import time
from typing import Callable, ContextManager, Dict, List, Optional, Sequence

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gin_ref.serve import pages
from gin_ref.serve.folder import Folder, bound_folder
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
MAX_BODY = 16 * 1024  # bytes: a hand's form is a few hundred
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
        self.journals = Journals(folder.path, folder.match_names())
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


def is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text.strip("[]"))
        return True
    except ValueError:
        return False


def build_app(folder: str, host: str = "127.0.0.1", tokens: Optional[Tokens] = None, pins: bool = False,
              scheme: str = "http", renew: bool = False, board_token: bool = False) -> Starlette:
    """The application serving ``folder`` (an event folder or a folder of match files)."""
    if tokens is None:
        model = bound_folder(folder, renew)
        tokens = model.tokens
    else:
        model = Folder(folder, tokens)
    assert tokens is not None
    served = Served(model, tokens, pins, local_hosts(host), scheme)
    setattr(served, "board_token", board_token)  # the board needs its own token (serve --board-token, #21)
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


HEADERS = [
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
    (b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                 b"img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
]


class Guard:
    """The app behind the checks every request passes: its Host (an IP literal or one of this machine's
    names; a DNS-rebinding page is refused), its body size (``MAX_BODY``), the security headers on every
    answer, the access log (the path without its query string: a token never reaches a log; with the time from the request's
    arrival to its answer), and an
    answer without traceback or path for any error."""

    def __init__(self, app: ASGIApp, served: Served) -> None:
        self.app = app
        self.served = served

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        app, served = self.app, self.served
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]}
        client = (scope.get("client") or ("-", 0))[0]
        method, path = scope["method"], scope["path"]
        status: Dict[str, int] = {"code": 0}
        began = time.perf_counter()

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        host = headers.get("host", "")
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        if not host or not (is_ip(name) or name.casefold() in served.security.hosts):
            served.log.warning("refused %s %s from %s: Host %r is not this server's", method, path, client, host[:80])
            await PlainTextResponse("unknown host", status_code=421)(scope, receive, sending)
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await PlainTextResponse("request too large", status_code=413)(scope, receive, sending)
            return
        seen = {"bytes": 0}

        async def receiving() -> Message:
            message = await receive()
            if message["type"] == "http.request":
                seen["bytes"] += len(message.get("body", b""))
                if seen["bytes"] > MAX_BODY:
                    raise BodyTooLarge()
            return message

        try:
            await app(scope, receiving, sending)
        except BodyTooLarge:
            if not status["code"]:
                await PlainTextResponse("request too large", status_code=413)(scope, receive, sending)
        except Exception:
            served.log.exception("error answering %s %s", method, path)
            if not status["code"]:
                await HTMLResponse(pages.message_page("Something went wrong", "The server could not answer this "
                                                      "request. Nothing was recorded by it."),
                                   status_code=500)(scope, receive, sending)
        finally:
            served.log.info("%s %s %s %s %.1fms", client, method, path, status["code"],
                            (time.perf_counter() - began) * 1000)


class BodyTooLarge(Exception):
    pass


def redirect(url: str) -> Response:
    return RedirectResponse(url, status_code=303)

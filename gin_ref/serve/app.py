"""The application: ``build_app(folder) -> Starlette``.

Routes come from route factories: each takes the ``Served`` (the folder, its tokens, the journals, the
security checks: ``gin_ref.serve.served``) and returns Starlette routes: ``gin_ref.serve.table`` makes the
table pages, ``gin_ref.serve.board`` the board's and ``gin_ref.serve.director`` the director's, and
``register`` adds any other. Every response goes through ``Guard``
(``gin_ref.serve.guard``: the Host, the body's size and time, security headers, one log line a request).
"""

import socket
from typing import Callable, List, Optional, Sequence

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from gin_ref.desk.language import gettext as _
from gin_ref.serve import pagelang, pages
from gin_ref.serve import board, director, table
from gin_ref.serve.folder import Folder, bound_folder
from gin_ref.serve.limits import FD_WANTED, Caps, Streams
from gin_ref.serve.guard import MAX_BODY, Guard, is_ip  # noqa: F401 (MAX_BODY, is_ip: where they were)
from gin_ref.serve.served import Served
from gin_ref.serve.state import Tokens

RouteFactory = Callable[["Served"], Sequence[BaseRoute]]
_FACTORIES: List[RouteFactory] = []


def register(factory: RouteFactory) -> RouteFactory:
    """Add a route factory to every app built from now on (usable as a decorator)."""
    if factory not in _FACTORIES:
        _FACTORIES.append(factory)
    return factory


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
    if tokens is None:
        model = bound_folder(folder, renew)
        tokens = model.tokens
    else:
        model = Folder(folder, tokens)
    assert tokens is not None
    served = Served(model, tokens, pins, local_hosts(host), scheme, board_token,
                    Streams(caps or Caps.of(FD_WANTED)))
    routes: List[BaseRoute] = [Route("/", _index(served)), Route("/language", pagelang.switch(scheme == "https"))]
    routes += table.routes(served)
    routes += board.routes(served)
    routes += director.routes(served)
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
    return HTMLResponse(pages.message_page(_("Not found"), _("There is no such page here.")), status_code=404)


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return PlainTextResponse(_("This page does not take that kind of request."), status_code=405)


def redirect(url: str) -> Response:
    return RedirectResponse(url, status_code=303)

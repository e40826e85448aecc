"""Run the application on uvicorn: one ``serve`` per folder (the instance lock), each table's address
printed at start, Ctrl-C stopping it within 2 seconds (open streams included), the access log without
tokens (uvicorn's own access log is off: ``gin_ref.serve.app.guard`` logs each request's path alone).

The web stack (uvicorn, Starlette: the app and the board) is imported at this module's top: the command
line loads this module only when a server runs (``gin_ref.cli.serve_cmd``; docs/architecture.md, "Imports"),
so ``--cards`` and ``--renew`` need none of it."""

import logging
import socket
import sys
from typing import Any, Callable, List, Optional

import uvicorn

from gin_ref.core.errors import InvalidNotationError, RecordError
from gin_ref.core.escape import one_line, shown_path
from gin_ref.core.message import Message, N_
from gin_ref.desk.language import gettext as _
from gin_ref.serve.app import build_app
from gin_ref.serve.address import lan_address, shown_host  # noqa: F401 (lan_address: where it was)
from gin_ref.serve.limits import BACKLOG, Caps, Counter, raise_fd_limit
from gin_ref.serve.protocol import guarded
from gin_ref.serve.state import BOARD, DIRECTOR, InstanceLock, Tokens
from gin_ref.serve.folder import Folder, bound_folder

GRACE = 1  # seconds an open connection gets to finish once Ctrl-C is pressed
# Python's switch interval while a server runs: the director's verify and the score sheet are work of this
# process (#37), and a confirm that gives the interpreter up at each file operation waits this long for it
# each time behind them (the default, 5 ms, made a confirm's wait several times its 5 ms of work).
SWITCH_INTERVAL = 0.0005


def addresses(base: str, tokens: Tokens, keys: List[str], labels: List[str]) -> List[str]:
    """A line per table; its label (a file's name) escaped as every name printed is (``shown_path``); an
    event's table (``table 1``) said in the language spoken."""
    return [_("table %(table)d: %(address)s") % {"table": int(key), "address": f"{base}/t/{key}?token={tokens.add(key)}"}
            if key.isdigit() and label == f"table {key}" else f"{shown_path(label)}: {base}/t/{key}?token={tokens.add(key)}"
            for key, label in zip(keys, labels)]


def start_lines(base: str, tokens: Tokens, board_token: bool) -> List[str]:
    """What ``serve`` prints at start besides the tables: the board's address and the director's."""
    board = f"{base}/board?token={tokens.add(BOARD)}" if board_token else f"{base}/board"
    return [_("board: %(address)s") % {"address": board},
            _("director: %(address)s") % {"address": f"{base}/director?token={tokens.add(DIRECTOR)}"}]


def listen(host: str, port: int) -> socket.socket:
    """The listening socket (RecordError, in words, when the port is taken or not allowed)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError as exc:
        sock.close()
        words = (exc.strerror or str(exc)).lower()
        raise RecordError(Message(N_("cannot listen on %(host)s:%(port)s: %(reason)s"), host=host, port=port,
                                  reason=words)) from None
    sock.set_inheritable(True)
    return sock


def configure_logging() -> None:
    """The server's log on stderr: ``gin_ref.serve``'s lines (one a request, ``gin_ref.serve.guard``) and
    uvicorn's and asyncio's warnings, each message with its control characters escaped."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(EscapedFormatter("%(asctime)s %(message)s", "%H:%M:%S"))
    log = logging.getLogger("gin_ref.serve")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


class EscapedFormatter(logging.Formatter):
    """A log line whose message cannot hold a line break or a terminal escape (its traceback, when one is
    logged, follows on lines of its own)."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        record.message = one_line(record.message)
        return super().formatMessage(record)

    def formatException(self, ei: Any) -> str:
        return "\n".join(one_line(line) for line in super().formatException(ei).splitlines())


def run(folder: str, host: str, port: int, certfile: Optional[str], keyfile: Optional[str], new_tokens: bool,
        pins: bool, echo: Callable[[str], None], board_token: bool = False) -> None:
    """Serve ``folder`` until Ctrl-C."""
    if (certfile is None) != (keyfile is None):
        raise InvalidNotationError(Message(N_("--ssl-certfile and --ssl-keyfile go together: give both")))
    for name in (certfile, keyfile):
        if name is not None:
            try:
                with open(name, "rb"):
                    pass
            except OSError as exc:
                raise RecordError(Message(N_("cannot read '%(path)s': %(reason)s"), path=name,
                                          reason=(exc.strerror or str(exc)).lower())) from None
    scheme = "https" if certfile else "http"
    model = Folder(folder)
    lock = InstanceLock(folder)
    base = f"{scheme}://{shown_host(host)}:{port}"
    lock.acquire(base)
    try:
        model = bound_folder(folder, new_tokens)
        tokens = model.tokens
        assert tokens is not None
        files, how = raise_fd_limit()
        caps = Caps.of(files, len(model.keys()))
        configure_logging()  # before the app: its start (an older journal read, say) may log
        sys.setswitchinterval(SWITCH_INTERVAL)
        app = build_app(folder, host=host, tokens=tokens, pins=pins, scheme=scheme, board_token=board_token,
                        caps=caps)
        # h11 is pinned as the protocol, with the connection's caps and deadlines (gin_ref.serve.protocol);
        # uvicorn's limit_concurrency is not used: it would turn the tables away with the flood
        config = uvicorn.Config(app, host=host, port=port, access_log=False, log_level="warning",
                                ssl_certfile=certfile, ssl_keyfile=keyfile, timeout_graceful_shutdown=GRACE,
                                lifespan="off", http=guarded(Counter(caps.connections, caps.per_address)),
                                backlog=BACKLOG)
        server = uvicorn.Server(config)
        app.state.served.should_stop = lambda: bool(server.should_exit)  # open board streams end (#21)
        sockets = [listen(host, port)]
        bound = sockets[0].getsockname()[1]
        base = f"{scheme}://{shown_host(host)}:{bound}"
        lock.note(base)
        spots = model.spots()
        echo(_("serving %(folder)s on %(address)s (Ctrl-C stops)") % {"folder": shown_path(folder), "address": base})
        for line in addresses(base, tokens, [spot.key for spot in spots], [spot.label for spot in spots]):
            echo(line)
        for line in start_lines(base, tokens, board_token):
            echo(line)
        echo(how)
        echo(caps.line())
        if host in ("127.0.0.1", "localhost", "::1"):
            echo(_("only this computer can reach it: give --host 0.0.0.0 for the phones on this network"))
        try:
            server.run(sockets=sockets)
        except KeyboardInterrupt:  # uvicorn stops, then passes Ctrl-C on: the way to stop a server, not an error
            pass
        echo(_("stopped serving %(folder)s") % {"folder": shown_path(folder)})
    finally:
        lock.release()

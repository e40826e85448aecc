"""The checks every request passes (``Guard``, the app's outermost layer) and what the server writes about it.

- Its Host: an IP literal or one of this machine's names (``localhost``, its host name, ``NAME.local``, the
  host served on), with the port the server is bound to; else 421 (a DNS-rebinding page, or a Host made up).
- Its body: at most ``MAX_BODY`` bytes (413), sent within ``BODY_TIMEOUT`` seconds of the headers (408, and
  the connection closed: a phone that sends a byte a second holds nothing for long).
- The security headers on every answer; every HTML answer with the control characters a name or a file
  name might carry (C0 but tab and line ends, DEL, C1, the bidirectional controls) made U+FFFD.
- One log line a request, with the refusal's reason on it when it was refused (``refuse_reason``): the path
  percent-quoted, every other text with its control characters shown as ``\\xNN`` / ``\\uNNNN`` (a forged
  log line or a changed terminal title cannot come from a request), never a query string (a token). A
  client that drops its connection mid-request is that one line, no traceback; an unexpected error (a bug)
  is a 500 without traceback or path, and one line too: the request's, saying the error and where it was
  raised.
"""

import asyncio
import contextvars
import ipaddress
import logging
import os
import re
import time
import traceback
from typing import Any, Dict, List, Optional, Tuple
from urllib.parse import quote

from starlette.requests import ClientDisconnect
from starlette.responses import HTMLResponse, PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gin_ref.core.escape import one_line
from gin_ref.core.message import say_options_plainly
from gin_ref.desk.language import gettext as _, hush, speak
from gin_ref.serve import pagelang, pages

MAX_BODY = 16 * 1024  # bytes: a hand's form is a few hundred
BODY_TIMEOUT = 10.0  # seconds from a request's headers to the end of its body
LOG = logging.getLogger("gin_ref.serve")
HEADERS = [
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
    (b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                 b"img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
]
CLOSE = [(b"connection", b"close")]
VARY = (b"vary", b"Accept-Language, Cookie")  # a page's language is chosen by them (gin_ref.serve.pagelang)

# -- text made safe -------------------------------------------------------------------------------------------
_HTML_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_HTML_CONTROL_BYTES = re.compile(b"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]"
                                 b"|\xe2\x81[\xa6-\xa9]")
REPLACEMENT = "\ufffd"


def log_text(text: object) -> str:
    """Text for a log line or the terminal: every control character (C0 with the tab, DEL, C1, the
    bidirectional controls, line separators) shown as ``\\xNN`` / ``\\uNNNN``."""
    return one_line(text).replace("\t", "\\x09")


def log_path(path: str) -> str:
    """A request's path for a log line: percent-quoted (what is not plain ASCII, a space, ``%``, a control)."""
    return quote(path, safe="/:@!$&'()*+,;=-._~")


def html_text(text: str) -> str:
    """``text`` with every control character an HTML page must not carry raw made U+FFFD."""
    return _HTML_CONTROLS.sub(REPLACEMENT, text)


def html_bytes(body: bytes) -> bytes:
    """``html_text`` on UTF-8 bytes."""
    return _HTML_CONTROL_BYTES.sub(REPLACEMENT.encode("utf-8"), body)


# -- the reason a request was refused, for its one log line ----------------------------------------------------
_NOTE: "contextvars.ContextVar[Optional[Dict[str, str]]]" = contextvars.ContextVar("gin_ref_refusal", default=None)


def refuse_reason(why: str, quiet: bool = False) -> None:
    """Say why this request is refused, on its log line (logged at once when no request is being answered).
    ``quiet``: the refusal is logged elsewhere, at most once a second with a count (``limits.Quiet``): the
    request gets no line of its own (a flood of them would fill the log)."""
    note = _NOTE.get()
    if note is None:
        if not quiet:
            LOG.warning("refused: %s", log_text(why))
        return
    if "why" not in note:
        note["why"] = why
    if quiet:
        note["quiet"] = "yes"


def note(text: str) -> None:
    """Add ``text`` to this request's one log line (logged at once when no request is being answered)."""
    found = _NOTE.get()
    if found is None:
        LOG.info("%s", log_text(text))
    else:
        found["more"] = f"{found['more']}; {text}" if "more" in found else text


# -- the Host ---------------------------------------------------------------------------------------------------
_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[^\[\]:@/\\\s]+)(?::([0-9]{1,5}))?")


def split_host(text: str, scheme: str) -> Optional[Tuple[str, int]]:
    """``(name, port)`` of a Host header (the port the scheme's when none is given), or None."""
    found = _HOST.fullmatch(text)
    if found is None:
        return None
    port = int(found.group(2)) if found.group(2) else (443 if scheme == "https" else 80)
    return found.group(1).casefold(), port


def is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text[1:-1] if text.startswith("[") and text.endswith("]") else text)
        return True
    except ValueError:
        return False


def host_allowed(host: str, names: Any, scheme: str, bound: Optional[int]) -> bool:
    """Is ``host`` (a Host header) this server: an IP literal or one of ``names``, with the port ``bound``?"""
    split = split_host(host, scheme)
    if split is None:
        return False
    name, port = split
    if not (is_ip(name) or name in names):
        return False
    return bound is None or port == bound


class Guard:
    """The app behind the checks every request passes (see the module's words)."""

    def __init__(self, app: ASGIApp, served: Any) -> None:
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
        status: Dict[str, Any] = {"code": 0, "close": False}
        note: Dict[str, str] = {}
        token = _NOTE.set(note)
        spoken = pagelang.choose(headers, getattr(served, "event_language", None))
        query = scope.get("query_string", b"").decode("latin-1")
        speaking, here = speak(spoken), pagelang.at(method, path, query)  # every word of this request in its language
        say_options_plainly()  # and no command-line option in them (#38: the fronts add their own hints)
        began = time.perf_counter()
        held: List[Message] = []
        status["held"] = held

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
                extra = CLOSE if status["close"] else []
                message["headers"] = [*message.get("headers", []), *HEADERS, *extra]
                if _is_html(message["headers"]):
                    message["headers"] += [VARY, (b"content-language", spoken.encode("ascii"))]
                    held.append(message)  # sent with the body, once its control characters are made U+FFFD
                    return
            elif message["type"] == "http.response.body" and held:
                start = held.pop()
                body = message.get("body", b"")
                if not message.get("more_body", False):
                    clean = html_bytes(body)
                    if clean != body:
                        start["headers"] = [(k, str(len(clean)).encode() if k.lower() == b"content-length" else v)
                                            for k, v in start["headers"]]
                        message = {**message, "body": clean}
                await send(start)
            await send(message)

        try:
            server = scope.get("server")
            bound = server[1] if server else None
            if not host_allowed(headers.get("host", ""), served.security.hosts, served.scheme, bound):
                refuse_reason(f"Host {headers.get('host', '')[:80]!r} is not this server's")
                await PlainTextResponse(_("This server does not answer to that address."),
                                        status_code=421)(scope, receive, sending)
                return
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                refuse_reason(f"a body of {length[:20]} bytes")
                status["close"] = True
                await PlainTextResponse(_("The request is too large."), status_code=413)(scope, receive, sending)
                return
            await app(scope, _Body(receive), sending)
        except BodyTooLarge:
            refuse_reason(f"a body longer than {MAX_BODY} bytes")
            await _answer_if_not(status, scope, receive, sending,
                                 PlainTextResponse(_("The request is too large."), 413))
        except BodyTooSlow:
            refuse_reason(f"a body not sent within {BODY_TIMEOUT:g} s")
            await _answer_if_not(status, scope, receive, sending,
                                 PlainTextResponse(_("The request took too long to arrive."), 408))
        except ClientDisconnect:  # a phone that went mid-request: one info line, no traceback
            status["code"] = status["code"] or "dropped (the client closed its connection mid-request)"
        except Exception as exc:  # a bug: one line (on the request's), and a 500 that says nothing was written
            said = f"unexpected error: {type(exc).__name__}: {exc}{_where(exc)}"
            note["more"] = f"{note['more']}; {said}" if "more" in note else said
            await _answer_if_not(status, scope, receive, sending, HTMLResponse(
                pages.message_page(_("Something went wrong"),
                                   _("The server could not answer this request. Nothing was recorded by it.")),
                status_code=500))
        finally:
            pagelang.left(here)
            hush(speaking)
            _NOTE.reset(token)
            took = (time.perf_counter() - began) * 1000
            why = note.get("why")
            more = f"; {log_text(note['more'])}" if "more" in note else ""
            if note.get("quiet"):
                pass
            elif why is None:
                served.log.info("%s %s %s %s %.1fms%s", client, log_text(method), log_path(path), status["code"],
                                took, more)
            else:
                served.log.warning("refused %s %s from %s: %s (%s, %.1fms)%s", log_text(method), log_path(path),
                                   client, log_text(why), status["code"], took, more)


def _where(exc: BaseException) -> str:
    """Where an unexpected error was raised (`` at FILE:LINE in FUNCTION``), for its one log line."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" at {os.path.basename(last.filename)}:{last.lineno} in {last.name}"


async def _answer_if_not(status: Dict[str, Any], scope: Scope, receive: Receive, send: Any,
                         response: Any) -> None:
    """Answer ``response`` (closing the connection) unless an answer has begun to be sent (an HTML answer's
    start held back for its body was not: it is dropped for this one)."""
    held = status.get("held")
    if held:
        held.clear()
        status["code"] = 0
    if not status["code"]:
        status["close"] = True
        await response(scope, receive, send)


def _is_html(headers: List[Tuple[bytes, bytes]]) -> bool:
    return any(key.lower() == b"content-type" and value.startswith(b"text/html") for key, value in headers)


class _Body:
    """``receive`` with the body's bounds: its size (``MAX_BODY``) and its time (``BODY_TIMEOUT`` from the
    headers). Once the body is whole, a call (a stream waiting for the client to go) is not timed."""

    def __init__(self, receive: Receive) -> None:
        self.receive = receive
        self.seen = 0
        self.whole = False
        self.ends = asyncio.get_running_loop().time() + BODY_TIMEOUT

    async def __call__(self) -> Message:
        if self.whole:
            return await self.receive()
        left = self.ends - asyncio.get_running_loop().time()
        try:
            message = await asyncio.wait_for(self.receive(), max(left, 0.001))
        except asyncio.TimeoutError:
            raise BodyTooSlow() from None
        if message["type"] == "http.request":
            self.seen += len(message.get("body", b""))
            if self.seen > MAX_BODY:
                raise BodyTooLarge()
            if not message.get("more_body", False):
                self.whole = True
        else:
            self.whole = True
        return message


class BodyTooLarge(Exception):
    pass


class BodyTooSlow(Exception):
    pass

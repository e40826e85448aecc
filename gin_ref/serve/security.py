"""Who may write what: the token of a table (or of the director) exchanged for a cookie, the cookie checked
on every page and form, a per-form token, and the Origin of every write.

- The first visit with ``?token=`` sets an HttpOnly, SameSite=Strict cookie (Secure over HTTPS) for that
  table's pages only and redirects to the address without the token. A missing, wrong or other table's
  token is refused (403) and logged without the token.
- Each form carries its own token: an HMAC, keyed by the table's token, of the form's name, so no other
  site can make one; it survives a restart (a page left open still sends).
- A write's Origin must be this server's scheme, host and port (``null`` is what a browser sends for a form under
  ``Referrer-Policy: no-referrer``: then ``Sec-Fetch-Site``, when sent, must say same-origin).
"""

import hashlib
import hmac
import logging
from typing import Dict, Optional, Sequence
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from gin_ref.desk.language import gettext as _
from gin_ref.serve import pages
from gin_ref.serve.guard import refuse_reason, split_host
from gin_ref.serve.state import Tokens

COOKIE = "gin_ref_token"
LOG = logging.getLogger("gin_ref.serve")


class Refused(Exception):
    """A request refused: its status and the words for the page (never a path or a token)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message

    def response(self) -> Response:
        return HTMLResponse(pages.message_page(_("Refused"), self.message), status_code=self.status)


class Security:
    def __init__(self, tokens: Tokens, hosts: Sequence[str], secure: bool = False) -> None:
        self.tokens = tokens
        self.hosts = set(hosts)
        self.secure = secure

    # -- the token and its cookie -------------------------------------------------------------------------
    def exchange(self, request: Request, key: str, path: str) -> Optional[Response]:
        """A visit with ``?token=``: the cookie for ``path`` and a redirect to it (without the token) when
        the token is ``key``'s; 403 when it is not; None for a visit without a token."""
        given = request.query_params.get("token")
        if given is None:
            return None
        if not self.tokens.matches(key, given):
            self.refused(request, key, "a wrong token")
            raise Refused(403, _("This address's token is not this table's. Scan the table's card again, or ask "
                                 "the director for a new one."))
        response = RedirectResponse(path, status_code=303)
        response.set_cookie(COOKIE, given, path=path, httponly=True, samesite="strict", secure=self.secure)
        return response

    def authorize(self, request: Request, key: str) -> str:
        """The token of the request (its cookie) when it is ``key``'s, else Refused (403, logged without the
        token)."""
        given = request.cookies.get(COOKIE)
        if not self.tokens.matches(key, given):
            self.refused(request, key, "no token" if not given else "a wrong token")
            raise Refused(403, _("This page needs the table's card: open the address on it (its QR code) on "
                                 "this phone."))
        return str(given)

    def refused(self, request: Request, key: str, why: str) -> None:
        """Say why on the request's one log line (``gin_ref.serve.guard``), without the token."""
        refuse_reason(f"{why} for {key}")

    # -- forms --------------------------------------------------------------------------------------------
    @staticmethod
    def form_token(token: str, form: str) -> str:
        """The per-form token of ``form`` for the holder of ``token``."""
        return hmac.new(token.encode("utf-8"), f"form:{form}".encode("utf-8"), hashlib.sha256).hexdigest()[:32]

    def check_origin(self, request: Request) -> None:
        """Refuse (403) a write from another site: its Origin must be this server's scheme, host and port (the
        host its Host header names, already checked to be this machine's, on the port the server is bound to)."""
        origin = request.headers.get("origin")
        site = request.headers.get("sec-fetch-site")
        if origin is not None and origin != "null":
            if not self.same_origin(request, origin):
                refuse_reason(f"Origin {origin[:80]!r} is not this server")
                raise Refused(403, _("A write from another site is refused."))
        elif site is not None and site not in ("same-origin", "none"):
            refuse_reason(f"Sec-Fetch-Site {site[:40]!r}")
            raise Refused(403, _("A write from another site is refused."))

    def same_origin(self, request: Request, origin: str) -> bool:
        scheme = "https" if self.secure else "http"
        given_scheme, sep, rest = origin.partition("://")
        if not sep or given_scheme.lower() != scheme:
            return False
        given = split_host(rest, scheme)
        host = split_host(request.headers.get("host", ""), scheme)
        server = request.scope.get("server")
        bound = server[1] if server else None
        if given is None or host is None or given[0] != host[0]:
            return False
        return given[1] == (bound if bound is not None else host[1])

    async def form(self, request: Request, token: str, form: str) -> Dict[str, str]:
        """The fields of a write's form (URL-encoded), after its Origin and its per-form token are checked."""
        self.check_origin(request)
        fields = await read_form(request)
        if not hmac.compare_digest(fields.get("form_token", ""), self.form_token(token, form)):
            refuse_reason("a missing or wrong form token")
            raise Refused(403, _("This form is out of date: reload the page and enter it again."))
        return fields


async def read_form(request: Request) -> Dict[str, str]:
    """A URL-encoded body as one value per field (the last given); anything else is refused (415)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise Refused(415, _("A form is sent URL-encoded."))
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(400, _("A form is sent as UTF-8 text.")) from None
    return {key: values[-1] for key, values in parse_qs(text, keep_blank_values=True).items()}

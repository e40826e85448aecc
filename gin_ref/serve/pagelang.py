"""The language of each page serve answers (#38 item 3, docs/serve.md#languages), chosen per request:

1. the phone's own choice, the language switch on every page (``/language?to=LANG&back=PATH``), kept in a
   cookie (``gin_ref_lang``, a year; no script needed: the switch is plain links);
2. else the phone's ``Accept-Language``, by its q-values (``sk-SK`` is ``sk``, ``fil-PH`` is ``fil``; ``tl``,
   Tagalog, is taken as Filipino: Filipino is Tagalog's standard form, and phones long sent ``tl`` for it;
   ``q=0`` is refused; ``*`` names none);
3. else the event's language (``language:`` in the event file), meant for the board and the sheet on a
   projector;
4. else English.

The Guard (``gin_ref.serve.guard``) chooses it as a request arrives and speaks it in the request's context
(``gin_ref.desk.language.speak``): every word said while the request is answered, in its task or in a worker
thread, is in it; the process's own language is never changed.
"""

import contextvars
import os
import re
from html import escape
from typing import Dict, List, Optional, Tuple
from urllib.parse import parse_qsl, quote, urlencode

from starlette.requests import Request, cookie_parser
from starlette.responses import RedirectResponse, Response

from gin_ref.core.errors import GinRefError
from gin_ref.desk.language import ENGLISH, available, gettext
from gin_ref.files import eventfile

COOKIE = "gin_ref_lang"
KEPT = 365 * 24 * 3600  # seconds the phone keeps its choice
NAMES = {"en": "English", "fil": "Filipino", "sk": "Slovenčina"}  # each in its own words (never translated)
ALIASES = {"tl": "fil"}  # Tagalog: Filipino is its standard form (docs/languages.md)
# a language range and its weight (RFC 9110 12.5.4: q is 0 to 1, with at most three decimals; "Q" too)
_ENTRY = re.compile(r"\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*[qQ]\s*=\s*(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?))?\s*")
LONGEST = 512  # characters of the header read: a language past them is not looked at

# the path of the page being answered (the switch's links come back to it)
_PATH: "contextvars.ContextVar[str]" = contextvars.ContextVar("gin_ref_page_path", default="/")


def known(code: Optional[str]) -> Optional[str]:
    """The language gin-ref speaks that ``code`` names (``sk``, ``sk-SK``, ``sk_SK``, ``tl``), or None."""
    if not code:
        return None
    have = available()
    base = code.strip().replace("_", "-").split("-")[0].lower()
    base = ALIASES.get(base, base)
    return base if base in have else None


def accepted(header: Optional[str]) -> Optional[str]:
    """The language of an ``Accept-Language`` header gin-ref speaks, the highest q first (ties: the order
    given), or None (none spoken, ``*`` only, or a header that does not read)."""
    if not header:
        return None
    ranked: List[Tuple[float, int, str]] = []
    parts = header[:LONGEST].split(",")
    if len(header) > LONGEST:
        parts.pop()  # cut inside it: "sk;q=0" cut to "sk" would read as wanted
    for index, part in enumerate(parts):
        found = _ENTRY.fullmatch(part)
        if found is None or found.group(1) == "*":
            continue
        weight = float(found.group(2)) if found.group(2) is not None else 1.0
        language = known(found.group(1))
        if weight > 0 and language is not None:
            ranked.append((-weight, index, language))
    return min(ranked)[2] if ranked else None


class EventLanguage:
    """The language an event folder's event file names (``language:``), read again only when the file changes
    (its size, time and inode); None for a folder of matches, an event that names none, or one that does not
    read (the board says why)."""

    def __init__(self, folder: str, is_event: bool) -> None:
        self.path = os.path.join(folder, "event.yaml") if is_event else None
        self._seen: Optional[Tuple[Tuple[int, int, int], Optional[str]]] = None

    def get(self) -> Optional[str]:
        if self.path is None:
            return None
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        stamp = (st.st_size, st.st_mtime_ns, st.st_ino)
        seen = self._seen
        if seen is None or seen[0] != stamp:
            seen = (stamp, self._read())
            self._seen = seen
        return seen[1]

    def _read(self) -> Optional[str]:
        try:
            named: Optional[str] = eventfile.load(os.path.dirname(self.path or "")).language
        except (GinRefError, OSError):
            return None
        return known(named)


def choose(headers: Dict[str, str], event: Optional[EventLanguage] = None) -> str:
    """The language of a request (its headers, names in lower case): see the module's words."""
    cookie = headers.get("cookie")
    if cookie and COOKIE in cookie:
        chosen = known(cookie_parser(cookie).get(COOKIE))
        if chosen is not None:
            return chosen
    chosen = accepted(headers.get("accept-language"))
    if chosen is not None:
        return chosen
    named = event.get() if event is not None else None
    return named or ENGLISH


def at(method: str, path: str, query: str = "") -> "contextvars.Token[str]":
    """The page being answered is at ``path`` with its ``query`` (the Guard's, for the switch's links: a page
    comes back as it was asked, ``/t/KEY?e=ID`` with its entry; a ``token`` in it is left out, the cookie
    holds it once the page is open). A form's answer (a POST) is shown at its form's address: the switch
    goes back to the page the form is on (the table's, the director's)."""
    if method not in ("GET", "HEAD"):
        parts = path.split("/")
        path = "/".join(parts[:3]) if path.startswith("/t/") else "/director" if path.startswith("/director") \
            else "/"
    else:
        kept = [(name, value) for name, value in parse_qsl(query, keep_blank_values=True) if name != "token"]
        path += "?" + urlencode(kept) if kept else ""
    return _PATH.set(path)


def left(token: "contextvars.Token[str]") -> None:
    _PATH.reset(token)


def switch_html(language: str) -> str:
    """The language switch: a link to each language gin-ref speaks, each named in its own words, the page's
    own marked as current; each link comes back to this page in that language (and the phone keeps it)."""
    back = quote(_PATH.get(), safe="/")
    items = []
    for code in available():
        name = escape(NAMES.get(code, code))
        if code == language:
            items.append(f'<span lang="{code}" aria-current="true"><strong>{name}</strong></span>')
        else:
            items.append(f'<a href="/language?to={code}&amp;back={back}" lang="{code}" hreflang="{code}">{name}</a>')
    return ('<nav class="langs" aria-label="' + escape(gettext("Language"), quote=True) + '">'
            + " · ".join(items) + "</nav>")


def safe_back(back: Optional[str]) -> str:
    """Where the switch goes back to: a path of this server (never another site's address), else ``/``."""
    if not back or not back.startswith("/") or back.startswith("//") or "\\" in back or any(
            ord(char) < 32 for char in back):
        return "/"
    return back


def switch(secure: bool):  # type: ignore[no-untyped-def]
    """The switch's route: ``/language?to=LANG&back=PATH`` keeps LANG in the phone's cookie and goes back."""
    async def chosen(request: Request) -> Response:
        back, _, query = safe_back(request.query_params.get("back")).partition("?")
        query = urlencode(parse_qsl(query, keep_blank_values=True))  # the page's query as it was, re-encoded
        response = RedirectResponse(quote(back, safe="/") + ("?" + query if query else ""), status_code=303)
        language = known(request.query_params.get("to"))
        if language is not None:
            response.set_cookie(COOKIE, language, max_age=KEPT, path="/", samesite="lax", secure=secure,
                                httponly=True)
        return response
    return chosen

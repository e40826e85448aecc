"""The live board, ``/board``: the event's standings, each table's players, scores, hands and the hand just
recorded, the round's pairings (``gin_ref.serve.boarddata``), for a projector; pushed to the page by
server-sent events (``/board/events``, ``gin_ref.serve.events``) within moments of a change. Read-only: no
token unless the server was started with ``--board-token`` (then the board's own token, exchanged for a
cookie as a table's is). ``/board/sheet`` is the score sheet (``gin-ref export --format html``'s page, made
in this process once per change: ``gin_ref.serve.sheet``). The board's streams without the director's or the
board's cookie are capped (``gin_ref.serve.limits.Streams``): past the cap, 503 with ``Retry-After``.

Scores and standings only, never money (the settlement is the director's).
"""

import json
import os
from html import escape
from typing import Any, AsyncIterator, Dict, List, Optional

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from gin_ref.serve import boarddata
from gin_ref.serve.events import Hub
from gin_ref.serve.security import Refused
from gin_ref.core.errors import GinRefError
from gin_ref.desk.language import gettext as _, ngettext, spoken
from gin_ref.serve import pages
from gin_ref.serve.pagelang import switch_html
from gin_ref.serve.guard import html_text, refuse_reason
from gin_ref.serve.handwords import said_hand
from gin_ref.serve.limits import RETRY_AFTER
from gin_ref.serve.security import COOKIE
from gin_ref.serve.served import Served
from gin_ref.serve.state import BOARD, DIRECTOR
from gin_ref.serve.sheet import Sheet
from gin_ref.views.words import versus

STYLE = """
html{background:#fff;color:#000}
body{font-family:system-ui,sans-serif;margin:0;padding:1vw 1.5vw;font-size:max(16px,1.3vw);line-height:1.25}
h1{font-size:1.9em;margin:0 0 .2em}h2{font-size:1.3em;margin:.5em 0 .2em;border-bottom:.12em solid #000}
table{border-collapse:collapse;width:100%}th,td{padding:.15em .5em;text-align:left;border-bottom:1px solid #000}
th{font-weight:bold;border-bottom:.15em solid #000}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.cols{display:flex;gap:2.5vw;flex-wrap:wrap;align-items:flex-start}.cols>.left{flex:1 1 24em}
.cols>.right{flex:2 1 36em}ul{margin:.2em 0;padding-left:1.2em}
.tables{display:grid;grid-template-columns:repeat(auto-fill,minmax(17em,1fr));gap:.8vw}
.table{border:.15em solid #000;padding:.4em .6em}.table h3{font-size:1.3em;margin:0}
.score{font-size:1.5em;font-weight:bold;font-variant-numeric:tabular-nums}
.last{font-style:italic}.state{text-transform:uppercase;letter-spacing:.05em;font-size:.8em;font-weight:bold}
.problem{font-weight:bold;text-decoration:underline}
#latest{font-size:1.3em;font-weight:bold;margin:.1em 0 .3em;border-left:.4em solid #000;padding-left:.4em}
.pairs{margin:.2em 0}.pairs span{white-space:nowrap}
footer{margin-top:1em;font-size:.7em}#link{font-size:.7em}.langs{margin-top:.5em}
@media (prefers-color-scheme:dark){html{background:#121212;color:#ececec}a{color:#8ab4f8}
h2,th,td,.table,#latest{border-color:#ececec}}
"""


def board_data(served: Served, reader: boarddata.TableReader) -> Dict[str, Any]:
    """The board's data for the folder served (an event, or a folder of plain matches)."""
    folder = served.folder
    if folder.is_event:
        try:
            return boarddata.event_board(folder.path, reader)
        except GinRefError as exc:  # a damaged event file: said on the board (no path), until it is mended
            line = getattr(exc, "line", None)
            message = getattr(exc, "message", str(exc))
            return boarddata.unreadable_board(os.path.basename(os.path.realpath(folder.path)),
                                              f"event.yaml{':' + str(line) if line else ''}: {message}")
    title = os.path.basename(os.path.realpath(folder.path)) or _("matches")
    spots = [(spot.label, spot.path) for spot in folder.spots() if spot.path is not None]
    return boarddata.matches_board(title, spots, reader)


def _scores(entry: Dict[str, Any]) -> str:
    totals = entry.get("totals")
    if not totals:
        return ""
    return " – ".join(f"{escape(name)} {value}" for name, value in totals.items())


def standings_html(data: Dict[str, Any]) -> str:
    rows = data["standings"]
    if not rows:
        return "<p>" + escape(_('No finished match yet.')) + "</p>"
    if data["kind"] == "event":
        swiss = data["format"] == "swiss"
        head = ("<tr><th class=n>#</th><th>" + _('player') + "</th><th class=n>" + _('points') + "</th>"
                "<th class=n>" + _('played') + "</th>" + ("<th class=n>" + _('buchholz') + "</th>" if swiss else "")
                + "<th class=n>" + _('diff') + "</th></tr>")
        body = "".join(
            f"<tr><td class=n>{row['rank']}</td><td>{escape(row['player'])}</td>"
            f"<td class=n>{_points(row['match_points'])}</td><td class=n>{row['played']}</td>"
            + (f"<td class=n>{_points(row['buchholz'])}</td>" if swiss else "")
            + f"<td class=n>{row['diff']:+d}</td></tr>" for row in rows)
    else:
        # Translators: the standings' columns: matches played, matches won, points scored (for) and
        # conceded (against), and their difference
        head = ("<tr><th class=n>#</th><th>" + _('player') + "</th><th class=n>" + _('matches') + "</th>"
                "<th class=n>" + _('won') + "</th><th class=n>" + _('for') + "</th><th class=n>" + _('against') + "</th>"
                "<th class=n>" + _('diff') + "</th></tr>")
        body = "".join(
            f"<tr><td class=n>{row['rank']}</td><td>{escape(row['player'])}</td><td class=n>{row['matches']}</td>"
            f"<td class=n>{row['matches_won']}</td><td class=n>{row['points_for']}</td>"
            f"<td class=n>{row['points_against']}</td><td class=n>{row['diff']:+d}</td></tr>" for row in rows)
    return f'<table id="standings"><thead>{head}</thead><tbody>{body}</tbody></table>'


def _points(value: Any) -> str:
    if value is None:
        return ""
    whole = int(value)
    return (str(whole) if whole or value == whole else "") + ("½" if value != whole else "")


def tables_html(data: Dict[str, Any]) -> str:
    items = []
    for entry in data["tables"]:
        players = escape(versus(entry["players"]))
        last = entry.get("last")
        last_text = escape(said_hand(last["hand"])) if last else escape(_("no hand yet"))
        problem = (f'<p class="problem">{escape(entry["problem"])}</p>' if entry.get("problem") else "")
        items.append(
            f'<div class="table" data-table="{escape(entry["label"])}">'
            f'<h3>{escape(entry["label"].capitalize())}: {players}</h3>'
            f'<div class="score">{_scores(entry)}</div>'
            f'<div><span class="state">{escape(entry["state"])}</span> · '
            '' + escape(ngettext("%(count)d hand", "%(count)d hands", entry["hands"]) % {"count": entry["hands"]}) + '</div>'
            f'<div class="last">{last_text}</div>{problem}</div>')
    return (f'<div class="tables" id="tables">{"".join(items)}</div>' if items
            else "<p>" + escape(_('No table yet.')) + "</p>")


def pairings_html(data: Dict[str, Any]) -> str:
    if data["kind"] != "event":
        return ""
    if not data["pairings"]:
        return ('<section id="pairings"><h2>' + escape(_("Pairings")) + '</h2>'
                '<p>' + escape(_("No round paired yet.")) + '</p></section>')
    latest = data["pairings"][-1]
    items = [f"<span>{escape(_table_pair(t))}</span>" for t in latest["tables"]]
    if latest["bye"]:
        items.append("<span>" + escape(_('Bye: %(player)s') % {'player': latest['bye']}) + "</span>")
    heading = _("Round %(round)d of %(rounds)d: pairings") % {"round": latest["round"], "rounds": data["rounds"]}
    return (f'<section id="pairings"><h2>{escape(heading)}</h2>'
            f'<p class="pairs">{" · ".join(items)}</p></section>')


def _table_pair(table: Dict[str, Any]) -> str:
    said = {"table": table["table"], "players": versus(table["players"])}
    return (_("Table %(table)s: %(players)s (finished)") if table["finished"] else _("Table %(table)s: %(players)s")) % said


def board_body(data: Dict[str, Any]) -> str:
    """The board's content (what each update replaces)."""
    title = _("Tables") if data["kind"] == "matches" else (
        _("Round %(round)d: tables") % {"round": data["round"]} if data["round"] else _("Tables"))
    latest = data.get("latest")
    just = ('<p id="latest">' + escape(_("Just recorded: %(table)s, %(hand)s") % {"table": latest["label"], "hand": said_hand(latest["hand"])}) + '</p>'
            if latest else "")
    return (f'<h1 id="heading">{escape(data["heading"])}</h1>{just}'
            '<div class="cols"><div class="left"><section><h2>' + escape(_("Standings")) + f'</h2>{standings_html(data)}</section>'
            f'{pairings_html(data)}</div>'
            f'<section class="right"><h2>{escape(title)}</h2>{tables_html(data)}</section></div>')


def board_page(shown: Dict[str, Any], generation: str) -> str:
    """The whole page, in the language spoken: ``shown`` is what a stream sends (``html``, ``heading``, ``title``)."""
    language = spoken()
    title = _("%(title)s: board") % {"title": shown["title"]}
    return (f"<!DOCTYPE html>\n<html lang=\"{language}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"referrer\" content=\"no-referrer\"><meta name=\"color-scheme\" content=\"light dark\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style>"
            "<script src=\"/board.js\" defer></script></head>\n"
            f"<body data-generation=\"{generation}\"><main id=\"board\">{shown['html']}</main>"
            "<footer><a href=\"/board/sheet\">" + escape(_('The score sheet')) + "</a> · <span id=\"link\" "
            "data-updated=\"" + escape(_('updated at %(time)s'), quote=True) + "\" "
            "data-lost=\"" + escape(_('link lost: reconnecting'), quote=True) + "\">"
            "" + escape(_('updated as each hand is confirmed')) + f"</span>{switch_html(language)}</footer></body></html>\n")


SCRIPT = """\
// The board follows the server's events: each one replaces the board's content (no polling). The browser
// reconnects by itself after a lost link; a stream the browser gave up on (an error answer) is opened anew.
(function () {
  var board = document.getElementById("board"), link = document.getElementById("link");
  if (!board) { return; }
  // a projector shows one screen: the type shrinks until the whole board fits it (down to 10 px)
  function fit() {
    document.body.style.fontSize = "";
    var px = parseFloat(window.getComputedStyle(document.body).fontSize);
    while (document.documentElement.scrollHeight > window.innerHeight && px > 10) {
      px -= 1;
      document.body.style.fontSize = px + "px";
    }
  }
  window.addEventListener("resize", fit);
  fit();
  function listen() {
    var source = new EventSource("/board/events");
    source.addEventListener("board", function (event) {
      var data = JSON.parse(event.data);
      board.innerHTML = data.html;
      fit();
      document.body.setAttribute("data-generation", event.lastEventId);
      link.textContent = link.getAttribute("data-updated").replace(
        "%(time)s", new Date().toLocaleTimeString(document.documentElement.lang || undefined));
    });
    source.onerror = function () {
      link.textContent = link.getAttribute("data-lost");
      if (source.readyState === EventSource.CLOSED) { source.close(); window.setTimeout(listen, 3000); }
    };
  }
  if (window.EventSource) { listen(); }
})();
"""


def routes(served: Served) -> List[BaseRoute]:
    reader = boarddata.TableReader()

    def make() -> Dict[str, Any]:
        return board_data(served, reader)

    def render(data: Dict[str, Any]) -> Dict[str, Any]:  # control characters made U+FFFD, as on every page
        return {"html": html_text(board_body(data)), "heading": html_text(data["heading"]),
                "title": html_text(data["title"])}

    hub = Hub(served.folder.path, make, render)
    hub.should_stop = lambda: served.should_stop()
    served.board_hub = hub
    served.listeners.append(hub.poke)

    def allowed(request: Request) -> Optional[Response]:
        """None when the board may be shown; the answer otherwise (a token exchanged, or refused)."""
        if not served.board_token:
            return None
        try:
            exchanged: Optional[Response] = served.security.exchange(request, BOARD, "/board")
            if exchanged is not None:
                return exchanged
            served.security.authorize(request, BOARD)
        except Refused as refused:
            return refused.response()
        return None

    async def page(request: Request) -> Response:
        answer = allowed(request)
        if answer is not None:
            return answer
        generation, text = await run_in_threadpool(hub.snapshot)
        return HTMLResponse(board_page(json.loads(text), f"{hub.instance}.{generation}"))

    async def stream(request: Request) -> Response:
        answer = allowed(request)
        if answer is not None:
            return answer
        address = request.client.host if request.client else "-"
        gate = served.streams
        counter = gate.enter(address, privileged(request))
        if counter is None:
            refuse_reason("too many board streams open", quiet=True)  # said once a second
            return PlainTextResponse(_("Too many boards are open: this one tries again shortly."), status_code=503,
                                     headers={"Retry-After": str(RETRY_AFTER), "Connection": "close"})

        async def gone() -> bool:
            return await request.is_disconnected()

        async def counted() -> AsyncIterator[str]:
            try:
                async for piece in hub.stream(request.headers.get("last-event-id"), gone, spoken()):
                    yield piece
            finally:
                counter.give(address)

        return StreamingResponse(counted(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})

    def privileged(request: Request) -> bool:
        """Does the stream carry the director's or the board's cookie (the room kept for them)?"""
        given = request.cookies.get(COOKIE)
        return bool(given) and any(served.tokens.matches(key, given) for key in (BOARD, DIRECTOR))

    def script(request: Request) -> Response:
        return Response(SCRIPT, media_type="text/javascript")

    made = Sheet(served.folder.path, served.folder.table_files, lambda: _title(served), served.tables_first.wait)
    served.sheet = made

    async def sheet(request: Request) -> Response:
        answer = allowed(request)
        if answer is not None:
            return answer
        status, text = await made.answer()
        if status != 200:
            return HTMLResponse(_plain_page(_("Score sheet"), text.strip() or _("The score sheet could not be made.")),
                                status_code=status)
        return HTMLResponse(in_language(text))

    return [Route("/board", page), Route("/board/events", stream), Route("/board.js", script),
            Route("/board/sheet", sheet)]


def in_language(sheet: str) -> str:
    """The sheet (``export --format html``'s page) with the language spoken on its ``<html lang>`` and the
    language switch after its content."""
    return (sheet.replace('<html lang="en">', f'<html lang="{spoken()}">', 1)
            .replace("</main>\n</body>", f"</main>\n{switch_html(spoken())}\n</body>", 1))


def _title(served: Served) -> str:
    name = os.path.basename(os.path.realpath(served.folder.path)) or _("Club night")
    return _("%(name)s: score sheet") % {"name": name}


def _plain_page(title: str, message: str) -> str:
    return pages.message_page(title, message)

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
from gin_ref.serve import pages
from gin_ref.serve.guard import html_text, refuse_reason
from gin_ref.serve.limits import RETRY_AFTER
from gin_ref.serve.security import COOKIE
from gin_ref.serve.served import Served
from gin_ref.serve.state import BOARD, DIRECTOR
from gin_ref.serve.sheet import Sheet

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
footer{margin-top:1em;font-size:.7em}#link{font-size:.7em}
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
    title = os.path.basename(os.path.realpath(folder.path)) or "matches"
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
        return "<p>No finished match yet.</p>"
    if data["kind"] == "event":
        swiss = data["format"] == "swiss"
        head = ("<tr><th class=n>#</th><th>player</th><th class=n>points</th><th class=n>played</th>"
                + ("<th class=n>buchholz</th>" if swiss else "") + "<th class=n>diff</th></tr>")
        body = "".join(
            f"<tr><td class=n>{row['rank']}</td><td>{escape(row['player'])}</td>"
            f"<td class=n>{_points(row['match_points'])}</td><td class=n>{row['played']}</td>"
            + (f"<td class=n>{_points(row['buchholz'])}</td>" if swiss else "")
            + f"<td class=n>{row['diff']:+d}</td></tr>" for row in rows)
    else:
        head = ("<tr><th class=n>#</th><th>player</th><th class=n>matches</th><th class=n>won</th>"
                "<th class=n>for</th><th class=n>against</th><th class=n>diff</th></tr>")
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
        players = " v ".join(escape(name) for name in entry["players"])
        last = entry.get("last")
        last_text = f"hand {last['number']}: {escape(last['words'])}" if last else "no hand yet"
        problem = (f'<p class="problem">{escape(entry["problem"])}</p>' if entry.get("problem") else "")
        items.append(
            f'<div class="table" data-table="{escape(entry["label"])}">'
            f'<h3>{escape(entry["label"].capitalize())}: {players}</h3>'
            f'<div class="score">{_scores(entry)}</div>'
            f'<div><span class="state">{escape(entry["state"])}</span> · {entry["hands"]} '
            f'hand{"s" if entry["hands"] != 1 else ""}</div>'
            f'<div class="last">{last_text}</div>{problem}</div>')
    return f'<div class="tables" id="tables">{"".join(items)}</div>' if items else "<p>No table yet.</p>"


def pairings_html(data: Dict[str, Any]) -> str:
    if data["kind"] != "event":
        return ""
    if not data["pairings"]:
        return '<section id="pairings"><h2>Pairings</h2><p>No round paired yet.</p></section>'
    latest = data["pairings"][-1]
    items = [f"<span>Table {t['table']}: {' v '.join(escape(p) for p in t['players'])}"
             f"{' (finished)' if t['finished'] else ''}</span>" for t in latest["tables"]]
    if latest["bye"]:
        items.append(f"<span>Bye: {escape(latest['bye'])}</span>")
    return (f'<section id="pairings"><h2>Round {latest["round"]} of {data["rounds"]}: pairings</h2>'
            f'<p class="pairs">{" · ".join(items)}</p></section>')


def board_body(data: Dict[str, Any]) -> str:
    """The board's content (what each update replaces)."""
    title = "Tables" if data["kind"] == "matches" else (
        f"Round {data['round']}: tables" if data["round"] else "Tables")
    latest = data.get("latest")
    just = (f'<p id="latest">Just recorded: {escape(latest["label"])}, hand {latest["number"]}: '
            f'{escape(latest["words"])}</p>' if latest else "")
    return (f'<h1 id="heading">{escape(data["heading"])}</h1>{just}'
            f'<div class="cols"><div class="left"><section><h2>Standings</h2>{standings_html(data)}</section>'
            f'{pairings_html(data)}</div>'
            f'<section class="right"><h2>{escape(title)}</h2>{tables_html(data)}</section></div>')


def board_page(shown: Dict[str, Any], generation: str) -> str:
    """The whole page: ``shown`` is what a stream sends (``html``, ``heading``, ``title``)."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"referrer\" content=\"no-referrer\"><meta name=\"color-scheme\" content=\"light dark\">"
            f"<title>{escape(shown['title'])}: board</title><style>{STYLE}</style>"
            "<script src=\"/board.js\" defer></script></head>\n"
            f"<body data-generation=\"{generation}\"><main id=\"board\">{shown['html']}</main>"
            "<footer><a href=\"/board/sheet\">The score sheet</a> · <span id=\"link\">updated as each hand is "
            "confirmed</span></footer></body></html>\n")


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
      link.textContent = "updated " + new Date().toLocaleTimeString();
    });
    source.onerror = function () {
      link.textContent = "link lost: reconnecting";
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
            return PlainTextResponse("Too many boards are open: this one tries again shortly.", status_code=503,
                                     headers={"Retry-After": str(RETRY_AFTER), "Connection": "close"})

        async def gone() -> bool:
            return await request.is_disconnected()

        async def counted() -> AsyncIterator[str]:
            try:
                async for piece in hub.stream(request.headers.get("last-event-id"), gone):
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
            return HTMLResponse(_plain_page("Score sheet", text.strip() or "the score sheet could not be made"),
                                status_code=status)
        return HTMLResponse(text)

    return [Route("/board", page), Route("/board/events", stream), Route("/board.js", script),
            Route("/board/sheet", sheet)]


def _title(served: Served) -> str:
    name = os.path.basename(os.path.realpath(served.folder.path)) or "Club night"
    return f"{name}: score sheet"


def _plain_page(title: str, message: str) -> str:
    return pages.message_page(title, message)

"""The routes of a table's page (``/t/KEY``): the page, and the forms that enter, confirm, reject and undo
(each a POST with its per-form token; the answer is a redirect back to the page, or JSON for the page's
script when it asks with ``Accept: application/json``), ``/t/KEY/check``, the script's check of a
hand as it is typed, and ``/t/KEY/events``, the stream that tells the page its match changed
(``gin_ref.serve.tablelive``)."""

import os
import time
from html import escape
from typing import Any, Awaitable, Callable, Dict, List, Optional, Tuple

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from gin_ref.core.errors import GinRefError, InvalidNotationError
from gin_ref.desk.errors import N_, DeskError, Kind, said
from gin_ref.desk.language import gettext
from gin_ref.serve import acts, entries, handview, pages
from gin_ref.serve.folder import GONE, NO_TABLE, Spot
from gin_ref.serve.guard import note
from gin_ref.serve.journal import Entry, Journal
from gin_ref.serve.script import SCRIPT
from gin_ref.serve.security import Refused
from gin_ref.serve.served import Served
from gin_ref.serve.tablelive import TableStreams, table_stamp
from gin_ref.serve.tablepage import View, table_page
from gin_ref.core.players import find_player


FORMS = ("enter", "confirm", "reject", "undo", "check")
Handler = Callable[[Request], Awaitable[Response]]


def wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


UNPAIRED = N_("No match at this table yet: this page shows it as soon as the director pairs the round.")


def label(spot: Spot) -> str:
    """The table's heading in the page's language: an event's table by its number (and the round it plays
    now), a plain match's by its short name."""
    if not spot.key.isdigit() or spot.label != f"table {spot.key}":  # a plain match's short name
        return spot.label
    if spot.round is None:
        return gettext("table %(table)d") % {"table": int(spot.key)}
    return gettext("table %(table)d of round %(round)d") % {"table": int(spot.key), "round": spot.round}


def routes(served: Served) -> List[BaseRoute]:
    def place(request: Request) -> Tuple[str, Spot, str]:
        """The table asked for, its token (checked), refusing (404, 403) otherwise."""
        key = request.path_params["key"]
        spot = served.folder.spot(key)
        if spot is None:
            raise Refused(404, gettext(NO_TABLE))
        token = served.security.authorize(request, key)
        if spot.gone:  # its file was renamed or removed: nothing is read or written here
            raise Refused(410, gettext(GONE))
        return key, spot, token

    def view_of(spot: Spot, key: str, token: str, journal: Optional[Journal], **extra: Any) -> View:
        tokens = {form: served.security.form_token(token, form) for form in FORMS}
        pending = journal.pending()[0] if journal is not None and journal.pending() else None
        return View(label(spot), f"/t/{key}",
                    tokens, pending=pending, pins=served.pins, **extra)

    def render(spot: Spot, key: str, token: str, status: int = 200, **extra: Any) -> Response:
        if spot.path is None:
            # the page follows its table (gin_ref.serve.tablelive): it shows the match once the round is paired
            stamp = escape(table_stamp(None, None))
            return HTMLResponse(pages.document(label(spot), f"<h1>{escape(label(spot))}</h1><p>"
                                               + escape(gettext(UNPAIRED)) + "</p>"
                                               '<p id="link" class="link" role="status"></p>', script=True,
                                               main=f' id="live" data-stamp="{stamp}"'), status_code=status)
        journal = served.journals.of(spot.path)
        stamp = table_stamp(spot.path, journal.path)  # before the read: a write meanwhile is not missed
        try:
            _, match = entries.read_match(spot.path)
        except GinRefError as exc:
            return HTMLResponse(pages.message_page(spot.label, gettext(N_("The match file does not read: %(problem)s"))
                                                  % {"problem": _pathless(exc, spot)}),
                                status_code=409)
        with journal.lock:
            view = view_of(spot, key, token, journal, stamp=stamp, **extra)
            return HTMLResponse(table_page(view, match), status_code=status)

    async def page(request: Request) -> Response:
        key = request.path_params["key"]
        try:
            if served.folder.spot(key) is None:
                raise Refused(404, gettext(NO_TABLE))
            exchanged = served.security.exchange(request, key, f"/t/{key}")
            if exchanged is not None:
                return exchanged
            key, spot, token = place(request)
        except Refused as refused:
            return refused.response()
        outcome = None
        ident = request.query_params.get("e", "")
        if spot.path is not None and ident:
            outcome = served.journals.of(spot.path).entries.get(ident)
        return await run_in_threadpool(lambda: render(spot, key, token, outcome=outcome))

    known: Dict[str, Tuple[Tuple[int, int, int], List[str], str]] = {}

    def players_of(path: str) -> List[str]:
        """The players of a match file, read again only when the file changed (its inode, time, size)."""
        return read_players(path)[0]

    def read_players(path: str) -> Tuple[List[str], str]:
        """The players of a match file and its rules' ``ace_runs`` (how its cards read), read again only when
        the file changed (its inode, time, size)."""
        info = os.stat(path)
        stamp = (info.st_ino, info.st_mtime_ns, info.st_size)
        kept = known.get(path)
        if kept is None or kept[0] != stamp:
            _, match = entries.read_match(path)
            kept = known[path] = (stamp, list(match.players), str(match.state.rules.ace_runs))
        return kept[1], kept[2]

    def write(form: str, work: Callable[[Spot, Journal, Dict[str, str], List[str]], Entry]) -> Handler:
        async def handle(request: Request) -> Response:
            try:
                key, spot, token = place(request)
                fields = await served.security.form(request, token, form)
            except Refused as refused:
                return _refused(request, refused)
            if spot.path is None:
                return _refused(request, Refused(409, gettext(N_("No match at this table yet."))))
            path = spot.path

            def run() -> Response:
                journal = served.journals.of(path)
                began = time.thread_time()
                try:
                    entry = work(spot, journal, fields, players_of(path))
                    note(f"table {spot.key}: {form} {entry.status}, {(time.thread_time() - began) * 1000:.1f} ms "
                         "of CPU")  # on the request's one log line
                except entries.Question as asked:
                    if wants_json(request):
                        return JSONResponse({"ok": False, "question": asked.text})
                    return render(spot, key, token, question=asked.text, fields=fields)
                except (GinRefError, entries.Refusal) as exc:
                    problem = _pathless(exc, spot)
                    status = exc.status if isinstance(exc, entries.Refusal) else \
                        400 if bad_input(exc) else 409  # bad input: said in words, 400
                    if wants_json(request):
                        return JSONResponse({"ok": False, "problem": problem}, status_code=status)
                    return render(spot, key, token, status=status, problem=problem,
                                  fields=fields if form == "enter" else None)
                url = f"/t/{key}?e={entry.id}"
                if wants_json(request):
                    return JSONResponse({"ok": True, "status": entry.status, "url": url, "words": entry.said or entry.words})
                return RedirectResponse(url, status_code=303)

            served.tables_first.enter()
            try:
                return await run_in_threadpool(run)
            finally:
                served.tables_first.leave()
        return handle

    def enter(spot: Spot, journal: Journal, fields: Dict[str, str], players: List[str]) -> Entry:
        assert spot.path is not None
        action = acts.read_action(fields, players, read_players(spot.path)[1])
        by = _player(players, fields.get("by", ""))
        return entries.enter(journal, spot.path, served.bases, fields.get("entry_id", ""), "hand", action, by,
                             players)

    def undo(spot: Spot, journal: Journal, fields: Dict[str, str], players: List[str]) -> Entry:
        assert spot.path is not None
        return entries.enter(journal, spot.path, served.bases, fields.get("entry_id", ""), "undo", acts.Undo(),
                             _player(players, fields.get("by", "")), players)

    def confirm(spot: Spot, journal: Journal, fields: Dict[str, str], players: List[str]) -> Entry:
        assert spot.path is not None
        by = fields.get("by", "")
        if served.pins and by:
            who = _player(players, by)
            entry = journal.entries.get(fields.get("entry_id", ""))
            if entry is not None and entry.status == "pending":
                if entry.confirmers:  # a PIN is asked only of a player who may confirm
                    entries.verify_confirmer(who, entry.confirmers, entry)
                problem = served.pin_store.check(who, fields.get("pin", ""))
                if problem:
                    raise entries.Refusal(problem)
        entry = entries.confirm(journal, spot.path, served.bases, fields.get("entry_id", ""), by, players)
        if entry.status == "recorded":
            note(f"table {spot.key}: {entry.id} recorded, confirmed by {entry.confirmed_by}")
            served.recorded(spot.key)
        return entry

    def reject(spot: Spot, journal: Journal, fields: Dict[str, str], players: List[str]) -> Entry:
        assert spot.path is not None
        return entries.reject(journal, spot.path, fields.get("entry_id", ""), fields.get("by", ""), players)

    async def check(request: Request) -> Response:
        try:
            key, spot, token = place(request)
            fields = await served.security.form(request, token, "check")
        except Refused as refused:
            return _refused(request, refused)
        if spot.path is None:
            return JSONResponse({"ok": False, "problem": gettext(N_("no match at this table yet"))})
        path = spot.path

        def run() -> Response:
            try:
                _, record = entries.read_record(path)
                match = record.match
                words, drawn = entries.try_action(record, acts.read_action(fields, match.players,
                                                                           match.state.rules.ace_runs))
            except entries.Question as asked:
                return JSONResponse({"ok": False, "question": asked.text})
            except (GinRefError, entries.Refusal) as exc:
                return JSONResponse({"ok": False, "problem": _pathless(exc, spot)})
            shown = handview.drawn_html(drawn) if drawn is not None else pages.lines(words)
            return JSONResponse({"ok": True, "words": words, "html": shown})

        return await run_in_threadpool(run)

    async def script(request: Request) -> Response:
        return Response(SCRIPT, media_type="text/javascript")

    return [Route("/t/{key}", page), Route("/t/{key}/enter", write("enter", enter), methods=["POST"]),
            Route("/t/{key}/confirm", write("confirm", confirm), methods=["POST"]),
            Route("/t/{key}/reject", write("reject", reject), methods=["POST"]),
            Route("/t/{key}/undo", write("undo", undo), methods=["POST"]),
            Route("/t/{key}/check", check, methods=["POST"]),
            Route("/t/{key}/events", TableStreams(served), methods=["GET"]),
            Route("/static/table.js", script)]


def bad_input(exc: Exception) -> bool:
    """Is ``exc`` bad input (a card, a count, a name that does not read), as the command line's exit 2?"""
    return isinstance(exc, InvalidNotationError) or (isinstance(exc, DeskError) and exc.kind == Kind.NOTATION)


def _player(players: List[str], name: str) -> str:
    return find_player(players, name) if name.strip() else ""


def _pathless(exc: Exception, spot: Spot) -> str:
    """An error's words, in the language spoken (``said``), without the folder's path: the match file by its
    name alone."""
    text = said(exc) if isinstance(exc, GinRefError) else str(exc)
    if spot.path is not None:
        text = text.replace(spot.path, os.path.basename(spot.path))
        text = text.replace(os.path.dirname(spot.path) + os.sep, "")
    return text


def _refused(request: Request, refused: Refused) -> Response:
    if wants_json(request):
        return JSONResponse({"ok": False, "problem": refused.message}, status_code=refused.status)
    return refused.response()

"""The director's page, ``/director``: every table's record and its ``verify`` result, pairing the next
round, rulings, amends, undo (asked first, then offered to be redone) and redo, the settlement. Its own token (printed at start) is exchanged for a cookie
as a table's is; a table's token, or none, is refused (403).

Every change and report is one call of the desk (``gin_ref.serve.directoracts``), in this process, in a
worker thread, on the table's file: the record is the same whichever way it was made, and what is said is
the command line's words (a refusal its ``Error: ...`` line), with no path. The amend and the ruling are
forms of fields. A write waits 2 seconds for another writer; past it, the page says the file is busy.
"""

import hashlib
import os
import re
import secrets
from typing import Any, Callable, Dict, List, Optional, Tuple
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from gin_ref.core.errors import GinRefError, InvalidNotationError
from gin_ref.desk.language import gettext as _, spoken
from gin_ref.serve import directoracts, directorpage
from gin_ref.serve.perfile import PerFile
from gin_ref.serve.cards import GENERATOR, cards_page
from gin_ref.serve.security import Refused
from gin_ref.serve.served import Served
from gin_ref.serve.state import DIRECTOR

FORM = "director"
NOTES_KEPT = 50
Make = Callable[[Optional[str], Dict[str, str]], Callable[[], directoracts.Said]]


def disposition(name: str) -> str:
    """A download's Content-Disposition for the file ``name``: an ASCII name every browser takes (a header is
    Latin-1), and the name itself in UTF-8 (RFC 6266's filename*) for those that read it (``Žofia.csv``)."""
    plain = re.sub(r"[^A-Za-z0-9._-]", "_", name)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"


def table_files(served: Served) -> List[str]:
    """The file name of every match of the folder served that exists (``Folder.table_files``)."""
    return served.folder.table_files()


def folder_players(served: Served, records: Optional[Dict[str, Dict[str, Any]]] = None) -> List[str]:
    """Every player of the folder served (``records``: the match files as the page read them, for a
    folder of matches), sorted."""
    if records is not None and not served.folder.is_event:
        return sorted({name for rec in records.values() for name in rec.get("players", [])})
    players: List[str] = served.folder.players()
    return players


def file_seen(folder: str, name: str) -> str:
    """What says the director saw this version of a match file: the start of its bytes' SHA-256."""
    try:
        with open(os.path.join(folder, name), "rb") as data:
            return hashlib.sha256(data.read()).hexdigest()[:24]
    except OSError:
        return ""


def routes(served: Served) -> List[BaseRoute]:
    notes: Dict[str, Tuple[bool, str, Optional[str]]] = {}  # said: (done, text, the file an undo may be redone on)
    folder = served.folder.path
    first = served.tables_first.wait  # a table's write goes before each file read here
    verified = PerFile(lambda path: directoracts.verify_entry(folder, path), first)  # each file's, until it changes
    sheet = served.sheet  # the board's: its readings of the files are shared
    # each file's record as the page shows it, kept per language (its tally and standing are said in it: one
    # kept for every language would say to all the words of the first that asked) until the file changes
    recorded: "Dict[str, PerFile[Dict[str, Any]]]" = {}

    def record_of(path: str) -> Dict[str, Any]:
        return directorpage.record_of(path, sheet.read.get) if sheet is not None else directorpage.record_of(path)

    def records_in(language: str) -> "PerFile[Dict[str, Any]]":
        """The records said in ``language`` (made by the first request that speaks it; a few languages at most)."""
        kept = recorded.get(language)
        return kept if kept is not None else recorded.setdefault(language, PerFile(record_of, first))

    def each(kept: "PerFile[Dict[str, Any]]", files: List[str]) -> Dict[str, Dict[str, Any]]:
        return {name: kept.get(os.path.join(folder, name)) for name in files}


    def gate(request: Request) -> Tuple[Optional[Response], str]:
        try:
            exchanged = served.security.exchange(request, DIRECTOR, "/director")
            if exchanged is not None:
                return exchanged, ""
            return None, served.security.authorize(request, DIRECTOR)
        except Refused as refused:
            return refused.response(), ""

    def said(ok: bool, text: str, redo: Optional[str] = None) -> Response:
        key = secrets.token_urlsafe(8)
        notes[key] = (ok, text, redo)
        while len(notes) > NOTES_KEPT:
            notes.pop(next(iter(notes)))
        return RedirectResponse(f"/director?said={key}", status_code=303)

    async def page(request: Request) -> Response:
        answer, token = gate(request)
        if answer is not None:
            return answer
        files = await run_in_threadpool(table_files, served)
        report = await run_in_threadpool(each, verified, files)
        kept = notes.get(request.query_params.get("said", ""))
        note, redo = (kept[:2], kept[2]) if kept is not None else (None, None)
        records = await run_in_threadpool(each, records_in(spoken()), files)
        pending = await run_in_threadpool(directorpage.journal_items, served, files)
        form_token = served.security.form_token(token, FORM)
        seen = await run_in_threadpool(lambda: {name: file_seen(folder, name) for name in files})
        body = directorpage.page_body(served.folder, files, report, records, pending, note, form_token, seen,
                                      redo if redo in files else None)
        if served.pins:
            players = await run_in_threadpool(folder_players, served, records)
            body += directorpage.pins_html(served.pin_store.status(players), form_token)
        return HTMLResponse(directorpage.document(_("Director"), body))

    async def write(request: Request, make: Make, asked: bool = False, redo: bool = False) -> Response:
        """A change of the director's: the form checked, then ``make(file name, fields)``'s work run in a
        worker thread; the page then says what it did (or why not). ``asked``: the form is sent once without
        ``sure`` (the page then asks, saying what it will do) and done when sent again with ``sure=1``;
        ``redo``: once done, the page offers to put it back (an undo)."""
        answer, token = gate(request)
        if answer is not None:
            return answer
        try:
            fields = await served.security.form(request, token, FORM)
            name = request.path_params.get("file")
            if name is not None:
                if name not in await run_in_threadpool(table_files, served):
                    raise Refused(404, _("There is no such match file here."))
                seen = fields.get("seen", "")
                if seen != await run_in_threadpool(file_seen, served.folder.path, name):
                    return said(False, _("%(file)s changed since this page was made (a hand was recorded "
                                         "meanwhile): nothing was done; look again, then do it again") % {"file": name})
            if asked and name is not None and fields.get("sure") != "1":
                return await question(name, fields)
            work = make(name, fields)
        except Refused as refused:
            return refused.response()
        except InvalidNotationError as exc:
            return said(False, f"Error: {exc}")
        done, text = await run_in_threadpool(work)
        if served.board_hub is not None:
            served.board_hub.poke()
        return said(done, text, request.path_params.get("file") if redo and done else None)

    async def question(name: str, fields: Dict[str, str]) -> Response:
        """The undo asked first: what it would take back, Yes (the same form, sure) or No (the page)."""
        ok, text = await run_in_threadpool(directoracts.undo_question, folder, name)
        if not ok:
            return said(False, text)
        return HTMLResponse(directorpage.undo_question(name, text, fields.get("form_token", ""),
                                                       fields.get("seen", "")))

    async def pair(request: Request) -> Response:
        if not served.folder.is_event:
            return HTMLResponse(directorpage.message(_("Refused"), _("a folder of matches has no rounds to pair")),
                                status_code=400)
        return await write(request, lambda name, fields: lambda: directoracts.pair(folder))

    def on_file(act: Callable[[str, str, Any], directoracts.Said], read: Callable[[Dict[str, str]], Any]) -> Make:
        def make(name: Optional[str], fields: Dict[str, str]) -> Callable[[], directoracts.Said]:
            assert name is not None
            given = read(fields)
            return lambda: act(folder, name, given)
        return make

    async def ruling(request: Request) -> Response:
        return await write(request, on_file(directoracts.ruling, directoracts.ruling_of))

    async def amend(request: Request) -> Response:
        return await write(request, on_file(directoracts.amend, directoracts.amend_of))

    async def undo(request: Request) -> Response:
        return await write(request, on_file(lambda folder, name, given: directoracts.undo(folder, name),
                                            lambda fields: None), asked=True, redo=True)

    async def redo(request: Request) -> Response:
        return await write(request, on_file(lambda folder, name, given: directoracts.redo(folder, name),
                                            lambda fields: None))

    async def settlement(request: Request) -> Response:
        answer, _token = gate(request)
        if answer is not None:
            return answer
        files = await run_in_threadpool(table_files, served)
        if not files:
            return HTMLResponse(directorpage.message(_("Settlement"), _("No match file yet.")), status_code=404)
        stake, currency = request.query_params.get("stake", ""), request.query_params.get("currency", "")
        done, text = await run_in_threadpool(directoracts.settlement, folder, files, stake, currency)
        return HTMLResponse(directorpage.settlement_page(done, text, stake, currency),
                            status_code=200 if done else 409)

    async def export(request: Request) -> Response:
        """``export --format FMT`` of the folder's files, as a file to download (the desk's registry)."""
        answer, _token = gate(request)
        if answer is not None:
            return answer
        files = await run_in_threadpool(table_files, served)
        if not files:
            return HTMLResponse(directorpage.message(_("Export"), _("No match file yet.")), status_code=404)
        ok, content, name, media = await run_in_threadpool(directoracts.exported, folder, files,
                                                           request.path_params["fmt"])
        if not ok:
            return HTMLResponse(directorpage.message(_("Export"), str(content)), status_code=409)
        return Response(content, media_type=media, headers={"Content-Disposition": disposition(name)})

    async def cards(request: Request) -> Response:
        """The table cards for the address this page was reached at (the tokens the server holds)."""
        answer, _token = gate(request)
        if answer is not None:
            return answer
        base = f"{served.scheme}://{request.headers.get('host', '')}"
        spots = served.folder.spots()
        page = cards_page(os.path.basename(os.path.realpath(served.folder.path)) or "gin-ref",
                          [(spot.label.capitalize() if served.folder.is_event else spot.label,
                            f"{base}/t/{spot.key}?token={served.token_for(spot.key)}") for spot in spots])
        return HTMLResponse(page.replace('<meta charset="utf-8">', '<meta charset="utf-8">' + GENERATOR, 1))

    async def pin(request: Request) -> Response:
        """The PIN forms (``serve --pins``): set a player's PIN (typed by him), reset it, lift his pause."""
        answer, token = gate(request)
        if answer is not None:
            return answer
        if not served.pins:
            return HTMLResponse(directorpage.message(_("Refused"), _("this server asks no PIN (serve --pins)")),
                                status_code=400)
        try:
            fields = await served.security.form(request, token, FORM)
        except Refused as refused:
            return refused.response()
        act = request.path_params["act"]
        player = fields.get("player", "")
        players = await run_in_threadpool(folder_players, served, None)
        if player not in players:
            return said(False, _("'%(player)s' is not a player here: nothing was done") % {"player": player[:40]})
        store = served.pin_store
        try:
            if act == "set":
                await run_in_threadpool(store.set, player, fields.get("pin", ""))
                done = _("The PIN of %(player)s is set (the one he typed)") % {"player": player}
            elif act == "reset":
                await run_in_threadpool(store.reset, player)
                done = _("%(player)s has no PIN now: he types a new one here") % {"player": player}
            else:
                await run_in_threadpool(store.lift, player)
                done = _("The pause of %(player)s is lifted and his wrong PINs forgotten") % {"player": player}
        except GinRefError as exc:
            return said(False, str(exc))
        served.log.info("director: %s", done)
        return said(True, done)

    return [Route("/director/cards", cards), Route("/director", page), Route("/director/pair", pair, methods=["POST"]),
            Route("/director/pins/{act:str}", pin, methods=["POST"]),
            Route("/director/m/{file}/ruling", ruling, methods=["POST"]),
            Route("/director/m/{file}/amend", amend, methods=["POST"]),
            Route("/director/m/{file}/undo", undo, methods=["POST"]),
            Route("/director/m/{file}/redo", redo, methods=["POST"]),
            Route("/director/settlement", settlement), Route("/director/export/{fmt:str}", export)]


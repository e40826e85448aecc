"""The director's page, ``/director``: every table's record and its ``verify`` result, pairing the next
round, rulings, amends and undo, the settlement. Its own token (printed at start) is exchanged for a cookie
as a table's is; a table's token, or none, is refused (403).

Every change is made by the command line itself (``gin-ref event pair``, ``ruling``, ``amend``, ``undo``,
run in the served folder on the table's file name), so the record is the same whichever way it was made and
a refusal is in the command line's words. The reports are the command line's too (``verify --json``,
``settle``, ``export --format html``). Run in the folder, on file names, no message shows a path.
"""

import asyncio
import hashlib
import os
import secrets
import shlex
import sys
from typing import Any, Dict, List, Optional, Tuple

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from gin_ref.serve import directorpage
from gin_ref.serve.security import Refused
from gin_ref.serve.served import Served
from gin_ref.core.errors import GinRefError
from gin_ref.serve.boarddata import stamp
from gin_ref.serve.cards import GENERATOR, cards_page
from gin_ref.serve.state import DIRECTOR

FORM = "director"
CLI_TIMEOUT = 120.0  # seconds one command may take
KINDS = ("award", "void", "redeal", "forfeit")
NOTES_KEPT = 50


async def run_cli(served: Any, args: List[str]) -> Tuple[int, str, str]:
    """``(exit code, stdout, stderr)`` of ``gin-ref ARGS`` run in the folder served."""
    env = dict(os.environ)
    env.pop("GIN_REF_MATCH", None)
    env["COLUMNS"] = "100"
    env["PYTHONIOENCODING"] = "utf-8"
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "gin_ref", *args, cwd=served.folder.path, env=env,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        out, err = await asyncio.wait_for(process.communicate(), CLI_TIMEOUT)
    except asyncio.TimeoutError:
        process.kill()
        await process.wait()
        return 1, "", "Error: the command took too long and was stopped"
    return int(process.returncode or 0), out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def table_files(served: Served) -> List[str]:
    """The file name of every match of the folder served that exists (``Folder.table_files``)."""
    return served.folder.table_files()


def folder_players(served: Any, records: Optional[Dict[str, Dict[str, Any]]] = None) -> List[str]:
    """Every player of the folder served (``records``: the match files as the page read them, for a
    folder of matches), sorted."""
    if records is not None and not served.folder.is_event:
        return sorted({name for rec in records.values() for name in rec.get("players", [])})
    players: List[str] = served.folder.players()
    return players


def positional(names: List[str]) -> List[str]:
    """File names as the command line's arguments: one that starts with '-' is not taken for an option."""
    return [f"./{name}" if name.startswith("-") else name for name in names]


def file_seen(folder: str, name: str) -> str:
    """What says the director saw this version of a match file: the start of its bytes' SHA-256."""
    try:
        with open(os.path.join(folder, name), "rb") as data:
            return hashlib.sha256(data.read()).hexdigest()[:24]
    except OSError:
        return ""


def ruling_args(name: str, fields: Dict[str, str]) -> List[str]:
    """The ``gin-ref ruling`` command line of the ruling form's fields (the command judges them)."""
    kind = fields.get("kind", "")
    args = ["ruling", "--match", name]
    hand = fields.get("hand", "").strip()
    if hand:
        args += ["--hand", hand]
    player = fields.get("player", "")
    if kind == "award":
        args += ["--award", player, fields.get("points", "").strip()]
    elif kind == "forfeit":
        args += ["--forfeit", player]
    elif kind in ("void", "redeal"):
        args.append(f"--{kind}")
    args += ["--reason", fields.get("reason", "")]
    by = fields.get("by", "").strip()
    if by:
        args += ["--by", by]
    return args


def amend_args(name: str, fields: Dict[str, str]) -> List[str]:
    """The ``gin-ref amend`` command line of the amend form: the hand, then what the table now agrees, as
    ``amend`` takes it (``Ben 5 --defender 35``, ``--dead``); another match file cannot be named."""
    try:
        words = shlex.split(fields.get("result", ""))
    except ValueError as exc:
        raise Refused(400, f"the amend's words do not read: {exc}") from None
    for word in words:
        if word in ("-m", "--match") or word.startswith(("--match=", "-m")) or word == "--":
            raise Refused(400, "an amend is made to this table's file: leave out --match")
    hand = fields.get("hand", "").strip()
    if hand.startswith("-"):
        raise Refused(400, f"the hand to amend is its number, not '{hand[:20]}'")
    return ["amend", hand, *words, "--match", name]  # the table's file last: nothing typed can name another


def routes(served: Served) -> List[BaseRoute]:
    notes: Dict[str, Tuple[bool, str]] = {}

    def gate(request: Request) -> Tuple[Optional[Response], str]:
        try:
            exchanged = served.security.exchange(request, DIRECTOR, "/director")
            if exchanged is not None:
                return exchanged, ""
            return None, served.security.authorize(request, DIRECTOR)
        except Refused as refused:
            return refused.response(), ""

    def said(ok: bool, text: str) -> Response:
        key = secrets.token_urlsafe(8)
        notes[key] = (ok, text)
        while len(notes) > NOTES_KEPT:
            notes.pop(next(iter(notes)))
        return RedirectResponse(f"/director?said={key}", status_code=303)

    async def page(request: Request) -> Response:
        answer, token = gate(request)
        if answer is not None:
            return answer
        files = await run_in_threadpool(table_files, served)
        report = await verify(files)
        note = notes.get(request.query_params.get("said", ""))
        records = await run_in_threadpool(directorpage.records, served.folder.path, files)
        pending = await run_in_threadpool(directorpage.journal_items, served, files)
        form_token = served.security.form_token(token, FORM)
        body = directorpage.page_body(served.folder, files, report, records, pending, note, form_token,
                                      {name: file_seen(served.folder.path, name) for name in files})
        if served.pins:
            players = await run_in_threadpool(folder_players, served, records)
            body += directorpage.pins_html(served.pin_store.status(players), form_token)
        return HTMLResponse(directorpage.document("Director", body))

    verified: Dict[str, Any] = {}  # the last verify: the files' stamps it was made for, and its report

    async def verify(files: List[str]) -> Dict[str, Dict[str, Any]]:
        """``gin-ref verify --json`` of the files, run again only when one of them changed."""
        stamps = [(name, stamp(os.path.join(served.folder.path, name))) for name in files]
        if verified.get("stamps") == stamps:
            return dict(verified["report"])
        report = await _verify(files)
        verified.update(stamps=stamps, report=report)
        return report

    async def _verify(files: List[str]) -> Dict[str, Dict[str, Any]]:
        import json

        if not files:
            return {}
        _code, out, err = await run_cli(served, ["verify", "--json", *positional(files)])
        try:
            data = json.loads(out)
        except ValueError:
            return {name: {"ok": False, "problems": [{"line": None, "message": err.strip()}]} for name in files}
        return {os.path.basename(item["file"]): item for item in data.get("files", [])}  # './-x.yaml' too

    async def write(request: Request, make: Any) -> Response:
        answer, token = gate(request)
        if answer is not None:
            return answer
        try:
            fields = await served.security.form(request, token, FORM)
            name = request.path_params.get("file")
            if name is not None:
                if name not in await run_in_threadpool(table_files, served):
                    raise Refused(404, "There is no such match file here.")
                seen = fields.get("seen", "")
                if seen != await run_in_threadpool(file_seen, served.folder.path, name):
                    return said(False, f"{name} changed since this page was made (a hand was recorded meanwhile): "
                                       "nothing was done; look again, then do it again")
            args = make(name, fields)
        except Refused as refused:
            return refused.response()
        code, out, err = await run_cli(served, args)
        hub = served.board_hub
        if hub is not None:
            hub.poke()
        text = "\n".join(part.strip("\n") for part in (out, err) if part.strip())
        return said(code == 0, text or ("done" if code == 0 else "refused"))

    async def pair(request: Request) -> Response:
        if not served.folder.is_event:
            return HTMLResponse(directorpage.message("Refused", "a folder of matches has no rounds to pair"),
                                status_code=400)
        return await write(request, lambda name, fields: ["event", "pair", "."])

    async def ruling(request: Request) -> Response:
        return await write(request, ruling_args)

    async def amend(request: Request) -> Response:
        return await write(request, amend_args)

    async def undo(request: Request) -> Response:
        return await write(request, lambda name, fields: ["undo", "--match", name])

    async def settlement(request: Request) -> Response:
        answer, _token = gate(request)
        if answer is not None:
            return answer
        files = await run_in_threadpool(table_files, served)
        if not files:
            return HTMLResponse(directorpage.message("Settlement", "No match file yet."), status_code=404)
        args = ["settle", *positional(files)]
        stake, currency = request.query_params.get("stake"), request.query_params.get("currency")
        if stake:
            args[1:1] = ["--stake", stake]
        if currency:
            args[1:1] = ["--currency", currency]
        code, out, err = await run_cli(served, args)
        return HTMLResponse(directorpage.settlement_page(code, out, err, stake or "", currency or ""),
                            status_code=200 if code == 0 else 409)

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
            return HTMLResponse(directorpage.message("Refused", "this server asks no PIN (serve --pins)"),
                                status_code=400)
        try:
            fields = await served.security.form(request, token, FORM)
        except Refused as refused:
            return refused.response()
        act = request.path_params["act"]
        player = fields.get("player", "")
        players = await run_in_threadpool(folder_players, served, None)
        if player not in players:
            return said(False, f"'{player[:40]}' is not a player here: nothing was done")
        store = served.pin_store
        try:
            if act == "set":
                await run_in_threadpool(store.set, player, fields.get("pin", ""))
                done = f"{player}'s PIN is set (the one he typed)"
            elif act == "reset":
                await run_in_threadpool(store.reset, player)
                done = f"{player} has no PIN now: he types a new one here"
            else:
                await run_in_threadpool(store.lift, player)
                done = f"{player}'s pause is lifted and his wrong PINs forgotten"
        except GinRefError as exc:
            return said(False, str(exc))
        served.log.info("director: %s", done)
        return said(True, done)

    return [Route("/director/cards", cards), Route("/director", page), Route("/director/pair", pair, methods=["POST"]),
            Route("/director/pins/{act:str}", pin, methods=["POST"]),
            Route("/director/m/{file}/ruling", ruling, methods=["POST"]),
            Route("/director/m/{file}/amend", amend, methods=["POST"]),
            Route("/director/m/{file}/undo", undo, methods=["POST"]),
            Route("/director/settlement", settlement)]


"""``gin-ref serve``: the folder's tables on a phone each (``gin_ref.serve``, the optional extra)."""

from __future__ import annotations

import importlib.util
from typing import Optional, Tuple

import click
from gin_ref.cli.helptext import N_, argument, command, option

from gin_ref.desk.errors import Kind, refuse
from gin_ref.desk.language import gettext

EXTRA = "pip install 'gin-ref[serve]'"


@command("serve")
@argument("folder", metavar="FOLDER")
@option("--host", default="127.0.0.1", show_default=True,
        help=N_("The address to listen on: 0.0.0.0 for every network of this computer (the room's Wi-Fi)."))
@option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help=N_("The port (0: any free one)."))
@option("--ssl-certfile", metavar="FILE", help=N_("Serve HTTPS with this certificate (PEM), with --ssl-keyfile."))
@option("--ssl-keyfile", metavar="FILE", help=N_("The private key of --ssl-certfile (PEM)."))
@option("--new-tokens", is_flag=True, help=N_("Replace every table's token (and the director's): old cards stop working."))
@option("--pins", is_flag=True,
        help=N_("A player confirms a hand that costs him with his PIN, not a tap by his name alone (the PINs: "
                   "typed by each player on the director's page; with --cards, drawn and printed, a slip a player)."))
@option("--board-token", is_flag=True,
        help=N_("The board (/board) needs its own token too (printed at start); without it anyone may read it."))
@option("--cards", is_flag=True,
        help=N_("Write a printable page of table cards (address, token, QR code) and exit: see docs/serve.md."))
@option("--output", "-o", metavar="FILE", help=N_("--cards: write the page to FILE. Default: standard output."))
@option("--new-token", "renew", metavar="TABLE", multiple=True,
        help=N_("Replace this table's token alone (a lost card): its old card stops working. Repeatable."))
def serve_cmd(folder: str, host: str, port: int, ssl_certfile: Optional[str], ssl_keyfile: Optional[str], new_tokens: bool,
              pins: bool, board_token: bool, cards: bool, output: Optional[str], renew: Tuple[str, ...]) -> None:
    """Serve an event's folder (or a folder of match files) to a phone at every table.

    Each table gets an address with its token, printed at start; a phone that opens it enters the hands,
    and the player each costs confirms it on the same phone before it is written to the match file (the same
    file, the same lock as the command line and 'play'). Listens on 127.0.0.1 unless --host is given;
    Ctrl-C stops it. Needs the serve extra: pip install 'gin-ref[serve]'. See docs/serve.md.

    \b
    Example:
      gin-ref serve club-night --host 0.0.0.0
    """
    if any(importlib.util.find_spec(name) is None for name in ("starlette", "uvicorn")):
        raise refuse(Kind.ILLEGAL, N_("serve needs the serve extra: %(extra)s"), extra=EXTRA)
    if renew:
        from gin_ref.serve.cards import renew_tables

        for key in renew_tables(folder, list(renew)):
            click.echo(gettext("table %(table)s: a new token (its old card no longer opens it)") % {"table": key},
                       err=True)
    if cards or output is not None:
        from gin_ref.serve.cards import serve_cards

        serve_cards(folder, host, port, ssl_certfile is not None, output, new_tokens, cards, click.echo, pins)
        return
    from gin_ref.serve.server import run

    run(folder, host, port, ssl_certfile, ssl_keyfile, new_tokens, pins, click.echo, board_token=board_token)

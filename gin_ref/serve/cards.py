"""Table cards: ``gin-ref serve FOLDER --cards [--output FILE]``, a printable page with one card per table,
its number (or short name), its address with its token, and a QR code of that address (segno, pure Python;
an SVG inline, so the page is one file that prints as it shows).

The addresses come from the tokens the server keeps (``gin_ref.serve.state.Tokens``, the same file), so the
cards match a server started before or after them. A card is a key to its table: anyone holding it can
enter that table's hands (the opponent must still confirm each); ``serve --new-tokens`` replaces every
token, and the cards must then be printed again.
"""

import os
from html import escape
from typing import Callable, List, Optional, Tuple

from gin_ref.core.errors import InvalidNotationError, RecordError
from gin_ref.core.message import Message
from gin_ref.desk.errors import N_
from gin_ref.desk.language import gettext as _, ngettext, spoken
from gin_ref.files.filewrite import write_atomic
from gin_ref.serve.folder import Folder, bound_folder
from gin_ref.serve.pins import Pins
from gin_ref.serve.address import shown_host
from gin_ref.serve.state import InstanceLock, new_token

CARD_WORDS = N_("Scan to score this table. This card is its key: keep it at the table. Hands entered with it "
                "count only once the opponent confirms them.")
STYLE = """
@page { size: A4; margin: 12mm; }
body { font-family: sans-serif; color: #000; background: #fff; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 6mm; }
.cards { display: flex; flex-wrap: wrap; gap: 6mm; }
.card { width: 88mm; border: 0.6mm solid #000; border-radius: 3mm; padding: 5mm; box-sizing: border-box;
        break-inside: avoid; page-break-inside: avoid; text-align: center; }
.card h2 { font-size: 28pt; margin: 0 0 3mm; }
.card svg { width: 60mm; height: 60mm; }
.address { font-family: monospace; font-size: 8pt; word-break: break-all; margin: 2mm 0; }
.words { font-size: 9pt; margin: 0; }
.slips { break-before: page; page-break-before: always; display: flex; flex-wrap: wrap; gap: 6mm; }
.slip { width: 60mm; border: 0.4mm dashed #000; padding: 4mm; box-sizing: border-box; break-inside: avoid;
        page-break-inside: avoid; }
.slip .pin { font-family: monospace; font-size: 20pt; letter-spacing: 1mm; margin: 2mm 0; }
@media screen { body { margin: 10mm; } }
@media screen and (prefers-color-scheme: dark) { body { background: #121212; color: #ececec; }
  .card { background: #fff; color: #000; } }
"""


def qr_svg(address: str) -> str:
    """The QR code of ``address`` as an inline SVG (medium error correction, a quiet zone of 4 modules)."""
    import segno

    code = segno.make(address, error="m", micro=False)
    return str(code.svg_inline(scale=4, border=4, title=address, dark="#000", light="#fff", omitsize=True))


def qr_png(address: str, path: str, scale: int = 6) -> None:
    """The same QR code written as a PNG (for the tests' decoder)."""
    import segno

    segno.make(address, error="m", micro=False).save(path, kind="png", scale=scale, border=4)


def cards_page(title: str, cards: List[Tuple[str, str]]) -> str:
    """The printable page: ``cards`` are ``(label, address)`` in table order."""
    items = []
    for label, address in cards:
        items.append(f'<section class="card"><h2>{escape(label)}</h2>{qr_svg(address)}'
                     f'<p class="address">{escape(address)}</p><p class="words">' + escape(_(CARD_WORDS)) + '</p></section>')
    heading = escape(_("%(title)s: table cards") % {"title": title})
    return (f"<!DOCTYPE html>\n<html lang=\"{spoken()}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{heading}</title><style>{STYLE}</style></head><body>"
            f"<main><h1>{heading}</h1><div class=\"cards\">{''.join(items)}</div></main></body></html>\n")


GENERATOR = '<meta name="generator" content="gin-ref serve --cards">'
SLIP_WORDS = N_("Your PIN for this event: you type it to confirm a hand that costs you. Keep it to yourself; "
                "cut this slip off and take it with you.")


def slips_html(drawn: List[Tuple[str, str]], kept: List[str]) -> str:
    """The PIN slips (``serve --cards --pins``): one slip a player, after the table cards, on a page of
    their own; ``kept``: the players who have a PIN already (no slip: the director resets it first)."""
    items = "".join(f'<section class="slip"><h2>{escape(player)}</h2><p class="pin">{escape(pin)}</p>'
                    f'<p class="words">{escape(_(SLIP_WORDS))}</p></section>' for player, pin in drawn)
    note = ("<p>" + escape(_(N_("No new slip for %(players)s: a PIN is kept already (reset it on the director's "
                                "page, then print the slips again).")) % {"players": ", ".join(kept)}) + "</p>"
            ) if kept else ""
    return '<div class="slips"><h1>' + escape(_("PIN slips")) + f"</h1>{items}</div>{note}"


def draw_pins(folder: str) -> Tuple[List[Tuple[str, str]], List[str]]:
    """A PIN drawn for each player of ``folder`` who has none: ``([(player, PIN)], [players with one])``."""
    store = Pins(folder)
    drawn, kept = [], []
    for player in Folder(folder).players():
        if store.has_pin(player):
            kept.append(player)
        else:
            drawn.append((player, store.draw(player)))
    return drawn, kept


def table_cards(folder: str, base: str, renew: bool = False, pins: bool = False) -> Tuple[str, List[Tuple[str, str]]]:
    """``(page, [(label, address)])``: the cards of ``folder``'s tables at ``base`` (``http://HOST:PORT``),
    from the tokens kept (made for a table that has none yet; all new when ``renew``)."""
    model = bound_folder(folder, renew)
    spots = model.spots()
    tokens = model.tokens
    assert tokens is not None
    cards = [(spot.label.capitalize() if model.is_event else spot.label,
              f"{base}/t/{spot.key}?token={tokens.add(spot.key)}") for spot in spots]
    title = os.path.basename(os.path.realpath(folder)) or "gin-ref"
    page = cards_page(title, cards).replace('<meta charset="utf-8">', '<meta charset="utf-8">' + GENERATOR, 1)
    if pins:
        page = page.replace("</body>", slips_html(*draw_pins(folder)) + "</body>", 1)
    return page, cards


def write_cards(folder: str, base: str, output: Optional[str], renew: bool, echo: Callable[[str], None],
                pins: bool = False) -> None:
    """``serve --cards``: the page written to ``output`` (atomically; an existing file only when it is a
    cards page made here), or to standard output when ``output`` is None."""
    if output is not None and os.path.lexists(output):
        try:
            with open(output, encoding="utf-8", errors="replace") as old:
                ours = GENERATOR in old.read(2048)
        except OSError:
            ours = False
        if not ours:
            raise RecordError(Message(N_("%(path)s already exists and is not a page of table cards: give another "
                                         "--output FILE"), path=output))
    page, cards = table_cards(folder, base, renew, pins)
    if output is None:
        echo(page.rstrip("\n"))
        return
    write_atomic(output, page)
    slips = page.count('<section class="slip">')
    said = {"count": len(cards), "base": base, "path": output, "slips": slips}
    if not pins:
        echo(ngettext("wrote %(count)d table card for %(base)s to %(path)s",
                      "wrote %(count)d table cards for %(base)s to %(path)s", len(cards)) % said)
        return
    slips_said = ngettext("%(slips)d PIN slip (one a player)", "%(slips)d PIN slips (one a player)", slips) % said
    echo(ngettext("wrote %(count)d table card for %(base)s to %(path)s, and %(slips_said)s",
                  "wrote %(count)d table cards for %(base)s to %(path)s, and %(slips_said)s", len(cards))
         % {**said, "slips_said": slips_said})


def serve_cards(folder: str, host: str, port: int, https: bool, output: Optional[str], renew: bool, cards: bool,
                echo: Callable[[str], None], pins: bool = False) -> None:
    """``gin-ref serve FOLDER --cards [--pins] [--output FILE]``: the cards for the address the server will
    print (and with ``--pins`` a PIN slip for each player who has no PIN yet)."""
    if not cards:
        raise InvalidNotationError(Message(N_("--output goes with --cards (the page of table cards)")))
    if port == 0:
        raise InvalidNotationError(Message(N_("--cards needs the port the server will listen on: give --port N "
                                              "(not 0)")))
    write_cards(folder, f"{'https' if https else 'http'}://{shown_host(host)}:{port}", output, renew, echo, pins)


def renew_tables(folder: str, keys: List[str]) -> List[str]:
    """``serve --new-token TABLE``: a new token for each table named (its old card and its phones' cookies
    stop working; every other table's stays). Refused while a server serves the folder (it holds the tokens)
    and for a table the folder does not have. Returns the keys renewed."""
    model = Folder(folder)
    known = model.keys()
    for key in keys:
        if key not in known:
            raise InvalidNotationError(Message(N_("--new-token %(key)s: no such table here (the tables are "
                                                  "%(tables)s)"), key=key, tables=", ".join(known)) if known else
                                       Message(N_("--new-token %(key)s: no such table here (the tables are none yet)"), key=key))
    lock = InstanceLock(folder)
    lock.acquire("replacing a table's token")
    try:
        tokens = bound_folder(folder).tokens
        assert tokens is not None
        for key in dict.fromkeys(keys):
            tokens.tokens[key] = new_token()
        tokens.save()
    finally:
        lock.release()
    return list(dict.fromkeys(keys))

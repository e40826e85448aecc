"""The HTML of the director's page (``gin_ref.serve.director``): each match file's record (its tally, as
``gin-ref tally`` prints it), its ``verify`` result (problems, seal failures, irregularities and rulings
flagged), the hands pending or rejected at the tables, the forms (pair, ruling, amend, undo) and the
settlement. Plain forms, no script; everything shown is escaped, file names only, never a path."""

import os
from html import escape
from typing import Any, Callable, Dict, List, Optional, Tuple

from gin_ref.core.errors import GinRefError
from gin_ref.files import matchfile
from gin_ref.desk.errors import N_
from gin_ref.desk.exports import FORMATS
from gin_ref.desk.language import gettext as _, ngettext
from gin_ref.serve import handview, pages
from gin_ref.serve.entries import digest as file_digest
from gin_ref.serve.directoracts import KINDS
from gin_ref.serve.journal import AGAIN, why_words
from gin_ref.serve.sheet import read_match
from gin_ref.serve.nextwords import said_next, standing_said
from gin_ref.views.tally_text import tally_text
from gin_ref.views.words import versus

RULING_KINDS = {"award": N_("award"), "void": N_("void"), "redeal": N_("redeal"),  # the ruling form's choices
                "forfeit": N_("forfeit")}

ENDINGS = (("knock", N_("a knock")), ("gin", N_("gin")), ("big", N_("big gin")), ("dead", N_("a dead hand")))
EXPORT_HELP = {  # what each export format holds, said in the page's language (the registry's help is English)
    "csv": N_("one row per hand"), "json": N_("everything in the records"), "markdown": N_("the tally tables"),
    "html": N_("one page to print or post, with a chart")}
STYLE = """
table.v{border-collapse:collapse}table.v td,table.v th{border:1px solid var(--line);padding:.2em .4em;text-align:left}
.flag{font-weight:bold;text-decoration:underline}.ok{font-weight:bold}
.wide{max-width:100%;overflow-x:auto}.wide td{overflow-wrap:anywhere}details{margin:.3em 0}form.inline{display:inline}section.m{border:2px solid var(--line);padding:.5em;margin:.6em 0}
"""


def document(title: str, body: str) -> str:
    return pages.document(title, f"<style>{STYLE}</style>{body}").replace("max-width:40em", "max-width:70em")


def message(title: str, text: str) -> str:
    return pages.message_page(title, text)


def record_of(path: str, read: Callable[[str], Any] = read_match) -> Dict[str, Any]:
    """The file's tally as ``gin-ref tally`` prints it and its players; the error when it cannot be read.
    ``read``: ``gin_ref.serve.sheet.read_match`` (the score sheet's reading of the file, kept until it
    changes, is shared so: ``Sheet.read``)."""
    name = os.path.basename(path)
    found = read(path)
    if isinstance(found, BaseException):
        return {"text": None, "players": [], "error": str(getattr(found, "message", found)), "finished": False}
    rec = found[0]
    return {"text": said_next(tally_text(rec.match, name), rec.match), "players": list(rec.match.state.players),
            "error": None, "finished": rec.match.state.finished, "standing": standing_said(rec.match)}


def _digest(path: str) -> str:
    """The digest the serve journal keeps of the file an entry was checked against ("" unreadable)."""
    try:
        return file_digest(matchfile.read_bytes(path))
    except (OSError, GinRefError):
        return ""


def journal_items(served: Any, files: List[str]) -> List[Dict[str, Any]]:
    """Every entry pending, rejected or withdrawn (or left stale by a change of the file, or set apart to be
    entered again: an older journal's that no longer reads) at a table of this server, from the serve
    journals: ``{file, state, words, by, why, upcard}``, the newest file first; ``upcard``: the entry's, while
    the file is as it was when the hand was entered (so the hand is still the next, never dealt: a ruling
    deals it with it). A rejected, withdrawn or stale hand leaves the list once the file holds its hand
    (entered again and confirmed, or settled by a ruling); an undo, once a later entry is recorded."""
    items = []
    for name in reversed(files):
        path = os.path.join(served.folder.path, name)
        journal = served.journals.of(path)
        with journal.lock:
            entries = [(dict(entry.summary(), drawn=entry.drawn), getattr(entry.action, "upcard", None), entry.base,
                        why_words(entry)) for entry in journal.entries.values()]
        now = _digest(path) if entries else ""
        held = _hands_held(path) if entries else 0
        later = False  # a later entry of this table was recorded
        for entry, upcard, base, why in reversed(entries):
            if entry["status"] == "recorded":
                later = True
                continue
            if entry["status"] not in ("pending", "rejected", "stale", AGAIN):
                continue
            if entry["status"] != "pending" and _settled(entry, held, later):
                continue
            state = "withdrawn" if entry["status"] == "rejected" and entry["withdrawn"] else entry["status"]
            items.append({"file": name, "state": state, "kind": entry["kind"],
                          "words": "; ".join(entry["words"]) or entry["kind"], "drawn": entry["drawn"], "by": entry["by"],
                          "why": "" if entry["status"] == "rejected" else why, "answered_by": entry["confirmed_by"],
                          "upcard": upcard if base and base == now else None})  # the file as it was entered on
    return _in_order(items)


def _in_order(items: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """The items of each file in the journal's order (they were gathered newest first), the newest file first."""
    files: Dict[str, List[Dict[str, Any]]] = {}
    for item in items:
        files.setdefault(item["file"], []).insert(0, item)
    return [item for found in files.values() for item in found]


def _hands_held(path: str) -> int:
    """How many hands the match file holds ended (played or ruled; the open hand not counted), 0 unreadable."""
    found = read_match(path)
    if isinstance(found, BaseException):
        return 0
    match = found[0].match
    return len(match.hands) - (1 if match.state.open is not None else 0)


def _settled(entry: Dict[str, Any], held: int, later: bool) -> bool:
    """Has the file since recorded what this entry was for? Its hand, when the entry knows its number;
    otherwise (an undo, an older journal's entry) a later entry of the table recorded."""
    hand = entry.get("hand")
    return held >= hand if hand else later


def _verify_html(item: Optional[Dict[str, Any]]) -> str:
    if item is None:
        return '<p class="flag">' + escape(_("not verified")) + '</p>'
    parts = []
    if item.get("ok"):
        hands = int(item.get("hands") or 0)
        ok = (ngettext("verify: ok, %(count)d hand (result only)", "verify: ok, %(count)d hands (result only)", hands)
              if item.get("result_only") else ngettext("verify: ok, %(count)d hand", "verify: ok, %(count)d hands", hands))
        parts.append(f'<p class="ok">{escape(ok % {"count": hands})}</p>')
    else:
        parts.append('<p class="flag">' + escape(_("verify: problems")) + '</p><ul>' + "".join(
            f"<li>{escape(_line(p.get('line'), str(p['message'])))}</li>" for p in item.get("problems", [])) + "</ul>")
    seals = item.get("seals") or {}
    broken = [b for b in seals.get("broken", []) if b.get("kind") != "legacy"]
    if broken:
        parts.append('<p class="flag">' + escape(_("seals that fail (changed outside gin-ref):")) + '</p><ul>' + "".join(
            f"<li>{escape(_line(b.get('line'), str(b.get('message'))))}</li>" for b in broken) + "</ul>")
    if item.get("irregularities"):
        parts.append('<p class="flag">' + escape(_("irregularities recorded:")) + '</p><ul>' + "".join(
            f"<li>{escape(_irregularity(i))}</li>" for i in item["irregularities"]) + "</ul>")
    if item.get("rulings"):
        parts.append("<p>" + escape(_('rulings:')) + "</p><ul>" + "".join(
            f"<li>{escape(_ruling(r))}</li>" for r in item["rulings"]) + "</ul>")
    return "".join(parts)


def _line(line: Any, message: str) -> str:
    return _("line %(line)s: %(message)s") % {"line": line, "message": message} if line else message


def _irregularity(item: Dict[str, Any]) -> str:
    said = {"hand": item.get("hand"), "kind": item.get("kind"), "player": item.get("player"),
            "detail": item.get("detail")}
    return (_("hand %(hand)s: %(kind)s by %(player)s: %(detail)s") if item.get("detail")
            else _("hand %(hand)s: %(kind)s by %(player)s")) % said


def _ruling(item: Dict[str, Any]) -> str:
    """A ruling as the page lists it: its hand, its kind, its player and points when it has them, its reason:
    one whole message per kind (a kind, player or points the record's reading would refuse: glued, as before)."""
    kind, player, points = item.get("kind"), item.get("player"), item.get("points")
    said = {"hand": item.get("hand"), "player": player, "count": points, "reason": item.get("reason")}
    if kind == "award" and player and isinstance(points, int):
        return ngettext("hand %(hand)s: award %(player)s %(count)d: %(reason)s",
                        "hand %(hand)s: award %(player)s %(count)d: %(reason)s", points) % said
    if kind in _RULED and not player and points is None:
        return _(_RULED[kind]) % said
    if kind == "forfeit" and player and points is None:
        return _("hand %(hand)s: forfeit %(player)s: %(reason)s") % said
    named = item.get("kind")
    named = _(RULING_KINDS[named]) if named in RULING_KINDS else named  # the kind in the page's words
    kind = " ".join(str(part) for part in (named, item.get("player"), item.get("points"))
                    if part is not None and part != "")
    return _("hand %(hand)s: %(ruling)s: %(reason)s") % {"hand": item.get("hand"), "ruling": kind,
                                                        "reason": item.get("reason")}


_RULED = {"void": N_("hand %(hand)s: void: %(reason)s"), "redeal": N_("hand %(hand)s: redeal: %(reason)s")}
UPCARD_LABEL = N_("upcard of a hand entered at the table and rejected (it is dealt with it, then ruled; empty: the "
                  "file's own hand)")
KNOCKER_LABEL = N_("knocker's count or cards")
DEFENDER_LABEL = N_("defender's count (after his layoffs) or cards")
KEEP_IT = N_("No: keep it (back to the director's page)")
HEADING = N_("%(event)s: the director's page")
BACK = N_("The director's page")


def _t(message: str, **values: Any) -> str:
    """``message`` in the language spoken, its values put in, escaped for the page."""
    return escape(_(message) % values if values else _(message), quote=False)


def _forms(name: str, players: List[str], form_token: str, seen: str, upcard: str = "") -> str:
    """The file's forms: a ruling (with the upcard of a hand a table entered and that was rejected, never
    dealt in the file: ``upcard``, the newest such entry's, filled in), an amend, undo (asked first)."""
    hidden = pages.hidden("form_token", form_token) + pages.hidden("seen", seen)
    quoted = escape(name, quote=True)
    options = "".join(f'<option value="{escape(p, quote=True)}">{escape(p)}</option>' for p in players)
    kinds = "".join(f'<option value="{k}">{escape(_(RULING_KINDS[k]))}</option>' for k in KINDS)
    endings = "".join(f'<option value="{value}">' + _t(label) + '</option>' for value, label in ENDINGS)
    return (
        '<details><summary>' + _t(N_("Ruling")) + f'</summary><form method="post" action="/director/m/{quoted}/ruling">{hidden}'
        '<label>' + _t(N_("hand (empty: the last)")) + ' <input type="text" name="hand" inputmode="numeric"></label>'
        '<label>' + _t(N_("ruling")) + f' <select name="kind">{kinds}</select></label>'
        '<label>' + _t(N_("player (award, forfeit)")) + f' <select name="player"><option value=""></option>{options}</select></label>'
        '<label>' + _t(N_("points (award)")) + ' <input type="text" name="points" inputmode="numeric"></label>'
        '<label>' + _t(N_("reason")) + ' <input type="text" name="reason"></label>'
        '<label>' + _t(N_("by")) + ' <input type="text" name="by" value="director"></label>'
        '<label>' + _t(UPCARD_LABEL) + ' '
        f'<input type="text" name="upcard" value="{escape(upcard, quote=True)}" autocomplete="off"></label>'
        '<button type="submit">' + _t(N_("Record the ruling")) + '</button></form></details>'
        '<details><summary>' + _t(N_("Amend a hand")) + f'</summary><form method="post" action="/director/m/{quoted}/amend">{hidden}'
        '<p>' + _t(N_("What the table now agrees the hand was (as %(command)s takes it)."), command="gin-ref amend") + '</p>'
        '<label>' + _t(N_("hand")) + ' <input type="text" name="hand" inputmode="numeric"></label>'
        '<label>' + _t(N_("it ended")) + f' <select name="result">{endings}</select></label>'
        '<label>' + _t(N_("knocker")) + f' <select name="player"><option value=""></option>{options}</select></label>'
        '<label>' + _t(KNOCKER_LABEL) + ' <input type="text" name="count" autocomplete="off"></label>'
        '<label>' + _t(DEFENDER_LABEL) + ' <input type="text" name="defender" '
        'autocomplete="off"></label>'
        '<label>' + _t(N_("upcard (when the limit needs it)")) + ' <input type="text" name="upcard" autocomplete="off"></label>'
        '<label>' + _t(N_("melds the knocker declares (with cards)")) + ' <input type="text" name="melds" autocomplete="off"></label>'
        '<label>' + _t(N_("his discard (with 11 cards)")) + ' <input type="text" name="discard" autocomplete="off"></label>'
        '<button type="submit">' + _t(N_("Amend")) + '</button></form></details>'
        f'<form class="inline" method="post" action="/director/m/{quoted}/undo">{hidden}'
        '<button type="submit" class="no">' + _t(N_("Undo the newest step…")) + '</button></form>')


def undo_question(name: str, what: str, form_token: str, seen: str) -> str:
    """The undo asked first: what it takes back (``what``: the step in words); Yes sends the same form again,
    sure; No goes back."""
    quoted = escape(name, quote=True)
    return document(_("Undo?"), (
        '<h1>' + _t(N_("Undo the newest step of %(file)s?"), file=name) + '</h1>'
        '<p class="problem">' + _t(N_("It will take back %(step)s."), step=what) + '</p>'
        f'<form method="post" action="/director/m/{quoted}/undo">{pages.hidden("form_token", form_token)}'
        f'{pages.hidden("seen", seen)}{pages.hidden("sure", "1")}'
        '<button type="submit" class="no">' + _t(N_("Yes: undo it")) + '</button></form>'
        '<p><a href="/director">' + _t(KEEP_IT) + '</a></p>'
        "<p>" + _t(N_('Redo puts it back afterwards, as long as nothing else is written first.')) + "</p>"))


def redo_form(name: str, form_token: str, seen: str) -> str:
    """Offered after an undo: put back what it took (``gin-ref redo``)."""
    return (f'<form method="post" action="/director/m/{escape(name, quote=True)}/redo">'
            f'{pages.hidden("form_token", form_token)}{pages.hidden("seen", seen)}'
            '<button type="submit">' + _t(N_("Redo: put it back in %(file)s"), file=name) + '</button></form>')


STATES = {"pending": N_("pending"), "rejected": N_("rejected"), "withdrawn": N_("withdrawn"), "stale": N_("stale")}  # a journal entry's


def _state(item: Dict[str, Any]) -> str:
    state = _(STATES[item["state"]]) if item["state"] in STATES else item["state"]
    if item.get("answered_by"):
        return _("%(state)s by %(player)s") % {"state": state, "player": item["answered_by"]}
    return state


def _entry_html(item: Dict[str, Any]) -> str:
    """An entry as the table page draws it, in the page's language (its ``drawn`` data: the journal keeps it,
    #40); an older journal's entry by its words."""
    drawn = item.get("drawn")
    return handview.drawn_html(drawn) if drawn is not None else pages.lines(item["words"].splitlines())


def _pending_html(items: List[Dict[str, Any]]) -> str:
    if not items:
        return "<p>" + _t(N_('No hand is pending or rejected at any table.')) + "</p>"
    rows = "".join(
        f"<tr><td><a href=\"#{escape(i['file'], quote=True)}\">{escape(i['file'])}</a></td>"
        f"<td>{escape(_state(i))}</td>"
        f"<td>{_entry_html(i)}</td><td>{escape(i['by'])}</td><td>{escape(i['why'])}</td></tr>"
        for i in items)
    return ('<div class="wide" role="region" tabindex="0" aria-label="' + escape(_('Pending and rejected hands'), quote=True) + '">'
            '<table class="v" id="pending"><tr><th>' + _t(N_("match file")) + '</th><th>' + _t(N_("state")) + '</th>'
            '<th>' + _t(N_("entry")) + '</th><th>' + _t(N_("entered by")) + '</th><th>' + _t(N_("why")) + '</th></tr>' + rows + "</table></div>"
            "<p>" + _t(N_("A rejected hand is not in the record. To rule on it: hear both players, then record what "
                       "happened at the table's page (the opponent confirms), or, when they do not agree, record a "
                       "ruling below on the table's file (award, void, redeal or forfeit, with the reason): its form "
                       "holds the rejected hand's upcard, so the hand is dealt with it and ruled in one step.")) + "</p>")


def page_body(folder: Any, files: List[str], report: Dict[str, Dict[str, Any]], recs: Dict[str, Dict[str, Any]],
              pending: List[Dict[str, Any]], note: Optional[Tuple[bool, str]], form_token: str,
              seen: Dict[str, str], redo: Optional[str] = None) -> str:
    name = os.path.basename(os.path.realpath(folder.path))
    parts = ["<h1>" + _t(HEADING, event=name) + "</h1>",
             '<p><a href="/board">' + _t(N_("The board")) + '</a> · <a href="/director/settlement">' + _t(N_("The settlement")) + '</a> · '
             '<a href="/board/sheet">' + _t(N_("The score sheet")) + '</a> · <a href="/director/cards">' + _t(N_("The table cards")) + '</a></p>',
             '<p>' + _t(N_("Export every match:")) + ' ' + " · ".join(
                 f'<a href="/director/export/{escape(entry.name, quote=True)}" download>{escape(entry.name)}</a> '
                 f'({_t(EXPORT_HELP[entry.name]) if entry.name in EXPORT_HELP else escape(entry.help)})'
                 for entry in FORMATS.values()) + "</p>"]
    if note is not None:
        ok, text = note
        parts.append(f'<div class="{"note" if ok else "problem"}" role="status"><pre>{escape(text)}</pre></div>')
        if redo is not None:
            parts.append(redo_form(redo, form_token, seen.get(redo, "")))
    if folder.is_event:
        parts.append('<h2>' + _t(N_("The next round")) + '</h2><form method="post" action="/director/pair">'
                     + pages.hidden("form_token", form_token)
                     + '<button type="submit" class="go">' + _t(N_("Pair the next round")) + '</button></form>'
                     "<p>" + _t(N_("Refused, naming them, while a table is unfinished; the new round's pairings show "
                                "on the board and on each table's page (their addresses and cards stay the same)."))
                     + "</p>")
    parts.append("<h2>" + _t(N_('Pending and rejected hands')) + "</h2>" + _pending_html(pending))
    upcards: Dict[str, str] = {}  # each file's newest rejected (or stale) hand's upcard, for its ruling
    for item in pending:
        if item["state"] in ("rejected", "withdrawn", "stale") and item.get("upcard"):
            upcards[item["file"]] = item["upcard"]
    parts.append("<h2>" + _t(N_('The matches')) + "</h2>")
    if not files:
        parts.append("<p>" + _t(N_('No match file yet.')) + "</p>")
    for file in reversed(files):  # the latest round first
        rec = recs.get(file, {})
        players = escape(versus(rec.get("players", [])))
        record = ('<details><summary>' + _t(N_("The record")) + f'</summary><div class="lines">{escape(rec["text"])}</div>'
                  "</details>" if rec.get("text") else f'<p class="flag">{escape(str(rec.get("error")))}</p>')
        parts.append(f'<section class="m" id="{escape(file, quote=True)}"><h2>{escape(file)}: {players}</h2>'
                     f"{pages.lines(rec.get('standing', []))}{_verify_html(report.get(file))}{record}"
                     f"{_forms(file, rec.get('players', []), form_token, seen.get(file, ''), upcards.get(file, ''))}"
                     "</section>")
    return "".join(parts)


def pins_html(status: List[Dict[str, Any]], form_token: str) -> str:
    """The PINs (``serve --pins``): each player's, whether he has one, his wrong PINs and pause, and the
    forms: his PIN typed by him (masked), reset, lift the pause."""
    hidden = pages.hidden("form_token", form_token)
    rows = []
    for item in status:
        paused = (ngettext("paused, %(count)d s left", "paused, %(count)d s left", int(item["paused"]) + 1)
                  % {"count": int(item["paused"]) + 1} if item["paused"] > 0 else "")
        state = _t(N_("has a PIN")) if item["has_pin"] else '<span class="flag">' + _t(N_("no PIN yet")) + '</span>'
        misses = (ngettext("%(count)d wrong in a row", "%(count)d wrong in a row", item["misses"])
                  % {"count": item["misses"]} if item["misses"] else "")
        rows.append(
            f"<tr><td>{escape(item['player'])}</td><td>{state}</td><td>{escape(misses)}</td><td>{escape(paused)}</td>"
            f'<td><form class="inline" method="post" action="/director/pins/set">{hidden}'
            f'{pages.hidden("player", item["player"])}<label>' + _t(N_("%(player)s, type your PIN (4 to 8 digits)"), player=item["player"]) + ' '
            '<input type="password" name="pin" inputmode="numeric" autocomplete="off" maxlength="8" '
            'pattern="[0-9]{4,8}" required></label><button type="submit">' + _t(N_("Set")) + '</button></form> '
            f'<form class="inline" method="post" action="/director/pins/reset">{hidden}'
            f'{pages.hidden("player", item["player"])}<button type="submit" class="no">' + _t(N_("Reset")) + '</button></form> '
            + (f'<form class="inline" method="post" action="/director/pins/lift">{hidden}'
               f'{pages.hidden("player", item["player"])}<button type="submit">' + _t(N_("Lift the pause")) + '</button></form>'
               if item["misses"] else "") + "</td></tr>")
    return ('<h2 id="pins">' + _t(N_("PINs")) + '</h2><p>'
            + _t(N_("A hand is confirmed by the player it costs, with his PIN. Each player types his own PIN here (hand "
                 "him the device), or gets one on a slip (%(command)s). After 5 wrong PINs in a row his PINs are not "
                 "looked at for 60 s, doubled at each further miss up to 15 minutes."),
                 command="gin-ref serve FOLDER --cards --pins").replace(
                     "gin-ref serve FOLDER --cards --pins", "<code>gin-ref serve FOLDER --cards --pins</code>")
            + '</p><table class="v"><tr><th>' + _t(N_("player")) + '</th><th>' + _t(N_("PIN")) + '</th><th>' + _t(N_("wrong")) + '</th>'
            '<th>' + _t(N_("pause")) + '</th><th></th></tr>' + "".join(rows) + "</table>")


def settlement_page(done: bool, text: str, stake: str, currency: str) -> str:
    """The settlement's page: its form, then ``settle``'s lines (and warnings), or why it was refused."""
    form = ('<form method="get" action="/director/settlement"><label>' + _t(N_("stake (one point is worth)")) + ' '
            f'<input type="text" name="stake" value="{escape(stake, quote=True)}"></label>'
            '<label>' + _t(N_("currency")) + f' <input type="text" name="currency" value="{escape(currency, quote=True)}"></label>'
            '<button type="submit">' + _t(N_("Settle")) + '</button></form>')
    shown = pages.lines(text.rstrip("\n").splitlines()) if done else f'<p class="problem">{escape(text.strip())}</p>'
    return pages.document(_("Settlement"), '<h1>' + _t(N_("The settlement")) + '</h1><p><a href="/director">'
                          '' + _t(BACK) + '</a></p>' + form + shown)

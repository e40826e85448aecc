"""Matches as files for other programs and for people: CSV, JSON, Markdown and one HTML page.

Pure renderers: each takes ``MatchView`` objects (``gin_ref.views.history``) and returns the text. The CSV cannot
run as a spreadsheet formula, the Markdown and HTML escape every name, and the HTML page is self-contained:
inline CSS and an inline SVG chart, no scripts, nothing fetched.
"""

import csv
import datetime
import html
import io
import json
import re
from typing import NamedTuple

from gin_ref.core.cards import Card
from gin_ref.core.errors import InvalidNotationError
from gin_ref.views.history import standing
from gin_ref.views.words import irregularity_note

FORMATS = ("csv", "json", "markdown", "html")
EXPORT_FORMAT = "gin-ref-export/1"
CSV_COLUMNS = ("match", "date", "hand", "dealer", "upcard", "limit", "knocker", "result", "winner", "points")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def render(fmt, views):
    """The export of ``views`` in format ``fmt`` (one of FORMATS), as text."""
    renderers = {"csv": csv_text, "json": json_text, "markdown": markdown_text, "html": html_text}
    if fmt not in renderers:
        raise InvalidNotationError(f"unknown export format '{fmt}' (expected {', '.join(FORMATS)})")
    return renderers[fmt](views)


def all_players(views):
    """Every player name, in the order first met."""
    names = {}
    for view in views:
        for name in view.players:
            names.setdefault(name, None)
    return list(names)


# -- CSV ---------------------------------------------------------------------------------------------------

def safe_cell(value):
    """A CSV cell a spreadsheet will not run: text starting with = + - @ (or tab, CR) gets a leading
    apostrophe. Numbers stay numbers; None is an empty cell."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def csv_text(views):
    """One row per settled hand: the match, the hand, and each player's running total after it."""
    names = all_players(views)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([safe_cell(c) for c in (*CSV_COLUMNS, *names)])
    for view in views:
        for hand in view.hands:
            row = (view.file, view.date, hand["number"], hand.get("dealer"), hand.get("upcard"),
                   hand.get("limit"), hand.get("knocker"), hand["result"], hand.get("winner"),
                   hand.get("points"))
            totals = [hand["totals"].get(name) if name in view.players else None for name in names]
            writer.writerow([safe_cell(c) for c in (*row, *totals)])
    return out.getvalue()


# -- JSON --------------------------------------------------------------------------------------------------

def _plain(value):
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    raise TypeError(f"cannot export {type(value).__name__}")


def json_data(views):
    """``{format, matches: [{file, record, tally}]}``: each record as read and its tally."""
    return {
        "format": EXPORT_FORMAT,
        "matches": [{"file": view.file, "record": view.record, "tally": view.tally} for view in views],
    }


def json_text(views):
    return json.dumps(json_data(views), ensure_ascii=False, indent=2, default=_plain) + "\n"


# -- the score sheet, shared by Markdown and HTML ----------------------------------------------------------

def pretty_card(code):
    if not code:
        return ""
    try:
        return Card.parse(str(code)).pretty
    except InvalidNotationError:
        return str(code)


class Sheet(NamedTuple):
    """A match's hand table: column titles, one row per settled hand, the total row, the numeric columns."""

    headers: list
    rows: list
    total: list
    numeric: set


def score_sheet(view):
    """The tally's hand table: dealer (three players: the roles), upcard, limit, knocker, result, winner,
    points, each player's running total (and, for Hollywood, each game's columns); None is an empty cell."""
    players = view.players
    roles = ["box", "captain", "sitter"] if view.three_player else ["dealer"]  # the box deals every hand
    games = [f"g{g} {name}" for g in (1, 2, 3) for name in players] if view.hollywood else []
    headers = ["hand", *roles, "upcard", "limit", "knocker", "result", "winner", "points", *players,
               *games]
    rows = []
    for hand in view.hands:
        rows.append([hand["number"], *(hand.get(role) for role in roles),
                     pretty_card(hand.get("upcard")), hand.get("limit"), hand.get("knocker"),
                     hand["result"].replace("_", " "), hand.get("winner"), hand.get("points"),
                     *(hand["totals"].get(name) for name in players),
                     *(column.get(name) for column in hand.get("games") or [] for name in players)])
    first = headers.index("points") + 1
    totals = view.tally.get("totals") or {}
    game_totals = [game["totals"].get(name) for game in view.tally.get("games") or [] for name in players]
    total = ["total", *[None] * (first - 1), *(totals.get(name, 0) for name in players), *game_totals]
    numeric = {0, headers.index("limit"), headers.index("points"), *range(first, len(headers))}
    return Sheet(headers, rows, total, numeric)


def outcome_line(view):
    """``Ann wins: Ann 112, Ben 45`` (final scores) once over; else ``playing: Ann 40, Ben 22; next dealer
    Ann`` (running totals)."""
    tally = view.tally
    scores = ", ".join(f"{name} {standing(view).get(name, 0)}" for name in view.players)
    if tally.get("finished"):
        return f"{tally['winner']} wins: {scores}" if tally.get("winner") else f"over, a tie: {scores}"
    nxt = tally.get("next_dealer")
    return f"playing: {scores}" + (f"; next dealer {nxt}" if nxt else "")


def irregularity_notes(view):
    """``hand 5: Ann's knock refused (knock not allowed: ...)`` for each irregularity recorded (a hand's,
    then the match's own: deals refused), worded as the tally words them."""
    notes = []
    for hand in view.tally["hands"]:
        notes += [irregularity_note(hand["number"], item) for item in hand.get("irregularities") or []]
    notes += [irregularity_note(item.get("hand"), item) for item in view.tally.get("irregularities") or []]
    return notes


def bonus_rows(view):
    """``[player, bonus, points]`` for every end-of-game bonus."""
    rows = []
    for name, bonuses in (view.tally.get("bonuses") or {}).items():
        for bonus, value in (bonuses or {}).items():
            rows.append([name, str(bonus).replace("_", " "), value])
    return rows


def game_rows(view):
    """Hollywood: ``[game, total per player..., winner]`` per game."""
    rows = []
    for game in view.tally.get("games") or []:
        totals = game.get("totals") or {}
        state = game.get("winner") or ("" if game.get("finished") else "open")
        rows.append([game["number"], *(totals.get(name, 0) for name in view.players), state])
    return rows


# -- Markdown ----------------------------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")
_MD_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")  # '&amp;' or '&#60;' would show as '&' or '<'
_MD_LIST_MARKER = re.compile(r"^(?:([+\-])|([0-9]+)([.)]))")  # a list item's text starting '+ ' or '1. '


def md(value):
    """A table cell's text with Markdown punctuation escaped (a name cannot break the table) and each '&'
    that would start an HTML entity written as '&amp;'."""
    if value is None:
        return ""
    text = str(value).replace("\r", " ").replace("\n", " ")
    return _MD_ENTITY.sub("&amp;", _MD_SPECIAL.sub(r"\\\1", text))


def _md_item(text):
    """Escaped text (``md``) that starts a list item: a leading '+', '-' or '1.' would start a nested list."""
    return _MD_LIST_MARKER.sub(lambda m: "\\" + m.group(1) if m.group(1) else m.group(2) + "\\" + m.group(3),
                               text)


def _md_table(headers, rows, numeric=()):
    lines = ["| " + " | ".join(md(h) for h in headers) + " |",
             "|" + "|".join("---:" if i in numeric else "---" for i in range(len(headers))) + "|"]
    lines += ["| " + " | ".join(md(c) for c in row) + " |" for row in rows]
    return lines


def markdown_text(views):
    """The tally tables of each match, for a club's notes."""
    lines = []
    for view in views:
        if lines:
            lines.append("")
        lines += [f"## {md(view.file)}", "",
                  f"- date: {md(view.date)}",
                  f"- players: {', '.join(md(n) for n in view.players)}",
                  f"- rules: {md(view.rules)}",
                  f"- {_md_item(md(outcome_line(view)))}", ""]
        sheet = score_sheet(view)
        lines += _md_table(sheet.headers, sheet.rows + [sheet.total], sheet.numeric)
        if irregularity_notes(view):
            lines += ["", "Irregularities:", ""] + [f"- {md(note)}" for note in irregularity_notes(view)]
        if view.hollywood:
            lines += ["", "Games:", ""]
            lines += _md_table(["game", *view.players, "winner"], game_rows(view),
                               set(range(len(view.players) + 1)))
        if bonus_rows(view):
            lines += ["", "Bonuses:", ""]
            lines += _md_table(["player", "bonus", "points"], bonus_rows(view), {2})
    return "\n".join(lines) + "\n"


# -- HTML --------------------------------------------------------------------------------------------------

COLOURS = ("#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d35400")
_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #999; }
section { page-break-inside: avoid; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dt { font-weight: bold; } dd { margin: 0; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.6em; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.total td { font-weight: bold; border-top: 2px solid #444; }
svg { display: block; margin: 1em 0; }
svg text { font-family: sans-serif; font-size: 11px; fill: #444; }
@media print { body { margin: 0; } h2 { page-break-before: auto; } }
""".strip()


def esc(value):
    return "" if value is None else html.escape(str(value), quote=True)


def _html_table(headers, rows, numeric=(), total=None):
    out = ["<table>", "<tr>" + "".join(f"<th>{esc(h)}</th>" for h in headers) + "</tr>"]
    for row in rows:
        cells = "".join(f"<td class=\"n\">{esc(c)}</td>" if i in numeric else f"<td>{esc(c)}</td>"
                        for i, c in enumerate(row))
        out.append(f"<tr>{cells}</tr>")
    if total is not None:
        cells = "".join(f"<td class=\"n\">{esc(c)}</td>" if i in numeric else f"<td>{esc(c)}</td>"
                        for i, c in enumerate(total))
        out.append(f"<tr class=\"total\">{cells}</tr>")
    out.append("</table>")
    return out


def chart_series(view):
    """Each player's running totals for the chart: 0 before the first hand, then one per hand."""
    return {name: [0] + [hand["totals"].get(name, 0) for hand in view.hands] for name in view.players}


def svg_chart(view, width=640, height=260):
    """An inline SVG line chart of the running totals over the hands (one polyline per player)."""
    series = chart_series(view)
    hands = len(view.hands)
    target = None if view.hollywood else view.tally.get("target")  # Hollywood sums three games' columns
    top = max([1, target or 0] + [v for values in series.values() for v in values])
    left, right, upper, lower = 44, 110, 14, 34
    plot_w, plot_h = width - left - right, height - upper - lower

    def x(i):
        return round(left + plot_w * i / max(hands, 1), 1)

    def y(v):
        return round(upper + plot_h * (1 - v / top), 1)

    out = [f"<svg width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\" "
           f"aria-label=\"running totals of {esc(view.file)}\">",
           f"<rect x=\"{left}\" y=\"{upper}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" "
           "stroke=\"#999\"/>"]
    for value in sorted({0, top // 2, top}):
        out.append(f"<text x=\"{left - 6}\" y=\"{y(value) + 4}\" text-anchor=\"end\">{value}</text>")
    if target:
        out.append(f"<line x1=\"{left}\" y1=\"{y(target)}\" x2=\"{left + plot_w}\" y2=\"{y(target)}\" "
                   "stroke=\"#999\" stroke-dasharray=\"4 3\"/>")
        out.append(f"<text x=\"{left + 4}\" y=\"{y(target) - 4}\">target {target}</text>")
    step = 1 if hands <= 20 else 5 if hands <= 100 else 50
    for i in range(0, hands + 1, step):
        out.append(f"<text x=\"{x(i)}\" y=\"{upper + plot_h + 14}\" text-anchor=\"middle\">{i}</text>")
    out.append(f"<text x=\"{left + plot_w / 2}\" y=\"{height - 2}\" text-anchor=\"middle\">hand</text>")
    for i, (name, values) in enumerate(series.items()):
        colour = COLOURS[i % len(COLOURS)]
        pts = " ".join(f"{x(j)},{y(v)}" for j, v in enumerate(values))
        out.append(f"<polyline class=\"series\" data-player=\"{esc(name)}\" fill=\"none\" stroke=\"{colour}\" "
                   f"stroke-width=\"2\" points=\"{pts}\"><title>{esc(name)}</title></polyline>")
        out.append(f"<text x=\"{left + plot_w + 8}\" y=\"{upper + 14 + 16 * i}\" fill=\"{colour}\" "
                   f"style=\"fill: {colour}\">{esc(name)} {esc(values[-1])}</text>")
    out.append("</svg>")
    return out


def html_text(views, title="gin-ref score sheets"):
    """One self-contained page: each match's score sheet and a chart of its running totals."""
    out = ["<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
           f"<title>{esc(title)}</title>", f"<style>\n{_CSS}\n</style>", "</head>", "<body>",
           f"<h1>{esc(title)}</h1>"]
    for view in views:
        out += ["<section class=\"match\">", f"<h2>{esc(view.file)}</h2>", "<dl>",
                f"<dt>date</dt><dd>{esc(view.date)}</dd>",
                f"<dt>players</dt><dd>{esc(', '.join(view.players))}</dd>",
                f"<dt>rules</dt><dd>{esc(view.rules)}</dd>",
                f"<dt>result</dt><dd>{esc(outcome_line(view))}</dd>", "</dl>"]
        sheet = score_sheet(view)
        out += _html_table(sheet.headers, sheet.rows, sheet.numeric, sheet.total)
        if irregularity_notes(view):
            out += ["<h3>Irregularities</h3>", "<ul>"]
            out += [f"<li>{esc(note)}</li>" for note in irregularity_notes(view)]
            out.append("</ul>")
        if view.hollywood:
            out.append("<h3>Games</h3>")
            out += _html_table(["game", *view.players, "winner"], game_rows(view),
                               set(range(len(view.players) + 1)))
        if bonus_rows(view):
            out.append("<h3>Bonuses</h3>")
            out += _html_table(["player", "bonus", "points"], bonus_rows(view), {2})
        out += svg_chart(view)
        out.append("</section>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"

"""The score sheet as one self-contained HTML page, to post on a noticeboard or print.

Several matches open with their standings. Each match is headed by its players and date (the file name
small below); its sheet ends with the total, each bonus and the final score; Hollywood shows each game's
columns and a chart per game with its target; hearts and diamonds are red; a match not started says so.
The print stylesheet sets the paper (A4 by default) and its margins, prints at 11 pt, and keeps each match
whole on one page where it fits: a match that would not fit under the one before starts a new page. Its page
number in the bottom margin box (``@bottom-right``) is also what keeps the browser's own header and footer
(date, title, file address) off the paper: Chromium prints none on a page that sets a margin box. On a
screen the tables take the page's width. Inline CSS and SVG only: no script, nothing fetched.
"""

import html
from typing import Collection, List, Optional, Sequence, Tuple

from gin_ref.desk.language import current, gettext
from gin_ref.views.event_view import EventTable, event_heading, standing_rows
from gin_ref.views.export_chart import match_charts
from gin_ref.views.history import MatchView
from gin_ref.views.sheet import Row, heading_words, notes, not_started, outcome_line, score_sheet
from gin_ref.views.standings import said_headers, standings, standings_rows
from gin_ref.views.text import is_red, pretty_card
from gin_ref.views.words import versus

DEFAULT_TITLE = "gin-ref score sheets"
PAPERS = {"a4": "A4", "letter": "letter"}  # the --paper choices and their CSS page size
MARGINS = "14mm 12mm"

_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; margin: 2em auto; padding: 0 1.5em;
       color: #222; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
h1 { font-size: 1.6em; margin: 0 0 0.4em; }
h2 { font-size: 1.3em; margin: 0; }
h2 .date { font-weight: normal; color: #555; margin-left: 0.4em; }
h3 { font-size: 1em; margin: 0.8em 0 0.2em; }
p.file { margin: 0.1em 0 0.5em; font-size: 0.75em; color: #666; font-family: monospace; }
section { break-inside: avoid; page-break-inside: avoid; }
section.match { margin-top: 2em; border-top: 1px solid #999; padding-top: 0.8em; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.1em 1em; margin: 0.4em 0; }
dt { font-weight: bold; } dd { margin: 0; }
table { border-collapse: collapse; margin: 0.6em 0; width: 100%; }
th, td { border: 1px solid #bbb; padding: 0.12em 0.45em; }
th.group { border-bottom: none; font-weight: normal; font-style: italic; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.red { color: #c0392b; }
tfoot td { font-weight: bold; } tfoot td.label { text-align: right; }
tfoot tr.total td { border-top: 2px solid #444; }
tfoot tr.final td { border-top: 3px double #444; }
p.empty, p.game-open { font-style: italic; }
.charts { display: flex; flex-wrap: wrap; gap: 0 1em; }
svg { display: block; margin: 0.4em 0; }
svg text { font-family: sans-serif; font-size: 11px; fill: #444; }
svg text.title { font-weight: bold; }
@page { size: PAPER; margin: MARGINS;
        @bottom-right { content: "page " counter(page) " of " counter(pages); font: 9pt sans-serif; color: #666; } }
@media screen and (prefers-color-scheme: dark) {
  html { background: #121212; } body { color: #ececec; background: #121212; }
  h2 .date { color: #bdbdbd; } p.file { color: #b0b0b0; } th, td { border-color: #666; }
  .red { color: #ff8a80; } svg text { fill: #d0d0d0; } a { color: #8ab4f8; }
  svg text.end { fill: #ececec !important; } /* a player's colour is his line's and marker's; his label reads */
}
@media print {
  body { margin: 0; padding: 0; font-size: 11pt; }
  section.match { margin-top: 1.2em; }
  svg.chart { height: 52mm; width: auto; }
  section.standings + section.match, h1 + section.match { margin-top: 0; border-top: none; padding-top: 0; }
}
""".strip()


def esc(value: object) -> str:
    return "" if value is None else html.escape(str(value), quote=True)


def card_cell(code: object) -> str:
    """An upcard's cell text: hearts and diamonds in red."""
    text = esc(pretty_card(code))
    return f"<span class=\"red\">{text}</span>" if text and is_red(code) else text


def _cells(row: Row, numeric: Collection[int], card: Optional[int] = None) -> str:
    out = []
    for i, cell in enumerate(row):
        text = card_cell(cell) if i == card else esc(cell)
        out.append(f"<td class=\"n\">{text}</td>" if i in numeric else f"<td>{text}</td>")
    return "".join(out)


def html_grid(headers: Sequence[object], rows: Sequence[Row], numeric: Collection[int] = (),
              foot: Sequence[Row] = (), card: Optional[int] = None, groups: Sequence[Tuple[str, int]] = (),
              span: int = 1) -> List[str]:
    """A grid as an HTML table element: ``groups`` (title, columns) over the headers, the rows, then the ``foot`` rows (total, each
    bonus, final) with their own class, each titled in one cell across its first ``span`` columns."""
    out = ["<table>", "<thead>"]
    if groups:
        out.append("<tr>" + "".join(f"<th class=\"group\" colspan=\"{span}\">{esc(title)}</th>"
                                    for title, span in groups) + "</tr>")
    out += ["<tr>" + "".join(f"<th>{esc(h)}</th>" for h in headers) + "</tr>", "</thead>", "<tbody>"]
    out += [f"<tr>{_cells(row, numeric, card)}</tr>" for row in rows]
    out.append("</tbody>")
    if foot:
        out.append("<tfoot>")
        for row in foot:
            kind = row[0] if row[0] in ("total", "final") else "bonus"
            label = f"<td class=\"label\" colspan=\"{span}\">{esc(heading_words(str(row[0])))}</td>" if span > 1 else ""
            cells = _cells(row[span:], {i - span for i in numeric}) if label else _cells(row, numeric)
            out.append(f"<tr class=\"{kind}\">{label}{cells}</tr>")
        out.append("</tfoot>")
    out.append("</table>")
    return out


def match_section(view: MatchView) -> List[str]:
    """One match: its heading, what it was, the sheet (or why there is none), notes and charts."""
    out = ["<section class=\"match\">", "<header>",
           f"<h2>{esc(versus(view.players))}<span class=\"date\">{esc(view.date)}</span></h2>",
           f"<p class=\"file\">{esc(view.file)}</p>", "</header>", "<dl>",
           "<dt>" + esc(gettext("rules")) + f"</dt><dd>{esc(view.rules)}</dd>",
           "<dt>" + esc(gettext("result")) + f"</dt><dd>{esc(outcome_line(view))}</dd>", "</dl>"]
    empty = not_started(view)
    if empty:
        out.append(f"<p class=\"empty\">{esc(empty)}</p>")
    else:
        sheet = score_sheet(view)
        out += html_grid(sheet.headers, sheet.rows, sheet.numeric, sheet.foot, sheet.card, sheet.groups,
                          span=sheet.first)
    if notes(view):
        out += ["<h3>" + esc(gettext("Notes")) + "</h3>", "<ul>"]
        out += [f"<li>{esc(note)}</li>" for note in notes(view, marked=True)]
        out.append("</ul>")
    if not empty:
        out += ["<div class=\"charts\">", *match_charts(view), "</div>"]
    out.append("</section>")
    return out


def standings_section(views: Sequence[MatchView]) -> List[str]:
    """Several matches open with their standings: the standings of ``gin-ref standings`` over these
    matches (``gin_ref.views.standings``), and the matches still being played, not counted."""
    table = standings(views)
    out = ["<section class=\"standings\">", "<h2>" + esc(gettext("Standings")) + "</h2>"]
    if table.rows:
        out += html_grid(said_headers(), standings_rows(table), {0, 2, 3, 4, 5, 6, 7, 8})
    else:
        out.append("<p class=\"empty\">" + esc(gettext("no finished match yet")) + "</p>")
    if table.open:
        still = "; ".join(f"{versus(item.players)} ({item.file})" for item in table.open)
        said = gettext("still being played, not counted: %(matches)s") % {"matches": still}
        out.append(f"<p class=\"open\">{esc(said)}</p>")
    out.append("</section>")
    return out


def event_section(table: EventTable) -> List[str]:
    """An event's folder opens with the event's own standings (``gin-ref event standings``'): its ranking by
    match points and tie-breaks, in the order ``gin-ref event standings`` gives, never the club's ranking of
    the same matches (won, diff, rating), which would put the night's players in another order."""
    headers, rows = standing_rows(table)
    out = ["<section class=\"standings\">", "<h2>" + esc(gettext("Standings")) + "</h2>",
           f"<p>{esc(event_heading(table))}</p>"]
    out += html_grid(headers, rows, set(range(len(headers))) - {1})
    out.append("</section>")
    return out


def html_text(views: Sequence[MatchView], title: str = DEFAULT_TITLE, paper: str = "a4",
              event: Optional[EventTable] = None) -> str:
    """One self-contained page: the standings of several matches (``event``: an event's folder, whose own
    standings these are), then each match's score sheet and charts."""
    css = _CSS.replace("PAPER", PAPERS[paper]).replace("MARGINS", MARGINS)
    if title == DEFAULT_TITLE:  # the default title, said in the language settled; a title given is as given
        title = gettext("gin-ref score sheets")
    out = ["<!DOCTYPE html>", f"<html lang=\"{esc(current())}\">", "<head>", "<meta charset=\"utf-8\">",
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
           "<meta name=\"color-scheme\" content=\"light dark\">",
           f"<title>{esc(title)}</title>", f"<style>\n{css}\n</style>", "</head>", "<body>", "<main>",
           f"<h1>{esc(title)}</h1>"]
    if event is not None:
        out += event_section(event)
    elif len(views) > 1:
        out += standings_section(views)
    for view in views:
        out += match_section(view)
    out += ["</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"

"""The HTML of the pages, made on the server: plain forms that work with JavaScript off (the script,
``static/table.js``, only improves them). Everything shown is escaped; no page ever shows a file system
path, a token or a traceback.

Every page's content is in ``<main>``; its colours follow the phone's light or dark scheme
(``prefers-color-scheme``), each at 4.5:1 or more against its background, the suits too (hearts and
diamonds red, spades and clubs the text's colour: black on a light page, light on a dark one). The command
line's words keep their grids, but as tables: a grid of text (a header, a rule of dashes, rows) becomes a
table with header cells, so that no screen reader reads out a rule of dashes."""

import re
from html import escape
from typing import Iterable, List, Optional

from gin_ref.desk.language import gettext as _, spoken
from gin_ref.serve.pagelang import switch_html

STYLE = """
:root{color-scheme:light dark;--bg:#fff;--fg:#111;--soft:#f2f2f2;--line:#595959;--go:#1b5e20;--goText:#fff;
--no:#b71c1c;--ok:#1b5e20;--red:#b71c1c;--link:#0b57d0;--wait:#ffe0b2;--waitText:#3e2723;--warn:#a53c00;
--field:#fff;--off:#d6d6d6;--offText:#333}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#ececec;--soft:#1f1f1f;--line:#9e9e9e;--go:#1b5e20;
--goText:#fff;--no:#ff8a80;--ok:#8fd694;--red:#ff8a80;--link:#8ab4f8;--wait:#4e342e;--waitText:#ffe0b2;
--warn:#ffab70;--field:#1f1f1f;--off:#3a3a3a;--offText:#d0d0d0}}
html{background:var(--bg);color:var(--fg)}a{color:var(--link)}
body{font-family:system-ui,sans-serif;margin:0;padding:.6em;font-size:18px;line-height:1.35;max-width:40em}
h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.1em;margin:.8em 0 .3em}
.lines{font-family:ui-monospace,monospace;font-size:.9em;white-space:pre-wrap;background:var(--soft);padding:.4em}
.lines table{border-collapse:collapse;margin:.2em 0;white-space:normal}
.lines th,.lines td{text-align:left;padding:.1em .5em .1em 0;border-bottom:1px solid var(--line);vertical-align:top}
.lines td.n,.lines th.n{text-align:right}
button,.big{font-size:1.1em;padding:.6em 1em;margin:.2em .2em .2em 0;min-height:2.8em;border-radius:.4em;
border:2px solid var(--line);background:var(--field);color:var(--fg)}
button.go{background:var(--go);color:var(--goText);border-color:var(--go)}
button.no{background:var(--field);color:var(--no);border-color:var(--no)}
button:disabled,button.go:disabled,button.no:disabled{background:var(--off);color:var(--offText);
border-color:var(--off);cursor:progress}
input[type=text],input[type=password],select{font-size:1.1em;padding:.4em;width:100%;box-sizing:border-box;margin:.15em 0;
background:var(--field);color:var(--fg);border:1px solid var(--line)}
input.count{width:6em}label{display:block;margin:.3em 0}.row{display:flex;gap:.5em;flex-wrap:wrap;align-items:center}
.choice label{display:inline-block;border:2px solid var(--line);border-radius:.4em;padding:.5em .7em;margin:.2em}
.problem{color:var(--no);font-weight:bold}.note{color:var(--ok);font-weight:bold}
.pending{border:3px solid var(--warn);padding:.5em}.ask{border:3px solid var(--no);padding:.5em;margin:.5em 0}
.offline{background:var(--wait);color:var(--waitText);padding:.4em}fieldset{border:1px solid var(--line);margin:.5em 0}
.who{font-size:1.5em;font-weight:bold}.who select{font-size:1em;font-weight:bold}.limit{font-size:1.3em;font-weight:bold}
.langs{margin:1em 0 .3em;font-size:.9em}.langs a,.langs span{display:inline-block;padding:.4em .2em}
.red{color:var(--red)}.link{font-size:.8em}.check{margin:1em 0;white-space:pre-wrap}.check .lines{font-weight:normal}
"""
_RULE = re.compile(r"^-+(?:  +-+)*$")
_SEGMENT = re.compile(r"-+")
_CARD = re.compile(r"(?:10|[2-9AJQKT])?[♥♦]")


def document(title: str, body: str, script: bool = False, main: str = "", style: str = "") -> str:
    """A whole page in the language spoken (its ``<html lang>``, and the language switch after ``<main>``):
    ``body`` inside ``<main>`` (``main``: that element's attributes; ``style``: the page's own rules after the
    common ones)."""
    tail = '<script src="/static/table.js" defer></script>' if script else ""
    language = spoken()
    return (f"<!DOCTYPE html>\n<html lang=\"{language}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"color-scheme\" content=\"light dark\">"
            "<meta name=\"referrer\" content=\"no-referrer\">"
            f"<title>{escape(title)}</title><style>{STYLE}{style}</style>{tail}</head>\n<body>\n<main{main}>\n{body}\n"
            f"</main>\n{switch_html(language)}\n</body></html>\n")


def message_page(title: str, message: str) -> str:
    return document(title, f"<h1>{escape(title)}</h1>\n<p>{escape(message)}</p>")


def index_page(folder: object) -> str:
    return document("gin-ref serve", "<h1>gin-ref serve</h1>\n<p>" + escape(
        _("Open your table's address: scan the card on your table, or ask the director.")) + "</p>")


def suited(text: str) -> str:
    """Escaped text with each red card (hearts, diamonds) in the red of the page's scheme."""
    return _CARD.sub(lambda found: f'<span class="red">{found.group(0)}</span>', escape(text))


def lines(texts: Iterable[str], cls: str = "lines") -> str:
    """The command line's lines, each grid of them as a table (its header cells, no rule of dashes)."""
    shown = text_html([line for text in texts for line in text.split("\n")])
    return f'<div class="{cls}">{shown}</div>' if shown else ""


def text_html(rows: List[str]) -> str:
    """Lines of text as HTML: plain lines as they are (the block keeps their breaks), each grid (a header
    line, a rule of dashes under it, then each line blank between the columns) as a table."""
    out: List[str] = []
    index = 0
    while index < len(rows):
        if index + 1 < len(rows) and rows[index].strip() and _RULE.match(rows[index + 1].rstrip()):
            segments = list(_SEGMENT.finditer(rows[index + 1].rstrip()))
            gaps = [(one.end(), two.start()) for one, two in zip(segments, segments[1:])]
            end = index + 2
            while end < len(rows) and rows[end].strip() and all(not rows[end][a:b].strip() for a, b in gaps):
                end += 1
            out.append(_table(rows[index], rows[index + 1], rows[index + 2:end]))
            index = end
            continue
        out.append(suited(rows[index]) + "\n")
        index += 1
    return "".join(out).rstrip("\n")


def _table(header: str, rule: str, body: List[str]) -> str:
    spans = [(found.start(), found.end()) for found in _SEGMENT.finditer(rule.rstrip())]

    def cut(line: str) -> List[str]:
        return [line[start:(spans[k + 1][0] if k + 1 < len(spans) else len(line))].strip()
                for k, (start, _end) in enumerate(spans)]

    rows: List[List[str]] = []
    for line in body:
        cells = cut(line)
        if rows and not cells[0] and any(cells):  # a row broken onto more lines: its cells go on
            rows[-1] = [f"{old} {new}".strip() for old, new in zip(rows[-1], cells)]
        else:
            rows.append(cells)
    numeric = [_numeric([row[k] for row in rows if row[k]]) for k in range(len(spans))]
    head = "".join(f'<th scope="col"{" class=n" if numeric[k] else ""}>' + escape(name or _("player")) + '</th>'
                   for k, name in enumerate(cut(header)))
    body_html = "".join("<tr>" + "".join(f'<td{" class=n" if numeric[k] else ""}>{suited(cell)}</td>'
                                         for k, cell in enumerate(row)) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body_html}</tbody></table>"


def _numeric(cells: List[str]) -> bool:
    """A column of numbers (a word or two among them: a total's row) is aligned right."""
    numbers = sum(bool(re.fullmatch(r"[+-]?\d+(?:\.\d+)?", cell)) for cell in cells)
    return numbers > len(cells) - numbers


def paragraph(text: Optional[str], cls: str) -> str:
    return f'<p class="{cls}" role="status">{escape(text)}</p>' if text else ""


def hidden(name: str, value: str) -> str:
    return f'<input type="hidden" name="{escape(name)}" value="{escape(value)}">'

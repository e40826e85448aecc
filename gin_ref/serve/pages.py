"""The HTML of the pages, made on the server: plain forms that work with JavaScript off (the script,
``static/table.js``, only improves them). Everything shown is escaped; no page ever shows a file system
path, a token or a traceback."""

from html import escape
from typing import Iterable, Optional

STYLE = """
body{font-family:system-ui,sans-serif;margin:0;padding:.6em;font-size:18px;line-height:1.35;max-width:40em}
h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.1em;margin:.8em 0 .3em}
.lines{font-family:ui-monospace,monospace;font-size:.9em;white-space:pre-wrap;background:#f4f4f4;padding:.4em}
button,.big{font-size:1.1em;padding:.6em 1em;margin:.2em .2em .2em 0;min-height:2.8em;border-radius:.4em;
border:2px solid #333;background:#fff}
button.go{background:#1b5e20;color:#fff;border-color:#1b5e20}button.no{background:#fff;color:#b71c1c;border-color:#b71c1c}
input[type=text],input[type=password],select{font-size:1.1em;padding:.4em;width:100%;box-sizing:border-box;margin:.15em 0}
input.count{width:6em}label{display:block;margin:.3em 0}.row{display:flex;gap:.5em;flex-wrap:wrap;align-items:center}
.choice label{display:inline-block;border:2px solid #333;border-radius:.4em;padding:.5em .7em;margin:.2em}
.problem{color:#b71c1c;font-weight:bold}.note{color:#1b5e20;font-weight:bold}.pending{border:3px solid #e65100;padding:.5em}
.offline{background:#ffe0b2;padding:.4em}fieldset{border:1px solid #999;margin:.5em 0}
"""


def document(title: str, body: str, script: bool = False) -> str:
    tail = '<script src="/static/table.js" defer></script>' if script else ""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"referrer\" content=\"no-referrer\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style>{tail}</head>\n<body>\n{body}\n</body></html>\n")


def message_page(title: str, message: str) -> str:
    return document(title, f"<h1>{escape(title)}</h1>\n<p>{escape(message)}</p>")


def index_page(folder: object) -> str:
    return document("gin-ref serve", "<h1>gin-ref serve</h1>\n<p>Open your table's address: scan the card on "
                                     "your table, or ask the director.</p>")


def lines(texts: Iterable[str], cls: str = "lines") -> str:
    shown = "\n".join(escape(text) for text in texts)
    return f'<div class="{cls}">{shown}</div>' if shown else ""


def paragraph(text: Optional[str], cls: str) -> str:
    return f'<p class="{cls}" role="status">{escape(text)}</p>' if text else ""


def hidden(name: str, value: str) -> str:
    return f'<input type="hidden" name="{escape(name)}" value="{escape(value)}">'

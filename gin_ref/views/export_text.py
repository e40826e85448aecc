"""The score sheet as Markdown, for a club's notes: each match headed by its players and date, its sheet
ending with the total, each bonus and the final score, and for Hollywood a grid per game.

Every name is escaped: no name can break a grid, start a list or show as an HTML entity.
"""

import re
from typing import Collection, List, Sequence

from gin_ref.desk.language import gettext
from gin_ref.views.history import MatchView
from gin_ref.views.sheet import (Row, game_numbers, game_outcome, game_sheet, heading, heading_words, not_started, notes,
                                 outcome_line, score_sheet)
from gin_ref.views.text import pretty_card

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")
_MD_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")  # '&amp;' or '&#60;' would show as '&' or '<'
_MD_LIST_MARKER = re.compile(r"^(?:([+\-])|([0-9]+)([.)]))")  # a list item's text starting '+ ' or '1. '


def md(value: object) -> str:
    """A grid cell's text with Markdown punctuation escaped (a name cannot break the grid) and each '&'
    that would start an HTML entity written as '&amp;'."""
    if value is None:
        return ""
    text = str(value).replace("\r", " ").replace("\n", " ")
    return _MD_ENTITY.sub("&amp;", _MD_SPECIAL.sub(r"\\\1", text))


def _md_item(text: str) -> str:
    """Escaped text (``md``) that starts a list item: a leading '+', '-' or '1.' would start a nested list."""
    return _MD_LIST_MARKER.sub(lambda m: "\\" + m.group(1) if m.group(1) else m.group(2) + "\\" + m.group(3),
                               text)


def _md_grid(headers: Sequence[object], rows: Sequence[Row], numeric: Collection[int] = (),
             foot: Sequence[Row] = ()) -> List[str]:
    """A grid as a Markdown table; the ``foot`` rows (total, bonuses, final) have their titles in bold."""
    lines = ["| " + " | ".join(md(h) for h in headers) + " |",
             "|" + "|".join("---:" if i in numeric else "---" for i in range(len(headers))) + "|"]
    lines += ["| " + " | ".join(md(c) for c in row) + " |" for row in rows]
    lines += ["| " + " | ".join([f"**{md(heading_words(str(row[0])))}**", *(md(c) for c in row[1:])]) + " |"
              for row in foot]
    return lines


def markdown_text(views: Sequence[MatchView]) -> str:
    """The score sheet of each match, for a club's notes."""
    lines: List[str] = []
    for view in views:
        if lines:
            lines.append("")
        lines += [f"## {md(heading(view))}", "",
                  "- " + gettext("file: %(file)s") % {"file": md(view.file)},
                  "- " + gettext("rules: %(rules)s") % {"rules": md(view.rules)},
                  f"- {_md_item(md(outcome_line(view)))}", ""]
        empty = not_started(view)
        if empty:
            lines.append(f"*{md(empty)}*")
        else:
            sheet = score_sheet(view, games=False)
            card = sheet.card
            rows = sheet.rows if card is None else \
                [[*row[:card], pretty_card(row[card]), *row[card + 1:]] for row in sheet.rows]
            lines += _md_grid(sheet.headers, rows, sheet.numeric, sheet.foot)
        if notes(view):
            lines += ["", gettext("Notes:"), ""] + [f"- {md(note)}" for note in notes(view)]
        if view.hollywood and not empty:
            for number in game_numbers(view):
                headers, rows, foot, numeric = game_sheet(view, number)
                title = md(game_outcome(view, number))
                lines += ["", f"### {title[:1].upper()}{title[1:]}", ""]
                lines += _md_grid(headers, rows, numeric, foot) if rows else \
                    ["*" + md(gettext("nobody has scored in it yet")) + "*"]
    return "\n".join(lines) + "\n"

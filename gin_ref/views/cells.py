"""Display widths: how many columns of a terminal a text takes (wcwidth's measure), and text clipped to a
width. Shared by the table module (``gin_ref.views.table``: fitting a grid to the terminal) and the text
views (wrapping lines). wcwidth is imported only for text beyond ASCII and the characters gin-ref itself
writes (``NARROW``), so a command on plain names never loads it for its own measures.
"""

from __future__ import annotations

import functools
from typing import List


def cells(text: str) -> int:
    """How many columns of a terminal ``text`` takes: its display cells (a wide East Asian character takes
    two, a combining mark none), not its length."""
    if text.isascii():
        return len(text)
    return _cells(text)


# Characters gin-ref itself writes, one cell each (a test holds them to wcwidth): text of these and ASCII is
# measured without importing wcwidth, a tenth of a command's start. The letters and quotes its catalogues
# write (Slovak, Filipino: tests/test_startup.py holds every one of them here) are among them.
NARROW = "♠♥♦♣♤♡♢♧…×−·—–→←§½≥≤€" "ÁÄÉÍÓÔÚÝáäéíóôúýČčĎďĹĺĽľŇňŔŕŠšŤťŽžÑñ„“‚‘’"
_NARROW_OUT = str.maketrans(dict.fromkeys(NARROW, "x"))


def narrow(text: str) -> bool:
    """Is every character of ``text``'s lines one cell wide by wcwidth's measure (printable ASCII and the
    characters of ``NARROW``), known without loading wcwidth: its width is its length?"""
    plain = text.replace("\n", "")
    return plain.isprintable() and plain.translate(_NARROW_OUT).isascii()


@functools.lru_cache(maxsize=4096)
def _cells(text: str) -> int:
    if text.translate(_NARROW_OUT).isascii():
        return len(text)
    from wcwidth import wcswidth, wcwidth  # late (docs/architecture.md): text that is not plain ASCII

    width = wcswidth(text)
    if width < 0:  # a control character: counted as one cell each, as the escaped text would show it
        return sum(max(wcwidth(char), 1) for char in text)
    return int(width)


def clip(text: str, width: int, keep_end: bool = False) -> str:
    """``text`` cut to ``width`` cells with an ellipsis (its end kept with ``keep_end``: a path's file)."""
    if cells(text) <= width:
        return text
    if width <= 1:
        return "…"
    chars = list(reversed(text)) if keep_end else list(text)
    out: List[str] = []
    used = 0
    for char in chars:
        if used + cells(char) > width - 1:
            break
        out.append(char)
        used += cells(char)
    return "…" + "".join(reversed(out)) if keep_end else "".join(out) + "…"

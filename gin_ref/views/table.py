"""Grids for people (a text grid: rows and columns), drawn by tabulate in its ``simple`` style: columns two
spaces apart, dashes under the headers, each column aligned left or right, widths in display cells
(wcwidth). This module keeps only what tabulate does not do: fitting a grid to the width of the terminal
(dropping columns, breaking cells between melds or cards onto more lines, clipping names and paths with an
ellipsis).

tabulate (and through it wcwidth) is imported the first time a grid is drawn, never at a command's start:
a command that draws no table does not load it (tests/test_startup.py).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Dict, List, Optional, Protocol, Sequence, Set, cast

from gin_ref.core.escape import one_line
from gin_ref.views.cells import cells, clip, narrow

_SEPARATORS = (" | ", ", ", " ")  # where a wrapped cell breaks, best first: between melds, layoffs, cards

Cell = object


def grid(rows: Sequence[Sequence[Cell]], headers: Sequence[str] = (), right: Optional[Set[int]] = None,
         width: Optional[int] = None, wrap: Sequence[int] = (), drop: Sequence[int] = (),
         clip_end: Sequence[int] = (), clip_start: Sequence[int] = ()) -> str:
    """The one grid layout for people: tabulate's ``simple`` (no dashes without headers: ``plain``), each
    column as wide as its widest cell, no trailing spaces.

    ``right`` is the set of column indexes aligned right; by default the columns whose every cell is a whole
    number. With ``width`` (the terminal's), a grid wider than that is made to fit: the columns in ``drop``
    are left out, in that order, as far as needed, then the columns in ``wrap`` are broken onto more lines
    (between melds, then layoffs, then cards, then words), then the columns in ``clip_end`` (paths: their
    end is kept) and ``clip_start`` (names, text: their start is kept) are shortened with an ellipsis;
    every other column always stays.
    """
    texts = [["" if cell is None else one_line(cell) for cell in row] for row in rows]
    count = max([len(headers)] + [len(row) for row in texts])
    if right is None:
        right = {i for i in range(count)
                 if rows and all(i < len(row) and _is_number(row[i]) for row in rows)}
    layout = _Layout([one_line(header) for header in headers], texts, count, right)
    if width is not None and layout.total() > width:
        layout.fit(width, drop, wrap, clip_end, clip_start)
    return layout.text()


if TYPE_CHECKING:  # a type only: not made at a command's start
    class _Tabulate(Protocol):
        """tabulate's module, as a grid uses it: its switch of wide characters and ``tabulate``."""

        WIDE_CHARS_MODE: bool

        def tabulate(self, tabular_data: List[List[str]], headers: List[str], *, tablefmt: str,
                     colalign: List[str], disable_numparse: bool) -> str: ...


def _tabulate() -> _Tabulate:
    """tabulate, loaded late (see the module), with no padding added to a header: a column is as wide as its
    widest cell or header, as it was before tabulate drew gin-ref's grids."""
    import tabulate

    tabulate.MIN_PADDING = 0
    tabulate.PRESERVE_WHITESPACE = True  # a cell's own spaces are kept (tabulate 0.9's switch)
    return cast("_Tabulate", tabulate)  # (a module's variable is not a protocol's settable member to mypy)


# tabulate measures every cell with wcwidth (its WIDE_CHARS_MODE) unless switched off, a switch of its module:
# a grid whose every cell is narrow (each character one cell: its width is its length, the same measure) is
# drawn with it off, which spares a wcwidth call a cell (6 M instructions for a 30-hand tally), and each grid
# sets it as it is drawn, one grid at a time (gin-ref serve draws in threads).
_DRAWING = threading.Lock()


def _draw(rows: List[List[str]], headers: List[str], tablefmt: str, colalign: List[str]) -> str:
    module = _tabulate()
    wide = not (all(narrow(header) for header in headers) and all(narrow(cell) for row in rows for cell in row))
    with _DRAWING:
        module.WIDE_CHARS_MODE = wide
        return str(module.tabulate(rows, headers, tablefmt=tablefmt, colalign=colalign, disable_numparse=True))


class _Layout:
    """A grid being fitted: its cells as text, the columns kept, each column's width, and the widths of
    the columns broken onto more lines (``limits``)."""

    def __init__(self, headers: List[str], texts: List[List[str]], count: int, right: Set[int]) -> None:
        self.headers, self.texts, self.right = headers, texts, right
        self.widths = _widths(headers, texts, count)
        self.keep = list(range(count))
        self.limits: Dict[int, int] = {}

    def header_cells(self, i: int) -> int:
        return cells(self.headers[i]) if i < len(self.headers) else 0

    def total(self) -> int:
        return _total(self.widths, self.keep)

    def fit(self, width: int, drop: Sequence[int], wrap: Sequence[int], clip_end: Sequence[int],
            clip_start: Sequence[int]) -> None:
        for i in drop:
            if self.total() <= width:
                break
            if i in self.keep:
                self.keep.remove(i)
        for i in clip_end:  # a path gives way first, to 20 cells (its file name, most often)
            floor = max(20, self.header_cells(i))
            if i in self.keep and self.total() > width and self.widths[i] > floor:
                self.widths[i] = max(floor, self.widths[i] - (self.total() - width))
                self._clip_column(i, self.widths[i], keep_end=True)
        if self.total() > width:
            self.limits = _wrap_limits(self.headers, self.texts, self.widths, self.keep,
                                       [i for i in wrap if i in self.keep], width)
        clipped = [i for i in list(clip_end) + list(clip_start) if i in self.keep]
        if clipped and _total(self._limited(), self.keep) > width:
            cut = _clip_limits(self.headers, self._limited(), self.keep, clipped, width)
            for i, w in cut.items():
                self._clip_column(i, w, keep_end=i in clip_end)
                self.widths[i] = w
            self.limits = {i: w for i, w in self.limits.items() if i not in cut}

    def _limited(self) -> List[int]:
        return [self.limits[j] if j in self.limits else w for j, w in enumerate(self.widths)]  # wrapped, else whole

    def _clip_column(self, i: int, width: int, keep_end: bool) -> None:
        self.texts = [[clip(cell, width, keep_end=keep_end) if j == i else cell for j, cell in enumerate(row)]
                      for row in self.texts]

    def text(self) -> str:
        """The grid drawn by tabulate: the kept columns, a broken cell as lines of one cell (tabulate's
        multiline cells), each header padded to its column's width (a column broken or clipped keeps the
        width it was fitted to, even where its lines came out shorter)."""
        widths = self._limited()
        rows = [["\n".join(_broken(row[i], self.limits[i])) if i in self.limits and i < len(row) else
                 (row[i] if i < len(row) else "") for i in self.keep] for row in self.texts]
        if self.limits:  # tabulate leaves out a row of multiline cells that are all empty: one space keeps it
            rows = [row if any(row) else [" "] + row[1:] for row in rows]
        align = ["right" if i in self.right else "left" for i in self.keep]
        if not self.keep:
            return ""
        headers = [_padded(self.headers[i] if i < len(self.headers) else "", widths[i], i in self.right)
                   for i in self.keep]
        # a grid without headers is tabulate's "plain" (no dashes) under a header line of blanks that only
        # holds the fitted widths: that line (empty once tabulate strips its end) is left out
        drawn = _draw(rows, headers, "simple" if self.headers else "plain", align)
        return drawn if self.headers else drawn.partition("\n")[2]


def _padded(header: str, width: int, right: bool) -> str:
    space = " " * (width - cells(header))
    return space + header if right else header + space


def _widths(headers: Sequence[str], texts: Sequence[Sequence[str]], count: int) -> List[int]:
    return [max([cells(headers[i]) if i < len(headers) else 0] + [cells(row[i]) for row in texts if i < len(row)])
            for i in range(count)]


def _total(widths: Sequence[int], keep: Sequence[int]) -> int:
    return sum(widths[i] for i in keep) + 2 * (len(keep) - 1)


def _clip_limits(headers: Sequence[str], widths: Sequence[int], keep: Sequence[int], clipped: Sequence[int],
                 width: int) -> Dict[int, int]:
    """The width of each shortened column: the widest narrowed first, never below its header or 6 cells."""
    limits = list(widths)  # every column's width; the clipped ones narrowed
    floor = {i: max(6, cells(headers[i]) if i < len(headers) else 0) for i in clipped}
    while _total(limits, keep) > width:
        widest = max((i for i in clipped if limits[i] > floor[i]), key=lambda i: limits[i], default=None)
        if widest is None:
            break
        limits[widest] -= 1
    return {i: limits[i] for i in clipped if limits[i] < widths[i]}


def _wrap_limits(headers: Sequence[str], texts: Sequence[Sequence[str]], widths: Sequence[int],
                 keep: Sequence[int], wrap: Sequence[int], width: int) -> Dict[int, int]:
    """The width of each wrapped column: the widest narrowed first, one place at a time, never below a
    column's longest piece (a meld, a layoff, a card, with its separator) or its header. Where that cannot
    make the grid fit (a sentence: its pieces between commas are long), a column is narrowed on to its
    longest word, and ``_broken`` breaks it between words."""
    limits = list(widths)  # every column's width; the wrapped ones narrowed
    for finest in (False, True):
        floor = {i: max([cells(headers[i]) if i < len(headers) else 0] +
                        [cells(piece) + 2 for row in texts if i < len(row) for piece in _pieces(row[i], finest)])
                 for i in wrap}
        while _total(limits, keep) > width:
            widest = max((i for i in wrap if limits[i] > floor[i]), key=lambda i: limits[i], default=None)
            if widest is None:
                break
            limits[widest] -= 1
    return {i: limits[i] for i in wrap if limits[i] < widths[i]}


def _pieces(cell: str, finest: bool = False) -> List[str]:
    """What a cell may be broken between: its melds, else its layoffs, else its cards (or words); with
    ``finest``, its words."""
    for separator in _SEPARATORS[-1:] if finest else _SEPARATORS:
        if separator in cell:
            return cell.split(separator)
    return [cell]


def _broken(cell: str, width: int) -> List[str]:
    """A cell broken onto lines of at most ``width`` cells, at the first separator that does it (a line that
    goes on ends with the separator, ``|`` or ``,``)."""
    if cells(cell) <= width:
        return [cell]
    for separator in _SEPARATORS:
        if separator not in cell:
            continue
        tail = separator.rstrip()
        lines, current = [], ""
        for part in cell.split(separator):
            joined = current + separator + part if current else part
            if not current or cells(joined) + cells(tail) <= width:
                current = joined
            else:
                lines.append(current + tail)
                current = part
        lines.append(current)
        if all(cells(line) <= width for line in lines):
            return lines
    return [cell]


def _is_number(cell: object) -> bool:
    return isinstance(cell, int) and not isinstance(cell, bool)



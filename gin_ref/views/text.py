"""Text for people shared by every view: one grid layout, cards with suit symbols, spreads. Widths are
display cells (wcwidth), not characters: a wide East Asian name takes two columns a character.

The width output must fit (the terminal's, or None: as wide as it is, ``--wide``) is a parameter of each
function that lays text out; the command line passes it down (there is no process-wide setting).
"""

from __future__ import annotations

import functools
from typing import Dict, Iterable, List, Optional, Sequence, Set, Union

from gin_ref.core.cards import Card
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.escape import one_line
from gin_ref.core.layoffs import Defense, Layoff
from gin_ref.core.melds import Meld, Melding
from gin_ref.core.scoring import Showdown

NAME_WIDTH = 12  # a longer name is shortened in a grid (never in JSON or the file)


def pretty_card(code: object) -> str:
    """A card of the record (its code, ``9H``) as every message and sheet shows it (``9♥``); empty for no
    card, the text as it is when it is not a card (a view stays total on any record)."""
    if not code:
        return ""
    try:
        return Card.parse(str(code)).pretty
    except InvalidNotationError:
        return str(code)


def is_red(code: object) -> bool:
    """Hearts and diamonds (printed red on the sheet)."""
    return bool(code) and str(code)[-1:].upper() in ("H", "D")


def cells(text: str) -> int:
    """How many columns of a terminal ``text`` takes: its display cells (a wide East Asian character takes
    two, a combining mark none), not its length."""
    if text.isascii():
        return len(text)
    return _cells(text)


# Characters gin-ref itself writes, one cell each (a test holds them to wcwidth): text of these and ASCII is
# measured without importing wcwidth, a tenth of a command's start.
NARROW = "♠♥♦♣♤♡♢♧…×−·—–→←§½≥≤€"
_NARROW_OUT = str.maketrans(dict.fromkeys(NARROW, "x"))


@functools.lru_cache(maxsize=4096)
def _cells(text: str) -> int:
    if text.translate(_NARROW_OUT).isascii():
        return len(text)
    from wcwidth import wcswidth

    width = wcswidth(text)
    if width < 0:  # a control character: counted as one cell each, as the escaped text would show it
        from wcwidth import wcwidth

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


def _ljust(text: str, width: int) -> str:
    return text + " " * (width - cells(text))


def _rjust(text: str, width: int) -> str:
    return " " * (width - cells(text)) + text


def wrap_line(line: str, width: int, indent: Optional[str] = None) -> List[str]:
    """One line broken between words into lines of at most ``width`` cells, the later ones indented by
    ``indent`` (default: the line's own indent and two more); a word longer than a line is cut."""
    lead = len(line) - len(line.lstrip(" "))
    indent = " " * (lead + 2) if indent is None else indent
    out, current = [], line[:lead]
    for word in line[lead:].split(" "):
        joined = current + (" " if current.strip() else "") + word if word else current + " "
        if cells(joined) <= width or not current.strip():
            current = joined
        else:
            out.append(current.rstrip())
            current = indent + word
        while cells(current) > width:  # one word wider than a line: cut it where the line ends
            cut, used = 0, 0
            while cut < len(current) and used + cells(current[cut]) <= width:
                used += cells(current[cut])
                cut += 1
            out.append(current[:cut])
            current = indent + current[cut:]
    out.append(current.rstrip())
    return out


def fit_text(text: str, width: Optional[int]) -> str:
    """Lines of text wider than ``width`` display cells (None: no limit) broken between words, the rest
    indented by two; a line that fits is left as it is (grids are made to fit by ``grid`` itself)."""
    if width is None or all(cells(line) <= width for line in text.split("\n")):
        return text
    out = []
    for line in text.split("\n"):
        out.extend([line] if cells(line) <= width else wrap_line(line, width))
    return "\n".join(out)


_SEPARATORS = (" | ", ", ", " ")  # where a wrapped cell breaks, best first: between melds, layoffs, cards


def short_name(name: str, width: int = NAME_WIDTH) -> str:
    """A player's name for a grid's column: as it is up to ``width`` cells, else cut with an ellipsis."""
    return clip(name, width)


Cell = object


def grid(rows: Sequence[Sequence[Cell]], headers: Sequence[str] = (), right: Optional[Set[int]] = None,
         width: Optional[int] = None, wrap: Sequence[int] = (), drop: Sequence[int] = (),
         clip_end: Sequence[int] = (), clip_start: Sequence[int] = ()) -> str:
    """The one grid layout for people (a text grid: rows and columns): columns two spaces apart, dashes
    under the headers (none without headers), no trailing spaces; widths in display cells.

    ``right`` is the set of column indexes aligned right; by default the columns whose every cell is a whole
    number. With ``width`` (the terminal's), a grid wider than that is made to fit: the columns in ``drop``
    are left out, in that order, as far as needed, then the columns in ``wrap`` are broken onto more lines
    (between melds, then layoffs, then cards, then words), then the columns in ``clip_end`` (paths: their
    end is kept) and ``clip_start`` (names, text: their start is kept) are shortened with an ellipsis;
    every other column always stays. Quick enough for a 10,000-hand tally.
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


class _Layout:
    """A grid being laid out: its cells as text, the columns kept, each column's width, and the widths
    of the columns broken onto more lines (``limits``)."""

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
            self.widths = [cut.get(i, w) for i, w in enumerate(self.widths)]
            self.limits = {i: w for i, w in self.limits.items() if i not in cut}

    def _limited(self) -> List[int]:
        return [self.limits.get(j, w) for j, w in enumerate(self.widths)]

    def _clip_column(self, i: int, width: int, keep_end: bool) -> None:
        self.texts = [[clip(cell, width, keep_end=keep_end) if j == i else cell for j, cell in enumerate(row)]
                      for row in self.texts]

    def _line(self, parts: Sequence[str], widths: Sequence[int]) -> str:
        return "  ".join(_rjust(parts[k], widths[i]) if i in self.right else _ljust(parts[k], widths[i])
                         for k, i in enumerate(self.keep)).rstrip()

    def text(self) -> str:
        widths = self._limited()
        lines = []
        if self.headers:
            lines.append(self._line([self.headers[i] for i in self.keep], widths))
            lines.append("  ".join("-" * widths[i] for i in self.keep))
        for row in self.texts:  # the common case, and the 10,000-hand tally: one line a row
            cellsof = [row[i] if i < len(row) else "" for i in self.keep]
            if not self.limits:
                lines.append(self._line(cellsof, widths))
            else:
                lines.extend(self._broken_row(cellsof, widths))
        return "\n".join(lines)

    def _broken_row(self, row: List[str], widths: Sequence[int]) -> List[str]:
        parts = [_broken(cell, self.limits[i]) if i in self.limits else [cell] for cell, i in zip(row, self.keep)]
        height = max(len(part) for part in parts)
        return [self._line([part[k] if k < len(part) else "" for part in parts], widths) for k in range(height)]


def _widths(headers: Sequence[str], texts: Sequence[Sequence[str]], count: int) -> List[int]:
    return [max([cells(headers[i]) if i < len(headers) else 0] + [cells(row[i]) for row in texts if i < len(row)])
            for i in range(count)]


def _total(widths: Sequence[int], keep: Sequence[int]) -> int:
    return sum(widths[i] for i in keep) + 2 * (len(keep) - 1)


def _clip_limits(headers: Sequence[str], widths: Sequence[int], keep: Sequence[int], clipped: Sequence[int],
                 width: int) -> Dict[int, int]:
    """The width of each shortened column: the widest narrowed first, never below its header or 6 cells."""
    limits = {i: widths[i] for i in clipped}
    floor = {i: max(6, cells(headers[i]) if i < len(headers) else 0) for i in clipped}
    while _total([limits.get(j, w) for j, w in enumerate(widths)], keep) > width:
        widest = max((i for i in clipped if limits[i] > floor[i]), key=lambda i: limits[i], default=None)
        if widest is None:
            break
        limits[widest] -= 1
    return {i: w for i, w in limits.items() if w < widths[i]}


def _wrap_limits(headers: Sequence[str], texts: Sequence[Sequence[str]], widths: Sequence[int],
                 keep: Sequence[int], wrap: Sequence[int], width: int) -> Dict[int, int]:
    """The width of each wrapped column: the widest narrowed first, one place at a time, never below a
    column's longest piece (a meld, a layoff, a card, with its separator) or its header."""
    limits = {i: widths[i] for i in wrap}
    floor = {i: max([cells(headers[i]) if i < len(headers) else 0] +
                    [cells(piece) + 2 for row in texts if i < len(row) for piece in _pieces(row[i])]) for i in wrap}
    while _total([limits.get(j, w) for j, w in enumerate(widths)], keep) > width:
        widest = max((i for i in wrap if limits[i] > floor[i]), key=lambda i: limits[i], default=None)
        if widest is None:
            break
        limits[widest] -= 1
    return {i: w for i, w in limits.items() if w < widths[i]}


def _pieces(cell: str) -> List[str]:
    """What a cell may be broken between: its melds, else its layoffs, else its cards (or words)."""
    for separator in _SEPARATORS:
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


def pretty_cards(cards: Iterable[Card]) -> str:
    """Cards for people: ``10♥ J♥ Q♥``."""
    return " ".join(card.pretty for card in cards)


def spread_lines(showdown: Showdown, knocker: str = "knocker", defender: str = "defender",
                 width: Optional[int] = None) -> List[str]:
    """A settled hand's two spreads as a grid fitting ``width`` (melds, layoffs, deadwood), then the
    knocker's discard."""
    spread, defense, knock = showdown.knocker, showdown.defense, showdown.knock
    layoffs = layoffs_text(defense.layoffs)
    rows = [
        (short_name(knocker), melds_text(spread.melds), "", deadwood_text(spread)),
        (short_name(defender), melds_text(defense.melds), layoffs or ("none (gin)" if knock.gin else "none"),
         deadwood_text(defense)),
    ]
    lines = [grid(rows, ("", "melds", "layoffs", "deadwood"), width=width, wrap=(1, 2, 3))]
    if spread.discard is not None:
        lines.append(f"{knocker}'s discard: {spread.discard.pretty}")
    return lines


def layoffs_text(layoffs: Iterable[Layoff]) -> str:
    """The defender's layoffs, each meld once with every card laid on it (a chain too), low cards first:
    ``6♠ 7♠ → 3♠ 4♠ 5♠, 4♦ → 4♥ 4♣ 4♠``; empty when there are none."""
    onto: Dict[Meld, List[Card]] = {}
    for lay in layoffs:
        onto.setdefault(lay.onto, []).append(lay.card)
    return ", ".join(f"{pretty_cards(sorted(cards, key=lambda c: c.index))} → {pretty_cards(meld.cards)}"
                     for meld, cards in onto.items())


def melds_text(melds: Iterable[Meld]) -> str:
    """Melds for people: ``A♠ 2♠ 3♠ | 4♥ 4♦ 4♣``, or ``none``."""
    return " | ".join(pretty_cards(m.cards) for m in melds) or "none"


def deadwood_text(spread: Union[Melding, Defense]) -> str:
    """Deadwood cards and their points: ``5♦ 9♣ = 14``, or ``0``."""
    cards = pretty_cards(spread.deadwood_cards)
    return f"{cards} = {spread.deadwood}" if cards else "0"

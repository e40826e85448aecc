"""Text for people shared by every view: one table layout, cards with suit symbols, spreads. Widths are
display cells (wcwidth), not characters: a wide East Asian name takes two columns a character."""

import functools

from gin_ref.core.escape import one_line

NAME_WIDTH = 12  # a longer name is shortened in a table (never in JSON or the file)
_WIDTH = [None]  # the width output must fit (the terminal's), set by the command line; None: as wide as it is


def set_width(width):
    """Make tables for people fit ``width`` columns from now on (None: today's full layout, ``--wide``)."""
    _WIDTH[0] = width


def output_width():
    return _WIDTH[0]


def cells(text):
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
def _cells(text):
    if text.translate(_NARROW_OUT).isascii():
        return len(text)
    from wcwidth import wcswidth

    width = wcswidth(text)
    if width < 0:  # a control character: counted as one cell each, as the escaped text would show it
        from wcwidth import wcwidth

        return sum(max(wcwidth(char), 1) for char in text)
    return width


def clip(text, width, keep_end=False):
    """``text`` cut to ``width`` cells with an ellipsis (its end kept with ``keep_end``: a path's file)."""
    if cells(text) <= width:
        return text
    if width <= 1:
        return "…"
    chars = list(reversed(text)) if keep_end else list(text)
    out, used = [], 0
    for char in chars:
        if used + cells(char) > width - 1:
            break
        out.append(char)
        used += cells(char)
    return "…" + "".join(reversed(out)) if keep_end else "".join(out) + "…"


def _ljust(text, width):
    return text + " " * (width - cells(text))


def _rjust(text, width):
    return " " * (width - cells(text)) + text


def wrap_line(line, width, indent=None):
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


def fit_text(text, width=None):
    """Lines of text wider than the output width (in display cells) broken between words, the rest
    indented by two; a line that fits is left as it is (tables are made to fit by ``table`` itself)."""
    width = _WIDTH[0] if width is None else width
    if width is None or all(cells(line) <= width for line in text.split("\n")):
        return text
    out = []
    for line in text.split("\n"):
        out.extend([line] if cells(line) <= width else wrap_line(line, width))
    return "\n".join(out)


_SEPARATORS = (" | ", ", ", " ")  # where a wrapped cell breaks, best first: between melds, layoffs, cards


def short_name(name, width=NAME_WIDTH):
    """A player's name for a table column: as it is up to ``width`` cells, else cut with an ellipsis."""
    return clip(name, width)


def table(rows, headers=(), right=None, width=None, wrap=(), drop=(), clip_end=(), clip_start=()):
    """The one table layout for people: columns two spaces apart, dashes under the headers (none without
    headers), no trailing spaces; widths in display cells.

    ``right`` is the set of column indexes aligned right; by default the columns whose every cell is a whole
    number. With ``width`` (the terminal's), a table wider than that is made to fit: the columns in ``drop``
    are left out, in that order, as far as needed, then the columns in ``wrap`` are broken onto more lines
    (between melds, then layoffs, then cards, then words), then the columns in ``clip_end`` (paths: their
    end is kept) and ``clip_start`` (names, text: their start is kept) are shortened with an ellipsis;
    every other column always stays. Quick enough for a 10,000-hand tally.
    """
    grid = [["" if cell is None else one_line(cell) for cell in row] for row in rows]
    count = max([len(headers)] + [len(row) for row in grid])
    if right is None:
        right = {i for i in range(count)
                 if rows and all(i < len(row) and _is_number(row[i]) for row in rows)}
    headers = [one_line(header) for header in headers]
    widths = _widths(headers, grid, count)
    keep = list(range(count))
    limits = {}
    if width is not None and _total(widths, keep) > width:
        for i in drop:
            if _total(widths, keep) <= width:
                break
            if i in keep:
                keep.remove(i)
        for i in clip_end:  # a path gives way first, to 20 cells (its file name, most often)
            if i in keep and _total(widths, keep) > width and widths[i] > max(20, cells(headers[i]) if i < len(headers) else 0):
                widths[i] = max(20, cells(headers[i]) if i < len(headers) else 0, widths[i] - (_total(widths, keep) - width))
                grid = [[clip(cell, widths[i], keep_end=True) if j == i else cell for j, cell in enumerate(row)]
                        for row in grid]
        if _total(widths, keep) > width:
            limits = _wrap_limits(headers, grid, widths, keep, [i for i in wrap if i in keep], width)
        clipped = [i for i in list(clip_end) + list(clip_start) if i in keep]
        if clipped and _total([limits.get(j, w) for j, w in enumerate(widths)], keep) > width:
            cut = _clip_limits(headers, [limits.get(j, w) for j, w in enumerate(widths)], keep, clipped, width)
            for i, w in cut.items():
                grid = [[clip(cell, w, keep_end=i in clip_end) if j == i else cell for j, cell in enumerate(row)]
                        for row in grid]
            widths = [cut.get(i, w) for i, w in enumerate(widths)]
            limits = {i: w for i, w in limits.items() if i not in cut}
    widths = [limits.get(i, w) for i, w in enumerate(widths)]

    def lines_of(row):
        parts = {i: _broken(row[i] if i < len(row) else "", limits[i]) if i in limits else
                 [row[i] if i < len(row) else ""] for i in keep}
        height = max(len(part) for part in parts.values())
        out = []
        for k in range(height):
            out.append("  ".join(_rjust(parts[i][k] if k < len(parts[i]) else "", widths[i]) if i in right else
                                 _ljust(parts[i][k] if k < len(parts[i]) else "", widths[i]) for i in keep).rstrip())
        return out

    lines = []
    if headers:
        lines.append("  ".join(_rjust(headers[i], widths[i]) if i in right else _ljust(headers[i], widths[i])
                               for i in keep).rstrip())
        lines.append("  ".join("-" * widths[i] for i in keep))
    if not limits:  # the common case, and the 10,000-hand tally: one line a row
        return "\n".join(lines + ["  ".join(_rjust(row[i], widths[i]) if i in right else _ljust(row[i], widths[i])
                                             for i in keep).rstrip() for row in grid])
    for row in grid:
        lines.extend(lines_of(row))
    return "\n".join(lines)


def _widths(headers, grid, count):
    return [max([cells(headers[i]) if i < len(headers) else 0] + [cells(row[i]) for row in grid if i < len(row)])
            for i in range(count)]


def _total(widths, keep):
    return sum(widths[i] for i in keep) + 2 * (len(keep) - 1)


def _clip_limits(headers, widths, keep, clipped, width):
    """The width of each shortened column: the widest narrowed first, never below its header or 6 cells."""
    limits = {i: widths[i] for i in clipped}
    floor = {i: max(6, cells(headers[i]) if i < len(headers) else 0) for i in clipped}
    while _total([limits.get(j, w) for j, w in enumerate(widths)], keep) > width:
        widest = max((i for i in clipped if limits[i] > floor[i]), key=lambda i: limits[i], default=None)
        if widest is None:
            break
        limits[widest] -= 1
    return {i: w for i, w in limits.items() if w < widths[i]}


def _wrap_limits(headers, grid, widths, keep, wrap, width):
    """The width of each wrapped column: the widest narrowed first, one place at a time, never below a
    column's longest piece (a meld, a layoff, a card, with its separator) or its header."""
    limits = {i: widths[i] for i in wrap}
    floor = {i: max([cells(headers[i]) if i < len(headers) else 0] +
                    [cells(piece) + 2 for row in grid if i < len(row) for piece in _pieces(row[i])]) for i in wrap}
    while _total([limits.get(j, w) for j, w in enumerate(widths)], keep) > width:
        widest = max((i for i in wrap if limits[i] > floor[i]), key=lambda i: limits[i], default=None)
        if widest is None:
            break
        limits[widest] -= 1
    return {i: w for i, w in limits.items() if w < widths[i]}


def _pieces(cell):
    """What a cell may be broken between: its melds, else its layoffs, else its cards (or words)."""
    for separator in _SEPARATORS:
        if separator in cell:
            return cell.split(separator)
    return [cell]


def _broken(cell, width):
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


def _is_number(cell):
    return isinstance(cell, int) and not isinstance(cell, bool)


def pretty_cards(cards):
    """Cards for people: ``10♥ J♥ Q♥``."""
    return " ".join(card.pretty for card in cards)


def spread_lines(showdown, knocker="knocker", defender="defender"):
    """A settled hand's two spreads as a table (melds, layoffs, deadwood), then the knocker's discard."""
    spread, defense, knock = showdown.knocker, showdown.defense, showdown.knock
    layoffs = layoffs_text(defense.layoffs)
    rows = [
        (short_name(knocker), melds_text(spread.melds), "", deadwood_text(spread)),
        (short_name(defender), melds_text(defense.melds), layoffs or ("none (gin)" if knock.gin else "none"),
         deadwood_text(defense)),
    ]
    lines = [table(rows, ("", "melds", "layoffs", "deadwood"), width=output_width(), wrap=(1, 2, 3))]
    if spread.discard is not None:
        lines.append(f"{knocker}'s discard: {spread.discard.pretty}")
    return lines


def layoffs_text(layoffs):
    """The defender's layoffs, each meld once with every card laid on it (a chain too), low cards first:
    ``6♠ 7♠ → 3♠ 4♠ 5♠, 4♦ → 4♥ 4♣ 4♠``; empty when there are none."""
    onto = {}
    for lay in layoffs:
        onto.setdefault(lay.onto, []).append(lay.card)
    return ", ".join(f"{pretty_cards(sorted(cards, key=lambda c: c.index))} → {pretty_cards(meld.cards)}"
                     for meld, cards in onto.items())


def melds_text(melds):
    """Melds for people: ``A♠ 2♠ 3♠ | 4♥ 4♦ 4♣``, or ``none``."""
    return " | ".join(pretty_cards(m.cards) for m in melds) or "none"


def deadwood_text(spread):
    """Deadwood cards and their points: ``5♦ 9♣ = 14``, or ``0``."""
    cards = pretty_cards(spread.deadwood_cards)
    return f"{cards} = {spread.deadwood}" if cards else "0"

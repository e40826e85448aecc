"""Text for people shared by every view: one table layout, cards with suit symbols, spreads."""

from gin_ref.core.escape import one_line

NAME_WIDTH = 12  # a longer name is shortened in a table (never in JSON or the file)
_WIDTH = [None]  # the width output must fit (the terminal's), set by the command line; None: as wide as it is


def set_width(width):
    """Make tables for people fit ``width`` columns from now on (None: today's full layout, ``--wide``)."""
    _WIDTH[0] = width


def output_width():
    return _WIDTH[0]


def fit_text(text):
    """Lines of text longer than the output width broken between words, the rest indented by two (tables
    are made to fit by ``table`` itself, so their lines are left as they are)."""
    width = _WIDTH[0]
    if width is None or all(len(line) <= width for line in text.split("\n")):
        return text
    import textwrap

    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
        else:
            lead = len(line) - len(line.lstrip())
            out.extend(textwrap.wrap(line, width, subsequent_indent=" " * (lead + 2), break_long_words=False,
                                     break_on_hyphens=False) or [line])
    return "\n".join(out)
_SEPARATORS = (" | ", ", ", " ")  # where a wrapped cell breaks, best first: between melds, layoffs, cards


def short_name(name, width=NAME_WIDTH):
    """A player's name for a table column: as it is up to ``width`` characters, else cut with an ellipsis."""
    return name if len(name) <= width else name[:width - 1] + "…"


def table(rows, headers=(), right=None, width=None, wrap=(), drop=()):
    """The one table layout for people: columns two spaces apart, dashes under the headers (none without
    headers), no trailing spaces.

    ``right`` is the set of column indexes aligned right; by default the columns whose every cell is a whole
    number. With ``width`` (the terminal's), a table wider than that is made to fit: the columns in ``drop``
    are left out, in that order, as far as needed, then the columns in ``wrap`` are broken onto more lines
    (between melds, then layoffs, then cards); every other column always stays. Quick enough for a
    10,000-hand tally.
    """
    cells = [["" if cell is None else one_line(cell) for cell in row] for row in rows]  # one row is one line
    count = max([len(headers)] + [len(row) for row in cells])
    if right is None:
        right = {i for i in range(count)
                 if rows and all(i < len(row) and _is_number(row[i]) for row in rows)}
    headers = [one_line(header) for header in headers]
    widths = _widths(headers, cells, count)
    keep = list(range(count))
    limits = {}
    if width is not None and _total(widths, keep) > width:
        for i in drop:
            if _total(widths, keep) <= width:
                break
            if i in keep:
                keep.remove(i)
        if _total(widths, keep) > width:
            limits = _wrap_limits(headers, cells, widths, keep, [i for i in wrap if i in keep], width)
    widths = [limits.get(i, w) for i, w in enumerate(widths)]

    def lines_of(row):
        parts = {i: _broken(row[i] if i < len(row) else "", limits[i]) if i in limits else
                 [row[i] if i < len(row) else ""] for i in keep}
        height = max(len(part) for part in parts.values())
        out = []
        for k in range(height):
            out.append("  ".join((parts[i][k] if k < len(parts[i]) else "").rjust(widths[i]) if i in right else
                                 (parts[i][k] if k < len(parts[i]) else "").ljust(widths[i]) for i in keep).rstrip())
        return out

    lines = []
    if headers:
        lines.append("  ".join(headers[i].rjust(widths[i]) if i in right else headers[i].ljust(widths[i])
                               for i in keep).rstrip())
        lines.append("  ".join("-" * widths[i] for i in keep))
    if not limits:  # the common case, and the 10,000-hand tally: one line a row
        return "\n".join(lines + ["  ".join(row[i].rjust(widths[i]) if i in right else row[i].ljust(widths[i])
                                             for i in keep).rstrip() for row in cells])
    for row in cells:
        lines.extend(lines_of(row))
    return "\n".join(lines)


def _widths(headers, cells, count):
    return [max([len(headers[i]) if i < len(headers) else 0] + [len(row[i]) for row in cells if i < len(row)])
            for i in range(count)]


def _total(widths, keep):
    return sum(widths[i] for i in keep) + 2 * (len(keep) - 1)


def _wrap_limits(headers, cells, widths, keep, wrap, width):
    """The width of each wrapped column: the widest narrowed first, one place at a time, never below a
    column's longest piece (a meld, a layoff, a card, with its separator) or its header."""
    limits = {i: widths[i] for i in wrap}
    floor = {i: max([len(headers[i]) if i < len(headers) else 0] +
                    [len(piece) + 2 for row in cells if i < len(row) for piece in _pieces(row[i])]) for i in wrap}
    while _total([limits.get(j, w) for j, w in enumerate(widths)], keep) > width:
        widest = max((i for i in wrap if limits[i] > floor[i]), key=lambda i: limits[i], default=None)
        if widest is None:
            break
        limits[widest] -= 1
    return {i: w for i, w in limits.items() if w < widths[i]}


def _pieces(cell):
    """What a cell may be broken between: its melds, else its layoffs, else its cards."""
    for separator in _SEPARATORS:
        if separator in cell:
            return cell.split(separator)
    return [cell]


def _broken(cell, width):
    """A cell broken onto lines of at most ``width``, at the first separator that does it (a line that goes
    on ends with the separator, ``|`` or ``,``)."""
    if len(cell) <= width:
        return [cell]
    for separator in _SEPARATORS:
        if separator not in cell:
            continue
        tail = separator.rstrip()
        lines, current = [], ""
        for part in cell.split(separator):
            joined = current + separator + part if current else part
            if not current or len(joined) + len(tail) <= width:
                current = joined
            else:
                lines.append(current + tail)
                current = part
        lines.append(current)
        if all(len(line) <= width for line in lines):
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

"""Text for people shared by every view: one table layout, cards with suit symbols, spreads."""


def table(rows, headers=(), right=None):
    """The one table layout for people: columns two spaces apart, dashes under the headers (none without
    headers), no trailing spaces.

    ``right`` is the set of column indexes aligned right; by default the columns whose every cell is a whole
    number. Quick enough for a 10,000-hand tally.
    """
    cells = [["" if cell is None else str(cell) for cell in row] for row in rows]
    count = max([len(headers)] + [len(row) for row in cells])
    if right is None:
        right = {i for i in range(count)
                 if rows and all(i < len(row) and _is_number(row[i]) for row in rows)}
    widths = [max([len(headers[i]) if i < len(headers) else 0] + [len(row[i]) for row in cells if i < len(row)])
              for i in range(count)]

    def line(row):
        return "  ".join(cell.rjust(width) if i in right else cell.ljust(width)
                         for i, (cell, width) in enumerate(zip(row, widths))).rstrip()

    lines = [line(list(headers)), line(["-" * width for width in widths])] if headers else []
    return "\n".join(lines + [line(row) for row in cells])


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
        (knocker, melds_text(spread.melds), "", deadwood_text(spread)),
        (defender, melds_text(defense.melds), layoffs or ("none (gin)" if knock.gin else "none"),
         deadwood_text(defense)),
    ]
    lines = [table(rows, ("", "melds", "layoffs", "deadwood"))]
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

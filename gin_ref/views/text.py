"""Text for people shared by every view: one table layout, cards with suit symbols, spreads."""


def table(rows, headers, **kwargs):
    from tabulate import tabulate

    return tabulate(rows, headers=headers, **kwargs)


def pretty_cards(cards):
    """Cards for people: ``10♥ J♥ Q♥``."""
    return " ".join(card.pretty for card in cards)


def spread_lines(showdown, knocker="knocker", defender="defender"):
    """A settled hand's two spreads as a table (melds, layoffs, deadwood), then the knocker's discard."""
    spread, defense, knock = showdown.knocker, showdown.defense, showdown.knock
    layoffs = ", ".join(f"{lay.card.pretty} → {pretty_cards(lay.onto.cards)}" for lay in defense.layoffs)
    rows = [
        (knocker, melds_text(spread.melds), "", deadwood_text(spread)),
        (defender, melds_text(defense.melds), layoffs or ("none (gin)" if knock.gin else "none"),
         deadwood_text(defense)),
    ]
    lines = [table(rows, ("", "melds", "layoffs", "deadwood"))]
    if spread.discard is not None:
        lines.append(f"{knocker}'s discard: {spread.discard.pretty}")
    return lines


def melds_text(melds):
    """Melds for people: ``A♠ 2♠ 3♠ | 4♥ 4♦ 4♣``, or ``none``."""
    return " | ".join(pretty_cards(m.cards) for m in melds) or "none"


def deadwood_text(spread):
    """Deadwood cards and their points: ``5♦ 9♣ = 14``, or ``0``."""
    cards = pretty_cards(spread.deadwood_cards)
    return f"{cards} = {spread.deadwood}" if cards else "0"

"""Text for people shared by every view: cards with suit symbols, spreads, lines wrapped to a width, names
shortened for a grid's column (the grids themselves: ``gin_ref.views.table``). Widths are display cells
(wcwidth: ``gin_ref.views.cells``), not characters: a wide East Asian name takes two columns a character.

The width output must fit (the terminal's, or None: as wide as it is, ``--wide``) is a parameter of each
function that lays text out; the command line passes it down (there is no process-wide setting).
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Union

from gin_ref.core.cards import Card
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.layoffs import Defense, Layoff
from gin_ref.core.melds import Meld, Melding
from gin_ref.core.scoring import Showdown
from gin_ref.desk.language import gettext
from gin_ref.views.cells import cells, clip
from gin_ref.views.table import grid

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


def short_name(name: str, width: int = NAME_WIDTH) -> str:
    """A player's name for a grid's column: as it is up to ``width`` cells, else cut with an ellipsis."""
    return clip(name, width)


def pretty_cards(cards: Iterable[Card]) -> str:
    """Cards for people: ``10♥ J♥ Q♥``."""
    return " ".join(card.pretty for card in cards)


def spread_lines(showdown: Showdown, knocker: Optional[str] = None, defender: Optional[str] = None,
                 width: Optional[int] = None) -> List[str]:
    """A settled hand's two spreads as a grid fitting ``width`` (melds, layoffs, deadwood), then the
    knocker's discard. Without names (``score``) the rows are the roles, said in the reader's language."""
    spread, defense, knock = showdown.knocker, showdown.defense, showdown.knock
    layoffs = layoffs_text(defense.layoffs)
    rows = [
        (short_name(knocker) if knocker is not None else gettext("knocker"), melds_text(spread.melds), "",
         deadwood_text(spread)),
        (short_name(defender) if defender is not None else gettext("defender"), melds_text(defense.melds),
         layoffs or (gettext("none (gin)") if knock.gin else gettext("none")), deadwood_text(defense)),
    ]
    lines = [grid(rows, ("", gettext("melds"), gettext("layoffs"), gettext("deadwood")), width=width, wrap=(1, 2, 3))]
    if spread.discard is not None and knocker is None:
        lines.append(gettext("knocker's discard: %(card)s") % {"card": spread.discard.pretty})
    elif spread.discard is not None:
        lines.append(gettext("%(name)s's discard: %(card)s") % {"name": knocker, "card": spread.discard.pretty})
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
    return " | ".join(pretty_cards(m.cards) for m in melds) or gettext("none")


def deadwood_text(spread: Union[Melding, Defense]) -> str:
    """Deadwood cards and their points: ``5♦ 9♣ = 14``, or ``0``."""
    cards = pretty_cards(spread.deadwood_cards)
    return f"{cards} = {spread.deadwood}" if cards else "0"

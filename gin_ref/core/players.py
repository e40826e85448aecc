"""The players of a match by name (docs/commands.md): a name checked once when a match or an event takes it,
the draw for the first deal, and the player a typed name means (his full name, any case, accents aside, or
a unique prefix). Pure functions; no I/O.
"""

from __future__ import annotations

import unicodedata
from typing import Dict, Iterable, List, Sequence

from gin_ref.core.cards import Card
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.escape import excerpt, shown_value
from gin_ref.core.message import Message, N_

# What a name may not hold: control characters, line and paragraph separators (a set, not a regex: quicker
# to build at every start than the regex's class of code points).
_NOT_IN_NAME = frozenset(map(chr, [*range(0x20), *range(0x7f, 0xa0), 0x2028, 0x2029]))
_INVISIBLE = frozenset({"Cc", "Cf", "Zl", "Zp"})  # controls, format characters (U+200B, U+202E), separators


def check_name(name: object) -> str:
    """A player's name in its one spelling (Unicode NFC: ``Zoë`` typed composed or decomposed is one name),
    or InvalidNotationError: 1-40 printable characters, no outer spaces, none invisible (a zero-width space,
    a right-to-left override), not starting with '-' (it could not be typed as an argument)."""
    if isinstance(name, str):
        name = unicodedata.normalize("NFC", name)
    if not isinstance(name, str) or not 1 <= len(name) <= 40 or not _NOT_IN_NAME.isdisjoint(name):
        raise InvalidNotationError(Message(N_("bad player name %(name)s: use 1 to 40 printable characters"),
                                           name=shown_value(name)))
    if name != name.strip():
        raise InvalidNotationError(Message(N_("bad player name %(name)s: it starts or ends with a space (write "
                                              "the name without it)"), name=shown_value(name)))
    hidden = next((char for char in name if unicodedata.category(char) in _INVISIBLE), None)
    if hidden is not None:
        raise InvalidNotationError(Message(N_("bad player name %(name)s: it holds an invisible character "
                                              "(%(character)s)"), name=shown_value(name),
                                           character=f"U+{ord(hidden):04X} {unicodedata.name(hidden, 'unnamed')}"))
    if name.startswith("-"):
        raise InvalidNotationError(Message(N_("bad player name %(name)s: a name cannot start with '-' "
                                              "(it would be taken for an option)"), name=shown_value(name)))
    return name


def parse_draw(items: Iterable[str], players: Sequence[str]) -> Dict[str, Card]:
    """``{name: Card}`` from ``NAME=CARD`` items, one per player. Raises InvalidNotationError."""
    draw: Dict[str, Card] = {}
    for item in items:
        name, sep, code = str(item).rpartition("=")
        if not sep or not name.strip() or not code.strip():
            raise InvalidNotationError(Message(N_("malformed draw '%(draw)s': write NAME=CARD, e.g. %(example)s"),
                                               draw=excerpt(item), example=f"{players[0]}=KS"))
        name = find_player(players, name.strip())
        if name in draw:
            raise InvalidNotationError(Message(N_("%(name)s drew twice"), name=name))
        draw[name] = Card.parse(code)
    seen: Dict[Card, str] = {}
    for name, card in draw.items():
        if card in seen:
            raise InvalidNotationError(Message(N_("%(card)s drawn twice (%(first)s and %(second)s)"), card=card.code,
                                               first=seen[card], second=name))
        seen[card] = name
    missing = [name for name in players if name not in draw]
    if missing:
        raise InvalidNotationError(Message(N_("every player draws a card: no draw for %(names)s"),
                                           names=", ".join(missing)))
    return draw


# Letters with no decomposition into a base letter and a mark, said as the letter a keyboard without them types.
_UNMARKED = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th",
                           "ð": "d", "ŧ": "t"})


def unaccented(name: str) -> str:
    """``name`` as typed on a keyboard without its accents, for matching what a player typed: case folded,
    the marks of decomposed letters dropped (``Zoë`` and ``Žofia`` read ``zoe`` and ``zofia``).

    >>> unaccented("Žofia"), unaccented("Zoë"), unaccented("Łukasz"), unaccented("Ann")
    ('zofia', 'zoe', 'lukasz', 'ann')
    """
    folded = unicodedata.normalize("NFD", name.casefold())
    return "".join(char for char in folded if not unicodedata.combining(char)).translate(_UNMARKED)


def player_readings(players: Sequence[str], name: str, prefix: bool = True) -> List[str]:
    """The players ``name`` may mean: his full name exactly, else ignoring case, else ignoring accents
    (``zoe`` is Zoë), else (with ``prefix``) every player whose name starts with it, case aside, and accents
    aside too when none is typed (``zof`` is Žofia; ``z`` is Zoë or Žofia, ambiguous; ``zö`` is Zörg, not
    Zora). A full name beats a prefix (players Al and Alan: ``al`` is Al), and a name typed as it is spelled
    beats one read without accents (``zoe`` is Zoe beside Zoë); what two names share stays ambiguous
    (``zoe`` beside Zoë and Zoé).

    >>> player_readings(["Zoë", "Žofia"], "z"), player_readings(["Zoë", "Žofia"], "zof")
    (['Zoë', 'Žofia'], ['Žofia'])
    >>> player_readings(["Zoe", "Zoë"], "zoe"), player_readings(["Zoë", "Zoé"], "zoe")
    (['Zoe'], ['Zoë', 'Zoé'])
    """
    name = unicodedata.normalize("NFC", str(name))  # Zoë typed decomposed is Zoë
    if name in players:
        return [name]
    typed = str(name).casefold()
    folded = [p for p in players if p.casefold() == typed]
    if folded or not typed:
        return folded
    plain = unaccented(name)
    found = [p for p in players if unaccented(p) == plain]
    if found or not prefix:
        return found
    if plain == typed:  # no accent typed: one may be missing from any name
        return [p for p in players if unaccented(p).startswith(plain)]
    return [p for p in players if p.casefold().startswith(typed)]


def find_player(players: Sequence[str], name: str) -> str:
    """The player ``name`` refers to: his full name (any case) or a unique prefix of it (``player_readings``).
    Raises InvalidNotationError for no player, or for a prefix of several (naming them)."""
    found = player_readings(players, name)
    if len(found) == 1:
        return found[0]
    if found:
        if len(found) == 2:
            raise InvalidNotationError(Message(N_("player '%(typed)s' is ambiguous: %(first)s or %(second)s (type "
                                                  "more of the name)"), typed=excerpt(name), first=found[0],
                                               second=found[1]))
        raise InvalidNotationError(Message(N_("player '%(typed)s' is ambiguous: %(names)s or %(last)s (type more "
                                              "of the name)"), typed=excerpt(name), names=", ".join(found[:-1]),
                                           last=found[-1]))
    raise InvalidNotationError(Message(N_("unknown player '%(typed)s' (players: %(names)s)"), typed=excerpt(name),
                                       names=", ".join(players)))

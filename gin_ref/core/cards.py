"""Cards: parsing the forgiving notation players type, one canonical form, values, the deck.

A card is identified by its index 0..51: ``suit * 13 + (rank - 1)`` with suits in the order S H D C and
ranks 1 (ace) to 13 (king). A hand is often handled as a 52-bit mask with bit ``index`` set per card; the
fast search in ``deadwood`` works on those masks.
"""

import re

from gin_ref.core.errors import InvalidNotationError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SYMBOLS = "♠♥♦♣"
_SUIT_ALIASES = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3, "♤": 0, "♡": 1, "♢": 2, "♧": 3}
_RANK_ALIASES = {r: i + 1 for i, r in enumerate(RANKS)}
_RANK_ALIASES["10"] = 10
_SEPARATORS = re.compile(r"[\s,;]+")


class Card:
    """One card of the pack. Instances are shared: ``Card.parse('10h') is Card.parse('TH')``."""

    __slots__ = ("index", "rank", "suit", "value", "code", "bit")

    def __init__(self, index):
        self.index = index
        self.rank = index % 13 + 1
        self.suit = index // 13
        self.value = min(self.rank, 10)
        self.code = RANKS[self.rank - 1] + SUITS[self.suit]
        self.bit = 1 << index

    @classmethod
    def parse(cls, text):
        """Read one card in any accepted notation: ``10h``, ``Th``, ``t♥``, ``TH``."""
        token = text.strip().upper()
        suit = _SUIT_ALIASES.get(token[-1:])
        rank = _RANK_ALIASES.get(token[:-1])
        if suit is None or rank is None:
            raise InvalidNotationError(f"unknown card {text.strip()[:20]!r} (write rank A 2-9 T J Q K, then suit S H D C)")
        return DECK[suit * 13 + rank - 1]

    @property
    def pretty(self):
        """Human form with a suit symbol: ``10♥``."""
        rank = "10" if self.rank == 10 else RANKS[self.rank - 1]
        return rank + SYMBOLS[self.suit]

    def __repr__(self):
        return f"Card({self.code})"

    def __str__(self):
        return self.code

    def __lt__(self, other):
        return self.index < other.index

    def __reduce__(self):
        return (_card_at, (self.index,))


def _card_at(index):
    return DECK[index]


DECK = tuple(Card(i) for i in range(52))


def split_tokens(text):
    """Split card text on spaces, commas or semicolons; accepts one string or a list of strings."""
    if isinstance(text, str):
        text = [text]
    tokens = []
    for part in text:
        tokens.extend(t for t in _SEPARATORS.split(str(part)) if t)
    return tokens


def parse_cards(text, counts=None, what="hand"):
    """Read several cards. Refuses unknown tokens, duplicates and (if ``counts`` is given) a wrong count.

    ``text`` is one string (``"AS 2S, 3s"``) or a sequence of strings. Returns a tuple of Cards in the
    order given.
    """
    return check_cards(tuple(Card.parse(t) for t in split_tokens(text)), counts, what)


def check_cards(cards, counts=None, what="hand"):
    """``cards`` as they are, once refused for a card given twice or (with ``counts``) a wrong count."""
    seen = set()
    for card in cards:
        if card.index in seen:
            raise InvalidNotationError(f"duplicate card {card.code} in {what}")
        seen.add(card.index)
    if counts is not None and len(cards) not in counts:
        want = " or ".join(str(c) for c in counts)
        plural = "" if len(cards) == 1 else "s"
        raise InvalidNotationError(f"{what} has {len(cards)} card{plural}, expected {want}")
    return cards


def to_mask(cards):
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def from_mask(mask):
    """The cards of a mask, in index order (spades A-K, hearts, diamonds, clubs)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(DECK[low.bit_length() - 1])
        mask ^= low
    return cards


def points(cards):
    """Deadwood points of some cards (ace 1, faces 10)."""
    return sum(card.value for card in cards)


def sort_cards(cards):
    """Cards sorted for display: by suit (S H D C), then by rank."""
    return sorted(cards, key=lambda c: c.index)


def codes(cards):
    """Canonical codes of some cards, as used in JSON and records."""
    return [card.code for card in cards]

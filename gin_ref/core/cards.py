"""Cards: parsing the forgiving notation players type, one canonical form, values, the deck.

Cards are written rank then suit, any case: ``10h``, ``Th``, ``t♥``, ``TH``. Where several cards are read,
two shorthands may stand among them: a run as ``LOW-HIGH`` and its suit (``7-JD`` is 7♦ 8♦ 9♦ 10♦ J♦,
``A-3♠``), a set as a rank and its suits (``4HDC``, ``KSHDC``).

A card is identified by its index 0..51: ``suit * 13 + (rank - 1)`` with suits in the order S H D C and
ranks 1 (ace) to 13 (king). A hand is often handled as a 52-bit mask with bit ``index`` set per card; the
fast search in ``deadwood`` works on those masks.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, List, Optional, Sequence, Tuple, Union, cast

from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.escape import shown_value
from gin_ref.core.message import Message, N_, Nn_

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SYMBOLS = "♠♥♦♣"
_SUIT_ALIASES = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3, "♤": 0, "♡": 1, "♢": 2, "♧": 3}
_RANK_ALIASES = {r: i + 1 for i, r in enumerate(RANKS)}
_RANK_ALIASES["10"] = 10
CardText = Union[str, Sequence[str]]  # one text of cards, or several
CARD_HINT = N_("write rank A 2-10 J Q K (or T), then suit S H D C or ♠ ♥ ♦ ♣, any case: 10h, QS, t♥")
_RANK = r"(10|[A2-9TJQK])"
_SUIT = "[SHDC♠♥♦♣♤♡♢♧]"
# Patterns, compiled when first used (re's cache): a command that reads a match file never parses notation
_RUN = rf"{_RANK}({_SUIT})?-{_RANK}({_SUIT})"  # 7-JD, 7D-JD (upper case)
_SET = rf"{_RANK}({_SUIT}{{2,4}})"  # 4HDC, KSHDC
_SEPARATORS = r"[\s,;]+"
# A phone's emoji keyboard writes a suit with a variation selector after it (``A♠️`` is ``A♠`` U+FE0F): the
# selectors only choose how the symbol is drawn, so they are dropped before a card is read (docs/commands.md).
_SELECTORS = {0xFE0E: None, 0xFE0F: None}


def plain_notation(text: str) -> str:
    """Card text without the emoji and text variation selectors (U+FE0F, U+FE0E) a phone adds to a suit.

    >>> plain_notation("A\u2660\ufe0f 10\u2665\ufe0f") == "A\u2660 10\u2665"
    True
    """
    return text.translate(_SELECTORS) if "\ufe0f" in text or "\ufe0e" in text else text


class Card:
    """One card of the pack. Instances are shared: ``Card.parse('10h') is Card.parse('TH')``."""

    __slots__ = ("index", "rank", "suit", "value", "code", "bit", "pretty")

    def __init__(self, index: int) -> None:
        self.index = index
        self.rank = index % 13 + 1
        self.suit = index // 13
        self.value = min(self.rank, 10)
        self.code = RANKS[self.rank - 1] + SUITS[self.suit]
        self.bit = 1 << index
        # The human form, with a suit symbol: ``10♥``.
        self.pretty = ("10" if self.rank == 10 else RANKS[self.rank - 1]) + SYMBOLS[self.suit]

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read one card in any accepted notation: ``10h``, ``Th``, ``t♥``, ``TH``.

        >>> Card.parse("10h"), Card.parse("t♥").pretty, Card.parse("10h") is Card.parse("TH")
        (Card(TH), '10♥', True)
        >>> Card.parse("1Z")
        Traceback (most recent call last):
        gin_ref.core.errors.InvalidNotationError: unknown card '1Z' (write rank A 2-10 J Q K (or T), then suit S H D C or ♠ ♥ ♦ ♣, any case: 10h, QS, t♥)
        """
        card = _BY_NAME.get(text.upper())
        if card is not None:
            return card
        text = plain_notation(text)
        token = text.strip().upper()
        suit = _SUIT_ALIASES.get(token[-1:])
        rank = _RANK_ALIASES.get(token[:-1])
        if suit is None or rank is None:
            raise InvalidNotationError(Message(N_("unknown card %(card)s (%(hint)s)"), card=shown_value(text.strip()[:20]),
                                               hint=Message(CARD_HINT)))
        return DECK[suit * 13 + rank - 1]

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.code

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    def __reduce__(self) -> Tuple[object, Tuple[int]]:
        return (_card_at, (self.index,))


def _card_at(index: int) -> Card:
    return DECK[index]


DECK = tuple(Card(i) for i in range(52))
# Every spelling of every card in upper case (``10H``, ``TH``, ``T♥``): the fast path of parsing.
_BY_NAME = {rank + suit: DECK[s * 13 + r - 1] for rank, r in _RANK_ALIASES.items() for suit, s in _SUIT_ALIASES.items()}


def card_named(text: str) -> Optional[Card]:
    """The card a text names exactly, in any spelling and case (``10h``, ``T♥``, ``T♥️``), or None: no parsing."""
    return _BY_NAME.get(plain_notation(text).upper())


def split_tokens(text: CardText) -> List[str]:
    """Split card text on spaces, commas or semicolons; accepts one string or a list of strings."""
    if isinstance(text, str):
        return [t for t in re.split(_SEPARATORS, plain_notation(text)) if t]
    tokens: List[str] = []
    for part in text:
        tokens.extend(t for t in re.split(_SEPARATORS, plain_notation(str(part))) if t)
    return tokens


def parse_cards(text: CardText, counts: Optional[Sequence[int]] = None, what: Union[str, Message] = "hand",
                runs: str = "low") -> Tuple[Card, ...]:
    """Read several cards. Refuses unknown tokens, duplicates and (if ``counts`` is given) a wrong count.

    ``text`` is one string (``"AS 2S, 3s"``) or a sequence of strings. Returns a tuple of Cards in the
    order given. ``runs``: the house rules' ``ace_runs``, for run shorthand through the ace (``Q-AS`` is a
    run under ``low_or_high``, ``K-2S`` under ``wrap``).

    >>> parse_cards("AS 2s, 3♠")
    (Card(AS), Card(2S), Card(3S))
    >>> codes(parse_cards("7-JD 4HDC"))
    ['7D', '8D', '9D', 'TD', 'JD', '4H', '4D', '4C']
    >>> parse_cards("AS 2S 3S AS")
    Traceback (most recent call last):
    gin_ref.core.errors.InvalidNotationError: duplicate card AS in hand
    >>> parse_cards("AS 2S", counts=(10, 11))
    Traceback (most recent call last):
    gin_ref.core.errors.InvalidNotationError: hand has 2 cards, expected 10 or 11
    """
    if isinstance(text, str):  # the fast path: every token a card, looked up in upper case
        text = plain_notation(text)
        lookup = _BY_NAME.get
        tokens = re.split(_SEPARATORS, text.upper())
        cards = [lookup(t) for t in tokens if t]
        if None not in cards:
            return check_cards(tuple(cast(List[Card], cards)), counts, what)
        found_fast: List[Card] = []
        short = _SHORTHAND.get
        for token in tokens:  # shorthand among the cards: runs and sets already read are looked up too
            if token:
                card = lookup(token)
                if card is not None:
                    found_fast.append(card)
                    continue
                group = short(token)
                if group is None:
                    break
                found_fast.extend(group)
        else:
            return check_cards(tuple(found_fast), counts, what)
        raw = [t for t in re.split(_SEPARATORS, text) if t]
        if len(raw) == len(cards):  # a token not read before: only the shorthand tokens read again
            found_fast = []
            for token, card in zip(raw, cards):
                if card is not None:
                    found_fast.append(card)
                else:
                    group = shorthand_cards(token, runs)
                    if runs == "low" and len(_SHORTHAND) < 4096:
                        _SHORTHAND[token.upper()] = group
                    found_fast.extend(group)
            return check_cards(tuple(found_fast), counts, what)
    found: List[Card] = []
    for token in split_tokens(text):
        card = _BY_NAME.get(token.upper())
        if card is not None:
            found.append(card)
        else:
            found.extend(shorthand_cards(token, runs))
    return check_cards(tuple(found), counts, what)


# The runs and sets read so far, by their upper-case token (``7-JD``): the fast path of shorthand.
_SHORTHAND: "dict[str, Tuple[Card, ...]]" = {}


@lru_cache(maxsize=4096)  # a few hundred runs and sets exist; a bad token raises and is not kept
def shorthand_cards(token: str, runs: str = "low") -> Tuple[Card, ...]:
    """The cards of one token that is not a single card: a run ``7-JD`` or a set ``4HDC``, else the single
    card's own error. Raises InvalidNotationError naming the token: ``'Q-3S': a run goes up``. Under the
    house rules' ``ace_runs`` (``runs``) a run may end on a high ace (``Q-AS``) or, with ``wrap``, go round
    the corner (``K-2S``: K A 2).

    >>> codes(shorthand_cards("A-3S")), codes(shorthand_cards("10-KH")), codes(shorthand_cards("KSHDC"))
    (['AS', '2S', '3S'], ['TH', 'JH', 'QH', 'KH'], ['KS', 'KH', 'KD', 'KC'])
    >>> codes(shorthand_cards("Q-AS", "low_or_high")), codes(shorthand_cards("K-2S", "wrap"))
    (['QS', 'KS', 'AS'], ['KS', 'AS', '2S'])
    >>> shorthand_cards("Q-3S")
    Traceback (most recent call last):
    gin_ref.core.errors.InvalidNotationError: 'Q-3S': a run goes up (write the low card first: 3-QS)
    >>> shorthand_cards("7-8D")
    Traceback (most recent call last):
    gin_ref.core.errors.InvalidNotationError: '7-8D': a run has at least 3 cards
    >>> shorthand_cards("4HH")
    Traceback (most recent call last):
    gin_ref.core.errors.InvalidNotationError: '4HH': a suit is given twice
    """
    upper = plain_notation(token).strip().upper()
    run = re.fullmatch(_RUN, upper) if "-" in upper else None
    if run is not None:
        return _run_cards(token, run, runs)
    group = None if "-" in upper else re.fullmatch(_SET, upper)
    if group is not None:
        return _set_cards(token, group)
    if "-" in upper:
        raise InvalidNotationError(Message(N_("%(token)s: write a run as LOW-HIGH and its suit (7-JD, A-3S, 10-KH)"),
                                           token=shown_value(token[:20])))
    return (Card.parse(token),)


def _run_cards(token: str, run: "re.Match[str]", runs: str) -> Tuple[Card, ...]:
    """The cards of a run token (``7-JD``) matched as ``run``, under the house rules' ``ace_runs``."""
    low, low_suit, high, suit = run.groups()
    if low_suit is not None and _SUIT_ALIASES[low_suit] != _SUIT_ALIASES[suit]:
        raise InvalidNotationError(Message(N_("%(token)s: a run is in one suit (write it %(run)s)"),
                                           token=shown_value(token), run=f"{low}-{high}{suit}"))
    first, last = _RANK_ALIASES[low], _RANK_ALIASES[high]
    base = _SUIT_ALIASES[suit] * 13 - 1
    if runs != "low" and (last == 1 or (runs == "wrap" and last < first)) and first > 1:
        ranks = list(range(first, 14)) + list(range(1, last + 1))  # up to the king, then from the ace
        if len(ranks) < 3:
            raise InvalidNotationError(Message(_SHORT_RUN, token=shown_value(token)))
        return tuple(DECK[base + rank] for rank in ranks)
    if last <= first:
        raise InvalidNotationError(Message(N_("%(token)s: a run goes up (write the low card first: %(run)s)"),
                                           token=shown_value(token), run=f"{high}-{low}{suit}"))
    if last - first < 2:
        raise InvalidNotationError(Message(_SHORT_RUN, token=shown_value(token)))
    return tuple(DECK[base + rank] for rank in range(first, last + 1))


_SHORT_RUN = N_("%(token)s: a run has at least 3 cards")


def _set_cards(token: str, group: "re.Match[str]") -> Tuple[Card, ...]:
    """The cards of a set token (``4HDC``) matched as ``group``."""
    rank, suits = _RANK_ALIASES[group.group(1)], [_SUIT_ALIASES[s] for s in group.group(2)]
    if len(set(suits)) != len(suits):
        raise InvalidNotationError(Message(N_("%(token)s: a suit is given twice"), token=shown_value(token)))
    return tuple(DECK[suit * 13 + rank - 1] for suit in suits)


def check_cards(cards: Tuple[Card, ...], counts: Optional[Sequence[int]] = None,
                what: Union[str, Message] = "hand") -> Tuple[Card, ...]:
    """``cards`` as they are, once refused for a card given twice or (with ``counts``) a wrong count.
    ``what``: whose cards, a message (``Message(N_("knocker's hand"))``); the default is the hand."""
    if len(set(cards)) != len(cards):
        seen = set()
        for card in cards:
            if card.index in seen:
                if what == "hand":
                    raise InvalidNotationError(Message(N_("duplicate card %(card)s in hand"), card=card.code))
                if what == "meld":
                    raise InvalidNotationError(Message(N_("duplicate card %(card)s in meld"), card=card.code))
                raise InvalidNotationError(Message(N_("duplicate card %(card)s in %(what)s"), card=card.code,
                                                   what=what))
            seen.add(card.index)
    if counts is not None and len(cards) not in counts:
        raise InvalidNotationError(wrong_count(len(cards), counts, what))
    return cards


def wrong_count(count: int, counts: Sequence[int], what: Union[str, Message] = "hand") -> Message:
    """``hand has 2 cards, expected 10 or 11``: ``count`` cards where one of ``counts`` is wanted."""
    if what == "hand":
        if len(counts) == 2:
            return Message(Nn_("hand has %(count)d card, expected %(want)d or %(other)d",
                               "hand has %(count)d cards, expected %(want)d or %(other)d"),
                           count=count, want=counts[0], other=counts[1])
        return Message(Nn_("hand has %(count)d card, expected %(want)s", "hand has %(count)d cards, expected %(want)s"),
                       count=count, want=", ".join(str(c) for c in counts))
    if len(counts) == 2:
        return Message(Nn_("%(what)s has %(count)d card, expected %(want)d or %(other)d",
                           "%(what)s has %(count)d cards, expected %(want)d or %(other)d"),
                       what=what, count=count, want=counts[0], other=counts[1])
    return Message(Nn_("%(what)s has %(count)d card, expected %(want)s", "%(what)s has %(count)d cards, expected %(want)s"),
                   what=what, count=count, want=", ".join(str(c) for c in counts))


def to_mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def from_mask(mask: int) -> List[Card]:
    """The cards of a mask, in index order (spades A-K, hearts, diamonds, clubs).

    >>> from_mask(to_mask(parse_cards("2C KH AS")))
    [Card(AS), Card(KH), Card(2C)]
    """
    cards = []
    while mask:
        low = mask & -mask
        cards.append(DECK[low.bit_length() - 1])
        mask ^= low
    return cards


def deadwood_points(cards: Iterable[Card]) -> int:
    """Deadwood points of some cards (ace 1, faces 10). A hand's *score* is another thing: ``scoring``.

    >>> deadwood_points(parse_cards("AS 7C KD 10H"))
    28
    """
    return sum(card.value for card in cards)


def sort_cards(cards: Iterable[Card]) -> List[Card]:
    """Cards sorted for display: by suit (S H D C), then by rank."""
    return sorted(cards, key=lambda c: c.index)


def codes(cards: Iterable[Card]) -> List[str]:
    """Canonical codes of some cards, as used in JSON and records."""
    return [card.code for card in cards]

"""Settling a dispute without a match file: ``check`` (was this knock legal?) and ``score`` (what is it
worth?), from cards already read (the command line's options) or from raw text (a case of ``--input``:
``judge``, ``showdown``). The rules' upcard: refused under the eleven-card deal (which turns none), needed
where the limit or a spade double depends on it (``missing_upcard``).
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple, Union

from gin_ref.core.cards import Card, CardText, check_cards, parse_cards, to_mask
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.deadwood import best_melding, deadwood_of
from gin_ref.core.knock import (KnockCheck, check_knock, knock_limit as knock_limit, limit_reason as limit_reason,
                                limit_said as limit_said)
from gin_ref.core.melds import Meld, Melding, parse_melds
from gin_ref.core.message import Message
from gin_ref.core.rules import HouseRules
from gin_ref.core.scoring import DEFENDER_HAND, KNOCKER_HAND, Hand, Showdown, read_hands, settle
from gin_ref.desk.notation import card_of
from gin_ref.files.rulesfile import load_rules
from gin_ref.match.knocks import limit_needs_upcard, no_upcard_words, why_upcard

Text = Union[None, str, Card]
Melds = Optional[Sequence[Meld]]

__all__ = ["HouseRules", "Meld", "load_rules", "upcard_for", "missing_upcard", "upcard_keys", "check", "score", "judge", "showdown",
           "read_pair", "KnockCheck", "Showdown"]


def upcard_for(rules: HouseRules, upcard: Text) -> Text:
    """The upcard as the rules take it: refused under the eleven-card deal (which turns none, in the words
    of ``deal``); None when none is given."""
    if upcard not in (None, "") and rules.deal == "eleven":
        raise InvalidNotationError(no_upcard_words(rules))
    return None if upcard in (None, "") else upcard


def missing_upcard(rules: HouseRules, upcard: Text) -> Optional[str]:
    """Why the rules need the upcard that is not given (None: given, or not needed)."""
    return why_upcard(rules) if upcard is None and limit_needs_upcard(rules) else None


def upcard_keys(rules: HouseRules) -> Tuple[str, ...]:
    """The keys a case of ``--input`` must hold beside the cards: the upcard where the rules use it."""
    return ("upcard",) if limit_needs_upcard(rules) else ()


MeldText = Union[None, str, Sequence[Union[str, Sequence[str]]]]


def _melds(text: MeldText, rules: HouseRules) -> Melds:
    return None if text is None or text == "" else parse_melds(text, rules.aces)


def check(cards: Sequence[Card], rules: HouseRules, upcard: Optional[Card], melds: Melds = None,
          discard: Optional[Card] = None) -> KnockCheck:
    """The verdict on a knock with ``cards`` (10 kept, or 11 before the discard)."""
    return check_knock(check_cards(tuple(cards), (10, 11)), rules, upcard, melds, discard)


def deadwood(cards: Sequence[Card], rules: Optional[HouseRules] = None) -> int:
    """The least deadwood of ``cards``, every card kept (the rules' aces; the standard ones without rules)."""
    return deadwood_of(to_mask(cards), None if rules is None else rules.aces)


def melding(cards: Sequence[Card], discard: bool = False, rules: Optional[HouseRules] = None) -> Melding:
    """The best arrangement of ``cards`` (with ``discard``: the best card to throw of 11), whatever the limit."""
    return best_melding(to_mask(cards), discard=discard, aces=None if rules is None else rules.aces)


def read_pair(knocker: Sequence[Card], defender: Sequence[Card]) -> Tuple[Tuple[Card, ...], Tuple[Card, ...]]:
    """Both hands of a showdown, checked together (no card in both; the counts)."""
    return read_hands(check_cards(tuple(knocker), (10, 11), Message(KNOCKER_HAND)),
                      check_cards(tuple(defender), None, Message(DEFENDER_HAND)))


def score(rules: HouseRules, upcard: Optional[Card], knocker: Sequence[Card], defender: Sequence[Card],
          melds: Melds = None, discard: Optional[Card] = None) -> Showdown:
    """Both spreads, the layoffs and the score of a legal knock (IllegalActionError for an illegal one)."""
    return settle(rules, upcard, tuple(knocker), tuple(defender), melds, discard)


def judge(rules: HouseRules, upcard: Text, hand: CardText, melds: MeldText = None, discard: Text = None) -> KnockCheck:
    """One ``check`` case from raw values (text, or lists of card texts)."""
    upcard = upcard_for(rules, upcard)
    upcard_card = card_of(upcard, "upcard") if upcard is not None else None
    cards = parse_cards(hand, counts=(10, 11), what="hand", runs=rules.ace_runs)
    discard_card = card_of(discard, "discard") if discard is not None else None
    return check_knock(cards, rules, upcard_card, _melds(melds, rules), discard_card)


def showdown(rules: HouseRules, upcard: Text, knocker: Hand, defender: Hand, melds: MeldText = None,
             discard: Text = None) -> Showdown:
    """One ``score`` case from raw values: the Showdown (raises for an illegal knock)."""
    upcard = upcard_for(rules, upcard)
    upcard_card = card_of(upcard, "upcard") if upcard is not None else None
    discard_card = card_of(discard, "discard") if discard is not None else None
    return settle(rules, upcard_card, knocker, defender, _melds(melds, rules), discard_card)

"""A knock settled from its facts: cards, counts, or one of each (docs/rules.md §5-6).

Where the cards go a hand may hold the points the table counted: the knocker's deadwood
(``knocker_count``; 0 is gin, with ``big_gin`` for big gin) and the defender's after his layoffs
(``defender_count``). With the knocker's cards and the defender's count the knocker's cards are judged and
arranged as against cards, each arrangement scored with the count as given (under ``best_for_knocker`` a
count that cannot say which spread is best is refused: ``score_against_count``); with a gin by count and the defender's cards, his deadwood is
counted (no layoffs against gin). A non-zero count for the knocker with the defender's cards cannot be
settled: his layoffs need the knocker's melds. The knock limit, the undercut, every bonus and the spade
double apply to counts exactly as to cards.
"""


import functools
import re
from typing import NamedTuple, Optional, Sequence, Tuple, Union, cast

from gin_ref.core.cards import Card, CardText, parse_cards, to_mask
from gin_ref.core.deadwood import deadwood_of
from gin_ref.core.digits import has_digits_for, is_ascii_whole, verify_ascii_digits
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.escape import excerpt
from gin_ref.core.knock import KnockCheck, check_knock, knock_limit, limit_reason, limit_said, over_limit_said
from gin_ref.core.melds import Meld, parse_melds
from gin_ref.core.message import Message, N_
from gin_ref.core.rules import HouseRules
from gin_ref.core.scoring import (Hand, HandScore, Showdown, hand_score, read_hands, score_against_count,
                                  settle_checked)

MAX_COUNT = 98  # the most ten cards can count: two each of K, Q, J, 10 and 9 (with the standard ace; the
# rules' ``most_deadwood`` under others)
_NUMBER = r"[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?"  # compiled when first used (re's cache)
Given = Union[str, Sequence[str], Sequence[Card], int]  # what goes where the cards go


def limit_needs_upcard(rules: HouseRules) -> bool:
    """Does the knock limit (or the score) of a hand depend on its upcard?"""
    return rules.knock_limit == "upcard" or bool(rules.spade_double) or bool(rules.spade_double_boxes)


def no_upcard_words(rules: HouseRules) -> Message:
    """Why an upcard given under the eleven-card deal is refused (``deal``, ``check`` and ``score`` say it
    alike; ``upcard_option``: the parameter, which the command line says as its option)."""
    return Message(N_("the %(rules)s rules deal eleven cards to the non-dealer and turn no upcard (deal: eleven): "
                      "leave %(upcard_option)s out"), rules=rules.name, upcard_option="upcard")


def why_upcard(rules: HouseRules) -> str:
    if rules.knock_limit == "upcard":
        return "knock_limit: upcard"
    return "spade_double" if rules.spade_double else "spade_double_boxes"


TABLE_WORDS = ("gin", "big", "dead")  # what a table line says where a count goes (gin, big gin), or a dead hand


def reads_as_count(token: str) -> bool:
    """Does ``token`` read as a count, or a number refused as one (``read_count`` says which)?"""
    return bool(re.fullmatch(_NUMBER, str(token).strip()))


def reads_as_fact(name: str) -> Optional[Message]:
    """What ``name`` reads as on a table line, where a player's name goes beside cards and counts: ``a
    card``, ``a count``, ``a table-line word`` (a message), or None (it reads only as a name)."""
    text = str(name).strip()
    if reads_as_count(text):
        return Message(N_("a count"))
    if text.casefold() in TABLE_WORDS:
        return Message(N_("a table-line word"))
    try:
        Card.parse(text)
    except InvalidNotationError:
        return None
    return Message(N_("a card"))


KNOCKER_COUNT = Message(N_("the knocker's count"))
DEFENDER_COUNT = Message(N_("the defender's count"))


def read_count(value: object, what: Union[str, Message], most: int = MAX_COUNT) -> Optional[int]:
    """The count given where ``what``'s cards go, or None when the value is cards. A count is a whole
    number from 0 to ``most`` (98; the rules' ``most_deadwood``); any other number is refused naming it.

    >>> read_count("5", KNOCKER_COUNT), read_count(["0"], KNOCKER_COUNT), read_count("5D", "x")
    (5, 0, None)
    >>> read_count("99", DEFENDER_COUNT)
    Traceback (most recent call last):
    gin_ref.core.errors.InvalidNotationError: the defender's count 99: ten cards count at most 98
    """
    if isinstance(value, int) and not isinstance(value, bool):
        token = str(value)
    elif isinstance(value, str):
        token = value.strip()
    elif isinstance(value, (list, tuple)) and len(value) == 1 and isinstance(value[0], str):
        token = value[0].strip()
    else:
        return None
    if not re.fullmatch(_NUMBER, token):  # (\d: a number in any script's digits, refused just below)
        return None
    verify_ascii_digits(token, Message(N_("%(what)s '%(token)s'"), what=what, token=excerpt(token)))
    if not is_ascii_whole(token) or not has_digits_for(token, most):
        raise InvalidNotationError(Message(N_("%(what)s '%(token)s': a count is a whole number from 0 to %(most)d"),
                                           what=what, token=excerpt(token), most=most))
    count = int(token)
    if count > most:
        raise InvalidNotationError(Message(N_("%(what)s %(count)d: ten cards count at most %(most)d"), what=what,
                                           count=count, most=most))
    return count


class Facts(NamedTuple):
    """What a knock's record says of the two hands: each side's cards or count (see the module)."""

    knocker_cards: Optional[Tuple[Card, ...]] = None
    knocker_count: Optional[int] = None
    big_gin: bool = False
    melds: Optional[Sequence[Meld]] = None
    discard: Optional[Card] = None
    defender_cards: Optional[Tuple[Card, ...]] = None
    defender_count: Optional[int] = None


    @property
    def counted(self) -> bool:
        return self.knocker_count is not None or self.defender_count is not None


def given_facts(rules: HouseRules, knocker: Given, defender: Given, melds: Union[None, str, Sequence[Meld]] = None,
                discard: Union[None, str, Card] = None, big_gin: bool = False) -> Facts:
    """The facts of a knock as typed: cards or a count for each side (InvalidNotationError for bad ones)."""
    most, runs = rules.most_deadwood, rules.ace_runs
    kcount = read_count(knocker, KNOCKER_COUNT, most)
    dcount = read_count(defender, DEFENDER_COUNT, most)
    declared: Optional[Sequence[Meld]] = (parse_melds(melds, rules.aces) if isinstance(melds, str) and melds.strip()
                                          else None)
    if melds is not None and not isinstance(melds, str):
        declared = list(melds)
    card = discard if isinstance(discard, Card) or discard is None else Card.parse(str(discard))
    kcards = dcards = None
    if kcount is None and dcount is None:
        kcards, dcards = read_hands(cast(Hand, knocker), cast(Hand, defender), runs)  # not counts, here
    elif kcount is None:
        kcards = _side(knocker, (10, 11), Message(N_("knocker's hand")), runs)
    elif dcount is None:
        dcards = _side(defender, (10,), "defender's hand", runs)
        if kcount == 0 and rules.gin_layoffs:
            raise InvalidNotationError(Message(N_("a gin counted 0 cannot be settled against the defender's cards "
                                                  "under gin_layoffs: his layoffs need the knocker's melds; give "
                                                  "the knocker's cards, or the defender's count")))
        if kcount:
            raise InvalidNotationError(Message(N_("a knock counted %(count)d cannot be settled against the "
                                                  "defender's cards: his layoffs need the knocker's melds; give "
                                                  "the knocker's cards, or the defender's count"), count=kcount))
    if kcount is not None and (declared is not None or card is not None):
        raise InvalidNotationError(Message(N_("%(melds_option)s and %(discard_option)s go with the knocker's "
                                              "cards, not with a count"), melds_option="melds",
                                           discard_option="discard"))
    if big_gin:
        if rules.big_gin_bonus is None:
            raise InvalidNotationError(Message(N_("the %(rules)s rules have no big gin (big_gin_bonus: null)"),
                                               rules=rules.name))
        if kcount != 0:
            raise InvalidNotationError(Message(N_("%(big_gin_option)s goes with the knocker's count 0 (with cards, "
                                                  "11 cards melded show it themselves)"), big_gin_option="big_gin"))
    return Facts(kcards, kcount, big_gin, declared, card, dcards, dcount)


GIN_LAYOFFS_COUNT = Message(N_("a gin counted 0 cannot be settled against the defender's cards under gin_layoffs: "
                                "his layoffs need the knocker's melds"))


def _side(value: Given, counts: Tuple[int, ...], what: Union[str, Message], runs: str = "low") -> Tuple[Card, ...]:
    """One side's cards when the other side is a count."""
    if isinstance(value, (list, tuple)) and all(isinstance(card, Card) for card in value):
        return parse_cards([card.code for card in value if isinstance(card, Card)], counts=counts, what=what)
    return parse_cards(cast(CardText, value), counts=counts, what=what, runs=runs)  # not a count, here


class Settlement(NamedTuple):
    """A settled knock: the score, each side's deadwood, the limit, and (with cards) how it was judged."""

    score: HandScore
    knocker_deadwood: int
    defender_deadwood: int
    limit: int
    reason: str  # why the limit is what it is
    check: Optional[KnockCheck] = None  # the knocker's cards judged
    showdown: Optional[Showdown] = None  # both spreads settled from cards



NOT_ALLOWED = N_("knock not allowed: %(reason)s")
Judged = Tuple[Optional[Message], Optional[Settlement]]


def judge(rules: HouseRules, upcard: Optional[Card], facts: Facts) -> Judged:
    """``(refusal, settlement)``: why an illegal knock is refused (and no settlement), or the settlement.
    The knock is checked once. Its inputs and its result are frozen, so a hand judged again in the same
    process (the session, ``gin-ref play``, replays its file at every entry) is looked up, not settled
    again."""
    try:
        return _judged(rules, upcard, facts)
    except TypeError:  # a fact that cannot be hashed (a list): judged without the look-up
        if _hashable(rules, upcard, facts):
            raise
        return _judge(rules, upcard, facts)


def _hashable(*values: object) -> bool:
    try:
        hash(values)
    except TypeError:
        return False
    return True


@functools.lru_cache(maxsize=4096)
def _judged(rules: HouseRules, upcard: Optional[Card], facts: Facts) -> Judged:
    return _judge(rules, upcard, facts)


def _judge(rules: HouseRules, upcard: Optional[Card], facts: Facts) -> Judged:
    limit, reason = knock_limit(rules, upcard), limit_reason(rules, upcard)
    if facts.knocker_cards is not None:
        check = check_knock(facts.knocker_cards, rules, upcard, facts.melds, facts.discard, count=True)
        if not check.legal:
            return Message(NOT_ALLOWED, reason=check.refusal_said), None
        if facts.defender_cards is not None:
            showdown = settle_checked(rules, upcard, check, facts.knocker_cards, facts.defender_cards,
                                      facts.melds is not None, facts.discard)
            return None, Settlement(showdown.score, showdown.knock.deadwood, showdown.defense.deadwood, limit,
                                    reason, showdown.knock, showdown)
        assert facts.defender_count is not None
        check, score = score_against_count(rules, upcard, check, facts.knocker_cards, facts.defender_count,
                                           facts.melds is not None, facts.discard)
        return None, Settlement(score, check.deadwood, facts.defender_count, limit, reason, check)
    knocked = facts.knocker_count
    assert knocked is not None
    if knocked > limit:
        return Message(NOT_ALLOWED, reason=over_limit_said(knocked, limit, limit_said(rules, upcard))), None
    if facts.defender_cards is not None:
        defended = deadwood_of(to_mask(facts.defender_cards), rules.aces)  # no layoffs against gin
    else:
        assert facts.defender_count is not None
        defended = facts.defender_count
    score = hand_score(knocked, defended, rules, upcard, gin=knocked == 0 and not facts.big_gin,
                       big_gin=facts.big_gin)
    return None, Settlement(score, knocked, defended, limit, reason)

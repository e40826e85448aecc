"""A hand's outcome and score (docs/rules.md §5-6): the showdown between knocker and defender.

``settle`` is the one entry point a referee needs: it checks the knock, arranges the knocker's cards
(declared melds, or ``knocker_arrangement``), finds the defender's best melds and layoffs and scores it.
"""

from typing import TYPE_CHECKING, List, NamedTuple, Optional, Sequence, Tuple, Union

from gin_ref.core.cards import Card, CardText, parse_cards, to_mask
from gin_ref.core.deadwood import all_meldings, best_melding_count, deadwood_of
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.knock import KnockCheck, check_knock, verify_knock
from gin_ref.core.layoffs import Defense, best_defense
from gin_ref.core.melds import Meld, Melding
from gin_ref.core.message import Message, N_, Nn_
from gin_ref.core.rules import HouseRules

KNOCKER_HAND = N_("knocker's hand")  # whose cards a refusal names
DEFENDER_HAND = N_("defender's hand")

if TYPE_CHECKING:
    from gin_ref.core.aces import Aces

Hand = Union[CardText, Sequence[Card]]  # cards as text, or as Cards

RESULTS = ("knock", "undercut", "gin", "big_gin", "tie")  # "tie": equal counts scored 0-0 (knock_tie: nobody)


class HandScore(NamedTuple):
    """Who won the hand and its score (the points the winner enters), with the numbers behind it.

    Deadwood points are the cards' count (``knocker_deadwood``, ``defender_deadwood``); ``score`` is what
    the hand is worth. The JSON and the match file call the score ``points``, as the sheet does.
    """

    result: str  # one of RESULTS
    winner: str  # "knocker", "defender", or "nobody" (a tie scored 0-0)
    score: int
    knocker_deadwood: int
    defender_deadwood: int
    bonus: int
    doubled: bool = False
    boxes: int = 1  # the boxes the hand is worth to its winner (0 when nobody won it)
    box_points: int = 0  # box_scoring each_hand: the boxes' points, counted in ``score``

    @property
    def knocker_net(self) -> int:
        """The hand from the knocker's side: his score, or minus the defender's."""
        return -self.score if self.winner == "defender" else self.score

    @property
    def arithmetic(self) -> str:
        """``undercut: 6 ≥ 4 → 10 + 2 = 12 to the defender`` (``arithmetic_said`` in English)."""
        return self.arithmetic_said.english()

    @property
    def arithmetic_said(self) -> Message:
        """The score's arithmetic as a message: its sum (numbers and signs, or a message where words are in
        it) inside the sentence of its result and its winner."""
        k, d, bonus = self.knocker_deadwood, self.defender_deadwood, self.bonus
        total: "str | Message"
        if self.result == "tie":
            return Message(_SUMMED["tie"], sum=Message(_TIE, knocker=k, defender=d))
        if self.result == "knock" and k == d:
            total, base = Message(_KNOCK_TIE, knocker=k, defender=d), 0
        elif self.result == "knock" and bonus:
            total, base = f"{bonus} + ({d} − {k}) = {bonus + d - k}", bonus + d - k
        elif self.result == "knock":
            total, base = f"{d} − {k} = {d - k}", d - k
        elif self.result == "undercut":
            total, base = f"{k} ≥ {d} → {bonus} + {k - d} = {bonus + k - d}", bonus + k - d
        else:
            total, base = f"{d} + {bonus} = {d + bonus}", d + bonus
        if self.doubled:
            base *= 2
            total = Message(_DOUBLED, sum=total, total=base)
        if self.box_points:
            total = Message(_BOXES, sum=total, count=self.boxes, points=self.box_points, total=base + self.box_points)
        return Message(_SUMMED[self.result], sum=total)


# (the sum's words: the table page says the same sums, gin_ref.serve.sumwords)
_TIE = N_("%(knocker)d = %(defender)d, scored 0-0 (knock_tie: nobody)")
_KNOCK_TIE = N_("%(defender)d − %(knocker)d = 0, a tie given to the knocker")
_DOUBLED = N_("%(sum)s, doubled for a spade upcard = %(total)d")
_BOXES = Nn_("%(sum)s, + %(count)d box %(points)d = %(total)d", "%(sum)s, + %(count)d boxes %(points)d = %(total)d")
# (each result has its one winner: a knock, a knock tied given to him and a gin are the knocker's)
_SUMMED = {"knock": N_("knock: %(sum)s to the knocker"), "gin": N_("gin: %(sum)s to the knocker"),
           "big_gin": N_("big gin: %(sum)s to the knocker"), "undercut": N_("undercut: %(sum)s to the defender"),
           "tie": N_("tie: %(sum)s")}  # (scored 0-0: no winner named)

def hand_score(knocker_deadwood: int, defender_deadwood: int, rules: HouseRules, upcard: "Optional[Card]",
               gin: bool = False,
               big_gin: bool = False) -> HandScore:
    """Score a hand from the two deadwood counts (the defender's after layoffs)."""
    k, d = knocker_deadwood, defender_deadwood
    extra = 0
    if big_gin:
        big = rules.big_gin_bonus or 0  # a big gin is only found where the house rules give it a bonus
        result, winner, bonus, base, extra = "big_gin", "knocker", big, d + big, rules.gin_boxes
    elif gin:
        result, winner, bonus, base, extra = "gin", "knocker", rules.gin_bonus, d + rules.gin_bonus, rules.gin_boxes
    elif k < d:  # a plain knock: the house's knock bonus on the difference
        result, winner, bonus, base = "knock", "knocker", rules.knock_bonus, d - k + rules.knock_bonus
    elif k == d and rules.knock_tie == "knocker":  # a tie given to the knocker: no knock bonus
        result, winner, bonus, base = "knock", "knocker", 0, 0
    elif k == d and rules.knock_tie == "nobody":
        return HandScore("tie", "nobody", 0, k, d, 0, boxes=0)
    else:
        result, winner, bonus, base = "undercut", "defender", rules.undercut_bonus, k - d + rules.undercut_bonus
        extra = rules.undercut_boxes
    spade = upcard is not None and upcard.suit == 0
    doubled = bool(rules.spade_double and spade)
    boxes = (1 + extra) * (2 if rules.spade_double_boxes and spade else 1)
    box_points = boxes * rules.box_bonus if rules.box_scoring == "each_hand" else 0
    return HandScore(result, winner, (base * 2 if doubled else base) + box_points, k, d, bonus, doubled, boxes,
                     box_points)


class Showdown(NamedTuple):
    """A settled hand: the knock as judged, the defender's answer and the score."""

    upcard: Optional[Card]  # None where the limit did not need it (a fixed knock limit, no spade double)
    knock: KnockCheck
    defense: Defense
    score: HandScore

    @property
    def knocker(self) -> Melding:
        return self.knock.melding


def read_hands(knocker: Hand, defender: Hand, runs: str = "low") -> "Tuple[Tuple[Card, ...], Tuple[Card, ...]]":
    """Parse both spreads (text or card lists) and refuse a card in both hands. ``runs``: the house rules'
    ``ace_runs``, for run shorthand through the ace."""
    knocker_cards = _cards(knocker, (10, 11), Message(KNOCKER_HAND), runs)
    defender_cards = _cards(defender, (10,), Message(DEFENDER_HAND), runs)
    for cards, what in ((knocker_cards, KNOCKER_HAND), (defender_cards, DEFENDER_HAND)):
        if len({c.index for c in cards}) != len(cards):
            twice = next(c for i, c in enumerate(cards) if c in cards[:i])
            raise InvalidNotationError(Message(N_("duplicate card %(card)s in %(what)s"), card=twice.code,
                                               what=Message(what)))
    both = to_mask(knocker_cards) & to_mask(defender_cards)
    if both:
        shared = [c.code for c in knocker_cards if c.bit & both]
        raise InvalidNotationError(Message(N_("%(cards)s in both hands"), cards=", ".join(shared)))
    if len(defender_cards) != 10:
        raise InvalidNotationError(Message(Nn_("defender's hand has %(count)d card, expected 10",
                                               "defender's hand has %(count)d cards, expected 10"),
                                           count=len(defender_cards)))
    return knocker_cards, defender_cards


def _cards(value: Hand, counts: "Tuple[int, ...]", what: "Union[str, Message]", runs: str = "low") -> "Tuple[Card, ...]":
    """Cards given as Cards are taken as they are (checked by the caller); text is read and counted."""
    if isinstance(value, (list, tuple)) and all(isinstance(c, Card) for c in value):
        return tuple(value)
    return parse_cards(value, counts=counts, what=what, runs=runs)  # type: ignore[arg-type]  # text, then


def settle(rules: HouseRules, upcard: "Optional[Card]", knocker: Hand, defender: Hand, melds: "Optional[Sequence[Meld]]" = None,
           discard: "Optional[Card]" = None) -> Showdown:
    """Judge and score a knock. Raises IllegalActionError (with the reason) if the knock is not legal.

    ``knocker`` is 10 or 11 cards, ``defender`` 10 (text or Cards). ``melds`` are the knocker's declared
    melds (Melds); without them his cards are arranged per ``rules.knocker_arrangement``.
    """
    knocker_cards, defender_cards = read_hands(knocker, defender, rules.ace_runs)
    check = check_knock(knocker_cards, rules, upcard, melds, discard, count=True)
    verify_knock(check)
    return settle_checked(rules, upcard, check, knocker_cards, defender_cards, melds is not None, discard)


def settle_checked(rules: HouseRules, upcard: "Optional[Card]", check: KnockCheck, knocker_cards: "Sequence[Card]",
                   defender_cards: "Sequence[Card]", declared: bool = False, discard: "Optional[Card]" = None) -> Showdown:
    """Score a knock already judged legal by ``check_knock`` (``check``), without judging it again.
    ``declared``: the knocker declared his melds (``check`` holds them), so no other arrangement is weighed."""
    if declared:
        options = [check]
    else:
        options = _knocker_options(knocker_cards, rules, check, discard)
    best: Optional[Tuple[Tuple[int, int], Showdown]] = None
    aces = rules.aces
    for option in options:
        gin = option.gin
        defense = best_defense(option.melding.melds, defender_cards, allow_layoffs=not gin or rules.gin_layoffs,
                               aces=aces)
        score = hand_score(option.deadwood, defense.deadwood, rules, upcard, gin=gin and not option.big_gin,
                           big_gin=option.big_gin)
        key = (score.knocker_net, -option.deadwood)
        if best is None or key > best[0]:
            best = (key, Showdown(upcard, option, defense, score))
    assert best is not None  # there is always one option: the check itself
    return best[1]


def score_against_count(rules: HouseRules, upcard: "Optional[Card]", check: KnockCheck, knocker_cards: "Sequence[Card]",
                        defender_count: int, declared: bool = False,
                        discard: "Optional[Card]" = None) -> "Tuple[KnockCheck, HandScore]":
    """Score a legal knock (``check``) against the defender's count: his deadwood after his layoffs, or
    against a gin his deadwood (docs/rules.md §5.1). The knocker's arrangements are weighed as against
    cards (a big gin against the gin it also is, for one), each with the same count.

    Under ``best_for_knocker`` a count is the defender's after layoffs onto the melds the knocker spread,
    so it cannot say which of two sets of melds would have served him best: unless his melds are declared,
    he went gin (and ``gin_layoffs`` is off), or every legal arrangement spreads the same melds,
    InvalidNotationError says so.
    """
    options = [check] if declared else _knocker_options(knocker_cards, rules, check, discard)
    gone_gin = any(o.gin or o.big_gin for o in options) and not rules.gin_layoffs  # then no layoffs: gin is best
    if rules.knocker_arrangement == "best_for_knocker" and not gone_gin:
        spreads = {frozenset(o.melding.melds) for o in options}
        if len(spreads) > 1:
            raise InvalidNotationError(Message(Nn_(
                "under knocker_arrangement: best_for_knocker the knocker's cards spread %(count)d way within the "
                "limit, and a defender's count cannot say which serves him best (his layoffs differ): give the "
                "defender's cards, or the knocker's melds (%(option)s)",
                "under knocker_arrangement: best_for_knocker the knocker's cards spread %(count)d ways within the "
                "limit, and a defender's count cannot say which serves him best (his layoffs differ): give the "
                "defender's cards, or the knocker's melds (%(option)s)"), count=len(spreads), option="melds"))
    best: Optional[Tuple[Tuple[int, int], KnockCheck, HandScore]] = None
    for option in options:
        score = hand_score(option.deadwood, defender_count, rules, upcard, gin=option.gin and not option.big_gin,
                           big_gin=option.big_gin)
        key = (score.knocker_net, -option.deadwood)
        if best is None or key > best[0]:
            best = (key, option, score)
    assert best is not None  # there is always one option: the check itself
    return best[1], best[2]


def _least_kept(kept: "List[Tuple[int, Optional[Card]]]", check: KnockCheck, discard: "Optional[Card]",
                aces: "Optional[Aces]") -> "Optional[Tuple[List[Tuple[int, Optional[Card]]], int]]":
    """Under ``min_deadwood``: the kept cards (after each discard) with the least deadwood, and that deadwood;
    None when the check's own arrangement is the only best one."""
    if len(kept) == 1 and not check.big_gin:
        ways = check.ways if check.ways is not None and discard is None else best_melding_count(kept[0][0], aces=aces)
        if ways == 1:
            return None
        return kept, check.deadwood  # the check arranged these very cards for the least deadwood
    counts = [deadwood_of(m, aces) for m, _ in kept]
    least = min(counts)
    return [pair for pair, count in zip(kept, counts) if count == least], least


def _knocker_options(cards: "Sequence[Card]", rules: HouseRules, check: KnockCheck,
                     discard: "Optional[Card]") -> "List[KnockCheck]":
    """The knocker's arrangements to weigh (docs/rules.md §5.1), each as a legal KnockCheck.

    ``min_deadwood``: every arrangement (and discard) with the least deadwood. ``best_for_knocker``: every
    legal arrangement and discard. Big gin, when the house plays it, is one more option.
    """
    limit, reason = check.limit, check.reason
    mask = to_mask(cards)
    aces = rules.aces
    options = [check] if check.big_gin else []
    kept: List[Tuple[int, Optional[Card]]]
    if len(cards) == 11 and discard is None:
        kept = [(mask & ~c.bit, c) for c in sorted(cards, key=lambda c: c.index)]
    else:
        kept = [(mask & ~discard.bit if discard is not None else mask, discard)]
    if rules.knocker_arrangement == "min_deadwood":
        least = _least_kept(kept, check, discard, aces)
        if least is None:
            return [check]  # the one best arrangement, which the check has already made
        kept, ceiling = least
    else:
        ceiling = limit
    # When every option is a gin (and no big gin is among them) there are no layoffs (unless
    # ``gin_layoffs``) and every option scores the same, so the first is the one kept: only it is looked for.
    all_gin = ceiling == 0 and not options and not rules.gin_layoffs
    for m, dropped in kept:
        for melding in all_meldings(m, max_deadwood=ceiling, first_only=all_gin, aces=aces):
            options.append(KnockCheck(Melding(melding.melds, melding.deadwood_cards, dropped, melding.deadwood),
                                      limit, reason))
        if all_gin and options:
            return options
    return options

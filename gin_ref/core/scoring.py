"""A hand's outcome and score (docs/rules.md §5-6): the showdown between knocker and defender.

``settle`` is the one entry point a referee needs: it checks the knock, arranges the knocker's cards
(declared melds, or ``knocker_arrangement``), finds the defender's best melds and layoffs and scores it.
"""

from dataclasses import dataclass

from gin_ref.core.cards import Card, parse_cards, to_mask
from gin_ref.core.deadwood import all_meldings, deadwood_of
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.knock import KnockCheck, check_knock, verify_knock
from gin_ref.core.layoffs import Defense, best_defense
from gin_ref.core.melds import Melding

RESULTS = ("knock", "undercut", "gin", "big_gin")


@dataclass(frozen=True)
class HandScore:
    """Who won the hand and how many points, with the numbers behind it."""

    result: str  # one of RESULTS
    winner: str  # "knocker" or "defender"
    points: int
    knocker_deadwood: int
    defender_deadwood: int
    bonus: int
    doubled: bool = False

    @property
    def knocker_net(self):
        """The hand from the knocker's side: his points, or minus the defender's."""
        return self.points if self.winner == "knocker" else -self.points

    @property
    def arithmetic(self):
        """``undercut: 6 ≥ 4 → 10 + 2 = 12 to the defender``."""
        k, d, bonus = self.knocker_deadwood, self.defender_deadwood, self.bonus
        if self.result == "knock":
            text, base = f"knock: {d} − {k} = {d - k}", d - k
        elif self.result == "undercut":
            text, base = f"undercut: {k} ≥ {d} → {bonus} + {k - d} = {bonus + k - d}", bonus + k - d
        else:
            name = "big gin" if self.result == "big_gin" else "gin"
            text, base = f"{name}: {d} + {bonus} = {d + bonus}", d + bonus
        if self.doubled:
            text += f", doubled for a spade upcard = {base * 2}"
        return f"{text} to the {self.winner}"


def hand_score(knocker_deadwood, defender_deadwood, rules, upcard, gin=False, big_gin=False):
    """Score a hand from the two deadwood counts (the defender's after layoffs)."""
    k, d = knocker_deadwood, defender_deadwood
    if big_gin:
        result, winner, bonus, base = "big_gin", "knocker", rules.big_gin_bonus, d + rules.big_gin_bonus
    elif gin:
        result, winner, bonus, base = "gin", "knocker", rules.gin_bonus, d + rules.gin_bonus
    elif k < d:
        result, winner, bonus, base = "knock", "knocker", 0, d - k
    else:
        result, winner, bonus, base = "undercut", "defender", rules.undercut_bonus, k - d + rules.undercut_bonus
    doubled = bool(rules.spade_double and upcard.suit == 0)
    return HandScore(result, winner, base * 2 if doubled else base, k, d, bonus, doubled)


@dataclass(frozen=True)
class Showdown:
    """A settled hand: the knock as judged, the defender's answer and the score."""

    upcard: Card
    knock: KnockCheck
    defense: Defense
    score: HandScore

    @property
    def knocker(self):
        return self.knock.melding


def read_hands(knocker, defender):
    """Parse both spreads (text or card lists) and refuse a card in both hands."""
    knocker_cards = parse_cards(knocker, counts=(10, 11), what="knocker's hand") if not _is_cards(knocker) else tuple(knocker)
    defender_cards = parse_cards(defender, counts=(10,), what="defender's hand") if not _is_cards(defender) else tuple(defender)
    for cards, what in ((knocker_cards, "knocker's hand"), (defender_cards, "defender's hand")):
        if len({c.index for c in cards}) != len(cards):
            twice = next(c for i, c in enumerate(cards) if c in cards[:i])
            raise InvalidNotationError(f"duplicate card {twice.code} in {what}")
    both = to_mask(knocker_cards) & to_mask(defender_cards)
    if both:
        shared = [c.code for c in knocker_cards if c.bit & both]
        raise InvalidNotationError(f"{', '.join(shared)} in both hands")
    if len(defender_cards) != 10:
        raise InvalidNotationError(f"defender's hand has {len(defender_cards)} cards, expected 10")
    return knocker_cards, defender_cards


def _is_cards(value):
    return isinstance(value, (list, tuple)) and all(hasattr(c, "bit") for c in value)


def settle(rules, upcard, knocker, defender, melds=None, discard=None):
    """Judge and score a knock. Raises IllegalActionError (with the reason) if the knock is not legal.

    ``knocker`` is 10 or 11 cards, ``defender`` 10 (text or Cards). ``melds`` are the knocker's declared
    melds (Melds); without them his cards are arranged per ``rules.knocker_arrangement``.
    """
    knocker_cards, defender_cards = read_hands(knocker, defender)
    check = check_knock(knocker_cards, rules, upcard, melds, discard)
    verify_knock(check)
    return settle_checked(rules, upcard, check, knocker_cards, defender_cards, melds is not None, discard)


def settle_checked(rules, upcard, check, knocker_cards, defender_cards, declared=False, discard=None):
    """Score a knock already judged legal by ``check_knock`` (``check``), without judging it again.
    ``declared``: the knocker declared his melds (``check`` holds them), so no other arrangement is weighed."""
    if declared:
        options = [check]
    else:
        options = _knocker_options(knocker_cards, rules, check, discard)
    best = None
    for option in options:
        gin = option.gin
        defense = best_defense(option.melding.melds, defender_cards, allow_layoffs=not gin)
        score = hand_score(option.deadwood, defense.deadwood, rules, upcard, gin=gin and not option.big_gin,
                           big_gin=option.big_gin)
        key = (score.knocker_net, -option.deadwood)
        if best is None or key > best[0]:
            best = (key, Showdown(upcard, option, defense, score))
    return best[1]


def _knocker_options(cards, rules, check, discard):
    """The knocker's arrangements to weigh (docs/rules.md §5.1), each as a legal KnockCheck.

    ``min_deadwood``: every arrangement (and discard) with the least deadwood. ``best_for_knocker``: every
    legal arrangement and discard. Big gin, when the house plays it, is one more option.
    """
    limit, reason = check.limit, check.reason
    mask = to_mask(cards)
    options = [check] if check.big_gin else []
    if len(cards) == 11 and discard is None:
        kept = [(mask & ~c.bit, c) for c in sorted(cards, key=lambda c: c.index)]
    else:
        kept = [(mask & ~discard.bit if discard is not None else mask, discard)]
    if rules.knocker_arrangement == "min_deadwood":
        least = min(deadwood_of(m) for m, _ in kept)
        kept = [(m, c) for m, c in kept if deadwood_of(m) == least]
        ceiling = least
    else:
        ceiling = limit
    for m, dropped in kept:
        for melding in all_meldings(m, max_deadwood=ceiling):
            options.append(KnockCheck(Melding(melding.melds, melding.deadwood_cards, dropped), limit, reason))
    return options

"""Where a match would stand under other house rules (``gin-ref tally --what-if RULES``).

Every hand is settled again from its own facts under the other rules, as it was played: the same dealer
and roles, the same knocker with the same cards. A knock those rules find illegal scores nothing there (the
hand would have gone on, and nothing can say how); a knock refused at the table that they allow is noted,
not scored (the hand went on and ended as it did); a refused knock still illegal there costs their
penalty, if they have one. A director's ruling stands as ruled. Hands played after the match would have
ended under the other rules are not counted. The record is not changed.

The differences are data (``Why`` items: a kind and its values); ``gin_ref.views.words`` puts them into
words.
"""

from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Tuple

from gin_ref.core.cards import Card
from gin_ref.core.errors import GinRefError, IllegalActionError
from gin_ref.core.message import Message, N_, Nn_
from gin_ref.core.knock import check_knock, knock_limit, limit_said
from gin_ref.core.melds import parse_melds
from gin_ref.core.rules import HouseRules
from gin_ref.core.scoring import HandScore, hand_score
from gin_ref.match import rulings
from gin_ref.match.model import Match
from gin_ref.match.knocks import judge, limit_needs_upcard, why_upcard
from gin_ref.match.handread import NOT_WRITTEN, RecordedHand, card_of, recorded_cards, stored_facts
from gin_ref.match.problems import Problems
from gin_ref.match.irregularities import ItemValues
from gin_ref.match.state import MatchState, Played, decide_end, fresh_state, score

Why = Tuple[object, ...]  # (kind, values...): see gin_ref.views.words.why_words


class HandIf(NamedTuple):
    """One hand under the other rules: its result (None for an open hand or one not counted; the ruling's
    kind for a ruled hand; ``illegal_knock`` for a knock those rules refuse), winner, points, the running
    totals after it, and why it differs from the hand as played (empty when it does not). Made per hand,
    so a NamedTuple (issue 36 item 5)."""

    number: int
    result: Optional[str]
    winner: Optional[str]
    points: int
    totals: Dict[str, int]
    why: List[Why]


@dataclass(frozen=True, slots=True)
class WhatIf:
    """A match under other rules: every hand, the totals, the end (``ended_in``, None while it would still
    go on), the bonuses, final scores and winner."""

    rules: HouseRules
    hands: List[HandIf]
    totals: Dict[str, int]
    finished: bool
    ended_in: Optional[int]
    bonuses: Dict[str, Dict[str, int]]
    final: Optional[Dict[str, int]]
    winner: Optional[str]


def what_if(match: Match, rules: HouseRules) -> WhatIf:
    """``match`` settled again under ``rules`` (the same number of players: else a GinRefError)."""
    played = match.rules
    if match.state.paper is not None:  # a result kept on paper: no hand to settle again
        raise IllegalActionError(Message(N_("this match is recorded by its result only: it has no hands to settle "
                                            "again under other rules")))
    if rules.players != played.players:
        raise GinRefError(Message(Nn_("the %(rules)s rules are for %(rules_players)d players; this match has "
                                      "%(count)d",
                                      "the %(rules)s rules are for %(rules_players)d players; this match has "
                                      "%(count)d"),
                                  rules=rules.name, rules_players=rules.players, count=len(match.players)))
    state = fresh_state(match.state.header._replace(rules=rules))
    hands: List[HandIf] = []
    for index, entry in enumerate(match.hands):
        hands.append(_hand_if(match, state, index, entry))
    bonuses, final, winner = state.result()
    return WhatIf(rules, hands, dict(state.totals), state.finished, state.ended_in, bonuses, final, winner)


def _hand_if(match: Match, state: MatchState, index: int, entry: RecordedHand) -> HandIf:
    number = index + 1
    if state.finished:
        return HandIf(number, None, None, 0, dict(state.totals), [("after_end", state.ended_in)])
    setup, played = match.state.setups[index], match.state.played[index]  # the hand as the replay read it
    pair, upcard = setup.pair, setup.upcard
    why: List[Why] = []
    for item in entry.items:  # (a Kept a step put, or an item as written)
        given = ItemValues.of(item)
        if given.kind == "illegal_knock":
            _refused_knock(state, pair, upcard, given, why)
    ruling = match.state.rulings[index] if index in match.state.rulings else None
    result, winner, points, boxes = played.result, None, 0, 1
    if ruling is not None and ruling.kind != "forfeit":
        result, (winner, points) = ruling.kind, ruling.score()
        why.append(("ruled", ruling.kind))
    elif result not in (None, "dead"):
        result, winner, points, boxes = _knock_if(match, state, index, entry, played, pair, upcard, why)
    if ruling is not None and ruling.kind == "forfeit":  # the hand's own score stands, then the match ends
        result = "forfeit"
        why.append(("ruled", "forfeit"))
    if winner is not None:
        score(state, winner, points, boxes=boxes)
    hand = HandIf(number, result, winner, points, dict(state.totals), why)
    if ruling is not None and ruling.kind == "forfeit" and ruling.player is not None:
        _forfeit(state, number, ruling.player)
    elif result is not None:
        _close(state, number, winner)
    return hand


def _knock_if(match: Match, state: MatchState, index: int, entry: RecordedHand, kept: Played, pair: Tuple[str, str],
              upcard: Optional[Card], why: List[Why]) -> Tuple[Optional[str], Optional[str], int, int]:
    """A knock settled again under the state's rules: ``(result, winner, points, boxes)``."""
    rules, knocker = state.rules, kept.knocker
    defender = pair[1] if knocker == pair[0] else pair[0]
    settlements = match.state.settlements  # each hand's knock as the replay settled it, by its index
    played = settlements[index] if index in settlements else None
    if played is None:  # the record's own replay could not settle it: nothing to compare
        return None, None, 0, 1
    if upcard is None and limit_needs_upcard(rules):
        why.append(("no_upcard", why_upcard(rules)))
        return None, None, 0, 1
    old = played.score
    if _same_showdown(match.rules, rules):
        new = _rescored(rules, upcard, old)
        if new is None:
            why.append(("illegal", knock_limit(rules, upcard), old.knocker_deadwood, limit_said(rules, upcard)))
            return "illegal_knock", None, 0, 1
    else:
        facts = stored_facts(entry, rules, ("hands", index), index + 1, Problems())
        if facts is None:
            return None, None, 0, 1
        refusal, settlement = judge(rules, upcard, facts)
        if settlement is None:
            deadwood = (check_knock(facts.knocker_cards, rules, upcard, facts.melds, facts.discard).deadwood
                        if facts.knocker_cards is not None else facts.knocker_count)
            why.append(("illegal", knock_limit(rules, upcard), deadwood, limit_said(rules, upcard)))
            return "illegal_knock", None, 0, 1
        new = settlement.score
    winner = knocker if new.winner == "knocker" else defender if new.winner == "defender" else None
    why.extend(_score_why(old, new, winner))
    return new.result, winner, new.score, new.boxes


def _same_showdown(played: HouseRules, rules: HouseRules) -> bool:
    """Do the two rule sets arrange both hands alike, so that a hand's deadwood as played holds under
    ``rules``? Under ``min_deadwood`` the knocker keeps his least deadwood and, of those arrangements, the
    one that leaves the defender the most deadwood after layoffs, whatever the bonuses and the double; the
    limit only says whether he may knock. Big gin must be played (or not) in both, and the melds, the
    values and the layoffs against gin (``ace_runs``, ``ace_value``, ``gin_layoffs``) must be the same."""
    return (played.knocker_arrangement == rules.knocker_arrangement == "min_deadwood"
            and (played.big_gin_bonus is None) == (rules.big_gin_bonus is None)
            and played.aces is rules.aces and played.gin_layoffs == rules.gin_layoffs)


def _rescored(rules: HouseRules, upcard: Optional[Card], old: HandScore) -> Optional[HandScore]:
    """The hand scored under ``rules`` from its deadwood as played; None when the knock is illegal there."""
    big = old.result == "big_gin"
    k, d = old.knocker_deadwood, old.defender_deadwood
    if not big and k > knock_limit(rules, upcard):
        return None
    return hand_score(k, d, rules, upcard, gin=k == 0 and not big, big_gin=big)


def _score_why(old: HandScore, new: HandScore, winner: Optional[str]) -> List[Why]:
    why: List[Why] = []
    if new.result != old.result:
        why.append(("result", new.result, old.result, winner))
    elif new.bonus != old.bonus:
        why.append(("bonus", new.result, new.bonus, old.bonus))
    if new.knocker_deadwood != old.knocker_deadwood:
        why.append(("deadwood", "knocker", new.knocker_deadwood, old.knocker_deadwood))
    if new.defender_deadwood != old.defender_deadwood:
        why.append(("deadwood", "defender", new.defender_deadwood, old.defender_deadwood))
    if new.doubled != old.doubled:
        why.append(("doubled", new.doubled))
    if not why and new.score != old.score:
        why.append(("points", new.score, old.score))
    return why


def _refused_knock(state: MatchState, pair: Tuple[str, str], upcard: Optional[Card], item: ItemValues,
                   why: List[Why]) -> None:
    """A knock refused at the table (its values: a Kept's, or as a hand edit wrote them), judged under the
    state's rules: legal there (noted), or illegal and penalised as they say."""
    rules, player = state.rules, item.player
    cards, melds_written, discard_written = (_written(value) for value in (item.cards, item.melds, item.discard))
    legal = None
    if cards is not None and (upcard is not None or not limit_needs_upcard(rules)):
        melds = parse_melds(melds_written, rules.aces) if melds_written is not None else None
        discard = card_of(discard_written) if discard_written is not None else None
        check = check_knock(recorded_cards(cards, (10, 11), "knocker's hand", rules.ace_runs), rules, upcard, melds,
                            discard)
        legal = check.legal
        if legal:
            why.append(("refused_legal", player, check.deadwood, check.limit))
    penalty = rules.illegal_knock_penalty if rules.illegal_knock == "penalty" and not legal else 0
    opponent = pair[1] if player == pair[0] else pair[0]
    if penalty:
        score(state, opponent, penalty, hand_won=False)
    points = _written(item.points) or 0
    if penalty != points:
        why.append(("penalty", opponent, penalty, points))


def _written(value: object) -> object:
    """A value as written, None where it is not written."""
    return None if value is NOT_WRITTEN else value


def _close(state: MatchState, number: int, winner: Optional[str]) -> None:
    """The end under the state's rules, seen after each hand (whoever deals next does not matter here)."""
    decide_end(state, number, winner)


def _forfeit(state: MatchState, number: int, player: str) -> None:
    state.finished, state.ended_in = True, number
    state.winner = rulings.forfeit_winner(state.totals, player)
    state.forfeit = player

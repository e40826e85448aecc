"""What the commands that play a hand print for people: a deal, a turn, a settled knock (both spreads or
the counts, the layoffs, the score's arithmetic), then where the match stands (``gin_ref.views.standing``).
"""

from typing import List, Optional

from gin_ref.core.cards import Card
from gin_ref.core.game import box_pair, other
from gin_ref.core.knock import limit_said
from gin_ref.core.scoring import HandScore
from gin_ref.desk.language import gettext, ngettext
from gin_ref.match.actions import Outcome
from gin_ref.match.knocks import Settlement
from gin_ref.match.model import Match
from gin_ref.match.tally import KnockTally, hand_tally, knock_tally
from gin_ref.match.steps import Deal, StepData
from gin_ref.views.standing import next_turn_line, standing_lines
from gin_ref.views.table import grid
from gin_ref.views.text import deadwood_text, fit_text, melds_text, pretty_card, spread_lines
from gin_ref.views.game_words import hand_games_words
from gin_ref.views.words import opened_after_dead_words, said


def score_line(score: HandScore, knocker: str, defender: str) -> str:
    """``score: knock: 21 − 5 = 16 to the knocker (Ann)``; a tie scored 0-0 names nobody."""
    if score.winner == "nobody":
        return gettext("score: %(arithmetic)s") % {"arithmetic": said(score.arithmetic_said)}
    return gettext("score: %(arithmetic)s (%(name)s)") % {
        "arithmetic": said(score.arithmetic_said), "name": knocker if score.winner == "knocker" else defender}


def turn_text(match: Match, outcome: Outcome) -> str:
    """A turn recorded: what happened, then whose turn it is with the pile and the stock, or the dead end."""
    turn, table = outcome.turn, match.state.table
    assert turn is not None and table is not None
    card = turn.card.pretty if turn.card is not None else None
    dead = table.dead
    words = {"hand": outcome.number, "turn": outcome.step.turn, "name": turn.player, "card": card,
             "top": table.discard_top.pretty if table.discard_top else "?", "count": table.stock}
    if turn.action == "pass" and dead:  # the wall: the last discard passed
        what = gettext("hand %(hand)d, turn %(turn)s: %(name)s passes on the last discard %(top)s at the wall")
    elif turn.action == "pass":
        what = gettext("hand %(hand)d, turn %(turn)s: %(name)s passes on the upcard %(top)s")
    elif turn.action == "take":
        what = (gettext("hand %(hand)d, turn %(turn)s: %(name)s takes the upcard %(card)s") if outcome.offer else
                gettext("hand %(hand)d, turn %(turn)s: %(name)s takes %(card)s from the discard pile"))
    elif turn.action == "draw":
        what = (gettext("hand %(hand)d, turn %(turn)s: %(name)s draws %(card)s from the stock") if card else
                gettext("hand %(hand)d, turn %(turn)s: %(name)s draws from the stock"))
    else:
        what = gettext("hand %(hand)d, turn %(turn)s: %(name)s discards %(card)s")
    lines = [what % words]
    if dead:
        lines.append(ngettext("the stock is down to %(count)d card: hand %(hand)d is dead, no score",
                              "the stock is down to %(count)d cards: hand %(hand)d is dead, no score",
                              table.stock) % words)
        lines.extend(standing_lines(match))
    else:
        lines.append(next_turn_line(table))
    return "\n".join(lines)


def knock_text(match: Match, outcome: Outcome, width: Optional[int] = None) -> str:
    """A settled knock, fitting ``width`` cells: both spreads (or the counts), the layoffs, the score's
    arithmetic, the totals and what comes next."""
    settled, number = outcome.settlement, outcome.number
    assert settled is not None
    knock = knock_tally(match, number)
    knocker, defender = knock.knocker, knock.defender
    result = settled.score.result
    words = {"hand": number, "knocker": knocker, "defender": defender, "upcard": pretty_card(knock.upcard),
             "limit": settled.limit,
             "reason": said(limit_said(match.rules, Card.parse(knock.upcard) if knock.upcard else None))}
    if knock.upcard:
        head = (gettext("hand %(hand)d: %(knocker)s goes gin against %(defender)s, upcard %(upcard)s, knock limit "
                        "%(limit)s (%(reason)s)") if result == "gin" else
                gettext("hand %(hand)d: %(knocker)s goes big gin against %(defender)s, upcard %(upcard)s, knock limit "
                        "%(limit)s (%(reason)s)") if result == "big_gin" else
                gettext("hand %(hand)d: %(knocker)s knocks against %(defender)s, upcard %(upcard)s, knock limit "
                        "%(limit)s (%(reason)s)"))
    else:
        head = (gettext("hand %(hand)d: %(knocker)s goes gin against %(defender)s, knock limit %(limit)s "
                        "(%(reason)s)") if result == "gin" else
                gettext("hand %(hand)d: %(knocker)s goes big gin against %(defender)s, knock limit %(limit)s "
                        "(%(reason)s)") if result == "big_gin" else
                gettext("hand %(hand)d: %(knocker)s knocks against %(defender)s, knock limit %(limit)s "
                        "(%(reason)s)"))
    lines = [head % words]
    if settled.showdown is not None:
        lines.extend(spread_lines(settled.showdown, knocker, defender, width))
    else:
        lines.extend(count_lines(settled, knock, match.rules.gin_layoffs))
    score = settled.score
    lines.append(score_line(score, knocker, defender))
    if match.state.hollywood and match.state.games is not None and knock.games is not None:
        before, after = knock.games
        games = hand_games_words(number, before, after, match.state.games, match.players, match.rules.target)
        if games:
            lines.append(games)
    lines.extend(standing_lines(match))
    return fit_text("\n".join(lines), width)


def count_lines(settled: Settlement, knock: KnockTally, gin_layoffs: bool = False) -> List[str]:
    """A knock settled by count (or one side by count): what each side showed or counted (a gin's defender
    counted after layoffs only where the rules let him lay off against gin)."""
    check, knocker, defender = settled.check, knock.knocker, knock.defender
    if check is not None:
        mine = (knocker, melds_text(check.melding.melds), deadwood_text(check.melding))
    else:
        what = gettext("counted (big gin)") if knock.big_gin else gettext("counted")
        mine = (knocker, what, str(settled.knocker_deadwood))
    if knock.defender_counted:  # against gin nothing is laid off (unless gin_layoffs): just his count
        laid_off = settled.knocker_deadwood != 0 or gin_layoffs
        theirs = (defender, gettext("counted after layoffs") if laid_off else gettext("counted"),
                  str(settled.defender_deadwood))
    else:
        theirs = (defender, gettext("from the cards (no layoffs against gin)"), str(settled.defender_deadwood))
    lines = [grid([mine, theirs], ("", gettext("melds"), gettext("deadwood")))]
    if check is not None and check.melding.discard is not None:
        lines.append(gettext("%(name)s's discard: %(card)s") % {"name": knocker, "card": check.melding.discard.pretty})
    return lines


def deal_text(match: Match, deal: StepData) -> str:
    """A deal recorded (the data of a deal's step): who deals to whom, the upcard, the knock limit."""
    assert isinstance(deal, Deal)  # a deal's step
    card = Card.parse(deal.upcard) if deal.upcard else None
    roles = deal.roles
    words = {"hand": deal.number, "dealer": deal.dealer}
    if roles is not None:
        words.update(box=roles.box, captain=roles.captain, sitter=roles.sitter)
    if roles is not None and match.rules.next_dealer == "sitter":
        who = gettext("hand %(hand)d: %(sitter)s sits out and deals to %(box)s (box) and %(captain)s (captain)")
    elif roles is not None and match.rules.next_dealer == "captain":
        who = gettext("hand %(hand)d: %(captain)s (captain) deals to %(box)s (box); %(sitter)s sits out")
    elif roles is not None:
        who = gettext("hand %(hand)d: %(box)s deals from the box to %(captain)s (captain); %(sitter)s sits out")
    else:
        who = gettext("hand %(hand)d: %(dealer)s deals")
    if match.rules.deal == "eleven":
        first = box_pair(roles, match.rules.next_dealer)[1] if roles is not None else other(match.players, deal.dealer)
        upcard = gettext("no upcard: %(name)s holds 11 cards and discards first") % {"name": first}
    elif card is not None:
        upcard = gettext("upcard %(card)s") % {"card": card.pretty}
    else:
        upcard = gettext("no upcard given")
    limit = gettext("knock limit %(limit)s (%(reason)s)") % {"limit": deal.limit,
                                                            "reason": said(limit_said(match.rules, card))}
    return f"{who % words}, {upcard}\n{limit}"


def opened_after_dead_text(match: Match, number: int, command: str) -> Optional[str]:
    """When ``command`` (knock, dead) dealt hand ``number`` itself just after a hand that ended dead by itself
    (recorded turn by turn, the stock ran down at a discard), the player may not have seen that end:
    ``hand 1 was dead (the stock ran down to 2 cards): this knock opens hand 2``. None otherwise."""
    if number < 2 or len(match.hands) < number - 1:
        return None
    if not hand_tally(match, number - 1).dead_by_itself:
        return None
    return opened_after_dead_words(number, match.rules.dead_hand_stock, command)

"""What the commands that play a hand print for people: a deal, a turn, a settled knock (both spreads or
the counts, the layoffs, the score's arithmetic), then where the match stands (``gin_ref.views.standing``).
"""

from typing import List, Optional

from gin_ref.core.cards import Card
from gin_ref.core.game import box_pair, other
from gin_ref.core.knock import limit_reason
from gin_ref.core.scoring import HandScore
from gin_ref.match.actions import Outcome
from gin_ref.match.knocks import Settlement
from gin_ref.match.model import Match
from gin_ref.match.tally import KnockTally, hand_tally, knock_tally
from gin_ref.match.steps import Deal, StepData
from gin_ref.views.standing import next_turn_line, standing_lines
from gin_ref.views.table import grid
from gin_ref.views.text import deadwood_text, fit_text, melds_text, pretty_card, spread_lines
from gin_ref.views.game_words import hand_games_words
from gin_ref.views.words import opened_after_dead_words


def score_line(score: HandScore, knocker: str, defender: str) -> str:
    """``score: knock: 21 − 5 = 16 to the knocker (Ann)``; a tie scored 0-0 names nobody."""
    if score.winner == "nobody":
        return f"score: {score.arithmetic}"
    return f"score: {score.arithmetic} ({knocker if score.winner == 'knocker' else defender})"


def turn_text(match: Match, outcome: Outcome) -> str:
    """A turn recorded: what happened, then whose turn it is with the pile and the stock, or the dead end."""
    turn, table = outcome.turn, match.state.table
    assert turn is not None and table is not None
    card = turn.card.pretty if turn.card is not None else None
    dead = table.dead
    if turn.action == "pass" and dead:  # the wall: the last discard passed
        what = f"passes on the last discard {table.discard_top.pretty if table.discard_top else '?'} at the wall"
    elif turn.action == "pass":
        what = f"passes on the upcard {table.discard_top.pretty if table.discard_top else '?'}"
    elif turn.action == "take":
        what = f"takes the upcard {card}" if outcome.offer else f"takes {card} from the discard pile"
    elif turn.action == "draw":
        what = f"draws {card} from the stock" if card else "draws from the stock"
    else:
        what = f"discards {card}"
    lines = [f"hand {outcome.number}, turn {outcome.step.turn}: {turn.player} {what}"]
    if dead:
        lines.append(f"the stock is down to {table.stock} cards: hand {outcome.number} is dead, no score")
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
    upcard = f", upcard {pretty_card(knock.upcard)}" if knock.upcard else ""
    verb = {"gin": "goes gin", "big_gin": "goes big gin"}.get(settled.score.result, "knocks")
    lines = [f"hand {number}: {knocker} {verb} against {defender}{upcard}, knock limit {settled.limit} "
             f"({settled.reason})"]
    if settled.showdown is not None:
        lines.extend(spread_lines(settled.showdown, knocker, defender, width))
    else:
        lines.extend(count_lines(settled, knock, match.rules.gin_layoffs))
    score = settled.score
    lines.append(score_line(score, knocker, defender))
    if match.state.hollywood and match.state.games is not None and knock.games is not None:
        before, after = knock.games
        said = hand_games_words(number, before, after, match.state.games, match.players, match.rules.target)
        if said:
            lines.append(said)
    lines.extend(standing_lines(match))
    return fit_text("\n".join(lines), width)


def count_lines(settled: Settlement, knock: KnockTally, gin_layoffs: bool = False) -> List[str]:
    """A knock settled by count (or one side by count): what each side showed or counted (a gin's defender
    counted after layoffs only where the rules let him lay off against gin)."""
    check, knocker, defender = settled.check, knock.knocker, knock.defender
    if check is not None:
        mine = (knocker, melds_text(check.melding.melds), deadwood_text(check.melding))
    else:
        what = "counted (big gin)" if knock.big_gin else "counted"
        mine = (knocker, what, str(settled.knocker_deadwood))
    if knock.defender_counted:  # against gin nothing is laid off (unless gin_layoffs): just his count
        laid_off = settled.knocker_deadwood != 0 or gin_layoffs
        theirs = (defender, "counted after layoffs" if laid_off else "counted", str(settled.defender_deadwood))
    else:
        theirs = (defender, "from the cards (no layoffs against gin)", str(settled.defender_deadwood))
    lines = [grid([mine, theirs], ("", "melds", "deadwood"))]
    if check is not None and check.melding.discard is not None:
        lines.append(f"{knocker}'s discard: {check.melding.discard.pretty}")
    return lines


def deal_text(match: Match, deal: StepData) -> str:
    """A deal recorded (the data of a deal's step): who deals to whom, the upcard, the knock limit."""
    assert isinstance(deal, Deal)  # a deal's step
    card = Card.parse(deal.upcard) if deal.upcard else None
    roles = deal.roles
    if roles is not None and match.rules.next_dealer == "sitter":
        who = (f"hand {deal.number}: {roles.sitter} sits out and deals to {roles.box} (box) and "
               f"{roles.captain} (captain)")
    elif roles is not None and match.rules.next_dealer == "captain":
        who = f"hand {deal.number}: {roles.captain} (captain) deals to {roles.box} (box); {roles.sitter} sits out"
    elif roles is not None:
        who = f"hand {deal.number}: {roles.box} deals from the box to {roles.captain} (captain); {roles.sitter} sits out"
    else:
        who = f"hand {deal.number}: {deal.dealer} deals"
    upcard = f"upcard {card.pretty}" if card is not None else "no upcard given"
    if match.rules.deal == "eleven":
        first = box_pair(roles, match.rules.next_dealer)[1] if roles is not None else other(match.players, deal.dealer)
        upcard = f"no upcard: {first} holds 11 cards and discards first"
    return f"{who}, {upcard}\nknock limit {deal.limit} ({limit_reason(match.rules, card)})"


def opened_after_dead_text(match: Match, number: int, command: str) -> Optional[str]:
    """When ``command`` (knock, dead) dealt hand ``number`` itself just after a hand that ended dead by itself
    (recorded turn by turn, the stock ran down at a discard), the player may not have seen that end:
    ``hand 1 was dead (the stock ran down to 2 cards): this knock opens hand 2``. None otherwise."""
    if number < 2 or len(match.hands) < number - 1:
        return None
    if not hand_tally(match, number - 1).dead_by_itself:
        return None
    return opened_after_dead_words(number, match.rules.dead_hand_stock, command)

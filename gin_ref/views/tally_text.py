"""What the match commands print for people: the tally's grid, a settled hand, who deals next, the end.

Every function takes a ``Match`` (and an action's ``Outcome``) and returns text; nothing here decides
anything about the game. The words for each event come from ``gin_ref.views.words``.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from gin_ref.core.cards import Card
from gin_ref.core.escape import one_line
from gin_ref.core.game import Game, bonus_arithmetic, final_scores, game_bonuses, other
from gin_ref.core.knock import limit_reason
from gin_ref.core.rules import HouseRules
from gin_ref.core.scoring import HandScore
from gin_ref.core.turns import Table
from gin_ref.match.actions import Outcome
from gin_ref.match.knocks import Settlement
from gin_ref.match.model import Match
from gin_ref.match.schema import Entry, is_dead_by_itself, turn_count
from gin_ref.match.tally import HandTally, Tally, tally_of
from gin_ref.views.sheet import Row, SheetLine, role_names, sheet_lines
from gin_ref.views.text import deadwood_text, fit_text, grid, melds_text, pretty_card, short_name, spread_lines
from gin_ref.views.words import (RULED, after_end_words, end_reason, final_words, games_standing_words,
                                 hand_games_words, hand_notes, note_words, opened_after_dead_words, paid_words,
                                 result_only_words, result_words, ruling_words, wins_words)


def _scores(scores: Dict[str, int], players: Sequence[str]) -> str:
    return ", ".join(f"{name} {scores[name]}" for name in players)


# -- the tally ---------------------------------------------------------------------------------------------

def tally_text(match: Match, path: str, width: Optional[int] = None) -> str:
    """The whole tally, fitting ``width`` cells (None: in full): a header, one row per hand with the running
    totals, the notes, what comes next."""
    rules, players = match.rules, match.players
    tally = tally_of(match)
    vs = " v ".join(players)
    lines = [one_line(f"{path}: {vs}, {rules.name} rules, {match.record.get('date')}, first to {rules.target}")
             + games_words(rules)]
    if match.state.paper is not None:
        lines.append(result_only_words(match.state.paper.hands_won))
    elif not tally.hands:
        lines.append("no hands yet")
    else:
        lines.append(_hands_grid(match, tally, width))
    lines.extend(f"* {note}" for _number, note in _notes(match, tally))
    lines.extend(f"{RULED} {note}" for note in ruling_notes(tally))
    if match.state.games is not None:
        lines.append("")
        lines.append(games_grid(match, tally))
    lines.append("")
    lines.extend(standing_lines(match, always_turn=True)[1:])  # the totals are the grid's last row
    return fit_text("\n".join(lines), width)


def _notes(match: Match, tally: Tally) -> List[Tuple[int, str]]:
    """``(hand number, note)`` for each hand the grid marks (``gin_ref.views.words.hand_notes``)."""
    return hand_notes(tally, match.hands, match.rules.dead_hand_stock)


def ruling_notes(tally: Tally) -> List[str]:
    """``hand 8: awarded to Ben, 10 points (Ann showed her cards; ruled by Dana, 2024-05-01T21:10)`` for
    each ruled hand of a tally."""
    return [f"hand {hand.number}: {ruling_words(hand.ruling, dated=True)}" for hand in tally.hands
            if hand.ruling is not None]


def _game_headers(match: Match, named: Callable[[str], str]) -> List[str]:
    """Hollywood: each game's column per player; games one after another: the game each hand was in, and
    its columns."""
    players = match.players
    if match.state.hollywood:
        return [f"g{g} {named(name)}" for g in range(1, match.rules.game_count + 1) for name in players]
    if match.state.series:
        return ["game", *(f"g {named(name)}" for name in players)]
    return []


def _game_cells(match: Match, hand: HandTally) -> Row:
    games = hand.games or ()
    if match.state.hollywood:
        return [game[name] for game in games for name in match.players]
    if match.state.series:
        return [len(games), *(games[-1][name] for name in match.players)]
    return []


def _hand_row(match: Match, line: SheetLine, roles: Sequence[str], named: Callable[[str], str]) -> Row:
    hand = line.hand
    return [line.label, *(named(hand.role(role) or "") for role in roles),
            pretty_card(hand.upcard) if hand.upcard else "-", hand.limit, named(hand.knocker or ""), line.result,
            named(hand.winner or ""), "" if hand.points is None else hand.points,
            *(hand.totals[name] for name in match.players), *_game_cells(match, hand)]


def _total_row(match: Match, tally: Tally, roles: Sequence[str]) -> Row:
    total: Row = ["total", *[""] * (len(roles) + 6), *(tally.totals[name] for name in match.players)]
    if match.state.hollywood:
        total += [game.totals[name] for game in tally.games or () for name in match.players]
    elif match.state.series:
        total += [""] * (1 + len(match.players))
    return total


def _hands_grid(match: Match, tally: Tally, width: Optional[int]) -> str:
    players = match.players
    named: Callable[[str], str] = short_name if width is not None else str  # names shortened only to fit
    roles = role_names(match.state.three)
    headers = ["hand", *roles, "upcard", "limit", "knocker", "result", "winner", "points", *map(named, players),
               *_game_headers(match, named)]
    noted = {number for number, _note in _notes(match, tally)}
    rows = [_hand_row(match, line, roles, named) for line in sheet_lines(tally.hands, noted)]
    rows.append(_total_row(match, tally, roles))
    r = len(roles)
    left = {1 + i for i in range(r)} | {r + 1, r + 3, r + 4, r + 5}
    # What goes first when the grid is wider than the terminal: Hollywood's game columns (the games grid
    # below has them), the limit, the upcard, the sitter and captain, the knocker, the points, the dealer.
    # The hand, its result and winner, and the players' totals always stay.
    drop = [*range(len(headers) - 1, r + 6 + len(players), -1), r + 2, r + 1, *range(r, 1, -1), r + 3, r + 6, 1]
    return grid(rows, headers, right=set(range(len(headers))) - left, width=width, drop=drop)


def score_line(score: HandScore, knocker: str, defender: str) -> str:
    """``score: knock: 21 − 5 = 16 to the knocker (Ann)``; a tie scored 0-0 names nobody."""
    if score.winner == "nobody":
        return f"score: {score.arithmetic}"
    return f"score: {score.arithmetic} ({knocker if score.winner == 'knocker' else defender})"


def games_words(rules: HouseRules) -> str:
    """``, Hollywood (three games)``, ``, best of 3 games``, ``, first to 2 games``: or nothing for one game."""
    count = rules.game_count
    if rules.scoring == "hollywood":
        return f", Hollywood ({'three' if count == 3 else count} games)"
    if count == 1:
        return ""
    return f", best of {count} games" if rules.match_win == "best_of" else f", first to {count} games"


def series_line(match: Match) -> str:
    """Where a match of games one after another stands: ``game 2 (best of 3): Ann 45, Ben 30; games won:
    Ann 1, Ben 0``."""
    state, rules = match.state, match.rules
    assert state.games is not None
    current = state.games[-1]
    won = {name: sum(1 for g in state.games if g.winner == name) for name in match.players}
    how = f"best of {rules.game_count}" if rules.match_win == "best_of" else f"first to {rules.game_count}"
    return (f"game {current.number} ({how}): {_scores(current.totals, match.players)}; games won: "
            f"{_scores(won, match.players)}")


def games_grid(match: Match, tally: Tally) -> str:
    rows: List[Row] = []
    for game in tally.games or ():
        state = game.winner if game.finished else "(open)"
        rows.append([game.number, *(game.totals[name] for name in match.players), state])
    return grid(rows, ["game", *map(short_name, match.players), "won by"], right=set(range(len(match.players) + 1)))


# -- where the match stands ------------------------------------------------------------------------------

def standing_lines(match: Match, always_turn: bool = False) -> List[str]:
    """Totals and what comes next: the next dealer (or roles), the open hand (and whose turn it is, when it
    is recorded turn by turn or ``always_turn``), or the end with every bonus."""
    lines = [f"totals: {_scores(match.state.totals, match.players)}"]
    if match.state.series and not match.state.finished:
        lines.append(series_line(match))
    elif match.state.hollywood and match.state.games is not None and not match.state.finished:
        lines.append(games_standing_words(match.state.games, match.players))
    if match.state.finished:
        return lines + ending_lines(match)
    entry = match.open_entry
    if entry is not None:
        upcard = f"upcard {pretty_card(entry['upcard'])}" if entry.get("upcard") else "no upcard given"
        if match.rules.deal == "eleven":
            upcard = "no upcard (the eleven-card deal)"
        lines.append(f"hand {entry['number']} is open: {entry['dealer']} dealt, {upcard}, "
                      f"knock limit {entry['limit']}")
        table = match.open_table()
        if turn_count(entry) and table is not None:
            lines.append(next_turn_line(table))
        elif always_turn and table is not None and table.phase == "discard" and not table.turns:
            lines.append(f"no turns recorded: {table.player} holds 11 cards and discards first (stock {table.stock})")
        elif always_turn and table is not None and table.discard_top is not None:
            lines.append(f"no turns recorded: {table.player} has the first option on the upcard "
                         f"{table.discard_top.pretty} (stock {table.stock})")
        return lines
    return lines + [next_line(match)]


def next_turn_line(table: Table) -> str:
    """Whose turn it is and what he may do, the top of the discard pile and the stock count."""
    top = table.discard_top.pretty if table.discard_top is not None else "empty"
    return f"next: {table.player} to {table.may()}; discard pile {top}, stock {table.stock}"


def next_line(match: Match) -> str:
    state = match.state
    number = match.next_number()
    if state.roles is not None:
        roles = state.roles
        if match.rules.next_dealer == "sitter":
            return (f"next: hand {number}, {roles.box} in the box, {roles.captain} captain, "
                    f"{roles.sitter} sits out and deals ({state.why})")
        return (f"next: hand {number}, {roles.box} in the box (deals), {roles.captain} captain, "
                f"{roles.sitter} sits out ({state.why})")
    return f"next: {state.dealer} deals hand {number} ({state.why})"


def ending_lines(match: Match) -> List[str]:
    """The end of the match: who won, and each player's final score with every bonus spelled out."""
    state = match.state
    bonuses, final, winner = state.result()
    assert final is not None
    lines = [f"the match is over: {end_reason(state)}"]
    if state.forfeit is not None:  # scores as they stand: no bonuses, no games to settle
        lines.append("final: " + _scores(final, match.players))
        lines.append(final_words(final, winner, bonuses))
        return lines
    if state.games is not None:
        for game in state.games:
            lines.append(f"game {game.number}: {wins_words(game.winner)}, {_scores(game.totals, match.players)}")
            won = _game_bonuses(match, game)
            lines.extend(_bonus_lines(match, game.totals, won, game.boxes, "  "))
            paid = paid_words(final_scores(game.totals, won), game.winner, won)  # each game is settled apart
            if paid is not None:
                lines.append(f"  {paid}")
        lines.append(f"final (all {'three' if len(state.games) == 3 else len(state.games)} games):")
    else:
        lines.append("final:")
    boxes = None if state.games is not None else state.boxes  # several games: each game's box bonus is above
    lines.extend(_bonus_lines(match, state.totals, bonuses, boxes, "  ", final))
    lines.append(final_words(final, winner, bonuses, paid=state.games is None))  # games: each said above
    return lines


def _game_bonuses(match: Match, game: Game) -> Dict[str, Dict[str, int]]:
    assert game.winner is not None
    return game_bonuses(match.rules, game.totals, game.boxes, game.winner)


def _bonus_lines(match: Match, totals: Dict[str, int], bonuses: Dict[str, Dict[str, int]],
                 boxes: Optional[Dict[str, int]], indent: str, final: Optional[Dict[str, int]] = None) -> List[str]:
    lines = []
    width = max(len(name) for name in match.players)
    for name in match.players:
        parts = [str(totals[name])]
        parts += [bonus_arithmetic(match.rules, name, bonus, points, boxes)
                  for bonus, points in bonuses[name].items()]
        if final is not None:
            text = " + ".join(parts) + (f" = {final[name]}" if bonuses[name] else "")
        elif bonuses[name]:  # each bonus its own term, and their total once
            text = " + ".join(parts[1:]) + (f" = {sum(bonuses[name].values())}" if len(parts) > 2 else "")
        else:
            continue
        lines.append(f"{indent}{name:<{width}}  {text}")
    return lines


# -- one hand ----------------------------------------------------------------------------------------------

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
    entry = match.hands[number - 1]
    knocker, defender = entry["knocker"], entry["defender"]
    upcard = f", upcard {pretty_card(entry['upcard'])}" if entry.get("upcard") else ""
    verb = {"gin": "goes gin", "big_gin": "goes big gin"}.get(settled.score.result, "knocks")
    lines = [f"hand {number}: {knocker} {verb} against {defender}{upcard}, knock limit {settled.limit} "
             f"({settled.reason})"]
    if settled.showdown is not None:
        lines.extend(spread_lines(settled.showdown, knocker, defender, width))
    else:
        lines.extend(count_lines(settled, entry, knocker, defender, match.rules.gin_layoffs))
    score = settled.score
    lines.append(score_line(score, knocker, defender))
    if match.state.hollywood and match.state.games is not None:
        said = _hand_games(match, number)
        if said:
            lines.append(said)
    lines.extend(standing_lines(match))
    return fit_text("\n".join(lines), width)


def _hand_games(match: Match, number: int) -> Optional[str]:
    """Which of Hollywood's games hand ``number`` scored in, and a game it won (``hand_games_words``)."""
    games = match.state.games
    assert games is not None
    after = match.hands[number - 1].get("games")
    if not isinstance(after, list):
        return None
    before = next((entry["games"] for entry in reversed(match.hands[:number - 1])
                   if isinstance(entry.get("games"), list)), [dict.fromkeys(match.players, 0) for _ in after])
    return hand_games_words(number, before, after, games, match.players, match.rules.target)


def count_lines(settled: Settlement, entry: Entry, knocker: str, defender: str,
                gin_layoffs: bool = False) -> List[str]:
    """A knock settled by count (or one side by count): what each side showed or counted (a gin's defender
    counted after layoffs only where the rules let him lay off against gin)."""
    check = settled.check
    if check is not None:
        mine = (knocker, melds_text(check.melding.melds), deadwood_text(check.melding))
    else:
        what = "counted (big gin)" if entry.get("big_gin") else "counted"
        mine = (knocker, what, str(settled.knocker_deadwood))
    if "defender_count" in entry:  # against gin nothing is laid off (unless gin_layoffs): just his count
        laid_off = settled.knocker_deadwood != 0 or gin_layoffs
        theirs = (defender, "counted after layoffs" if laid_off else "counted", str(settled.defender_deadwood))
    else:
        theirs = (defender, "from the cards (no layoffs against gin)", str(settled.defender_deadwood))
    lines = [grid([mine, theirs], ("", "melds", "deadwood"))]
    if check is not None and check.melding.discard is not None:
        lines.append(f"{knocker}'s discard: {check.melding.discard.pretty}")
    return lines


def deal_text(match: Match, entry: Entry) -> str:
    card = Card.parse(entry["upcard"]) if entry.get("upcard") else None
    if match.state.three and match.rules.next_dealer == "sitter":
        who = (f"hand {entry['number']}: {entry['sitter']} sits out and deals to {entry['box']} (box) and "
               f"{entry['captain']} (captain)")
    elif match.state.three:
        who = (f"hand {entry['number']}: {entry['box']} deals from the box to {entry['captain']} (captain); "
               f"{entry['sitter']} sits out")
    else:
        who = f"hand {entry['number']}: {entry['dealer']} deals"
    upcard = f"upcard {card.pretty}" if card is not None else "no upcard given"
    if match.rules.deal == "eleven":
        first = entry["captain"] if match.state.three else other(match.players, entry["dealer"])
        upcard = f"no upcard: {first} holds 11 cards and discards first"
    return f"{who}, {upcard}\nknock limit {entry['limit']} ({limit_reason(match.rules, card)})"


def opened_after_dead_text(match: Match, number: int, command: str) -> Optional[str]:
    """When ``command`` (knock, dead) dealt hand ``number`` itself just after a hand that ended dead by itself
    (recorded turn by turn, the stock ran down at a discard), the player may not have seen that end:
    ``hand 1 was dead (the stock ran down to 2 cards): this knock opens hand 2``. None otherwise."""
    if number < 2 or len(match.hands) < number - 1:
        return None
    if not is_dead_by_itself(match.hands[number - 2]):
        return None
    return opened_after_dead_words(number, match.rules.dead_hand_stock, command)


def start_text(match: Match, path: str) -> str:
    rules, start = match.rules, match.record["start"]
    lines = [one_line(f"new match in {path}: {' v '.join(match.players)}, {rules.name} rules, first to "
                      f"{rules.target}") + games_words(match.rules)]
    if match.state.three:
        how = "drawn at random" if start.get("drawn") else "named"
        if "draw" in start:
            how = "from the draw: " + ", ".join(f"{name} {pretty_card(card)}" for name, card in start["draw"].items())
        sitter_deals = rules.next_dealer == "sitter"
        lines.append(f"hand 1: {start['box']} in the box{'' if sitter_deals else ' (deals)'}, {start['captain']} "
                     f"captain, {start['sitter']} sits out{' and deals' if sitter_deals else ''} ({how})")
    else:
        how = "drawn at random" if start.get("drawn") else "named"
        lines.append(f"{start['dealer']} deals first ({how})")
    return "\n".join(lines)


# -- an amend --------------------------------------------------------------------------------------------

def _amend_head(match: Match, number: int, settled: Optional[Settlement], width: Optional[int]) -> List[str]:
    """The amended hand's new spreads and score (a knock)."""
    if settled is None:
        return []
    entry = match.hands[number - 1]
    knocker, defender = entry["knocker"], entry["defender"]
    spreads = (spread_lines(settled.showdown, knocker, defender, width) if settled.showdown is not None
               else count_lines(settled, entry, knocker, defender, match.rules.gin_layoffs))
    return spreads + [score_line(settled.score, knocker, defender)]


def _facts(hand: HandTally) -> Tuple[Any, ...]:
    return hand.result, hand.winner, hand.points, dict(hand.totals), hand.after_end


def amend_text(match: Match, number: int, before: Tally, settled: Optional[Settlement] = None,
               width: Optional[int] = None) -> str:
    """What an amend changed: the hand's new spreads and score (a knock), each hand whose result, points or
    totals changed (old, then new), the totals before and after, the hands that stand as played, and
    whether the end moved."""
    after = tally_of(match)
    lines = []
    head = _amend_head(match, number, settled, width)
    for old, new in zip(before.hands, after.hands):
        if new.result is None or _facts(old) == _facts(new):
            continue
        was, now = _hand_words(old, match.players), _hand_words(new, match.players)
        lines.append(f"hand {new.number}: {was}\n{' ' * len(str(new.number))}     now {now}")
    lines[:0] = [f"amended hand {number}:" if lines else f"amended hand {number}: no score changed"] + head
    lines.append(f"totals before: {_scores(dict(before.totals), match.players)}")
    lines.append(f"totals now:    {_scores(dict(after.totals), match.players)}")
    lines.extend(f"note: {note_words(note)}" for note in match.state.notes if note.hand > number)
    state = match.state
    if before.finished and not state.finished:
        lines.append("the match is open again: the amended results reach no end, so play goes on")
    elif state.finished and (not before.finished or state.after_end):
        words = after_end_words(state)
        lines.append(f"the match now ends with hand {state.ended_in}" + (f"; {words}" if words else ""))
    lines.extend(standing_lines(match))
    return "\n".join(lines)


def _hand_words(hand: HandTally, players: Sequence[str]) -> str:
    counted = " (after the end: not counted)" if hand.after_end else ""
    facts = {"result": hand.result, "knocker": hand.knocker, "winner": hand.winner, "points": hand.points}
    return f"{result_words(facts)}; totals {_scores(dict(hand.totals), players)}{counted}"

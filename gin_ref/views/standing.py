"""Where a match stands, for people: the totals, the game or games under way, the open hand and whose turn
it is, who deals next, or the end with every bonus spelled out. Every command that changes a match ends
with these lines (``standing_lines``); the words for each event come from ``gin_ref.views.words``.
"""

from typing import Dict, List, Optional, Sequence

from gin_ref.core.game import Game, bonus_arithmetic, final_scores, game_bonuses
from gin_ref.core.turns import Table
from gin_ref.match.model import Match
from gin_ref.views.game_words import games_standing_words
from gin_ref.views.words import end_reason, final_words, paid_words, wins_words


def named_scores(scores: Dict[str, int], players: Sequence[str]) -> str:
    return ", ".join(f"{name} {scores[name]}" for name in players)


def series_line(match: Match) -> str:
    """Where a match of games one after another stands: ``game 2 (best of 3): Ann 45, Ben 30; games won:
    Ann 1, Ben 0``."""
    state, rules = match.state, match.rules
    assert state.games is not None
    current = state.games[-1]
    won = {name: sum(1 for g in state.games if g.winner == name) for name in match.players}
    how = f"best of {rules.game_count}" if rules.match_win == "best_of" else f"first to {rules.game_count}"
    return (f"game {current.number} ({how}): {named_scores(current.totals, match.players)}; games won: "
            f"{named_scores(won, match.players)}")


def standing_lines(match: Match, always_turn: bool = False) -> List[str]:
    """Totals and what comes next: the next dealer (or roles), the open hand (and whose turn it is, when it
    is recorded turn by turn or ``always_turn``), or the end with every bonus."""
    lines = [f"totals: {named_scores(match.state.totals, match.players)}"]
    if match.state.series and not match.state.finished:
        lines.append(series_line(match))
    elif match.state.hollywood and match.state.games is not None and not match.state.finished:
        lines.append(games_standing_words(match.state.games, match.players))
    if match.state.finished:
        return lines + ending_lines(match)
    setup = match.state.current if match.state.open is not None else None
    if setup is not None:
        upcard = f"upcard {setup.upcard.pretty}" if setup.upcard is not None else "no upcard given"
        if match.rules.deal == "eleven":
            upcard = "no upcard (the eleven-card deal)"
        lines.append(f"hand {setup.number} is open: {setup.dealer} dealt, {upcard}, knock limit {setup.limit}")
        table = match.open_table()
        if table is not None and table.turns:
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


RULED = {"void": "void", "redeal": "a misdeal"}


def dealer_why(match: Match) -> str:
    """Why the next dealer deals (``state.why``), a hand the director ruled void or a misdeal told as
    ruled: ``hand 1 was ruled void: the same dealer deals again``, not ``was dead``."""
    why = str(match.state.why)
    number, rulings = len(match.hands), match.state.rulings  # each ruled hand's ruling, by its index
    if number and number - 1 in rulings:
        kind = rulings[number - 1].kind
        if kind in RULED:
            why = why.replace(f"hand {number} was dead:", f"hand {number} was ruled {RULED[kind]}:", 1)
    return why


def next_line(match: Match) -> str:
    state = match.state
    number = match.next_number()
    why = dealer_why(match)
    if state.roles is not None:
        roles = state.roles
        if match.rules.next_dealer == "sitter":
            return (f"next: hand {number}, {roles.box} in the box, {roles.captain} captain, "
                    f"{roles.sitter} sits out and deals ({why})")
        if match.rules.next_dealer == "captain":
            return (f"next: hand {number}, {roles.box} in the box, {roles.captain} captain (deals), "
                    f"{roles.sitter} sits out ({why})")
        return (f"next: hand {number}, {roles.box} in the box (deals), {roles.captain} captain, "
                f"{roles.sitter} sits out ({why})")
    return f"next: {state.dealer} deals hand {number} ({why})"


def ending_lines(match: Match) -> List[str]:
    """The end of the match: who won, and each player's final score with every bonus spelled out."""
    state = match.state
    bonuses, final, winner = state.result()
    assert final is not None
    lines = [f"the match is over: {end_reason(state)}"]
    if state.forfeit is not None:  # scores as they stand: no bonuses, no games to settle
        lines.append("final: " + named_scores(final, match.players))
        lines.append(final_words(final, winner, bonuses))
        return lines
    if state.games is not None:
        for game in state.games:
            lines.append(f"game {game.number}: {wins_words(game.winner)}, {named_scores(game.totals, match.players)}")
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

"""The tally for people (``gin-ref tally``): the head, the grid of hands with the running totals, the notes,
the games, then where the match stands (``gin_ref.views.standing``); and what ``new`` says of the match
it starts.

Every function takes a ``Match`` and returns text; nothing here decides anything about the game. A played
hand's text is ``gin_ref.views.hand_text``, an amend's ``gin_ref.views.amend_text``. The words for each
event come from ``gin_ref.views.words``.
"""

from __future__ import annotations

from typing import Callable, List, Optional, Sequence, Tuple

from gin_ref.core.escape import one_line
from gin_ref.core.rules import HouseRules
from gin_ref.match.model import Match
from gin_ref.match.tally import HandTally, Tally, tally_of
from gin_ref.views.sheet import Row, SheetLine, role_names, sheet_lines
from gin_ref.views.standing import standing_lines
from gin_ref.views.table import grid
from gin_ref.views.text import fit_text, pretty_card, short_name
from gin_ref.views.words import RULED, hand_notes, result_only_words, ruling_words


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
    return hand_notes(tally, match.rules.dead_hand_stock)


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


def games_words(rules: HouseRules) -> str:
    """``, Hollywood (three games)``, ``, best of 3 games``, ``, first to 2 games``: or nothing for one game."""
    count = rules.game_count
    if rules.scoring == "hollywood":
        return f", Hollywood ({'three' if count == 3 else count} games)"
    if count == 1:
        return ""
    return f", best of {count} games" if rules.match_win == "best_of" else f", first to {count} games"


def games_grid(match: Match, tally: Tally) -> str:
    rows: List[Row] = []
    for game in tally.games or ():
        state = game.winner if game.finished else "(open)"
        rows.append([game.number, *(game.totals[name] for name in match.players), state])
    return grid(rows, ["game", *map(short_name, match.players), "won by"], right=set(range(len(match.players) + 1)))


def start_text(match: Match, path: str) -> str:
    rules, start = match.rules, match.record["start"]
    lines = [one_line(f"new match in {path}: {' v '.join(match.players)}, {rules.name} rules, first to "
                      f"{rules.target}") + games_words(match.rules)]
    if match.state.three:
        how = "drawn at random" if start.get("drawn") else "named"
        if "draw" in start:
            how = "from the draw: " + ", ".join(f"{name} {pretty_card(card)}" for name, card in start["draw"].items())
        deals = rules.next_dealer
        lines.append(f"hand 1: {start['box']} in the box{' (deals)' if deals == 'box' else ''}, {start['captain']} "
                     f"captain{' (deals)' if deals == 'captain' else ''}, {start['sitter']} sits out"
                     f"{' and deals' if deals == 'sitter' else ''} ({how})")
    else:
        how = "drawn at random" if start.get("drawn") else "named"
        lines.append(f"{start['dealer']} deals first ({how})")
    return "\n".join(lines)

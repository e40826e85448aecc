"""The tally for people (``gin-ref tally``): the head, the grid of hands with the running totals, the notes,
the games, then where the match stands (``gin_ref.views.standing``); and what ``new`` says of the match
it starts.

Every function takes a ``Match`` and returns text; nothing here decides anything about the game. A played
hand's text is ``gin_ref.views.hand_text``, an amend's ``gin_ref.views.amend_text``. The words for each
event come from ``gin_ref.views.words``.

The words said here (the head, the grid's headings, the totals row, what ``new`` says) go through the
catalogue in the language settled (``gin_ref.desk.language``: the one module of the desk a view reads, the
standard library's gettext and nothing else), whole sentences with named placeholders, every count through
``ngettext``.
"""

from __future__ import annotations

from typing import Callable, List, Optional, Sequence, Tuple

from gin_ref.core.escape import one_line
from gin_ref.core.rules import HouseRules
from gin_ref.desk.language import gettext, ngettext
from gin_ref.match.model import Match
from gin_ref.match.tally import HandTally, Tally, tally_of
from gin_ref.views.sheet import Row, SheetLine, role_names, sheet_lines
from gin_ref.views.standing import standing_lines
from gin_ref.views.table import grid
from gin_ref.views.text import fit_text, pretty_card, short_name
from gin_ref.views.words import RULED, hand_notes, result_only_words, ruling_words
from gin_ref.views.words import versus as versus  # (said here before: desk/ and cli/ import it from here)


# -- the tally ---------------------------------------------------------------------------------------------

def tally_text(match: Match, path: str, width: Optional[int] = None) -> str:
    """The whole tally, fitting ``width`` cells (None: in full): a header, one row per hand with the running
    totals, the notes, what comes next."""
    rules, players = match.rules, match.players
    tally = tally_of(match)
    head = gettext("%(path)s: %(players)s, %(rules)s rules, %(date)s, first to %(target)s") % {
        "path": path, "players": versus(players), "rules": rules.name, "date": match.state.header.date,
        "target": rules.target}
    lines = [one_line(head) + games_words(rules)]
    if match.state.paper is not None:
        lines.append(result_only_words(match.state.paper.hands_won))
    elif not tally.hands:
        lines.append(gettext("no hands yet"))
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
    return [gettext("hand %(hand)d: %(ruling)s") % {"hand": hand.number, "ruling": ruling_words(hand.ruling, dated=True)}
            for hand in tally.hands if hand.ruling is not None]


# The grid's headings (the roles: ``gin_ref.views.sheet.role_names``), said in the language settled.
ROLE_HEADINGS = {"dealer": lambda: gettext("dealer"), "box": lambda: gettext("box"),
                 "captain": lambda: gettext("captain"), "sitter": lambda: gettext("sitter")}


def _role_heading(role: str) -> str:
    return ROLE_HEADINGS[role]() if role in ROLE_HEADINGS else role


def _game_headers(match: Match, named: Callable[[str], str]) -> List[str]:
    """Hollywood: each game's column per player; games one after another: the game each hand was in, and
    its columns."""
    players = match.players
    if match.state.hollywood:
        return [gettext("g%(game)d %(player)s") % {"game": g, "player": named(name)}
                for g in range(1, match.rules.game_count + 1) for name in players]
    if match.state.series:
        return [gettext("game"), *(gettext("g %(player)s") % {"player": named(name)} for name in players)]
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
    total: Row = [gettext("total"), *[""] * (len(roles) + 6), *(tally.totals[name] for name in match.players)]
    if match.state.hollywood:
        total += [game.totals[name] for game in tally.games or () for name in match.players]
    elif match.state.series:
        total += [""] * (1 + len(match.players))
    return total


def _hands_grid(match: Match, tally: Tally, width: Optional[int]) -> str:
    players = match.players
    named: Callable[[str], str] = short_name if width is not None else str  # names shortened only to fit
    roles = role_names(match.state.three)
    headers = [gettext("hand"), *map(_role_heading, roles), gettext("upcard"), gettext("limit"), gettext("knocker"),
               gettext("result"), gettext("winner"), gettext("points"), *map(named, players),
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
        said = gettext("Hollywood (three games)") if count == 3 else \
            ngettext("Hollywood (%(count)d game)", "Hollywood (%(count)d games)", count) % {"count": count}
    elif count == 1:
        return ""
    elif rules.match_win == "best_of":
        said = ngettext("best of %(count)d game", "best of %(count)d games", count) % {"count": count}
    else:
        said = ngettext("first to %(count)d game", "first to %(count)d games", count) % {"count": count}
    return ", " + said


def games_grid(match: Match, tally: Tally) -> str:
    rows: List[Row] = []
    for game in tally.games or ():
        state = game.winner if game.finished else gettext("(open)")
        rows.append([game.number, *(game.totals[name] for name in match.players), state])
    return grid(rows, [gettext("game"), *map(short_name, match.players), gettext("won by")],
                right=set(range(len(match.players) + 1)))


def start_text(match: Match, path: str) -> str:
    rules, header = match.rules, match.state.header
    head = gettext("new match in %(path)s: %(players)s, %(rules)s rules, first to %(target)s") % {
        "path": path, "players": versus(match.players), "rules": rules.name, "target": rules.target}
    lines = [one_line(head) + games_words(match.rules)]
    how = gettext("drawn at random") if header.drawn else gettext("named")
    if match.state.three and header.roles is not None:
        if header.draw:
            drawn = ", ".join(f"{name} {pretty_card(card)}" for name, card in header.draw)
            how = gettext("from the draw: %(cards)s") % {"cards": drawn}
        first = header.roles
        roles = {"box": first.box, "captain": first.captain, "sitter": first.sitter, "how": how}
        deals = rules.next_dealer
        if deals == "box":
            said = gettext("hand 1: %(box)s in the box (deals), %(captain)s captain, %(sitter)s sits out (%(how)s)")
        elif deals == "captain":
            said = gettext("hand 1: %(box)s in the box, %(captain)s captain (deals), %(sitter)s sits out (%(how)s)")
        elif deals == "sitter":
            said = gettext("hand 1: %(box)s in the box, %(captain)s captain, %(sitter)s sits out and deals (%(how)s)")
        else:
            said = gettext("hand 1: %(box)s in the box, %(captain)s captain, %(sitter)s sits out (%(how)s)")
        lines.append(said % roles)
    else:
        lines.append(gettext("%(dealer)s deals first (%(how)s)") % {"dealer": header.dealer, "how": how})
    return "\n".join(lines)

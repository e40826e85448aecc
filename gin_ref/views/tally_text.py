"""The tally for people (``gin-ref tally``): the head, the grid of hands with the running totals, the notes,
the games, then where the match stands (``gin_ref.views.standing``); and what ``new`` says of the match
it starts. And the tally for scripts, last: the ``tally --json`` object (``tally_data``, ``hand_data``...:
the only place the typed tally is spelled as JSON; tests/test_architecture.py names them among the JSON
output builders). One module, as ``tally`` loads it either way (a module more costs every start).

Every function takes a ``Match`` and returns text; nothing here decides anything about the game. A played
hand's text is ``gin_ref.views.hand_text``, an amend's ``gin_ref.views.amend_text``. The words for each
event come from ``gin_ref.views.words``.

The words said here (the head, the grid's headings, the totals row, what ``new`` says) go through the
catalogue in the language settled (``gin_ref.desk.language``: the one module of the desk a view reads, the
standard library's gettext and nothing else), whole sentences with named placeholders, every count through
``ngettext``.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Optional, Sequence, Tuple

from gin_ref.core.escape import one_line
from gin_ref.core.message import english_of
from gin_ref.core.rules import HouseRules
from gin_ref.desk.language import gettext, ngettext
from gin_ref.match.irregularities import EXTRAS, Irregularity
from gin_ref.match.model import Match
from gin_ref.match.rulings import FIELDS, Ruling
from gin_ref.match.tally import GameTally, HandTally, Tally, tally_of
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


# -- the tally --json object ---------------------------------------------------------------------------------

def irregularity_data(item: Irregularity) -> Dict[str, object]:
    """An irregularity: kind, player, detail (in English), points, and what it has of hand, turn, action
    and card."""
    detail = english_of(item.detail) if item.detail is not None else None
    out: Dict[str, object] = {"kind": item.kind, "player": item.player, "detail": detail, "points": item.points}
    out.update((key, getattr(item, key)) for key in EXTRAS if getattr(item, key) is not None)
    return out


def ruling_data(ruling: Ruling) -> Dict[str, object]:
    """A ruling (whether it dealt its hand is the record's: the hand has no result)."""
    return {key: getattr(ruling, key) for key in FIELDS}


def game_data(game: GameTally) -> Dict[str, object]:
    return {"number": game.number, "totals": dict(game.totals), "finished": game.finished,
            "winner": game.winner, "bonuses": game.bonuses, "final": game.final}


def hand_data(hand: HandTally) -> Dict[str, object]:
    """A hand of the tally (its turns are not in it)."""
    out: Dict[str, object] = {"number": hand.number, "dealer": hand.dealer}
    if hand.roles is not None:
        out.update(hand.roles.data())
    out.update(upcard=hand.upcard, limit=hand.limit, result=hand.result, knocker=hand.knocker,
               winner=hand.winner, points=hand.points, totals=dict(hand.totals))
    if hand.games is not None:
        out["games"] = [dict(columns) for columns in hand.games]
    out.update(knocker_deadwood=hand.knocker_deadwood, defender_deadwood=hand.defender_deadwood)
    if hand.after_end:
        out["after_end"] = True
    out["irregularities"] = [irregularity_data(item) for item in hand.irregularities]
    if hand.ruling is not None:
        out["ruling"] = ruling_data(hand.ruling)
    return out


def tally_data(tally: Tally) -> Dict[str, object]:
    """The ``tally --json`` object: every hand, the totals, who deals, the end; for an open hand whose turn
    it is (``turn``: {``player``, ``phase``}), the top of the discard pile and the stock count (an open hand
    with no turn recorded is at its start: the non-dealer's option on the upcard, 31 cards in the stock);
    the match's own irregularities (deals refused)."""
    out: Dict[str, object] = {
        "players": list(tally.players), "rules": tally.rules, "hands": [hand_data(hand) for hand in tally.hands],
        "totals": dict(tally.totals), "next_dealer": tally.next_dealer, "finished": tally.finished,
        "winner": tally.winner, "final": tally.final, "bonuses": tally.bonuses, "target": tally.target,
        "open_hand": tally.open_hand,
    }
    if tally.result_only is not None:
        out["result_only"] = {"scores": dict(tally.result_only.scores), "hands_won": tally.result_only.hands_won}
    if tally.games is not None:
        out["games"] = [game_data(g) for g in tally.games]
    if tally.three:
        out["roles"] = None if tally.roles is None else dict(tally.roles)
    out["turn"] = None if tally.turn is None else {"player": tally.turn.player, "phase": tally.turn.phase}
    out.update(discard_top=tally.discard_top, stock_count=tally.stock_count)
    out["irregularities"] = [irregularity_data(item) for item in tally.irregularities]
    if tally.notes:
        out["notes"] = [note._asdict() for note in tally.notes]
    return out


def match_data(match: Match) -> Dict[str, object]:
    """The ``tally --json`` object of a Match."""
    return tally_data(tally_of(match))

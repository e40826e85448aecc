"""The score sheet of a match, as one model for every layout: the text tally (``gin_ref.views.tally_text``),
the Markdown (``export_text``) and the HTML page (``export_html``, ``export_chart``).

A sheet is a grid: one line per hand (``SheetLine``: the hand's label with its marks, its roles, its result's
name...), then the rows at its foot (the total, one per bonus, the final score). Which hands a layout shows
and how it spells an empty cell is the layout's; what a line says is here, once.
"""

from collections import Counter
from typing import Collection, Dict, List, NamedTuple, Optional, Sequence, Set, Tuple

from gin_ref.desk.language import gettext
from gin_ref.match.tally import Bonuses, HandTally, Scores, Tally
from gin_ref.views.history import MatchView, standing
from gin_ref.views.words import (RULED, hand_notes, house_rule_notes, paid_words, result_name, result_only_words,
                                 ruling_words, versus, wins_words)

ROLES = ("box", "captain", "sitter")  # three players: the box deals every hand and plays the captain
Row = List[object]
Part = Tuple[Optional[Scores], Optional[Bonuses], Optional[Scores]]  # totals, bonuses, final (once over)


def role_names(three: bool) -> List[str]:
    """The columns of who dealt: the three roles, or the dealer."""
    return list(ROLES) if three else ["dealer"]


class SheetLine(NamedTuple):
    """One hand's line on a sheet: its label (the number, ``*`` when a note says something of it, ``^`` when a
    director ruled it) and its result's name (``(open)`` while open; ``(void)``: ruled without a result)."""

    hand: HandTally
    label: str
    result: str

    @classmethod
    def of(cls, hand: HandTally, noted: Collection[int], names: Optional[Dict[str, str]] = None) -> "SheetLine":
        """``names``: each result's name said so far (a sheet says each once, not once a hand)."""
        mark = ("*" if hand.number in noted else "") + (RULED if hand.ruling is not None else "")
        if hand.result:
            said = names if names is not None else {}
            result = said[hand.result] if hand.result in said else said.setdefault(hand.result,
                                                                                  result_name(hand.result))
        elif hand.ruling is not None:
            result = _ruled_cell(hand.ruling.kind)
        else:
            result = gettext("(open)")
        return cls(hand, f"{hand.number}{mark}", result)


def _ruled_cell(kind: str) -> str:
    """A hand ruled without a result, in the result's column: ``(void)``."""
    if kind == "void":
        return gettext("(void)")
    if kind == "award":
        return gettext("(award)")
    if kind == "redeal":
        return gettext("(redeal)")
    if kind == "forfeit":
        return gettext("(forfeit)")
    return f"({kind})"


def heading_words(word: str) -> str:
    """A column's or a foot row's title (the sheet keeps them in English, its keys), in the language settled."""
    if word == "hand":
        return gettext("hand")
    if word == "dealer":
        return gettext("dealer")
    if word == "box":
        return gettext("box")
    if word == "captain":
        return gettext("captain")
    if word == "sitter":
        return gettext("sitter")
    if word == "upcard":
        return gettext("upcard")
    if word == "limit":
        return gettext("limit")
    if word == "knocker":
        return gettext("knocker")
    if word == "result":
        return gettext("result")
    if word == "winner":
        return gettext("winner")
    if word == "points":
        return gettext("points")
    if word == "total":
        return gettext("total")
    if word == "final":
        return gettext("final")
    return bonus_word(word)


def sheet_lines(hands: Sequence[HandTally], noted: Collection[int]) -> List[SheetLine]:
    """The line of each of ``hands``; ``noted``: the numbers of the hands a note speaks of."""
    names: Dict[str, str] = {}
    return [SheetLine.of(hand, noted, names) for hand in hands]


def game_numbers(view: MatchView) -> Tuple[int, ...]:
    """The numbers of a match's games (Hollywood, or games one after another): 1, 2, 3... as its tally has
    them."""
    return tuple(range(1, len(view.tally.games or ()) + 1))


class Sheet(NamedTuple):
    """A match's sheet laid out for the exports: column titles, one row per settled hand, the rows at its foot
    (the total, one per bonus, the final score), the numeric columns, the upcard column (its cells are card
    codes; None when no hand has an upcard) and, for Hollywood, the titles over each game's columns as
    ``(title, columns)``."""

    headers: List[str]
    rows: List[Row]
    foot: List[Row]
    numeric: Set[int]
    card: Optional[int]
    groups: List[Tuple[str, int]]
    first: int = 1  # the first of the players' columns (the foot rows' titles span the ones before)


def heading(view: MatchView) -> str:
    """``Ann v Ben, 2024-03-02``: who played, and when."""
    players = versus(view.players)
    return f"{players}, {view.date}" if view.date else players


def bonus_kinds(view: MatchView) -> List[str]:
    """Every end-of-game bonus recorded (``box_bonus``, ``game_bonus``, ``shutout``...), in the order met."""
    kinds: Dict[str, None] = {}
    sources = [view.tally.bonuses or {}] + [game.bonuses or {} for game in view.tally.games or ()]
    for bonuses in sources:
        for per_player in bonuses.values():
            for kind in per_player or {}:
                kinds.setdefault(kind, None)
    return list(kinds)


def bonus_word(kind: str) -> str:
    """An end-of-game bonus's name (``box_bonus``: ``box bonus``), in the language settled."""
    if kind == "box_bonus":
        return gettext("box bonus")
    if kind == "game_bonus":
        return gettext("game bonus")
    if kind == "shutout":
        return gettext("shutout")
    if kind == "line_bonus":
        return gettext("line bonus")
    return str(kind).replace("_", " ")


def foot_rows(players: Sequence[str], first: int, parts: Sequence[Part], kinds: Sequence[str]) -> List[Row]:
    """The rows under the hands: ``total``; one per bonus kind; ``final`` (once a part is over). ``first - 1``
    empty cells come before the players' columns; each of ``parts`` (totals, bonuses, final or None: the
    match's, then each Hollywood game's) has a column per player."""
    pad = [None] * (first - 1)
    rows: List[Row] = [["total", *pad, *(Counter(totals)[name] for totals, _b, _f in parts for name in players)]]
    for kind in kinds:
        rows.append([bonus_word(kind), *pad, *(_earned(bonuses, name, kind) for _t, bonuses, _f in parts
                                               for name in players)])
    if any(final for _t, _b, final in parts):
        rows.append(["final", *pad, *(final[name] if final else None for _t, _b, final in parts for name in players)])
    return rows


def _earned(bonuses: Optional[Bonuses], name: str, kind: str) -> Optional[int]:
    """The bonus of ``kind`` a player earned; None (a blank cell) when he earned none of it: ``bonuses``
    lists only the bonuses earned, player by player."""
    won = bonuses[name] if bonuses is not None and name in bonuses else None
    return won[kind] if won is not None and kind in won else None


def _game_columns(hand: HandTally, count: int) -> List[Optional[Scores]]:
    """Each of ``count`` games' columns after ``hand``; a game not begun yet (games one after another) has
    none (None)."""
    columns: List[Optional[Scores]] = list(hand.games or ()) if count else []
    return columns + [None] * (count - len(columns))


def _parts(tally: Tally, games: bool) -> List[Part]:
    parts: List[Part] = [(tally.totals, tally.bonuses, tally.final if tally.finished else None)]
    if games:
        parts += [(g.totals, g.bonuses, g.final if g.finished else None) for g in tally.games or ()]
    return parts


def score_sheet(view: MatchView, games: bool = True) -> Sheet:
    """The sheet's grid for the exports: dealer (three players: the roles), upcard, limit, knocker, result,
    winner, points, each player's running total (and, for Hollywood with ``games``, each game's columns),
    then the foot rows (``foot_rows``). None is an empty cell."""
    players = view.players
    roles = role_names(view.three_player)  # the box deals every hand
    games = games and view.hollywood
    numbers = game_numbers(view) if games else ()
    upcards = any(hand.upcard for hand in view.hands)  # none where the rules need none: no column
    headers = ["hand", *roles, *(["upcard"] if upcards else []), "limit", "knocker", "result", "winner",
               "points", *players, *(name for _game in numbers for name in players)]
    noted = {number for number, _note in sheet_notes(view)}
    rows: List[Row] = []
    for line in sheet_lines(view.hands, noted):
        hand = line.hand
        rows.append([line.label, *(hand.role(role) for role in roles), *([hand.upcard] if upcards else []),
                     hand.limit, hand.knocker, line.result, hand.winner, hand.points,
                     *(hand.totals[name] for name in players),
                     *(None if column is None else column[name] for column in _game_columns(hand, len(numbers))
                       for name in players)])
    first = headers.index("points") + 1
    foot = foot_rows(players, first, _parts(view.tally, games), bonus_kinds(view))
    numeric = {0, headers.index("limit"), headers.index("points"), *range(first, len(headers))}
    groups = [("", first), (gettext("match"), len(players))] + \
        [(gettext("game %(game)d") % {"game": g}, len(players)) for g in numbers] if games else []
    card = headers.index("upcard") if upcards else None
    said = [heading_words(word) for word in headers[:first]] + headers[first:]  # the players' names as they are
    return Sheet(said, rows, foot, numeric, card, groups, first)


def game_sheet(view: MatchView, number: int) -> Tuple[List[str], List[Row], List[Row], Set[int]]:
    """Hollywood: one game's grid: a row for each hand that scored in it (the points each player gained
    and the running totals), then its total, bonuses and final score. ``(headers, rows, foot, numeric)``."""
    players = view.players
    game = (view.tally.games or ())[number - 1]
    headers = [gettext("hand"), *players, *(gettext("%(name)s total") % {"name": name} for name in players)]
    rows: List[Row] = []
    before: Scores = {name: 0 for name in players}
    for hand in view.hands:
        columns = hand.games or ()
        now = columns[number - 1] if len(columns) >= number else before
        gained = [now[name] - before[name] for name in players]
        if any(gained):
            rows.append([hand.number, *(g or None for g in gained), *(now[name] for name in players)])
        before = now
    final = game.final if game.finished else None
    kinds = [k for k in bonus_kinds(view) if any(k in (b or {}) for b in (game.bonuses or {}).values())]
    foot = foot_rows(players, len(players) + 1, [(game.totals, game.bonuses, final)], kinds)
    return headers, rows, foot, set(range(len(headers)))


def game_outcome(view: MatchView, number: int) -> str:
    """``game 1: Cid wins, target 100`` or ``game 3: open, target 100``; a game whose loser is paid on boxes
    says so: ``game 1: Cid wins the game; Ben is paid 5 on boxes, target 100``."""
    game = (view.tally.games or ())[number - 1]
    state = wins_words(game.winner) if game.winner else (gettext("a tie") if game.finished else gettext("open"))
    if game.finished:
        state = paid_words(game.final, game.winner, _plain_bonuses(game.bonuses)) or state
    target = view.tally.target
    said = {"game": number, "state": state, "target": target}
    return (gettext("game %(game)d: %(state)s, target %(target)s") if target else
            gettext("game %(game)d: %(state)s")) % said


def _plain_bonuses(bonuses: Optional[Bonuses]) -> Optional[Dict[str, Dict[str, int]]]:
    return None if bonuses is None else {name: dict(won) for name, won in bonuses.items()}


def outcome_line(view: MatchView) -> str:
    """``Ann wins: Ann 112, Ben 45`` (final scores) once over (``Ann wins the game; Ben is paid 95 on boxes
    (Ann 220, Ben 315)`` when box bonuses lift the loser's final above the winner's); else ``playing: Ann 40,
    Ben 22; next dealer Ann`` (running totals)."""
    tally = view.tally
    now = standing(view)
    scores = ", ".join(f"{name} {now[name]}" for name in view.players)
    paid = (paid_words(tally.final, tally.winner, _plain_bonuses(tally.bonuses))
            if tally.finished and not tally.hollywood else None)  # several games: each game says it
    said = {"paid": paid, "scores": scores, "name": tally.winner, "dealer": tally.next_dealer}
    if paid is not None:
        return f"{paid} ({scores})"  # who is paid, then the scores it comes from
    if tally.finished:
        return (gettext("%(name)s wins: %(scores)s") if tally.winner else gettext("over, a tie: %(scores)s")) % said
    return (gettext("playing: %(scores)s; next dealer %(dealer)s") if tally.next_dealer else
            gettext("playing: %(scores)s")) % said


def sheet_notes(view: MatchView) -> List[Tuple[int, str]]:
    """``(hand number, note)`` for each hand the sheet marks with ``*``: irregularities, hands dead by
    themselves, hands that stand as played after an amend, hands played after the end; worded as the
    tally words them (``gin_ref.views.words.hand_notes``)."""
    return hand_notes(view.tally, view.house.dead_hand_stock)


def notes(view: MatchView, marked: bool = False) -> List[str]:
    """The notes under a match's sheet, in words: the ``*`` notes (``marked``: each with its ``*``, as the
    ruled ones carry their ``^``), then each ruled hand (``^``)."""
    ruled = [RULED + " " + gettext("hand %(hand)d: %(ruling)s") % {"hand": hand.number,
                                                                   "ruling": ruling_words(hand.ruling, dated=True)}
             for hand in view.tally.hands if hand.ruling is not None]
    return house_rule_notes(view.house) + [f"* {note}" if marked else note for _number, note in sheet_notes(view)] \
        + ruled


def not_started(view: MatchView) -> Optional[str]:
    """What the sheet says instead of an empty grid: ``not started...`` (no deal yet) or ``no hand settled
    yet...`` (the first deal is in play); None once a hand is settled."""
    if view.hands:
        return None
    if view.tally.result_only is not None:
        return result_only_words(view.tally.result_only.hands_won)
    if view.tally.hands:
        return gettext("no hand settled yet: hand 1 is in play")
    return gettext("not started: no hand played yet")

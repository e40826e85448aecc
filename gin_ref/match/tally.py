"""The tally of a match as typed data: frozen values the views read (``Tally``, ``HandTally``...; the
``tally --json`` object they give is ``gin_ref.views.tally_text``'s). Reads a
``gin_ref.match.model.Match``; decides nothing and changes nothing.
"""

from typing import TYPE_CHECKING, Mapping, NamedTuple, Optional, Tuple

from gin_ref.core import game
from gin_ref.match.irregularities import Irregularity
from gin_ref.match.rulings import Ruling
from gin_ref.match.state import MatchState, Note

if TYPE_CHECKING:  # the model holds the tally's input; imported for the types only (no cycle at run time)
    from gin_ref.match.model import Match

__all__ = ["GameTally", "HandTally", "Irregularity", "KnockTally", "ResultOnly", "Ruling", "Tally", "Turn",
           "knock_tally", "tally_of"]

Scores = Mapping[str, int]
Bonuses = Mapping[str, Mapping[str, int]]


class GameTally(NamedTuple):
    """One game of a match of several (Hollywood, or one after another): its columns, whether it is won,
    its bonuses and final score once won."""

    number: int
    totals: Scores
    finished: bool
    winner: Optional[str]
    bonuses: Optional[Bonuses]
    final: Optional[Scores]


class HandTally(NamedTuple):  # a tuple, small as slots: a long record holds 100,000 of them
    """One hand of the tally: who dealt (three players: the roles), the upcard and limit, its result (None
    while open), knocker, winner, points, the running totals after it (and each game's columns), both sides'
    deadwood when settled by a knock, whether it was played after the end, its irregularities and ruling,
    and how many turns it holds (recorded turn by turn; not in ``tally --json``)."""

    number: int
    dealer: str
    upcard: Optional[str]
    limit: int
    result: Optional[str]
    knocker: Optional[str]
    winner: Optional[str]
    points: Optional[int]
    totals: Scores
    roles: Optional[game.Roles] = None  # three players: box, captain, sitter
    games: Optional[Tuple[Scores, ...]] = None
    knocker_deadwood: Optional[int] = None
    defender_deadwood: Optional[int] = None
    after_end: bool = False
    irregularities: Tuple[Irregularity, ...] = ()
    ruling: Optional[Ruling] = None
    turns: int = 0

    @property
    def settled(self) -> bool:
        """Is the hand over with its score: by its result, or by the ruling that dealt it (an award or a void
        of a hand a table entered and rejected: never played, no result)?"""
        return self.result is not None or (self.ruling is not None and self.ruling.dealt and self.points is not None)

    @property
    def dead_by_itself(self) -> bool:
        """Did the hand end dead by itself (recorded turn by turn, a discard left the stock at its last
        cards)?"""
        return self.result == "dead" and self.turns > 0

    def role(self, name: str) -> Optional[str]:
        """The player in ``name``: ``dealer``, or (three players) ``box``, ``captain``, ``sitter``."""
        if name == "dealer":
            return self.dealer
        roles = self.roles
        if roles is None:
            return None
        return roles.box if name == "box" else roles.captain if name == "captain" else \
            roles.sitter if name == "sitter" else None


class ResultOnly(NamedTuple):
    """A match recorded by its result only: the scores given (bonuses in), the hands won if given."""

    scores: Scores
    hands_won: Optional[Scores]


class Turn(NamedTuple):
    """Whose turn it is in the open hand, and the phase (``option``, ``draw``, ``discard``)."""

    player: str
    phase: str


class Tally(NamedTuple):
    """The tally of a match: every hand, the totals, who deals next, the end (winner, final scores with
    bonuses); for an open hand whose turn it is, the turn, the top of the discard pile and the stock count;
    the match's own irregularities (deals refused); the hands that stand as played after an amend."""

    players: Tuple[str, ...]
    rules: str = ""
    hands: Tuple[HandTally, ...] = ()
    totals: Scores = {}  # a default shared by every Tally made without totals: a Mapping, never changed
    next_dealer: Optional[str] = None
    finished: bool = False
    winner: Optional[str] = None
    final: Optional[Scores] = None
    bonuses: Optional[Bonuses] = None
    target: Optional[int] = None
    open_hand: Optional[int] = None
    result_only: Optional[ResultOnly] = None
    games: Optional[Tuple[GameTally, ...]] = None
    three: bool = False  # three players ("in the box")
    roles: Optional[Mapping[str, str]] = None  # three players, between hands: the next hand's roles
    turn: Optional[Turn] = None
    discard_top: Optional[str] = None
    stock_count: Optional[int] = None
    irregularities: Tuple[Irregularity, ...] = ()
    notes: Tuple[Note, ...] = ()

    @property
    def hollywood(self) -> bool:
        """Several games (Hollywood, or games one after another)."""
        return self.games is not None

    def standing(self) -> Scores:
        """The score as a person reads it: the final score (bonuses in) once over, else the running totals."""
        return (self.final if self.finished else None) or self.totals or {}


def tally_of(match: "Match") -> Tally:
    """The Tally of a Match (``gin_ref.views.tally_text.tally_data`` gives it as the ``tally --json`` object)."""
    state = match.state
    bonuses, final, winner = state.result()
    between = state.finished or state.open is not None
    table = match.open_table()  # the open hand's: whose turn and what phase, the pile's top, the stock
    turn = None if table is None or table.phase == "over" else Turn(table.player, table.phase)
    games = None
    if state.games is not None:
        games = tuple(GameTally(**item) for item in game.games_data(state.rules, state.games))  # type: ignore[arg-type]
    return Tally(
        players=tuple(state.players), rules=state.rules.name,
        hands=tuple(_hand(state, index) for index in range(len(state.played))),
        totals=dict(state.totals), next_dealer=None if between else state.dealer, finished=state.finished,
        winner=winner, final=final, bonuses=bonuses, target=state.rules.target,
        open_hand=None if state.open is None else state.open + 1,
        result_only=None if state.paper is None else ResultOnly(dict(state.paper.scores), state.paper.hands_won),
        games=games, three=state.roles is not None,
        roles=None if state.roles is None or between else state.roles.data(),
        turn=turn, discard_top=table.discard_top.code if table is not None and table.discard_top else None,
        stock_count=None if table is None else table.stock,
        irregularities=tuple(state.match_irregularities),
        notes=tuple(state.notes))


def hand_tally(match: "Match", number: int) -> HandTally:
    """The HandTally of hand ``number`` of a Match (as ``tally_of`` gives it)."""
    return _hand(match.state, number - 1)


def _hand(state: MatchState, index: int) -> HandTally:
    """Hand ``index`` as the replay left it: its setup (``state.setups``) and what it holds (``state.played``)."""
    setup, played = state.setups[index], state.played[index]
    ruling = state.rulings[index] if index in state.rulings else None
    # settled: by its result, or by a ruling that dealt it (an award or a void of a hand never played)
    settled = played.result is not None or (ruling is not None and ruling.dealt and played.points is not None)
    games: Optional[Tuple[Scores, ...]] = None
    if state.games is not None:
        columns = played.games if settled and played.games is not None else [g.totals for g in state.games]
        games = tuple(dict(game_columns) for game_columns in columns)
    knock = state.settlements[index] if index in state.settlements else None
    return HandTally(
        number=setup.number, dealer=setup.dealer, upcard=played.upcard,
        limit=setup.limit if setup.limit is not None else 0,
        result=played.result, knocker=played.knocker, winner=played.winner,
        points=played.points if settled else None,
        # the totals the replay worked out (a fresh mapping per hand, never changed): not copied
        totals=played.totals if played.totals is not None else dict(state.totals),
        roles=setup.roles if state.three else None, games=games,
        knocker_deadwood=knock.knocker_deadwood if knock is not None else None,
        defender_deadwood=knock.defender_deadwood if knock is not None else None,
        after_end=index in state.after_end,  # an amend ended the match earlier: played after the end
        irregularities=tuple(state.irregularities[index]) if index in state.irregularities else (),
        ruling=ruling,  # the hand's winner and points are the ruling's
        turns=played.turns)


class KnockTally(NamedTuple):
    """A hand settled by a knock, as the views put it into words after the knock or an amend
    (``knock_tally``): who knocked against whom, the upcard (as written; None without one), whether the
    knocker counted for big gin, whether the defender gave his count (a knock by count) and, where the hand
    scored in games (Hollywood), each game's columns before and after it."""

    number: int
    knocker: str
    defender: str
    upcard: Optional[str]
    big_gin: bool
    defender_counted: bool
    games: Optional[Tuple[Tuple[Scores, ...], Tuple[Scores, ...]]] = None  # (before, after)


def knock_tally(match: "Match", number: int) -> KnockTally:
    """The KnockTally of hand ``number`` of a Match, settled by a knock."""
    played = match.state.played[number - 1]
    return KnockTally(number, str(played.knocker), str(played.defender), played.upcard or None, played.big_gin,
                      played.defender_counted, _games_around(match, number))


def _games_around(match: "Match", number: int) -> Optional[Tuple[Tuple[Scores, ...], Tuple[Scores, ...]]]:
    """Each game's columns before hand ``number`` (the last hand before it that holds them; none: all 0) and
    after it; None when the hand holds none."""
    played = match.state.played
    after = played[number - 1].games
    if after is None:
        return None
    before = next((hand.games for hand in reversed(played[:number - 1]) if hand.games is not None),
                  [dict.fromkeys(match.players, 0) for _ in after])
    return tuple(before), tuple(after)

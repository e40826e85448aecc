"""Where a match stands, as a replay of its record leaves it (``gin_ref.match.replay`` builds it).

``MatchState`` holds the running totals, the hands won, the Hollywood games, who deals next (or the
roles) and why, the end, the open hand and its table. The functions below move it on as the replay goes:
``score`` enters points, ``close_hand`` passes the deal (or the roles) on and sees whether the match ended.
"""


from typing import Dict, List, NamedTuple, Optional, Set, TYPE_CHECKING, Tuple, Union

from gin_ref.core import game
from gin_ref.core.cards import Card
from gin_ref.core.rules import HouseRules
from gin_ref.core.message import Message
from gin_ref.core.turns import Table
from gin_ref.match.header import Header
from gin_ref.match.irregularities import Irregularity
from gin_ref.match.knocks import Settlement
from gin_ref.match.resultonly import PaperResult

if TYPE_CHECKING:  # the rulings read a state: the state holds them, for the types only (no cycle at run time)
    from gin_ref.match.handread import Worked
    from gin_ref.match.rulings import Ruling

Bonuses = Dict[str, Dict[str, int]]


class HandSetup(NamedTuple):
    """Who plays a hand and under what limit: its dealer (the box, with three), the roles, the two players
    (dealer first, then the non-dealer or the captain), the upcard and the knock limit (None when they
    cannot be read)."""

    index: int  # type: ignore[assignment]  # the hand's index: a field, in place of tuple's index()
    dealer: str
    roles: Optional[game.Roles]
    pair: Tuple[str, str]
    upcard: Optional[Card]
    limit: Optional[int]


    @property
    def number(self) -> int:
        return self.index + 1

    def other(self, name: str) -> str:
        return self.pair[1] if name == self.pair[0] else self.pair[0]


class Played:
    """What a hand holds once the replay has read and judged it, typed (what the tally shows): its upcard's
    code as written (``9h`` if a hand edit wrote it so; None: none given), its result (None: open), the
    knocker and the defender, the winner, the points, the running totals after it and each game's columns
    (None: the hand holds none), how many turns it holds, and, settled by a knock, whether the knocker
    counted for big gin and whether the defender gave his count. A settling replay's values are the ones it
    worked out (and wrote), a checking replay's the ones it checked the claims against.

    A plain class with slots, never changed once made (as ``MatchState``, not a NamedTuple: a NamedTuple
    compiles its code when its module is imported, a cost every command would pay at start, issue 28)."""

    __slots__ = ("upcard", "result", "knocker", "defender", "winner", "points", "totals", "games", "turns", "big_gin",
                 "defender_counted")

    def __init__(self, upcard: Optional[str] = None, result: Optional[str] = None, knocker: Optional[str] = None,
                 defender: Optional[str] = None, winner: Optional[str] = None, points: Optional[int] = None,
                 totals: Optional[Dict[str, int]] = None, games: Optional[List[Dict[str, int]]] = None,
                 turns: int = 0, big_gin: bool = False, defender_counted: bool = False) -> None:
        self.upcard, self.result, self.knocker, self.defender = upcard, result, knocker, defender
        self.winner, self.points, self.totals, self.games = winner, points, totals, games
        self.turns, self.big_gin, self.defender_counted = turns, big_gin, defender_counted

    def _values(self) -> Tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(other) is Played and self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # holds mappings (the totals): no hash

    def __repr__(self) -> str:
        return f"Played({', '.join(f'{name}={getattr(self, name)!r}' for name in self.__slots__)})"


class Note(NamedTuple):
    """A hand that stands as played though an amend or a ruling of an earlier hand changed what came after
    it: dealt by another dealer (``kind`` "dealer") or with other roles ("roles") than the results now give
    (``by``: "amend", or "ruling" where no amend reached the hand)."""

    hand: int
    kind: str
    played: str  # the dealer, or the roles (box, captain, sitter), as played
    rotation: str  # what the results now give
    by: str = "amend"


class MatchState:
    """A match as its record stands: see the module docstring.

    A plain class with slots, not a dataclass: a dataclass writes and compiles its methods when its module
    is imported, a cost every command paid at start (issue 28). The fields, their order and defaults are
    the ones ``__init__`` takes; ``==`` compares them all."""

    __slots__ = ("header", "totals", "boxes", "games", "dealer", "roles", "why", "finished", "winner", "ended_in",
                 "open", "current", "table", "table_ok", "match_next", "forfeit", "as_played", "ruled_only",
                 "notes", "after_end", "settlements", "paper", "irregularities", "match_irregularities", "rulings",
                 "setups", "played", "worked")

    header: Header
    totals: Dict[str, int]  # over every game
    boxes: Dict[str, int]  # the boxes won (a hand won is one box, more under gin_boxes...)
    games: Optional[List[game.Game]]  # Hollywood: its games; games one after another: those begun
    dealer: str  # who deals the next hand (three players: the box)
    roles: Optional[game.Roles]  # three players: the roles of the next hand
    why: "Union[str, Message]"  # why that dealer (or those roles): a message from the header
    finished: bool
    winner: Optional[str]
    ended_in: Optional[int]  # the number of the hand that ended the match
    open: Optional[int]  # the index of the open hand
    current: Optional[HandSetup]  # the last hand dealt
    table: Optional[Table]  # the table of the last hand dealt, when it is played turn by turn
    table_ok: bool  # False once a turn of that hand failed to replay: later checks are left out
    match_next: int  # how many of the match's own irregularities the replay has passed
    forfeit: Optional[str]  # the player whose forfeit (a ruling) ended the match
    as_played: Set[int]  # numbers of hands that stand as played (after an amend)
    ruled_only: Set[int]  # of those, the ones a ruling reached and no amend
    notes: List[Note]
    after_end: Set[int]  # indexes of hands played after the end: not counted
    settlements: Dict[int, Settlement]  # index -> its knock settled
    paper: Optional[PaperResult]  # a match recorded by its result only (gin_ref.match.resultonly)
    # the irregularities as the replay read them (gin_ref.match.irregularities): a hand's by its index, and
    # the match's own (deals refused)
    irregularities: Dict[int, List[Irregularity]]
    match_irregularities: List[Irregularity]
    rulings: "Dict[int, Ruling]"  # each ruled hand's ruling, by its index
    setups: List[HandSetup]  # each hand's setup as replayed (its dealer, roles, upcard and limit), by its index
    played: List[Played]  # what each hand holds as replayed (its result, winner, points, totals...), by its index
    # what a replay that settles worked out for each hand it settled, by its index, for the model to put into
    # new hands (never compared, never copied: a replay's own)
    worked: "Dict[int, Worked]"

    def __init__(self, header: Header, totals: Dict[str, int], boxes: Dict[str, int],
                 games: Optional[List[game.Game]], dealer: str, roles: Optional[game.Roles], why: "Union[str, Message]",
                 finished: bool = False, winner: Optional[str] = None, ended_in: Optional[int] = None,
                 open: Optional[int] = None, current: Optional[HandSetup] = None, table: Optional[Table] = None,
                 table_ok: bool = True, match_next: int = 0, forfeit: Optional[str] = None,
                 as_played: Optional[Set[int]] = None, ruled_only: Optional[Set[int]] = None,
                 notes: Optional[List[Note]] = None, after_end: Optional[Set[int]] = None,
                 settlements: Optional[Dict[int, Settlement]] = None, paper: Optional[PaperResult] = None,
                 irregularities: Optional[Dict[int, List[Irregularity]]] = None,
                 match_irregularities: Optional[List[Irregularity]] = None,
                 rulings: "Optional[Dict[int, Ruling]]" = None, setups: Optional[List[HandSetup]] = None,
                 played: Optional[List[Played]] = None) -> None:
        self.header, self.totals, self.boxes, self.games = header, totals, boxes, games
        self.dealer, self.roles, self.why = dealer, roles, why
        self.finished, self.winner, self.ended_in, self.open = finished, winner, ended_in, open
        self.current, self.table, self.table_ok = current, table, table_ok
        self.match_next, self.forfeit = match_next, forfeit
        self.as_played = set() if as_played is None else as_played
        self.ruled_only = set() if ruled_only is None else ruled_only
        self.notes = [] if notes is None else notes
        self.after_end = set() if after_end is None else after_end
        self.settlements = {} if settlements is None else settlements
        self.paper = paper
        self.irregularities = {} if irregularities is None else irregularities
        self.match_irregularities = [] if match_irregularities is None else match_irregularities
        self.rulings = {} if rulings is None else rulings
        self.setups = [] if setups is None else setups
        self.played = [] if played is None else played
        self.worked = {}

    def _values(self) -> Tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__[:-1])  # (not what a replay worked out)

    def __eq__(self, other: object) -> bool:
        return type(other) is MatchState and self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # mutable: no hash, as a dataclass that is not frozen

    def __repr__(self) -> str:
        return f"MatchState({', '.join(f'{name}={getattr(self, name)!r}' for name in self.__slots__)})"

    @property
    def players(self) -> List[str]:
        return self.header.players

    @property
    def rules(self) -> HouseRules:
        return self.header.rules

    @property
    def three(self) -> bool:
        return len(self.header.players) == 3

    @property
    def hollywood(self) -> bool:
        return self.header.rules.scoring == "hollywood"

    @property
    def series(self) -> bool:
        """Games played one after another (``games`` above 1, standard scoring)?"""
        return self.games is not None and not self.hollywood

    def copy(self) -> "MatchState":
        """An independent copy (the replay of a later step starts from it)."""
        return MatchState(self.header, dict(self.totals), dict(self.boxes), _copied(self.games), self.dealer,
                          self.roles, self.why, self.finished, self.winner, self.ended_in, self.open, self.current,
                          None, self.table_ok, self.match_next, self.forfeit, self.as_played, self.ruled_only,
                          list(self.notes), set(self.after_end), dict(self.settlements), self.paper,
                          dict(self.irregularities), list(self.match_irregularities), dict(self.rulings),
                          list(self.setups), list(self.played))

    def result(self) -> Tuple[Bonuses, Optional[Dict[str, int]], Optional[str]]:
        """``(bonuses, final, winner)``: each player's end-of-game bonuses, his final score, the winner.
        While the match is being played: empty bonuses, final None, winner None."""
        if not self.finished:
            return {name: {} for name in self.players}, None, None
        if self.paper is not None:  # a result-only match: the scores given, bonuses in (not known apart)
            return {name: {} for name in self.players}, dict(self.paper.scores), self.paper.winner
        if self.forfeit is not None:  # final scores as they stand: no end-of-game bonuses
            return {name: {} for name in self.players}, dict(self.totals), self.winner
        if self.series:
            assert self.games is not None
            bonuses, final = game.games_final(self.rules, self.games, self.players)
            return bonuses, final, self.winner
        if self.games is not None:
            return game.hollywood_result(self.rules, self.games, self.players)
        assert self.winner is not None
        bonuses = game.game_bonuses(self.rules, self.totals, self.boxes, self.winner)
        return bonuses, game.final_scores(self.totals, bonuses), self.winner


def _copied(games: Optional[List[game.Game]]) -> Optional[List[game.Game]]:
    """Each game copied (a copy of the state changes its own), by the game's own copy: the copy module (as
    ``deepcopy``) would cost every command 1.7 M instructions at its start to load."""
    return None if games is None else [each.copy() for each in games]


def fresh_state(header: Header) -> MatchState:
    """The state before the first hand."""
    players, rules = header.players, header.rules
    if rules.scoring == "hollywood":
        games: Optional[List[game.Game]] = game.new_games(players, rules.game_count)
    else:
        games = game.new_games(players, 1) if rules.game_count > 1 else None
    return MatchState(header, dict.fromkeys(players, 0), dict.fromkeys(players, 0), games, header.dealer,
                      header.roles, header.why)


def score(state: MatchState, name: str, points: int, hand_won: bool = True, boxes: int = 1) -> None:
    """Enter ``points`` for ``name`` (a hand won, worth ``boxes`` boxes; or a penalty: ``hand_won`` False).
    Games played one after another: into the game being played."""
    boxes = boxes if hand_won else 0
    if state.series:
        assert state.games is not None
        current = state.games[-1]
        current.totals[name] += points
        current.boxes[name] += boxes
        state.totals[name] += points
    elif state.games is not None:
        game.enter_score(state.games, name, points, state.rules.target, boxes)
        state.totals = {p: sum(g.totals[p] for g in state.games) for p in state.players}
    else:
        state.totals[name] += points
    state.boxes[name] += boxes


def decide_end(state: MatchState, number: int, winner: Optional[str]) -> None:
    """After hand ``number`` (won by ``winner``, or None): is a game won, and the match over?"""
    if state.series:
        assert state.games is not None
        current = state.games[-1]
        leader = game.game_winner(current.totals, state.rules.target, winner)
        if leader is None:
            return
        current.winner = leader
        if game.match_over(state.rules, state.games, state.players):
            state.finished, state.ended_in = True, number
            state.winner = game.match_winner(state.games, state.players)
        else:
            state.games.append(game.Game(current.number + 1, state.players))
        return
    if state.games is not None:
        if all(g.finished for g in state.games):
            state.finished, state.ended_in = True, number
            state.winner = game.hollywood_result(state.rules, state.games, state.players)[2]
        return
    leader = game.game_winner(state.totals, state.rules.target, winner)
    if leader is not None:
        state.finished, state.ended_in, state.winner = True, number, leader


def close_hand(state: MatchState, setup: HandSetup, winner: Optional[str], tie: bool = False) -> None:
    """A hand is over (won by ``winner``; or dead, or a tie scored 0-0 (``tie``): None): the next dealer
    or roles, and the end (a hand played after the end changes nothing)."""
    number = setup.number
    state.open = None
    if setup.index in state.after_end:
        return
    if setup.roles is not None:
        state.why = game.roles_reason(setup.roles, winner, number, tie)
        state.roles = game.next_roles(setup.roles, winner)
        state.dealer = game.box_dealer(state.roles, state.rules.next_dealer)
    else:
        state.why = game.dealer_reason(state.rules.next_dealer, number, winner, tie)
        state.dealer = game.next_dealer(state.rules.next_dealer, setup.dealer, winner, state.players, tie)
    decide_end(state, number, winner)

"""An event's standings: match points and tie-breaks, from each table's result (pure).

Match points: a win 1, a bye 1, a loss 0, a match with no winner (a Hollywood session tied on the final
scores) ½ each. They are counted here in half points (``halves``) so that every sum is exact.

- ``played``: matches finished (a bye is not a match); ``byes``: byes had (a bye counts from the moment
  its round is paired); ``diff``: the sum over finished matches of his final score (bonuses in) less his
  opponent's.
- Round robin: equal match points are broken by head to head (the match points won in the matches among
  the players so tied), then by points difference, then by seed.
- Swiss: by Buchholz (the sum of the match points of the opponents actually met in finished matches, at
  their current total; a bye adds nothing), then points difference, then seed.

The seed (the order of the players at ``event new``) breaks every remaining tie, so ranks are 1 to n.
"""

from collections import Counter
from typing import Dict, FrozenSet, Iterable, List, Mapping, NamedTuple, Optional, Protocol, Sequence, Set, Tuple

from gin_ref.match.tally import Tally

WIN, TIE, BYE = 2, 1, 2  # match points, in halves


class Result(NamedTuple):
    """One table's match as its file reports it: ``finished``, ``winner`` (None on a tie or while playing),
    ``final`` (each player's final score, bonuses in; None while playing), and ``problem`` (why the file
    could not be read, counted as not finished)."""

    finished: bool
    winner: Optional[str]
    final: Optional[Dict[str, int]]
    problem: Optional[str] = None

    @classmethod
    def unplayed(cls, problem: Optional[str] = None) -> "Result":
        return cls(False, None, None, problem)

    @classmethod
    def of_tally(cls, tally: Tally) -> "Result":
        """The Result of a match from its tally."""
        if not tally.finished:
            return cls.unplayed()
        return cls(True, tally.winner, dict(tally.final or {}))


class Results(Dict[str, Result]):
    """Each table's Result by its match file name; a file with none (not read yet, not there) is unplayed."""

    def __missing__(self, file: str) -> Result:
        return Result.unplayed()


class Seated(Protocol):
    """A table of a round paired (``gin_ref.club.event.Table``): its players and its match file."""

    @property
    def players(self) -> Sequence[str]: ...

    @property
    def file(self) -> str: ...


class Paired(Protocol):
    """A round paired (``gin_ref.club.event.Round``): its tables and its bye (None: none)."""

    @property
    def tables(self) -> Sequence[Seated]: ...

    @property
    def bye(self) -> Optional[str]: ...


class Standing(NamedTuple):
    rank: int
    player: str
    halves: int  # match points, in halves
    played: int
    byes: int
    buchholz: Optional[int]  # in halves; None in a round robin
    diff: int

    @property
    def match_points(self) -> float:
        return self.halves / 2


def played_pairs(rounds: Iterable[Paired]) -> Set[FrozenSet[str]]:
    """Every pair seated together in the rounds paired."""
    return {frozenset(table.players) for rnd in rounds for table in rnd.tables}


class _Counts:
    """What the rounds paired give each player: match points (in halves), matches played, byes, points
    difference, the opponents met, and the halves won against each opponent (head to head)."""

    def __init__(self, players: Sequence[str]) -> None:
        self.halves = dict.fromkeys(players, 0)
        self.played, self.byes, self.diff = dict.fromkeys(players, 0), dict.fromkeys(players, 0), dict.fromkeys(players, 0)
        self.opponents: Dict[str, List[str]] = {name: [] for name in players}
        self.head: Counter[Tuple[str, str]] = Counter()  # (player, opponent) -> halves the player won against him

    def add_round(self, rnd: Paired, results: Results) -> None:
        if rnd.bye is not None:
            self.halves[rnd.bye] += BYE
            self.byes[rnd.bye] += 1
        for table in rnd.tables:
            result = results[table.file]
            if result.finished:
                first, second = table.players
                self.add_match(first, second, result)
                self.add_match(second, first, result)

    def add_match(self, name: str, other: str, result: Result) -> None:
        self.played[name] += 1
        self.opponents[name].append(other)
        won = TIE if result.winner is None else WIN if result.winner == name else 0
        self.halves[name] += won
        self.head[name, other] += won
        final = Counter(result.final)  # a finished match's final scores (none given: 0 each)
        self.diff[name] += final[name] - final[other]


def event_standings(system: str, players: Sequence[str], rounds: Iterable[Paired],
                    results: Mapping[str, Result]) -> List[Standing]:
    """Every player's Standing, in rank order (see the module's doc); ``results`` by match file name."""
    seed = {name: i for i, name in enumerate(players)}
    counts = _Counts(players)
    known = Results(results)
    for rnd in rounds:
        counts.add_round(rnd, known)
    halves, diff = counts.halves, counts.diff
    buchholz: Optional[Dict[str, int]] = None
    if system == "swiss":
        points = {name: sum(halves[other] for other in counts.opponents[name]) for name in players}
        order = sorted(players, key=lambda n: (-halves[n], -points[n], -diff[n], seed[n]))
        buchholz = points
    else:
        order = _round_robin_order(players, counts, seed)
    return [Standing(rank, name, halves[name], counts.played[name], counts.byes[name],
                     None if buchholz is None else buchholz[name], diff[name])
            for rank, name in enumerate(order, 1)]


def _round_robin_order(players: Sequence[str], counts: _Counts, seed: Dict[str, int]) -> List[str]:
    """The players in rank order in a round robin: match points, then head to head among the players so
    tied, then points difference, then seed."""
    halves, diff = counts.halves, counts.diff
    order: List[str] = []
    by_points = sorted(players, key=lambda n: (-halves[n], seed[n]))
    for points in sorted(set(halves.values()), reverse=True):
        group = [name for name in by_points if halves[name] == points]
        mutual = {name: sum(counts.head[name, other] for other in group) for name in group}
        order += sorted(group, key=lambda n: (-mutual[n], -diff[n], seed[n]))
    return order

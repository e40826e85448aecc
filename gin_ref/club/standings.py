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

from typing import Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Set

WIN, TIE, BYE = 2, 1, 2  # match points, in halves


class Result(NamedTuple):
    """One table's match as its file reports it: ``finished``, ``winner`` (None on a tie or while playing),
    ``final`` (each player's final score, bonuses in; None while playing), and ``problem`` (why the file
    could not be read, counted as not finished)."""

    finished: bool
    winner: Optional[str]
    final: Optional[dict]
    problem: Optional[str] = None

    @classmethod
    def unplayed(cls, problem: Optional[str] = None) -> "Result":
        return cls(False, None, None, problem)

    @classmethod
    def of_tally(cls, tally):
        """The Result of a match from its ``tally --json`` object."""
        if not tally.get("finished"):
            return cls.unplayed()
        return cls(True, tally.get("winner"), dict(tally.get("final") or {}))


class Standing(NamedTuple):
    rank: int
    player: str
    halves: int  # match points, in halves
    played: int
    byes: int
    buchholz: Optional[int]  # in halves; None in a round robin
    diff: int

    @property
    def match_points(self):
        return self.halves / 2


def played_pairs(rounds) -> Set[FrozenSet[str]]:
    """Every pair seated together in the rounds paired."""
    return {frozenset(table.players) for rnd in rounds for table in rnd.tables}


def event_standings(system: str, players: Sequence[str], rounds, results: Dict[str, Result]) -> List[Standing]:
    """Every player's Standing, in rank order (see the module's doc)."""
    seed = {name: i for i, name in enumerate(players)}
    halves = dict.fromkeys(players, 0)
    played, byes, diff = dict.fromkeys(players, 0), dict.fromkeys(players, 0), dict.fromkeys(players, 0)
    opponents: Dict[str, List[str]] = {name: [] for name in players}
    head: Dict[tuple, int] = {}  # (player, opponent) -> halves the player won against him
    for rnd in rounds:
        if rnd.bye is not None:
            halves[rnd.bye] += BYE
            byes[rnd.bye] += 1
        for table in rnd.tables:
            result = results.get(table.file)
            if result is None or not result.finished:
                continue
            first, second = table.players
            for name, other in ((first, second), (second, first)):
                played[name] += 1
                opponents[name].append(other)
                won = TIE if result.winner is None else WIN if result.winner == name else 0
                halves[name] += won
                head[name, other] = head.get((name, other), 0) + won
                final = result.final or {}
                diff[name] += final.get(name, 0) - final.get(other, 0)
    if system == "swiss":
        buchholz = {name: sum(halves[other] for other in opponents[name]) for name in players}
        order = sorted(players, key=lambda n: (-halves[n], -buchholz[n], -diff[n], seed[n]))
    else:
        buchholz = None
        order = []
        by_points = sorted(players, key=lambda n: (-halves[n], seed[n]))
        for points in sorted(set(halves.values()), reverse=True):
            group = [name for name in by_points if halves[name] == points]
            mutual = {name: sum(head.get((name, other), 0) for other in group) for name in group}
            order += sorted(group, key=lambda n: (-mutual[n], -diff[n], seed[n]))
    return [Standing(rank, name, halves[name], played[name], byes[name],
                     None if buchholz is None else buchholz[name], diff[name])
            for rank, name in enumerate(order, 1)]

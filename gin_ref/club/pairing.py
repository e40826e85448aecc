"""Pairing one round of an event: round robin by the circle method, Swiss by score groups (pure; the same
input always gives the same tables, ties broken by seed, never at random).

Round robin (the circle method): the players sit in seed order, with an empty seat when their number is
odd (whoever faces it has the bye). The first seat stays; each round the others move one seat on. Seat i
plays seat n-1-i, table 1 being seats 0 and n-1. Every pair meets once in n-1 rounds (n seats).

Swiss: players are listed by match points (highest first), equal points by seed. The top player of the
list is paired within his score group, top half against bottom half by seed (in a group of 8 the first
plays the fifth); a group of odd size sends its last player down to the next group. When the ideal
opponent was already met, the next one in the bottom half is tried, then the top half, then the groups
below; a search with backtracking finds the pairing that repeats no pair, and only when none exists the
one with the fewest repeats. With an odd number of players the bye goes to the lowest-placed player who
has not had one (all have: the one with the fewest, lowest placed), unless that leaves the rest unpairable
without a repeat, in which case the next lowest-placed takes it.
"""

from typing import Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

Pairs = List[Tuple[str, str]]
SEARCH_LIMIT = 200_000  # steps of the Swiss search per attempt; past it the attempt counts as failed


def round_robin_rounds(count: int) -> int:
    """How many rounds a round robin of ``count`` players has: every pair once."""
    return count - 1 if count % 2 == 0 else count


def round_robin(players: Sequence[str], number: int) -> Tuple[Pairs, Optional[str]]:
    """The tables and the bye of round ``number`` (from 1) of the circle method over ``players`` (seed
    order)."""
    seats: List[Optional[str]] = list(players) + ([None] if len(players) % 2 else [])
    fixed, others = seats[0], seats[1:]
    shift = (number - 1) % len(others)
    if shift:
        others = others[-shift:] + others[:-shift]
    seats = [fixed] + others
    pairs: Pairs = []
    bye = None
    for i in range(len(seats) // 2):
        first, second = seats[i], seats[-1 - i]
        if first is None or second is None:
            bye = first if second is None else second
        else:
            pairs.append((first, second))
    return pairs, bye


class _TooLong(Exception):
    pass


def swiss(seeds: Sequence[str], points: Dict[str, int], met: Set[FrozenSet[str]], byes: Dict[str, int],
          placed: Sequence[str]) -> Tuple[Pairs, Optional[str]]:
    """The tables and the bye of the next Swiss round.

    ``seeds``: the players in seed order; ``points``: their match points (any unit: only order and
    equality count); ``met``: the pairs that have already played; ``byes``: how many byes each has had;
    ``placed``: the players in the order of the standings (for the bye: the lowest placed first).
    """
    seed = {name: i for i, name in enumerate(seeds)}
    order = sorted(seeds, key=lambda name: (-points[name], seed[name]))
    if len(order) % 2:
        rank = {name: i for i, name in enumerate(placed)}
        by_bye: List[str] = sorted(order, key=lambda name: (byes.get(name, 0), -rank[name]))
        candidates: List[Optional[str]] = list(by_bye)
    else:
        candidates = [None]
    for repeats in range(len(order) // 2 + 1):
        for bye in candidates:
            rest = [name for name in order if name != bye]
            pairs = _search(rest, points, met, repeats)
            if pairs is not None:
                return pairs, bye
    raise AssertionError("a pairing with repeats always exists")  # pragma: no cover


def _preferences(rest: List[str], points: Dict[str, int]) -> List[str]:
    """The opponents of ``rest[0]`` in the order they are tried."""
    top = points[rest[0]]
    size = next((i for i, name in enumerate(rest) if points[name] != top), len(rest))
    if size == 1:
        return rest[1:]
    body = size - size % 2  # an odd group's last player floats down
    half = body // 2
    ideal = rest[half:body] + rest[1:half][::-1]
    return ideal + rest[body:]


def _search(rest: List[str], points: Dict[str, int], met: Set[FrozenSet[str]], repeats: int) -> Optional[Pairs]:
    """Pairs for every player of ``rest`` with at most ``repeats`` pairs that have met, or None."""
    failed: Set[Tuple[Tuple[str, ...], int]] = set()
    steps = [0]

    def solve(players: List[str], left: int) -> Optional[Pairs]:
        if not players:
            return []
        key = (tuple(players), left)
        if key in failed:
            return None
        steps[0] += 1
        if steps[0] > SEARCH_LIMIT:
            raise _TooLong
        first = players[0]
        for other in _preferences(players, points):
            repeat = frozenset((first, other)) in met
            if repeat and not left:
                continue
            below = solve([name for name in players if name != first and name != other], left - repeat)
            if below is not None:
                return [(first, other)] + below
        failed.add(key)
        return None

    try:
        return solve(rest, repeats)
    except _TooLong:
        return None

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

The Swiss promise (``promised_swiss``): an event of R rounds (at most a round robin's) never repeats a pair
nor gives a second bye. Choosing round by round can paint itself into a corner (after n - 3 rounds the pairs
not yet played can hold an odd cycle, and then no rematch-free last rounds exist), so a round is paired only
if the pairs not yet played still hold a completion: the event's remaining rounds as disjoint perfect
matchings (``gin_ref.club.completion``; an odd field adds a phantom player whose partner has the bye). The
search keeps its last completion as a certificate, starting from the circle method's rounds (all of them:
the rounds beyond R are spares, so that a round can often keep the rest as it is). The
certificate is not stored: it is recomputed from the event's rounds, round by round, as the pairing made
it (a round that was a matching of the certificate leaves the rest; any other was accepted with the
completion found for it, and the same search, being deterministic, finds it again). Pairing a round:
the score-group pairings are tried in the order above, the first being today's pairing, and the first
that leaves a completion is the round; when none does within a step budget, the round is the
certificate's matching that best fits the score groups (the least difference of match points across its
tables, then the bye lowest placed), so the promise never depends on the budget. An event whose rounds
(paired before the promise, or by hand) leave no completion is paired with the fewest repeats, and says so.
"""

from collections import Counter
from typing import Callable, Dict, Mapping, FrozenSet, List, NamedTuple, Optional, Sequence, Set, Tuple

from gin_ref.core.message import Message, N_, Nn_
from gin_ref.club.completion import Graph, Matching, circle, complete, complete_graph, factor, fits, without

Pairs = List[Tuple[str, str]]
SEARCH_LIMIT = 200_000  # steps of the Swiss search per attempt; past it the attempt counts as failed
# the promise's budgets, in units of work (``completion.factor``; a pairing tried costs its players): about
# a second of this machine's time for the round's search, the same for the certificate's recomputation
PROMISE_WORK = 1_200_000  # the search for a round: the pairings tried and their completions
COMPLETION_WORK = 1_200_000  # the completions of an event's rounds, shared out equally among its rounds
FRESH_WORK = 600_000  # the search for a completion of an event whose certificate was lost


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


def swiss(seeds: Sequence[str], points: Dict[str, int], met: Set[FrozenSet[str]], byes: Mapping[str, int],
          placed: Sequence[str]) -> Tuple[Pairs, Optional[str]]:
    """The tables and the bye of the next Swiss round.

    ``seeds``: the players in seed order; ``points``: their match points (any unit: only order and
    equality count); ``met``: the pairs that have already played; ``byes``: how many byes each has had (none: 0);
    ``placed``: the players in the order of the standings (for the bye: the lowest placed first).
    """
    seed = {name: i for i, name in enumerate(seeds)}
    order = sorted(seeds, key=lambda name: (-points[name], seed[name]))
    if len(order) % 2:
        rank, had = {name: i for i, name in enumerate(placed)}, Counter(byes)
        by_bye: List[str] = sorted(order, key=lambda name: (had[name], -rank[name]))
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


# -- the Swiss promise -------------------------------------------------------------------------------------

class Paired(NamedTuple):
    """A Swiss round paired under the promise: its tables and bye; ``how``: ``search`` (a score-group
    pairing that leaves a completion; ``first`` tells whether it was the first tried, today's pairing),
    ``certificate`` (none did within the budget: the certificate's best-fitting round) or ``repeats``
    (the rounds paired leave no completion: the fewest repeats); ``note``: what to tell the director."""

    pairs: Pairs
    bye: Optional[str]
    how: str
    first: bool
    note: Optional[Message]


class Certificate(NamedTuple):
    """Where an event stands for the promise: the pairs not yet played (a graph over the seeds' numbers, the
    phantom last), the completion of its remaining rounds (None when there is none, or none was found),
    and whether None was proven (the search ran to its end)."""

    graph: Graph
    matchings: Optional[List[Matching]]
    proven: bool


def _matching(index: Dict[str, int], size: int, pairs: Sequence[Sequence[str]], bye: Optional[str]) -> Matching:
    mate = list(range(size))
    for first, second in pairs:
        mate[index[first]], mate[index[second]] = index[second], index[first]
    if bye is not None:
        mate[index[bye]], mate[size - 1] = size - 1, index[bye]
    return tuple(mate)


def certificate(seeds: Sequence[str], paired: Sequence[Tuple[Sequence[Sequence[str]], Optional[str]]],
                total: int) -> Certificate:
    """The certificate after the rounds ``paired`` (tables, bye) of an event of ``total`` rounds, recomputed
    as the pairing made it: the circle method's rounds to start; a round that is one of them leaves the
    rest; another, the completion searched for it (as it was when the round was paired). A round that
    repeats a pair, or that no completion follows (the event was paired otherwise: before the promise, or
    by hand), loses it; then one search looks for a completion of the rounds left, from the pairs not yet
    played after the last round (once: its time stays bounded however many rounds were paired so)."""
    index = {name: i for i, name in enumerate(seeds)}
    size = len(seeds) + len(seeds) % 2
    graph = complete_graph(size)
    cert: Optional[List[Matching]] = circle(size)  # all its rounds: the spares help
    proven = False
    for number, (pairs, bye) in enumerate(paired):
        left = total - number
        mate = _matching(index, size, pairs, bye)
        if cert is not None:
            if not fits(graph, mate):
                cert = None
            elif mate in cert:
                cert = [m for m in cert if m != mate]
            else:
                cert = complete(without(graph, [mate]), left - 1, cert, _completion_work(total)).matchings
        graph = without(graph, [mate])
    if cert is None:
        fresh = factor(graph, total - len(paired), circle(size), FRESH_WORK)
        cert, proven = fresh.matchings, fresh.exhausted
    return Certificate(graph, cert, proven)


def _completion_work(total: int) -> int:
    """The budget of one round's completion in an event of ``total`` rounds: recomputing the certificate
    runs the search once more for each round paired, so all of them together stay within COMPLETION_WORK."""
    return COMPLETION_WORK // total


def _no_way(proven: bool, left: int, odd: bool, number: int) -> Message:
    """The note of a Swiss round paired with repeats: the rounds paired leave no way to keep the promise."""
    if left == 1:
        return _no_way_last(proven, odd, number)
    if proven and odd:
        words = Nn_("the rounds paired so far leave no way to play the last %(count)d round with no pair meeting twice and "
                    "no second bye (they were paired before the Swiss kept that promise, or by hand): round "
                    "%(round)d is paired with the fewest repeats",
                    "the rounds paired so far leave no way to play the last %(count)d rounds with no pair meeting "
                    "twice and no second bye (they were paired before the Swiss kept that promise, or by hand): "
                    "round %(round)d is paired with the fewest repeats")
    elif proven:
        words = Nn_("the rounds paired so far leave no way to play the last %(count)d round with no pair meeting twice "
                    "(they were paired before the Swiss kept that promise, or by hand): round %(round)d is paired "
                    "with the fewest repeats",
                    "the rounds paired so far leave no way to play the last %(count)d rounds with no pair meeting "
                    "twice (they were paired before the Swiss kept that promise, or by hand): round %(round)d is "
                    "paired with the fewest repeats")
    elif odd:
        words = Nn_("the rounds paired so far leave no way that the search could find to play the last %(count)d round with "
                    "no pair meeting twice and no second bye (they were paired before the Swiss kept that promise, "
                    "or by hand): round %(round)d is paired with the fewest repeats",
                    "the rounds paired so far leave no way that the search could find to play the last %(count)d "
                    "rounds with no pair meeting twice and no second bye (they were paired before the Swiss kept "
                    "that promise, or by hand): round %(round)d is paired with the fewest repeats")
    else:
        words = Nn_("the rounds paired so far leave no way that the search could find to play the last %(count)d round with "
                    "no pair meeting twice (they were paired before the Swiss kept that promise, or by hand): "
                    "round %(round)d is paired with the fewest repeats",
                    "the rounds paired so far leave no way that the search could find to play the last %(count)d "
                    "rounds with no pair meeting twice (they were paired before the Swiss kept that promise, or by "
                    "hand): round %(round)d is paired with the fewest repeats")
    return Message(words, count=left, round=number)


def _no_way_last(proven: bool, odd: bool, number: int) -> Message:
    """``_no_way`` when one round is left to play."""
    if proven and odd:
        words = N_("the rounds paired so far leave no way to play the last round with no pair meeting twice and "
                   "no second bye (they were paired before the Swiss kept that promise, or by hand): round "
                   "%(round)d is paired with the fewest repeats")
    elif proven:
        words = N_("the rounds paired so far leave no way to play the last round with no pair meeting twice (they "
                   "were paired before the Swiss kept that promise, or by hand): round %(round)d is paired with "
                   "the fewest repeats")
    elif odd:
        words = N_("the rounds paired so far leave no way that the search could find to play the last round with "
                   "no pair meeting twice and no second bye (they were paired before the Swiss kept that promise, "
                   "or by hand): round %(round)d is paired with the fewest repeats")
    else:
        words = N_("the rounds paired so far leave no way that the search could find to play the last round with "
                   "no pair meeting twice (they were paired before the Swiss kept that promise, or by hand): "
                   "round %(round)d is paired with the fewest repeats")
    return Message(words, round=number)


def promised_swiss(seeds: Sequence[str], points: Dict[str, int],
                   paired: Sequence[Tuple[Sequence[Sequence[str]], Optional[str]]], total: int,
                   byes: Mapping[str, int], placed: Sequence[str]) -> Paired:
    """The next round of a Swiss of ``total`` rounds that has paired ``paired`` (tables, bye), keeping the
    promise (see the module's doc); the other arguments as ``swiss``'s."""
    left = total - len(paired)
    state = certificate(seeds, paired, total)
    met = {frozenset(pair) for pairs, _ in paired for pair in pairs}
    if state.matchings is None:
        pairs, bye = swiss(seeds, points, met, byes, placed)
        return Paired(pairs, bye, "repeats", False, _no_way(state.proven, left, bool(len(seeds) % 2), len(paired) + 1))
    index = {name: i for i, name in enumerate(seeds)}
    size = len(seeds) + len(seeds) % 2
    cert = state.matchings
    budget = [PROMISE_WORK]

    def leaves_completion(pairs: Pairs, bye: Optional[str]) -> bool:
        mate = _matching(index, size, pairs, bye)
        if mate in cert or left == 1:
            return True
        if budget[0] <= 0:
            raise _TooLong
        found = complete(without(state.graph, [mate]), left - 1, cert, _completion_work(total))
        budget[0] -= found.steps
        return found.matchings is not None

    seed = {name: i for i, name in enumerate(seeds)}
    order = sorted(seeds, key=lambda name: (-points[name], seed[name]))
    candidates: List[Optional[str]] = [None]
    if len(order) % 2:
        rank, had = {name: i for i, name in enumerate(placed)}, Counter(byes)
        phantom = state.graph[size - 1]
        candidates = [name for name in sorted(order, key=lambda name: (had[name], -rank[name]))
                      if phantom >> index[name] & 1]
    tried = [0]
    for bye in candidates:
        rest = [name for name in order if name != bye]

        def accept(pairs: Pairs, bye: Optional[str] = bye) -> bool:
            tried[0] += 1
            return leaves_completion(pairs, bye)

        try:
            found = _search_checked(rest, points, met, accept, budget)
        except _TooLong:
            break
        if found is not None:
            return Paired(found, bye, "search", tried[0] == 1, None)
    fit, fit_bye = _best_fit(cert, seeds, size, order, points, placed)
    return Paired(fit, fit_bye, "certificate", False, None)


def _search_checked(rest: List[str], points: Dict[str, int], met: Set[FrozenSet[str]],
                    accept: Callable[[Pairs], bool], budget: List[int]) -> Optional[Pairs]:
    """The first pairing of ``rest`` with no repeat, in the order ``_search`` tries them, that ``accept``
    takes; None when there is none. ``budget``: the steps left (shared with ``accept``); past it, _TooLong.
    A part that failed with no whole pairing tried fails again wherever it comes (remembered); one whose
    pairings were refused may not, and is tried again."""
    failed: Set[Tuple[str, ...]] = set()

    def solve(players: List[str], chosen: Pairs) -> Tuple[Optional[Pairs], bool]:
        if not players:
            return (chosen, True) if accept(chosen) else (None, True)
        key = tuple(players)
        if key in failed:
            return None, False
        budget[0] -= len(players)
        if budget[0] < 0:
            raise _TooLong
        first, reached = players[0], False
        for other in _preferences(players, points):
            if frozenset((first, other)) in met:
                continue
            found, leaf = solve([name for name in players if name != first and name != other],
                                chosen + [(first, other)])
            if found is not None:
                return found, True
            reached = reached or leaf
        if not reached:
            failed.add(key)
        return None, reached

    return solve(rest, [])[0]


def _best_fit(cert: List[Matching], seeds: Sequence[str], size: int, order: List[str], points: Dict[str, int],
              placed: Sequence[str]) -> Tuple[Pairs, Optional[str]]:
    """The certificate's round that best fits the score groups: the least difference of match points over
    its tables, then the bye to the lowest placed, then the certificate's order. Each table's higher-listed
    player first, the tables in the order of the list."""
    at = {name: i for i, name in enumerate(order)}
    rank = {name: i for i, name in enumerate(placed)}
    best: Optional[Tuple[Tuple[int, int], Pairs, Optional[str]]] = None
    for mate in cert:
        pairs: Pairs = []
        bye = None
        for v, u in enumerate(mate):
            if v < u:
                if u == len(seeds):
                    bye = seeds[v]
                else:
                    first, second = sorted((seeds[v], seeds[u]), key=at.__getitem__)
                    pairs.append((first, second))
        pairs.sort(key=lambda pair: at[pair[0]])
        cost = (sum(abs(points[a] - points[b]) for a, b in pairs), -rank[bye] if bye is not None else 0)
        if best is None or cost < best[0]:
            best = (cost, pairs, bye)
    assert best is not None
    return best[1], best[2]

"""The rounds still to come of an event, rematch-free: disjoint perfect matchings of the pairs not yet played
(pure; deterministic; no randomness, no clock).

The players are numbered 0..m-1 (an odd field adds a phantom player: his partner has the bye), and a graph
is a list of bitmasks: bit u of ``graph[v]`` is set when v and u have not met. A matching is a tuple of
partners (``matching[v]`` is v's partner). A **completion** of k rounds is k matchings of the graph with no
pair in two of them: the event's remaining rounds, every pair new, no second bye.

Whether a graph holds k disjoint perfect matchings is hard in general (for k = 3 it is the 3-edge-colouring
of a cubic graph), so ``factor`` is a backtracking search with a step budget: it fills the (player, round)
slots, always the slot with the fewest partners left (a slot with none is a dead end at once), tries the
partner a hint gives first, and breaks the rounds' symmetry by giving a player who needs all his
remaining pairs (one per round) those pairs in advance. It returns the completion, or says that none
exists (the search ran to its end) or that none was found within the budget.

``complete`` checks a candidate round against a known completion (the certificate): the certificate's
rounds that share no pair with the candidate stand as they are, and only the rest are searched for.
"""

from typing import List, NamedTuple, Optional, Sequence, Tuple

Graph = List[int]
WHOLE_SCAN = 400  # players × rounds up to which every slot is compared to choose the next
Matching = Tuple[int, ...]


class Found(NamedTuple):
    """A search's answer: the matchings (None when none was found), the steps it took, and whether the
    search ran to its end (so that None means there are none)."""

    matchings: Optional[List[Matching]]
    steps: int
    exhausted: bool


def complete_graph(size: int) -> Graph:
    every = (1 << size) - 1
    return [every ^ (1 << v) for v in range(size)]


def without(graph: Graph, matchings: Sequence[Matching]) -> Graph:
    """The graph less the pairs of ``matchings``."""
    out = list(graph)
    for matching in matchings:
        for v, u in enumerate(matching):
            out[v] &= ~(1 << u)
    return out


def fits(graph: Graph, matching: Matching) -> bool:
    """Every pair of ``matching`` is in ``graph`` (has not met)."""
    return all(graph[v] >> u & 1 for v, u in enumerate(matching))


def circle(size: int) -> List[Matching]:
    """The circle method's ``size - 1`` rounds over players 0..size-1 (``size`` even), as matchings: the
    same schedule as ``pairing.round_robin`` (player 0 stays, the others move one seat on each round)."""
    rounds = []
    for number in range(size - 1):
        others = list(range(1, size))
        if number:
            others = others[-number:] + others[:-number]
        seats = [0] + others
        mate = [0] * size
        for i in range(size // 2):
            mate[seats[i]], mate[seats[-1 - i]] = seats[-1 - i], seats[i]
        rounds.append(tuple(mate))
    return rounds


def complete(graph: Graph, rounds: int, certificate: Sequence[Matching], budget: int) -> Found:
    """At least ``rounds`` disjoint perfect matchings of ``graph``, helped by ``certificate`` (disjoint
    matchings that were a completion, with spares, before a round was taken out of the graph): those that
    still fit stand (all of them: the spares too), the missing ones are searched for in what they leave;
    failing that, ``rounds`` matchings are searched for in the whole graph, the certificate as the hint.
    Within ``budget`` units of work in all."""
    if rounds <= 0:
        return Found([], 0, True)
    standing = [m for m in certificate if fits(graph, m)]
    if len(standing) >= rounds:
        return Found(standing, 0, True)
    broken = [m for m in certificate if m not in standing]
    first = factor(without(graph, standing), rounds - len(standing), broken, budget // 2) if standing else None
    if first is not None and first.matchings is not None:
        return Found(standing + first.matchings, first.steps, True)
    used = first.steps if first is not None else 0
    whole = factor(graph, rounds, list(certificate), budget - used)
    return Found(whole.matchings, used + whole.steps, whole.exhausted)


def factor(graph: Graph, rounds: int, hint: Sequence[Matching], budget: int) -> Found:
    """``rounds`` disjoint perfect matchings of ``graph``, or None; the hint's i-th matching gives the
    partner tried first in round i. At most ``budget`` units of work (a pair placed costs the players and
    rounds looked at to choose it: the size, times the rounds when every slot is compared)."""
    size = len(graph)
    if rounds <= 0:
        return Found([], 0, True)
    if size % 2 or any(bits.bit_count() < rounds for bits in graph):
        return Found(None, 0, True)
    adj = list(graph)
    full = (1 << size) - 1
    free = [full] * rounds  # free[c]: the players without a partner in round c yet
    needs = [(1 << rounds) - 1] * size  # needs[v]: the rounds where v has no partner yet
    mate = [[-1] * size for _ in range(rounds)]
    prefer = [[hint[c][v] if c < len(hint) else -1 for v in range(size)] for c in range(rounds)]

    def place(v: int, u: int, c: int) -> None:
        adj[v] ^= 1 << u
        adj[u] ^= 1 << v
        free[c] ^= (1 << v) | (1 << u)
        needs[v] ^= 1 << c
        needs[u] ^= 1 << c
        mate[c][v], mate[c][u] = u, v

    def lift(v: int, u: int, c: int) -> None:
        place(v, u, c)  # every change is its own inverse
        mate[c][v] = mate[c][u] = -1

    # the rounds are interchangeable: a player whose pairs left are exactly as many as the rounds has one
    # in each, and which goes in which round loses nothing (the hint's partner where it can)
    tight = next((v for v in range(size) if adj[v].bit_count() == rounds), None)
    if tight is not None:
        left = _bits(adj[tight])
        for c in range(rounds):
            u = prefer[c][tight] if prefer[c][tight] in left else left[0]
            left.remove(u)
            place(tight, u, c)

    stack: List[Tuple[int, int, List[int], int]] = []  # (v, c, partners to try, the one placed)
    steps = 0
    # every slot compared when the search is small (a tight field), the rounds filled one by one otherwise
    every = size * rounds <= WHOLE_SCAN
    cost = size * rounds if every else size
    while True:
        slot = _slot(size, adj, free, needs) if every else _slot_by_round(size, adj, free, needs)
        if slot is not None and slot[0] >= 0:
            v, c = slot
            partners = _bits(adj[v] & free[c])
            first = prefer[c][v]
            if first in partners:
                partners.remove(first)
                partners.insert(0, first)
            steps += cost
            if steps > budget:
                return Found(None, steps, False)
            place(v, partners[0], c)
            stack.append((v, c, partners, 0))
            continue
        if slot is None:  # every slot filled
            return Found([tuple(m) for m in mate], steps, True)
        while stack:  # a dead end: the newest choice with a partner left to try
            v, c, partners, i = stack.pop()
            lift(v, partners[i], c)
            if i + 1 < len(partners):
                steps += cost
                if steps > budget:
                    return Found(None, steps, False)
                place(v, partners[i + 1], c)
                stack.append((v, c, partners, i + 1))
                break
        else:
            return Found(None, steps, True)


def _slot(size: int, adj: Graph, free: List[int], needs: List[int]) -> Optional[Tuple[int, int]]:
    """The (player, round) slot with the fewest partners left; (-1, -1) at a dead end (a slot with none, a
    player with fewer pairs left than rounds to fill, or one who must use every pair left and cannot use
    one of them); None when every slot is filled."""
    best, fewest = None, size + 1
    for v in range(size):
        need = needs[v]
        if not need:
            continue
        have = adj[v]
        count = need.bit_count()
        if have.bit_count() < count:
            return (-1, -1)
        if have.bit_count() == count:  # every pair he has left must be placed, in a round both need
            rest = have
            while rest:
                low = rest & -rest
                if not needs[low.bit_length() - 1] & need:
                    return (-1, -1)
                rest ^= low
        while need:
            low = need & -need
            c = low.bit_length() - 1
            need ^= low
            partners = (have & free[c]).bit_count()
            if partners < fewest:
                if not partners:
                    return (-1, -1)
                best, fewest = (v, c), partners
                if partners == 1:
                    return best
    return best


def _slot_by_round(size: int, adj: Graph, free: List[int], needs: List[int]) -> Optional[Tuple[int, int]]:
    """As ``_slot``, looking only at the first round not yet full: its player with the fewest partners
    left (a player with fewer pairs left than rounds to fill is a dead end)."""
    c = next((c for c, players in enumerate(free) if players), None)
    if c is None:
        return None
    best, fewest = (-1, -1), size + 1
    for v in range(size):
        need = needs[v]
        if need and adj[v].bit_count() < need.bit_count():
            return (-1, -1)
    rest = free[c]
    while rest:
        low = rest & -rest
        v = low.bit_length() - 1
        rest ^= low
        partners = (adj[v] & free[c]).bit_count()
        if partners < fewest:
            if not partners:
                return (-1, -1)
            best, fewest = (v, c), partners
            if partners == 1:
                break
    return best


def _bits(mask: int) -> List[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out

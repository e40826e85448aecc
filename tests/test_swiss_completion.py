"""The search for an event's remaining rounds (gin_ref.club.completion): disjoint perfect matchings of the
pairs not yet played, checked here against their definition and against the circle method."""

import itertools

import pytest

from gin_ref.club.completion import circle, complete, complete_graph, factor, fits, without
from gin_ref.club.pairing import round_robin


def graph_of(size, edges):
    graph = [0] * size
    for a, b in edges:
        graph[a] |= 1 << b
        graph[b] |= 1 << a
    return graph


def assert_completion(graph, rounds, matchings):
    """``matchings``: at least ``rounds`` perfect matchings of ``graph``, no pair in two of them."""
    assert len(matchings) >= rounds
    seen = set()
    for mate in matchings:
        assert sorted(mate) == list(range(len(graph)))
        for v, u in enumerate(mate):
            assert u != v and mate[u] == v and graph[v] >> u & 1
            if v < u:
                assert (v, u) not in seen
                seen.add((v, u))


def test_the_circle_method_as_matchings_is_the_round_robin_schedule():
    players = [str(i) for i in range(8)]
    for number, mate in enumerate(circle(8), 1):
        pairs, _ = round_robin(players, number)
        assert {frozenset((int(a), int(b))) for a, b in pairs} == {frozenset((v, u)) for v, u in enumerate(mate)}


@pytest.mark.parametrize("size", [4, 6, 8, 10, 12, 16])
def test_a_complete_graph_less_one_round_holds_the_other_rounds(size):
    first = tuple((v + size // 2) % size for v in range(size))  # a round the circle method never plays
    rest = without(complete_graph(size), [first])
    found = factor(rest, size - 2, [], 10**7)
    assert found.matchings is not None and found.exhausted
    assert_completion(rest, size - 2, found.matchings)


def test_two_odd_cycles_hold_no_round_and_the_search_says_it_looked_everywhere():
    triangles = graph_of(6, [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)])
    found = factor(triangles, 1, [], 10**6)
    assert found.matchings is None and found.exhausted
    hexagon = graph_of(6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)])  # an even cycle: two rounds
    found = factor(hexagon, 2, [], 10**6)
    assert_completion(hexagon, 2, found.matchings)


def test_a_search_past_its_budget_says_it_did_not_finish():
    found = factor(without(complete_graph(16), [circle(16)[0]]), 14, [], 10)
    assert found.matchings is None and not found.exhausted


def test_the_certificates_rounds_that_still_fit_stand_and_only_the_rest_are_searched_for():
    size = 8
    rounds = circle(size)
    played = [tuple((v + 4) % 8 if v < 8 else v for v in range(size))]  # 0-4, 1-5, 2-6, 3-7
    graph = without(complete_graph(size), played)
    standing = [m for m in rounds if fits(graph, m)]
    assert 0 < len(standing) < 6
    assert complete(graph, len(standing), rounds, 10**6) == (standing, 0, True)  # no search at all
    found = complete(graph, 6, rounds, 10**6)
    assert_completion(graph, 6, found.matchings)


def test_every_graph_of_six_is_judged_as_brute_force_judges_it():
    edges = list(itertools.combinations(range(6), 2))
    matchings = [m for m in itertools.combinations(edges, 3) if len({v for e in m for v in e}) == 6]
    for mask in range(0, 1 << len(edges), 97):  # a spread of the 32,768 graphs on six players
        chosen = [e for i, e in enumerate(edges) if mask >> i & 1]
        graph = graph_of(6, chosen)
        present = [m for m in matchings if all(e in chosen for e in m)]
        for rounds in (1, 2, 3):
            exists = any(len({e for m in combo for e in m}) == 3 * rounds
                         for combo in itertools.combinations(present, rounds))
            found = factor(graph, rounds, [], 10**6)
            assert (found.matchings is not None) == exists and found.exhausted
            if exists:
                assert_completion(graph, rounds, found.matchings)

"""The replay checks every value's shape itself: a value of the wrong shape anywhere in a record is a problem
at its key path, and a defect in gin-ref is an exception, never a problem at a line of the user's file
(there is no catch-all turning one into the other)."""

import copy
import random
from pathlib import Path

import pytest

from gin_ref.files import matchfile
from gin_ref.files.yamlread import plain
from gin_ref.match import replay as replay_module
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ODD = [None, 0, 1, -1, True, False, "", "x", "AS", [], [1], ["AS"], {}, {"a": 1}, {"kind": 1}, 3.5, [[1]], [None],
       "2026-01-01", ["AS", "AS"], 10**9]


def _data(name):
    data, _version = matchfile.parse((EXAMPLES / name).read_text(encoding="utf-8"), name)
    return plain(data)


def _paths(node, at=()):
    if at:
        yield at
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, at + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, at + (index,))


@pytest.mark.parametrize("name", ["oklahoma.yaml", "three-player.yaml", "hollywood.yaml"])
def test_a_value_of_any_shape_anywhere_is_a_problem_never_an_exception(name):
    base = _data(name)
    rng = random.Random(name)
    for _ in range(150):
        data = copy.deepcopy(base)
        for _edit in range(rng.choice((1, 2))):
            path = rng.choice(list(_paths(data)))
            node = data
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = copy.deepcopy(rng.choice(ODD))
        result = checked(data)  # raises nothing: every shape is checked
        assert all(str(problem.message) for problem in result.problems)


def test_a_defect_in_the_replay_is_an_exception_not_damage_at_a_line(monkeypatch):
    def broken(*args, **kwargs):
        raise TypeError("a defect")

    monkeypatch.setattr(replay_module, "replay_hand", broken)
    with pytest.raises(TypeError, match="a defect"):
        checked(_data("oklahoma.yaml"))


@pytest.mark.parametrize("draw, shown", [("5", "'5'"), ([["Ann", "7D"]], "a list"), (7, "7")])
def test_a_draw_that_is_not_a_mapping_is_one_clear_problem(draw, shown):
    data = _data("three-player.yaml")
    data["start"]["draw"] = draw
    messages = [str(problem.message) for problem in checked(data).problems]
    assert messages == [f"the draw cannot be read: it gives each player the card drawn (Ann: 7D), not {shown}"]

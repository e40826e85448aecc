"""The first reading of a record's top level (#36 item 1, step (0)): its problems keep their order and words.

Every record under examples/, events/ and tests/, two made by gin-ref's own steps and copies of them damaged
in their head, result, deals refused and corrections (tests/topcases.py) give the problems main's code gave
before the reading moved to files/ (tests/expected/top_problems.json, written by that code): the lenient
read's problems in the replay's order (what ``verify`` lists and ``tally`` refuses with) and the strict
read's first problem (``--strict``, an action's refusal)."""

import json
from pathlib import Path

import pytest

from topcases import cases, problems

EXPECTED = json.loads((Path(__file__).resolve().parent / "expected" / "top_problems.json").read_text(encoding="utf-8"))
CASES = cases()


def test_every_case_has_its_expectation():
    assert sorted(CASES) == sorted(EXPECTED) and len(CASES) >= 150


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_problems_of_each_record_keep_their_order_and_words(name):
    assert problems(CASES[name]) == EXPECTED[name]

"""The shortcuts taken for a quick start (issue 28 item 4) give exactly what the slower way gave: a player's
name checked without a regex, the classes a match command makes (NamedTuples, core.frozen values while
match/ still has them, and plain classes) behaving as before."""

import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.frozen import Frozen
from gin_ref.core.players import check_name
from gin_ref.core.rules import HouseRules, KNOBS
from gin_ref.match.state import MatchState

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "oklahoma.yaml"
_OLD_NAME = re.compile(r"[^\x00-\x1f\x7f-\x9f\u2028\u2029]{1,40}")


def _old_check_name_refuses(name):
    return not _OLD_NAME.fullmatch(name) or name != name.strip()


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(max_size=45), st.text(alphabet="Ab \x00\x1f\x7f\x9f\xa0\u2028\u2029-", max_size=42)))
def test_a_name_is_refused_for_its_characters_or_length_as_by_the_regex_before(name):
    try:
        check_name(name)
    except InvalidNotationError as exc:
        refused_here = any(words in str(exc) for words in ("use 1 to 40 printable characters",
                                                             "it starts or ends with a space"))
    else:
        refused_here = False
    assert refused_here == _old_check_name_refuses(unicodedata.normalize("NFC", name))


def test_house_rules_are_frozen_hashable_and_compare_by_their_knobs():
    rules = HouseRules()
    with pytest.raises(AttributeError):
        rules.gin_bonus = 5  # type: ignore[misc]
    assert rules == HouseRules() and hash(rules) == hash(HouseRules())
    assert rules.with_knobs(gin_bonus=20) != rules and rules.with_knobs(gin_bonus=20).gin_bonus == 20
    assert rules.aces is None and rules.with_knobs(ace_runs="wrap").aces is not None
    assert [(name, knob.default) for name, knob in KNOBS.items()] == [
        (name, HouseRules._field_defaults[name]) for name in HouseRules._fields[:-1]]
    assert all(callable(knob.check) and knob.doc for knob in KNOBS.values())
    assert KNOBS["undercut_bonus"].doc == "bonus to the defender for an undercut"


def test_a_match_state_copy_is_independent_where_it_was_before():
    state = MatchState(None, {"Ann": 0}, {"Ann": 0}, None, "Ann", None, "first")  # type: ignore[arg-type]
    copy = state.copy()
    assert copy == state and copy is not state and copy.totals is not state.totals
    copy.totals["Ann"] = 5
    assert state.totals == {"Ann": 0} and copy != state
    assert copy.as_played is state.as_played  # shared, as dataclasses.replace shared it
    assert repr(state).startswith("MatchState(header=None, totals={'Ann': 0}, ")
    with pytest.raises(TypeError):
        hash(state)


def test_reading_a_match_compiles_neither_the_unsafe_nor_the_surrogate_class():
    """The character classes of long code point ranges are compiled only when needed: not for a match file
    in the writer's layout."""
    code = ("import sys\n"
            "from gin_ref.files import matchfile, yamlload, yamlplain\n"
            "from gin_ref.match.tally import tally_of\n"
            f"tally_of(matchfile.load({str(EXAMPLE)!r}).match)\n"
            "print(yamlplain.UNSAFE_TEXT._compiled is None, yamlload.SURROGATE._compiled is None)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True"]


class _Point(Frozen):
    x: int
    y: int = 0
    tags: Tuple[str, ...] = ()


class _Other(Frozen):
    x: int
    y: int = 0
    tags: Tuple[str, ...] = ()


def test_a_frozen_value_is_made_compared_and_copied_as_a_frozen_dataclass_was():
    point = _Point(1, tags=("a",))
    assert (point.x, point.y, point.tags) == (1, 0, ("a",)) and _Point._fields == ("x", "y", "tags")
    assert point == _Point(1, 0, ("a",)) and point != _Point(2) and point != _Other(1, tags=("a",))
    assert hash(point) == hash(_Point(1, 0, ("a",))) and len({point, _Point(1, 0, ("a",))}) == 1
    assert repr(point) == "_Point(x=1, y=0, tags=('a',))"
    assert point._replace(y=5) == _Point(1, 5, ("a",)) and point.y == 0
    assert point._asdict() == {"x": 1, "y": 0, "tags": ("a",)}
    with pytest.raises(AttributeError):
        point.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del point.y
    with pytest.raises(TypeError, match="missing arguments: x"):
        _Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        _Point(1, z=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="multiple values for argument 'x'"):
        _Point(1, x=2)  # type: ignore[misc]
    with pytest.raises(TypeError, match="takes 3 arguments, 4 given"):
        _Point(1, 2, (), 4)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        iter(point)  # type: ignore[call-overload]  # not a tuple: no iteration, as the dataclass had none

"""The shortcuts taken for a quick start (issue 28 item 4) give exactly what the slower way gave: a player's
name checked without a regex, the classes a match command makes (NamedTuples and plain
classes) behaving as before."""

import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_ref.core.errors import InvalidNotationError
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

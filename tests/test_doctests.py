"""The notation's docstring examples are true (issue 28): cards and their shorthand, melds, turns, counts and
the table line. Run as part of the suite, so an example that stops being true fails here; any module added
to MODULES is checked the same way."""

import doctest
import importlib

import pytest

MODULES = ["gin_ref.core.cards", "gin_ref.core.melds", "gin_ref.core.turns", "gin_ref.core.players", "gin_ref.match.knocks",
           "gin_ref.match.tableline"]  # the table line is read in the match layer (serve reads it too)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name):
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert attempted >= 2, f"{name}: only {attempted} examples"
    assert failed == 0, f"{name}: {failed} of {attempted} examples failed (the report is above)"

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


def test_the_library_page_examples_hold(tmp_path, monkeypatch):
    """docs/library.md: every example of the desk's functions, run (#37 item 6)."""
    import pathlib
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv("GIN_REF_CACHE", "off")
    page = pathlib.Path(__file__).resolve().parent.parent / "docs" / "library.md"
    failed, attempted = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS,
                                         report=True)
    assert attempted >= 20 and failed == 0, f"docs/library.md: {failed} of {attempted} examples failed"

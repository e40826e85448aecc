"""Shared test settings: hypothesis keeps no example database in the checkout and has no deadline (the
first call of the deadwood search builds its tables, which would trip a per-example deadline)."""

from hypothesis import settings

settings.register_profile("gin-ref", database=None, deadline=None)
settings.load_profile("gin-ref")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _wide_terminal(monkeypatch):
    """Outputs follow the terminal's width ($COLUMNS, else 80). Tests of a full layout run as on a wide
    terminal; the tests of fitting (tests/test_fit.py) set COLUMNS themselves."""
    monkeypatch.setenv("COLUMNS", "200")


# Whole modules that drive a real browser or a real terminal: marked slow here, beside the marker's own
# uses (@pytest.mark.slow) in other modules.
SLOW_MODULES = {"test_browser.py", "test_play_terminal.py"}


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.name in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)


# -- a bug in gin-ref is a traceback in the tests (issue 23 item 2) ---------------------------------------------
@pytest.fixture(autouse=True)
def _internal_errors_raise(monkeypatch):
    """GIN_REF_DEBUG=1: an internal error is raised with its traceback (in this process and in the commands
    the tests start), never the one line a user sees (tests/test_internal_errors.py unsets it to test that)."""
    monkeypatch.setenv("GIN_REF_DEBUG", "1")

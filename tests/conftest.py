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

"""Property tests in two sizes: a sample in the fast suite, every example under ``-m slow`` (the seeded sweeps'
counterpart is the ``sweep`` fixture of tests/conftest.py)."""

import sys

import pytest
from hypothesis import given, settings


def sample_and_full(sample, full, *strategies, **options):
    """In place of ``@settings(max_examples=full, **options) @given(*strategies)``: the test runs ``sample``
    examples in the fast suite, and a twin named ``<test>_full`` (put beside it in the test's module, marked
    slow) runs all ``full``. ``options`` are further hypothesis settings (a deadline, health checks)."""

    def make(body):
        fast = settings(max_examples=sample, **options)(given(*strategies)(body))
        whole = pytest.mark.slow(settings(max_examples=full, **options)(given(*strategies)(body)))
        sys._getframe(1).f_globals[body.__name__ + "_full"] = whole
        return fast

    return make

"""Shared test settings: hypothesis keeps no example database in the checkout and has no deadline (the
first call of the deadwood search builds its tables, which would trip a per-example deadline)."""

from hypothesis import settings

settings.register_profile("gin-ref", database=None, deadline=None)
settings.load_profile("gin-ref")

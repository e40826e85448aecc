"""A record's values as JSON gives them: a date or a time, which YAML reads from an unquoted
``2024-05-01`` or ``2024-05-01T20:15:00+02:00`` in a file edited by hand, is written as its ISO text (what
gin-ref itself writes, quoted). Any other value JSON does not know is a bug in gin-ref: TypeError."""

from __future__ import annotations

import datetime


def json_plain(value: object) -> str:
    """The ``default`` of a JSON encoder for a record's values."""
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    raise TypeError(f"cannot write {type(value).__name__} as JSON")

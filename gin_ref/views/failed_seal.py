"""A seal of a match that fails, as the reports of many matches keep it (``MatchView.seals``, the summary
cache): the desk makes it from ``gin_ref.desk.seals``' report."""

from typing import NamedTuple, Optional


class FailedSeal(NamedTuple):
    """A seal of a match that fails (``gin_ref.desk.seals``): its line, its hand (None: the end of record or
    the result), its kind and what it says."""

    line: Optional[int]
    hand: Optional[int]
    kind: str
    message: str  # in English (the JSON's words); said again in the reader's language from the facts
    correction: Optional[int] = None  # a correction's seal: its number

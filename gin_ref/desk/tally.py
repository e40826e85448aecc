"""Where one match stands: ``tally`` (under other rules beside it: ``gin_ref.desk.whatif``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional

from gin_ref.core.errors import GinRefError
from gin_ref.desk.errors import refused
from gin_ref.desk.seals import failed_seals, seal_warnings
from gin_ref.files import matchfile
from gin_ref.files.filewrite import PathName
from gin_ref.match.model import Match
from gin_ref.views.tally_text import match_data

if TYPE_CHECKING:
    from gin_ref.match.whatif import WhatIf


def read(path: PathName) -> matchfile.Record:
    """The match file at ``path``, read strictly, without a lock (a reader never blocks a writer) and without
    loading the writer's machinery (``gin_ref.desk.store``)."""
    try:
        return matchfile.load(path)
    except GinRefError as exc:
        raise refused(exc) from exc


class Tallied(NamedTuple):
    """A match's tally: the match, the warnings of its failed seals, and under other rules (``what_if``:
    ``gin_ref.desk.whatif``)."""

    path: str
    match: Match
    warnings: List[str]
    what_if: "Optional[WhatIf]" = None

    def data(self) -> Dict[str, Any]:
        """The ``tally --json`` object (``gin_ref.desk.whatif.data`` adds the hands under other rules)."""
        return match_data(self.match)


def tally(path: str, strict: bool = False) -> Tallied:
    """Where the match at ``path`` stands: every hand, the totals, who deals next, the end."""
    rec = read(path)
    return Tallied(path, rec.match, seal_warnings(path, failed_seals(rec.data), strict))

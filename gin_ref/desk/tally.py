"""Where one match stands: ``tally``, and under other rules beside it (``what_if_rules``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional

from gin_ref.core.errors import GinRefError
from gin_ref.desk.errors import DeskError, Kind, Refusal, refused
from gin_ref.desk.seals import failed_seals, seal_warnings
from gin_ref.files import matchfile
from gin_ref.files.filewrite import PathName
from gin_ref.match.model import Match

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
    """A match's tally: the match, the warnings of its failed seals, and under other rules (``what_if``)."""

    path: str
    match: Match
    warnings: List[str]
    what_if: "Optional[WhatIf]"

    def data(self) -> Dict[str, Any]:
        """The ``tally --json`` object (with ``what_if``: the hands under the other rules)."""
        from gin_ref.match.tally import tally_data  # here: only --json needs them
        from gin_ref.views.whatif_view import what_if_data

        data = tally_data(self.match)
        if self.what_if is not None:
            data["what_if"] = what_if_data(self.what_if)
        return data


def tally(path: str, what_if_rules: Optional[str] = None, strict: bool = False) -> Tallied:
    """Where the match at ``path`` stands; with ``what_if_rules`` (a preset or a rules file for as many
    players), every hand settled again under those rules beside the hands as played."""
    rules = None
    try:
        if what_if_rules is not None:
            from gin_ref.files.rulesfile import load_rules  # here: only --what-if reads other rules

            rules = load_rules(what_if_rules)
    except GinRefError as exc:
        raise refused(exc) from exc
    rec = read(path)
    warnings = seal_warnings(path, failed_seals(rec.match), strict)
    whatif = None
    if rules is not None:
        if rules.players != len(rec.match.players):
            raise DeskError(Refusal(Kind.NOTATION, f"those rules are for {rules.players} players, this match has "
                                    f"{len(rec.match.players)}",
                                    (("rules_players", rules.players), ("players", len(rec.match.players)))),
                            Tallied(path, rec.match, warnings, None))  # the warnings said before the refusal
        from gin_ref.match.whatif import what_if  # here: only --what-if settles again

        whatif = what_if(rec.match, rules)
    return Tallied(path, rec.match, warnings, whatif)

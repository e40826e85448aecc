"""A match under other rules (``tally --what-if``): every hand settled again from its own cards under a rule
set for as many players, beside the hands as played (``gin_ref.match.whatif``). Loaded only when asked: it
reads another rule set (``gin_ref.files.rulesfile``), which a plain tally never needs."""

from __future__ import annotations

from typing import Any, Dict

from gin_ref.core.errors import GinRefError
from gin_ref.desk.errors import Nn_, DeskError, Kind, refusal, refused
from gin_ref.desk.seals import failed_seals, seal_warnings
from gin_ref.desk.tally import Tallied, read
from gin_ref.files.rulesfile import load_rules
from gin_ref.match.whatif import what_if as settled_again
from gin_ref.views.whatif_view import what_if_data


def what_if(path: str, rules: str, strict: bool = False) -> Tallied:
    """The match at ``path`` with every hand settled again under ``rules`` (a preset or a rules file): a
    ``Tallied`` whose ``what_if`` holds them. Rules for another number of players are refused (the refusal's
    ``done``: the tally, whose warnings were due before it)."""
    try:
        house = load_rules(rules)
    except GinRefError as exc:
        raise refused(exc) from exc
    rec = read(path)
    warnings = seal_warnings(path, failed_seals(rec.data), strict)
    players = len(rec.match.players)
    if house.players != players:
        words = Nn_("those rules are for %(rules_players)d players, this match has %(count)d",
                    "those rules are for %(rules_players)d players, this match has %(count)d")
        raise DeskError(refusal(Kind.NOTATION, words, rules_players=house.players, players=players, count=players),
                        Tallied(path, rec.match, warnings))
    return Tallied(path, rec.match, warnings, settled_again(rec.match, house))


def data(done: Tallied) -> Dict[str, Any]:
    """The ``tally --what-if --json`` object: the tally's, with ``what_if``."""
    found = done.data()
    if done.what_if is not None:
        found["what_if"] = what_if_data(done.what_if)
    return found

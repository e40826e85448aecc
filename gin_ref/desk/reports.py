"""The desk's questions over many matches: history, stats, standings and settle.

Each returns its report as data (and the views' objects the fronts draw); the seal warnings a report
carries are lines for people (``warnings``), said before the report; with ``strict`` a failed seal is
refused instead (DeskError).
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any, Dict, List, NamedTuple, Optional, Sequence

from gin_ref.core.errors import GinRefError
from gin_ref.core.escape import shown_path
from gin_ref.desk.errors import N_, Nn_, DeskError, Kind, refuse, refused
from gin_ref.desk.reading import (NO_METER, Item, Matches, Metering, Read, look_alikes, read_items, read_matches,
                                  read_one, require, require_all, summary_of, view_of_summary)
from gin_ref.desk.seals import views_warnings
from gin_ref.files.matchfind import candidates
from gin_ref.files.summaries import SummaryCache
from gin_ref.views.history import MatchView, history_data, oldest_first, paid_notes
from gin_ref.views.settle import Settlement, parse_stake
from gin_ref.views.settle import settle as settle_views
from gin_ref.views.standings import Table, in_window, standings as standings_of
from gin_ref.views.stats import Stats, player_stats, stats_data


# -- history, stats ------------------------------------------------------------------------------------------

class History(NamedTuple):
    """The matches found (``matches``), the ``history --json`` object, and the seal warnings."""

    matches: Matches
    data: Dict[str, Any]
    warnings: List[str]


def history(paths: Sequence[str], strict: bool = False, meter: Metering = NO_METER) -> History:
    """One row per match found in ``paths``, newest first (``reading.require`` refuses none found)."""
    matches = read_matches(paths, meter)
    warnings = views_warnings(matches.views, strict)
    return History(matches, history_data(matches.views, matches.skipped_text()), warnings)


class PlayerStats(NamedTuple):
    """Statistics per player (``stats``) over the matches read."""

    matches: Matches
    stats: Dict[str, Stats]

    @property
    def data(self) -> Dict[str, Dict[str, object]]:
        """The ``stats --json`` object."""
        return stats_data(self.stats)


def stats(paths: Sequence[str], player: Optional[str] = None, meter: Metering = NO_METER) -> PlayerStats:
    """Statistics per player over every match found (``player``: only that one, refused if in none). A
    refusal carries the matches read (``DeskError.done``: a ``PlayerStats``), whose skipped files are said
    first."""
    matches = read_matches(paths, meter)
    try:
        require(matches, paths)
        found = player_stats(matches.views, player)
        if player is not None and not found:
            raise refuse(Kind.RECORD, Nn_("player '%(player)s' is in none of the %(count)d matches read",
                                          "player '%(player)s' is in none of the %(count)d matches read"),
                         player=player, count=len(matches.views))
    except DeskError as exc:
        exc.done = PlayerStats(matches, {})
        raise
    return PlayerStats(matches, found)


# -- settle --------------------------------------------------------------------------------------------------

class Settled(NamedTuple):
    """Who pays whom: the settlement, and the warnings (failed seals, look-alike names)."""

    settlement: Settlement
    warnings: List[str]


def settle(paths: Sequence[str], stake: object = "1", strict: bool = False, meter: Metering = NO_METER) -> Settled:
    """Each finished match in ``paths`` at ``stake`` a point, the net, and the payments that settle it.
    Every match found must read."""
    try:
        amount: Decimal = parse_stake(stake)
    except GinRefError as exc:
        raise refused(exc) from exc
    matches = read_matches(paths, meter)
    require_all(matches, paths)
    warnings = views_warnings(matches.views, strict) + look_alikes(matches.views)
    return Settled(settle_views(matches.views, amount), warnings)


# -- standings -----------------------------------------------------------------------------------------------

def _read_summary(item: Item) -> Read:
    """``read_one``, giving back only the summary of a match (less to send between processes)."""
    file, view, problem = read_one(item)
    if view is None:
        return file, None, problem
    return file, view_of_summary(file, summary_of(view), view.digest), problem


def read_summaries(paths: Sequence[str], meter: Metering = NO_METER) -> Matches:
    """The matches as ``read_matches`` gives them, each view holding only the match's summary: a file whose
    bytes are those of a summary kept is not replayed again (``gin_ref.files.summaries``)."""
    items = candidates(list(paths))
    cache = SummaryCache.load()
    found: Dict[str, MatchView] = {}
    misses: List[Item] = []
    seen: Dict[str, Any] = {}
    for file, named in items:
        summary, seen[file] = cache.get(file)
        if summary is not None:
            found[file] = view_of_summary(shown_path(file), summary)
        else:
            misses.append((file, named))
    done = read_items(misses, _read_summary, meter)
    real = {shown_path(file): file for file, _ in misses}  # a view names its file as shown (escaped)
    for view in done.views:
        file = real.get(view.file, view.file)
        found[file] = view
        cache.put(file, seen.get(file), summary_of(view), view.digest)
    cache.save()
    return Matches([found[file] for file, _ in items if file in found], done.skipped)


class Standings(NamedTuple):
    """The league table (``table``; ``data``: the ``standings --json`` object), its notes, the warnings, the
    matches."""

    matches: Matches
    table: Table
    notes: List[str]
    warnings: List[str]

    @property
    def data(self) -> Dict[str, object]:
        skipped = [{"file": file, "error": error} for file, error in self.matches.skipped_text()]
        return {**self.table.data(), "skipped": skipped}


def standings(paths: Sequence[str], since: Optional[str] = None, until: Optional[str] = None, by: str = "wins",
              strict: bool = False, meter: Metering = NO_METER) -> Standings:
    """The league table over the finished matches found (``reading.require`` refuses none found)."""
    matches = read_summaries(paths, meter)
    views = matches.views
    warnings = views_warnings(views, strict) + look_alikes(views)
    table = standings_of(views, since, until, by)
    notes = paid_notes(view for view in oldest_first(views) if in_window(view, since, until))
    return Standings(matches, table, notes, warnings)


def iso_date(text: Optional[str]) -> Optional[str]:
    """The ISO date ``text`` names (None: None); a bad one is refused."""
    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise refuse(Kind.NOTATION, N_("bad date '%(date)s': write YYYY-MM-DD"), date=text) from None



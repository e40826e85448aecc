"""``gin-ref standings`` and ``gin-ref event new|pair|standings``: the club's league table and its evenings.

Thin wrappers: matches are found and read by the history machinery (``gin_ref.cli.history_cmds``), the
league table is ``gin_ref.views.standings``, an event's pairings and tie-breaks are ``gin_ref.club``, its
file is ``gin_ref.files.eventfile``, and each table's match file is started as ``gin-ref new`` starts one.
"""

import datetime

import click

from gin_ref.cli.history_cmds import PATHS, _report_skipped, _require, _skipped_text, read_matches
from gin_ref.cli.output import emit_json
from gin_ref.core.errors import InvalidNotationError


def _iso_date(option):
    def check(ctx, param, value):
        if value is None:
            return None
        try:
            return datetime.date.fromisoformat(value).isoformat()
        except ValueError:
            raise InvalidNotationError(f"bad date '{value}' for {option}: write YYYY-MM-DD") from None
    return check


@click.command("standings")
@PATHS
@click.option("--since", metavar="YYYY-MM-DD", callback=_iso_date("--since"),
              help="Count only matches on or after this date.")
@click.option("--until", metavar="YYYY-MM-DD", callback=_iso_date("--until"),
              help="Count only matches on or before this date (ratings too stop there).")
@click.option("--by", type=click.Choice(["wins", "rating"]), default="wins", show_default=True,
              help="wins: matches won, then points difference, then rating; rating: by rating.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: standings, open, skipped.")
def standings_cmd(paths, since, until, by, as_json):
    """The league table over the finished matches found: rank, player, matches, won, win %, points for
    and against (final scores, bonuses in), difference and rating.

    The rating is openskill's Plackett-Luce model over the whole history (date order, then file name),
    shown as the conservative mu - 3 sigma. Matches still being played are listed apart; a damaged file is
    named and skipped. Players are named without case. DIR and MATCH as for `gin-ref history`.

    \b
    Example:  gin-ref standings examples/
              gin-ref standings --since 2024-01-01 --by rating --json club/
    """
    from gin_ref.views.standings import standings, standings_text

    views, skipped = read_matches(paths)
    data = standings(views, since, until, by)
    data["skipped"] = [{"file": file, "error": error} for file, error in _skipped_text(skipped)]
    if as_json:
        emit_json(data)
    else:
        if views:
            click.echo(standings_text(data))
        _report_skipped(skipped)
    _require(views, skipped, paths)

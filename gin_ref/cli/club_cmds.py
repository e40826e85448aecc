"""``gin-ref standings`` and ``gin-ref event new|pair|standings``: the club's league table and its evenings.

Thin fronts over the desk (``gin_ref.desk.reports.standings``, ``gin_ref.desk.club``): the league table is
drawn by ``gin_ref.views.standings``, an event by ``gin_ref.views.event_view``.
"""

from __future__ import annotations

from typing import Callable, Optional, Tuple

import click

from gin_ref.cli.errors import warn
from gin_ref.cli.helptext import N_, argument, command, group, option
from gin_ref.cli.history_cmds import PATHS, report_skipped
from gin_ref.cli.options import WholeNumber, json_option, output_width, rules_option
from gin_ref.cli.output import emit_json, say
from gin_ref.cli.writejson import json_flag
from gin_ref.cli.progress import progress
from gin_ref.cli.sealcheck import say_warnings, strict_option
from gin_ref.desk import club, reports
from gin_ref.desk.errors import DeskError
from gin_ref.desk.reading import require
from gin_ref.views import written
from gin_ref.views.event_view import event_text, paired_text, started_text
from gin_ref.views.standings import standings_text


def _iso_date(option: str) -> "Callable[[click.Context, click.Parameter, Optional[str]], Optional[str]]":
    def check(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[str]:
        try:
            return reports.iso_date(value)
        except DeskError as exc:
            words = N_("bad date '%(date)s' for %(option)s: write YYYY-MM-DD")
            raise DeskError(exc.refusal.reworded(words % {"date": value, "option": option}, words, date=value,
                                                 option=option)) from None
    return check


@command("standings")
@PATHS
@option("--since", metavar="YYYY-MM-DD", callback=_iso_date("--since"),
        help=N_("Count only matches on or after this date."))
@option("--until", metavar="YYYY-MM-DD", callback=_iso_date("--until"),
        help=N_("Count only matches on or before this date (ratings too stop there)."))
@option("--by", type=click.Choice(["wins", "rating"]), default="wins", show_default=True,
        help=N_("wins: matches won, then points difference, then rating; rating: by rating."))
@json_option(N_("Print one JSON object: standings, open, skipped."))
@strict_option
def standings_cmd(paths: Tuple[str, ...], since: Optional[str], until: Optional[str], by: str, as_json: bool,
                  strict: bool) -> None:
    """The league table over the finished matches found: rank, player, matches, won, win %, points for
    and against (final scores, bonuses in), difference and rating.

    The rating is openskill's Plackett-Luce model over the whole history (date order, then file name),
    shown as the conservative mu - 3 sigma. Matches still being played are listed apart; a damaged file is
    named and skipped. Players are named without case. DIR and MATCH as for `gin-ref history`. A match
    file unchanged since an earlier run is not replayed again: its summary is kept in
    ~/.cache/gin-ref/summaries.json ($GIN_REF_CACHE=FILE to move it, =off to turn it off).

    \b
    Example:  gin-ref standings examples/
              gin-ref standings --since 2024-01-01 --by rating --json club/
    """
    done = reports.standings(paths, since, until, by, strict, progress)
    say_warnings(done.warnings)
    if as_json:
        emit_json(done.data)
    else:
        if done.matches.views:
            say(standings_text(done.table, done.notes, output_width()))
        report_skipped(done.matches.skipped)
    require(done.matches, paths)


# -- events ------------------------------------------------------------------------------------------------

FOLDER = argument("folder", type=click.Path(file_okay=False, path_type=str))


@group("event")
def event_cmd() -> None:
    """Run a club night: pair the rounds of a round robin or a Swiss, one match file per table.

    \b
    gin-ref event new night --format swiss --rounds 3 Ann Ben Cid Dee Eve
                                      (the players in seeding order)
    gin-ref event pair night          (the next round: a match file per table)
    gin-ref deal --match night/round-1-table-1.yaml --upcard 7D
                                      (each table records in its own file)
    gin-ref event standings night     (match points and tie-breaks)
    """


@event_cmd.command("new")
@FOLDER
@option("--format", "system", type=click.Choice(["round-robin", "swiss"]), required=True,
        help=N_("round-robin: every pair meets once (circle method); swiss: players on equal points meet."))
@option("--rounds", type=WholeNumber(min=1), help=N_("Swiss: how many rounds. Default: log2 of the players, "
        "rounded up. A round robin's rounds are fixed by the number of players."))
@rules_option(N_("House rules of every table: a two-player preset or a YAML file. Default: oklahoma."))
@option("--date", "date_text", metavar="YYYY-MM-DD", help=N_("The event's date. Default: today."))
@json_flag
@argument("players", nargs=-1, required=True, metavar="PLAYER...")
def event_new_cmd(folder: str, system: str, rounds: Optional[int], rules_spec: Optional[str], date_text: Optional[str],
                  as_json: bool, players: Tuple[str, ...]) -> None:
    """Start an event in FOLDER (made if missing): the players in seed order, the format, the rules.

    The seeding fixes a round robin's schedule and breaks every tie of a Swiss. Events are for two-player
    rules (three-player rules are refused).

    \b
    Example:  gin-ref event new night --format round-robin --rules standard \\
                Ann Ben Cid Dee
    """
    started = club.new_event(folder, system, players, rules_spec, date_text, rounds)
    if as_json:
        emit_json(written.event_started_data(started))
        return
    say(started_text(started.event, folder))


@event_cmd.command("pair")
@FOLDER
@option("--date", "date_text", metavar="YYYY-MM-DD", help=N_("The date of the round's matches. Default: today."))
@json_flag
def event_pair_cmd(folder: str, date_text: Optional[str], as_json: bool) -> None:
    """Pair the next round: a match file per table in FOLDER (round-R-table-T.yaml), started as
    `gin-ref new` starts one (the event's rules; the first dealer drawn at random), printed as a table list.

    Refused while a match of the rounds paired is unfinished (each is named), and once the event is over.
    All or nothing: the table files are written first and the event file last, so an interrupted pairing
    leaves the event as it was (the files this run wrote are taken away; after a kill, pairing again
    writes anew the untouched files it left, and says so).

    \b
    Example:  gin-ref event pair night
    """
    paired = club.pair_round(folder, date_text, warn)
    if as_json:
        emit_json(written.paired_data(paired))
        return
    say(paired_text(paired.event, paired.round, folder, output_width()))


@event_cmd.command("standings")
@FOLDER
@json_option(N_("Print one JSON object: event, format, rounds, standings, pairings."))
def event_standings_cmd(folder: str, as_json: bool) -> None:
    """The event's standings: match points (win 1, bye 1, loss 0, a Hollywood tie ½), then the tie-breaks
    (round robin: head to head, then points difference; Swiss: Buchholz, then points difference; then
    seed), and the tables of the latest round.

    A table's match file that is missing or damaged, or holds other players or other house rules than the
    event's, is named and counted as not finished.

    \b
    Example:  gin-ref event standings night
              gin-ref event standings night --json
    """
    done = club.event_standings(folder)
    if as_json:
        emit_json(done.data)
    else:
        say(event_text(done.table, folder, output_width()))
    report_skipped(done.skipped)

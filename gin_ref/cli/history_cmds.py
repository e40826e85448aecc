"""``gin-ref export``, ``history`` and ``stats``: many match files at once.

Each command finds the match files, reads each with ``gin_ref.files.matchfile`` and tallies it with
``gin_ref.match.model`` (the same code as ``gin-ref tally``), then hands the matches to one pure call of
``gin_ref.views.export``, ``gin_ref.views.history`` or ``gin_ref.views.stats``.
"""

from __future__ import annotations

from typing import Iterable, List, Optional, Tuple, Union


import click

from gin_ref.cli.errors import warn
from gin_ref.cli.helptext import N_, Option, argument, command, option, said_line
from gin_ref.cli.options import json_option, output_width, wide_option
from gin_ref.cli.output import emit_json, say
from gin_ref.cli.progress import progress
from gin_ref.cli.sealcheck import say_warnings, strict_option
from gin_ref.desk import reports
from gin_ref.desk.errors import DeskError
from gin_ref.desk.language import gettext
from gin_ref.desk.exports import FORMATS, export
from gin_ref.desk.reading import Skipped, require
from gin_ref.views.export_html import DEFAULT_TITLE, PAPERS
from gin_ref.views import words
from gin_ref.views.history import history_text
from gin_ref.views.stats import progression_lines, results_left_out, stats_text

PATHS = argument("paths", nargs=-1, metavar="[DIR|MATCH]...",
                       type=click.Path(exists=True, path_type=str))


def report_skipped(skipped: Iterable[Skipped]) -> None:
    """One line on stderr per file left out, naming it as every reader does: ``skipped FILE:LINE: reason``."""
    for file, line, message in skipped:
        problem = words.said(message)  # a lower layer's message, in the reader's language
        warn(gettext("skipped %(file)s:%(line)s: %(problem)s") % {"file": file, "line": line, "problem": problem}
             if line else gettext("skipped %(file)s: %(problem)s") % {"file": file, "problem": problem})


# -- export ------------------------------------------------------------------------------------------------

class FormatsOption(Option):
    """``--format``: each format of the desk's registry and its words, in the language settled when shown."""

    @property
    def help(self) -> Optional[str]:
        return "; ".join(f"{entry.name}: {said_line(entry.help)}" for entry in FORMATS.values()) + "."

    @help.setter
    def help(self, value: Optional[str]) -> None:
        pass  # (the registry's words)


class TitleOption(Option):
    """``--title``: its default, the page's own title, shown by ``--help`` in the language settled (the page
    says it so: ``gin_ref.views.export_html.html_text``); the value given to the command stays the default."""

    def get_default(self, ctx: click.Context, call: bool = True) -> object:
        value = super().get_default(ctx, call=call)
        return gettext(DEFAULT_TITLE) if not call and value == DEFAULT_TITLE else value  # (help asks uncalled)


@command("export")
@option("--format", "fmt", cls=FormatsOption, type=click.Choice(list(FORMATS)), default="csv", show_default=True)
@option("--output", "-o", type=click.Path(dir_okay=False, writable=True, path_type=str), metavar="FILE",
        callback=lambda ctx, param, value: _file_name("--output", value),
        help=N_("Write to FILE (never left half-written). Default: standard output."))
@option("--force", is_flag=True,
        help=N_("Replace FILE if it exists (never a match record: export does not write over one)."))
@option("--title", cls=TitleOption, default=DEFAULT_TITLE, show_default=True, metavar="TEXT",
        help=N_("html: the page's title, printed at its top."))
@option("--paper", type=click.Choice(sorted(PAPERS)), default="a4", show_default=True,
        help=N_("html: the paper size the page prints on."))
@argument("matches", nargs=-1, required=True, metavar="MATCH...",
          type=click.Path(exists=True, path_type=str))
@strict_option
def export_cmd(fmt: str, output: Optional[str], title: str, paper: str, matches: Tuple[str, ...], force: bool,
               strict: bool) -> None:
    """Export match files as CSV, JSON, Markdown or a self-contained HTML page.

    MATCH is a match file or a directory of them. Every match must be readable: a damaged one stops the
    export (exit 1) and names the file and line. Matches come out in the order given.

    \b
    The html page is a score sheet to post or print: the standings of several
    matches, then each match headed by its players and date, its hands, bonuses
    and final score, and a chart of the running totals (Hollywood: one per game).
    It prints one match to a page where it fits.

    \b
    Spreadsheet:   gin-ref export --format csv examples/*.yaml > hands.csv
    Score sheet:   gin-ref export --format html --title "Club night"
                     --output sheet.html examples/
    """
    done = export(matches, fmt, output, force, strict, progress, title=title, paper=paper)
    say_warnings(done.warnings)
    _write_chunks(done.chunks)


def _write_chunks(chunks: Iterable[Union[str, bytes]], size: int = 1 << 20) -> None:
    """Write text pieces to standard output in batches of about ``size`` characters."""
    batch: List[str] = []
    held = 0
    for chunk in chunks:  # (text: no format in the registry gives bytes yet)
        text = chunk.decode("utf-8") if isinstance(chunk, bytes) else chunk
        batch.append(text)
        held += len(text)
        if held >= size:
            click.echo("".join(batch), nl=False)
            batch, held = [], 0
    if batch:
        click.echo("".join(batch), nl=False)


def _file_name(option: str, value: Optional[str]) -> Optional[str]:
    if value == "":
        raise click.UsageError(gettext("%(option)s needs a file name") % {"option": option})
    return value


# -- history -----------------------------------------------------------------------------------------------

@command("history")
@wide_option
@PATHS
@json_option(N_("Print one JSON object: matches and skipped files."))
@strict_option
def history_cmd(paths: Tuple[str, ...], as_json: bool, strict: bool) -> None:
    """One line per match, newest first: date, players, rules, winner, final score, hands.

    DIR is searched (with its subfolders) for match files: *.yaml and *.yml files whose `format:` is
    gin-ref-match (a rules file is not a match and is passed over). A damaged match file is named and
    skipped. Default: the current folder. Exit 1 when no readable match is found.

    \b
    Example:  gin-ref history examples/
              gin-ref history --json club/2024 club/2025
    """
    done = reports.history(paths, strict, progress)
    say_warnings(done.warnings)
    if as_json:
        emit_json(done.data)
    elif done.matches.views:
        say(history_text(done.matches.views, output_width()))
    if not as_json:
        report_skipped(done.matches.skipped)
    require(done.matches, paths)


# -- stats -------------------------------------------------------------------------------------------------

@command("stats")
@wide_option
@PATHS
@option("--player", metavar="NAME", help=N_("Only this player (the name as recorded, in any case)."))
@json_option(N_("Print one JSON object: player name -> statistics."))
def stats_cmd(paths: Tuple[str, ...], player: Optional[str], as_json: bool) -> None:
    """Statistics per player over all matches found, and each player's score progression.

    Counts: matches played and won; hands won; knocks (knock or undercut) and gins (gin or big gin) made;
    undercuts given (the player, defending, undercut the knocker) and taken (the player knocked and was
    undercut); average points per hand won; average deadwood when knocking (gins not counted). The score
    progression (running totals match by match) is printed with --player and is always in --json.

    DIR and MATCH as for `gin-ref history`; a damaged file is named and skipped.

    \b
    Example:  gin-ref stats examples/
              gin-ref stats --player Ann --json examples/
    """
    try:
        done = reports.stats(paths, player, progress)
    except DeskError as exc:  # the files left out are said first
        if isinstance(exc.done, reports.PlayerStats):
            report_skipped(exc.done.matches.skipped)
        raise
    report_skipped(done.matches.skipped)
    if as_json:
        emit_json(done.data)
        return
    say(stats_text(done.stats, output_width()))
    left_out = results_left_out(done.matches.views, player)
    if left_out:
        click.echo(words.results_left_out_words(left_out))
    for name in done.stats if player is not None else ():  # the name as recorded (each spelling, if several)
        say("")
        say("\n".join(progression_lines(name, done.stats[name])))

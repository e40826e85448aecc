"""``gin-ref export``, ``history`` and ``stats``: many match files at once.

Each command finds the match files, reads each with ``gin_ref.files.matchfile`` and tallies it with
``gin_ref.match.model`` (the same code as ``gin-ref tally``), then hands the matches to one pure call of
``gin_ref.views.export``, ``gin_ref.views.history`` or ``gin_ref.views.stats``.
"""

import os
import re

import click

from gin_ref.cli.sealcheck import report_views, strict_option

from gin_ref.cli.errors import shown_name, warn
from gin_ref.cli.options import json_option, output_width, wide_option
from gin_ref.cli.output import emit_json, say
from gin_ref.core.errors import GinRefError, RecordError
from gin_ref.views.export import FORMATS, render
from gin_ref.views.export_html import DEFAULT_TITLE, PAPERS
from gin_ref.files.matchfind import candidates
from gin_ref.views.history import MatchView, claims_match, history_data, history_text
from gin_ref.match.schema import FORMAT
from gin_ref.match.tally import tally_of

PATHS = click.argument("paths", nargs=-1, metavar="[DIR|MATCH]...",
                       type=click.Path(exists=True, path_type=str))


# -- finding and reading matches ---------------------------------------------------------------------------

PARALLEL_FROM = 64  # files; fewer are read in this process (starting workers costs more than it saves)


def read_view(file, named=True):
    """One match file as a MatchView, read and replayed strictly by ``gin_ref.files.matchfile`` (as ``tally``
    does). None when a file found in a folder is YAML but not a match; RecordError naming the file when it is
    a damaged match, or a file found that cannot be read as YAML at all."""
    from gin_ref.files import matchfile
    from gin_ref.files.matchread import read_record

    found = read_record(file, claims_match, named)
    if found is None:
        return None
    rec, digest = found
    from gin_ref.cli.sealcheck import failed_seals

    return MatchView(shown_name(file), matchfile.record_data(rec), tally_of(rec.match), tuple(failed_seals(rec.match)),
                     digest)


def _read_one(item):
    """``(file, view, problem)`` for one candidate; problem is ``(line, message)`` (it crosses processes)."""
    file, named = item
    shown = shown_name(file)  # a name that is not UTF-8 is shown with its bytes escaped
    try:
        return shown, read_view(file, named), None
    except RecordError as exc:
        return shown, None, (exc.line, exc.message)
    except GinRefError as exc:
        return shown, None, (None, str(exc))
    except OSError as exc:  # not damaged: gin-ref may not read it (permissions), or the disk failed
        words = exc.strerror or str(exc)
        return shown, None, (None, _UNREADABLE + words[:1].lower() + words[1:])


def read_matches(paths):
    """``(views, skipped)``: every readable match in ``paths`` (in the order found), and
    ``(file, line, message)`` for each match file that cannot be read (line None when not known). Many
    files are read by a pool of processes."""
    return read_items(candidates(paths))


def read_items(items, read=_read_one):
    """``(views, skipped)`` of ``candidates``' items, each read by ``read`` (a top-level function, as
    ``_read_one``: it may run in another process); see ``read_matches``."""
    from gin_ref.cli.progress import progress

    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    workers = min(cpus, 8)
    results = None
    with progress(len(items), "reading matches") as bar:  # (on stderr, past half a second: cli.progress)
        if len(items) >= PARALLEL_FROM and workers > 1:
            from concurrent.futures import ProcessPoolExecutor
            from concurrent.futures.process import BrokenProcessPool

            try:
                with ProcessPoolExecutor(workers) as pool:
                    results = []
                    for done in pool.map(read, items, chunksize=max(1, len(items) // (workers * 4))):
                        results.append(done)
                        bar.update(1)
            except (OSError, NotImplementedError, BrokenProcessPool):  # no processes here: read them in this one
                results = None
                bar.done = 0
        if results is None:
            results = []
            for item in items:
                results.append(read(item))
                bar.update(1)
    views, skipped = [], []
    for file, view, problem in results:
        if problem is not None:
            skipped.append((file, *problem))
        elif view is not None:
            views.append(view)
    return views, skipped


def _skipped_text(skipped):
    """``(file, error)`` pairs for people and ``history --json``: the error says the line when known."""
    return [(file, f"line {line}: {message}" if line else message) for file, line, message in skipped]


def _report_skipped(skipped):
    """One line on stderr per file left out, naming it as every reader does: ``skipped FILE:LINE: reason``."""
    for file, line, message in skipped:
        warn(f"skipped {file}:{line}: {message}" if line else f"skipped {file}: {message}")


def warn_look_alikes(views):
    """A warning on stderr for each two players' names, in different matches, that look alike (``Ann`` and
    ``Аnn`` with a Cyrillic А): counted as two players, naming both spellings and their files."""
    from gin_ref.match.names import differing, look_alikes_across

    for name, file, other, other_file in look_alikes_across((view.file, view.players) for view in views):
        warn(f"warning: players '{name}' ({file}) and '{other}' ({other_file}) look alike "
             f"({differing(name, other)}): they are counted as two players")


_UNREADABLE = "cannot read the file: "


def _require(views, skipped, paths):
    """Exit 1 when no readable match was found."""
    if not views:
        where = ", ".join(paths) if paths else "."
        unreadable = sum(1 for _file, _line, message in skipped if message.startswith(_UNREADABLE))
        counts = [f"{count} {what}" for count, what in ((len(skipped) - unreadable, "damaged"),
                                                        (unreadable, "unreadable")) if count]
        damaged = f" ({', '.join(counts)})" if counts else ""
        raise RecordError(f"no readable match file in {where}{damaged}")


# -- export ------------------------------------------------------------------------------------------------

@click.command("export")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="csv", show_default=True,
              help="csv: one row per hand; json: everything in the records; markdown: the tally tables; "
                   "html: one page to print or post, with a chart.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True, path_type=str),
              callback=lambda ctx, param, value: _file_name("--output", value),
              help="Write to FILE (never left half-written). Default: standard output.")
@click.option("--force", is_flag=True,
              help="Replace FILE if it exists (never a match record: export does not write over one).")
@click.option("--title", default=DEFAULT_TITLE, show_default=True, metavar="TEXT",
              help="html: the page's title, printed at its top.")
@click.option("--paper", type=click.Choice(sorted(PAPERS)), default="a4", show_default=True,
              help="html: the paper size the page prints on.")
@click.argument("matches", nargs=-1, required=True, metavar="MATCH...",
                type=click.Path(exists=True, path_type=str))
@strict_option
def export_cmd(fmt, output, title, paper, matches, force, strict):
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
    found = candidates(matches)
    if output is not None:
        _may_write(output, force, [file for file, _ in found])
    views, skipped = read_items(found)
    if skipped:
        file, line, message = skipped[0]
        raise RecordError(message, line=line, path=file)
    _require(views, skipped, matches)
    report_views(views, strict)
    if fmt == "json" and output is None:  # streamed: the text is written as it is encoded
        from gin_ref.views.export import json_chunks

        _write_chunks(json_chunks(views))
        return
    event = _event_of(matches) if fmt == "html" else None
    if event is not None:  # an event's folder: its matches in round and table order, as the event pairs them
        order = [os.path.basename(t["file"]) for rnd in event["pairings"] for t in rnd["tables"]]
        views = sorted(views, key=lambda view: (order.index(os.path.basename(view.file))
                                                if os.path.basename(view.file) in order else len(order)))
    text = render(fmt, views, title=title, paper=paper, event=event) if fmt == "html" else render(fmt, views)
    if output is None:
        click.echo(text, nl=False)
    else:
        from gin_ref.files.matchfile import write_atomic

        write_atomic(output, text)


def _event_of(paths):
    """The ``event standings --json`` object when ``paths`` is one event's folder (its event.yaml), else
    None: the sheet of an event ranks its players as the event does, not as the club's standings would."""
    from gin_ref.files import eventfile

    if len(paths) != 1 or not os.path.isfile(eventfile.event_path(paths[0])):
        return None
    from gin_ref.cli.club_cmds import table_results
    from gin_ref.views.event_view import event_data

    event = eventfile.load(paths[0])
    return event_data(event, table_results(paths[0], event)[0], paths[0])


def _write_chunks(chunks, size=1 << 20):
    """Write text pieces to standard output in batches of about ``size`` characters."""
    batch, held = [], 0
    for chunk in chunks:
        batch.append(chunk)
        held += len(chunk)
        if held >= size:
            click.echo("".join(batch), nl=False)
            batch, held = [], 0
    click.echo("".join(batch), nl=False)


_FAMILY = re.escape(FORMAT.split("/")[0] + "/")
# A match record's top says so: a top-level YAML key (at the start of a line), or a JSON object's first key.
_MATCH_FORMAT = re.compile(rf"""^["']?format["']?[ \t]*:[ \t]*["']?{_FAMILY}"""
                           rf"""|\A(?:\s|#[^\n]*|---)*\{{\s*["']?format["']?\s*:\s*["']?{_FAMILY}""", re.MULTILINE)
_LOOK_AT = 64 * 1024  # bytes read from the top of an existing --output file to see if it is a match record


def _may_write(output, force, inputs):
    """Refuse an --output that is a match record (one being exported, or any file whose top says it is a
    gin-ref match, even a damaged one), or an existing file without --force."""
    real = os.path.realpath(output)
    shown = shown_name(output)
    if not os.path.exists(real):
        return
    is_match = real in {os.path.realpath(file) for file in inputs}
    if not is_match and os.path.isfile(real):
        try:
            with open(real, "rb") as handle:
                top = handle.read(_LOOK_AT).decode("utf-8", "replace")
        except OSError:
            top = ""
        is_match = _MATCH_FORMAT.search(top) is not None
    if is_match:
        raise RecordError(f"{shown} is a match record: export never writes over one (give another --output FILE)")
    if not force:
        raise RecordError(f"{shown} already exists: give --force to replace it, or another --output FILE")


def _file_name(option, value):
    if value == "":
        raise click.UsageError(f"{option} needs a file name")
    return value


# -- history -----------------------------------------------------------------------------------------------

@click.command("history")
@wide_option
@PATHS
@json_option("Print one JSON object: matches and skipped files.")
@strict_option
def history_cmd(paths, as_json, strict):
    """One line per match, newest first: date, players, rules, winner, final score, hands.

    DIR is searched (with its subfolders) for match files: *.yaml and *.yml files whose `format:` is
    gin-ref-match (a rules file is not a match and is passed over). A damaged match file is named and
    skipped. Default: the current folder. Exit 1 when no readable match is found.

    \b
    Example:  gin-ref history examples/
              gin-ref history --json club/2024 club/2025
    """
    views, skipped = read_matches(paths)
    report_views(views, strict)
    data = history_data(views, _skipped_text(skipped))
    if as_json:
        emit_json(data)
    elif views:
        say(history_text(views, data, output_width()))
    if not as_json:
        _report_skipped(skipped)
    _require(views, skipped, paths)


# -- stats -------------------------------------------------------------------------------------------------

@click.command("stats")
@wide_option
@PATHS
@click.option("--player", metavar="NAME", help="Only this player (the name as recorded, in any case).")
@json_option("Print one JSON object: player name -> statistics.")
def stats_cmd(paths, player, as_json):
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
    from gin_ref.views import words
    from gin_ref.views.stats import player_stats, progression_lines, results_left_out, stats_text

    views, skipped = read_matches(paths)
    _report_skipped(skipped)
    _require(views, skipped, paths)
    stats = player_stats(views, player)
    if player is not None and not stats:
        raise RecordError(f"player '{player}' is in none of the {len(views)} matches read")
    if as_json:
        emit_json(stats)
        return
    say(stats_text(stats, output_width()))
    left_out = results_left_out(views, player)
    if left_out:
        click.echo(words.results_left_out_words(left_out))
    for name in stats if player is not None else ():  # the name as recorded (each spelling, if several)
        say("")
        say("\n".join(progression_lines(name, stats[name])))

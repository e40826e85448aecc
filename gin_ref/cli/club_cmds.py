"""``gin-ref standings`` and ``gin-ref event new|pair|standings``: the club's league table and its evenings.

Thin wrappers: matches are found and read by the history machinery (``gin_ref.cli.history_cmds``), the
league table is ``gin_ref.views.standings``, an event's pairings and tie-breaks are ``gin_ref.club``, its
file is ``gin_ref.files.eventfile``, and each table's match file is started as ``gin-ref new`` starts one.
"""

import datetime
import os
import signal
from contextlib import contextmanager

import click

from gin_ref.cli.errors import shown_name, warn
from gin_ref.cli.history_cmds import (PATHS, _read_one, _report_skipped, _require, _skipped_text, candidates,
                                     read_items, warn_look_alikes)
from gin_ref.cli.options import WholeNumber, json_option, output_width, rules_option
from gin_ref.cli.sealcheck import report_views, strict_option
from gin_ref.cli.output import emit_json, say
from gin_ref.core.errors import InvalidNotationError, RecordError


def read_summaries(paths):
    """``(views, skipped)`` as ``read_matches`` gives them, each view holding only the match's summary
    (``gin_ref.views.standings.summary_of``): a file whose bytes are those of a summary kept is not
    replayed again (``gin_ref.files.summaries``)."""
    from gin_ref.files.summaries import SummaryCache
    from gin_ref.views.standings import summary_of, view_of_summary

    items = candidates(paths)
    cache = SummaryCache.load()
    found, misses, seen = {}, [], {}
    for file, named in items:
        summary, seen[file] = cache.get(file)
        if summary is not None:
            found[file] = view_of_summary(shown_name(file), summary)
        else:
            misses.append((file, named))
    read, skipped = read_items(misses, _read_summary)
    real = {shown_name(file): file for file, _ in misses}  # a view names its file as shown (escaped)
    for view in read:
        file = real.get(view.file, view.file)
        found[file] = view
        cache.put(file, seen.get(file), summary_of(view), view.digest)
    cache.save()
    return [found[file] for file, _ in items if file in found], skipped


def _read_summary(item):
    """``_read_one``, giving back only the summary of a match (less to send between processes)."""
    from gin_ref.views.standings import summary_of, view_of_summary

    file, view, problem = _read_one(item)
    if view is None:
        return file, None, problem
    return file, view_of_summary(file, summary_of(view), view.digest), problem


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
@json_option("Print one JSON object: standings, open, skipped.")
@strict_option
def standings_cmd(paths, since, until, by, as_json, strict):
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
    from gin_ref.views.history import oldest_first, paid_notes
    from gin_ref.views.standings import in_window, standings, standings_text

    views, skipped = read_summaries(paths)
    report_views(views, strict)
    warn_look_alikes(views)
    data = standings(views, since, until, by)
    notes = paid_notes(view for view in oldest_first(views) if in_window(view, since, until))
    data["skipped"] = [{"file": file, "error": error} for file, error in _skipped_text(skipped)]
    if as_json:
        emit_json(data)
    else:
        if views:
            say(standings_text(data, notes, output_width()))
        _report_skipped(skipped)
    _require(views, skipped, paths)


# -- events ------------------------------------------------------------------------------------------------

FOLDER = click.argument("folder", type=click.Path(file_okay=False, path_type=str))


@click.group("event")
def event_cmd():
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
@click.option("--format", "system", type=click.Choice(["round-robin", "swiss"]), required=True,
              help="round-robin: every pair meets once (circle method); swiss: players on equal points meet.")
@click.option("--rounds", type=WholeNumber(min=1), help="Swiss: how many rounds. Default: log2 of the players, "
              "rounded up. A round robin's rounds are fixed by the number of players.")
@rules_option("House rules of every table: a two-player preset or a YAML file. Default: oklahoma.")
@click.option("--date", "date_text", metavar="YYYY-MM-DD", help="The event's date. Default: today.")
@click.argument("players", nargs=-1, required=True, metavar="PLAYER...")
def event_new_cmd(folder, system, rounds, rules_spec, date_text, players):
    """Start an event in FOLDER (made if missing): the players in seed order, the format, the rules.

    The seeding fixes a round robin's schedule and breaks every tie of a Swiss. Events are for two-player
    rules (three-player rules are refused).

    \b
    Example:  gin-ref event new night --format round-robin --rules standard \\
                Ann Ben Cid Dee
    """
    from gin_ref.cli.match_cmds import _date
    from gin_ref.club.event import Event, check_rules
    from gin_ref.core.errors import IllegalActionError
    from gin_ref.files import eventfile
    from gin_ref.files.rulesfile import load_rules
    from gin_ref.views.event_view import started_text

    name = os.path.basename(os.path.realpath(folder))
    rules = load_rules(rules_spec)
    try:
        check_rules(rules)
    except IllegalActionError as exc:  # rules the event cannot seat are bad input, as `new` with too few players
        raise InvalidNotationError(str(exc)) from None
    event = Event.new(name, system, list(players), rules, _date(date_text), rounds)
    eventfile.create(folder, event)
    say(started_text(event, folder))


@event_cmd.command("pair")
@FOLDER
@click.option("--date", "date_text", metavar="YYYY-MM-DD", help="The date of the round's matches. Default: today.")
def event_pair_cmd(folder, date_text):
    """Pair the next round: a match file per table in FOLDER (round-R-table-T.yaml), started as
    `gin-ref new` starts one (the event's rules; the first dealer drawn at random), printed as a table list.

    Refused while a match of the rounds paired is unfinished (each is named), and once the event is over.
    All or nothing: the table files are written first and the event file last, so an interrupted pairing
    leaves the event as it was (the files this run wrote are taken away; after a kill, pairing again
    writes anew the untouched files it left, and says so).

    \b
    Example:  gin-ref event pair night
    """
    from gin_ref.cli.match_cmds import _date, start_match
    from gin_ref.files import eventfile, filewrite
    from gin_ref.views.event_view import paired_text

    date = _date(date_text)
    written, commits = [], filewrite.commits  # the table files this run writes; the files written before it
    event = None
    try:
        # the event file is written last, as the block ends
        with _term_as_interrupt(), eventfile.updating(folder) as event:
            results, _skipped = table_results(folder, event)
            rnd = event.next_round(results, lambda file: os.path.join(folder, file))
            if event.note:
                warn(f"note: {event.note}")
            left = []
            for t in rnd.tables:  # refuse before writing any of them
                path = os.path.join(folder, t.file)
                if os.path.lexists(path):
                    if not eventfile.left_by_a_pairing(path, t, event):
                        raise RecordError(f"{path} already exists: move it away, then pair again")
                    left.append(path)
            if left:
                warn(f"note: round {rnd.number} was being paired when an earlier run stopped: the event does not "
                     f"know the {len(left)} table file{'s' if len(left) > 1 else ''} it left "
                     f"({', '.join(left)}); nothing was recorded in them, so they are written again")
            for t in rnd.tables:
                path = os.path.join(folder, t.file)
                written.append((path, t))  # before: a stop may come once it is in place, before the call returns
                start_match(path, t.players, event.rules, date, force=path in left)
            event.add_round(rnd)
    except BaseException:  # Ctrl-C, a kill's SIGTERM, a full disk: unless the event names the round now,
        if _take_back(folder, event, written):  # its tables go too: the event is as it was
            filewrite.commits = commits  # and Ctrl-C's message says nothing of this command was written
        raise
    say(paired_text(event, rnd, folder, output_width()))


@contextmanager
def _term_as_interrupt():
    """A kill's SIGTERM stops the block as Ctrl-C does (KeyboardInterrupt), so that it can take back what it
    wrote; outside the main thread, nothing changes."""
    def stop(signum, frame):
        raise KeyboardInterrupt

    try:
        before = signal.signal(signal.SIGTERM, stop)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _take_back(folder, event, tables):
    """After an ``event pair`` that stopped: remove the table files it was writing (``(path, Table)``), each
    that is there and as the pairing writes it (``eventfile.left_by_a_pairing``), unless the event file was
    written (it names them: the round is paired). True when they were taken back."""
    from gin_ref.files import eventfile

    if not tables:
        return False
    try:
        named = {os.path.join(folder, t.file) for rnd in eventfile.load(folder).rounds for t in rnd.tables}
    except Exception:  # the event file cannot say: it was not written by this run
        named = set()
    if any(path in named for path, _table in tables):
        return False
    for path, table in tables:
        if os.path.lexists(path) and eventfile.left_by_a_pairing(path, table, event):
            try:
                os.unlink(path)
            except OSError:
                pass
    return True


@event_cmd.command("standings")
@FOLDER
@json_option("Print one JSON object: event, format, rounds, standings, pairings.")
def event_standings_cmd(folder, as_json):
    """The event's standings: match points (win 1, bye 1, loss 0, a Hollywood tie ½), then the tie-breaks
    (round robin: head to head, then points difference; Swiss: Buchholz, then points difference; then
    seed), and the tables of the latest round.

    A table's match file that is missing or damaged, or holds other players or other house rules than the
    event's, is named and counted as not finished.

    \b
    Example:  gin-ref event standings night
              gin-ref event standings night --json
    """
    from gin_ref.files import eventfile
    from gin_ref.views.event_view import event_data, event_text

    event = eventfile.load(folder)
    results, skipped = table_results(folder, event)
    data = event_data(event, results, folder)
    if as_json:
        emit_json(data)
    else:
        say(event_text(data, folder, output_width()))
    for file, line, error in skipped:
        click.echo(f"skipped {file}:{line}: {error}" if line else f"skipped {file}: {error}", err=True)


def table_results(folder, event):
    """``({file name: Result}, [(path, line, error)])`` for every table of the rounds paired (line None
    when the problem has none). A file that is missing, damaged, or holds other players or house rules than
    the event's is a problem, and its table counts as not finished."""
    from gin_ref.club.event import Result

    names = {os.path.join(folder, t.file): t for rnd in event.rounds for t in rnd.tables}
    present = [path for path in names if os.path.lexists(path)]
    views, skipped = read_summaries(present) if present else ([], [])
    problems = [(path, None, "missing: the table's match file is not there") for path in names if path not in present]
    problems += skipped
    results = {names[path].file: Result.unplayed(error)
               for (path, _line, _error), (_file, error) in zip(problems, _skipped_text(problems))}
    for view in views:
        t = names[view.file]
        error = None
        if sorted(name.casefold() for name in view.players) != sorted(name.casefold() for name in t.players):
            error = f"holds {', '.join(view.players)}, not the table's {' and '.join(t.players)}"
        elif view.record["rules"]["knobs"] != event.record["rules"]["knobs"]:
            error = (f"is played under other house rules ({view.record['rules']['name']}) than the event's "
                     f"({event.rules.name})")
        if error is not None:
            problems.append((view.file, None, error))
            results[t.file] = Result.unplayed(error)
        else:
            results[t.file] = _in_event_names(Result.of_tally(view.tally.data()), t.players)
    return results, problems



def _in_event_names(result, players):
    """A Result with the names spelled as the event spells them (a match file names them without case)."""
    spelled = {name.casefold(): name for name in players}
    final = None if result.final is None else {spelled.get(k.casefold(), k): v for k, v in result.final.items()}
    winner = None if result.winner is None else spelled.get(result.winner.casefold(), result.winner)
    return result._replace(winner=winner, final=final)

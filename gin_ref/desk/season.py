"""A season kept on paper, entered from a spreadsheet's CSV (``result --input FILE.csv --into FOLDER``).

Each row is recorded as ``record_result`` records one match (``paper_match``, ``resultonly.paper_result``:
checked the same way). Into a plain folder, each row starts a match file of its own (``DATE-table-N.yaml``,
N counting the rows of that date, as a pairing names a round's tables); into an event's folder (it holds
``event.yaml``), each row must be a table of the round paired last that holds nothing yet, and takes its
result there. All or nothing: every row is checked before any file is written, every problem is listed with
the CSV's line (``DeskError.done``: ``[(line, message)]`` in line order), and a run that stops while
writing takes back what it wrote.
"""

from __future__ import annotations

import os
from contextlib import ExitStack
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from gin_ref.core.errors import GinRefError, IllegalActionError
from gin_ref.core.escape import shown_path
from gin_ref.desk import language
from gin_ref.desk.acts import NAME_NOT_TEXT, check_text
from gin_ref.desk.club import term_as_interrupt
from gin_ref.desk.corrections import paper_match, same_players
from gin_ref.desk.errors import N_, Nn_, DeskError, Kind, refusal, refuse, refused, said
from gin_ref.files import eventfile, filewrite, matchfile, seasoncsv, store
from gin_ref.match import resultonly
from gin_ref.match.model import Match
from gin_ref.match.resultonly import PaperResult
from gin_ref.views.tally_text import versus

Problem = Tuple[int, str]  # the CSV's line, what is wrong with the row
Recorded = Tuple[str, PaperResult]  # a match file written, and the result it holds


class Season(NamedTuple):
    """A season recorded: the CSV file, and each match file written with its result."""

    csv_path: str
    recorded: List[Recorded]


def record_season(csv_path: str, folder: str, rules: Optional[str] = None) -> Season:
    """Record every row of ``csv_path`` into ``folder`` (see the module), or refuse them all: a refusal
    lists the problems as ``DeskError.done``. An event's folder takes no ``rules`` (its own)."""
    try:
        rows, found = seasoncsv.read_season(csv_path)
        problems: List[Problem] = [(line, text if isinstance(text, str) else  # a file's words, in the reader's
                                    text.say(language.gettext, language.ngettext)) for line, text in found]
        if os.path.lexists(eventfile.event_path(folder)):
            if rules is not None:
                raise refuse(Kind.NOTATION, N_("%(event)s is an event: its rules are its own"), event=folder)
            done = _into_event(csv_path, folder, rows, problems)
        else:
            done = _into_folder(csv_path, folder, rows, problems, rules)
    except DeskError:
        raise
    except GinRefError as exc:
        raise refused(exc) from exc
    return Season(csv_path, done)


def _refuse(csv_path: str, problems: List[Problem]) -> None:
    """The one error for every problem (listed with it, in line order): nothing written."""
    count = len(problems)
    error = refuse(Kind.RECORD, Nn_("%(path)s: %(count)d problem (listed above): nothing was recorded",
                                    "%(path)s: %(count)d problems (listed above): nothing was recorded"),
                   path=shown_path(csv_path), count=count)
    error.done = sorted(problems, key=lambda problem: problem[0])
    raise error


def _pairs(row: Any) -> Tuple[List[Tuple[str, str]], List[Tuple[str, str]]]:
    pairs = list(zip(row.players, row.points))
    won = list(zip(row.players, row.hands)) if row.hands else []
    return pairs, won


# -- a plain folder: a new match file a row ---------------------------------------------------------------

def _into_folder(csv_path: str, folder: str, rows: List[Any], problems: List[Problem],
                 rules_spec: Optional[str]) -> List[Recorded]:
    from gin_ref.desk.rules import load_rules  # late: a rule set read by name loads yaml

    rules = load_rules(rules_spec)
    if rules.scoring == "hollywood" or (rules.games or 1) > 1:  # said once, not on every row
        raise IllegalActionError(resultonly.HOLLYWOOD if rules.scoring == "hollywood" else resultonly.SEVERAL_GAMES)
    if rules.players != 2:
        raise refuse(Kind.NOTATION, Nn_("the %(rules)s rules are for %(count)d player: a season's CSV holds "
                                        "two-player matches (player1, player2)",
                                        "the %(rules)s rules are for %(count)d players: a season's CSV holds "
                                        "two-player matches (player1, player2)"), rules=rules.name, count=rules.players)
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise refuse(Kind.NOTATION, N_("%(path)s is not a folder: name the folder the match files go in"),
                     path=shown_path(folder))
    per_date: Dict[str, int] = {}
    for row in rows:
        per_date[row.date] = per_date.get(row.date, 0) + 1
    numbered: Dict[str, int] = {}
    planned: List[Tuple[str, Match]] = []
    for row in rows:
        pairs, won = _pairs(row)
        try:
            for name in row.players:
                check_text(name, NAME_NOT_TEXT)
            match = paper_match(rules, row.date, pairs, won)
        except GinRefError as exc:
            problems.append((row.line, said(exc)))
            continue
        # the next name of the date no file has: a match recorded before keeps its file, and a row that
        # holds the same result as such a file was recorded already (the CSV given twice)
        width = len(str(per_date[row.date]))
        while True:
            numbered[row.date] = numbered.get(row.date, 0) + 1
            path = os.path.join(folder, f"{row.date}-table-{numbered[row.date]:0{width}d}.yaml")
            if not os.path.lexists(path):
                planned.append((path, match))
                break
            if _same_result(path, match):
                problems.append((row.line, said(refusal(Kind.RECORD, N_(
                    "recorded already in %(path)s (the same players and points): leave the row out of the CSV"),
                    path=shown_path(path)))))
                break
    if problems:
        _refuse(csv_path, problems)
    return _write_new(folder, planned)


def _same_result(path: str, match: Match) -> bool:
    """Does the match file at ``path`` hold the result of ``match`` (its date, players and points)? A file
    that cannot be read holds none."""
    try:
        there = matchfile.load(path).match.state
    except (GinRefError, OSError):
        return False
    here = match.state
    if str(there.header.date) != str(here.header.date):
        return False
    scores = there.paper.scores if there.paper is not None else {}
    wanted = here.paper.scores if here.paper is not None else {}
    return ({k.casefold(): v for k, v in scores.items()} == {k.casefold(): v for k, v in wanted.items()})


def _write_new(folder: str, planned: List[Tuple[str, Match]]) -> List[Recorded]:
    """Write each new match file; should one fail (a full disk, Ctrl-C, a kill), the ones written go again."""
    made_folder = not os.path.isdir(folder)
    written: List[str] = []
    try:
        with term_as_interrupt():
            if made_folder:
                os.mkdir(folder)
            for path, match in planned:
                store.create(path, match)
                written.append(path)
    except BaseException:
        for path in written:
            try:
                os.unlink(path)
                filewrite.taken_back()  # (so an interrupt says nothing was written, as it is)
            except OSError:
                pass
        if made_folder:
            try:
                os.rmdir(folder)
            except OSError:
                pass
        raise
    return [(path, _paper(match)) for path, match in planned]


# -- an event: the tables of the round paired last ---------------------------------------------------------

def _into_event(csv_path: str, folder: str, rows: List[Any], problems: List[Problem]) -> List[Recorded]:
    event = eventfile.load(folder)
    if not event.rounds:
        raise refuse(Kind.RECORD, N_("%(unpaired)s: no round is paired yet: pair one, then enter its results"),
                     unpaired=shown_path(folder))
    rnd = event.rounds[-1]
    tables = {frozenset(name.casefold() for name in t.players): t for t in rnd.tables}
    taken: Dict[int, int] = {}
    planned: List[Tuple[Any, str]] = []
    for row in rows:
        table = tables.get(frozenset(name.casefold() for name in row.players))
        if table is None:
            listed = ", ".join(versus(t.players) for t in rnd.tables)
            problems.append((row.line, said(refusal(Kind.RECORD, N_(
                "%(players)s is not a table of round %(round)d (its tables: %(tables)s)"),
                players=versus(row.players), round=rnd.number, tables=listed))))
        elif table.number in taken:
            problems.append((row.line, said(refusal(Kind.RECORD, N_(
                "table %(table)d (%(players)s) is given twice (line %(line)d too)"),
                table=table.number, players=versus(table.players), line=taken[table.number]))))
        else:
            taken[table.number] = row.line
            planned.append((row, os.path.join(folder, table.file)))
    entries: List[Tuple[matchfile.Record, Any]] = []  # (the tables of the rows read are checked even when other rows have problems: all are listed)
    with ExitStack() as stack:  # every table locked and checked first; each written back as the block ends
        records = [(row, stack.enter_context(store.change(path))) for row, path in planned]
        for row, rec in records:
            match = rec.match
            pairs, won = _pairs(row)
            try:
                match.verify_no_hands(shown_path(rec.path))
                # (a result there too: 'already holds a result')
                if str(match.state.header.date) != row.date:
                    raise refuse(Kind.NOTATION, N_("date %(date)s: round %(round)d's table %(path)s is of %(other)s"),
                                 date=row.date, round=rnd.number, path=shown_path(rec.path),
                                 other=str(match.state.header.date))
                same_players(match.players, list(row.players))
                entries.append((rec, resultonly.paper_result(match.players, match.rules, pairs, won)))
            except GinRefError as exc:
                problems.append((row.line, said(exc)))
        if problems:
            _refuse(csv_path, problems)  # (raises: the block ends on it and writes nothing)
        for rec, entry in entries:
            rec.match.put_result(entry)
    return [(rec.path, _paper(rec.match)) for rec, _entry in entries]


def _paper(match: Match) -> PaperResult:
    """A result-only match's result, as the replay read it."""
    scores = match.state.paper
    assert scores is not None  # written just now
    return scores

"""Checking match records: ``verify`` replays each file through the engine and reports every problem as
FILE:LINE: message, or the file's ok line with what it holds besides its hands (irregularities, notes,
rulings, seals).
"""

from __future__ import annotations

from typing import Optional, Tuple

import os
import sys


from gin_ref.cli.errors import one_line, shown_name, warn
from gin_ref.cli.helptext import N_, argument, command, option
from gin_ref.cli.options import json_option, match_file, match_option
from gin_ref.cli.output import emit_json, say
from gin_ref.cli.progress import progress
from gin_ref.desk.language import gettext, ngettext
from gin_ref.desk.seals import said_as
from gin_ref.desk.verify import Verified, expand, verify_file
from gin_ref.views import words


@command("verify")
@match_option
@json_option(N_("Print one JSON object: each file and its problems."))
@option("--strict", is_flag=True, help=N_("Exit 1 when a seal fails (a hand changed outside gin-ref)."))
@argument("files", nargs=-1, metavar="[FILE|FOLDER]...")
def verify_cmd(match_path: Optional[str], as_json: bool, strict: bool, files: Tuple[str, ...]) -> None:
    """Replay match records through the engine and report every problem as FILE:LINE: message.

    Checks each hand's limit, result, winner, points and running totals against its cards, the dealer
    (or roles) of every hand, the turns of a hand recorded turn by turn, every irregularity, the end of
    the match, and the file's own form. Exit 0 when every file is sound, 1 otherwise. A sound file's
    irregularities (illegal knocks, actions out of turn, deals by the wrong dealer) are history, not
    problems: they are listed under its "ok" line. Each hand's seal is checked too: a hand whose facts
    no longer match its seal was changed outside gin-ref, a warning at its line (exit 0; --strict makes it
    exit 1). A FOLDER is read for its match files (each *.yaml under it that says it is one, as export
    finds them); an event's file (event.yaml) is noted, not verified: 'gin-ref event standings' reads it.
    Default FILE: the match file (--match, $GIN_REF_MATCH, else match.yaml).

    \b
    Example:  gin-ref verify examples/*.yaml
              gin-ref verify events/club-night
    """
    named = bool(files) or match_path is not None
    files = files + ((match_file(match_path),) if match_path is not None else ()) or (match_file(),)
    report, bad = [], False
    found = list(expand(files))  # a folder's match files, its event file, each named file
    # the bar (on stderr, past half a second: cli.progress) counts the files, or one file's hands
    with progress(len(found), N_("verifying"), as_json) as bar:
        on_hand = bar.hands if len(found) == 1 and bar.wanted else None
        for path, how in found:
            checked = verify_file(path, how, named, on_hand)
            report.append(checked.entry)
            bad = bad or checked.bad(strict)
            if not as_json:
                bar.clear()  # the bar's line rubbed out before a file's lines (drawn again after)
                _print_verified(path, checked)
            if on_hand is None:
                bar.update(1)
    if as_json:
        emit_json({"ok": not bad, "files": report})
    sys.exit(1 if bad else 0)


def _print_verified(path: str, checked: Verified) -> None:
    """One file's verdict for people: its problems (or its broken seals) on stderr, else its ok line and what
    the record holds besides its hands."""
    if checked.how == "empty":
        warn("Error: " + gettext("no match file in %(path)s") % {"path": path})
        return
    if checked.how == "event":
        say(gettext("%(path)s: an event file: see gin-ref event") % {"path": shown_name(path)})
        return
    match, problems = checked.match, checked.problems
    for name in checked.entry.get("leftovers", ()):
        warn(gettext("%(path)s: note: leftover temporary file %(name)s (a writer stopped mid-write): the next "
                     "change removes it") % {"path": path, "name": name})
    for item in checked.broken if not problems else ():  # a record with problems: those say more
        warn(gettext("%(path)s:%(line)s: warning: %(problem)s") % {"path": path, "line": item["line"],
                                                                   "problem": words.said(said_as(item))})
    for line, problem in problems:  # (the replay's problems are messages: said in the language settled)
        message = problem if isinstance(problem, str) else problem.say(gettext, ngettext)
        warn(f"{path}:{line}: {message}" if line is not None else
             f"Error: {message}" if match is None and not os.path.lexists(path) else f"{path}: {message}")
    if problems:
        return
    say(ok_line(shown_name(path), checked))
    for item in checked.kept:
        say(one_line("  " + gettext("line %(line)s, %(irregularity)s") % {"line": item["line"],
                                                                          "irregularity": item["text"]}))
    for note in checked.notes:
        say(one_line("  " + gettext("note: %(note)s") % {"note": note}))
    for item in checked.rulings:
        say(one_line("  " + gettext("line %(line)s, ^ hand %(hand)s ruled: %(ruling)s") % {
            "line": item["line"], "hand": item["hand"], "ruling": item["text"]}))
    if match is not None and not checked.sealed:
        say(f"  {words.no_seals()}")


def ok_line(path: str, checked: Verified) -> str:
    """``FILE: ok, 8 hands, over: Ann won 151 to 71, 1 irregularity recorded``: each clause a whole message
    that takes the line so far (``%(said)s``), the counts through ngettext."""
    hands, kept = checked.entry["hands"], len(checked.kept)
    if checked.entry.get("result_only"):
        said = gettext("%(path)s: ok, %(counted)s") % {"path": path, "counted": words.result_only_verified()}
    else:
        said = ngettext("%(path)s: ok, %(count)d hand", "%(path)s: ok, %(count)d hands", hands) % {
            "path": path, "count": hands}
    match = checked.match
    if match is not None and match.state.finished:
        said = gettext("%(said)s, over: %(outcome)s") % {"said": said, "outcome": words.outcome_words(match.state)}
    if kept:
        said = ngettext("%(said)s, %(count)d irregularity recorded", "%(said)s, %(count)d irregularities recorded",
                        kept) % {"said": said, "count": kept}
    return said



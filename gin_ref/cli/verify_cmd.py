"""Checking match records: ``verify`` replays each file through the engine and reports every problem as
FILE:LINE: message, or the file's ok line with what it holds besides its hands (irregularities, notes,
rulings, seals).
"""

import os
import re
import sys
from typing import Any, NamedTuple

import click

from gin_ref.files import matchfile
from gin_ref.files.filewrite import leftovers
from gin_ref.files.matchfind import candidates
from gin_ref.cli.errors import one_line, shown_name, warn
from gin_ref.views import words
from gin_ref.cli.options import json_option, match_option
from gin_ref.cli.output import emit_json, say
from gin_ref.cli.progress import progress
from gin_ref.core.errors import RecordError
from gin_ref.match.irregularities import Irregularity
from gin_ref.match.rulings import Ruling
from gin_ref.match.written import written


@click.command("verify")
@match_option
@json_option("Print one JSON object: each file and its problems.")
@click.option("--strict", is_flag=True, help="Exit 1 when a seal fails (a hand changed outside gin-ref).")
@click.argument("files", nargs=-1, metavar="[FILE|FOLDER]...")
def verify_cmd(match_path, as_json, strict, files):
    """Replay match records through the engine and report every problem as FILE:LINE: message.

    Checks each hand's limit, result, winner, points and running totals against its cards, the dealer
    (or roles) of every hand, the turns of a hand recorded turn by turn, every irregularity, the end of
    the match, and the file's own form. Exit 0 when every file is sound, 1 otherwise. A sound file's
    irregularities (illegal knocks, actions out of turn, deals by the wrong dealer) are history, not
    problems: they are listed under its "ok" line. Each hand's seal is checked too: a hand whose facts
    no longer match its seal was changed outside gin-ref, a warning at its line (exit 0; --strict makes it
    exit 1). A FOLDER is read for its match files (each *.yaml under it that says it is one, as export
    finds them); an event's file (event.yaml) is noted, not verified: 'gin-ref event standings' reads it.
    Default FILE: the match file (--match, ${}, else match.yaml).

    \b
    Example:  gin-ref verify examples/*.yaml
              gin-ref verify events/club-night
    """
    named = bool(files) or match_path is not None
    files = files + ((matchfile.match_file(match_path),) if match_path is not None else ()) or (matchfile.match_file(),)
    report, bad = [], False
    found = list(_expanded(files))  # a folder's match files, its event file, each named file
    # the bar (on stderr, past half a second: cli.progress) counts the files, or one file's hands
    with progress(len(found), "verifying", as_json) as bar:
        on_hand = bar.hands if len(found) == 1 and bar.wanted else None
        for path, how in found:
            if how == "empty":
                if not as_json:
                    bar.clear()
                    warn(f"Error: no match file in {path}")
                report.append({"file": path, "ok": False, "hands": None,
                               "problems": [{"line": None, "message": "no match file in this folder"}]})
                bad = True
            elif _claimed(path) == "event":  # an event's file is not a match: said so, not counted against
                report.append({"file": path, "ok": True, "event": True, "note": EVENT_NOTE})
                if not as_json:
                    bar.clear()
                    say(f"{shown_name(path)}: {EVENT_NOTE}")
            else:
                checked = _verified(path, named, on_hand)
                report.append(checked.entry)
                bad = bad or bool(checked.problems) or bool(strict and checked.broken)
                if not as_json:
                    bar.clear()  # the bar's line rubbed out before a file's lines (drawn again after)
                    _print_verified(path, checked)
            if on_hand is None:
                bar.update(1)
    if as_json:
        emit_json({"ok": not bad, "files": report})
    sys.exit(1 if bad else 0)


EVENT_NOTE = "an event file: see gin-ref event"
_CLAIM = re.compile(r"""^["']?format["']?[ \t]*:[ \t]*["']?gin-ref-(match|event)/"""
                    r"""|\A(?:\s|#[^\n]*|---)*\{\s*["']?format["']?\s*:\s*["']?gin-ref-(match|event)/""", re.MULTILINE)


def _claimed(path):
    """What the top of a file says it is: "match", "event", or None (not read, or neither). Only a regular
    file is looked at (a pipe would wait for a writer for ever)."""
    if not os.path.isfile(path):
        return None
    try:
        with open(path, "rb") as data:
            top = data.read(64 * 1024).decode("utf-8", "replace")
    except OSError:
        return None
    found = _CLAIM.search(top)
    return (found.group(1) or found.group(2)) if found else None


def _expanded(paths):
    """``(path, how)`` for each path to verify: a file as named ("named"); a folder's match files and its
    event file ("found"), or the folder itself ("empty") when it holds none. A YAML file found in a folder
    that says it is neither (a rules file) is passed over, as export passes it over."""
    for path in paths:
        if not os.path.isdir(path):
            yield path, "named"
            continue
        found = [file for file, _named in candidates([path]) if _claimed(file) is not None]
        if not found:
            yield path, "empty"
        for file in found:
            yield file, "found"


class _Verified(NamedTuple):
    """One file verified: its problems, the Match (None when it does not read), its JSON entry, the
    irregularities kept in it, the notes, what its seals say and the hands ruled."""

    problems: list
    match: Any
    entry: dict
    kept: list
    notes: list
    sealed: Any
    broken: list
    rulings: list


def _verified(path, named, on_hand=None):
    """Verify one file (``named``: given on the command line, not the default match file; ``on_hand``: told
    after each hand replayed)."""
    problems, match = matchfile.check(path, on_hand)
    if match is None and not os.path.isfile(path):  # no file to read: its problem has no line
        if not named:
            raise RecordError(problems[0][1])  # the default match file is not there: as every command says
        problems = [(None, f"cannot read {path}: no such file" if not os.path.lexists(path) else message)
                    for _line, message in problems]
    data = match.record if match is not None else None
    hands = len(data["hands"]) if isinstance(data, dict) and isinstance(data.get("hands"), list) else None
    kept, rulings = _listings(data, match)
    entry = {"file": path, "ok": not problems, "hands": hands,
             "problems": [{"line": line, "message": message} for line, message in problems],
             "irregularities": [{key: item[key] for key in ("line", "hand", "kind", "player", "detail")}
                                for item in kept]}
    entry.update({"result_only": True} if match is not None and match.state.paper is not None else {})
    notes = _notes(match) if not problems else []
    if notes:
        entry["notes"] = notes
    if rulings:  # the hands a director ruled, when there are any
        entry["rulings"] = rulings
    left = leftovers(path)
    if left:  # what a writer stopped mid-write left beside the file (the next change removes it)
        entry["leftovers"] = left
    from gin_ref.cli.desk_cmds import seal_report

    sealed, broken = seal_report(match)
    if not problems and (broken or not sealed):  # a sound file: what its seals say, when they say something
        entry["seals"] = {"sealed": sealed, "broken": broken}
    return _Verified(problems, match, entry, kept, notes, sealed, broken, rulings)


def _print_verified(path, checked):
    """One file's verdict for people: its problems (or its broken seals) on stderr, else its ok line and what
    the record holds besides its hands."""
    match, problems = checked.match, checked.problems
    for name in checked.entry.get("leftovers", ()):
        warn(f"{path}: note: leftover temporary file {name} (a writer stopped mid-write): the next change "
             "removes it")
    for item in checked.broken if not problems else ():  # a record with problems: those say more
        warn(f"{path}:{item['line']}: warning: {item['message']}")
    for line, message in problems:
        warn(f"{path}:{line}: {message}" if line is not None else
             f"Error: {message}" if match is None and not os.path.lexists(path) else f"{path}: {message}")
    if problems:
        return
    kept, hands = checked.kept, checked.entry["hands"]
    recorded = f", {len(kept)} irregularit{'ies' if len(kept) != 1 else 'y'} recorded" if kept else ""
    counted = words.RESULT_ONLY_VERIFIED if checked.entry.get("result_only") else f"{hands} hand{'s' if hands != 1 else ''}"
    say((f"{shown_name(path)}: ok, {counted}" + _over(match) + recorded))
    for item in kept:
        say((one_line(f"  line {item['line']}, {item['text']}")))
    for note in checked.notes:
        say((one_line(f"  note: {note}")))
    for item in checked.rulings:
        say((one_line(f"  line {item['line']}, ^ hand {item['hand']} ruled: "
                      f"{words.ruling_words(Ruling.of(item), dated=True)}")))
    if match is not None and not checked.sealed:
        say((f"  {words.NO_SEALS}"))


def _listings(data, match=None):
    """``(irregularities, rulings)`` of the record ``data`` (None: it did not read), each hand read once."""
    lists = written(data) if isinstance(data, dict) else None
    # only the hands with something to list are kept (a 100,000-hand record: not a value per hand)
    played = [hand for hand in lists.played() if hand.irregularities or hand.ruling is not None] \
        if lists is not None else []
    return _irregularities(data, lists, played, match), _rulings(data, played)


def _irregularities(data, lists, played, match=None):
    """Every irregularity recorded, in file order: line, hand, kind, player, detail and the words for it
    (``lists``: the record's lists as written, None when it is not a mapping; ``played``: its hands read).
    Each as written (``Irregularity.of``), in a record that does not replay too: the replay's own reading
    leaves out what it cannot read (an unknown kind, a player not of the match), which is listed here."""
    from gin_ref.files import yamlread

    if lists is None:
        return []
    places = [(("hands", hand.at, "irregularities", j), hand.entry.get("number"), item)
              for hand in played for j, item in enumerate(hand.irregularities)]
    places += [(("irregularities", j), item.get("hand") if item is not None else None, item)
               for j, item in enumerate(lists.irregularities)]
    reasons = _reasons(match)
    found = []
    for where, hand, item in places:
        if item is None:
            continue
        detail = item["detail"] if "detail" in item else reasons.get(where)  # /2's words, or /3's worked out
        found.append({"line": yamlread.line_of(data, where), "hand": hand, "kind": item.get("kind"),
                      "player": item.get("player"), "detail": detail,
                      "text": words.irregularity_note(hand, Irregularity.of(item)._replace(detail=detail))})
    return sorted(found, key=lambda item: item["line"])


def _reasons(match):
    """Why each irregularity the replay read was refused, by its key path (a /3 item holds only its facts:
    the replay works its reason out)."""
    if match is None:
        return {}
    state = match.state
    items = [item for found in state.irregularities.values() for item in found] + list(state.match_irregularities)
    return {item.where: item.detail for item in items}


def _rulings(data, played):
    """Every hand a director ruled, in file order (``played``: the record's hands read): line, hand and the
    ruling's fields, as written (in a record that does not replay too: the replay's reading leaves out a
    ruling it cannot use)."""
    from gin_ref.files import yamlread

    return [{"line": yamlread.line_of(data, ("hands", hand.at, "ruling")), "hand": hand.entry.get("number"),
             **{key: hand.ruling.get(key) for key in ("kind", "player", "points", "reason", "by", "date")}}
            for hand in played if hand.ruling is not None]


def _notes(match):
    """What an amend left to say: hands that stand as played, hands played after the end."""
    if match is None:
        return []
    notes = [words.note_words(note) for note in match.state.notes]
    after = words.after_end_words(match.state)
    return notes + ([after] if after else [])


def _over(match):
    return f", over: {words.outcome_words(match.state)}" if match is not None and match.state.finished else ""


verify_cmd.help = (verify_cmd.help or "").replace("${}", "$" + matchfile.ENV_VAR)

"""``gin-ref result --input FILE.csv --into FOLDER``: a season kept on paper, from a spreadsheet's CSV.

A thin front over ``gin_ref.desk.season``: the desk checks every row and writes them all or none; a refusal
lists every problem, ``FILE.csv:LINE: ...`` on stderr in line order, before its one Error line.
"""

from __future__ import annotations

from typing import Optional

import click

from gin_ref.cli.errors import shown_name, warn
from gin_ref.cli.output import emit_json, say
from gin_ref.desk import season
from gin_ref.desk.errors import N_, DeskError
from gin_ref.desk.language import gettext, ngettext
from gin_ref.views import words, written


def record_season(csv_path: str, folder: str, rules_spec: Optional[str], as_json: bool = False) -> None:
    """Record every row of ``csv_path`` into ``folder``, or refuse them all, saying each problem."""
    try:
        done = season.record_season(csv_path, folder, rules_spec)
    except DeskError as exc:
        if exc.refusal.field("event") is not None:
            raise click.UsageError(gettext("%(folder)s is an event: its rules are its own (--rules is for a plain "
                                           "folder)") % {"folder": folder}) from None
        unpaired = exc.refusal.field("unpaired")
        if unpaired is not None:  # the desk names no command: the command line does
            words_ = N_("%(unpaired)s: no round is paired yet: pair one (gin-ref event pair %(unpaired)s), then "
                        "enter its results")
            raise DeskError(exc.refusal.reworded(words_ % {"unpaired": unpaired}, words_)) from None
        for line, message in exc.done if isinstance(exc.done, list) else ():
            warn(f"{shown_name(csv_path)}:{line}: {message}")
        raise
    if as_json:
        emit_json(written.season_data(done))
        return
    for path, entry in done.recorded:
        say(f"{shown_name(path)}: {words.scores_words(entry)}")
    count = len(done.recorded)
    say(ngettext("%(count)d match recorded from %(path)s", "%(count)d matches recorded from %(path)s", count)
        % {"count": count, "path": shown_name(csv_path)})

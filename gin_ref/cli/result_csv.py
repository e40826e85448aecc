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
from gin_ref.desk.errors import DeskError
from gin_ref.views import words, written


def record_season(csv_path: str, folder: str, rules_spec: Optional[str], as_json: bool = False) -> None:
    """Record every row of ``csv_path`` into ``folder``, or refuse them all, saying each problem."""
    try:
        done = season.record_season(csv_path, folder, rules_spec)
    except DeskError as exc:
        if exc.refusal.field("event") is not None:
            raise click.UsageError(f"{folder} is an event: its rules are its own (--rules is for a plain folder)") \
                from None
        for line, message in exc.done if isinstance(exc.done, list) else ():
            warn(f"{shown_name(csv_path)}:{line}: {message}")
        raise
    if as_json:
        emit_json(written.season_data(done))
        return
    for path, entry in done.recorded:
        say(f"{shown_name(path)}: {words.scores_words(entry)}")
    count = len(done.recorded)
    say(f"{count} match{'es' if count != 1 else ''} recorded from {shown_name(csv_path)}")

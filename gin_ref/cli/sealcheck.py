"""What every command that shows scores or money says about a record whose seal fails (issue 24 item 7).

``tally``, ``settle``, ``standings``, ``history`` and ``export`` warn on stderr, one line per failed seal,
naming the file, the line and the hand (or correction): ``m.yaml:31: warning: hand 2 changed outside
gin-ref: its facts no longer match its seal``, and go on. With ``--strict`` they refuse instead (exit 1),
naming the first. ``play`` says it when it opens such a file. ``verify`` (``gin_ref.cli.verify_cmd``)
lists the same seals.

A record written before corrections were sealed (``legacy``: its corrections and count of hands are not
sealed yet) is no failure: ``verify`` says so, these commands do not.
"""

from __future__ import annotations

import click

from gin_ref.cli.errors import warn
from gin_ref.core.errors import RecordError

STRICT_HELP = "Refuse (exit 1) a record whose seal fails (changed outside gin-ref), instead of warning."
strict_option = click.option("--strict", is_flag=True, help=STRICT_HELP)


def failed_seals(match):
    """``[{line, hand, kind, message}]``: each seal of a match that fails (not the legacy note)."""
    from gin_ref.cli.desk_cmds import seal_report

    _sealed, broken = seal_report(match)
    return [item for item in broken if item["kind"] != "legacy"]


def report(file, failed, strict=False):
    """Warn about each of ``failed`` (``failed_seals``) of the match in ``file``; with ``strict``, refuse."""
    if not failed:
        return
    if strict:
        first = failed[0]
        raise RecordError(f"{first['message']} (--strict refuses a record whose seal fails)", line=first["line"],
                          path=file)
    for item in failed:
        warn(f"{file}:{item['line']}: warning: {item['message']}")


def report_views(views, strict=False):
    """``report`` for each match read by the history machinery (``MatchView.seals``)."""
    for view in views:
        report(view.file, list(getattr(view, "seals", ()) or ()), strict)

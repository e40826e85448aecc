"""Where a match stands: ``tally`` prints every hand with the running totals, who deals next and the end
(``gin_ref.views.tally_text``), or its JSON (``gin_ref.match.tally``), or, with --what-if, the hands settled
again under other rules beside the hands as played.
"""

from __future__ import annotations

from typing import Optional


import click

from gin_ref.cli.errors import warn
from gin_ref.cli.helptext import N_, argument, command, option
from gin_ref.cli.options import json_option, match_file, match_option, output_width, wide_option
from gin_ref.cli.output import emit_json, say
from gin_ref.cli.sealcheck import strict_option
from gin_ref.desk.errors import DeskError, said
from gin_ref.desk.language import gettext
from gin_ref.desk.tally import Tallied, tally
from gin_ref.views import tally_text


@command("tally")
@match_option
@wide_option
@json_option(N_("Print one JSON object (see docs/json.md for its fields)."))
@option("--what-if", "what_if_spec", metavar="NAME|FILE",
        help=N_("Settle every hand again under these rules (a preset or file for as many players) and show "
                   "both side by side; the record is not changed."))
@argument("file", required=False, metavar="[FILE]")
@strict_option
def tally_cmd(match_path: Optional[str], as_json: bool, what_if_spec: Optional[str], file: Optional[str],
              strict: bool) -> None:
    """Where the match stands: every hand with the running totals, who deals next, and once it is over
    the winner and the final score with every bonus. FILE (or --match) names the match file.

    With --what-if RULES, every hand is settled again from its own cards under those rules and shown beside
    the hand as played, with why they differ, then the totals, the end and the winner under each. A knock
    those rules find illegal scores nothing there; a knock refused at the table that they allow is noted,
    not scored; a director's ruling stands as ruled.

    \b
    Example:  gin-ref tally
              gin-ref tally examples/oklahoma.yaml --json
              gin-ref tally --what-if tournament
    """
    if file is not None and match_path is not None and file != match_path:
        raise click.UsageError(gettext("name the match file once: as FILE or with --match"))
    path = match_file(file or match_path)
    if what_if_spec is None:
        done = tally(path, strict)
        _warn(done)
        if as_json:
            emit_json(done.data())
        else:
            say(tally_text.tally_text(done.match, done.path, output_width()))
        return
    from gin_ref.desk import whatif  # here: only --what-if reads other rules and settles again
    from gin_ref.views.whatif_view import what_if_text

    try:
        done = whatif.what_if(path, what_if_spec, strict)
    except DeskError as exc:
        if isinstance(exc.done, Tallied):  # the other rules are for another number of players
            _warn(exc.done)
            words = N_("--what-if %(rules)s: %(said)s")
            raise DeskError(exc.refusal.reworded(words % {"rules": what_if_spec, "said": str(exc)}, words,
                                                 rules=what_if_spec, said=said(exc.refusal))) from None
        raise
    _warn(done)
    if as_json:
        emit_json(whatif.data(done))
    else:
        assert done.what_if is not None
        say(what_if_text(done.match, done.what_if, output_width()))


def _warn(done: Tallied) -> None:
    for line in done.warnings:
        warn(line)

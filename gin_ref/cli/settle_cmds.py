"""``gin-ref settle``: who pays whom at the end of the night, from the finished matches at a stake.

A thin front over the desk's ``settle`` (``gin_ref.desk.reports``): the matches read as ``export`` reads
them, settled by ``gin_ref.views.settle``, which draws the result too.
"""

from __future__ import annotations

from typing import Tuple

import click
from gin_ref.cli.helptext import N_, argument, command, option

from gin_ref.cli.options import json_option
from gin_ref.cli.output import say
from gin_ref.cli.progress import progress
from gin_ref.cli.sealcheck import say_warnings, strict_option
from gin_ref.desk import reports
from gin_ref.views.settle import DEFAULT_STAKE, settle_json, settle_lines


@command("settle")
@option("--stake", default=DEFAULT_STAKE, show_default=True, metavar="AMOUNT",
        help=N_("What one point is worth: 1, 2.50, 0.05 (amounts keep its decimals)."))
@option("--currency", default="", metavar="TEXT",
        help=N_("Shown with each amount: a symbol before it ($, €), a word after it (EUR, chips)."))
@json_option(N_("Print one JSON object: matches (file, payments), net, payments, unfinished."))
@argument("matches", nargs=-1, required=True, metavar="MATCH...",
          type=click.Path(exists=True, path_type=str))
@strict_option
def settle_cmd(stake: str, currency: str, as_json: bool, matches: Tuple[str, ...], strict: bool) -> None:
    """Who pays whom: each finished match at the stake, the net, and the few payments that settle it.

    Per finished match the loser pays the winner the difference of the final scores (bonuses in) times
    the stake; Hollywood game by game; three players, each pair by the difference of their final scores.
    The net adds up every match given, and the payments that settle it are at most one fewer than the
    players who are up or down. Unfinished matches are named and left out. Names are matched without case.

    MATCH is a match file or a directory of them. Every match must be readable: a damaged one stops the
    settlement (exit 1) and names the file and line. A bad stake exits 2.

    \b
    Example:  gin-ref settle --stake 0.05 --currency '$' examples/*.yaml
              gin-ref settle --json tonight/
    """
    done = reports.settle(matches, stake, strict, progress)
    say_warnings(done.warnings)
    if as_json:
        click.echo(settle_json(done.settlement))
    else:
        say("\n".join(settle_lines(done.settlement, currency)))

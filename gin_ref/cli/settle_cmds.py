"""``gin-ref settle``: who pays whom at the end of the night, from the finished matches at a stake.

A thin wrapper: the matches are read as ``export`` reads them (``gin_ref.cli.history_cmds``) and settled by one
pure call of ``gin_ref.views.settle``.
"""

import click

from gin_ref.cli.history_cmds import read_matches, warn_look_alikes
from gin_ref.cli.options import json_option
from gin_ref.cli.sealcheck import report_views, strict_option
from gin_ref.cli.output import say
from gin_ref.core.errors import RecordError
from gin_ref.views.settle import DEFAULT_STAKE, parse_stake, settle, settle_json, settle_lines


@click.command("settle")
@click.option("--stake", default=DEFAULT_STAKE, show_default=True, metavar="AMOUNT",
              help="What one point is worth: 1, 2.50, 0.05 (amounts keep its decimals).")
@click.option("--currency", default="", metavar="TEXT",
              help="Shown with each amount: a symbol before it ($, €), a word after it (EUR, chips).")
@json_option("Print one JSON object: matches (file, payments), net, payments, unfinished.")
@click.argument("matches", nargs=-1, required=True, metavar="MATCH...",
                type=click.Path(exists=True, path_type=str))
@strict_option
def settle_cmd(stake, currency, as_json, matches, strict):
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
    amount = parse_stake(stake)
    views, skipped = read_matches(matches)
    if skipped:
        file, line, message = skipped[0]
        raise RecordError(message, line=line, path=file)
    if not views:
        raise RecordError(f"no readable match file in {', '.join(matches)}")
    report_views(views, strict)
    warn_look_alikes(views)
    settlement = settle(views, amount)
    if as_json:
        click.echo(settle_json(settlement))
    else:
        say("\n".join(settle_lines(settlement, currency)))

"""Where a match stands: ``tally`` prints every hand with the running totals, who deals next and the end
(``gin_ref.views.tally_text``), or its JSON (``gin_ref.match.tally``), or, with --what-if, the hands settled
again under other rules beside the hands as played.
"""

import click

from gin_ref.files import matchfile
from gin_ref.views import tally_text
from gin_ref.cli.sealcheck import strict_option
from gin_ref.cli.options import json_option, match_option, output_width, wide_option
from gin_ref.cli.output import emit_json, say
from gin_ref.core.errors import InvalidNotationError


@click.command("tally")
@match_option
@wide_option
@json_option("Print one JSON object (see docs/json.md for its fields).")
@click.option("--what-if", "what_if_spec", metavar="NAME|FILE",
              help="Settle every hand again under these rules (a preset or file for as many players) and show "
                   "both side by side; the record is not changed.")
@click.argument("file", required=False, metavar="[FILE]")
@strict_option
def tally_cmd(match_path, as_json, what_if_spec, file, strict):
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
        raise click.UsageError("name the match file once: as FILE or with --match")
    path = matchfile.match_file(file or match_path)
    rules = None
    if what_if_spec is not None:
        from gin_ref.files.rulesfile import load_rules

        rules = load_rules(what_if_spec)
    rec = matchfile.load(path)
    from gin_ref.cli import sealcheck

    sealcheck.report(path, sealcheck.failed_seals(rec.match), strict)
    whatif = None
    if rules is not None:
        from gin_ref.match.whatif import what_if

        if rules.players != len(rec.match.players):
            raise InvalidNotationError(f"--what-if {what_if_spec}: those rules are for {rules.players} players, "
                                       f"this match has {len(rec.match.players)}")
        whatif = what_if(rec.match, rules)
    if as_json:
        from gin_ref.match.tally import tally_data

        data = tally_data(rec.match)
        if whatif is not None:
            from gin_ref.views.whatif_view import what_if_data

            data["what_if"] = what_if_data(whatif)
        emit_json(data)
    elif whatif is not None:
        from gin_ref.views.whatif_view import what_if_text

        say(what_if_text(rec.match, whatif, output_width()))
    else:
        say(tally_text.tally_text(rec.match, path, output_width()))

"""A match kept on paper: ``result`` records it by its final scores, and ``amend result`` changes them.

Thin wrappers over ``gin_ref.match.resultonly``: read (or start) the match file, make one call, print what the
record now says. ``amend result ...`` is routed here by ``amend`` (``AmendCommand``), so ``amend`` keeps
its own arguments for hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple


import click

from gin_ref.cli.errors import one_line, shown_name
from gin_ref.cli.helptext import Command, N_, argument, command, option
from gin_ref.cli.options import match_file, match_option, rules_option
from gin_ref.cli.output import emit_json, say
from gin_ref.cli.writejson import json_flag
from gin_ref.cli.result_csv import record_season
from gin_ref.desk import corrections
from gin_ref.desk.errors import DeskError
from gin_ref.desk.language import gettext, ngettext
from gin_ref.views import standing, words, written
from gin_ref.views.cells import cells

if TYPE_CHECKING:
    from click.decorators import FC


HANDS_WON = "--hands-won"


def _pairs(items: Sequence[str]) -> List[Tuple[str, str]]:
    """``[(name, text), ...]`` from PLAYER POINTS PLAYER POINTS ... (an odd count is refused)."""
    items = list(items)
    if len(items) % 2:
        raise click.UsageError(ngettext("give the final scores as pairs: PLAYER POINTS PLAYER POINTS (got %(count)d "
                                        "word)", "give the final scores as pairs: PLAYER POINTS PLAYER POINTS (got "
                                        "%(count)d words)", len(items)) % {"count": len(items)})
    return [(items[i], items[i + 1]) for i in range(0, len(items), 2)]


class PairsCommand(Command):
    """Reads ``--hands-won Ann 6 Ben 2`` (one option, several pairs) as ``--hands-won Ann 6 --hands-won Ben 2``."""

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        out, i = [], 0
        while i < len(args):
            arg = args[i]
            out.append(arg)
            i += 1
            if arg != HANDS_WON:
                continue
            taken = 0  # the pairs after one --hands-won run to the next option or the end
            while i + 1 < len(args) and not args[i].startswith("-") and (not taken or args[i + 1].isdigit()):
                out += ([HANDS_WON] if taken else []) + [args[i], args[i + 1]]
                i, taken = i + 2, taken + 1
        return super().parse_args(ctx, out)


def _hands_won_option(command: "FC") -> "FC":
    return option(HANDS_WON, "hands_won", nargs=2, multiple=True, metavar="PLAYER N",
                  help=N_("Hands each player won (optional; several pairs after one --hands-won, or one "
                             "--hands-won per player)."))(command)


@command("result", cls=PairsCommand)
@match_option
@rules_option(help=N_("A new file: the house rules (preset or YAML file; default oklahoma). A table of an event "
                   "already holds its rules."))
@_hands_won_option
@option("--date", "date_text", metavar="YYYY-MM-DD", help=N_("A new file: the match's date. Default: today."))
@option("--input", "csv_path", metavar="FILE.csv", type=click.Path(dir_okay=False, path_type=str),
        help=N_("A season kept on paper: a CSV file, one match a row (columns date, player1, player2, "
                   "points1, points2, optionally hands1, hands2), recorded into --into FOLDER, all or nothing."))
@option("--into", "folder", metavar="FOLDER", type=click.Path(file_okay=False, path_type=str),
        help=N_("With --input: the folder the matches go in (a match file a row, DATE-table-N.yaml), or an "
                   "event's folder (each row takes the result of a table of its round paired last)."))
@json_flag
@argument("scores", nargs=-1, metavar="PLAYER POINTS PLAYER POINTS [PLAYER POINTS]")
def result_cmd(match_path: Optional[str], rules_spec: Optional[str], hands_won: Tuple[Tuple[str, str], ...],
               date_text: Optional[str], csv_path: Optional[str], folder: Optional[str], as_json: bool,
               scores: Tuple[str, ...]) -> None:
    """Record a match kept on paper by its final scores (every bonus in), without its hands.

    A new FILE is started with the players named (and --rules, --date); an existing one with no hand
    recorded (a table `event pair` made) takes the result, and its players must be the ones named. Three
    players "in the box" give three scores. The highest score is the winner; the result is refused unless
    the rules can produce it (the winner at or past the target, the others below it, within what a hand can
    score, with the end-of-game bonuses). A table holds hands or a result, never both. `amend result ...`
    changes it, `undo` takes it back; `verify` checks it, and tally, history, standings, ratings, settle
    and export count it as a finished match (stats leaves it out of its per-hand figures).

    A season from a spreadsheet: --input FILE.csv --into FOLDER records every row of the CSV (header
    date,player1,player2,points1,points2 and optionally hands1,hands2; ',' or ';') as a match of its own
    (FOLDER/DATE-table-N.yaml, --rules for them all), or, when FOLDER is an event's, as the result of the
    table of the round paired last that the row's players sit at. Every row is checked first: one bad
    row and nothing is written, each problem named with its line of the CSV.

    \b
    Example:  gin-ref result --match paper.yaml Ann 154 Ben 24
                  --hands-won Ann 6 Ben 2
              gin-ref result --match night/round-2-table-1.yaml Ann 154 Ben 24
              gin-ref result --rules three-player --match box.yaml
                  Ann 112 Ben 40 Cid 75
              gin-ref result --input season.csv --into season
    """
    if csv_path is not None or folder is not None:
        if csv_path is None or folder is None:
            raise click.UsageError(gettext("--input FILE.csv and --into FOLDER go together (a season from a CSV file)"))
        given = [name for name, value in (("scores", scores), ("--match", match_path), ("--hands-won", hands_won),
                                          ("--date", date_text)) if value]
        if given:
            raise click.UsageError(gettext("with --input the CSV gives every match: no %(given)s")
                                   % {"given": ", ".join(given)})
        record_season(csv_path, folder, rules_spec, as_json)
        return
    if not scores:
        raise click.UsageError(gettext("give the final scores: PLAYER POINTS PLAYER POINTS (or --input FILE.csv "
                                       "--into FOLDER for a season)"))
    pairs = _pairs(scores)
    path = match_file(match_path)
    try:
        done = corrections.record_result(path, pairs, list(hands_won), rules_spec, date_text)
    except DeskError as exc:
        if exc.refusal.field("exists") is not None:
            raise click.UsageError(gettext("%(path)s exists: its rules and date are its own (--rules and --date "
                                           "are for a new file)") % {"path": path}) from None
        raise
    if as_json:
        emit_json(written.resulted_data(done))
        return
    say(one_line(gettext("%(path)s: the result: %(scores)s") % {"path": shown_name(path),
                                                                  "scores": words.scores_words(done.scores)}))
    say("\n".join(standing.standing_lines(done.match)))


@command("amend result", cls=PairsCommand)
@match_option
@_hands_won_option
@json_flag
@argument("scores", nargs=-1, required=True, metavar="PLAYER POINTS PLAYER POINTS [PLAYER POINTS]")
def amend_result_cmd(match_path: Optional[str], hands_won: Tuple[Tuple[str, str], ...], as_json: bool,
                     scores: Tuple[str, ...]) -> None:
    """Change the result of a match recorded by its result only (gin-ref result): the new final scores,
    checked as `result` checks them. The old result is kept under 'corrections'; undo takes the amend back.

    \b
    Example:  gin-ref amend result --match paper.yaml Ann 150 Ben 30
              gin-ref amend result Ann 150 Ben 30 --hands-won Ann 6 Ben 2
    """
    try:
        done = corrections.amend_result(match_file(match_path), _pairs(scores), list(hands_won))
    except DeskError as exc:
        if exc.refusal.field("by_hand"):  # the desk names no command: the command line does
            words_ = N_("this match is recorded hand by hand: amend a hand (gin-ref amend HAND ...)")
            raise DeskError(exc.refusal.reworded(words_, words_)) from None
        raise
    if as_json:
        emit_json(written.resulted_data(done))
        return
    shown = shown_name(done.path)
    assert done.old is not None  # an amend replaces a result
    said = gettext("%(path)s: the result was %(old)s\n%(indent)s             now %(scores)s") % {
        "path": shown, "old": words.scores_words(done.old), "indent": " " * cells(shown),
        "scores": words.scores_words(done.scores)}
    for line in said.split("\n"):
        say(one_line(line))
    say("\n".join(standing.standing_lines(done.match)))


class AmendCommand(Command):
    """``amend``: ``amend result ...`` (the first argument the word ``result``) goes to ``amend_result_cmd``."""

    def make_context(self, info_name: Optional[str], args: List[str], parent: Optional[click.Context] = None,
                     **extra: Any) -> click.Context:
        if _first_argument(self, args) == "result":
            rest = list(args)
            rest.remove("result")
            return amend_result_cmd.make_context(f"{info_name} result", rest, parent=parent, **extra)
        return super().make_context(info_name, args, parent=parent, **extra)


def _first_argument(command: click.Command, args: Sequence[str]) -> Optional[str]:
    """The first argument of ``args`` that is not an option or an option's value."""
    takes_value = {opt for param in command.params if isinstance(param, click.Option) and not param.is_flag
                   for opt in param.opts + param.secondary_opts}
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == "--":
            return None
        elif arg.startswith("-") and len(arg) > 1:
            skip = arg in takes_value
        else:
            return arg
    return None

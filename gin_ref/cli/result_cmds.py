"""A match kept on paper: ``result`` records it by its final scores, and ``amend result`` changes them.

Thin wrappers over ``gin_ref.match.result``: read (or start) the match file, make one call, print what the
record now says. ``amend result ...`` is routed here by ``amend`` (``AmendCommand``), so ``amend`` keeps
its own arguments for hands.
"""

import os

import click

from gin_ref.cli.errors import one_line, shown_name
from gin_ref.cli.options import match_option, rules_option
from gin_ref.cli.result_csv import paper_match, record_season, same_players
from gin_ref.cli.output import say
from gin_ref.core.errors import IllegalActionError
from gin_ref.files import matchfile, store
from gin_ref.views import words
from gin_ref.views.cells import cells

HANDS_WON = "--hands-won"


def _pairs(items, what):
    """``[(name, text), ...]`` from PLAYER POINTS PLAYER POINTS ... (an odd count is refused)."""
    items = list(items)
    if len(items) % 2:
        raise click.UsageError(f"give {what} as pairs: PLAYER POINTS PLAYER POINTS (got {len(items)} words)")
    return [(items[i], items[i + 1]) for i in range(0, len(items), 2)]


class PairsCommand(click.Command):
    """Reads ``--hands-won Ann 6 Ben 2`` (one option, several pairs) as ``--hands-won Ann 6 --hands-won Ben 2``."""

    def parse_args(self, ctx, args):
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


def _hands_won_option(command):
    return click.option(HANDS_WON, "hands_won", nargs=2, multiple=True, metavar="PLAYER N",
                        help="Hands each player won (optional; several pairs after one --hands-won, or one "
                             "--hands-won per player).")(command)


@click.command("result", cls=PairsCommand)
@match_option
@rules_option(help="A new file: the house rules (preset or YAML file; default oklahoma). A table of an event "
                   "already holds its rules.")
@_hands_won_option
@click.option("--date", "date_text", metavar="YYYY-MM-DD", help="A new file: the match's date. Default: today.")
@click.option("--input", "csv_path", metavar="FILE.csv", type=click.Path(dir_okay=False, path_type=str),
              help="A season kept on paper: a CSV file, one match a row (columns date, player1, player2, "
                   "points1, points2, optionally hands1, hands2), recorded into --into FOLDER, all or nothing.")
@click.option("--into", "folder", metavar="FOLDER", type=click.Path(file_okay=False, path_type=str),
              help="With --input: the folder the matches go in (a match file a row, DATE-table-N.yaml), or an "
                   "event's folder (each row takes the result of a table of its round paired last).")
@click.argument("scores", nargs=-1, metavar="PLAYER POINTS PLAYER POINTS [PLAYER POINTS]")
def result_cmd(match_path, rules_spec, hands_won, date_text, csv_path, folder, scores):
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
    from gin_ref.match import result
    from gin_ref.views import standing

    if csv_path is not None or folder is not None:
        if csv_path is None or folder is None:
            raise click.UsageError("--input FILE.csv and --into FOLDER go together (a season from a CSV file)")
        given = [name for name, value in (("scores", scores), ("--match", match_path), ("--hands-won", hands_won),
                                          ("--date", date_text)) if value]
        if given:
            raise click.UsageError(f"with --input the CSV gives every match: no {', '.join(given)}")
        record_season(csv_path, folder, rules_spec)
        return
    if not scores:
        raise click.UsageError("give the final scores: PLAYER POINTS PLAYER POINTS (or --input FILE.csv --into "
                               "FOLDER for a season)")
    pairs = _pairs(scores, "the final scores")
    won = list(hands_won)
    path = matchfile.match_file(match_path)
    if not os.path.lexists(path):
        from gin_ref.cli.match_cmds import _check_text, _date
        from gin_ref.files.rulesfile import load_rules

        for name, _ in pairs:
            _check_text(name, "player name")
        match = paper_match(load_rules(rules_spec), _date(date_text), pairs, won)
        store.create(path, match)
    else:
        if rules_spec is not None or date_text is not None:
            raise click.UsageError(f"{path} exists: its rules and date are its own (--rules and --date are for a "
                                   "new file)")
        with store.change(path) as rec:
            match = rec.match
            result.verify_no_hands(match.record, str(path))
            same_players(match.players, [name for name, _ in pairs])
            match.put_result(result.result_entry(match.players, match.rules, pairs, won))
    say(one_line(f"{shown_name(path)}: the result: {words.scores_words(match.record[result.RESULT_KEY])}"))
    say("\n".join(standing.standing_lines(match)))


@click.command("amend result", cls=PairsCommand)
@match_option
@_hands_won_option
@click.argument("scores", nargs=-1, required=True, metavar="PLAYER POINTS PLAYER POINTS [PLAYER POINTS]")
def amend_result_cmd(match_path, hands_won, scores):
    """Change the result of a match recorded by its result only (gin-ref result): the new final scores,
    checked as `result` checks them. The old result is kept under 'corrections'; undo takes the amend back.

    \b
    Example:  gin-ref amend result --match paper.yaml Ann 150 Ben 30
              gin-ref amend result Ann 150 Ben 30 --hands-won Ann 6 Ben 2
    """
    from gin_ref.match import result
    from gin_ref.views import standing

    pairs = _pairs(scores, "the final scores")
    with store.change(matchfile.match_file(match_path)) as rec:
        rec.confirm = 0  # what the table now agrees: sealed again, even if its seal failed
        match = rec.match
        if not result.is_result_only(match.record):
            raise IllegalActionError("this match is recorded hand by hand: amend a hand (gin-ref amend HAND ...)")
        same_players(match.players, [name for name, _ in pairs])
        old = result.facts(match.record[result.RESULT_KEY])
        entry = result.result_entry(match.players, match.rules, pairs, list(hands_won))
        match.amend_result(entry, matchfile.now())
    shown = shown_name(rec.path)
    say(one_line(f"{shown}: the result was {words.scores_words(old)}"))
    say(one_line(f"{' ' * cells(shown)}             now {words.scores_words(match.record[result.RESULT_KEY])}"))
    say("\n".join(standing.standing_lines(match)))


class AmendCommand(click.Command):
    """``amend``: ``amend result ...`` (the first argument the word ``result``) goes to ``amend_result_cmd``."""

    def make_context(self, info_name, args, parent=None, **extra):
        if _first_argument(self, args) == "result":
            rest = list(args)
            rest.remove("result")
            return amend_result_cmd.make_context(f"{info_name} result", rest, parent=parent, **extra)
        return super().make_context(info_name, args, parent=parent, **extra)


def _first_argument(command, args):
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

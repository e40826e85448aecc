"""A match kept on paper: ``result`` records it by its final scores, and ``amend result`` changes them.

Thin wrappers over ``gin_ref.match.result``: read (or start) the match file, make one call, print what the
record now says. ``amend result ...`` is routed here by ``amend`` (``AmendCommand``), so ``amend`` keeps
its own arguments for hands.
"""

import os

import click

from gin_ref.cli.errors import one_line, shown_name
from gin_ref.cli.options import match_option, rules_option
from gin_ref.cli.output import say
from gin_ref.core.errors import IllegalActionError, InvalidNotationError
from gin_ref.files import matchfile, store
from gin_ref.views import words
from gin_ref.views.text import cells

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
@click.argument("scores", nargs=-1, required=True, metavar="PLAYER POINTS PLAYER POINTS [PLAYER POINTS]")
def result_cmd(match_path, rules_spec, hands_won, date_text, scores):
    """Record a match kept on paper by its final scores (every bonus in), without its hands.

    A new FILE is started with the players named (and --rules, --date); an existing one with no hand
    recorded (a table `event pair` made) takes the result, and its players must be the ones named. Three
    players "in the box" give three scores. The highest score is the winner; the result is refused unless
    the rules can produce it (the winner at or past the target, the others below it, within what a hand can
    score, with the end-of-game bonuses). A table holds hands or a result, never both. `amend result ...`
    changes it, `undo` takes it back; `verify` checks it, and tally, history, standings, ratings, settle
    and export count it as a finished match (stats leaves it out of its per-hand figures).

    \b
    Example:  gin-ref result --match paper.yaml Ann 154 Ben 24
                  --hands-won Ann 6 Ben 2
              gin-ref result --match night/round-2-table-1.yaml Ann 154 Ben 24
              gin-ref result --rules three-player --match box.yaml
                  Ann 112 Ben 40 Cid 75
    """
    from gin_ref.match import result
    from gin_ref.views import standing

    pairs = _pairs(scores, "the final scores")
    won = list(hands_won)
    path = matchfile.match_file(match_path)
    if not os.path.lexists(path):
        from gin_ref.cli.match_cmds import _check_text, _date
        from gin_ref.files.rulesfile import load_rules
        from gin_ref.match.model import Match

        for name, _ in pairs:
            _check_text(name, "player name")
        rules = load_rules(rules_spec)
        names = [name for name, _ in pairs]
        roles = {"dealer": names[0]} if rules.players == 2 else {"box": names[0], "captain": names[-1]}
        match = Match.new(names, rules, _date(date_text), **roles)  # (checks the names and their number)
        del match.record["start"]  # a paper sheet need not say who dealt first
        entry = result.result_entry(match.players, match.rules, pairs, won)
        match.record[result.RESULT_KEY] = entry
        match = Match(match.record)
        store.create(path, match)
    else:
        if rules_spec is not None or date_text is not None:
            raise click.UsageError(f"{path} exists: its rules and date are its own (--rules and --date are for a "
                                   "new file)")
        with store.change(path) as rec:
            match = rec.match
            result.verify_no_hands(match.record, str(path))
            _same_players(match.players, [name for name, _ in pairs])
            match.put_result(result.result_entry(match.players, match.rules, pairs, won))
    say(one_line(f"{shown_name(path)}: the result: {words.scores_words(match.record[result.RESULT_KEY])}"))
    say("\n".join(standing.standing_lines(match)))


def _same_players(players, named):
    from gin_ref.core.game import find_player

    if len(named) != len(players):
        raise InvalidNotationError(f"this match is {' v '.join(players)}: give each one's final score "
                                   f"({len(named)} given)")
    for name in named:
        find_player(players, name)


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
        _same_players(match.players, [name for name, _ in pairs])
        old = result.facts(match.record[result.RESULT_KEY])
        entry = result.result_entry(match.players, match.rules, pairs, list(hands_won))
        match.amend_result(entry, matchfile.now(), f"the result: was {words.scores_words(old)}")
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

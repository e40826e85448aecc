"""``gin-ref rules``: list the presets, show a rule set knob by knob, check a club's rules file.

Each command is a thin front over one call of the desk (``gin_ref.desk.rules``).
"""

from __future__ import annotations

import sys

import click

from gin_ref.cli.errors import shown_name, warn
from gin_ref.cli.helptext import N_, argument, group

from gin_ref.cli.options import complete_rules, json_option, output_width, wide_option
from gin_ref.cli.output import emit_json, grid, say
from gin_ref.desk import rules as desk_rules
from gin_ref.desk.language import gettext
from gin_ref.views.rules_diff import diff_text, plain


# The presets' descriptions (their YAML files' ``description:``), for the catalogue: ``rules`` says each in
# the reader's language (a club's own preset, not listed here, as it is written). JSON keeps the file's words.
PRESET_DESCRIPTIONS = (
    N_("Oklahoma Gin, two players; the first upcard sets the knock limit"),
    N_("three players, one in the box against a captain; knock limit 10"),
    N_("standard gin, two players; knock limit 10"),
    N_("classic club scoring; gin 20, box 20, game 100, shutout doubles it, loser deals"),
    N_("classic scoring, three games at once (Hollywood)"),
    N_("tournament scoring; undercut 25, big gin 31, box 25, game 100, to 250"),
    N_("Oklahoma club game; ace gin only, spades double, box 25, game 100, to 150"),
)


@group("rules", invoke_without_command=True)
@wide_option
@json_option(N_("Print the presets as one JSON object."))
@click.pass_context
def rules_cmd(ctx: click.Context, as_json: bool) -> None:
    """List the house-rule presets; show or check a rule set.

    A rule set is a preset name or a YAML file of house rules, which may start from a preset with
    `extends: classic` and change any knob (see docs/rules.md §10).

    \b
    List the presets:         gin-ref rules
    Show a preset's knobs:    gin-ref rules show classic
    Check a club's file:      gin-ref rules check club.yaml
    Compare two rule sets:    gin-ref rules diff oklahoma club.yaml
    """
    if ctx.invoked_subcommand is not None:
        return
    presets = desk_rules.presets()
    if as_json:
        emit_json({"presets": [{"name": name, "description": text} for name, text in presets]})
    else:
        rows = [(name, gettext(text) if text in PRESET_DESCRIPTIONS else text) for name, text in presets]
        say(grid(rows, headers=["preset", gettext("description")], width=output_width(), wrap=(1,)))


@rules_cmd.command("show")
@wide_option
@argument("spec", metavar="NAME|FILE", shell_complete=complete_rules)
@json_option(N_("Print the rules as one JSON object."))
def show_cmd(spec: str, as_json: bool) -> None:
    """Show every knob of a rule set, its value and where it came from.

    NAME|FILE is a preset name or a rules file. In the "from" column, "default" means the rule was not
    set anywhere; a preset name or FILE:LINE says who set it.

    \b
    Example:  gin-ref rules show hollywood
              gin-ref rules show club.yaml --json
    """
    rules, sources = desk_rules.show(spec)
    knobs = rules.knobs()
    if as_json:
        emit_json({"rules": rules.name, "knobs": knobs, "sources": sources})
        return
    rows = [(name, plain(value), sources[name]) for name, value in knobs.items()]
    say(gettext("rules: %(rules)s") % {"rules": rules.name})
    say(grid(rows, headers=[gettext("house rule"), gettext("value"), gettext("from")]))


@rules_cmd.command("check")
@argument("path", metavar="FILE")
def check_cmd(path: str) -> None:
    """Check a rules file and every file it extends.

    Prints every problem on stderr as FILE:LINE: message and exits 1; prints "FILE: ok" and exits 0 when
    there is none. Exits 2 when FILE is not a file.

    \b
    Example:  gin-ref rules check club.yaml
              club.yaml: ok
    """
    problems = desk_rules.check(path)
    for problem in problems:
        warn(problem)
    if problems:
        sys.exit(1)
    say(gettext("%(path)s: ok") % {"path": shown_name(path)})


@rules_cmd.command("diff")
@argument("first", metavar="A")
@argument("second", metavar="B")
@json_option(N_("Print one JSON object: both rule sets and every knob that differs."))
def diff_cmd(first: str, second: str, as_json: bool) -> None:
    """The house rules that differ between two rule sets (each a preset name or a rules file): both values
    and where each came from (a preset, FILE:LINE, or "default"), under each set's extends chain.

    Exit 0 whether or not they differ.

    \b
    Example:  gin-ref rules diff oklahoma tournament
              gin-ref rules diff classic club.yaml --json
    """
    diff = desk_rules.diff(first, second)
    if as_json:
        emit_json(diff.data())
    else:
        say(diff_text(diff, output_width()))

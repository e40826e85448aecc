"""``gin-ref help [COMMAND]``: the list of commands, or one command's own help (by any name it answers to)."""

from __future__ import annotations

from typing import Optional

import click

from gin_ref.cli import command_readings, main, unknown_message  # (loaded already: the group loads this module by name)
from gin_ref.cli.helptext import argument, command
from gin_ref.desk.errors import InvalidNotationError


@command("help")
@argument("command", required=False, metavar="[COMMAND]")
@click.pass_context
def help_cmd(ctx: click.Context, command: Optional[str]) -> None:
    """The commands of gin-ref, or one command's help: the same as 'gin-ref COMMAND --help'. A command may
    be named by a unique prefix, in any case (help k is knock's).

    \b
    Example:  gin-ref help
              gin-ref help knock
    """
    above = ctx.parent.command if ctx.parent is not None else None
    group = above if isinstance(above, click.Group) else main
    parent = ctx.parent or click.Context(group, info_name="gin-ref")
    if command is None:
        click.echo(group.get_help(parent))
        return
    readings = command_readings(command)
    if len(readings) != 1:
        raise InvalidNotationError(unknown_message(command))
    found = group.get_command(parent, readings[0])
    assert found is not None  # (a command's full name)
    with click.Context(found, info_name=readings[0], parent=parent) as sub:
        click.echo(found.get_help(sub))

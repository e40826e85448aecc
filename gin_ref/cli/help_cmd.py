"""``gin-ref help [COMMAND]``: the list of commands, or one command's own help (by any name it answers to)."""

import click


@click.command("help")
@click.argument("command", required=False, metavar="[COMMAND]")
@click.pass_context
def help_cmd(ctx, command):
    """The commands of gin-ref, or one command's help: the same as 'gin-ref COMMAND --help'. A command may
    be named by a unique prefix, in any case (help k is knock's).

    \\b
    Example:  gin-ref help
              gin-ref help knock
    """
    from gin_ref.cli import command_readings, unknown_command

    group = ctx.parent.command if ctx.parent is not None else None
    if group is None or not isinstance(group, click.Group):
        from gin_ref.cli import main as group
    parent = ctx.parent or click.Context(group, info_name="gin-ref")
    if command is None:
        click.echo(group.get_help(parent))
        return
    readings = command_readings(command)
    if len(readings) != 1:
        from gin_ref.desk.errors import InvalidNotationError

        raise InvalidNotationError(unknown_command(command))
    found = group.get_command(parent, readings[0])
    with click.Context(found, info_name=readings[0], parent=parent) as sub:
        click.echo(found.get_help(sub))

"""The session's help (``help`` in ``gin-ref play``): every command of the CLI with its summary, then the
session's own words, help and quit."""

from __future__ import annotations

from typing import Callable, Optional

import click

from gin_ref.desk.errors import N_
from gin_ref.desk.language import gettext as _


HELP_WORDS = {  # the session's own commands: what each does (its name in the notation, padded as the others)
    "help": N_("this list; help COMMAND shows the command's own help"),
    "quit": N_("leave the session (Ctrl-D too); every entry is in the file already"),
}
INTRO = N_("Type the commands of gin-ref without 'gin-ref' and without --match (the session gives it):\n"
           "  deal --upcard 9h | knock ben 5 --defender 23 | pass ann | undo | tally\n"
           "or a hand as the table says it, [UPCARD] PLAYER COUNT DEFENDER-COUNT: 9h b 5 23, 9h b gin 17,\n"
           "  9h dead (a ! at the end: a count over the limit really knocked). Commands by a prefix: k, tal")
QUOTE = N_('Quote a group of cards: knock ben "A-3S 4HDC 7-9C 5D" --defender 40')


def help_text(group: click.Group, lookup: Callable[[str], Optional[click.Command]]) -> str:
    """The session's help: every command of the CLI with its summary, then help and quit."""
    lines = [_(INTRO), ""]
    for name in group.list_commands(click.Context(group)):
        if name in ("play", "help"):  # help: the session's own line below
            continue
        command = lookup(name)
        if command is not None:
            lines.append(f"{name:<15} {command.get_short_help_str(limit=62)}")
    lines += [f"{name:<15} {_(HELP_WORDS[name])}" for name in ("help", "quit")]
    lines += ["", _(QUOTE)]
    return "\n".join(lines)

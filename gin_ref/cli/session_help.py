"""The session's help (``help`` in ``gin-ref play``): every command of the CLI with its summary, then the
session's own words, help and quit."""

from __future__ import annotations

from typing import Callable, Optional

import click


HELP_WORDS = {
    "help": "help            this list; help COMMAND shows the command's own help",
    "quit": "quit            leave the session (Ctrl-D too); every entry is in the file already",
}


def help_text(group: click.Group, lookup: Callable[[str], Optional[click.Command]]) -> str:
    """The session's help: every command of the CLI with its summary, then help and quit."""
    lines = ["Type the commands of gin-ref without 'gin-ref' and without --match (the session gives it):",
             "  deal --upcard 9h | knock ben 5 --defender 23 | pass ann | undo | tally",
             "or a hand as the table says it, [UPCARD] PLAYER COUNT DEFENDER-COUNT: 9h b 5 23, 9h b gin 17,",
             "  9h dead (a ! at the end: a count over the limit really knocked). Commands by a prefix: k, tal", ""]
    for name in group.list_commands(click.Context(group)):
        if name in ("play", "help"):  # help: the session's own line below
            continue
        command = lookup(name)
        if command is not None:
            lines.append(f"{name:<15} {command.get_short_help_str(limit=62)}")
    lines += [HELP_WORDS["help"], HELP_WORDS["quit"],
              "", "Quote a group of cards: knock ben \"A-3S 4HDC 7-9C 5D\" --defender 40"]
    return "\n".join(lines)

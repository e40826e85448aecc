"""The commands of gin-ref by name, and what a typed word names (a full name in any case, a unique prefix).

The names and the modules that define them are one table (``COMMANDS``): the group (``gin_ref.cli``) loads a
command's module by its name here only when that command runs or its help is shown (docs/architecture.md,
"Imports"), and the session, the table line and ``help`` read a typed word by it.
"""

from typing import Dict, List

from gin_ref.desk.language import gettext

# command name -> module under gin_ref.cli that defines it (as a function of the same name, '-' as '_')
COMMANDS: Dict[str, str] = {
    "check": "engine_cmds",
    "score": "engine_cmds",
    "rules": "rules_cmds",
    "new": "match_cmds",
    "deal": "match_cmds",
    "knock": "match_cmds",
    "dead": "match_cmds",
    "undo": "amend_cmds",
    "redo": "amend_cmds",
    "amend": "amend_cmds",
    "tally": "tally_cmd",
    "verify": "verify_cmd",
    "take": "turn_cmds",
    "pass": "turn_cmds",
    "draw": "turn_cmds",
    "discard": "turn_cmds",
    "export": "history_cmds",
    "history": "history_cmds",
    "stats": "history_cmds",
    "standings": "club_cmds",
    "event": "club_cmds",
    "settle": "settle_cmds",
    "ruling": "desk_cmds",
    "result": "result_cmds",
    "play": "play",
    "serve": "serve_cmd",
    "help": "help_cmd",
}


def command_readings(name: str) -> List[str]:
    """The commands a typed word names: ``[full name]`` for a command's full name in any case
    (``Knock``) or a unique prefix of one (``k``, ``kn``); every command it prefixes when it prefixes
    several (``d``: deal, dead, discard, draw); ``[]`` for none. Prefixes are for people: a script names
    the command in full (a prefix may become ambiguous when a command is added)."""
    folded = str(name).casefold()
    if folded in COMMANDS:
        return [folded]
    return [command for command in COMMANDS if folded and command.startswith(folded)]


def unknown_command(name: str) -> str:
    """The words for a word that names no command, or several: which ones, or the nearest command."""
    from gin_ref.desk.notation import did_you_mean

    readings = command_readings(name)
    if len(readings) > 1:
        return gettext("command '%(name)s' is ambiguous: %(commands)s (type more of it)") % {
            "name": name, "commands": ", ".join(readings)}
    nearest = did_you_mean(name, COMMANDS)  # `` (did you mean 'knock'?)``, or nothing
    if nearest:
        return gettext("no such command '%(name)s' (did you mean '%(nearest)s'?)") % {
            "name": name, "nearest": nearest.split("'")[1]}
    return gettext("no such command '%(name)s'") % {"name": name}

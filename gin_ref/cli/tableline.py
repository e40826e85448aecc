"""The table line of ``gin-ref play`` (``9h b 5 23``, docs/play.md) is read by ``gin_ref.desk.tableline``
(the session and the table pages of ``gin-ref serve`` share it); here, whether a line's first word reads as
a command rather than a player: ``reads_as_command``."""

from typing import Sequence

import click

from gin_ref.desk.errors import GinRefError, InvalidNotationError
from gin_ref.desk.tableline import player_readings, read_count, reads_as_fact


def reads_as_command(command: click.Command, name: str, args: Sequence[str], players: Sequence[str]) -> bool:
    """Does a line read as ``command`` (its words after the command's own): click takes its arguments and
    options, each player named is one of ``players`` (full name or unique prefix), and a knock has the
    defender's side (``--defender``, or two counts)."""
    try:
        with command.make_context(name, list(args), resilient_parsing=False) as ctx:
            params = ctx.params
    except (click.exceptions.ClickException, click.exceptions.Exit, GinRefError):
        return False
    except Exception:  # a value that cannot be read is a line that does not read as the command
        return False
    for key in ("player", "dealer"):
        value = params.get(key)
        if isinstance(value, str) and len(player_readings(players, value)) != 1:
            return False
    if name == "knock" and params.get("defender_cards") is None:
        cards = params.get("cards") or ()
        try:
            return len(cards) == 2 and all(read_count(value, "a count") is not None for value in cards)
        except InvalidNotationError:
            return False
    if name == "new":
        return all(reads_as_fact(player) is None for player in params.get("players") or ())
    return True

"""Whether a table line's first word reads as a command too (gin_ref.cli.tableline.reads_as_command): the
session refuses a line that reads two ways. In this process, each way a line can fail to read as the
command."""

import click
import pytest

from gin_ref.cli import main
from gin_ref.cli.tableline import reads_as_command

PLAYERS = ["Ann", "Ben"]


def command(name):
    return main.get_command(click.Context(main), name)


@pytest.mark.parametrize("name, args, reads", [
    ("knock", ["Ben", "5", "23"], True),           # a knocker and two counts
    ("knock", ["Ben", "5"], False),                # no defender's side
    ("knock", ["Ben", "5", "x"], False),           # a count that is none
    ("knock", ["Ben", "5", "99999"], False),       # a count out of range
    ("knock", ["Zed", "5", "23"], False),          # nobody of that name
    ("knock", ["--no-such-option"], False),        # click refuses it
    ("dead", [], True),
    ("new", ["Ann", "Ben"], True),
    ("new", ["Ann", "9h"], False),                 # a player named like a card
])
def test_a_line_reads_as_the_command_only_when_click_and_the_players_take_it(name, args, reads):
    assert reads_as_command(command(name), name, args, PLAYERS) is reads


def test_a_value_that_raises_while_read_is_a_line_that_does_not_read_as_the_command():
    @click.command()
    @click.argument("value", type=click.INT, callback=lambda ctx, param, value: 1 // 0)
    def odd(value):
        pass

    assert reads_as_command(odd, "odd", ["3"], PLAYERS) is False

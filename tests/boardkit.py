"""Helpers of the board's tests (tests/test_board_*.py): an event folder with its first round paired, hands
recorded at a table as the command line records them (in this process, through click's runner), and the
served app with its test client."""

import os

from click.testing import CliRunner

from gin_ref.cli import main

K0 = "AS 2S 3S 4H 4D 4C 7C 8C 9C TC"  # gin
K5 = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"  # deadwood 5
D71 = "6S QS 5H 7H QH KH 3D 8D KD 2C"  # 71 against a gin: 25 + 71 = 96
D35 = "6S 8H TH JH QH KH 7D QD AC 3C"  # 35 against 5: 30
DATE = "2024-09-06"


def cli(*args, ok=True):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    if ok:
        assert result.exit_code == 0, (args, result.output, result.stderr)
    return result


def new_event(tmp_path, name="night", players=("Ann", "Ben", "Cid", "Dee"), system="round-robin"):
    """An event folder (standard rules: gin 25, target 100) with its first round paired."""
    folder = str(tmp_path / name)
    cli("event", "new", folder, "--format", system, "--rules", "standard", "--date", DATE, *players)
    cli("event", "pair", folder, "--date", DATE)
    return folder


def table_file(folder, round_number, table):
    return os.path.join(folder, f"round-{round_number}-table-{table}.yaml")


def hand(path, knocker, knocker_cards=K5, defender_cards=D35):
    """A hand dealt and knocked, as `gin-ref deal` and `gin-ref knock` record it."""
    cli("deal", "--match", path, "--upcard", "7D")
    cli("knock", "--match", path, knocker, *knocker_cards.split(), "--defender", defender_cards)


def finish(path, winner):
    """The match won by ``winner``: a gin (96), then a knock (30): 126 to 0, over at 100."""
    hand(path, winner, K0, D71)
    hand(path, winner, K5, D35)


def players_of(path):
    from gin_ref.files import matchfile

    return list(matchfile.load(path).match.state.players)

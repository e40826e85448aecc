"""Output fits the terminal (issue 11 item 6): 80 columns by default for two
and three players and Hollywood, names of up to 12 characters kept whole and longer ones shortened in
tables only, spreads wrapped, tally columns dropped but never a player's, --wide for the full layout."""

import json
import shutil
from pathlib import Path

import pytest

from runs import invoke as run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def gin_ref(cwd, *args, columns="80"):
    return run(*args, cwd=cwd, env={"GIN_REF_MATCH": None, "COLUMNS": columns})


def widest(text):
    return max(len(line) for line in text.splitlines())


def header_of(text):
    """The tally table's header line."""
    return next(line for line in text.splitlines() if line.split()[:1] == ["hand"])


@pytest.mark.parametrize("example", ["oklahoma.yaml", "three-player.yaml", "hollywood.yaml", "spades.yaml"])
def test_every_tally_fits_80_columns_and_keeps_the_players(tmp_path, example):
    shutil.copy(EXAMPLES / example, tmp_path / "match.yaml")
    out = gin_ref(tmp_path, "tally").stdout
    assert widest(out) <= 80, out
    header = header_of(out).split()
    players = json.loads(gin_ref(tmp_path, "tally", "--json").stdout)["players"]
    assert header[:1] == ["hand"] and header[-len(players):] == players
    assert {"result", "winner"} <= set(header)
    wide = gin_ref(tmp_path, "tally", "--wide").stdout
    assert wide == gin_ref(tmp_path, "tally", columns="300").stdout
    assert "upcard" in header_of(wide)


def test_columns_follow_the_terminal(tmp_path):
    shutil.copy(EXAMPLES / "three-player.yaml", tmp_path / "match.yaml")
    narrow = gin_ref(tmp_path, "tally", columns="60").stdout
    assert widest(narrow) <= 60 and header_of(narrow).split()[-3:] == ["Ann", "Ben", "Cid"]
    assert "upcard" in header_of(gin_ref(tmp_path, "tally", columns="120").stdout)


def test_long_names_are_shortened_in_tables_never_in_json_or_the_file(tmp_path):
    long_a, long_b = "Alexandrina Q", "Maximiliano"  # 13 and 11 characters
    gin_ref(tmp_path, "new", "--dealer", long_a, long_a, long_b)
    knock = gin_ref(tmp_path, "knock", "--upcard", "9H", long_b, "A-3S 4HDC 7-9C 5D", "--defender",
                    "AH 7H QH 2D 7-JD 3C")
    assert knock.returncode == 0 and widest(knock.stdout) <= 80
    tally = gin_ref(tmp_path, "tally").stdout
    assert "Alexandrina…" in header_of(tally) and "Maximiliano" in header_of(tally)
    assert widest(tally) <= 80
    assert json.loads(gin_ref(tmp_path, "tally", "--json").stdout)["players"] == [long_a, long_b]
    assert f"players: [{long_a}, {long_b}]" in (tmp_path / "match.yaml").read_text(encoding="utf-8")
    assert long_a in header_of(gin_ref(tmp_path, "tally", "--wide").stdout)


def test_spreads_wrap_to_fit(tmp_path):
    args = ["score", "--upcard", "KH", "--knocker", "3-5S 4HDC 7-9C AD", "--defender", "6S 7S 2S KS 2H 9H KH QD 5D 2C"]
    narrow = gin_ref(tmp_path, *args, columns="50").stdout
    assert widest(narrow) <= 50
    assert "3♠ 4♠ 5♠ |" in narrow and "score: knock: 44 − 1 = 43 to the knocker" in narrow
    full = gin_ref(tmp_path, *args, "--wide", columns="50").stdout
    assert "3♠ 4♠ 5♠ | 4♥ 4♦ 4♣ | 7♣ 8♣ 9♣" in full


@pytest.mark.parametrize("args", [["rules"], ["rules", "show", "tournament"], ["history", EXAMPLES],
                                  ["stats", EXAMPLES], ["verify", *sorted(EXAMPLES.glob("*.yaml"))],
                                  ["stats", "--player", "Ann", EXAMPLES]])
def test_the_other_commands_fit_80_columns_too(tmp_path, args):
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    local = [a if not isinstance(a, Path) else Path("examples") / a.relative_to(EXAMPLES) for a in args]
    result = gin_ref(tmp_path, *local)
    assert result.returncode == 0 and widest(result.stdout + result.stderr) <= 80, result.stdout
    if args[0] in ("history", "stats", "rules"):
        wide = gin_ref(tmp_path, *local, "--wide")
        assert wide.stdout == gin_ref(tmp_path, *local, columns="300").stdout

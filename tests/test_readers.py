"""What the readers of gin-ref's files refuse, and how they say it (issue 24 items 14, 17, 18): every error of
a file names FILE:LINE (event files too); a /1 record holding keys only /2 has is refused at each key; a knob
of a record's rules snapshot is checked as the rules file checks it; a /2 record saved with CRLF line ends is
read as it stands, and a lone carriage return is refused as what it is."""

import json
import os
import re

import pytest
from click.testing import CliRunner

from gin_ref.cli import main

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")


def gin(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.setenv("GIN_REF_CACHE", "off")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def example(name):
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as source:
        return source.read()


# -- item 17: keys only /2 has, and knob values ------------------------------------------------------------

@pytest.mark.parametrize("old, new, key", [
    ("  totals: {Ann: 0, Ben: 30}\n", "  totals: {Ann: 0, Ben: 30}\n  seal: 0123456789abcdef\n", "seal"),
    ("  irregularities: []\n  result: knock\n",
     "  irregularities: []\n  ruling: {kind: void, reason: x}\n  result: knock\n", "ruling"),
])
def test_a_version_1_record_holding_a_key_only_version_2_has_is_refused_at_its_line(here, old, new, key):
    text = example("oklahoma.yaml")
    assert "format: gin-ref-match/1\n" in text and old in text
    (here / "old.yaml").write_text(text.replace(old, new, 1))
    line = text.replace(old, new, 1).splitlines().index(new.splitlines()[-1 if key == "seal" else 1]) + 1
    done = gin("verify", "old.yaml")
    assert done.exit_code == 1
    assert done.stderr.splitlines()[0] == (f"old.yaml:{line}: '{key}' is a key of format gin-ref-match/2, not of "
                                           "gin-ref-match/1: the file says 'format: gin-ref-match/1' but holds a "
                                           "newer record")
    assert gin("tally", "old.yaml").exit_code == 1


def test_a_seal_in_a_version_1_correction_is_refused_too(here):
    text = example("oklahoma.yaml").replace(
        "corrections: []", "corrections:\n- undone: x\n  date: '2024-03-02T20:00:00+01:00'\n  entry:\n"
                           "    number: 9\n    seal: 0123456789abcdef\n")
    assert "seal: 0123456789abcdef" in text
    (here / "old.yaml").write_text(text)
    done = gin("verify", "old.yaml")
    assert done.exit_code == 1
    line = text.splitlines().index("    seal: 0123456789abcdef") + 1
    assert f"old.yaml:{line}: 'seal' is a key of format gin-ref-match/2" in done.stderr


@pytest.mark.parametrize("value", ["2.0", "3.0"])
def test_a_number_of_players_that_is_not_a_whole_number_is_refused_in_a_record_and_a_rules_file(here, value):
    assert gin("new", "--match", "m.yaml", "--dealer", "Ann", "Ann", "Ben").exit_code == 0
    text = (here / "m.yaml").read_text()
    (here / "k.yaml").write_text(text.replace("    players: 2\n", f"    players: {value}\n"))  # the seals aside
    line = text.splitlines().index("    players: 2") + 1
    done = gin("verify", "k.yaml")
    assert done.exit_code == 1
    assert done.stderr == f"k.yaml:{line}: house rule 'players' must be 2 or 3, not {value}\n"
    (here / "r.yaml").write_text(f"extends: oklahoma\nplayers: {value}\n")
    checked = gin("rules", "check", "r.yaml")
    assert checked.exit_code == 1
    assert f"r.yaml:2: house rule 'players' must be 2 or 3, not {value}" in checked.stdout + checked.stderr

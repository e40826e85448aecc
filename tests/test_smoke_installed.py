"""Every command once through the installed ``gin-ref`` (the console script) and ``python -m gin_ref``: what
a shell sees, exit codes included. The scenarios themselves run in process (tests/runs.py); these check that
the installed command is the same program, in as few processes as that takes: one piped session runs every
command of a match, a club and an event. Signals and closed pipes: tests/test_cli_errors.py."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

from hands import DEFENDER, KNOCKER
from runs import installed

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HAND = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"


def test_the_console_script_is_installed():
    assert shutil.which("gin-ref"), "gin-ref is not on PATH: pip install -e . in this environment"


def test_version_and_help():
    assert installed("--version").out.startswith("gin-ref, version ")
    done = installed("--help")
    assert (done.code, done.err) == (0, "")
    for name in ("new", "deal", "knock", "dead", "undo", "tally", "verify", "play", "event", "ruling", "result"):
        assert f"  {name} " in done.out


def test_a_usage_error_is_one_line_and_exit_2(tmp_path):
    done = installed("frob", cwd=tmp_path)
    assert (done.code, done.out, done.err) == (2, "", "Error: no such command 'frob' (see 'gin-ref --help')\n")


def test_python_dash_m_runs_the_same_cli(tmp_path):
    done = subprocess.run([sys.executable, "-m", "gin_ref", "verify", tmp_path / "none.yaml"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 1 and done.stderr.endswith("none.yaml: no such file\n")


def test_check_a_legal_and_a_refused_knock(tmp_path):
    legal = installed("check", "--upcard", "7D", HAND, cwd=tmp_path)
    assert (legal.code, legal.err) == (0, "") and "legal: deadwood 5 within limit 7" in legal.out
    refused = installed("check", "--upcard", "7D", HAND.replace("5D", "KD"), cwd=tmp_path)
    assert refused.code == 1 and "not legal" in refused.out


SESSION = [
    "new --date 2025-03-01 --dealer Ann Ann Ben",
    "deal --upcard 9H", "pass Ben", "take Ann", "discard Ann QH", "draw Ben", "discard Ben KS", "undo", "redo",
    "ruling --redeal --reason misdeal",
    "9h b 5 23",  # a table line: deal and knock
    "deal --upcard KD", "dead", "undo", "redo",
    "amend 3 Ann 5 --defender 35",  # the dead hand was a knock after all
    "ruling --hand 2 --award Ben 12 --reason exposed",
    "tally --json", "verify m.yaml",
    "history ok.yaml", "stats --json ok.yaml", "standings ok.yaml", "settle ok.yaml",
    "export --format csv --output o.csv ok.yaml",
    f"check --upcard 7D {HAND}", f"score --json --upcard 7D --knocker '{KNOCKER[5]}' --defender '{DEFENDER[(5, 23)]}'",
    "rules show oklahoma",
    "event new night --format round-robin --rules standard --date 2024-09-06 Ann Ben", "event pair night",
    "event standings --json night",
    "help knock",
]


def test_every_command_in_one_piped_session(tmp_path):
    shutil.copy(EXAMPLES / "oklahoma.yaml", tmp_path / "ok.yaml")
    done = installed("play", "--match", "m.yaml", cwd=tmp_path, input="".join(line + "\n" for line in SESSION),
                     env={"GIN_REF_CACHE": "off", "GIN_REF_MATCH": None})
    assert (done.code, done.err) == (0, "")
    lines = done.out.splitlines()
    tally = json.loads(next(line for line in lines if line.startswith('{"players"')))
    assert [h["result"] for h in tally["hands"]] == [None, "knock", "knock"]
    assert tally["totals"] == {"Ann": 30, "Ben": 12}
    assert [h.get("ruling", {}).get("kind") for h in tally["hands"]] == ["redeal", "award", None]
    assert "= knock --upcard 9H Ben 5 --defender 23" in lines
    assert "m.yaml: ok, 3 hands" in done.out
    assert (tmp_path / "o.csv").read_text().startswith("match,date,hand")
    assert (tmp_path / "night" / "round-1-table-1.yaml").exists()
    assert "Example:" in done.out.split("Usage: gin-ref knock [OPTIONS] PLAYER", 1)[1]  # help knock, last
    assert '"winner": "knocker"' in done.out


def test_the_completion_scripts_are_given_for_bash_zsh_and_fish():
    for shell in ("bash", "zsh", "fish"):  # what a shell's start-up file runs
        assert "_GIN_REF_COMPLETE" in installed(env={"_GIN_REF_COMPLETE": f"{shell}_source"}).out, shell

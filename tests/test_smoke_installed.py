"""Every command once through the installed ``gin-ref`` (the console script) and ``python -m gin_ref``: what
a shell sees, exit codes included. The scenarios themselves run in process (tests/runs.py); these check that
the installed command is the same program. Signals and closed pipes: tests/test_cli_errors.py."""

import json
import shutil
import subprocess
import sys
from pathlib import Path


from hands import DEFENDER, KNOCKER
from runs import Run, installed

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
HAND = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"


def ok(cwd, *args, env=None):
    done = installed(*args, cwd=cwd, env=env)
    assert (done.code, done.err) == (0, ""), (args, done)
    return done.out


def test_the_console_script_is_installed():
    assert shutil.which("gin-ref"), "gin-ref is not on PATH: pip install -e . in this environment"


def test_version_help_and_a_bare_call(tmp_path):
    assert ok(tmp_path, "--version").startswith("gin-ref, version ")
    out = ok(tmp_path, "--help")
    for name in ("new", "deal", "knock", "dead", "undo", "tally", "verify", "play", "event"):
        assert f"  {name} " in out
    assert "Example:" in ok(tmp_path, "knock", "--help")
    assert ok(tmp_path, "help", "knock").startswith("Usage: gin-ref knock [OPTIONS] PLAYER")
    bare = installed(cwd=tmp_path)  # click shows the help on stderr, exit 2
    assert bare.code == 2 and bare.err.startswith("Usage: gin-ref [OPTIONS] COMMAND [ARGS]...\n")


def test_a_usage_error_is_one_line_and_exit_2(tmp_path):
    done = installed("frob", cwd=tmp_path)
    assert (done.code, done.out, done.err) == (2, "", "Error: no such command 'frob' (see 'gin-ref --help')\n")


def test_python_dash_m_runs_the_same_cli(tmp_path):
    done = subprocess.run([sys.executable, "-m", "gin_ref", "verify", tmp_path / "none.yaml"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 1 and done.stderr.endswith("none.yaml: no such file\n")
    assert subprocess.run([sys.executable, "-m", "gin_ref", "--version"], capture_output=True,
                          text=True).stdout.startswith("gin-ref, version ")


def test_check_score_and_rules(tmp_path):
    assert "legal" in ok(tmp_path, "check", "--upcard", "7D", HAND)
    bad = installed("check", "--upcard", "7D", HAND.replace("5D", "KD"), cwd=tmp_path)
    assert bad.code == 1  # not legal: refused
    card = installed("check", "--upcard", "1H", HAND, cwd=tmp_path)
    assert card.code == 2 and card.err.startswith("Error: ")
    score = json.loads(ok(tmp_path, "score", "--json", "--upcard", "7D", "--knocker", HAND,
                          "--defender", DEFENDER[(5, 23)]))
    assert score["winner"] == "knocker"
    # the presets are package data, found from any folder: tests/test_cli_rules.py


def test_a_match_recorded_and_refused(tmp_path):
    env = {"GIN_REF_MATCH": "table.yaml"}
    ok(tmp_path, "new", "--dealer", "Ben", "Ann", "Ben", env=env)
    assert ok(tmp_path, "deal", "--upcard", "TD", env=env) == "hand 1: Ben deals, upcard 10♦\nknock limit 10 (upcard 10♦)\n"
    before = (tmp_path / "table.yaml").read_bytes()
    bad = installed("knock", "Ann", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 23)].replace("3C", "AS"),
                    cwd=tmp_path, env=env)
    assert (bad.code, bad.err, bad.out) == (2, "Error: AS in both hands\n", "")
    assert (tmp_path / "table.yaml").read_bytes() == before
    out = ok(tmp_path, "knock", "Ann", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 71)], env=env)
    assert "totals: Ann 66, Ben 0\nnext: Ann deals hand 2 (the winner" in out
    ok(tmp_path, "deal", "--upcard", "TS", env=env)
    out = ok(tmp_path, "knock", "Ann", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 35)], env=env)
    assert "totals: Ann 96, Ben 0\nnext: Ann deals hand 3" in out
    ok(tmp_path, "deal", "--upcard", "TH", env=env)
    ok(tmp_path, "knock", "Ann", *KNOCKER[5].split(), "--defender", DEFENDER[(5, 23)], env=env)
    data = json.loads(ok(tmp_path, "tally", "--json", env=env))
    assert (data["winner"], data["final"], [h["dealer"] for h in data["hands"]]) == (
        "Ann", {"Ann": 114, "Ben": 0}, ["Ben", "Ann", "Ann"])
    late = installed("deal", "--upcard", "2H", cwd=tmp_path, env=env)
    assert (late.code, late.err) == (1, "Error: the match is over (it ended with hand 3): no more deals\n")
    assert ok(tmp_path, "verify", "table.yaml") == "table.yaml: ok, 3 hands, over: Ann won 114 to 0\n"


def test_corrections_dead_undo_redo_amend_ruling(tmp_path):
    env = {"GIN_REF_MATCH": "m.yaml"}
    ok(tmp_path, "new", "--dealer", "Ben", "Ann", "Ben", env=env)
    ok(tmp_path, "deal", "--upcard", "TS", env=env)
    ok(tmp_path, "dead", env=env)
    ok(tmp_path, "undo", env=env)  # the dead hand taken back
    ok(tmp_path, "redo", env=env)
    ok(tmp_path, "amend", "1", "Ann", "5", "--defender", "35", env=env)  # the dead hand was a knock after all
    assert json.loads(ok(tmp_path, "tally", "--json", env=env))["totals"] == {"Ann": 30, "Ben": 0}
    ok(tmp_path, "ruling", "--award", "Ben", "12", "--reason", "a card was exposed", env=env)
    assert json.loads(ok(tmp_path, "tally", "--json", env=env))["totals"] == {"Ann": 0, "Ben": 12}
    assert ok(tmp_path, "verify", "m.yaml").startswith("m.yaml: ok, 1 hand")
    assert installed("verify", "none.yaml", cwd=tmp_path).code == 1


def test_turn_by_turn(tmp_path):
    env = {"GIN_REF_MATCH": "m.yaml"}
    ok(tmp_path, "new", "--dealer", "Ann", "Ann", "Ben", env=env)
    ok(tmp_path, "deal", "--upcard", "9H", env=env)
    for turn in ("pass Ben", "take Ann", "discard Ann QH", "draw Ben", "discard Ben KS"):
        ok(tmp_path, *turn.split(), env=env)
    out_of_turn = installed("draw", "Ben", cwd=tmp_path, env=env)
    assert out_of_turn.code == 1 and out_of_turn.err.startswith("Error: ")
    assert ok(tmp_path, "verify", "m.yaml").startswith("m.yaml: ok, 1 hand")


def test_the_readers_of_the_shipped_examples(tmp_path):
    oklahoma = EXAMPLES / "oklahoma.yaml"
    assert "Ann" in ok(tmp_path, "history", EXAMPLES)
    assert "Ann" in json.loads(ok(tmp_path, "stats", "--json", EXAMPLES))
    assert "Ann" in ok(tmp_path, "standings", EXAMPLES, env={"GIN_REF_CACHE": "off"})
    assert "Ann" in ok(tmp_path, "settle", oklahoma)
    ok(tmp_path, "export", "--format", "csv", "--output", tmp_path / "out.csv", oklahoma)
    assert (tmp_path / "out.csv").read_text().startswith("match,date,hand")


def test_an_event(tmp_path):
    night = tmp_path / "night"
    ok(tmp_path, "event", "new", night, "--format", "round-robin", "--rules", "standard", "--date", "2024-09-06",
       "Ann", "Ben")
    ok(tmp_path, "event", "pair", night)
    ok(tmp_path, "result", "--match", night / "round-1-table-1.yaml", "Ann", 120, "Ben", 80)
    # (result's own exit codes through the installed command: tests/test_cli_result.py)
    assert json.loads(ok(tmp_path, "event", "standings", "--json", night))


def test_a_piped_session(tmp_path):
    done = installed("play", "--match", "m.yaml", cwd=tmp_path,
                     input="new --date 2025-03-01 --dealer Ann Ann Ben\n9h b 5 23\ntally\nfrob\n")
    assert done.code == 2 and done.err == "Error: no such command 'frob' (see 'gin-ref --help')\n"
    assert "= knock --upcard 9H Ben 5 --defender 23" in done.out


def test_the_completion_scripts_are_given_for_bash_zsh_and_fish(tmp_path):
    for shell in ("bash", "zsh", "fish"):  # what a shell's start-up file runs
        assert "_GIN_REF_COMPLETE" in installed(env={"_GIN_REF_COMPLETE": f"{shell}_source"}).out, shell


def test_run_reads_either_way():
    assert (Run(1, "o", "e").returncode, Run(1, "o", "e").stdout, Run(1, "o", "e").stderr) == (1, "o", "e")

"""A new user's defects, each through the installed command: click's usage errors as the one ``Error:`` line
every error is, ..."""

import os
import shutil
import subprocess
import sys

import pytest

GIN_REF = shutil.which("gin-ref")


def gin_ref(folder, *args, input=None):
    """The installed command (else ``python -m gin_ref``) in ``folder``."""
    command = [GIN_REF] if GIN_REF else [sys.executable, "-m", "gin_ref"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    env.pop("GIN_REF_MATCH", None)
    return subprocess.run(command + [str(arg) for arg in args], cwd=str(folder), env=env, input=input,
                          capture_output=True, text=True, encoding="utf-8")


@pytest.fixture
def match(tmp_path):
    assert gin_ref(tmp_path, "new", "--match", "m.yaml", "--dealer", "Ann", "Ann", "Ben").returncode == 0
    return tmp_path


@pytest.mark.parametrize("args, line", [
    (["knock", "Ben", "3"], "Error: missing option '--defender' (see 'gin-ref knock --help')"),
    (["export", "--format", "pdf", "m.yaml"], "Error: invalid value for '--format': 'pdf' is not one of 'csv', "
     "'json', 'markdown', 'html' (see 'gin-ref export --help')"),
    (["frob"], "Error: no such command 'frob' (see 'gin-ref --help')"),
    (["knock", "Ben", "-3", "--defender", "3"], "Error: no such option '-3' (see 'gin-ref knock --help')"),
    (["new", "Ann", "-Bob"], "Error: no such option '-B' (see 'gin-ref new --help')"),
    (["--bogus"], "Error: no such option '--bogus' (see 'gin-ref --help')"),
])
def test_a_usage_error_is_one_line_with_where_the_help_is(match, args, line):
    result = gin_ref(match, *args)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", line + "\n")


def test_a_usage_error_in_the_session_is_the_same_one_line(match):
    result = gin_ref(match, "play", "--match", "m.yaml", input="knock Ben 3\nfrob\nnew Ann -Bob\n")
    assert result.returncode == 2
    assert result.stderr.splitlines() == ["Error: missing option '--defender' (see 'gin-ref knock --help')",
                                          "Error: no such command 'frob' (see 'gin-ref --help')",
                                          "Error: no such option '-B' (see 'gin-ref new --help')"]


def test_bare_gin_ref_still_shows_its_help(tmp_path):
    result = gin_ref(tmp_path)  # click shows the help on stderr, exit 2, as before
    assert result.returncode == 2
    assert result.stderr.startswith("Usage: gin-ref [OPTIONS] COMMAND [ARGS]...\n\n  gin-ref: ")


def test_a_bad_answer_on_a_new_file_asks_that_question_again(tmp_path):
    """A bad answer restarted from 'rules [oklahoma]:', so the answer typed again went into the wrong question."""
    pytest.importorskip("pexpect")
    from test_play_terminal import Terminal

    term = Terminal(tmp_path)
    term.wait("rules [oklahoma]:")
    term.type("nosuch\r", "Error: ")  # the rules are checked as soon as they are given
    term.wait("rules [oklahoma]: nosuch")
    term.type("classic\r", "players:")
    term.type("Ann\r", "Error: the classic rules need 2 players, not 1")
    term.type("Ann Ben\r", "first dealer [drawn at random]:")
    term.type("Zed\r", "Error: ")
    term.type("Ben\r", "new match in m.yaml: Ann v Ben, classic rules")
    term.wait("deal 1>")
    term.child.sendcontrol("d")
    assert term.end() == 0
    text = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    assert "name: classic" in text and "dealer: Ben" in text
    screen = term.screen.text()
    assert screen.count("\nrules [oklahoma]:") == 2 and screen.count("\nplayers:") == 2, screen

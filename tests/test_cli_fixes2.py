"""A new user's defects, each through the installed command: click's usage errors as the one ``Error:`` line
every error is, the questions on a new file asked again one by one, another writer's change on the prompt."""

import json
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


def test_another_writers_change_refreshes_the_prompt_and_the_status_line(tmp_path):
    """After session A's undo, session B said so but kept its old prompt and status line."""
    pytest.importorskip("pexpect")
    from test_play_terminal import Terminal, new_match, new_match_lines

    new_match(tmp_path, "deal --upcard 9H")
    term = Terminal(tmp_path)
    term.wait("hand 1 is open: Ann dealt, upcard 9♥")
    term.wait("hand 1>")
    new_match_lines(tmp_path, "undo")  # another writer takes the deal back while the prompt waits
    term.wait("another writer: ")
    term.prompts("deal 1>", 1)
    toolbar = "\n".join(term.screen.lines()[-3:])  # the status line at the foot of the screen
    assert "hand 1 is open" not in toolbar and "totals: Ann 0, Ben 0" in toolbar, term.screen.text()
    term.type("deal --upcard 9H\r", "Error: the match file changed since your last entry")  # still not run
    term.prompts("deal 1>", 2)
    term.child.sendcontrol("d")
    assert term.end() == 0


def test_verify_of_a_file_that_is_not_there_says_so_in_one_line(match):
    result = gin_ref(match, "verify", "nonexist.yaml")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == "Error: cannot read nonexist.yaml: no such file\n"
    result = gin_ref(match, "verify", "nonexist.yaml", "m.yaml")  # the others are still verified
    assert result.stdout == "m.yaml: ok, 0 hands\n" and result.returncode == 1
    assert json.loads(gin_ref(match, "verify", "--json", "nonexist.yaml").stdout)["files"][0]["problems"] == [
        {"line": None, "message": "cannot read nonexist.yaml: no such file"}]


def test_defender_cards_without_quotes_are_named_as_the_likely_slip(tmp_path):
    """Forgetting the quotes round --defender's cards gives it one card and the knocker nineteen: say so."""
    exe = [shutil.which("gin-ref")] if shutil.which("gin-ref") else [sys.executable, "-m", "gin_ref"]

    def gin(*args):
        return subprocess.run(exe + list(args), cwd=tmp_path, capture_output=True, text=True)

    assert gin("new", "--match", "q.yaml", "--dealer", "Ann", "Ann", "Ben").returncode == 0
    assert gin("deal", "--match", "q.yaml", "--upcard", "7S").returncode == 0
    done = gin("knock", "--match", "q.yaml", "Ben", *"AS 2S 3S 4H 4D 4C 7C 8C 9C 5D".split(),
               "--defender", *"KH QD 9H TH JH 6D 3H 6S TD 2H".split())
    assert done.returncode == 2
    assert done.stderr == ("Error: knocker's hand has 19 cards, expected 10 or 11: the cards after --defender's "
                           "first probably belong to --defender: quote them (--defender \"KH QD ...\")\n")

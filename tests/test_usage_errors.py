"""A new user's slips: click's usage errors as the one ``Error:`` line every error is (in a command and in the
session), a file that is not there, the defender's cards without quotes. (The questions on a new file asked
again one by one, and another writer's change on the prompt: tests/test_play_terminal.py.)"""

import json

import pytest

from runs import invoke as run


def gin_ref(folder, *args, input=None):
    """gin-ref in ``folder``, in this process."""
    return run(*args, cwd=folder, env={"GIN_REF_MATCH": None}, input=input)


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
    def gin(*args):
        return run(*args, cwd=tmp_path)

    assert gin("new", "--match", "q.yaml", "--dealer", "Ann", "Ann", "Ben").returncode == 0
    assert gin("deal", "--match", "q.yaml", "--upcard", "7S").returncode == 0
    done = gin("knock", "--match", "q.yaml", "Ben", *"AS 2S 3S 4H 4D 4C 7C 8C 9C 5D".split(),
               "--defender", *"KH QD 9H TH JH 6D 3H 6S TD 2H".split())
    assert done.returncode == 2
    assert done.stderr == ("Error: knocker's hand has 19 cards, expected 10 or 11: the cards after --defender's "
                           "first probably belong to --defender: quote them (--defender \"KH QD ...\")\n")

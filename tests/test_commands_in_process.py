"""Parts of the command line that were seen only through the installed command, run in this process: the
console script's entry (``gin_ref.__main__.run``: its exit codes, Ctrl-C), ``help``, shell completion,
``--input`` lines (a byte-order mark, an over-long line, a lone surrogate), ``play`` from a pipe, and the
knock's slips on its command line."""

import json
import signal
import sys

import pytest

from runs import expect


def run(*args, code=0, input=None, env=None):
    return expect(code, *args, input=input, env=env)


# -- the console script's entry ------------------------------------------------------------------------------

@pytest.fixture
def entry(monkeypatch):
    """``gin_ref.__main__`` imported here, the process's Ctrl-C handler put back afterwards (the module
    installs its own, and ``run`` leaves Ctrl-C ignored as the command ends)."""
    saved = signal.getsignal(signal.SIGINT)
    import gin_ref.__main__ as module

    yield module
    signal.signal(signal.SIGINT, saved)


def test_the_entry_runs_the_command_and_exits_with_its_code(entry, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["gin-ref", "--version"])
    assert entry.run() == 0  # the version alone: no command line parser
    assert capsys.readouterr().out.startswith("gin-ref, version ")
    monkeypatch.setattr(sys, "argv", ["gin-ref", "rules"])
    with pytest.raises(SystemExit) as done:
        entry.run()
    assert done.value.code in (0, None)
    assert "oklahoma" in capsys.readouterr().out
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN  # the command is over: Ctrl-C only as Python exits
    monkeypatch.setattr(sys, "argv", ["gin-ref", "knok"])
    with pytest.raises(SystemExit) as done:
        entry.run()
    assert done.value.code == 2
    err = capsys.readouterr().err  # (the program's name in it is the test runner's here)
    assert err.startswith("Error: no such command 'knok' (did you mean 'knock'?) (see '") and err.count("\n") == 1


def test_ctrl_c_in_a_command_is_one_error_line_and_exit_130(entry, monkeypatch, capsys):
    import gin_ref.cli

    def interrupted(*args, **kwargs):
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # a KeyboardInterrupt again
        raise KeyboardInterrupt

    monkeypatch.setattr(gin_ref.cli, "main", interrupted)
    with pytest.raises(SystemExit) as done:
        entry.run()
    assert done.value.code == 130
    assert capsys.readouterr().err == "Error: interrupted\n"


def test_a_bug_met_before_the_command_line_is_read_is_an_internal_error_exit_3(entry, monkeypatch, capsys):
    import gin_ref.cli

    def broken(*args, **kwargs):
        raise LookupError("a bug")

    monkeypatch.setattr(gin_ref.cli, "main", broken)
    monkeypatch.delenv("GIN_REF_DEBUG", raising=False)
    with pytest.raises(SystemExit) as done:
        entry.run()
    assert done.value.code == 3
    assert capsys.readouterr().err == "Error: internal error in gin-ref (please report it): LookupError\n"
    monkeypatch.setenv("GIN_REF_DEBUG", "1")  # the traceback, for the one who debugs it
    with pytest.raises(LookupError):
        entry.run()


# -- help and completion -------------------------------------------------------------------------------------

def test_help_lists_the_commands_and_shows_one_by_a_prefix():
    assert run("help").stdout.startswith("Usage: gin-ref [OPTIONS] COMMAND [ARGS]...\n")
    assert run("help", "k").stdout.startswith("Usage: gin-ref knock [OPTIONS] PLAYER CARDS|N")
    assert run("help", "d", code=2).stderr == (
        "Error: command 'd' is ambiguous: deal, dead, draw, discard (type more of it)\n")
    assert run("help", "zzz", code=2).stderr == "Error: no such command 'zzz'\n"


def test_bash_completion_offers_files_beside_the_plain_items(here):
    script = run(env={"_GIN_REF_COMPLETE": "bash_source"}).stdout
    assert "compgen -f" in script and "COMPREPLY=()" not in script  # files added to the items, not instead
    run("new", "--dealer", "Ann", "Ann", "Ben")
    offered = run(env={"_GIN_REF_COMPLETE": "bash_complete", "COMP_WORDS": "gin-ref knock b", "COMP_CWORD": "2"})
    assert offered.stdout.splitlines() == ["plain,Ben"]
    offered = run(env={"_GIN_REF_COMPLETE": "bash_complete", "COMP_WORDS": "gin-ref check --rules t",
                       "COMP_CWORD": "3"})
    assert offered.stdout.splitlines() == ["plain,three-player", "plain,tournament", "file,t"]
    offered = run(env={"_GIN_REF_COMPLETE": "bash_complete", "COMP_WORDS": "gin-ref check --upcard 9H AS a",
                       "COMP_CWORD": "5"})
    assert offered.stdout.splitlines() == ["plain,AH", "plain,AD", "plain,AC"]  # AS is given already


# -- --input lines ---------------------------------------------------------------------------------------------

def test_input_lines_skip_a_byte_order_mark_and_answer_each_bad_line_alone(here):
    good = json.dumps({"upcard": "7D", "hand": "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"})
    (here / "in.jsonl").write_bytes(b"\xef\xbb\xbf" + good.encode() + b"\n"
                                    + b'{"upcard": "7D", "hand": "\\ud800"}\n'
                                    + b'{"upcard": "' + b"x" * (1 << 20) + b'"}\n' + good.encode() + b"\n")
    answers = [json.loads(line) for line in run("check", "--input", "in.jsonl", code=2).stdout.splitlines()]
    assert len(answers) == 4 and answers[0] == answers[3]  # the mark is not part of the first line
    assert (answers[0]["legal"], answers[0]["deadwood"], answers[0]["deadwood_cards"]) == (True, 5, ["5D"])
    assert answers[1]["line"] == 2 and answers[2]["line"] == 3
    assert answers[1]["error"] == "not valid text: a lone surrogate escape (\\ud800-\\udfff)"
    assert answers[2]["error"] == "line longer than 1 MiB: skipped"


def test_a_line_with_no_end_stops_the_input(here, monkeypatch):
    from gin_ref.cli import inputlines

    monkeypatch.setattr(inputlines, "MAX_SKIP", 3 << 20)
    (here / "in.jsonl").write_bytes(b"x" * (6 << 20))
    done = run("check", "--input", "in.jsonl", code=2)
    assert [json.loads(line)["error"] for line in done.stdout.splitlines()] == ["line longer than 1 MiB: skipped"]
    assert done.stderr == "Error: --input line 1 has no end (over 3 MiB without a line break): stopped\n"


def test_an_input_that_is_only_a_byte_order_mark_has_no_lines(here):
    (here / "in.jsonl").write_bytes(b"\xef\xbb\xbf")
    assert run("check", "--input", "in.jsonl").stdout == ""


# -- play from a pipe -------------------------------------------------------------------------------------------

def test_play_from_a_pipe_starts_the_match_and_answers_each_line(here):
    done = run("play", "--match", "m.yaml", "--rules", "standard", "Ann", "Ben",
               input="knock b 5 23\nb 4 30\ntally --json\n")
    lines = done.stdout.splitlines()
    assert lines[0] == "new match in m.yaml: Ann v Ben, standard rules, first to 100"
    assert "= knock Ben 4 --defender 30" in lines
    assert json.loads(lines[-1])["totals"] == {"Ann": 0, "Ben": 44}
    # the same players go on with it, any case and order; others, or other rules, are refused
    assert run("play", "--match", "m.yaml", "ben", "ANN", input="tally\n").stdout.startswith("m.yaml: Ann v Ben")
    assert run("play", "--match", "m.yaml", "--rules", "oklahoma", input="", code=2).stderr == (
        "Error: m.yaml holds another match (Ann v Ben, standard rules): give no players or --rules to go on with "
        "it, or another --match FILE\n")
    assert run("play", "--match", "new.yaml", "--rules", "classic", input="", code=2).stderr == (
        "Error: --rules starts a new match: name its players too\n")


def test_play_with_players_that_cannot_start_a_match_says_why(here):
    done = run("play", "--match", "m.yaml", "Ann", "ann", input="tally\n", code=2)
    assert done.stderr.startswith("Error: ") and done.stderr.count("\n") == 1
    assert not (here / "m.yaml").exists()


# -- the knock's command line -----------------------------------------------------------------------------------

def test_the_knocks_slips_on_its_command_line(here):
    run("new", "--dealer", "Ann", "Ann", "Ben")
    run("deal", "--upcard", "9H")
    assert run("knock", "Ben", "5", code=2).stderr == "Error: missing option '--defender' (see 'gin-ref knock --help')\n"
    assert run("knock", "Ben", "5", "6", "7", code=2).stderr == (
        "Error: missing option '--defender' (see 'gin-ref knock --help')\n")
    slip = run("knock", "Ben", *"AS 2S 3S 4H 4D 4C 7C 8C 9C 5D".split(), "--defender", "AH",
               *"7H QH 2D 7D 8D 9D TD JD 3C".split(), code=2)
    assert slip.stderr.startswith("Error: ") and "quote" in slip.stderr and slip.stderr.count("\n") == 1


def test_quotes_inside_cards_or_counts_are_refused_naming_the_value(here):
    run("new", "--dealer", "Ann", "Ann", "Ben")
    run("deal", "--upcard", "9H")
    assert run("knock", "Ben", '"5', "--defender", "23", code=2).stderr == (
        "Error: CARDS|N '\"5': an unterminated quote (\"): put the quotes around the whole group of cards "
        "(\"KH QD ...\"), and none around a count\n")
    assert run("knock", "Ben", "5", "--defender", '"2"3', code=2).stderr == (
        "Error: --defender '\"2\"3': quotes (\") inside the value: they are not part of a card or a count\n")
    assert run("check", "-u", "'9H", "AS", code=2).stderr == (
        "Error: --upcard \"'9H\": an unterminated quote ('): a card needs no quotes\n")


# -- the group: interrupts, closed pipes, failed I/O, its own command line ----------------------------------------

def test_the_group_without_a_command_shows_its_help_and_a_bad_option_is_one_line():
    bare = run(code=2)
    assert (bare.stdout + bare.stderr).startswith("Usage: gin-ref [OPTIONS] COMMAND [ARGS]...")
    assert run("--bogus", code=2).stderr == "Error: no such option '--bogus' (see 'gin-ref --help')\n"


def test_ctrl_c_in_a_command_says_whether_its_change_was_written(here, monkeypatch):
    import gin_ref.cli.match_cmds as match_cmds

    run("new", "--rules", "standard", "--dealer", "Ann", "Ann", "Ben")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    say = match_cmds.say
    monkeypatch.setattr(match_cmds, "say", interrupted)  # as the knock's answer is printed: it is written
    done = run("knock", "Ben", "5", "23", code=130)
    assert done.stderr == "Error: interrupted, after the change was written\n"
    monkeypatch.setattr(match_cmds, "say", say)
    assert json.loads(run("tally", "--json").stdout)["totals"] == {"Ann": 0, "Ben": 18}
    from gin_ref.files import matchfile

    monkeypatch.setattr(matchfile, "load", interrupted)  # before anything is written
    assert run("tally", code=130).stderr == "Error: interrupted\n"


def test_a_closed_pipe_ends_quietly_and_a_failed_read_is_one_line(here, monkeypatch):
    import errno
    import os

    from gin_ref.files import matchfile

    run("new", "--rules", "standard", "--dealer", "Ann", "Ann", "Ben")

    def closed(*args, **kwargs):
        raise OSError(errno.EPIPE, os.strerror(errno.EPIPE))

    monkeypatch.setattr(matchfile, "load", closed)
    done = run("tally", code=141)
    assert done.stderr == "" and done.stdout == ""

    def unreadable(*args, **kwargs):
        raise OSError(errno.EIO, os.strerror(errno.EIO), "match.yaml")

    monkeypatch.setattr(matchfile, "load", unreadable)
    assert run("tally", code=1).stderr == "Error: match.yaml: Input/output error\n"

"""The session's engine in this process (gin_ref.cli.session): its help, the lines it refuses, another
writer's change between two entries, ``new --force`` asked on a terminal, a command that fails or is
interrupted, and lines from a pipe that are not text or too long."""

import io

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.cli.session import Session
from gin_ref.cli.session_lines import run_lines


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "--match", "m.yaml", "--rules", "standard", "--dealer", "Ann",
                                       "--date", "2024-03-02", "Ann", "Ben"])
    assert result.exit_code == 0, result.stderr
    return tmp_path


def answer(session, capsys, line):
    code = session.entry(line)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_help_and_the_lines_the_session_refuses(here, capsys):
    session = Session("m.yaml", main)
    code, out, err = answer(session, capsys, "help")
    assert code == 0 and out.startswith("Type the commands of gin-ref without 'gin-ref'")
    assert "\nknock           " in out and "\nplay " not in out
    assert answer(session, capsys, "help quit")[1] == (
        "quit            leave the session (Ctrl-D too); every entry is in the file already\n")
    assert answer(session, capsys, "help k")[1].startswith("Usage: gin-ref knock [OPTIONS]")
    assert answer(session, capsys, "play") == (2, "", "Error: this is the session already: type its commands (help "
                                                      "lists them)\n")
    assert answer(session, capsys, "tally -m other.yaml")[2] == (
        "Error: the session records in m.yaml: --match is given for you (start another session for another file)\n")
    assert answer(session, capsys, "check --input -")[2] == (
        "Error: --input - would read the session's own input: give a file\n")
    assert answer(session, capsys, "# a comment") == (0, "", "")
    assert answer(session, capsys, "gin-ref tally")[1].startswith("m.yaml: Ann v Ben")  # typed from habit
    assert session.entry("quit") is None
    assert session.worst == 2


def test_another_writers_change_is_said_and_a_write_is_not_run(here, capsys):
    session = Session("m.yaml", main)
    assert answer(session, capsys, "b 5 23")[0] == 0
    other = CliRunner().invoke(main, ["knock", "--match", "m.yaml", "Ann", "0", "30"])  # another gin-ref
    assert other.exit_code == 0
    code, out, err = answer(session, capsys, "b 4 20")
    assert code == 1 and out == "= knock Ben 4 --defender 20\n"
    assert err.startswith("Error: the match file changed since your last entry (another writer): ")
    assert err.endswith("Not run: enter it again if it still stands\n")
    code, out, err = answer(session, capsys, "b 4 20")  # seen now: it runs
    assert code == 0 and "totals: Ann 55, Ben 34" in out
    CliRunner().invoke(main, ["dead", "--match", "m.yaml"])
    code, out, err = answer(session, capsys, "tally")  # a reader runs after the note
    assert code == 0 and err.startswith("note: the match file changed since your last entry (another writer): ")


def test_new_force_on_a_terminal_asks_first(here, capsys):
    session = Session("m.yaml", main)
    asked = []
    session.confirm = lambda question: asked.append(question) or False
    code, out, err = answer(session, capsys, "new --force Cid Dee")
    assert code == 0 and out == "not replaced: the session goes on with the match in m.yaml\n"
    assert asked == ["replace the match in m.yaml (Ann v Ben, 0 hands, totals Ann 0, Ben 0) with a new one?"]
    session.confirm = lambda question: True
    code, out, err = answer(session, capsys, "new --force Cid Dee")
    assert code == 0 and out.startswith("new match in m.yaml: Cid v Dee")


class Failing:
    """The click group with a command that fails as a bug would (or is interrupted)."""

    def __init__(self, error):
        self.error = error

    def main(self, **kwargs):
        raise self.error

    def get_command(self, ctx, name):
        return main.get_command(ctx, name)


def test_a_command_that_fails_does_not_end_the_evening(here, capsys, monkeypatch):
    monkeypatch.delenv("GIN_REF_DEBUG", raising=False)  # (the tests' own setting lets a bug's traceback through)
    session = Session("m.yaml", Failing(ZeroDivisionError("division by zero")))
    before = (here / "m.yaml").read_bytes()
    assert session.entry("dead") == 3
    assert capsys.readouterr().err == "Error: internal error in gin-ref (please report it): ZeroDivisionError\n"
    assert (here / "m.yaml").read_bytes() == before
    assert session.entry("quit") is None and session.worst == 3


def test_an_interrupt_inside_a_command_is_one_line_and_130(here, capsys):
    session = Session("m.yaml", Failing(KeyboardInterrupt()))
    assert session.dispatch(["tally"]) == 130
    assert capsys.readouterr().err == "Error: interrupted\n"


def test_lines_from_a_pipe_that_are_not_text_or_too_long_are_skipped(here, capsys):
    session = Session("m.yaml", main)
    stream = io.BytesIO(b"\xef\xbb\xbftally\n\xff\xfe\nknock " + b"A" * (1 << 20) + b" more\nb 5 23\nquit\ndead\n")
    assert run_lines(session, stream) == 2
    out, err = capsys.readouterr()
    assert err.splitlines() == ["Error: a line that is not UTF-8 text: skipped", "Error: a line over 1024 KiB: skipped"]
    assert out.startswith("m.yaml: Ann v Ben") and "= knock Ben 5 --defender 23" in out
    assert "hand 2 is dead" not in out  # nothing after quit

"""A bug is a bug (issue 23 item 2): an exception that is not one of gin-ref's errors for the user is, for a
user, one line ``Error: internal error in gin-ref (please report it): <kind>`` and exit 3, never words that
blame the input; under GIN_REF_DEBUG=1 (set for every test by tests/conftest.py) it is raised with its
traceback. The bug is planted by replacing a function the command calls."""

import os
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from gin_ref.cli import main

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "examples", "oklahoma.yaml")
LINE = "Error: internal error in gin-ref (please report it): {}\n"


def _planted(target, kind="TypeError"):
    """Python that plants a bug (``kind`` raised) in ``target`` (module.function) and runs gin-ref as the
    console script does, with the arguments given after ``-c``."""
    module, function = target.rsplit(".", 1)
    return (f"import sys, importlib\n"
            f"def bug(*args, **kwargs):\n"
            f"    raise {kind}('a planted bug')\n"
            f"setattr(importlib.import_module({module!r}), {function!r}, bug)\n"
            f"sys.argv = ['gin-ref'] + sys.argv[1:]\n"
            f"from gin_ref.__main__ import run\n"
            f"run()\n")


def _run(target, args, debug, stdin=None, kind="TypeError"):
    env = dict(os.environ)
    env.pop("GIN_REF_DEBUG", None)
    if debug:
        env["GIN_REF_DEBUG"] = "1"
    return subprocess.run([sys.executable, "-c", _planted(target, kind), *args], capture_output=True, text=True,
                          env=env, input=stdin, timeout=120)


@pytest.fixture
def users(monkeypatch):
    """As a user runs gin-ref: no GIN_REF_DEBUG."""
    monkeypatch.delenv("GIN_REF_DEBUG", raising=False)


KINDS = ["TypeError", "KeyError", "AttributeError", "ZeroDivisionError"]


# Through a process of its own: one kind in the fast suite, every kind under -m slow (in this process every
# kind in the fast suite: test_in_process_a_user_sees_the_line).
@pytest.mark.parametrize("kind", [KINDS[0], *(pytest.param(kind, marks=pytest.mark.slow) for kind in KINDS[1:])])
def test_a_bug_in_a_command_is_one_line_and_exit_3(kind):
    done = _run("gin_ref.views.tally_text.tally_text", ["tally", "--match", EXAMPLE], debug=False, kind=kind)
    assert (done.returncode, done.stdout, done.stderr) == (3, "", LINE.format(kind))


def test_with_gin_ref_debug_the_bug_is_a_traceback():
    done = _run("gin_ref.views.tally_text.tally_text", ["tally", "--match", EXAMPLE], debug=True)
    assert done.returncode != 0 and done.returncode != 3
    assert done.stderr.startswith("Traceback (most recent call last):")
    assert "tally_cmd" in done.stderr and done.stderr.endswith("TypeError: a planted bug\n")
    assert "internal error" not in done.stderr


def test_a_bug_met_in_reading_the_file_is_not_blamed_on_a_line_of_it():
    """A bug in the reader (here the end line's check) is no problem at a line of the user's file."""
    done = _run("gin_ref.files.recordformat.read_version", ["verify", "--match", EXAMPLE], debug=False)
    assert (done.returncode, done.stderr) == (3, LINE.format("TypeError"))
    assert "oklahoma.yaml" not in done.stdout + done.stderr


def test_a_bug_while_the_command_line_is_read_is_one_line_too():
    """An option's callback runs as click reads the command line, before the command itself."""
    done = _run("gin_ref.cli.options._set_wide", ["tally", "--wide", "--match", EXAMPLE], debug=False)
    assert (done.returncode, done.stdout, done.stderr) == (3, "", LINE.format("TypeError"))


def test_a_bug_in_loading_the_command_line_is_one_line_too():
    code = ("import sys\n"
            "sys.modules['gin_ref.cli'] = None\n"  # importing it fails as a broken install would
            "sys.argv = ['gin-ref', 'tally']\n"
            "from gin_ref.__main__ import run\n"
            "run()\n")
    env = {key: value for key, value in os.environ.items() if key != "GIN_REF_DEBUG"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert (done.returncode, done.stderr) == (3, LINE.format("ModuleNotFoundError"))


def test_in_the_session_a_bug_is_one_line_and_the_evening_goes_on(tmp_path):
    path = tmp_path / "m.yaml"
    shutil.copy(EXAMPLE, path)
    done = _run("gin_ref.views.tally_text.tally_text", ["play", "--match", str(path)], debug=False,
                stdin="tally\nverify\n")
    assert done.returncode == 3  # the worst of the entries
    assert done.stderr == LINE.format("TypeError")
    assert "ok" in done.stdout  # verify, after the bug, answered as ever
    assert path.read_bytes() == open(EXAMPLE, "rb").read()


def test_in_process_the_bug_is_raised_under_debug(monkeypatch):
    import gin_ref.views.tally_text as tally_text

    def bug(*args, **kwargs):
        raise KeyError("planted")

    monkeypatch.setattr(tally_text, "tally_text", bug)
    result = CliRunner().invoke(main, ["tally", "--match", EXAMPLE])
    assert isinstance(result.exception, KeyError) and result.exc_info[2] is not None
    with pytest.raises(KeyError):
        CliRunner().invoke(main, ["tally", "--match", EXAMPLE], catch_exceptions=False)


@pytest.mark.parametrize("kind", KINDS)
def test_in_process_a_user_sees_the_line(monkeypatch, users, kind):
    import builtins

    import gin_ref.views.tally_text as tally_text

    def bug(*args, **kwargs):
        raise getattr(builtins, kind)("planted")

    monkeypatch.setattr(tally_text, "tally_text", bug)
    result = CliRunner().invoke(main, ["tally", "--match", EXAMPLE])
    assert (result.exit_code, result.stdout, result.stderr) == (3, "", LINE.format(kind))


@pytest.mark.parametrize("args, code", [(["tally", "--match", "no-such-file.yaml"], 1), (["knock"], 2),
                                        (["--help"], 0), (["tally", "--help"], 0), (["check", "ZZ"], 2)])
def test_the_users_own_errors_keep_their_codes(users, args, code):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == code
    assert "internal error" not in result.output

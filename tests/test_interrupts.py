"""Ctrl-C at any moment, start-up included, is ``Error: interrupted`` and exit 130, never click's
``Aborted!`` nor a traceback (issue 24, item 12). (Ctrl-C through a real process and a real signal, a closed
pipe: tests/test_cli_errors.py.)"""

import os

from runs import expect


def _interrupt(*args, **kwargs):
    raise KeyboardInterrupt


def test_ctrl_c_before_the_command_runs_is_not_aborted(knocked, monkeypatch):
    monkeypatch.setattr("gin_ref.cli.options.terminal_width", _interrupt)  # the group's first step
    result = expect(130, "tally", "--match", "m.yaml")
    assert result.stderr == "Error: interrupted\n"


def test_ctrl_c_as_click_leaves_the_command_is_not_aborted(knocked, monkeypatch):
    import click.core

    pop, seen = click.core.pop_context, {"ran": False, "group": 0}

    def pop_interrupted():
        if click.get_current_context().parent is not None:
            seen["ran"] = True  # the command's own context: the command has run
        elif seen["ran"]:
            seen["group"] += 1  # 1: the group's invoke leaves it; 2: click's main leaves it, after invoke
            if seen["group"] == 2:
                raise KeyboardInterrupt
        pop()

    monkeypatch.setattr(click.core, "pop_context", pop_interrupted)
    depth = len(click.globals._local.__dict__.get("stack", []))
    try:
        result = expect(130, "tally", "--match", "m.yaml")
    finally:  # the pop interrupted here left the group's context on click's stack: later tests must not see it
        while len(click.globals._local.__dict__.get("stack", [])) > depth:
            pop()
    assert result.stderr == "Error: interrupted\n"


def test_ctrl_c_while_the_command_is_loading_is_one_line_and_130(tmp_path):
    """The console script imports gin_ref.__main__, then calls run(): an interrupt in between (or while
    run's imports load) gave Python's KeyboardInterrupt traceback and exit 1."""
    import subprocess
    import sys

    code = ("import os, signal, time\n"
            "import gin_ref.__main__\n"
            "os.kill(os.getpid(), signal.SIGINT)\n"
            "time.sleep(30)\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path), env=env, capture_output=True, timeout=60)
    assert (done.returncode, done.stderr) == (130, b"Error: interrupted\n")



"""Running gin-ref from the tests: in this process (click's CliRunner on the same group the console script
runs, stdout and stderr apart) or through the installed command (a subprocess: exit codes as the shell sees
them, signals, the console script). Both return a ``Run`` with ``.code``, ``.out`` and ``.err`` (and the
names subprocess and click use for them, so a test reads either way).

In process, a command must end as the installed one does: an exception other than ``SystemExit`` escaping
the command is raised again here (the installed command would print a traceback), never turned into an exit
code. The process-wide state a command reads is set for the run and put back after it: the environment
(``env``: a name mapped to None is removed), the working folder (``cwd``), and stdin (``input``:
not a terminal, as a pipe). (The output width is no process-wide state: each command keeps its own.)
"""

import os
import shutil
import subprocess
import sys
from contextlib import contextmanager

from click.testing import CliRunner

from gin_ref.cli import main

GIN_REF = shutil.which("gin-ref")


def command():
    """The installed command (else ``python -m gin_ref``)."""
    return [GIN_REF] if GIN_REF else [sys.executable, "-m", "gin_ref"]


class Run:
    """One run's exit code and its two outputs."""

    def __init__(self, code, out, err, output=None):
        self.code, self.out, self.err = code, out, err
        self.output = out + err if output is None else output  # both, as a terminal shows them (click's name)

    # subprocess's and click's names for the same
    returncode = exit_code = property(lambda self: self.code)
    stdout = property(lambda self: self.out)
    stderr = property(lambda self: self.err)

    def __repr__(self):
        return f"Run(code={self.code!r}, out={self.out!r}, err={self.err!r})"


@contextmanager
def folder(cwd):
    """Work in ``cwd`` (None: stay), and come back."""
    if cwd is None:
        yield
        return
    before = os.getcwd()
    os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(before)


def invoke(*args, cwd=None, env=None, input=None):
    """gin-ref with ``args`` in this process."""
    with folder(cwd):
        result = CliRunner().invoke(main, [str(arg) for arg in args], input=input, env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Run(result.exit_code, result.stdout, result.stderr, result.output)


def installed(*args, cwd=None, env=None, input=None, timeout=120):
    """gin-ref with ``args`` through the installed command, in a process of its own. ``env`` is added to
    this process's environment (a name mapped to None is removed)."""
    full = dict(os.environ)
    for name, value in (env or {}).items():
        if value is None:
            full.pop(name, None)
        else:
            full[name] = value
    done = subprocess.run(command() + [str(arg) for arg in args], cwd=cwd, env=full, input=input,
                          capture_output=True, text=True, timeout=timeout)
    return Run(done.returncode, done.stdout, done.stderr)


def complete(cwd, words, env=None):
    """What bash completion offers for the last of ``words`` (``(type, value)`` pairs)."""
    environ = {"GIN_REF_MATCH": None, **(env or {}), "_GIN_REF_COMPLETE": "bash_complete",
               "COMP_WORDS": " ".join(["gin-ref", *words]), "COMP_CWORD": str(len(words))}
    out = invoke(cwd=cwd, env=environ).out
    return [tuple(line.split(",", 1)) for line in out.splitlines() if line]


def expect(code, *args, error_line=False, **options):
    """gin-ref with ``args`` in this process, which must exit with ``code``; with ``error_line``, a refusal
    (a code other than 0) must say why on one ``Error: ...`` line."""
    done = invoke(*args, **options)
    assert done.code == code, done
    if code and error_line:
        assert done.err.startswith("Error: ") and done.err.count("\n") == 1, done.err
    return done


def output_of(*args, **options):
    """What gin-ref with ``args`` prints on stdout, in this process; it must exit 0."""
    done = invoke(*args, **options)
    assert done.code == 0, (args, done)
    return done.out

"""A session of ``gin-ref play`` on a real pseudo-terminal (pexpect), through the installed command, and the
screen it draws (``vt.Screen``): the slow tests of the terminal drive it."""

import os
import shutil
import sys
import time

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from vt import Screen

pexpect = pytest.importorskip("pexpect")

GIN_REF = shutil.which("gin-ref")
TIMEOUT = 30
ROWS, COLUMNS = 24, 110


class Terminal:
    """A session on a pseudo-terminal, and the screen it draws."""

    def __init__(self, folder, *args):
        command = [GIN_REF] if GIN_REF else [sys.executable, "-m", "gin_ref"]
        env = dict(os.environ, TERM="xterm", GIN_REF_HISTORY=str(folder / "history"))
        env.pop("GIN_REF_MATCH", None)
        if not GIN_REF:
            env["PYTHONPATH"] = os.pathsep.join(sys.path)
        self.child = pexpect.spawn(command[0], command[1:] + ["play", "--match", "m.yaml", *args], cwd=str(folder),
                                   env=env, encoding="utf-8", dimensions=(ROWS, COLUMNS), timeout=TIMEOUT)
        self.screen = Screen(ROWS, COLUMNS)

    def _read(self, wait):
        try:
            self.screen.feed(self.child.read_nonblocking(65536, timeout=wait))
        except pexpect.TIMEOUT:
            pass
        while self.screen.reports:  # the terminal answers where its cursor is, as a real one does
            self.child.send(self.screen.reports.pop(0))

    def wait(self, text):
        """Read the output until ``text`` is on the screen."""
        deadline = time.monotonic() + TIMEOUT
        while text not in self.screen.text():
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} is not on the screen:\n{self.screen.text()}")
            try:
                self._read(0.1)
            except pexpect.EOF:
                raise AssertionError(f"the session ended before {text!r}:\n{self.screen.text()}") from None

    def prompts(self, text, count):
        """Read the output until the prompt ``text`` is on ``count`` lines (the newest is ready for keys)."""
        deadline = time.monotonic() + TIMEOUT
        while sum(line.startswith(text) for line in self.screen.lines()) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"{count} prompts {text!r} are not on the screen:\n{self.screen.text()}")
            self._read(0.1)

    def until(self, holds, what):
        """Read the output until ``holds(screen)`` is true: a prompt is drawn before its status line is."""
        deadline = time.monotonic() + TIMEOUT
        while not holds(self.screen):
            if time.monotonic() > deadline:
                raise AssertionError(f"{what}:\n{self.screen.text()}")
            self._read(0.1)

    def gone(self, text):
        """Read what comes for a moment; True when ``text`` is nowhere on the screen."""
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline:
            self._read(0.1)
        return text not in self.screen.text()

    def type(self, keys, shows=None):
        self.child.send(keys)
        self.wait(shows if shows is not None else keys.splitlines()[-1] if keys.strip() else keys)

    def end(self):
        """Wait for the session to end; its exit status."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            if time.monotonic() > deadline:
                self.child.close(force=True)
                raise AssertionError(f"the session did not end:\n{self.screen.text()}")
            try:
                self._read(0.2)
            except pexpect.EOF:
                break
        self.child.close()
        return self.child.exitstatus


def new_match(folder, *lines):
    new_match_lines(folder, "new --date 2025-03-01 --dealer Ann Ann Ben", *lines)


def new_match_lines(folder, *lines):
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        for line in lines:
            words = line.split()
            result = CliRunner().invoke(main, [words[0], "--match", "m.yaml", *words[1:]])
            assert result.exit_code == 0, result.output
    finally:
        os.chdir(cwd)

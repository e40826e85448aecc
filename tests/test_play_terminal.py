"""``gin-ref play`` on a real pseudo-terminal (pexpect), through the installed command: completion, the live
status line, Ctrl-C, Ctrl-D, the history between sessions, the questions on a missing file, and a session
killed mid-evening that lost nothing. What the screen shows is read through ``vt.Screen``."""

import os
import shutil
import signal
import sys
import time

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from hands import DEFENDER, KNOCKER
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


def test_completion_status_line_ctrl_c_and_ctrl_d(tmp_path):
    new_match(tmp_path, "deal --upcard 9H")
    term = Terminal(tmp_path)
    term.wait("totals: Ann 0, Ben 0  |  hand 1 is open: Ann dealt, upcard 9♥, knock limit 9")
    term.wait("hand 1>")
    term.type("kn", "hand 1> kn")
    term.type("\t", "hand 1> knock")  # a command, with the space after it (the screen drops it)
    term.type("b", "hand 1> knock b")
    term.type("\t", "hand 1> knock Ben")  # a player, without case, and its space
    term.type("--de", "hand 1> knock Ben --de")
    term.type("\t", "knock Ben --defender")  # an option
    term.type("\x15", "hand 1>")  # Ctrl-U: the line is empty again
    term.type("knock Ben " + KNOCKER[5][:-3])
    term.wait("Ben: 9 cards, deadwood 0 so far (10 to knock, or 11 before the discard)")
    term.type(" A", "9C A")
    term.type("\t", "AH A♥")  # the aces not typed yet
    assert "AD A♦" in term.screen.text() and "AC A♣" in term.screen.text() and "AS A♠" not in term.screen.text()
    term.type("\x7f\x7f", "9C")  # back over the ace offered and the A
    term.type(" 5", "9C 5")
    term.type("D KS", "5D KS")
    term.wait("Ben: 11 cards, best discard K♠, legal: deadwood 5 within limit 9, 4 to spare (upcard 9♥)")
    term.type(" --defender '" + DEFENDER[(5, 23)][:11])
    term.wait("defender: 4 cards, deadwood 20 so far")
    term.child.sendcontrol("c")  # Ctrl-C clears the line: nothing was entered
    assert term.gone("defender: 4 cards")
    term.type("tally\r", "    1  Ann     9♥          9           (open)")
    term.prompts("hand 1>", 3)
    term.child.sendcontrol("d")
    assert term.end() == 0
    assert "result:" not in (tmp_path / "m.yaml").read_text(encoding="utf-8")


def test_history_is_kept_between_sessions(tmp_path):
    new_match(tmp_path)
    term = Terminal(tmp_path)
    term.wait("deal 1>")
    term.type("deal --upcard 7d\r", "hand 1: Ann deals, upcard 7♦")
    term.prompts("hand 1>", 1)
    term.type("quit\r", "quit")
    assert term.end() == 0
    again = Terminal(tmp_path)
    again.wait("hand 1>")
    again.type("\x1b[A", "hand 1> quit")
    again.type("\x1b[A", "hand 1> deal --upcard 7d")
    again.child.sendcontrol("c")  # the line recalled is left as it was; a fresh prompt
    again.prompts("hand 1>", 2)
    again.child.sendcontrol("d")
    assert again.end() == 0
    assert "deal --upcard 7d" in (tmp_path / "history").read_text(encoding="utf-8")


def test_a_session_killed_mid_evening_lost_nothing(tmp_path):
    new_match(tmp_path)
    term = Terminal(tmp_path)
    term.wait("deal 1>")
    term.type("deal --upcard 9h\r", "hand 1>")
    term.type(f"knock Ben {KNOCKER[5]} --defender '{DEFENDER[(5, 23)]}'\r", "deal 2>")
    term.type("deal --upcard 3c\r", "hand 2>")
    term.type("pass Ann\r", "next: Ben to ")
    term.prompts("hand 2>", 2)
    term.type("knock Ben 12")  # typed, never entered
    term.child.kill(signal.SIGKILL)
    term.child.close(force=True)
    result = CliRunner().invoke(main, ["tally", "--json", "--match", str(tmp_path / "m.yaml")])
    assert '"open_hand": 2' in result.stdout and '"totals": {"Ann": 0, "Ben": 18}' in result.stdout
    assert '"turn": {"player": "Ben"' in result.stdout
    assert CliRunner().invoke(main, ["verify", str(tmp_path / "m.yaml")]).exit_code == 0


def test_a_missing_file_asks_for_the_rules_and_the_players(tmp_path):
    term = Terminal(tmp_path)
    term.wait("rules [oklahoma]:")
    term.type("cla", "rules [oklahoma]: cla")
    term.type("\t", "rules [oklahoma]: classic")
    term.type("\r", "players:")
    term.type("Ann Ben\r", "first dealer [drawn at random]:")
    term.type("Ben\r", "new match in m.yaml: Ann v Ben, classic rules")
    term.wait("deal 1>")
    term.child.sendcontrol("d")
    assert term.end() == 0
    text = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    assert "name: classic" in text and "dealer: Ben" in text


def test_another_writer_shows_on_the_status_line_at_once(tmp_path):
    new_match(tmp_path, "deal --upcard 9H")
    term = Terminal(tmp_path)
    term.wait("hand 1>")
    new_match_lines(tmp_path, "pass Ben")  # another gin-ref, while the prompt waits
    term.wait("another writer: hand 1: 1 turn recorded (the next entry that writes is not run)")
    term.type("pass Ann\r", "Error: the match file changed since your last entry (another writer): hand 1: 1 turn")
    term.prompts("hand 1>", 2)
    assert term.gone("another writer: hand 1")
    term.child.sendcontrol("d")
    assert term.end() == 0

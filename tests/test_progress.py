"""Progress (issue 42 item 4): click's progress bar on standard error, only where a person watches it (stderr a
terminal, TERM not dumb, no --json, the work still running after the delay), and standard output the same
bytes with the bar and without it (on a real pseudo-terminal, through pexpect)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

import runs
from gin_ref.cli import progress as progress_module
from gin_ref.cli.progress import Progress, progress, wanted

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "oklahoma.yaml"
BAR = "reading matches  ["


def many(folder, count):
    folder.mkdir()
    for i in range(count):
        shutil.copy(EXAMPLE, folder / f"m{i:03d}.yaml")
    return folder


class _Tty:
    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, text):
        self.text += text

    def flush(self):
        pass


@pytest.fixture
def tty(monkeypatch):
    """A terminal as stderr, from the test's own start (pytest sets its capture again after the fixtures)."""
    fake = _Tty()
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv(progress_module.DELAY_VAR, "0")
    fake.attach = lambda: monkeypatch.setattr(sys, "stderr", fake)
    return fake


def test_a_bar_on_a_terminal_past_the_delay(tty):
    tty.attach()
    with progress(4, "reading matches") as bar:
        for _ in range(4):
            bar.update(1)
    assert BAR in tty.text and "100%" in tty.text and tty.text.endswith("\r\x1b[K\x1b[?25h")  # taken away


def test_a_bar_rubbed_out_for_a_line_is_drawn_again_at_the_next_update(tty):
    """verify prints a line a file: the bar is rubbed out for it, then drawn again at once, though its
    percentage did not move (click draws a line only when it changed: the bar stayed blank)."""
    tty.attach()
    with progress(1000, "verifying") as bar:
        bar.update(1)
        bar.clear()
        tty.text = ""
        bar.update(1)  # 0.2%: click's own line is the same as before
        assert tty.text.startswith("\r") and "verifying  [" in tty.text


def test_one_files_bar_counts_its_hands(tty):
    """verify of one file: the bar counts the hands replayed (told by the replay's on_hand)."""
    from gin_ref.files import matchfile

    told = []
    problems, match = matchfile.check(str(EXAMPLE), on_hand=lambda done, hands: told.append((done, hands)))
    assert problems == [] and told == [(i, 8) for i in range(1, 9)]
    tty.attach()
    with progress(1, "verifying") as bar:
        for done, hands in told:
            bar.hands(done, hands)
    assert "verifying  [####################################]  100%" in tty.text


@pytest.mark.parametrize("why", ["json", "dumb", "not a terminal", "quick", "one step"])
def test_no_bar(tty, monkeypatch, why):
    tty.attach()
    length, as_json = 4, False
    if why == "json":
        as_json = True
    elif why == "dumb":
        monkeypatch.setenv("TERM", "dumb")
    elif why == "not a terminal":
        monkeypatch.setattr(tty, "isatty", lambda: False)
    elif why == "quick":
        monkeypatch.setenv(progress_module.DELAY_VAR, "30")
    else:
        length = 1
    with progress(length, "reading matches", as_json) as bar:
        for _ in range(length):
            bar.update(1)
    assert tty.text == ""


def test_the_delay_is_half_a_second_unless_told():
    assert progress_module.DELAY == 0.5
    assert Progress(3, "x", True).delay == float(os.environ.get(progress_module.DELAY_VAR, 0.5))


def test_the_running_commands_json_option_is_read_from_its_context(tty):
    tty.attach()
    command = click.Command("x", params=[click.Option(["--json", "as_json"], is_flag=True)])
    with command.make_context("x", ["--json"]):
        assert not wanted()
    with command.make_context("x", []):
        assert wanted()
    assert wanted() and not wanted(as_json=True)


def test_the_bar_loads_nothing_beyond_click():
    code = ("import sys, gin_ref.cli\nbefore = set(sys.modules)\nimport gin_ref.cli.progress\n"
            "print(sorted(set(sys.modules) - before))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['gin_ref.cli.progress']"


pexpect = pytest.importorskip("pexpect")


def _on_a_terminal(tmp_path, command, env=None):
    """Run ``command`` (a shell line whose stdout goes to a file) with stderr on a pseudo-terminal: what the
    terminal showed."""
    environ = dict(os.environ, TERM="xterm", GIN_REF_CACHE="off", **(env or {}))
    environ.pop("GIN_REF_DEBUG", None)
    child = pexpect.spawn("bash", ["--norc", "-c", command], cwd=str(tmp_path), env=environ, encoding="utf-8",
                          dimensions=(24, 80), timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return child.before


def test_stdout_is_the_same_bytes_with_the_bar_and_without(tmp_path):
    folder = many(tmp_path / "club", 12)
    gin_ref = " ".join(runs.command())
    shown = _on_a_terminal(tmp_path, f"{gin_ref} standings club > with-bar.txt; {gin_ref} verify club/*.yaml "
                                     "> verified-with-bar.txt", {progress_module.DELAY_VAR: "0", "COLUMNS": "80"})
    assert BAR in shown and "verifying  [" in shown
    plain = runs.installed("standings", folder, env={"GIN_REF_CACHE": "off", "COLUMNS": "80"})
    assert (plain.code, plain.err) == (0, "")
    assert (tmp_path / "with-bar.txt").read_bytes() == plain.out.encode()
    verified = runs.installed("verify", *sorted(f"club/{path.name}" for path in folder.glob("*.yaml")), cwd=tmp_path,
                              env={"COLUMNS": "80"})
    assert (tmp_path / "verified-with-bar.txt").read_bytes() == verified.out.encode()


@pytest.mark.slow  # three more runs on a terminal
@pytest.mark.parametrize("why, extra, env", [("json", "--json", {"GIN_REF_PROGRESS_DELAY": "0"}),
                                             ("dumb", "", {"TERM": "dumb", "GIN_REF_PROGRESS_DELAY": "0"}),
                                             ("quick", "", {})])
def test_no_bar_on_a_terminal(tmp_path, why, extra, env):
    many(tmp_path / "club", 12)
    gin_ref = " ".join(runs.command())
    environ = dict(env)
    term = environ.pop("TERM", None)
    line = f"{'TERM=' + term + ' ' if term else ''}{gin_ref} standings {extra} club > out.txt"
    shown = _on_a_terminal(tmp_path, line, environ)
    assert "reading matches" not in shown and shown.strip() == ""

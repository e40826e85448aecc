"""Completion in the real shells (issue 25 item 3): bash, zsh and fish, each started on a pseudo-terminal
(pexpect) with gin-ref's completion script loaded as docs/commands.md says, complete the presets (bash's
`--rules t<Tab>` too, which click's own script answered with files only), the players of the match file
and the card codes. A shell that is not installed is skipped, saying so (`.ci/run` installs all three)."""

import os
import shutil
import time

import pytest

from vt import Screen

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.slow  # real shells on a pseudo-terminal: run after the README's suite (.ci/run)

GIN_REF = shutil.which("gin-ref")
ROWS, COLUMNS = 30, 120
TIMEOUT = 20

# How each shell starts bare (no user files) and loads the script, as docs/commands.md says.
SHELLS = {
    "bash": (["bash", "--norc", "--noprofile", "-i"],
             ['PS1="$ "', 'eval "$(_GIN_REF_COMPLETE=bash_source gin-ref)"']),
    "zsh": (["zsh", "-f", "-i"],
            ["PS1='$ '", "autoload -U compinit && compinit -u", 'eval "$(_GIN_REF_COMPLETE=zsh_source gin-ref)"']),
    "fish": (["fish", "--no-config", "-i"],
             ["function fish_prompt; echo '$ '; end", "set -g fish_greeting ''",
              "_GIN_REF_COMPLETE=fish_source gin-ref | source"]),
}


class Shell:
    def __init__(self, name, folder):
        argv, self.setup = SHELLS[name]
        env = dict(os.environ, TERM="xterm", PS1="$ ", HOME=str(folder), PATH=os.path.dirname(GIN_REF) + os.pathsep
                   + os.environ.get("PATH", ""), XDG_CONFIG_HOME=str(folder / ".config"),
                   XDG_DATA_HOME=str(folder / ".data"))
        env.pop("GIN_REF_MATCH", None)
        self.child = pexpect.spawn(argv[0], argv[1:], cwd=str(folder), env=env, encoding="utf-8",
                                   dimensions=(ROWS, COLUMNS), timeout=TIMEOUT)
        self.screen = Screen(ROWS, COLUMNS)

    def read(self, until):
        deadline = time.monotonic() + TIMEOUT
        while not until():
            if time.monotonic() > deadline:
                raise AssertionError(f"not on the screen in time:\n{self.screen.text()}")
            try:
                self.screen.feed(self.child.read_nonblocking(65536, timeout=0.1))
            except pexpect.TIMEOUT:
                pass
            while self.screen.reports:
                self.child.send(self.screen.reports.pop(0))

    def run(self, line):
        """Run ``line`` and wait until it is done (its marker echoed: the typed `RE''ADY` shows as itself)."""
        self.marks = getattr(self, "marks", 0) + 1
        self.child.send(f"{line}; echo RE''ADY{self.marks}\r")
        self.read(lambda: any(row.strip() == f"READY{self.marks}" for row in self.screen.lines()))

    def complete(self, typed, tabs, *shown):
        """Type ``typed`` and Tab ``tabs`` times; wait until every text of ``shown`` is on the screen."""
        self.child.send("\x0c")  # a clean screen first (Ctrl-L)
        time.sleep(0.2)
        self.screen = Screen(ROWS, COLUMNS)
        self.child.send(typed)
        self.read(lambda: typed.split()[-1] in self.screen.text())
        for _ in range(tabs):
            self.child.send("\t")
            time.sleep(0.3)
        self.read(lambda: all(text in self.screen.text() for text in shown))
        text = self.screen.text()
        self.child.send("\x03")  # Ctrl-C: the line is dropped
        time.sleep(0.2)
        return text

    def close(self):
        self.child.close(force=True)


@pytest.fixture(params=sorted(SHELLS))
def shell(request, tmp_path):
    name = request.param
    if shutil.which(name) is None:
        pytest.skip(f"{name} is not installed (apt-get install {name}; .ci/run does)")
    if GIN_REF is None:
        pytest.skip("the shells run the installed gin-ref")
    folder = tmp_path
    (folder / "team.yaml").write_text("extends: standard\n", encoding="utf-8")
    from click.testing import CliRunner

    from gin_ref.cli import main

    cwd = os.getcwd()
    os.chdir(folder)
    try:
        assert CliRunner().invoke(main, ["new", "--dealer", "Ann", "Ann", "Bertrand"]).exit_code == 0
    finally:
        os.chdir(cwd)
    term = Shell(name, folder)
    term.read(lambda: term.screen.text().strip() != "")
    for line in term.setup:
        term.run(line)
    yield name, term
    term.close()


def test_presets_players_and_cards_complete_in_the_shell(shell):
    name, term = shell
    tabs = 2 if name == "bash" else 1  # bash lists the choices at the second Tab
    text = term.complete("gin-ref check --rules t", tabs, "three-player", "tournament", "team.yaml")
    assert "standard" not in text
    term.complete("gin-ref knock Be", 1, "gin-ref knock Bertrand")  # the one player that fits, inserted
    text = term.complete("gin-ref check --upcard 9H AS A", tabs, "AH", "AD", "AC")
    offered = [line for line in text.splitlines() if "gin-ref" not in line]  # the list, not the typed line
    assert not any("AS" in line.split() for line in offered)  # a card given is not offered again

"""The console examples of README.md and docs/*.md, read and run (issue 25 item 1).

A small parser of our own rather than sybil or pytest-console-scripts: the examples are sessions (several
`$ gin-ref ...` lines on one match file, a few hidden steps before them, a pipe from `printf`), sybil would
need a parser of this shape written anyway, and pytest-console-scripts runs one process per command where
these run in this process through click's CliRunner (the whole set costs well under a second or two).

The rules a doc follows, so that an example shows exactly what the command prints:

- A ```console block holds `$ COMMAND` lines, each followed by what it prints (stdout and stderr as they
  interleave, at 80 columns: `COLUMNS=80`, the width of a pipe). A command is `gin-ref ...`, optionally
  fed by `printf ... |`, optionally written to `> FILE`; a `# comment` may end the line (it pastes).
- What varies is fixed by the example's own options (`--dealer`, `--date`, the shipped examples) or, where
  it cannot be, left out with a line `...` alone: it stands for any number of lines (none included).
- Each block runs in a fresh folder holding a copy of `examples/` and `events/`, unless a comment right
  before it says `continue` (the previous block's folder, of the same doc). The comment may also hold
  hidden steps, `$ gin-ref ...` lines run before the block (they must succeed; their output is not shown):

      <!-- doctest: continue
      $ gin-ref deal --upcard 9H
      -->

- `terminal` in that comment runs the block's one `$ gin-ref play ...` on a pseudo-terminal (80 columns):
  a line of the block that starts with the session's prompt or question is typed there (the last one
  without Enter, so the status line shows what is being typed), and the block is compared with the
  screen's non-blank lines.
- A ```sh block's `gin-ref` lines are run in order in one fresh folder and must succeed (exit 0).
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import List

ROOT = Path(__file__).resolve().parent.parent
COLUMNS = 80

_FENCE = re.compile(r"^```(\w*)\s*$")
_DIRECTIVE = re.compile(r"<!--\s*doctest:?(.*?)-->", re.S)
_PROMPT = re.compile(r"^((?:deal \d+|hand \d+|over|new)> |rules \[\w+\]: |players: |first dealer \[[^\]]*\]: |"
                     r".*\[y/N\] ?)(.*)$")


@dataclass
class Command:
    line: int  # the doc's line of the `$` (1-based)
    text: str
    expected: List[str] = field(default_factory=list)


@dataclass
class Block:
    doc: str
    line: int  # the line of the opening fence
    kind: str  # console, sh
    lines: List[str]
    setup: List[str] = field(default_factory=list)
    options: List[str] = field(default_factory=list)

    def commands(self) -> List[Command]:
        commands: List[Command] = []
        for number, text in enumerate(self.lines, start=self.line + 1):
            if self.kind == "sh":
                if text.startswith("gin-ref "):
                    commands.append(Command(number, text))
            elif text.startswith("$ "):
                commands.append(Command(number, text[2:]))
            elif commands:
                commands[-1].expected.append(text)
        return commands

    @property
    def name(self) -> str:
        return f"{self.doc}:{self.line}"


def docs() -> List[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def blocks(path: Path) -> List[Block]:
    """The blocks of a doc that hold examples: ```console blocks, and ```sh blocks with `gin-ref` lines."""
    text = path.read_text(encoding="utf-8").splitlines()
    doc = str(path.relative_to(ROOT))
    found, pending, index = [], None, 0
    while index < len(text):
        line = text[index]
        if line.startswith("<!--") and "doctest" in line:
            end = index
            while "-->" not in text[end]:
                end += 1
            match = _DIRECTIVE.search("\n".join(text[index:end + 1]))
            body = match.group(1) if match else ""
            pending = ([w[2:] for w in body.splitlines() if w.strip().startswith("$ ")],
                       [w for row in body.splitlines() if not row.strip().startswith("$ ") for w in row.split()])
            index = end + 1
            continue
        fence = _FENCE.match(line)
        if fence:
            end = index + 1
            while not text[end].startswith("```"):
                end += 1
            kind = fence.group(1)
            body = text[index + 1:end]
            if kind in ("console", "sh") and (kind == "console" or any(b.startswith("gin-ref ") for b in body)):
                setup, options = pending or ([], [])
                found.append(Block(doc, index + 1, kind, body, [s.strip() for s in setup], options))
            pending = None
            index = end + 1
            continue
        if line.strip():
            pending = None if not line.startswith("<!--") else pending
        index += 1
    return found


def all_blocks() -> List[Block]:
    return [block for path in docs() for block in blocks(path)]


class Failure(AssertionError):
    pass


def fresh_folder(base: Path) -> Path:
    folder = base
    folder.mkdir(parents=True, exist_ok=True)
    for shipped in ("examples", "events"):
        shutil.copytree(ROOT / shipped, folder / shipped, ignore=shutil.ignore_patterns("*.lock"))
    return folder


def _split(block: Block, command: Command):
    """(printf's output or None, gin-ref's arguments, the file of `> FILE` or None)."""
    try:
        words = shlex.split(command.text, comments=True)
    except ValueError as exc:
        raise Failure(f"{block.doc}:{command.line}: cannot read the command ({exc}):\n  {command.text}")
    feed = None
    if "|" in words:
        head, words = words[:words.index("|")], words[words.index("|") + 1:]
        if not head or head[0] != "printf":
            raise Failure(f"{block.doc}:{command.line}: only `printf ... | gin-ref ...` pipes are run")
        feed = subprocess.run(head, capture_output=True, text=True, check=True).stdout
    target = None
    if ">" in words:
        target, words = words[words.index(">") + 1], words[:words.index(">")]
    words = [expanded for word in words for expanded in _glob(word)]
    if not words or words[0] != "gin-ref":
        raise Failure(f"{block.doc}:{command.line}: not a gin-ref command:\n  {command.text}")
    return feed, words[1:], target


_HERE = [Path(".")]


def _glob(word: str) -> List[str]:
    """A word with `*` or `?` expanded as the shell would in the example's folder (kept as it is when
    nothing matches, as bash does)."""
    if "*" not in word and "?" not in word:
        return [word]
    import glob

    found = sorted(glob.glob(word, root_dir=_HERE[0]))
    return found or [word]


def run_command(block: Block, command: Command, folder: Path):
    """What the command prints (stdout and stderr interleaved) and its exit code, run in this process."""
    from click.testing import CliRunner

    from gin_ref.cli import main

    _HERE[0] = folder
    feed, args, target = _split(block, command)
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, args, input=feed, prog_name="gin-ref")
    finally:
        os.chdir(cwd)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise Failure(f"{block.doc}:{command.line}: `{command.text}` raised {result.exception!r}")
    output = result.output
    if target is not None:
        (folder / target).write_text(result.stdout, encoding="utf-8")
        output = result.stderr
    return output, result.exit_code


def matches(expected: List[str], printed: List[str]) -> bool:
    """Whether ``printed`` is ``expected``, a line `...` standing for any number of lines."""
    if not expected:
        return not printed
    if expected[0].strip() == "...":
        return any(matches(expected[1:], printed[skip:]) for skip in range(len(printed) + 1))
    return bool(printed) and printed[0].rstrip() == expected[0].rstrip() and matches(expected[1:], printed[1:])


def diff(block: Block, line: int, what: str, expected: List[str], printed: List[str]) -> str:
    import difflib

    lines = difflib.unified_diff(expected, printed, f"{block.doc} (as documented)", f"{what} (as printed)",
                                 lineterm="", n=2)
    return (f"{block.doc}:{line}: the example differs from what gin-ref prints (fix the doc, or the code):\n"
            + "\n".join(lines))


def run_block(block: Block, folder: Path) -> None:
    for text in block.setup:
        step = Command(block.line, text)
        output, code = run_command(block, step, folder)
        if code != 0:
            raise Failure(f"{block.doc}:{block.line}: the hidden step `{text}` failed (exit {code}):\n{output}")
    if "terminal" in block.options:
        run_terminal(block, folder)
        return
    for command in block.commands():
        output, code = run_command(block, command, folder)
        if block.kind == "sh":
            if code != 0:
                raise Failure(f"{block.doc}:{command.line}: `{command.text}` failed (exit {code}):\n{output}")
            continue
        printed = output.splitlines()
        if not matches(command.expected, printed):
            raise Failure(diff(block, command.line, f"$ {command.text}", command.expected, printed))


def run_terminal(block: Block, folder: Path) -> None:
    """The block's `$ gin-ref play ...` on a pseudo-terminal: each prompt line's entry typed, the screen
    compared with the block (its non-blank lines)."""
    import pexpect

    from vt import Screen

    commands = block.commands()
    if len(commands) != 1:
        raise Failure(f"{block.doc}:{block.line}: a terminal block holds one `$ gin-ref play` line")
    _feed, args, _target = _split(block, commands[0])
    expected = commands[0].expected
    entries = [m.group(2) for m in (_PROMPT.match(line) or _PROMPT.match(line + " ") for line in expected) if m]
    rows = len(expected) + 12
    gin_ref = shutil.which("gin-ref")
    argv = [gin_ref] if gin_ref else [sys.executable, "-m", "gin_ref"]
    env = dict(os.environ, TERM="xterm", COLUMNS=str(COLUMNS), GIN_REF_HISTORY=str(folder / ".history"))
    env.pop("GIN_REF_MATCH", None)
    child = pexpect.spawn(argv[0], argv[1:] + args, cwd=str(folder), env=env, encoding="utf-8",
                          dimensions=(rows, COLUMNS), timeout=30)
    screen = Screen(rows, COLUMNS)

    def read(until, seconds=20.0):
        deadline = time.monotonic() + seconds
        while True:
            try:
                screen.feed(child.read_nonblocking(65536, timeout=0.05))
            except pexpect.TIMEOUT:
                if until():
                    return
            except pexpect.EOF:
                return
            while screen.reports:
                child.send(screen.reports.pop(0))
            if time.monotonic() > deadline:
                return

    def prompts():
        return sum(1 for line in screen.lines() if _PROMPT.match(line + " ") or _PROMPT.match(line))

    try:
        for number, entry in enumerate(entries):
            read(lambda: prompts() > number)
            last = number == len(entries) - 1
            child.send(entry + ("" if last else "\r"))
        read(lambda: False, 1.0 if entries else 3.0)
    finally:
        child.close(force=True)
    printed = [line for line in screen.lines() if line.strip()]
    if not matches([line for line in expected if line.strip()], printed):
        raise Failure(diff(block, commands[0].line, f"$ {commands[0].text} (on a terminal)",
                           [line for line in expected if line.strip()], printed))

"""The pseudo-language sweep (#38 item 6, docs/languages.md#the-pseudo-language-test): what gin-ref says under
``--lang xx`` (tests/pseudolang.py), less what is not a sentence, must hold no run of two ASCII letters.

Removed first, as not for a translator: card codes (``AS``, ``10♦``, ``T♣``, ``9h``), paths and file names,
and words of the contract taken from click's own command tree (every command's name, every option's
spellings, its metavar and its choices, the rules' preset names) and the fixture's player names; in a CSV's
output and in ``--help`` (an ``--input`` names its JSON keys) the schemas' keys and enums too (gin_ref/schemas).
JSON output is not swept: it is the contract, its ``message`` and ``detail`` English by design (#38 item 8). Each
run of two or more ASCII letters left is an unmarked piece: words said past the catalogue.

Used by tests/test_pseudolang.py and benchmarks/pseudo_sweep.py (the counts for the closing note).
"""

import json
import re
from collections import Counter
from pathlib import Path

import click
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])(?:[SHDC]|[shdc](?![a-z])|[♠♥♦♣]\ufe0f?)(?![A-Za-z])")
PATH = re.compile(r"(?:[\w.~-]*/)+[\w.-]*|[\w-]+(?:\.[\w-]+)*\.(?:yaml|yml|csv|json|md|html|txt|log|lock)\b"
                  r"|https?://\S+|\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?")
HEX = re.compile(r"(?<![\w-])[0-9a-f]{12,}(?![\w-])")  # a seal's digest
WORD = re.compile(r"-{0,2}[A-Za-z][A-Za-z0-9_-]*")
# click's own metavars in a usage line, written as plain strings in click (not messages): kept as options are
CLICK_METAVARS = {"OPTIONS", "COMMAND", "ARGS", "TEXT", "INTEGER", "FLOAT", "PATH", "FILENAME", "FILE",
                  "DIRECTORY", "BOOLEAN", "CHOICE", "RANGE"}
RUN = re.compile(r"[A-Za-z]{2,}")


def _subcommands(command):
    """A group's commands by name, as click finds them (gin-ref's group loads its commands lazily)."""
    if not isinstance(command, click.Group):
        return {}
    ctx = click.Context(command)
    return {name: command.get_command(ctx, name) for name in command.list_commands(ctx)}


def _walk(command, names, words):
    names.add(command.name)
    words.add(command.name)
    for param in command.params:
        for opt in list(param.opts) + list(param.secondary_opts):
            words.add(opt)
        if getattr(param, "metavar", None):
            words.update(re.findall(r"[A-Za-z][\w-]*", param.metavar))  # DIR|MATCH, PLAYER POINTS
        defaults = param.default if isinstance(param.default, (tuple, list)) else [param.default]
        words.update(str(value) for value in defaults if isinstance(value, str))  # [default: sheets]
        if param.name:
            words.add(param.name.upper())  # click's own metavar of an argument: MATCH, FILES
        if isinstance(param.type, click.Choice):
            words.update(str(choice) for choice in param.type.choices)
        words.add(param.type.name.upper())  # click's metavar of an option: TEXT, INTEGER, PATH, FILENAME
    for sub in _subcommands(command).values():
        _walk(sub, names, words)


def contract_words():
    """The command line's own words (click's command tree) and the rules' preset names: kept as they are."""
    from gin_ref.cli import main

    names, words = set(), {"gin-ref"} | CLICK_METAVARS
    _walk(main, names, words)
    words.update(path.stem for path in (ROOT / "gin_ref" / "configs").glob("*.yaml"))
    return words


def json_keys():
    """Every property name the schemas spell (the contract's JSON keys and CSV columns)."""
    keys = set()

    def visit(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "properties" and isinstance(value, dict):
                    keys.update(value)
                if key == "enum" and isinstance(value, list):
                    keys.update(str(item) for item in value)
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    for path in (ROOT / "gin_ref" / "schemas").glob("*.json"):
        visit(json.loads(path.read_text(encoding="utf-8")))
    return keys | {"null", "true", "false"}


def unmarked(text, kept):
    """The runs of two ASCII letters or more left in ``text`` once the kept words, cards and paths are out."""
    text = re.sub(r"(?<=\S-)\n\s+|(?<=-)\n\s+(?=-)", "", text)  # click wraps a line after a hyphen: gin-\n  ref is gin-ref
    text = PATH.sub(" ", CARD.sub(" ", HEX.sub(" ", text)))
    found = []
    for word in WORD.findall(text):
        if word in kept or word.lstrip("-") in kept or word.strip("-") in kept:
            continue
        found.extend(RUN.findall(word))
    return found


def run(args, lang="xx"):
    """``gin-ref --lang LANG ARGS`` in this process: (exit code, what it said on stdout and stderr)."""
    from gin_ref.cli import main

    result = CliRunner().invoke(main, ["--lang", lang, *args], prog_name="gin-ref")
    return result.exit_code, result.stdout + result.stderr


def sweep(commands, kept, data_kept=frozenset()):
    """Each command (a tuple of arguments) swept: {" ".join(args): [unmarked runs]}; ``data_kept`` is kept too
    for a command that says the contract's keys (``--help``, ``--format csv``)."""
    found = {}
    for args in commands:
        _code, said = run(args)
        if "html" in args:
            said = page_text(said)
        data = "--help" in args or "csv" in args
        found[" ".join(args)] = unmarked(said, kept | data_kept if data else kept)
    return found


def every_help():
    """Every command's ``--help`` (the group's and each subcommand's), as arguments."""
    from gin_ref.cli import main

    commands = [("--help",)]

    def visit(command, path):
        for name, sub in sorted(_subcommands(command).items()):
            commands.append((*path, name, "--help"))
            visit(sub, (*path, name))

    visit(main, ())
    return commands


EXAMPLES = ["examples/oklahoma.yaml", "examples/spades.yaml", "examples/three-player.yaml",
            "examples/hollywood.yaml"]
EXAMPLE_NAMES = {"Ann", "Ben", "Cid"}


def golden_commands():
    """The goldens' commands (tests/test_export.py: ``export`` of the examples into tests/expected/, run from the
    checkout's top), and ``tally`` and ``verify`` of each example. JSON is left out: it is the contract, its
    keys English and its ``message``/``detail`` fields English by design (#38 item 8)."""
    commands = [("export", "--format", fmt, *EXAMPLES) for fmt in ("markdown", "html", "csv")]
    for example in EXAMPLES:
        commands += [("tally", "--match", example), ("verify", "--match", example)]
    return commands


def summary(found):
    """The lines of a sweep's report: per command its count and runs (the most common first), then the total."""
    lines, total, sources = [], 0, Counter()
    for command, runs in found.items():
        total += len(runs)
        sources.update(runs)
        shown = ", ".join(f"{run}×{n}" if n > 1 else run for run, n in Counter(runs).most_common(12))
        said = command if command.startswith("serve GET") else f"gin-ref --lang xx {command}"
        lines.append(f"{len(runs):5d}  {said}" + (f": {shown}" if runs else ""))
    lines.append(f"{total:5d}  unmarked runs in all, {sum(1 for runs in found.values() if runs)} of "
                 f"{len(found)} commands; the most common: "
                 + ", ".join(f"{run}×{n}" for run, n in sources.most_common(15)))
    return lines


def page_text(html):
    """What a page says to people: its text outside scripts and styles, and its labels (aria-label, title,
    placeholder, alt), entities read."""
    from html.parser import HTMLParser

    said = []

    class Reader(HTMLParser):
        skip = 0

        def handle_starttag(self, tag, attrs):
            if tag in ("script", "style"):
                self.skip += 1
            said.extend(value for name, value in attrs if name in ("aria-label", "title", "placeholder", "alt")
                        and value)

        def handle_endtag(self, tag):
            if tag in ("script", "style"):
                self.skip -= 1

        def handle_data(self, data):
            if not self.skip:
                said.append(data)

    Reader(convert_charrefs=True).feed(html)
    return "\n".join(said)


# the plain folder's players and files; the switch's languages, each in its own words
SERVE_NAMES = {"Ann", "Ben", "Cat", "Dan", "ann", "ben", "cat", "dan", "plain", "night", "English", "Filipino", "Sloven", "ina", "xx"}


def _page(web, path, kept, found, state=""):
    answer = web.get(path, headers={"accept-language": "xx"})
    found[f"serve GET {path}{state}"] = unmarked(page_text(answer.text), kept | SERVE_NAMES)


def serve_pages(base, kept):
    """serve's pages asked in ``xx`` (tests/serveutil's folders, made in ``base``): of a folder of plain matches
    the index, the board, the sheet, a page that is not there, and Ann v Ben's table page, then the table page
    and the board after a hand entered; of an event (round 1 paired) table 1's page, the director's pages, the
    board and the sheet. {state: [unmarked runs]}."""
    from serveutil import event_folder, phone, plain_folder, send, token

    found = {}
    table = phone(plain_folder(base), "ann-v-ben")  # the table's page, its token exchanged for the cookie
    for path in ("/", "/board", "/board/sheet", "/no-such-page", "/t/ann-v-ben"):
        _page(table, path, kept, found)
    send(table, "ann-v-ben", "line", {"line": "ben 5 23", "by": "Ann"})
    for path in ("/t/ann-v-ben", "/board", "/board/sheet"):
        _page(table, path, kept, found, " (a hand entered)")
    event = event_folder(base)
    web = phone(event, "1")
    web.get(f"/director?token={token(event, 'director')}")
    for path in ("/t/1", "/director", "/director/settlement", "/board", "/board/sheet"):
        _page(web, path, kept, found, " (event)")
    return found

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
import os
import re
from collections import Counter
from pathlib import Path

import click
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])(?:[SHDC]|[shdc](?![a-z])|[♠♥♦♣]\ufe0f?)(?![A-Za-z])")
PATH = re.compile(r"(?:[\w.~-]*/)+[\w.-]*|[\w-]+(?:\.[\w-]+)*\.(?:yaml|yml|csv|json|md|html|txt|log|lock|tmp)\b"
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


def run(args, lang="xx", input=None):
    """``gin-ref --lang LANG ARGS`` in this process, ``input`` typed: (exit code, what it said on stdout and
    stderr)."""
    from gin_ref.cli import main

    result = CliRunner().invoke(main, ["--lang", lang, *args], input=input, prog_name="gin-ref")
    return result.exit_code, result.stdout + result.stderr


def sweep(commands, kept, data_kept=frozenset()):
    """Each command (a tuple of arguments) swept: {" ".join(args): [unmarked runs]}; ``data_kept`` is kept too
    for a command that says the contract's keys (``--help``, ``--format csv``)."""
    found = {}
    for args in commands:
        _code, said = run(args, input=PLAY_INPUT.get(tuple(args)))
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
        said = command if command.startswith(("serve GET", "serve POST")) else f"gin-ref --lang xx {command}"
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
    the index, the board, the sheet, a page that is not there, and Ann v Ben's table page, the page of each of
    four table lines refused (a player not at the table, a count too high, too few cards) or asked about (a
    count over the limit), then the table page
    and the board after a hand entered; of an event (round 1 paired) table 1's page, the director's pages, the
    board and the sheet. {state: [unmarked runs]}."""
    from serveutil import event_folder, phone, plain_folder, send, token

    found = {}
    table = phone(plain_folder(base), "ann-v-ben")  # the table's page, its token exchanged for the cookie
    for path in ("/", "/board", "/board/sheet", "/no-such-page", "/t/ann-v-ben"):
        _page(table, path, kept, found)
    for line in ("dan 5 23", "ben 99 23", "ben AS 2S 23", "ben 15 23"):  # refused, or asked about
        answer = send(table, "ann-v-ben", "line", {"line": line, "by": "Ann"}, headers={"accept-language": "xx"})
        found[f"serve POST /t/ann-v-ben/enter {line!r}"] = unmarked(page_text(answer.text), kept | SERVE_NAMES)
    send(table, "ann-v-ben", "line", {"line": "ben 5 23", "by": "Ann"})
    for path in ("/t/ann-v-ben", "/board", "/board/sheet"):
        _page(table, path, kept, found, " (a hand entered)")
    event = event_folder(base)
    web = phone(event, "1")
    web.get(f"/director?token={token(event, 'director')}")
    for path in ("/t/1", "/director", "/director/settlement", "/board", "/board/sheet"):
        _page(web, path, kept, found, " (event)")
    return found


# -- the refusals: every command's bad inputs, as the tests give them ---------------------------------------------
RECORDS = ROOT / "tests" / "records"
REFUSAL_NAMES = {"Ann", "Ben", "Cid", "Dan", "Eve", "Fay", "Zed", "ev", "empty", "yes"}  # the fixture's players,
# folders, a value; a season's CSV header (its columns are the contract's, as a JSON key is)
REFUSAL_NAMES |= {"date", "player1", "player2", "points1", "points2", "hands1", "hands2"}
# What a refusal says that is no one's catalogue: the system's words for an OS error (strerror), PyYAML's own
# parser words (kept in an invalid YAML's line), given as they are in every language.
SYSTEM_WORDS = {"Input", "output", "error", "No", "such", "file", "or", "directory", "Is", "Not", "Permission",
                "denied", "Address", "address", "already", "in", "use", "true", "false", "null"}  # (YAML's own values)
# ... and the libraries' phrases a refusal quotes: PyYAML's problem, a character's Unicode name, the resolver's
LIBRARY = re.compile(r"(?:while parsing a [a-z ]+, )?did not find expected (?:key|'.' or '.')"
                     r"|mapping values are not allowed in this context|U\+[0-9A-F]{4,6}(?: [A-Z][A-Z-]*)*"
                     r"|[Nn]ame or service not known")


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def refusal_folder(base):
    """The files the refusals are run against, made in ``base`` (run them from it): ``m.yaml`` Ann v Ben, hand 1
    knocked, hand 2 dealt (9♥); ``over.yaml`` a finished match; damaged copies of ``m.yaml``; rules files;
    an event's folder; a match kept by its result. English throughout (the fixture is not swept)."""
    import shutil

    base = Path(base)
    here = Path.cwd()
    os.chdir(base)
    try:
        for args in (("new", "Ann", "Ben", "--dealer", "Ann", "--date", "2024-05-01", "--match", "m.yaml"),
                     ("knock", "--match", "m.yaml", "--upcard", "7D", "Ben", "5", "--defender", "23"),
                     ("deal", "--match", "m.yaml", "--upcard", "9H"),
                     ("new", "Ann", "Ben", "--dealer", "Ann", "--rules", "tournament", "--match", "fresh.yaml"),
                     ("new", "Ann", "Ben", "--dealer", "Ann", "--match", "turns.yaml"),
                     ("deal", "--match", "turns.yaml", "--upcard", "9H"),
                     ("result", "--match", "paper.yaml", "Ann", "154", "Ben", "24"),
                     ("new", "Ann", "Ben", "Cid", "--rules", "three-player", "--box", "Ann", "--captain", "Ben",
                      "--match", "three.yaml"),
                     ("deal", "--match", "three.yaml", "--upcard", "9H"),
                     ("new", "Ann", "Ben", "--dealer", "Ann", "--match", "corr.yaml"),
                     ("knock", "--match", "corr.yaml", "--upcard", "7D", "Ben", "2", "--defender", "12"),
                     ("knock", "--match", "corr.yaml", "--upcard", "8D", "Ben", "2", "--defender", "12"),
                     ("undo", "--match", "corr.yaml"),
                     ("event", "new", "ev", "--format", "round-robin", "Ann", "Ben", "Cid", "Dan"),
                     ("event", "pair", "ev")):
            code, said = run(args, lang="en")
            assert code == 0, (args, said)
        shutil.copy(ROOT / "examples" / "oklahoma.yaml", "over.yaml")
        shutil.copy(RECORDS / "format-2" / "example-hollywood.yaml", "edited.yaml")
        _edit(base / "edited.yaml", "knocker: Cid", "knocker: yes")
        shutil.copy(RECORDS / "format-2" / "example-hollywood.yaml", "octal.yaml")
        _edit(base / "octal.yaml", "points: 22", "points: 010")
        for name, old, new in (("indent.yaml", "  points: 21", "points: 21"), ("quote.yaml", "knocker: Cid", "knocker: 'Cid"),
                               ("brace.yaml", "totals: {Ben: 0, Cid: 22}", "totals: {Ben: 0, Cid: 22")):
            shutil.copy(RECORDS / "format-2" / "example-hollywood.yaml", name)
            _edit(base / name, old, new)
        text = (base / "corr.yaml").read_text(encoding="utf-8")
        start = text.index("corrections:")
        (base / "corr.yaml").write_text(text[:start] + text[start:].replace("knocker_count: 2", "knocker_count: 1")
                                        .replace("points: 10", "points: 11"), encoding="utf-8")
        shutil.copy(RECORDS / "format-2" / "example-hollywood.yaml", "games.yaml")
        _edit(base / "games.yaml", "games: [{Ben: 0, Cid: 22}", "games: [{Ben: 0, Cid: 23}")
        text = (base / "m.yaml").read_text(encoding="utf-8")
        seal = re.search(r"  seal: ([0-9a-f]{16})", text).group(1)
        (base / "broken.yaml").write_text(text.replace(seal, "abcdefabcdefabcd", 1), encoding="utf-8")
        (base / "unsealed.yaml").write_text(re.sub(r"\n  seal: [0-9a-f]{16}", "", text), encoding="utf-8")
        (base / "newer.yaml").write_text(text.replace("gin-ref-match/3", "gin-ref-match/9"), encoding="utf-8")
        (base / "cut.yaml").write_text(text[:len(text) // 2], encoding="utf-8")
        (base / "midhand.yaml").write_text(text[:text.index("  defender:")], encoding="utf-8")
        (base / "nowinner.yaml").write_text(text.replace("  winner: Ben\n", ""), encoding="utf-8")
        (base / "points.yaml").write_text(text.replace("points: 18", "points: 19"), encoding="utf-8")
        (base / "totals.yaml").write_text(text.replace("{Ann: 0, Ben: 18}", "{Ann: 0, Ben: 81}"), encoding="utf-8")
        (base / "winner.yaml").write_text(text.replace("winner: Ben", "winner: Ann"), encoding="utf-8")
        (base / "number.yaml").write_text(text.replace("number: 2", "number: 3"), encoding="utf-8")
        (base / "upcard.yaml").write_text(text.replace("upcard: 7D", "upcard: 7X"), encoding="utf-8")
        (base / "unknown.yaml").write_text(text.replace("  knocker: Ben\n", "  knocker: Ben\n  colour: red\n"),
                                           encoding="utf-8")
        (base / "garbage.yaml").write_text("format: gin-ref-match/3\nplayers: [Ann\n", encoding="utf-8")
        (base / "foreign.yaml").write_text("shopping: [eggs, milk]\n", encoding="utf-8")
        (base / "empty.yaml").write_text("", encoding="utf-8")
        (base / "left").mkdir()
        (base / "left" / "m.yaml").write_text(text, encoding="utf-8")
        (base / "left" / ".m.yaml.k1lled42.tmp").write_text("", encoding="utf-8")
        (base / "badknob.yaml").write_text("extends: classic\nundercut_bonuss: 15\n", encoding="utf-8")
        (base / "badtype.yaml").write_text("extends: classic\ngin_bonus: lots\n", encoding="utf-8")
        (base / "badpreset.yaml").write_text("extends: okla\n", encoding="utf-8")
        (base / "evil.yaml").write_text("!!python/object/apply:os.system [ls]\n", encoding="utf-8")
        (base / "nofolder").write_text("", encoding="utf-8")
        (base / "evbad").mkdir()
        event = (base / "ev" / "event.yaml").read_text(encoding="utf-8")
        (base / "evbad" / "event.yaml").write_text(re.sub(r"(?m)^date:.*\n", "", event), encoding="utf-8")
        (base / "empty").mkdir()
        shutil.copytree(base / "ev", base / "ev3")
        _edit(base / "ev3" / "round-1-table-1.yaml", "players: [Ann, Dan]", "players: [Ann, Dan")
        (base / "clash.yaml").write_text("extends: classic\nscoring: hollywood\ngames: 0\nknock_limit: 11\n",
                                         encoding="utf-8")
        header = "date,player1,player2,points1,points2"
        (base / "season.csv").write_text(
            f"{header}\n2024-05-02,Ann,Ben,154,24\n05/02/2024,Cid,Dan,130,70\n2024-05-03,Cid,Cid,130,70\n"
            "2024-05-03,Eve,Fay,1x0,70\n2024-05-03,Eve,Fay,100,70,3\n2024-05-04,Eve,Fay,90,70\n", encoding="utf-8")
        (base / "columns.csv").write_text("date,player1,player2,points\n", encoding="utf-8")
        (base / "hands.csv").write_text(f"{header},hands1\n", encoding="utf-8")
        (base / "header.csv").write_text(f"{header}\n", encoding="utf-8")
        (base / "latin.csv").write_bytes(f"{header}\n2024-05-02,J\xf6rg,Ben,154,24\n".encode("latin-1"))
    finally:
        os.chdir(here)
    return base


QUOTED = re.compile(r"(?<![\w'])'[^'\n]{1,60}'(?![\w'])")


def refusal_sweep(base, kept, commands=None):
    """The refusals (``commands``: all of ``refusal_commands``, and serve on a port taken) run from
    ``refusal_folder(base)``, swept: {" ".join(args): [unmarked runs]}. What a refusal quotes back ('okla',
    'May 1', a key as the file has it) is the user's or the file's, not a sentence: kept, as the names of the
    fixture and the system's and libraries' words."""
    import socket

    refusal_folder(base)
    here = Path.cwd()
    os.chdir(base)
    taken = socket.socket()
    try:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        found = {}
        if commands is None:
            commands = [*refusal_commands(), ("serve", "ev", "--port", str(taken.getsockname()[1]))]
        for args in commands:
            _code, said = run(args, input=PLAY_INPUT.get(tuple(args)))
            found[" ".join(args)] = unmarked(QUOTED.sub(" ", LIBRARY.sub(" ", said)), kept | REFUSAL_NAMES | SYSTEM_WORDS)
        return found
    finally:
        taken.close()
        os.chdir(here)


def refusal_commands():
    """Every command's refusals, run from ``refusal_folder``'s folder (each exits 1 or 2 with ``Error: ...``, or
    warns), as the tests give them. Commands that change a file go last on it, or on a copy of their own."""
    knock10 = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D".split()
    return [
        # cards and counts
        ("check", "--upcard", "7D", "AS", "2S", "ZZ"),
        ("check", "--upcard", "7D", *knock10[:9], "AS"),
        ("check", "--upcard", "7D", "AS", "2S"),
        ("check", "--upcard", "'9H", "AS"),
        ("score", "--upcard", "7D", "--knocker", "AS 2S", "--defender", "3C"),
        ("score", "--upcard", "7D", "--knocker", " ".join(knock10), "--defender", " ".join(knock10)),
        ("new", "--match", "n.yaml", "Ann", "ann"),
        ("new", "--match", "n.yaml", "Ann"),
        ("new", "--match", "m.yaml", "Ann", "Ben"),
        ("new", "--match", "n.yaml", "--rules", "okla", "Ann", "Ben"),
        ("new", "--match", "n.yaml", "--rules", "badknob.yaml", "Ann", "Ben"),
        ("new", "--match", "n.yaml", "--dealer", "Zed", "Ann", "Ben"),
        ("deal", "--match", "m.yaml", "--upcard", "7D"),
        ("deal", "--match", "over.yaml", "--upcard", "7D"),
        ("deal", "--match", "fresh.yaml", "--upcard", "ZZ"),
        ("knock", "--match", "fresh.yaml", "Ben", "5", "--defender", "23"),
        ("knock", "--match", "m.yaml", "Zed", "5", "--defender", "23"),
        ("knock", "--match", "m.yaml", "Ben", "5"),
        ("knock", "--match", "m.yaml", "Ben", '"5', "--defender", "23"),
        ("knock", "--match", "m.yaml", "Ben", "5", "--defender", '"2"3'),
        ("knock", "--match", "m.yaml", "Ben", "\u0665", "--defender", "23"),
        ("knock", "--match", "m.yaml", "Ben", *knock10, "--defender", " ".join(knock10)),
        ("knock", "--match", "over.yaml", "Ben", "5", "--defender", "23"),
        ("knock", "--match", "paper.yaml", "Ben", "5", "--defender", "23"),
        ("knock", "--match", "m.yaml", "Ben", "15", "--defender", "23"),  # over the limit: recorded
        ("dead", "--match", "over.yaml"),
        ("take", "--match", "turns.yaml", "Ann"),  # out of turn: recorded
        ("discard", "--match", "turns.yaml", "Ben", "QH"),
        ("draw", "--match", "turns.yaml", "Dan"),
        ("pass", "--match", "fresh.yaml", "Ben"),
        ("amend", "--match", "m.yaml", "7", "Ben", "5"),
        ("amend", "--match", "paper.yaml", "1", "Ben", "5"),
        ("ruling", "--match", "m.yaml", "--hand", "9", "--void", "--reason", "misdeal"),
        ("ruling", "--match", "m.yaml", "--hand", "1", "--award", "Zed", "25", "--reason", "misdeal"),
        ("ruling", "--match", "m.yaml", "--hand", "\u0661", "--void", "--reason", "misdeal"),
        ("result", "--match", "m.yaml", "Ann", "154", "Ben", "24"),
        ("result", "--match", "r.yaml", "Ann", "154", "Zed", "24"),
        ("result", "--match", "r.yaml", "Ann", "10", "Ben", "24"),
        ("undo", "--match", "fresh.yaml"),
        ("redo", "--match", "m.yaml"),
        # match files: missing, not one, damaged, foreign, too new, hand-edited
        ("tally", "--match", "none.yaml"),
        ("tally", "--match", ""),
        ("tally", "--match", "ev"),
        ("tally", "--match", "garbage.yaml"),
        ("tally", "--match", "foreign.yaml"),
        ("tally", "--match", "empty.yaml"),
        ("tally", "--match", "newer.yaml"),
        ("tally", "--match", "cut.yaml"),
        ("tally", "--match", "edited.yaml"),
        ("tally", "--match", "octal.yaml"),
        ("verify", "games.yaml"),
        ("tally", "--match", "indent.yaml"),
        ("tally", "--match", "quote.yaml"),
        ("tally", "--match", "brace.yaml"),
        ("verify", "midhand.yaml", "nowinner.yaml"),
        ("verify", "--strict", "corr.yaml"),
        ("redo", "--match", "corr.yaml"),
        ("tally", "--match", "upcard.yaml"),
        ("tally", "--match", "unknown.yaml"),
        ("tally", "--match", "broken.yaml"),
        ("tally", "--strict", "--match", "broken.yaml"),
        ("verify", "broken.yaml", "unsealed.yaml", "points.yaml", "totals.yaml", "winner.yaml", "number.yaml"),
        ("verify", "--strict", "broken.yaml"),
        ("verify", "left/m.yaml"),
        ("verify", "m.yaml"),  # a knock over the limit, recorded as an irregularity (above)
        ("verify", "empty"),
        ("verify", "none.yaml", "garbage.yaml", "foreign.yaml", "newer.yaml", "cut.yaml"),
        ("history", "."),
        ("stats", "garbage.yaml", "m.yaml"),
        ("standings", "--since", "May 1", "."),
        ("standings", "broken.yaml", "over.yaml"),
        ("standings", "--strict", "broken.yaml"),
        ("export", "--format", "csv", "--output", "m.yaml", "m.yaml"),
        ("export", "--output", "badknob.yaml", "m.yaml"),
        ("export", "--format", "markdown", "garbage.yaml"),
        # a season from a spreadsheet
        ("result", "--input", "season.csv", "--into", "out"),
        ("result", "--input", "columns.csv", "--into", "out"),
        ("result", "--input", "hands.csv", "--into", "out"),
        ("result", "--input", "header.csv", "--into", "out"),
        ("result", "--input", "latin.csv", "--into", "out"),
        ("result", "--input", "empty.yaml", "--into", "out"),
        # rulings and corrections
        ("ruling", "--match", "m.yaml", "--hand", "1", "--reason", "misdeal"),
        ("ruling", "--match", "m.yaml", "--hand", "1", "--void", "--award", "Ann", "25", "--reason", "misdeal"),
        ("ruling", "--match", "m.yaml", "--hand", "1", "--forfeit", "Zed", "--reason", "left"),
        ("ruling", "--match", "m.yaml", "--hand", "1", "--award", "Ann", "x", "--reason", "misdeal"),
        ("amend", "--match", "m.yaml", "1", "Zed", "5"),
        ("amend", "--match", "m.yaml", "1", "Ben", "AS 2S"),
        ("undo", "--match", "none.yaml"),
        ("deal", "--match", "m.yaml", "--upcard", "7D", "--upcard", "8D"),
        ("new", "--match", "n.yaml", "--date", "2024-13-45", "Ann", "Ben"),
        ("new", "--match", "n.yaml", "--rules", "three-player", "Ann", "Ben"),
        ("new", "--match", "n.yaml", "Ann", "Ben", "Cid", "Dan"),
        ("history", "--since", "yesterday", "."),
        ("tally", "--match", "m.yaml", "--what-if", "three-player"),
        ("tally", "--match", "paper.yaml", "--what-if", "classic"),
        ("tally", "--match", "m.yaml", "--what-if", "okla"),
        ("knock", "--match", "three.yaml", "Cid", "5", "--defender", "23"),  # sits out: recorded
        ("deal", "--match", "three.yaml", "--upcard", "7D"),
        ("tally", "m.yaml", "--match", "m.yaml"),
        ("export", "--format", "pdf", "m.yaml"),
        ("verify", "turns.yaml"),  # a record with irregularities (take, out of turn, above)
        ("tally", "--match", "turns.yaml"),
        ("export", "--format", "markdown", "turns.yaml"),
        ("stats", "."),
        ("standings", "."),
        ("settle", "."),
        ("export", "--format", "markdown", "."),
        ("event", "standings", "ev3"),
        ("event", "pair", "ev3"),
        ("rules", "check", "clash.yaml"),
        ("new", "--match", "n.yaml", "--rules", "clash.yaml", "Ann", "Ben"),
        # rules
        ("rules", "show", "okla"),
        ("rules", "show", "badknob.yaml"),
        ("rules", "check", "badtype.yaml"),
        ("rules", "check", "badpreset.yaml"),
        ("rules", "show", "evil.yaml"),
        ("rules", "check", "missing.yaml"),
        # settle, event, serve, play
        ("settle", "--stake", "-1", "over.yaml"),
        ("settle", "--stake", "lots", "over.yaml"),
        ("settle", "m.yaml", "garbage.yaml"),
        ("settle", "--strict", "broken.yaml"),
        ("event", "new", "ev", "--format", "swiss", "Ann", "Ben"),
        ("event", "new", "ev2", "--format", "swiss", "Ann", "ann"),
        ("event", "new", "ev2", "Ann", "Ben"),
        ("event", "new", "ev2", "--format", "round-robin", "--rounds", "9", "Ann", "Ben", "Cid", "Dan"),
        ("event", "new", "ev2", "--format", "swiss", "--rules", "three-player", "Ann", "Ben", "Cid"),
        ("event", "pair", "ev"),
        ("event", "pair", "empty"),
        ("event", "standings", "evbad"),
        ("event", "standings", "empty"),
        ("serve", "none"),
        ("serve", "nofolder"),
        ("serve", "ev", "--ssl-certfile", "c.pem"),
        ("serve", "ev", "--host", "999.1.1.1"),
        ("serve", "ev", "--port", "99999"),
        ("play", "--match", "m.yaml", "--rules", "oklahoma", "Cid", "Dan"),
        ("play", "--match", "new.yaml", "--rules", "classic"),
        ("play", "--match", "m.yaml", "Ann", "ann"),
        ("help", "zzz"),
        ("help", "d"),
        ("knok",),
        ("--bogus",),
        *PLAY_INPUT,
    ]


# play's session: what is typed (each line a command; its refusals are said and the session goes on)
PLAY_INPUT = {("play", "--match", "m.yaml"): "knock Zed 5 23\ndeal --upcard ZZ\nfoo\nnew Ann Ben\ntally --match x\n"
                                            "play\nknock --input -\n'AS 2S\nben 99 23\nb 5 23\nt\nbe\n",
              ("play", "--match", "turns.yaml"): "ann 5 23\nben 5\nknock ben 5 --defender AS\n"}

"""Every command's output for people, measured in display cells (issue 25 item 2). ``SCENES`` runs each
command of gin-ref (and every --help) in one folder holding copies of the shipped examples and club night,
with long names, Hollywood, three players and wide (East Asian) names; ``measure`` gives the widest line
of each command's standard output. `python tests/widths.py [COLUMNS]` prints them, widest first."""

import os
import shutil
import sys
from pathlib import Path

from wcwidth import wcswidth

ROOT = Path(__file__).resolve().parent.parent
LONG_A, LONG_B, LONG_C = "Alexandrina-Konstantinopoulou", "Maximiliano-Bartholomew", "Wilhelmina-Fairweather"
WIDE_A, WIDE_B, WIDE_C = "山田太郎", "李小龍", "長谷川一二三四五六"  # 8, 6 and 18 cells
K5 = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"
D23 = "AH 7H QH 2D 7D 8D 9D TD JD 3C"

# What the session is fed (`gin-ref play` from a pipe).
PLAY_INPUT = "\n".join([f"new --dealer {LONG_A} --date 2025-03-01 '{LONG_A}' {WIDE_C}", "help", "help quit",
                        "deal --upcard 9h", f"knock {WIDE_C} 5 --defender 23", "tally", "undo", "quit", ""])

# (a name for the command, its arguments); each scene runs in order in one folder.
SCENES = [
    ("long names, two players", [
        ["new", "--match", "l.yaml", "--dealer", LONG_A, "--date", "2025-01-01", LONG_A, LONG_B],
        ["deal", "--match", "l.yaml", "--upcard", "9H"],
        ["pass", "--match", "l.yaml", LONG_B], ["take", "--match", "l.yaml", LONG_A],
        ["discard", "--match", "l.yaml", LONG_A, "QS"], ["draw", "--match", "l.yaml", LONG_B],
        ["undo", "--match", "l.yaml"], ["undo", "--match", "l.yaml"], ["undo", "--match", "l.yaml"],
        ["undo", "--match", "l.yaml"], ["redo", "--match", "l.yaml"],
        ["undo", "--match", "l.yaml"],
        ["knock", "--match", "l.yaml", LONG_B, K5, "--defender", D23],
        ["dead", "--match", "l.yaml", "--upcard", "4C"],
        ["knock", "--match", "l.yaml", "--upcard", "KS", LONG_B, "0", "--defender", "31"],
        ["amend", "--match", "l.yaml", "1", LONG_A, "5", "--defender", "23"],
        ["ruling", "--match", "l.yaml", "--hand", "1", "--award", LONG_B, "10", "--reason",
         "showed the cards to the next table", "--by", LONG_C],
        ["tally", "--match", "l.yaml"], ["tally", "--match", "l.yaml", "--what-if", "classic"],
        ["result", "--match", "r.yaml", "--date", "2025-01-01", "Ann", "154", "Ben", "24"],
        ["tally", "--match", "r.yaml"], ["verify", "r.yaml"],
        ["verify", "l.yaml"], ["stats", "--player", LONG_A, "l.yaml"],
    ]),
    ("wide names, two players", [
        ["new", "--match", "w.yaml", "--dealer", WIDE_C, "--date", "2025-01-02", WIDE_C, WIDE_B],
        ["knock", "--match", "w.yaml", "--upcard", "9H", WIDE_B, K5, "--defender", D23],
        ["knock", "--match", "w.yaml", "--upcard", "9H", WIDE_C, "5", "--defender", "23"],
        ["tally", "--match", "w.yaml"], ["verify", "w.yaml"], ["history", "w.yaml", "l.yaml"],
        ["stats", "w.yaml", "l.yaml"], ["stats", "--player", WIDE_C, "w.yaml"],
        ["standings", "w.yaml", "l.yaml"],
    ]),
    ("Hollywood", [
        ["new", "--match", "h.yaml", "--rules", "hollywood", "--date", "2025-01-03", "--dealer", LONG_A,
         LONG_A, WIDE_A],
        ["knock", "--match", "h.yaml", "--upcard", "9H", WIDE_A, "5", "--defender", "23"],
        ["tally", "--match", "h.yaml"],
    ]),
    ("three players", [
        ["new", "--match", "t.yaml", "--rules", "three-player", "--date", "2025-01-04", "--box", LONG_A,
         "--captain", LONG_B, LONG_A, LONG_B, WIDE_C],
        ["deal", "--match", "t.yaml", "--upcard", "9H"], ["dead", "--match", "t.yaml"],
        ["knock", "--match", "t.yaml", "--upcard", "9H", LONG_B, K5, "--defender", D23],
        ["pass", "--match", "t.yaml", LONG_B],
        ["tally", "--match", "t.yaml"], ["verify", "t.yaml"],
        ["new", "--match", "t2.yaml", "--rules", "three-player", "--date", "2025-01-04", WIDE_A, WIDE_B, WIDE_C],
    ]),
    ("the shipped matches", [
        ["history", "examples/", "events/"], ["history", "."], ["stats", "examples/"],
        ["stats", "--player", "Ann", "examples/"], ["stats", "--player", "Ben", "examples/"],
        ["stats", "--player", "Cid", "examples/", "events/"], ["settle", "examples/", "events/"],
        ["settle", "--stake", "0.05", "--currency", "EUR", "examples/"],
        ["standings", "."], ["tally", "--match", "examples/hollywood.yaml"],
        ["tally", "--match", "examples/three-player.yaml", "--what-if", "three-player"],
        ["verify", "examples/oklahoma.yaml", "examples/three-player.yaml"],
        ["export", "--format", "html", "--output", "sheet.html", "examples/"],
        ["event", "standings", "events/club-night"],
    ]),
    ("the club", [
        ["event", "new", "a-long-folder-name-for-the-club-night-of-the-eighth-of-june", "--format", "swiss",
         "--date", "2025-06-08", LONG_A, LONG_B, LONG_C, WIDE_A, WIDE_C],
        ["event", "pair", "a-long-folder-name-for-the-club-night-of-the-eighth-of-june", "--date", "2025-06-08"],
        ["event", "standings", "a-long-folder-name-for-the-club-night-of-the-eighth-of-june"],
        ["event", "pair", "a-long-folder-name-for-the-club-night-of-the-eighth-of-june", "--date", "2025-06-08"],
        # serve runs until Ctrl-C: measured by its refusal (its running lines are addresses, tested apart)
        ["serve", "a-long-folder-name-for-the-club-night-that-is-not-there"],
    ]),
    ("short names", [
        ["new", "--match", "s.yaml", "--rules", "hollywood", "--date", "2025-02-01", "Ann", "Ben"],
        ["new", "--match", "s3.yaml", "--rules", "three-player", "--date", "2025-02-01", "--box", "Ann",
         "--captain", "Ben", "Ann", "Ben", "Cid"],
        ["deal", "--match", "s3.yaml", "--upcard", "9H"], ["dead", "--match", "s3.yaml"],
        ["event", "new", "night", "--format", "swiss", "--date", "2025-02-01", "Ann", "Ben", "Cid", "Dee"],
        ["event", "pair", "night", "--date", "2025-02-01"], ["history", "."],
    ]),
    ("the session, from a pipe", [["play", "--match", "p.yaml"]]),
    ("rules and the engine", [
        ["rules"], ["rules", "show", "hollywood"], ["rules", "show", "examples/rules/club-spades.yaml"],
        ["rules", "diff", "oklahoma", "tournament"], ["rules", "check", "examples/rules/club-spades.yaml"],
        ["check", "--upcard", "7D", "AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C", "5D", "KS"],
        ["score", "--upcard", "KH", "--knocker", "AS 2S 3S 4H 4D 4C 7C 8C 9C 6D", "--defender",
         "5H 5S 5C TH JH QH 2D 3D 4S AC"],
        ["score", "--rules", "three-player", "--upcard", "KH", "--knocker", "AS 2S 3S 4H 4D 4C 7C 8C 9C 6D",
         "--defender", "5H 5S 5C TH JH QH 2D 3D 4S AC"],
    ]),
]


def help_commands():
    from gin_ref.cli import COMMANDS

    found = [["--help"], ["help"]] if "help" in COMMANDS else [["--help"]]
    for name in COMMANDS:
        found.append([name, "--help"])
    found += [["rules", sub, "--help"] for sub in ("show", "check", "diff")]
    found += [["event", sub, "--help"] for sub in ("new", "pair", "standings")]
    return found


def cells(line):
    width = wcswidth(line)
    return width if width >= 0 else len(line)


def measure(folder, columns):
    """[(scene, command, widest line in cells, that line)] for every command, run in ``folder``."""
    from click.testing import CliRunner

    from gin_ref.cli import main

    for shipped in ("examples", "events"):
        shutil.copytree(ROOT / shipped, folder / shipped, ignore=shutil.ignore_patterns("*.lock"))
    env = {"COLUMNS": str(columns), "GIN_REF_CACHE": "off", "GIN_REF_MATCH": None}
    cwd = os.getcwd()
    os.chdir(folder)
    found = []
    try:
        for scene, commands in SCENES + [("help", help_commands())]:
            for args in commands:
                result = CliRunner().invoke(main, args, env=env, input=PLAY_INPUT if args[0] == "play" else None)
                assert result.exception is None or isinstance(result.exception, SystemExit), (args, result)
                assert result.exit_code in (0, 1), (args, result.output)
                lines = result.stdout.splitlines() or [""]
                widest = max(lines, key=cells)
                found.append((scene, " ".join(args), cells(widest), widest))
    finally:
        os.chdir(cwd)
    return found


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        rows = measure(Path(tmp), int(sys.argv[1]) if len(sys.argv) > 1 else 80)
    for scene, command, width, _line in sorted(rows, key=lambda row: -row[2]):
        print(f"{width:4}  {scene}: gin-ref {command}"[:160])

"""How fast are ``gin-ref history``, ``stats`` and ``export`` over a club's archive?

Makes 1,000 match files of 30 hands each in a temporary folder (every hand played through
``gin_ref.match.model`` by ``benchmarks/make_match.py``'s player, so each file is a true record that
``gin-ref verify`` passes; eight players in pairs, dates spread over four years), then times each command
as a user runs it (a new process, the whole command: finding, reading and replaying every file) and
prints the figures. The target (issue 6) is under 5 s each.

    python benchmarks/bench_history.py [--matches 1000] [--hands 30] [--repeat 3] [--keep DIR]
"""

import argparse
import datetime
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from make_match import play  # noqa: E402

from gin_ref.files import matchfile as record  # noqa: E402
from gin_ref.match.model import Match  # noqa: E402
from gin_ref.core.rules import make_rules  # noqa: E402

PLAYERS = ("Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")


def make_archive(folder, matches, hands, seed=7):
    """Write ``matches`` match files of ``hands`` hands each under ``folder`` (a subfolder per year)."""
    rng = random.Random(seed)
    rules = make_rules({"target": 10**9}, name="oklahoma (benchmark, target raised)")
    first = datetime.date(2021, 1, 1)
    for number in range(matches):
        pair = rng.sample(PLAYERS, 2)
        date = first + datetime.timedelta(days=rng.randrange(4 * 365))
        match = Match.new(pair, rules, date.isoformat(), dealer=pair[0])
        for _ in range(hands):
            play(match, rng)
        year = folder / str(date.year)
        year.mkdir(exist_ok=True)
        (year / f"{date.isoformat()}-{number:04d}.yaml").write_text(record.dumps(match.record), encoding="utf-8")


def time_command(args, repeat):
    """The best wall time of ``repeat`` runs of ``python -m gin_ref ARGS`` (and its output's size)."""
    best, size = None, 0
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "gin_ref", *args], capture_output=True, text=True,
                              cwd=HERE.parent)
        elapsed = time.perf_counter() - start
        if done.returncode != 0:
            sys.exit(f"gin-ref {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
        best = elapsed if best is None else min(best, elapsed)
        size = len(done.stdout)
    return best, size


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3, help="runs per command; the best is shown")
    parser.add_argument("--keep", metavar="DIR", help="make the archive in DIR and keep it")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(args.keep or temp)
        folder.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        make_archive(folder, args.matches, args.hands)
        files = sorted(folder.rglob("*.yaml"))
        size = sum(f.stat().st_size for f in files)
        print(f"archive: {len(files)} match files of {args.hands} hands, {size / 1e6:.1f} MB, "
              f"made in {time.perf_counter() - start:.1f} s")
        total_hands = len(files) * args.hands
        for command in (["history", "--json"], ["history"], ["stats", "--json"], ["stats"],
                        ["stats", "--player", "Ann"], ["export", "--format", "csv"],
                        ["export", "--format", "markdown"], ["export", "--format", "html"]):
            elapsed, out = time_command([*command, str(folder)], args.repeat)
            verdict = "ok" if elapsed < 5 else "OVER the 5 s target"
            print(f"gin-ref {' '.join(command):<22} {elapsed:6.2f} s  {total_hands / elapsed:8.0f} hands/s  "
                  f"{out / 1e3:7.0f} kB out  {verdict}")


if __name__ == "__main__":
    main()

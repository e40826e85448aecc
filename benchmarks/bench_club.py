"""How fast are ``gin-ref standings``, ``gin-ref event standings`` and ``gin-ref event pair`` at a club's scale?

- ``standings`` over 1,000 match files of 30 hands (the archive of ``bench_history.py``: eight players,
  four years);
- ``event standings`` over a round robin of 46 players: 45 rounds of 23 tables, 1,035 match files of 30
  hands, every hand played through ``gin_ref.match.model`` by ``make_match.py``'s player;
- ``event pair`` of a 64-player Swiss: round 1, and round 6 after five rounds of finished matches (160
  match files read, the Swiss search over their results, 32 match files written).

Each command is timed as a user runs it (a new process, the whole command), cold (an empty summary cache:
every file read and replayed, as ``history`` does) and warm (the cache filled by an earlier run: only the
files' stamps are read; see ``gin_ref/files/summaries.py``). The files are dated an hour back, as an
archive's are. The targets (issue 13): under 3 s for the standings, under 1 s for a pairing.

    python benchmarks/bench_club.py [--matches 1000] [--hands 30] [--repeat 3] [--keep DIR]
"""

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_history import make_archive  # noqa: E402
from make_match import play  # noqa: E402

from gin_ref.club.event import Event, Result  # noqa: E402
from gin_ref.core.rules import make_rules  # noqa: E402
from gin_ref.files import eventfile  # noqa: E402
from gin_ref.match.tally import tally_of  # noqa: E402
from gin_ref.files import matchfile as record  # noqa: E402
from gin_ref.match.model import Match  # noqa: E402

DATE = "2024-09-06"


CACHE = {}  # GIN_REF_CACHE for the timed runs: a file in the benchmark's folder


CPU = []  # the CPU seconds (user + system, every process of the command) of the best run of ``timed``


def _children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(args, repeat, cwd=None, before=None):
    """The best wall time of ``repeat`` runs of ``python -m gin_ref ARGS``; ``before()`` runs untimed
    before each. The CPU time of that run goes to CPU[-1]: on a shared machine it says what the wall
    time would be on an idle one (about CPU / cores, plus the start-up)."""
    best = None
    for _ in range(repeat):
        if before is not None:
            before()
        cpu = _children_cpu()
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "gin_ref", *args], capture_output=True, text=True,
                              cwd=cwd or HERE.parent, env={**os.environ, **CACHE})
        elapsed = time.perf_counter() - start
        if done.returncode != 0:
            sys.exit(f"gin-ref {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
        if best is None or elapsed < best:
            best = elapsed
            CPU.append(_children_cpu() - cpu)
    return best


def make_round_robin(folder, players, hands, seed=11):
    """A round robin event in ``folder`` whose every table holds a match of ``hands`` hands (still being
    played: the target is raised, as in the archive)."""
    rng = random.Random(seed)
    rules = make_rules({"target": 10**9}, name="oklahoma (benchmark, target raised)")
    names = [f"P{i:02d}" for i in range(players)]
    event = Event.new(folder.name, "round-robin", names, make_rules({}, "oklahoma"), DATE)
    done = {}
    while len(event.rounds) < event.total_rounds:
        rnd = event.next_round(done)
        event.add_round(rnd)
        for table in rnd.tables:
            done[table.file] = Result(True, table.players[0], {table.players[0]: 100, table.players[1]: 0})
            match = Match.new(list(table.players), rules, DATE, dealer=table.players[0])
            for _ in range(hands):
                play(match, rng)
            (folder / table.file).write_text(record.dumps(match.record), encoding="utf-8")
    (folder / eventfile.EVENT_FILE).write_text(eventfile.dumps(event), encoding="utf-8")
    return sum(len(rnd.tables) for rnd in event.rounds)


def make_swiss(folder, players, rounds_played, seed=5):
    """A Swiss of ``players`` with ``rounds_played`` rounds paired and every match finished (standard
    rules, played to 100 by ``make_match.py``'s player)."""
    rng = random.Random(seed)
    rules = make_rules({}, "standard")
    event = Event.new(folder.name, "swiss", [f"P{i:02d}" for i in range(players)], rules, DATE,
                      rounds=rounds_played + 1)
    results = {}
    for _ in range(rounds_played):
        rnd = event.next_round(results)
        event.add_round(rnd)
        for table in rnd.tables:
            match = Match.new(list(table.players), rules, DATE, dealer=table.players[0])
            while not match.state.finished:
                play(match, rng)
            results[table.file] = Result.of_tally(tally_of(match))
            (folder / table.file).write_text(record.dumps(match.record), encoding="utf-8")
    (folder / eventfile.EVENT_FILE).write_text(eventfile.dumps(event), encoding="utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--players", type=int, default=46, help="players of the round robin (46: 1,035 tables)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per command; the best is shown")
    parser.add_argument("--keep", metavar="DIR", help="make the files in DIR and keep them")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as temp:
        base = Path(args.keep or temp)
        archive, rr, sw = base / "archive", base / "round-robin", base / "swiss"
        for folder in (archive, rr, sw):
            folder.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        if not any(archive.rglob("*.yaml")):
            make_archive(archive, args.matches, args.hands)
        if not (rr / eventfile.EVENT_FILE).exists():
            make_round_robin(rr, args.players, args.hands)
        shutil.rmtree(sw)  # paired again below: made afresh each time
        sw.mkdir()
        make_swiss(sw, 64, 5)
        print(f"made in {time.perf_counter() - start:.1f} s: {len(list(archive.rglob('*.yaml')))} archive files, "
              f"{len(list(rr.glob('round-*.yaml')))} round-robin tables of {args.hands} hands, "
              f"a 64-player Swiss after 5 rounds ({len(list(sw.glob('round-*.yaml')))} tables)")
        hour_ago = time.time() - 3600
        for path in base.rglob("*.yaml"):
            os.utime(path, (hour_ago, hour_ago))
        cache = base / "summaries.json"
        CACHE["GIN_REF_CACHE"] = str(cache)

        def cold():
            if cache.exists():
                cache.unlink()

        for command in (["standings", "--json", str(archive)], ["standings", str(archive)],
                        ["event", "standings", "--json", str(rr)], ["event", "standings", str(rr)]):
            cold_time = timed(command, args.repeat, before=cold)
            cold_cpu = CPU[-1]
            warm_time = timed(command, args.repeat)
            print(f"gin-ref {' '.join(command[:-1]):<24} cold {cold_time:5.2f} s (CPU {cold_cpu:4.1f} s)  "
                  f"warm {warm_time:5.2f} s  "
                  f"{'ok' if min(cold_time, warm_time) < 3 else 'OVER'} (target 3 s; "
                  f"{'ok' if cold_time < 3 else 'over'} cold)")
        first = base / "swiss-new"

        def fresh_event():
            shutil.rmtree(first, ignore_errors=True)
            subprocess.run([sys.executable, "-m", "gin_ref", "event", "new", str(first), "--format", "swiss",
                            "--rules", "standard", *[f"P{i:02d}" for i in range(64)]], check=True,
                           capture_output=True, cwd=HERE.parent)

        saved = {path.name: path.read_bytes() for path in sw.glob("*.yaml")}

        def reset_swiss():
            for path in sw.glob("*"):
                if path.name not in saved:
                    path.unlink()
            for name, data in saved.items():
                (sw / name).write_bytes(data)

        def cold_swiss():
            reset_swiss()
            cold()

        for label, folder, before in (("round 1", first, fresh_event), ("round 6", sw, cold_swiss)):
            elapsed = timed(["event", "pair", str(folder), "--date", DATE], args.repeat, before=before)
            print(f"gin-ref event pair (64-player Swiss, {label}, cold) {elapsed:5.2f} s (CPU {CPU[-1]:4.2f} s)  "
                  f"{'ok' if elapsed < 1 else 'OVER'} (target 1 s)")


if __name__ == "__main__":
    main()

"""How fast is the director's desk? ``python benchmarks/bench_desk.py [--hands 10000] [--repeat 3]``

Times ``gin-ref tally --what-if RULES`` (text and ``--json``) on a record of 10,000 hands (made by
``make_match.py``: every hand played through the match model, so it verifies) the way a player runs it: a
new process, the whole command. The other rules are ``standard`` with the target raised, so every hand
is settled again (a lower target would end the match early and leave the later hands uncounted). The target
(issue 15) is under 3 s. ``rules diff`` is timed too. The best of ``--repeat`` runs is printed, wall clock
and CPU (this machine is shared: the CPU time is the steadier figure).
"""

import argparse
import os
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

from make_match import make_match  # noqa: E402

from gin_ref.files import matchfile as record  # noqa: E402


def command():
    found = shutil.which("gin-ref")
    return [found] if found else [sys.executable, "-m", "gin_ref"]


def timed(args, repeat):
    """Best wall time and best CPU time (of the child) over ``repeat`` runs."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(command() + args, capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(args)} failed: {done.stderr.strip()}")
    return min(walls), min(cpus)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "big.yaml")
        record.write_atomic(path, record.dumps(make_match(args.hands).record))
        rules = os.path.join(tmp, "far.yaml")
        Path(rules).write_text("extends: standard\ntarget: 1000000000\n")
        cases = [(f"tally --what-if (standard, target raised), {args.hands} hands", 3.0,
                  ["tally", "--match", path, "--what-if", rules]),
                 (f"tally --what-if --json, {args.hands} hands", 3.0,
                  ["tally", "--match", path, "--what-if", rules, "--json"]),
                 ("rules diff oklahoma tournament", 0.2, ["rules", "diff", "oklahoma", "tournament"])]
        for what, target, command_args in cases:
            wall, cpu = timed(command_args, args.repeat)
            verdict = "ok" if wall < target else "over"
            print(f"{what:55} {wall:6.2f} s wall, {cpu:6.2f} s cpu (target {target} s: {verdict})")


if __name__ == "__main__":
    main()

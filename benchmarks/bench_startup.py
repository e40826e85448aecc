"""How quick is gin-ref's start? ``python benchmarks/bench_startup.py [--runs 15] [--hands 30]``

Issue 28 item 4: ``gin-ref --version`` at most 2 times the venv's ``python -c pass``, and a match command
(``tally``, ``verify``) on a 30-hand match at most 4 times. Each is a new process, timed wall-clock from
``fork`` to exit; the runs are interleaved (one of each in turn, ``--runs`` rounds) so that a change in the
machine's load falls on all of them alike, and the median of each is printed with its ratio to ``python -c
pass``.

The 30-hand match is made by ``make_match.py`` (every hand played through ``gin_ref.match.model``, so it
verifies). ``gin-ref`` is the one installed beside this Python (the venv's console script), else ``python -m
gin_ref``. A user's install has its bytecode compiled (pip compiles it); an editable checkout on a machine
with ``PYTHONDONTWRITEBYTECODE`` set has none, and every command would compile its modules again. So gin_ref
is compiled first (``compileall``, into its ``__pycache__``) unless ``--no-compile`` is given, and the
figures are those of a compiled install.

``--callgrind`` counts each case's instructions under valgrind's callgrind instead (one run each): a figure
the machine's load does not move (issue 42: what tabulate adds to a command that draws a table; ``tally``
draws one, ``verify`` and ``--version`` none). It counts ``python -c 'import click'`` in the same venv too, and
gives ``tally`` and ``verify`` as a multiple of it (issue 36: at most 2.2 times). Run this script with
another checkout's venv Python to count that checkout's ``gin-ref`` (its ``gin_ref`` is the one compiled and
counted; the match is written by this one's).

``--lang LANG`` (again for more: ``--lang en --lang sk``) runs ``--version``, ``tally`` and ``verify`` once in
each language (``GIN_REF_LANG``, docs/languages.md), each row named with it (``tally [sk]``); without it they
run in the caller's environment's language.
"""

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from make_match import make_match  # noqa: E402

from gin_ref.files import matchfile  # noqa: E402

TARGETS = {"--version": 2.0, "tally": 4.0, "verify": 4.0}


def command():
    """The installed ``gin-ref`` beside this Python, else ``python -m gin_ref``."""
    beside = Path(sys.executable).parent / "gin-ref"
    found = str(beside) if beside.exists() else shutil.which("gin-ref")
    return [found] if found else [sys.executable, "-m", "gin_ref"]


def _package_of(gin_ref):
    """The ``gin_ref`` folder the command ``gin_ref`` runs (its Python's), to compile it."""
    python = gin_ref[0] if gin_ref[0].endswith(("python", "python3")) else str(Path(gin_ref[0]).parent / "python")
    found = subprocess.run([python, "-c", "import gin_ref, os; print(os.path.dirname(gin_ref.__file__))"],
                           capture_output=True, text=True)
    return Path(found.stdout.strip()) if found.returncode == 0 and found.stdout.strip() else HERE.parent / "gin_ref"


def timed(argv, env):
    """The wall time of one run of ``argv`` (seconds); a run that fails stops the benchmark."""
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    return took


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="interleaved runs of each (default 15)")
    parser.add_argument("--hands", type=int, default=30, help="hands in the match (default 30)")
    parser.add_argument("--no-compile", action="store_true", help="measure without compiling gin_ref first")
    parser.add_argument("--callgrind", action="store_true",
                        help="count instructions under valgrind's callgrind (one run each) instead of timing")
    parser.add_argument("--lang", action="append", metavar="LANG",
                        help="run gin-ref's cases in this language (GIN_REF_LANG); again for more")
    args = parser.parse_args(argv)
    if not args.no_compile:
        compileall.compile_dir(str(_package_of(command())), quiet=1)
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "GIN_REF_DEBUG")}
    gin_ref = command()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "match.yaml"
        matchfile.write_atomic(path, matchfile.dumps(make_match(args.hands).record))
        cases = {"python -c pass": ([sys.executable, "-c", "pass"], env)}
        for lang in args.lang or [None]:
            said = env if lang is None else dict(env, GIN_REF_LANG=lang)
            suffix = "" if lang is None else f" [{lang}]"
            cases[f"--version{suffix}"] = (gin_ref + ["--version"], said)
            cases[f"tally{suffix}"] = (gin_ref + ["tally", "--match", str(path)], said)
            cases[f"verify{suffix}"] = (gin_ref + ["verify", "--match", str(path)], said)
        if args.callgrind:
            cases["import click"] = ([sys.executable, "-c", "import click"], env)
            return _print_counts(cases, gin_ref)
        times = {name: [] for name in cases}
        for name, (case, case_env) in cases.items():  # one run of each first, to warm the disk cache
            timed(case, case_env)
        for _ in range(args.runs):
            for name, (case, case_env) in cases.items():
                times[name].append(timed(case, case_env))
    base = statistics.median(times["python -c pass"])
    print(f"gin-ref start-up: {' '.join(gin_ref)}, Python {sys.version.split()[0]}, "
          f"median of {args.runs} interleaved runs, a {args.hands}-hand match"
          + ("" if args.no_compile else " (gin_ref's bytecode compiled)"))
    for name, runs in times.items():
        median = statistics.median(runs)
        line = f"  {name:<16} {median * 1000:6.1f} ms  {median / base:4.2f}x"
        target = TARGETS.get(name.split(" [")[0]) if name != "python -c pass" else None
        if target is not None:
            line += f"  (target <= {target:.0f}x: {'met' if median / base <= target else 'NOT met'})"
        print(line)


def counted(argv, env):
    """The instructions one run of ``argv`` takes under callgrind."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
                          env=dict(env, PYTHONHASHSEED="0"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    for line in done.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1])
    sys.exit(f"valgrind gave no count for {' '.join(argv)}: {done.stderr[-400:]}")


def _print_counts(cases, gin_ref):
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not on PATH")
    counts = {name: counted(case, case_env) for name, (case, case_env) in cases.items()}
    base = counts["python -c pass"]
    print(f"gin-ref start-up: {' '.join(gin_ref)}, Python {sys.version.split()[0]}, instructions under callgrind")
    click = counts["import click"]
    for name, count in counts.items():
        line = f"  {name:<16} {count / 1e6:7.1f} M  {count / base:4.2f}x"
        if name.split(" [")[0] in ("tally", "verify"):
            line += f"  {count / click:5.3f}x import click (issue 36: at most 2.2x)"
        print(line)


if __name__ == "__main__":
    main()

"""The CPU time of the test suites: run from the checkout with gin-ref installed (the venv active),
``python benchmarks/bench_tests.py``.

Runs ``python -m pytest -q -m 'not slow'`` (the README's fast suite) and then ``python -m pytest -q -m slow``,
each in a process of its own, and prints for each the user and system CPU time of pytest and every process it
started (the installed command, shells, the browser), its wall time, and pytest's last line. CPU time, not
wall time, is the figure: the machine may be shared. ``--fast`` runs only the fast suite; other arguments are
passed to pytest (``-- tests/test_deadwood.py`` to time one file).
"""

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(marker, extra):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-m", marker, *extra], cwd=ROOT,
                          capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr.strip()[-200:]
    print(f"-m {marker!r}: user+sys {user + system:.1f} s (user {user:.1f}, sys {system:.1f}), wall {wall:.0f} s: "
          f"{last}", flush=True)
    return done.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fast", action="store_true", help="only the fast suite")
    parser.add_argument("pytest_args", nargs="*", help="passed to pytest")
    options = parser.parse_args()
    codes = [timed("not slow", options.pytest_args)]
    if not options.fast:
        codes.append(timed("slow", options.pytest_args))
    return 0 if all(code in (0, 5) for code in codes) else 1  # 5: no test collected


if __name__ == "__main__":
    os.environ.pop("GIN_REF_MATCH", None)
    sys.exit(main())

"""Peak memory of ``export --format json`` and ``verify`` on a long record:
``python benchmarks/bench_memory.py [--hands 100000] [--file FILE]``.

Makes a record of HANDS hands with ``benchmarks/make_match.py`` (or takes FILE, made by it before: making
100,000 hands takes some minutes), then runs the installed ``gin-ref`` on it, once per command, each in a
process of its own, and prints the peak resident memory of each (``ru_maxrss`` of the child), against the
target of issue 24: at most 300 MB for either.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET_MB = 300
_MEASURE = ("import resource, subprocess, sys\n"
            "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
            "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
            "print(done.returncode, peak * (1 if sys.platform == 'darwin' else 1024))\n")


def peak(args):
    """``(exit code, peak resident bytes, seconds)`` of a command run in a process of its own."""
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", _MEASURE] + args, capture_output=True, text=True, check=True)
    code, size = out.stdout.split()
    return int(code), int(size), time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--file", help="a record made by make_match.py (made now when not given)")
    args = parser.parse_args()
    folder = None
    path = args.file
    if path is None:
        folder = tempfile.mkdtemp(prefix="gin-ref-memory-")
        path = os.path.join(folder, "m.yaml")
        subprocess.run([sys.executable, str(HERE / "make_match.py"), path, "--hands", str(args.hands)], check=True)
    command = [shutil.which("gin-ref") or sys.executable] + ([] if shutil.which("gin-ref") else ["-m", "gin_ref"])
    size = os.path.getsize(path)
    print(f"{path}: {size / 2 ** 20:.1f} MiB")
    worst = 0
    for name, extra in (("export --format json", ["export", "--format", "json", path]),
                        ("verify", ["verify", path])):
        code, used, seconds = peak(command + extra)
        worst = max(worst, used)
        print(f"  {name:<22} peak {used / 1e6:7.0f} MB  ({seconds:.1f} s, exit {code})")
    print(f"  target: at most {TARGET_MB} MB each: {'met' if worst <= TARGET_MB * 1e6 else 'NOT met'}")
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

"""Ctrl-C in the first moments of a command: run from the checkout, ``python benchmarks/stress_interrupt.py``.

Starts ``gin-ref tally`` on a small match many times and sends SIGINT after a random delay (uniform, 0 to
``--within`` seconds, default 0.15: Python's start-up, the imports, click's parsing, the command), then
counts how each run ended: done (exit 0), ``Error: interrupted`` and 130, killed by the signal before Python
installed its handler (silent, -2), or a traceback, split by where it was raised: in gin-ref's code (a
defect), in the console script pip wrote (before gin-ref's first line), or in Python's own start-up (site,
and an editable install's finder). ``--runs N`` (default 200); ``--command`` the command to run (default
the ``gin-ref`` on PATH).
"""

import argparse
import collections
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def outcome(code, err):
    if code == 0:
        return "done (exit 0)"
    if code == 130 and err == b"Error: interrupted\n":
        return "Error: interrupted, exit 130"
    if code == -signal.SIGINT and err == b"":
        return "killed by SIGINT before Python's handler (silent)"
    if b"Traceback" in err or b"KeyboardInterrupt" in err:
        if b"gin_ref/" in err.replace(b"__editable___gin_ref", b""):
            return "traceback in gin-ref's code"
        if b"bin/gin-ref" in err:
            return "traceback in the console script (pip's, before gin-ref's first line)"
        return "traceback in Python's start-up (site)"
    return f"other: exit {code}, {err[-80:]!r}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--within", type=float, default=0.15)
    parser.add_argument("--command", default=shutil.which("gin-ref") or "gin-ref")
    args = parser.parse_args()
    seen = collections.Counter()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([args.command, "new", "--match", "m.yaml", "--dealer", "Ann", "Ann", "Ben"], cwd=folder,
                       check=True, capture_output=True)
        for _ in range(args.runs):
            process = subprocess.Popen([args.command, "tally", "--match", "m.yaml"], cwd=folder,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            time.sleep(rng.uniform(0, args.within))
            process.send_signal(signal.SIGINT)
            _, err = process.communicate()
            seen[outcome(process.returncode, err)] += 1
    print(f"{args.runs} runs of '{args.command} tally', SIGINT within {args.within} s:")
    for what, count in seen.most_common():
        print(f"{count:6d}  {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

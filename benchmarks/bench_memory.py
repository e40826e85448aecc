"""Peak memory of ``export --format json`` and ``verify`` on a long record:
``python benchmarks/bench_memory.py [--hands 100000] [--file FILE]``.

Makes a record of HANDS hands (or takes FILE): 10,000 hands played by ``benchmarks/make_match.py`` (playing
100,000 through the model takes far longer than the record takes to read), tiled to HANDS: the hands
repeated from the first to the last one after which the first dealer deals again, renumbered, their
totals carried on and the record sealed again, so that ``verify`` passes it. Then it runs the installed ``gin-ref`` on it, once per command, each in a
process of its own, and prints the peak resident memory of each (``ru_maxrss`` of the child).

Issue 36 retired issue 24's target (at most 300 MB for either on 100,000 hands): a real match has 5 to 40
hands, and the reader's packed line tables and piecewise reading that met it are gone (``verify`` of a
10,000-hand record stays bounded, at 2 s of CPU: ``bench_match.py``). The script stays, to show what a long
record takes.

Measured (``python benchmarks/bench_memory.py --hands 100000``; a 33.8 MiB record of 1,680,287 lines):

    step                                                    export --format json   verify
    before (8b565fe): the reader held every line            644 MB                 573 MB
    the reader reads a piece at a time; lines compact       455 MB                 314 MB
    + offsets in bytes, exact lists, unique tokens uncached 425 MB                 284 MB
    + main's typed tally (merged, ddb4795)                  394 MB                 284 MB
    the same (c46a2d5), measured again for the next step    389 MB                 278 MB
    + export writes each hand's tally as it goes; the file
      text let go before the replay                         318 MB                 278 MB
    + the tally shares each hand's totals with the record;
      HandTally has slots                                   292 MB                 278 MB

``verify`` holds the record's data (about 145 MB), the replayed state (about 45 MB) and, while it reads, the
text (34 MB). ``export`` lets the text go once it is parsed (``gin_ref.cli.history_cmds.read_view``), and
writes the JSON piece by piece (``gin_ref.views.export.json_chunks``), each hand's tally object made as it is
written; its peak is at the end of the read, while the replayed state and the typed tally of every hand
(``gin_ref.match.tally.tally_of``) are both held.
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


def tiled(source, out, hands):
    """Write a record of ``hands`` hands to ``out``, made of the hands of ``source`` repeated (see above)."""
    import copy

    sys.path.insert(0, str(HERE.parent))
    from gin_ref.files import matchfile as record
    from gin_ref.files import seals

    data = record.record_data(record.load(source))
    played = data["hands"]
    cut = max(i for i in range(1, len(played)) if played[i]["dealer"] == played[0]["dealer"])
    block, last = played[:cut], played[cut - 1]["totals"]
    made = []
    while len(made) < hands:
        rounds = len(made) // len(block)
        for entry in block[:hands - len(made)]:
            entry = copy.deepcopy(entry)
            entry.pop("seal", None)
            entry["number"] = len(made) + 1
            entry["totals"] = {name: value + rounds * last[name] for name, value in entry["totals"].items()}
            made.append(entry)
    data["hands"] = made
    seals.reseal(data)
    record.write_atomic(out, record.dumps(data, autoseal=False))


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
        played = os.path.join(folder, "played.yaml")
        subprocess.run([sys.executable, str(HERE / "make_match.py"), played, "--hands", str(min(args.hands, 10_000))],
                       check=True)
        tiled(played, path, args.hands)
    command = [shutil.which("gin-ref") or sys.executable] + ([] if shutil.which("gin-ref") else ["-m", "gin_ref"])
    size = os.path.getsize(path)
    print(f"{path}: {size / 2 ** 20:.1f} MiB")
    for name, extra in (("export --format json", ["export", "--format", "json", path]),
                        ("verify", ["verify", path])):
        code, used, seconds = peak(command + extra)
        print(f"  {name:<22} peak {used / 1e6:7.0f} MB  ({seconds:.1f} s, exit {code})")
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

"""The confirm latency of ``gin-ref serve`` under load: run from the checkout (with the serve extra),
``python benchmarks/bench_serve.py``.

Runs the load and fault test's load (tests/serveload.py) against a real server on 127.0.0.1: 16 tables
entering 30 hands each, one hand per table every 2 seconds on average, with resubmissions, dropped
connections, a restart half-way and a command-line writer on 3 files; client and server on this machine.
Prints the median and the 95th percentile of the time from a confirm request's arrival at the application
to its answer (the match file written and fsynced, the journal's two lines fsynced), as the server's
access log times it, the CPU time of the confirm's own work (the load of a shared machine moves the
first much more than the second), and the counts (hands confirmed, found in the files, duplicates). Target: p95 at most
50 ms. ``--gap S`` changes the pace, ``--quiet-run`` leaves out the faults. ``--board`` measures the live
board's update latency instead (benchmarks/bench_board.py: 16 tables confirming at once; target p95 <= 1 s).
``--director S`` has the director at work meanwhile (#37): every S seconds his page, which verifies the
folder again once a file changed, then the board's score sheet, made again once a file changed.
"""

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from serveload import run  # noqa: E402


def main():
    if "--board" in sys.argv[1:]:  # the live board's update latency (issue 21): benchmarks/bench_board.py
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from bench_board import main as board

        return board()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gap", type=float, default=2.0, help="mean seconds between a table's hands (2)")
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--quiet-run", action="store_true", help="no restart and no command-line writer")
    parser.add_argument("--director", type=float, default=None, metavar="S",
                        help="the director's page and the score sheet asked for every S seconds meanwhile")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as base:
        result = run(base, tables=args.tables, hands=args.hands, gap=args.gap,
                     cli_tables=0 if args.quiet_run else 3, restart=not args.quiet_run, director=args.director)
    times = sorted(result["confirm_ms"])
    p95 = times[max(0, int(round(0.95 * len(times))) - 1)]
    print(f"{args.tables} tables x {args.hands} hands, a hand per table every {args.gap:g} s on average"
          f"{'' if args.quiet_run else ', with resubmissions, dropped connections, a restart and a CLI writer'}"
          f"{'' if args.director is None else f', the director verifying and the sheet made every {args.director:g} s'}")
    if args.director is not None:
        print("the director's page and sheet answered: " + ", ".join(
            f"{key[9:]} x{value}" for key, value in sorted(result.items()) if key.startswith("director_")))
    print(f"confirm requests timed: {len(times)} (resubmissions and dropped ones included)")
    print(f"confirm latency: median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms "
          "(target: p95 <= 50 ms)")
    cpu = sorted(result["confirm_cpu_ms"])
    if cpu:
        print(f"CPU time of a confirm's work (its thread, no waiting): median {statistics.median(cpu):.1f} ms, "
              f"p95 {cpu[max(0, int(round(0.95 * len(cpu))) - 1)]:.1f} ms; load average now "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"hands confirmed {result['confirmed']}, found in the files {result['found']}, duplicates "
          f"{result['duplicates']}, missing {result['missing']}; command-line hands written {result['cli_written']}, "
          f"found {result['cli_found']}; every file verifies: {'yes' if result['verified'] else 'NO'}")
    print(f"faults: {result['dropped']} dropped connections, {result['retries']} retries, "
          f"{result['confirm_refused']} confirms refused (the file changed meanwhile), took {result['seconds']} s")


if __name__ == "__main__":
    main()

"""The kill loop: ``gin-ref serve`` killed again and again while its tables confirm hands; run from the
checkout (with the serve extra), ``python benchmarks/stress_serve_kill.py``.

A real server on 127.0.0.1 (a free port) serves ``--tables`` plain matches (tests/serveload.py's folder and
phones: each hand entered by the knocker and confirmed by the player it costs, resubmissions and dropped
connections included) while this loop stops the server ``--kills`` times with SIGKILL (no chance to tidy
anything: some stops land between a match file's write and its journal line) and ``--terms`` times with
SIGTERM, at random moments, and starts it again each time; a command-line writer knocks on two files
meanwhile. Afterwards every file is read: each confirm answered "recorded" must be in its file exactly
once, none twice, and every file must verify. Prints the counts; exit 1 when one is wrong.
"""

import argparse
import random
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from serveload import NAMES, Phone, Server, check, cli_writer, free_port, make_folder, play_table  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--hands", type=int, default=55,
                        help="hands each table confirms (55; at most 58: a defender's count is 40 + the hand's index)")
    parser.add_argument("--kills", type=int, default=50, help="stops by SIGKILL (50)")
    parser.add_argument("--terms", type=int, default=25, help="stops by SIGTERM (25)")
    parser.add_argument("--gap", type=float, default=0.1, help="mean seconds between a table's hands (0.1)")
    parser.add_argument("--seed", type=int, default=20261203)
    parser.add_argument("--limit", type=float, default=900, help="seconds before the run is called stuck (900)")
    parser.add_argument("--keep", metavar="DIR", help="copy the folder and the server's log here at the end")
    args = parser.parse_args()
    if not 0 < args.hands <= 58:
        parser.error("--hands is 1 to 58 (each web hand is known by a defender's count of 40 + its index)")
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as base:
        folder = make_folder(base, args.tables)
        port = free_port()
        log = Path(base) / "serve.log"
        server = Server(folder, port, log)
        server.start()
        stats = {"retries": 0, "dropped": 0, "entry_refused": 0, "confirm_refused": 0, "cli_refused": 0}
        confirmed, written = [], {}
        names = {f"table-{index + 1:02d}": (NAMES[2 * index], NAMES[2 * index + 1]) for index in range(args.tables)}
        threads = [threading.Thread(target=play_table, args=(Phone(server.addresses[key], port,
                                                                  random.Random(rng.random()), stats),
                                                            names[key], args.hands, args.gap,
                                                            random.Random(rng.random()), stats, confirmed),
                                    name=key, daemon=True)
                   for key in sorted(server.addresses)]
        stop = threading.Event()
        writer = threading.Thread(target=cli_writer, args=(sorted(folder.glob("*.yaml"))[:2], stop,
                                                           random.Random(args.seed), written, stats), daemon=True)
        started = time.monotonic()
        for thread in threads:
            thread.start()
        writer.start()
        stops = ["SIGKILL"] * args.kills + ["SIGTERM"] * args.terms
        rng.shuffle(stops)
        done = {"SIGKILL": 0, "SIGTERM": 0}
        for how in stops:
            time.sleep(rng.uniform(0.2, 1.2))
            if not any(thread.is_alive() for thread in threads):
                break
            server.process.send_signal(getattr(signal, how))
            server.process.wait(timeout=30)
            done[how] += 1
            server.start()
        for thread in threads:
            thread.join(max(0.0, started + args.limit - time.monotonic()))
        stuck = [thread.name for thread in threads if thread.is_alive()]
        stop.set()
        writer.join(30)
        seconds = time.monotonic() - started
        server.stop()
        if args.keep:
            shutil.copytree(folder, Path(args.keep) / "club", dirs_exist_ok=True)
            shutil.copy(log, Path(args.keep) / "serve.log")
        if stuck:
            print(f"STUCK after {seconds:.0f} s: {', '.join(stuck)} did not finish; stats {stats}")
            return 1
        result = check(folder, confirmed, written, stats, log, args.hands)
    print(f"{args.tables} tables x {args.hands} hands; the server stopped {done['SIGKILL']} times by SIGKILL and "
          f"{done['SIGTERM']} by SIGTERM (each time started again), in {seconds:.0f} s")
    print(f"confirms answered recorded: {result['confirmed']}; in their files exactly once: {result['found']}; "
          f"twice or more: {result['duplicates']}; missing: {result['missing']}")
    print(f"command-line hands written {result['cli_written']}, found {result['cli_found']}; every file verifies: "
          f"{'yes' if result['verified'] else 'NO'}; retries {result['retries']}, dropped connections "
          f"{result['dropped']}, confirms refused (the file changed meanwhile) {result['confirm_refused']}")
    good = (result["found"] == result["confirmed"] and not result["duplicates"] and not result["missing"]
            and result["verified"] and result["cli_found"] == result["cli_written"])
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())

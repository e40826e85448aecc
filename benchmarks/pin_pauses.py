"""What wrong PINs cost under ``serve --pins``, from the log: run from the checkout, ``python
benchmarks/pin_pauses.py [--tries 100]``.

Tries ``--tries`` wrong PINs for one player against a serve state's PINs (``gin_ref.serve.pins.Pins``, in a
temporary folder) as fast as the pauses let him, on a clock this script moves (no waiting), with the
server's log going to a file in the server's own format; then reads the ``PIN pause`` lines back from that
file and adds up the pauses they say. The PIN's hash is the server's (PBKDF2, 20,000 rounds).
"""

import argparse
import logging
import re
import tempfile
from pathlib import Path

from gin_ref.serve.pins import Pins


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tries", type=int, default=100, help="wrong PINs to try (100)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as base:
        log_path = Path(base) / "serve.log"
        handler = logging.FileHandler(log_path)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))  # serve's format
        log = logging.getLogger("gin_ref.serve.pin_pauses")
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False
        clock = Clock()
        store = Pins(base, clock=clock, log=log)
        store.set("Ann", "20261203")
        started, tried, refused = clock.now, 0, 0
        while tried < args.tries:
            answer = store.check("Ann", f"{tried:04d}")
            if answer.startswith("too many wrong PINs"):
                refused += 1
                clock.now += store.status(["Ann"])[0]["paused"]  # he tries again the moment the pause ends
                continue
            tried += 1
        handler.close()
        text = log_path.read_text()
    pauses = [int(s) for s in re.findall(r"PIN pause: Ann, \d+ wrong PINs in a row: (\d+) s", text)]
    total = sum(pauses)
    print(f"{tried} wrong PINs for one player: {len(pauses)} pauses logged, adding up to {total} s "
          f"({total / 60:.0f} minutes; the first {', '.join(map(str, pauses[:5]))} s); his {tried}th wrong PIN came "
          f"{(clock.now - started) / 60:.0f} minutes after the first (tries refused during a pause: {refused})")
    print("the first log lines:")
    print("\n".join(text.splitlines()[:3]))


if __name__ == "__main__":
    main()

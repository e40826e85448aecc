"""The live board's update latency: run from the checkout (with the serve extra),
``python benchmarks/bench_board.py`` (``benchmarks/bench_serve.py --board`` runs it too).

A real ``gin-ref serve`` on 127.0.0.1 serves 16 tables (a folder of match files, made as the load test
makes it: tests/serveload.py); a board's event stream (``/board/events``) is open, as a projector's page
holds it. In each of ``--rounds`` rounds, the 16 tables enter a hand and confirm it at the same moment (16
phones at once, each with its own connection), then the next round waits for the board to show them all.
For every hand, the time from the confirm's answer at the phone to the first board event that shows it is
taken (client, server and board on this machine; the confirm's own time is bench_serve.py's). Prints the
median, the 95th percentile and the maximum. Target: p95 at most 1 s.
"""

import argparse
import http.client
import json
import re
import secrets
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from serveload import NAMES, Phone, Server, free_port, make_folder  # noqa: E402

TABLE = re.compile(r'data-table="([^"]+)".*?</span> · (\d+) hand', re.S)


class QuietPhone(Phone):
    """A phone that makes no faults: the latency measured is the board's, not a retry's."""

    def drop(self, path, body, headers):
        pass


class Board(threading.Thread):
    """An open board: reads the event stream and notes when each table's count of hands first rose."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port = port
        self.seen = {}  # (table label, hands) -> monotonic time of the first event showing it
        self.changed = threading.Condition()
        self.events = 0

    def run(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        conn.request("GET", "/board/events", headers={"Host": f"127.0.0.1:{self.port}"})
        answer = conn.getresponse()
        data = []
        while True:
            line = answer.fp.readline()
            if not line:
                return
            line = line.decode("utf-8").rstrip("\n")
            if line.startswith("data: "):
                data.append(line[6:])
            elif not line and data:
                now = time.monotonic()
                shown = json.loads("\n".join(data))["html"]
                data = []
                with self.changed:
                    self.events += 1
                    for label, hands in TABLE.findall(shown):
                        for count in range(1, int(hands) + 1):
                            self.seen.setdefault((label, count), now)
                    self.changed.notify_all()

    def wait_for(self, keys, seconds=30):
        deadline = time.monotonic() + seconds
        with self.changed:
            while not all(key in self.seen for key in keys):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"the board never showed {[k for k in keys if k not in self.seen]}")
                self.changed.wait(left)


def one_hand(phone, players, index, barrier, answered):
    fields = {"entry_id": secrets.token_urlsafe(12), "by": players[0], "knocker": players[0], "result": "knock",
              "count": str(index % 10), "defender": str(40 + index)}
    status, data = phone.request("enter", fields)
    assert data.get("ok"), data
    barrier.wait()  # the 16 confirms go at once
    sent = time.monotonic()
    status, data = phone.request("confirm", {"entry_id": fields["entry_id"], "by": players[1]})  # it costs him
    answered[phone.key] = (sent, time.monotonic())
    assert data.get("ok"), data


def run(base, tables=16, rounds=10):
    import random

    folder = make_folder(base, tables)
    port = free_port()
    server = Server(folder, port, Path(base) / "serve.log")
    server.start()
    try:
        board = Board(port)
        board.start()
        stats = {"retries": 0, "dropped": 0}
        phones = {key: QuietPhone(address, port, random.Random(1), stats) for key, address in server.addresses.items()}
        players = {f"table-{index + 1:02d}": (NAMES[2 * index], NAMES[2 * index + 1]) for index in range(tables)}
        labels = {key: f"table {key[-2:]}" for key in phones}
        latencies = []
        for index in range(rounds):
            barrier = threading.Barrier(len(phones))
            answered = {}
            threads = [threading.Thread(target=one_hand, args=(phone, players[key], index, barrier, answered))
                       for key, phone in phones.items()]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            keys = [(labels[key], index + 1) for key in phones]
            board.wait_for(keys)
            latencies += [(board.seen[(labels[key], index + 1)] - answered[key][0],
                           board.seen[(labels[key], index + 1)] - answered[key][1]) for key in phones]
        return latencies, board.events
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", action="store_true", help=argparse.SUPPRESS)  # as bench_serve.py --board
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=10, help="hands per table, all tables confirming at once")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as base:
        times, events = run(base, args.tables, args.rounds)
    print(f"{args.tables} tables confirming a hand at once, {args.rounds} times; one board's event stream open")
    print(f"board updates received: {events}; hands timed: {len(times)}")
    for which, name in ((0, "request sent"), (1, "answer read")):
        shown = sorted(1000 * pair[which] for pair in times)
        p95 = shown[max(0, int(round(0.95 * len(shown))) - 1)]
        print(f"from a confirm's {name} to the board: median {statistics.median(shown):.0f} ms, p95 {p95:.0f} ms, "
              f"max {shown[-1]:.0f} ms" + (" (target: p95 <= 1000 ms)" if which else "")
              + ("; below 0: the board showed it before the phone read its answer" if which and shown[0] < 0 else ""))


if __name__ == "__main__":
    main()

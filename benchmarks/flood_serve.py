"""Floods against a real ``gin-ref serve`` on 127.0.0.1 (issue 35): can one laptop stall the room?

    python benchmarks/flood_serve.py [--gin-ref PATH] [--fd-limit 1024] [--only streams-one,...] [--scale 1]

Starts ``gin-ref serve`` (``--gin-ref``: another build's command, say main's, for a before) on a folder of
4 plain matches, with its soft limit of open files set to ``--fd-limit`` (1,024: the issue's shell; the
server may raise it itself, up to its hard limit: ``--fd-hard`` lowers that too), and runs each flood in turn, all from addresses of 127.0.0.0/8 (a client socket
bound to 127.0.0.x), bounded in count and time:

- ``streams-one``: 1,200 ``/board/events`` streams from one address, held 15 s;
- ``streams-many``: 1,200 streams from 50 addresses (24 each), held 15 s;
- ``slow``: 300 clients sending their headers a byte a second and 50 sending a form's body a byte a second
  (25 to a table's form with its cookie, 25 to a page that does not read a body), from 35 addresses;
- ``sheet``: 60 ``/board/sheet`` requests at once.

During each of the first three a table's phone (127.0.0.1, its own address; a table of its own each time)
loads its page every 0.25 s and enters and confirms one hand 3 s into the flood. Printed for each: the table page's p50 / p95 / max and how many failed (a
10 s timeout counts as 10 s), whether the confirm was recorded (answered ok and in the file), the "Too many
open files" lines of the log, the flood's own counts (streams answered 200 / 503 / closed at once), the slow
connections still open 15 s after they started, and the bytes the log grew; for the sheet, the most child
processes the server had at once and its memory growth (VmRSS, MB). ``--scale`` shrinks the counts (the
slow test runs it at 0.25). Linux only (/proc).
"""

import argparse
import asyncio
import hashlib
import hmac
import http.client
import json
import os
import re
import resource
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

PHONE = "127.0.0.1"  # the table's phone: an address no flood uses
HOLD = 15.0  # seconds a flood holds its connections
PLAYERS = [("Ann", "Ben"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")]


def raise_own_limit():
    """This process opens over a thousand sockets: its soft limit of open files goes up to its hard one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 65536
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def make_folder(base, gin_ref):
    folder = Path(base) / "club"
    folder.mkdir(parents=True)
    for index, (a, b) in enumerate(PLAYERS):
        done = subprocess.run([gin_ref, "new", "--match", str(folder / f"table-{index + 1}.yaml"), "--rules",
                               "standard", "--dealer", a, a, b], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
    return folder


class Server:
    def __init__(self, gin_ref, folder, fd_limit, log, fd_hard=None):
        self.port = free_port()
        self.log = log
        self.addresses = {}
        self.lines = []

        def limit():
            _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
            hard = min(hard, fd_hard) if fd_hard else hard
            if fd_limit or fd_hard:
                resource.setrlimit(resource.RLIMIT_NOFILE, (min(fd_limit or hard, hard), hard))

        with open(log, "ab") as out:
            self.process = subprocess.Popen([gin_ref, "serve", str(folder), "--port", str(self.port)],
                                            stdout=subprocess.PIPE, stderr=out, text=True, preexec_fn=limit,
                                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            found = re.match(r".*?: (\S+/t/([^/?]+)\?token=(\S+))$", line.strip())
            if found:
                self.addresses[found.group(2)] = found.group(3)
            if line.startswith("only this computer"):
                break
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("the server did not come up")

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def children(self):
        """``(count, MB)``: the server's child processes now and their memory (VmRSS), from /proc."""
        pid, count, rss = str(self.process.pid), 0, 0.0
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as stat:
                        if stat.read().rsplit(")", 1)[1].split()[1] != pid:
                            continue
                    count += 1
                    with open(f"/proc/{entry}/status") as status:
                        rss += sum(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024
                except (OSError, ValueError, IndexError):
                    continue
        return count, rss


# -- the phone ------------------------------------------------------------------------------------------------

class Phone:
    """Table 1's phone: its page every 0.25 s (the times kept), and one hand entered and confirmed."""

    def __init__(self, server, key="table-1"):
        self.port, self.key, self.token = server.port, key, server.addresses[key]
        self.host = f"127.0.0.1:{self.port}"
        self.times, self.failed = [], 0
        self.confirmed = None
        self._stop = threading.Event()

    def _connection(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10, source_address=(PHONE, 0))
        return conn

    def _headers(self, form=False):
        headers = {"Host": self.host, "Cookie": f"gin_ref_token={self.token}"}
        if form:
            headers.update({"Origin": f"http://{self.host}", "Accept": "application/json",
                            "Content-Type": "application/x-www-form-urlencoded"})
        return headers

    def load_page(self):
        began = time.monotonic()
        try:
            conn = self._connection()  # a new connection each time: a phone's page after it slept
            conn.request("GET", f"/t/{self.key}", headers=self._headers())
            answer = conn.getresponse()
            answer.read()
            conn.close()
            ok = answer.status == 200
        except (OSError, http.client.HTTPException):
            ok = False
        took = time.monotonic() - began
        self.times.append(took if ok else max(took, 10.0))
        self.failed += not ok

    def post(self, route, fields):
        token = hmac.new(self.token.encode(), f"form:{route}".encode(), hashlib.sha256).hexdigest()[:32]
        body = urllib.parse.urlencode({"form_token": token, **fields})
        conn = self._connection()
        conn.request("POST", f"/t/{self.key}/{route}", body=body, headers=self._headers(form=True))
        answer = conn.getresponse()
        data = answer.read()
        conn.close()
        try:
            return answer.status, json.loads(data or b"{}")
        except ValueError:
            return answer.status, {}

    def hand(self, players, defender):
        """Enter a knock (by the knocker) and confirm it (by the defender, who pays): (ok, seconds)."""
        began = time.monotonic()
        try:
            entry = secrets.token_hex(8)
            knocker, other = players
            status, data = self.post("enter", {"entry_id": entry, "by": knocker, "knocker": knocker,
                                               "result": "knock", "count": "3", "defender": str(defender)})
            if not data.get("ok"):
                return False, time.monotonic() - began, f"enter: {status} {data}"
            status, data = self.post("confirm", {"entry_id": entry, "by": other})
            return bool(data.get("ok")), time.monotonic() - began, f"confirm: {status}"
        except (OSError, http.client.HTTPException) as exc:
            return False, time.monotonic() - began, str(exc)

    def run(self, players, defender):
        started = time.monotonic()
        hand_at = started + 3.0
        while not self._stop.is_set():
            self.load_page()
            if self.confirmed is None and time.monotonic() >= hand_at:
                self.confirmed = self.hand(players, defender)
            self._stop.wait(0.25)

    def start(self, players, defender):
        self.thread = threading.Thread(target=self.run, args=(players, defender), daemon=True)
        self.thread.start()

    def stop(self):
        self._stop.set()
        self.thread.join(30)


def in_file(folder, key, defender):
    text = (Path(folder) / f"{key}.yaml").read_text()
    return len(re.findall(rf"defender_count: {defender}\b", text))


# -- the floods -----------------------------------------------------------------------------------------------

async def _open(address, port):
    return await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0)), 10)


async def stream_client(address, port, counts, hold_until):
    """One board stream: opened, its answer's status read, held until ``hold_until``."""
    try:
        reader, writer = await _open(address, port)
    except (OSError, asyncio.TimeoutError):
        counts["not connected"] += 1
        return
    try:
        writer.write(f"GET /board/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
                     .encode())
        line = await asyncio.wait_for(reader.readline(), max(0.1, hold_until - time.monotonic()))
        if not line:
            counts["closed at once"] += 1
            return
        status = line.split()[1].decode() if len(line.split()) > 1 else "?"
        counts[status] = counts.get(status, 0) + 1
        while time.monotonic() < hold_until:  # read what comes (a stream's board, keepalives), until the end
            left = hold_until - time.monotonic()
            try:
                data = await asyncio.wait_for(reader.read(65536), left)
            except asyncio.TimeoutError:
                break
            if not data:
                counts["ended by the server"] = counts.get("ended by the server", 0) + 1
                break
    except (OSError, asyncio.TimeoutError):
        counts["closed at once"] += 1
    finally:
        writer.close()


async def slow_client(address, port, kind, cookie, key, results):
    """A client that sends a byte a second (its headers, or its body); whether it is still open 15 s after it
    started is put in ``results``."""
    began = time.monotonic()
    try:
        reader, writer = await _open(address, port)
    except (OSError, asyncio.TimeoutError):
        results.append(("not connected", kind))
        return
    if kind == "headers":
        head, drip = b"", f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: {'a' * 200}".encode()
    else:
        target = f"/t/{key}/enter" if kind == "body-form" else "/nowhere"
        head = (f"POST {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
                f"Cookie: gin_ref_token={cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                f"Content-Length: 4000\r\n\r\n").encode()
        drip = b"a" * 4000
    closed = False
    try:
        writer.write(head)
        for index in range(len(drip)):
            if time.monotonic() - began >= HOLD:
                break
            writer.write(drip[index:index + 1])
            await writer.drain()
            try:  # the server's answer or its close: read what comes for up to a second
                data = await asyncio.wait_for(reader.read(4096), 1.0)
                if not data:
                    closed = True
                    break
            except asyncio.TimeoutError:
                pass
        if not closed:
            try:
                data = await asyncio.wait_for(reader.read(4096), 0.05)
                closed = not data
            except asyncio.TimeoutError:
                pass
    except (OSError, ConnectionError):
        closed = True
    finally:
        writer.close()
    results.append(("closed" if closed else "open", kind))


async def flood_streams(port, addresses, total):
    counts = {"not connected": 0, "closed at once": 0}
    hold_until = time.monotonic() + HOLD
    tasks = []
    for index in range(total):
        tasks.append(asyncio.ensure_future(stream_client(addresses[index % len(addresses)], port, counts,
                                                         hold_until)))
        if index % 50 == 49:
            await asyncio.sleep(0.01)
    await asyncio.gather(*tasks)
    return counts


async def flood_slow(port, headers, bodies, cookie, key, addresses):
    results = []
    tasks = []
    kinds = ["headers"] * headers + ["body-form"] * (bodies // 2) + ["body-nowhere"] * (bodies - bodies // 2)
    for index, kind in enumerate(kinds):
        tasks.append(asyncio.ensure_future(slow_client(addresses[index % len(addresses)], port, kind, cookie, key,
                                                       results)))
    await asyncio.gather(*tasks)
    counts = {}
    for state, kind in results:
        counts[f"{kind} {state}"] = counts.get(f"{kind} {state}", 0) + 1
    return counts


def sheet_burst(server, count):
    """``count`` /board/sheet requests at once: statuses, the most children seen, the memory growth."""
    before = server.rss_mb()
    statuses, most, peak, most_rss = {}, 0, before, 0.0
    done = threading.Event()

    def one():
        try:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
            conn.request("GET", "/board/sheet", headers={"Host": f"127.0.0.1:{server.port}"})
            answer = conn.getresponse()
            answer.read()
            conn.close()
            key = str(answer.status)
        except (OSError, http.client.HTTPException) as exc:
            key = type(exc).__name__
        statuses[key] = statuses.get(key, 0) + 1

    threads = [threading.Thread(target=one) for _ in range(count)]
    began = time.monotonic()
    for thread in threads:
        thread.start()

    def watch():
        nonlocal most, peak, most_rss
        while not done.is_set():
            count, rss = server.children()
            most, most_rss = max(most, count), max(most_rss, rss)
            peak = max(peak, server.rss_mb())
            time.sleep(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    for thread in threads:
        thread.join()
    took = time.monotonic() - began
    done.set()
    watcher.join()
    peak = max(peak, server.rss_mb())
    return {"statuses": statuses, "children": most, "children_rss_mb": round(most_rss, 1),
            "rss_before_mb": round(before, 1),
            "rss_growth_mb": round(peak - before, 1), "seconds": round(took, 2)}


# -- a run ------------------------------------------------------------------------------------------------------

def percentile(values, share):
    ordered = sorted(values)
    return ordered[max(0, int(round(share * len(ordered))) - 1)] if ordered else float("nan")


def too_many_files(log):
    return sum(1 for line in Path(log).read_text(errors="replace").splitlines() if "Too many open files" in line)


def during(server, folder, log, index, flood):
    """Run ``flood`` (a coroutine) while the phone plays: the figures of the table page and the confirm."""
    size = Path(log).stat().st_size
    errors = too_many_files(log)
    table = (0, 2, 3)[index % 3]  # a table of its own for each flood (table 2 is the slow bodies' target): a
    phone = Phone(server, f"table-{table + 1}")  # hand left pending by one flood does not hold up the next's
    defender = 40 + index
    phone.start(PLAYERS[table], defender)
    began = time.monotonic()
    counts = asyncio.run(flood)
    while time.monotonic() - began < HOLD + 1:
        time.sleep(0.2)
    phone.stop()
    ok, seconds, said = phone.confirmed or (False, 0.0, "no hand tried")
    return {"page_n": len(phone.times), "page_p50": round(statistics.median(phone.times), 3) if phone.times else None,
            "page_p95": round(percentile(phone.times, 0.95), 3), "page_max": round(max(phone.times), 3),
            "page_failed": phone.failed, "confirm_ok": ok, "confirm_seconds": round(seconds, 2),
            "confirm_said": said, "confirm_in_file": in_file(folder, phone.key, defender),
            "too_many_open_files": too_many_files(log) - errors, "flood": counts,
            "log_bytes": Path(log).stat().st_size - size}


def run(gin_ref="gin-ref", fd_limit=1024, only=None, scale=1.0, base=None, echo=print, fd_hard=None):
    """Every flood in turn (or those in ``only``) against one server: ``{flood: figures}``."""
    raise_own_limit()
    floods = only or ["streams-one", "streams-many", "slow", "sheet"]
    made = base is None
    base = base or tempfile.mkdtemp(prefix="gin-ref-flood-")
    gin_ref = shutil.which(gin_ref) or gin_ref
    try:
        folder = make_folder(base, gin_ref)
        log = Path(base) / "serve.log"
        server = Server(gin_ref, folder, fd_limit, log, fd_hard)
        figures = {"start_lines": [line for line in server.lines if line.startswith(("open files", "caps"))]}
        n = lambda count: max(1, int(round(count * scale)))  # noqa: E731
        try:
            for index, name in enumerate(floods):
                if server.process.poll() is not None:
                    figures[name] = {"server": f"exited with {server.process.returncode}"}
                    continue
                if name == "streams-one":
                    result = during(server, folder, log, index, flood_streams(server.port, ["127.0.0.2"], n(1200)))
                elif name == "streams-many":
                    many = [f"127.0.0.{10 + k}" for k in range(n(50))]
                    result = during(server, folder, log, index, flood_streams(server.port, many, n(1200)))
                elif name == "slow":
                    slow = [f"127.0.1.{10 + k}" for k in range(35)]
                    result = during(server, folder, log, index, flood_slow(server.port, n(300), n(50),
                                                                           server.addresses["table-2"], "table-2",
                                                                           slow))
                elif name == "sheet":
                    size = log.stat().st_size
                    result = sheet_burst(server, n(60))
                    result["log_bytes"] = log.stat().st_size - size
                else:
                    raise SystemExit(f"unknown flood {name!r}")
                figures[name] = result
                echo(f"{name}: {json.dumps(result)}")
                time.sleep(2)  # the streams and connections of one flood end before the next
        finally:
            server.stop()
        figures["log_total_bytes"] = log.stat().st_size
        return figures
    finally:
        if made:
            shutil.rmtree(base, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gin-ref", default="gin-ref", help="the command to serve with (another build's)")
    parser.add_argument("--fd-limit", type=int, default=1024, help="the server's soft limit of open files (1024)")
    parser.add_argument("--fd-hard", type=int, help="the server's hard limit too (it cannot raise past it)")
    parser.add_argument("--only", help="floods to run, comma-separated")
    parser.add_argument("--scale", type=float, default=1.0, help="a share of the counts (1)")
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    figures = run(args.gin_ref, args.fd_limit, args.only.split(",") if args.only else None, args.scale,
                  fd_hard=args.fd_hard)
    for line in figures.pop("start_lines"):
        print(f"server: {line}")
    for name, result in figures.items():
        if not isinstance(result, dict) or "page_p95" not in result:
            continue
        print(f"{name}: table page p50 {result['page_p50']} s, p95 {result['page_p95']} s, max {result['page_max']} s "
              f"({result['page_n']} loads, {result['page_failed']} failed); confirm "
              f"{'recorded' if result['confirm_ok'] and result['confirm_in_file'] == 1 else 'NOT recorded'} "
              f"in {result['confirm_seconds']} s ({result['confirm_said']}); 'Too many open files' lines "
              f"{result['too_many_open_files']}; log +{result['log_bytes']} bytes; flood {result['flood']}")
    if "sheet" in figures:
        sheet = figures["sheet"]
        print(f"sheet: {sum(sheet['statuses'].values())} at once -> {sheet['statuses']} in {sheet['seconds']} s; child processes at most "
              f"{sheet['children']} ({sheet['children_rss_mb']} MB); the server's memory growth {sheet['rss_growth_mb']} MB (from {sheet['rss_before_mb']} MB); "
              f"log +{sheet['log_bytes']} bytes")
    print(f"log: {figures['log_total_bytes']} bytes in all; load average at the end: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    sys.exit(main())

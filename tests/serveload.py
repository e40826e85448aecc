"""The load and fault run against a real ``gin-ref serve`` (tests/test_serve_load.py runs it small in time,
benchmarks/bench_serve.py at the issue's pace): 16 tables entering 30 hands each, one hand per table every
``gap`` seconds on average (exponential gaps), each hand entered then confirmed by the other player, with
random resubmissions (the same entry id sent again), dropped connections (a request sent and its socket
closed before the answer), a server restart half-way, and a command-line writer knocking on some files.

Afterwards every file is read: each hand a page saw confirmed must be in its file exactly once (a web hand
is known by its counts: the knocker's count and a defender's count of 40 + its index), no hand twice, the
command line's hands as many as it wrote, and every file verifies. ``run`` returns the counts and the
server's own times for the confirms (from a request's arrival to its answer, fsync included, read from its
access log)."""

import http.client
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

NAMES = ["Abe", "Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Max", "Ned", "Oli",
         "Pam", "Quin", "Ray", "Sal", "Tom", "Uma", "Val", "Wes", "Xia", "Yul", "Zed", "Amy", "Bob", "Cyd", "Dee",
         "Eve", "Flo"]
RULES = "description: the load test's matches (no end in sight)\nextends: standard\ntarget: 100000\n"
CLI_DEFENDER = 95  # the command line's hands: a defender's count no page enters


def _gin_ref():
    """The command to run: the ``gin-ref`` installed beside this Python (a venv's, found without its folder on
    PATH: ``.venv/bin/python benchmarks/stress_serve_kill.py``), else the one on PATH, else ``python -m
    gin_ref``."""
    beside = Path(sys.executable).parent / "gin-ref"
    found = str(beside) if beside.exists() else shutil.which("gin-ref")
    return [found] if found else [sys.executable, "-m", "gin_ref"]


GIN_REF = _gin_ref()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def make_folder(base, tables):
    folder = Path(base) / "club"
    folder.mkdir(parents=True)
    rules = Path(base) / "load-rules.yaml"
    rules.write_text(RULES)
    for index in range(tables):
        a, b = NAMES[2 * index], NAMES[2 * index + 1]
        done = subprocess.run([*GIN_REF, "new", "--match", str(folder / f"table {index + 1:02d}.yaml"), "--rules",
                               str(rules), "--dealer", a, a, b], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
    return folder


class Server:
    def __init__(self, folder, port, log):
        self.folder, self.port, self.log = folder, port, log
        self.process = None
        self.addresses = {}
        self.director = None  # the director's address, with its token

    def start(self):
        out = open(self.log, "a")
        self.process = subprocess.Popen([*GIN_REF, "serve", str(self.folder), "--port", str(self.port)],
                                        stdout=subprocess.PIPE, stderr=out, text=True,
                                        env={**os.environ, "PYTHONUNBUFFERED": "1"})
        out.close()
        for line in self.process.stdout:
            found = re.match(r".*?: (\S+/t/([^/?]+)\?token=\S+)$", line.strip())
            if found:
                self.addresses[found.group(2)] = found.group(1)
            elif line.startswith("director: "):
                self.director = line.split(" ", 1)[1].strip()
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
        self.process.wait(timeout=20)

    def kill(self):
        """SIGKILL: nothing of the server runs after it (a confirm may be cut anywhere, its lock let go)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)


class Phone:
    """One table's phone: its cookie, a kept-alive connection, and the faults it makes."""

    def __init__(self, address, port, rng, stats):
        parts = urllib.parse.urlsplit(address)
        self.key = parts.path.rsplit("/", 1)[1]
        self.token = urllib.parse.parse_qs(parts.query)["token"][0]
        self.port, self.rng, self.stats = port, rng, stats
        self.conn = None
        self.host = f"127.0.0.1:{port}"

    def _forms(self):
        import hashlib
        import hmac

        return {form: hmac.new(self.token.encode(), f"form:{form}".encode(), hashlib.sha256).hexdigest()[:32]
                for form in ("enter", "confirm")}

    def request(self, route, fields, deadline=60.0):
        """POST a form until the server answers (retrying across a restart); (status, JSON)."""
        body = urllib.parse.urlencode({"form_token": self._forms()[route], **fields})
        headers = {"Host": self.host, "Origin": f"http://{self.host}", "Accept": "application/json",
                   "Content-Type": "application/x-www-form-urlencoded",
                   "Cookie": f"gin_ref_token={self.token}"}
        path = f"/t/{urllib.parse.quote(self.key)}/{route}"
        if self.rng.random() < 0.08:  # a dropped connection: sent, then the socket closed before the answer
            self.drop(path, body, headers)
        give_up = time.monotonic() + deadline
        while True:
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                self.conn.request("POST", path, body=body, headers=headers)
                answer = self.conn.getresponse()
                data = json.loads(answer.read() or b"{}")
                return answer.status, data
            except (OSError, http.client.HTTPException, ValueError):
                self.stats["retries"] += 1
                if self.conn is not None:
                    self.conn.close()
                self.conn = None
                if time.monotonic() > give_up:
                    raise
                time.sleep(0.1 + self.rng.random() * 0.2)

    def drop(self, path, body, headers):
        self.stats["dropped"] += 1
        try:
            raw = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            head = "".join(f"{k}: {v}\r\n" for k, v in {**headers, "Content-Length": str(len(body))}.items())
            raw.sendall(f"POST {path} HTTP/1.1\r\n{head}\r\n{body}".encode())
            raw.close()
        except OSError:
            pass


def play_table(phone, players, hands, gap, rng, stats, confirmed):
    index = 0
    while index < hands:
        time.sleep(rng.expovariate(1 / gap) if gap else 0)
        knocker = players[index % 2]
        fields = {"entry_id": secrets.token_urlsafe(12), "by": knocker, "knocker": knocker,
                  "result": "knock", "count": str(index % 10), "defender": str(40 + index)}
        if index % 10 == 0:
            fields["result"] = "gin"
        for _ in range(2 if rng.random() < 0.15 else 1):  # a resubmission: the same entry again
            status, data = phone.request("enter", fields)
        if not data.get("ok"):
            stats["entry_refused"] += 1  # a pending hand of the command line's time, a busy file: enter it again
            time.sleep(0.2)
            continue
        confirm = {"entry_id": fields["entry_id"], "by": players[(index + 1) % 2]}  # the hand costs the defender
        for _ in range(2 if rng.random() < 0.15 else 1):
            status, data = phone.request("confirm", confirm)
        if data.get("ok"):
            confirmed.append((phone.key, index, fields["entry_id"]))
            index += 1
        else:
            stats["confirm_refused"] += 1  # the file changed meanwhile (the command line): enter it again


def cli_writer(files, stop, rng, written, stats):
    while not stop.is_set():
        time.sleep(0.3 + rng.random() * 0.7)
        path = rng.choice(files)
        players = re.findall(r"players: \[(\w+), (\w+)\]", path.read_text())[0]
        done = subprocess.run([*GIN_REF, "knock", "--match", str(path), players[0], "3", "--defender",
                               str(CLI_DEFENDER)], capture_output=True, text=True, timeout=60)
        if done.returncode == 0:
            written[path.name] = written.get(path.name, 0) + 1
        else:
            stats["cli_refused"] += 1


def director_reader(server, port, stop, gap, stats):
    """The director at work meanwhile: his page (which verifies the folder once a file changed) and the
    board's score sheet (made again once a file changed), one after the other, every ``gap`` seconds."""
    host = f"127.0.0.1:{port}"
    while not stop.is_set():
        token = urllib.parse.parse_qs(urllib.parse.urlsplit(server.director).query)["token"][0]
        for path in ("/director", "/board/sheet"):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                conn.request("GET", path, headers={"Host": host, "Cookie": f"gin_ref_token={token}"})
                answer = conn.getresponse()
                answer.read()
                conn.close()
                stats[f"director_{answer.status}"] = stats.get(f"director_{answer.status}", 0) + 1
            except (OSError, http.client.HTTPException):
                stats["director_failed"] = stats.get("director_failed", 0) + 1
        stop.wait(gap)


def run(base, tables=16, hands=30, gap=2.0, cli_tables=3, restart=True, seed=20261201, kills=0, director=None):
    """The load; ``restart``: a Ctrl-C and a new server half-way; ``kills``: that many SIGKILLs of the server
    (each followed by a new one), spread over the run (the kill loop); ``director``: seconds between the
    director's page and the score sheet asked for meanwhile (None: not asked for)."""
    rng = random.Random(seed)
    folder = make_folder(base, tables)
    port = free_port()
    log = Path(base) / "serve.log"
    server = Server(folder, port, log)
    server.start()
    stats = {"retries": 0, "dropped": 0, "entry_refused": 0, "confirm_refused": 0, "cli_refused": 0}
    confirmed, written = [], {}
    files = sorted(folder.glob("*.yaml"))
    names = {f"table-{index + 1:02d}": (NAMES[2 * index], NAMES[2 * index + 1]) for index in range(tables)}
    threads = [threading.Thread(target=play_table, args=(Phone(server.addresses[key], port,
                                                              random.Random(rng.random()), stats),
                                                        names[key], hands, gap, random.Random(rng.random()), stats,
                                                        confirmed))
               for key in sorted(server.addresses)]
    stop = threading.Event()
    writer = threading.Thread(target=cli_writer, args=(files[:cli_tables], stop, random.Random(seed), written, stats))
    reader = threading.Thread(target=director_reader, args=(server, port, stop, director, stats))
    started = time.monotonic()
    for thread in threads:
        thread.start()
    if director is not None:
        reader.start()
    if cli_tables:
        writer.start()
    if restart:
        time.sleep(hands * gap / 2 + 1)
        server.stop()
        stats["restart_seconds"] = 0.0
        again = time.monotonic()
        server.start()
        stats["restart_seconds"] = round(time.monotonic() - again, 2)
    for kill in range(kills):
        time.sleep(rng.uniform(0.3, 1.2) * hands * gap / (kills + 1))
        if not any(thread.is_alive() for thread in threads):
            break
        server.kill()
        server.start()
        stats["kills"] = kill + 1
    for thread in threads:
        thread.join()
    stop.set()
    if cli_tables:
        writer.join()
    if director is not None:
        reader.join()
    stats["seconds"] = round(time.monotonic() - started, 1)
    server.stop()
    return check(folder, confirmed, written, stats, log, hands)


def check(folder, confirmed, written, stats, log, hands):
    from gin_ref.files import matchfile

    found = duplicates = missing = 0
    verified = True
    for path in sorted(folder.glob("*.yaml")):
        key = re.sub(r"[^a-z0-9]+", "-", path.stem.casefold()).strip("-")
        problems, match = matchfile.check(str(path))
        verified = verified and problems == [] and match is not None
        done = subprocess.run([*GIN_REF, "verify", str(path)], capture_output=True, text=True, timeout=60)
        verified = verified and done.returncode == 0
        hands_in = matchfile.load(str(path)).match.hands
        web = [h.defender_count - 40 for h in hands_in if h.defender_count != CLI_DEFENDER]
        cli = sum(1 for h in hands_in if h.defender_count == CLI_DEFENDER)
        mine = [index for table, index, _ in confirmed if table == key]
        for index in mine:
            times = web.count(index)
            found += times == 1
            duplicates += max(0, times - 1)
            missing += times == 0
        duplicates += len(web) - len(set(web))
        stats.setdefault("cli_found", 0)
        stats["cli_found"] += cli
    text = log.read_text()
    times = [float(m.group(1)) for m in re.finditer(r"POST /t/\S+/confirm \d+ ([0-9.]+)ms", text)]
    cpu = [float(m.group(1)) for m in re.finditer(r"confirm recorded, ([0-9.]+) ms of CPU", text)]
    return {"confirmed": len(confirmed), "found": found, "duplicates": duplicates, "missing": missing,
            "cli_written": sum(written.values()), "verified": verified, "confirm_ms": times, "confirm_cpu_ms": cpu,
            **stats}

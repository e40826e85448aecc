"""The director's page under its own work: ``python benchmarks/bench_director.py`` (from the checkout, with the
serve extra).

A folder of 8 matches of 30 hands each (``benchmarks/make_match.py``, seeds 1-8), served by the app in this
process (Starlette's TestClient: the whole application, its guard and its routes, without a socket), and 50
requests of each kind the director makes:

- **verify**: the director's page after a match file changed (its time touched, so the page verifies the
  folder again instead of showing the report it kept);
- **ruling**: an award of 1 point on a hand of a file (the files in turn, from their last hand back);
- **undo**: the newest step of a file taken back (the files in turn);
- **pair**: the next round of an event paired (an event of 16 players whose first round of 8 tables is
  finished; the round paired is taken back, untimed, before the next request).

Each time is one request's, from the client's call to its answer (the redirect a write answers with is not
followed). Prints the median and the 95th percentile of each kind, the load average and the CPU count.
``--requests N`` changes the 50, ``--hands N`` the 30.
"""

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from make_match import make_match  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from gin_ref.files import matchfile  # noqa: E402
from gin_ref.serve.app import build_app  # noqa: E402

BASE = "http://127.0.0.1:8000"
FORM = "director"
PLAYERS = ["Abe", "Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Max", "Ned", "Oli",
           "Pam"]


def p95(times):
    ordered = sorted(times)
    return ordered[max(0, int(round(0.95 * len(ordered))) - 1)]


def seen(path):
    """What the director's forms carry: the start of the file's SHA-256 (the page's ``seen``)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:24]


def director(folder):
    """The app serving ``folder``, a client holding the director's cookie, and the director's form token."""
    app = build_app(str(folder))
    served = app.state.served
    web = TestClient(app, base_url=BASE, follow_redirects=False)
    token = served.tokens.add("director")
    answer = web.get(f"/director?token={token}")
    assert answer.status_code == 303, answer.text
    return web, served.security.form_token(token, FORM)


def status_of(page):
    """What the director's page says after a write."""
    return page[page.find('role="status"'):][:300]


def timed(call):
    start = time.perf_counter()
    answer = call()
    return (time.perf_counter() - start) * 1000, answer


def matches_folder(base, hands):
    folder = Path(base) / "matches"
    folder.mkdir()
    for seed in range(1, 9):
        match = make_match(hands, seed)
        matchfile.write_atomic(str(folder / f"match-{seed}.yaml"), matchfile.dumps(match.record))
    return folder


def bench_matches(folder, requests, hands):
    """verify, ruling and undo on the folder of matches: {kind: [ms, ...]}."""
    web, form = director(folder)
    files = sorted(p.name for p in folder.glob("*.yaml"))
    times = {"verify": [], "ruling": [], "undo": []}
    for index in range(requests):
        path = folder / files[index % len(files)]
        now = time.time_ns() + index * 1_000_000
        os.utime(path, ns=(now, now))  # the page verifies again: a file changed
        ms, answer = timed(lambda: web.get("/director"))
        assert answer.status_code == 200, answer.text[:300]
        assert "verify: ok" in answer.text, "a file does not verify"
        times["verify"].append(ms)
    for kind in ("ruling", "undo"):
        for index in range(requests):
            name = files[index % len(files)]
            fields = {"form_token": form, "seen": seen(folder / name)}
            if kind == "ruling":
                fields.update(kind="award", player="Ann", points="1", reason="benchmark", by="director",
                              hand=str(hands - index // len(files)))  # one ruling a hand
            else:
                fields["sure"] = "1"  # the page asks first; this is the answer, Yes (the time of the undo itself)
            ms, answer = timed(lambda: web.post(f"/director/m/{name}/{kind}", data=fields, headers={"Origin": BASE}))
            assert answer.status_code == 303, answer.text[:300]
            note = web.get(answer.headers["location"]).text
            assert 'class="note"' in note, f"the {kind} was refused: {status_of(note)}"
            times[kind].append(ms)
    return times


def cli(*args):
    done = subprocess.run([sys.executable, "-m", "gin_ref", *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (args, done.stdout, done.stderr)


def event_folder(base):
    """An event of 16 players (a Swiss of 4 rounds) whose first round, 8 tables, is finished."""
    folder = Path(base) / "night"
    cli("event", "new", str(folder), "--format", "swiss", "--rounds", "4", "--rules", "standard", "--date",
        "2024-09-06", *PLAYERS)
    cli("event", "pair", str(folder), "--date", "2024-09-06")
    for path in sorted(folder.glob("round-1-*.yaml")):
        players = list(matchfile.load(str(path)).match.players)
        cli("result", "--match", str(path), players[0], "154", players[1], "24")
    return folder


def bench_pair(folder, requests):
    web, form = director(folder)
    before = {p.name for p in folder.iterdir()}
    event = (folder / "event.yaml").read_bytes()
    times = []
    for _ in range(requests):
        ms, answer = timed(lambda: web.post("/director/pair", data={"form_token": form}, headers={"Origin": BASE}))
        assert answer.status_code == 303, answer.text[:300]
        note = web.get(answer.headers["location"]).text
        assert 'class="note"' in note and "round 2" in note.lower(), status_of(note)
        times.append(ms)
        for path in folder.iterdir():  # the round paired taken back: the next request pairs it again
            if path.name not in before:
                shutil.rmtree(path) if path.is_dir() else path.unlink()
        matchfile.write_atomic(str(folder / "event.yaml"), event.decode("utf-8"))
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--hands", type=int, default=30)
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as base:
        times = bench_matches(matches_folder(base, args.hands), args.requests, args.hands)
        times["pair"] = bench_pair(event_folder(base), args.requests)
    print(f"the director's requests: 8 matches of {args.hands} hands (make_match.py), {args.requests} requests of "
          "each kind through the app in this process")
    for kind in ("verify", "ruling", "undo", "pair"):
        found = times[kind]
        print(f"{kind:>7}: median {statistics.median(found):7.1f} ms, p95 {p95(found):7.1f} ms, max "
              f"{max(found):7.1f} ms")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; took {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

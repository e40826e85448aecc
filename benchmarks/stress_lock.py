"""Do concurrent writers ever lose a write? ``python benchmarks/stress_lock.py [--seconds 30] [--writers 4] [--cli]``

Four writers change one match file for 30 s, each as fast as it can: deal a hand when none is open, else
declare it dead, each change one read-modify-write through ``gin_ref.files.matchfile.updating`` (the code
every recording command uses; ``--cli`` runs the installed ``gin-ref deal`` / ``gin-ref dead`` instead).
Meanwhile a vandal works on the match file's folder every few milliseconds: it deletes and re-creates
``m.yaml.lock`` (the lock file of gin-ref before issue 10, which ``git clean -fX`` removes), creates and
deletes other files beside the match, and replaces the folder's other match file by renaming a new version
in, as a writer does. And a replacer replaces the match file itself by an identical copy at random (copy,
then rename over it: a new inode, as an editor's save, ``sed -i``, a sync client or ``git checkout`` do),
so a writer may lock the copy while another holds the old file; the commit's compare-and-swap must keep
one of them out. (The replacer copies and renames under the folder's commit lock, as a gin-ref commit does:
a copy renamed in without it could put back bytes a writer replaced in between, a loss no lock of
gin-ref's can prevent.) At the end every change a writer reported as done must be in the file: hands dealt
= successful deals, dead hands = successful 'dead's, and ``verify`` passes. Prints both and exits 1 if
they differ.
"""

import argparse
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from gin_ref.core.cards import DECK, Card  # noqa: E402
from gin_ref.core.errors import GinRefError  # noqa: E402
from gin_ref.files import matchfile  # noqa: E402
from gin_ref.files.rulesfile import load_rules  # noqa: E402
from gin_ref.match.model import Match  # noqa: E402


def writer(path, seconds, cli, results):
    rng = random.Random(os.getpid())
    done = {"deal": 0, "dead": 0, "refused": 0}
    stop = time.monotonic() + seconds
    command = [shutil.which("gin-ref") or sys.executable] + ([] if shutil.which("gin-ref") else ["-m", "gin_ref"])
    while time.monotonic() < stop:
        if cli:
            kind = "dead" if _open(path) else "deal"
            args = ["deal", "--upcard", rng.choice(DECK).code] if kind == "deal" else ["dead"]
            ok = subprocess.run(command + args + ["--match", path], capture_output=True).returncode == 0
        else:
            try:
                with matchfile.updating(path) as rec:
                    if rec.match.state.open is None:
                        kind = "deal"
                        rec.match.deal(Card.parse(rng.choice(DECK).code))
                    else:
                        kind = "dead"
                        rec.match.dead()
                ok = True
            except GinRefError:
                ok = False
        if ok:
            done[kind] += 1
        else:
            done["refused"] += 1
            time.sleep(rng.uniform(0, 0.002))  # try again soon, as a player would
    results.put(done)


def _open(path):
    try:
        return matchfile.load(path).match.state.open is not None
    except GinRefError:
        return False


def vandal(folder, other, seconds):
    """Works on the files beside the match file until the time is up."""
    rng = random.Random(1)
    stop = time.monotonic() + seconds
    lock = os.path.join(folder, "m.yaml.lock")
    while time.monotonic() < stop:
        action = rng.random()
        try:
            if action < 0.4:
                if os.path.exists(lock):
                    os.unlink(lock)  # what git clean -fX or a tidy-up does
                else:
                    open(lock, "w").close()
            elif action < 0.7:
                name = os.path.join(folder, f"m.yaml.{rng.randrange(5)}")
                if os.path.exists(name):
                    os.unlink(name)
                else:
                    open(name, "w").close()
            else:  # a new version of the other match renamed in, as a writer does
                text = Path(other).read_text(encoding="utf-8")
                temp = os.path.join(folder, f".other.{rng.randrange(10**9)}.tmp")
                Path(temp).write_text(text, encoding="utf-8")
                os.replace(temp, other)
        except OSError:
            pass
        time.sleep(rng.uniform(0.0005, 0.005))


def replacer(path, seconds, results):
    """Replaces the match file by a copy of itself at random, until the time is up; reports how often."""
    try:
        from gin_ref.files.filewrite import folder_locked
    except ImportError:  # gin-ref before the compare-and-swap: no commit lock to take
        from contextlib import nullcontext

        def folder_locked(folder, name):
            return nullcontext()

    rng = random.Random(2)
    stop = time.monotonic() + seconds
    folder = os.path.dirname(path)
    copies = 0
    while time.monotonic() < stop:
        temp = os.path.join(folder, f".copy.{rng.randrange(10**9)}.tmp")
        try:
            with folder_locked(folder, path):
                shutil.copyfile(path, temp)
                os.replace(temp, path)
            copies += 1
        except (OSError, GinRefError):
            pass
        time.sleep(rng.uniform(0.001, 0.02))
    results.put({"copies": copies})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--cli", action="store_true", help="run the installed gin-ref command for each change")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="gin-ref-stress-")
    path, other = os.path.join(folder, "m.yaml"), os.path.join(folder, "other.yaml")
    for name in (path, other):
        matchfile.create(name, Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann"))
    results = multiprocessing.Queue()
    workers = [multiprocessing.Process(target=writer, args=(path, args.seconds, args.cli, results))
               for _ in range(args.writers)]
    workers.append(multiprocessing.Process(target=vandal, args=(folder, other, args.seconds)))
    copied = multiprocessing.Queue()
    workers.append(multiprocessing.Process(target=replacer, args=(path, args.seconds, copied)))
    start = time.perf_counter()
    for worker in workers:
        worker.start()
    counts = [results.get() for _ in range(args.writers)]
    copies = copied.get()["copies"]
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - start
    deals, deads = sum(c["deal"] for c in counts), sum(c["dead"] for c in counts)
    refused = sum(c["refused"] for c in counts)
    match = matchfile.load(path).match
    held_deals = len(match.hands)
    held_deads = sum(1 for hand in match.hands if hand.get("result") == "dead")
    problems, _ = matchfile.check(path)
    print(f"{args.writers} writers{' (gin-ref commands)' if args.cli else ''}, a vandal and a replacer for "
          f"{elapsed:.1f} s in {folder}")
    print(f"  the match file replaced by a copy {copies} times")
    print(f"  reported done: {deals} deals, {deads} dead hands ({deals + deads} writes; {refused} refused: busy "
          "or changed meanwhile)")
    print(f"  in the file:   {held_deals} deals, {held_deads} dead hands ({held_deals + held_deads} writes)")
    same = (deals, deads) == (held_deals, held_deads) and not problems
    print(f"  verify: {'ok' if not problems else problems[0]}")
    print("  equal: every reported write is in the file" if same else "  NOT EQUAL: writes were lost")
    shutil.rmtree(folder, ignore_errors=True)
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()

"""Do concurrent writers ever lose a write? ``python benchmarks/stress_lock.py [--seconds 60] [--writers 4]
[--replacer locked|bare] [--cli]``

Four writers change one match file for the time given, each as fast as it can: deal a hand when none is open,
else declare it dead, each change one read-modify-write through ``gin_ref.files.store`` (the code every
recording command, ``play`` and ``serve`` use; ``--cli`` runs the installed ``gin-ref deal`` / ``gin-ref
dead`` instead). Meanwhile:

- a **vandal** works on the match's folder every few milliseconds: it deletes and re-creates
  ``.m.yaml.lock``, the store's lock file (what ``git clean -fX`` or a sync client does), creates and deletes
  other files beside the match, and replaces the folder's other match file by renaming a new version in;
- a **replacer** saves the match as an editor would: it reads the file, puts a comment line ``# save N`` at
  its top (a change of its own, which a writer that reads it later rewrites away), and renames the new
  version in (a new inode). ``--replacer locked`` takes the store's lock for it (``store.locked``: waiting
  up to 2 s, its write checked as a writer's is); ``--replacer bare`` takes no lock and, as a careful
  editor does, checks right before its rename that the file still holds what it read.

At the end every change a writer reported as done must be in the file once (hands dealt = successful deals,
dead hands = successful 'dead's) and ``verify`` passes; every save of the replacer must have been seen (by a
writer's read, by the replacer's next read, or in the file at the end). With a locked replacer nothing may be
lost (exit 1 otherwise). A bare replacer can lose, and make writers lose, a change only in a check-to-rename
window (its own, or a writer's): those losses are counted and printed, with the length of the writers'
window, not failed on. Run against the code before the store (its ``matchfile.updating``), ``locked`` takes
the folder's commit lock that code had.
"""

import argparse
import multiprocessing
import os
import random
import re
import shutil
import statistics
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

try:
    from gin_ref.files import store  # noqa: E402
except ImportError:  # the code before the store: matchfile.updating, the folder's compare-and-swap
    store = None

SAVE = re.compile(rb"^# save (\d+)$", re.M)


def _saves(raw):
    return {int(n) for n in SAVE.findall(raw)}


def _timed_window(windows):
    """Measure each write's check-to-rename window, in this process: from the store's last check (the
    ``os.stat`` that ends ``Held._check``, the last one before the rename) to the end of the rename."""
    stat, replace = os.stat, os.replace
    last = [0.0]

    def timed_stat(*args, **kwargs):
        found = stat(*args, **kwargs)
        last[0] = time.perf_counter()
        return found

    def timed_replace(src, dst, *args, **kwargs):
        replace(src, dst, *args, **kwargs)
        windows.append(time.perf_counter() - last[0])

    os.stat, os.replace = timed_stat, timed_replace


def writer(path, seconds, cli, results):
    rng = random.Random(os.getpid())
    done = {"deal": 0, "dead": 0, "refused": 0, "seen": set(), "windows": []}
    if store is not None and not cli:
        _timed_window(done["windows"])
    stop = time.monotonic() + seconds
    command = [shutil.which("gin-ref") or sys.executable] + ([] if shutil.which("gin-ref") else ["-m", "gin_ref"])
    while time.monotonic() < stop:
        if cli:
            kind = "dead" if _open(path) else "deal"
            args = ["deal", "--upcard", rng.choice(DECK).code] if kind == "deal" else ["dead"]
            ok = subprocess.run(command + args + ["--match", path], capture_output=True).returncode == 0
        else:
            try:
                kind, seen = _change(path, rng)
                ok = True
                done["seen"] |= seen
            except GinRefError:
                ok = False
        if ok:
            done[kind] += 1
        else:
            done["refused"] += 1
            time.sleep(rng.uniform(0, 0.002))  # try again soon, as a player would
    results.put(done)


def _change(path, rng):
    """One change (a deal or a dead hand); ``(kind, the replacer's saves in the bytes it changed)``."""
    if store is None:
        with matchfile.updating(path) as rec:
            return _act(rec, rng), _saves(Path(path).read_bytes())  # (read again: the code before kept no bytes)
    with store.locked(path) as held, held.change() as rec:
        return _act(rec, rng), _saves(held.raw)


def _act(rec, rng):
    if rec.match.state.open is None:
        rec.match.deal(Card.parse(rng.choice(DECK).code))
        return "deal"
    rec.match.dead()
    return "dead"


def _open(path):
    try:
        return matchfile.load(path).match.state.open is not None
    except GinRefError:
        return False


def vandal(folder, other, seconds):
    """Works on the files beside the match file until the time is up."""
    rng = random.Random(1)
    stop = time.monotonic() + seconds
    lock = os.path.join(folder, ".m.yaml.lock")
    while time.monotonic() < stop:
        action = rng.random()
        try:
            if action < 0.5:  # the lock file deleted (git clean -fX, a sync client), then made again
                if os.path.exists(lock):
                    os.unlink(lock)
                if rng.random() < 0.5:
                    open(lock, "w").close()
            elif action < 0.75:
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


def replacer(path, seconds, locked, results):
    """Saves the match as an editor would (see the module) until the time is up; reports its saves, those it
    saw again at its next read, and how often its own check stopped it."""
    rng = random.Random(2)
    stop = time.monotonic() + seconds
    folder = os.path.dirname(path)
    saves, seen, stopped, number = [], set(), 0, 0
    while time.monotonic() < stop:
        number += 1
        try:
            if locked and store is not None:
                with store.locked(path, wait=2) as held:
                    raw = held.read()
                    seen |= _saves(raw)
                    held.write((f"# save {number}\n".encode() + raw).decode("utf-8"))
            elif locked:  # the code before the store: its folder commit lock, held for the read and the rename
                from gin_ref.files.filewrite import folder_locked
                with folder_locked(folder, path):
                    raw = Path(path).read_bytes()
                    seen |= _saves(raw)
                    temp = os.path.join(folder, f".copy.{rng.randrange(10**9)}.tmp")
                    Path(temp).write_bytes(f"# save {number}\n".encode() + raw)
                    os.replace(temp, path)
            else:
                raw = Path(path).read_bytes()
                seen |= _saves(raw)
                temp = os.path.join(folder, f".copy.{rng.randrange(10**9)}.tmp")
                Path(temp).write_bytes(f"# save {number}\n".encode() + raw)
                if Path(path).read_bytes() == raw:  # the editor's check: no one wrote since it read
                    os.replace(temp, path)
                else:
                    os.unlink(temp)
                    stopped += 1
                    continue
            saves.append(number)
        except (OSError, GinRefError):
            pass
        time.sleep(rng.uniform(0.001, 0.02))
    results.put({"saves": saves, "seen": seen, "stopped": stopped})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--replacer", choices=("locked", "bare"), default="locked",
                        help="the replacer takes the store's lock (default) or none")
    parser.add_argument("--cli", action="store_true", help="run the installed gin-ref command for each change")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="gin-ref-stress-")
    path, other = os.path.join(folder, "m.yaml"), os.path.join(folder, "other.yaml")
    for name in (path, other):
        new = Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann")
        (store.create if store is not None else matchfile.create)(name, new)
    results, replaced = multiprocessing.Queue(), multiprocessing.Queue()
    workers = [multiprocessing.Process(target=writer, args=(path, args.seconds, args.cli, results))
               for _ in range(args.writers)]
    workers.append(multiprocessing.Process(target=vandal, args=(folder, other, args.seconds)))
    workers.append(multiprocessing.Process(target=replacer,
                                           args=(path, args.seconds, args.replacer == "locked", replaced)))
    start = time.perf_counter()
    for worker in workers:
        worker.start()
    counts = [results.get() for _ in range(args.writers)]
    saved = replaced.get()
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - start
    deals, deads = sum(c["deal"] for c in counts), sum(c["dead"] for c in counts)
    refused = sum(c["refused"] for c in counts)
    raw = Path(path).read_bytes()
    match = matchfile.loads(matchfile.decode(raw, path), path).match
    held_deals = len(match.hands)
    held_deads = sum(1 for hand in match.hands if hand.result == "dead")
    problems, _ = matchfile.check(path)
    seen = set().union(saved["seen"], _saves(raw), *(c["seen"] for c in counts))
    lost_saves = sorted(set(saved["saves"]) - seen)
    lost_writes = (deals + deads) - (held_deals + held_deads)
    windows = [w for c in counts for w in c["windows"]]
    print(f"{args.writers} writers{' (gin-ref commands)' if args.cli else ''}, a vandal and a {args.replacer} "
          f"replacer for {elapsed:.1f} s in {folder}")
    print(f"  reported done: {deals} deals, {deads} dead hands ({deals + deads} writes; {refused} refused: busy "
          "or changed meanwhile)")
    print(f"  in the file:   {held_deals} deals, {held_deads} dead hands ({held_deals + held_deads} writes)")
    print(f"  the replacer's saves: {len(saved['saves'])} made, {len(saved['saves']) - len(lost_saves)} seen, "
          f"{len(lost_saves)} lost; {saved['stopped']} stopped by its own check")
    if windows:
        print(f"  a writer's check-to-rename window: median {statistics.median(windows) * 1e6:.0f} µs, "
              f"max {max(windows) * 1e6:.0f} µs over {len(windows)} writes")
    print(f"  verify: {'ok' if not problems else problems[0]}")
    same = (deals, deads) == (held_deals, held_deads) and not problems
    if args.replacer == "locked":
        whole = same and not lost_saves
        print("  equal: every reported write is in the file" if whole else
              f"  NOT EQUAL: {lost_writes} writes and {len(lost_saves)} saves were lost")
    else:
        whole = not problems and lost_writes >= 0
        print(f"  lost to the bare replacer's windows: {lost_writes} writes, {len(lost_saves)} saves")
    shutil.rmtree(folder, ignore_errors=True)
    sys.exit(0 if whole else 1)


if __name__ == "__main__":
    main()

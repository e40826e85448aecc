"""The per-line cost of ``gin-ref check --input``: run from the checkout, ``python benchmarks/bench_check_input.py``.

Writes 10,000 seeded random cases (10 or 11 cards, an upcard not in the hand; the same cases as
``bench_engine.py``), times ``gin-ref check --input FILE`` on them and on an empty file (the start-up), and
prints the difference divided by the number of lines: the cost of one line after start-up. Each figure
is the median of several runs, the two commands taken in turn so both see the same load.

``--shorthand`` writes the same hands with runs and sets in shorthand (``7-JD``, ``4HDC``) where the hand
has them, to price the shorthand reader; ``--runs N`` changes the number of runs (default 7).
"""

import argparse
import json
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gin_ref.core.cards import DECK  # noqa: E402

SEED = 20240601 + 1
LINES = 10_000
TARGET_US = 20


def cases(shorthand=False):
    rng = random.Random(SEED)
    for _ in range(LINES):
        cards = rng.sample(DECK, 11)
        hand = cards[:rng.choice((10, 11))]
        upcard = cards[10] if len(hand) == 10 else rng.choice([c for c in DECK if c not in hand])
        text = short_text(hand) if shorthand else " ".join(c.code for c in hand)
        yield {"upcard": upcard.code, "hand": text}


def short_text(hand):
    """The hand with every run of three or more in a suit written ``LOW-HIGH`` + suit, and the rest
    as single cards (sets of the same rank written rank + suits)."""
    ranks = "A23456789TJQK"
    left, words = set(hand), []
    for suit in range(4):
        held = sorted(c.rank for c in hand if c.suit == suit)
        start = 0
        while start < len(held):
            end = start
            while end + 1 < len(held) and held[end + 1] == held[end] + 1:
                end += 1
            if end - start >= 2:
                words.append(f"{ranks[held[start] - 1]}-{ranks[held[end] - 1]}{'SHDC'[suit]}")
                left -= {DECK[suit * 13 + r - 1] for r in held[start:end + 1]}
            start = end + 1
    by_rank = {}
    for card in sorted(left, key=lambda c: c.index):
        by_rank.setdefault(card.rank, []).append(card)
    for rank, cards in by_rank.items():
        words.append(ranks[rank - 1] + "".join("SHDC"[c.suit] for c in cards))
    return " ".join(words)


def command():
    found = shutil.which("gin-ref")
    return [found] if found else [sys.executable, "-m", "gin_ref"]


def cpu_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(cmd, path):
    """``(wall seconds, CPU seconds)`` of one ``check --input``; CPU time moves less on a busy machine."""
    start, cpu = time.perf_counter(), cpu_of_children()
    done = subprocess.run(cmd + ["check", "--input", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode not in (0, 1):
        raise SystemExit(f"check --input failed ({done.returncode}): {done.stderr.decode()[-300:]}")
    return time.perf_counter() - start, cpu_of_children() - cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--shorthand", action="store_true")
    parser.add_argument("--gin-ref", metavar="PATH", help="the gin-ref to time (default: the one on PATH)")
    args = parser.parse_args()
    cmd = [args.gin_ref] if args.gin_ref else command()
    with tempfile.TemporaryDirectory() as tmp:
        full, empty = Path(tmp) / "cases.jsonl", Path(tmp) / "empty.jsonl"
        full.write_text("".join(json.dumps(c) + "\n" for c in cases(args.shorthand)), encoding="utf-8")
        empty.write_text("", encoding="utf-8")
        run_once(cmd, full)  # warm the file cache and the byte-code
        timed_full, timed_empty = [], []
        for _ in range(args.runs):
            timed_full.append(run_once(cmd, full))
            timed_empty.append(run_once(cmd, empty))
    kind = "shorthand" if args.shorthand else "single cards"
    print(f"gin-ref check --input, {LINES:,} random lines ({kind}), {args.runs} runs")
    for i, what in ((0, "wall"), (1, "CPU ")):
        full_s = [t[i] for t in timed_full]
        empty_s = [t[i] for t in timed_empty]
        per_line = sorted((f - e) / LINES * 1e6 for f, e in zip(full_s, empty_s))
        print(f"  {what}: file {statistics.median(full_s) * 1e3:6.1f} ms, empty {statistics.median(empty_s) * 1e3:5.1f} ms"
              f" (start-up); per line median {statistics.median(per_line):5.1f} µs (min {per_line[0]:.1f}, "
              f"max {per_line[-1]:.1f}; target <= {TARGET_US} µs)")


if __name__ == "__main__":
    main()

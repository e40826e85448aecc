"""How fast is the rules engine? Run from the checkout: ``python benchmarks/bench_engine.py``.

Times, on 10,000 seeded random hands, each with its own ``time.perf_counter_ns()`` pair around one call:
- the one-time table build (the first call of the deadwood search pays it),
- ``deadwood_of`` on a 10-card mask and ``deadwood_after_discard`` on an 11-card mask,
- ``best_melding`` on 10 cards (the arrangement, not only the count),
- ``settle`` on random legal knocks (knock limit 10, automatic arrangement ``min_deadwood``, the defender's
  own melds and layoffs chosen together), cards already parsed.
Then the command line, as a person or a script meets it: ``gin-ref --version`` (median of 20 runs) and
``gin-ref check --input FILE`` over 10,000 JSON lines (median of 3 runs).

Per-call timing includes the timer's own cost; it is measured and printed, and it is small next to the
calls measured here, so no batching is needed. A batched mean (one timer pair around all 10,000 calls) is
printed beside each per-call median as a cross-check; it sits above the median because the cost is skewed:
most hands hold no three cards of a rank and cost four table look-ups, the others try each choice of sets.
"""

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.util import find_spec
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gin_ref.core.cards import DECK, to_mask  # noqa: E402
from gin_ref.core.deadwood import best_melding, deadwood_after_discard, deadwood_of  # noqa: E402
from gin_ref.core.rules import HouseRules  # noqa: E402
from gin_ref.core.scoring import settle  # noqa: E402

SEED = 20240601
HANDS = 10_000
KNOCKS_11 = 2_000
CHECK_LINES = 10_000
ns = time.perf_counter_ns


def quantiles(samples_ns):
    """(median, p90) in microseconds."""
    ordered = sorted(samples_ns)
    return ordered[len(ordered) // 2] / 1000, ordered[int(len(ordered) * 0.9)] / 1000


def per_call(function, args):
    samples = []
    for arg in args:
        start = ns()
        function(arg)
        samples.append(ns() - start)
    start = ns()
    for arg in args:
        function(arg)
    batched = (ns() - start) / len(args) / 1000
    return quantiles(samples), batched


def timer_overhead():
    samples = []
    for _ in range(10_000):
        start = ns()
        samples.append(ns() - start)
    return quantiles(samples)[0]


def row(label, median, p90, unit, target=None, extra="", spread="p90"):
    goal = f"target <= {target:g} {unit} [{'ok' if median <= target else 'OVER'}]" if target else "(no target)"
    print(f"  {label:<44} median {median:8.2f} {unit:<2}  {spread} {p90:8.2f} {unit:<2}  {goal}{extra}")


def melded_knock(rng, size):
    """A legal knock (deadwood <= 10 after the best discard) built from random melds plus random cards,
    and a random defender. Random deals are legal at limit 10 less than once in a thousand, so the
    knocker's hand is built from one to three random melds and the rest filled at random, then kept only
    if legal."""
    while True:
        cards, used = [], 0
        for _ in range(rng.choice((1, 2, 2, 3, 3))):
            if rng.random() < 0.5:
                suit, length = rng.randrange(4), rng.choice((3, 3, 4, 5))
                start = rng.randrange(0, 14 - length)
                meld = [DECK[suit * 13 + r] for r in range(start, start + length)]
            else:
                rank = rng.randrange(13)
                meld = rng.sample([DECK[s * 13 + rank] for s in range(4)], rng.choice((3, 3, 4)))
            if len(cards) + len(meld) <= size and not to_mask(meld) & used:
                cards += meld
                used |= to_mask(meld)
        rest = [c for c in DECK if not c.bit & used]
        cards += rng.sample(rest, size - len(cards))
        mask = to_mask(cards)
        least = deadwood_of(mask) if size == 10 else deadwood_after_discard(mask)
        if least <= 10:
            free = [c for c in DECK if not c.bit & mask]
            return tuple(cards), tuple(rng.sample(free, 10))


def bench_engine():
    rng = random.Random(SEED)
    print(f"engine: {HANDS:,} seeded random hands (seed {SEED}), Python {sys.version.split()[0]}")

    start = ns()
    deadwood_of(to_mask(DECK[:10]))  # the first call builds the per-suit tables
    build_ms = (ns() - start) / 1e6
    print(f"  {'table build (first call)':<44} {build_ms:8.1f} ms")
    print(f"  {'timer overhead (perf_counter_ns pair)':<44} {timer_overhead():8.3f} µs (included below)")

    tens = [to_mask(rng.sample(DECK, 10)) for _ in range(HANDS)]
    elevens = [to_mask(rng.sample(DECK, 11)) for _ in range(HANDS)]
    (median, p90), mean = per_call(deadwood_of, tens)
    row("deadwood_of, 10 cards", median, p90, "µs", 6, f"  batched mean {mean:.2f} µs")
    (median, p90), mean = per_call(deadwood_after_discard, elevens)
    row("deadwood_after_discard, 11 cards", median, p90, "µs", 10, f"  batched mean {mean:.2f} µs")
    (median, p90), mean = per_call(best_melding, tens)
    row("best_melding, 10 cards", median, p90, "µs", None, f"  batched mean {mean:.2f} µs")

    rules = HouseRules(knock_limit=10, name="standard")
    upcard = DECK[12]  # only the spade_double knob reads the upcard's suit; the limit is fixed at 10
    for size, count in ((10, HANDS), (11, KNOCKS_11)):
        knocks = [melded_knock(rng, size) for _ in range(count)]
        (median, p90), mean = per_call(lambda k: settle(rules, upcard, k[0], k[1]), knocks)
        row(f"settle, {size}-card legal knock ({count:,})", median / 1000, p90 / 1000, "ms", 1,
            f"  batched mean {mean / 1000:.3f} ms")


def gin_ref_command():
    """The installed ``gin-ref`` script if there is one, else ``python -m gin_ref`` from this checkout."""
    found = shutil.which("gin-ref")
    if found:
        return [found], "gin-ref (installed script)"
    return [sys.executable, "-m", "gin_ref"], "python -m gin_ref (no gin-ref script on PATH)"


def wall_ms(command, runs, env):
    samples = []
    for _ in range(runs):
        start = ns()
        done = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        samples.append((ns() - start) / 1e6)
        if done.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.9)]


def bench_cli():
    command, how = gin_ref_command()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    print(f"command line: {how}")
    median, worst = wall_ms(command + ["--version"], 20, env)
    row("gin-ref --version (wall, 20 runs)", median, worst, "ms", 150)
    if find_spec("gin_ref.cli.engine_cmds") is None:
        print("  gin-ref check --input: skipped (gin_ref/cli/engine_cmds.py does not exist yet)")
        return
    rng = random.Random(SEED + 1)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cases.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for _ in range(CHECK_LINES):
                cards = rng.sample(DECK, 11)
                hand = cards[:rng.choice((10, 11))]
                case = {"upcard": cards[10].code if len(hand) == 10 else rng.choice(
                    [c for c in DECK if c not in hand]).code, "hand": " ".join(c.code for c in hand)}
                out.write(json.dumps(case) + "\n")
        median, worst = wall_ms(command + ["check", "--input", str(path)], 3, env)
        row(f"gin-ref check --input, {CHECK_LINES:,} lines (3 runs)", median / 1000, worst / 1000, "s", 2,
            spread="max")


def main():
    bench_engine()
    bench_cli()


if __name__ == "__main__":
    main()

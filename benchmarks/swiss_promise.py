"""Does the Swiss keep its promise (issue 41)? Rematches and second byes over random events, before and after.

For each field of 4 to 16 players, ``--events`` random Swiss events of a round robin's number of rounds
(n - 1, or n for an odd n: the most ``event new`` allows, where "no pair meets twice" is hardest to keep)
are paired round by round, each match won at random (45% each, 10% a tie; a bye scores a win), the players
placed by match points, then seed. The same events (the same random stream) are paired twice:

- before: the pairing of ``--root``'s gin-ref (default: this tree), its ``swiss`` (round by round, the
  fewest repeats), loaded from that tree's ``gin_ref/club/pairing.py``;
- after: this tree's ``promised_swiss``.

It prints, per field: the events with a rematch and the rematches in all, the events with a second bye and
the second byes in all, before and after; the share of the rounds after whose pairing is today's (what
``swiss`` would have paired from the same standings); the slowest round after. Then the time of a round for
200 players (``--big`` events of ⌈log₂ 200⌉ = 8 rounds, the default, and of 30 rounds). Last, events
paired before the promise (``--legacy`` events of 16 players paired by ``--root``'s pairing): before each of
their rounds, the time of ``promised_swiss`` on the rounds paired so (its certificate worked out again from
rounds it did not pair), and how many rounds it would pair with a note (no completion left).

    python benchmarks/swiss_promise.py [--events 10000] [--sizes 4-16] [--root /work/main] [--big 3] [--legacy 20]
"""

import argparse
import importlib.util
import math
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from gin_ref.club.pairing import promised_swiss, round_robin_rounds, swiss  # noqa: E402


def load_pairing(root: Path):
    """The ``swiss`` function of the gin-ref at ``root`` (its pairing module uses only the standard library)."""
    spec = importlib.util.spec_from_file_location("before_pairing", root / "gin_ref" / "club" / "pairing.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.swiss


def play_event(players, total, seed, pair):
    """One event paired by ``pair(players, points, paired, byes, placed) -> (pairs, bye, seconds, today)``:
    (rematches, second byes, rounds whose pairing is today's, the slowest round in seconds)."""
    rng = random.Random(seed)
    points, byes, met, paired = dict.fromkeys(players, 0), {}, set(), []
    rematches = second_byes = kept = 0
    slowest = 0.0
    for _ in range(total):
        placed = sorted(players, key=lambda name: (-points[name], players.index(name)))
        pairs, bye, seconds, today = pair(players, points, paired, dict(byes), placed, met)
        slowest = max(slowest, seconds)
        kept += today
        for first, second in pairs:
            rematches += frozenset((first, second)) in met
            met.add(frozenset((first, second)))
            roll = rng.random()
            if roll < 0.1:
                points[first] += 1
                points[second] += 1
            else:
                points[first if roll < 0.55 else second] += 2
        if bye is not None:
            second_byes += byes.get(bye, 0) > 0
            byes[bye] = byes.get(bye, 0) + 1
            points[bye] += 2
        paired.append((pairs, bye))
    return rematches, second_byes, kept, slowest


def before_pair(swiss_before):
    def pair(players, points, paired, byes, placed, met):
        start = time.perf_counter()
        pairs, bye = swiss_before(players, points, set(met), byes, placed)
        return pairs, bye, time.perf_counter() - start, True
    return pair


def after_pair(total):
    def pair(players, points, paired, byes, placed, met):
        start = time.perf_counter()
        chosen = promised_swiss(players, points, paired, total, byes, placed)
        seconds = time.perf_counter() - start
        today = (chosen.pairs, chosen.bye) == swiss(players, points, set(met), byes, placed)
        return chosen.pairs, chosen.bye, seconds, today
    return pair


def sizes(text):
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=10000, help="random events per field")
    parser.add_argument("--sizes", default="4-16", help="fields, as 4-16 or 8")
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the gin-ref tree paired 'before'")
    parser.add_argument("--big", type=int, default=3, help="200-player events timed (0: none)")
    parser.add_argument("--legacy", type=int, default=20, help="16-player events paired before, timed (0: none)")
    args = parser.parse_args()
    swiss_before = load_pairing(args.root)
    print(f"{args.events} random events per field; before: {args.root}; after: {HERE.parent}")
    print(f"{'players':>7} {'rounds':>6}  {'before: rematches':>21} {'second byes':>15}  "
          f"{'after: rematches':>20} {'second byes':>15}  {'today kept':>10} {'slowest':>8}")
    for count in sizes(args.sizes):
        players = [f"P{i:02d}" for i in range(count)]
        total = round_robin_rounds(count)
        figures = {}
        for side, pair in (("before", before_pair(swiss_before)), ("after", after_pair(total))):
            events_r = events_b = rematches = second = kept = 0
            slowest = 0.0
            for number in range(args.events):
                r, b, k, s = play_event(players, total, count * 1_000_003 + number, pair)
                events_r += r > 0
                events_b += b > 0
                rematches, second, kept = rematches + r, second + b, kept + k
                slowest = max(slowest, s)
            figures[side] = (events_r, rematches, events_b, second, kept, slowest)
        b, a = figures["before"], figures["after"]
        rounds = args.events * total
        print(f"{count:>7} {total:>6}  {f'{b[0]} events, {b[1]}':>21} {f'{b[2]} events, {b[3]}':>15}  "
              f"{f'{a[0]} events, {a[1]}':>20} {f'{a[2]} events, {a[3]}':>15}  "
              f"{a[4] / rounds:>10.1%} {a[5]:>7.3f}s", flush=True)
    for total in ((math.ceil(math.log2(200)), 30) if args.big else ()):
        players = [f"P{i:03d}" for i in range(200)]
        slowest = 0.0
        kept = 0
        for number in range(args.big):
            _, _, k, s = play_event(players, total, 200 * 1_000_003 + number, after_pair(total))
            slowest, kept = max(slowest, s), kept + k
        print(f"200 players, {total} rounds, {args.big} events: the slowest round {slowest:.3f}s; "
              f"today's pairing kept in {kept / (args.big * total):.1%} of the rounds", flush=True)
    if args.legacy:
        players, total = [f"P{i:02d}" for i in range(16)], 15
        slowest, noted, rounds = 0.0, 0, 0

        def legacy(players, points, paired, byes, placed, met):
            nonlocal slowest, noted, rounds
            start = time.perf_counter()
            chosen = promised_swiss(players, points, paired, total, byes, placed)
            slowest = max(slowest, time.perf_counter() - start)
            noted, rounds = noted + (chosen.note is not None), rounds + 1
            return before_pair(swiss_before)(players, points, paired, byes, placed, met)

        for number in range(args.legacy):
            play_event(players, total, 16 * 1_000_003 + number, legacy)
        print(f"16 players, 15 rounds, {args.legacy} events paired before: promised_swiss on their rounds, the "
              f"slowest {slowest:.3f}s; {noted} of {rounds} rounds noted (no completion left)", flush=True)


if __name__ == "__main__":
    main()

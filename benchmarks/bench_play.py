"""How fast does the session answer? ``python benchmarks/bench_play.py [--hands 30] [--repeat 3]``

Drives one ``gin-ref play`` session (in this process, as the session runs: no process start per entry)
through a whole match of ``--hands`` hands: ``new``, then for each hand ``deal --upcard``, any refused
knock, and the knock with both hands' cards (or ``dead``), a ``tally`` every ten hands and an ``undo`` and
the knock again once. Every entry is timed as the session answers it: the read under the lock, the
command (read, replay, settle, atomic write with fsync), and the read after. Prints the median and the
worst entry (target: at most 20 ms each on a 30-hand match), the same with the status line worked out
after each entry as on a terminal, the CPU time (what an idle machine would take, but for the disk), and
the cost of judging the cards typed, per keystroke; then the same match typed as table lines (one line a
hand that deals and settles it: ``9H Ann "cards" "cards"``), with the status line.

The commands' output goes to /dev/null. The match is the one ``make_match.py`` plays (seed 2).
"""

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from make_match import make_match  # noqa: E402

from gin_ref.cli import main as group  # noqa: E402
from gin_ref.files import matchfile  # noqa: E402
from gin_ref.cli.session import Session  # noqa: E402
from gin_ref.cli.status import standing, typed_status  # noqa: E402

TARGET = 0.020


def script(hands):
    """The lines a scorekeeper types for the match ``make_match`` plays: ``[(line, kind)]``."""
    match = make_match(hands, seed=2)
    lines = [(f"new --date {dict(match.record.head)['date']} --dealer {dict(match.record.head)['start']['dealer']} "
              f"--rules {{rules}} {' '.join(match.players)}", "new")]
    for entry in matchfile.written(match)["hands"]:  # each hand as the file holds it
        lines.append((f"deal --upcard {entry['upcard']}", "deal"))
        for item in entry.get("irregularities") or []:
            if item["kind"] == "illegal_knock":
                lines.append((f"knock {item['player']} \"{' '.join(item['cards'])}\" "
                              f"--defender \"{' '.join(entry['defender_cards'])}\"", "refused knock"))
        if entry["result"] == "dead":
            lines.append(("dead", "dead"))
        else:
            knock = (f"knock {entry['knocker']} \"{' '.join(entry['knocker_cards'])}\" "
                     f"--defender \"{' '.join(entry['defender_cards'])}\"")
            lines.append((knock, "knock"))
            if entry["number"] == hands // 2:
                lines += [("undo", "undo"), (knock, "knock")]
        if entry["number"] % 10 == 0:
            lines.append(("tally", "tally"))
    return match, lines


def table_script(match, hands):
    """The same match typed as table lines (docs/play.md#the-table-line): one line a hand that deals and
    settles it (``9H Ann "cards" "cards"``, ``9H dead``), the refused knocks left out."""
    lines = [(f"new --date {dict(match.record.head)['date']} --dealer {dict(match.record.head)['start']['dealer']} "
              f"--rules {{rules}} {' '.join(match.players)}", "new")]
    for entry in matchfile.written(match)["hands"]:  # each hand as the file holds it
        if entry["result"] == "dead":
            lines.append((f"{entry['upcard']} dead", "table line, dead"))
        else:
            lines.append((f"{entry['upcard']} {entry['knocker']} \"{' '.join(entry['knocker_cards'])}\" "
                          f"\"{' '.join(entry['defender_cards'])}\"", "table line"))
        if entry["number"] % 10 == 0:
            lines.append(("tally", "tally"))
    return lines


def rules_file(folder, match):
    """A rules file holding the benchmark match's rules (Oklahoma with the target raised)."""
    import yaml

    path = folder / "rules.yaml"
    path.write_text(yaml.safe_dump({"extends": "oklahoma",
                                    "target": match.rules.target}), encoding="utf-8")
    return path


def drive(lines, path, with_status):
    """One session through every line: the seconds each entry took, and the exit codes."""
    session = Session(str(path), group)
    times, cpu, codes = [], [], []
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        for line, _kind in lines:
            start, start_cpu = time.perf_counter(), time.process_time()
            codes.append(session.entry(line))
            if with_status:
                standing(session.state())
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    return session, times, cpu, codes


def keystrokes(session, line):
    """The status line's cost per keystroke while ``line`` is typed, character by character."""
    match = session.state()
    start = time.perf_counter()
    for end in range(1, len(line) + 1):
        typed_status(line[:end], end, match, session.lookup)
    return (time.perf_counter() - start) / len(line)


def report(label, times, kinds):
    ordered = sorted(range(len(times)), key=lambda i: times[i])
    worst = ordered[-1]
    median = statistics.median(times)
    mark = "ok" if times[worst] <= TARGET else "SLOW"
    print(f"  {label}: median {median * 1000:.1f} ms, worst {times[worst] * 1000:.1f} ms "
          f"(entry {worst + 1}, {kinds[worst]}) (target <= {TARGET * 1000:.0f} ms: {mark})")
    for kind in sorted(set(kinds)):
        mine = [t for t, k in zip(times, kinds) if k == kind]
        print(f"      {kind:<14} {len(mine):3d} entries, median {statistics.median(mine) * 1000:5.1f} ms, "
              f"worst {max(mine) * 1000:5.1f} ms")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30, help="hands in the match (default 30)")
    parser.add_argument("--repeat", type=int, default=3, help="sessions run; each entry's best is shown")
    args = parser.parse_args(argv)
    match, lines = script(args.hands)
    kinds = [kind for _line, kind in lines]
    print(f"gin-ref play: one session through a {args.hands}-hand match, {len(lines)} entries, "
          f"Python {sys.version.split()[0]}, best of {args.repeat} sessions per entry")
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        rules = rules_file(folder, match)
        lines = [(line.replace("{rules}", str(rules)), kind) for line, kind in lines]
        for label, with_status in (("entries", False), ("entries with the status line", True)):
            best, best_cpu, worst_any = None, None, (0.0, 0)
            for run in range(args.repeat):
                path = folder / f"m{run}-{with_status}.yaml"
                session, times, cpu, codes = drive(lines, path, with_status)
                bad = [(line, code) for (line, kind), code in zip(lines, codes)
                       if code != (1 if kind == "refused knock" else 0)]
                if bad:
                    raise SystemExit(f"unexpected exit codes: {bad[:3]}")
                best = times if best is None else [min(a, b) for a, b in zip(best, times)]
                best_cpu = cpu if best_cpu is None else [min(a, b) for a, b in zip(best_cpu, cpu)]
                worst_any = max(worst_any, max((t, i + 1) for i, t in enumerate(times)))
            report(label, best, kinds)
            print(f"      (the slowest entry of any of the {args.repeat} sessions: {worst_any[0] * 1000:.1f} ms, "
                  f"entry {worst_any[1]}, {kinds[worst_any[1] - 1]}; CPU time per entry: median "
                  f"{statistics.median(best_cpu) * 1000:.1f} ms, worst {max(best_cpu) * 1000:.1f} ms: the rest is "
                  "waiting for the disk, fsync, and for the other programs on the machine)")
        table = [(line.replace("{rules}", str(rules)), kind) for line, kind in table_script(match, args.hands)]
        best, best_cpu = None, None
        for run in range(args.repeat):
            session, times, cpu, codes = drive(table, folder / f"t{run}.yaml", True)
            if any(codes):
                raise SystemExit(f"unexpected exit codes: {codes}")
            best = times if best is None else [min(a, b) for a, b in zip(best, times)]
            best_cpu = cpu if best_cpu is None else [min(a, b) for a, b in zip(best_cpu, cpu)]
        report(f"the same match as table lines, with the status line ({len(table)} entries)", best,
               [kind for _line, kind in table])
        print(f"      (CPU time per entry: median {statistics.median(best_cpu) * 1000:.1f} ms, worst "
              f"{max(best_cpu) * 1000:.1f} ms)")
        knock = next(line for line, kind in reversed(lines) if kind == "knock")
        per_key = keystrokes(session, knock)
        print(f"  the status line while typing a knock ({len(knock)} keystrokes): "
              f"{per_key * 1e6:.0f} µs per keystroke")


if __name__ == "__main__":
    main()

"""How many keys does a hand cost? ``python benchmarks/keystrokes.py [--seed 7]``

Replays one club evening of 30 hands between Ann and Ben under the Oklahoma rules: 23 routine knocks given
by count, 3 gins, 1 undercut by count, 2 dead hands and 1 disputed knock given by cards (both sides quoted).
Every line is typed twice and checked as it goes: once in ``gin-ref play`` (the session, in this process,
as on a terminal: the table line, ``9h b 5 23``) and once on the shell (after ``gin-ref ``, with
$GIN_REF_MATCH naming the file: ``k -u 9h b 5 23``). A match that ends (first to 100) is followed by the
next one, started as the scorekeeper would (``new --dealer ... Ann Ben``; not a hand, not counted in the
medians). Each line must be answered with exit 0 and the hands recorded must match the evening.

Every character typed counts, Enter included (no Tab is needed). Prints the keys of each kind of hand
and the median per routine hand, against the targets: at most 10 in ``play``, at most 25 on the shell.
"""

import argparse
import contextlib
import io
import json
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from click.testing import CliRunner  # noqa: E402

from gin_ref.cli import main as group  # noqa: E402
from gin_ref.cli.session import Session  # noqa: E402

PLAY_TARGET, SHELL_TARGET = 10, 25
UPCARDS = [rank + suit for rank in "56789TJQK" for suit in "HDC"]  # no spade: no doubled hands
KNOCKER = "A-3S 4HDC 7-9C 6D"  # the disputed hand: Ben's 6 against Ann's cards, an undercut after a layoff
DEFENDER = "5H 5S 5C TH JH QH 2D 3D 4S AC"


def evening(seed):
    """The 30 hands: ``(kind, upcard, knocker, knocker's count, defender's count)``, in a shuffled order."""
    rng = random.Random(seed)
    kinds = ["routine"] * 23 + ["gin"] * 3 + ["undercut", "dead", "dead", "disputed"]
    rng.shuffle(kinds)
    hands = []
    for kind in kinds:
        upcard = rng.choice(UPCARDS)
        limit = 10 if upcard[0] in "TJQK" else int(upcard[0])
        who = rng.choice(["Ann", "Ben"])
        if kind == "routine":
            hands.append((kind, upcard, who, rng.randint(1, min(limit, 9)), rng.randint(11, 39)))
        elif kind == "gin":
            hands.append((kind, upcard, who, 0, rng.randint(11, 39)))
        elif kind == "undercut":
            mine = rng.randint(3, min(limit, 9))
            hands.append((kind, upcard, who, mine, rng.randint(1, mine)))
        elif kind == "dead":
            hands.append((kind, upcard, None, None, None))
        else:
            hands.append((kind, "KH", "Ben", None, None))
    return hands


def lines_for(hand):
    """What is typed for one hand: ``(play line, shell line)``."""
    kind, upcard, who, mine, theirs = hand
    up = upcard.lower()
    if kind == "dead":
        return f"{up} dead", f"dead -u {up}"
    if kind == "disputed":
        return (f'{up} {who[0].lower()} "{KNOCKER}" -d "{DEFENDER}"',  # not a table line: the command itself
                f'k -u {up} {who[0].lower()} {KNOCKER} -d "{DEFENDER}"')
    count = "gin" if kind == "gin" else str(mine)
    return f"{up} {who[0].lower()} {count} {theirs}", f"k -u {up} {who[0].lower()} {mine} {theirs}"


def play_lines(hand):
    """The play line, with the disputed hand typed as the command (the table line takes one quoted group a
    side: both quoted, as the evening has it)."""
    kind, upcard, who, _mine, _theirs = hand
    if kind == "disputed":
        return f'{upcard.lower()} {who[0].lower()} "{KNOCKER}" "{DEFENDER}"'
    return lines_for(hand)[0]


def replay(hands, folder, shell):
    """Type the evening into ``folder``; returns the keys of each hand and the matches started."""
    keys, matches, session, path = [], 0, None, None
    runner = CliRunner()
    for hand in hands:
        line = lines_for(hand)[1] if shell else play_lines(hand)
        if path is None or _finished(path):
            matches += 1
            path = os.path.join(folder, f"{'shell' if shell else 'play'}-{matches}.yaml")
            _run(runner, ["new", "--match", path, "--dealer", "Ann", "Ann", "Ben"])
            session = Session(path, group)
        if shell:
            import shlex

            _run(runner, shlex.split(line), env={"GIN_REF_MATCH": path})
        else:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                code = session.entry(line)
            if code != 0:
                raise SystemExit(f"play: {line!r} answered {code}:\n{out.getvalue()}")
        keys.append(len(line) + 1)  # Enter
        _check(path, hand)
    return keys, matches


def _run(runner, args, env=None):
    result = runner.invoke(group, args, env=env)
    if result.exit_code != 0:
        raise SystemExit(f"gin-ref {' '.join(args)} exited {result.exit_code}:\n{result.output}")


def _tally(path):
    result = CliRunner().invoke(group, ["tally", "--match", path, "--json"])
    return json.loads(result.output)


def _finished(path):
    return _tally(path)["finished"]


def _check(path, hand):
    """The hand recorded is the one typed: its result, knocker and points."""
    kind, _upcard, who, mine, theirs = hand
    last = _tally(path)["hands"][-1]
    want = {"routine": "knock", "gin": "gin", "undercut": "undercut", "dead": "dead", "disputed": "undercut"}[kind]
    if last["result"] != want or (who is not None and last["knocker"] != who):
        raise SystemExit(f"{hand}: recorded as {last['result']} by {last['knocker']}")
    if kind in ("routine", "gin") and last["points"] != theirs - mine + (25 if kind == "gin" else 0):
        raise SystemExit(f"{hand}: recorded {last['points']} points")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    hands = evening(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        play_keys, play_matches = replay(hands, folder, shell=False)
        shell_keys, shell_matches = replay(hands, folder, shell=True)
    print(f"a 30-hand evening, Ann v Ben, oklahoma rules (seed {args.seed}): {play_matches} match(es) played")
    routine = [i for i, hand in enumerate(hands) if hand[0] == "routine"]
    for name, keys, target in (("play", play_keys, PLAY_TARGET), ("shell", shell_keys, SHELL_TARGET)):
        median = statistics.median(keys[i] for i in routine)
        by_kind = {}
        for hand, count in zip(hands, keys):
            by_kind.setdefault(hand[0], []).append(count)
        kinds = ", ".join(f"{kind} {statistics.median(counts):g}" for kind, counts in sorted(by_kind.items()))
        print(f"{name:<6} median keys per routine hand: {median:g} (target <= {target}: "
              f"{'met' if median <= target else 'NOT met'}); medians by kind: {kinds}; the evening: "
              f"{sum(keys)} keys")
        print(f"       e.g. {(play_lines if name == 'play' else lambda h: lines_for(h)[1])(hands[routine[0]])!r}")


if __name__ == "__main__":
    main()

"""Instructions one replay of a record costs, counted by valgrind (steady where the clock of a shared machine
is not): ``python benchmarks/bench_replay_instructions.py [--hands 2000] [--root CHECKOUT]``.

A record of ``--hands`` hands (``make_match.py``, seed 1) is replayed in one process as ``verify`` checks it,
and settled again from hand 1 on as an ``amend`` of hand 1 does (every other hand's knock known); each count is
the instructions of two replays less those of none, halved (reading the file and start-up left out).
``--root``: the checkout whose ``gin_ref`` is measured (default this one), to compare with the code before.
Needs valgrind on PATH.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _child(root, path, mode, times):
    sys.path.insert(0, root)
    from gin_ref.files import matchfile
    try:
        from gin_ref.files.matchfile import replay_data as replay  # the first reading in files/ (#36 item 1)
    except ImportError:  # a checkout before it: the replay of the mapping
        from gin_ref.match.replay import replay  # type: ignore[attr-defined, no-redef]

    data, _version = matchfile.parse(Path(path).read_text(encoding="utf-8"))
    known = None
    if mode == "settle":
        state = replay(data)[0]
        known = {i: s for i, s in state.settlements.items() if i != 0}
    for _ in range(times):
        replay(data) if mode == "check" else replay(data, 0, known)


def _count(root, path, mode, times):
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           __file__, "--child", root, path, mode, str(times)], capture_output=True, text=True, env=env)
    for line in done.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1])
    raise SystemExit(f"valgrind gave no count: {done.stderr[-400:]}")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        return _child(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--root", default=str(HERE.parent))
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not on PATH")
    sys.path.insert(0, str(HERE.parent))
    sys.path.insert(0, str(HERE))
    from make_match import make_match
    from gin_ref.files import matchfile

    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "record.yaml")
        matchfile.write_atomic(path, matchfile.dumps(make_match(args.hands, seed=1).record))
        print(f"gin_ref from {args.root}, a record of {args.hands} hands (valgrind, instructions per replay)")
        for mode, what in (("check", "checked (verify)"), ("settle", "settled from hand 1 (amend of hand 1)")):
            none, two = _count(args.root, path, mode, 0), _count(args.root, path, mode, 2)
            print(f"  {what:<40} {(two - none) / 2 / 1e6:8.1f} M")


if __name__ == "__main__":
    main()

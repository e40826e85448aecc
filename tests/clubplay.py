"""Matches of known final scores for the club tests, recorded with real cards (tests/hands.py), under the
standard rules (knock limit 10, gin 25, undercut 10, target 100, no game bonus: the final score is the
total). Each plan is the hands of one match, ``(W|L, knocker deadwood, defender deadwood)``:

- ``126-0``: W gin against 71 (25 + 71 = 96), W knock 5 against 35 (30): 126 to 0.
- ``108-30``: L knock 5 against 35 (30), W gin against 71 (96), W knock 5 against 17 (12): 108 to 30.
- ``108-18``: L knock 5 against 23 (18), W gin (96), W knock 5 against 17 (12): 108 to 18.
"""

from hands import DEFENDER, KNOCKER

PLANS = {
    "126-0": [("W", 0, 71), ("W", 5, 35)],
    "108-30": [("L", 5, 35), ("W", 0, 71), ("W", 5, 17)],
    "108-18": [("L", 5, 23), ("W", 0, 71), ("W", 5, 17)],
}


def hands_of(plan, winner, loser):
    """``(knocker, knocker's cards, defender's cards)`` for each hand of a plan."""
    return [(winner if who == "W" else loser, KNOCKER[k], DEFENDER[(k, d)]) for who, k, d in PLANS[plan]]


def record_match(run, path, winner, loser, plan):
    """Record a plan in the match file ``path`` through the CLI (``run(*args)`` invokes gin-ref and
    checks it exits 0): deal and knock, hand by hand."""
    for knocker, cards, defender in hands_of(plan, winner, loser):
        run("deal", "--match", str(path), "--upcard", "7D")
        run("knock", "--match", str(path), knocker, cards, "--defender", defender)


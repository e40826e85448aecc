"""Records good and damaged at their top level, for tests/test_top_problems.py: every match file under
examples/, events/ and tests/, two records made by gin-ref's own steps (a deal refused, an undo, a redo, an
amend of a hand; a result-only record, sealed, its result amended), and copies of four of them damaged in
their head, their result, their deals refused and their corrections, one part at a time and several at once.

``problems(data)`` is what each gives: the problems of a lenient read in the order the replay says them
(``matchfile.checked``: what ``verify`` lists, by line, and ``tally`` refuses with), and the first problem
of a strict read (``matchfile.match_of``: ``--strict``, an action's refusal). The expectation
(tests/expected/top_problems.json) was written by main's code before the first reading of the top level
moved to files/ (#36 item 1, step (0)): ``python tests/topcases.py > tests/expected/top_problems.json``.
"""

import copy
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

NOW = "2024-05-01T20:00:00+00:00"


def files():
    return sorted(path for folder in ("examples", "events", "tests") for path in (ROOT / folder).rglob("*.yaml")
                  if "\nformat: gin-ref-match/" in path.read_text(encoding="utf-8"))


def made():
    """Two records made by gin-ref's own steps: ``hands`` (a deal refused, an undo, a redo, an amend) and
    ``paper`` (a result, sealed, amended)."""
    from gin_ref.files import seals
    from gin_ref.files.matchfile import written
    from gin_ref.files.rulesfile import load_rules
    from gin_ref.match.amend import amend
    from gin_ref.match.model import Match
    from gin_ref.match.resultonly import paper_result

    from hands import DEFENDER, KNOCKER

    hands = Match.new(["Ann", "Ben"], load_rules(None), "2024-05-01", dealer="Ann")
    hands.deal("9H", dealer="Ben")
    hands.deal("7D")
    hands.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)])
    hands.undo(hands.newest_step(), NOW)
    hands.redo(hands.redo_step(), NOW)
    hands.amend(amend(hands, 1, dead=True), NOW)
    hands.deal("4C")
    paper = Match.new(["Ann", "Ben"], load_rules("standard"), "2024-05-01", dealer="Ann")
    paper.put_result(paper_result(paper.players, paper.rules, [("Ann", "154"), ("Ben", "24")]))
    paper.amend_result(paper_result(paper.players, paper.rules, [("Ann", "160"), ("Ben", "20")]), NOW)
    records = {"made/hands": written(hands), "made/paper": written(paper)}
    for data in records.values():
        seals.reseal(data)
    return {name: json.loads(json.dumps(data)) for name, data in records.items()}


def _set(path, value):
    def edit(data):
        *parents, last = path
        for key in parents:
            data = data[key]
        if value is _DELETE:
            del data[last]
        else:
            data[last] = value
    return edit


def _all(*edits):
    def edit(data):
        for one in edits:
            one(data)
    return edit


_DELETE = object()
WRONG_DEALER = {"kind": "wrong_dealer", "hand": 2, "player": "Ann"}

# (name, edit): each damages one part of the top level, or several at once
HEAD = [
    ("format-missing", _set(["format"], _DELETE)), ("format-9", _set(["format"], "gin-ref-match/9")),
    ("format-number", _set(["format"], 5)), ("unknown-top-key", _set(["colour"], "red")),
    ("date-bad", _set(["date"], "yesterday")), ("date-missing", _set(["date"], _DELETE)),
    ("players-missing", _set(["players"], _DELETE)), ("players-one", _set(["players"], ["Ann"])),
    ("rules-name", _set(["rules", "name"], 7)), ("rules-extra", _set(["rules", "colour"], 1)),
    ("knob-unknown", _set(["rules", "knobs", "colour"], 1)), ("knob-missing", _set(["rules", "knobs", "target"], _DELETE)),
    ("knob-bad", _set(["rules", "knobs", "gin_bonus"], "x")), ("rules-not", _set(["rules"], [])),
    ("start-missing", _set(["start"], _DELETE)), ("start-extra", _set(["start", "colour"], 1)),
    ("start-drawn", _set(["start", "drawn"], "yes")), ("hands-not", _set(["hands"], {})),
    ("hands-missing", _set(["hands"], _DELETE)), ("corrections-missing", _set(["corrections"], _DELETE)),
]
START_TWO = [("dealer-nobody", _set(["start", "dealer"], "Zed"))]
START_THREE = [("box-nobody", _set(["start", "box"], "Zed")), ("draw-bad", _set(["start", "draw"], "7D")),
               ("draw-wrong", _set(["start", "draw"], {"Ann": "2C", "Ben": "3C", "Cal": "KC"}))]
RESULT = [
    ("result-not", _set(["result"], [1])), ("result-key", _set(["result", "colour"], 1)),
    ("result-scores", _set(["result", "scores"], {"Ann": 160})), ("result-winner", _set(["result", "winner"], "Ben")),
    ("result-no-winner", _set(["result", "winner"], _DELETE)), ("result-won", _set(["result", "hands_won"], {"Ann": -1})),
    ("result-tie", _set(["result", "scores"], {"Ann": 160, "Ben": 160})),
    ("result-impossible", _set(["result", "scores"], {"Ann": 1000, "Ben": 0})),
    ("result-with-hands", _set(["hands"], [{"number": 1}])),
    ("result-hollywood", _set(["rules", "knobs", "scoring"], "hollywood")),
]
REFUSED = [
    ("refused-not", _set(["irregularities"], "x")), ("refused-item", _set(["irregularities"], ["x"])),
    ("refused-kind", _set(["irregularities"], [{"kind": "colour", "hand": 2}])),
    ("refused-hand", _set(["irregularities"], [{"kind": "wrong_dealer", "hand": "two", "player": "Ann"}])),
    ("refused-late", _set(["irregularities"], [{"kind": "wrong_dealer", "hand": 99, "player": "Ann"}])),
    ("refused-key", _set(["irregularities"], [dict(WRONG_DEALER, colour=1)])),
    ("refused-nobody", _set(["irregularities"], [dict(WRONG_DEALER, player="Zed")])),
    ("refused-detail", _set(["irregularities"], [dict(WRONG_DEALER, detail=5)])),
    ("refused-several", _set(["irregularities"], ["x", dict(WRONG_DEALER, hand=1), {"kind": "colour", "hand": 3},
                                                  dict(WRONG_DEALER, hand=3, player="Zed"), dict(WRONG_DEALER, hand=0),
                                                  dict(WRONG_DEALER, hand=50)])),
]
CORRECTIONS = [
    ("corrections-not", _set(["corrections"], {})), ("correction-item", _set(["corrections"], ["x", 5])),
    ("correction-no-date", _set(["corrections"], [{"kind": "redo"}])),
    ("correction-key", _set(["corrections"], [{"kind": "redo", "date": NOW, "colour": 1}])),
    ("correction-date", _set(["corrections"], [{"kind": "redo", "date": "soon"}])),
    ("correction-words", _set(["corrections"], [{"undone": 5, "date": NOW, "entry": {}}])),
    ("correction-steps", _set(["corrections"], [{"kind": "redo", "date": NOW, "steps": [1]}])),
    ("correction-step", _set(["corrections"], [{"kind": "redo", "date": NOW, "step": {"kind": 1}}])),
    ("correction-amend", _set(["corrections"], [{"kind": "amend", "date": NOW, "entry": {}}])),
    ("correction-hands", _set(["corrections"], [{"kind": "amend", "date": NOW, "entry": {}, "hand": 1, "hands": 90,
                                                 "steps": [3, 3]}])),
    ("correction-kind", _set(["corrections"], [{"kind": "colour", "date": NOW}])),
]


def _several(parts):
    return [("several-" + "-".join(name for name, _ in parts), _all(*(edit for _, edit in parts)))]


def cases():
    """``{name: data}``: every record here, as read, and the damaged copies."""
    from gin_ref.files import matchfile

    records = {str(path.relative_to(ROOT)): matchfile.parse(path.read_text(encoding="utf-8"), path)[0]
               for path in files()}
    records.update(made())
    found = dict(records)
    bases = {"tests/records/format-2/turns.yaml": HEAD + START_TWO + REFUSED + CORRECTIONS,
             "tests/records/format-2/three.yaml": HEAD + START_THREE + REFUSED + CORRECTIONS,
             "made/hands": HEAD + START_TWO + REFUSED + CORRECTIONS + RESULT[:1],
             "made/paper": HEAD + START_TWO + RESULT + REFUSED[:3] + CORRECTIONS[:3]}
    together = _several([HEAD[4], HEAD[3], REFUSED[8], CORRECTIONS[1]]) + \
        _several([HEAD[10], RESULT[3], CORRECTIONS[4], REFUSED[1]]) + \
        _several([HEAD[5], START_TWO[0], CORRECTIONS[9], REFUSED[6]]) + \
        _several([CORRECTIONS[3], RESULT[1], RESULT[7], HEAD[0]])
    for base, edits in bases.items():
        for name, edit in edits + together:
            data = copy.deepcopy(records[base])
            try:
                edit(data)
            except (KeyError, TypeError):
                continue  # a part this record does not hold
            found[f"{base}+{name}"] = data
    return found


def _said(problem):
    where, message = problem
    return [list(where), str(message)]


def problems(data):
    """``{"checked": [[where, said]...], "strict": [where, said] or None}``."""
    from gin_ref.core.errors import RecordError
    from gin_ref.files import matchfile

    checked = [_said(problem) for problem in matchfile.checked(copy.deepcopy(data)).problems]
    try:
        matchfile.match_of(copy.deepcopy(data))
        strict = None
    except RecordError as exc:
        strict = [list(exc.where or ()), str(exc.message)]
    except AssertionError as exc:  # main's code before step (0): a part the replay never read (a result-only
        strict = ["AssertionError", str(exc)]  # record's deals refused) failed in the writer's reader
    return {"checked": checked, "strict": strict}


def expectation():
    return {name: problems(data) for name, data in cases().items()}


if __name__ == "__main__":
    json.dump(expectation(), sys.stdout, indent=0, ensure_ascii=False, sort_keys=True)
    sys.stdout.write("\n")

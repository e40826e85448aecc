"""A problem's line comes from the typed record (#36 item 1): every value read from a match file carries its
line there (a hand its own, its keys' and its turns'; an irregularity's item and a ruling their keys'; the
top level's in ``Record.lines``), and ``matchtop.line_of`` walks them. For every record under examples/,
events/ and tests/, and for hand edits of them with problems at every depth (flow style, comments, CRLF),
every problem's line, and every key path the checks can name, is the same through the typed values as
through the parsed data (``yamldata.line_of``)."""

from pathlib import Path

import pytest
import yaml

from gin_ref.files import matchfile, matchtop, yamlread
from gin_ref.files.yamldata import LineDict, LineList, line_of as parsed_line_of
from gin_ref.match.model import check_record

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted(path for folder in ("examples", "events", "tests") for path in (ROOT / folder).rglob("*.yaml")
                 if "\nformat: gin-ref-match/" in path.read_text(encoding="utf-8"))
TYPED_BELOW = ("turns", "irregularities", "ruling")  # a hand's keys whose items and keys carry lines


def _read(text):
    """The parsed data, the typed Record and the problems of a match file's text (as ``checks_read``)."""
    data, _reader = yamlread.parse(text)
    matchfile.read_version(data, text)
    reading = matchtop.read(data)
    problems, _match = check_record(reading)
    return data, reading.record, problems


def _paths(node, where=()):
    """Every key path into the parsed data."""
    if isinstance(node, LineDict):
        for key, value in node.items():
            yield where + (key,)
            yield from _paths(value, where + (key,))
    elif isinstance(node, LineList):
        for i, value in enumerate(node):
            yield where + (i,)
            yield from _paths(value, where + (i,))


def _named(record, where):
    """Can a problem name this path? (Below a hand's typed fact, such as a card of its cards, no check points:
    its line is the key's. Below a correction's keys, likewise.)"""
    if len(where) > 3 and where[0] == "hands" and isinstance(record.hands[where[1]], tuple) and \
            where[2] not in TYPED_BELOW:
        value = getattr(record.hands[where[1]], where[2], None) if isinstance(where[2], str) else None
        return type(value).__name__ == "AsWritten"
    return not (len(where) > 3 and where[0] == "corrections")


def _same_lines(text):
    data, record, problems = _read(text)
    if record is None:  # the head does not read: its problems keep the parsed data's lines
        return 0
    assert problems == [] or all(matchtop.line_of(record, p.where) == parsed_line_of(data, p.where)
                                 for p in problems), [(p.where, matchtop.line_of(record, p.where),
                                                       parsed_line_of(data, p.where)) for p in problems
                                                      if matchtop.line_of(record, p.where) != parsed_line_of(data, p.where)]
    checked = 0
    for where in [()] + list(_paths(data)):
        for path in (where, where + ("no such key",), where + (7,)):
            if _named(record, path):
                assert matchtop.line_of(record, path) == parsed_line_of(data, path), path
                checked += 1
    return checked + len(problems)


@pytest.mark.parametrize("path", RECORDS, ids=[str(path.relative_to(ROOT)) for path in RECORDS])
def test_every_line_is_the_same_through_the_typed_values(path):
    text = path.read_text(encoding="utf-8")
    assert _same_lines(text) > 0
    for edited in _edits(text):
        _same_lines(edited)


def _edits(text):
    """Hand edits of a record, with problems at many depths, each as block text, flow style, with comments
    and blank lines, and read from CRLF bytes."""
    base = yaml.safe_load(text)
    for edit in EDITS:
        data = yaml.safe_load(text)
        edit(data, base)
        for flow in (False, None):
            edited = yaml.safe_dump(data, sort_keys=False, default_flow_style=flow, allow_unicode=True)
            yield edited
        commented = "# a comment\n\n" + edited.replace("\n  ", "\n  # noted\n  ", 3)
        yield commented
        yield matchfile.decode(commented.replace("\n", "\r\n").encode("utf-8"), "edit")


def _hand(data, n=0):
    hands = data.get("hands") or []
    return hands[n] if len(hands) > n and isinstance(hands[n], dict) else {}


def _wrong_total(data, base):
    for hand in data.get("hands") or []:
        if isinstance(hand.get("totals"), dict):
            name = next(iter(hand["totals"]))
            hand["totals"][name] += 1


def _bad_irregularity(data, base):
    players = data["players"]
    _hand(data).setdefault("irregularities", []).extend([
        {"kind": "illegal_knock", "player": players[0], "cards": ["ZZ", "9h"], "points": "x"},
        {"kind": "out_of_turn", "player": "Nobody", "action": "fly", "turn": 99, "card": "11X", "odd": 1},
        "a scalar", ["a", "list"], {"kind": "nothing"}])


def _bad_ruling(data, base):
    _hand(data, -1 if len(data.get("hands") or []) > 1 else 0)["ruling"] = {
        "kind": "award", "player": "Nobody", "points": "ten", "reason": 3, "by": None, "date": "2024-05-01",
        "steps": 1, "hands": 99}
    _hand(data)["ruling"] = {"kind": "bogus", "player": None, "points": None, "reason": None, "by": None,
                             "date": None, "steps": 1, "hands": 1, "extra": [1, 2]}


def _bad_correction(data, base):
    data.setdefault("corrections", []).extend([
        {"kind": "undo", "date": "yesterday", "steps": [1], "step": 3, "entry": {"turns": ["x"]}, "odd": 1},
        {"kind": "amend", "date": "2024-05-01T20:00:00+00:00", "hand": 1, "hands": 99, "steps": [1, 2],
         "entry": {"upcard": "9H"}},
        "not a correction"])


def _deals_refused(data, base):
    data["irregularities"] = [{"kind": "wrong_dealer", "hand": 99, "player": "Nobody", "detail": 7, "odd": 1},
                              "a scalar", {"kind": "wrong_dealer", "hand": 1, "player": data["players"][1]},
                              {"kind": "unknown"}]


def _odd_keys(data, base):
    data["odd"] = {"deep": [1]}
    data["rules"]["odd"] = 1
    data["rules"]["knobs"]["target"] = "many"
    if isinstance(data.get("start"), dict):
        data["start"]["odd"] = 1
    _hand(data)["odd"] = [1]
    _hand(data)[3] = "three"
    data["date"] = "someday"


def _bad_turns(data, base):
    hand = _hand(data)
    hand["turns"] = (hand.get("turns") or []) + ["Ann flies", 7]
    second = _hand(data, 1)
    if second:
        second["turns"] = "not a list"
    data.setdefault("hands", []).extend(["junk", ["a", "list"]])


def _bad_head(data, base):
    data["players"] = [data["players"][0], 7]


def _bad_result(data, base):
    data["result"] = {"scores": {data["players"][0]: 100, "Nobody": "x"}, "winner": 3, "odd": 1}


EDITS = (_wrong_total, _bad_irregularity, _bad_ruling, _bad_correction, _deals_refused, _odd_keys, _bad_turns,
         _bad_head, _bad_result)


def test_the_typed_walk():
    """The lines a Record read from a file carries, walked: the top level, a hand, its key, a turn, an
    irregularity's item and its key (typed, and as written), a ruling's key; a key not written gives the
    deepest found; a Record made in memory has none (line 1)."""
    text = ("# a record\n"                                                # 1
            "format: gin-ref-match/3\n"                                   # 2
            "date: '2024-05-01'\n"                                        # 3
            "players: [Ann, Ben]\n"                                       # 4
            "rules:\n"                                                    # 5
            "  name: standard\n"                                          # 6
            "  knobs: {}\n"                                               # 7
            "start:\n"                                                    # 8
            "  dealer: Ann\n"                                             # 9
            "hands:\n"                                                    # 10
            "- number: 1\n"                                               # 11
            "  dealer: Ann\n"                                             # 12
            "  turns:\n"                                                  # 13
            "  - Ben takes 9H\n"                                          # 14
            "  - Ann draws\n"                                             # 15
            "  irregularities:\n"                                         # 16
            "  - kind: out_of_turn\n"                                     # 17
            "    player: Ben\n"                                           # 18
            "    turn: 1\n"                                               # 19
            "    action: draw\n"                                          # 20
            "  - {kind: 7}\n"                                             # 21
            "  ruling: {kind: void, player: null, points: null, reason: null, by: null, date: null, steps: 1,\n"
            "    hands: 1}\n"                                             # 22-23
            "  odd: 1\n"                                                  # 24
            "corrections: []\n")                                          # 25
    data, _reader = yamlread.parse(text)
    record = matchtop.read(data).record
    hand = record.hands[0]
    assert (hand.lines[0], type(hand.irregularities[0]).__name__, type(hand.ruling).__name__) == (11, "Kept", "Ruled")
    walk = {(): 2, ("players", 1): 4, ("rules", "knobs"): 7, ("start", "dealer"): 9, ("hands",): 10,
            ("hands", 0): 11, ("hands", 0, "dealer"): 12, ("hands", 0, "totals"): 11, ("hands", 0, "turns"): 13,
            ("hands", 0, "turns", 1): 15, ("hands", 0, "turns", 2): 13, ("hands", 0, "irregularities", 0): 17,
            ("hands", 0, "irregularities", 0, "action"): 20, ("hands", 0, "irregularities", 0, "card"): 17,
            ("hands", 0, "irregularities", 1, "kind"): 21, ("hands", 0, "ruling", "hands"): 23,
            ("hands", 0, "odd"): 24, ("hands", 1): 10, ("corrections", 0): 25, ("nothing", 1): 2}
    assert {where: matchtop.line_of(record, where) for where in walk} == walk
    assert all(parsed_line_of(data, where) == line for where, line in walk.items())
    # a step's new value (a turn added) finds no line of its own, and moves none of the others
    turned = record._replace(hands=(hand._replace(turns=hand.turns + ("Ben draws",)),))
    assert [matchtop.line_of(turned, ("hands", 0, "turns", n)) for n in (1, 2)] == [15, 13]
    assert matchtop.line_of(turned, ("hands", 0, "irregularities", 1)) == 21
    plain = matchtop.read(yaml.safe_load(text)).record  # made in memory: no lines
    assert plain.lines == () and plain.hands[0].lines == () and matchtop.line_of(plain, ("hands", 0, "dealer")) == 1

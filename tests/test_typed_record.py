"""#36 item 1: the tally, what-if and the start's words read the typed values a replay leaves (the header's
date and start, each hand's setup and what it holds: ``MatchState.played``), never the record's mappings; and
outside match/ and files/ no code reads or changes a hand entry or the record's mapping."""

import ast
import json
from pathlib import Path

from runs import expect
from gin_ref.files import matchfile
from gin_ref.files.rulesfile import load_rules
from gin_ref.match.model import Match
from gin_ref.match.tally import tally_of
from gin_ref.match.whatif import what_if
from gin_ref.views.tally_text import start_text, tally_text


def _played():
    match = Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann")
    match.deal("9H")
    match.knock("Ben", 5, 30)
    match.deal("KS")
    return match


def test_the_tally_reads_the_replay_not_the_hand_entries():
    """The tally of a Match is what its replay read and judged: a hand entry changed in memory after the
    replay (no action writes one so) does not reach it. main read the entries: its tally showed 999."""
    match = _played()
    before = tally_of(match)
    entry = match.hands[0]._replace(totals={"Ann": 999, "Ben": 999}, winner="Ann", points=999, result="gin",
                                    knocker="Ann")
    match.record = match.record._replace(header=match.record.header._replace(date="1999-01-01", dated="1999-01-01"),
                                         hands=(entry,) + match.hands[1:])
    after = tally_of(match)
    assert after == before
    assert after.hands[0].totals == before.hands[0].totals != {"Ann": 999, "Ben": 999}
    assert (after.hands[0].result, after.hands[0].knocker, after.hands[0].winner) == ("knock", "Ben", "Ben")
    assert after.hands[1].result is None and after.hands[1].upcard == "KS"
    assert "2024-05-01" in tally_text(match, "m.yaml")
    assert what_if(match, load_rules("oklahoma")).hands[0].winner == "Ben"


def test_the_header_carries_the_date_and_the_start():
    drawn = Match.new(["Ann", "Ben", "Cid"], load_rules("three-player"), "2024-05-02",
                      draw=["Ann=KS", "Ben=7D", "Cid=2C"])
    header = drawn.state.header
    assert (header.date, header.drawn, header.draw) == ("2024-05-02", False,
                                                         (("Ann", "KS"), ("Ben", "7D"), ("Cid", "2C")))
    drawn.record = drawn.record._replace(header=drawn.record.header._replace(start=()))  # the words come from the
    # header's facts, not from the keys the writer lays out
    assert "from the draw: Ann K♠, Ben 7♦, Cid 2♣" in start_text(drawn, "m.yaml")
    named = Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-03", dealer="Ben")
    assert (named.state.header.date, named.state.header.drawn, named.state.header.draw) == ("2024-05-03", False, ())
    assert "Ben deals first (named)" in start_text(named, "m.yaml")


def test_an_upcard_a_hand_edit_wrote_is_shown_as_written(tmp_path):
    path = tmp_path / "m.yaml"
    expect(0, "new", "Ann", "Ben", "--rules", "oklahoma", "--dealer", "Ann", "--match", path)
    expect(0, "knock", "--match", path, "--upcard", "9H", "Ben", "5", "--defender", "30")
    path.write_text(path.read_text(encoding="utf-8").replace("upcard: 9H", "upcard: 9h"), encoding="utf-8")
    data = json.loads(expect(0, "tally", "--match", path, "--json").out)
    assert data["hands"][0]["upcard"] == "9h"
    assert matchfile.load(str(path)).match.state.played[0].upcard == "9h"


# -- outside match/ and files/, nothing reaches into the record's mappings ------------------------------------

PACKAGE = Path(__file__).resolve().parent.parent / "gin_ref"
OUTSIDE = ("cli", "club", "desk", "serve", "views")
# what still hands the file's form, as read, to files/ (seals, end line, verify's listings of a file that does
# not replay): passed on whole, never indexed, got from or changed outside files/
PASSED_TO_FILES = {"desk/seals.py", "desk/verify.py", "desk/corrections.py", "serve/entries.py"}


def _is_match(node):
    """``match`` or ``X.match``: a Match, as the commands, the desk and the server name one."""
    return isinstance(node, ast.Name) and node.id == "match" or isinstance(node, ast.Attribute) and node.attr == "match"


def _mapping_reaches(tree):
    """Each place ``tree`` reads or changes a Match's mappings: ``match.record[...]``, ``match.record.get(...)``,
    ``match.hands[...]`` (a hand entry), ``.open_entry``, or ``match.record`` itself (passed on)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "open_entry":
            found.append((node.lineno, "open_entry"))
        if isinstance(node, ast.Attribute) and node.attr in ("record", "hands") and _is_match(node.value):
            found.append((node.lineno, f"match.{node.attr}"))
    return found


def _hand_entries(tree):
    """Each ``match.hands[...]`` or ``match.record[...]``/``.get(...)``: an entry read or changed."""
    found = []
    for node in ast.walk(tree):
        target = node.value if isinstance(node, ast.Subscript) else \
            node.func.value if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr in ("get", "pop", "update", "setdefault") else None
        if isinstance(target, ast.Attribute) and target.attr in ("record", "hands") and _is_match(target.value):
            found.append(node.lineno)
    return found


def test_outside_match_and_files_no_code_reads_or_changes_the_record_mappings():
    """The commands, the desk, the server and the views read a match's typed values (its state, setups,
    what each hand holds, the typed corrections), never a hand entry or the record's mapping: the typed
    record can replace the mapping inside match/ and files/ alone. ``match.record`` itself is only passed,
    whole, to files/ (the seals and verify's listings: the file's form), in the modules named."""
    entries, passed = {}, {}
    for folder in OUTSIDE:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            rel = str(path.relative_to(PACKAGE))
            tree = ast.parse(path.read_text(encoding="utf-8"))
            if _hand_entries(tree):
                entries[rel] = _hand_entries(tree)
            reaches = [item for item in _mapping_reaches(tree) if item[1] != "match.hands"]
            if reaches and rel not in PASSED_TO_FILES:
                passed[rel] = reaches
    assert entries == {} and passed == {}


def test_the_mapping_rule_sees_an_entry_read():
    tree = ast.parse("x = match.hands[0]['upcard']\ny = rec.match.record.get('corrections')\n"
                     "z = match.open_entry\nmatch.record['result'] = {}\n")
    assert sorted(_hand_entries(tree)) == [1, 2, 4]
    assert (3, "open_entry") in _mapping_reaches(tree)

"""#36 item 1: the tally, what-if and the start's words read the typed values a replay leaves (the header's
date and start, each hand's setup and what it holds: ``MatchState.played``), never the record's mappings."""

import json

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
    entry = match.record["hands"][0]
    entry.update(totals={"Ann": 999, "Ben": 999}, winner="Ann", points=999, result="gin", knocker="Ann")
    match.record["date"] = "1999-01-01"
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
    drawn.record["start"] = {}  # the words come from the header as the replay read it
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

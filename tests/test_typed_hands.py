"""The hands of a Record are values (#36 item 1): every step makes a new hand and a new Record and changes
none, so a Record kept before a step (an undo's, a failed redo's, an amend's, a ruling's) writes what it
wrote when it was made. main changed the hand entries in place: a Record kept before a knock held the knock's
keys after it, and a write's seals went into the Record's hands."""

from gin_ref.files import matchfile
from gin_ref.files.rulesfile import load_rules
from gin_ref.match.amend import amend
from gin_ref.match.handread import NOT_WRITTEN
from gin_ref.match.model import Match

from hands import DEFENDER, KNOCKER

NOW = "2024-05-01T20:00:00+00:00"


def _text(record):
    return matchfile.dumps(record, autoseal=False)


def test_no_step_changes_a_record_made_before_it():
    match = Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann")
    kept = []

    def step(act):
        kept.append((match.record, _text(match.record)))
        act()

    step(lambda: match.deal("7D"))
    step(lambda: match.play_turn("pass", "Ben"))
    step(lambda: match.play_turn("draw", "Ben"))  # out of turn: an irregularity kept in the hand
    step(lambda: match.undo(match.newest_step(), NOW))
    step(lambda: match.redo(match.redo_step(), NOW))
    step(lambda: match.undo(match.newest_step(), NOW))
    step(lambda: match.undo(match.newest_step(), NOW))  # the pass: the hand as dealt
    step(lambda: match.dead())
    step(lambda: match.deal("9H"))
    step(lambda: match.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)]))
    step(lambda: match.rule("void", "misdeal", NOW))
    step(lambda: match.undo(match.newest_step(), NOW))
    step(lambda: match.amend(amend(match, 2, dead=True), NOW))
    step(lambda: match.undo(match.newest_step(), NOW))
    step(lambda: matchfile.dumps(match.record))  # a write seals a new mapping, never the Record
    for record, text in kept:
        assert _text(record) == text
    assert len(kept) == 15 and match.hands[-1].result == "knock" and match.hands[0].result == "dead"
    assert match.hands[-1].seal is NOT_WRITTEN and "seal: " in matchfile.dumps(match.record)


def test_an_irregularity_and_a_ruling_go_into_their_hand_typed():
    """A step puts its typed value into the new hand (the irregularity's ``Kept``, the ``Ruled``); the
    writer in files/ lays it out, and a file read back holds the same text. An undo and a redo in the same
    process put back the value the hand held. (main put the mappings ``steps.file_form`` made.)"""
    from gin_ref.match.steps import Kept, Ruled

    match = Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann")
    match.deal("7D")
    refused = match.play_turn("pass", "Ann").refusal  # out of turn (Ben is to take or pass)
    assert match.hands[0].irregularities == (refused.kept,) and isinstance(refused.kept, Kept)
    ruled = match.rule("redeal", "a card was exposed", NOW).data
    assert match.hands[0].ruling == ruled and isinstance(ruled, Ruled)
    text = matchfile.dumps(match.record)
    assert "  ruling:\n    kind: redeal\n" in text and "  - kind: out_of_turn\n" in text
    assert matchfile.dumps(matchfile.loads(text).match.record) == text  # read back: the same text
    match.undo(match.newest_step(), NOW)
    assert match.hands[0].ruling is NOT_WRITTEN
    match.redo(match.redo_step(), NOW)
    assert match.hands[0].ruling == ruled  # the value the hand held, put back
    assert match.state.rulings[0].kind == "redeal" and str(match.state.irregularities[0][0].detail).startswith(
        "out of turn: it is Ben's turn")


def test_a_redo_puts_back_what_the_correction_kept_as_written():
    """What a correction kept of an irregularity or a ruling is put back as written, and judged so: an item
    edited into something that is not a mapping is refused as that (main read it as an empty mapping and
    said 'unknown irregularity null', 'ruling kind null')."""
    import pytest
    from gin_ref.core.errors import IllegalActionError

    match = Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann")
    match.deal("7D")
    match.play_turn("pass", "Ann")  # out of turn: kept
    match.undo(match.newest_step(), NOW)
    text = matchfile.dumps(match.record)
    start = text.index("    irregularity:\n")
    edited = text[:start] + "    irregularity: oops\n" + text[text.index("  step:", start):]
    again = matchfile.loads(edited).match
    with pytest.raises(IllegalActionError, match=r"\(hand 1: an irregularity holds kind, player and points\)$"):
        again.redo(again.redo_step(), NOW)
    assert matchfile.dumps(again.record) == matchfile.dumps(matchfile.loads(edited).match.record)  # unchanged

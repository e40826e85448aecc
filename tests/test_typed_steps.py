"""Typed steps (issue 23 item 1): an action returns its step's data as a typed value
(``gin_ref.match.steps``), ``step_pairs`` says what it writes (the writer in files/ lays it out), undo reads the
newest step back into the same value, and redo puts back an equal step from the correction."""

import copy

import pytest

from gin_ref.core.game import Roles
from gin_ref.files.rulesfile import load_rules
from gin_ref.match import resultonly
from gin_ref.match.irregularities import Irregularity
from gin_ref.match.model import Match
from gin_ref.match.rulings import Ruling
from gin_ref.files.handform import hand_data, laid_out
from gin_ref.files.itemread import item_of
from gin_ref.match.steps import Deal, Kept, PaperResult, Ruled, Settled, TurnLine, Version, step_pairs
from gin_ref.files.handform import recorded_hand
from gin_ref.views.step_words import redone_words, undone_words

from hands import DEFENDER, KNOCKER
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401


def form_of(data):
    """What a step's typed data writes into the file, as the writer lays it out."""
    return {key: laid_out(key, value) for key, value in step_pairs(data)}

NOW = "2024-05-01T20:00:00+00:00"


def new(rules="oklahoma", **knobs):
    return Match.new(["Ann", "Ben"], load_rules(rules).with_knobs(**knobs), "2024-05-01", dealer="Ann")


def without_corrections(record):
    return {key: value for key, value in record.items() if key != "corrections"}


# -- each action's step is typed -------------------------------------------------------------------------

def test_a_deal_is_a_deal_value_and_its_file_form_is_the_new_hand():
    match = new()
    step = match.deal("7D").step
    assert (step.kind, step.hand, step.data) == ("deal", 1, Deal(1, "Ann", None, "7D", 7))
    assert form_of(step.data) == {"number": 1, "dealer": "Ann", "upcard": "7D", "limit": 7, "irregularities": []}
    assert hand_data(match.hands[0]) == form_of(step.data)


def test_a_deal_of_three_carries_the_roles():
    match = Match.new(["Ann", "Ben", "Cy"], load_rules("three-player"), "2024-05-01", box="Ann", captain="Ben")
    data = match.deal("7D").step.data
    assert isinstance(data, Deal) and data.roles == Roles("Ann", "Ben", "Cy")
    assert list(form_of(data)) == ["number", "dealer", "box", "captain", "sitter", "upcard", "limit",
                                     "irregularities"]


def test_a_turn_is_its_line_and_a_refused_turn_is_the_irregularity_kept():
    match = new()
    match.deal("7D")
    refused = match.play_turn("draw", "Ann")
    assert refused.step.kind == "irregularity" and isinstance(refused.step.data, Kept)
    item = refused.step.data.item
    assert (item.kind, item.player, item.turn, item.action, item.points) == ("out_of_turn", "Ann", 1, "draw", 0)
    assert refused.refusal.kept is refused.step.data
    assert list(form_of(refused.refusal.kept)) == ["kind", "player", "turn", "action"]  # facts only (/3)
    step = match.play_turn("pass", "Ben").step
    assert (step.kind, step.turn, step.data) == ("turn", 1, TurnLine("Ben passes"))
    assert form_of(step.data) == {"turns": ["Ben passes"]}
    assert form_of(TurnLine("Ann discards 5D", dead=True)) == {"turns": ["Ann discards 5D"], "result": "dead"}


def test_a_knock_is_its_result_and_facts_and_an_illegal_one_its_spread():
    match = new()
    match.deal("3H")
    illegal = match.knock("Ann", KNOCKER[5], DEFENDER[(5, 23)]).step.data
    assert isinstance(illegal, Kept) and illegal.item == Irregularity(
        "illegal_knock", "Ann", "knock not allowed: deadwood 5 exceeds limit 3 (upcard 3♥)", 0)
    assert illegal.spread == (("cards", KNOCKER[5].split()),)
    data = match.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)]).step.data
    assert isinstance(data, Settled) and (data.result, data.knocker) == ("knock", "Ann")
    assert list(form_of(data)) == ["result", "knocker", "knocker_cards", "melds", "discard", "defender_cards"]
    match.deal("7D")
    assert match.dead().step.data == Settled("dead")


def test_a_refused_deal_a_ruling_an_amend_and_a_result_are_typed():
    match = new()
    refused = match.deal("7D", dealer="Ben").step
    assert refused.kind == "refused_deal" and isinstance(refused.data, Kept)
    assert (refused.data.item.kind, refused.data.item.hand, refused.data.item.player) == ("wrong_dealer", 1, "Ben")
    assert list(form_of(refused.data)) == ["kind", "hand", "player"]
    match.deal("7D")
    match.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)])
    ruled = match.rule("void", "a card was exposed", NOW).data
    assert ruled == Ruled(Ruling("void", None, None, "a card was exposed", None, NOW), 4, 1)
    # the ruling goes into its hand as it is; the writer in files/ lays it out
    assert match.hands[0].ruling == ruled
    assert list(laid_out("ruling", ruled)) == ["kind", "player", "points", "reason", "by", "date", "steps", "hands"]
    paper = Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann")
    paper.put_result(resultonly.paper_result(paper.players, paper.rules, [("Ann", "154"), ("Ben", "24")]))
    step = paper.newest_step()
    assert step.data == PaperResult({"Ann": 154, "Ben": 24}, None, "Ann")
    assert form_of(step.data) == {"scores": {"Ann": 154, "Ben": 24}, "winner": "Ann"}


def test_an_amend_is_the_new_version():
    from gin_ref.match.amend import amend

    match = new()
    match.deal("7D")
    match.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)])
    outcome = amend(match, 1, dead=True)
    assert outcome.step.data == Version("7D", 7, Settled("dead"))
    assert form_of(outcome.step.data) == {"upcard": "7D", "limit": 7, "result": "dead"}


# -- put, take back, put back ----------------------------------------------------------------------------

def _steps(match):
    """Each act of a short match (deal, refused acts, turns, an illegal knock, a knock, a ruling, a dead
    hand), run in turn."""
    yield lambda: match.deal("7D", dealer="Ben")
    yield lambda: match.deal("7D")
    yield lambda: match.play_turn("draw", "Ann")
    yield lambda: match.play_turn("pass", "Ben")
    yield lambda: match.play_turn("pass", "Ann")
    yield lambda: match.play_turn("draw", "Ben")
    yield lambda: match.knock("Ann", KNOCKER[5], DEFENDER[(5, 23)], illegal=True)
    yield lambda: match.rule("redeal", "the cards were not shuffled", NOW)
    yield lambda: match.deal("3H")
    yield lambda: match.knock("Ben", KNOCKER[2], DEFENDER[(2, 24)])
    yield lambda: match.deal("9H")
    yield lambda: match.dead()


def test_undo_reads_back_the_step_written_and_redo_puts_back_an_equal_one():
    match = new()
    for act in _steps(match):
        before = copy.deepcopy(written(match))
        made = act()
        step = made if not hasattr(made, "step") else made.step
        after = copy.deepcopy(written(match))
        newest = match.newest_step()
        assert (newest.kind, newest.hand, newest.turn) == (step.kind, step.hand, step.turn)
        assert form_of(newest.data) == form_of(step.data)  # read back: what was written
        match.undo(newest, NOW, undone_words(newest))
        assert without_corrections(written(match)) == without_corrections(before)
        assert written(match)["corrections"][-1]["step"]["kind"] == step.kind
        again = match.redo_step()
        assert again._replace(written=None) == newest._replace(written=None)  # typed as undo read it
        assert again.written is not None  # and put back as the correction keeps it
        match.redo(again, NOW, redone_words(again))
        assert without_corrections(written(match)) == without_corrections(after)


def test_a_redone_deal_is_new_data_not_the_corrections_own():
    match = new()
    match.deal("7D")
    match.undo(match.newest_step(), NOW, "the deal")
    match.redo(match.redo_step(), NOW, "the deal")
    match.play_turn("pass", "Ben")
    assert written(match)["corrections"][0]["entry"] == {"number": 1, "dealer": "Ann", "upcard": "7D", "limit": 7,
                                                       "irregularities": []}


def test_an_undone_amend_goes_back_to_the_version_kept_and_redo_to_the_new_one():
    from gin_ref.match.amend import amend

    match = new()
    match.deal("7D")
    match.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)])
    settled = copy.deepcopy(written(match)["hands"])
    match.amend(amend(match, 1, dead=True), NOW, "hand 1: was Ann's knock")
    dead = copy.deepcopy(written(match)["hands"])
    step = match.newest_step()
    assert step.kind == "amend" and isinstance(step.data, Version) and step.data.settled.result == "knock"
    assert undone_words(step) == "hand 1: the amend (back to Ann's knock, 22 points to Ann)"
    match.undo(step, NOW, undone_words(step))
    assert written(match)["hands"] == settled
    again = match.redo_step()
    assert again.data == Version("7D", 7, Settled("dead", winner=None, points=0))  # read back: its points too
    assert redone_words(again) == "hand 1: the amend (a dead hand)"
    match.redo(again, NOW, redone_words(again))
    assert written(match)["hands"] == dead


@pytest.mark.parametrize("written", [
    {"kind": "out_of_turn", "player": "Ann", "turn": 1, "action": "draw", "card": "10h", "detail": "not yet"},
    {"kind": "illegal_knock", "player": "Ann", "detail": "no", "points": 0, "cards": ["AS", "2S"], "melds": None},
    {"kind": "wrong_dealer", "hand": 3, "player": "Ben", "detail": "Ann deals"},
])
def test_an_irregularity_read_back_is_written_as_it_was(written):
    kept = item_of(written)  # in the canonical form: typed
    assert isinstance(kept, Kept)
    assert form_of(kept) == written
    assert list(form_of(kept)) == list(written)


def test_a_result_read_back_keeps_its_facts_as_written():
    entry = {"number": 2, "result": "knock", "knocker": "Ann", "knocker_count": 5, "big_gin": False,
             "defender_cards": "as 2s 3s", "defender": "Ben", "winner": "Ann", "points": 18}
    settled = Settled.of(recorded_hand(entry))
    assert (settled.knocker, settled.winner, settled.points) == ("Ann", "Ann", 18)
    assert form_of(settled) == {"result": "knock", "knocker": "Ann", "knocker_count": 5, "big_gin": False,
                                  "defender_cards": "as 2s 3s"}

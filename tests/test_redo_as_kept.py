"""What a correction kept is put back as it is written (issue 23 item 1: the typed steps kept the words but
must not change the file): redo puts back the correction's own form, key order and absent keys included, and
a form edited by hand that no longer replays is refused with its problem, the record as it was (each of these
ended in an internal error before: KeyError reading it, AssertionError taking it back, IndexError for a hand
the record does not hold)."""

import contextlib
import copy

import pytest

from gin_ref.core.errors import IllegalActionError
from gin_ref.files.rulesfile import load_rules
from gin_ref.match.amend import amend
from gin_ref.files.correctionread import read_one
from gin_ref.match.model import Match
from gin_ref.match.schema import AsWritten

from hands import DEFENDER, KNOCKER
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401

NOW = "2024-05-01T20:00:00+00:00"


def new():
    return Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann")


@contextlib.contextmanager
def undone(match):
    """Undo the newest step and give the correction made as the file holds it, to edit as a person edits the
    file: what its ``entry`` holds then is what the correction keeps (read as the reader reads it)."""
    step = match.newest_step()
    match.undo(step, NOW, "it")
    data = written(match)["corrections"][-1]
    yield data
    last = match.record.corrections[-1]
    edited = read_one(last.place, data, last.line)  # read again as the reader reads the file
    match.record = match.record._replace(corrections=match.record.corrections[:-1] + (edited,))


def test_a_ruling_is_put_back_in_the_order_and_with_the_keys_the_correction_holds():
    match = new()
    match.deal("7D")
    match.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)])
    match.rule("void", "misdeal", NOW)
    with undone(match) as data:
        kept = data["entry"]["ruling"]
        kept.pop("by")
        kept["reason"] = kept.pop("reason")  # moved last
    match.redo(match.redo_step(), NOW, "it")
    ruling = match.hands[0].ruling  # not in the canonical form: kept as written
    assert isinstance(ruling, AsWritten) and list(ruling.value) == list(kept)
    assert "by" not in ruling.value


def test_an_irregularity_is_put_back_in_the_order_the_correction_holds():
    match = new()
    match.deal("7D")
    match.play_turn("draw", "Ann")  # out of turn: refused and kept
    with undone(match) as data:
        kept = data["entry"]["irregularity"]
        reordered = dict(reversed(list(kept.items())))
        kept.clear()
        kept.update(reordered)
    match.redo(match.redo_step(), NOW, "it")
    item = match.hands[0].irregularities[0]  # not in the canonical order: kept as written
    assert isinstance(item, AsWritten) and list(item.value) == list(reordered)


@pytest.mark.parametrize("edit, problem", [
    (lambda entry: entry.pop("limit"), "limit is null"),
    (lambda entry: entry.pop("dealer"), "the dealer is missing"),
    (lambda entry: entry.pop("number"), "numbered null"),
])
def test_a_deal_edited_so_it_no_longer_replays_is_refused_with_its_problem(edit, problem):
    match = new()
    match.deal("7D")
    with undone(match) as data:
        edit(data["entry"])
    before = copy.deepcopy(written(match))
    with pytest.raises(IllegalActionError, match=problem):
        match.redo(match.redo_step(), NOW, "it")
    assert written(match) == before


def test_a_ruling_without_its_counts_is_refused_with_its_problem():
    match = new()
    match.deal("7D")
    match.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)])
    match.rule("void", "misdeal", NOW)
    with undone(match) as data:
        data["entry"]["ruling"].pop("steps")
    before = copy.deepcopy(written(match))
    with pytest.raises(IllegalActionError, match="'steps' must be a whole number"):
        match.redo(match.redo_step(), NOW, "it")
    assert written(match) == before


def test_a_key_the_hand_does_not_know_is_refused_and_taken_out_again():
    match = new()
    match.deal("7D")
    match.dead()
    with undone(match) as data:
        data["entry"]["note"] = "x"
    before = copy.deepcopy(written(match))
    with pytest.raises(IllegalActionError, match="unknown key 'note'"):
        match.redo(match.redo_step(), NOW, "it")
    assert written(match) == before


def test_an_amend_edited_so_it_no_longer_replays_is_refused_with_its_problem():
    match = new()
    match.deal("7D")
    match.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)])
    match.amend(amend(match, 1, dead=True), NOW, "it")
    with undone(match) as data:
        data["entry"]["result"] = "knock"  # a knock without its knocker
    before = copy.deepcopy(written(match))
    with pytest.raises(IllegalActionError, match="the knocker is missing"):
        match.redo(match.redo_step(), NOW, "it")
    assert written(match) == before


def test_a_step_of_a_hand_the_record_cannot_take_is_refused():
    match = new()
    match.deal("7D")
    match.dead()
    with undone(match):  # the dead result
        pass
    last = match.record.corrections[-1]
    match.record = match.record._replace(corrections=match.record.corrections[:-1] +
                                         (last._replace(step=last.step._replace(hand=5)),))
    with pytest.raises(IllegalActionError, match="step is of hand 5, which the record cannot take"):
        match.redo_step()

"""Corrections read once (issue 23 item 1): one function reads each correction into a typed Correction and,
given a list for them, reports each fault of its shape at its key, in the order of CORRECTION_CHECKS."""

from gin_ref.files.correctionread import CORRECTION_CHECKS, read_corrections
from gin_ref.match.corrections import Correction, StepRef
from gin_ref.match.handread import RecordedHand
from gin_ref.match.handread import NOT_WRITTEN
from gin_ref.match.irregularities import Kept
from gin_ref.match.problems import Problems
from gin_ref.match.schema import AsWritten

UNDO = {"undone": "hand 2's result", "date": "2024-05-01T20:15:00+02:00", "step": {"kind": "result", "hand": 2},
        "steps": [7, 6], "entry": {"number": 2, "result": "dead"}}


def test_a_sound_undo_reads_into_its_typed_value_with_no_problem():
    problems = Problems()
    assert read_corrections({"corrections": [UNDO]}, problems) == [
        Correction(0, undone=True, kind="result", steps=(7, 6), entry=RecordedHand(number=2, result="dead"),
                   step=StepRef("result", 2), date=UNDO["date"], said="hand 2's result")]  # (/2's words, kept)
    assert problems == []
    kept = read_corrections({"corrections": [UNDO]})[0].entry  # the typed value the undo took: the hand's keys
    assert isinstance(kept, RecordedHand) and kept.result == "dead" and kept.winner is NOT_WRITTEN


def test_the_reader_checks_only_when_asked_and_reads_the_same_either_way():
    odd = dict(UNDO, colour="red", steps=[7], date="yesterday")
    problems = Problems()
    checked = read_corrections({"corrections": [odd, "undo"]}, problems)
    assert checked == read_corrections({"corrections": [odd, "undo"]})
    assert checked[0].steps is None and len(checked) == 1  # a value of the wrong shape reads as None
    assert [(problem.where, str(problem.message)) for problem in problems] == [
        (("corrections", 0, "colour"), "unknown key 'colour' in a correction"),
        (("corrections", 0, "date"), "a correction's date must be an ISO time (2024-05-01T20:15:00+02:00), "
                                     "not 'yesterday'"),
        (("corrections", 0, "steps"), "a correction's 'steps' are two counts: [before, after]"),
        (("corrections", 1), "a correction holds its 'kind' (undo, redo or amend), its 'date' and (but for a redo) "
                             "the 'entry' it keeps")]
    assert [check.__name__ for check in CORRECTION_CHECKS][:4] == [
        "_correction_keys", "_correction_words", "_correction_date", "_correction_steps"]


def test_corrections_that_are_not_a_list_are_one_problem_and_none_read():
    problems = Problems()
    assert read_corrections({"corrections": {"undone": "x"}}, problems) == []
    assert [str(problem.message) for problem in problems] == ["'corrections' must be a list"]
    assert read_corrections({}) == []


def test_a_3_correction_says_what_it_did_by_its_kind_and_reads_as_a_2_one_did():
    problems = Problems()
    undo = {key: value for key, value in UNDO.items() if key != "undone"}
    read = read_corrections({"corrections": [dict(undo, kind="undo"), dict(undo, kind="redo"),
                                             dict(undo, kind="undone"), dict(UNDO, kind="undo")]}, problems)
    # the same value as /2's words gave, but for the words themselves (kept, to be written back as they were)
    assert read[0] == read_corrections({"corrections": [UNDO]})[0]._replace(said=None)
    assert (read[1].undone, read[1].redone) == (False, True)
    assert [(problem.where, str(problem.message).split(" (")[0]) for problem in problems] == [
        (("corrections", 2), "a correction holds its 'kind'"), (("corrections", 3), "a correction holds its 'kind'")]


def test_a_corrections_problems_are_said_in_the_readers_language(tmp_path, monkeypatch):
    """The corrections' checks of form say catalogue messages (main said them in English in every
    language)."""
    from click.testing import CliRunner

    from gin_ref.cli import main

    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["new", "--dealer", "Ann", "--date", "2024-05-01", "Ann", "Ben"]).exit_code == 0
    assert runner.invoke(main, ["deal", "--upcard", "9H"]).exit_code == 0
    assert runner.invoke(main, ["undo"]).exit_code == 0
    path = tmp_path / "match.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("corrections:\n- kind: undo\n", "corrections:\n- kind: undo\n  colour: red\n"),
                    encoding="utf-8")
    said = {lang: runner.invoke(main, ["--lang", lang, "verify"]).output for lang in ("en", "sk", "fil")}
    assert "unknown key 'colour' in a correction" in said["en"]
    assert "neznámy kľúč 'colour' v oprave" in said["sk"]
    assert "hindi kilalang key na 'colour' sa isang pagwawasto" in said["fil"]


def test_an_irregularity_an_undo_kept_is_read_as_the_hand_s_are():
    """The item an undo took (a hand's, or a deal refused) is read by the same first reading as a hand's
    items (files/itemread.py): a Kept in the canonical form, else kept as written."""
    item = {"kind": "out_of_turn", "player": "Ann", "turn": 1, "action": "draw"}
    undo = {"kind": "undo", "date": "2024-05-01T20:15:00+02:00", "step": {"kind": "irregularity", "hand": 1},
            "steps": [3, 2], "entry": {"number": 1, "irregularity": item}}
    kept = read_corrections({"corrections": [undo]})[0].entry
    assert isinstance(kept, Kept) and (kept.item.player, kept.item.turn, kept.item.action) == ("Ann", 1, "draw")
    odd = dict(reversed(list(item.items())))
    undo["entry"] = {"number": 1, "irregularity": odd}
    assert read_corrections({"corrections": [undo]})[0].entry == AsWritten(odd)

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


# -- what a correction keeps: the typed value the undo took (#36 item 1) ----------------------------------

def _undone_all(match, now="2024-05-01T20:00:00+00:00"):
    """Undo every step of ``match``, newest first (each correction keeps the value its undo took)."""
    from gin_ref.core.errors import IllegalActionError

    while True:
        try:
            step = match.newest_step()
        except IllegalActionError:
            return match
        match.undo(step, now)


def _played():
    import contextlib

    from gin_ref.core.errors import IllegalActionError
    from gin_ref.files.rulesfile import load_rules
    from gin_ref.match.amend import amend
    from gin_ref.match.model import Match

    from hands import DEFENDER, KNOCKER

    match = Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann")
    with contextlib.suppress(IllegalActionError):
        match.deal("7D", dealer="Ben")  # refused: kept as a deal refused
    match.deal("7D")
    match.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)])
    match.amend(amend(match, 1, dead=True), "2024-05-01T20:00:00+00:00")
    match.rule("void", "a card was exposed", "2024-05-01T20:00:00+00:00", hand=1)
    match.deal("9H")
    with contextlib.suppress(IllegalActionError):
        match.play_turn("draw", "Ann")  # out of turn: kept
    match.play_turn("pass", "Ben")
    return match


def test_what_an_undo_took_is_its_typed_value_and_reads_back_as_the_same():
    from gin_ref.files import matchfile
    from gin_ref.files.correctionread import entry_data
    from gin_ref.match.rulings import Ruled

    match = _undone_all(_played())
    kinds = [(item.step.kind, type(item.entry)) for item in match.record.corrections[1:]]
    assert kinds == [("turn", RecordedHand), ("irregularity", Kept), ("deal", RecordedHand), ("ruling", Ruled),
                     ("amend", RecordedHand), ("result", RecordedHand), ("deal", RecordedHand),
                     ("refused_deal", Kept)]  # (the first: the amend's own, the version it replaced)
    assert type(match.record.corrections[0].entry) is RecordedHand and match.record.corrections[0].amended
    text = matchfile.dumps(match.record)
    again = matchfile.loads(text).match.record.corrections
    kept = [item.entry for item in match.record.corrections]
    assert [type(item.entry) for item in again] == [type(entry) for entry in kept]
    assert [item.entry for item in again if not isinstance(item.entry, Kept)] == \
        [entry for entry in kept if not isinstance(entry, Kept)]  # (a Kept an action made says its reason too)
    assert [entry_data(item) for item in again] == [entry_data(item) for item in match.record.corrections]
    assert all(item.written is None for item in again)  # gin-ref's own form: written back from the typed value
    assert matchfile.dumps(matchfile.loads(text).match.record) == text


def test_a_result_only_records_result_an_undo_or_an_amend_took_is_a_paper_result():
    from gin_ref.files import matchfile
    from gin_ref.files.rulesfile import load_rules
    from gin_ref.match import resultonly
    from gin_ref.match.model import Match
    from gin_ref.match.resultonly import PaperResult

    match = Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann")
    match.put_result(resultonly.paper_result(match.players, match.rules, [("Ann", "154"), ("Ben", "24")]))
    match.amend_result(resultonly.paper_result(match.players, match.rules, [("Ann", "150"), ("Ben", "30")]),
                       "2024-05-01T20:00:00+00:00")
    match.undo(match.newest_step(), "2024-05-01T20:00:00+00:00")  # the amend: hand 0's result
    match.undo(match.newest_step(), "2024-05-01T20:00:00+00:00")  # the result itself
    amended, undone_amend, undone = match.record.corrections
    assert amended.entry == PaperResult({"Ann": 154, "Ben": 24}, None, "Ann") == undone.entry
    assert undone_amend.entry == PaperResult({"Ann": 150, "Ben": 30}, None, "Ann")
    text = matchfile.dumps(match.record)
    assert "  entry:\n    number: 0\n    scores:\n      Ann: 150\n" in text  # an undone amend's under hand 0
    again = matchfile.loads(text).match.record.corrections
    assert [item.entry for item in again] == [amended.entry, undone_amend.entry, undone.entry]
    assert matchfile.dumps(matchfile.loads(text).match.record) == text


def test_an_entry_a_hand_edit_wrote_otherwise_is_read_typed_and_written_back_as_written():
    from gin_ref.files.correctionread import entry_data, read_one

    item = {"kind": "out_of_turn", "player": "Ann", "turn": 1, "action": "draw"}
    undo = {"kind": "undo", "date": "2024-05-01T20:15:00+02:00", "step": {"kind": "irregularity", "hand": 1},
            "steps": [3, 2], "entry": {"irregularity": item, "number": 1}}  # its keys in another order
    read = read_one(0, undo)
    assert isinstance(read.entry, Kept) and read.written == AsWritten(undo["entry"])
    assert list(entry_data(read)) == ["irregularity", "number"]  # written back as it was
    undo["entry"] = {"number": True, "irregularity": item}  # true is no hand number
    assert read_one(0, undo).written == AsWritten(undo["entry"])
    undo["entry"] = {"number": 1, "irregularity": item}
    assert read_one(0, undo).written is None and entry_data(read_one(0, undo)) == undo["entry"]
    turn = {"kind": "undo", "date": "2024-05-01T20:15:00+02:00", "step": {"kind": "turn", "hand": 1, "turn": 3},
            "steps": [5, 4], "entry": {"number": 1, "result": "dead", "turns": ["Ann discards 9h"]}}
    read = read_one(0, turn)  # a turn's line last, after the result it ended the hand with: gin-ref's order
    assert read.written is None and read.entry == RecordedHand(number=1, result="dead", turns=("Ann discards 9h",))
    assert list(entry_data(read)) == ["number", "result", "turns"]
    deal = {"kind": "undo", "date": "2024-05-01T20:15:00+02:00", "step": {"kind": "deal", "hand": 1},
            "steps": [1, 0], "entry": {"upcard": "9h", "dealer": "Ann", "number": 1}}
    read = read_one(0, deal)  # a deal's hand: laid out in a hand's order, as gin-ref always wrote it
    assert read.written is None and list(entry_data(read)) == ["number", "dealer", "upcard"]
    assert read.entry.upcard == AsWritten("9h") and entry_data(read)["upcard"] == "9h"

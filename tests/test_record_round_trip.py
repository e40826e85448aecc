"""A read and a write of any record change only its format and end lines (issue 36 item 1): every match file
under examples/, events/ and tests/ is read and written back, and the rest compared byte for byte. Format
/3 adds no key to a record it reads (its new keys come only with new steps), so nothing else may differ."""

from pathlib import Path

import pytest

from gin_ref.files import matchfile
from gin_ref.match.schema import TOP_KEYS
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted(path for folder in ("examples", "events", "tests") for path in (ROOT / folder).rglob("*.yaml")
                 if "\nformat: gin-ref-match/" in path.read_text(encoding="utf-8"))


def _without_format_and_end(text):
    lines = text.splitlines(keepends=True)
    return [line for line in lines if not line.startswith(("# gin-ref match record (", "format: ", "end: {"))]


def test_every_record_is_found():
    names = {path.name for path in RECORDS}
    assert {"oklahoma.yaml", "oklahoma-format-1.yaml", "turns.yaml", "example-hollywood.yaml"} <= names
    assert len(RECORDS) >= 15


@pytest.mark.parametrize("path", RECORDS, ids=[str(path.relative_to(ROOT)) for path in RECORDS])
def test_a_read_and_a_write_change_only_the_format_and_end_lines(path):
    text = path.read_text(encoding="utf-8")
    data, version = matchfile.parse(text, path)
    written = matchfile.dumps(data, autoseal=False)
    assert _without_format_and_end(written) == _without_format_and_end(text)
    assert written.splitlines()[1] == "format: gin-ref-match/3"
    assert written.splitlines()[-1].startswith("end: {hands: ")
    if version != 1:  # a /1 file gets its end line (its seals come with its first change)
        assert written.splitlines()[-1] == text.splitlines()[-1]


NOW = "2024-05-01T20:00:00+00:00"


def _every_top_level_kind():
    """Records made by gin-ref's own steps, between them holding every kind of top-level part: a deal
    refused, an undo, a redo, an amend of a hand; a result-only record, sealed, and its result amended."""
    from gin_ref.files import seals
    from gin_ref.files.rulesfile import load_rules
    from gin_ref.match.amend import amend
    from gin_ref.match.model import Match
    from gin_ref.match.resultonly import paper_result

    from hands import DEFENDER, KNOCKER

    hands = Match.new(["Ann", "Ben"], load_rules(None), "2024-05-01", dealer="Ann")
    assert hands.deal("9H", dealer="Ben").refused
    hands.deal("7D")
    hands.knock("Ann", KNOCKER[2], DEFENDER[(2, 24)])
    hands.undo(hands.newest_step(), NOW)
    hands.redo(hands.redo_step(), NOW)
    hands.amend(amend(hands, 1, dead=True), NOW)
    paper = Match.new(["Ann", "Ben"], load_rules("standard"), "2024-05-01", dealer="Ann")
    paper.put_result(paper_result(paper.players, paper.rules, [("Ann", "154"), ("Ben", "24")]))
    paper.amend_result(paper_result(paper.players, paper.rules, [("Ann", "160"), ("Ben", "20")]), NOW)
    records = [written(hands), written(paper)]
    for data in records:
        seals.reseal(data)
    return records


def test_the_top_level_reads_into_typed_values_and_writes_back_the_same_mapping():
    from gin_ref.files import matchtop
    from gin_ref.match.corrections import Correction
    from gin_ref.match.resultonly import PaperResult
    from gin_ref.match.steps import Kept

    hands, paper = _every_top_level_kind()
    for data in (hands, paper):
        record = matchtop.read(data).record
        assert all(type(item) is Correction for item in record.corrections) and len(record.corrections) == (3 if data is hands else 1)
        written = matchtop.write(record)
        assert written == data  # nothing lost, nothing added
        assert list(written) == [key for key in TOP_KEYS if key in data]
        assert [list(item) for item in written["corrections"]] == [list(item) for item in data["corrections"]]
    assert [type(kept) for kept in matchtop.read(hands).record.irregularities] == [Kept]
    typed = matchtop.read(paper).record
    assert type(typed.result) is PaperResult and typed.result.scores == {"Ann": 160, "Ben": 20}
    assert typed.result_seal == paper["result"]["seal"] and typed.corrections[0].seal == paper["corrections"][0]["seal"]
    assert matchtop.read(hands).record.irregularities is not None and typed.irregularities is None  # none: no key


def test_a_step_on_the_typed_top_level_is_a_new_record_the_writer_writes():
    from gin_ref.files import matchtop

    hands, _paper = _every_top_level_kind()
    record = matchtop.read(hands).record
    fewer = record._replace(corrections=record.corrections[:1], irregularities=None)
    assert "irregularities" not in matchtop.write(fewer) and len(matchtop.write(fewer)["corrections"]) == 1
    assert matchtop.write(record) == hands  # the Record it was made from is unchanged


@pytest.mark.parametrize("edit", [{"colour": "red"}, {"corrections": {}}, {"irregularities": ["x"]},
                                  {"result": [1]}, {"hands": None}])
def test_the_writer_refuses_a_top_level_it_cannot_type_rather_than_write_part_of_it(edit):
    from gin_ref.files import matchtop

    hands, _paper = _every_top_level_kind()
    with pytest.raises(AssertionError, match="cannot be written"):
        matchtop.typed({**hands, **edit})


def _comparable(replayed):
    """A replay's (state, problems, base), each plain object of the state that compares by identity (a
    game, the open hand's table) as its fields."""
    def plain(value):
        if isinstance(value, list):
            return [plain(item) for item in value]
        return vars(value) if type(value).__eq__ is object.__eq__ and hasattr(value, "__dict__") else value

    def state(value):
        return None if value is None else [plain(getattr(value, name)) for name in value.__slots__]

    return state(replayed[0]), replayed[1], state(replayed[2])


def _sound_records():
    return [matchfile.parse(path.read_text(encoding="utf-8"), path)[0] for path in RECORDS] + _every_top_level_kind()


def test_the_replay_of_a_record_read_is_the_replay_of_its_typed_record():
    """``replay_record`` of a Record as first read (its parts' problems held by part: none here) leaves the
    same state, base and problems as of the same Record made in memory (no reading), for every record here."""
    from gin_ref.files import matchtop
    from gin_ref.match.replay import replay_record

    for data in _sound_records():
        read = matchtop.read(data)
        typed = replay_record(read.record, read=read)
        assert _comparable(typed) == _comparable(replay_record(read.record)) and typed[1] == [] and typed[0] is not None


def test_a_paper_result_edited_in_memory_is_judged_when_its_written_form_is_read():
    """The checks of a result are the first reading's (its form, and the scores the rules can give): a
    result edited in memory replays as the result it says, and its written form read says what is wrong."""
    from gin_ref.files import matchtop
    from gin_ref.match.replay import replay_record

    _hands, paper = _every_top_level_kind()
    record = matchtop.read(paper).record
    for result, said in ((record.result._replace(winner="Ben"), "the result's winner is 'Ben'"),
                         (record.result._replace(scores={"Ann": 500, "Ben": 500}), "have 500 each"),
                         (record.result._replace(scores={"Ann": 1000, "Ben": 0}), "more than the rules can give")):
        edited = record._replace(result=result)
        read = matchtop.read(matchtop.write(edited))
        state, problems, _base = replay_record(read.record, read=read)
        assert said in str(problems[0].message) and list(read.result) == problems
        assert state.paper == replay_record(edited)[0].paper


def _in_order(value):
    """A mapping's items in order, all the way down (equality that tells one order from another)."""
    if isinstance(value, dict):
        return [(key, _in_order(item)) for key, item in value.items()]
    if isinstance(value, list):
        return [_in_order(item) for item in value]
    return value


def test_the_head_is_typed_and_laid_out_again_from_its_typed_values():
    """``Record.header`` holds the head typed, with what the writer needs to lay it out again as written:
    the knobs of the snapshot and the keys of the start in the file's order (a hand edit's too), the date
    as written (PyYAML reads a hand edit's 2024-05-01 as a date: it stays one), no start for a result."""
    import datetime

    from gin_ref.files import matchtop

    data, _version = matchfile.parse((ROOT / "examples" / "oklahoma.yaml").read_text(encoding="utf-8"))
    knobs = data["rules"]["knobs"]
    edited = {**data, "date": datetime.date(2024, 3, 2), "start": {"drawn": False, "dealer": "Ann"},
              "rules": {"name": data["rules"]["name"], "knobs": dict(reversed(list(knobs.items())))}}
    for head in (data, edited):
        header = matchtop.read(head).record.header
        assert header.knobs == tuple(head["rules"]["knobs"]) and header.start == tuple(head["start"])
        again = matchtop.write(matchtop.read(head).record)
        assert _in_order({key: again[key] for key in ("date", "players", "rules", "start")}) == \
            _in_order({key: head[key] for key in ("date", "players", "rules", "start")})
        assert again["format"] == "gin-ref-match/3"
    assert "date: 2024-03-02\n" in matchfile.dumps(edited, autoseal=False)  # a date, as PyYAML read it
    from gin_ref.files.rulesfile import load_rules
    from gin_ref.match.model import Match
    from gin_ref.match.resultonly import paper_result

    new = Match.new(["Ann", "Ben"], load_rules("standard"), "2024-05-01", dealer="Ann")
    paper = written(new.started_by_result(paper_result(new.players, new.rules, [("Ann", "154"), ("Ben", "24")])))
    assert "start" not in paper and matchtop.read(paper).record.header.start is None
    assert matchtop.write(matchtop.read(paper).record) == paper


def test_the_hands_read_into_typed_values_and_the_writer_alone_makes_their_mappings():
    """Each hand of every record here is read into a RecordedHand (its values as written, a key not written
    told from one written null), written back as the same mapping in the file's order, and the writer's
    mapping is a new one: the seals a write works out go into it, never into the Record (main wrote them into
    the hand entries the Record held, so an undo's old Record and a write shared them)."""
    import copy

    from gin_ref.core.cards import Card
    from gin_ref.files import matchtop, seals
    from gin_ref.match.handread import NOT_WRITTEN, RecordedHand

    for data in _sound_records():
        record = matchtop.read(data).record
        assert all(type(hand) is RecordedHand for hand in record.hands)
        kept = copy.deepcopy(record.hands)
        written = matchtop.write(record)
        assert written["hands"] == data["hands"] and [list(hand) for hand in written["hands"]] == [
            list(hand) for hand in data["hands"]]
        for hand in written["hands"]:
            hand.pop("seal", None)
        seals.reseal(written)
        assert record.hands == kept and matchtop.write(record)["hands"] == data["hands"]
    hand = matchtop.read(_every_top_level_kind()[0]).record.hands[0]
    # typed: the upcard a Card; a key not written told from one written null (amended dead)
    assert hand.upcard is Card.parse("7D") and hand.melds is NOT_WRITTEN and hand.winner is None

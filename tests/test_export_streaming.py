"""``export --format json`` writes as it goes (issue 24, Memory): the JSON comes out piece by piece, each
hand's tally made as it is written (not every hand's before the first byte), byte for byte the text of
``json.dumps`` of the whole document; and a match file's text is let go before the record is replayed."""

import datetime
import json
import sys
from pathlib import Path

import pytest

from gin_ref.desk import reading as history_cmds
from gin_ref.views.plainjson import json_plain
from gin_ref.files import matchfile
from gin_ref.views import export
from gin_ref.views.history import MatchView

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(path) for path in (ROOT / "examples").glob("*.yaml"))


def _whole(views):
    """The export as the whole document encoded at once (what the streamed text must equal)."""
    return json.dumps(export.json_data(views), ensure_ascii=False, indent=2, default=json_plain) + "\n"


def _views():
    return [history_cmds.read_view(file) for file in EXAMPLES]


def test_the_streamed_json_is_the_whole_document_byte_for_byte():
    views = _views()
    assert "".join(export.json_chunks(views)) == _whole(views)


@pytest.mark.parametrize("record", [
    {},
    {"hands": []},
    {"a": {}, "b": [[], [{}], [1, [2, {"x": None}]]], "c": "two\nlines \"quoted\" Zoë ♠", "d": 1.5,
     "e": True, "f": datetime.date(2026, 12, 1), "g": {"nested": {"deep": [1, 2]}}},
    {1: "a number as a key", "x": [1]},  # keys that are not text: encoded whole, as json does
    {"x": (1, 2), "y": [(), ("t",)]},
])
def test_odd_shapes_stream_as_json_encodes_them(record):
    view = _views()[0]
    odd = MatchView(view.file, view.date, view.house, view.tally, written=record)
    assert "".join(export.json_chunks([odd, view])) == _whole([odd, view])


def test_no_matches_streams_an_empty_list():
    assert "".join(export.json_chunks([])) == _whole([])


def test_each_hands_tally_is_made_as_it_is_written(monkeypatch):
    """The first hand is written before the last hand's tally object is made (the old export built every
    hand's object first: for 100,000 hands, tens of MB held at once)."""
    views = _views()
    total = sum(len(view.tally.hands) for view in views)
    assert total > 20
    made = []
    data = export.hand_data

    def counted(hand):
        made.append(hand.number)
        return data(hand)

    monkeypatch.setattr(export, "hand_data", counted)
    chunks = export.json_chunks(views)
    text = ""
    while not made:  # up to the first hand's tally
        text += next(chunks)
    assert len(made) == 1
    assert '"tally"' in text
    rest = "".join(chunks)
    assert len(made) == total
    assert text + rest == _whole(views)


def test_the_file_text_is_not_held_while_the_record_is_replayed(monkeypatch):
    """``read_view`` lets the text go once it is parsed: no frame on the stack holds it during the replay
    (34 MB for a record of 100,000 hands)."""
    file = max(EXAMPLES, key=lambda name: Path(name).stat().st_size)
    size = len(matchfile.read_bytes(file).decode("utf-8"))
    replay = matchfile.replay
    holders = []

    def watched(*args, **kwargs):
        frame = sys._getframe(1)
        while frame is not None:
            holders.extend(name for name, value in frame.f_locals.items()
                           if isinstance(value, str) and len(value) >= size)
            frame = frame.f_back
        return replay(*args, **kwargs)

    monkeypatch.setattr(matchfile, "replay", watched)
    view = history_cmds.read_view(file)
    assert view.tally.hands
    assert holders == []


def test_export_json_on_the_command_line_is_unchanged(gin):
    run = gin("export", "--format", "json", *EXAMPLES)
    assert run.code == 0
    assert run.out == _whole(_views())

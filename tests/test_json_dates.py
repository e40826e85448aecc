"""A date or a time that YAML reads as one (an unquoted ``2026-12-02T05:23:09+00:00`` in a file edited by
hand: a ruling's date, the match's date) is given by every JSON answer as its ISO text, as gin-ref writes
it quoted; before, ``tally --json`` and ``verify --json`` ended in an internal error (TypeError)."""

import json
import re
import shutil
from pathlib import Path

import pytest

from gin_ref.views.plainjson import json_plain
from runs import invoke

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "oklahoma.yaml"


@pytest.fixture
def ruled_by_hand(tmp_path):
    """The example with a ruling on hand 2 whose date has lost its quotes (and the match's date too)."""
    path = tmp_path / "m.yaml"
    shutil.copy(EXAMPLE, path)
    made = invoke(*["ruling", "--match", str(path), "--hand", "2", "--void", "--reason", "misdeal"])
    assert made.code == 0, made.err
    text = path.read_text()
    quoted = re.search(r"^    date: '([^']+)'$", text, re.M)
    assert quoted is not None
    path.write_text(text.replace(quoted.group(0), f"    date: {quoted.group(1)}")
                    .replace("date: '2024-03-02'", "date: 2024-03-02"))
    return path, quoted.group(1)


@pytest.mark.parametrize("command", [["tally", "--json"], ["verify", "--json"]])
def test_a_ruling_date_unquoted_is_given_as_its_text(ruled_by_hand, command):
    path, when = ruled_by_hand
    run = invoke(*command, str(path))
    assert run.code == 0, run.err
    data = json.loads(run.out)
    if "files" in data:  # verify --json: each file's rulings
        rulings = [ruling for item in data["files"] for ruling in item["rulings"]]
    else:
        rulings = [hand["ruling"] for hand in data["hands"] if hand.get("ruling")]
    assert [ruling["date"] for ruling in rulings] == [when]


def test_export_json_and_history_json_read_the_same_file(ruled_by_hand):
    path, _ = ruled_by_hand
    for command in (["export", "--format", "json"], ["history", "--json"]):
        run = invoke(*command, str(path))
        assert run.code == 0, (command, run.err)
        json.loads(run.out)


def test_json_plain_gives_iso_text_and_refuses_anything_else():
    import datetime

    assert json_plain(datetime.date(2024, 3, 2)) == "2024-03-02"
    utc = datetime.timezone.utc
    assert json_plain(datetime.datetime(2026, 12, 2, 5, 23, 9, tzinfo=utc)) == "2026-12-02T05:23:09+00:00"
    with pytest.raises(TypeError):
        json_plain(object())

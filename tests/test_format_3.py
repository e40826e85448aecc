"""Format /3: facts, never sentences (issue 36 item 2).

The /2 records of tests/records/format-2 were written by a gin-ref of format /2 (their make.sh): they hold
every sentence /2 stored. /3 works each irregularity's reason out from its facts and says it exactly as /2
stored it; an upgrade to /3 leaves every seal valid, and verify says the same of the file before and after;
a step written since /3 holds no sentence."""

import copy
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.files import matchfile, store
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401

FORMAT_2 = sorted((Path(__file__).resolve().parent / "records" / "format-2").glob("*.yaml"))
SENTENCES = ("detail", "undone", "redone", "amended")


def test_the_2_records_hold_every_sentence_2_stored():
    texts = "".join(path.read_text(encoding="utf-8") for path in FORMAT_2)
    assert all("\nformat: gin-ref-match/2\n" in path.read_text(encoding="utf-8") for path in FORMAT_2)
    for key in SENTENCES:
        assert f" {key}: " in texts or f"- {key}: " in texts, key
    for kind in ("out_of_turn", "illegal_knock", "wrong_dealer", "sits out", "cannot deal", "count: "):
        assert kind in texts, kind


def _stored_reasons(data):
    """Each irregularity's ``detail`` as the record holds it, by its key path."""
    found = {}
    for i, hand in enumerate(data["hands"]):
        for j, item in enumerate(hand.get("irregularities") or []):
            found[("hands", i, "irregularities", j)] = item["detail"]
    for j, item in enumerate(data.get("irregularities") or []):
        found[("irregularities", j)] = item["detail"]
    return found


@pytest.mark.parametrize("path", FORMAT_2, ids=[path.name for path in FORMAT_2])
def test_the_reason_worked_out_from_the_facts_is_the_sentence_2_stored(path):
    data = matchfile.parse(path.read_text(encoding="utf-8"), path)[0]
    stored = _stored_reasons(data)
    facts = copy.deepcopy(dict(data))
    for hand in facts["hands"]:
        for item in hand.get("irregularities") or []:
            del item["detail"]
    for item in facts.get("irregularities") or []:
        del item["detail"]
    result = checked(facts)
    assert result.problems == []
    state = result.match.state
    said = {item.where: str(item.detail) for items in state.irregularities.values() for item in items}
    said.update((item.where, str(item.detail)) for item in state.match_irregularities)
    assert said == stored


def _verify_json(path, *options):
    result = CliRunner().invoke(main, ["verify", "--json", *options, str(path)])
    return json.loads(result.output), result.exit_code


def _upgrade(path):
    """A change that changes nothing, through the store as every command writes: the upgrade to /3 alone.
    Returns the notes it gave."""
    notes = []
    with store.change(path, notify=notes.append):
        pass
    return notes


UPGRADED = ("note: {path} is now in format gin-ref-match/3 (it was gin-ref-match/2; an older gin-ref cannot read "
            "it: upgrade every gin-ref that writes this folder)")


@pytest.mark.parametrize("path", FORMAT_2, ids=[path.name for path in FORMAT_2])
def test_an_upgrade_to_3_leaves_every_seal_valid_and_verify_says_the_same(tmp_path, path):
    copied = tmp_path / path.name
    shutil.copy(path, copied)
    before, code = _verify_json(copied, "--strict")
    assert code == 0 and "seals" not in before["files"][0], before  # sealed, and every seal holds
    old = copied.read_text(encoding="utf-8")
    assert _upgrade(copied) == [UPGRADED.format(path=copied)]
    new = copied.read_text(encoding="utf-8")
    # only the header comment and the format line change: every seal, sentence and line stays
    assert new.splitlines()[2:] == old.splitlines()[2:]
    assert new.splitlines()[:2] == [line.replace("gin-ref-match/2", "gin-ref-match/3") for line in old.splitlines()[:2]]
    after, code = _verify_json(copied, "--strict")
    assert code == 0 and after == before
    assert _upgrade(copied) == [] and copied.read_text(encoding="utf-8") == new  # said once; /3 stays as it is


def _hand_edited(text):
    """The first hand's seal with a digit changed (as an edit by hand would leave it): it fails."""
    seal = re.search(r"\n  seal: ([0-9a-f]{16})\n", text)
    assert seal is not None
    digit = "0" if seal.group(1)[0] != "0" else "1"
    return text.replace(seal.group(0), f"\n  seal: {digit}{seal.group(1)[1:]}\n", 1)


@pytest.mark.parametrize("path", FORMAT_2[:2], ids=[path.name for path in FORMAT_2[:2]])
def test_a_seal_that_failed_before_the_upgrade_fails_after_in_the_same_words(tmp_path, path):
    copied = tmp_path / path.name
    copied.write_text(_hand_edited(path.read_text(encoding="utf-8")), encoding="utf-8")
    before, code = _verify_json(copied)
    assert code == 0 and before["files"][0]["seals"]["broken"], before
    words = CliRunner().invoke(main, ["verify", str(copied)]).output
    _upgrade(copied)  # nothing changed: no seal is made again
    assert "format: gin-ref-match/3" in copied.read_text(encoding="utf-8")
    after, code = _verify_json(copied)
    assert after == before
    assert CliRunner().invoke(main, ["verify", str(copied)]).output == words


def _steps_of_every_kind(path):
    runner = CliRunner()

    def gin(*args):
        return runner.invoke(main, [*args[:1], "--match", str(path), *args[1:]])

    gin("new", "--rules", "oklahoma", "--dealer", "Ann", "--date", "2024-07-01", "Ann", "Ben")
    gin("deal", "--upcard", "7D", "--dealer", "Ben")
    gin("deal", "--upcard", "7D")
    gin("draw", "Ann")
    gin("pass", "Ben")
    gin("pass", "Ann")
    gin("draw", "Ben")
    gin("knock", "Ben", "30", "--defender", "10", "--illegal")
    gin("undo")
    gin("redo")
    gin("knock", "Ben", "3", "--defender", "20")
    gin("amend", "1", "Ben", "2", "--defender", "20")
    return runner


def test_a_step_written_since_3_holds_facts_never_a_sentence(tmp_path):
    m = tmp_path / "m.yaml"
    _steps_of_every_kind(m)
    text = m.read_text(encoding="utf-8")
    assert "\nformat: gin-ref-match/3\n" in text
    for key in SENTENCES:
        assert f"{key}:" not in text, key
    assert [line for line in text.splitlines() if line.startswith("- kind: ")] == [
        "- kind: wrong_dealer", "- kind: undo", "- kind: redo", "- kind: amend"]
    data, code = _verify_json(m, "--strict")
    assert code == 0
    assert [(item["kind"], item["detail"]) for item in data["files"][0]["irregularities"]] == [
        ("out_of_turn", "out of turn: it is Ben's turn to take the upcard 7♦ or pass"),
        ("illegal_knock", "knock not allowed: deadwood 30 exceeds limit 7 (upcard 7♦)"),
        ("wrong_dealer", "Ben cannot deal hand 1: Ann deals (named at the start)")]


def test_a_2_record_holding_a_key_of_3_is_refused_at_its_line(tmp_path):
    m = tmp_path / "m.yaml"
    _steps_of_every_kind(m)
    text = m.read_text(encoding="utf-8").replace("format: gin-ref-match/3", "format: gin-ref-match/2")
    m.write_text(text, encoding="utf-8")
    line = text.splitlines().index("- kind: undo") + 1
    result = CliRunner().invoke(main, ["tally", "--match", str(m)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {m}:{line}: 'kind' is a key of format gin-ref-match/3, not of "
                                    "gin-ref-match/2: the file says 'format: gin-ref-match/2' but holds a newer record")


def test_a_format_this_gin_ref_does_not_know_is_refused_in_words(tmp_path):
    m = tmp_path / "m.yaml"
    _steps_of_every_kind(m)
    m.write_text(m.read_text(encoding="utf-8").replace("gin-ref-match/3", "gin-ref-match/4"), encoding="utf-8")
    result = CliRunner().invoke(main, ["tally", "--match", str(m)])
    assert result.exit_code == 1
    assert result.output == (f"Error: {m}:2: format gin-ref-match/4 is not supported: this gin-ref reads "
                             "gin-ref-match/3\n")


def test_an_irregularity_whose_reason_the_replay_cannot_work_out_is_listed_without_one(tmp_path):
    m = tmp_path / "m.yaml"
    _steps_of_every_kind(m)
    text = m.read_text(encoding="utf-8")
    m.write_text(text.replace("kind: out_of_turn\n    player: Ann", "kind: out_of_turn\n    player: Zed", 1),
                 encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(m)])
    assert result.exit_code == 1
    data, _code = _verify_json(m)
    listed = data["files"][0]["irregularities"][0]
    assert (listed["player"], listed["detail"]) == ("Zed", None)

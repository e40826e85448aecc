"""Seals in process: a hand edited by hand is named at its line by ``verify`` (a
warning, exit 0; ``--strict`` exit 1), a deleted last hand shows, a /1 record says it has none, and amend,
undo and ruling refuse to seal again a hand whose seal fails, except an amend of that hand."""

import json
import re
from pathlib import Path

import pytest

from runs import invoke as run
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401


def ok(*args):
    done = run(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def m(new_match):
    path = new_match("Ann", "Ben", options=["--dealer", "Ann"])
    ok("knock", "--match", path, "--upcard", "9H", "Ben", "5", "--defender", "23")  # Ben 18
    ok("knock", "--match", path, "--upcard", "9H", "Ann", "0", "--defender", "23")  # Ann 48
    ok("knock", "--match", path, "--upcard", "9H", "Ben", "2", "--defender", "12")  # Ben 10
    return path


def hand_line(path, number):
    return path.read_text().splitlines().index(f"- number: {number}") + 1


def test_a_sound_record_is_sealed_hand_by_hand_and_in_its_end_line(m):
    text = m.read_text()
    seals = re.findall(r"^  seal: ([0-9a-f]{16})$", text, re.M)
    from gin_ref.files import matchfile
    from gin_ref.files.seals import end_seal
    assert len(seals) == 3 and text.endswith(f"end: {{hands: 3, seal: '{end_seal(matchfile.load(m).data)}'}}\n")
    assert ok("verify", m) == f"{m}: ok, 3 hands\n"


def test_a_consistent_hand_edit_is_caught_at_its_hand_as_a_warning(m):
    # hand 2 made a knock of 1 (22 points) instead of a gin (48): every number still adds up
    text = m.read_text().replace("knocker_count: 0\n", "knocker_count: 1\n").replace("result: gin", "result: knock")
    text = text.replace("points: 48", "points: 22").replace("{Ann: 48, Ben: 18}", "{Ann: 22, Ben: 18}")
    text = text.replace("{Ann: 48, Ben: 28}", "{Ann: 22, Ben: 28}")
    m.write_text(text)
    done = run("verify", m)
    assert done.returncode == 0
    assert done.stdout == f"{m}: ok, 3 hands\n"
    # hand 3's totals had to change too, so both show
    assert done.stderr == (f"{m}:{hand_line(m, 2)}: warning: hand 2 changed outside gin-ref: its facts no longer "
                           f"match its seal\n{m}:{hand_line(m, 3)}: warning: hand 3 changed outside gin-ref: its facts "
                           "no longer match its seal\n")
    assert run("verify", "--strict", m).returncode == 1
    data = json.loads(run("verify", "--json", m).stdout)
    assert data["files"][0]["seals"]["sealed"] is True
    assert data["files"][0]["seals"]["broken"][0] == {
        "line": hand_line(m, 2), "hand": 2, "kind": "edited",
        "message": "hand 2 changed outside gin-ref: its facts no longer match its seal"}
    # the way on: look, then amend that hand, which seals what the table confirms
    both = ("Error: hands 2, 3 changed outside gin-ref (their seals fail): look, then confirm each, the last first, "
            "with 'gin-ref amend 3 ...', which seals it again\n")
    last = "Error: hand 3 changed outside gin-ref (its seal fails): look, then confirm it with 'gin-ref amend 3 ...', which seals it again\n"
    for refused, message in ((("ruling", "--match", m, "--hand", "2", "--void", "--reason", "x"), both),
                             (("undo", "--match", m), last),  # the newest step: hand 3's result
                             (("amend", "--match", m, "1", "Ben", "6", "--defender", "23"), both)):
        before = m.read_text()
        done = run(*refused)
        assert (done.returncode, done.stderr) == (1, message)
        assert m.read_text() == before
    ok("amend", "--match", m, "3", "Ben", "2", "--defender", "12")
    assert run("verify", m).stderr.count("warning") == 1
    ok("amend", "--match", m, "2", "Ann", "1", "--defender", "23")
    assert ok("verify", m) == f"{m}: ok, 3 hands\n" and run("verify", m).stderr == ""


def test_a_new_hand_may_still_be_played_beside_a_broken_seal(m):
    # hand 3 made 13 against Ben's 2 (11 points, not 10): consistent, so only its seal shows
    m.write_text(m.read_text().replace("defender_count: 12", "defender_count: 13").replace("points: 10", "points: 11")
                 .replace("{Ann: 48, Ben: 28}", "{Ann: 48, Ben: 29}"))
    assert run("verify", m).stderr.count("hand 3 changed outside gin-ref") == 1
    ok("knock", "--match", m, "--upcard", "7D", "Ann", "3", "--defender", "20")
    done = run("verify", m)
    assert done.returncode == 0 and done.stderr.count("warning") == 1 and "hand 3 changed" in done.stderr


def test_a_deleted_last_hand_shows(m):
    text = m.read_text()
    cut = text[:text.index("- number: 3")].rstrip("\n") + "\n\ncorrections: []\n"
    end = re.search(r"end: \{hands: 3, seal: '([0-9a-f]{16})'\}\n", text).group(1)
    m.write_text(cut + f"end: {{hands: 2, seal: '{end}'}}\n")
    done = run("verify", m)
    lines = m.read_text().splitlines()
    assert done.returncode == 0
    assert done.stderr == (f"{m}:{len(lines)}: warning: the end of record's seal does not match the hands: a hand "
                           "was deleted, or the count or the seals changed, outside gin-ref\n")
    m.write_text(cut + f"end: {{hands: 3, seal: '{end}'}}\n")  # the count left as it was: refused outright
    assert run("verify", m).returncode == 1


def test_stripped_seals_show(m):
    m.write_text(re.sub(r"\n  seal: [0-9a-f]{16}", "", m.read_text()))
    assert run("verify", m).stderr.count("it has no seal") == 3


def test_a_version_1_record_says_it_has_no_seals(tmp_path):
    path = tmp_path / "old.yaml"
    path.write_text((Path(__file__).parent / "records" / "oklahoma-format-1.yaml").read_text())  # the example as /1 wrote it
    assert ok("verify", path).splitlines()[-1] == ("  no seals: a gin-ref-match/1 record carries none (it is written "
                                                   "as /3, sealed, at its next change)")
    ok("ruling", "--match", path, "--hand", "8", "--void", "--reason", "x")
    assert len(re.findall(r"^  seal: ", path.read_text(), re.M)) == 8
    assert run("verify", path).stderr == ""

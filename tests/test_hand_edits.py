"""A match file edited by hand: the errors name what is on the line as written, at the line the edit is on,
and a file cut short says so first (the new-user review of hand-edited files)."""

import shutil
from pathlib import Path

import pytest

from runs import invoke

RECORDS = Path(__file__).parent / "records" / "format-2"


@pytest.fixture
def match(here):
    """``m.yaml``: a finished Hollywood match of 12 hands, Ben v Cid (format /2, canonical layout)."""
    shutil.copy(RECORDS / "example-hollywood.yaml", here / "m.yaml")
    return here / "m.yaml"


def edit(path, old, new, count=1):
    """``path`` with its first ``count`` lines holding ``old`` so changed (``old`` replaced by ``new``); the
    1-based number of the first line changed."""
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if old in line)
    lines[at] = lines[at].replace(old, new, count)
    path.write_text("\n".join(lines), encoding="utf-8")
    return at + 1


def tally_error(path):
    done = invoke("tally", "--match", str(path.name))
    assert done.code == 1 and done.out == "", (done.code, done.out, done.err)
    return done.err


# -- 2: YAML that no longer parses names the line of the edit ------------------------------------------------

def test_an_unindented_key_is_named_at_its_own_line_in_plain_words(match):
    line = edit(match, "  points: 21", "points: 21")
    assert tally_error(match) == (
        f"Error: m.yaml:{line}: invalid YAML: line {line + 1} is indented more than this line, so YAML reads it "
        "as going on with this line's value (mapping values are not allowed in this context): indent the two "
        "lines alike\n")


def test_a_list_left_open_at_the_end_is_named_where_it_opens_not_after_the_last_line(here):
    (here / "m.yaml").write_text("format: gin-ref-match/3\nplayers: [Ann\n", encoding="utf-8")
    assert tally_error(here / "m.yaml") == (
        "Error: m.yaml:2: invalid YAML: while parsing a flow sequence, did not find expected ',' or ']' (a list in "
        "[ ] not closed, or a ',' missing between its items)\n")


# -- 1: a value YAML reads otherwise than its key's type is named as written ----------------------------------

@pytest.fixture
def ruled(knocked):
    """``m.yaml``: Ann v Ben, hand 1 a knock by Ben that the director awarded to Ann (25, 'misdeal', by Dana)."""
    done = invoke("ruling", "--match", "m.yaml", "--hand", "1", "--award", "Ann", "25", "--reason", "misdeal",
                  "--by", "Dana")
    assert done.code == 0, done.err
    return knocked


@pytest.mark.parametrize("old, new, message", [
    ("players: [Ben, Cid]", "players: [Ben, yes]",
     "the player's name yes is read by YAML as a truth value (true): write it in quotes ('yes')"),
    ("knocker: Cid", "knocker: yes",
     "the knocker yes is read by YAML as a truth value (true): write it in quotes ('yes')"),
    ("points: 22", "points: 010",
     "010 for the points has a leading zero, which YAML reads as the octal number 8: write 10"),
    ("points: 22", "points: 0x16",
     "0x16 for the points is read by YAML as the number 22: write it in decimal digits (22)"),
    ("points: 22", "points: 09",
     "09 for the points has a leading zero, which YAML reads as text, not a number: write 9"),
    ("totals: {Ben: 0, Cid: 22}", "totals: {Ben: 0, 012: 22}",
     "the player's name 012 is read by YAML as the number 10: write it in quotes ('012')"),
])
def test_a_value_yaml_reads_otherwise_is_named_as_written(match, old, new, message):
    line = edit(match, old, new)
    assert tally_error(match) == f"Error: m.yaml:{line}: {message}\n"
    done = invoke("verify", "m.yaml")
    assert done.code == 1 and f"m.yaml:{line}: {message}\n" in done.out + done.err


@pytest.mark.parametrize("old, new, message", [
    ("player: Ann", "player: 012", "the player 012 is read by YAML as the number 10: write it in quotes ('012')"),
    ("reason: misdeal", "reason: 012", "the reason 012 is read by YAML as the number 10: write it in quotes ('012')"),
    ("by: Dana", "by: off", "the director's name off is read by YAML as a truth value (false): write it in "
                            "quotes ('off')"),
])
def test_a_ruling_value_yaml_reads_otherwise_is_named_as_written(ruled, old, new, message):
    line = edit(ruled, old, new)
    assert tally_error(ruled) == f"Error: m.yaml:{line}: {message}\n"


def test_a_quoted_value_and_a_plain_number_are_read_as_before(match):
    edit(match, "knocker: Cid", "knocker: 'Cid'")
    edit(match, "points: 22", "points: +22")
    assert invoke("verify", "m.yaml").code == 0


# -- 3: a file cut short says so first, and suggests no value from what survives -----------------------------

def test_verify_of_a_file_cut_mid_hand_names_the_cut_first_and_suggests_no_value(knocked):
    text = knocked.read_text(encoding="utf-8")
    kept = text[:text.index("  defender:")]  # cut after the knocker's count: the defender's is lost
    knocked.write_text(kept, encoding="utf-8")
    end = kept.count("\n")
    done = invoke("verify", "m.yaml")
    assert done.code == 1
    lines = (done.out + done.err).splitlines()
    assert lines[0] == (f"m.yaml:{end}: the record has no end line ('end: {{hands: N}}' last): the file was cut "
                        "short or its end deleted")
    assert "m.yaml:2: the record has no 'corrections' (a truncated or hand-edited file?)" in lines
    assert not [line for line in lines if "should be" in line]
    assert ("m.yaml:31: hand 1 has no 'winner' (the file was cut short: restore it from a copy, not from the part "
            "that survives)") in lines


def test_verify_of_a_sound_file_with_a_missing_key_still_suggests_its_value(knocked):
    text = knocked.read_text(encoding="utf-8")
    knocked.write_text(text.replace("  winner: Ben\n", ""), encoding="utf-8")
    done = invoke("verify", "m.yaml")
    assert done.code == 1 and 'hand 1 has no \'winner\' (it should be "Ben")' in done.out + done.err


@pytest.mark.parametrize("old, new, message", [
    ("knocker: Cid", "knocker: 'Cid", "did not find expected key (a quote not closed on this line)"),
    ("totals: {Ben: 0, Cid: 22}", "totals: {Ben: 0, Cid: 22", "while parsing a flow mapping, did not find expected "
                                                              "',' or '}' (a mapping in { } not closed, or a ',' "
                                                              "missing between its items)"),
])
def test_the_parsers_words_come_with_plain_ones_at_the_line_of_the_edit(match, old, new, message):
    line = edit(match, old, new)
    error = tally_error(match)
    assert error.startswith(f"Error: m.yaml:{line}: invalid YAML: ") and error.endswith(f"{message[-40:]}\n")

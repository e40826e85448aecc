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
        "Error: m.yaml:2: invalid YAML: while parsing a flow sequence, did not find expected ',' or ']'\n")

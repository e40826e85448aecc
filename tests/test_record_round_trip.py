"""A read and a write of any record change only its format and end lines (issue 36 item 1): every match file
under examples/, events/ and tests/ is read and written back, and the rest compared byte for byte. Format
/3 adds no key to a record it reads (its new keys come only with new steps), so nothing else may differ."""

from pathlib import Path

import pytest

from gin_ref.files import matchfile

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

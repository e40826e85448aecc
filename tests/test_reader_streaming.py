"""The fast YAML reader reads a match file a piece at a time and keeps its lines compactly (issue 24,
Memory): what it reads, and the line of every key and item, are those PyYAML's reader gives."""

from array import array
from pathlib import Path

import pytest

from gin_ref.files import yamlfast, yamlload, yamlread
from gin_ref.files.yamldata import KeyLines, LineDict, LineList, line_of

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.yaml"))


def paths(node, where=()):
    """Every key path into ``node``."""
    yield where
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, where + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, where + (index,))


@pytest.mark.parametrize("piece", [1, 7, 64, 1 << 16])
@pytest.mark.parametrize("example", EXAMPLES[:4], ids=lambda path: path.name)
def test_every_line_read_in_pieces_is_the_line_pyyaml_gives(monkeypatch, example, piece):
    monkeypatch.setattr(yamlfast._Lines, "PIECE", piece)
    text = example.read_text(encoding="utf-8")
    fast = yamlfast.parse_fast(text)
    slow = yamlload.read(text, [])
    assert fast == slow
    for where in paths(slow):
        assert line_of(fast, where) == line_of(slow, where), where


def test_a_long_record_keeps_its_lines_compactly():
    text = EXAMPLES[0].read_text(encoding="utf-8")
    data, problems = yamlread.parse(text)
    hands = data["hands"]
    assert not problems and isinstance(hands, LineList) and isinstance(hands.lines, array)
    first = hands[0]
    assert isinstance(first, LineDict) and isinstance(first.lines, KeyLines)
    assert first.lines.keys_ is hands[-1].lines.keys_ or tuple(first) != tuple(hands[-1])  # one tuple of keys
    assert dict(first.lines) == {key: first.lines[key] for key in first} and "nokey" not in first.lines
    with pytest.raises(KeyError):
        first.lines["nokey"]


@pytest.mark.parametrize("piece", [1, 5, 1 << 16])
def test_text_outside_the_layout_in_a_later_piece_still_falls_back(monkeypatch, piece):
    monkeypatch.setattr(yamlfast._Lines, "PIECE", piece)
    for bad in ("a: 1\nb: 2\nc: &x 3\n", "a: 1\nb: 2\n" + "c: " + "x" * 2000 + "\n", "a: 1\nb: 2\nc: \x85\n"):
        with pytest.raises(yamlfast.Fallback):
            yamlfast.parse_fast(bad)
    assert yamlfast.parse_fast("a: 1\n# note\n\nb:\n  - 2\n  - c: 3\n    d: [4, 5]\n") == {
        "a": 1, "b": [2, {"c": 3, "d": [4, 5]}]}

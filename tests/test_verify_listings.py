"""``verify`` lists a record's irregularities and rulings from the typed record (#36 item 1: the first
reading, ``matchfile.checks_read``: its Record, there even when the replay fails, each value with its line,
``matchtop.line_of``, and its deals refused as first read), not from the parsed file read a second time. For
every record under examples/, events/ and tests/ and hand edits of them (items in flow style, cards like
``9h``, a player written as a number, an unknown kind, a count or a number written as text, a ruling as
written, deals refused that do not read, comments, CRLF, records whose replay fails), every listing equals
the parsed data's reading (the reference: ``verify._parsed_listings``, what a record whose head does not
read is listed by)."""

import pytest

from gin_ref.desk import verify
from gin_ref.files import matchfile
from test_problem_lines import RECORDS, _edits


def _cases():
    for path in RECORDS:
        text = path.read_text(encoding="utf-8")
        yield text
        yield from _edits(text)
        yield text.replace("\nplayers:", "\nplayers: 3\nold_players:", 1)  # a head that does not read
        for player in ("3", "[x]"):  # an item's player, a ruling's, written as a number or a list
            yield text.replace("player: ", f"player: {player}\n    was: ", 2)
        yield text.replace("kind: ", "kind: no_such_kind\n    was: ", 2)  # a kind unknown to gin-ref
        yield text.replace("points: ", "points: '3'\n    was: ", 3)  # a count written as text
        yield text.replace("number: ", "number: '1'\n  was: ", 3)  # a hand's number written as text


def test_every_listing_is_the_parsed_datas(tmp_path):
    listed = read = 0
    for text in _cases():
        problems, match, data, reading = matchfile.checks_read(text)
        typed = verify._listings(data, match, reading)
        if reading is not None and reading.record is not None:
            read += 1
            assert verify._listings(None, match, reading) == typed  # (the parsed data is not read)
        assert typed == verify._parsed_listings(data, match)  # the reference: the parsed data, as written
        listed += len(typed[0]) + len(typed[1])
    assert read and listed  # (the cases do list something, from a Record)


@pytest.mark.parametrize("crlf", [False, True])
def test_a_listing_the_replay_refuses_has_its_line(tmp_path, crlf):
    text = next(path for path in RECORDS if path.name == "spades.yaml").read_text(encoding="utf-8")
    text = text.replace("  irregularities: []", "  irregularities: [{kind: no_such_kind, player: 7}]", 1)
    path = tmp_path / "match.yaml"
    path.write_bytes(text.replace("\n", "\r\n" if crlf else "\n").encode("utf-8"))
    done = verify.verify_file(str(path))
    line = text[:text.index("irregularities: [{")].count("\n") + 1
    assert done.problems  # (the replay refuses the item)
    assert [(item["line"], item["kind"], item["player"]) for item in done.kept] == [(line, "no_such_kind", "7")]  # (as the reader gives it)

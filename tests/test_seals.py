"""The seal chain (``gin_ref.files.seals``) on real records: every hand checked against the seal before it,
one edit is one broken seal, the end of record holds the last seal, and resealing never blesses a hand
whose seal already fails unless the change confirms it."""

import copy

import pytest

from gin_ref.files import matchfile as record
from gin_ref.files import seals
from pathlib import Path
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "oklahoma.yaml"


@pytest.fixture
def sealed():
    data = copy.deepcopy(record.load(str(EXAMPLE)).data)
    end = seals.reseal(data)
    return data, end


def test_a_fresh_chain_holds_and_the_end_holds_the_last_seal(sealed):
    data, end = sealed
    assert seals.check_seals(data, end) == []
    assert data["hands"][-1]["seal"] == seals.last_seal(data) != end == seals.end_seal(data)
    assert all(len(hand["seal"]) == seals.LENGTH for hand in data["hands"])
    assert len({hand["seal"] for hand in data["hands"]}) == len(data["hands"])


def test_one_edited_hand_is_one_broken_seal_at_that_hand(sealed):
    data, end = sealed
    data["hands"][3]["points"] += 1
    assert seals.check_seals(data, end) == [seals.Broken(4, ("hands", 3, "seal"), "edited")]


def test_a_head_edit_breaks_the_first_seal(sealed):
    data, end = sealed
    data["date"] = "2024-01-01"
    assert [b.hand for b in seals.check_seals(data, end)] == [1]


def test_a_deleted_last_hand_and_stripped_seals_show(sealed):
    data, end = sealed
    short = copy.deepcopy(data)
    short["hands"].pop()
    assert seals.check_seals(short, end) == [seals.Broken(None, (), "end")]
    stripped = copy.deepcopy(data)
    seals.drop_seals(stripped)
    assert [b.kind for b in seals.check_seals(stripped, end)] == ["missing"] * 8 + ["end"]  # the end covers the seals
    assert [b.kind for b in seals.check_seals(stripped, None)] == ["missing"] * 8 + ["end"]


def test_resealing_after_an_append_leaves_an_earlier_broken_seal_as_it_is(sealed):
    data, end = sealed
    data["hands"][2]["upcard"] = "5H"  # edited by hand
    after = copy.deepcopy(data)
    after["hands"].append({"number": 9, "dealer": "Ann", "upcard": "9H", "limit": 9})
    assert seals.reseal(after, seals.before_write(data, end)) == seals.end_seal(after)
    assert "seal" not in after["hands"][8]  # the open hand carries none
    assert [b.hand for b in seals.check_seals(after, seals.end_seal(after))] == [3]


def test_resealing_from_a_hand_at_or_before_a_broken_one_is_refused_unless_it_confirms_it(sealed):
    data, end = sealed
    data["hands"][5]["points"] = 99  # hand 6 edited by hand
    after = copy.deepcopy(data)
    after["hands"][4]["ruling"] = {"kind": "void"}  # a change to hand 5 reseals 5 onwards
    with pytest.raises(seals.UnsealedError, match=r"^hand 6 changed outside gin-ref"):
        seals.reseal(copy.deepcopy(after), seals.before_write(data, end))
    amended = copy.deepcopy(data)
    amended["hands"][5]["points"] = 4
    seals.reseal(amended, seals.before_write(data, end), confirm=6)
    assert seals.check_seals(amended, seals.end_seal(amended)) == []

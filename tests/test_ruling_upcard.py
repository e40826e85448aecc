"""``gin-ref ruling --upcard CARD`` in process (#40 item 4): a hand a table entered and rejected left no deal
in the file, so a ruling on it was refused ("no hand has been dealt", then, dealt by hand, "--award needs a
settled hand"); with --upcard the hand is dealt with that card and ruled in one write, and refused as a
whole (the file untouched) when any part of it is."""

from runs import expect, invoke
from gin_ref.files import matchfile


def new_match(tmp_path):
    path = tmp_path / "m.yaml"
    expect(0, "new", "Ann", "Ben", "--rules", "oklahoma", "--dealer", "Ann", "--match", path)
    return path


def test_an_award_on_a_hand_never_dealt_deals_it_with_the_upcard_and_rules_it_in_one_write(tmp_path):
    path = new_match(tmp_path)
    refused = expect(1, "ruling", "--match", path, "--award", "Ben", "25", "--reason", "disputed", error_line=True)
    assert "no hand has been dealt" in refused.err
    done = expect(0, "ruling", "--match", path, "--award", "Ben", "25", "--reason", "disputed", "--by", "Dana",
                  "--upcard", "AD")
    assert "hand 1: Ann deals, upcard A♦" in done.out and "hand 1: awarded to Ben, 25 points" in done.out
    match = matchfile.load(str(path)).match
    hand = match.hands[0]
    assert (hand["upcard"], hand["limit"], hand["result"]) == ("AD", 1, "dead")  # the deal, no score of its own
    assert (hand["ruling"]["kind"], hand["ruling"]["player"], hand["ruling"]["points"]) == ("award", "Ben", 25)
    assert match.state.totals == {"Ann": 0, "Ben": 25}
    assert ": ok, 1 hand" in expect(0, "verify", path).out


def test_a_void_and_a_redeal_with_the_upcard_and_what_is_refused_writes_nothing(tmp_path):
    path = new_match(tmp_path)
    before = path.read_bytes()
    for args in (["--void", "--reason", " "], ["--void", "--reason", "x", "--hand", "2"],
                 ["--award", "Cid", "10", "--reason", "x"], ["--void", "--reason", "x", "--upcard", "1Z"]):
        extra = [] if "--upcard" in args else ["--upcard", "9H"]
        done = invoke("ruling", "--match", path, *args, *extra)
        assert done.code != 0 and done.err.startswith("Error: ") and done.err.count("\n") == 1, done
        assert path.read_bytes() == before, args
    expect(0, "ruling", "--match", path, "--void", "--reason", "both counts disputed", "--upcard", "9H")
    expect(0, "ruling", "--match", path, "--redeal", "--reason", "two 7D", "--upcard", "KS")
    hands = matchfile.load(str(path)).match.hands
    assert [(h["upcard"], h.get("result"), h["ruling"]["kind"]) for h in hands] == \
        [("9H", "dead", "void"), ("KS", None, "redeal")]  # a redeal rules the open hand: nothing ends it
    # undo takes the ruling back first, then the hand it ended, then its deal
    assert "the ruling" in expect(0, "undo", "--match", path).out
    assert matchfile.load(str(path)).match.open_entry["upcard"] == "KS"

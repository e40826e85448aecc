"""``gin-ref ruling --upcard CARD`` in process (#40 item 4): a hand a table entered and rejected left no deal
in the file, so a ruling on it was refused ("no hand has been dealt", then, dealt by hand, "--award needs a
settled hand"); with --upcard the hand is dealt with that card and ruled in one write and ONE step (the
ruling says ``dealt: true``; the hand, never played, has no result), which one ``undo`` takes back and one
``redo`` puts back; refused as a whole (the file untouched) when any part of it is."""

from runs import expect, invoke
from gin_ref.files import matchfile
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401


def hands_part(path):
    """The file up to its corrections: the head and the hands, as written (an undo adds a correction)."""
    return path.read_bytes().split(b"\ncorrections:")[0]


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
    hand = matchfile.load(str(path)).data["hands"][0]
    assert (hand["upcard"], hand["limit"], hand.get("result")) == ("AD", 1, None)  # the deal, never played
    assert (hand["ruling"]["kind"], hand["ruling"]["player"], hand["ruling"]["points"]) == ("award", "Ben", 25)
    assert hand["ruling"]["dealt"] is True and (hand["winner"], hand["points"]) == ("Ben", 25)
    assert match.state.totals == {"Ann": 0, "Ben": 25}
    assert ": ok, 1 hand" in expect(0, "verify", "--strict", path).out
    row = next(line for line in expect(0, "tally", "--match", path).out.splitlines() if line.lstrip().startswith("1^"))
    assert "(award)" in row and "dead" not in row  # never played by cards: not a dead hand


def test_one_undo_takes_the_ruling_and_its_deal_back_and_one_redo_puts_them_back(tmp_path):
    path = new_match(tmp_path)
    expect(0, "knock", "--match", path, "--upcard", "9H", "Ben", "5", "23")
    before, sealed = hands_part(path), matchfile.load(str(path)).data["hands"][-1]["seal"]
    for kind in (["--award", "Ann", "25"], ["--void"], ["--redeal"], ["--forfeit", "Ann"]):
        expect(0, "ruling", "--match", path, *kind, "--reason", "counts disputed", "--upcard", "7D")
        ruled = hands_part(path)
        assert ruled.count(b"- number: ") == 2 and b"    dealt: true\n" in ruled, kind
        undone = expect(0, "undo", "--match", path)
        assert "took back hand 2: the ruling" in undone.out, kind
        assert hands_part(path) == before, kind  # the ruling and its deal, in one step: the hands as before
        assert matchfile.load(str(path)).match.state.open is None
        assert "put back hand 2: the ruling" in expect(0, "redo", "--match", path).out
        assert hands_part(path) == ruled, kind  # the same hand, its seal with it
        assert ": ok, 2 hands" in expect(0, "verify", "--strict", path).out
        expect(0, "undo", "--match", path)
        assert hands_part(path) == before
    assert matchfile.load(str(path)).data["hands"][-1]["seal"] == sealed
    assert invoke("undo", "--match", path).code == 0  # then the knock: nothing of the rulings was left between
    assert matchfile.load(str(path)).data["hands"][-1].get("result") is None


def test_a_dealt_ruling_on_a_hand_that_was_played_is_a_problem_verify_names(tmp_path):
    path = new_match(tmp_path)
    expect(0, "ruling", "--match", path, "--void", "--reason", "disputed", "--upcard", "9H")
    text = path.read_text()
    played = text.replace("  irregularities: []\n", "  irregularities: []\n  turns:\n  - Ben passes\n", 1)
    path.write_text(played)
    found = invoke("verify", path)
    assert found.code == 1 and "a ruling that dealt its hand rules a hand never played" in found.output
    path.write_text(text.replace("dealt: true", "dealt: false"))
    found = invoke("verify", path)
    assert found.code == 1 and "the ruling's 'dealt' is true or left out, not false" in found.output


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
    hands = matchfile.load(str(path)).data["hands"]
    assert [(h["upcard"], h.get("result"), h["ruling"]["kind"], h["ruling"]["dealt"]) for h in hands] == \
        [("9H", None, "void", True), ("KS", None, "redeal", True)]  # each dealt by its ruling, never played
    # undo takes the ruling back with the hand it dealt, in one step
    assert "the ruling" in expect(0, "undo", "--match", path).out
    match = matchfile.load(str(path)).match
    assert len(match.hands) == 1 and match.open_setup is None


def test_a_hand_dealt_by_its_own_step_is_ended_dead_before_an_award_as_before(tmp_path):
    """A hand dealt first (``deal``) and then ruled with its upcard: the deal is a step of its own, so the
    award ends it dead and rules it, as before; undo takes back the ruling alone."""
    path = new_match(tmp_path)
    expect(0, "deal", "--match", path, "--upcard", "9H")
    expect(0, "ruling", "--match", path, "--award", "Ben", "10", "--reason", "disputed", "--upcard", "9H")
    hand = matchfile.load(str(path)).match.hands[0]
    assert hand.result == "dead" and "dealt" not in hand.ruling
    expect(0, "undo", "--match", path)
    assert matchfile.load(str(path)).match.hands[0].result == "dead"


def test_the_canonical_reader_the_schema_and_an_older_reader_on_a_ruling_that_dealt_its_hand(tmp_path):
    """The new key ``dealt`` is read straight by the canonical reader (its key table), accepted by the match
    file's JSON Schema (the hand and the correction that keeps it), and refused in words, at its line, by a
    reader that does not know it (an older gin-ref's ruling keys: unknown key 'dealt' in the ruling)."""
    import json
    from pathlib import Path

    import yaml
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    import gin_ref
    from gin_ref.files.recordkeys import RECORD
    from gin_ref.files.yamlfast import parse_canonical
    from gin_ref.match import rulings

    path = new_match(tmp_path)
    expect(0, "ruling", "--match", path, "--award", "Ben", "25", "--reason", "disputed", "--upcard", "AD")
    ruled = path.read_text()
    assert parse_canonical(ruled, RECORD)["hands"][0]["ruling"]["dealt"] is True
    expect(0, "undo", "--match", path)
    undone = path.read_text()
    assert parse_canonical(undone, RECORD)["corrections"][0]["entry"]["ruling"]["dealt"] is True
    schemas = [json.loads(p.read_text()) for p in (Path(gin_ref.__file__).parent / "schemas").glob("*.schema.json")]
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas)
    def validator(name):
        return Draft202012Validator(next(s for s in schemas if s["$id"] == f"urn:gin-ref:schema:{name}"),
                                    registry=registry)

    check = validator("match")
    for text in (ruled, undone):
        assert not list(check.iter_errors(yaml.safe_load(text)))
    bad = yaml.safe_load(ruled)
    bad["hands"][0]["ruling"]["dealt"] = False
    assert list(check.iter_errors(bad))
    bad = yaml.safe_load(ruled)
    del bad["hands"][0]["ruling"]["dealt"]  # an award on a hand with no result, not dealt by it
    assert list(check.iter_errors(bad))
    path.write_text(ruled)
    outputs = {name: validator(name) for name in ("tally", "export")}
    for name, args in (("tally", ("tally", "--match", path, "--json")), ("export", ("export", "--format", "json", path))):
        data = json.loads(expect(0, *args).out)
        assert not [error.message for error in outputs[name].iter_errors(data)], name
    older = tuple(key for key in rulings.KEYS if key != "dealt")  # the ruling keys before #40
    import gin_ref.match.rulings as module
    saved, module.KEYS = module.KEYS, older
    try:
        path.write_text(ruled)
        found = invoke("verify", path)
    finally:
        module.KEYS = saved
    assert found.code == 1 and "unknown key 'dealt' in the ruling" in found.output and "m.yaml:" in found.output

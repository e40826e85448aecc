"""``--json`` on every command that writes (issue 42 item 2; docs/json.md#the-commands-that-write): each prints
the step it recorded as one JSON object on one line, valid under its schema (gin_ref/schemas/), with the file
written and where the match stands; a refusal keeps its ``Error:`` line and exit code, and an act refused yet
written (kept as an irregularity) prints what it kept first. Fast: one run of each writer in this process;
slow: every command of tests/schemacases.py's match files again with --json."""

import json

import pytest

from runs import invoke
from schemacases import CASES, RULES_FILES, _filled
from test_schemas import assert_valid, changed, json_commands, problems, schema_name

WRITERS = ["new", "deal", "knock", "dead", "take", "pass", "draw", "discard", "undo", "redo", "amend", "result",
           "ruling", "event new", "event pair"]
KNOCKER = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"
DEFENDER = "KH QD 9H TH JH 6D 3H 6S TD 2H"


def step(folder, schema, *words, code=0):
    """Run a writer with --json in ``folder``: its one line of JSON, valid under ``schema``."""
    done = invoke(*words, "--json", cwd=folder)
    assert done.code == code, (words, done)
    assert done.out.endswith("\n") and done.out.count("\n") == 1, (words, done.out)
    data = json.loads(done.out)
    assert_valid(schema, data, " ".join(words))
    assert (done.err.startswith("Error: ") and done.err.count("\n") == 1) if code else "Error" not in done.err, done
    return data


def test_every_writer_takes_json_and_has_its_schema():
    found = {" ".join(path) for path in json_commands()}
    assert set(WRITERS) <= found, set(WRITERS) - found
    from gin_ref.cli.result_cmds import amend_result_cmd  # 'amend result', routed by amend

    assert any("--json" in getattr(param, "opts", ()) for param in amend_result_cmd.params)


def test_each_writer_prints_the_step_it_recorded(tmp_path):
    m = ["--match", "m.yaml"]
    new = step(tmp_path, "new", "new", *m, "--dealer", "Ann", "--date", "2024-05-01", "Ann", "Ben")
    assert (new["file"], new["players"], new["date"], new["match"]["next_dealer"]) == ("m.yaml", ["Ann", "Ben"],
                                                                                       "2024-05-01", "Ann")
    wrong = step(tmp_path, "deal", "deal", *m, "--dealer", "Ben", "--upcard", "9H", code=1)
    assert wrong["hand"] is None and wrong["refused"]["kept"] and wrong["match"]["irregularities"][0]["player"] == "Ben"
    dealt = step(tmp_path, "deal", "deal", *m, "--upcard", "9H")
    assert (dealt["hand"]["number"], dealt["hand"]["dealer"], dealt["hand"]["upcard"]) == (1, "Ann", "9H")
    assert step(tmp_path, "pass", "pass", *m, "Ben")["turn"] == {"number": 1, "action": "pass", "player": "Ben",
                                                                  "card": None, "offer": True}
    taken = step(tmp_path, "take", "take", *m, "Ann")
    assert (taken["turn"]["card"], taken["match"]["turn"]) == ("9H", {"player": "Ann", "phase": "discard"})
    assert step(tmp_path, "discard", "discard", *m, "Ann", "QH")["match"]["discard_top"] == "QH"
    out_of_turn = step(tmp_path, "draw", "draw", *m, "Ann", code=1)
    assert out_of_turn["turn"] is None and out_of_turn["refused"]["kind"] == "out_of_turn"
    assert step(tmp_path, "undo", "undo", *m)["step"] == {"kind": "irregularity", "hand": 1, "turn": None}
    assert step(tmp_path, "draw", "draw", *m, "Ben", "5S")["turn"]["card"] == "5S"
    knocked = step(tmp_path, "knock", "knock", *m, "Ben", "5", "--defender", "23")
    assert (knocked["hand"]["result"], knocked["hand"]["points"], knocked["spreads"]) == ("knock", 18, None)
    by_cards = step(tmp_path, "knock", "knock", *m, "--upcard", "7D", "Ben", KNOCKER, "--defender", DEFENDER)
    assert by_cards["dealt"] and by_cards["spreads"]["knocker"]["deadwood"] == 5
    assert step(tmp_path, "dead", "dead", *m, "--upcard", "4C")["hand"]["result"] == "dead"
    amended = step(tmp_path, "amend", "amend", *m, "2", "Ann", "5", "--defender", "30")
    assert (amended["was"]["winner"], amended["hand"]["winner"]) == ("Ben", "Ann")
    assert step(tmp_path, "undo", "undo", *m)["undone"].startswith("hand 2")
    assert step(tmp_path, "redo", "redo", *m)["step"]["kind"] == "amend"
    ruled = step(tmp_path, "ruling", "ruling", *m, "--hand", "1", "--award", "Ben", "10", "--reason", "misdeal")
    assert (ruled["ruling"]["kind"], ruled["hand"]["points"]) == ("award", 10)
    paper = step(tmp_path, "result", "result", "--match", "p.yaml", "Ann", "154", "Ben", "24")
    assert paper["result"]["scores"] == {"Ann": 154, "Ben": 24} and paper["match"]["finished"]
    assert step(tmp_path, "amend", "amend", "result", "--match", "p.yaml", "Ann", "150", "Ben", "30")["was"][
        "scores"] == {"Ann": 154, "Ben": 24}
    (tmp_path / "season.csv").write_text("date,player1,player2,points1,points2\n2024-05-02,Ann,Ben,120,40\n",
                                         encoding="utf-8")
    season = step(tmp_path, "result", "result", "--input", "season.csv", "--into", "season")
    assert [match["scores"] for match in season["matches"]] == [{"Ann": 120, "Ben": 40}]
    event = step(tmp_path, "event-new", "event", "new", "night", "--format", "round-robin", "Ann", "Ben", "Cid", "Dee")
    assert (event["rounds"], event["players"]) == (3, ["Ann", "Ben", "Cid", "Dee"])
    paired = step(tmp_path, "event-pair", "event", "pair", "night")
    assert [len(t["players"]) for t in paired["tables"]] == [2, 2] and (tmp_path / paired["tables"][0]["file"]).exists()


def test_a_refusal_under_json_is_its_error_line_and_code(tmp_path):
    """Nothing written: nothing on stdout, the one Error line and the exit code it has without --json."""
    assert invoke("new", "--match", "m.yaml", "--dealer", "Ann", "Ann", "Ben", cwd=tmp_path).code == 0
    for words in [("knock", "Ben", "5"), ("redo",), ("deal", "--upcard", "XX"), ("ruling", "--void", "--reason", "x"),
                  ("take", "Ann")]:
        plain = invoke(*words, "--match", "m.yaml", cwd=tmp_path)
        done = invoke(*words, "--match", "m.yaml", "--json", cwd=tmp_path)
        assert (done.code, done.out, done.err) == (plain.code, "", plain.err) and done.code in (1, 2), words
        assert done.err.startswith("Error: ") and done.err.count("\n") == 1, done


def test_a_knock_refused_after_its_deal_says_the_deal_stands(tmp_path):
    assert invoke("new", "--match", "m.yaml", "--dealer", "Ann", "Ann", "Ben", cwd=tmp_path).code == 0
    data = step(tmp_path, "knock", "knock", "--match", "m.yaml", "--upcard", "2C", "Ann", "12", "--defender", "30",
                code=1)
    assert data["dealt"] and data["hand"]["result"] is None and data["refused"] == {
        "kind": "count_over_limit", "kept": False, "message": data["refused"]["message"]}
    assert data["match"]["open_hand"] == 1
    kept = step(tmp_path, "knock", "knock", "--match", "m.yaml", "Ann", "12", "--defender", "30", "--illegal", code=1)
    assert kept["refused"]["kind"] == "illegal" and kept["hand"]["irregularities"][0]["kind"] == "illegal_knock"


def test_the_writers_schemas_are_strict(tmp_path):
    """A changed output fails its schema: a key added or missing, a turn of another command, a bad refusal."""
    assert invoke("new", "--match", "m.yaml", "--dealer", "Ann", "Ann", "Ben", cwd=tmp_path).code == 0
    knocked = step(tmp_path, "knock", "knock", "--match", "m.yaml", "--upcard", "9H", "Ben", "5", "--defender", "23")
    for bad in [changed(knocked, ("surprise",), 1), changed(knocked, ("match",), delete=True),
                changed(knocked, ("match", "hands"), []), changed(knocked, ("hand", "points"), "18"),
                changed(knocked, ("refused",), {"kind": "illegal", "kept": "yes", "message": "x"})]:
        assert problems("knock", bad)
    assert invoke("deal", "--match", "m.yaml", "--upcard", "9H", cwd=tmp_path).code == 0
    passed = step(tmp_path, "pass", "pass", "--match", "m.yaml", "Ann")
    assert problems("take", passed) and not problems("pass", passed)
    assert problems("pass", changed(passed, ("turn", "card"), "10H"))


def test_the_json_names_no_more_than_it_must_for_a_long_record(tmp_path):
    """The standing is the tally without its hands: a writer's line does not grow with the record."""
    assert invoke("new", "--match", "m.yaml", "--dealer", "Ann", "Ann", "Ben", cwd=tmp_path).code == 0
    sizes = [len(json.dumps(step(tmp_path, "dead", "dead", "--upcard", "9H", "--match", "m.yaml"))) for _ in range(3)]
    assert sizes[0] == sizes[1] == sizes[2] > 0


# -- slow: every command of the schema cases, again with --json ------------------------------------------------

@pytest.mark.slow
def test_every_case_again_with_json(tmp_path):
    schemas = {" ".join(path): schema_name(path) for path in json_commands()}
    checked = set()
    for name, (rules_text, commands) in CASES.items():
        if rules_text is not None:
            (tmp_path / RULES_FILES[name]).write_text(rules_text, encoding="utf-8")
        for code, *words in commands:
            words = _filled(words, tmp_path / name)
            if words[0] != "result" and words[:2] != ["amend", "result"]:
                words = [*words, "--match", name]
            done = invoke(*words, "--json", cwd=tmp_path)
            assert done.code == code, (name, words, done)
            if done.out:
                assert done.out.count("\n") == 1, (name, words, done.out)
                command = "amend" if words[:2] == ["amend", "result"] else words[0]
                assert_valid(schemas[command], json.loads(done.out), f"{name}: {' '.join(words)}")
                checked.add(command)
            else:
                assert code != 0, (name, words)
    assert checked >= {"new", "deal", "knock", "dead", "take", "pass", "draw", "discard", "undo", "redo", "amend",
                       "result", "ruling"}

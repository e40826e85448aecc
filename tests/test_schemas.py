"""The JSON Schemas gin-ref ships (issue 42 item 1, gin_ref/schemas/, docs/json.md#schemas): each a valid
draft 2020-12 schema with its stable $id; a schema for every command that takes --json, found by walking
the command tree; every such command's real output, on the shipped examples, the club night and match files
of every shape (tests/schemacases.py), valid under its schema with jsonschema's 2020-12 validator; the
match-file schema valid for the loaded data of every shipped example and golden record; and the schemas
strict enough that a changed output fails."""

import copy
import functools
import json
import re
import shutil
from pathlib import Path

import click
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator  # the test extra's (setup.py)
from referencing import Registry, Resource  # jsonschema's own dependency

import gin_ref
from gin_ref.cli import main
from gin_ref.views.plainjson import json_plain
from gin_ref.core.rules import KNOBS, SNAPSHOT_OPTIONAL
from gin_ref.files import matchfile
from runs import invoke
from schemacases import build

ROOT = Path(__file__).resolve().parent.parent
FOLDER = Path(gin_ref.__file__).parent / "schemas"  # as installed (CI installs the package, not editable)
SCHEMAS = {path.name.removesuffix(".schema.json"): json.loads(path.read_text(encoding="utf-8"))
           for path in sorted(FOLDER.glob("*.schema.json"))}
REGISTRY = Registry().with_resources((schema["$id"], Resource.from_contents(schema)) for schema in SCHEMAS.values())
# the schemas that are no command's --json: the pieces they share (``written``: those of the commands that write),
# the match file, export's file, --input's lines
NOT_A_COMMAND = {"common", "written", "match", "export", "check-input", "score-input"}

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
EVENT = ROOT / "events" / "club-night"
EVENT_MATCHES = sorted(path for path in EVENT.glob("*.yaml") if path.name != "event.yaml")
# the match records kept under tests/ (a YAML file there that is no match record, a rules file, is not one)
GOLDEN = sorted(path for path in (ROOT / "tests").rglob("*.yaml")
                if "format: gin-ref-match/" in path.read_text(encoding="utf-8")[:4096])
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # PyYAML's safe loader, in C where it is built
RULES_FILES = sorted((ROOT / "examples" / "rules").glob("*.yaml"))


@functools.cache
def validator(name):
    return Draft202012Validator(SCHEMAS[name], registry=REGISTRY)


def problems(name, data):
    """What the schema ``name`` finds wrong with ``data``: one line an error, [] when it is valid."""
    return [f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}"
            for error in sorted(validator(name).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))]


def assert_valid(name, data, what=""):
    found = problems(name, data)
    assert not found, f"{what} against {name}.schema.json:\n" + "\n".join(found[:10])


def json_commands(group=main, path=()):
    """The path of every command in the tree that takes --json (``("rules", "show")``), found by walking
    click's groups: a command added, moved or given --json later is found too."""
    context = click.Context(group, info_name="gin-ref")
    found = []
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if command is None or getattr(command, "hidden", False):
            continue
        if any("--json" in getattr(param, "opts", ()) for param in command.params):
            found.append(path + (name,))
        if isinstance(command, click.Group):
            found += json_commands(command, path + (name,))
    return found


def schema_name(command_path):
    return "-".join(command_path)


def run_json(*words, codes=(0,), cwd=None):
    """The one JSON object a command prints on one line (its exit code one of ``codes``)."""
    done = invoke(*words, cwd=cwd)
    assert done.code in codes, (words, done)
    assert done.out.endswith("\n") and done.out.count("\n") == 1, (words, done.out[:500])
    return json.loads(done.out)


def run_lines(*words, input, codes=(0, 1, 2)):
    done = invoke(*words, input=input)
    assert done.code in codes, (words, done)
    return [json.loads(line) for line in done.out.splitlines()]


def loaded(path):
    """A match file's data as gin-ref loads it (the record ``export`` writes: its format as written, no end
    line), as plain JSON (dates as ISO text)."""
    return json.loads(json.dumps(matchfile.record_data(matchfile.load(path)), default=json_plain))


# -- the schemas themselves ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_each_schema_is_a_draft_2020_12_schema_with_a_stable_id(name):
    schema = SCHEMAS[name]
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"urn:gin-ref:schema:{name}"
    assert schema.get("title") and schema.get("description")


def test_the_installed_package_carries_every_schema():
    """The schemas a script finds beside the installed package are the checkout's, every one of them."""
    source = ROOT / "gin_ref" / "schemas"
    shipped = sorted(path.name for path in source.glob("*.schema.json"))
    assert len(shipped) >= 15 and sorted(path.name for path in FOLDER.glob("*.schema.json")) == shipped
    for name in shipped:
        assert (FOLDER / name).read_bytes() == (source / name).read_bytes(), name


def test_every_reference_resolves():
    """Every $ref of every schema leads somewhere (a typo in one would fail only on the data that reaches it)."""
    def refs(node, base):
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                yield base, node["$ref"]
            for value in node.values():
                yield from refs(value, base)
        elif isinstance(node, list):
            for value in node:
                yield from refs(value, base)

    for schema in SCHEMAS.values():
        resolver = REGISTRY.resolver(base_uri=schema["$id"])
        for base, ref in refs(schema, schema["$id"]):
            resolver.lookup(ref)  # raises for a reference that leads nowhere


def test_every_command_with_json_has_a_schema():
    commands = json_commands()
    # the walk finds the commands it must (else it proves nothing), a subcommand among them
    assert {("check",), ("tally",), ("rules",), ("rules", "show"), ("event", "standings")} <= set(commands)
    missing = [" ".join(path) for path in commands if schema_name(path) not in SCHEMAS]
    assert not missing, f"commands with --json and no schema in gin_ref/schemas/: {missing}"
    stale = set(SCHEMAS) - NOT_A_COMMAND - {schema_name(path) for path in commands}
    assert not stale, f"schemas of no command with --json: {sorted(stale)}"


def test_the_knobs_schema_names_every_house_rule_and_takes_each_default():
    knobs = SCHEMAS["common"]["$defs"]["knobs"]["properties"]
    assert list(knobs) == list(KNOBS)
    assert SCHEMAS["common"]["$defs"]["all_knobs"]["required"] == list(KNOBS)
    defaults = {name: knob.default for name, knob in KNOBS.items()}
    assert_valid("rules-show", {"rules": "x", "knobs": defaults, "sources": dict.fromkeys(KNOBS, "default")})
    snapshot = SCHEMAS["match"]["properties"]["rules"]["properties"]["knobs"]["required"]
    assert snapshot == [name for name in KNOBS if name not in SNAPSHOT_OPTIONAL]
    format_1 = SCHEMAS["match"]["$defs"]["format_1"]["properties"]["rules"]["properties"]["knobs"]["properties"]
    assert sorted(format_1) == sorted(SNAPSHOT_OPTIONAL)


# -- real outputs ---------------------------------------------------------------------------------------------

class Matches:
    """Match files to run the commands on: ``files`` one by one, ``sources`` as history and the commands over
    many matches take them (files and folders); ``made``: the folder of tests/schemacases.py's files."""

    def __init__(self, files, sources, made=None):
        self.files, self.sources, self.made = files, sources, made


SHIPPED = Matches([*EXAMPLES, *EVENT_MATCHES, *GOLDEN], [*EXAMPLES, EVENT])


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The match files of every shape tests/schemacases.py makes, in a folder of their own."""
    folder = tmp_path_factory.mktemp("cases")
    return Matches(build(folder), [folder], folder)


@pytest.fixture(params=["shipped", pytest.param("made", marks=pytest.mark.slow)])
def matches(request):
    """The shipped examples, the club night and the golden records (the fast suite); and (slow) the match files
    of every shape the command line makes (tests/schemacases.py): each test that takes it runs on both."""
    return SHIPPED if request.param == "shipped" else request.getfixturevalue("made")


HANDS = ["AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
         "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D KH", "KH QD JS 9H 6D 3H 6S TD 5C 2H"]


@pytest.mark.parametrize("hand", HANDS)
def test_check_json(hand):
    for upcard in ("7D", "KH", "AS"):
        assert_valid("check", run_json("check", "--upcard", upcard, *hand.split(), "--json", codes=(0, 1)), hand)


def test_check_and_score_input_lines():
    cases = "\n".join([
        json.dumps({"upcard": "7D", "hand": HANDS[0]}), json.dumps({"upcard": "2C", "hand": HANDS[3]}),
        json.dumps({"upcard": "KH", "hand": HANDS[2]}), "not json", "", json.dumps({"upcard": "7D"}),
    ]) + "\n"
    answers = run_lines("check", "--input", "-", input=cases)
    assert len(answers) == 6 and {"line", "error"} <= set(answers[3])
    for answer in answers:
        assert_valid("check-input", answer)
    knocker, defender = "AS 2S 3S 4H 4D 4C 7C 8C 9C 6D", "5H 5S 5C TH JH QH 2D 3D 4S AC"
    cases = "\n".join([
        json.dumps({"upcard": "KH", "knocker": knocker, "defender": defender}),
        json.dumps({"upcard": "KH", "knocker": "2C 3C 4C 6C 7C 8C 9C TC JC QC", "defender": defender}),
        json.dumps({"upcard": "2C", "knocker": knocker, "defender": defender}),
        json.dumps({"upcard": "KH", "knocker": knocker, "defender": knocker}), "[1]",
    ]) + "\n"
    answers = run_lines("score", "--input", "-", input=cases)
    assert len(answers) == 5 and answers[0]["legal"] is True and "error" in answers[2]
    for answer in answers:
        assert_valid("score-input", answer)


def test_score_json_scored_and_refused():
    defender = "5H 5S 5C TH JH QH 2D 3D 4S AC"
    scored = run_json("score", "--upcard", "KH", "--knocker", "AS 2S 3S 4H 4D 4C 7C 8C 9C 6D", "--defender",
                      defender, "--json")
    assert scored["defender"]["layoffs"]
    assert_valid("score", scored)
    gin = run_json("score", "--upcard", "KH", "--knocker", "2C 3C 4C 6C 7C 8C 9C TC JC QC", "--defender", defender,
                   "--json")
    assert_valid("score", gin)
    refused = run_json("score", "--upcard", "2C", "--knocker", "AS 2S 3S 4H 4D 4C 7C 8C 9C 6D", "--defender",
                       defender, "--json", codes=(1,))
    assert refused["legal"] is False
    assert_valid("score", refused)


def test_rules_json():
    presets = run_json("rules", "--json")
    assert_valid("rules", presets)
    for spec in [preset["name"] for preset in presets["presets"]] + [str(path) for path in RULES_FILES]:
        assert_valid("rules-show", run_json("rules", "show", spec, "--json"), spec)
    for a, b in [("oklahoma", "hollywood"), ("standard", "tournament"), ("classic", "classic"),
                 ("oklahoma", str(RULES_FILES[0]))]:
        assert_valid("rules-diff", run_json("rules", "diff", a, b, "--json"), (a, b))


def test_tally_json_of_every_match(matches):
    for path in matches.files:
        assert_valid("tally", run_json("tally", "--json", path), path.name)


def test_tally_what_if_json_shipped():
    for path, rules in [(EXAMPLES[1], "classic"), (EXAMPLES[0], "oklahoma"), (EXAMPLES[3], "three-player")]:
        data = run_json("tally", "--json", "--what-if", rules, path)
        assert "what_if" in data
        assert_valid("tally", data, (path.name, rules))


@pytest.mark.slow
def test_tally_what_if_json(made):
    folder = made.made
    for path, rules in [(folder / "desk.yaml", "tournament"),
                        (folder / "void.yaml", "oklahoma"), (folder / "turns.yaml", "standard"),
                        (folder / "illegal.yaml", "standard"), (folder / "three.yaml", "three-player")]:
        data = run_json("tally", "--json", "--what-if", rules, path)
        assert "what_if" in data
        assert_valid("tally", data, (path.name, rules))


def test_verify_json(matches):
    assert_valid("verify", run_json("verify", "--json", *matches.files))
    assert_valid("verify", run_json("verify", "--json", *matches.sources))  # a folder: an event file is noted


def test_verify_json_of_files_with_problems(tmp_path):
    # a file with problems, a hand edited outside gin-ref, a folder with no match, a file not there
    broken = tmp_path / "broken.yaml"
    broken.write_text(EXAMPLES[1].read_text(encoding="utf-8").replace("points: 30", "points: 31", 1), encoding="utf-8")
    edited = tmp_path / "edited.yaml"
    text = EXAMPLES[1].read_text(encoding="utf-8")
    seal = re.search(r"\n  seal: ([0-9a-f])", text)  # hand 1's seal, a digit changed: it fails, the hand replays
    edited.write_text(text.replace(seal.group(0), seal.group(0)[:-1] + ("0" if seal.group(1) != "0" else "1"), 1),
                      encoding="utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    legacy = tmp_path / "legacy.yaml"
    shutil.copy(ROOT / "tests" / "records" / "oklahoma-format-1.yaml", legacy)  # a /1 record: no seals
    (tmp_path / ".legacy.yaml.a1b2c3d4.tmp").write_text("left by a writer stopped mid-write", encoding="utf-8")
    data = run_json("verify", "--json", broken, edited, empty, legacy, tmp_path / "none.yaml", codes=(1,))
    kinds = [("problems" in entry and bool(entry["problems"]), "seals" in entry) for entry in data["files"]]
    assert kinds == [(True, False), (False, True), (True, False), (False, True), (True, False)], data
    assert data["files"][3]["leftovers"] == [".legacy.yaml.a1b2c3d4.tmp"]
    assert_valid("verify", data)


def test_history_stats_standings_settle_export(matches, tmp_path):
    every = matches.sources
    assert_valid("history", run_json("history", "--json", *every))
    stats = run_json("stats", "--json", *every)
    assert_valid("stats", stats)
    assert_valid("stats", run_json("stats", "--json", "--player", "Ann", *every))
    assert_valid("standings", run_json("standings", "--json", *every))
    assert_valid("standings", run_json("standings", "--json", "--by", "rating", *every))
    settled = run_json("settle", "--json", *matches.files, codes=(0, 1))
    assert any("game" in payment for match in settled["matches"] for payment in match["payments"])
    assert_valid("settle", settled)
    assert_valid("settle", run_json("settle", "--json", "--stake", "0.05", *matches.files, codes=(0, 1)))
    out = tmp_path / "export.json"
    assert invoke("export", "--format", "json", "--output", out, *every).code == 0
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported["matches"]
    assert_valid("export", exported)


def test_history_and_standings_name_what_they_skip(tmp_path):
    (tmp_path / "bad.yaml").write_text("format: gin-ref-match/2\nplayers: [\n", encoding="utf-8")
    shutil.copy(EXAMPLES[1], tmp_path / "ok.yaml")
    history = run_json("history", "--json", tmp_path, codes=(0, 1))
    assert history["skipped"]
    assert_valid("history", history)
    assert_valid("standings", run_json("standings", "--json", tmp_path, codes=(0, 1)))


def test_event_standings_json():
    data = run_json("event", "standings", EVENT, "--json")
    assert_valid("event-standings", data)


def test_the_shipped_export_golden_is_valid():
    assert_valid("export", json.loads((ROOT / "tests" / "expected" / "examples.json").read_text(encoding="utf-8")))


# -- the match file ------------------------------------------------------------------------------------------

def test_every_shipped_and_golden_match_file_is_valid():
    assert len(GOLDEN) >= 1 and len(EXAMPLES) >= 4
    assert {"gin-ref-match/1", "gin-ref-match/2"} <= {loaded(path)["format"] for path in SHIPPED.files}
    valid_match_files(SHIPPED.files)


@pytest.mark.slow
def test_every_match_file_the_command_line_makes_is_valid(made):
    valid_match_files(made.files)


def valid_match_files(files):
    for path in files:
        assert_valid("match", loaded(path), path.name)
        # and as any YAML loader reads it, the end line included
        plain = json.loads(json.dumps(yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER), default=json_plain))
        assert_valid("match", plain, path.name)


@pytest.mark.slow
def test_the_cases_hold_every_kind_of_entry(made):
    """The match files the tests make reach every part of the match schema they should."""
    records = [loaded(path) for path in made.files]
    hands = [hand for record in records for hand in record["hands"]]
    corrections = [item for record in records for item in record["corrections"]]
    assert {hand.get("result") for hand in hands} >= {"knock", "undercut", "gin", "big_gin", "dead", "tie", None}
    assert {hand["ruling"]["kind"] for hand in hands if "ruling" in hand} == {"award", "void", "redeal", "forfeit"}
    assert {item["kind"] for hand in hands for item in hand["irregularities"]} == {"illegal_knock", "out_of_turn"}
    assert any(record.get("irregularities") for record in records) and any("result" in r for r in records)
    # the command line writes /3: a correction says its kind (/2's words are read, never written)
    assert {item.get("kind") for item in corrections} == {"undo", "redo", "amend"}
    assert not any(key in item for item in corrections for key in ("undone", "redone", "amended"))
    assert {item["step"]["kind"] for item in corrections if "step" in item} >= {
        "deal", "turn", "irregularity", "refused_deal", "result", "ruling", "amend"}
    assert any("turns" in hand for hand in hands) and any("games" in hand for hand in hands)
    tallies = [run_json("tally", "--json", path) for path in made.files]
    assert any(hand.get("after_end") for tally in tallies for hand in tally["hands"])
    assert any("notes" in tally for tally in tallies)
    assert any("shutout" in bonus for tally in tallies for bonus in (tally["bonuses"] or {}).values())
    assert any("upcard" not in hand for hand in hands) and any("box" in hand for hand in hands)


# -- strict: a changed output fails --------------------------------------------------------------------------

def changed(data, path, value=None, delete=False):
    data = copy.deepcopy(data)
    node = data
    for key in path[:-1]:
        node = node[key]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


def test_a_changed_output_fails():
    tally = run_json("tally", "--json", EXAMPLES[1])
    assert not problems("tally", tally)
    for bad in [changed(tally, ("surprise",), 1), changed(tally, ("next_dealer",), delete=True),
                changed(tally, ("hands", 0, "result"), "won"), changed(tally, ("hands", 0, "upcard"), "10D"),
                changed(tally, ("hands", 0, "points"), "30"), changed(tally, ("hands", 0, "extra"), True),
                changed(tally, ("turn",), {"player": "Ann", "phase": "thinking"}),
                changed(tally, ("bonuses", "Ann", "tip"), 5),
                changed(tally, ("hands", 0, "result"), None),  # open, yet with a knocker and points
                changed(tally, ("hands", 2, "knocker"), "Ann")]:  # hand 3 is dead
        assert problems("tally", bad)
    check = run_json("check", "--upcard", "7D", *HANDS[0].split(), "--json")
    assert problems("check", changed(check, ("melds", 0), ["AS", "2S"]))
    assert problems("check", changed(check, ("gin",), delete=True))
    show = run_json("rules", "show", "oklahoma", "--json")
    assert problems("rules-show", changed(show, ("knobs", "knock_limit"), 11))
    assert problems("rules-show", changed(show, ("knobs", "new_knob"), 1))
    verify = run_json("verify", "--json", EXAMPLES[1])
    assert problems("verify", changed(verify, ("files", 0, "seals"), {"sealed": True, "broken": [
        {"line": 3, "hand": 1, "kind": "scratched", "message": "x"}]}))
    standings = run_json("standings", "--json", EVENT)
    assert problems("standings", changed(standings, ("standings", 0, "rank"), 0))
    event = run_json("event", "standings", EVENT, "--json")
    assert problems("event-standings", changed(event, ("format",), "knockout"))
    assert problems("event-standings", changed(event, ("standings", 0, "match_points"), 1.25))


def test_a_match_file_the_schema_refuses():
    record = loaded(EXAMPLES[1])
    assert not problems("match", record)
    legacy = loaded(ROOT / "tests" / "records" / "oklahoma-format-1.yaml")
    assert legacy["format"] == "gin-ref-match/1" and not problems("match", legacy)
    for bad in [
        changed(record, ("format",), "gin-ref-match/9"),
        changed(record, ("hands", 0, "knocker_cards", 0), "1S"),
        changed(record, ("hands", 0, "knocker_count"), 5),  # cards and a count both
        changed(record, ("hands", 0, "defender"), delete=True),
        changed(record, ("hands", 2, "knocker"), "Ann"),  # a dead hand with a knocker
        changed(record, ("hands", 0, "seal"), "XYZ"),
        changed(record, ("start",), {"dealer": "Ann", "box": "Ben"}),
        changed(record, ("rules", "knobs", "gin_bonus"), delete=True),
        changed(record, ("result",), {"scores": {"Ann": 1, "Ben": 0}, "winner": "Ann"}),  # hands and a result
        changed(legacy, ("hands", 0, "seal"), "0123456789abcdef"),  # a /2 key in a /1 record
        changed(legacy, ("rules", "knobs", "wall"), False),
    ]:
        assert problems("match", bad)


@pytest.mark.slow
def test_a_ruled_and_corrected_match_file_the_schema_refuses(made):
    desk = loaded(made.made / "desk.yaml")
    assert not problems("match", desk)
    for bad in [
        changed(desk, ("hands", 0, "ruling", "kind"), "caution"),
        changed(desk, ("hands", 0, "turns"), ["Ann shuffles"]),
        changed(desk, ("corrections", 0, "step"), {"kind": "amend"}),
        changed(desk, ("corrections", 0, "undone"), "x"),  # both amended and undone
    ]:
        assert problems("match", bad)


@pytest.mark.slow  # runs the installed command
def test_the_docs_way_to_validate_works(monkeypatch):
    """docs/json.md's script, as it stands there, validates a real output with the installed schemas."""
    text = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    section = text[text.index("## Schemas"):]
    script = section[section.index("```python\n") + len("```python\n"):section.index("\n```\n")]
    monkeypatch.chdir(ROOT)
    exec(compile(script, "docs/json.md", "exec"), {})


STEPS = st.one_of(
    st.tuples(st.just("knock"), st.sampled_from(["Ann", "Ben"]), st.integers(0, 10), st.integers(0, 60)),
    st.tuples(st.just("dead")), st.tuples(st.just("undo")), st.tuples(st.just("redo")),
    st.tuples(st.just("void")), st.tuples(st.just("award"), st.sampled_from(["Ann", "Ben"]), st.integers(0, 50)),
    st.tuples(st.just("amend"), st.integers(1, 4), st.sampled_from(["Ann", "Ben"]), st.integers(0, 10),
              st.integers(0, 60)),
    st.tuples(st.just("deal")), st.tuples(st.just("redeal")), st.tuples(st.just("forfeit"), st.sampled_from(["Ann", "Ben"])),
    st.tuples(st.sampled_from(["pass", "take", "draw"]), st.sampled_from(["Ann", "Ben"])),
)


def step_words(step):
    kind = step[0]
    if kind == "knock":
        return ["knock", "--upcard", "9H", step[1], str(step[2]), "--defender", str(step[3])]
    if kind in ("dead", "deal"):
        return [kind, "--upcard", "4C"]
    if kind == "redeal":
        return ["ruling", "--redeal", "--reason", "misdeal"]
    if kind == "forfeit":
        return ["ruling", "--forfeit", step[1], "--reason", "left"]
    if kind in ("pass", "take", "draw"):
        return [kind, step[1]]
    if kind == "void":
        return ["ruling", "--void", "--reason", "seen"]
    if kind == "award":
        return ["ruling", "--award", step[1], str(step[2]), "--reason", "shown", "--by", "Dana"]
    if kind == "amend":
        return ["amend", str(step[1]), step[2], str(step[3]), "--defender", str(step[4])]
    return [kind]


@pytest.mark.slow  # some 40 matches of up to 12 commands each (about 4 s)
@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=st.lists(STEPS, max_size=12), rules=st.sampled_from(["standard", "oklahoma", "classic"]))
def test_matches_hypothesis_plays_fit_the_schemas(steps, rules, tmp_path_factory):
    folder = tmp_path_factory.mktemp("played")
    match = folder / "m.yaml"
    assert invoke("new", "--rules", rules, "--dealer", "Ann", "--date", "2024-06-01", "Ann", "Ben", "--match",
                  match).code == 0
    for step in steps:  # refused or not (an amend of a hand not played, an undo of nothing): the file stays sound
        assert invoke(*step_words(step), "--match", match).code in (0, 1, 2)
    assert_valid("tally", run_json("tally", "--json", match), steps)
    assert_valid("verify", run_json("verify", "--json", match), steps)
    assert_valid("match", loaded(match), steps)
    assert_valid("tally", run_json("tally", "--json", "--what-if", "tournament", match), steps)

"""The reader by the schema (issue 36 item 3): the canonical layout read straight into values, each by its
key's type (gin_ref.files.recordkeys), with no YAML resolver; the writer quoting every string outside a fixed
safe set (gin_ref.files.yamlplain), so that both readers read back the string written; a hand-edited file
read by PyYAML with its lines and checked the same way; and no ``import yaml`` on a command's way through a
canonical file."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import strategies as st

from gin_ref.core.rules import KNOBS
from gin_ref.files import matchfile, recordkeys, yamlload, yamlread, yamlwrite
from gin_ref.files.recordkeys import NUMBER, NUMBER_OR_TEXT, RECORD, TEXT, TRUTH
from gin_ref.files.yamldata import line_of, plain
from gin_ref.files.yamlfast import parse_canonical
from gin_ref.files.yamlplain import UNSAFE_TEXT, Fallback, is_plain

from sweeps import sample_and_full

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted(path for folder in ("examples", "events", "tests") for path in (ROOT / folder).rglob("*.y*ml")
                 if "gin-ref-match/" in path.read_text(encoding="utf-8"))
LOADERS = [getattr(yaml, name) for name in ("CSafeLoader", "SafeLoader") if hasattr(yaml, name)]


def paths(node, where=()):
    """Every key path into ``node``."""
    yield where
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, where + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, where + (index,))


def test_the_records_under_examples_events_and_tests_are_found():
    assert {path.name for path in RECORDS} >= {"oklahoma.yaml", "hollywood.yaml", "three-player.yaml",
                                                "spades.yaml", "oklahoma-format-1.yaml", "round-1-table-1.yaml"}


# -- every record: read canonically, as PyYAML reads it; written back as it was -------------------------

@pytest.mark.parametrize("path", RECORDS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_record_is_read_by_its_keys_types_as_pyyaml_reads_it_line_for_line(path):
    text = path.read_text(encoding="utf-8")
    data = parse_canonical(text, RECORD)  # the canonical layout: never left to PyYAML
    slow = yamlload.read(text, [])
    assert data == slow == yaml.safe_load(text)
    for where in paths(slow):
        assert line_of(data, where) == line_of(slow, where), where


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: str(path.relative_to(ROOT)))
def test_a_read_and_a_write_of_every_record_gives_its_bytes_back(path):
    """Every string the writer wrote plain before the safe set stays plain: the text written again from what
    is read is the file's, byte for byte (its end line aside, which the match file's writer adds)."""
    text = path.read_text(encoding="utf-8")
    data = parse_canonical(text, RECORD)
    header = [line[2:] if line != "#" else "" for line in text.splitlines() if line.startswith("#")]
    body = {key: value for key, value in data.items() if key != "end"}
    written = yamlwrite.dumps(body, header)
    end = text[text.rindex("\nend: ") + 1:] if "end" in data else ""
    assert written + end == text


# -- the safe set of plain text, and the writer's quoting ------------------------------------------------

NAMES = ["yes", "No", "null", "012", "1e3", ".inf", "~", "0x1", "-", ": x", "#", " x", "x ", " ", "", "Zoë",
         "Žofia", "y", "N", "0o17", "0b101", "YeS", "O'Brien", "Jean Luc", "'", "''", "a: b", "x #y", "@x", "%",
         "`x", "[x]", "{x}", "&a", "*a", "!t", "|", ">", "?", "? x", "- x", "x,y", "1_000", "12:30", "2024-05-01",
         "+1", "-1", "1.5", ".5", "TRUE", "On", "=", "<<", "7D", "41f37d9da9ca2368", "0123", "é\u0085x", "tab\tx",
         "two\nlines", "\u2028", "\ufeffbom", "back\\slash", 'q"x', "emoji 🂡", "x: 'y'", "Ann draws"]


@pytest.mark.parametrize("text", ["y", "N", "0o17", "YeS", "nULL", "oFF"])
def test_a_text_some_yaml_reader_takes_for_a_number_or_a_truth_value_is_quoted(text):
    """y, n and mixed-case words are true, false or null to YAML 1.1 (its spec; PyYAML reads them as
    text), 0o17 is a number to YAML 1.2: the writer used to leave them plain, as PyYAML's resolver did."""
    assert yamlwrite.scalar(text) == f"'{text}'"


@pytest.mark.parametrize("text", ["Ann", "Zoë", "Žofia", "O'Brien", "Jean Luc", "7D", "TS", "41f37d9da9ca2368",
                                  "1e3", "0129", "gin-ref-match/2", "rules/club-spades.yaml", "min_deadwood", "Jr."])
def test_names_cards_seals_and_words_are_plain(text):
    assert is_plain(text) == (text != "0129") and yamlwrite.scalar(text) == (text if text != "0129" else "'0129'")


def _record(name, other):
    """A record holding ``name`` and ``other`` wherever a record holds text (its shape, not a sound match)."""
    return {"format": "gin-ref-match/2", "date": other, "players": [name, other],
            "rules": {"name": name, "knobs": {"knock_limit": name, "next_dealer": other}},
            "start": {"dealer": name, "drawn": False, "draw": {name: other, other: name}},
            "hands": [{"number": 1, "dealer": name, "upcard": other, "limit": 7,
                       "irregularities": [{"kind": name, "player": other, "turn": 3, "detail": name,
                                           "cards": [name, other], "melds": [[name], [other, name]]}],
                       "turns": [name, f"{other} passes"], "result": other, "knocker": name,
                       "knocker_cards": [name, other], "melds": None, "discard": other, "winner": None,
                       "points": 0, "totals": {name: 3, other: -4}, "games": [{name: 3, other: 0}], "seal": name}],
            "corrections": [{"undone": name, "date": other, "step": {"kind": name, "hand": 1},
                             "steps": [3, 2], "entry": {"number": 1, "turns": [name]}}]}


TEXTS = st.one_of(st.sampled_from(NAMES), st.text(max_size=10),
                  st.text(alphabet="aAyYnN01eEoxb.-+ :#'\"é ", max_size=6))


@sample_and_full(30, 1500, TEXTS, TEXTS)
def test_any_name_is_read_back_as_the_same_string_by_both_readers(name, other):
    if name == other:
        other += "x"
    record = _record(name, other)
    text = yamlwrite.dumps(record)
    assert yaml.safe_load(text) == record
    data, problems = yamlread.parse(text)
    assert not problems and plain(data) == record
    if not UNSAFE_TEXT.search(name + other) and "\n" not in name + other:  # (else double-quoted: PyYAML's)
        assert parse_canonical(text, RECORD) == record  # the writer's text is the canonical layout


@sample_and_full(150, 5000, TEXTS)
def test_a_plain_text_is_the_same_text_to_pyyaml_wherever_it_stands(text):
    if not is_plain(text):
        return
    for loader in LOADERS:
        document = f"a: {text}\nb: [{text}, x]\nc: {{{text}: 1}}\nd:\n- {text}\n{text}: 2\n"
        assert yaml.load(document, Loader=loader) == {"a": text, "b": [text, "x"], "c": {text: 1}, "d": [text],
                                                      text: 2}


# -- near-canonical text: read exactly as PyYAML reads it, or left to it ---------------------------------

TOKENS = ["Ann", "7D", "12", "-3", "012", "0x10", "1_0", "yes", "Off", "null", "~", "1.5", "2024-05-01", "'q''s'",
          '"dq"', "[x, y]", "[]", "{}", "{a: 1}", "{Ann: 1, Ann: 2}", "[x, [y]]", "[x,]", "x #c", "x#c", "&a x",
          "*a", "!!str 5", "|", ">", "a: b", "- x", "? x", "'a: b'", "x ", "[x, y", "{a 1}", "", "true", "false",
          "[{a: 1}]", "{Ann: 0,Ben: 1}", "[AS,2S]", "[ AS]", "'x'y", "''", "-0", "+1", "1e3", "9" * 3001, "'x", "Null"]
EDITS = ["value", "value", "value", "card", "comment", "indent", "dedent", "duplicate", "delete", "dash", "blank"]
with open(ROOT / "examples" / "three-player.yaml", encoding="utf-8") as _file:
    BASE = _file.read().splitlines()[:120]


@sample_and_full(50, 2000, st.lists(st.tuples(st.integers(0, len(BASE) - 1), st.sampled_from(EDITS),
                                              st.sampled_from(TOKENS)), min_size=1, max_size=3))
def test_near_canonical_text_is_read_as_pyyaml_reads_it_or_left_to_it(edits):
    lines = list(BASE)
    for at, edit, token in edits:
        at = min(at, len(lines) - 1)
        line = lines[at]
        if edit == "value" and ": " in line:
            lines[at] = line[:line.index(": ") + 2] + token
        elif edit == "card" and "[" in line:
            lines[at] = line.replace(line[line.index("[") + 1:line.index("[") + 3], token, 1)
        elif edit == "comment":
            lines[at] = line + "  # " + token
        elif edit == "indent":
            lines[at] = " " + line
        elif edit == "dedent":
            lines[at] = line[1:] if line.startswith(" ") else line
        elif edit == "duplicate":
            lines.insert(at, line)
        elif edit == "delete":
            del lines[at]
        elif edit == "dash":
            lines[at] = "- " + line
        elif edit == "blank":
            lines.insert(at, token if token.startswith(("#", " ")) else "")
    text = "\n".join(lines) + "\n"
    try:
        data = parse_canonical(text, RECORD)
    except Fallback:
        return
    for loader in LOADERS:
        assert yaml.load(text, Loader=loader) == data, text


# -- a hand edit: PyYAML's reader, with lines, and the same checks --------------------------------------

OKLAHOMA = (ROOT / "examples" / "oklahoma.yaml").read_text(encoding="utf-8")


def _hand_line(text, key, hand=1):
    """The index of the line ``  key: ...`` of hand ``hand``."""
    lines = text.splitlines()
    start = lines.index(f"- number: {hand}")
    return next(i for i in range(start, len(lines)) if lines[i].startswith(f"  {key}:"))


def _edit(text, key, new, hand=1):
    lines = text.splitlines()
    lines[_hand_line(text, key, hand)] = new
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("edit", [
    lambda text: text.replace("players: [Ann, Ben]", "players: [Ann, Ben]   # the two of them"),
    lambda text: text.replace("players: [Ann, Ben]", 'players: ["Ann", Ben]'),
    lambda text: text.replace("  knock_limit: upcard", "  knock_limit: !!str upcard"),
    lambda text: text.replace("  drawn: false", "  drawn: no"),
    lambda text: text.replace("  limit: 7\n", "  limit: 07\n", 1),
    lambda text: text.replace("  irregularities: []\n", "  irregularities: [ ]\n", 1),
], ids=["comment", "double quotes", "tag", "no", "octal", "spaced brackets"])
def test_a_hand_edit_with_the_same_data_is_read_by_pyyaml_the_same(edit):
    edited = edit(OKLAHOMA)
    assert edited != OKLAHOMA
    with pytest.raises(Fallback):
        parse_canonical(edited, RECORD)
    data, problems = yamlread.parse(edited)
    original, _ = yamlread.parse(OKLAHOMA)
    assert not problems and data == original
    for where in paths(original):
        assert line_of(data, where) == line_of(original, where), where
    assert matchfile.checks(edited)[0] == matchfile.checks(OKLAHOMA)[0] == []


@pytest.mark.parametrize("key, canonical, hand_edit", [
    ("points", "  points: 31", "  points: 31   # counted again"),
    ("points", "  points: 31", "  points: '31'"),
    ("winner", "  winner: Ann", "  winner: \"Ann\" # said the table"),
    ("melds", "  melds: null", "  note: null"),
    ("upcard", "  upcard: 7D", "  upcard: [7D]"),
], ids=["comment", "text for a number", "double quotes", "unknown key", "a list for a card"])
def test_a_hand_edit_outside_the_layout_is_checked_the_same_way_at_its_line(key, canonical, hand_edit):
    """Outside the canonical layout, PyYAML reads the file, and the checks say the same words at the same
    lines as for the canonical text of the same values."""
    line = _hand_line(OKLAHOMA, key) + 1
    edited = _edit(OKLAHOMA, key, hand_edit)
    with pytest.raises(Fallback):
        parse_canonical(edited, RECORD)
    problems = matchfile.checks(edited)[0]
    assert problems and problems[0][0] == line
    if "'" not in hand_edit and "note" not in hand_edit:  # the same value, written the canonical way
        plain_value = hand_edit.split("#")[0].rstrip().replace('"', "")
        assert matchfile.checks(_edit(OKLAHOMA, key, plain_value))[0] == problems or plain_value == canonical
    with pytest.raises(Exception) as info:
        matchfile.loads(edited, "m.yaml")
    assert str(info.value).startswith(f"m.yaml:{line}: ")


# -- the key-type table ------------------------------------------------------------------------------------

def test_the_table_types_every_knob_as_its_default_is():
    assert list(recordkeys.KNOBS.fields) == list(KNOBS)
    for name, knob in KNOBS.items():
        kind = recordkeys.KNOBS.fields[name]
        default = knob.default
        expected = (TRUTH if isinstance(default, bool) else NUMBER if isinstance(default, int) or default is None
                    else NUMBER_OR_TEXT if name == "knock_limit" else TEXT)
        assert kind is expected, name


def test_the_table_knows_every_key_the_match_layer_reads():
    from gin_ref.files import recordformat
    from gin_ref.match import corrections, resultonly, rulings, schema

    assert tuple(recordkeys.END.fields) == recordformat.END_KEYS
    # (a key the table lacks is not an error, only a slower read by PyYAML: the table may know more)
    assert set(RECORD.fields) >= set(schema.TOP_KEYS) | {"end"}
    assert set(recordkeys.HAND.fields) >= set(schema.HAND_KEYS)
    assert set(recordkeys.IRREGULARITY.fields) >= {key for keys in schema.IRREGULARITY_KEYS.values() for key in keys}
    assert set(recordkeys.CORRECTION.fields) >= set(corrections.CORRECTION_KEYS)
    assert set(recordkeys.RULING.fields) >= set(rulings.KEYS)
    assert set(recordkeys.RESULT.fields) >= set(resultonly.RESULT_KEYS)


# -- no YAML library on a canonical file's way ------------------------------------------------------------

LOADED = """
import sys, io, contextlib
from gin_ref.__main__ import run
commands, path = sys.argv[1].split(","), sys.argv[2]
for command in commands:
    sys.argv = ["gin-ref", command, "--match", path]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            run()
    except SystemExit as exc:
        print(command, exc.code, "yaml" in sys.modules)
"""


def test_no_command_that_reads_or_writes_a_canonical_file_imports_yaml(tmp_path):
    path = tmp_path / "m.yaml"
    shutil.copy(ROOT / "examples" / "oklahoma.yaml", path)
    done = subprocess.run([sys.executable, "-c", LOADED, "undo,redo,tally,verify", str(path)], capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.stdout.splitlines() == ["undo 0 False", "redo 0 False", "tally 0 False", "verify 0 False"], done.stderr
    assert "corrections: []" not in path.read_text(encoding="utf-8")  # the writes wrote (the undo and the redo)


def test_an_event_file_is_read_by_its_own_keys_with_no_fallback():
    from gin_ref.club.event import Event
    from gin_ref.files import eventfile
    from gin_ref.files.rulesfile import load_rules

    event = Event.new("night", "round-robin", ["Ann", "Ben", "Zoë", "yes"], load_rules("standard"), "2024-09-06")
    event.add_round(event.next_round({}))
    text = eventfile.dumps(event)
    assert recordkeys.schema_of(text) is recordkeys.EVENT and recordkeys.schema_of(OKLAHOMA) is RECORD
    data = parse_canonical(text, recordkeys.EVENT)
    assert data == yaml.safe_load(text) == yamlread.parse(text)[0] and "'yes'" in text
    shipped = (ROOT / "events" / "club-night" / "event.yaml").read_text(encoding="utf-8")
    assert parse_canonical(shipped, recordkeys.schema_of(shipped)) == yaml.safe_load(shipped)

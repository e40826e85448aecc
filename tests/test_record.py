"""The match file: the YAML it is written in (gin_ref.yamltext, gin_ref.yamlwrite), reading it strictly and leniently with
line numbers, atomic writes that survive a crash, and the lock that refuses a second writer (gin_ref.record)."""

import fcntl
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_ref import record, yamltext, yamlwrite
from gin_ref.config import load_rules
from gin_ref.errors import IllegalActionError, OutOfTurnError, RecordError
from gin_ref.match import Match

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from make_match import make_match  # noqa: E402

BASE = "AS 2S 3S 4H 4D 4C 7C 8C 9C"


def small_match():
    """Two hands and an open third: a knock, a dead hand, an illegal knock kept as an irregularity."""
    match = Match.new(["Ann", "Ben"], load_rules(None), "2024-05-01", dealer="Ann")
    match.deal("7D")
    match.knock("Ben", BASE + " 5D", "AH 7H QH 2D 7D 8D 9D TD JD 3C")  # 23 - 5 = 18 to Ben
    match.deal("KS")
    match.dead()
    match.deal("3H")
    match.knock("Ben", BASE + " 5D", "AH 7H QH 2D 7D 8D 9D TD JD 3C")  # refused: limit 3
    return match


def fast(text):
    return yamltext._parse_fast(text)


# -- the canonical text and the fast reader --------------------------------------------------------------

def test_canonical_text_of_a_small_match():
    text = record.dumps(small_match().record)
    hands = text[text.index("hands:"):]
    assert hands == textwrap.dedent("""\
        hands:

        - number: 1
          dealer: Ann
          upcard: 7D
          limit: 7
          irregularities: []
          result: knock
          knocker: Ben
          knocker_cards: [AS, 2S, 3S, 4H, 4D, 4C, 7C, 8C, 9C, 5D]
          melds: null
          discard: null
          defender: Ann
          defender_cards: [AH, 7H, QH, 2D, 7D, 8D, 9D, TD, JD, 3C]
          winner: Ben
          points: 18
          totals: {Ann: 0, Ben: 18}

        - number: 2
          dealer: Ben
          upcard: KS
          limit: 10
          irregularities: []
          result: dead
          winner: null
          points: 0
          totals: {Ann: 0, Ben: 18}

        - number: 3
          dealer: Ben
          upcard: 3H
          limit: 3
          irregularities:
          - kind: illegal_knock
            player: Ben
            detail: 'knock not allowed: deadwood 5 exceeds limit 3 (upcard 3♥)'
            points: 0
            cards: [AS, 2S, 3S, 4H, 4D, 4C, 7C, 8C, 9C, 5D]

        corrections: []
        """)
    assert text.startswith("# gin-ref match record (gin-ref-match/1).")
    assert text.splitlines()[1:5] == ["format: gin-ref-match/1", "date: '2024-05-01'", "players: [Ann, Ben]",
                                      "rules:"]


@pytest.mark.parametrize("hands, seed", [(60, 1), (60, 2), (200, 3)])
def test_fast_reader_reads_generated_records_exactly_as_yaml(hands, seed):
    data = make_match(hands, seed=seed).record
    text = record.dumps(data)
    assert fast(text) == yaml.safe_load(text) == data
    assert record.dumps(fast(text)) == text  # the canonical form is a fixed point


@pytest.mark.parametrize("rules, players", [("hollywood", ["Ann", "Ben"]), ("three-player", ["Ann", "Ben", "Cid"])])
def test_fast_reader_reads_hollywood_and_three_player_records(rules, players):
    match = Match.new(players, load_rules(rules), "2024-05-01", dealer="Ann" if len(players) == 2 else None,
                      box="Ann" if len(players) == 3 else None, captain="Ben" if len(players) == 3 else None)
    for upcard in ("7D", "8D", "KS"):
        match.deal(upcard)
        match.knock(match.current.pair[1], BASE + " 5D", "AH 7H QH 2D 7D 8D 9D TD JD 3C")
    text = record.dumps(match.record)
    assert ("  games: [{Ann: 0, Ben: 18}, {Ann: 0, Ben: 0}, {Ann: 0, Ben: 0}]" in text) == (rules == "hollywood")
    assert fast(text) == yaml.safe_load(text) == match.record


NAMES = ["Ann", "O'Brien", "Zoë", "Jean-Luc", "yes", "No", "null", "~", "1", "0x1F", "1_000", "12:30", ".5",
         "2024-05-01", "a: b", "a #b", "#x", "- x", "[x]", "{x}", "&a", "*a", "!t", "|", ">", "%", "@x", "`x",
         "x,y", "  x", "x  ", "tab\tx", "é\u0085x", "q\"x", "back\\slash", "1e3", "+1", "-1", "0o7", "TRUE",
         "\u2028", "\ufeffbom", "emoji 🂡", "x: 'y'", "''", "' '"]


@pytest.mark.parametrize("name", NAMES)
def test_any_name_round_trips(name):
    data = {"players": [name, "Ben"], "totals": {name: 3, "Ben": 4}, "detail": name, name: [name, [name]]}
    text = yamlwrite.dumps(data)
    assert yaml.safe_load(text) == data
    assert yamltext.parse(text)[0] == data


@settings(max_examples=300)
@given(st.dictionaries(st.text(min_size=1, max_size=8), st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=12),
    st.lists(st.text(max_size=6), max_size=4),
    st.dictionaries(st.text(min_size=1, max_size=6), st.integers(0, 200), max_size=3)), min_size=1, max_size=5))
def test_dumps_then_parse_is_identity(data):
    text = yamlwrite.dumps({"format": "x", "body": data, "hands": [data, data]})
    expected = {"format": "x", "body": data, "hands": [data, data]}
    assert yaml.safe_load(text) == expected
    assert yamltext.parse(text)[0] == expected


TOKENS = ["a", "b c", "7D", "10", "-3", "012", "0x10", "1_0", "yes", "Off", "null", "~", "1.5", "2024-05-01",
          "'q''s'", '"dq"', "[x, y]", "[]", "{}", "{a: 1}", "{a: 1, a: 2}", "[x, [y]]", "[x,]", "x #c", "x#c",
          "&a x", "*a", "!!str 5", "|", ">", "a: b", "- x", "? x", "'a: b'", "x ", "[x, y", "{a 1}", "",
          "[{a: 1}, {b: 2}]", "[{'a b': x}]", "[{a: 1, a: 2}]", "[{a:1}]", "[{}]", "[{a: [1]}]", "[[{a: 1}]]"]


@settings(max_examples=400)
@given(st.lists(st.tuples(st.sampled_from([0, 0, 2, 2, 4, 1]), st.sampled_from(["k", "m", "- ", "- k", "#", ""]),
                          st.sampled_from(TOKENS)), min_size=1, max_size=8))
def test_fast_reader_accepts_only_what_yaml_reads_the_same(lines):
    """Whatever text the fast reader accepts, PyYAML reads as the same data (else it must step aside)."""
    text = "\n".join(" " * indent + (f"{kind}: {token}" if kind in ("k", "m", "- k") and not kind.startswith("-")
                                     else f"- k: {token}" if kind == "- k" else f"{kind}{token}")
                     for indent, kind, token in lines) + "\n"
    try:
        data = fast(text)
    except (yamltext._Fallback, RecursionError):
        return
    assert yaml.safe_load(text) == data


def test_text_outside_the_canonical_layout_is_read_by_yaml_with_lines():
    text = "format: &f gin-ref-match/1   # the format\nplayers:\n  - Ann\n  - Ben\nnote: |\n  a\n  b\n"
    with pytest.raises(yamltext._Fallback):
        fast(text)
    data, problems = yamltext.parse(text)
    assert data == yaml.safe_load(text) and problems == []
    assert yamltext.line_of(data, ("players", 1)) == 4 and yamltext.line_of(data, ("note",)) == 5


def test_duplicate_keys_and_object_tags_are_problems_not_data():
    data, problems = yamltext.parse("a: 1\nb: !!python/object:os.system x\na: 2\n")
    assert data == {"a": 1, "b": None}
    assert problems == [(("b",), "YAML tag '!!python/object:os.system' is not allowed: only plain values are read"),
                        (("a",), "'a' is given twice (first at line 1; again at line 3)")]


def test_line_of_every_key_and_item():
    text = record.dumps(small_match().record)
    data = yamltext.parse(text)[0]
    lines = text.splitlines()
    for where, starts in [(("hands", 0, "totals"), "  totals: {Ann: 0, Ben: 18}"),
                          (("hands", 1, "result"), "  result: dead"),
                          (("hands", 2, "irregularities", 0, "detail"), "    detail: 'knock not allowed"),
                          (("hands", 2), "- number: 3"), (("rules", "knobs", "target"), "    target: 100")]:
        assert lines[yamltext.line_of(data, where) - 1].startswith(starts)


# -- reading strictly ------------------------------------------------------------------------------------

def test_loads_gives_the_record_and_the_replayed_match(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(record.dumps(small_match().record), encoding="utf-8")
    rec = record.load(path)
    assert rec.path == str(path) and rec.match.open == 2 and rec.match.totals == {"Ann": 0, "Ben": 18}
    data = record.record_data(rec)
    assert type(data) is dict and type(data["hands"]) is list and data["hands"][0]["points"] == 18


@pytest.mark.parametrize("text, message", [
    ("", "m.yaml:1: the file is empty"),
    ("format: gin-ref-match/2\n", "m.yaml:1: format gin-ref-match/2 is not supported: this gin-ref reads "
                                  "gin-ref-match/1"),
    ("players: [Ann, Ben]\n", "m.yaml:1: not a gin-ref match record: no 'format: gin-ref-match/1'"),
    ("format: gin-ref-match/1\nplayers: [Ann, Ben\n", "m.yaml:3: invalid YAML: while parsing a flow sequence"),
    ("format: gin-ref-match/1\nx: !!python/name:os.system ''\n",
     "m.yaml:2: YAML tag '!!python/name:os.system' is not allowed: only plain values are read"),
])
def test_unreadable_records_are_refused_with_file_and_line(text, message):
    with pytest.raises(RecordError) as info:
        record.loads(text, "m.yaml")
    assert str(info.value).startswith(message)  # libyaml and PyYAML word the rest of a YAML error apart


def test_not_utf8_is_refused(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_bytes(b"format: gin-ref-match/1\nplayers: [Ann, B\xe9n]\n")
    with pytest.raises(RecordError, match=r"m.yaml:2: not UTF-8 text: the file is damaged"):
        record.load(path)


def test_every_truncation_is_refused_or_loses_nothing():
    text = record.dumps(small_match().record)
    full = record.loads(text).data
    for cut in range(0, len(text), 3):
        try:
            data = record.loads(text[:cut]).data
        except RecordError:
            continue
        assert data == full, f"a file cut at {cut} was read as a different record"


def test_a_strict_refusal_names_the_line_and_points_to_verify(tmp_path):
    text = record.dumps(small_match().record).replace("totals: {Ann: 0, Ben: 18}\n\n- number: 2",
                                                      "totals: {Ann: 0, Ben: 81}\n\n- number: 2")
    line = text.splitlines().index("  totals: {Ann: 0, Ben: 81}") + 1
    with pytest.raises(RecordError) as info:
        record.loads(text, "m.yaml")
    assert str(info.value) == (f"m.yaml:{line}: hand 1: totals say Ann 0, Ben 81, but the hands add up to "
                               "Ann 0, Ben 18 ('gin-ref verify' lists every problem)")


# -- reading leniently: verify ---------------------------------------------------------------------------

def test_check_reports_every_hand_edit_at_its_line(tmp_path):
    lines = record.dumps(small_match().record).splitlines()
    edits = {}
    for i, line in enumerate(lines):
        if line == "  points: 18":
            lines[i], edits["points"] = "  points: 20", i + 1
        elif line == "  dealer: Ben" and "dealer" not in edits:
            lines[i], edits["dealer"] = "  dealer: Ann", i + 1
        elif line == "  limit: 3":
            lines[i], edits["limit"] = "  limit: 4", i + 1
    path = tmp_path / "m.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems, match = record.check(path)
    assert problems == [
        (edits["points"], "hand 1: points are 20, but the cards give 18 (knock: 23 − 5 = 18 to the knocker)"),
        (edits["dealer"], "hand 2: dealer out of turn: Ann dealt, but Ben should deal (the winner of hand 1 "
                          "deals)"),
        (edits["limit"], "hand 3: limit is 4, but upcard 3♥ gives 3 (upcard 3♥)"),
    ]
    assert match is not None and len(match.hands) == 3


def test_check_a_missing_file_is_one_problem(tmp_path):
    problems, match = record.check(tmp_path / "none.yaml")
    assert match is None and len(problems) == 1 and problems[0][1].startswith("no match file")


# -- writing ---------------------------------------------------------------------------------------------

def test_write_atomic_failing_rename_leaves_the_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "m.yaml"
    path.write_text("old text\n", encoding="utf-8")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space left"):
        record.write_atomic(path, "new text\n" * 1000)
    assert path.read_text(encoding="utf-8") == "old text\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.yaml"]


def test_write_atomic_keeps_the_file_mode(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o640)
    record.write_atomic(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n" and path.stat().st_mode & 0o777 == 0o640


WRITER = """
import sys
from gin_ref import record
path, size = sys.argv[1], int(sys.argv[2])
print("ready", flush=True)
n = 0
while True:
    n += 1
    record.write_atomic(path, f"# version {n}\\n" + "x" * size + "\\nend\\n")
"""


def test_a_writer_killed_mid_write_never_leaves_a_broken_file(tmp_path):
    path = tmp_path / "m.yaml"
    size = 4_000_000
    path.write_text("# version 0\n" + "x" * size + "\nend\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    for delay in (0.05, 0.13, 0.21, 0.3, 0.42):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(size)], env=env,
                                  stdout=subprocess.PIPE, text=True)
        assert writer.stdout.readline() == "ready\n"
        time.sleep(delay)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# version ") and text.endswith("\n" + "x" * size + "\nend\n")
        assert len(text) == len(text.splitlines()[0]) + 1 + size + len("\nend\n")


def test_a_second_writer_is_refused(tmp_path):
    path = tmp_path / "m.yaml"
    record.create(path, small_match())
    before = path.read_bytes()
    with open(f"{path}.lock", "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(RecordError, match=r"m.yaml is being written by another gin-ref \(it holds .*m.yaml.lock\)"):
            with record.updating(path) as rec:
                rec.match.dead()
    assert path.read_bytes() == before
    with record.updating(path) as rec:  # free again once the other writer is done
        rec.match.dead()
    assert record.load(path).match.hands[2]["result"] == "dead"


def test_create_refuses_an_existing_file_without_force(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("mine\n", encoding="utf-8")
    with pytest.raises(RecordError, match="already exists: give --force"):
        record.create(path, small_match())
    assert path.read_text(encoding="utf-8") == "mine\n"
    record.create(path, small_match(), force=True)
    assert record.load(path).match.totals == {"Ann": 0, "Ben": 18}


def test_an_exception_inside_updating_writes_nothing(tmp_path):
    path = tmp_path / "m.yaml"
    record.create(path, small_match())
    before = path.read_bytes()
    with pytest.raises(ZeroDivisionError):
        with record.updating(path) as rec:
            rec.match.dead()
            1 / 0
    assert path.read_bytes() == before


def test_match_file_option_then_environment_then_default(monkeypatch):
    monkeypatch.delenv(record.ENV_VAR, raising=False)
    assert record.match_file() == "match.yaml"
    monkeypatch.setenv(record.ENV_VAR, "club.yaml")
    assert record.match_file() == "club.yaml" and record.match_file("x.yaml") == "x.yaml"


# -- a hand recorded turn by turn ------------------------------------------------------------------------

def turn_match(first="Ann", second="Ben"):
    """A deal refused (wrong dealer), then hand 1 recorded turn by turn with a draw out of turn."""
    match = Match.new([first, second], load_rules(None), "2024-05-01", dealer=first)
    with pytest.raises(OutOfTurnError):
        match.deal("9H", dealer=second)
    match.deal("9H")
    match.play_turn("pass", second)
    match.play_turn("take", first)
    match.play_turn("discard", first, "QH")
    with pytest.raises(OutOfTurnError):
        match.play_turn("draw", first, "5S")
    match.play_turn("draw", second)
    return match


def test_canonical_text_of_a_hand_recorded_turn_by_turn():
    text = record.dumps(turn_match().record)
    assert text[text.index("hands:"):] == textwrap.dedent("""\
        hands:

        - number: 1
          dealer: Ann
          upcard: 9H
          limit: 9
          irregularities:
          - kind: out_of_turn
            player: Ann
            turn: 4
            action: draw
            card: 5S
            detail: 'out of turn: it is Ben''s turn to draw from the stock or take Q♥'
          turns:
          - Ben passes
          - Ann takes 9H
          - Ann discards QH
          - Ben draws

        irregularities:
        - kind: wrong_dealer
          hand: 1
          player: Ben
          detail: 'Ben cannot deal hand 1: Ann deals (named at the start)'
        corrections: []
        """)


@pytest.mark.parametrize("first, second", [("Ann", "Ben"), ("O'Brien", "Jean Luc"), ("yes", "No"), ("Zoë", "a: b"),
                                           ("- x", "a #b"), ("Ann draws", "Ann")])
def test_fast_reader_reads_turns_and_irregularities_exactly_as_yaml(first, second):
    match = turn_match(first, second)
    text = record.dumps(match.record)
    assert fast(text) == yaml.safe_load(text) == match.record
    assert record.dumps(record.loads(text).data) == text
    assert record.loads(text).match.open_table().summary()["turn"] == {"player": second, "phase": "discard"}


def test_every_truncation_of_a_turn_by_turn_record_is_refused_or_loses_nothing():
    text = record.dumps(turn_match().record)
    full = record.loads(text).data
    for cut in range(0, len(text), 2):
        try:
            data = record.loads(text[:cut]).data
        except RecordError:
            continue
        assert data == full, f"a file cut at {cut} was read as a different record"


def test_a_refusal_kept_in_the_record_is_written_and_others_are_not(tmp_path):
    path = tmp_path / "m.yaml"
    match = Match.new(["Ann", "Ben"], load_rules(None), "2024-05-01", dealer="Ann")
    match.deal("9H")
    record.create(path, match)
    before = path.read_bytes()
    with pytest.raises(IllegalActionError):
        with record.updating(path) as rec:
            rec.match.play_turn("draw", "Ben")  # Ben must take or pass first: refused, nothing kept
    assert path.read_bytes() == before
    with pytest.raises(OutOfTurnError):
        with record.updating(path) as rec:
            rec.match.play_turn("pass", "Ann")
    assert record.load(path).match.hands[0]["irregularities"][0]["kind"] == "out_of_turn"

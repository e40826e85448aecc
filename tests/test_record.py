"""The match file: the YAML it is written in (gin_ref.files.yamlread, gin_ref.files.yamlwrite), reading it strictly and leniently with
line numbers, atomic writes that survive a crash, and the lock that refuses a second writer (gin_ref.files.matchfile)."""

import fcntl
import ast
import os
import re
import signal
import subprocess
import tempfile
import sys
import textwrap
import time
from pathlib import Path
from gin_ref.core.message import Message
from gin_ref.files import seals

import pytest
import yaml
from hypothesis import strategies as st

from gin_ref.files import store
from gin_ref.files import matchfile as record

from gin_ref.files import yamlload
from gin_ref.files import yamlread as yamltext
from gin_ref.files.recordkeys import ENTRY, RECORD
from gin_ref.files.yamlfast import parse_canonical
from gin_ref.files.yamlplain import Fallback

from gin_ref.files import yamlwrite
from gin_ref.files.rulesfile import load_rules
from gin_ref.core.errors import IllegalActionError, InvalidNotationError, RecordError
from gin_ref.match.model import Match
from gin_ref.match.steps import step_pairs


def form_of(data):
    """What a step's typed data writes into the file, as the writer lays it out."""
    return dict(step_pairs(data))


ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from make_match import make_match  # noqa: E402

from hands import BASE
from sweeps import sample_and_full
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401


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
    return parse_canonical(text, RECORD)


def sealed(data):
    """A record's data as the writer makes it (a new mapping each time), sealed as a write seals it."""
    seals.reseal(data)
    return data


def with_end(data):
    """A record as its file reads back: the end line's mapping last."""
    end = {"hands": len(data["hands"])}
    if seals.end_seal(data) is not None:
        end["seal"] = seals.end_seal(data)
    return {**data, "end": end}


# -- the canonical text and the canonical reader ----------------------------------------------------------

def test_canonical_text_of_a_small_match():
    text = record.dumps(written(small_match()))
    hands = text[text.index("hands:"):]
    sealed = re.findall(r"\n  seal: ([0-9a-f]{16})", hands)  # each settled hand; the end line's covers the count
    end = seals.end_seal(written(small_match()) | {"hands": yaml.safe_load(text)["hands"]})
    assert len(sealed) == 2 and hands.endswith(f"end: {{hands: 3, seal: '{end}'}}\n")
    hands = re.sub(r"\n  seal: [0-9a-f]{16}", "", hands).replace(f", seal: '{end}'", "")
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
            points: 0
            cards: [AS, 2S, 3S, 4H, 4D, 4C, 7C, 8C, 9C, 5D]

        corrections: []
        end: {hands: 3}
        """)
    assert text.startswith("# gin-ref match record (gin-ref-match/3).")
    assert text.endswith(f"corrections: []\nend: {{hands: 3, seal: '{end}'}}\n")
    assert text.splitlines()[1:5] == ["format: gin-ref-match/3", "date: '2024-05-01'", "players: [Ann, Ben]",
                                      "rules:"]


@pytest.mark.parametrize("hands, seed", [(60, 1), (60, 2), (200, 3)])
def test_the_canonical_reader_reads_generated_records_exactly_as_yaml(hands, seed):
    data = sealed(written(make_match(hands, seed=seed)))
    text = record.dumps(data)
    assert fast(text) == yaml.safe_load(text) == with_end(data)
    assert record.dumps(record.loads(text).data) == text  # the canonical form is a fixed point


@pytest.mark.parametrize("rules, players", [("hollywood", ["Ann", "Ben"]), ("three-player", ["Ann", "Ben", "Cid"])])
def test_the_canonical_reader_reads_hollywood_and_three_player_records(rules, players):
    match = Match.new(players, load_rules(rules), "2024-05-01", dealer="Ann" if len(players) == 2 else None,
                      box="Ann" if len(players) == 3 else None, captain="Ben" if len(players) == 3 else None)
    for upcard in ("7D", "8D", "KS"):
        match.deal(upcard)
        match.knock(match.state.current.pair[1], BASE + " 5D", "AH 7H QH 2D 7D 8D 9D TD JD 3C")
    data = sealed(written(match))
    text = record.dumps(data)
    assert ("  games: [{Ann: 0, Ben: 18}, {Ann: 0, Ben: 0}, {Ann: 0, Ben: 0}]" in text) == (rules == "hollywood")
    assert fast(text) == yaml.safe_load(text) == with_end(data)


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


# A key the record's key table types (files/recordkeys.py) is read by its type, not as YAML resolves it: a
# plain 'defender: false' is a hand edit's problem and stays the text on the line (files/handtyped.py and its
# tests). Hypothesis draws the package's own string constants ('defender'), so the identity below is over the
# other keys.
TYPED_KEYS = frozenset(RECORD.fields) | frozenset(ENTRY.fields)


@sample_and_full(15, 300, st.dictionaries(st.text(min_size=1, max_size=8).filter(lambda key: key not in TYPED_KEYS), st.one_of(
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


@sample_and_full(60, 400, st.lists(st.tuples(st.sampled_from([0, 0, 2, 2, 4, 1]), st.sampled_from(["k", "m", "- ", "- k", "#", ""]),
                          st.sampled_from(TOKENS)), min_size=1, max_size=8))
def test_the_reader_reads_near_yaml_as_pyyaml_reads_it_or_refuses_it(lines):
    """Near-YAML text (keys no record has: the canonical reader leaves it to PyYAML): the whole reader reads it
    as PyYAML does, or refuses it with its line (tests/test_canonical_reader.py edits real records)."""
    text = "\n".join(" " * indent + (f"{kind}: {token}" if kind in ("k", "m", "- k") and not kind.startswith("-")
                                     else f"- k: {token}" if kind == "- k" else f"{kind}{token}")
                     for indent, kind, token in lines) + "\n"
    try:
        data = fast(text)
    except Fallback:  # stepped aside: the reader it leaves them to
        full_reader_agrees(text)
    else:
        assert yaml.safe_load(text) == data


def full_reader_agrees(text):
    """The whole reader (``yamlread.parse``, the canonical reader and PyYAML's loader behind it) reads ``text`` as
    PyYAML does, or refuses it with a line or a key path and a message; it never accepts what PyYAML
    refuses, and never raises anything but RecordError."""
    try:
        expected = ("data", yaml.load(text, Loader=yamlload.loader_class()))
    except Exception as exc:  # noqa: BLE001 - PyYAML raises more than YAMLError
        expected = ("error", type(exc).__name__)
    try:
        data, problems = yamltext.parse(text)
    except RecordError as exc:
        assert (exc.line is None or exc.line >= 1) and exc.message, exc
        if not exc.message.startswith(("nested too deeply", "anchors and aliases", "the file is empty")):
            assert expected[0] == "error", (text, exc.message, expected)  # not YAML: PyYAML refuses it too
        return
    for where, message in problems:
        assert isinstance(where, tuple) and all(isinstance(key, (str, int)) for key in where), where
        assert isinstance(message, Message) and str(message), problems  # (said where it is shown)
    if not problems:
        assert expected == ("data", data), (text, expected, data)


def test_printable_text_holds_no_character_the_fast_reader_leaves_to_pyyaml():
    """The canonical reader skips the character scan for printable text: every printable character is safe."""
    from gin_ref.files.yamlplain import UNSAFE_TEXT

    printable = "".join(chr(c) for c in range(0x110000) if chr(c).isprintable())
    assert UNSAFE_TEXT.search(printable) is None
    for text in ("date: x\tb\n", "date: x\x85\n", "date: \u2028\n", "date: '\ufeffx'\n", "date: '\x7f'\n"):
        with pytest.raises(Fallback):
            fast(text)


def test_text_outside_the_canonical_layout_is_read_by_yaml_with_lines():
    text = "format: !!str gin-ref-match/1   # the format\nplayers:\n  - Ann\n  - Ben\nnote: |\n  a\n  b\n"
    with pytest.raises(Fallback):
        fast(text)
    data, problems = yamltext.parse(text)
    assert data == yaml.safe_load(text) and problems == []
    assert yamltext.line_of(data, ("players", 1)) == 4 and yamltext.line_of(data, ("note",)) == 5


def test_duplicate_keys_and_object_tags_are_problems_not_data():
    data, problems = yamltext.parse("a: 1\nb: !!python/object:os.system x\na: 2\n")
    assert data == {"a": 1, "b": None}
    assert [(where, str(message)) for where, message in problems] == [
        (("b",), "YAML tag '!!python/object:os.system' is not allowed: only plain values are read"),
        (("a",), "'a' is given twice (first at line 1; again at line 3)")]


def test_line_of_every_key_and_item():
    text = record.dumps(written(small_match()))
    data = yamltext.parse(text)[0]
    lines = text.splitlines()
    for where, starts in [(("hands", 0, "totals"), "  totals: {Ann: 0, Ben: 18}"),
                          (("hands", 1, "result"), "  result: dead"),
                          (("hands", 2, "irregularities", 0, "points"), "    points: 0"),
                          (("hands", 2), "- number: 3"), (("rules", "knobs", "target"), "    target: 100")]:
        assert lines[yamltext.line_of(data, where) - 1].startswith(starts)


# -- reading strictly ------------------------------------------------------------------------------------

def test_loads_gives_the_record_and_the_replayed_match(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(record.dumps(written(small_match())), encoding="utf-8")
    rec = record.load(path)
    assert rec.path == str(path) and rec.match.state.open == 2 and rec.match.state.totals == {"Ann": 0, "Ben": 18}
    data = record.record_data(rec)
    assert type(data) is dict and isinstance(data["hands"], list) and data["hands"][0]["points"] == 18


@pytest.mark.parametrize("text, message", [
    ("", "m.yaml:1: the file is empty"),
    ("format: gin-ref-match/4\n", "m.yaml:1: format gin-ref-match/4 is not supported: this gin-ref reads "
                                  "gin-ref-match/3"),
    ("players: [Ann, Ben]\n", "m.yaml:1: not a gin-ref match record: no 'format: gin-ref-match/3'"),
    ("format: gin-ref-match/1\nplayers: [Ann, Ben\n", "m.yaml:2: invalid YAML: while parsing a flow sequence"),
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


def test_every_truncation_is_refused():
    text = record.dumps(written(small_match()))
    record.loads(text)
    for cut in range(len(text)):
        with pytest.raises(RecordError):
            record.loads(text[:cut])


def test_a_strict_refusal_names_the_line_and_points_to_verify(tmp_path):
    text = record.dumps(written(small_match())).replace("totals: {Ann: 0, Ben: 18}\n",
                                                      "totals: {Ann: 0, Ben: 81}\n", 1)
    line = text.splitlines().index("  totals: {Ann: 0, Ben: 81}") + 1
    with pytest.raises(RecordError) as info:
        record.loads(text, "m.yaml")
    assert str(info.value) == (f"m.yaml:{line}: hand 1: totals say Ann 0, Ben 81, but the hands add up to "
                               "Ann 0, Ben 18 ('gin-ref verify' lists every problem)")


# -- reading leniently: verify ---------------------------------------------------------------------------

def test_check_reports_every_hand_edit_at_its_line(tmp_path):
    lines = record.dumps(written(small_match())).splitlines()
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
    assert [(line, str(message)) for line, message in problems] == [
        (edits["points"], "hand 1: points are 20, but the cards give 18 (knock: 23 − 5 = 18 to the knocker)"),
        (edits["dealer"], "hand 2: dealer out of turn: Ann dealt, but Ben should deal (the winner of hand 1 "
                          "deals)"),
        (edits["limit"], "hand 3: limit is 4, but upcard 3♥ gives 3 (upcard 3♥)"),
    ]
    assert match is not None and len(match.hands) == 3


def test_check_a_missing_file_is_one_problem(tmp_path):
    problems, match = record.check(tmp_path / "none.yaml")
    assert match is None and len(problems) == 1 and str(problems[0][1]).startswith("no match file")


# -- writing ---------------------------------------------------------------------------------------------

def test_write_atomic_failing_rename_leaves_the_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "m.yaml"
    path.write_text("old text\n", encoding="utf-8")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(RecordError) as info:
        record.write_atomic(path, "new text\n" * 1000)
    assert str(info.value) == f"cannot write {path}: no space left on device"  # not the temporary file
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
from gin_ref.files import matchfile as record
path, size = sys.argv[1], int(sys.argv[2])
print("ready", flush=True)
n = 0
while True:
    n += 1
    record.write_atomic(path, f"# version {n}\\n" + "x" * size + "\\nend\\n")
"""


@pytest.mark.slow  # stress: five writers killed mid-write of 4 MB
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
    store.create(path, small_match())
    before = path.read_bytes()
    with open(tmp_path / ".m.yaml.lock", "a+b") as held:  # the lock is on .m.yaml.lock beside it
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(RecordError, match=r"m.yaml is being written by another gin-ref: try again when it is done$"):
            with store.change(path) as rec:
                rec.match.dead()
    assert path.read_bytes() == before
    with store.change(path) as rec:  # free again once the other writer is done
        rec.match.dead()
    assert record.load(path).match.hands[2].result == "dead"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".m.yaml.lock", "m.yaml"]  # the lock file stays


def test_deleting_or_replacing_the_files_beside_a_match_loses_no_write(tmp_path):
    """The lost update of issue 10: a lock file deleted while a writer held it let a second writer in. Now
    the second gets in, and the first, finding its lock file gone at its commit, is refused: of the two,
    only the write reported is in the file."""
    path = tmp_path / "m.yaml"
    store.create(path, small_match())
    with pytest.raises(RecordError, match="was changed by another writer while this one worked"):
        with store.change(path) as first:
            for name in ("m.yaml.lock", ".m.yaml.lock", "m.yaml.tmp"):  # whatever a tidy-up removes or leaves
                neighbour = tmp_path / name
                if neighbour.exists():
                    neighbour.unlink()
                neighbour.write_text("", encoding="utf-8")
            with store.change(path) as second:
                second.match.undo(second.match.newest_step(), record.now(), "the last hand")
            written = path.read_bytes()
            first.match.dead()
    assert path.read_bytes() == written and "result" not in record.load(path).match.hands[-1]


def test_an_old_lock_file_left_over_is_deleted_at_the_next_write_unless_an_old_writer_holds_it(tmp_path):
    """Before format /2 the lock was a flock on an empty FILE.lock beside the match file: one left over goes at
    the next write; one an old writer holds (its flock), one that is not empty or is a link, stays."""
    path = tmp_path / "m.yaml"
    store.create(path, small_match())
    old_lock = tmp_path / "m.yaml.lock"
    old_lock.write_bytes(b"")
    with open(old_lock, "rb") as held:  # an old gin-ref writing now
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with store.change(path) as rec:
            rec.match.dead()
        assert old_lock.exists()
    with store.change(path) as rec:  # that writer is done: the next write tidies its lock away
        rec.match.undo(rec.match.newest_step(), record.now(), "the dead hand")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".m.yaml.lock", "m.yaml"]
    old_lock.write_bytes(b"notes")  # not a lock of ours: kept
    (tmp_path / "other").write_bytes(b"")
    link = tmp_path / "n.yaml.lock"
    link.symlink_to(tmp_path / "other")
    store.create(tmp_path / "n.yaml", small_match())
    with store.change(path) as rec:
        rec.match.dead()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".m.yaml.lock", "m.yaml", "m.yaml.lock", "n.yaml",
                                                           "n.yaml.lock", "other"]
    old_lock.unlink()
    old_lock.write_bytes(b"")
    store.create(path, small_match(), force=True)  # a new match in the file writes it too
    assert not old_lock.exists()


def test_an_old_lock_file_beside_a_link_target_is_the_one_deleted(tmp_path):
    target = tmp_path / "real.yaml"
    store.create(target, small_match())
    (tmp_path / "m.yaml").symlink_to(target)
    (tmp_path / "real.yaml.lock").write_bytes(b"")
    with store.change(tmp_path / "m.yaml") as rec:
        rec.match.dead()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".real.yaml.lock", "m.yaml", "real.yaml"]


def test_a_writer_that_opened_a_lock_file_deleted_meanwhile_locks_the_new_one(tmp_path, monkeypatch):
    """A writer that opened the lock file just before it was deleted (and made again) checks, once it has
    the flock, that the name still leads there; it does not, so it locks the file named now."""
    path = tmp_path / "m.yaml"
    store.create(path, small_match())
    lock = tmp_path / ".m.yaml.lock"
    lock.write_bytes(b"")
    stale = os.open(lock, os.O_RDONLY)
    lock.unlink()
    lock.write_bytes(b"")  # git clean, then another writer made it again
    assert not store._still_named(stale, str(lock))
    real_open, opened = os.open, []

    def open_the_stale_one_first(name, flags, *args, **kwargs):
        if not opened and os.fspath(name) == str(lock):
            opened.append(name)
            return os.dup(stale)
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_the_stale_one_first)
    with store.change(path) as rec:
        assert opened
        with open(lock, "rb") as other:  # the lock held is the one named now
            with pytest.raises(BlockingIOError):
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        rec.match.dead()
    monkeypatch.setattr(os, "open", real_open)
    os.close(stale)
    assert record.load(path).match.hands[2].result == "dead"


def test_match_files_in_one_folder_are_written_at_once(tmp_path):
    for name in ("a.yaml", "b.yaml"):
        store.create(tmp_path / name, small_match())
    with store.change(tmp_path / "a.yaml") as a:
        with store.change(tmp_path / "b.yaml") as b:
            b.match.dead()
        a.match.dead()
    assert [record.load(tmp_path / name).match.hands[2].result for name in ("a.yaml", "b.yaml")] == ["dead"] * 2


def test_a_new_file_made_meanwhile_by_another_writer_is_never_replaced(tmp_path, monkeypatch):
    from gin_ref.files import filewrite

    path = tmp_path / "m.yaml"
    real_link = os.link

    def other_writer_first(src, dst, **kwargs):
        Path(dst).write_text("theirs\n", encoding="utf-8")
        return real_link(src, dst, **kwargs)

    monkeypatch.setattr(os, "link", other_writer_first)
    with pytest.raises(RecordError, match="already exists: give (--)?force"):  # (the option: a field, cli/ says it)
        store.create(path, small_match())
    assert path.read_text(encoding="utf-8") == "theirs\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.yaml"]  # no temporary file left
    assert filewrite.exists  # the message lives there


def test_create_refuses_an_existing_file_without_force(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("mine\n", encoding="utf-8")
    with pytest.raises(RecordError, match="already exists: give (--)?force"):  # (the option: a field, cli/ says it)
        store.create(path, small_match())
    assert path.read_text(encoding="utf-8") == "mine\n"
    store.create(path, small_match(), force=True)
    assert record.load(path).match.state.totals == {"Ann": 0, "Ben": 18}


def test_an_exception_inside_updating_writes_nothing(tmp_path):
    path = tmp_path / "m.yaml"
    store.create(path, small_match())
    before = path.read_bytes()
    with pytest.raises(ZeroDivisionError):
        with store.change(path) as rec:
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
    assert form_of(match.deal("9H", dealer=second).refusal.kept)["kind"] == "wrong_dealer"
    match.deal("9H")
    match.play_turn("pass", second)
    match.play_turn("take", first)
    match.play_turn("discard", first, "QH")
    assert match.play_turn("draw", first, "5S").refused
    match.play_turn("draw", second)
    return match


def test_canonical_text_of_a_hand_recorded_turn_by_turn():
    text = record.dumps(written(turn_match()))
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
          turns:
          - Ben passes
          - Ann takes 9H
          - Ann discards QH
          - Ben draws

        irregularities:
        - kind: wrong_dealer
          hand: 1
          player: Ben
        corrections: []
        end: {hands: 1}
        """)


@pytest.mark.parametrize("first, second", [("Ann", "Ben"), ("O'Brien", "Jean Luc"), ("yes", "No"), ("Zoë", "a: b"),
                                           ("? x", "a #b"), ("Ann draws", "Ann")])
def test_the_canonical_reader_reads_turns_and_irregularities_exactly_as_yaml(first, second):
    match = turn_match(first, second)
    data = sealed(written(match))
    text = record.dumps(data)
    assert fast(text) == yaml.safe_load(text) == with_end(data)
    assert record.dumps(record.loads(text).data) == text
    assert record.loads(text).match.open_table().summary()["turn"] == {"player": second, "phase": "discard"}


def test_every_truncation_of_a_turn_by_turn_record_is_refused():
    text = record.dumps(written(turn_match()))
    record.loads(text)
    for cut in range(len(text)):
        with pytest.raises(RecordError):
            record.loads(text[:cut])


def test_a_refusal_kept_in_the_record_is_written_and_others_are_not(tmp_path):
    path = tmp_path / "m.yaml"
    match = Match.new(["Ann", "Ben"], load_rules(None), "2024-05-01", dealer="Ann")
    match.deal("9H")
    store.create(path, match)
    before = path.read_bytes()
    with pytest.raises(IllegalActionError):
        with store.change(path) as rec:
            rec.match.play_turn("draw", "Ben")  # Ben must take or pass first: refused, nothing kept
    assert path.read_bytes() == before
    with store.change(path) as rec:
        assert rec.match.play_turn("pass", "Ann").refused
    assert record.load(path).match.hands[0].irregularities[0].item.kind == "out_of_turn"  # read typed: a Kept


# -- what a match file never holds: aliases, deep nesting, values Python cannot build ------------------

def billion_laughs(levels=20):
    """A record with, at its end, an alias bomb: ``levels`` lists of nine aliases to the one before (9**20
    strings once expanded)."""
    lines = ['x0: &x0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"x{i}: &x{i} [" + ", ".join([f"*x{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return record.dumps(written(small_match())) + "\n".join(lines) + "\n"


BOMB = """
import resource, sys
from gin_ref.files import matchfile as record
resource.setrlimit(resource.RLIMIT_AS, (2 ** 30, 2 ** 30))  # a bomb going off fails here, not the machine
text = sys.stdin.read()
print([(line, str(message)) for line, message in record.checks(text)[0]])
try:
    record.loads(text, "m.yaml")
except Exception as exc:
    print(exc)
"""


@pytest.mark.slow  # load: a billion-laughs document in a process of its own
def test_an_alias_bomb_is_refused_at_its_line_before_anything_is_built():
    text = billion_laughs()
    line = text.splitlines().index('x0: &x0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]') + 1
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    result = subprocess.run([sys.executable, "-c", BOMB], input=text, env=env, capture_output=True, text=True,
                            timeout=60)
    assert (result.returncode, result.stderr) == (0, "")
    message = "anchors and aliases are not used in match files: write the value itself"
    assert result.stdout == f"[({line}, '{message}')]\nm.yaml:{line}: {message}\n"


@pytest.mark.parametrize("text, line", [
    ("format: &f gin-ref-match/1\n", 1),                   # an anchor alone
    ("a: 1\nb: [x, *y]\n", 2),                              # an alias (its anchor is not even there)
    ("a: &x [*x]\n", 1),                                    # a list that holds itself
    ("a:\n  - &k {b: 1}\nc:\n  <<: *k\n", 2),               # a merge key's anchor
])
def test_anchors_and_aliases_are_refused_with_their_line(text, line):
    with pytest.raises(RecordError) as info:
        yamltext.parse(text)
    assert (info.value.line, info.value.message) == (
        line, "anchors and aliases are not used in match files: write the value itself")


def test_nesting_deeper_than_the_limit_is_refused_by_both_readers():
    deepest = "a: " + "[" * (yamltext.MAX_DEPTH - 1) + "]" * (yamltext.MAX_DEPTH - 1) + "\n"
    assert yaml.safe_load(deepest) == yamltext.parse(deepest)[0]
    too_deep = "a: " + "[" * yamltext.MAX_DEPTH + "]" * yamltext.MAX_DEPTH + "\n"
    with pytest.raises(Fallback):
        fast(too_deep)
    block = "".join(" " * i + "a:\n" for i in range(yamltext.MAX_DEPTH + 1))
    for text, line in [(too_deep, 1), (block, yamltext.MAX_DEPTH + 1)]:
        with pytest.raises(RecordError) as info:
            yamltext.parse(text)
        assert (info.value.line, info.value.message) == (line, "nested too deeply: more than 100 levels")


DEEP = """
import sys
from gin_ref.core import errors
from gin_ref.files import matchfile as record

depth = 1_000_000
for text in ["a: " + "[" * depth + "]" * depth + "\\n", "a: " + "{a: " * depth + "}" * depth + "\\n",
             "".join(" " * i + "a:\\n" for i in range(5000)), "- " * depth + "x\\n"]:
    problems, match = record.checks(text)
    print([(line, str(message)) for line, message in problems])
"""


@pytest.mark.slow  # load: a million-deep document in a process of its own
def test_a_document_nested_a_million_deep_is_one_problem_not_a_crash():
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    result = subprocess.run([sys.executable, "-c", DEEP], env=env, capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stderr) == (0, "")  # the composer used to overflow the C stack
    # One problem per document at the line where it goes too deep: ours, or (newer PyYAML builds, which
    # stop deep flow collections themselves) PyYAML's own "exceeded maximum nesting depth".
    ours, pyyamls = "nested too deeply: more than 100 levels", "exceeded maximum nesting depth"
    rows = [ast.literal_eval(row) for row in result.stdout.splitlines()]
    assert [[line for line, _ in row] for row in rows] == [[1], [1], [101], [1]]
    assert all(message == ours or message.endswith(pyyamls) for row in rows for _, message in row)


@pytest.mark.parametrize("value, message", [
    ("2024-13-45", "cannot read '2024-13-45' as a date or time (month must be in 1..12)"),
    ("2024-05-01 25:00:00", "cannot read '2024-05-01 25:00:00' as a date or time (hour must be in 0..23)"),
    ("1" + "0" * 5000, "cannot read '10000000000000000000... (5001 characters)' as a whole number"),
    ("0x" + "f" * 5000, "cannot read '0xffffffffffffffffff... (5002 characters)' as a whole number"),
    ("1" + ":00" * 3000, "cannot read '1:00:00:00:00:00:00:... (9001 characters)' as a whole number"),
    ("!!int twelve", "cannot read 'twelve' as a whole number"),
], ids=["month 13", "hour 25", "5000 digits", "hex", "sexagesimal", "int tag"])
def test_a_value_python_cannot_build_is_a_problem_at_its_line(value, message):
    text = record.dumps(written(small_match())).replace("date: '2024-05-01'", f"date: {value}")
    line = text.splitlines().index(f"date: {value}") + 1
    problems, _match = record.checks(text)
    assert (line, message) in [(at, str(said)) for at, said in problems]
    with pytest.raises(RecordError, match="^m.yaml:"):
        record.loads(text, "m.yaml")


def test_a_long_number_is_read_the_same_by_both_readers():
    for digits in (3000, 3010, 3011, 4400):
        text = f"a: 1{'0' * (digits - 1)}\n"
        data, problems = yamltext.parse(text)
        big_enough = (10 ** (digits - 1)).bit_length() >= 10_000
        assert (data["a"] is None, bool(problems)) == (big_enough, big_enough), digits


# -- files that are not match files: pipes, devices, folders, huge files ----------------------------------

@pytest.fixture
def no_waiting():
    """Fail, rather than hang, a test whose read would wait for ever."""
    def timed_out(signum, frame):
        raise AssertionError("waited for a pipe")

    previous = signal.signal(signal.SIGALRM, timed_out)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_a_pipe_a_device_and_a_folder_are_refused_before_reading(tmp_path, no_waiting):
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)  # reading it would wait for a writer for ever
    for path, message in [(fifo, "not a regular file"), ("/dev/zero", "not a regular file"),
                          (tmp_path, "is a folder, not a match file")]:
        with pytest.raises(RecordError) as info:
            record.load(path)
        assert str(info.value) == f"{path}: {message}"
        problems, match = record.check(path)
        assert ([(line, str(said)) for line, said in problems], match) == ([(1, message)], None)


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path, monkeypatch):
    huge = tmp_path / "huge.yaml"
    with open(huge, "wb") as out:
        out.truncate(record.MAX_SIZE + 1)  # sparse: nothing is written, nothing would be read
    with pytest.raises(RecordError, match=r"huge.yaml: too large for a match file: 64 MiB \(at most 64 MiB\)$"):
        record.load(huge)
    small = tmp_path / "m.yaml"
    small.write_text(record.dumps(written(small_match())), encoding="utf-8")
    monkeypatch.setattr(record, "MAX_SIZE", 100)
    monkeypatch.setattr(os, "fstat", lambda fd: os.stat_result((0o100644, 0, 0, 1, 0, 0, 10, 0, 0, 0)))
    with pytest.raises(RecordError, match="too large for a match file"):  # grew past the limit after fstat
        record.load(small)


# -- writing: links, refusals without litter, messages that name the user's file -----------------------------

def test_a_link_is_written_through_and_locked_at_the_real_file(tmp_path):
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "r.yaml"
    store.create(real, small_match())
    link = tmp_path / "m.yaml"
    link.symlink_to(Path("real") / "r.yaml")
    with store.locked(link):
        with pytest.raises(RecordError, match=r"^.*real/r.yaml is being written by another gin-ref"):
            with store.change(real):
                pass
    with store.locked(real):
        with pytest.raises(RecordError, match=r"^.*m.yaml is being written by another gin-ref"):
            with store.change(link):
                pass
    with store.change(link) as rec:
        rec.match.dead()
        assert rec.path == str(link)
    assert link.is_symlink() and record.load(real).match.hands[2].result == "dead"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.yaml", "real"]
    assert sorted(p.name for p in real.parent.iterdir()) == [".r.yaml.lock", "r.yaml"]


def test_a_dangling_link_is_created_through(tmp_path):
    link = tmp_path / "m.yaml"
    link.symlink_to("r.yaml")
    store.create(link, small_match())
    assert link.is_symlink() and record.load(tmp_path / "r.yaml").match.state.totals == {"Ann": 0, "Ben": 18}


@pytest.mark.parametrize("where, message", [
    ("none.yaml", "no match file '{path}': start one with 'gin-ref new PLAYER PLAYER' (or name one with match FILE)"),
    ("nowhere/x.yaml", "no match file '{path}': start one with 'gin-ref new PLAYER PLAYER' "
                       "(or name one with match FILE)"),
])
def test_updating_a_missing_file_leaves_no_lock(tmp_path, where, message):
    path = tmp_path / where
    with pytest.raises(RecordError) as info:
        with store.change(path):
            pass
    assert str(info.value).replace("--match", "match") == message.format(path=path)  # the option: a field cli/ says
    assert info.value.said_as is not None and info.value.said_as.value("option") == "match"
    assert list(tmp_path.iterdir()) == []


def test_create_refuses_a_folder_and_a_missing_folder_leaving_nothing(tmp_path):
    for path, message in [(tmp_path, f"{tmp_path}: is a folder, not a match file"),
                          (f"{tmp_path}/", f"{tmp_path}/: is a folder, not a match file"),
                          (f"{tmp_path}/sub/", f"{tmp_path}/sub/: names a folder, not a match file: give a file name"),
                          (tmp_path / "no" / "x.yaml", f"cannot write {tmp_path}/no/x.yaml: folder '{tmp_path}/no' "
                                                       "does not exist")]:
        with pytest.raises(RecordError) as info:
            store.create(path, small_match())
        assert str(info.value) == message
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_folder_or_file_is_refused_by_name(tmp_path, monkeypatch):
    path = tmp_path / "m.yaml"
    store.create(path, small_match())
    before = path.read_bytes()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if os.fspath(p) == str(tmp_path) else real_access(p, mode))
    with pytest.raises(RecordError) as info:
        with store.change(path) as rec:
            rec.match.dead()
    assert str(info.value) == f"cannot write {path}: folder '{tmp_path}' is not writable"
    monkeypatch.setattr(os, "access", lambda p, mode: False if os.fspath(p) == str(path) else real_access(p, mode))
    with pytest.raises(RecordError) as info:
        store.create(path, small_match(), force=True)
    assert str(info.value) == f"cannot write {path}: permission denied (the file is read-only)"
    assert path.read_bytes() == before


def test_a_write_that_fails_names_the_file_never_the_lock_or_the_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "m.yaml"
    store.create(path, small_match())
    before = path.read_bytes()
    real_open = os.open

    def no_read(name, *args, **kwargs):
        if os.fspath(name) == str(path):
            raise PermissionError(13, "Permission denied", name)
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_read)
    with pytest.raises(RecordError) as info:
        with store.change(path):
            pass
    assert str(info.value) == f"cannot read {path}: permission denied"
    monkeypatch.setattr(os, "open", real_open)

    def no_temp(*args, **kwargs):
        raise OSError(28, "No space left on device", str(tmp_path / ".m.yaml.x.tmp"))

    monkeypatch.setattr(tempfile, "mkstemp", no_temp)
    with pytest.raises(RecordError) as info:
        with store.change(path) as rec:
            rec.match.dead()
    assert str(info.value) == f"cannot write {path}: no space left on device"
    assert path.read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "fchown"), reason="no groups here")
def test_write_atomic_keeps_the_group_when_it_can(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("old\n", encoding="utf-8")
    others = [gid for gid in os.getgroups() if gid != os.getegid()]
    gid = 4242 if os.geteuid() == 0 else (others[0] if others else None)
    if gid is None:
        pytest.skip("this user is in one group only")
    os.chown(path, -1, gid)
    record.write_atomic(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n" and path.stat().st_gid == gid


def test_an_empty_match_option_is_refused():
    with pytest.raises(InvalidNotationError, match="^--match needs a file name$"):
        record.match_file("")

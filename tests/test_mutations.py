"""Real match files cut, byte-flipped and hand-edited (issue 10): the reader returns exactly what PyYAML's safe
loader returns (the loader gin-ref falls back to: the C one where present) or refuses with a line; nothing
raises past the command line; a refused file is left unchanged; and every cut of a /2 file is refused.

The records cover what the writer writes: corrections (undo), irregularities of a hand and of the match,
a hand recorded turn by turn, three players and Hollywood."""

import os
import tempfile

import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck
from hypothesis import strategies as st

from gin_ref.cli import main
from gin_ref.core.errors import RecordError
from gin_ref.files import matchfile as record
from gin_ref.files import yamlload, yamlread
from gin_ref.files.rulesfile import load_rules
from gin_ref.match.model import Match

from hands import BASE
from sweeps import sample_and_full

DEFENDER = "AH 7H QH 2D 7D 8D 9D TD JD 3C"


def _undo(match):
    match.undo(match.newest_step(), "2024-05-01T20:15:00+02:00", "the newest step")


def two_players():
    """A knock, a dead hand, a knock taken back and made again, an illegal knock, a deal refused."""
    match = Match.new(["Ann", "O'Brien"], load_rules(None), "2024-05-01", dealer="Ann")
    match.deal("7D")
    match.knock("O'Brien", BASE + " 5D", DEFENDER)
    match.deal("KS")
    match.dead()
    _undo(match)
    match.dead()
    match.deal("3H", dealer="Ann")  # the wrong dealer (O'Brien deals after the dead hand): refused, kept
    match.deal("3H")
    match.knock("O'Brien", BASE + " 5D", DEFENDER)  # over the limit: refused and kept
    return match


def turn_by_turn():
    match = Match.new(["Ann", "Ben"], load_rules(None), "2024-05-01", dealer="Ann")
    match.deal("9H", dealer="Ben")
    match.deal("9H")
    match.play_turn("pass", "Ben")
    match.play_turn("take", "Ann")
    match.play_turn("discard", "Ann", "QH")
    match.play_turn("draw", "Ann", "5S")  # out of turn: refused and kept
    match.play_turn("draw", "Ben")
    _undo(match)
    match.play_turn("draw", "Ben", "2C")
    return match


def special(rules, players):
    three = len(players) == 3
    match = Match.new(players, load_rules(rules), "2024-05-01", dealer=None if three else "Ann",
                      box="Ann" if three else None, captain="Ben" if three else None)
    for upcard in ("7D", "8D", "KS"):
        match.deal(upcard)
        match.knock(match.state.current.pair[1], BASE + " 5D", DEFENDER)
    _undo(match)
    return match


TEXTS = [record.dumps(m.record) for m in (two_players(), turn_by_turn(), special("hollywood", ["Ann", "Ben"]),
                                          special("three-player", ["Ann", "Ben", "Cid"]))]
LOADER = yamlload.loader_class()
TOKENS = ["x", "1", "-1", "1.0", ".nan", "~", "true", "[]", "{}", "[a, b]", "{a: 1}", "'q'", '"\\u2028"', "&a x",
          "*a", "!!int", "!!seq", "!!binary aGk=", "|", "- x", "a: b", "#", "", "  ", "\t", "{", "]", "? x",
          "2024-13-45", "0x" + "f" * 20, "1" * 5000]


def reader_agrees(text):
    """The reader gives PyYAML's data, or a refusal with a line; it never raises anything else."""
    try:
        data, problems = yamlread.parse(text)
    except RecordError as exc:
        assert exc.line is None or exc.line >= 1
        return False
    if problems:
        return False
    try:
        expected = yaml.load(text, Loader=LOADER)
    except Exception as exc:  # noqa: BLE001 - PyYAML raises more than YAMLError
        raise AssertionError(f"the reader accepted a text PyYAML refuses ({type(exc).__name__}: {exc})")
    assert data == expected
    return True


def cli_survives(raw):
    """verify, tally and a write on the file: a documented exit code, no exception, and a refused write
    leaves the file as it was."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "m.yaml")
        with open(path, "wb") as out:
            out.write(raw)
        runner = CliRunner()
        for args in (["verify", path], ["tally", "--json", "--match", path]):
            result = runner.invoke(main, args)
            assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
            assert result.exit_code in (0, 1, 2)
            assert all(line.strip() for line in result.stderr.splitlines())
        verified = runner.invoke(main, ["verify", path]).exit_code == 0
        result = runner.invoke(main, ["dead", "--match", path])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        if result.exit_code != 0:
            with open(path, "rb") as back:
                assert back.read() == raw
            assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
        assert sorted(os.listdir(folder)) in (["m.yaml"], [".m.yaml.lock", "m.yaml"])  # no temporary file
        return verified


@sample_and_full(10, 60, st.sampled_from(range(len(TEXTS))), st.data(),
                 deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_cut_is_refused(which, data):
    text = TEXTS[which]
    cut = data.draw(st.integers(0, len(text) - 1))
    reader_agrees(text[:cut])
    try:
        record.loads(text[:cut])
    except RecordError:
        pass
    else:
        raise AssertionError(f"a file cut at byte {cut} was read")
    problems, _match = record.checks(text[:cut])
    assert problems
    assert not cli_survives(text[:cut].encode("utf-8"))


@sample_and_full(13, 80, st.sampled_from(range(len(TEXTS))), st.data(),
                 deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_byte_flips_are_read_as_yaml_reads_them_or_refused(which, data):
    raw = bytearray(TEXTS[which].encode("utf-8"))
    for _ in range(data.draw(st.integers(1, 3))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        reader_agrees(text)
    cli_survives(bytes(raw))


@st.composite
def hand_edit(draw, lines):
    """One edit a person might make in an editor: a line deleted, doubled, moved, re-indented, a value
    changed or a new line typed."""
    i = draw(st.integers(0, len(lines) - 1))
    kind = draw(st.sampled_from(["delete", "double", "swap", "indent", "value", "insert"]))
    edited = list(lines)
    if kind == "delete":
        del edited[i]
    elif kind == "double":
        edited.insert(i, lines[i])
    elif kind == "swap" and i + 1 < len(lines):
        edited[i], edited[i + 1] = lines[i + 1], lines[i]
    elif kind == "indent":
        edited[i] = " " * draw(st.integers(0, 6)) + lines[i].lstrip(" ")
    elif kind == "value" and ": " in lines[i]:
        edited[i] = lines[i].split(": ", 1)[0] + ": " + draw(st.sampled_from(TOKENS))
    else:
        edited.insert(i, " " * draw(st.integers(0, 4)) + draw(st.sampled_from(TOKENS)))
    return edited


@sample_and_full(20, 120, st.sampled_from(range(len(TEXTS))), st.data(),
                 deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hand_edits_are_read_as_yaml_reads_them_or_refused(which, data):
    lines = TEXTS[which].split("\n")
    for _ in range(data.draw(st.integers(1, 3))):
        lines = data.draw(hand_edit(lines))
    text = "\n".join(lines)
    reader_agrees(text)
    cli_survives(text.encode("utf-8", "surrogatepass"))


def test_the_records_are_whole_and_read_the_same_by_both():
    for text in TEXTS:
        assert reader_agrees(text)
        record.loads(text)
        assert "corrections:\n- kind: undo\n" in text
    assert "turns:" in TEXTS[1] and "games:" in TEXTS[2] and "sitter:" in TEXTS[3]
    assert "kind: wrong_dealer" in TEXTS[0] and "kind: illegal_knock" in TEXTS[0]


# -- issue 24: the corrections are under the seals, and the summary cache never changes an answer ----------

def _strictly_verified(text):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "m.yaml")
        with open(path, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        result = CliRunner().invoke(main, ["verify", "--strict", path])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        return result.exit_code == 0


@sample_and_full(13, 80, st.sampled_from(range(len(TEXTS))), st.data(),
                 deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_cut_or_a_flip_in_the_corrections_that_changes_them_fails_verify_strict(which, data):
    text = TEXTS[which]
    start, end = text.index("\ncorrections:") + 1, text.index("\nend:") + 1
    if data.draw(st.booleans()):  # a flip of one character of the corrections
        at = data.draw(st.integers(start, end - 1))
        changed = text[:at] + data.draw(st.sampled_from("0123456789abcdefxyz :'-\n")) + text[at + 1:]
    else:  # a cut of the corrections, the end line kept
        at = data.draw(st.integers(start, end - 1))
        changed = text[:at] + "\n" + text[end:]
    try:
        edited = record.loads(changed)
    except RecordError:
        return  # refused outright
    if yamlread.plain(edited.data).get("corrections") == yamlread.plain(record.loads(text).data).get("corrections"):
        return  # the same corrections (a flip that YAML reads the same)
    assert not _strictly_verified(changed), changed[start:]


CLUB_TEXTS = {name: open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", name),
                         encoding="utf-8").read() for name in ("oklahoma.yaml", "hollywood.yaml", "three-player.yaml")}


def _standings(folder, cache):
    result = CliRunner(env={"GIN_REF_CACHE": cache}).invoke(main, ["standings", "--json", folder])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@sample_and_full(10, 60, st.data(),
                 deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_cut_or_a_flip_in_the_summary_cache_never_changes_the_standings(data):
    with tempfile.TemporaryDirectory() as folder:
        club = os.path.join(folder, "club")
        os.mkdir(club)
        for name, text in CLUB_TEXTS.items():
            with open(os.path.join(club, name), "w", encoding="utf-8") as out:
                out.write(text)
            os.utime(os.path.join(club, name), (1_700_000_000, 1_700_000_000))
        cache = os.path.join(folder, "summaries.json")
        truth = _standings(club, "off")
        assert _standings(club, cache) == truth
        with open(cache, "rb") as stream:
            raw = bytearray(stream.read())
        if data.draw(st.booleans()):
            for _ in range(data.draw(st.integers(1, 3))):
                raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.sampled_from(b"0123456789{}[]\",:ntf "))
        else:
            raw = raw[:data.draw(st.integers(0, len(raw) - 1))]
        with open(cache, "wb") as out:
            out.write(bytes(raw))
        assert _standings(club, cache) == truth
        assert _standings(club, cache) == truth  # and the cache rebuilt from the files

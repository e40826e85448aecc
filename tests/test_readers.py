"""What the readers of gin-ref's files refuse, and how they say it (issue 24 items 14, 17, 18): every error of
a file names FILE:LINE (event files too); a /1 record holding keys only /2 has is refused at each key; a knob
of a record's rules snapshot is checked as the rules file checks it; a /2 record saved with CRLF line ends is
read as it stands, and a lone carriage return is refused as what it is."""

import json
import os

import pytest
from pathlib import Path
from click.testing import CliRunner

from gin_ref.cli import main

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")


def gin(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.setenv("GIN_REF_CACHE", "off")
    monkeypatch.chdir(tmp_path)
    return tmp_path


FORMAT_1 = Path(__file__).parent / "records" / "oklahoma-format-1.yaml"  # the oklahoma example as /1 wrote it


def example(name):
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as source:
        return source.read()


# -- item 17: keys only /2 has, and knob values ------------------------------------------------------------

@pytest.mark.parametrize("old, new, key", [
    ("  totals: {Ann: 0, Ben: 30}\n", "  totals: {Ann: 0, Ben: 30}\n  seal: 0123456789abcdef\n", "seal"),
    ("  irregularities: []\n  result: knock\n",
     "  irregularities: []\n  ruling: {kind: void, reason: x}\n  result: knock\n", "ruling"),
])
def test_a_version_1_record_holding_a_key_only_version_2_has_is_refused_at_its_line(here, old, new, key):
    text = FORMAT_1.read_text(encoding="utf-8")
    assert "format: gin-ref-match/1\n" in text and old in text
    (here / "old.yaml").write_text(text.replace(old, new, 1))
    line = text.replace(old, new, 1).splitlines().index(new.splitlines()[-1 if key == "seal" else 1]) + 1
    done = gin("verify", "old.yaml")
    assert done.exit_code == 1
    assert done.stderr.splitlines()[0] == (f"old.yaml:{line}: '{key}' is a key of format gin-ref-match/2, not of "
                                           "gin-ref-match/1: the file says 'format: gin-ref-match/1' but holds a "
                                           "newer record")
    assert gin("tally", "old.yaml").exit_code == 1


def test_a_seal_in_a_version_1_correction_is_refused_too(here):
    text = FORMAT_1.read_text(encoding="utf-8").replace(
        "corrections: []", "corrections:\n- undone: x\n  date: '2024-03-02T20:00:00+01:00'\n  entry:\n"
                           "    number: 9\n    seal: 0123456789abcdef\n")
    assert "seal: 0123456789abcdef" in text
    (here / "old.yaml").write_text(text)
    done = gin("verify", "old.yaml")
    assert done.exit_code == 1
    line = text.splitlines().index("    seal: 0123456789abcdef") + 1
    assert f"old.yaml:{line}: 'seal' is a key of format gin-ref-match/2" in done.stderr


@pytest.mark.parametrize("value", ["2.0", "3.0"])
def test_a_number_of_players_that_is_not_a_whole_number_is_refused_in_a_record_and_a_rules_file(here, value):
    assert gin("new", "--match", "m.yaml", "--dealer", "Ann", "Ann", "Ben").exit_code == 0
    text = (here / "m.yaml").read_text()
    (here / "k.yaml").write_text(text.replace("    players: 2\n", f"    players: {value}\n"))  # the seals aside
    line = text.splitlines().index("    players: 2") + 1
    done = gin("verify", "k.yaml")
    assert done.exit_code == 1
    assert done.stderr == f"k.yaml:{line}: house rule 'players' must be 2 or 3, not {value}\n"
    (here / "r.yaml").write_text(f"extends: oklahoma\nplayers: {value}\n")
    checked = gin("rules", "check", "r.yaml")
    assert checked.exit_code == 1
    assert f"r.yaml:2: house rule 'players' must be 2 or 3, not {value}" in checked.stdout + checked.stderr


# -- item 18: CRLF line ends, and a knock after the stock ran out ---------------------------------------------

@pytest.fixture
def played(here):
    assert gin("new", "--match", "m.yaml", "--rules", "classic", "--dealer", "Ann", "Ann", "Ben").exit_code == 0
    for args in (["Ben", "5", "--defender", "6"], ["Ann", "0", "--defender", "31"]):
        assert gin("knock", "--match", "m.yaml", "--upcard", "KS", *args).exit_code == 0
    return here / "m.yaml"


def test_a_version_2_record_saved_with_crlf_line_ends_is_read_as_it_stands(played):
    text = played.read_text()
    played.write_bytes(text.replace("\n", "\r\n").encode())
    assert gin("verify", played.name).stdout == "m.yaml: ok, 2 hands\n"
    assert gin("verify", "--strict", played.name).exit_code == 0
    tally = gin("tally", "--json", played.name)
    assert json.loads(tally.stdout)["totals"] == {"Ann": 51, "Ben": 1}
    # the next change writes it back with LF line ends, the same record
    assert gin("knock", "--match", played.name, "--upcard", "KS", "Ben", "5", "--defender", "6").exit_code == 0
    assert b"\r" not in played.read_bytes()
    assert played.read_text().startswith(text[:text.index("hands:")])
    assert gin("verify", "--strict", played.name).stdout == "m.yaml: ok, 3 hands\n"


def test_a_crlf_file_cut_between_its_last_two_bytes_is_a_cut(played):
    crlf = played.read_text().replace("\n", "\r\n")
    played.write_bytes(crlf[:-1].encode())
    done = gin("verify", played.name)
    assert (done.exit_code, done.stderr) == (1, f"m.yaml:{crlf.count(chr(10))}: the end line has no line break "
                                                "after it: the file was cut short\n")


def test_a_carriage_return_that_ends_no_line_is_named_as_the_cause(played):
    text = played.read_text()
    line = text.splitlines().index("format: gin-ref-match/3") + 1
    played.write_bytes(text.replace("gin-ref-match/3\n", "gin-ref-match/3\r", 1).encode())
    done = gin("verify", played.name)
    assert (done.exit_code, done.stderr) == (1, f"m.yaml:{line}: a carriage return (CR) that ends no line: the line "
                                                "ends are damaged; save the file with LF or CRLF line ends\n")
    assert gin("tally", played.name).stderr == ("Error: " + done.stderr)


def _dead_by_itself(match, rules="standard"):
    """Hand 1 recorded turn by turn until the discard that leaves 2 cards in the stock: dead by itself."""
    from tests.test_cli_turns import long_deal

    assert gin("new", "--match", match, "--rules", rules, "--dealer", "Ann", "Ann", "Ben").exit_code == 0
    assert gin("deal", "--match", match, "--upcard", "9H").exit_code == 0
    for turn in long_deal():
        done = gin(turn.split()[0], "--match", match, *turn.split()[1:])
        assert done.exit_code == 0, done.stderr
    assert "hand 1 is dead, no score" in done.stdout


def test_a_knock_typed_after_the_stock_ran_out_says_the_hand_was_dead_and_which_hand_it_opens(here):
    _dead_by_itself("m.yaml")
    done = gin("knock", "--match", "m.yaml", "Ben", "5", "--defender", "23")
    assert done.exit_code == 0
    assert done.stdout.splitlines()[:2] == ["m.yaml: hand 1 was dead (the stock ran down to 2 cards): this knock "
                                            "opens hand 2",
                                            "hand 2: Ann deals, no upcard given"]
    # a hand ended otherwise is not mentioned: the next knock deals hand 3 as before
    again = gin("knock", "--match", "m.yaml", "Ben", "5", "--defender", "23")
    assert again.stdout.splitlines()[0] == "m.yaml: hand 3: Ben deals, no upcard given"


def test_dead_typed_after_the_stock_ran_out_says_so_too(here):
    _dead_by_itself("m.yaml")
    done = gin("dead", "--match", "m.yaml")
    assert done.stdout.splitlines()[:4] == ["hand 1 was dead (the stock ran down to 2 cards): this 'dead' opens and "
                                            "ends hand 2", "hand 2: Ann deals, no upcard given",
                                            "knock limit 10 (house rules)", "hand 2 is dead: no score"]


# -- item 14: every reader names FILE:LINE --------------------------------------------------------------------

@pytest.fixture
def event(here):
    assert gin("event", "new", "ev", "--format", "round-robin", "Ann", "Ben", "Cy", "Dee").exit_code == 0
    return here / "ev" / "event.yaml"


@pytest.mark.parametrize("tail, line, message", [
    ("x: [\n", 31, "invalid YAML: while parsing a flow node, did not find expected node content"),
    ("x: 1\n  : y\n", 32, "invalid YAML: while parsing a block mapping, did not find expected key (a key indented "
                          "otherwise than the keys above it)"),
])
def test_an_event_file_that_is_not_yaml_is_named_with_its_line(event, tail, line, message):
    event.write_text(event.read_text() + tail)
    for command in (["event", "pair", "ev"], ["event", "standings", "ev"]):
        done = gin(*command)
        assert (done.exit_code, done.stderr) == (1, f"Error: {os.path.join('ev', 'event.yaml')}:{line}: {message}\n")


def test_a_damaged_table_file_is_named_with_its_line_by_event_standings_and_standings(event):
    assert gin("event", "pair", "ev").exit_code == 0
    table = event.parent / "round-1-table-1.yaml"
    text = table.read_text()
    table.write_text(text + "junk: [\n")
    line = text.count("\n") + 1  # the line the list opens on (the end of the text is after it)
    expected = (f"skipped {os.path.join('ev', 'round-1-table-1.yaml')}:{line}: invalid YAML: while parsing a flow "
                "node, did not find expected node content\n")
    assert gin("event", "standings", "ev").stderr == expected
    assert gin("standings", "ev").stderr.startswith(expected)
    assert gin("history", "ev").stderr.startswith(expected)


def test_an_event_file_saved_with_crlf_line_ends_is_read_too(event):
    event.write_bytes(event.read_bytes().replace(b"\n", b"\r\n"))
    done = gin("event", "pair", "ev")
    assert (done.exit_code, done.stderr) == (0, "")
    assert b"\r" not in event.read_bytes()  # written back with LF
    assert len(json.loads(gin("event", "standings", "--json", "ev").stdout)["pairings"]) == 1


def test_a_knock_that_cannot_deal_after_the_stock_ran_out_says_the_hand_was_dead(here):
    _dead_by_itself("m.yaml", "oklahoma")  # the limit is the upcard's: the knock needs one to deal
    done = gin("knock", "--match", "m.yaml", "Ben", "5", "--defender", "23")
    assert (done.exit_code, done.stderr) == (1, "Error: hand 1 was dead (the stock ran down to 2 cards), and no hand "
                                                "is open: deal one first (gin-ref deal --upcard CARD), or let this "
                                                "command deal it (gin-ref knock --upcard CARD ...)\n")

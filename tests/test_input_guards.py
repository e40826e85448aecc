"""Guards on what people and files give (issue 24, items 4, 5, 8, 10, 11, 13, 15, 20): an export that would
destroy a match, digits that are not ASCII, names that look alike, counts and files without a bound, one
problem per fact, control characters in what people read, a rules check that echoes a file, and the smaller
words. (Ctrl-C at start-up, item 12: tests/test_interrupts.py.)"""

import pytest

from runs import expect


def run(*args, code=0, input=None):
    return expect(code, *args, input=input)


# -- item 4: export --output never destroys a match, nor any file without --force ----------------------------

def test_export_refuses_to_write_over_the_match_it_exports(knocked):
    before = knocked.read_bytes()
    result = run("export", "--format", "csv", "--output", "m.yaml", "m.yaml", code=1)
    assert result.stderr == ("Error: m.yaml is a match record: export never writes over one "
                             "(give another --output FILE)\n")
    assert knocked.read_bytes() == before
    result = run("export", "--force", "--format", "csv", "--output", "m.yaml", "m.yaml", code=1)
    assert knocked.read_bytes() == before


def test_export_refuses_to_write_over_any_match_record_even_with_force(knocked, here):
    other = here / "other.yaml"
    other.write_bytes(knocked.read_bytes().replace(b"Ben", b"Cid"))
    before = other.read_bytes()
    result = run("export", "--force", "--output", "other.yaml", "m.yaml", code=1)
    assert result.stderr.startswith("Error: other.yaml is a match record")
    assert other.read_bytes() == before


def test_export_replaces_an_existing_file_only_with_force(knocked, here):
    (here / "out.csv").write_text("keep me\n")
    result = run("export", "--output", "out.csv", "m.yaml", code=1)
    assert result.stderr == "Error: out.csv already exists: give --force to replace it, or another --output FILE\n"
    assert (here / "out.csv").read_text() == "keep me\n"
    run("export", "--force", "--output", "out.csv", "m.yaml")
    assert (here / "out.csv").read_text().startswith("match,date,hand")
    run("export", "--force", "--format", "json", "--output", "out.json", "m.yaml")
    run("export", "--force", "--format", "json", "--output", "out.json", "m.yaml")  # an export is no record


# -- item 5: counts, hand numbers and points are ASCII digits ----------------------------------------------

@pytest.mark.parametrize("args, line", [
    (["knock", "--upcard", "KS", "Ben", "\u0660", "--defender", "23"],
     "Error: the knocker's count '\u0660': U+0660 ARABIC-INDIC DIGIT ZERO is not an ASCII digit: write numbers with 0-9"),
    (["knock", "--upcard", "KS", "Ben", "5", "--defender", "2\u0663"],
     "Error: the defender's count '2\u0663': U+0663 ARABIC-INDIC DIGIT THREE is not an ASCII digit: "
     "write numbers with 0-9"),
    (["knock", "--upcard", "KS", "Ben", "\uff15", "--defender", "20"],  # a fullwidth 5
     "Error: the knocker's count '\uff15': U+FF15 FULLWIDTH DIGIT FIVE is not an ASCII digit: write numbers with 0-9"),
    (["amend", "\u0661", "Ben", "5", "--defender", "20"],
     "Error: bad hand number '\u0661': U+0661 ARABIC-INDIC DIGIT ONE is not an ASCII digit: write numbers with 0-9"),
    (["ruling", "--hand", "\u0661", "--void", "--reason", "x"],
     "Error: invalid value for '--hand': '\u0661': U+0661 ARABIC-INDIC DIGIT ONE is not an ASCII digit: write "
     "numbers with 0-9 (see 'gin-ref ruling --help')"),
    (["ruling", "--hand", "1", "--award", "Ann", "\u0662\u0665", "--reason", "x"],
     "Error: --award Ann \u0662\u0665: U+0662 ARABIC-INDIC DIGIT TWO is not an ASCII digit: write numbers with 0-9"),
])
def test_a_digit_that_is_not_ascii_is_refused_naming_it(knocked, args, line):
    before = knocked.read_bytes()
    result = run(args[0], "--match", "m.yaml", *args[1:], code=2)
    assert result.stderr == line + "\n"
    assert knocked.read_bytes() == before


# -- items 10, 15 and 20: rules files are regular files of a bounded size, read without echoing them --------

def test_rules_show_of_a_device_ends_with_one_line(here):
    for command in (["rules", "show", "/dev/zero"], ["rules", "check", "/dev/zero"]):
        result = run(*command, code=2)
        assert result.stderr == ("Error: cannot read rules file '/dev/zero': not a regular file "
                                 "(a folder, a device or a pipe)\n")


def test_a_rules_file_over_the_size_limit_is_refused(here):
    from gin_ref.files.presets import MAX_SIZE

    (here / "big.yaml").write_text("gin_bonus: 30\n" + "# padding\n" * (MAX_SIZE // 10 + 1))
    result = run("rules", "show", "big.yaml", code=2)
    assert result.stderr == "Error: too large for a rules file: over 256 KiB (big.yaml:1)\n"
    (here / "small.yaml").write_text("gin_bonus: 30\n" + "# padding\n" * (MAX_SIZE // 20))
    run("rules", "show", "small.yaml")


def test_an_over_long_rules_name_is_bad_input_exit_2(here):
    result = run("new", "--match", "m.yaml", "--rules", "a" * 300, "Ann", "Ben", code=2)
    assert result.stderr.startswith("Error: unknown rules '" + "a" * 40 + "...': not a preset")
    result = run("new", "--match", "m.yaml", "--rules", "a" * 300 + ".yaml", "Ann", "Ben", code=2)
    assert result.stderr == f"Error: cannot read rules file '{'a' * 160}...': file name too long\n"
    assert not (here / "m.yaml").exists()


def test_rules_check_of_a_file_that_is_not_rules_quotes_none_of_it(here):
    (here / "shadow").write_text("root:*:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n"
                                   "secret: hunter2\n")
    result = run("rules", "check", "shadow", code=1)
    assert result.output == ("shadow:1: not a rules file: none of its 3 keys is a house rule "
                             "(gin-ref rules show oklahoma lists them)\n")
    assert "hunter2" not in result.output + result.stderr and "root" not in result.output + result.stderr


def test_a_long_or_hostile_key_is_quoted_as_a_short_escaped_excerpt(here):
    (here / "club.yaml").write_text("gin_bonus: 30\n\"" + "x" * 500 + "\\e]0;pwned\\a\": 1\n")
    result = run("rules", "check", "club.yaml", code=1)
    assert result.output == f"club.yaml:2: unknown house rule '{'x' * 40}...'\n"
    (here / "club.yaml").write_text("gin_bonus: 30\n\"ab\\e]0;pwned\\a\": 1\n")
    result = run("rules", "check", "club.yaml", code=1)
    assert result.output == "club.yaml:2: unknown house rule 'ab\\x1b]0;pwned\\x07'\n"


# -- item 11: one problem per fact, in the file's words -------------------------------------------------------

@pytest.mark.parametrize("old, new, lines", [
    ("  points: 18\n", "  points: !!int ''\n", ["m.yaml:42: cannot read '' as a whole number"]),
    ("  knocker_count: 5\n", "  knocker_count: !!int ''\n", ["m.yaml:38: cannot read '' as a whole number"]),
    ("  points: 18\n", "  points: null\n",
     ["m.yaml:42: hand 1: points are null, but the counts give 18 (knock: 23 \u2212 5 = 18 to the knocker)"]),
    ("  winner: Ben\n", "  winner: null\n",
     ["m.yaml:41: hand 1: winner is null, but the counts make it Ben (knock: 23 \u2212 5 = 18 to the knocker)"]),
])
def test_a_value_that_cannot_be_read_is_one_problem_without_python_words(knocked, old, new, lines):
    text = knocked.read_text(encoding="utf-8")
    assert old in text
    knocked.write_text(text.replace(old, new), encoding="utf-8")
    result = run("verify", "m.yaml", code=1)
    assert [line for line in result.output.splitlines() if line.startswith("m.yaml:")] == lines
    assert "None" not in result.output + result.stderr


# -- item 10: a count of hands in an amend or a ruling is bounded by the record ------------------------------

@pytest.mark.parametrize("step, line, message", [
    (["amend", "1", "Ben", "6", "--defender", "23"], "m.yaml:50: ",
     "an amend's 'hands' is 100000000000, but the record holds 1 hand"),
    (["ruling", "--hand", "1", "--void", "--reason", "misdeal"], "m.yaml:44: ",
     "hand 1: the ruling's 'hands' is 100000000000, but the record holds 1 hand"),
])
def test_a_huge_count_of_hands_is_one_problem_not_a_hang(knocked, step, line, message):
    run(step[0], "--match", "m.yaml", *step[1:])
    text = knocked.read_text(encoding="utf-8")
    key = "  hands: 1\n" if step[0] == "amend" else "    hands: 1\n"
    assert text.count(key) == 1
    knocked.write_text(text.replace(key, key.replace("1", "100000000000")), encoding="utf-8")
    result = run("verify", "m.yaml", code=1)
    assert result.output.splitlines()[0] == line + message
    result = run("tally", "--match", "m.yaml", code=1)
    assert result.stderr.startswith(f"Error: {line}{message}")


@pytest.mark.parametrize("written", ["", "    hands: 0\n"])
def test_a_ruling_whose_count_of_hands_is_left_out_or_not_a_count_is_one_problem(knocked, written):
    """A hand edit that leaves a ruling's ``hands`` out (read as 0) or writes 0 is told that it must be a whole
    number, once: not also that "the ruling's 'hands' is 0", which it was not, or which says it twice."""
    run("ruling", "--match", "m.yaml", "--hand", "1", "--void", "--reason", "misdeal")
    text = knocked.read_text(encoding="utf-8")
    assert text.count("    hands: 1\n") == 1
    knocked.write_text(text.replace("    hands: 1\n", written), encoding="utf-8")
    result = run("verify", "m.yaml", code=1)
    problems = [line.split(": ", 1)[1] for line in result.output.splitlines() if line.startswith("m.yaml:")]
    assert problems == ["hand 1: the ruling's 'hands' must be a whole number"]


# -- item 8: one spelling per name (NFC), and names that look alike ------------------------------------------

ZOE, ZOE_DECOMPOSED = "Zo\u00eb", "Zoe\u0308"
CYRILLIC_ANN = "\u0410nn"


def test_a_name_composed_and_decomposed_is_one_player(here):
    result = run("new", "--match", "m.yaml", ZOE, ZOE_DECOMPOSED, code=2)
    assert result.stderr == f"Error: player name '{ZOE}' given twice\n"
    run("new", "--match", "m.yaml", "--dealer", ZOE, ZOE_DECOMPOSED, "Ben")
    text = (here / "m.yaml").read_text(encoding="utf-8")
    assert f"players: [{ZOE}, Ben]" in text and ZOE_DECOMPOSED not in text  # written in NFC
    run("knock", "--match", "m.yaml", "--upcard", "9H", ZOE_DECOMPOSED, "5", "--defender", "20")
    assert run("tally", "--match", "m.yaml").output.count(f"{ZOE} deals hand 2") == 1


def test_a_record_written_decomposed_is_read_in_nfc(knocked):
    text = knocked.read_text(encoding="utf-8").replace("Ann", ZOE_DECOMPOSED)
    knocked.write_text(text, encoding="utf-8")
    result = run("tally", "--match", "m.yaml", "--json")
    import json

    assert json.loads(result.stdout)["players"] == [ZOE, "Ben"]
    assert "hand 1 changed outside gin-ref" in result.stderr  # the names were edited after the seals were made


@pytest.mark.parametrize("names", [["Ann", CYRILLIC_ANN], ["ann", CYRILLIC_ANN], ["Al", "AI"]])
def test_names_that_look_alike_are_refused_in_one_match_naming_both(here, names):
    result = run("new", "--match", "m.yaml", *names, code=2)
    assert result.stderr.startswith(f"Error: player names '{names[0]}' and '{names[1]}' look alike (")
    assert result.stderr.endswith("): give names that can be told apart\n")
    assert not (here / "m.yaml").exists()


def test_a_record_with_look_alike_players_is_refused(knocked):
    text = knocked.read_text(encoding="utf-8")
    knocked.write_text(text.replace("players: [Ann, Ben]", f"players: [Ann, {CYRILLIC_ANN}]"), encoding="utf-8")
    result = run("verify", "m.yaml", code=1)
    assert f"m.yaml:4: player names 'Ann' and '{CYRILLIC_ANN}' look alike (" in result.output


def test_standings_and_settle_warn_of_look_alike_names_across_matches(here):
    for file, ann in (("a.yaml", "Ann"), ("b.yaml", CYRILLIC_ANN)):
        run("new", "--match", file, "--dealer", "Ben", ann, "Ben")
        run("knock", "--match", file, "--upcard", "KS", ann, "0", "--defender", "98")
    warning = (f"warning: players 'Ann' (a.yaml) and '{CYRILLIC_ANN}' (b.yaml) look alike "
               "(\u0410 (U+0410 CYRILLIC CAPITAL LETTER A) for A (U+0041 LATIN CAPITAL LETTER A)): "
               "they are counted as two players")
    assert warning in run("standings", ".").stderr.splitlines()
    assert warning in run("settle", "a.yaml", "b.yaml").stderr.splitlines()


def test_the_ascii_classes_are_the_tables():
    from gin_ref.match import names

    table = names._classes()
    for group in names.ASCII_CLASSES:
        assert len({table.get(char, char) for char in group}) == 1
    ascii_chars = [chr(code) for code in range(32, 127) if chr(code) in table]
    grouped = {}
    for char in ascii_chars:
        grouped.setdefault(table[char], []).append(char)
    assert sorted("".join(sorted(g)) for g in grouped.values() if len(g) > 1) == sorted(names.ASCII_CLASSES)


# -- item 13: names, paths and values printed for people are escaped ------------------------------------------

TITLE = "a\x1b]0;pwned\x07.yaml"  # sets the terminal's title when printed raw
SPLIT = "b\nc.yaml"  # splits a table's row


def test_file_names_with_control_characters_are_escaped_everywhere(knocked, here):
    for name in (TITLE, SPLIT):
        (here / name).write_bytes(knocked.read_bytes())
    knocked.unlink()
    history = run("history", ".").output
    assert "a\\x1b]0;pwned\\x07.yaml" in history and "b\\nc.yaml" in history
    verify = run("verify", TITLE, SPLIT).output
    assert verify.splitlines()[0] == "a\\x1b]0;pwned\\x07.yaml: ok, 1 hand"
    assert "b\\nc.yaml: ok, 1 hand" in verify.splitlines()
    assert run("tally", "--match", SPLIT).output.startswith("b\\nc.yaml: Ann v Ben, oklahoma rules")
    standings = run("standings", ".").output
    assert "  a\\x1b]0;pwned\\x07.yaml: Ann, Ben" in standings.splitlines()
    for output in (history, verify, standings, run("stats", ".").output, run("settle", ".").output):
        assert "\x1b" not in output and "\x07" not in output
    rows = [line for line in history.splitlines() if line.startswith("20")]
    assert len(rows) == 2 and all(row.endswith(".yaml") for row in rows)  # one line per match


def test_a_ruling_reason_with_control_characters_is_escaped(knocked):
    run("ruling", "--match", "m.yaml", "--hand", "1", "--void", "--reason", "mis\x1b[2Jdeal")
    verify = run("verify", "m.yaml").output
    assert "mis\\x1b[2Jdeal" in verify and "\x1b" not in verify


# -- item 20: the smaller words --------------------------------------------------------------------------------

def test_a_file_gin_ref_may_not_read_is_unreadable_not_damaged(knocked, monkeypatch):
    def denied(path):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("gin_ref.files.matchfile.read_bytes", denied)
    monkeypatch.setenv("GIN_REF_CACHE", "off")
    for command in ("history", "stats", "standings"):
        result = run(command, ".", code=1)
        assert result.stderr == ("skipped m.yaml: cannot read the file: permission denied\n"
                                 "Error: no readable match file in . (1 unreadable)\n")


CASE = '{"upcard": "7D", "hand": "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"}'


def test_every_input_line_is_answered_in_order_a_blank_one_too(here):
    import json

    (here / "cases.jsonl").write_text(f"{CASE}\n\n   \n{CASE}\n")
    result = run("check", "--input", "cases.jsonl", code=2)
    answers = [json.loads(line) for line in result.output.splitlines()]
    assert [answer.get("legal") for answer in answers] == [True, None, None, True]
    assert answers[1] == {"line": 2, "error": "blank line: no case"}
    assert answers[2] == {"line": 3, "error": "blank line: no case"}


def test_a_byte_order_mark_does_not_break_the_first_line(knocked, here):
    import json

    (here / "cases.jsonl").write_bytes(b"\xef\xbb\xbf" + CASE.encode() + b"\n")
    result = run("check", "--input", "cases.jsonl")
    assert json.loads(result.output)["legal"] is True
    (here / "bom.jsonl").write_bytes(b"\xef\xbb\xbf")
    assert run("check", "--input", "bom.jsonl").output == ""
    from gin_ref.cli.session_lines import read_lines
    import io

    assert list(read_lines(io.BytesIO(b"\xef\xbb\xbftally\nundo\n"))) == [("tally\n", None), ("undo\n", None)]


@pytest.mark.parametrize("old, new, words", [
    ("    knock_limit: upcard\n", "    knock_limit: null\n", "house rule 'knock_limit' must be 'upcard' or 0 to 10, not null"),
    ("    spade_double: false\n", "    spade_double: null\n", "house rule 'spade_double' must be true or false, not null"),
    ("  totals: {Ann: 0, Ben: 18}\n", "  totals: {Ann: null, Ben: 18}\n", "hand 1: totals say Ann null, Ben 18"),
    ("  upcard: 9H\n", "  upcard: true\n", "hand 1: upcard: a card is written as text (7D, 10h), not true"),
])
def test_values_are_named_in_the_files_words(knocked, old, new, words):
    text = knocked.read_text(encoding="utf-8")
    assert old in text
    knocked.write_text(text.replace(old, new), encoding="utf-8")
    result = run("verify", "m.yaml", code=1)
    out = result.output + result.stderr
    assert words in out
    assert not any(word in out for word in ("None", "True", "False", "NoneType", " int", " str"))

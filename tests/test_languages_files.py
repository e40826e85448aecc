"""What the core and the files' readers refuse, said in Filipino and Slovak (#38 item 1): a bad card, bad
house rules, a bad YAML file, a bad event file and a bad season CSV, under ``--lang sk`` and ``--lang fil``,
say none of the catalogue's sentences in English (the pieces test_languages_cli.py looks for), and English
says what it always said, byte for byte.

Each of them raises its error with a ``Message`` (a catalogue message and its facts), which the command line
says whole in the reader's language; a parameter is a field the command line names as its option.
"""

import re

import pytest
from click.testing import CliRunner

from gin_ref.cli import main, with_options
from gin_ref.core.cards import Card
from gin_ref.core.errors import InvalidNotationError, RecordError
from gin_ref.core.knock import knock_limit
from gin_ref.core.message import Message, N_
from gin_ref.core.rules import make_rules
from gin_ref.desk import language
from gin_ref.desk.errors import said
from runs import installed
from test_languages import kept_by_glossary
from test_languages_cli import _english_pieces

HAND = "AS 2S 3S 4H 5H 6H 9C 9D KS QH"
LANGUAGES = ["fil", "sk"]


def _run(*args):
    result = CliRunner().invoke(main, list(args), prog_name="gin-ref")
    return result.exit_code, result.stdout + result.stderr


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A folder with a bad rules file, a rules file nested too deeply, two bad event files and a season's CSV
    with two bad rows."""
    monkeypatch.chdir(tmp_path)
    for name in ("GIN_REF_LANG", "GIN_REF_MATCH"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    (tmp_path / "bad.yaml").write_text("knock_limitt: 5\n")
    (tmp_path / "deep.yaml").write_text("players: " + "[" * 101 + "]" * 101 + "\n")
    for name, extra in (("key", "colour: red\n"), ("alias", "x: &a 1\n")):
        assert _run("event", "new", name, "--format", "round-robin", "Ann", "Ben", "Cat", "Dan")[0] == 0
        with open(tmp_path / name / "event.yaml", "a") as stream:
            stream.write(extra)
    (tmp_path / "season.csv").write_text("date,player1,player2,points1,points2\n2024-05-01,Ann,Ben,100,x\n"
                                         "2024-05-02,Ann,,100,20\n")
    return tmp_path


# (arguments, exit code, English output: what main said too)
CASES = {
    "card": (("check", "--upcard", "ZZ", "AS"), 2,
             "Error: unknown card 'ZZ' (write rank A 2-10 J Q K (or T), then suit S H D C or ♠ ♥ ♦ ♣, any case: "
             "10h, QS, t♥)\n"),
    "rules": (("check", "--rules", "bad.yaml", "--upcard", "7D", HAND), 2,
              "Error: unknown house rule 'knock_limitt' (did you mean 'knock_limit'?) (bad.yaml:1)\n"),
    "yaml": (("check", "--rules", "deep.yaml", "--upcard", "7D", HAND), 2,
             "Error: nested too deeply: more than 100 levels (deep.yaml:1)\n"),
    "event yaml": (("event", "standings", "alias"), 1,
                   "Error: alias/event.yaml:{line}: anchors and aliases are not used in match files: write the "
                   "value itself\n"),
    "event": (("event", "standings", "key"), 1,
              "Error: key/event.yaml:{line}: unknown key 'colour' in the event file\n"),
    "season": (("result", "--input", "season.csv", "--into", "season"), 1,
               "season.csv:2: points 'x': a final score is a whole number from 0\nseason.csv:3: name both players\n"
               "Error: season.csv: 2 problems (listed above): nothing was recorded\n"),
}


def _line(folder, name):
    return len((folder / name / "event.yaml").read_text().splitlines())


@pytest.mark.parametrize("case", list(CASES))
def test_english_is_as_it_was(folder, case):
    args, code, english = CASES[case]
    if "{line}" in english:
        english = english.format(line=_line(folder, args[-1]))
    assert _run(*args) == (code, english)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", list(CASES))
def test_no_sentence_is_left_in_english(folder, case, lang):
    args, code, english = CASES[case]
    said_code, text = _run("--lang", lang, *args)
    assert said_code == code
    kept = kept_by_glossary(lang) | {"match file"}  # the glossary's terms (fil: "talaan; match file")
    assert [piece for piece in _english_pieces(text) if not any(piece in term for term in kept)] == [], text
    if "{line}" in english:
        english = english.format(line=_line(folder, args[-1]))
    assert text.count("\n") == english.count("\n") and text != english
    assert [run for run in _runs_of_words(english) if run in text] == [], text  # (the template aside)


def _runs_of_words(text):
    """The runs of three English words or more in ``text`` (between its punctuation, quotes and numbers)."""
    return [run.strip() for run in re.split(r"[^A-Za-z ]+", text)
            if len([word for word in run.split() if len(word) > 1]) >= 3]  # (notation aside: J Q K, S H D C)


def test_each_says_its_own_words(folder):
    assert _run("--lang", "sk", *CASES["rules"][0])[1] == \
        "Error: neznáme domáce pravidlo 'knock_limitt' (mysleli ste 'knock_limit'?) (miesto: bad.yaml:1)\n"
    assert _run("--lang", "fil", *CASES["card"][0])[1].startswith("Error: hindi kilalang baraha 'ZZ' (isulat ang")
    assert _run("--lang", "sk", *CASES["event"][0])[1] == \
        f"Error: key/event.yaml:{_line(folder, 'key')}: neznámy kľúč 'colour' v súbore turnaja\n"


def test_the_installed_command_says_a_season_in_slovak(folder):
    done = installed("--lang", "sk", *CASES["season"][0], cwd=folder, env={"GIN_REF_LANG": None})
    assert (done.code, done.out, done.err) == (
        1, "", "season.csv:2: body 'x': konečné skóre je celé číslo od 0\nseason.csv:3: uveďte oboch hráčov\n"
               "Error: season.csv: 2 problémy (vypísané vyššie): nič sa nezapísalo\n")


def test_a_parameter_is_a_field_the_command_line_names():
    with pytest.raises(InvalidNotationError) as caught:
        knock_limit(make_rules({}), None)
    assert caught.value.said_as is not None and caught.value.said_as.value("option") == "upcard"
    import contextvars

    from gin_ref.core.message import say_options_plainly

    def plainly():
        say_options_plainly()
        return caught.value.said_as.english()
    assert "--" not in contextvars.copy_context().run(plainly)  # the core names no option (a front says it)
    assert str(with_options(caught.value)) == \
        "the knock limit is the upcard's value: name the upcard (--upcard CARD)"  # as before, on the command line
    assert knock_limit(make_rules({}), Card.parse("7D")) == 7


def test_a_line_of_no_file_is_said_in_the_readers_language():
    exc = RecordError(Message(N_("the file is empty")), line=3)
    assert str(exc) == "line 3: the file is empty"
    token = language.speak("sk")
    try:
        assert said(exc) == "riadok 3: súbor je prázdny"
    finally:
        language.hush(token)

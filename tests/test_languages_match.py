"""What the match layer says, in Filipino and Slovak (#38 item 1): a refusal from match/ (a deal out of turn,
a knock over the limit, a bad table line) and a problem verify finds in a hand edited by hand are
catalogue messages with their facts, said whole in the reader's language: none of match/'s sentences is
left in English inside the kind's sentence, and English says what it said.

"None of match/'s sentences": every message of the template marked in gin_ref/match/ (its source
references) is cut at its placeholders, and no piece of two words or more may be found in the output.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from gin_ref.cli import main

LANGUAGES = ["fil", "sk"]
TEMPLATE = Path(__file__).resolve().parent.parent / "gin_ref" / "locale" / "gin_ref.pot"  # this checkout's


def _match_pieces():
    """Each run of two words or more of a message the match layer says (its source is in gin_ref/match/)."""
    with open(TEMPLATE, "rb") as stream:
        messages = [message for message in read_po(stream) if message.id]
    found = set()
    for message in messages:
        if not any(path.startswith("gin_ref/match/") for path, _line in message.locations):
            continue
        for text in (message.id if isinstance(message.id, tuple) else (message.id,)):
            for piece in re.split(r"%\(\w+\)[sdr]|\n", text):
                piece = piece.strip(" :;,.()'\"")
                if len(re.findall(r"[A-Za-z]+", piece)) >= 2 and not piece.startswith(("gin-ref ", "--")):
                    found.add(piece)
    return sorted(found)


PIECES = _match_pieces()


def _english(text):
    return [piece for piece in PIECES if re.search(r"\b" + re.escape(piece) + r"\b", text)]


def _run(*args, input=None):
    result = CliRunner().invoke(main, list(args), prog_name="gin-ref", input=input)
    return result.exit_code, result.stdout + result.stderr


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("GIN_REF_LANG", "GIN_REF_MATCH", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    return tmp_path


def test_the_pieces_are_match_s_and_found_in_english(here):
    """The check can fail: English says match/'s pieces."""
    assert "cannot deal" in PIECES and "is in the box, and the box player deals every hand" in PIECES
    _run("new", "Ann", "Ben", "Cid", "--rules", "three-player", "--box", "Ann", "--captain", "Ben")
    _code, said = _run("deal", "--upcard", "7D", "--dealer", "Cid")
    assert "cannot deal" in _english(said)


@pytest.mark.parametrize("lang, kept", [("sk", "hráč Cid nemôže rozdávať: v krabici je Ann a hráč v krabici "
                                                "rozdáva každé kolo"),
                                        ("fil", "hindi maaaring mag-deal si Cid: nasa box si Ann")])
def test_a_deal_out_of_turn_is_said_whole_in_the_language(here, lang, kept):
    assert _run("new", "Ann", "Ben", "Cid", "--rules", "three-player", "--box", "Ann", "--captain", "Ben")[0] == 0
    code, said = _run("--lang", lang, "deal", "--upcard", "7D", "--dealer", "Cid")
    assert code == 1 and kept in said and _english(said) == [], said
    _run("undo")
    code, english = _run("deal", "--upcard", "7D", "--dealer", "Cid")  # English as it always said it
    assert (code, english) == (1, "Error: Cid cannot deal: Ann is in the box, and the box player deals every hand. "
                                  "Recorded as an irregularity (hand 1); undo takes it back\n")


@pytest.mark.parametrize("lang, words", [("sk", "nezapísané (počet nad limitom sa berie ako preklep)"),
                                         ("fil", "hindi naitala")])
def test_a_knock_over_the_limit_is_said_in_the_language_and_names_the_option(here, lang, words):
    _run("new", "Ann", "Ben", "--dealer", "Ann")
    _run("deal", "--upcard", "3C")
    code, said = _run("--lang", lang, "knock", "Ann", "9", "--defender", "30")
    assert code == 1 and words in said and "--illegal" in said and _english(said) == [], said
    code, english = _run("knock", "Ann", "9", "--defender", "30")
    assert (code, english) == (1, "Error: knock not allowed: deadwood 9 exceeds limit 3 (upcard 3♣): not recorded "
                                  "(a count over the limit is taken for a slip); if Ann really knocked with 9, "
                                  "enter it again with --illegal (a table line: end it with !)\n")


def test_the_library_names_the_parameter_and_the_command_line_its_option():
    """Below the fronts a parameter is a field (``illegal_option``); gin_ref.cli says it as --illegal."""
    from gin_ref.core.errors import CountOverLimitError
    from gin_ref.core.message import say_options_as
    from gin_ref.core.rules import make_rules
    from gin_ref.match.model import Match

    match = Match.new(["Ann", "Ben"], make_rules({}), "2024-05-01", dealer="Ann")
    match.deal("3C")
    with pytest.raises(CountOverLimitError) as refused:
        match.knock("Ann", "9", "30")
    assert refused.value.said_as.value("illegal_option") == "illegal"
    from gin_ref.core import message

    style = list(message._OPTIONS)
    say_options_as(None)
    try:
        assert "enter it again with illegal (" in refused.value.said_as.english()
    finally:  # the command line's style again, as every command run in this process has it
        say_options_as(style[0] if style else None)


@pytest.mark.parametrize("lang, reason", [("sk", "'zz' nie je otočená karta: riadok stola je"),
                                          ("fil", "hindi upcard ang 'zz': ang linya ng mesa ay")])
def test_a_table_line_s_reason_is_said_in_the_language(here, lang, reason):
    _run("new", "Ann", "Ben", "--dealer", "Ann")
    code, said = _run("--lang", lang, "play", "--match", "match.yaml", input="zz ann 5 23\nquit\n")
    assert reason in said and _english(said) == [], said


def _edited(here):
    """A match whose first hand's totals were edited by hand (verify's problem: the totals)."""
    _run("new", "Ann", "Ben", "--dealer", "Ann", "--date", "2024-05-01")
    _run("knock", "--upcard", "7D", "Ben", "5", "--defender", "23")
    text = (here / "match.yaml").read_text(encoding="utf-8")
    edited = re.sub(r"totals: \{Ann: 0, Ben: 18\}", "totals: {Ann: 7, Ben: 0}", text, count=1)
    assert edited != text
    (here / "match.yaml").write_text(edited, encoding="utf-8")


@pytest.mark.parametrize("lang, said", [("sk", "kolo 1: súčty hovoria Ann 7, Ben 0, no kolá dávajú spolu Ann 0, Ben 18"),
                                        ("fil", "round 1: Ann 7, Ben 0 ang sinasabi ng mga kabuuan")])
def test_a_hand_edit_s_problem_is_said_by_verify_in_the_language(here, lang, said):
    """From the installed command: ``gin-ref --lang LANG verify`` on a hand edited by hand."""
    _edited(here)
    command = [str(Path(sys.executable).with_name("gin-ref")), "--lang", lang, "verify", "match.yaml"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=here,
                          env={"PATH": "/usr/bin:/bin", "LANG": "C"})
    assert done.returncode == 1 and said in done.stderr and _english(done.stderr) == [], done.stderr
    english = subprocess.run(command[:1] + command[3:], capture_output=True, text=True, cwd=here,
                             env={"PATH": "/usr/bin:/bin", "LANG": "C"})
    assert "match.yaml:" in english.stderr and \
        "hand 1: totals say Ann 7, Ben 0, but the hands add up to Ann 0, Ben 18" in english.stderr


@pytest.mark.parametrize("lang, said", [("sk", "match.yaml:43: kolo 1: súčty hovoria Ann 7, Ben 0"),
                                        ("fil", "match.yaml:43: round 1: Ann 7, Ben 0 ang sinasabi ng mga kabuuan")])
def test_a_command_on_a_record_edited_by_hand_says_its_first_problem_in_the_language(here, lang, said):
    _edited(here)
    code, text = _run("--lang", lang, "tally")
    assert code == 1 and said in text and _english(text) == [], text
    code, english = _run("tally")
    assert english == ("Error: match.yaml:43: hand 1: totals say Ann 7, Ben 0, but the hands add up to Ann 0, Ben 18 "
                       "('gin-ref verify' lists every problem)\n")

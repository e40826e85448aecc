"""The session's parts in process: reading a typed line (``typed``), the status line (``status``), what
another writer changed (``views.changes``), completion, the lock held across an entry, and ``Session``."""

import fcntl

import pytest
from click.testing import CliRunner
from prompt_toolkit.document import Document

from gin_ref.cli import main
from gin_ref.cli.completion import SessionCompleter
from gin_ref.cli.session import QUIT, Session
from gin_ref.cli.status import prompt_text, standing, typed_status
from gin_ref.cli.typed import split_words, typed_words
from gin_ref.core.cards import Card, parse_cards
from gin_ref.core.errors import GinRefError, RecordError
from gin_ref.files import store
from gin_ref.files import matchfile as record
from gin_ref.desk.reading import seen_of
from gin_ref.views.changes import Seen, describe_changes
from hands import DEFENDER, KNOCKER


def _error(call):
    try:
        call()
    except GinRefError as exc:
        return str(exc)
    raise AssertionError("no error")


def lookup(name):
    return main.get_command(None, name)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def gin(*lines):
    for line in lines:
        words = [word for word, *_ in split_words(line)]
        result = CliRunner().invoke(main, [words[0], "--match", "m.yaml", *words[1:]])
        assert result.exit_code in (0, 1), result.output + result.stderr


def match_now():
    return record.load("m.yaml").match


# -- the words of a line ---------------------------------------------------------------------------------

def test_split_words_reads_quotes_like_a_shell_and_keeps_an_open_quote():
    assert split_words('knock ben "A-3S 4HDC" --defender 40') == [
        ("knock", 0, 5, True), ("ben", 6, 9, True), ("A-3S 4HDC", 10, 21, True), ("--defender", 22, 32, True),
        ("40", 33, 35, True)]
    assert split_words("knock 'it''s' a\\ b \"x\\\"y\"") == [("knock", 0, 5, True), ("its", 6, 13, True),
                                                           ("a b", 14, 18, True), ('x"y', 19, 25, True)]
    assert split_words('knock ben "AS 2S') == [("knock", 0, 5, True), ("ben", 6, 9, True), ("AS 2S", 10, 16, False)]
    assert split_words("   ") == []


def roles(line):
    return [(word.text, word.role, word.name) for word in typed_words(line, lookup)]


def test_each_word_has_the_role_the_click_command_gives_it():
    assert roles("knock Ben AS 2S --defender 23 --big-gin --melds='AS 2S 3S'") == [
        ("knock", "command", "knock"), ("Ben", "argument", "player"), ("AS", "argument", "cards"),
        ("2S", "argument", "cards"), ("--defender", "option", "--defender"), ("23", "value", "--defender"),
        ("--big-gin", "option", "--big-gin"), ("AS 2S 3S", "value", "--melds")]
    assert roles("amend 3 Ben 5 --defender 30") == [
        ("amend", "command", "amend"), ("3", "argument", "hand"), ("Ben", "argument", "player"),
        ("5", "argument", "cards"), ("--defender", "option", "--defender"), ("30", "value", "--defender")]
    assert roles("rules show classic") == [("rules", "command", "rules"), ("show", "subcommand", "show"),
                                           ("classic", "argument", "spec")]
    assert roles("bogus a -b") == [("bogus", "command", "bogus"), ("a", "extra", ""), ("-b", "extra", "")]


# -- the status line ---------------------------------------------------------------------------------------

def test_standing_and_prompt_follow_the_match(folder):
    assert standing(None) == "no match in the file yet: start one with new PLAYER PLAYER"
    assert prompt_text(None) == "new> "
    gin("new --date 2025-03-01 --dealer Ann Ann Ben")
    assert (standing(match_now()), prompt_text(match_now())) == (
        "totals: Ann 0, Ben 0  |  next: Ann deals hand 1 (named at the start)", "deal 1> ")
    gin("deal --upcard 9H")
    assert (standing(match_now()), prompt_text(match_now())) == (
        "totals: Ann 0, Ben 0  |  hand 1 is open: Ann dealt, upcard 9♥, knock limit 9", "hand 1> ")


@pytest.mark.parametrize("line, status", [
    (f"knock Ben {KNOCKER[5]}", "Ben: 10 cards, legal: deadwood 5 within limit 9, 4 to spare (upcard 9♥)"),
    (f"knock ben {KNOCKER[5]} KS", "Ben: 11 cards, best discard K♠, legal: deadwood 5 within limit 9, 4 to spare "
                                   "(upcard 9♥)"),
    (f"knock Ben {KNOCKER[5]} KS --discard 5d", "Ben: 11 cards, discard 5♦, not legal: deadwood 10 exceeds limit "
                                                "9 (upcard 9♥)"),
    (f"knock Ben '{KNOCKER[10]}'", "Ben: 10 cards, not legal: deadwood 10 exceeds limit 9 (upcard 9♥)"),
    (f"knock Ben {KNOCKER[0]}", "Ben: 10 cards, gin: no deadwood (limit 9, upcard 9♥)"),
    ("knock Ben AS 2S 3S 4", "Ben: 3 cards, deadwood 0 so far (10 to knock, or 11 before the discard)"),
    ("knock Ben AS 2S XX 4S", "Ben: " + _error(lambda: Card.parse("XX"))),  # the core's own words
    ('knock Ben "A-3S 4HDC 7-9C 5D"', "Ben: 10 cards, legal: deadwood 5 within limit 9, 4 to spare (upcard 9♥)"),
    ("knock Ben A-3S 4HDC 7-9C 5D KS", "Ben: 11 cards, best discard K♠, legal: deadwood 5 within limit 9, 4 to "
                                       "spare (upcard 9♥)"),
    ("knock Ben Q-3S 4HDC ", "Ben: " + _error(lambda: parse_cards("Q-3S"))),
    ("knock Ben 5", "Ben: a count of 5: legal, within limit 9"),
    ("knock Ben 0", "Ben: a count of 0: gin"),
    ("knock Ben 12", "Ben: a count of 12: not legal, over limit 9"),
    ("knock Ben 99", "Ben: a count is at most 98 (the most ten cards can count)"),
    ("knock Ben 5 --defender 23", "defender's count 23 (after layoffs)"),
    (f"knock Ben 5 --defender '{DEFENDER[(5, 23)]}'", "defender: 10 cards, deadwood 23 before layoffs"),
    ("knock Ben AS 2S --defender '7H AS", "defender: A♠ is in both hands"),
    ("deal --upcard ah", "knock limit 1 (upcard A♥)"),
    ("knock Ben 5 --upcard 3c", "knock limit 3 (upcard 3♣)"),
    (f"check {KNOCKER[5]}", "knocker: 10 cards, deadwood 5 (the limit needs --upcard)"),
    (f"check --rules classic {KNOCKER[5]}", "knocker: 10 cards, legal: deadwood 5 within limit 10, 5 to spare "
                                            "(house rules)"),
    ("tally", None),
    ("", None),
])
def test_the_cards_being_typed_are_judged(folder, line, status):
    gin("new --date 2025-03-01 --dealer Ann Ann Ben", "deal --upcard 9H")
    assert typed_status(line, len(line), match_now(), lookup) == status


@pytest.mark.parametrize("line, status", [
    # no hand open under oklahoma rules: no limit yet, but the discard named is the one the command takes
    (f"knock Ben {KNOCKER[5]} KS --discard 5d", "Ben: 11 cards, discard 5♦, deadwood 10 (the limit needs --upcard)"),
    (f"knock Ben {KNOCKER[5]} KS --discard ks", "Ben: 11 cards, discard K♠, deadwood 5 (the limit needs --upcard)"),
    (f"knock Ben {KNOCKER[5]} KS --discard 6d", "Ben: discard 6♦ is not in the knocker's hand"),
    (f"knock Ben {KNOCKER[5]} KS", "Ben: 11 cards, best discard K♠, deadwood 5 (the limit needs --upcard)"),
    # big gin where the rules have none: the command's own refusal, not "gin"
    ("knock --upcard 9h Ben 0 --big-gin", "Ben: the oklahoma rules have no big gin (big_gin_bonus: null)"),
    ("knock Ben 0 --big-gin --defender 30", "Ben: the oklahoma rules have no big gin (big_gin_bonus: null)"),
    ("knock --upcard 9h Ben 0", "Ben: a count of 0: gin"),
])
def test_the_status_line_agrees_with_the_command_when_no_hand_is_open(folder, line, status):
    gin("new --date 2025-03-01 --dealer Ann Ann Ben")
    assert typed_status(line, line.rindex(" 0") + 2 if "--big-gin" in line else len(line), match_now(),
                        lookup) == status


@pytest.mark.parametrize("line, status", [
    ("knock Ben 0 --big-gin", "Ben: a count of 0: big gin"),
    ("knock Ben 0", "Ben: a count of 0: gin"),
    ("knock Ben 4 --big-gin", "Ben: --big-gin goes with the knocker's count 0 (with cards, 11 cards melded show it "
                              "themselves)"),
])
def test_big_gin_by_count_where_the_rules_have_it(folder, line, status):
    gin("new --date 2025-03-01 --dealer Ann --rules tournament Ann Ben")
    assert typed_status(line, len(line), match_now(), lookup) == status


@pytest.mark.parametrize("line, status", [
    ('knock Ben 5 --defender "5', "defender: '\"5': an unterminated quote (\"): put the quotes around the whole "
                                 'group of cards ("KH QD ..."), and none around a count'),
    ("knock Ben '0", "Ben: \"'0\": an unterminated quote ('): put the quotes around the whole group of cards "
                     '("KH QD ..."), and none around a count'),
    ('knock Ben 5 --defender "5"', "defender's count 5 (after layoffs)"),  # closed: the shell's own quotes
    ('knock Ben 5 --defender "AS 2S', "defender: 2 cards, deadwood 3 so far"),  # cards are judged as typed
])
def test_a_count_in_an_open_quote_is_no_count(folder, line, status):
    gin("new --date 2025-03-01 --dealer Ann Ann Ben", "deal --upcard 9H")
    assert typed_status(line, len(line), match_now(), lookup) == status


def test_an_entry_with_an_open_quote_is_refused_naming_it(folder, capsys):
    gin("new --date 2025-03-01 --dealer Ann Ann Ben", "deal --upcard 9H")
    session = Session("m.yaml", main)
    assert session.entry('knock Ben 5 --defender "5') == 2
    assert session.entry("knock Ben 5 --defender '5") == 2
    assert capsys.readouterr().err == (
        "Error: '\"5': an unterminated quote (\"): close it and enter the line again\n"
        "Error: \"'5\": an unterminated quote ('): close it and enter the line again\n")
    assert match_now().state.open == 0  # nothing settled


def test_the_group_under_the_cursor_is_the_one_judged(folder):
    gin("new --date 2025-03-01 --dealer Ann Ann Ben", "deal --upcard 9H")
    line = f"knock Ben {KNOCKER[5]} --defender '{DEFENDER[(5, 23)]}'"
    assert typed_status(line, 12, match_now(), lookup).startswith("Ben: 10 cards, legal")
    assert typed_status(line, len(line), match_now(), lookup).startswith("defender: 10 cards")
    assert typed_status(line, line.index("--defender") + 3, match_now(), lookup).startswith("Ben: 10 cards")


def test_an_amend_is_judged_against_the_hand_it_names(folder):
    gin("new --date 2025-03-01 --dealer Ann Ann Ben", "deal --upcard 9H",
        f"knock Ben {KNOCKER[5]} --defender '{DEFENDER[(5, 23)]}'", "deal --upcard 2C")
    assert typed_status("amend 1 Ben 8", 13, match_now(), lookup) == "Ben: a count of 8: legal, within limit 9"
    assert typed_status("knock Ben 8", 11, match_now(), lookup) == "Ben: a count of 8: not legal, over limit 2"


# -- what another writer changed ---------------------------------------------------------------------------

def test_changes_are_told_hand_by_hand(folder):
    gin("new --date 2025-03-01 --dealer Ann Ann Ben")
    versions = [seen_of(record.record_data(record.load("m.yaml")))]
    for line in ("deal --upcard 9H", f"knock Ben {KNOCKER[5]} --defender '{DEFENDER[(5, 23)]}'", "undo",
                 "pass Ben", "undo", "undo"):
        gin(line)
        versions.append(seen_of(record.record_data(record.load("m.yaml"))))
    words = [describe_changes(a, b) for a, b in zip(versions, versions[1:])]
    assert words == [["hand 1 dealt (upcard 9♥)"], ["hand 1 settled: Ben's knock, 18 points to Ben"],
                     ["hand 1 opened again (its result, Ben's knock, 18 points to Ben, taken back)"],
                     ["hand 1: 1 turn recorded"], ["hand 1: 1 turn taken back"], ["hand 1 taken back"]]
    assert describe_changes(versions[0], versions[2]) == [
        "hand 1 dealt (upcard 9♥) and settled: Ben's knock, 18 points to Ben"]
    assert describe_changes(versions[1], versions[1]) == []
    assert describe_changes(versions[1], None) == ["the match file was removed"]
    assert describe_changes(None, versions[0]) == ["a match was started in the file: Ann v Ben"]
    other = seen_of(dict(record.record_data(record.load("m.yaml")), players=["Cid", "Dee"]))
    assert describe_changes(versions[0], other) == ["another match was started in the file: Cid v Dee"]
    assert describe_changes(versions[0], Seen("m.yaml:3: bad")) == ["the file no longer reads (m.yaml:3: bad)"]


# -- completion --------------------------------------------------------------------------------------------

def completions(session, text):
    """The words offered (a whole word is offered with the space after it; a card in a list without)."""
    return [c.text.rstrip(" ") for c in SessionCompleter(session, presets=["classic", "oklahoma"]).get_completions(
        Document(text), None)]


def test_a_completed_word_brings_its_space_and_tens_complete_from_1(folder):
    gin("new --date 2025-03-01 --dealer Ann Ann Ben", "deal --upcard 9H")
    session = Session("m.yaml", main)
    completer = SessionCompleter(session, presets=["classic"])
    assert [c.text for c in completer.get_completions(Document("deal --up"), None)] == ["--upcard "]
    assert [c.text for c in completer.get_completions(Document("knock B"), None)] == ["Ben "]
    assert [c.text for c in completer.get_completions(Document("knock Ann 10H 1"), None)] == ["10S", "10D", "10C"]


def test_completion_of_commands_options_players_cards_presets_and_hands(folder):
    gin("new --date 2025-03-01 --dealer Ann Ann Ben", "deal --upcard 9H",
        f"knock Ben {KNOCKER[5]} --defender '{DEFENDER[(5, 23)]}'")
    session = Session("m.yaml", main)
    assert completions(session, "de") == ["deal", "dead"]
    assert completions(session, "qu") == ["quit"]
    assert "play" not in completions(session, "")
    assert completions(session, "help kn") == ["knock"]
    assert completions(session, "knock ") == ["Ann", "Ben"]
    assert completions(session, "knock b") == ["Ben"]
    assert completions(session, "knock Ben --d") == ["--defender", "--discard"]
    assert "--match" not in completions(session, "knock Ben --")
    assert "--defender" not in completions(session, "knock Ben 5 --defender 23 --")
    assert completions(session, "knock Ben AS 2S A") == ["AH", "AD", "AC"]
    assert completions(session, "knock Ben 'AS 2S A") == ["AH", "AD", "AC"]
    assert completions(session, "knock Ben A-3S 4HDC 4") == ["4S"]
    assert completions(session, "knock Ben AS --defender 'AH 10") == ["10S", "10H", "10D", "10C"]
    assert completions(session, "deal --upcard 9") == ["9S", "9H", "9D", "9C"]
    assert completions(session, "new --rules cl") == ["classic"]
    assert completions(session, "amend ") == ["1"]
    assert completions(session, "export --format c") == ["csv"]
    assert completions(session, "bogus --x") == []


# -- the store's lock inside an entry ---------------------------------------------------------------------

def test_a_session_entry_waits_for_another_writer_then_writes(folder):
    """An entry's command waits up to 2 s (LOCK_WAIT) for another writer's lock, as one lock taken by the
    command itself: there is no hold across the entry any more."""
    import threading

    gin("new --date 2025-03-01 --dealer Ann Ann Ben")
    session = Session("m.yaml", main)
    with store.locked("m.yaml"):
        with pytest.raises(RecordError, match="being written by another gin-ref"):
            with store.locked("m.yaml"):  # a nested lock in one process is a second writer
                pass
    other = open(".m.yaml.lock", "a+b")
    fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    threading.Timer(0.3, other.close).start()
    assert session.entry("deal --upcard 9H") == 0
    assert match_now().open_setup.upcard.code == "9H"


# -- the session ---------------------------------------------------------------------------------------------

def test_session_entries_and_another_writer(folder, capsys):
    gin("new --date 2025-03-01 --dealer Ann Ann Ben")
    session = Session("m.yaml", main)
    assert session.entry("gin-ref deal --upcard 9h") == 0  # 'gin-ref' typed from habit is the same command
    assert session.state().open_setup.upcard.code == "9H"
    assert session.entry("  # a comment") == 0 and session.entry("") == 0
    assert session.entry("quit") is QUIT and session.entry("exit") is QUIT
    gin("pass Ben")  # another writer
    assert session.entry("pass Ann") == 1  # not run on a hand its user has not seen
    assert session.entry("tally --json") == 0  # reads run; the change was told already
    assert session.entry("pass Ann") == 0
    out, err = capsys.readouterr()
    assert err == ("Error: the match file changed since your last entry (another writer): hand 1: 1 turn recorded. "
                   "Not run: enter it again if it still stands\n")
    gin("undo")
    assert session.entry("tally") == 0
    out, err = capsys.readouterr()
    assert err == "note: the match file changed since your last entry (another writer): hand 1: 1 turn taken back\n"
    assert session.worst == 1
    (folder / "m.yaml").write_text("format: [oops\n", encoding="utf-8")
    assert session.entry("tally") == 1
    assert session.state() is None
    assert standing(session.state(), session.problem).startswith("the match file does not read: m.yaml:")

"""The session on a terminal (gin_ref.cli.terminal), in this process: prompt_toolkit reads the keys from a
pipe and draws on a dummy output, so the prompt, its status toolbar, the questions of a new match and the
y/N questions run as on a terminal (the real-terminal tests, through pexpect, are in test_play_terminal.py:
plain coverage does not see a child process)."""

import contextlib
from types import SimpleNamespace

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from gin_ref.cli import knock_args, main, terminal
from gin_ref.cli.session import Session
from gin_ref.files import matchfile

CTRL_C, CTRL_D = "\x03", "\x04"


@contextlib.contextmanager
def keys(text):
    """A terminal whose user types ``text`` (then nothing: a prompt still waiting would hang, so every
    test ends its keys with Ctrl-D)."""
    with create_pipe_input() as typed:
        typed.send_text(text)
        with create_app_session(input=typed, output=DummyOutput()):
            yield


@pytest.fixture
def quiet_history(tmp_path, monkeypatch):
    monkeypatch.setenv(terminal.HISTORY_ENV, str(tmp_path / "history"))
    monkeypatch.setitem(knock_args.CONFIRM, "ask", knock_args.CONFIRM.get("ask"))  # the session sets its own
    return tmp_path / "history"


def test_a_hand_typed_at_the_prompt_is_recorded_and_ctrl_d_leaves(here, gin, quiet_history, capsys):
    assert gin("new", "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben").code == 0
    session = Session(str(here / "match.yaml"), main)
    with keys(f"deal --upcard 9h\rkno{CTRL_C}knock ben 5 --defender 23\r{CTRL_D}"):
        assert terminal.run_terminal(session) == 0
    out = capsys.readouterr().out
    assert out.startswith(terminal.GREETING + "\n")
    assert "hand 1: Ben knocks against Ann" in out
    record = matchfile.load(here / "match.yaml")
    assert record.match.state.totals == {"Ann": 0, "Ben": 18}
    assert quiet_history.read_text().count("+knock ben 5 --defender 23") == 1  # kept for the next session


def test_the_toolbar_shows_the_standing_and_what_the_cards_typed_are_worth(here, gin, quiet_history):
    assert gin("new", "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben").code == 0
    session = Session(str(here / "match.yaml"), main)
    typed = "check 5h 6h 7h 8s 8d 8c js qs ks 2c"
    prompt = SimpleNamespace(default_buffer=SimpleNamespace(text=typed, cursor_position=len(typed)),
                             app=None)  # (no window size: 80 columns)
    shown = terminal._toolbar(prompt, session)
    assert shown.splitlines()[0] == "totals: Ann 0, Ben 0  |  next: Ann deals hand 1 (named at the start)"
    assert "deadwood 2" in shown
    assert terminal._fold("x " * 60, 40)[1].startswith("  ")  # a long status line folds at the width


def test_a_missing_match_asks_for_the_rules_and_the_players_again_after_a_bad_answer(here, quiet_history, capsys):
    session = Session(str(here / "match.yaml"), main)
    with keys("no-such-rules\roklahoma\rAnn\rAnn Ben\rBen\r"):
        assert terminal.ask_new_match(session) is True
    err = capsys.readouterr().err
    assert err.count("Error: ") == 2  # the rules that are none, then one player only: each asked again
    match = matchfile.load(here / "match.yaml").match
    assert match.players == ["Ann", "Ben"] and match.rules.name == "oklahoma" and match.state.dealer == "Ben"
    with keys(CTRL_D):
        assert terminal.ask_new_match(Session(str(here / "other.yaml"), main)) is False  # Ctrl-D leaves


@pytest.mark.parametrize("typed, answer", [("y\r", True), ("yes\r", True), ("\r", False), (CTRL_C, False),
                                           (CTRL_D, False), ("n\r", False)])
def test_the_y_n_questions_say_yes_only_to_y_or_yes(typed, answer):
    with keys(typed):
        assert terminal.ask_yes("replace it? ") is answer
    with keys(typed):
        assert terminal.confirm_illegal("Ann knocked with 14 over the limit 10: did it happen?") is answer


@pytest.mark.parametrize("lang, typed, answer", [
    ("sk", "áno\r", True), ("sk", "ano\r", True), ("sk", "ÁNO\r", True), ("sk", "a\r", True), ("sk", "A\r", True), ("sk", "nie\r", False), ("sk", "\r", False),
    ("sk", "y\r", True), ("fil", "oo\r", True), ("fil", "o\r", True), ("fil", "hindi\r", False),
    ("fil", "yes\r", True), ("en", "y\r", True), ("en", "n\r", False),
    ("sk", "možno\rnie\r", False), ("fil", "siguro\roo\r", True), ("en", "maybe\ryes\r", True)])
def test_the_y_n_questions_take_the_languages_yes_and_ask_again_at_anything_else(lang, typed, answer, capsys):
    from gin_ref.desk import language

    token = language.speak(lang)
    try:
        with keys(typed):
            assert terminal.confirm_illegal("did it happen?") is answer
        with keys(typed):
            assert terminal.ask_yes("replace it? ") is answer
    finally:
        language.hush(token)
    out = capsys.readouterr().out
    assert out.count("\n") == (2 if "\r" in typed[:-1] else 0), out  # asked again once per question


@pytest.mark.parametrize("lang, letters", [("sk", "[a/N]"), ("fil", "[o/H]"), ("en", "[y/N]")])
def test_the_y_n_questions_show_the_languages_letters(lang, letters, monkeypatch):
    from gin_ref.desk import language

    asked = []

    class Asked:
        def __class_getitem__(cls, item):
            return cls

        def prompt(self, question):
            asked.append(question)
            return ""

    monkeypatch.setattr(terminal, "PromptSession", Asked)
    token = language.speak(lang)
    try:
        assert terminal.confirm_illegal("did it happen?") is False
        assert terminal.ask_yes("replace the match?") is False  # new --force's question (it showed [y/N] in all)
    finally:
        language.hush(token)
    assert asked == [f"did it happen? {letters} ", f"replace the match? {letters} "]

"""``gin-ref play`` on a real pseudo-terminal (pexpect), through the installed command: completion, the live
status line, Ctrl-C, Ctrl-D, the history between sessions, the questions on a missing file, and a session
killed mid-evening that lost nothing. What the screen shows is read through ``vt.Screen``."""

import signal

from click.testing import CliRunner

from gin_ref.cli import main
from hands import DEFENDER, KNOCKER
from terminal import Terminal, new_match, new_match_lines


def test_completion_status_line_ctrl_c_and_ctrl_d(tmp_path):
    new_match(tmp_path, "deal --upcard 9H")
    term = Terminal(tmp_path)
    term.wait("totals: Ann 0, Ben 0  |  hand 1 is open: Ann dealt, upcard 9♥, knock limit 9")
    term.wait("hand 1>")
    term.type("kn", "hand 1> kn")
    term.type("\t", "hand 1> knock")  # a command, with the space after it (the screen drops it)
    term.type("b", "hand 1> knock b")
    term.type("\t", "hand 1> knock Ben")  # a player, without case, and its space
    term.type("--de", "hand 1> knock Ben --de")
    term.type("\t", "knock Ben --defender")  # an option
    term.type("\x15", "hand 1>")  # Ctrl-U: the line is empty again
    term.type("knock Ben " + KNOCKER[5][:-3])
    term.wait("Ben: 9 cards, deadwood 0 so far (10 to knock, or 11 before the discard)")
    term.type(" A", "9C A")
    term.type("\t", "AH A♥")  # the aces not typed yet
    assert "AD A♦" in term.screen.text() and "AC A♣" in term.screen.text() and "AS A♠" not in term.screen.text()
    term.type("\x7f\x7f", "9C")  # back over the ace offered and the A
    term.type(" 5", "9C 5")
    term.type("D KS", "5D KS")
    term.wait("Ben: 11 cards, best discard K♠, legal: deadwood 5 within limit 9, 4 to spare (upcard 9♥)")
    term.type(" --defender '" + DEFENDER[(5, 23)][:11])
    term.wait("defender: 4 cards, deadwood 20 so far")
    term.child.sendcontrol("c")  # Ctrl-C clears the line: nothing was entered
    assert term.gone("defender: 4 cards")
    term.type("tally\r", "    1  Ann     9♥          9           (open)")
    term.prompts("hand 1>", 3)
    term.child.sendcontrol("d")
    assert term.end() == 0
    assert "result:" not in (tmp_path / "m.yaml").read_text(encoding="utf-8")


def test_history_is_kept_between_sessions(tmp_path):
    new_match(tmp_path)
    term = Terminal(tmp_path)
    term.wait("deal 1>")
    term.type("deal --upcard 7d\r", "hand 1: Ann deals, upcard 7♦")
    term.prompts("hand 1>", 1)
    term.type("quit\r", "quit")
    assert term.end() == 0
    again = Terminal(tmp_path)
    again.wait("hand 1>")
    again.type("\x1b[A", "hand 1> quit")
    again.type("\x1b[A", "hand 1> deal --upcard 7d")
    again.child.sendcontrol("c")  # the line recalled is left as it was; a fresh prompt
    again.prompts("hand 1>", 2)
    again.child.sendcontrol("d")
    assert again.end() == 0
    assert "deal --upcard 7d" in (tmp_path / "history").read_text(encoding="utf-8")


def test_a_session_killed_mid_evening_lost_nothing(tmp_path):
    new_match(tmp_path)
    term = Terminal(tmp_path)
    term.wait("deal 1>")
    term.type("deal --upcard 9h\r", "hand 1>")
    term.type(f"knock Ben {KNOCKER[5]} --defender '{DEFENDER[(5, 23)]}'\r", "deal 2>")
    term.type("deal --upcard 3c\r", "hand 2>")
    term.type("pass Ann\r", "next: Ben to ")
    term.prompts("hand 2>", 2)
    term.type("knock Ben 12")  # typed, never entered
    term.child.kill(signal.SIGKILL)
    term.child.close(force=True)
    result = CliRunner().invoke(main, ["tally", "--json", "--match", str(tmp_path / "m.yaml")])
    assert '"open_hand": 2' in result.stdout and '"totals": {"Ann": 0, "Ben": 18}' in result.stdout
    assert '"turn": {"player": "Ben"' in result.stdout
    assert CliRunner().invoke(main, ["verify", str(tmp_path / "m.yaml")]).exit_code == 0


def test_a_missing_file_asks_for_the_rules_and_the_players(tmp_path):
    term = Terminal(tmp_path)
    term.wait("rules [oklahoma]:")
    term.type("cla", "rules [oklahoma]: cla")
    term.type("\t", "rules [oklahoma]: classic")
    term.type("\r", "players:")
    term.type("Ann Ben\r", "first dealer [drawn at random]:")
    term.type("Ben\r", "new match in m.yaml: Ann v Ben, classic rules")
    term.wait("deal 1>")
    term.child.sendcontrol("d")
    assert term.end() == 0
    text = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    assert "name: classic" in text and "dealer: Ben" in text


def test_another_writer_shows_on_the_status_line_at_once(tmp_path):
    new_match(tmp_path, "deal --upcard 9H")
    term = Terminal(tmp_path)
    term.wait("hand 1>")
    new_match_lines(tmp_path, "pass Ben")  # another gin-ref, while the prompt waits
    term.wait("another writer: hand 1: 1 turn recorded (the next entry that writes is not run)")
    term.type("pass Ann\r", "Error: the match file changed since your last entry (another writer): hand 1: 1 turn")
    term.prompts("hand 1>", 2)
    assert term.gone("another writer: hand 1")
    term.child.sendcontrol("d")
    assert term.end() == 0


def test_a_bad_answer_on_a_new_file_asks_that_question_again(tmp_path):
    """A bad answer restarted from 'rules [oklahoma]:', so the answer typed again went into the wrong question."""
    term = Terminal(tmp_path)
    term.wait("rules [oklahoma]:")
    term.type("nosuch\r", "Error: ")  # the rules are checked as soon as they are given
    term.wait("rules [oklahoma]: nosuch")
    term.type("classic\r", "players:")
    term.type("Ann\r", "Error: the classic rules need 2 players, not 1")
    term.type("Ann Ben\r", "first dealer [drawn at random]:")
    term.type("Zed\r", "Error: ")
    term.type("Ben\r", "new match in m.yaml: Ann v Ben, classic rules")
    term.wait("deal 1>")
    term.child.sendcontrol("d")
    assert term.end() == 0
    text = (tmp_path / "m.yaml").read_text(encoding="utf-8")
    assert "name: classic" in text and "dealer: Ben" in text
    screen = term.screen.text()
    assert screen.count("\nrules [oklahoma]:") == 2 and screen.count("\nplayers:") == 2, screen


def test_another_writers_change_refreshes_the_prompt_and_the_status_line(tmp_path):
    """After session A's undo, session B said so but kept its old prompt and status line."""
    new_match(tmp_path, "deal --upcard 9H")
    term = Terminal(tmp_path)
    term.wait("hand 1 is open: Ann dealt, upcard 9♥")
    term.wait("hand 1>")
    new_match_lines(tmp_path, "undo")  # another writer takes the deal back while the prompt waits
    term.wait("another writer: ")
    term.prompts("deal 1>", 1)
    def toolbar(screen):  # the status line at the foot of the screen, drawn again after the prompt
        foot = "\n".join(screen.lines()[-3:])
        return "hand 1 is open" not in foot and "totals: Ann 0, Ben 0" in foot
    term.until(toolbar, "the status line still shows the undone deal")
    term.type("deal --upcard 9H\r", "Error: the match file changed since your last entry")  # still not run
    term.prompts("deal 1>", 2)
    term.child.sendcontrol("d")
    assert term.end() == 0

"""``gin-ref play`` without a terminal (in process; another writer and two sessions through the installed
command, each a process of its own): a piped session makes exactly the
record (and prints exactly the answers) the same commands make one by one; its exit code is the worst of
its commands'; a second writer's change is reported, never overwritten; two sessions share one file."""

import os
import re
import shlex
import shutil
import subprocess
import sys

from click.testing import CliRunner

from gin_ref.cli import main

from hands import DEFENDER, KNOCKER
from runs import invoke as run

GIN_REF = shutil.which("gin-ref")
TIMEOUT = 60


def command():
    return [GIN_REF] if GIN_REF else [sys.executable, "-m", "gin_ref"]


def env():
    values = dict(os.environ)
    values.pop("GIN_REF_MATCH", None)
    if not GIN_REF:
        values["PYTHONPATH"] = os.pathsep.join(sys.path)
    return values


def play(folder, lines, *args):
    """Run a piped session on m.yaml in ``folder`` (in process): (exit code, stdout, stderr)."""
    text = "".join(line + "\n" for line in lines)
    result = run("play", "--match", "m.yaml", *args, input=text, cwd=folder, env={"GIN_REF_MATCH": None})
    return result.code, result.out, result.err


def one_by_one(folder, lines):
    """The same lines as separate commands (in process: the same click group the command runs)."""
    codes, out, err = [], [], []
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        for line in lines:
            args = shlex.split(line)
            result = CliRunner().invoke(main, [args[0], "--match", "m.yaml", *args[1:]], prog_name="gin-ref")
            codes.append(result.exit_code)
            out.append(result.stdout)
            err.append(result.stderr)
    finally:
        os.chdir(cwd)
    return codes, "".join(out), "".join(err)


def record_text(path):
    """The file's text with the times of corrections taken out (they differ by the second), and the seals
    that cover them: the corrections' and the end line's."""
    text = re.sub(r"(?m)^(  date: ).*$", r"\1<time>", path.read_text(encoding="utf-8"))
    head, mark, tail = text.partition("\ncorrections:")
    return head + mark + re.sub(r"seal: '?[0-9a-f]{16}'?", "seal: <seal>", tail)


EVENING = [
    "new --date 2025-03-01 --dealer Ann Ann Ben",
    "deal --upcard 9H",
    f"knock Ben {KNOCKER[10]} --defender '{DEFENDER[(10, 0)]}'",  # deadwood 10 over the limit 9: refused, kept
    f'knock Ben {KNOCKER[5]} --defender "{DEFENDER[(5, 23)]}"',
    "tally",
    "deal --upcard KS --dealer Ann",  # Ben deals (he won): refused, kept as an irregularity
    "deal --upcard KS",
    "pass Ann",
    "pass Ben",
    "draw Ann",
    "discard Ann 2C",
    "undo",  # the discard
    "undo",  # the draw
    "undo",
    "undo",  # both passes: no turn is left
    "dead",
    "knock Zed 5",  # no --defender: a bad command line
    "verify",
]


def test_piped_session_makes_the_record_the_commands_make(tmp_path):
    alone, piped = tmp_path / "alone", tmp_path / "piped"
    alone.mkdir()
    piped.mkdir()
    codes, out, err = one_by_one(alone, EVENING)
    assert codes == [0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]
    code, session_out, session_err = play(piped, EVENING)
    assert record_text(piped / "m.yaml") == record_text(alone / "m.yaml")
    assert (code, session_out, session_err) == (2, out, err)
    assert "hand 1: Ben knocks against Ann" in out and "m.yaml: ok, 2 hands" in out


QUICK_ENTRY = [  # issue 11 in the session: counts, one command per hand, amend, undo and redo
    "new --date 2025-03-01 --dealer Ann Ann Ben",
    "knock --upcard 9H Ben 5 --defender 23",
    "dead --upcard 2c",
    'knock --upcard KS Ann "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D" --defender 40',
    "amend 1 Ben 3 --defender 35",
    "undo",
    "redo",
    "amend 2 --dead",  # it was dead already: refused
    "knock --upcard 3C Ann 4 --defender 30",  # over the limit 3: the deal is kept, the knock refused
    "knock Ann 0 --defender 30",
    'knock --upcard 7D Ben "A-3S 4HDC 7-9C 5D" --defender 40',  # the shorthand
    "tally --json",
]


def test_quick_entry_in_a_session_makes_the_record_of_the_commands(tmp_path):
    alone, piped = tmp_path / "alone", tmp_path / "piped"
    alone.mkdir()
    piped.mkdir()
    codes, out, err = one_by_one(alone, QUICK_ENTRY)
    assert codes == [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0]
    assert play(piped, QUICK_ENTRY) == (1, out, err)
    assert record_text(piped / "m.yaml") == record_text(alone / "m.yaml")
    assert "put back hand 1: the amend (Ben's knock, 32 points to Ben)" in out


def test_three_players_and_hollywood_in_a_session(tmp_path):
    three = ["new --date 2025-03-01 --rules three-player --box Ann --captain Ben Ann Ben Cid", "deal --upcard 9H",
             "knock Ben 5 --defender 23", "tally"]
    code, out, err = play(tmp_path, three)
    assert (code, err) == (0, "")
    assert "next: hand 2, Ben in the box (deals), Cid captain, Ann sits out (Ben beat the box" in out
    (tmp_path / "m.yaml").unlink()
    code, out, err = play(tmp_path, ["new --date 2025-03-01 --rules hollywood --dealer Ann Ann Ben",
                                     "knock --upcard 9H Ben 5 --defender 23", "tally"])
    assert (code, err) == (0, "")
    assert "\ngame  Ann  Ben  won by\n" in out and "next: Ann deals hand 2 (the loser of hand 1 deals)" in out


def test_exit_code_is_the_worst_and_zero_when_all_succeed(tmp_path):
    start = ["new --date 2025-03-01 --dealer Ann Ann Ben", "deal --upcard 9H"]
    assert play(tmp_path, start + ["tally", "quit", "deal --upcard 2C"])[0] == 0
    assert len(record_text(tmp_path / "m.yaml").split("- number:")) == 2  # nothing after quit ran
    code, out, err = play(tmp_path, ["knock Ben XX --defender 23", "tally", "knock Ben 5 6 7 --defender 23"])
    assert code == 2 and err.startswith("Error: unknown card 'XX'")
    assert play(tmp_path, ["knock Ben AS", "tally"])[0] == 2
    assert play(tmp_path, ["dead"])[0] == 0


def test_blank_lines_comments_help_and_bad_lines(tmp_path):
    code, out, err = play(tmp_path, ["", "# the evening starts", "help", "help quit", "new --date 2025-03-01 Ann Ben",
                                     'knock Ben "AS 2S', "play", "tally --match other.yaml", "check --input -"])
    assert code == 2
    assert out.startswith("Type the commands of gin-ref without 'gin-ref'")
    assert "\nknock           Settle the open hand" in out and "\nquit            leave the session" in out
    assert "\nplay " not in out
    assert err.splitlines() == [
        "Error: '\"AS 2S': an unterminated quote (\"): close it and enter the line again",
        "Error: this is the session already: type its commands (help lists them)",
        "Error: the session records in m.yaml: --match is given for you (start another session for another file)",
        "Error: --input - would read the session's own input: give a file"]
    assert play(tmp_path, ["help knock"])[1].startswith("Usage: gin-ref knock [OPTIONS] PLAYER")


def test_lines_that_are_not_text_or_too_long(tmp_path):
    data = b"new --date 2025-03-01 Ann Ben\n\xff\xfe\nknock " + b"A" * (1 << 20) + b" more\ntally\n"
    result = run("play", "--match", "m.yaml", input=data, cwd=tmp_path, env={"GIN_REF_MATCH": None})
    assert result.returncode == 2
    assert result.stderr.splitlines() == ["Error: a line that is not UTF-8 text: skipped",
                                          "Error: a line over 1024 KiB: skipped"]
    assert "m.yaml: Ann v Ben" in result.stdout


def test_players_and_rules_on_the_command_line_start_the_match(tmp_path):
    code, out, err = play(tmp_path, ["tally --json"], "--rules", "classic", "Ann", "Ben")
    assert (code, err) == (0, "")
    assert out.startswith("new match in m.yaml: Ann v Ben, classic rules")
    assert '"rules": "classic"' in out
    # the same players (any case, any order) go on with the match; others are refused
    assert play(tmp_path, ["tally"], "ben", "ANN")[0] == 0
    code, out, err = play(tmp_path, ["tally"], "Ann", "Cid")
    assert code == 2 and out == ""
    assert err == ("Error: m.yaml holds another match (Ann v Ben, classic rules): give no players or --rules to go "
                   "on with it, or another --match FILE\n")
    assert play(tmp_path, ["tally"], "--rules", "oklahoma")[0] == 2
    (tmp_path / "none").mkdir()
    assert play(tmp_path / "none", [], "--rules", "classic") == (2, "", "Error: --rules starts a new match: name its players too\n")


def test_missing_file_without_players_needs_new(tmp_path):
    code, out, err = play(tmp_path, ["deal --upcard 9H"])
    assert code == 1 and err.startswith("Error: no match file 'm.yaml'")
    assert not (tmp_path / "m.yaml").exists() and not (tmp_path / "m.yaml.lock").exists()


def test_another_writers_change_is_reported_and_the_entry_not_run(tmp_path):
    """A second writer between two entries: the session says what changed and does not act on it."""
    assert play(tmp_path, ["new --date 2025-03-01 --dealer Ann Ann Ben"])[0] == 0
    proc = subprocess.Popen(command() + ["play", "--match", "m.yaml"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=tmp_path, env=env(), text=True)
    proc.stdin.write(f"deal --upcard 9H\nknock Ben {KNOCKER[5]} --defender '{DEFENDER[(5, 23)]}'\n")
    proc.stdin.flush()
    _wait_for(lambda: "result: knock" in (tmp_path / "m.yaml").read_text(encoding="utf-8"))
    other = subprocess.run(command() + ["deal", "--match", "m.yaml", "--upcard", "3C"], cwd=tmp_path, env=env(),
                           capture_output=True, timeout=TIMEOUT)
    assert other.returncode == 0
    before = (tmp_path / "m.yaml").read_bytes()
    out, err = proc.communicate("dead\ntally\n", timeout=TIMEOUT)
    assert proc.returncode == 1
    assert err.splitlines() == ["Error: the match file changed since your last entry (another writer): hand 2 dealt "
                                "(upcard 3♣). Not run: enter it again if it still stands"]
    assert (tmp_path / "m.yaml").read_bytes() == before  # 'dead' was not run on the hand it had not seen
    assert "    2  Ben     3♣          3           (open)" in out


def _wait_for(condition, seconds=TIMEOUT):
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_two_sessions_on_one_file(tmp_path):
    """Two sessions at once, each told of the other's entries; every entry of both is in the file."""
    assert play(tmp_path, ["new --date 2025-03-01 --dealer Ann Ann Ben"])[0] == 0

    def start():
        return subprocess.Popen(command() + ["play", "--match", "m.yaml"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, env=env(), text=True)

    first, second = start(), start()
    second.stdin.write("tally\n")  # the second session has read the file once it answers
    second.stdin.flush()
    line = None
    while line != "":
        line = second.stdout.readline()
        if line.startswith("next:"):
            break
    assert line == "next: Ann deals hand 1 (named at the start)\n"
    first.stdin.write("deal --upcard 9H\n")
    first.stdin.flush()
    _wait_for(lambda: "upcard: 9H" in (tmp_path / "m.yaml").read_text(encoding="utf-8"))
    knock = f"knock Ben {KNOCKER[5]} --defender '{DEFENDER[(5, 23)]}'\n"
    out2, err2 = second.communicate(knock + knock, timeout=TIMEOUT)  # typed before it saw the deal, then again
    out1, err1 = first.communicate("deal --upcard KS\ntally\n", timeout=TIMEOUT)
    assert err2 == ("Error: the match file changed since your last entry (another writer): hand 1 dealt (upcard 9♥). "
                    "Not run: enter it again if it still stands\n")
    assert "hand 1: Ben knocks against Ann" in out2 and second.returncode == 1
    assert err1 == ("Error: the match file changed since your last entry (another writer): hand 1 settled: Ben's "
                    "knock, 18 points to Ben. Not run: enter it again if it still stands\n")
    assert first.returncode == 1
    assert "    1  Ann     9♥          9  Ben      knock   Ben         18    0   18" in out1
    result = subprocess.run(command() + ["verify", "m.yaml"], cwd=tmp_path, env=env(), capture_output=True,
                            text=True, timeout=TIMEOUT)
    assert result.stdout == "m.yaml: ok, 1 hand\n"

"""Issue 19: the table line in ``play``, how a line is read (commands and players by prefix, ambiguity
refused naming both readings), short commands and options everywhere, ``help``, the defender's count
positional, a count over the limit that is not an offence unless said so, and Hollywood's games."""

import json
import os
import shutil

import pytest

from gin_ref.cli import main
from gin_ref.cli.session import Session
from gin_ref.cli.status import standing
from gin_ref.files import matchfile as record

from hands import DEFENDER, KNOCKER
from runs import invoke, invoke as run


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def new(*players, rules="oklahoma"):
    result = run("new", "--match", "m.yaml", "--rules", rules, "--dealer", players[0], *players)
    assert result.exit_code == 0, result.output + result.stderr


def hands():
    """The hands as the file holds them (the writer's mappings: a hand in memory is a RecordedHand)."""
    return list(record.load("m.yaml").data["hands"])


def session_line(capsys, line):
    session = Session("m.yaml", main)
    code = session.entry(line)
    out = capsys.readouterr()
    return code, out.out, out.err


# -- the table line -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, line, echo, want", [
    ("oklahoma", "9h b 5 23", "= knock --upcard 9H Ben 5 --defender 23",
     {"upcard": "9H", "result": "knock", "knocker": "Ben", "knocker_count": 5, "defender_count": 23, "points": 18}),
    ("standard", "b 5 23", "= knock Ben 5 --defender 23",
     {"result": "knock", "knocker": "Ben", "points": 18}),
    ("oklahoma", "9h b gin 17", "= knock --upcard 9H Ben 0 --defender 17",
     {"result": "gin", "knocker": "Ben", "knocker_count": 0, "points": 42}),
    ("tournament", "9h b big 12", "= knock --upcard 9H Ben 0 --big-gin --defender 12",
     {"result": "big_gin", "knocker": "Ben", "big_gin": True}),
    ("oklahoma", "9h dead", "= dead --upcard 9H", {"upcard": "9H", "result": "dead"}),
    ("oklahoma", "dead 9h", "= dead --upcard 9H", {"upcard": "9H", "result": "dead"}),
    ("oklahoma", "9H B 5 23", "= knock --upcard 9H Ben 5 --defender 23", {"knocker": "Ben", "points": 18}),
    ("oklahoma", '7d b "A-3S 4HDC 7-9C 5D" 23', '= knock --upcard 7D Ben "A-3S 4HDC 7-9C 5D" --defender 23',
     {"knocker_cards": ["AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C", "5D"], "defender_count": 23,
      "points": 18}),
    ("oklahoma", f'kh b "{KNOCKER[5]}" "{DEFENDER[(5, 23)]}"',
     f'= knock --upcard KH Ben "{KNOCKER[5]}" --defender "{DEFENDER[(5, 23)]}"',
     {"result": "knock", "defender_cards": DEFENDER[(5, 23)].split(), "points": 18}),
    ("oklahoma", "3h b 12 23 !", "= knock --upcard 3H Ben 12 --defender 23 --illegal",
     {"result": None, "irregularities": [{"kind": "illegal_knock", "player": "Ben", "points": 0, "count": 12}]}),
    ("oklahoma", "3h b 12 23!", "= knock --upcard 3H Ben 12 --defender 23 --illegal",
     {"irregularities": [{"kind": "illegal_knock", "player": "Ben", "points": 0, "count": 12}]}),
])
def test_every_form_of_the_table_line(folder, capsys, rules, line, echo, want):
    new("Ann", "Ben", rules=rules)
    code, out, err = session_line(capsys, line)
    assert out.splitlines()[0] == echo
    assert code == (1 if "!" in line else 0), err
    hand = hands()[0]
    assert {key: hand.get(key) for key in want} == want


def test_the_answer_is_exactly_the_commands_after_the_echo(folder, capsys):
    new("Ann", "Ben")
    code, out, err = session_line(capsys, "9h b 5 23")
    shutil.copy("m.yaml", "played.yaml")
    os.remove("m.yaml")
    new("Ann", "Ben")
    shell = run("knock", "--match", "m.yaml", "--upcard", "9H", "Ben", "5", "--defender", "23")
    assert (code, err) == (0, "")
    assert out == "= knock --upcard 9H Ben 5 --defender 23\n" + shell.output


def test_a_table_line_with_a_hand_open_settles_it(folder, capsys):
    new("Ann", "Ben")
    assert run("deal", "--match", "m.yaml", "--upcard", "9H").exit_code == 0
    assert session_line(capsys, "9h a 2 20")[0] == 0
    assert session_line(capsys, "8c b 2 20")[0] == 0  # deals hand 2
    assert [(h["upcard"], h["knocker"], h["points"]) for h in hands()] == [("9H", "Ann", 18), ("8C", "Ben", 18)]
    code, out, err = session_line(capsys, "7c b 5 23")
    assert code == 0  # no hand is open: hand 3 is dealt with 7♣
    code, out, err = session_line(capsys, "9h b 5 23")
    assert code == 0 and hands()[3]["upcard"] == "9H"


@pytest.mark.parametrize("line, message", [
    ("9h b 5", "a table line is [UPCARD] PLAYER COUNT DEFENDER-COUNT (9h ben 5 23)"),
    ("9h b as 23", "the counts of a table line are whole numbers (gin for 0, big for big gin), or one quoted "
                   "group of cards a side"),
    ("9h b 5 2.5", "the defender's count '2.5': a count is a whole number from 0 to 98"),
    ("zz b 5 23", "'zz' is not an upcard: a table line is [UPCARD] PLAYER COUNT DEFENDER-COUNT"),
    ("9h cid 5 23", "'cid' is not a player (Ann, Ben)"),
    ("9h b dead", "a dead hand on a table line is 'dead' and the upcard: 9h dead"),
])
def test_a_line_that_is_no_table_line_is_refused_saying_why(folder, capsys, line, message):
    new("Ann", "Ben")
    assert session_line(capsys, line) == (2, "", f"Error: {message}\n")
    assert hands() == []


def test_pipes_take_table_lines(folder):
    new("Ann", "Ben")
    done = invoke("play", "--match", "m.yaml", input="9h b 5 23\n8c a gin 17\nkd dead\n")
    assert done.returncode == 0, done.stderr
    assert [line for line in done.stdout.splitlines() if line.startswith("= ")] == [
        "= knock --upcard 9H Ben 5 --defender 23", "= knock --upcard 8C Ann 0 --defender 17", "= dead --upcard KD"]
    assert [h["result"] for h in hands()] == ["knock", "gin", "dead"]


# -- how a line is read: players named Ann, Kate, K, Dee, Dean, Sam, Al and Alan -------------------------------

@pytest.mark.parametrize("players, line, knocker", [
    (("Ann", "Ben"), "a 5 23", "Ann"),       # 'a' prefixes amend too: 'amend 5 23' does not read
    (("Ann", "Ben"), "ANN 5 23", "Ann"),
    (("Kate", "Ben"), "k 5 23", "Kate"),     # 'k' prefixes knock: 'knock 5 23' names no player
    (("Kate", "Ben"), "k ben 5 23", "Ben"),  # ... and here it is the knock command
    (("Kate", "Ben"), "KaT 5 23", "Kate"),
    (("K", "Kate"), "k 5 23", "K"),          # a full name beats a prefix
    (("K", "Kate"), "ka 5 23", "Kate"),
    (("Dee", "Dean"), "dee 5 23", "Dee"),
    (("Dee", "Dean"), "dea 5 23", "Dean"),   # 'dea' prefixes deal and dead: no command
    (("Sam", "Ben"), "s 5 23", "Sam"),       # 's' prefixes score, standings, stats, settle
    (("Al", "Alan"), "al 5 23", "Al"),
    (("Al", "Alan"), "ala 5 23", "Alan"),
    (("Al", "Alan"), "9h AL 5 23", "Al"),
])
def test_players_by_full_name_or_unique_prefix(folder, capsys, players, line, knocker):
    new(*players, rules="standard")
    code, out, err = session_line(capsys, line)
    assert (code, err) == (0, "")
    assert hands()[0]["knocker"] == knocker


@pytest.mark.parametrize("players, line, message", [
    (("Dee", "Dean"), "de 5 23", "'de' is ambiguous: Dee or Dean (type more of the name); as a command, command "
                                 "'de' is ambiguous: deal, dead (type more of it)"),
    (("Al", "Alan"), "a 5 23", "'a' is ambiguous: Al or Alan (type more of the name); as a command, 'a' is amend"),
])
def test_an_ambiguous_player_is_refused_naming_both(folder, capsys, players, line, message):
    new(*players, rules="standard")
    assert session_line(capsys, line) == (2, "", f"Error: {message}\n")
    assert hands() == []


def test_a_line_that_reads_as_a_table_line_and_as_a_command_is_refused_naming_both(folder, capsys):
    new("Val", "Ben", rules="standard")  # 'v' prefixes verify, whose arguments are any files
    assert session_line(capsys, "v 5 23") == (
        2, "", "Error: 'v 5 23' reads two ways: as the table line 'knock Val 5 --defender 23' and as the command "
               "'verify 5 23': type the player's or the command's full name\n")
    assert hands() == []
    assert session_line(capsys, "val 5 23")[0] == 0
    assert hands()[0]["knocker"] == "Val"


def test_a_commands_full_name_is_that_command_in_any_case(folder, capsys):
    new("Ann", "Ben")
    code, out, err = session_line(capsys, "Deal --upcard 9h")
    assert code == 0 and out.startswith("hand 1: Ann deals")
    code, out, err = session_line(capsys, "KN b 5 23")
    assert (code, err) == (0, "") and not out.startswith("=")  # the command, not a table line
    assert hands()[0]["knocker"] == "Ben"


@pytest.mark.parametrize("name, reading", [
    ("9h", "a card"), ("AS", "a card"), ("10d", "a card"), ("5", "a count"), ("07", "a count"),
    ("gin", "a table-line word"), ("BIG", "a table-line word"), ("dead", "a table-line word"),
])
def test_new_refuses_a_name_that_reads_as_a_card_a_count_or_a_table_word(folder, name, reading):
    result = run("new", "--match", "m.yaml", "Ann", name)
    assert (result.exit_code, result.stderr) == (
        2, f"Error: bad player name '{name}': it reads as {reading} on a table line (9h ben 5 23): use another name\n")
    assert not os.path.exists("m.yaml")


def test_an_old_record_with_such_a_name_still_reads_and_takes_the_full_name(folder, capsys):
    new("Ann", "Bigs")
    text = open("m.yaml", encoding="utf-8").read().replace("Bigs", "Big")
    open("m.yaml", "w", encoding="utf-8").write(text)
    assert run("verify", "m.yaml").exit_code == 0
    assert session_line(capsys, "9h big 5 23")[0] == 0  # the full name
    assert hands()[0]["knocker"] == "Big"
    code, out, err = session_line(capsys, "9h b 5 23")  # 'b' is a prefix of no name but Big's: still Big
    assert code == 0 and hands()[1]["knocker"] == "Big"


# -- short commands and options -------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["k", "-m", "m.yaml", "-u", "9h", "ben", "5", "23"],
    ["kn", "--match", "m.yaml", "--upcard", "9h", "Ben", "5", "-d", "23"],
    ["Knock", "-m", "m.yaml", "-u", "9h", "b", "5", "--defender", "23"],
    ["KNOCK", "-m", "m.yaml", "-u9h", "b", "5", "-d23"],
])
def test_knock_by_prefix_in_any_case_with_short_options(folder, args):
    new("Ann", "Ben")
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    assert [(h["upcard"], h["knocker"], h["points"]) for h in hands()] == [("9H", "Ben", 18)]


def test_an_undisputed_hand_fits_in_25_characters_on_the_shell(folder, monkeypatch):
    new("Ann", "Ben")
    monkeypatch.setenv("GIN_REF_MATCH", "m.yaml")
    line = "k -u 9h ben 5 23"
    assert len(line) <= 25
    assert run(*line.split()).exit_code == 0 and hands()[0]["points"] == 18


@pytest.mark.parametrize("args, message", [
    (["d"], "Error: command 'd' is ambiguous: deal, dead, draw, discard (type more of it) (see 'gin-ref --help')"),
    (["knok"], "Error: no such command 'knok' (did you mean 'knock'?) (see 'gin-ref --help')"),
    (["help", "zz"], "Error: no such command 'zz'"),
    (["help", "t"], "Error: command 't' is ambiguous: tally, take (type more of it)"),
])
def test_an_ambiguous_or_unknown_command_is_named(folder, args, message):
    result = run(*args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message + "\n")


def test_help_command_is_the_commands_own_help(folder):
    assert run("help", "knock").output == run("knock", "--help").output
    assert run("help", "K").output == run("knock", "--help").output
    assert run("help").output == run("--help").output
    assert "help" in run("--help").output


@pytest.mark.parametrize("args", [
    ["deal", "-m", "m.yaml", "-u", "9h"],
    ["dead", "-m", "m.yaml", "-u", "9h"],
])
def test_u_and_m_wherever_upcard_and_match_are(folder, args):
    new("Ann", "Ben")
    assert run(*args).exit_code == 0
    assert hands()[0]["upcard"] == "9H"
    assert json.loads(run("tally", "-m", "m.yaml", "--json").output)["hands"][0]["upcard"] == "9H"
    assert run("check", "-u", "7d", "A-3S 4HDC 7-9C 5D").exit_code == 0


def test_amend_takes_d_for_defender(folder):
    new("Ann", "Ben")
    assert run("k", "-m", "m.yaml", "-u", "9h", "ben", "5", "23").exit_code == 0
    assert run("amend", "-m", "m.yaml", "1", "Ben", "5", "-d", "35").exit_code == 0
    assert hands()[0]["points"] == 30


def test_the_defender_count_goes_positionally_counts_only(folder):
    new("Ann", "Ben")
    result = run("knock", "-m", "m.yaml", "-u", "9h", "Ben", "5", "KD")
    assert (result.exit_code, result.stderr) == (2, "Error: missing option '--defender' (see 'gin-ref knock --help')\n")
    result = run("knock", "-m", "m.yaml", "-u", "9h", "Ben", "5")
    assert result.exit_code == 2 and hands() == []


def test_players_by_prefix_on_the_shell_and_ambiguity_named(folder):
    new("Al", "Alan", rules="standard")
    result = run("knock", "-m", "m.yaml", "a", "5", "23")
    assert (result.exit_code, result.stderr) == (2, "Error: player 'a' is ambiguous: Al or Alan (type more of the name)\n")
    assert run("knock", "-m", "m.yaml", "al", "5", "23").exit_code == 0
    assert hands()[0]["knocker"] == "Al"


def test_commands_by_prefix_in_the_session(folder, capsys):
    new("Ann", "Ben")
    assert session_line(capsys, "de --upcard 9h")[0] == 2  # deal or dead
    assert session_line(capsys, "dea -u 9h")[0] == 2
    code, out, err = session_line(capsys, "deal -u 9h")
    assert code == 0
    code, out, err = session_line(capsys, "TAL")
    assert code == 0 and "hand 1 is open" in out


# -- a count over the limit is not an offence --------------------------------------------------------------------

SLIP = ("Error: knock not allowed: deadwood 12 exceeds limit 3 (upcard 3♥): not recorded (a count over the limit "
        "is taken for a slip); if Ben really knocked with 12, enter it again with --illegal (a table line: end it "
        "with !)")


def test_over_the_limit_on_the_shell_is_refused_and_not_recorded(folder):
    new("Ann", "Ben")
    assert run("deal", "-m", "m.yaml", "-u", "3h").exit_code == 0
    before = open("m.yaml", "rb").read()
    result = run("knock", "-m", "m.yaml", "Ben", "12", "23")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", SLIP + "\n")
    assert open("m.yaml", "rb").read() == before
    result = run("knock", "-m", "m.yaml", "Ben", "12", "23", "--illegal")
    assert result.exit_code == 1
    assert result.stderr == ("Error: knock not allowed: deadwood 12 exceeds limit 3 (upcard 3♥). Recorded as an "
                             "irregularity (hand 1); the hand stays open; undo takes it back\n")
    assert hands()[0]["irregularities"][0]["count"] == 12


def test_over_the_limit_keeps_the_deal_the_same_command_made(folder):
    new("Ann", "Ben")
    result = run("knock", "-m", "m.yaml", "-u", "3h", "Ben", "12", "23")
    assert result.exit_code == 1
    assert result.stdout == "m.yaml: hand 1: Ann deals, upcard 3♥\nknock limit 3 (upcard 3♥)\n"
    assert result.stderr == SLIP + ("; the deal of hand 1 is recorded and the hand stays open (undo takes the deal "
                                    "back)\n")
    assert [(h["upcard"], h.get("result"), h.get("irregularities") or None) for h in hands()] == [("3H", None, None)]


def test_a_knock_by_cards_over_the_limit_is_kept_as_today(folder):
    new("Ann", "Ben")
    result = run("knock", "-m", "m.yaml", "-u", "3h", "Ben", KNOCKER[5], "-d", DEFENDER[(5, 23)])
    assert result.exit_code == 1 and "Recorded as an irregularity (hand 1)" in result.stderr
    assert result.stderr.endswith("; undo takes it back (undo again, the deal)\n")
    assert hands()[0]["irregularities"][0]["cards"] == KNOCKER[5].split()


def test_over_the_limit_on_a_table_line_and_in_a_pipe(folder, capsys):
    new("Ann", "Ben")
    code, out, err = session_line(capsys, "3h b 12 23")
    assert code == 1 and err.startswith(SLIP)
    assert [h.get("irregularities") or None for h in hands()] == [None]
    done = invoke("play", "--match", "m.yaml", input="3h b 12 23\n")
    assert (done.returncode, done.stderr) == (1, SLIP + "\n")
    assert [h.get("irregularities") or None for h in hands()] == [None]
    assert session_line(capsys, "3h b 12 23 !")[0] == 1
    assert hands()[0]["irregularities"][0]["count"] == 12


@pytest.mark.slow
@pytest.mark.parametrize("answer, kept", [("y", True), ("n", False), ("", False)])
def test_over_the_limit_on_a_terminal_asks(folder, answer, kept):
    pytest.importorskip("pexpect")
    from terminal import Terminal

    new("Ann", "Ben")
    assert run("deal", "-m", "m.yaml", "-u", "3h").exit_code == 0
    term = Terminal(folder)
    term.wait("hand 1>")
    term.child.send("3h b 12 23\r")
    term.wait("Did Ben really knock with 12? [y/N]")
    term.child.send(answer + "\r")
    term.wait("Error: knock not allowed")
    term.child.send("quit\r")
    term.child.expect(pytest.importorskip("pexpect").EOF)
    items = hands()[0].get("irregularities")
    assert bool(items) == kept
    if kept:
        assert items[0]["count"] == 12


# -- Hollywood speaks of games --------------------------------------------------------------------------------

def test_hollywood_names_the_games_a_hand_scored_in_a_game_won_and_the_games_open(folder, capsys):
    new("Ann", "Ben", rules="hollywood")
    session_line(capsys, "a 0 40")
    code, out, err = session_line(capsys, "b 5 30")
    assert "hand 2 scored in game 1 (25 to Ben)" in out.splitlines()
    assert ("games still open: 1 (Ann 60, Ben 25), 2 (Ann 0, Ben 0), 3 (Ann 0, Ben 0)") in out.splitlines()
    code, out, err = session_line(capsys, "a 0 50")
    assert "hand 3 scored in games 1 and 2 (70 to Ann); game 1 won by Ann, 130 to 25" in out.splitlines()
    assert "game 1 won by Ann, 130 to 25; games still open: 2 (Ann 70, Ben 0), 3 (Ann 0, Ben 0)" in out.splitlines()
    tally = run("tally", "-m", "m.yaml").output.splitlines()
    assert "game 1 won by Ann, 130 to 25; games still open: 2 (Ann 70, Ben 0), 3 (Ann 0, Ben 0)" in tally
    status = standing(record.load("m.yaml").match)
    assert status == ("totals: Ann 200, Ben 25  |  game 1 won by Ann, 130 to 25; games still open: 2 (Ann 70, "
                      "Ben 0), 3 (Ann 0, Ben 0)  |  next: Ben deals hand 4 (the loser of hand 3 deals)")


def test_hollywood_with_one_game_open_then_none(folder, capsys):
    new("Ann", "Ben", rules="hollywood")
    session_line(capsys, "a 0 80")
    code, out, err = session_line(capsys, "a 0 80")
    assert "hand 2 scored in game 2 (100 to Ann); game 2 won by Ann, 100 to 0" in out.splitlines()
    assert standing(record.load("m.yaml").match).split("  |  ")[1] == (
        "game 1 won by Ann, 100 to 0; game 2 won by Ann, 100 to 0; game 3 still open (Ann 0, Ben 0)")
    code, out, err = session_line(capsys, "a 0 80")
    assert "hand 3 scored in game 3 (100 to Ann); game 3 won by Ann, 100 to 0" in out.splitlines()


def test_with_three_players_the_defender_is_the_other_side(folder, capsys):
    result = run("new", "--match", "m.yaml", "--rules", "three-player", "--box", "Ann", "--captain", "Ben",
                 "Ann", "Ben", "Cid")
    assert result.exit_code == 0
    code, out, err = session_line(capsys, "b 5 23")
    assert (code, err) == (0, "") and out.startswith("= knock Ben 5 --defender 23\n")
    assert (hands()[0]["knocker"], hands()[0]["defender"], hands()[0]["points"]) == ("Ben", "Ann", 18)
    code, out, err = session_line(capsys, "a 5 23")  # Ann sits out hand 2 now: refused and kept, as knock does
    assert code == 1 and "Recorded as an irregularity (hand 2" in err


@pytest.mark.parametrize("line, status", [
    ("3h b 12", "Ben: a count of 12: not legal, over limit 3"),  # before the defender's count is typed
    ("3h b 12 23", "Ben: a count of 12: not legal, over limit 3"),
    ("3h b 2 23 !", "Ben: a count of 2: legal, within limit 3"),
    ("9h b gin", "Ben: a count of 0: gin"),
    ('9h b "A-3S 4HDC 7-9C 5D"', "Ben: 10 cards, legal: deadwood 5 within limit 9, 4 to spare (upcard 9♥)"),
    ('9h b "A-3S 4HDC 7-9C 5D" "5H 5S', "defender: 2 cards, deadwood 10 so far"),
    ("k -u 3h ben 12 23", "Ben: a count of 12: not legal, over limit 3"),  # the defender's count positional
    ("kate 5 23", "Kate: a count of 5 (the limit needs --upcard)"),
])
def test_the_status_line_judges_a_table_line_as_the_knock_it_stands_for(folder, line, status):
    from gin_ref.cli.status import typed_status

    new("Kate", "Ben")
    session = Session("m.yaml", main)
    assert typed_status(line, len(line), session.state(), session.lookup) == status


def test_a_new_event_refuses_such_a_name_too(folder):
    result = run("event", "new", "ev", "--format", "round-robin", "Ann", "Ben", "9h", "Dee")
    assert (result.exit_code, result.stderr) == (
        2, "Error: bad player name '9h': it reads as a card on a table line (9h ben 5 23): use another name\n")
    assert run("event", "new", "ev", "--format", "round-robin", "Ann", "Ben", "Kate", "Dee").exit_code == 0


def test_tab_completes_a_table_lines_player(folder):
    from prompt_toolkit.document import Document

    from gin_ref.cli.completion import SessionCompleter

    new("Kate", "Ben")
    completer = SessionCompleter(Session("m.yaml", main), presets=[])

    def completions(text):
        return [c.text for c in completer.get_completions(Document(text), None)]

    assert completions("9h b") == ["Ben "]
    assert completions("9h ") == ["Kate ", "Ben "]
    assert completions("b") == ["Ben "]
    assert completions("k") == ["knock ", "Kate "]


def test_hollywood_of_four_games_names_every_game_open(folder, capsys):
    open("h4.yaml", "w", encoding="utf-8").write("extends: hollywood\ngames: 4\n")
    new("Ann", "Ben", rules="h4.yaml")
    session_line(capsys, "a 0 80")
    code, out, err = session_line(capsys, "b 5 30")
    assert "hand 2 scored in game 2 (25 to Ben)" in out.splitlines()
    assert standing(record.load("m.yaml").match).split("  |  ")[1] == (
        "game 1 won by Ann, 100 to 0; games still open: 2 (Ann 0, Ben 25), 3 (Ann 0, Ben 0), 4 (Ann 0, Ben 0)")

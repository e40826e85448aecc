"""``new --force`` typed inside ``play`` (issue 24 item 16): it replaces the session's match (the session's
own lock does not refuse it), after a y/N question on a terminal, and the session goes on with the new one."""

import os

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.cli.session import Session
from gin_ref.files import matchfile as record

from runs import invoke


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    for line in (["new", "--dealer", "Ann", "Ann", "Ben"], ["knock", "--upcard", "9H", "Ann", "5", "--defender", "23"]):
        assert CliRunner().invoke(main, [line[0], "--match", "m.yaml", *line[1:]]).exit_code == 0
    return tmp_path


def test_new_force_from_a_pipe_replaces_the_match_and_the_session_goes_on_with_it(folder):
    lines = "new --force --dealer Cid Cid Dee\nknock --upcard 9h dee 5 --defender 23\n"
    done = invoke("play", "--match", "m.yaml", input=lines, cwd=folder)
    assert (done.returncode, done.stderr) == (0, "replaced the match m.yaml held (Ann v Ben, 1 hand, totals Ann 18, "
                                                 "Ben 0)\n")
    assert done.stdout.startswith("new match in m.yaml: Cid v Dee, oklahoma rules, first to 100\n"
                                  "Cid deals first (named)\nm.yaml: hand 1: Cid deals, upcard 9♥\n")
    assert "totals: Cid 0, Dee 18\n" in done.stdout
    match = record.load(folder / "m.yaml").match
    assert (match.players, match.state.totals) == (["Cid", "Dee"], {"Cid": 0, "Dee": 18})


def test_on_a_terminal_it_asks_first(folder, capsys):
    asked = []
    session = Session("m.yaml", main)
    session.confirm = lambda question: asked.append(question) or False
    before = (folder / "m.yaml").read_bytes()
    assert session.entry("new --force --dealer Cid Cid Dee") == 0
    assert asked == ["replace the match in m.yaml (Ann v Ben, 1 hand, totals Ann 18, Ben 0) with a new one?"]
    assert capsys.readouterr().out == "not replaced: the session goes on with the match in m.yaml\n"
    assert (folder / "m.yaml").read_bytes() == before
    session.confirm = lambda question: True
    assert session.entry("new --force --dealer Cid Cid Dee") == 0
    assert capsys.readouterr().out.startswith("new match in m.yaml: Cid v Dee")
    assert session.state().players == ["Cid", "Dee"]
    assert session.entry("knock --upcard 9h cid 5 --defender 23") == 0
    assert record.load("m.yaml").match.state.totals == {"Cid": 18, "Dee": 0}
    # no question without --force: 'new' is refused as before, the file kept
    session.confirm = lambda question: pytest.fail("asked")
    assert session.entry("new Eve Fay") == 1
    assert "m.yaml already holds a match (Cid v Dee, 1 hand, totals Cid 18, Dee 0): give --force" in \
        capsys.readouterr().err


@pytest.mark.slow
def test_the_question_on_a_real_terminal(folder):
    pexpect = pytest.importorskip("pexpect")
    from terminal import Terminal

    term = Terminal(folder)
    term.wait("deal 2>")
    term.type("new --force --dealer Cid Cid Dee\r",
              "replace the match in m.yaml (Ann v Ben, 1 hand, totals Ann 18, Ben 0) with a new one? [y/N]")
    term.type("n\r", "not replaced: the session goes on with the match in m.yaml")
    term.prompts("deal 2>", 2)  # the session goes on: a new prompt, the same match
    term.child.send("new --force --dealer Cid Cid Dee\r")
    term.prompts("replace the match in m.yaml", 2)
    term.type("y\r", "new match in m.yaml: Cid v Dee")
    term.wait("deal 1>")
    term.child.sendcontrol("d")
    assert term.end() == 0
    assert record.load(os.path.join(folder, "m.yaml")).match.players == ["Cid", "Dee"]
    assert pexpect is not None

"""Bounds said in words (#34 item 5): a count, points or a hand number with more digits than the rules allow
is refused with ``Error: ...`` and exit 2 on the command line (4,300 digits and more used to reach Python's
own limit on reading numbers: an internal error, exit 3) and with a 400 and the same words in the browser
(a 500 before); an entry id is matched in full (a trailing newline is refused); ``python -m gin_ref``
names the program ``gin-ref`` (the director's page runs it so)."""

import os
import sys

import pytest

from runs import invoke
from serveutil import event_folder, phone, send, table_file, tally

LONG = "1" * 5000


@pytest.fixture
def match(tmp_path):
    path = tmp_path / "m.yaml"
    assert invoke("new", "--match", path, "--rules", "standard", "--dealer", "Ann", "Ann", "Ben").code == 0
    assert invoke("deal", "--match", path, "--upcard", "9h").code == 0
    return path


@pytest.mark.parametrize("args, words", [
    (["knock", "Ann", LONG, "--defender", "20"], "the knocker's count '1111111111"),
    (["knock", "Ann", "5", "--defender", LONG], "the defender's count '1111111111"),
    (["ruling", "--award", "Ann", LONG, "--reason", "x"], "--award Ann 1111111111"),
    (["amend", LONG, "--dead"], "bad hand number '1111111111"),
    (["ruling", "--hand", LONG, "--void", "--reason", "x"], "has more digits than any number it can be"),
])
def test_a_number_with_too_many_digits_is_refused_in_words_exit_2(match, args, words):
    done = invoke(*args, "--match", match)
    assert done.code == 2, done.err
    assert done.err.startswith("Error: ") and words in done.err and len(done.err) < 300
    assert "internal error" not in done.err


def test_a_final_score_with_too_many_digits_is_refused_in_words(tmp_path):
    path = tmp_path / "r.yaml"
    assert invoke("new", "--match", path, "--rules", "standard", "--dealer", "Ann", "Ann", "Ben").code == 0
    done = invoke("result", "--match", path, "Ann", LONG, "Ben", "3")
    assert done.code == 2 and "the points are a whole number from 0 to 999999999999999" in done.err


def test_the_browser_refuses_it_with_a_400_in_the_same_words(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    words = "the knocker's count '" + "1" * 40 + "...': a count is a whole number from 0 to 98"
    answer = send(web, "1", "hand", {"by": "Ann", "knocker": "Dan", "count": LONG, "defender": "23"},
                  headers={"accept": "application/json"})
    assert answer.status_code == 400 and answer.json()["problem"] == words
    page = send(web, "1", "hand", {"by": "Ann", "knocker": "Dan", "count": LONG, "defender": "23"})
    assert page.status_code == 400 and words.replace("'", "&#x27;") in page.text
    line = send(web, "1", "line", {"by": "Ann", "line": f"dan {LONG} 23"}, headers={"accept": "application/json"})
    assert line.status_code == 400 and line.json()["problem"] == words
    assert tally(table_file(folder))["hands"] == []


def test_an_entry_id_with_a_trailing_newline_is_refused(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    answer = send(web, "1", "line", {"by": "Dan", "line": "dan 5 23"}, ident="entry-newline-1\n",
                  headers={"accept": "application/json"})
    assert answer.status_code == 409 and answer.json()["problem"] == "this form has no entry id: reload the page"
    assert "Confirm as" not in web.get("/t/1").text


def test_python_m_gin_ref_names_the_program_gin_ref(tmp_path, monkeypatch, capsys):
    import types

    from gin_ref.__main__ import run

    # as python -m gin_ref runs it: the __main__ module of the package gin_ref, argv[0] its __main__.py
    monkeypatch.setitem(sys.modules, "__main__", types.SimpleNamespace(__package__="gin_ref"))
    monkeypatch.setattr(sys, "argv", [os.path.join("gin_ref", "__main__.py"), "ruling", "--hand", "x", "--void",
                                      "--reason", "r"])
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as ended:
        run()
    err = capsys.readouterr().err
    assert ended.value.code == 2 and "(see 'gin-ref ruling --help')" in err
    assert "python -m gin_ref" not in err

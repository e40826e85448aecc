"""gin-ref serve, in process: what a table's page shows (the upcard asked for, a table not yet paired, the
script), and the command's refusal of a port in use."""

import re
import socket

from click.testing import CliRunner

from gin_ref.cli import main
from serveutil import HOST, client, event_folder, phone, send


def test_the_page_asks_for_the_upcard_where_it_sets_the_limit(tmp_path):
    folder = tmp_path / "okla"
    folder.mkdir()
    done = CliRunner().invoke(main, ["new", "--match", str(folder / "Ann v Ben.yaml"), "--rules", "oklahoma",
                                     "--dealer", "Ann", "Ann", "Ben"])
    assert done.exit_code == 0, done.output
    web = phone(folder, "ann-v-ben")
    page = web.get("/t/ann-v-ben").text
    upcard = re.search(r'<div class="upcard"[^>]*>.*?</div>', page, re.S).group(0)  # in view, not folded away
    assert "Upcard: rank" in upcard and 'name="up_suit" value="H"' in upcard
    assert "knock limit: choose the upcard" in upcard
    answer = send(web, "ann-v-ben", "line", {"line": "ben 5 23", "by": "Ann"}, headers={"accept": "application/json"})
    assert answer.status_code == 409
    assert answer.json()["problem"].startswith("no hand is open: deal one first")
    assert send(web, "ann-v-ben", "line", {"line": "9h ben 5 23", "by": "Ann"}).status_code == 303
    assert "upcard 9♥" in re.sub(r"<[^>]+>", "", web.get("/t/ann-v-ben").text)  # a red card is in a span


def test_a_table_without_a_match_yet_says_so_and_a_lost_file_is_named_without_its_path(tmp_path):
    folder = tmp_path / "unpaired"
    done = CliRunner().invoke(main, ["event", "new", str(folder), "--format", "swiss", "--rules", "standard",
                                     "Ann", "Ben", "Cat", "Dan"])
    assert done.exit_code == 0, done.output
    web = phone(folder, "2")
    page = web.get("/t/2")
    assert page.status_code == 200 and "No match at this table yet" in page.text
    assert web.get("/t/3").status_code == 404
    folder = event_folder(tmp_path)
    (folder / "round-1-table-2.yaml").rename(tmp_path / "away.yaml")
    page = phone(folder, "2").get("/t/2")
    assert page.status_code == 409 and "round-1-table-2.yaml" in page.text and str(tmp_path) not in page.text


def test_the_script_is_served_from_the_server_itself(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    page = web.get("/t/1")
    assert '<script src="/static/table.js" defer></script>' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    script = web.get("/static/table.js")
    assert script.status_code == 200 and "localStorage" in script.text
    assert script.headers["content-type"].startswith("text/javascript")


def test_a_port_in_use_is_one_error_line(tmp_path):
    folder = event_folder(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", str(folder), "--port", str(port)])
    assert result.exit_code == 1
    assert result.stderr == f"Error: cannot listen on 127.0.0.1:{port}: address already in use\n"
    assert HOST


def test_the_pending_hand_is_drawn_as_cards_not_a_grid_of_text(tmp_path):
    """#40 item 1: the pending hand is drawn from the desk's outcome: melds, layoffs and deadwood as rows of
    cards (a red card in the page's red, each card named for a screen reader), the sum in one line, the
    totals as numbers; no table of the command line's grid, no monospace block, no rule of dashes."""
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    answer = send(web, "1", "hand", {"by": "Ann", "knocker": "Dan", "count": "A-3S 4HDC 7-9C 5D",
                                     "defender": "4S 6C TH JH QH KH 7D QD AC 3C"})
    assert answer.status_code == 303, answer.text
    page = web.get("/t/1").text
    pending = page.split('id="pending"', 1)[1]
    assert '<div class="drawn">' in pending and "Dan knocks against Ann" in pending
    assert '<span class="card red"><span aria-hidden="true">5♦</span><span class="sr">5 of diamonds</span>' in pending
    assert '<span class="card"><span aria-hidden="true">A♠</span><span class="sr">ace of spades</span>' in pending
    assert '<span class="lbl">laid off</span>' in pending  # 4♠ on Dan's spades, 6♣ on his clubs
    assert re.search(r'<p class="sum">[^<]*= \d+</p>', pending)
    assert '<div class="totals"' in pending
    assert "<table" not in pending and 'class="lines"' not in pending
    shown = re.sub(r"<[^>]+>", "\n", re.sub(r"<(style|script)\b.*?</\1>", "", page, flags=re.S))
    assert not [line for line in shown.splitlines() if re.fullmatch(r"[\s-]*--[\s-]*", line)]
    assert not re.search(r"(?<![\w-])--[a-z]", shown)  # no command-line option named
    assert page.count("<main") == 1 and 'data-stamp="' in page


def test_the_tables_stream_needs_that_tables_cookie(tmp_path):
    folder = event_folder(tmp_path)
    assert client(folder).get("/t/1/events").status_code == 403
    other = phone(folder, "2")
    assert other.get("/t/1/events").status_code == 403
    assert other.get("/t/9/events").status_code == 404


def test_grids_of_the_command_lines_words_are_tables():
    from gin_ref.serve.pages import lines

    tally = ["m.yaml: Ben v Dee", " hand  winner  points  Ben  Dee", "-----  ------  ------  ---  ---",
             "    1  Ben         30   30    0", "    2  Dee         12   30   12", "total                   30   12", "",
             "Ben won"]
    shown = lines(tally)
    assert '<th scope="col" class=n>hand</th><th scope="col">winner</th>' in shown
    assert "<tr><td class=n>1</td><td>Ben</td><td class=n>30</td>" in shown and "<td class=n>total</td>" in shown
    assert "---" not in shown and shown.endswith("\nBen won</div>")
    assert lines(["plain - text", "score: 35 − 5"]) == '<div class="lines">plain - text\nscore: 35 − 5</div>'

"""The director's page in process: its own token exchanged for a cookie (a table's token, or none: 403), every
table's record and verify result, pairing the next round (refused naming the unfinished tables, as `event
pair`), rulings (refused without a reason in the command line's words), amend and undo through the command
line (the record is the same whichever way it was made), a stale page refused, the settlement."""

import re
import shutil

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from boardkit import cli, finish, hand, new_event, players_of, table_file  # noqa: E402
from gin_ref.files import matchfile  # noqa: E402
from gin_ref.match.handread import NOT_WRITTEN  # noqa: E402
from gin_ref.serve.app import build_app  # noqa: E402

BASE = "http://127.0.0.1:8000"

def director(folder):
    app = build_app(str(folder))
    served = app.state.served
    web = TestClient(app, base_url=BASE, follow_redirects=False)
    exchanged = web.get(f"/director?token={served.tokens.get('director')}")
    assert exchanged.status_code == 303 and exchanged.headers["location"] == "/director"
    cookie = exchanged.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/director" in cookie
    return served, web


def form_fields(page, action):
    """The hidden fields of the form posting to ``action``."""
    form = re.search(rf'<form[^>]*action="{re.escape(action)}".*?</form>', page, re.S)
    assert form, f"no form for {action}"
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(0)))


def post(web, action, **fields):
    page = web.get("/director").text
    answer = web.post(action, data={**form_fields(page, action), **fields}, headers={"Origin": BASE})
    assert answer.status_code == 303, answer.text
    return web.get(answer.headers["location"]).text


def undo_asked_then_done(web, path, name):
    """Undo from the director's page: the first send asks (what it takes back, the file untouched), the
    answer's Yes does it."""
    action = f"/director/m/{name}/undo"
    before = open(path, "rb").read()
    asked = web.post(action, data=form_fields(web.get("/director").text, action), headers={"Origin": BASE})
    assert asked.status_code == 200 and f"Undo the newest step of {name}?" in asked.text and "take back " in asked.text
    assert open(path, "rb").read() == before and 'href="/director">No: keep it' in asked.text
    sure = form_fields(asked.text, action)
    assert sure["sure"] == "1"
    done = web.post(action, data=sure, headers={"Origin": BASE})
    assert done.status_code == 303, done.text
    return web.get(done.headers["location"]).text


def said(page):
    found = re.search(r'<div class="(note|problem)" role="status"><pre>(.*?)</pre>', page, re.S)
    assert found, "the page says nothing"
    return found.group(1), found.group(2)


def test_the_director_page_needs_the_directors_token_and_refuses_a_tables(tmp_path):
    folder = new_event(tmp_path)
    app = build_app(folder)
    served = app.state.served
    web = TestClient(app, base_url=BASE, follow_redirects=False)
    assert web.get("/director").status_code == 403
    assert web.get(f"/director?token={served.tokens.get('1')}").status_code == 403
    assert web.get("/director/settlement").status_code == 403
    phone = TestClient(app, base_url=BASE, follow_redirects=False)
    assert phone.get(f"/t/1?token={served.tokens.get('1')}").status_code == 303
    phone.cookies.set("gin_ref_token", served.tokens.get("1"), path="/director")
    assert phone.get("/director").status_code == 403  # a table's token as the director's cookie
    assert web.post("/director/pair", data={"form_token": "x"}, headers={"Origin": BASE}).status_code == 403


def test_each_table_shows_its_record_and_verify_and_a_write_needs_the_form_token_and_origin(tmp_path):
    folder = new_event(tmp_path)
    t1 = table_file(folder, 1, 1)
    hand(t1, players_of(t1)[0])
    _served, web = director(folder)
    page = web.get("/director").text
    assert "round-1-table-1.yaml" in page and "verify: ok, 1 hand<" in page and "verify: ok, 0 hands" in page
    assert "The record" in page and str(tmp_path) not in page
    assert '<a href="/director/settlement">' in page and '<a href="/board/sheet">' in page
    fields = form_fields(page, "/director/m/round-1-table-1.yaml/undo")
    assert web.post("/director/m/round-1-table-1.yaml/undo", data={**fields, "form_token": "0" * 32},
                    headers={"Origin": BASE}).status_code == 403
    assert web.post("/director/m/round-1-table-1.yaml/undo", data=fields,
                    headers={"Origin": "http://evil.example"}).status_code == 403
    assert web.post("/director/m/other.yaml/undo", data=fields, headers={"Origin": BASE}).status_code == 404
    assert len(matchfile.load(t1).match.hands) == 1  # nothing was changed by the refusals


def test_pairing_is_refused_naming_the_unfinished_tables_then_done_and_shown_on_the_board(tmp_path):
    folder = new_event(tmp_path)
    t1, t2 = table_file(folder, 1, 1), table_file(folder, 1, 2)
    finish(t1, players_of(t1)[0])
    served, web = director(folder)
    phone = TestClient(web.app, base_url=BASE, follow_redirects=False)
    assert phone.get(f"/t/1?token={served.tokens.get('1')}").status_code == 303  # table 1's card, scanned once
    assert "Ann v Dee" in phone.get("/t/1").text
    kind, text = said(post(web, "/director/pair"))
    refused = cli("event", "pair", folder, ok=False)
    assert kind == "problem"
    assert text == refused.stderr.strip().replace(folder + "/", "").replace("&", "&amp;")  # the files by name
    assert "round 1 table 2 (round-1-table-2.yaml: Ben v Cid)" in text
    finish(t2, players_of(t2)[0])
    kind, text = said(post(web, "/director/pair"))
    assert kind == "note" and "night: round 2 of 3, 2 tables" in text
    board = web.get("/board").text
    assert "Round 2 of 3: pairings" in board and "Table 1: Ann v Cid" in board
    assert served.folder.spot("1").path.endswith("round-2-table-1.yaml")  # the table's address stays /t/1
    table_page = phone.get("/t/1")  # the same address and cookie: the new round's match
    assert table_page.status_code == 200 and "Ann v Cid" in table_page.text and "Ann v Dee" not in table_page.text


def test_a_ruling_without_a_reason_is_refused_in_the_command_lines_words_and_one_with_is_recorded(tmp_path):
    folder = new_event(tmp_path)
    t1 = table_file(folder, 1, 1)
    ann, dee = players_of(t1)
    hand(t1, ann)
    _served, web = director(folder)
    action = "/director/m/round-1-table-1.yaml/ruling"
    kind, text = said(post(web, action, kind="void", reason="  "))
    assert (kind, text) == ("problem", "Error: reason: say why (it is kept with the ruling)")  # a page names no option (#38)
    kind, text = said(post(web, action, kind="award", player=dee, points="25", reason="misdeal", by="Dana"))
    assert kind == "note" and text.startswith("round-1-table-1.yaml: hand 1: ")
    twin = tmp_path / "twin.yaml"
    shutil.copy(t1, twin)
    cli("undo", "--match", str(twin))
    cli("ruling", "--match", str(twin), "--award", dee, "25", "--reason", "misdeal", "--by", "Dana")
    def undated(path):  # the ruling read back (typed: a Ruled), but for its date
        ruled = matchfile.load(path).match.hands[0].ruling
        return ruled._replace(ruling=ruled.ruling._replace(date=None))
    assert undated(t1) == undated(str(twin))
    kind, text = said(post(web, action, kind="forfeit", player="Nobody", reason="left"))
    assert kind == "problem" and text.startswith("Error: ")


def test_amend_is_a_form_of_fields_the_same_as_the_command_lines_and_undo_and_a_stale_page_is_refused(tmp_path):
    folder = new_event(tmp_path)
    t1 = table_file(folder, 1, 1)
    ann, dee = players_of(t1)
    hand(t1, ann)
    twin = tmp_path / "twin.yaml"
    shutil.copy(t1, twin)
    _served, web = director(folder)
    page = web.get("/director").text
    stale = form_fields(page, "/director/m/round-1-table-1.yaml/undo")
    kind, text = said(post(web, "/director/m/round-1-table-1.yaml/amend", hand="1", result="dead"))
    assert kind == "note" and "hand 1" in text
    assert matchfile.load(t1).match.hands[0].result == "dead"
    answer = web.post("/director/m/round-1-table-1.yaml/undo", data=stale, headers={"Origin": BASE})
    kind, text = said(web.get(answer.headers["location"]).text)
    assert kind == "problem" and "changed since this page was made" in text
    assert matchfile.load(t1).match.hands[0].result == "dead"
    kind, text = said(undo_asked_then_done(web, t1, "round-1-table-1.yaml"))
    assert kind == "note" and text.startswith("took back ")
    assert matchfile.load(t1).match.hands[0].result != "dead"
    # a knock amended by its fields is the command line's amend, word for word and fact for fact
    kind, text = said(post(web, "/director/m/round-1-table-1.yaml/amend", hand="1", result="knock", player=dee,
                           count="5", defender="35"))
    done = cli("amend", "1", dee, "5", "--defender", "35", "--match", str(twin))
    assert kind == "note" and text == done.output.strip().replace("&", "&amp;").replace("'", "&#x27;")
    amended, by_cli = matchfile.load(t1).match, matchfile.load(str(twin)).match
    assert amended.hands[0].knocker == dee and amended.state.totals == by_cli.state.totals
    # what once was a line of options is a field's value now: read as a count or cards, and refused as one
    before = open(t1, "rb").read()
    kind, text = said(post(web, "/director/m/round-1-table-1.yaml/amend", hand="1", result="knock", player=dee,
                           count="--dead --match ../x.yaml", defender="35"))
    assert (kind, text) == ("problem", "Error: &#x27;--dead&#x27;: write a run as LOW-HIGH and its suit (7-JD, A-3S, 10-KH)")
    kind, text = said(post(web, "/director/m/round-1-table-1.yaml/amend", hand="--match", result="dead"))
    assert (kind, text) == ("problem", "Error: the hand is its number (1, 2, ...), not &#x27;--match&#x27;")
    assert open(t1, "rb").read() == before and not (tmp_path / "x.yaml").exists()


def test_the_settlement_is_settles_and_is_the_directors_only(tmp_path):
    folder = new_event(tmp_path)
    t1 = table_file(folder, 1, 1)
    finish(t1, players_of(t1)[0])
    _served, web = director(folder)
    page = web.get("/director/settlement?stake=0.05&currency=%24")
    assert page.status_code == 200
    expected = cli("settle", "--stake", "0.05", "--currency", "$", t1, table_file(folder, 1, 2)).stdout
    for line in expected.splitlines():
        if "round-1-table" not in line and line.strip():
            assert line.strip().replace("&", "&amp;") in page.text
    assert "$6.30" in page.text
    assert "$" not in web.get("/board").text


def test_pending_and_rejected_hands_of_the_tables_are_listed_with_the_way_to_a_ruling(tmp_path):
    from serveutil import event_folder, send

    folder = event_folder(tmp_path)
    app = build_app(str(folder))
    served = app.state.served
    phone = TestClient(app, base_url=BASE, follow_redirects=False)
    assert phone.get(f"/t/1?token={served.tokens.get('1')}").status_code == 303
    send(phone, "1", "hand", {"by": "Ann", "knocker": "Dan", "count": "5", "defender": "23"}, ident="entry-reject-1")
    assert send(phone, "1", "reject", {"by": "Dan"}, ident="entry-reject-1").status_code == 303
    send(phone, "1", "hand", {"by": "Ann", "knocker": "Ann", "count": "3", "defender": "40"}, ident="entry-pend-01")
    desk = TestClient(app, base_url=BASE, follow_redirects=False)
    assert desk.get(f"/director?token={served.tokens.get('director')}").status_code == 303
    page = desk.get("/director").text
    listed = re.search(r'<table class="v" id="pending">(.*?)</table></div><p>A rejected hand', page, re.S).group(1)
    # each entry's words are in its third cell, their spread a table of its own (#39): a row per entry
    rows = re.findall(r'<tr><td>(<a href=.*?)</td><td>(.*?)</td><td>(.*?)</td><td>[^<]*</td><td>[^<]*</td></tr>',
                      listed, re.S)
    assert [(state, "Dan knocks" in words or "Ann knocks" in words) for _file, state, words in rows] == \
        [("rejected by Dan", True), ("pending", True)]
    assert "round-1-table-1.yaml" in rows[0][0]
    assert "record a ruling below on the table's file" in page


def test_a_folder_of_matches_has_no_round_to_pair_and_a_settlement_refused_says_why(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    cli("new", "--match", str(folder / "Ann v Ben.yaml"), "--rules", "standard", "Ann", "Ben")
    served, web = director(folder)
    page = web.get("/director").text
    assert "Pair the next round" not in page and "Ann v Ben.yaml: Ann v Ben" in page
    fields = {"form_token": served.security.form_token(served.tokens.get("director"), "director")}
    refused = web.post("/director/pair", data=fields, headers={"Origin": BASE})
    assert refused.status_code == 400 and "a folder of matches has no rounds to pair" in refused.text
    with open(folder / "Ann v Ben.yaml", "a", encoding="utf-8") as damage:
        damage.write("hands: [\n")
    settled = web.get("/director/settlement")
    assert settled.status_code == 409 and "Error: Ann v Ben.yaml:" in settled.text
    assert str(tmp_path) not in settled.text


def test_the_page_lists_every_export_format_of_the_registry_and_each_downloads_what_export_writes(tmp_path):
    from gin_ref.desk.exports import FORMATS

    folder = new_event(tmp_path)
    t1 = table_file(folder, 1, 1)
    hand(t1, players_of(t1)[0])
    _served, web = director(folder)
    page = web.get("/director").text
    for name in FORMATS:
        assert f'href="/director/export/{name}"' in page
    got = web.get("/director/export/csv")
    assert got.status_code == 200 and got.headers["content-type"].startswith("text/csv")
    assert got.headers["content-disposition"] == "attachment; filename=\"night.csv\"; filename*=UTF-8''night.csv"
    assert got.text.replace("\r\n", "\n") == cli("export", "--format", "csv", str(folder)).output.replace("\r\n", "\n")
    assert web.get("/director/export/json").json()["matches"]
    refused = web.get("/director/export/pdf")
    assert refused.status_code == 409 and "unknown export format" in refused.text
    assert TestClient(web.app, base_url=BASE).get("/director/export/csv").status_code == 403  # no token


def test_a_ruling_on_a_rejected_hand_deals_it_with_the_entrys_upcard_and_undo_asks_then_offers_redo(tmp_path):
    """#40 item 4: the rejected hand left no deal in the file; the ruling's form holds its upcard, and the
    ruling deals it and rules it in one write and one step, as `gin-ref ruling --upcard` does: one undo from
    the page takes the ruling and its deal back (the hands as before), one redo puts them back."""
    from serveutil import event_folder, send

    folder = event_folder(tmp_path)
    t1 = str(folder / "round-1-table-1.yaml")
    twin = tmp_path / "twin.yaml"
    shutil.copy(t1, twin)
    app = build_app(str(folder))
    served = app.state.served
    phone = TestClient(app, base_url=BASE, follow_redirects=False)
    assert phone.get(f"/t/1?token={served.tokens.get('1')}").status_code == 303
    send(phone, "1", "hand", {"by": "Ann", "upcard": "9h", "knocker": "Dan", "count": "5", "defender": "23"},
         ident="entry-reject-2")
    assert send(phone, "1", "reject", {"by": "Ann"}, ident="entry-reject-2").status_code == 303
    web = TestClient(app, base_url=BASE, follow_redirects=False)
    assert web.get(f"/director?token={served.tokens.get('director')}").status_code == 303
    action = "/director/m/round-1-table-1.yaml/ruling"
    unruled = open(t1, "rb").read().split(b"\ncorrections:")[0]  # the head and the hands: none dealt
    page = web.get("/director").text
    assert re.search(r'name="upcard" value="9H"', page), "the rejected hand's upcard is in the ruling's form"
    kind, text = said(post(web, action, kind="award", player="Dan", points="23", reason="Ann's count stands",
                           by="Dana", upcard="9H"))
    assert kind == "note" and "round-1-table-1.yaml: hand 1: " in text and " deals, upcard 9♥" in text and "hand 1: awarded to Dan, 23 points" in text
    cli("ruling", "--match", str(twin), "--award", "Dan", "23", "--reason", "Ann's count stands", "--by", "Dana",
        "--upcard", "9H")
    ruled, by_cli = matchfile.load(t1).match, matchfile.load(str(twin)).match
    strip = lambda hand: {k: v for k, v in hand.written() if k not in ("ruling", "seal")}  # noqa: E731
    assert [strip(h) for h in ruled.hands] == [strip(h) for h in by_cli.hands]
    assert ruled.state.totals == by_cli.state.totals == {"Ann": 0, "Dan": 23}
    assert ruled.hands[0].ruling.ruling.dealt is True and ruled.hands[0].result is NOT_WRITTEN  # one step, never played
    dealt_and_ruled = open(t1, "rb").read().split(b"\ncorrections:")[0]
    # the file changed since the hand was entered: its upcard is no longer offered (it would deal another hand)
    assert not re.search(r'name="upcard" value="9H"', web.get("/director").text)
    # undo asks first, then offers redo, which puts the ruling back
    page = undo_asked_then_done(web, t1, "round-1-table-1.yaml")
    kind, text = said(page)
    assert kind == "note" and text.startswith("took back hand 1: the ruling")
    assert matchfile.load(t1).match.state.totals == {"Ann": 0, "Dan": 0}
    assert open(t1, "rb").read().split(b"\ncorrections:")[0] == unruled  # the ruling and its deal, both gone
    assert matchfile.load(t1).match.hands == ()
    assert "Redo: put it back in round-1-table-1.yaml" in page
    redo = "/director/m/round-1-table-1.yaml/redo"
    answer = web.post(redo, data=form_fields(page, redo), headers={"Origin": BASE})
    assert answer.status_code == 303
    kind, text = said(web.get(answer.headers["location"]).text)
    assert kind == "note" and text.startswith("put back hand 1: the ruling")
    assert matchfile.load(t1).match.state.totals == {"Ann": 0, "Dan": 23}
    assert open(t1, "rb").read().split(b"\ncorrections:")[0] == dealt_and_ruled  # both back, sealed as before
    assert "Redo: put it back" not in web.get("/director").text


def test_an_export_of_a_folder_named_outside_ascii_downloads_under_both_names(tmp_path):
    folder = new_event(tmp_path, name="Žofia noc")
    t1 = table_file(folder, 1, 1)
    hand(t1, players_of(t1)[0])
    _served, web = director(folder)
    got = web.get("/director/export/markdown")
    assert got.status_code == 200
    assert got.headers["content-disposition"] == \
        "attachment; filename=\"_ofia_noc.md\"; filename*=UTF-8''%C5%BDofia%20noc.md"


def test_a_hand_recorded_since_leaves_the_pending_list_and_a_withdrawn_one_is_called_withdrawn(tmp_path):
    """A new user's finding: a withdrawn hand was listed as 'rejected', and hands re-entered and confirmed,
    or settled by a ruling (and after undo and redo), stayed listed for good."""
    from serveutil import event_folder, send

    folder = event_folder(tmp_path)
    t1 = str(folder / "round-1-table-1.yaml")
    app = build_app(str(folder))
    served = app.state.served
    phone = TestClient(app, base_url=BASE, follow_redirects=False)
    assert phone.get(f"/t/1?token={served.tokens.get('1')}").status_code == 303
    json_ = {"accept": "application/json"}
    send(phone, "1", "hand", {"by": "Ann", "knocker": "Ann", "count": "3", "defender": "40"}, ident="entry-withdrawn")
    assert send(phone, "1", "reject", {"by": "Ann"}, ident="entry-withdrawn").status_code == 303
    web = TestClient(app, base_url=BASE, follow_redirects=False)
    assert web.get(f"/director?token={served.tokens.get('director')}").status_code == 303

    def listed():
        page = web.get("/director").text
        found = re.search(r'<table class="v" id="pending">(.*?)</table>', page, re.S)
        return re.findall(r'</a></td><td>(.*?)</td>', found.group(1)) if found else []

    assert listed() == ["withdrawn by Ann"]
    late = send(phone, "1", "confirm-0", {"by": "Dan"}, ident="entry-withdrawn", route="confirm", headers=json_)
    assert "this was rejected: withdrawn by Ann, who entered it: enter it again" in late.text  # who, as a fact
    send(phone, "1", "hand", {"by": "Ann", "knocker": "Ann", "count": "3", "defender": "40"}, ident="entry-again-1")
    assert send(phone, "1", "confirm-0", {"by": "Dan"}, ident="entry-again-1", route="confirm",
                headers=json_).json()["ok"]
    assert listed() == [], "hand 1 is recorded: its withdrawn entry is settled"
    send(phone, "1", "hand", {"by": "Ann", "upcard": "9h", "knocker": "Dan", "count": "5", "defender": "23"},
         ident="entry-rejected2")
    assert send(phone, "1", "reject", {"by": "Dan"}, ident="entry-rejected2").status_code == 303
    assert listed() == ["rejected by Dan"]
    kind, _text = said(post(web, "/director/m/round-1-table-1.yaml/ruling", kind="award", player="Dan", points="23",
                            reason="Ann's count stands", by="Dana", upcard="9H"))
    assert kind == "note" and listed() == [], "hand 2 is settled by the ruling"
    page = undo_asked_then_done(web, t1, "round-1-table-1.yaml")
    assert listed() == ["rejected by Dan"], "undone: hand 2 is not in the record again"
    redo = "/director/m/round-1-table-1.yaml/redo"
    assert web.post(redo, data=form_fields(page, redo), headers={"Origin": BASE}).status_code == 303
    assert listed() == []


def test_the_directors_page_in_slovak_says_its_entries_and_exports_in_slovak_and_its_list_fits_a_phone(tmp_path):
    """A new user's findings on the director's page at 390 px in Slovak: the export links' descriptions and
    the pending hand's spread (melds | deadwood) in English, and the pending table 659 px wide. The entry is
    drawn from its data in the page's language; the table scrolls inside its own box (a focusable region)."""
    from serveutil import event_folder, send

    folder = event_folder(tmp_path)
    app = build_app(str(folder))
    served = app.state.served
    phone = TestClient(app, base_url=BASE, follow_redirects=False)
    assert phone.get(f"/t/1?token={served.tokens.get('1')}").status_code == 303
    send(phone, "1", "hand", {"by": "Ann", "knocker": "Dan", "count": "5", "defender": "23"}, ident="entry-sk-0001")
    web = TestClient(app, base_url=BASE, follow_redirects=False)
    assert web.get(f"/director?token={served.tokens.get('director')}").status_code == 303
    page = web.get("/director", headers={"accept-language": "sk"}).text
    for english in ("one row per hand", "everything in the records", ">melds<", ">deadwood<", "knocks against"):
        assert english not in page, english
    assert "Hráč Dan klope proti hráčovi Ann" in page
    region = re.search(r'<div class="wide" role="region" tabindex="0" aria-label="[^"]+"><table class="v" id="pending">',
                       page)
    assert region and ".wide{max-width:100%;overflow-x:auto}" in page

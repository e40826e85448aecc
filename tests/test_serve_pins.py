"""gin-ref serve --pins (#34 item 3): a PIN is the player's own (typed by him on the director's page, or drawn
and printed on a slip for him alone), never set by a confirm; only a player the hand costs confirms it,
with his PIN; wrong PINs cost pauses (5 free, then 60 s doubling to 15 minutes), kept across a restart,
shown and lifted on the director's page; each pause logged, so 100 wrong PINs add up to 30 minutes or
more of pauses (counted from the log lines, on a clock the test moves)."""

import json
import logging
import re

import pytest

from gin_ref.serve import pins as pins_module
from gin_ref.serve.pins import Pins
from serveutil import HOST, event_folder, gin, phone, send, table_file, tally

BASE = f"http://{HOST}"


@pytest.fixture(autouse=True)
def _fast_hash(monkeypatch):
    monkeypatch.setattr(pins_module, "ROUNDS", 10)  # the hash's cost is not what these tests look at


class Clock:
    def __init__(self, now=1_000_000.0):
        self.now = now

    def __call__(self):
        return self.now


def _served(web):
    return web.app.state.served


def _dans_knock(web, ident, by="Dan"):
    answer = send(web, "1", "line", {"line": "dan 5 23", "by": by}, ident=ident)
    assert answer.status_code == 303, answer.text


def _confirm(web, ident, by, pin):
    return send(web, "1", "confirm-0", {"by": by, "pin": pin}, ident=ident, route="confirm",
                headers={"accept": "application/json"})


def test_a_confirm_never_sets_a_pin_a_player_without_one_asks_the_director(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1", pins=True)
    _dans_knock(web, "entry-nopin-01")
    answer = _confirm(web, "entry-nopin-01", "Ann", "1234")
    assert answer.status_code == 409
    assert answer.json()["problem"] == "Ann has no PIN yet: ask the director (a PIN is set on the director's page)"
    assert tally(table_file(folder))["hands"] == []
    assert not Pins(str(folder)).has_pin("Ann")


def test_the_entrant_cannot_confirm_the_hand_as_himself_with_his_own_pin(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1", pins=True)
    Pins(str(folder)).set("Dan", "4321")
    Pins(str(folder)).set("Ann", "8765")
    _dans_knock(web, "entry-liar-001", by="Ann")  # Dan says "I am Ann" to enter his own knock
    answer = _confirm(web, "entry-liar-001", "Dan", "4321")
    assert answer.status_code == 409 and answer.json()["problem"].startswith("Dan cannot confirm this: it costs Ann")
    assert tally(table_file(folder))["hands"] == []
    assert _confirm(web, "entry-liar-001", "Ann", "8765").json()["ok"]
    assert len(tally(table_file(folder))["hands"]) == 1


def test_five_wrong_pins_then_a_pause_doubling_kept_across_a_restart_and_ended_by_a_right_pin(tmp_path):
    folder = event_folder(tmp_path)
    clock = Clock()
    store = Pins(str(folder), clock=clock)
    store.set("Ann", "2468")
    for miss in range(1, 5):
        assert store.check("Ann", "1111") == "that is not the PIN of Ann"
    assert "no PIN of his is looked at for 60 s" in store.check("Ann", "1111")
    assert store.check("Ann", "2468").startswith("too many wrong PINs for Ann: try again in 60 s")  # not looked at
    again = Pins(str(folder), clock=clock)  # a restart keeps the pause
    clock.now += 30
    assert again.check("Ann", "2468").startswith("too many wrong PINs for Ann: try again in 30 s")
    clock.now += 31
    assert "for 2 minutes" in again.check("Ann", "1111")  # the next miss: twice as long
    clock.now += 121
    assert again.check("Ann", "2468") == ""  # the right PIN ends it
    assert again.status(["Ann"]) == [{"player": "Ann", "has_pin": True, "misses": 0, "paused": 0.0}]
    assert again.check("Ann", "1111") == "that is not the PIN of Ann"  # five free misses again


def test_a_hundred_wrong_pins_cost_at_least_thirty_minutes_of_pauses_by_the_log(tmp_path, caplog, monkeypatch):
    monkeypatch.setattr("os.fsync", lambda fd: None)  # a hundred writes of pins.json: their fsync is not looked at
    folder = event_folder(tmp_path)
    clock = Clock()
    store = Pins(str(folder), clock=clock)
    store.set("Ann", "2468")
    tried = 0
    with caplog.at_level(logging.WARNING, logger="gin_ref.serve"):
        while tried < 100:
            answer = store.check("Ann", f"{tried:04d}" if f"{tried:04d}" != "2468" else "9999")
            if answer.startswith("too many wrong PINs"):
                clock.now += store.status(["Ann"])[0]["paused"]  # the attacker tries again as soon as he may
                continue
            tried += 1
    pauses = [int(found.group(1)) for record in caplog.records
              if (found := re.fullmatch(r"PIN pause: Ann, \d+ wrong PINs in a row: (\d+) s", record.getMessage()))]
    assert len(pauses) == 96 and pauses[:5] == [60, 120, 240, 480, 900] and set(pauses[4:]) == {900}
    assert sum(pauses) >= 30 * 60
    assert clock.now - 1_000_000.0 == sum(pauses[:-1])  # each pause waited out on the clock (the last one ahead)


def test_the_directors_page_sets_a_pin_masked_shows_a_pause_lifts_it_and_resets(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from gin_ref.serve.app import build_app

    folder = event_folder(tmp_path)
    app = build_app(str(folder), pins=True)
    served = app.state.served
    web = TestClient(app, base_url=BASE, follow_redirects=False)
    web.get(f"/director?token={served.tokens.get('director')}")
    page = web.get("/director").text
    assert '<h2 id="pins">PINs</h2>' in page and page.count("no PIN yet") == 4
    form = re.search(r'<form[^>]*action="/director/pins/set">(?:(?!</form>).)*value="Ann">.*?</form>', page, re.S)
    assert form and 'type="password" name="pin"' in form.group(0)
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(0)))

    def act(what, **fields):
        answer = web.post(f"/director/pins/{what}", data={**hidden, **fields}, headers={"Origin": BASE})
        assert answer.status_code == 303, answer.text
        return web.get(answer.headers["location"]).text

    assert "The PIN of Ann is set" in act("set", pin="1357")
    assert "1357" not in (folder / ".gin-ref-serve" / "pins.json").read_text()
    for _ in range(5):
        served.pin_store.check("Ann", "0000")
    page = web.get("/director").text
    assert re.search(r"<td>Ann</td><td>has a PIN</td><td>5 wrong in a row</td><td>paused, \d+ s left</td>", page)
    assert "The pause of Ann is lifted" in act("lift")
    assert served.pin_store.check("Ann", "1357") == ""
    assert "has no PIN now" in act("reset")
    assert "ask the director" in served.pin_store.check("Ann", "1357")
    assert "is 4 to 8 digits" in act("set", pin="12")


def test_cards_with_pins_print_a_slip_a_player_and_no_pin_on_a_table_card(tmp_path):
    folder = event_folder(tmp_path)
    out = tmp_path / "cards.html"
    done = gin("serve", folder, "--cards", "--pins", "--port", "8000", "--output", out)
    assert done.returncode == 0, done.stderr
    assert "2 table cards" in done.stdout and "4 PIN slips (one a player)" in done.stdout
    page = out.read_text()
    cards, slips = page.split('<div class="slips">')
    slip = dict(re.findall(r'<section class="slip"><h2>(\w+)</h2><p class="pin">(\d{6})</p>', slips))
    assert sorted(slip) == ["Ann", "Ben", "Cat", "Dan"]
    assert not any(pin in cards for pin in slip.values())
    store = Pins(str(folder))
    assert all(store.check(player, pin) == "" for player, pin in slip.items())
    assert not any(pin in (folder / ".gin-ref-serve" / "pins.json").read_text() for pin in slip.values())
    again = gin("serve", folder, "--cards", "--pins", "--port", "8000", "--output", out)
    assert "0 PIN slips" in again.stdout and "No new slip for Ann, Ben, Cat, Dan" in out.read_text()
    assert json.loads((folder / ".gin-ref-serve" / "pins.json").read_text())["pins"].keys() == slip.keys()

"""gin-ref serve (#34 item 2): every entry names who entered it, and a hand is confirmed by a player it costs
(one who plays it and scores nothing on it; an undo, by the player whose points it takes back; a dead hand,
by any player but the one who entered it); the entrant may withdraw his own pending entry."""

import re

import pytest

from serveutil import event_folder, phone, send, table_file, tally

JSON = {"accept": "application/json"}


def _line(web, line, by, ident):
    fields = {"line": line} if by is None else {"line": line, "by": by}
    return send(web, "1", "line", fields, ident=ident, headers=JSON)


def _confirm(web, by, ident):
    return send(web, "1", "confirm-0", {"by": by}, ident=ident, route="confirm", headers=JSON)


@pytest.mark.parametrize("form", ["line", "hand", "undo"])
def test_an_entry_without_its_entrant_is_refused_in_words(tmp_path, form):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    fields = {"line": {"line": "dan 5 23"}, "hand": {"knocker": "Dan", "count": "5", "defender": "23"},
              "undo": {}}[form]
    if form == "undo":
        assert _line(web, "dan 5 23", "Dan", "entry-first-01").json()["ok"]
        assert _confirm(web, "Ann", "entry-first-01").json()["ok"]
    answer = send(web, "1", form, {**fields, "by": ""}, ident="entry-nobody-1", headers=JSON)
    assert answer.status_code == 400
    assert answer.json()["problem"] == "who enters this? Choose your name (I am ...): every entry names the player who made it"
    page = send(web, "1", form, fields, ident="entry-nobody-2")  # without JavaScript: the page says it
    assert page.status_code == 400 and "who enters this? Choose your name" in page.text
    assert "Confirm as" not in web.get("/t/1").text


def test_the_forms_ask_who_enters_with_no_name_chosen_beforehand(tmp_path):
    web = phone(event_folder(tmp_path), "1")
    page = web.get("/t/1").text
    for form in ("hand", "line"):
        body = re.search(rf'<form[^>]*data-form="{form}".*?</form>', page, re.S).group(0)
        who = re.search(r'<fieldset class="keys who"><legend>I am</legend>.*?</fieldset>', body, re.S).group(0)
        assert 'type="radio" required name="by" value="Ann"' in who and "checked" not in who
    assert "data-remember" not in page


def test_the_winner_cannot_confirm_a_hand_another_name_entered_the_loser_does(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert _line(web, "dan 5 23", "Ann", "entry-winner-1").json()["ok"]  # Dan's knock, entered as Ann
    page = web.get("/t/1").text
    assert "Confirm as Ann" in page and "Confirm as Dan" not in page and "Ann confirms it" in page
    refused = _confirm(web, "Dan", "entry-winner-1")
    assert refused.status_code == 409
    assert refused.json()["problem"] == "Dan cannot confirm this: it costs Ann, not Dan, so Ann confirms it"
    assert tally(table_file(folder))["hands"] == []
    assert _confirm(web, "Ann", "entry-winner-1").json()["ok"]
    assert [h["winner"] for h in tally(table_file(folder))["hands"]] == ["Dan"]


def test_an_undercut_costs_the_knocker_who_confirms_it_though_he_entered_it(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert _line(web, "dan 8 5", "Dan", "entry-under-01").json()["ok"]  # Ann undercuts Dan
    assert _confirm(web, "Ann", "entry-under-01").json()["problem"] == \
        "Ann cannot confirm this: it costs Dan, not Ann, so Dan confirms it"
    assert _confirm(web, "Dan", "entry-under-01").json()["ok"]  # his own loss: his word is enough
    assert [h["winner"] for h in tally(table_file(folder))["hands"]] == ["Ann"]


def test_an_undo_is_confirmed_by_the_player_whose_points_it_takes_back(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert _line(web, "dan 5 23", "Dan", "entry-taken-01").json()["ok"]
    assert _confirm(web, "Ann", "entry-taken-01").json()["ok"]
    assert send(web, "1", "undo", {"by": "Dan"}, ident="entry-taken-02", headers=JSON).json()["ok"]
    refused = _confirm(web, "Ann", "entry-taken-02")
    assert refused.status_code == 409
    assert refused.json()["problem"] == "Ann cannot confirm this: the undo takes back the points of Dan, so Dan confirms it"
    assert len(tally(table_file(folder))["hands"]) == 1
    assert _confirm(web, "Dan", "entry-taken-02").json()["ok"]
    hands = tally(table_file(folder))["hands"]
    assert hands == [] or hands[0].get("result") is None


def test_a_dead_hand_is_confirmed_by_any_player_but_its_entrant(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert _line(web, "9h dead", "Dan", "entry-dead-001").json()["ok"]
    refused = _confirm(web, "Dan", "entry-dead-001")
    assert refused.json()["problem"] == "Dan cannot confirm this: Dan entered it, so Ann confirms it (or Dan withdraws it)"
    assert _confirm(web, "Ann", "entry-dead-001").json()["ok"]


def test_the_entrant_withdraws_his_own_pending_entry(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert _line(web, "dan 5 23", "Dan", "entry-withdr-1").json()["ok"]
    assert "Withdraw (I am Dan: I entered it)" in web.get("/t/1").text
    answer = send(web, "1", "withdraw", {"by": "Dan"}, ident="entry-withdr-1", route="reject")
    assert answer.status_code == 303
    assert "not recorded: withdrawn by Dan, who entered it" in web.get(answer.headers["location"]).text
    assert tally(table_file(folder))["hands"] == [] and "Confirm as" not in web.get("/t/1").text


def test_a_player_who_sits_the_hand_out_cannot_confirm_it(tmp_path):
    from pathlib import Path

    from serveutil import gin

    folder = tmp_path / "three"
    folder.mkdir()
    rules = Path(__file__).resolve().parent.parent / "configs" / "three-player.yaml"
    assert gin("new", "--match", folder / "abc.yaml", "--rules", rules, "--box", "Cat", "--captain", "Ben", "Ann", "Ben",
               "Cat").returncode == 0
    web = phone(folder, "abc")
    answer = send(web, "abc", "line", {"line": "9h cat 5 23", "by": "Cat"}, ident="entry-three-01", headers=JSON)
    assert "Ann sits out" in answer.json()["words"][0]
    refused = send(web, "abc", "confirm-0", {"by": "Ann"}, ident="entry-three-01", route="confirm", headers=JSON)
    assert refused.json()["problem"] == "Ann cannot confirm this: it costs Ben, not Ann, so Ben confirms it"
    assert send(web, "abc", "confirm-0", {"by": "Ben"}, ident="entry-three-01", route="confirm", headers=JSON).json()["ok"]

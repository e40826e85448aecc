"""The table's hand form offers only what the rules allow (#40 item 3): "big gin" only under rules with
``big_gin_bonus``; the knock limit of the upcard, and why, shown as it is chosen (the page's words for every
card, made from the rules: "A♦: ace up, gin only"); who enters chosen for each hand, large, with no name
chosen beforehand and none remembered from the last entry."""

import html
import json
import re

import pytest

pytest.importorskip("starlette")

from runs import expect  # noqa: E402
from serveutil import phone, send  # noqa: E402


def folder_of(tmp_path, rules):
    folder = tmp_path / rules
    folder.mkdir()
    expect(0, "new", "Ann", "Ben", "--rules", rules, "--dealer", "Ann", "--match", folder / "Ann v Ben.yaml")
    return folder


def hand_form(page):
    return re.search(r'<form[^>]*data-form="hand".*?</form>', page, re.S).group(0)


def limits(page):
    found = re.search(r'data-limits="([^"]*)"', hand_form(page))
    return json.loads(html.unescape(found.group(1)))


@pytest.mark.parametrize("rules, big", [("standard", False), ("oklahoma-club", False), ("tournament", True)])
def test_big_gin_is_offered_only_under_rules_with_a_big_gin_bonus(tmp_path, rules, big):
    web = phone(folder_of(tmp_path, rules), "ann-v-ben")
    form = hand_form(web.get("/t/ann-v-ben").text)
    assert ('value="big"' in form) is big and ("big gin" in form) is big
    assert 'name="count" value="0"' in form and ">0 gin<" in form and 'name="count" value="dead"' in form


def test_the_upcards_limit_and_its_reason_are_the_rules_own_words(tmp_path):
    club = phone(folder_of(tmp_path, "oklahoma-club"), "ann-v-ben")
    page = club.get("/t/ann-v-ben").text
    said = limits(page)
    assert len(said) == 52
    assert said["AD"] == "A♦: ace up, gin only"
    assert said["7H"] == "7♥: knock with 7 or less"
    assert said["KS"] == "K♠: knock with 10 or less; a spade up doubles the hand"
    assert 'class="limit" data-limit="1" role="status">knock limit: choose the upcard' in page
    plain = phone(folder_of(tmp_path, "oklahoma"), "ann-v-ben")
    assert limits(plain.get("/t/ann-v-ben").text)["AD"] == "A♦: knock with 1 or less"  # an ace up: limit 1 there
    standard = phone(folder_of(tmp_path, "standard"), "ann-v-ben")
    assert set(limits(standard.get("/t/ann-v-ben").text).values()) >= {"9♥: knock with 10 or less"}
    # a form sent back (refused) shows its upcard's limit, without the script
    answer = send(club, "ann-v-ben", "hand", {"by": "Ann", "upcard": "ad", "knocker": "Zed", "count": "5",
                                               "defender": "23"}, ident="entry-limit-001")
    back = answer.text if answer.status_code != 303 else club.get(answer.headers["location"]).text
    assert 'role="status"><span class="red">A♦</span>: ace up, gin only</p>' in back


def test_who_enters_is_chosen_for_each_hand_large_and_never_remembered(tmp_path):
    web = phone(folder_of(tmp_path, "standard"), "ann-v-ben")
    form = hand_form(web.get("/t/ann-v-ben").text)
    who = re.search(r'<fieldset class="keys who"><legend>I am</legend>.*?</fieldset>', form, re.S).group(0)
    assert 'name="by" value="Ann"' in who and 'name="by" value="Ben"' in who and "checked" not in who
    send(web, "ann-v-ben", "hand", {"by": "Ben", "knocker": "Ben", "count": "5", "defender": "23"},
         ident="entry-who-0001")
    send(web, "ann-v-ben", "confirm-0", {"by": "Ann"}, ident="entry-who-0001", route="confirm")
    page = web.get("/t/ann-v-ben").text
    assert "hand 1: Ben knocked" in page  # recorded
    form = hand_form(page)
    assert 'name="by" value="Ben" checked' not in form and "checked" not in form.split("</fieldset>")[0]  # not remembered

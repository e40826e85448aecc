"""serve's pages say what the journal keeps as facts in each page's own language (#38): the board's last hand
and "just recorded" line, a pending hand's "next" line and an undo's line, the refusals of an entry, the
cards' names; the language switch comes back to the page as it was asked (its query string kept)."""

import json
import re
from pathlib import Path

from serveutil import event_folder, phone, send

from gin_ref.desk.language import speaking
from gin_ref.serve import pagelang, tableform

JSON = {"accept": "application/json"}
SK = {"accept-language": "sk"}


def _line(web, line, by, ident):
    return send(web, "1", "line", {"line": line, "by": by}, ident=ident, headers=JSON)


def _confirm(web, by, ident, headers=None):
    return send(web, "1", "confirm-0", {"by": by} if by else {}, ident=ident, route="confirm",
                headers={**JSON, **(headers or {})})


def _text(html):
    return re.sub(r"<[^>]+>", " ", html)


def test_a_pending_hands_next_line_entered_in_english_is_said_in_the_pages_language(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert _line(web, "dan 5 23", "Dan", "entry-next-0001").json()["ok"]  # entered by an English page
    english = web.get("/t/1").text
    assert re.search(r'<p class="next">next: \w+ deals hand 2 \(the winner of hand 1 deals\)</p>', english)
    slovak = web.get("/t/1", headers=SK).text
    said = re.findall(r'<p class="next">([^<]*)</p>', slovak)
    assert said[0].startswith("ďalej: kolo 1 rozdáva ") and said[0].endswith("(vyžrebované náhodne)")  # the page's
    assert said[1].startswith("ďalej: kolo 2 rozdáva ") and "rozdáva víťaz kola 1" in said[1]  # the pending hand's
    journal = "".join(path.read_text() for path in Path(folder).rglob("*.jsonl"))
    assert '"following": {' in journal and "next: " not in journal  # the facts kept, no sentence


def test_an_undos_line_is_said_in_the_pages_language_from_the_hands_facts(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert _line(web, "dan 5 23", "Dan", "entry-undo-00001").json()["ok"]
    assert _confirm(web, "Ann", "entry-undo-00001").json()["ok"]
    assert send(web, "1", "undo", {"by": "Dan"}, ident="entry-undo-00002", headers=JSON).json()["ok"]
    english = _text(web.get("/t/1").text)
    assert "This takes back hand 1: Dan knocked, 18 points to Dan" in english
    slovak = _text(web.get("/t/1", headers=SK).text)
    assert "Toto berie späť: kolo 1:" in slovak and "knocked" not in slovak and "This takes back" not in slovak


def test_the_boards_last_hand_and_just_recorded_line_are_said_in_the_boards_language(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert _line(web, "dan 5 23", "Dan", "entry-board-0001").json()["ok"]
    assert _confirm(web, "Ann", "entry-board-0001").json()["ok"]
    english = web.get("/board").text
    assert "Just recorded: table 1, hand 1: Dan knocked, 18 points to Dan" in english
    slovak = web.get("/board", headers=SK).text
    latest = re.search(r'<p id="latest">([^<]*)</p>', slovak).group(1)
    assert latest.startswith("Práve zapísané: ") and "kolo 1:" in latest
    assert not re.search(r"knock|points|'s\b", latest), latest
    last = re.search(r'<div class="last">([^<]*)</div>', slovak).group(1)
    assert last.startswith("kolo 1:") and "points" not in last


def test_an_entrys_refusals_are_said_in_the_pages_language(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    assert _line(web, "dan 5 23", "Dan", "entry-refuse-001").json()["ok"]
    nobody = _confirm(web, "", "entry-refuse-001", SK)
    assert nobody.status_code == 409 and nobody.json()["problem"] == "kto potvrdzuje? Ťuknite na svoje meno"
    wrong = _confirm(web, "Dan", "entry-refuse-001", SK).json()["problem"]
    assert wrong.startswith("Dan to nemôže potvrdiť: zapísal/a to Dan, preto to potvrdí Ann"), wrong
    waiting = send(web, "1", "line", {"line": "ann 5 23", "by": "Ann"}, ident="entry-refuse-002",
                   headers={**JSON, **SK}).json()["problem"]
    assert waiting == "na potvrdenie čaká: klopanie hráča Dan. Najprv to potvrďte alebo odmietnite"
    assert _confirm(web, "", "entry-refuse-001").json()["problem"] == "who confirms? Tap your name"


def test_the_card_pickers_names_are_each_cards_own_words_in_the_language():
    with speaking("sk"):
        slovak = tableform.picker("k", "karty", {})
    with speaking("fil"):
        filipino = tableform.picker("k", "baraha", {})
    english = tableform.picker("k", "cards", {})
    assert '<span class="sr">piková dáma</span>' in slovak and '<span class="sr">srdcové eso</span>' in slovak
    assert '<span class="sr">trefová desiatka</span>' in slovak and '<span class="sr">kárový dolník</span>' in slovak
    assert '<span class="sr">reyna ng espada</span>' in filipino
    assert '<span class="sr">queen of spades</span>' in english and '<span class="sr">10 of clubs</span>' in english
    assert len(re.findall(r'class="sr"', slovak)) == 52 and "♠" in slovak  # the notation stays on the cards


def test_the_language_switch_comes_back_to_the_page_with_its_query_string(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    answer = send(web, "1", "line", {"line": "dan 5 23", "by": "Dan"}, ident="entry-switch-0001")
    assert answer.status_code == 303 and answer.headers["location"] == "/t/1?e=entry-switch-0001"
    page = web.get(answer.headers["location"]).text
    assert '<a href="/language?to=sk&amp;back=/t/1%3Fe%3Dentry-switch-0001" lang="sk"' in page
    back = web.get("/language", params={"to": "sk", "back": "/t/1?e=entry-switch-0001"})
    assert back.status_code == 303 and back.headers["location"] == "/t/1?e=entry-switch-0001"
    token = pagelang.at("GET", "/director", "token=secret&x=1")  # a token in the address is never carried
    try:
        assert json.dumps(pagelang.switch_html("en")).count("secret") == 0
        assert "back=/director%3Fx%3D1" in pagelang.switch_html("en")
    finally:
        pagelang.left(token)


def test_the_hand_forms_refusals_are_said_in_the_pages_language(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    nobody = send(web, "1", "hand", {"by": "Dan", "count": "5", "defender": "23"}, ident="entry-form-00001",
                  headers={**JSON, **SK})
    assert nobody.status_code == 400 and nobody.json()["problem"] == "kto klopal? Ťuknite na meno klopajúceho"
    half = send(web, "1", "hand", {"by": "Dan", "knocker": "Dan", "count": "5", "defender": "23", "up_rank": "9"},
                ident="entry-form-00002", headers={**JSON, **SK})
    assert half.json()["problem"] == "otočenej karte chýba farba: ťuknite na ňu"
    english = send(web, "1", "hand", {"by": "Dan", "count": "5", "defender": "23"}, ident="entry-form-00003",
                   headers=JSON)
    assert english.json()["problem"] == "who knocked? Tap the knocker's name"


def test_a_sum_with_words_is_said_in_the_pages_language_and_kept_as_numbers():
    from gin_ref.core.rules import make_rules
    from gin_ref.core.scoring import hand_score
    from gin_ref.core.cards import Card
    from gin_ref.serve.handview import arithmetic_of
    from gin_ref.serve.sumwords import sum_facts, sum_words

    cases = [hand_score(5, 5, make_rules({"knock_tie": "nobody"}), None),
             hand_score(5, 5, make_rules({"knock_tie": "knocker"}), None),
             hand_score(5, 13, make_rules({"knock_limit": 10}), None),
             hand_score(3, 2, make_rules({}), None),
             hand_score(0, 18, make_rules({"spade_double": True}), Card.parse("6S"), gin=True)]
    for score in cases:
        english = arithmetic_of(score.arithmetic)
        facts = sum_facts(score, english)
        assert "text" not in facts and sum_words(facts) == english, english  # English byte for byte, from numbers
    tied = sum_facts(cases[1], arithmetic_of(cases[1].arithmetic))
    with speaking("sk"):
        said = sum_words(tied)
    assert said.startswith("5 − 5 = 0") and "tie" not in said and "knocker" not in said, said


def test_an_illegal_knock_kept_is_kept_as_facts_and_said_in_the_pages_language(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    fields = {"by": "Dan", "knocker": "Dan", "count": "12", "defender": "23", "illegal": "1"}
    assert send(web, "1", "question", fields, ident="entry-illegal-01", route="enter").status_code == 303
    english = _text(web.get("/t/1").text)
    assert "Recorded as an irregularity (hand 1); the deal of hand 1 is recorded and the hand stays open; undo " \
           "takes it back (undo again, the deal)" in english
    slovak = _text(web.get("/t/1", headers=SK).text)
    assert "Zapísané ako nepravidelnosť (kolo 1); rozdanie kola 1 je zapísané" in slovak
    assert "Recorded as" not in slovak
    journal = "".join(path.read_text() for path in Path(folder).rglob("*.jsonl"))
    assert '"said": {"dealt": true, "hand": 1' in journal and "Recorded as" not in journal

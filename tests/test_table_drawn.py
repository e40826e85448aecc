"""The data the table page is drawn from (#40 items 1-2), without a browser: a hand as the desk settles it
(``gin_ref.serve.handview``: sides of cards, the sum, the totals), kept in the journal as JSON and read back;
the form's keys read into the act (the upcard by rank and suit, the count row's keys, the card picker)."""

import pytest

from gin_ref.core.errors import InvalidNotationError
from gin_ref.files import matchfile
from gin_ref.serve import acts, entries, handview, tableform
from gin_ref.serve.sumwords import sum_words
from gin_ref.files.rulesfile import load_rules as preset

pytest.importorskip("starlette")

from runs import expect  # noqa: E402


def record_of(tmp_path, rules="oklahoma"):
    path = tmp_path / "Ann v Ben.yaml"
    expect(0, "new", "Ann", "Ben", "--rules", rules, "--dealer", "Ann", "--match", path)
    return matchfile.load(str(path))


def drawn(tmp_path, fields, rules="oklahoma"):
    record = record_of(tmp_path, rules)
    action = acts.read_action(fields, ["Ann", "Ben"], "low")
    _, made = entries.try_action(record, action)
    return made


def test_a_knock_by_counts_is_two_counted_sides_the_sum_and_the_totals(tmp_path):
    made = drawn(tmp_path, {"up_rank": "9", "up_suit": "H", "knocker": "Ben", "count": "5", "defender": "23"})
    assert made.kind == "knock" and made.hand == 1 and (made.knocker, made.defender) == ("Ben", "Ann")
    assert made.upcard == "9H" and made.limit == 9
    assert [(side.name, side.points, side.counted) for side in made.sides] == [("Ben", 5, True), ("Ann", 23, True)]
    assert sum_words(made.arithmetic) == "23 − 5 = 18" and made.arithmetic["defender"] == 23 and (made.winner, made.points) == ("Ben", 18)
    assert made.totals == (("Ann", 0), ("Ben", 18))
    html = handview.drawn_html(made)
    assert '<p class="sum">23 − 5 = 18</p>' in html and "18 to Ben" in html
    assert '<span class="sr">totals: Ann 0, Ben 18</span>' in html
    assert "<table" not in html and "<pre" not in html


def test_a_knock_by_cards_draws_melds_layoffs_and_deadwood_as_cards(tmp_path):
    fields = {"up_rank": "K", "up_suit": "C", "knocker": "Ann"}
    fields.update({f"k_{code}": "1" for code in "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D".split()})
    fields.update({f"d_{code}": "1" for code in "4S 6C TH JH QH KH 7D QD AC 3C".split()})
    made = drawn(tmp_path, fields)
    mine, theirs = made.sides
    assert not mine.counted
    assert sorted(mine.melds) == sorted((("AS", "2S", "3S"), ("4H", "4D", "4C"), ("7C", "8C", "9C")))
    assert mine.deadwood == ("5D",) and mine.points == 5
    laid = dict(theirs.layoffs)
    assert laid[("4S",)] == ("AS", "2S", "3S") and laid[("6C",)] == ("7C", "8C", "9C")
    assert ("TH", "JH", "QH", "KH") in theirs.melds
    assert sorted(theirs.deadwood) == sorted(("7D", "QD", "AC", "3C")) and theirs.points == 21
    html = handview.drawn_html(made)
    assert '<span class="card red"><span aria-hidden="true">5♦</span><span class="sr">5 of diamonds</span>' in html
    assert '<span class="sr">10 of hearts</span>' in html and ">10♥<" in html
    assert '<span class="lbl">laid off</span>' in html
    assert handview.from_json(handview.to_json(made)) == made  # as the journal keeps it


@pytest.mark.parametrize("fields, kind, winner, points", [
    ({"up_rank": "6", "up_suit": "D", "knocker": "Ann", "count": "6", "defender": "4"}, "undercut", "Ben", 12),
    ({"up_rank": "K", "up_suit": "S", "knocker": "Ben", "count": "0", "defender": "12"}, "gin", "Ben", 37),
])
def test_gins_and_undercuts_from_the_count_row(tmp_path, fields, kind, winner, points):
    made = drawn(tmp_path, fields)
    assert (made.kind, made.winner, made.points) == (kind, winner, points)
    assert handview.from_json(handview.to_json(made)) == made


def test_the_count_rows_dead_key_is_a_dead_hand_and_big_gin_only_where_the_rules_have_it(tmp_path):
    made = drawn(tmp_path, {"up_rank": "9", "up_suit": "H", "count": "dead"})
    assert made.kind == "dead" and made.totals == (("Ann", 0), ("Ben", 0))
    assert '<p class="said">Hand 1 is dead: no score</p>' in handview.drawn_html(made)
    assert acts.read_action({"count": "big", "knocker": "Ann", "defender": "9"}, ["Ann", "Ben"]).big_gin
    big = tableform.hand_keys(preset("tournament"), ["Ann", "Ben"], {}, True, "", "")
    plain = tableform.hand_keys(preset("oklahoma"), ["Ann", "Ben"], {}, True, "", "")
    assert 'name="count" value="big"' in big and 'name="count" value="big"' not in plain
    assert [f'name="count" value="{n}"' in plain for n in range(11)] == [True] * 11


def test_the_upcard_by_rank_and_suit_and_half_an_upcard_is_refused_in_words():
    assert acts.read_action({"up_rank": "T", "up_suit": "D", "count": "dead"}, ["Ann", "Ben"]).upcard == "TD"
    with pytest.raises(InvalidNotationError, match="the upcard needs its suit too"):
        acts.read_action({"up_rank": "T", "count": "dead"}, ["Ann", "Ben"])
    with pytest.raises(InvalidNotationError, match="the upcard needs its rank too"):
        acts.read_action({"up_suit": "D", "count": "dead"}, ["Ann", "Ben"])


def test_the_upcard_folds_away_where_the_rules_need_none_and_the_pad_waits_for_the_script():
    standard = tableform.hand_keys(preset("standard"), ["Ann", "Ben"], {}, True, "", "")
    oklahoma = tableform.hand_keys(preset("oklahoma"), ["Ann", "Ben"], {}, True, "", "")
    assert '<details class="upcard"' in standard and '<div class="upcard"' in oklahoma
    assert '<div class="pad" data-pad-for="defender-count" role="group"' in oklahoma and " hidden>" in oklahoma
    assert 'inputmode="numeric"' in oklahoma  # without the script: a number field


def test_an_older_journals_entry_without_its_drawing_reads(tmp_path):
    assert handview.from_json(None) is None and handview.from_json({"kind": "knock"}) is None


def test_the_drawing_and_the_keys_speak_the_requests_language(tmp_path):
    from gin_ref.desk.language import speaking

    made = drawn(tmp_path, {"up_rank": "9", "up_suit": "H", "knocker": "Ben", "count": "5", "defender": "23"})
    with speaking("sk"):
        html = handview.drawn_html(made)
        keys = tableform.hand_keys(preset("oklahoma"), ["Ann", "Ben"], {}, True, "", "")
    assert "Kolo 1: Hráč Ben klope proti hráčovi Ann" in html and "Ben: +18" in html
    assert '<span class="sr">srdcová deviatka</span>' in html and "súčty: Ann 0, Ben 18" in html
    assert "<legend>Som</legend>" in keys and ">0 = gin<" in keys
    assert "Ben knocks against Ann" in handview.drawn_html(made)  # the context's language only


def test_the_table_page_speaks_slovak_when_asked(tmp_path):
    """The table page's own words (the pending hand's title, the confirm, the limit words) in the language
    the request asks for (Accept-Language, servelang's switch)."""
    from serveutil import phone, send

    folder = tmp_path / "sk"
    folder.mkdir()
    expect(0, "new", "Ann", "Ben", "--rules", "oklahoma", "--dealer", "Ann", "--match", folder / "Ann v Ben.yaml")
    web = phone(folder, "ann-v-ben")
    page = web.get("/t/ann-v-ben", headers={"accept-language": "sk"}).text
    assert '<html lang="sk"' in page and "<legend>Som</legend>" in page and "7♥: klopať s 7 alebo menej" in page
    send(web, "ann-v-ben", "hand", {"by": "Ann", "up_rank": "9", "up_suit": "H", "knocker": "Ben", "count": "5",
                                     "defender": "23"}, ident="entry-sk-00001")
    page = web.get("/t/ann-v-ben", headers={"accept-language": "sk"}).text
    assert "Kolo zapísal/a hráč Ann, ktorého stojí body: potvrdzuje ho hráč Ann" in page and "Potvrdiť ako Ann" in page
    assert "Kolo 1: Hráč Ben klope proti hráčovi Ann" in page


def test_the_scripts_words_come_from_the_server_in_the_pages_language():
    import html
    import json

    from gin_ref.desk.language import speaking
    from gin_ref.serve.tablepage import script_words

    with speaking("sk"):
        said = json.loads(html.unescape(script_words()))
    assert [said["waits"][n].split(" ", 2)[1] for n in (1, 2, 5)] == ["záznam", "záznamy", "záznamov"]
    assert said["waits"][1].startswith("%(count)s ") and said["no_link"].endswith("%(seconds)s s.")
    english = json.loads(html.unescape(script_words()))
    assert english["waits"][1] == ("%(count)s entry waits to be sent: it goes when the link returns (keep this "
                                   "page open).")

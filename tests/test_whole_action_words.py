"""A turn's action (the record's key: draw, take, pass, discard, knock) is said by a whole sentence of its own in
every language, never put raw into another sentence (#38 item 2), and ``score``'s grid says its roles in the
reader's language; English stays as it was, byte for byte."""

import subprocess
import sys

import pytest

from gin_ref.desk import language
from gin_ref.match.irregularities import Irregularity
from gin_ref.views.words import irregularity_words
from tests.test_handplay import knocked
from gin_ref.files.matchfile import checked, match_of, written  # noqa: F401

ACTIONS = ("draw", "take", "pass", "discard", "knock")


@pytest.mark.parametrize("action", ACTIONS)
def test_an_act_recorded_out_of_turn_that_was_not_is_one_whole_sentence_per_action(action):
    record = knocked()
    record["hands"][1]["irregularities"][0].update(player="Ann", action=action)
    message = checked(record).problems[0].message
    assert str(message) == (f"hand 2, turn 3: the {action} by Ann is recorded as out of turn, but Ann was to move")
    assert "%(action)s" not in message.words  # its own message, not the action's key glued into one
    for lang in ("sk", "fil"):
        with language.speaking(lang):
            said = message.say(language.gettext, language.ngettext)
        assert "úkon" not in said and said != str(message)
        if action in ("draw", "take", "discard"):  # the English key is a glossary term for pass and knock
            assert action not in said


@pytest.mark.parametrize("card, english", [(None, "Ann's action refused"), ("9S", "Ann's action 9S refused")])
def test_an_irregularity_with_no_action_says_so_in_the_readers_language(card, english):
    item = Irregularity("out_of_turn", "Ann", None, card=card)
    assert irregularity_words(item) == english
    for lang in ("sk", "fil"):
        with language.speaking(lang):
            said = irregularity_words(item)
        assert "action" not in said and "Ann" in said


def test_a_knock_refused_with_its_card_is_a_whole_sentence():
    item = Irregularity("out_of_turn", "Ann", None, action="knock", card="9S")
    assert irregularity_words(item) == "Ann's knock 9S refused"
    with language.speaking("sk"):
        assert irregularity_words(item) == "klopanie 9S hráča Ann odmietnuté"


SCORE = ["score", "--upcard", "KH", "--knocker", "AS 2S 3S 4H 4D 4C 7C 8C 9C 6D 5D", "--defender",
         "5H 5S 5C TH JH QH 2D 3D 4S AC", "--discard", "5D"]


def _score(*lang):
    return subprocess.run([sys.executable, "-m", "gin_ref", *lang, *SCORE], capture_output=True, text=True,
                          check=True).stdout.splitlines()


def test_score_says_its_rows_the_knocker_and_the_defender_in_the_readers_language():
    english = _score()
    assert [line.split()[0] for line in english[3:5]] == ["knocker", "defender"]
    assert english[5] == "knocker's discard: 5♦"
    slovak = _score("--lang", "sk")
    assert slovak[3].startswith("klopajúci hráč ") and slovak[4].startswith("súper ")
    assert slovak[5] == "odhodená karta klopajúceho hráča: 5♦"
    assert not any("knocker" in line or "defender" in line for line in slovak + _score("--lang", "fil"))


@pytest.mark.parametrize("ruling, english, slovak, filipino", [
    ({"hand": 3, "kind": "award", "player": "Ann", "points": 10, "reason": "late"}, "hand 3: award Ann 10: late",
     "kolo 3: pridelenie 10 bodov pre hráča Ann: late", "round 3: iginawad kay Ann ang 10 puntos: late"),
    ({"hand": 3, "kind": "award", "player": "Ann", "points": 2, "reason": "late"}, "hand 3: award Ann 2: late",
     "kolo 3: pridelenie 2 bodov pre hráča Ann: late", "round 3: iginawad kay Ann ang 2 puntos: late"),
    ({"hand": 4, "kind": "forfeit", "player": "Ben", "reason": "left"}, "hand 4: forfeit Ben: left",
     "kolo 4: kontumácia, Ben prehráva kontumačne: left", "round 4: sumuko si Ben: left"),
    ({"hand": 2, "kind": "void", "player": None, "points": None, "reason": "x"}, "hand 2: void: x",
     "kolo 2: zrušenie: x", "round 2: walang bisa: x"),
    ({"hand": 2, "kind": "redeal", "reason": "x"}, "hand 2: redeal: x", "kolo 2: nové rozdanie: x",
     "round 2: deal ulit: x"),
])
def test_the_director_page_says_each_ruling_kind_by_a_whole_sentence(ruling, english, slovak, filipino):
    from gin_ref.serve.directorpage import _ruling
    assert _ruling(ruling) == english
    for lang, words in (("sk", slovak), ("fil", filipino)):
        with language.speaking(lang):
            assert _ruling(ruling) == words

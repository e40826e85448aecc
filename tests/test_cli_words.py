"""Words (issue 25 item 4): a gin's defender is counted, not "counted after layoffs"; a note left by a
ruling does not speak of amended results; the status line flags a card given twice as it is typed;
three names under two-player rules point to the three-player preset; a bad hand number to `amend` is
refused in gin-ref's words, not click's."""

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.cli.status import typed_status
from gin_ref.files import matchfile


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    gin("new", "--date", "2025-03-01", "--dealer", "Ann", "Ann", "Ben")
    return tmp_path


def gin(*args, code=0):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    return result


def test_a_gins_defender_is_counted_not_counted_after_layoffs(here):
    out = gin("knock", "--upcard", "9H", "Ann", "0", "--defender", "23").stdout
    assert "Ben  counted  23" in out and "after layoffs" not in out
    out = gin("knock", "--upcard", "9H", "Ann", "5", "--defender", "23").stdout
    assert "Ben  counted after layoffs  23" in out


def test_a_note_left_by_a_ruling_speaks_of_the_ruling(here):
    for knocker in ("Ann", "Ann", "Ben"):
        gin("knock", "--upcard", "9H", knocker, "5", "--defender", "23")
    gin("ruling", "--hand", "1", "--award", "Ben", "10", "--reason", "shown cards", "--by", "Dana")
    tally = gin("tally").stdout
    assert "* hand 2: dealt by Ann as played; the results as ruled give Ben" in tally
    assert "amended" not in tally
    assert '"by": "ruling"' in gin("tally", "--json").stdout
    gin("amend", "1", "Ann", "6", "--defender", "23")  # an amend reaches hand 2 too: its words are the amend's
    assert "the amended results give" in gin("tally").stdout


@pytest.mark.parametrize("line, status", [
    ("knock Ben AS AS", "Ben: duplicate card AS in hand"),
    ("knock Ben AS 2S 3S 4H 4D 4C 7C 8C 9C AS", "Ben: duplicate card AS in hand"),
    ("knock Ben 5 --defender 'AS AS'", "defender: duplicate card AS in hand"),
    ("knock Ben AS 2S A", "Ben: 2 cards, deadwood 3 so far (10 to knock, or 11 before the discard)"),  # typing
])
def test_the_status_line_flags_a_card_given_twice_as_it_is_typed(here, line, status):
    gin("deal", "--upcard", "9H")
    match = matchfile.load("match.yaml").match
    assert typed_status(line, len(line), match, lambda name: main.get_command(None, name)) == status


def test_three_names_under_two_player_rules_point_to_the_three_player_preset(here):
    result = gin("new", "--force", "Ann", "Ben", "Cid", code=2)
    assert result.stderr == ("Error: the oklahoma rules need 2 players, not 3 (three players: --rules "
                             "three-player)\n")


@pytest.mark.parametrize("hand", ["0", "three", "1.5", "٣"])
def test_amend_refuses_a_bad_hand_number_in_gin_refs_words(here, hand):
    result = gin("amend", hand, "Ann", "5", "--defender", "23", code=2)
    why = ("U+0663 ARABIC-INDIC DIGIT THREE is not an ASCII digit: write numbers with 0-9" if hand == "٣"
           else "hands are numbered 1, 2, 3...")
    assert result.stderr == f"Error: bad hand number '{hand}': {why}\n"

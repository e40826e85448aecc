"""The desk functions the session of ``play`` calls (#37 item 2; docs/library.md, "At the table"): the file as
the session watches it, the table line, and the checks it makes as a person types."""

import pytest

from gin_ref.core.cards import Card, parse_cards
from gin_ref.desk import acts, engine, sessionfile, tableline
from gin_ref.desk.errors import GinRefError
from gin_ref.desk.rules import load_rules


@pytest.fixture
def started(tmp_path):
    path = str(tmp_path / "m.yaml")
    acts.start_match(path, ["Ann", "Ben"], "oklahoma", "2024-05-01", dealer="Ann")
    return path


def test_the_file_s_bytes_and_the_match_in_them(started, tmp_path):
    raw = sessionfile.file_bytes(started)
    match, problem = sessionfile.match_in(raw, started)
    assert (match.players, problem) == (["Ann", "Ben"], None)
    assert sessionfile.file_bytes(str(tmp_path / "none.yaml")) is None
    assert sessionfile.match_in(None, started) == (None, None)
    assert sessionfile.match_in(b"\xff\xfe", started) == (None, f"{started}: not UTF-8 text")
    unread, why = sessionfile.match_in(b"format: [", started)
    assert unread is None and why


def test_what_another_writer_changed_is_said_and_never_costs_the_entry(started):
    before = sessionfile.file_bytes(started)
    acts.deal(started, Card.parse("7D"))
    after = sessionfile.file_bytes(started)
    assert sessionfile.changes_between(before, after, started) == ["hand 1 dealt (upcard 7♦)"]
    assert sessionfile.changes_between(before, before, started) == []
    unreadable = sessionfile.changes_between(before, b"\x00not a record", started)
    assert len(unreadable) == 1 and unreadable[0].startswith("the file no longer reads (")


def test_an_entry_held_refuses_a_change_on_a_file_it_did_not_see(started):
    seen = sessionfile.file_bytes(started)
    acts.deal(started, Card.parse("7D"))  # another writer, after the session last looked
    with pytest.raises(GinRefError):
        with sessionfile.entry_held(started, seen, 0.0):
            acts.dead(started)
    with sessionfile.entry_held(started, sessionfile.file_bytes(started), 0.0) as entry:
        acts.dead(started)
    assert entry.known == sessionfile.file_bytes(started)


def test_big_gin_is_refused_as_the_command_refuses_it():
    assert tableline.big_gin_refusal(load_rules("tournament"), "0") is None
    assert "count 0" in tableline.big_gin_refusal(load_rules("tournament"), "3")
    assert tableline.big_gin_refusal(load_rules("oklahoma"), "0") == \
        "the oklahoma rules have no big gin (big_gin_bonus: null)"


def test_players_are_checked_in_start_match_s_words(tmp_path):
    rules = load_rules("oklahoma")
    assert acts.check_players(["Ann", "Ben"], rules, dealer="ben") is None
    for names, dealer in ((["Ann"], None), (["Ann", "Ben"], "Cy")):
        with pytest.raises(GinRefError) as asked:
            acts.check_players(names, rules, dealer=dealer)
        refusal = acts.can_start_match(str(tmp_path / "x.yaml"), names, rules, "2024-05-01", dealer=dealer)
        assert refusal is not None and refusal.message == str(asked.value)


def test_deadwood_and_the_best_melding_of_cards_typed():
    rules = load_rules("oklahoma")
    cards = parse_cards("AS 2S 3S 4H 4D 4C 7C 8C 9C 5D KH")
    assert engine.deadwood(cards[:10], rules) == 5
    best = engine.melding(cards, discard=True, rules=rules)
    assert (best.discard, best.deadwood) == (Card.parse("KH"), 5)
    assert engine.knock_limit(rules, Card.parse("7D")) == 7

"""A hand's claims and its knock's facts, read once into typed values (gin_ref.match.handread: the hand as
recorded, a RecordedHand, and its facts read, a Hand), judged by the replay; what a settling replay works out is
left in the state (MatchState.worked) and put into a new hand by the model (Worked.on): nothing changed in place."""

import copy

import pytest

from gin_ref.core.cards import Card
from gin_ref.files.rulesfile import load_rules
from gin_ref.match import replay as replaying
from gin_ref.files.handform import hand_data, recorded_hand
from gin_ref.match.handread import NOT_WRITTEN, RecordedHand, Worked
from gin_ref.match.handread import HAND_CHECKS, read_hand
from gin_ref.files.matchtop import read_header
from gin_ref.match.model import Match
from gin_ref.match.problems import Problems
from gin_ref.files.matchfile import replay_data as replay
from gin_ref.match.schema import HAND_KEYS, AsWritten

from hands import DEFENDER, KNOCKER
from gin_ref.files.matchfile import checked, match_of, written as written_of  # noqa: F401


UNKNOWN = ("hand 1: unknown card 'not' (write rank A 2-10 J Q K (or T), then suit S H D C or ♠ ♥ ♦ ♣, any case: "
           "10h, QS, t♥)")


def _cards(text):
    return tuple(Card.parse(code) for code in text.split())


@pytest.fixture
def match():
    """Three hands: Ben knocks by cards, a dead hand, Ann's gin by counts."""
    played = Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann")
    played.deal("9H")
    played.knock("Ben", KNOCKER[5], DEFENDER[(5, 35)])
    played.deal("KS")
    played.dead()
    played.deal("KH")
    played.knock("Ann", "0", "20")
    return played


def _hand(record, index, facts=True):
    problems = Problems()
    hand = read_hand(recorded_hand(record["hands"][index]), index, read_header(record, problems), problems, facts)
    assert not problems
    return hand


def _problems(record):
    return [(tuple(problem.where), str(problem.message)) for problem in replay(record)[1]]


def test_claims_are_read_as_written_and_a_key_not_written_is_told_from_null():
    claims = recorded_hand({"limit": 9, "winner": None, "points": "x", "totals": {"Ann": 3}})
    assert claims == RecordedHand(limit=9, winner=None, points=AsWritten("x"), totals={"Ann": 3})  # "x": no number
    assert claims.winner is None and claims.games is NOT_WRITTEN and claims.result is NOT_WRITTEN
    assert (claims.whole_limit, claims.points_given, claims.winner_among(("Ann", "Ben"))) == (9, 0, None)
    other = recorded_hand({"limit": True, "winner": "Ben", "points": 30})
    assert (other.whole_limit, other.points_given, other.winner_among(("Ann", "Ben"))) == (None, 30, "Ben")
    assert other.winner_among(("Ann", "Cy")) is None
    assert recorded_hand({}) == RecordedHand()
    assert list(RecordedHand._fields) == [*HAND_KEYS, "lines", "unknown"]  # the file's order of keys (then its
    assert recorded_hand({"limit": 9}).lines == ()  # lines in the file, none made in memory, and the unknown keys)
    odd = recorded_hand({"number": 1, "colour": "red", "limit": 9})
    assert odd.unknown == (("colour", "red"),) and list(odd.written()) == [("number", 1), ("limit", 9),
                                                                           ("colour", "red")]


def test_a_hands_irregularities_and_ruling_are_typed_by_their_fields_no_list_in_the_hand():
    item = {"kind": "out_of_turn", "player": "Ann", "turn": 1, "action": "take"}
    listed = recorded_hand({"irregularities": [item, "oops"]})
    kept, odd = listed.irregularities  # a tuple of items: each a Kept, or as written
    assert type(listed.irregularities) is tuple and listed.items == listed.irregularities
    assert (kept.item.kind, kept.item.player, odd) == ("out_of_turn", "Ann", AsWritten("oops"))
    assert recorded_hand({"irregularities": []}).irregularities == () == recorded_hand({}).items
    for written in ({"kind": "out_of_turn"}, "oops", 3):  # not a list: the whole value as written, no items
        hand = recorded_hand({"irregularities": written})
        assert hand.irregularities == AsWritten(written) and hand.items == ()
        assert hand_data(hand) == {"irregularities": written}  # (written back as it was)
    assert recorded_hand({"irregularities": None}).irregularities is None
    ruling = recorded_hand({"ruling": None}).ruling  # written null: kept as written (not a mapping, refused)
    assert type(ruling) is AsWritten and ruling.value is None and hand_data(recorded_hand({"ruling": None})) == {
        "ruling": None}
    assert type(recorded_hand({"ruling": ["a"]}).ruling) is AsWritten
    assert recorded_hand({"ruling": {"kind": "void", "player": None, "points": None, "reason": "x", "by": None,
                                     "date": None, "steps": 3, "hands": 1}}).ruling.ruling.kind == "void"  # a Ruled


def test_totals_and_games_as_written_are_read_for_showing_by_the_first_reading():
    # the first reading (files/) reads totals and games a hand edit wrote once, leniently: match/ shows that
    # reading, never the value as parsed
    from gin_ref.match.handread import shown_columns, shown_totals
    odd = recorded_hand({"totals": {1: 25, "Ben": "0", "Cid": 3}, "games": [{"Ann": True}, "x"]})
    assert odd.totals.read == (("1", "25"), ("Ben", "'0'"), ("Cid", "3"))
    assert odd.games.read == ((("Ann", "true"),), "'x'")
    assert shown_totals(odd.totals) == "1 25, Ben '0', Cid 3"
    assert str(shown_columns(odd.games)) == "game 1 Ann true; game 2 'x'"
    other = recorded_hand({"totals": [25, 0], "games": {"Ann": 3}})
    assert other.totals.read == "a list" and other.games.read is None
    assert (shown_totals(other.totals), str(shown_columns(other.games))) == ("a list", "{'Ann': 3}")
    typed = recorded_hand({"totals": {"Ann": 25, "Ben": 0}, "games": [{"Ann": 25, "Ben": 0}]})
    assert typed.totals == {"Ann": 25, "Ben": 0} and typed.games == ({"Ann": 25, "Ben": 0},)
    assert str(shown_columns(typed.games)) == "game 1 Ann 25, Ben 0"

def test_a_hand_holds_its_claims_and_its_knocks_facts_typed(match):
    record = written_of(match)
    knock, dead, gin = (_hand(record, i) for i in range(3))
    claims = knock.claims
    assert (claims.limit, claims.result, claims.defender, claims.winner, claims.points, claims.totals,
            claims.games) == (9, "knock", "Ann", "Ben", 30, {"Ann": 0, "Ben": 30}, NOT_WRITTEN)
    assert knock.facts.knocker_cards == _cards(KNOCKER[5]) and knock.facts.defender_cards == _cards(DEFENDER[(5, 35)])
    assert (knock.facts.knocker_count, knock.counted) == (None, 0)
    assert (gin.facts.knocker_count, gin.facts.defender_count, gin.facts.knocker_cards) == (0, 20, None)
    assert gin.counted == 2
    assert dead.facts is None and dead.claims.winner is None and dead.claims.defender is NOT_WRITTEN
    assert list(HAND_CHECKS) == ["place", "dealer", "roles", "upcard", "play", "result", "facts"]


def test_a_knocks_facts_are_not_read_when_the_replay_holds_its_settlement(match):
    record = copy.deepcopy(written_of(match))
    record["hands"][0]["knocker_cards"] = "not cards"
    assert _hand(record, 0, facts=False).facts is None and "facts" not in _hand(record, 0, facts=False).found
    read = _hand(record, 0)
    assert read.facts is None
    assert [(tuple(p.where), str(p.message)) for p in read.found["facts"]] == [
        (("hands", 0, "knocker_cards"), UNKNOWN)]


def test_the_facts_problem_is_said_where_the_knock_is_settled_again(match):
    record = copy.deepcopy(written_of(match))
    record["hands"][0]["knocker_cards"] = "not cards"
    record["hands"][0]["defender"] = "Cy"
    found = _problems(record)
    facts = (("hands", 0, "knocker_cards"), UNKNOWN)
    defender = (("hands", 0, "defender"), "hand 1: defender is 'Cy', but Ann was the other player in the hand")
    assert found.index(defender) + 1 == found.index(facts)  # after the defender, before the winner and points
    # an upcard that cannot be read (the limit needs it): the knock is not settled again, nor its facts judged
    record["hands"][0]["upcard"] = "ZZ"
    assert facts not in _problems(record)


def test_an_open_hand_holds_the_keys_of_a_settled_one_it_has():
    record = written_of(Match.new(["Ann", "Ben"], load_rules("oklahoma"), "2024-05-01", dealer="Ann"))
    record["hands"].append({"number": 1, "dealer": "Ann", "upcard": "9H", "limit": 9, "winner": "Ann",
                            "points": None, "totals": {"Ann": 0, "Ben": 0}})
    assert _hand(record, 0).held == ("winner", "totals")
    assert _problems(record) == [(("hands", 0, "winner"), "hand 1 has 'winner' but no result"),
                                 (("hands", 0, "totals"), "hand 1 has 'totals' but no result")]


@pytest.mark.parametrize("key, written, where, message", [
    ("points", NOT_WRITTEN, ("hands", 0), "hand 1 has no 'points' (it should be 30)"),
    ("points", None, ("hands", 0, "points"), "hand 1: points are null, but the cards give 30 (knock: 35 − 5 = 30 "
                                             "to the knocker)"),
    ("limit", NOT_WRITTEN, ("hands", 0), "hand 1: limit is null, but upcard 9♥ gives 9 (upcard 9♥)"),
    ("defender", NOT_WRITTEN, ("hands", 0), "hand 1 has no 'defender' (it should be \"Ann\")"),
    ("result", "gin", ("hands", 0, "result"), "hand 1: result is 'gin', but the cards give knock (knock: 35 − 5 "
                                              "= 30 to the knocker)"),
])
def test_a_claim_not_written_and_a_claim_that_differs_are_two_problems(match, key, written, where, message):
    record = copy.deepcopy(written_of(match))
    if written is NOT_WRITTEN:
        del record["hands"][0][key]
    else:
        record["hands"][0][key] = written
    assert _problems(record)[0] == (where, message)


def test_what_was_worked_out_goes_into_a_new_hand():
    assert list(Worked._fields) == [key for key in HAND_KEYS if key in Worked._fields]
    hand = recorded_hand({"number": 1, "result": "knock", "knocker": "Ann", "defender_cards": ["AS"]})
    columns = [{"Ann": 25, "Ben": 0}]
    settled = Worked("gin", "Ben", "Ann", 25, {"Ann": 25, "Ben": 0}, columns).on(hand)
    assert [key for key, _value in settled.written()] == ["number", "result", "knocker", "defender", "defender_cards",
                                                          "winner", "points", "totals", "games"]  # the file's order
    assert (settled.result, settled.defender, settled.games) == ("gin", "Ben", tuple(columns))
    assert hand.result == "knock" and hand.winner is NOT_WRITTEN  # the hand it was made from stands as it was
    again = Worked(winner=None, totals={"Ann": 0, "Ben": 0}).on(settled)  # the rest not worked out: kept
    assert (again.result, again.winner, again.points, again.totals) == ("gin", None, 25, {"Ann": 0, "Ben": 0})


def test_settling_leaves_what_it_worked_out_and_checking_leaves_nothing(match):
    before = match.record
    match.deal("QS")
    dealt = match.record
    match.knock("Ben", KNOCKER[5], DEFENDER[(5, 17)])
    hand = match.hands[-1]
    assert (hand.result, hand.defender, hand.winner, hand.points, hand.totals) == (
        "knock", "Ann", "Ben", 12, {"Ann": 45, "Ben": 42})
    assert match.state.worked == {}  # put into the hand, kept nowhere else
    assert dealt.hands[-1].result is NOT_WRITTEN and len(before.hands) == 3  # the Records before stand as they were
    state, problems, _base = replaying.replay_record(match.record)
    assert not problems and state.worked == {}


def test_the_facts_are_typed_and_only_what_a_hand_edit_wrote_otherwise_is_kept_as_written():
    """#36 item 1: a hand's facts are typed values (a card a Card, cards a tuple of them, the turns their
    lines, a count an int); only a value the canonical writer could not write again from a typed one (a
    ``9h``, a count written ``"3"`` or true, cards written as one string, a number where a name goes) is kept
    as written, and the writer lays every value out as it was read."""
    from gin_ref.core.cards import Card
    from gin_ref.files.handform import hand_data

    canonical = {"number": 1, "dealer": "Ann", "upcard": "7D", "limit": 7, "irregularities": [],
                 "turns": ["Ben passes"], "result": "knock", "knocker": "Ann",
                 "knocker_cards": ["AS", "2S", "3S"], "big_gin": False, "melds": [["AS", "2S", "3S"]],
                 "discard": "KH", "defender_count": 12, "winner": "Ann", "points": 5,
                 "totals": {"Ann": 5, "Ben": 0}, "games": [{"Ann": 5, "Ben": 0}], "seal": "0123456789abcdef"}
    hand = recorded_hand(canonical)
    assert hand.upcard is Card.parse("7D") and hand.discard is Card.parse("KH")
    assert hand.knocker_cards == tuple(Card.parse(code) for code in ("AS", "2S", "3S"))
    assert hand.melds == (hand.knocker_cards,) and hand.turns == ("Ben passes",)
    assert (hand.defender_count, hand.points, hand.big_gin) == (12, 5, False)
    assert hand.games == ({"Ann": 5, "Ben": 0},)
    assert AsWritten not in map(type, hand)
    assert hand_data(hand) == canonical and list(hand_data(hand)) == list(canonical)
    edited = {"number": "1", "dealer": 3, "upcard": "9h", "limit": True, "turns": ["Ben passes", 4],
              "result": "knocked", "knocker_cards": "as 2s 3s", "knocker_count": "3", "melds": [["AS", "zz"]],
              "discard": ["KH"], "defender_cards": ["AS", "AS"], "winner": ["Ann"], "totals": {"Ann": "5"},
              "games": "none"}
    odd = recorded_hand(edited)
    assert odd.defender_cards == (Card.parse("AS"),) * 2  # typed: the replay refuses the card twice
    assert {key for key, value in odd.written() if type(value) is AsWritten} == set(edited) - {"defender_cards"}
    assert hand_data(odd) == edited and list(hand_data(odd)) == list(edited)


def test_every_hand_read_from_its_file_is_typed(here):
    """The canonical reader's lists and mappings know their lines (a list's and a dict's subclasses: the
    turns, written one a line): read from the file, a hand gin-ref wrote holds typed facts only, nothing
    kept as written (the shipped examples, and a hand recorded turn by turn, then a hand knocked)."""
    from pathlib import Path

    from runs import expect

    from gin_ref.files import matchfile

    expect(0, "new", "--dealer", "Ann", "Ann", "Ben")
    expect(0, "deal", "--upcard", "9H")
    for turn in (("pass", "Ben"), ("pass", "Ann"), ("draw", "Ben"), ("discard", "Ben", "QH")):
        expect(0, *turn)
    root = Path(__file__).resolve().parent.parent / "examples"
    read = 0
    for path in ["match.yaml", *sorted(str(path) for path in root.glob("*.yaml"))]:
        for hand in matchfile.load(path).match.hands:
            assert [key for key, value in hand.written() if type(value) is AsWritten] == [], (path, hand.number)
            assert type(hand.turns) is tuple or hand.turns is NOT_WRITTEN
            read += 1
    turns = matchfile.load("match.yaml").match.hands[0].turns
    assert turns == ("Ben passes", "Ann passes", "Ben draws", "Ben discards QH") and read >= 30


@pytest.mark.parametrize("key, value, words", [
    ("discard", ["KH"], "hand 1: a card is written as text (7D, 10h), not a list"),
    ("discard", "kh", "hand 1: discard KH named with 10 cards: a discard goes with 11"),
    ("knocker_cards", "5S KS KH TD JD QD KD AC 2C 3C", None),
    ("upcard", "7d", None),
])
def test_a_fact_kept_as_written_is_read_as_it_was_written(key, value, words):
    """A hand edit's value kept as written (AsWritten) is read by the checks as it was written: a card
    ``kh`` is a card, a list where a card goes is said to be a list, cards written as one string are read
    (the replay's problems are main's, word for word)."""
    import yaml
    from pathlib import Path

    record = yaml.safe_load((Path(__file__).resolve().parent.parent / "examples" / "oklahoma.yaml").read_text())
    record["hands"][0][key] = value
    hand = recorded_hand(record["hands"][0])
    assert type(getattr(hand, key)) is AsWritten
    said = [str(problem.message) for problem in replay(record)[1] if problem.where[:2] == ("hands", 0)]
    assert said == ([words] if words is not None else [])

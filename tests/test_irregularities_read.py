"""Irregularities and rulings read once (issue 23 item 1): the reader types each item and reports each fault
at its key, in the order its checks are listed; the tally shows the very values the replay read."""

from pathlib import Path

from gin_ref.files import matchfile
from gin_ref.files.itemread import MATCH_CHECKS, item_of, refused_of, ruling_of, written_item, written_ruling
from gin_ref.match.irregularities import HAND_CHECKS, Irregularity, Kept, read_hand_irregularity
from gin_ref.match.problems import Problems
from gin_ref.match.schema import AsWritten
from gin_ref.match.rulings import Ruled, Ruling, ruled_read
from gin_ref.match.tally import tally_of
from gin_ref.views.tally_text import irregularity_data

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
WHERE = ("hands", 4, "irregularities", 0)


def read(item, players=("Ann", "Ben"), pair=("Ann", "Ben")):
    """An item as the file holds it, first read (``item_of``: typed, or as written), or one already read,
    then checked."""
    problems = Problems()
    typed = item if isinstance(item, (Kept, AsWritten)) else item_of(item)
    return read_hand_irregularity(typed, WHERE, 5, list(players), list(pair), problems), problems


def read_match_irregularity(item, where, players, problems):
    """A deal refused as the file holds it, first read and checked (problems into ``problems``)."""
    assert where == ("irregularities", 0)
    refusals, _items, listed = refused_of([item], players)
    assert listed == ()
    kept, _hand, said = refusals[0]
    problems.extend(said)
    return None if kept is None else kept.item._replace(where=where, detail=kept.said)


def test_a_sound_illegal_knock_reads_into_its_typed_value():
    item = {"kind": "illegal_knock", "player": "Ann", "turn": 3, "detail": "knock not allowed: deadwood 12",
            "points": 10, "cards": ["AS", "4S"]}
    typed, problems = read(item)
    assert problems == []
    assert typed == Irregularity("illegal_knock", "Ann", "knock not allowed: deadwood 12", 10, turn=3, where=WHERE)
    assert irregularity_data(typed) == {"kind": "illegal_knock", "player": "Ann", "detail": "knock not allowed: deadwood 12",
                            "points": 10, "turn": 3}


def test_an_out_of_turn_action_keeps_its_action_and_its_card_as_written():
    typed, problems = read({"kind": "out_of_turn", "player": "Ben", "turn": 2, "action": "discard", "card": "10h",
                            "detail": "out of turn: Ann is to draw"})
    assert problems == []
    assert (typed.player, typed.action, typed.card, typed.turn) == ("Ben", "discard", "10h", 2)


def test_every_fault_of_an_item_is_reported_at_its_key_in_the_order_of_the_checks():
    item = {"kind": "out_of_turn", "colour": "red", "turn": 0, "player": "Cid", "action": "shuffle",
            "card": "1Z"}
    typed, problems = read(item)
    assert [problem.where for problem in problems] == [
        WHERE + ("colour",), WHERE + ("turn",), WHERE + ("player",), WHERE + ("action",), WHERE + ("card",)]
    assert str(problems[0].message) == "hand 5: unknown key 'colour' in an irregularity (out_of_turn)"
    assert str(problems[2].message) == "hand 5: the player out of turn must be one of Ann, Ben, not 'Cid'"
    # what could not be read is not made up: no player, action, turn or card (no detail: /3 holds none)
    assert typed == Irregularity("out_of_turn", None, None, where=WHERE)
    typed, problems = read({"kind": "out_of_turn", "player": "Ann", "turn": 1, "action": "draw", "detail": 7})
    assert [(problem.where, str(problem.message)) for problem in problems] == [
        (WHERE + ("detail",), "hand 5: an irregularity's 'detail' must be the reason it was refused")]
    assert [check.__name__ for check in HAND_CHECKS["out_of_turn"]] == [
        "check_keys", "_turn", "check_detail", "check_player", "_action", "_turn_given", "_card"]


def test_an_illegal_knock_names_a_player_of_the_hand_not_the_sitter():
    typed, problems = read({"kind": "illegal_knock", "player": "Cid", "detail": "x", "points": 0},
                           players=("Ann", "Ben", "Cid"), pair=("Ann", "Ben"))
    assert [problem.where for problem in problems] == [WHERE + ("player",)]
    assert typed.player is None


def test_what_is_not_an_irregularity_is_one_problem_and_no_value():
    for item, message in ((["kind"], "hand 5: an irregularity holds kind, player and points"),
                          ({"kind": "cheating"}, "hand 5: unknown irregularity 'cheating' (known: illegal_knock, "
                                                 "out_of_turn)")):
        typed, problems = read(item)
        assert typed is None and [str(problem.message) for problem in problems] == [message]


def test_a_refused_deal_names_its_hand_before_anything_else_is_said_of_it():
    problems = Problems()
    assert read_match_irregularity({"kind": "wrong_dealer", "hand": 0, "player": "Zed"}, ("irregularities", 0),
                                   ["Ann", "Ben"], problems) is None
    assert [(problem.where, str(problem.message)) for problem in problems] == [
        (("irregularities", 0, "hand"), "a refused deal names the 'hand' that was to be dealt, not 0")]
    problems = Problems()
    typed = read_match_irregularity({"kind": "wrong_dealer", "hand": 4, "player": "Zed"}, ("irregularities", 0),
                                    ["Ann", "Ben"], problems)
    assert [str(problem.message) for problem in problems] == ["hand 4: the dealer refused must be one of Ann, Ben, not 'Zed'"]
    assert typed == Irregularity("wrong_dealer", None, None, hand=4, where=("irregularities", 0))
    problems = Problems()
    read_match_irregularity({"kind": "wrong_dealer", "hand": 4, "player": "Ann", "detail": None}, ("irregularities", 0),
                            ["Ann", "Ben"], problems)
    assert [str(problem.message) for problem in problems] == ["hand 4: a refused deal's 'detail' must be the reason it was "
                                                         "refused"]
    assert len(MATCH_CHECKS) == 4


def test_the_tally_shows_the_irregularities_and_rulings_the_replay_read(tmp_path):
    record = matchfile.load(EXAMPLES / "oklahoma.yaml")
    match = record.match
    tally = tally_of(match)
    kept = {index: items for index, items in match.state.irregularities.items() if items}
    assert kept, "the example keeps an illegal knock"
    for index, items in kept.items():
        assert tally.hands[index].irregularities == tuple(items)
        assert all(shown is read for shown, read in zip(tally.hands[index].irregularities, items))
    assert all(isinstance(item, Irregularity) for items in kept.values() for item in items)
    for index, ruling in match.state.rulings.items():
        assert isinstance(ruling, Ruling) and tally.hands[index].ruling is ruling


def test_the_tally_shows_the_ruling_the_replay_read(here, gin):
    for args in (["new", "--rules", "standard", "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben"],
                 ["knock", "Ben", "5", "23"],
                 ["ruling", "--award", "Ann", "40", "--reason", "Ben misdeclared", "--by", "Dee"]):
        assert gin(*args).code == 0
    match = matchfile.load(here / "match.yaml").match
    ruling = match.state.rulings[0]
    assert (ruling.kind, ruling.player, ruling.points, ruling.reason, ruling.by) == (
        "award", "Ann", 40, "Ben misdeclared", "Dee")
    assert ruling.score() == ("Ann", 40)
    assert tally_of(match).hands[0].ruling is ruling


def test_an_item_in_the_canonical_form_is_read_typed_and_one_a_hand_edit_wrote_otherwise_as_written():
    """The first reading (files/itemread.py) makes a Kept of an item the writer would write back as it is,
    and keeps any other as written (``AsWritten``): a read and a write change nothing a person wrote."""
    canonical = {"kind": "out_of_turn", "player": "Ann", "turn": 2, "action": "draw"}
    kept = item_of(canonical)
    assert isinstance(kept, Kept) and (kept.item.player, kept.item.turn, kept.item.action) == ("Ann", 2, "draw")
    knock = {"kind": "illegal_knock", "player": "Ben", "detail": "no", "points": 10, "count": 12}
    assert isinstance(item_of(knock), Kept) and item_of(knock).spread == (("count", 12),)
    for written in (dict(reversed(list(canonical.items()))),  # its keys in another order
                    dict(canonical, turn="2"), dict(canonical, turn=True),  # a turn that is not a whole number
                    dict(canonical, colour="red"),  # a key no out_of_turn holds
                    {"kind": "illegal_knock", "player": "Ben", "count": 12},  # no points: the writer writes 0
                    {"kind": "cheating", "player": "Ann"}, ["kind"], None):
        assert item_of(written) == AsWritten(written)


def test_a_typed_item_and_one_as_written_are_judged_in_the_same_words():
    typed = {"kind": "out_of_turn", "player": "Cid", "turn": 0, "action": "shuffle", "card": "1Z"}
    as_written = dict(reversed(list(typed.items())))
    assert isinstance(item_of(typed), Kept) and isinstance(item_of(as_written), AsWritten)
    (first, said), (second, again) = read(typed), read(as_written)
    assert first == second == Irregularity("out_of_turn", None, None, where=WHERE)
    assert [(p.where, str(p.message)) for p in said] == [(p.where, str(p.message)) for p in again] == [
        (WHERE + ("turn",), "hand 5: an irregularity's 'turn' is the number of the turn that was due, not 0"),
        (WHERE + ("player",), "hand 5: the player out of turn must be one of Ann, Ben, not 'Cid'"),
        (WHERE + ("action",), "hand 5: an out-of-turn 'action' is one of take, pass, draw, discard, knock, not "
                              "'shuffle'"),
        (WHERE + ("card",), "hand 5: the out-of-turn card: unknown card '1Z' (write rank A 2-10 J Q K (or T), then "
                            "suit S H D C or ♠ ♥ ♦ ♣, any case: 10h, QS, t♥)")]


def test_a_file_written_by_gin_ref_is_read_into_typed_items_and_rulings(here, gin):
    """What gin-ref wrote (an act out of turn, a deal by the wrong dealer, a ruling) reads back typed: the
    canonical reader's mappings (with their lines) are mappings as any other."""
    for args in (["new", "--rules", "standard", "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben"],
                 ["deal", "--dealer", "Ben", "--upcard", "7D"], ["deal", "--upcard", "7D"], ["pass", "Ann"],
                 ["knock", "Ben", "5", "23"],
                 ["ruling", "--award", "Ann", "40", "--reason", "Ben misdeclared", "--by", "Dee"]):
        gin(*args)
    match = matchfile.load(here / "match.yaml").match
    refused, hand = match.record.irregularities, match.hands[0]
    assert [kept.item.kind for kept in refused] == ["wrong_dealer"] and isinstance(refused[0], Kept)
    assert [type(item) for item in hand.irregularities] == [Kept] and hand.irregularities[0].item.kind == "out_of_turn"
    assert isinstance(hand.ruling, Ruled) and hand.ruling.ruling.player == "Ann"
    written = matchfile.written(match)["hands"][0]["ruling"]  # read leniently, as written, it is the same
    assert hand.ruling.lines and ruling_of(written) == hand.ruling._replace(lines=()) == \
        ruled_read(written_ruling(written))  # (read in place, it carries its keys' lines in the file)
    assert (here / "match.yaml").read_text() == matchfile.dumps(match.record)


def test_a_deal_refused_a_correction_and_the_head_carry_their_line_in_the_file(here, gin):
    """Read from a file, a deal refused (its Kept), a correction and the head carry their line there, so
    that what is said of one can name its line from the value; made in memory, they carry none."""
    for args in (["new", "--rules", "standard", "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben"],
                 ["deal", "--dealer", "Ben", "--upcard", "7D"], ["deal", "--upcard", "7D"], ["undo"]):
        gin(*args)
    text = (here / "match.yaml").read_text()
    lines = text.splitlines()
    record = matchfile.load(here / "match.yaml").match.record
    (kept,), (correction,) = record.irregularities, record.corrections
    assert lines[kept.line - 1] == "- kind: wrong_dealer"
    assert lines[correction.line - 1].startswith("- kind: undo")
    assert lines[record.header.line - 1].startswith("format: gin-ref-match/")
    assert matchfile.dumps(record) == text  # (the lines are no part of what is written)
    made = refused_of([{"kind": "wrong_dealer", "hand": 1, "player": "Ben"}], ["Ann", "Ben"])[0][0][0]
    assert made.line is None


def test_every_item_and_ruling_of_every_record_reads_the_same_typed_or_as_written():
    """Over every record here (examples/, events/, tests/): an item the first reading types (and the same
    damaged: a player not of the match, turn 0, an unknown action) is judged as it is when a hand edit wrote
    it otherwise (its keys in another order: kept as written), the same value and the same problems in the
    same words; and the lenient reading of a typed item gives the typed value, so typing changes nothing a
    person is told."""
    from gin_ref.files import yamlread
    from gin_ref.match.irregularities import kept_of

    def said(item, players):
        found, problems = read(item, players, players[:2])
        return found, [(problem.where, str(problem.message)) for problem in problems]

    root = EXAMPLES.parent
    records = sorted(path for folder in ("examples", "events", "tests") for path in (root / folder).rglob("*.yaml")
                     if "\nformat: gin-ref-match/" in path.read_text(encoding="utf-8"))
    items = 0
    for path in records:
        data, _problems = yamlread.parse(path.read_text(encoding="utf-8"))
        hands, players = data.get("hands") or [], data.get("players")
        for hand in (hand for hand in hands if isinstance(hand, dict)):
            for written in hand.get("irregularities") or ():
                if not isinstance(item_of(written), Kept):
                    continue
                items += 1
                assert kept_of(written_item(written)) == item_of(written), path
                for damaged in (written, dict(written, player="Zed"), dict(written, turn=0) if "turn" in written else
                                written, dict(written, action="shuffle") if "action" in written else written):
                    typed, edited = item_of(damaged), written_item(dict(reversed(list(damaged.items()))))
                    assert isinstance(typed, Kept) and said(typed, players) == said(edited, players), path
    assert items >= 5


def test_match_reads_the_first_readings_values_of_an_item_or_ruling_as_written_never_its_mapping():
    """An item or a ruling a hand edit wrote otherwise is read leniently once, by the first reading, which
    keeps that reading with it (``AsWritten.read``); match/ judges that, never the mapping: a mapping wrapped
    without its reading holds nothing for match/."""
    from gin_ref.match.irregularities import ItemValues, kept_of
    from gin_ref.match.handread import RecordedHand
    from gin_ref.match.rulings import RulingValues, ruled_of
    item = item_of({"player": "Ann", "kind": "out_of_turn", "turn": "2", "cards": ["9h"]})
    assert isinstance(item, AsWritten) and isinstance(item.read, ItemValues)
    assert item.read.keys == ("player", "kind", "turn", "cards") and item.read.turn == "2"
    assert item.read.spread == (("cards", ["9h"]),) and item.read.mapping
    assert kept_of(item).item.player == "Ann" and ItemValues.of(item) is item.read
    assert not item_of(["kind", "out_of_turn"]).read.mapping
    bare = AsWritten({"player": "Ann", "kind": "out_of_turn"})  # (no reading: match/ reads none of it)
    assert kept_of(bare).item.player is None and not ItemValues.of(bare).mapping
    ruling = ruling_of({"kind": "void", "steps": "3", "hands": 1, "extra": 1})
    assert isinstance(ruling, AsWritten) and isinstance(ruling.read, RulingValues)
    assert ruling.read.keys == ("kind", "steps", "hands", "extra") and ruling.read.ruled.steps == "3"
    assert written_ruling(7).read.keys is None and written_item({}).read.keys == ()
    hand = RecordedHand(number=1, ruling=AsWritten({"kind": "void", "steps": 3, "hands": 1}))
    assert ruled_of(hand) is None and ruled_of(hand._replace(ruling=ruling)).ruling.kind == "void"

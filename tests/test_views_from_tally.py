"""Issue #23 item 1: the views say a hand from its typed tally (``gin_ref.match.tally.hand_tally``), never
from the hand's entry: the table page's last hands, and the note that a knock or a dead hand dealt the next
hand itself after a hand that ended dead by itself."""

from pathlib import Path

from gin_ref.files import matchfile
from gin_ref.match.tally import hand_tally, tally_of
from gin_ref.serve.handwords import hand_words
from gin_ref.serve.tablepage import last_hands
from gin_ref.views.hand_text import opened_after_dead_text

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _match(name):
    return matchfile.load(str(EXAMPLES / name)).match


def test_hand_tally_is_the_tallys_own_hand():
    match = _match("oklahoma.yaml")
    assert [hand_tally(match, n) for n in range(1, len(match.hands) + 1)] == list(tally_of(match).hands)


def test_the_table_page_lists_the_last_settled_hands_newest_first():
    match = _match("oklahoma.yaml")
    hands = tally_of(match).hands
    assert last_hands(match, 3) == [hand_words(h) for h in hands[-3:]][::-1]
    assert len(last_hands(match, 100)) == len(hands)


def test_dead_by_itself_is_a_dead_hand_recorded_turn_by_turn():
    match = _match("oklahoma.yaml")
    hand = hand_tally(match, 1)
    assert not hand.dead_by_itself
    assert hand._replace(result="dead", turns=0).dead_by_itself is False
    assert hand._replace(result="dead", turns=7).dead_by_itself is True
    assert opened_after_dead_text(match, 2, "knock") is None  # hand 1 was settled by a knock

"""Amending a past hand: its result replaced by what the table now agrees (cards, counts, or a dead hand),
verified as at a knock; ``gin_ref.match.model.Match.amend`` writes it and re-settles every later hand from
its own facts.

A hand recorded turn by turn keeps its turns: the new knock must come from the player to move at its end,
with a spread that fits them, and its upcard cannot change. The hand's dealer and roles stay as played.
"""

from typing import TYPE_CHECKING, Callable, Optional, Sequence, Union, cast

from gin_ref.core.cards import Card
from gin_ref.core.errors import IllegalActionError, InvalidNotationError, reason
from gin_ref.core.message import Message, N_
from gin_ref.core.players import find_player
from gin_ref.core.knock import knock_limit
from gin_ref.core.melds import Meld
from gin_ref.core.turns import Table, Turn
from gin_ref.match.actions import Outcome, refuse_taken_discard, spread_in_turn
from gin_ref.match.knocks import Given, given_facts, judge, limit_needs_upcard, why_upcard
from gin_ref.match.handread import RecordedHand, card_of, given, typed_card
from gin_ref.match.state import HandSetup, MatchState
from gin_ref.match.steps import Settled, Step, Version, version_of, version_pairs

if TYPE_CHECKING:  # the model calls none of this: the desk does, with the match (no cycle at run time)
    from gin_ref.match.model import Match


def _setup(state: MatchState, index: int, upcard: Optional[Card]) -> HandSetup:
    """The hand's setup as played (its dealer or roles, as the replay read them), with the upcard it is to
    have."""
    return state.setups[index]._replace(upcard=upcard, limit=knock_limit(state.rules, upcard))


def _table(state: MatchState, setup: HandSetup, hand: RecordedHand) -> Optional[Table]:
    """The table at the end of a hand's recorded turns (None without turns)."""
    eleven = state.rules.deal == "eleven"
    if not hand.turn_lines or (setup.upcard is None and not eleven):
        return None
    table = Table(setup.pair[0], setup.pair[1], setup.upcard, state.rules.discard_taken_card,
                  state.rules.dead_hand_stock, state.rules.wall, eleven)
    for text in hand.turn_lines:
        table.play(Turn.parse(text, state.players))
    return table


def amend(match: "Match", number: int, player: Optional[str] = None,
          knocker: Optional[Given] = None, defender: Optional[Given] = None,
          melds: "Union[None, str, Sequence[Meld]]" = None,
          discard: Union[None, str, Card] = None, big_gin: bool = False, upcard: Optional[Card] = None,
          dead: bool = False, seal_fails: Optional[Callable[[int], bool]] = None) -> Outcome:
    """The amend of hand ``number``: its new version (upcard, limit and result) as an ``amend`` step, the
    knock settled once. Refused (raising, nothing changed) where the new result could not have happened.
    ``seal_fails(number)``: does that hand's seal fail (the seals are digests over the file's form, worked
    out in ``gin_ref.files.seals``; None: no seal fails)? An amend that changes nothing confirms such a hand."""
    state = match.state
    entry = _settled_hand(match.hands, number)
    turns = len(entry.turn_lines)
    card = _amended_upcard(state, entry, number, upcard, turns)
    setup = _setup(state, number - 1, card)
    upcode = card.code if card is not None else None
    if dead:
        if turns:
            raise IllegalActionError(Message(N_("hand %(hand)d is recorded turn by turn: it ends dead by itself, "
                                                "when a discard leaves %(dead_stock)d cards in the stock"),
                                             hand=number, dead_stock=state.rules.dead_hand_stock))
        version = Version(upcode, setup.limit, Settled("dead"))
        return _changed(entry, number, seal_fails, Outcome(Step("amend", number, version)))
    if player is None or knocker is None or defender is None:
        raise InvalidNotationError(Message(N_("amend HAND takes what knock takes (PLAYER CARDS|N "
                                              "%(defender_option)s CARDS|N), or %(dead_option)s"),
                                           defender_option="defender", dead_option="dead"))
    name = find_player(state.players, player)
    if name not in setup.pair:
        raise IllegalActionError(Message(N_("%(player)s sat out hand %(hand)d: only %(first)s or %(second)s could "
                                            "knock"), player=name, hand=number, first=setup.pair[0],
                                         second=setup.pair[1]))
    table = _table(state, setup, entry)
    if table is not None:
        _verify_in_turn(setup, table, name)
    facts = given_facts(state.rules, knocker, defender, melds, discard, big_gin)
    if table is not None:
        facts = spread_in_turn(setup, table, name, facts)
    refusal, settlement = judge(state.rules, card, facts)
    if refusal is not None:
        raise IllegalActionError(Message(N_("%(reason)s: hand %(hand)d cannot be amended to an illegal knock"),
                                         reason=refusal, hand=number))
    assert settlement is not None
    refuse_taken_discard(state, table, name, settlement)
    version = Version(upcode, setup.limit, Settled.knocked(settlement.score.result, name, facts))
    return _changed(entry, number, seal_fails, Outcome(Step("amend", number, version), settlement=settlement))


def _settled_hand(hands: Sequence[RecordedHand], number: int) -> RecordedHand:
    """Hand ``number``'s entry, when the record holds it and it is settled."""
    if not 1 <= number <= len(hands):
        raise InvalidNotationError(Message(N_("there is no hand %(hand)d to amend: the record holds hands 1 to "
                                              "%(count)d"), hand=number, count=len(hands)) if hands else
                                   Message(N_("there is no hand %(hand)d to amend: the record holds no hands"),
                                           hand=number))
    entry = hands[number - 1]
    if given(entry.result) is None:
        raise IllegalActionError(Message(N_("hand %(hand)d is still open: settle it with 'knock' or 'dead' (amend "
                                            "changes a hand's result)"), hand=number))
    return entry


def _amended_upcard(state: MatchState, entry: RecordedHand, number: int, upcard: Optional[Card], turns: int
                    ) -> Optional[Card]:
    """The amended hand's upcard: the one given (never another for a hand recorded turn by turn), else the
    recorded one; refused when the rules' limit needs one and there is none."""
    recorded = card_of(given(entry.upcard)) if given(entry.upcard) is not None else None
    if upcard is not None and turns and upcard != recorded:
        raise IllegalActionError(Message(N_("hand %(hand)d is recorded turn by turn from the upcard %(upcard)s: its "
                                            "upcard cannot change"), hand=number, upcard=str(given(entry.upcard))))
    card = upcard if upcard is not None else recorded
    if card is None and limit_needs_upcard(state.rules):
        raise InvalidNotationError(Message(N_("give the upcard of hand %(hand)d (%(upcard_option)s CARD): the knock "
                                              "limit depends on it (%(why)s)"), hand=number, upcard_option="upcard",
                                           why=why_upcard(state.rules)))
    return card


def _verify_in_turn(setup: HandSetup, table: Table, name: str) -> None:
    """A hand recorded turn by turn: the knock must come in turn."""
    try:
        table.verify_knock(name)
    except IllegalActionError as exc:
        raise IllegalActionError(Message(N_("hand %(hand)d is recorded turn by turn: %(reason)s"),
                                         hand=setup.number, reason=reason(exc))) from None


def _changed(entry: RecordedHand, number: int, seal_fails: Optional[Callable[[int], bool]], outcome: Outcome
             ) -> Outcome:
    """Refuse an amend that changes nothing the table gave (unless it confirms a hand whose seal fails:
    the same facts, sealed again)."""
    old = dict(version_of(entry).written())
    new = {key: typed_card(value) if key == "upcard" else value  # (typed as the hand holds them: an upcard
           for key, value in version_pairs(cast(Version, outcome.step.data))}  # given by its code, the rest typed)
    facts = {key: value for key, value in old.items() if key in new}
    if facts == new and set(old) - set(facts) <= _DERIVED and not (seal_fails is not None and seal_fails(number)):
        raise IllegalActionError(Message(N_("hand %(hand)d already says that: nothing to amend"), hand=number))
    return outcome


_DERIVED = {"defender", "winner", "points", "totals", "games"}

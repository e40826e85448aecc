"""The actions at the table: ``deal``, ``play_turn``, ``knock``, ``dead``. Each reads the state the match
stands at (the open hand's typed setup and its replayed table; a deal, the count of hands recorded),
verifies, and returns an ``Outcome``: the typed step to add to the record and, for an act refused *and*
kept, the ``Refusal`` with the irregularity recorded. Nothing here changes the record or the state
(``gin_ref.match.model.Match.apply`` writes the step and replays the hand).

A refusal kept is one mechanism for every such act: an illegal knock, a turn or a knock out of turn (a
sitter's knock among them, with or without recorded turns) and a deal by the wrong dealer. Any other
refusal raises (``InvalidNotationError`` for bad input, ``IllegalActionError`` for a rule) and changes
nothing.
"""

from typing import NamedTuple, Optional, Sequence, Union

from gin_ref.core.cards import Card, codes
from gin_ref.core.melds import Meld
from gin_ref.core.errors import CountOverLimitError, IllegalActionError, InvalidNotationError, OutOfTurnError, reason
from gin_ref.core.message import Message, N_
from gin_ref.core.players import find_player
from gin_ref.core.knock import knock_limit
from gin_ref.core.scoring import read_hands
from gin_ref.core.turns import Table, Turn
from gin_ref.match.irregularities import Irregularity
from gin_ref.match.play import dealer_refusal, illegal_knock_penalty, new_table, sits_out
from gin_ref.match.schema import TURN_ACTIONS
from gin_ref.match.knocks import (Facts, Given, Settlement, given_facts, judge, limit_needs_upcard, no_upcard_words,
                                  why_upcard)
from gin_ref.match.resultonly import hands_refused
from gin_ref.match.state import HandSetup, MatchState
from gin_ref.match.irregularities import Kept, Written
from gin_ref.match.steps import Deal, Settled, Step, TurnLine


class Refusal(NamedTuple):
    """An act refused and kept in the record: why (the irregularity's ``detail``) and the irregularity
    kept (``kept``: the step's data)."""

    reason: Union[str, Message]
    kept: Kept


class Outcome(NamedTuple):
    """What an action does: the ``step`` it adds to the record and, when the act was refused and kept,
    the ``refusal``. A settled knock carries its ``showdown``; a turn its ``turn`` (a take names the card
    taken) and whether it answered the upcard offer."""

    step: Step
    refusal: Optional[Refusal] = None
    settlement: Optional[Settlement] = None
    turn: Optional[Turn] = None
    offer: bool = False

    @property
    def number(self) -> int:
        """The number of the hand the step belongs to."""
        return self.step.hand

    @property
    def refused(self) -> bool:
        return self.refusal is not None


# -- deal -------------------------------------------------------------------------------------------------

def verify_deal(state: MatchState, dealer: Optional[str] = None) -> str:
    """Raise unless the next hand may be dealt (by ``dealer``, if named: OutOfTurnError for another than
    the rules name); returns the dealer."""
    number = len(state.setups) + 1
    if state.open is not None:
        raise IllegalActionError(Message(N_("hand %(hand)d is still open: end it with 'knock' or 'dead' (or take "
                                            "it back with 'undo') before dealing"), hand=state.open + 1))
    verify_not_over(state, Message(N_("no more deals")))
    if dealer is not None:
        refusal = dealer_refusal(state, find_player(state.players, dealer), number)
        if refusal is not None:
            raise OutOfTurnError(refusal)
    return state.dealer


def verify_not_over(state: MatchState, then: Message) -> None:
    if state.paper is not None:  # a match recorded by its result only: no hand goes with it
        raise IllegalActionError(hands_refused(state.paper.scores))
    if state.finished:
        raise IllegalActionError(Message(N_("the match is over (it ended with hand %(hand)s): %(then)s"),
                                         hand=state.ended_in, then=then))


def deal(state: MatchState, upcard: Optional[Card], dealer: Optional[str] = None) -> Outcome:
    """Start the next hand with this upcard (None: not given, where the rules' limit does not depend on it);
    a deal by the wrong dealer is refused and kept."""
    number = len(state.setups) + 1
    if upcard is not None and state.rules.deal == "eleven":
        raise InvalidNotationError(no_upcard_words(state.rules))
    if upcard is None and limit_needs_upcard(state.rules):
        raise InvalidNotationError(Message(GIVE_UPCARD, upcard_option="upcard", why=why_upcard(state.rules)))
    try:
        dealer = verify_deal(state, dealer)
    except OutOfTurnError as exc:
        assert dealer is not None
        item = Kept(Irregularity("wrong_dealer", find_player(state.players, dealer), str(exc), hand=number))
        return Outcome(Step("refused_deal", number, item), Refusal(reason(exc), item))
    dealt = Deal(number, dealer, state.roles, upcard.code if upcard is not None else None,
                 knock_limit(state.rules, upcard))
    return Outcome(Step("deal", number, dealt))


GIVE_UPCARD = N_("give the upcard (%(upcard_option)s CARD): the knock limit depends on it (%(why)s)")
SITS_OUT = N_("%(player)s sits out hand %(hand)d: %(turn)s")


# -- the open hand ---------------------------------------------------------------------------------------

def open_hand(state: MatchState) -> HandSetup:
    """The open hand's setup; IllegalActionError when no hand is open."""
    if state.open is None or state.current is None:
        verify_not_over(state, Message(N_("no hand is open")))
        raise IllegalActionError(Message(N_("no hand is open: deal one first (gin-ref deal %(upcard_option)s CARD)"),
                                         upcard_option="upcard"))
    verify_not_over(state, Message(N_("hand %(hand)d was played after the end and is not counted"),
                                   hand=state.open + 1))
    return state.current


def turns_recorded(state: MatchState) -> int:
    """How many turns the open hand holds (its table replayed them: an action acts on a record that
    replays)."""
    return len(state.table.turns) if state.table is not None else 0


def table_of(state: MatchState) -> Optional[Table]:
    """The table of the open hand: its turns replayed, or a fresh one (the hand's start)."""
    if state.open is None:
        return None
    return state.table if state.table is not None else new_table(state, state.current)


def _out_of_turn(state: MatchState, setup: HandSetup, player: str, action: str, card: Optional[Card],
                 why: Union[str, Message]) -> Outcome:
    item = Kept(Irregularity("out_of_turn", player, str(why), turn=turns_recorded(state) + 1, action=action,
                             card=card.code if card is not None else None))
    return Outcome(Step("irregularity", setup.number, item), Refusal(why, item))


def play_turn(state: MatchState, action: str, player: str, card: Optional[Card] = None) -> Outcome:
    """One turn of the open hand: ``take``, ``pass``, ``draw`` (``card`` may stay unseen: None) or
    ``discard``. A turn out of turn is refused and kept. A discard that leaves ``dead_hand_stock`` cards
    in the stock ends the hand dead (the step carries the dead result)."""
    if action not in TURN_ACTIONS:
        raise IllegalActionError(Message(N_("unknown action '%(action)s' (known: %(known)s)"), action=action,
                                         known=", ".join(TURN_ACTIONS)))
    setup = open_hand(state)
    name = find_player(state.players, player)
    table = table_of(state)
    if table is None:
        raise IllegalActionError(Message(N_("hand %(hand)d was dealt without its upcard: its turns cannot be "
                                            "recorded (the first turn's offer needs the card)"), hand=setup.number))
    offer = table.phase == "offer"
    turn = Turn(action, name, card)
    if action == "pass" and card is not None:  # as the notation refuses it: the replay would refuse the line
        raise InvalidNotationError(Message(N_("turn '%(turn)s': a pass names no card"), turn=turn.text))
    try:
        if name not in setup.pair:
            raise OutOfTurnError(Message(SITS_OUT, player=name, hand=setup.number, turn=table.turn_said()))
        table.verify_turn(name, action)
    except OutOfTurnError as exc:
        return _out_of_turn(state, setup, name, action, card, reason(exc))
    if action == "take":
        taken = table.discard_top
        table.verify_take(name, card)
        turn = Turn(action, name, taken)
    else:
        getattr(table, "verify_" + action)(name, *([card] if action in ("draw", "discard") else []))
    dead = (action == "discard" and table.stock <= state.rules.dead_hand_stock and not state.rules.wall) or \
        (action == "pass" and table.phase == "wall")  # the last discard passed at the wall: dead
    return Outcome(Step("turn", setup.number, TurnLine(turn.text, dead), turns_recorded(state) + 1), turn=turn,
                   offer=offer)


def knock(state: MatchState, player: str, knocker: Given, defender: Given,
          melds: "Union[None, str, Sequence[Meld]]" = None, discard: Union[None, str, Card] = None,
          big_gin: bool = False, illegal: bool = False) -> Outcome:
    """Settle the open hand with a knock by ``player``: each side's cards or count (``gin_ref.match.knocks``).
    The knock is checked once: an illegal one is refused and kept (the hand stays open); a knock by a
    player who sits out or out of turn likewise. A knock given by a count over the limit is taken for a
    mistyped count: refused and not recorded (CountOverLimitError), unless ``illegal`` says it happened.

    In a hand recorded turn by turn the knock comes from the player to move, after his draw; he spreads his
    11 cards (or the 10 he keeps and ``discard``), and the cards spread must fit what was seen in the hand."""
    setup = open_hand(state)
    name = find_player(state.players, player)
    table = table_of(state) if turns_recorded(state) else None
    if name not in setup.pair:
        return _out_of_turn(state, setup, name, "knock", None, sits_out(setup, table, name))
    if table is not None:
        try:
            table.verify_knock(name)
        except OutOfTurnError as exc:
            return _out_of_turn(state, setup, name, "knock", None, reason(exc))
    facts = given_facts(state.rules, knocker, defender, melds, discard, big_gin)
    if table is not None:
        facts = spread_in_turn(setup, table, name, facts)
    refusal, settlement = judge(state.rules, setup.upcard, facts)
    if refusal is not None and facts.knocker_cards is None and not illegal:
        raise CountOverLimitError(Message(N_("%(reason)s: not recorded (a count over the limit is taken for a slip); "
                                             "if %(player)s really knocked with %(knocked)s, enter it again with "
                                             "%(illegal_option)s (a table line: end it with !)"), reason=refusal,
                                          player=name, knocked=facts.knocker_count, illegal_option="illegal"),
                                  refusal, name, facts.knocker_count or 0)
    if refusal is not None:
        item = _illegal_knock(state, name, table is not None, facts, refusal)
        return Outcome(Step("irregularity", setup.number, item), Refusal(refusal, item))
    assert settlement is not None
    refuse_taken_discard(state, table, name, settlement)
    settled = Settled.knocked(settlement.score.result, name, facts)
    return Outcome(Step("result", setup.number, settled), settlement=settlement)


def _illegal_knock(state: MatchState, name: str, in_turns: bool, facts: Facts, refusal: Message
                   ) -> Kept:
    """The irregularity an illegal knock is kept as: who, when, why, the penalty, the cards or count."""
    item = Irregularity("illegal_knock", name, str(refusal), illegal_knock_penalty(state),
                        turn=turns_recorded(state) + 1 if in_turns else None)
    if facts.knocker_cards is None:
        return Kept(item, (("count", facts.knocker_count),))
    spread: Written = (("cards", codes(facts.knocker_cards)),)
    if facts.melds is not None:
        spread += (("melds", [m.codes for m in facts.melds]),)
    if facts.discard is not None:
        spread += (("discard", facts.discard.code),)
    return Kept(item, spread)


def refuse_taken_discard(state: MatchState, table: Optional[Table], name: str, settlement: Settlement) -> None:
    """A knock in a hand recorded turn by turn may not discard the card just taken from the pile (unless
    the rules allow it)."""
    chosen = settlement.check.melding.discard if settlement.check is not None else None
    if table is not None and chosen is table.just_taken and chosen is not None and \
            not state.rules.discard_taken_card:
        raise IllegalActionError(Message(N_("%(player)s cannot discard %(card)s: it was just taken from the pile; "
                                            "name another discard with %(discard_option)s"), player=name,
                                         card=chosen.code, discard_option="discard"))


def spread_in_turn(setup: HandSetup, table: Table, knocker: str, facts: Facts) -> Facts:
    """The knocker's 11 cards in a hand recorded turn by turn, and each side's cards checked against it."""
    number, kcards = setup.number, facts.knocker_cards
    if kcards is not None and len(kcards) == 10:
        if facts.discard is None:
            raise IllegalActionError(Message(N_("hand %(hand)d is recorded turn by turn: %(player)s holds 11 cards "
                                                "after the draw; spread all 11, or the 10 kept and "
                                                "%(discard_option)s CARD"), hand=number, player=knocker,
                                             discard_option="discard"))
        if facts.discard in kcards:
            raise InvalidNotationError(Message(N_("discard %(card)s named with 10 cards that hold it: spread the 11 "
                                                  "%(player)s holds, or the 10 kept (without %(card)s) and "
                                                  "%(discard_option)s %(card)s"), card=facts.discard.code,
                                               player=knocker, discard_option="discard"))
        kcards = kcards + (facts.discard,)
        if facts.defender_cards is not None:
            read_hands(kcards, facts.defender_cards)  # the discard may not be in the defender's hand
        facts = facts._replace(knocker_cards=kcards)
    misfits = [message for side, message in table.spread_misfits(knocker, kcards or (), facts.discard,
                                                                 facts.defender_cards)
               if side == "defender" or kcards]
    if misfits:
        raise IllegalActionError(Message(N_("the spread does not fit hand %(hand)d: %(misfits)s"), hand=number,
                                         misfits="; ".join(str(misfit) for misfit in misfits)))
    return facts


def dead(state: MatchState) -> Outcome:
    """End the open hand with no score (the stock ran down). A hand recorded turn by turn ends dead by
    itself, so it is refused there."""
    setup = open_hand(state)
    if turns_recorded(state):
        table = table_of(state)
        assert table is not None
        if table.at_wall:  # the wall: the player to move may give the last discard up (or, taken, his knock)
            return Outcome(Step("result", setup.number, Settled("dead")))
        raise IllegalActionError(Message(N_("hand %(hand)d is recorded turn by turn: it ends dead by itself when a "
                                            "discard leaves %(dead_stock)d cards in the stock (%(stock)d now; "
                                            "%(turn)s)"), hand=setup.number, dead_stock=state.rules.dead_hand_stock,
                                         stock=table.stock, turn=table.turn_said()))
    return Outcome(Step("result", setup.number, Settled("dead")))

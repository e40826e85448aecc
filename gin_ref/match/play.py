"""The play of a hand in a record: its turns, replayed on a ``gin_ref.core.turns.Table``, and the
irregularities kept with the hand and with the match (docs/rules.md §3 and §9).

A hand entry may hold ``turns``, one line per action in the order played (``Ben passes``, ``Ann takes 7D``,
``Ann discards QH``, ``Ben draws``, ``Ben draws 5S``). Each is replayed on the hand's table, so an action
out of order, a card that cannot be where it is said to be, a hand that should have ended dead, or a knock
that does not fit the hand is a problem at its line. Irregularities are history, not problems; each is
checked to be what it says it is (their keys: ``gin_ref.match.schema``).
"""

from typing import TYPE_CHECKING, Optional, Sequence, Tuple, Union

from gin_ref.core.cards import Card
from gin_ref.core.errors import GinRefError, IllegalActionError, InvalidNotationError, OutOfTurnError, reason
from gin_ref.core.message import Message, N_, Nn_
from gin_ref.core.knock import check_knock
from gin_ref.core.melds import parse_melds
from gin_ref.core.turns import Table, Turn
from gin_ref.match.handread import NOT_WRITTEN, Hand, RecordedHand, card_of, given, recorded_cards, stored_count
from gin_ref.match.irregularities import Irregularity, ItemValues, Kept, read_hand_irregularity, turn_written
from gin_ref.match.problems import Problem, Problems, Where, same
from gin_ref.match.knocks import Facts, Settlement, judge, limit_needs_upcard
from gin_ref.match.schema import is_count
from gin_ref.match.state import HandSetup, MatchState, score
from gin_ref.match.steps import position
from gin_ref.core.escape import shown_value

if TYPE_CHECKING:
    from gin_ref.match.record import Refusal


def new_table(state: MatchState, setup: Optional[HandSetup]) -> Optional[Table]:
    """A fresh table for a hand (None when its upcard cannot be read)."""
    eleven = state.rules.deal == "eleven"
    if setup is None or (setup.upcard is None and not eleven):
        return None
    return Table(setup.pair[0], setup.pair[1], setup.upcard, state.rules.discard_taken_card,
                 state.rules.dead_hand_stock, state.rules.wall, eleven)


# -- a hand's turns and irregularities, in the order they happened --------------------------------------

def replay_play(state: MatchState, setup: HandSetup, hand: Hand, problems: Problems) -> None:
    where, number = hand.where, hand.number
    hand.say("play", problems)
    state.table, state.table_ok = None, hand.turns_read
    state.irregularities.pop(setup.index, None)  # read again
    turns, items = hand.turns, hand.irregularities
    if turns or any(turn_written(item) is not NOT_WRITTEN for item in items):
        state.table = new_table(state, setup)
        if turns and setup.upcard is None and hand.entry.upcard is NOT_WRITTEN and state.rules.deal != "eleven":
            problems.add(where + ("turns",), Message(N_("hand %(hand)d was dealt without its upcard: its turns "
                                                        "cannot be replayed (the first turn's offer needs the card)"),
                                                     hand=number))
    i, last = 0, 1
    for k in range(len(turns) + 1):
        while i < len(items) and position(items[i]) <= k + 1:
            if position(items[i]) < last:
                problems.add(where + ("irregularities", i), Message(N_("hand %(hand)d: the irregularities are not "
                                                                       "in the order of their turns"), hand=number))
            last = max(last, position(items[i]))
            _replay_irregularity(state, setup, i, items[i], k + 1, problems)
            i += 1
        if k < len(turns):
            _replay_turn(state, setup, k, turns[k], problems)
    for i in range(i, len(items)):
        problems.add(where + ("irregularities", i, "turn"),
                     Message(Nn_("hand %(hand)d: an irregularity at turn %(turn)d, but %(count)d turn is recorded",
                                 "hand %(hand)d: an irregularity at turn %(turn)d, but %(count)d turns are recorded"),
                             hand=number, turn=position(items[i]), count=len(turns)))
        _replay_irregularity(state, setup, i, items[i], None, problems)


def _replay_turn(state: MatchState, setup: HandSetup, k: int, text: object, problems: Problems) -> None:
    if state.table is None or not state.table_ok:
        return
    try:
        state.table.play(Turn.parse(text, state.players))
    except GinRefError as exc:
        problems.add(("hands", setup.index, "turns", k), Message(N_("hand %(hand)d, turn %(turn)d (%(line)s): "
                                                                    "%(reason)s"), hand=setup.number, turn=k + 1,
                                                                 line=str(text), reason=reason(exc)))
        state.table_ok = False


def check_play(state: MatchState, setup: HandSetup, hand: Hand, problems: Problems,
               settlement: Optional[Settlement] = None) -> None:
    """A hand recorded turn by turn ends as its turns say: dead by itself once a discard leaves
    ``dead_hand_stock`` cards in the stock, else knocked by the player to move with a spread that fits."""
    table = state.table
    if table is None or not state.table_ok or not hand.turns:
        return
    where, number, result = hand.where, hand.number, hand.result
    if result is None:
        if table.dead:
            problems.add(where, Message(Nn_("hand %(hand)d: its turns end it dead (a discard left %(count)d card in "
                                            "the stock), but it has no result",
                                            "hand %(hand)d: its turns end it dead (a discard left %(count)d cards in "
                                            "the stock), but it has no result"), hand=number, count=table.stock))
    elif result == "dead" and not hand.unknown_result:  # (an unknown result is judged as dead, not written so)
        if not table.dead and not table.at_wall:  # at the wall the player may end it: a pass, or 'dead'
            problems.add(where + ("result",), Message(Nn_(
                "hand %(hand)d is dead, but its turns leave %(count)d card in the stock (it is dead when a discard "
                "leaves %(dead_stock)d)",
                "hand %(hand)d is dead, but its turns leave %(count)d cards in the stock (it is dead when a discard "
                "leaves %(dead_stock)d)"), hand=number, count=table.stock, dead_stock=state.rules.dead_hand_stock))
    elif settlement is not None:
        discard = settlement.check.melding.discard if settlement.check is not None else None
        _check_knock_fits(table, where, number, hand.entry, discard, problems)


def _check_knock_fits(table: Table, where: Where, number: int, entry: RecordedHand, discard: Optional[Card],
                      problems: Problems) -> None:
    knocker = given(entry.knocker)
    try:
        table.verify_knock(str(knocker))
    except IllegalActionError as exc:
        problems.add(where + ("knocker",), Message(N_("hand %(hand)d: the knock by %(player)s: %(reason)s"),
                                                   hand=number, player=str(knocker), reason=reason(exc)))
        return
    try:
        cards = recorded_cards(given(entry.knocker_cards), (10, 11), "knocker's hand") \
            if entry.knocker_cards is not NOT_WRITTEN else ()
        defender = recorded_cards(given(entry.defender_cards), (10,), "defender's hand") \
            if entry.defender_cards is not NOT_WRITTEN else None
    except GinRefError:
        return  # reported by the settlement
    if cards and len(cards) != 11:
        problems.add(where + ("knocker_cards",), Message(N_("hand %(hand)d is recorded turn by turn: the knocker "
                                                            "spreads the 11 cards he holds after his draw"),
                                                         hand=number))
        return
    for side, message in table.spread_misfits_said(str(knocker), cards, discard, defender):
        if side == "defender" or cards:  # a side given as a count has no cards to fit
            problems.add(where + (f"{side}_cards",), Message(N_("hand %(hand)d: the spread does not fit the hand: "
                                                                "%(misfit)s"), hand=number, misfit=message))


# -- irregularities in a hand ------------------------------------------------------------------------

def _replay_irregularity(state: MatchState, setup: HandSetup, i: int, item: object, at: Optional[int],
                         problems: Problems) -> None:
    where = ("hands", setup.index, "irregularities", i)
    read = read_hand_irregularity(item, where, setup.number, state.players, setup.pair, problems)
    if read is None:
        return
    given = ItemValues.of(item)  # (an item read is a mapping: a Kept's fields, or its reading as written)
    if read.detail is None:  # a /3 item: its facts, the reason worked out where the act was refused
        reason = out_of_turn_reason(state, setup, read, at) if read.kind == "out_of_turn" else \
            illegal_knock_reason(state, setup, given)
        read = read._replace(detail=reason)
    state.irregularities.setdefault(setup.index, []).append(read)
    if read.kind == "out_of_turn":
        _replay_out_of_turn(state, where, setup.number, read, at, problems)
    else:
        _replay_illegal_knock(state, setup, where, read, given, at, problems)


# -- why an act was refused, worked out again from the facts (format /3 keeps no sentence) ------------------

SITS_OUT = N_("%(player)s sits out hand %(hand)d: %(turn)s")


def sits_out(setup: HandSetup, table: Optional[Table], name: str) -> Message:
    """Why ``name``, who sits this hand out, may not knock (``table``: the hand's, once a turn is recorded)."""
    roles = setup.roles
    assert roles is not None  # two players are both in every hand
    if table is not None:
        return Message(SITS_OUT, player=name, hand=setup.number, turn=table.turn_said())
    return Message(N_("%(player)s sits out hand %(hand)d: only %(box)s (box) or %(captain)s (captain) may knock"),
                   player=name, hand=setup.number, box=roles.box, captain=roles.captain)


def out_of_turn_reason(state: MatchState, setup: HandSetup, item: Irregularity, at: Optional[int]
                       ) -> Union[None, str, Message]:
    """Why ``item`` (an act out of turn at turn ``at``) was refused: what ``gin_ref.match.actions`` said as it
    refused it, from the table replayed to that turn; None where the replay does not reach it."""
    player, action, table = item.player, item.action, state.table
    if player is None or action is None or at is None or not state.table_ok:
        return None
    if player not in setup.pair:
        if action == "knock":
            return sits_out(setup, table if at > 1 else None, player)
        return Message(SITS_OUT, player=player, hand=setup.number, turn=table.turn_said()) \
            if table is not None else None
    if table is None:
        return None
    try:
        table.verify_turn(player, action)
    except OutOfTurnError as exc:
        return reason(exc)
    except IllegalActionError:
        return None
    return None


def illegal_knock_reason(state: MatchState, setup: HandSetup, given: ItemValues) -> Optional[Message]:
    """Why the illegal knock ``given`` (its values: a Kept's, or as a hand edit wrote them) was refused: the
    knock judged again from its cards or its count; None when they cannot be read (a problem of their own)."""
    try:
        count, melds_written, discard_written = given.count, _given(given.melds), _given(given.discard)
        if count is not NOT_WRITTEN:
            facts = Facts(knocker_count=stored_count(count, state.rules.most_deadwood), defender_count=0)
        else:
            melds = parse_melds(melds_written, state.rules.aces) if melds_written is not None else None
            discard = card_of(discard_written) if discard_written is not None else None
            cards = recorded_cards(_given(given.cards), (10, 11), "knocker's hand", state.rules.ace_runs)
            facts = Facts(knocker_cards=cards, melds=melds, discard=discard, defender_count=0)
        refusal, _settled = judge(state.rules, setup.upcard, facts)
    except (GinRefError, TypeError, ValueError):
        return None
    return refusal


def dealer_refusal(state: MatchState, name: str, number: int) -> Optional[Message]:
    """Why ``name`` may not deal hand ``number`` as the match stands (None: he deals it)."""
    roles, rule = state.roles, state.rules.next_dealer
    if roles is not None and rule == "sitter" and name != roles.sitter:
        return Message(N_("%(player)s cannot deal: %(dealer)s sits out, and the sitter deals every hand"),
                       player=name, dealer=roles.sitter)
    if roles is not None and rule == "captain" and name != roles.captain:
        return Message(N_("%(player)s cannot deal: %(dealer)s is the captain (the player coming in), and the "
                          "captain deals every hand"), player=name, dealer=roles.captain)
    if roles is not None and rule not in ("sitter", "captain") and name != roles.box:
        return Message(N_("%(player)s cannot deal: %(dealer)s is in the box, and the box player deals every hand"),
                       player=name, dealer=roles.box)
    if name != state.dealer:
        return Message(N_("%(player)s cannot deal hand %(hand)d: %(dealer)s deals (%(why)s)"), player=name,
                       hand=number, dealer=state.dealer, why=state.why)
    return None


def _replay_out_of_turn(state: MatchState, where: Where, number: int, item: Irregularity, at: Optional[int],
                        problems: Problems) -> None:
    """An action recorded as out of turn was: it was not the player's turn to do it."""
    player, action = item.player, item.action
    if player is None or action is None or at is None or state.table is None or not state.table_ok:
        return
    try:
        state.table.verify_turn(player, action)
    except IllegalActionError:
        return
    words = _RECORDED_OUT_OF_TURN[action] if action in _RECORDED_OUT_OF_TURN else \
        N_("hand %(hand)d, turn %(turn)d: the %(action)s by %(player)s is recorded as out of turn, but %(player)s was "
           "to move")
    problems.add(where + ("player",), Message(words, hand=number, turn=at, action=action, player=player))


# An act recorded as out of turn that was not, one whole sentence per action (the record's key said raw only
# for an action no table knows).
_RECORDED_OUT_OF_TURN = {
    "draw": N_("hand %(hand)d, turn %(turn)d: the draw by %(player)s is recorded as out of turn, but %(player)s was "
               "to move"),
    "take": N_("hand %(hand)d, turn %(turn)d: the take by %(player)s is recorded as out of turn, but %(player)s was "
               "to move"),
    "pass": N_("hand %(hand)d, turn %(turn)d: the pass by %(player)s is recorded as out of turn, but %(player)s was "
               "to move"),
    "discard": N_("hand %(hand)d, turn %(turn)d: the discard by %(player)s is recorded as out of turn, but "
                  "%(player)s was to move"),
    "knock": N_("hand %(hand)d, turn %(turn)d: the knock by %(player)s is recorded as out of turn, but %(player)s "
                "was to move"),
}


def _given(value: object) -> object:
    """A value as written, None where it is not written."""
    return None if value is NOT_WRITTEN else value


def _replay_illegal_knock(state: MatchState, setup: HandSetup, where: Where, item: Irregularity,
                          given: ItemValues, at: Optional[int], problems: Problems) -> None:
    """An illegal knock (``given``: its values, a Kept's or as a hand edit wrote them) was illegal by its
    cards or its count, and its points are the rules' penalty, scored."""
    number, player = setup.number, item.player
    penalty = illegal_knock_penalty(state)
    settles = setup.upcard is not None or not limit_needs_upcard(state.rules)
    if given.count is not NOT_WRITTEN and settles:
        _check_illegal_count(state, setup, where, given, problems)
    elif _given(given.cards) is not None and settles:
        _check_illegal_cards(state, setup, where, item, given, at, problems)
    points = given.points
    if not same(None if points is NOT_WRITTEN else points, penalty):
        why = Message(N_("the penalty is %(penalty)d"), penalty=penalty) if penalty else \
            Message(N_("illegal_knock: reject has no penalty"))
        problems.add(where + ("points",) if points is not NOT_WRITTEN else where,
                     Message(N_("hand %(hand)d: the illegal knock's points are %(points)s, but %(why)s"), hand=number,
                             points=shown_value(None if points is NOT_WRITTEN else points), why=why))
    if player is not None and penalty and setup.index not in state.after_end:
        score(state, setup.other(player), penalty, hand_won=False)


def _check_illegal_count(state: MatchState, setup: HandSetup, where: Where, item: ItemValues,
                         problems: Problems) -> None:
    """An illegal knock by count: over the limit, and without cards."""
    number = setup.number
    try:
        count = stored_count(item.count, state.rules.most_deadwood)
    except InvalidNotationError as exc:
        problems.add(where + ("count",), Message(N_("hand %(hand)d: the illegal knock's count: %(reason)s"),
                                                 hand=number, reason=reason(exc)))
    else:
        refusal, _settled = judge(state.rules, setup.upcard, Facts(knocker_count=count, defender_count=0))
        if refusal is None:
            problems.add(where + ("count",), Message(N_("hand %(hand)d: the knock recorded as illegal is legal (count "
                                                        "%(count)d within limit %(limit)s)"), hand=number, count=count,
                                                     limit=setup.limit))
    if item.cards is not NOT_WRITTEN:
        problems.add(where + ("cards",), Message(N_("hand %(hand)d: an illegal knock holds its cards or its count, "
                                                    "not both"), hand=number))


def _check_illegal_cards(state: MatchState, setup: HandSetup, where: Where, item: Irregularity,
                         given: ItemValues, at: Optional[int], problems: Problems) -> None:
    """An illegal knock by cards: they do not make a legal knock, and (turn by turn) they fit the hand."""
    number = setup.number
    try:
        melds_written, discard_written = _given(given.melds), _given(given.discard)
        melds = parse_melds(melds_written, state.rules.aces) if melds_written is not None else None
        discard = card_of(discard_written) if discard_written is not None else None
        cards = recorded_cards(given.cards, (10, 11), "knocker's hand", state.rules.ace_runs)
        check = check_knock(cards, state.rules, setup.upcard, melds, discard)
        if check.legal:
            problems.add(where + ("cards",), Message(N_("hand %(hand)d: the knock recorded as illegal is legal "
                                                        "(%(verdict)s)"), hand=number, verdict=check.verdict_said))
        if given.turn is not NOT_WRITTEN:  # a knock recorded at a turn: it was made at the table
            _check_refused_knock(state, where, number, item, at, cards, discard, problems)
    except GinRefError as exc:
        problems.add(where + ("cards",), Message(N_("hand %(hand)d: the illegal knock's cards: %(reason)s"),
                                                 hand=number, reason=reason(exc)))


def illegal_knock_penalty(state: MatchState) -> int:
    rules = state.rules
    return rules.illegal_knock_penalty if rules.illegal_knock == "penalty" else 0


def _check_refused_knock(state: MatchState, where: Where, number: int, item: Irregularity, at: Optional[int],
                         cards: Tuple[Card, ...], discard: Optional[Card], problems: Problems) -> None:
    """An illegal knock in a hand recorded turn by turn was made in turn, with cards that fit the hand."""
    table, player = state.table, item.player
    if at is None or player is None or table is None or not state.table_ok:
        return
    try:
        table.verify_knock(player)
    except IllegalActionError as exc:
        problems.add(where + ("turn",), Message(N_("hand %(hand)d, turn %(turn)d: the refused knock by %(player)s: "
                                                   "%(reason)s"), hand=number, turn=at, player=player,
                                                reason=reason(exc)))
        return
    if len(cards) == 11:
        for _side, message in table.spread_misfits_said(player, cards, discard):
            problems.add(where + ("cards",), Message(N_("hand %(hand)d, turn %(turn)d: the refused knock does not "
                                                        "fit the hand: %(misfit)s"), hand=number, turn=at,
                                                     misfit=message))


# -- irregularities of the match: deals refused ------------------------------------------------------

def match_items(refused: "Union[None, Sequence[Kept], Sequence[Refusal]]") -> "Sequence[Refusal]":
    """The match's irregularities (deals refused) as the replay takes them: each as the reader read it
    (``gin_ref.match.record.Read.refused``), or a Record's typed ``Kept`` (made in memory: no problems)."""
    if not refused:
        return ()
    return [(item, item.item.hand, ()) if isinstance(item, Kept) else item for item in refused]


def replay_match_irregularities(items: "Sequence[Refusal]", state: MatchState, upto: int, problems: Problems) -> None:
    """The match's irregularities recorded before hand ``upto`` was dealt (the replay stands there)."""
    while state.match_next < len(items):
        item = items[state.match_next]
        hand = item[1]
        if isinstance(hand, int) and is_count(hand) and hand > upto:
            return
        state.match_next += 1
        _replay_wrong_dealer(state, state.match_next - 1, item, upto, problems)


def check_match_irregularities(items: "Sequence[Refusal]", listed: Sequence[Problem], held: int, state: MatchState,
                               problems: Problems) -> None:
    """After the last hand (``held`` hands): the list's shape (``listed``: its problems, as read), and any item
    for a hand that was never due."""
    problems.extend(listed)
    upto = held + 1
    for i in range(state.match_next, len(items)):
        item = items[i]
        hand = item[1]
        if type(hand) is int and hand > upto:
            problems.add(("irregularities", i, "hand"), Message(Nn_(
                "a deal of hand %(hand)d was refused, but only %(count)d hand is recorded",
                "a deal of hand %(hand)d was refused, but only %(count)d hands are recorded"), hand=hand,
                count=held))
        else:  # whatever follows an item not yet due is checked as an item
            _replay_wrong_dealer(state, i, item, upto, problems)


def _replay_wrong_dealer(state: MatchState, i: int, item: "Refusal", upto: int, problems: Problems) -> None:
    """A deal refused, where the replay reaches it: the problems of its reading said, then (typed) judged
    against the match as it stands."""
    where: Where = ("irregularities", i)
    kept, _written, said = item
    problems.extend(said)
    read = kept.item._replace(where=where) if kept is not None else None
    hand = read.hand if read is not None else None
    if read is None or hand is None:
        return
    if read.detail is None and read.player is not None and hand == upto and not state.finished:
        read = read._replace(detail=dealer_refusal(state, read.player, hand))  # a /3 item: facts only
    state.match_irregularities.append(read)
    player = read.player
    if hand < upto:
        problems.add(where + ("hand",), Message(N_("hand %(hand)d: the refused deal is recorded after the deal of "
                                                   "hand %(last)d (keep them in the order of the hands)"), hand=hand,
                                                last=upto - 1))
    elif state.finished:
        problems.add(where + ("hand",), Message(N_("hand %(hand)d: a deal is recorded as refused after the match "
                                                   "ended"), hand=hand))
    elif player is not None and player == state.dealer:
        problems.add(where + ("player",), Message(N_("hand %(hand)d: the deal by %(player)s is recorded as by the "
                                                     "wrong dealer, but %(player)s was to deal (%(why)s)"), hand=hand,
                                                  player=player, why=state.why))

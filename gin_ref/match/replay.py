"""Reading a match record back: every derived value worked out again from the hand's own facts.

``replay_record(record)`` walks a typed record (``gin_ref.match.record.Record``) from the start: its header
(format, players, a snapshot of every house rule, who deals first: read, with the rest of the top level, by
``gin_ref.files.matchtop.read``, whose problems it says where it reaches each part), then each hand: its dealer or roles against the rotation, its limit against the
upcard, its turns and irregularities (``gin_ref.match.play``), its result, winner and points against the
engine's settlement of the recorded cards, and the running totals; between the hands, the match's own
irregularities (deals refused). Every problem is collected with its key path, and the replay goes on with
the recomputed values, so one edited number is one problem.

Each hand is read once into a typed ``gin_ref.match.handread.Hand`` (its facts, and the derived values as
it claims them), then judged: the replay compares the values it works out with the claims.

``replay_hands`` replays from any hand on a state standing before it. With ``settle_from`` it settles the
hands from that one on instead of checking them: the values it works out from their facts are left in the
state, a ``Worked`` per hand by its index (``MatchState.worked``), for the model to put into new hands (what
an action or an amend needs, through the same code that checks): no hand is changed in place.
"""

import json
from typing import TYPE_CHECKING, Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from gin_ref.core import game
from gin_ref.core.rules import HouseRules
from gin_ref.core.errors import GinRefError
from gin_ref.core.knock import knock_limit, limit_said
from gin_ref.core.errors import reason
from gin_ref.core.message import Message, N_, Nn_
from gin_ref.core.scoring import HandScore
from gin_ref.match import play, rulings
from gin_ref.match.handread import (NOT_WORKED, NOT_WRITTEN, Hand, RecordedHand, Totals, Worked, claimed, given, read_hand,
                                    shown_columns, shown_totals)
from gin_ref.match.corrections import Correction
from gin_ref.match.header import Header
from gin_ref.match.knocks import Settlement, judge, limit_needs_upcard
from gin_ref.match.resultonly import PaperResult, paper_read
from gin_ref.match.problems import Problem, Problems, Where, same
from gin_ref.match.schema import ROLES, AsWritten, is_count
from gin_ref.match.state import HandSetup, MatchState, Note, Played, close_hand, fresh_state, score
from gin_ref.match.history import Amend, amends_in_force
from gin_ref.match.steps import Kept
from gin_ref.core.escape import shown_value

if TYPE_CHECKING:
    from gin_ref.match.record import Read, Record, Refusal

Settled = Dict[int, Settlement]  # index -> a knock already settled by an action (not settled again)
OnHand = Callable[[int, int], None]  # told (hands replayed, hands in all) after each hand


def replay_record(record: "Record", settle_from: Optional[int] = None, settled: Optional[Settled] = None,
                  read: "Optional[Read]" = None, on_hand: Optional[OnHand] = None
                  ) -> Tuple[MatchState, Problems, Optional[MatchState]]:
    """``(state, problems, base)``: the state a typed record leaves, every problem found (in the order found)
    and the state before its last hand (None without hands). ``read``: the first reading of the record's top
    level (``gin_ref.files.matchtop.read``), whose problems, held by part, are said where the replay reaches
    each part: the head's first, a result-only record's result, each deal refused before the hand it names
    (then the list's own), the corrections' last; without it (a Record made in memory, by gin-ref's steps),
    the typed parts are replayed as they are. ``settle_from``: the hands from that index on are settled, not
    checked. ``on_hand(done, hands)`` is told after each hand replayed (a progress bar's count)."""
    problems = Problems(read.head if read is not None else ())
    if read is not None:
        refused: Union[None, Sequence[Kept], Sequence[Refusal]] = read.refused
        listed = read.listed
    else:
        refused, listed = record.irregularities, ()
    result: Optional[Callable[[MatchState], Optional[PaperResult]]] = None
    if read is not None and (record.result is not None or read.result):
        def result(state: MatchState) -> Optional[PaperResult]:
            problems.extend(read.result)
            for _kept, _hand, said in read.refused:  # a result-only record's deals refused: read, never replayed
                problems.extend(said)
            problems.extend(read.listed)
            return read.paper
    elif record.result is not None:
        paper = record.result

        def result(state: MatchState) -> Optional[PaperResult]:
            return paper_read(paper, state.players)
    state, base = _replay_top(record.header, record.hands, refused, listed, list(record.corrections), problems,
                              settle_from, settled, on_hand, result)
    if read is not None:
        problems.extend(read.corrections)
    return state, problems, base


def _replay_top(header: Header, hands: Sequence[object], refused: "Union[None, Sequence[Kept], Sequence[Refusal]]",
                listed: Sequence[Problem], corrections: List[Correction], problems: Problems,
                settle_from: Optional[int], settled: Optional[Settled], on_hand: Optional[OnHand],
                result: Optional[Callable[[MatchState], Optional[PaperResult]]]
                ) -> Tuple[MatchState, Optional[MatchState]]:
    """The replay from its typed head on: the hands (a list as read), the deals refused (typed, or as the
    reader read them) and their list's problems, the corrections and, for a result-only record, its result
    (``result``: says the result's problems, gives the result as the replay reads it)."""
    state = fresh_state(header)
    held = len(hands)  # a count a record gives is bounded by the hands it holds: never a huge range
    amends = amends_in_force(corrections)
    for amend in amends:  # the hands there were when an earlier hand was amended
        state.as_played.update(range(amend.hand + 1, min(amend.hands, held) + 1))
    ruled = set(rulings.played_after_rulings(hands))  # likewise the hands there were at a ruling
    state.ruled_only = ruled - state.as_played
    state.as_played.update(ruled)
    check_hand_counts(hands, amends, problems)
    base = None
    if result is not None:  # a match recorded by its result: no hand to replay
        paper = result(state)
        if paper is not None:
            state.paper, state.finished, state.winner = paper, True, paper.winner
            state.totals = dict(paper.scores)
    else:
        base = replay_hands(hands, refused, state, 0, problems, settle_from, settled, on_hand, listed)
    return state, base


def check_hand_counts(hands: Sequence[object], amends: List[Amend], problems: Problems) -> None:
    """The count of the hands there were when an amend in force or a ruling was made is at most the hands
    the record holds (an undo takes back the later hands first), and at least the hand amended or ruled."""
    counted: List[Tuple[Where, Optional[int], object, object]] = [
        (("corrections", amend.place, "hands"), None, amend.hands, amend.hand)
        for amend in amends]  # (one taken back may count hands undone since)
    counted += [(("hands", i, "ruling", "hands"), i + 1, ruled.hands, given(hand.number))
                for i, hand, ruled in ((i, hand, rulings.ruled_of(hand)) for i, hand in enumerate(hands)
                                       if isinstance(hand, RecordedHand)) if ruled is not None]
    for where, ruled, count, hand in counted:  # (ruled: the hand a ruling is on; None: an amend)
        if type(count) is not int:  # noqa: E721 (its shape is checked with the rest of the entry)
            continue
        if ruled is not None and not is_count(count):  # a ruling's count left out or not a count (read as
            continue  # written: 0 when missing) is one problem, its shape's, not also a count judged
        if count > len(hands):
            words = Nn_("an amend's 'hands' is %(given)d, but the record holds %(count)d hand",
                        "an amend's 'hands' is %(given)d, but the record holds %(count)d hands") if ruled is None else \
                Nn_("hand %(hand)d: the ruling's 'hands' is %(given)d, but the record holds %(count)d hand",
                    "hand %(hand)d: the ruling's 'hands' is %(given)d, but the record holds %(count)d hands")
            problems.add(where, Message(words, hand=ruled, given=count, count=len(hands)))
        elif type(hand) is int and count < hand:  # noqa: E721
            problems.add(where, Message(N_("an amend's 'hands' is %(given)d, but hand %(number)d was there")
                                        if ruled is None else
                                        N_("hand %(hand)d: the ruling's 'hands' is %(given)d, but hand %(number)d was "
                                           "there"), hand=ruled, given=count, number=hand))


def replay_hands(hands: Sequence[object], refused: "Union[None, Sequence[Kept], Sequence[Refusal]]", state: MatchState,
                 start: int, problems: Problems, settle_from: Optional[int] = None, settled: Optional[Settled] = None,
                 on_hand: Optional[OnHand] = None, listed: Sequence[Problem] = ()) -> Optional[MatchState]:
    """Replay hands ``start``... onto ``state`` (standing before hand ``start``), with the match's
    irregularities between them (``refused``: the Record's, typed, or each as the reader read it; ``listed``:
    the problems of their list, said after the last hand); returns a copy of the state before the last hand
    (None without one)."""
    items = play.match_items(refused)
    base = None
    for index in range(start, len(hands)):
        if index == len(hands) - 1:
            base = state.copy()
        play.replay_match_irregularities(items, state, index + 1, problems)
        settling = settle_from is not None and index >= settle_from
        replay_hand(state, index, hands[index], problems, settling,
                    settled[index] if settled is not None and index in settled else None)
        if on_hand is not None:
            on_hand(index + 1, len(hands))
    play.replay_match_irregularities(items, state, len(hands) + 1, problems)
    play.check_match_irregularities(items, listed, len(hands), state, problems)
    return base


def replay_hand(state: MatchState, index: int, entry: object, problems: Problems, settling: bool = False,
                settlement: Optional[Settlement] = None) -> None:
    """Read hand ``index`` (``gin_ref.match.handread``), then judge it against the match as it stands
    (settling: its derived values are worked out and written, not compared)."""
    hand = read_hand(entry, index, state.header, problems, facts=settlement is None)
    if hand is None:
        return
    hand.say("place", problems)
    setup = replay_deal(state, hand, problems)
    play.replay_play(state, setup, hand, problems)
    played = bool(hand.turns) or bool(hand.irregularities) or hand.result is not None
    ruling = rulings.check_ruling(state, setup, hand.entry, problems, played)
    state.rulings.pop(index, None)
    if ruling is not None:
        state.rulings[index] = ruling
    if hand.result is None and ruling is not None and ruling.dealt and ruling.kind not in rulings.OPEN_KINDS:
        _replay_dealt_ruling(state, setup, hand, problems, settling, ruling)
    elif hand.result is None and ruling is not None:  # an open hand ruled a misdeal, or forfeited
        play.check_play(state, setup, hand, problems)
        _no_result(hand, problems, kept=("totals", "seal"))
        totals = _check_totals(state, hand, problems, settling)
        if settling:
            state.worked[index] = Worked(totals=totals)
        _keep(state, hand, None, None, None, None, totals)
        close_hand(state, setup, None)
        rulings.after_ruling(state, setup, ruling)
    elif hand.result is None:
        _no_result(hand, problems)
        play.check_play(state, setup, hand, problems)
        _keep(state, hand)
        state.open = index
    else:
        replay_result(state, setup, hand, problems, settling, settlement, ruling)
        if ruling is not None:
            rulings.after_ruling(state, setup, ruling)


def _replay_dealt_ruling(state: MatchState, setup: HandSetup, hand: Hand, problems: Problems, settling: bool,
                         ruling: rulings.Ruling) -> None:
    """A hand dealt by its ruling (an award or a void of a hand a table entered and rejected): never played,
    no result; its winner, points and totals are the ruling's, and the next dealer follows its winner."""
    play.check_play(state, setup, hand, problems)
    _no_result(hand, problems, kept=("winner", "points", "totals", "games", "seal"))
    scored = _Scored("ruled", None, 0, 1, Message(RULED, kind=ruling.kind))
    winner, points = _check_winner(setup, hand, problems, settling, scored, ruling)
    if winner is not None and setup.index not in state.after_end:
        score(state, winner, points, boxes=1)
    games = _check_games(state, hand, problems, settling)
    totals = _check_totals(state, hand, problems, settling)
    if settling:
        state.worked[setup.index] = Worked(NOT_WORKED, NOT_WORKED, winner, points, totals,
                                           NOT_WORKED if games is None else games)
    _keep(state, hand, None, None, winner, points, totals, games)
    close_hand(state, setup, winner)


def _no_result(hand: Hand, problems: Problems, kept: Tuple[str, ...] = ()) -> None:
    """An open hand holds none of a settled hand's keys (but ``kept``)."""
    for key in hand.held:
        if key not in kept:
            problems.add(hand.where + (key,), Message(N_("hand %(hand)d has '%(key)s' but no result"), hand=hand.number,
                                                      key=key))


def replay_deal(state: MatchState, hand: Hand, problems: Problems) -> HandSetup:
    """The hand's setup: its dealer or roles against the rotation, its limit against the upcard."""
    index, where, number = hand.at, hand.where, hand.number
    _check_place(state, index, problems)
    hand.say("dealer", problems)
    # An out-of-turn dealer or roles out of rotation are reported once; the replay goes on with the
    # rotation's dealer and roles, so one edit is one problem.
    dealer = hand.dealer
    roles = state.roles
    if roles is not None:
        roles = _replay_roles(state, hand, roles, problems)
        deals = game.box_dealer(roles, state.rules.next_dealer)
        if dealer is not None and dealer != deals:
            problems.add(where + ("dealer",), Message(N_("hand %(hand)d: %(player)s dealt, but %(who)s %(dealer)s "
                                                         "deals every hand"), hand=number, player=dealer,
                                                      who=_who_deals(roles, state.rules), dealer=deals))
        pair = game.box_pair(roles, state.rules.next_dealer)
    else:
        _replay_dealer(state, index, dealer, problems)
        pair = (state.dealer, game.other(state.players, state.dealer))
    limit = _replay_limit(state, hand, problems)
    dealt = pair[0] if roles is None else game.box_dealer(roles, state.rules.next_dealer)
    setup = HandSetup(index, dealt, roles, pair, hand.upcard, limit)
    state.current = setup
    state.setups[index:] = [setup]  # (a replay from a later hand starts on a state that holds the hands before)
    return setup


def _check_place(state: MatchState, index: int, problems: Problems) -> None:
    """The open hand before this one, a hand dealt after the end."""
    number = index + 1
    if state.open is not None:
        problems.add(("hands", state.open), Message(N_("hand %(hand)d has no result, but hand %(next)d follows it"),
                                                    hand=state.open + 1, next=number))
        state.open = None
    if state.finished:
        if number in state.as_played:
            state.after_end.add(index)
        else:
            problems.add(("hands", index), Message(N_("hand %(hand)d was dealt after the match ended (in hand "
                                                      "%(ended)s)"), hand=number, ended=state.ended_in))


def _note(state: MatchState, index: int, what: str, played: str, due: str) -> None:
    """A hand played with another dealer or roles than the rotation's, after an amend or a ruling (after
    the end the rotation says nothing)."""
    number = index + 1
    if index not in state.after_end:
        state.notes.append(Note(number, what, played, due, "ruling" if number in state.ruled_only else "amend"))


def _replay_roles(state: MatchState, hand: Hand, roles: game.Roles, problems: Problems) -> game.Roles:
    """Three players: the hand's roles against the rotation's (``roles``); the roles the hand goes on with."""
    index, number, played = hand.at, hand.number, hand.roles
    hand.say("roles", problems)
    if played is None or played == roles:  # (roles that are not the three players: the reader said so)
        return roles
    if number in state.as_played:
        _note(state, index, "roles", _roles_text(played), _roles_text(roles))
        return played
    key = next(role for role in ROLES if getattr(played, role) != getattr(roles, role))
    problems.add(hand.where + (key,), Message(N_("hand %(hand)d: roles out of rotation: box %(box)s, captain "
                                                 "%(captain)s, sitter %(sitter)s, but the rotation gives box %(due_box)s, "
                                                 "captain %(due_captain)s, sitter %(due_sitter)s (%(why)s)"),
                                              hand=number, box=played.box, captain=played.captain,
                                              sitter=played.sitter, due_box=roles.box, due_captain=roles.captain,
                                              due_sitter=roles.sitter, why=state.why))
    return roles


def _replay_dealer(state: MatchState, index: int, dealer: Optional[str], problems: Problems) -> None:
    """Two players: the hand's dealer against the rotation's (``state.dealer``, which follows an amend's)."""
    number = index + 1
    if dealer is None or dealer == state.dealer:
        return
    if number in state.as_played:
        _note(state, index, "dealer", dealer, state.dealer)
        state.dealer = dealer
    else:
        problems.add(("hands", index, "dealer"), Message(N_("hand %(hand)d: dealer out of turn: %(player)s dealt, "
                                                            "but %(dealer)s should deal (%(why)s)"), hand=number,
                                                         player=dealer, dealer=state.dealer, why=state.why))


def _replay_limit(state: MatchState, hand: Hand, problems: Problems) -> Optional[int]:
    """The hand's knock limit, the limit claimed against the upcard's."""
    upcard, number, claim = hand.upcard, hand.number, claimed(hand.claims.limit)
    hand.say("upcard", problems)
    limit = None
    if hand.entry.upcard is NOT_WRITTEN and not limit_needs_upcard(state.rules):
        limit = knock_limit(state.rules, None)  # a hand dealt without its upcard: the limit is the rules'
    elif upcard is not None:
        limit = knock_limit(state.rules, upcard)
    if limit is not None and not same(claim, limit):
        written = claim is not NOT_WRITTEN
        words = N_("hand %(hand)d: limit is %(claim)s, but upcard %(upcard)s gives %(limit)d (%(why)s)") \
            if upcard is not None else N_("hand %(hand)d: limit is %(claim)s, but the rules give %(limit)d (%(why)s)")
        problems.add(hand.where + ("limit",) if written else hand.where,
                     Message(words, hand=number, claim=shown_value(claim if written else None),
                             upcard=upcard.pretty if upcard is not None else None, limit=limit,
                             why=limit_said(state.rules, upcard)))
    return hand.claims.whole_limit if limit is None else limit


class _Scored(NamedTuple):
    """What a settled hand scores, as its facts (or, when they do not settle, its record) give it."""

    result: str
    winner: Optional[str]
    points: int
    boxes: int
    explain: Union[Message, HandScore]  # why: a message, or the score whose arithmetic says it in a problem
    defender: Optional[str] = None  # the other player in the hand (None: not known)
    settled: bool = False  # settled again from its facts (else the result is the record's)


def replay_result(state: MatchState, setup: HandSetup, hand: Hand, problems: Problems, settling: bool = False,
                  settlement: Optional[Settlement] = None, ruling: Optional[rulings.Ruling] = None) -> None:
    """A settled hand: its result, winner and points from its facts, then the totals and what comes next.
    Checking, each value worked out is compared with the hand's claim; settling, they are written."""
    hand.say("result", problems)
    if hand.result == "dead":
        scored = _Scored("dead", None, 0, 1, DEAD_SCORES)
    else:
        scored, settlement = _replay_knock(state, setup, hand, problems, settling, settlement)
    play.check_play(state, setup, hand, problems, settlement)
    winner, points = _check_winner(setup, hand, problems, settling, scored, ruling)
    if winner is not None and setup.index not in state.after_end:
        score(state, winner, points, boxes=scored.boxes if ruling is None else 1)
    games = _check_games(state, hand, problems, settling)
    totals = _check_totals(state, hand, problems, settling)
    if settling:
        state.worked[setup.index] = Worked(scored.result if scored.settled else NOT_WORKED,
                                           NOT_WORKED if scored.defender is None else scored.defender, winner,
                                           points, totals, NOT_WORKED if games is None else games)
    _keep(state, hand, scored.result if settling and scored.settled else hand.result, scored.defender, winner, points,
          totals, games)
    close_hand(state, setup, winner, tie=scored.result == "tie" and winner is None)


def _replay_knock(state: MatchState, setup: HandSetup, hand: Hand, problems: Problems, settling: bool,
                  settlement: Optional[Settlement]) -> Tuple[_Scored, Optional[Settlement]]:
    """A knock: the knocker and defender, the hand settled again from its facts (else what the record says)."""
    number, knocker, claims = hand.number, hand.knocker, hand.claims
    assert hand.result is not None
    if knocker is not None and knocker not in setup.pair:
        problems.add(hand.where + ("knocker",), Message(N_("hand %(hand)d: %(player)s knocked while sitting out"),
                                                        hand=number, player=knocker))
    defender = setup.other(knocker) if knocker in setup.pair and knocker is not None else None
    if defender is not None and not settling:
        _check_defender(hand, defender, problems)
    if settlement is None and defender is not None and (setup.upcard is not None or
                                                        not limit_needs_upcard(state.rules)):
        settlement = _settle_stored(state, setup, hand, problems)
    if settlement is None:  # the cards do not settle again: go on with what the record says
        return _Scored(hand.result, claims.winner_among(setup.pair), claims.points_given, 1,
                       DEAD_SCORES, defender), None
    hand_score = settlement.score
    winner = knocker if hand_score.winner == "knocker" else defender if hand_score.winner == "defender" else None
    scored = _Scored(hand_score.result, winner,
                     hand_score.score, hand_score.boxes, hand_score, defender, True)
    state.settlements[setup.index] = settlement
    if not settling and _differs(hand, "result", claimed(claims.result), scored.result, problems):
        problems.add(hand.where + ("result",), Message(N_("hand %(hand)d: result is %(claim)s, but %(basis)s give "
                                                          "%(result)s (%(explain)s)"), hand=number,
                                                       claim=shown_value(claimed(claims.result)), basis=BASES[hand.counted],
                                                       result=scored.result, explain=_explained(scored.explain)))
    return scored, settlement


def _check_defender(hand: Hand, defender: str, problems: Problems) -> None:
    claim = claimed(hand.claims.defender)
    if _differs(hand, "defender", claim, defender, problems):
        problems.add(hand.where + ("defender",), Message(N_("hand %(hand)d: defender is %(claim)s, but %(player)s "
                                                            "was the other player in the hand"), hand=hand.number,
                                                         claim=shown_value(claim), player=defender))


def _check_winner(setup: HandSetup, hand: Hand, problems: Problems, settling: bool, scored: _Scored,
                  ruling: Optional[rulings.Ruling]) -> Tuple[Optional[str], int]:
    """The hand's winner and points (as the ruling has them, if any), checked against its claims."""
    number, claims = hand.number, hand.claims
    winner, points, explain = scored.winner, scored.points, scored.explain
    ruled = ruling if ruling is not None and ruling.kind != "forfeit" else None
    if ruled is not None:  # the winner and points follow the ruling
        winner, points = ruled.score()
        explain = Message(RULED, kind=ruled.kind)
    if settling:
        return winner, points
    if setup.roles is not None and claims.winner == setup.roles.sitter:
        problems.add(hand.where + ("winner",), Message(N_("hand %(hand)d: %(player)s scored while sitting out"),
                                                       hand=number, player=setup.roles.sitter))
    elif _differs(hand, "winner", claimed(claims.winner), winner, problems):
        words = N_("hand %(hand)d: winner is %(claim)s, but the ruling makes it %(winner)s (%(explain)s)") \
            if ruled is not None else N_("hand %(hand)d: winner is %(claim)s, but %(basis)s make it %(winner)s "
                                         "(%(explain)s)")
        problems.add(hand.where + ("winner",), Message(words, hand=number, claim=shown_value(claimed(claims.winner)),
                                                       basis=BASES[hand.counted], winner=winner,
                                                       explain=_explained(explain)))
    if _differs(hand, "points", claimed(claims.points), points, problems):
        words = N_("hand %(hand)d: points are %(claim)s, but the ruling gives %(points)d (%(explain)s)") \
            if ruled is not None else N_("hand %(hand)d: points are %(claim)s, but %(basis)s give %(points)d "
                                         "(%(explain)s)")
        problems.add(hand.where + ("points",), Message(words, hand=number, claim=shown_value(claimed(claims.points)),
                                                       basis=BASES[hand.counted], points=points,
                                                       explain=_explained(explain)))
    return winner, points


def _check_games(state: MatchState, hand: Hand, problems: Problems, settling: bool) -> Optional[List[Totals]]:
    """Games played one after another (or Hollywood): each game's columns after the hand, checked against
    its claim; None without games."""
    if state.games is None:
        return None
    columns = [dict(g.totals) for g in state.games]
    claim = hand.claims.games  # typed (a tuple of each game's totals), or as written (never the columns)
    if not settling and _differs(hand, "games", claim, columns, problems,
                                 type(claim) is not tuple or claim != tuple(columns)):
        problems.add(hand.where + ("games",), Message(N_("hand %(hand)d: the game columns say %(claim)s, but the hands "
                                                         "add up to %(columns)s"), hand=hand.number,
                                                      claim=shown_columns(claim), columns=shown_columns(columns)))
    return columns


def _check_totals(state: MatchState, hand: Hand, problems: Problems, settling: bool) -> Totals:
    """The running totals after the hand, checked against its claim."""
    totals = dict(state.totals)
    claim = hand.claims.totals  # typed (a score per player), or as written (never the totals)
    if not settling and _differs(hand, "totals", claim, totals, problems,
                                 type(claim) is AsWritten or claim != totals):
        problems.add(hand.where + ("totals",), Message(N_("hand %(hand)d: totals say %(claim)s, but the hands add up to "
                                                          "%(totals)s"), hand=hand.number, claim=shown_totals(claim),
                                                       totals=shown_totals(totals)))
    return totals


def _differs(hand: Hand, key: str, claim: object, value: object, problems: Problems,
             other: Optional[bool] = None) -> bool:
    """Is the hand's claim for ``key`` written, and other than ``value`` (the caller says how)? A claim not
    written is a problem of its own, said here. ``other``: whether a written claim differs, when the caller
    compares it (typed totals and games); else an atom compared with its type (``same``)."""
    if claim is NOT_WRITTEN:
        problems.add(hand.where, Message(N_("hand %(hand)d has no '%(key)s' (it should be %(value)s)"), hand=hand.number,
                                         key=key, value=json.dumps(value)))
        return False
    return not same(claim, value) if other is None else other


def _settle_stored(state: MatchState, setup: HandSetup, hand: Hand, problems: Problems) -> Optional[Settlement]:
    """Settle a recorded knock again from its facts (read with the hand, its problems said here); None
    (with a problem) if they do not settle."""
    hand.say("facts", problems)
    facts = hand.facts
    if facts is None:
        return None
    try:
        refusal, settlement = judge(state.rules, setup.upcard, facts)
    except GinRefError as exc:
        problems.add(("hands", setup.index, "knocker_cards" if facts.knocker_cards is not None else "knocker_count"),
                     Message(HAND_PROBLEM, hand=setup.number, problem=reason(exc)))
        return None
    if refusal is not None:
        problems.add(("hands", setup.index, "knocker_cards" if facts.knocker_cards is not None else "knocker_count"),
                     Message(HAND_PROBLEM, hand=setup.number, problem=refusal))
    return settlement


def _explained(explain: Union[Message, HandScore]) -> Message:
    """Why a hand scores what it does, as a message (a score's arithmetic made only when a problem says it)."""
    return explain.arithmetic_said if isinstance(explain, HandScore) else explain


HAND_PROBLEM = N_("hand %(hand)d: %(problem)s")
RULED = N_("ruled %(kind)s")
DEAD_SCORES = Message(N_("a dead hand scores nothing"))
BASES = (Message(N_("the cards")), Message(N_("the cards and counts")), Message(N_("the counts")))  # by the sides
# given by count (a hand's ``counted``)


def _roles_text(roles: game.Roles) -> str:
    return f"box {roles.box}, captain {roles.captain}, sitter {roles.sitter}"


def _who_deals(roles: game.Roles, rules: "HouseRules") -> Message:
    """``the box player``, ``the sitter`` or ``the captain``: who deals in the box under these rules."""
    return game.box_dealer_said(rules.next_dealer)


def _keep(state: MatchState, hand: Hand, result: Optional[str] = None, defender: Optional[str] = None,
          winner: Optional[str] = None, points: Optional[int] = None, totals: Optional[Totals] = None,
          games: Optional[List[Totals]] = None) -> None:
    """Keep what the hand holds, typed, as the replay leaves it (``MatchState.played``: what the tally
    shows): its result, defender, winner, points, totals and games as worked out (and checked or written)."""
    entry, facts, played = hand.entry, hand.facts, state.played
    upcard = given(entry.upcard)  # as written: a hand edit's 9h stays 9h
    claim = hand.claims.totals
    if totals is not None and type(claim) is dict and claim == totals:  # noqa: E721
        # the entry's own mapping, checked equal: the tally's views (standings over 2,000 files) hold it, so
        # a second one per hand would be held too
        totals = claim
    kept = Played(upcard if upcard is None or type(upcard) is str else str(upcard), result,  # noqa: E721
                  hand.knocker, defender, winner, points, totals, games, len(hand.turns),
                  facts.big_gin if facts is not None else entry.big_gin is not NOT_WRITTEN,
                  entry.defender_count is not NOT_WRITTEN)
    if len(played) == hand.at:  # (the common case: the hands in order)
        played.append(kept)
    else:
        played[hand.at:] = [kept]

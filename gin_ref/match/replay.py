"""Reading a match record back: every derived value worked out again from the hand's own facts.

``replay(record)`` walks a record from the start: the header (format, players, a snapshot of every house
rule, who deals first), then each hand: its dealer or roles against the rotation, its limit against the
upcard, its turns and irregularities (``gin_ref.match.play``), its result, winner and points against the
engine's settlement of the recorded cards, and the running totals; between the hands, the match's own
irregularities (deals refused). Every problem is collected with its key path, and the replay goes on with
the recomputed values, so one edited number is one problem.

``replay_hands`` replays from any hand on a state standing before it. With ``settle_from`` it settles the
hands from that one on instead of checking them: their derived values are written from their facts (what
an action or an amend needs, through the same code that checks).
"""

import json
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from gin_ref.core import game
from gin_ref.core.rules import HouseRules
from gin_ref.core.errors import GinRefError
from gin_ref.core.knock import knock_limit, limit_reason
from gin_ref.match import play, rulings
from gin_ref.match.handread import Hand, read_hand
from gin_ref.match.corrections import read_corrections
from gin_ref.match.header import read_header
from gin_ref.match.play import stored_facts
from gin_ref.match.knocks import Settlement, judge, limit_needs_upcard
from gin_ref.match.result import check_result, is_result_only
from gin_ref.match.problems import Problems, Unreadable, Where, same
from gin_ref.match.schema import ROLES, SETTLED_KEYS, Entry, Record
from gin_ref.match.state import HandSetup, MatchState, Note, close_hand, fresh_state, score
from gin_ref.match.steps import Amend, amends_in_force
from gin_ref.core.escape import shown_value

Settled = Dict[int, Settlement]  # index -> a knock already settled by an action (not settled again)


def replay(record: object, settle_from: Optional[int] = None, settled: Optional[Settled] = None
           ) -> Tuple[Optional[MatchState], Problems, Optional[MatchState]]:
    """``(state, problems, base)``: the state the record leaves, every problem found (in the order found)
    and the state before its last hand (None without hands). The state is None when the record has no
    usable head. ``settle_from``: the hands from that index on are settled, not checked."""
    problems = Problems()
    try:
        header = read_header(record, problems)
    except Unreadable:
        return None, problems, None
    assert isinstance(record, dict)
    state = fresh_state(header)
    held = len(record["hands"])  # a count a record gives is bounded by the hands it holds: never a huge range
    found = Problems()  # the corrections' problems, reported after the hands' (where they are in the file)
    amends = amends_in_force(read_corrections(record, found))
    for amend in amends:  # the hands there were when an earlier hand was amended
        state.as_played.update(range(amend.hand + 1, min(amend.hands, held) + 1))
    ruled = set(rulings.played_after_rulings(record))  # likewise the hands there were at a ruling
    state.ruled_only = ruled - state.as_played
    state.as_played.update(ruled)
    check_hand_counts(record, amends, problems)
    if is_result_only(record):  # a match recorded by its result: no hand to replay
        paper = check_result(record, state.rules, state.players, problems)
        base = None
        if paper is not None:
            state.paper, state.finished, state.winner = paper, True, paper.winner
            state.totals = dict(paper.scores)
    else:
        base = replay_hands(record, state, 0, problems, settle_from, settled)
    problems.extend(found)
    return state, problems, base


def check_hand_counts(record: Record, amends: List[Amend], problems: Problems) -> None:
    """The count of the hands there were when an amend in force or a ruling was made is at most the hands
    the record holds (an undo takes back the later hands first), and at least the hand amended or ruled."""
    hands = record["hands"]  # a list: the head was read
    counted: List[Tuple[Where, str, Any, Any]] = [
        (("corrections", amend.place, "hands"), "an amend's", amend.hands, amend.hand)
        for amend in amends]  # (one taken back may count hands undone since)
    counted += [(("hands", i, "ruling", "hands"), f"hand {i + 1}: the ruling's", entry["ruling"].get("hands"),
                 entry.get("number")) for i, entry in enumerate(hands)
                if isinstance(entry, dict) and isinstance(entry.get("ruling"), dict)]
    for where, whose, count, hand in counted:
        if type(count) is not int:  # noqa: E721 (its shape is checked with the rest of the entry)
            continue
        if count > len(hands):
            held = f"{len(hands)} hand" + ("" if len(hands) == 1 else "s")
            problems.add(where, f"{whose} 'hands' is {count}, but the record holds {held}")
        elif type(hand) is int and count < hand:  # noqa: E721
            problems.add(where, f"{whose} 'hands' is {count}, but hand {hand} was there")


def replay_hands(record: Record, state: MatchState, start: int, problems: Problems,
                 settle_from: Optional[int] = None, settled: Optional[Settled] = None) -> Optional[MatchState]:
    """Replay hands ``start``... onto ``state`` (standing before hand ``start``), with the match's
    irregularities between them; returns a copy of the state before the last hand (None without one)."""
    hands = record["hands"]
    base = None
    for index in range(start, len(hands)):
        if index == len(hands) - 1:
            base = state.copy()
        play.replay_match_irregularities(record, state, index + 1, problems)
        settling = settle_from is not None and index >= settle_from
        replay_hand(state, index, hands[index], problems, settling, (settled or {}).get(index))
    play.replay_match_irregularities(record, state, len(hands) + 1, problems)
    play.check_match_irregularities(record, state, problems)
    return base


def replay_hand(state: MatchState, index: int, entry: Any, problems: Problems, settling: bool = False,
                settlement: Optional[Settlement] = None) -> None:
    """Read hand ``index`` (``gin_ref.match.handread``), then judge it against the match as it stands."""
    hand = read_hand(entry, index, state.header, problems)
    if hand is None:
        return
    hand.say("place", problems)
    where, number = hand.where, hand.number
    setup = replay_deal(state, hand, problems)
    play.replay_play(state, setup, hand, problems)
    ruling = rulings.check_ruling(state, setup, hand.entry, problems)
    state.rulings.pop(index, None)
    if ruling is not None:
        state.rulings[index] = ruling
    if hand.result is None and ruling is not None:  # an open hand ruled a misdeal, or forfeited
        play.check_play(state, setup, hand, problems)
        _no_result(hand, problems, kept=("totals", "seal"))
        totals = dict(state.totals)
        _Derived(hand.entry, where, number, problems, settling).value("totals", totals, lambda stored: (
            f"hand {number}: totals say {_scores(stored)}, but the hands add up to {_scores(totals)}"))
        close_hand(state, setup, None)
        rulings.after_ruling(state, setup, ruling)
    elif hand.result is None:
        _no_result(hand, problems)
        play.check_play(state, setup, hand, problems)
        state.open = index
    else:
        replay_result(state, setup, hand, problems, settling, settlement, ruling)
        if ruling is not None:
            rulings.after_ruling(state, setup, ruling)


def _no_result(hand: Hand, problems: Problems, kept: Tuple[str, ...] = ()) -> None:
    """An open hand holds none of a settled hand's keys (but ``kept``)."""
    for key in SETTLED_KEYS[1:]:
        if key not in kept and hand.entry.get(key) is not None:
            problems.add(hand.where + (key,), f"hand {hand.number} has '{key}' but no result")


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
            problems.add(where + ("dealer",), f"hand {number}: {dealer} dealt, but {_who_deals(roles, state.rules)} "
                                              f"{deals} deals every hand")
        pair = (roles.box, roles.captain)
    else:
        _replay_dealer(state, index, dealer, problems)
        pair = (state.dealer, game.other(state.players, state.dealer))
    limit = _replay_limit(state, hand, problems)
    dealt = pair[0] if roles is None else game.box_dealer(roles, state.rules.next_dealer)
    setup = HandSetup(index, dealt, roles, pair, hand.upcard, limit)
    state.current = setup
    return setup


def _check_place(state: MatchState, index: int, problems: Problems) -> None:
    """The open hand before this one, a hand dealt after the end."""
    number = index + 1
    if state.open is not None:
        problems.add(("hands", state.open), f"hand {state.open + 1} has no result, but hand {number} follows it")
        state.open = None
    if state.finished:
        if number in state.as_played:
            state.after_end.add(index)
        else:
            problems.add(("hands", index), f"hand {number} was dealt after the match ended (in hand {state.ended_in})")


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
    problems.add(hand.where + (key,), f"hand {number}: roles out of rotation: box {played.box}, captain "
                                      f"{played.captain}, sitter {played.sitter}, but the rotation gives box "
                                      f"{roles.box}, captain {roles.captain}, sitter {roles.sitter} "
                                      f"({state.why})")
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
        problems.add(("hands", index, "dealer"), f"hand {number}: dealer out of turn: {dealer} dealt, but "
                                                 f"{state.dealer} should deal ({state.why})")


def _replay_limit(state: MatchState, hand: Hand, problems: Problems) -> Optional[int]:
    """The hand's knock limit, the limit recorded against the upcard's."""
    entry, upcard, number = hand.entry, hand.upcard, hand.number
    hand.say("upcard", problems)
    limit = None
    if "upcard" not in entry and not limit_needs_upcard(state.rules):
        limit = knock_limit(state.rules, None)  # a hand dealt without its upcard: the limit is the rules'
    elif upcard is not None:
        limit = knock_limit(state.rules, upcard)
    if limit is not None and not same(entry.get("limit"), limit):
        shown = f"upcard {upcard.pretty} gives" if upcard is not None else "the rules give"
        problems.add(hand.where + ("limit",) if "limit" in entry else hand.where,
                     f"hand {number}: limit is {shown_value(entry.get('limit'))}, but {shown} {limit} "
                     f"({limit_reason(state.rules, upcard)})")
    if limit is None and type(entry.get("limit")) is int:
        limit = entry["limit"]
    return limit


class _Scored(NamedTuple):
    """What a settled hand scores, as its facts (or, when they do not settle, its record) give it."""

    result: str
    winner: Optional[str]
    points: int
    boxes: int
    explain: str


def replay_result(state: MatchState, setup: HandSetup, hand: Hand, problems: Problems, settling: bool = False,
                  settlement: Optional[Settlement] = None, ruling: Optional[rulings.Ruling] = None) -> None:
    """A settled hand: its result, winner and points from its facts, then the totals and what comes next.
    Checking, each derived value is compared with the record's; settling, it is written."""
    hand.say("result", problems)
    derived = _Derived(hand.entry, hand.where, hand.number, problems, settling)
    if hand.result == "dead":
        scored = _Scored("dead", None, 0, 1, "a dead hand scores nothing")
    else:
        scored, settlement = _replay_knock(state, setup, hand, problems, derived, settlement)
    play.check_play(state, setup, hand, problems, settlement)
    winner = _check_scores(state, setup, hand.entry, derived, scored, ruling)
    close_hand(state, setup, winner, tie=scored.result == "tie" and winner is None)


def _replay_knock(state: MatchState, setup: HandSetup, hand: Hand, problems: Problems, derived: "_Derived",
                  settlement: Optional[Settlement]) -> Tuple[_Scored, Optional[Settlement]]:
    """A knock: the knocker and defender, the hand settled again from its facts (else what the record says)."""
    entry, number, knocker = hand.entry, hand.number, hand.knocker
    assert hand.result is not None
    if knocker is not None and knocker not in setup.pair:
        problems.add(hand.where + ("knocker",), f"hand {number}: {knocker} knocked while sitting out")
    defender = setup.other(knocker) if knocker in setup.pair and knocker is not None else None
    if defender is not None:
        derived.value("defender", defender, lambda stored: (
            f"hand {number}: defender is {shown_value(stored)}, but {defender} was the other player in the hand"))
    if settlement is None and defender is not None and (setup.upcard is not None or
                                                        not limit_needs_upcard(state.rules)):
        settlement = _settle_stored(state, setup, entry, problems)
    if settlement is None:  # the cards do not settle again: go on with what the record says
        winner = entry.get("winner") if entry.get("winner") in setup.pair else None
        stored_points = entry.get("points")
        points = stored_points if isinstance(stored_points, int) else 0
        return _Scored(hand.result, winner, points, 1, "a dead hand scores nothing"), None
    hand_score = settlement.score
    scored = _Scored(hand_score.result, {"knocker": knocker, "defender": defender}.get(hand_score.winner),
                     hand_score.score, hand_score.boxes, hand_score.arithmetic)
    state.settlements[setup.index] = settlement
    derived.value("result", scored.result, lambda stored: (
        f"hand {number}: result is {shown_value(stored)}, but {_basis(entry)} give {scored.result} "
        f"({scored.explain})"))
    return scored, settlement


def _check_scores(state: MatchState, setup: HandSetup, entry: Entry, derived: "_Derived", scored: _Scored,
                  ruling: Optional[rulings.Ruling]) -> Optional[str]:
    """The winner and points (as the ruling has them, if any), then the game columns and totals; returns
    the hand's winner (the ruling's, if any)."""
    where, number = ("hands", setup.index), setup.number
    winner, points, explain = scored.winner, scored.points, scored.explain
    if ruling is not None and ruling.kind != "forfeit":  # the winner and points follow the ruling
        winner, points = ruling.score()
        explain = f"ruled {ruling.kind}"
        makes, gives = "the ruling makes it", "the ruling gives"
    else:
        basis = _basis(entry)
        makes, gives = f"{basis} make it", f"{basis} give"
    if setup.roles is not None and not derived.settling and entry.get("winner") == setup.roles.sitter:
        derived.problems.add(where + ("winner",), f"hand {number}: {setup.roles.sitter} scored while sitting out")
    else:
        derived.value("winner", winner, lambda stored: (
            f"hand {number}: winner is {shown_value(stored)}, but {makes} {winner} ({explain})"))
    derived.value("points", points, lambda stored: (
        f"hand {number}: points are {shown_value(stored)}, but {gives} {points} ({explain})"))
    if winner is not None and setup.index not in state.after_end:
        score(state, winner, points, boxes=scored.boxes if ruling is None else 1)
    if state.games is not None:
        columns = [dict(g.totals) for g in state.games]
        derived.value("games", columns, lambda stored: (
            f"hand {number}: the game columns say {_columns(stored)}, but the hands add up to {_columns(columns)}"))
    totals = dict(state.totals)
    derived.value("totals", totals, lambda stored: (
        f"hand {number}: totals say {_scores(stored)}, but the hands add up to {_scores(totals)}"))
    return winner


class _Derived:
    """Writes a derived value (settling) or compares the record's with it (checking)."""

    def __init__(self, entry: Entry, where: Where, number: int, problems: Problems, settling: bool) -> None:
        self.entry, self.where, self.number, self.problems, self.settling = entry, where, number, problems, settling

    def value(self, key: str, value: Any, message: Any) -> None:
        if self.settling:
            self.entry[key] = value
        elif key not in self.entry:
            self.problems.add(self.where, f"hand {self.number} has no '{key}' (it should be {json.dumps(value)})")
        elif not same(self.entry[key], value):
            self.problems.add(self.where + (key,), message(self.entry[key]))


def _settle_stored(state: MatchState, setup: HandSetup, entry: Entry, problems: Problems) -> Optional[Settlement]:
    """Settle a recorded knock again from its facts; None (with a problem) if they do not settle."""
    facts = stored_facts(entry, state.rules, ("hands", setup.index), f"hand {setup.number}", problems)
    if facts is None:
        return None
    try:
        refusal, settlement = judge(state.rules, setup.upcard, facts)
    except GinRefError as exc:
        problems.add(("hands", setup.index, "knocker_cards" if facts.knocker_cards is not None else "knocker_count"),
                     f"hand {setup.number}: {exc}")
        return None
    if refusal is not None:
        problems.add(("hands", setup.index, "knocker_cards" if facts.knocker_cards is not None else "knocker_count"),
                     f"hand {setup.number}: {refusal}")
    return settlement


def _basis(entry: Entry) -> str:
    """What a hand was settled from, for its problems: ``the cards``, ``the counts``, or both."""
    counted = ("knocker_count" in entry) + ("defender_count" in entry)
    return ("the cards", "the cards and counts", "the counts")[counted]


def _roles_text(roles: game.Roles) -> str:
    return f"box {roles.box}, captain {roles.captain}, sitter {roles.sitter}"


def _scores(totals: object) -> str:
    if not isinstance(totals, dict):
        return shown_value(totals)
    return ", ".join(f"{shown_value(name) if not isinstance(name, str) else name} "
                     f"{points if type(points) is int else shown_value(points)}"  # noqa: E721
                     for name, points in totals.items())


def _columns(columns: object) -> str:
    if not isinstance(columns, list):
        return repr(columns)
    return "; ".join(f"game {i} {_scores(c)}" for i, c in enumerate(columns, 1))


def _who_deals(roles: game.Roles, rules: "HouseRules") -> str:
    """``the box player`` or ``the sitter``: who deals in the box under these rules."""
    return "the sitter" if rules.next_dealer == "sitter" else "the box player"

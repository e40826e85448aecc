"""Irregularities read once: each item of a hand's ``irregularities`` (an illegal knock, an action out of
turn) and of the match's (a deal by the wrong dealer) is read here into an ``Irregularity``, its shape
checked by small functions listed in the order their problems are reported (``HAND_CHECKS``,
``MATCH_CHECKS``), each problem at its key path. The replay then judges the typed value against the rules
and the table (``gin_ref.match.play``); the tally and the views read the same value, never the item again.

Keys each kind may hold: ``gin_ref.match.schema.IRREGULARITY_KEYS``.
"""

from typing import Callable, Dict, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from gin_ref.core.errors import GinRefError, reason
from gin_ref.core.message import Message, N_
from gin_ref.core.escape import shown_value
from gin_ref.match.header import player_at
from gin_ref.match.problems import Problems, Where
from gin_ref.match.handread import card_of
from gin_ref.match.schema import (HAND_IRREGULARITIES, IRREGULARITY_KEYS, MATCH_IRREGULARITIES, OUT_OF_TURN_ACTIONS,
                                  is_count)

__all__ = ["Irregularity", "read_hand_irregularity", "read_match_irregularity"]

EXTRAS = ("hand", "turn", "action", "card")  # what an irregularity has beside kind, player, detail and points


class Irregularity(NamedTuple):
    """An irregularity: kind, player, detail, points (0 for all but a penalised knock), and what it has of
    hand (a deal refused), turn (when it happened), action and card (out of turn); ``where``: its key path in
    the record. (The cards, melds, discard, count and points of an illegal knock are judged by the replay
    against the rules, from the item itself.)

    ``detail`` is why the act was refused, in words: a /2 record's as it holds it (kept from /2); for an
    item written since /3, which holds only facts, the reason the replay works out again from them
    (``gin_ref.match.play``: the same check that refused the act, at the same point of the hand), or None
    where the record does not replay that far."""

    kind: Optional[str]
    player: Optional[str]
    detail: Union[None, str, Message]  # (a reason worked out again: a Message)
    points: int = 0
    hand: Optional[int] = None
    turn: Optional[int] = None
    action: Optional[str] = None
    card: Optional[str] = None
    where: Where = ()

    @classmethod
    def of(cls, item: Mapping[str, object]) -> "Irregularity":
        """The irregularity of an item as an action writes it (plain data, known to be sound; a value of
        another type than its field's reads as None)."""
        return cls(_text(item.get("kind")), _text(item.get("player")), _text(item.get("detail")),
                   _whole(item.get("points")) or 0, _whole(item.get("hand")), _whole(item.get("turn")),
                   _text(item.get("action")), _text(item.get("card")))


def _text(value: object) -> Optional[str]:
    return value if isinstance(value, str) else None


def _whole(value: object) -> Optional[int]:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class _Read:
    """What the checks read of an item, each value of its field's type (a check fills in its own)."""

    __slots__ = ("player", "detail", "points", "hand", "turn", "action", "card")

    def __init__(self) -> None:
        self.player: Optional[str] = None
        self.detail: Optional[str] = None
        self.points = 0
        self.hand: Optional[int] = None
        self.turn: Optional[int] = None
        self.action: Optional[str] = None
        self.card: Optional[str] = None


class _Reading:
    """An item being read: where it is, what a problem calls it (``hand``: the hand named before a hand's
    problems, ``hand 3: ``; None for the match's own), who may be named as the player. A plain slotted
    class, never changed (``named``: another for the hand a refused deal names): a NamedTuple cost every
    command about 1 M instructions at its start (benchmarks/bench_values.py)."""

    __slots__ = ("item", "where", "hand", "players", "problems")

    def __init__(self, item: Mapping[str, object], where: Where, hand: Optional[int], players: Sequence[str],
                 problems: Problems) -> None:
        self.item = item
        self.where = where
        self.hand = hand
        self.players = players
        self.problems = problems

    def named(self, hand: Optional[int]) -> "_Reading":
        """The same item, its problems said after ``hand``."""
        return _Reading(self.item, self.where, hand, self.players, self.problems)

    def said(self, message: Message) -> Message:
        """``message`` after the hand it is about, when there is one."""
        return message if self.hand is None else Message(HAND_PROBLEM, hand=self.hand, problem=message)

    def add(self, where: Where, message: Message) -> None:
        self.problems.add(where, self.said(message))


HAND_PROBLEM = N_("hand %(hand)d: %(problem)s")
Check = Callable[[_Reading, _Read], None]  # a check of an item; it fills in what it reads


def _keys(reading: _Reading, read: _Read) -> None:
    item, kind = reading.item, str(reading.item["kind"])  # a kind known: the reader checked it first
    for key in item:
        if key not in IRREGULARITY_KEYS[kind]:
            words = N_("unknown key '%(key)s' in an irregularity (%(kind)s)") if kind in HAND_IRREGULARITIES else \
                N_("unknown key '%(key)s' in an irregularity of the match (%(kind)s)")
            reading.add(reading.where + (key,), Message(words, key=key, kind=kind))


def _turn(reading: _Reading, read: _Read) -> None:
    turn = reading.item.get("turn")
    if "turn" in reading.item and not is_count(turn):
        reading.add(reading.where + ("turn",), Message(N_("an irregularity's 'turn' is the number of the turn that "
                                                          "was due, not %(value)s"), value=shown_value(turn)))
    elif isinstance(turn, int):
        read.turn = turn


def _detail(reading: _Reading, read: _Read) -> None:
    """``detail``, kept from /2: the reason in words, where the item holds one (since /3 the replay works
    it out from the facts)."""
    if "detail" not in reading.item:
        return
    detail = reading.item.get("detail")
    if isinstance(detail, str):
        read.detail = detail
        return
    message = N_("an irregularity's 'detail' must be the reason it was refused") \
        if reading.item["kind"] in HAND_IRREGULARITIES else N_("a refused deal's 'detail' must be the reason it was refused")
    reading.add(reading.where + ("detail",) if "detail" in reading.item else reading.where, Message(message))


def _player(whose: Message) -> Check:
    def check(reading: _Reading, read: _Read) -> None:
        read.player = player_at(reading.item, "player", reading.where, reading.players, reading.problems,
                                what=reading.said(whose))
    check.__name__ = "_player"
    return check


def _action(reading: _Reading, read: _Read) -> None:
    action = reading.item.get("action")
    if isinstance(action, str) and action in OUT_OF_TURN_ACTIONS:
        read.action = action
        return
    reading.add(reading.where + ("action",) if "action" in reading.item else reading.where,
                Message(N_("an out-of-turn 'action' is one of %(known)s, not %(value)s"),
                        known=", ".join(OUT_OF_TURN_ACTIONS), value=shown_value(action)))


def _turn_given(reading: _Reading, read: _Read) -> None:
    if "turn" not in reading.item:
        reading.add(reading.where, Message(N_("an out-of-turn irregularity says at which 'turn' it happened")))


def _card(reading: _Reading, read: _Read) -> None:
    card = reading.item.get("card")
    if card is None:
        return
    try:
        card_of(card)
        read.card = card if isinstance(card, str) else None  # as written (a view shows it so)
    except GinRefError as exc:
        reading.add(reading.where + ("card",), Message(N_("the out-of-turn card: %(reason)s"), reason=reason(exc)))


def _points(reading: _Reading, read: _Read) -> None:
    points = reading.item.get("points")
    if isinstance(points, int) and not isinstance(points, bool):  # (judged against the penalty by the replay)
        read.points = points


# each kind's checks, in the order its problems are reported (the replay's checks against the rules and
# the table follow them)
HAND_CHECKS: Dict[str, Tuple[Check, ...]] = {
    "out_of_turn": (_keys, _turn, _detail, _player(Message(N_("the player out of turn"))), _action, _turn_given,
                    _card),
    "illegal_knock": (_keys, _turn, _detail, _player(Message(N_("the player of an illegal knock"))), _points),
}


def read_hand_irregularity(item: object, where: Where, number: int, players: Sequence[str], pair: Sequence[str],
                           problems: Problems) -> Optional[Irregularity]:
    """The Irregularity of an item of hand ``number``'s ``irregularities`` (at ``where``), its shape
    checked (problems at its keys); None when it is not one. ``players``: the match's, who may act out of
    turn; ``pair``: the hand's two, who may knock."""
    if not isinstance(item, dict):
        problems.add(where, Message(HAND_PROBLEM, hand=number, problem=Message(N_(
            "an irregularity holds kind, player and points"))))
        return None
    kind = item.get("kind")
    if kind not in HAND_IRREGULARITIES:
        problems.add(where + ("kind",), Message(HAND_PROBLEM, hand=number, problem=Message(N_(
            "unknown irregularity %(value)s (known: %(known)s)"), value=shown_value(kind),
            known=", ".join(HAND_IRREGULARITIES))))
        return None
    return _read(_Reading(item, where, number, players if kind == "out_of_turn" else pair, problems),
                 HAND_CHECKS[kind])


def _hand(reading: _Reading, read: _Read) -> None:
    hand = reading.item.get("hand")
    if isinstance(hand, int) and is_count(hand):
        read.hand = hand
        return
    reading.problems.add(reading.where + ("hand",) if "hand" in reading.item else reading.where,
                         Message(N_("a refused deal names the 'hand' that was to be dealt, not %(value)s"),
                                 value=shown_value(hand)))
    raise _Stop


def _named(check: Check) -> Check:
    """A check whose problems name the hand to be dealt (known once ``_hand`` has read it)."""
    def named(reading: _Reading, read: _Read) -> None:
        check(reading.named(read.hand), read)
    return named


class _Stop(Exception):
    """An item whose other checks would say nothing more (a refused deal for no hand)."""


MATCH_CHECKS: Tuple[Check, ...] = (_keys, _hand, _named(_detail), _named(_player(Message(N_("the dealer refused")))))


def read_match_irregularity(item: object, where: Where, players: Sequence[str], problems: Problems
                            ) -> Optional[Irregularity]:
    """The Irregularity of an item of the match's ``irregularities`` (a deal refused), its shape checked;
    None when it is not one (or names no hand)."""
    if not isinstance(item, dict):
        problems.add(where, Message(N_("an irregularity of the match holds kind, hand and player")))
        return None
    if item.get("kind") not in MATCH_IRREGULARITIES:
        problems.add(where + ("kind",), Message(N_("unknown irregularity of the match %(value)s (known: %(known)s; "
                                                   "a hand's own go with the hand)"),
                                                value=shown_value(item.get("kind")),
                                                known=", ".join(MATCH_IRREGULARITIES)))
        return None
    try:
        return _read(_Reading(item, where, None, players, problems), MATCH_CHECKS)
    except _Stop:
        return None


def _read(reading: _Reading, checks: Tuple[Check, ...]) -> Irregularity:
    read = _Read()
    for check in checks:
        check(reading, read)
    return Irregularity(str(reading.item["kind"]), read.player, read.detail, read.points, read.hand, read.turn,
                        read.action, read.card, reading.where)

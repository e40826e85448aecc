"""Irregularities, typed: each item of a hand's ``irregularities`` (an illegal knock, an action out of turn)
and of the match's (a deal by the wrong dealer) is held as a ``Kept`` (its ``Irregularity`` and what an
illegal knock spread) or, where a hand edit wrote it in a form the canonical writer cannot reproduce, as
written (``gin_ref.match.schema.AsWritten``). The first reading of a file makes them
(``gin_ref.files.itemread``), an action makes a Kept, and the writer lays either out
(``irregularity_pairs``; an AsWritten as it was).

The checks of an item's shape are small functions listed in the order their problems are reported
(``HAND_CHECKS``; a deal refused's: ``gin_ref.files.itemread``), each problem at its key path; they judge
the item's values (``ItemValues``: a Kept's typed fields, or the reading of an AsWritten the first reading
made, ``AsWritten.read``). The replay
then judges the Irregularity against the rules and the table (``gin_ref.match.play``); the tally and the
views read the same value, never the item again.

Keys each kind may hold: ``gin_ref.match.schema.IRREGULARITY_KEYS``.
"""

from typing import Callable, Dict, NamedTuple, Optional, Sequence, Tuple, Union

from gin_ref.core.errors import GinRefError, reason
from gin_ref.core.message import Message, N_
from gin_ref.core.escape import shown_value
from gin_ref.match.handread import NOT_WRITTEN, card_of
from gin_ref.match.header import player_named
from gin_ref.match.problems import Problems, Where
from gin_ref.match.schema import AsWritten, HAND_IRREGULARITIES, IRREGULARITY_KEYS, OUT_OF_TURN_ACTIONS, is_count

__all__ = ["Check", "Irregularity", "ItemRead", "ItemReading", "ItemValues", "Kept", "NO_VALUES", "Written", "check_detail",
           "check_keys", "check_player", "copied", "irregularity_pairs", "kept_of", "read_hand_irregularity", "read_with",
           "turn_written"]

EXTRAS = ("hand", "turn", "action", "card")  # what an irregularity has beside kind, player, detail and points

Written = Tuple[Tuple[str, object], ...]  # keys as the record writes them, with their values, in order


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


class Kept(NamedTuple):
    """An irregularity kept in the record (``item``), with what an illegal knock spread (its cards, melds and
    discard, or its count: ``spread``, as written). ``said``: the reason in words of an item written before
    format /3 (its ``detail``, kept from /2), so that an undo and a redo put it back as it was; an item
    written since holds facts only (``item.detail`` is then the reason worked out, never written). A deal
    refused, or a hand's item, read from a file carries its line there (``line``) and the line of each of its
    keys (``lines``: each key with its line, in the file's order), so that what is said of it can name the
    line from the value."""

    item: Irregularity
    spread: Written = ()
    said: Optional[str] = None
    line: Optional[int] = None  # its line in the file it was read from (None: made in memory)
    lines: Tuple[Tuple[str, int], ...] = ()  # each key with its line in that file (none: made in memory)


SPREAD = ("cards", "melds", "discard", "count")  # what an illegal knock spread, as written


def irregularity_pairs(kept: Kept) -> Written:
    """An irregularity kept as the record writes it: its keys in the file's order (``IRREGULARITY_KEYS``),
    with their values (facts only: the reason is worked out, /3; a /2 item's ``detail`` kept as it was)."""
    item = kept.item
    kind = str(item.kind)
    values: Written = (("kind", kind), ("player", item.player), ("detail", kept.said), ("hand", item.hand),
                       ("turn", item.turn), ("action", item.action), ("card", item.card),
                       ("points", item.points if kind == "illegal_knock" else None))
    present = [(key, value) for key, value in values if value is not None or key == "player"]
    present += [(key, copied(value)) for key, value in kept.spread]
    order = IRREGULARITY_KEYS[kind]
    return tuple(sorted(((key, value) for key, value in present if key in order),
                        key=lambda pair: order.index(pair[0])))


def copied(value: object) -> object:
    """A written value, its lists new (cards, melds: lists of codes); anything else as it is."""
    if type(value) is list:
        return [copied(item) if type(item) is list else item for item in value]
    return value


class ItemValues:
    """An item's values as the checks judge them: its kind, the keys it holds (in order) and the value of
    each key an irregularity may hold (NOT_WRITTEN where it holds none), what an illegal knock spread
    (``spread``: its cards, melds and discard, or its count, as written, in order; each also by name);
    ``mapping``: False for an item written as something else than a mapping (it holds none of them). A
    Kept's are its typed fields (what the writer writes of it); an AsWritten's are what the hand edit wrote,
    read once by the first reading (``gin_ref.files.itemread``) and held as its ``read``. A plain slotted
    class: one is made per item read."""

    __slots__ = ("kind", "keys", "player", "detail", "points", "hand", "turn", "action", "card", "spread", "mapping",
                 "cards", "melds", "discard", "count")

    def __init__(self, kind: object, keys: Tuple[str, ...], player: object, detail: object, points: object,
                 hand: object, turn: object, action: object, card: object, spread: Written = (),
                 mapping: bool = True) -> None:
        self.kind = kind
        self.keys = keys
        self.player = player
        self.detail = detail
        self.points = points
        self.hand = hand
        self.turn = turn
        self.action = action
        self.card = card
        self.spread = spread
        self.mapping = mapping
        self.cards, self.melds, self.discard, self.count = (_spread(spread, key) for key in SPREAD)

    @classmethod
    def of(cls, item: object) -> "ItemValues":
        """The values of a Kept (its fields; None, but for the player, is a key not written), or of an
        item as written (the reading the first reading made of it; anything else holds none)."""
        if isinstance(item, Kept):
            known, kind = item.item, item.item.kind
            return cls(kind, tuple(key for key, _value in irregularity_pairs(item)), known.player, _unless_none(item.said),
                       known.points if kind == "illegal_knock" else NOT_WRITTEN, _unless_none(known.hand),
                       _unless_none(known.turn), _unless_none(known.action), _unless_none(known.card), item.spread)
        read = item.read if isinstance(item, AsWritten) else None
        return read if isinstance(read, ItemValues) else NO_VALUES


def _spread(spread: Written, key: str) -> object:
    """What an illegal knock spread of ``key``; NOT_WRITTEN where it holds none."""
    return next((value for name, value in spread if name == key), NOT_WRITTEN)


def _unless_none(value: object) -> object:
    return NOT_WRITTEN if value is None else value


_NONE = NOT_WRITTEN
NO_VALUES = ItemValues(_NONE, (), _NONE, _NONE, _NONE, _NONE, _NONE, _NONE, _NONE, (), False)  # an item holding none


def _none(value: object) -> object:
    """A value as the checks say it: None where it is not written."""
    return None if value is NOT_WRITTEN else value


def turn_written(item: object) -> object:
    """The ``turn`` an item holds (a Kept's, or as written); NOT_WRITTEN where it holds none."""
    if isinstance(item, Kept):
        return _unless_none(item.item.turn)
    return ItemValues.of(item).turn


def kept_of(item: object) -> Kept:
    """A Kept of an item, read leniently (a value of another type than its field's reads as None; one that is
    not a mapping as an empty one): an item as written that a correction kept and a step puts back, as a
    step holds it (the replay refuses the item put back, as it refuses any a hand edit spoiled)."""
    if isinstance(item, Kept):
        return item
    values = ItemValues.of(item)
    detail = _text(values.detail)
    return Kept(Irregularity(_text(values.kind), _text(values.player), detail, _whole(values.points) or 0,
                             _whole(values.hand), _whole(values.turn), _text(values.action), _text(values.card)),
                values.spread, detail)


def _text(value: object) -> Optional[str]:
    return value if isinstance(value, str) else None


def _whole(value: object) -> Optional[int]:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class ItemRead:
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


class ItemReading:
    """An item being read: its values, where it is, what a problem calls it (``hand``: the hand named before
    a hand's problems, ``hand 3: ``; None for the match's own), who may be named as the player. A plain
    slotted class, never changed (``named``: another for the hand a refused deal names): a NamedTuple cost
    every command about 1 M instructions at its start (benchmarks/bench_values.py)."""

    __slots__ = ("item", "where", "hand", "players", "problems")

    def __init__(self, item: ItemValues, where: Where, hand: Optional[int], players: Sequence[str],
                 problems: Problems) -> None:
        self.item = item
        self.where = where
        self.hand = hand
        self.players = players
        self.problems = problems

    def named(self, hand: Optional[int]) -> "ItemReading":
        """The same item, its problems said after ``hand``."""
        return ItemReading(self.item, self.where, hand, self.players, self.problems)

    def said(self, message: Message) -> Message:
        """``message`` after the hand it is about, when there is one."""
        return message if self.hand is None else Message(HAND_PROBLEM, hand=self.hand, problem=message)

    def add(self, where: Where, message: Message) -> None:
        self.problems.add(where, self.said(message))


HAND_PROBLEM = N_("hand %(hand)d: %(problem)s")
Check = Callable[[ItemReading, ItemRead], None]  # a check of an item; it fills in what it reads


def check_keys(reading: ItemReading, read: ItemRead) -> None:
    """Each key the item holds is one its kind may hold."""
    kind = str(reading.item.kind)  # a kind known: the reader checked it first
    for key in reading.item.keys:
        if key not in IRREGULARITY_KEYS[kind]:
            words = N_("unknown key '%(key)s' in an irregularity (%(kind)s)") if kind in HAND_IRREGULARITIES else \
                N_("unknown key '%(key)s' in an irregularity of the match (%(kind)s)")
            reading.add(reading.where + (key,), Message(words, key=key, kind=kind))


def _turn(reading: ItemReading, read: ItemRead) -> None:
    turn = reading.item.turn
    if turn is not NOT_WRITTEN and not is_count(turn):
        reading.add(reading.where + ("turn",), Message(N_("an irregularity's 'turn' is the number of the turn that "
                                                          "was due, not %(value)s"), value=shown_value(turn)))
    elif isinstance(turn, int):
        read.turn = turn


def check_detail(reading: ItemReading, read: ItemRead) -> None:
    """``detail``, kept from /2: the reason in words, where the item holds one (since /3 the replay works
    it out from the facts)."""
    detail = reading.item.detail
    if detail is NOT_WRITTEN:
        return
    if isinstance(detail, str):
        read.detail = detail
        return
    message = N_("an irregularity's 'detail' must be the reason it was refused") \
        if reading.item.kind in HAND_IRREGULARITIES else N_("a refused deal's 'detail' must be the reason it was refused")
    reading.add(reading.where + ("detail",), Message(message))


def check_player(whose: Message) -> Check:
    """The check of the item's player: one of those who may be named (``whose``: what a problem calls him)."""
    def check(reading: ItemReading, read: ItemRead) -> None:
        read.player = player_named(_none(reading.item.player), "player", reading.where, reading.players,
                                   reading.problems, what=reading.said(whose))
    check.__name__ = "check_player"
    return check


def _action(reading: ItemReading, read: ItemRead) -> None:
    action = reading.item.action
    if isinstance(action, str) and action in OUT_OF_TURN_ACTIONS:
        read.action = action
        return
    reading.add(reading.where + ("action",) if action is not NOT_WRITTEN else reading.where,
                Message(N_("an out-of-turn 'action' is one of %(known)s, not %(value)s"),
                        known=", ".join(OUT_OF_TURN_ACTIONS), value=shown_value(_none(action))))


def _turn_given(reading: ItemReading, read: ItemRead) -> None:
    if reading.item.turn is NOT_WRITTEN:
        reading.add(reading.where, Message(N_("an out-of-turn irregularity says at which 'turn' it happened")))


def _card(reading: ItemReading, read: ItemRead) -> None:
    card = _none(reading.item.card)
    if card is None:
        return
    try:
        card_of(card)
        read.card = card if isinstance(card, str) else None  # as written (a view shows it so)
    except GinRefError as exc:
        reading.add(reading.where + ("card",), Message(N_("the out-of-turn card: %(reason)s"), reason=reason(exc)))


def _points(reading: ItemReading, read: ItemRead) -> None:
    points = reading.item.points
    if isinstance(points, int) and not isinstance(points, bool):  # (judged against the penalty by the replay)
        read.points = points


# each kind's checks, in the order its problems are reported (the replay's checks against the rules and
# the table follow them)
HAND_CHECKS: Dict[str, Tuple[Check, ...]] = {
    "out_of_turn": (check_keys, _turn, check_detail, check_player(Message(N_("the player out of turn"))), _action,
                    _turn_given, _card),
    "illegal_knock": (check_keys, _turn, check_detail, check_player(Message(N_("the player of an illegal knock"))),
                      _points),
}


def read_hand_irregularity(item: object, where: Where, number: int, players: Sequence[str],
                           pair: Sequence[str], problems: Problems) -> Optional[Irregularity]:
    """The Irregularity of an item of hand ``number``'s ``irregularities`` (at ``where``: a Kept, or as a
    hand edit wrote it), its values checked (problems at its keys); None when it is not one. ``players``:
    the match's, who may act out of turn; ``pair``: the hand's two, who may knock."""
    values = ItemValues.of(item)
    if not values.mapping:
        problems.add(where, Message(HAND_PROBLEM, hand=number, problem=Message(N_(
            "an irregularity holds kind, player and points"))))
        return None
    kind = values.kind
    if kind not in HAND_IRREGULARITIES:
        problems.add(where + ("kind",), Message(HAND_PROBLEM, hand=number, problem=Message(N_(
            "unknown irregularity %(value)s (known: %(known)s)"), value=shown_value(_none(kind)),
            known=", ".join(HAND_IRREGULARITIES))))
        return None
    assert isinstance(kind, str)
    return read_with(ItemReading(values, where, number, players if kind == "out_of_turn" else pair, problems),
                     HAND_CHECKS[kind])


def read_with(reading: ItemReading, checks: Tuple[Check, ...]) -> Irregularity:
    """The Irregularity ``checks`` read of an item, in their order."""
    read = ItemRead()
    for check in checks:
        check(reading, read)
    return Irregularity(str(reading.item.kind), read.player, read.detail, read.points, read.hand, read.turn,
                        read.action, read.card, reading.where)

"""The first reading of an irregularity's item and of a ruling (#36 item 1): each item of a hand's
``irregularities`` and of the match's (its deals refused), and a hand's ``ruling``, read once from the
parsed file into its typed value (a ``gin_ref.match.irregularities.Kept``, a
``gin_ref.match.rulings.Ruled``) when it is in the canonical form (the writer would write it back as it is:
its keys in the file's order, each value of its field's type), else kept as written
(``gin_ref.match.schema.AsWritten``), so that a read and a write change nothing a person wrote. The match
layer judges either (``gin_ref.match.irregularities.read_hand_irregularity`` and
``gin_ref.match.rulings.check_ruling``, in the replay); the checks of each deal refused run here, in the
order their problems are reported (``MATCH_CHECKS``), each problem at its key path, for the replay to say
where it reaches the deal (``gin_ref.match.record.Read.refused``).

An item or a ruling kept as written is read leniently here, once, when its AsWritten is made
(``written_item``, ``written_ruling``: its ``read``, an ``ItemValues`` or a ``RulingValues``): the match
layer reads that, never the mapping.
"""

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple, Union

from gin_ref.core.escape import shown_value
from gin_ref.core.message import Message, N_
from gin_ref.files.yamldata import line_in
from gin_ref.match.handread import NOT_WRITTEN
from gin_ref.match.irregularities import (SPREAD, Check, Irregularity, ItemRead, ItemReading, ItemValues, Kept, NO_VALUES,
                                          check_detail, check_keys, check_player, irregularity_pairs, read_with)
from gin_ref.match.problems import Problem, Problems, Where
from gin_ref.match import rulings
from gin_ref.match.rulings import Ruled, Ruling, RulingValues, ruling_pairs
from gin_ref.match.schema import IRREGULARITY_KEYS, MATCH_IRREGULARITIES, AsWritten, is_count

if TYPE_CHECKING:
    from gin_ref.match.record import Refusal

__all__ = ["MATCH_CHECKS", "item_of", "items_of", "read_ruling", "refused_of", "ruling_of", "written_item",
           "written_ruling"]

Item = Union[Kept, AsWritten]


def item_of(item: object, line: Optional[int] = None) -> Item:
    """An irregularity's item as the parsed file holds it, typed: a Kept when the writer would write it back
    as it is (a mapping of a known kind, its keys in the file's order, the player a name or null, the
    detail words, the hand, turn and points whole numbers, the action and card text; what an illegal knock
    spread as written), else the item as written. A Kept read with its lines carries them (``line``: its
    line in the list, and each key's)."""
    if not isinstance(item, dict):
        return written_item(item)
    kind = item.get("kind")
    keys = IRREGULARITY_KEYS.get(kind) if isinstance(kind, str) else None
    if keys is None:
        return written_item(item)
    player, detail, points = item.get("player"), item.get("detail"), item.get("points", 0)
    hand, turn, action, card = item.get("hand"), item.get("turn"), item.get("action"), item.get("card")
    if not (_text(player) and _text(detail) and _text(action) and _text(card) and _whole(points) and _whole(hand)
            and _whole(turn)):
        return written_item(item)
    kept = Kept(Irregularity(kind, player, detail, points, hand, turn, action, card),
                tuple((key, value) for key, value in item.items() if key in SPREAD), detail, line,
                () if line is None else _keyed(item))
    return kept if irregularity_pairs(kept) == tuple(item.items()) else written_item(item)


def _keyed(item: Dict[Any, object]) -> Tuple[Tuple[str, int], ...]:
    """Each key of a mapping read with its lines (a LineDict), with its line, in order; none without."""
    table = getattr(item, "lines", None)
    return () if table is None else tuple((key, table.get(key, 0)) for key in item)  # (0: a key added in memory)


def _text(value: object) -> bool:
    """Is ``value`` text, or not written (None)?"""
    return value is None or type(value) is str  # noqa: E721


def _whole(value: object) -> bool:
    """Is ``value`` a whole number (true is not one), or not written (None)?"""
    return value is None or type(value) is int  # noqa: E721


def _none(value: object) -> object:
    """A value as the checks say it: None where it is not written."""
    return None if value is NOT_WRITTEN else value


def items_of(listed: List[object]) -> Tuple[Item, ...]:
    """The items of a hand's ``irregularities`` written as a list, as the parsed file holds them, typed: each
    ``item_of`` (read with its lines, each Kept with its own)."""
    lines = getattr(listed, "lines", None)
    return tuple(map(item_of, listed)) if lines is None or len(lines) != len(listed) else \
        tuple(map(item_of, listed, lines))


def ruling_of(written: object, lined: bool = False) -> Union[Ruled, AsWritten]:
    """A hand's ruling as the parsed file holds it, typed: a Ruled when the writer would write it back as it
    is (a mapping of the keys a ruling holds, ``rulings.KEYS``, in the file's order: a kind, the player, reason and by text or null, the
    points a whole number or null, the date as written, the counts of steps and hands whole numbers,
    ``dealt: true`` only where it dealt its hand), else the ruling as written. ``lined``: a hand's ruling
    read in place, whose Ruled carries its keys' lines (none for one a correction keeps)."""
    if not isinstance(written, dict) or not all(key in rulings.KEYS for key in written):
        return written_ruling(written)
    kind, player, points, reason, by = (written.get(key) for key in ("kind", "player", "points", "reason", "by"))
    steps, hands = written.get("steps"), written.get("hands")
    if type(kind) is not str or type(steps) is not int or type(hands) is not int or not (  # noqa: E721
            _text(player) and _whole(points) and _text(reason) and _text(by)):
        return written_ruling(written)
    ruled = Ruled(Ruling(kind, player, points, reason, by, written.get("date"), written.get("dealt") is True),
                  steps, hands, _keyed(written) if lined else ())
    return ruled if ruling_pairs(ruled) == tuple(written.items()) else written_ruling(written)


Written = Tuple[Tuple[Any, object], ...]  # keys and values as written, in order


def written_item(value: object) -> AsWritten:
    """An irregularity's item as a hand edit wrote it, kept so, with its values read leniently once
    (``read``: an ``ItemValues``; a value that is not a mapping holds none)."""
    if not isinstance(value, dict):
        return AsWritten(value, NO_VALUES)
    given = value

    def get(key: str) -> object:
        return given.get(key, NOT_WRITTEN)

    return AsWritten(value, ItemValues(get("kind"), tuple(given), get("player"), get("detail"), get("points"),
                                       get("hand"), get("turn"), get("action"), get("card"),
                                       tuple((key, item) for key, item in given.items() if key in SPREAD)))


def written_ruling(value: object) -> AsWritten:
    """A ruling as a hand edit wrote it, kept so, with what the checks judge of it read once (``read``: a
    ``RulingValues``: its keys, its values, and the ruling read leniently: a value of another type than its
    field's reads as None; a count left out as 0, for the replay to refuse when a correction puts it back; a
    hand edit's counts as written, for the replay to judge; one that is not a mapping as an empty one)."""
    given: Dict[Any, object] = value if isinstance(value, dict) else {}

    def get(key: str) -> object:
        return given.get(key, NOT_WRITTEN)

    points = get("points")
    ruling = Ruling(str(_none(get("kind"))), _some_text(get("player")),
                    points if isinstance(points, int) and not isinstance(points, bool) else None,
                    _some_text(get("reason")), _some_text(get("by")), _none(get("date")), get("dealt") is True)
    steps, hands = get("steps"), get("hands")
    ruled = Ruled(ruling, 0 if steps is NOT_WRITTEN else steps, 0 if hands is NOT_WRITTEN else hands)  # type: ignore[arg-type]
    values = tuple(_none(get(key)) for key in rulings.VALUES) + (get("dealt"),)
    return AsWritten(value, RulingValues(tuple(given) if isinstance(value, dict) else None, values, ruled))


def read_ruling(value: object) -> Ruling:
    """The Ruling of a ruling as written (a mapping of its fields), read leniently."""
    read = written_ruling(value).read
    assert isinstance(read, RulingValues)
    return read.ruled.ruling


def _some_text(value: object) -> Optional[str]:
    return value if isinstance(value, str) else None


def refused_of(listed: object, players: Sequence[str]
               ) -> "Tuple[Optional[List[Refusal]], Tuple[Item, ...], Tuple[Problem, ...]]":
    """Each deal refused (the match's ``irregularities``) read: ``(refusals, items, problems of the list)``,
    each refusal its Kept (None where it is not one, or names no hand), its hand as written and the problems
    of its reading; each item as first read, before its checks (``item_of``: typed, or as written, with its
    values read leniently), which ``verify`` lists as written; None, no items and a problem when the record
    holds another shape, None alone when it holds none."""
    if listed is None:
        return None, (), ()
    if not isinstance(listed, list):
        problems = Problems()
        problems.add(("irregularities",), Message(N_("'irregularities' must be a list")))
        return None, (), tuple(problems)
    refused: "List[Refusal]" = []
    items: List[Item] = []
    for i, written in enumerate(listed):
        item, said = item_of(written), Problems()
        items.append(item)
        values = ItemValues.of(item)
        irregularity = _read_refused(item, values, ("irregularities", i), players, said)
        kept = None if irregularity is None else \
            Kept(irregularity._replace(where=()), (), values.detail if isinstance(values.detail, str) else None,
                 line_in(listed, i), _keyed(written) if isinstance(written, dict) else ())
        refused.append((kept, _none(values.hand), tuple(said)))
    return refused, tuple(items), ()


def _read_refused(item: Item, values: ItemValues, where: Where, players: Sequence[str], problems: Problems
                  ) -> Optional[Irregularity]:
    """The Irregularity of a deal refused, its values checked; None when it is not one (or names no hand)."""
    if not values.mapping:  # written as something else than a mapping (its reading says so)
        problems.add(where, Message(N_("an irregularity of the match holds kind, hand and player")))
        return None
    if values.kind not in MATCH_IRREGULARITIES:
        problems.add(where + ("kind",), Message(N_("unknown irregularity of the match %(value)s (known: %(known)s; "
                                                   "a hand's own go with the hand)"),
                                                value=shown_value(_none(values.kind)),
                                                known=", ".join(MATCH_IRREGULARITIES)))
        return None
    try:
        return read_with(ItemReading(values, where, None, players, problems), MATCH_CHECKS)
    except _Stop:
        return None


def _hand(reading: ItemReading, read: ItemRead) -> None:
    hand = reading.item.hand
    if isinstance(hand, int) and is_count(hand):
        read.hand = hand
        return
    reading.problems.add(reading.where + ("hand",) if hand is not NOT_WRITTEN else reading.where,
                         Message(N_("a refused deal names the 'hand' that was to be dealt, not %(value)s"),
                                 value=shown_value(_none(hand))))
    raise _Stop


def _named(check: Check) -> Check:
    """A check whose problems name the hand to be dealt (known once ``_hand`` has read it)."""
    def named(reading: ItemReading, read: ItemRead) -> None:
        check(reading.named(read.hand), read)
    return named


class _Stop(Exception):
    """An item whose other checks would say nothing more (a refused deal for no hand)."""


MATCH_CHECKS: Tuple[Check, ...] = (check_keys, _hand, _named(check_detail),
                                   _named(check_player(Message(N_("the dealer refused")))))

"""A hand as the file holds it, read into its typed value and laid out again: the first reading of a hand
(``recorded_hand``: a mapping as parsed into a ``gin_ref.match.handread.RecordedHand``, each value typed by
its key, ``FACT_READERS``, or kept as written where a hand edit wrote one the canonical writer cannot
reproduce: totals and games so kept read leniently once, for the problems that show them) and the
writer's layout of it (``hand_data``: the one place a hand becomes a mapping; ``laid_out``: a value of a hand,
or of what a correction keeps, as the file holds it).

A read and a write change nothing: a typed value is laid out as the canonical writer first wrote it (a card
as its code, cards as a list of codes, the turns as a list of lines...), a value kept as written
(``gin_ref.match.schema.AsWritten``) as it was (tests/test_record_round_trip.py).
"""

from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from gin_ref.core.cards import Card
from gin_ref.core.escape import shown_value
from gin_ref.files.itemread import items_of, ruling_of
from gin_ref.files.yamldata import line_in
from gin_ref.match.handread import BY_CODE, NOT_WRITTEN, Items, RecordedHand, TotalsSaid, typed_card, typed_lines
from gin_ref.match.rulings import Ruled, ruling_pairs
from gin_ref.match.schema import HAND_KEYS, RESULTS, AsWritten
from gin_ref.match.irregularities import Kept, irregularity_pairs

__all__ = ["FACT_READERS", "hand_data", "item_laid_out", "laid_out", "line_in_hand", "recorded_hand", "walked"]


def _typed_items(value: object) -> Items:
    """A hand's irregularities as parsed, typed: a list's items each read (``itemread.items_of``: a Kept, or
    the item as written), a tuple of them; anything else (not null) the value as written, for the replay to
    refuse."""
    if isinstance(value, list):
        return items_of(value) if value else ()
    return AsWritten(value)


def _typed_totals(value: object) -> object:
    """A hand's totals as parsed, typed: a score per player (a mapping of names to whole numbers, kept as
    it is), else the value as written, read for the problems that show it (``read``: ``_totals_said``)."""
    if isinstance(value, dict) and all(type(name) is str and type(points) is int  # noqa: E721
                                       for name, points in value.items()):
        return value
    return AsWritten(value, _totals_said(value))


def _totals_said(value: object) -> TotalsSaid:
    """Totals as written, read leniently for a problem: each player's name and points as shown (a name
    that is not text, points that are not a whole number, in the file's words), or the value shown as
    written when it is not a mapping."""
    if not isinstance(value, dict):
        return shown_value(value)
    return tuple((f"{shown_value(name) if not isinstance(name, str) else name}",
                  f"{points if type(points) is int else shown_value(points)}")  # noqa: E721
                 for name, points in value.items())


def _typed_games(value: object) -> object:
    """A hand's games as parsed, typed: a tuple of each game's totals when they are a list of them, else
    the value as written, read for the problems that show it (``read``: each game's totals as
    ``_totals_said`` reads them, None when the value is not a list)."""
    if isinstance(value, list):
        columns = tuple(map(_typed_totals, value))
        if AsWritten not in map(type, columns):
            return columns
        return AsWritten(value, tuple(map(_totals_said, value)))
    return AsWritten(value, None)


# -- a value as the file holds it, typed --------------------------------------------------------------------
# What the first reading of a hand (a hand's, or the keys of one a correction keeps) makes of each key's value
# as the parsed file holds it (never None: a key written null holds None): the typed value, or the value as
# written (``AsWritten``) where the canonical writer could not write it again from a typed one. A card and the
# turns are typed as a step's are (``handread.typed_card``, ``typed_lines``).

_CARD_OF = BY_CODE.__getitem__


def _whole(value: object) -> object:
    return value if type(value) is int else AsWritten(value)  # noqa: E721 (true is no number)


def _text(value: object) -> object:
    return value if type(value) is str else AsWritten(value)  # noqa: E721


def _result_name(value: object) -> object:
    return value if type(value) is str and value in RESULTS else AsWritten(value)  # noqa: E721


def _truth(value: object) -> object:
    return value if type(value) is bool else AsWritten(value)  # noqa: E721


def _cards(value: object) -> object:
    if type(value) is tuple:
        return value
    if isinstance(value, list):  # (the canonical reader's lists know their lines: a list's subclass)
        try:
            return tuple(map(_CARD_OF, value))  # only a code (a str) finds a card
        except (KeyError, TypeError):  # not a code, or an item that cannot be a key (a list)
            pass
    return AsWritten(value)


def _melds(value: object) -> object:
    if type(value) is tuple:
        return value
    if isinstance(value, list):
        melds = tuple(map(_cards, value))
        if AsWritten not in map(type, melds):
            return melds
    return AsWritten(value)


def _as_parsed(value: object) -> object:
    """A ruling: read after the rest (``recorded_hand``: ``itemread.ruling_of``, with its keys' lines)."""
    return value


# each key's reader, in the file's order of keys (HAND_KEYS)
FACT_READERS: Tuple[Callable[[object], object], ...] = (
    _whole, _text, _text, _text, _text, typed_card, _whole, _typed_items, typed_lines, _as_parsed, _result_name,
    _text, _cards, _whole, _truth, _melds, typed_card, _text, _cards, _whole, _text, _whole, _typed_totals,
    _typed_games, _text)
assert len(FACT_READERS) == len(HAND_KEYS)

_READER = {key: (index, read) for index, (key, read) in enumerate(zip(HAND_KEYS, FACT_READERS))}
_SIZE = len(HAND_KEYS)


def recorded_hand(entry: Mapping[str, object], line: Optional[int] = None) -> RecordedHand:
    """The RecordedHand of a hand as the parsed file holds it (the first reading: the mapping is not kept),
    each value typed by its key (None: written null; a ruling written null is kept as written), the keys
    gin-ref does not know kept in order; its irregularities' items and its ruling are read by
    ``gin_ref.files.itemread``. Read with its lines (``entry`` a LineDict; ``line``: its item's line in
    ``hands``), it carries them (``RecordedHand.lines``: its own, its keys', its turns', its irregularities'
    items'; its ruling's keys', ``Ruled.lines``)."""
    values: List[object] = [NOT_WRITTEN] * _SIZE
    unknown = []
    table: Optional[Mapping[Any, int]] = getattr(entry, "lines", None) if line is not None else None
    keyed = None if table is None else [0] * _SIZE  # each key's line
    for key, value in entry.items():
        found = _READER.get(key)
        if found is None:
            unknown.append((key, value))
        else:
            values[found[0]] = value if value is None else found[1](value)
            if keyed is not None:
                keyed[found[0]] = table.get(key, 0)  # type: ignore[union-attr]  # (table is set with keyed)
    ruling = values[_RULING]  # (as parsed: read here, with its keys' lines when the hand is read with its own)
    if ruling is not NOT_WRITTEN:
        values[_RULING] = ruling_of(ruling, keyed is not None)
    if keyed is None:
        values += ((), tuple(unknown))
    else:  # its own line, its keys', the count of its turns' lines and those (when typed), its irregularities'
        turns = values[_TURNS]  # items' (when a list)
        items = values[_ITEMS]
        counted = len(turns) if type(turns) is tuple else 0
        values += ((line, *keyed, *[table.get(key, 0) for key, _value in unknown], counted,  # type: ignore[union-attr]
                    *(_items(entry.get("turns"), counted) if counted else ()),
                    *(_items(entry.get("irregularities"), len(items)) if type(items) is tuple and items else ())),
                   tuple(unknown))
    return RecordedHand._make(values)


def _items(listed: object, count: int) -> Sequence[int]:
    """The line of each of ``count`` items of a list as parsed (0: none, as for an item added in memory)."""
    lines: Sequence[int] = getattr(listed, "lines", ())
    return lines if len(lines) == count else [*lines[:count], *[0] * (count - len(lines))]


_TURNS = HAND_KEYS.index("turns")
_ITEMS = HAND_KEYS.index("irregularities")
_RULING = HAND_KEYS.index("ruling")


def line_in_hand(hand: RecordedHand, where: Sequence[object]) -> int:
    """The line of the key or item at path ``where`` in a hand read from a file (the deepest one found, the
    hand's own line otherwise), from its lines (``RecordedHand.lines``): a key's, a turn's, an irregularity's
    item's, and below them their values' (``walked``: an item's keys, a ruling's, a value as written)."""
    lines = hand.lines
    line = lines[0]
    if not where:
        return line
    key = where[0]
    index = _READER[key][0] if isinstance(key, str) and key in _READER else None
    value: object
    if index is not None:
        if not lines[1 + index]:  # not written
            return line
        value, line = hand[index], lines[1 + index]
    else:
        for place, (name, value) in enumerate(hand.unknown):
            if name == key:
                break
        else:
            return line
        if not lines[1 + _SIZE + place]:  # (a key added in memory)
            return line
        line = lines[1 + _SIZE + place]
    if len(where) > 1 and index in (_TURNS, _ITEMS) and type(value) is tuple:
        at = where[1]  # a turn, an irregularity's item: its line, read with the hand's (as read: a step's
        counted = 1 + _SIZE + len(hand.unknown)  # new value finds none, or the one it had read)
        first, end = (counted + 1, counted + 1 + lines[counted]) if index == _TURNS else \
            (counted + 1 + lines[counted], len(lines))
        if not (isinstance(at, int) and 0 <= at < len(value) and first + at < end and lines[first + at]):
            return line
        return walked(value[at], where[2:], lines[first + at])
    return walked(value, where[1:], line)


def walked(node: object, where: Sequence[object], line: int) -> int:
    """The line at path ``where`` under a value read from a file (the deepest key found; ``line``, the
    value's own, otherwise): a Kept's and a Ruled's keys from their lines (``lines``), a value as written,
    or one kept as parsed, from the reader's (``gin_ref.files.yamldata.line_in``)."""
    for key in where:
        if type(node) is AsWritten:
            node = node.value
        if isinstance(node, (Kept, Ruled)):
            found = next((at for name, at in node.lines if name == key), None) or None  # (0: none)
            node = next((value for name, value in node.spread if name == key), None) if isinstance(node, Kept) else None
        else:
            found = line_in(node, key)
            if found is not None:
                node = node[key]  # type: ignore[index]
        if found is None:
            break
        line = found
    return line


def hand_data(hand: RecordedHand) -> Dict[Any, Any]:
    """A hand as the file holds it: its keys in the file's order (HAND_KEYS; a key gin-ref does not know
    after them), each value laid out (``laid_out``). A new mapping each time: the seals the writer works out
    go into it, never into the hand."""
    data = dict(hand.written())
    for key, value in data.items():
        if type(value) in _LAID:  # (the rest, text, numbers, totals, copied as they are, at C speed)
            data[key] = laid_out(key, value)
    return data


_LAID = frozenset((AsWritten, Card, tuple, Ruled))


def laid_out(key: str, value: object) -> object:
    """The value of a hand's ``key`` (or of what a correction keeps) as the file holds it: a value kept as
    written as it was; its irregularities a list of items and an irregularity an item (``item_laid_out``); a
    ruling a step put (a ``Ruled``) as its keys and values in order, a new mapping each time; a card as its
    code, cards as their codes, melds as lists of them, the turns and the games as lists; anything else as
    it is."""
    if isinstance(value, AsWritten):
        return value.value
    if key == "irregularities" and type(value) is tuple:
        return [item_laid_out(item) for item in value]
    if key == "irregularity":
        return item_laid_out(value)
    if isinstance(value, Ruled):
        return dict(ruling_pairs(value)) if key == "ruling" else value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [_item(item) for item in value]
    return value


def item_laid_out(item: object) -> object:
    """An irregularity's item as the file holds it: a Kept's keys and values in order (a new mapping), an
    item as written as it was."""
    if isinstance(item, Kept):
        return dict(irregularity_pairs(item))
    return item.value if isinstance(item, AsWritten) else item


def _item(item: object) -> object:
    """An item of a typed tuple as written: a card's code, a meld's codes, a line, a game's totals."""
    if isinstance(item, Card):
        return item.code
    if isinstance(item, tuple):
        return [card.code if isinstance(card, Card) else card for card in item]
    return item

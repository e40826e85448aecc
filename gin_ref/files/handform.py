"""A hand as the file holds it, read into its typed value and laid out again: the first reading of a hand
(``recorded_hand``: a mapping as parsed into a ``gin_ref.match.handread.RecordedHand``, each value typed by
its key, or kept as written where a hand edit wrote one the canonical writer cannot reproduce) and the
writer's layout of it (``hand_data``: the one place a hand becomes a mapping; ``laid_out``: a value of a hand,
or of what a correction keeps, as the file holds it).

A read and a write change nothing: a typed value is laid out as the canonical writer first wrote it (a card
as its code, cards as a list of codes, the turns as a list of lines...), a value kept as written
(``gin_ref.match.schema.AsWritten``) as it was (tests/test_record_round_trip.py).
"""

from typing import Any, Dict, List, Mapping

from gin_ref.core.cards import Card
from gin_ref.match.handread import FACT_READERS, NOT_WRITTEN, RecordedHand
from gin_ref.match.rulings import Ruled, ruling_pairs
from gin_ref.match.schema import HAND_KEYS, AsWritten
from gin_ref.match.irregularities import Kept, irregularity_pairs

__all__ = ["hand_data", "item_laid_out", "laid_out", "recorded_hand"]

_READER = {key: (index, read) for index, (key, read) in enumerate(zip(HAND_KEYS, FACT_READERS))}
_SIZE = len(HAND_KEYS)


def recorded_hand(entry: Mapping[str, object]) -> RecordedHand:
    """The RecordedHand of a hand as the parsed file holds it (the first reading: the mapping is not kept),
    each value typed by its key (None: written null), the keys gin-ref does not know kept in order."""
    values: List[object] = [NOT_WRITTEN] * _SIZE
    unknown = []
    for key, value in entry.items():
        found = _READER.get(key)
        if found is None:
            unknown.append((key, value))
        else:
            values[found[0]] = value if value is None else found[1](value)
    values.append(tuple(unknown))
    return RecordedHand._make(values)


def hand_data(hand: RecordedHand) -> Dict[Any, Any]:
    """A hand as the file holds it: its keys in the file's order (HAND_KEYS; a key gin-ref does not know
    after them), each value laid out (``laid_out``). A new mapping each time: the seals the writer works out
    go into it, never into the hand."""
    data = dict(hand.written())
    for key, value in data.items():
        if type(value) in _LAID:  # (the rest, text, numbers, totals, copied as they are, at C speed)
            data[key] = laid_out(key, value)
    return data


_LAID = frozenset((AsWritten, Card, tuple, list, Ruled))


def laid_out(key: str, value: object) -> object:
    """The value of a hand's ``key`` (or of what a correction keeps) as the file holds it: a value kept as
    written as it was; its irregularities a list of items and an irregularity an item (``item_laid_out``); a
    ruling a step put (a ``Ruled``) as its keys and values in order, a new mapping each time; a card as its
    code, cards as their codes, melds as lists of them, the turns and the games as lists; anything else as
    it is."""
    if isinstance(value, AsWritten):
        return value.value
    if key == "irregularities" and isinstance(value, (tuple, list)):
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

"""The corrections at the end of a record: what ``undo`` took back, ``redo`` put back and ``amend``
changed, each a typed ``Correction``. The first reading of a file makes them of the items as the file holds
them and checks each one's shape (``gin_ref.files.correctionread``).

Each correction says what it did and when (``date``); an undo and an amend keep the data (``entry``).
Format /3 says what it did as a fact, ``kind``: ``undo`` (taken back), ``redo`` (put back) or ``amend`` (a
past hand changed); /2 said it in words (``undone``, ``redone``, ``amended``: kept from /2, read and never
written), and the views say it again from the step. Format /2 adds the step (``step``: kind, hand, turn),
the count of steps before and after (``steps``) and, for an amend, the hand and how many hands the record
held (``hand``, ``hands``).
"""

from typing import NamedTuple, Optional, Tuple

from gin_ref.match.handread import NOT_WRITTEN, RecordedHand, hand_of

__all__ = ["CORRECTION_KEYS", "Correction", "KeptEntry", "StepRef"]

CORRECTION_KEYS = ("kind", "undone", "redone", "amended", "date", "hand", "hands", "step", "steps", "entry", "seal")


class KeptEntry(NamedTuple):
    """What a correction keeps (its ``entry``), read leniently (any mapping): its keys and values as written,
    in their order, which the writer writes back as they are (a hand, the keys a step took from one, an
    irregularity's item, a ruling, a result-only record's result). What reads it asks for a key's value
    (``value``) or for its keys of a hand, typed (``hand``: a ``RecordedHand``). The replay reads what an
    illegal knock spread the same way, from a Kept's pairs or a hand edit's item alike."""

    written: Tuple[Tuple[str, object], ...]

    def value(self, key: str) -> object:
        """The value written for ``key``; NOT_WRITTEN when it holds no such key."""
        for name, value in self.written:
            if name == key:
                return value
        return NOT_WRITTEN

    def hand(self) -> RecordedHand:
        """Its keys as a hand's (a key no hand holds, such as an irregularity's, among the unknown ones)."""
        return hand_of(self.written)

    def but(self, key: str) -> "KeptEntry":
        """The same without ``key``."""
        return KeptEntry(tuple(pair for pair in self.written if pair[0] != key))


class Correction(NamedTuple):
    """A correction, read (``gin_ref.files.correctionread``): what it did (``undone``, ``redone``, ``amended``: True
    for its ``kind``, ``undo``, ``redo`` or ``amend``, or for /2's words under that key), the kind of step it took or put back, the
    count of steps in place before and after it, the hand amended and the hands there were, the data it
    keeps (``entry``), its place in the corrections, its step and its date as recorded, and its line in the
    file read (``line``), so that what is said of it can name the line from the value. A value of the wrong shape reads as None (and is a
    problem, when the reader is given a list for them)."""

    place: int
    undone: bool = False
    redone: bool = False
    amended: bool = False
    kind: Optional[str] = None
    steps: Optional[Tuple[int, int]] = None
    hand: Optional[int] = None
    hands: Optional[int] = None
    entry: Optional[KeptEntry] = None
    step: Optional["StepRef"] = None  # {kind, hand[, turn]}, as recorded (None: not of that shape)
    date: object = None  # when it was made, as recorded
    said: Optional[str] = None  # what it did in words, as /2 wrote it (kept from /2; None: /3's ``kind``)
    seal: Optional[str] = None  # its seal, as stored (None: none)
    line: Optional[int] = None  # its line in the file it was read from (None: made in memory, or no lines)


class StepRef(NamedTuple):
    """The step a correction took back or put back, as it names it: ``{kind, hand[, turn]}``."""

    kind: str
    hand: int
    turn: Optional[int] = None

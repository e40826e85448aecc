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

from typing import TYPE_CHECKING, NamedTuple, Optional, Tuple, Union

from gin_ref.match.schema import AsWritten

if TYPE_CHECKING:
    from gin_ref.match.handread import RecordedHand

__all__ = ["CORRECTION_KEYS", "Correction", "StepRef"]

CORRECTION_KEYS = ("kind", "undone", "redone", "amended", "date", "hand", "hands", "step", "steps", "entry", "seal")


if TYPE_CHECKING:  # (an alias made at every start costs instructions; the checker alone needs it)
    from gin_ref.match.irregularities import Kept
    from gin_ref.match.resultonly import PaperResult
    from gin_ref.match.rulings import Ruled

    # What a correction keeps (its ``entry``), typed: the value the undo took. A deal's (or a ruling's that
    # dealt its hand) the whole hand; a turn's its line and the result it ended the hand with, a result's
    # and an amend's the hand's version (its number among its keys): each a ``RecordedHand``; an
    # irregularity's the ``Kept`` (or the item as written); a ruling's the ``Ruled`` (or as written); a
    # result-only record's result (or its version an amend replaced) the ``PaperResult``.
    KeptValue = Union[RecordedHand, Kept, Ruled, PaperResult, AsWritten]


class Correction(NamedTuple):
    """A correction, read (``gin_ref.files.correctionread``): what it did (``undone``, ``redone``, ``amended``: True
    for its ``kind``, ``undo``, ``redo`` or ``amend``, or for /2's words under that key), the kind of step it took or put back, the
    count of steps in place before and after it, the hand amended and the hands there were, what it keeps
    (``entry``: the typed value the undo took, or the version an amend replaced), its place in the corrections, its step and its date as recorded, and its line in the
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
    entry: "Optional[KeptValue]" = None  # what it keeps, typed (the value the undo took)
    step: Optional["StepRef"] = None  # {kind, hand[, turn]}, as recorded (None: not of that shape)
    date: object = None  # when it was made, as recorded
    said: Optional[str] = None  # what it did in words, as /2 wrote it (kept from /2; None: /3's ``kind``)
    seal: Optional[str] = None  # its seal, as stored (None: none)
    line: Optional[int] = None  # its line in the file it was read from (None: made in memory, or no lines)
    # the entry as a hand edit wrote it, where the writer would not write it back from ``entry`` (its keys in
    # another order, a key it does not hold...): written back as it was (None: laid out from ``entry``)
    written: Optional[AsWritten] = None


class StepRef(NamedTuple):
    """The step a correction took back or put back, as it names it: ``{kind, hand[, turn]}``."""

    kind: str
    hand: int
    turn: Optional[int] = None

"""A match record's top level as a typed value (#36 item 1): ``Record``, what ``gin_ref.match.model.Match``
holds.

The file's reader in ``gin_ref.files.matchtop`` makes it from the parsed file (``Match.new`` from what it is
given), and its writer there is the one place it becomes a mapping again. Its parts: the head, typed
(``Header``: what it says, and what the writer needs to lay it out again byte for byte: the format as read,
the date as written, the knobs of the rules snapshot and the keys of the start in their order), the hands
(each a ``RecordedHand``), the match's own irregularities (deals
refused: each a ``Kept``), the corrections (each a ``Correction``, at its place) and a result-only record's
result (a ``PaperResult`` and its seal). Every step makes a new Record (``_replace``), a step in a hand a new hand
in it, never changes one: an undo keeps the old one without copies.

What a correction keeps (``Correction.entry``) is the typed value the undo took (a ``corrections.KeptValue``:
a hand or the keys of one, a ``Kept``, a ``Ruled``, a ``PaperResult``, or an item as written), and the entry as
a hand edit wrote it where the writer would not write it back from that value (``Correction.written``).
"""

from typing import TYPE_CHECKING, NamedTuple, Optional, Tuple, Union

from gin_ref.match.corrections import Correction
from gin_ref.match.header import Header
from gin_ref.match.problems import Problem, Where
from gin_ref.match.resultonly import PaperResult
from gin_ref.match.handread import RecordedHand
from gin_ref.match.irregularities import Kept

__all__ = ["Read", "Record", "Refusal"]


class Record(NamedTuple):
    """A match record: ``header`` (its head, typed), ``hands`` (each a ``RecordedHand``: its values as
    written), ``irregularities`` (the deals refused; None: the record writes no
    list of them), ``corrections`` and, for a match recorded by its result only, ``result`` and its
    ``result_seal`` (None: not sealed). Read from a file, ``lines`` holds the lines there of what its
    top level holds beside the hands (each hand carries its own: ``RecordedHand.lines``): each key path of
    the head, the result, the deals refused (to their keys) and the corrections (to their keys), with its
    line, the top mapping's first (path ``()``); none made in memory."""

    header: Header
    hands: Tuple[RecordedHand, ...]
    irregularities: Optional[Tuple[Kept, ...]]
    corrections: Tuple[Correction, ...]
    result: Optional[PaperResult] = None
    result_seal: Optional[str] = None
    lines: Tuple[Tuple[Where, int], ...] = ()


if TYPE_CHECKING:  # (an alias made at every start costs instructions; the checker alone needs it)
    from gin_ref.match.schema import AsWritten

    # A deal refused as the reader read it: its item typed (None where it cannot be), its hand as written
    # (which places it among the hands: the replay says its problems, and judges it, before that hand is
    # dealt) and the problems of its reading.
    Refusal = Tuple[Optional[Kept], object, Tuple[Problem, ...]]


class Read:
    """The first reading of a record's top level (``gin_ref.files.matchtop.read``): the Record (None when
    its head cannot be read: the last of ``head``'s problems says why) and each part's problems, held by
    part for the replay to say where it reaches the part (``gin_ref.match.replay.replay_record``): the
    head's first, a result-only record's result (``result``, with ``paper``: the result as the replay
    reads it, its scores in the players' order and the winner they make; None when it cannot be read), each
    deal refused (``refused``: every item of the list, typed or not) where the hands reach it, then the
    list's own (``listed``: not a list), and the corrections' last. ``items``: each deal refused as first
    read, before its checks (a ``Kept`` in the canonical form, else as written, with its values read
    leniently: ``AsWritten.read``), what ``verify`` lists of it as written.

    Made once a command, never changed: a plain class with ``__slots__``, as a NamedTuple of eight fields
    would cost every command about 1.5 M instructions at its start (benchmarks/bench_values.py)."""

    __slots__ = ("record", "head", "result", "paper", "refused", "listed", "corrections", "items")

    def __init__(self, record: "Optional[Record]", head: "Tuple[Problem, ...]", result: "Tuple[Problem, ...]" = (),
                 paper: "Optional[PaperResult]" = None, refused: "Tuple[Refusal, ...]" = (),
                 listed: "Tuple[Problem, ...]" = (), corrections: "Tuple[Problem, ...]" = (),
                 items: "Tuple[Union[Kept, AsWritten], ...]" = ()) -> None:
        self.record = record
        self.head = head
        self.result = result
        self.paper = paper
        self.refused = refused
        self.listed = listed
        self.corrections = corrections
        self.items = items

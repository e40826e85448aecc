"""A match record's top level as a typed value (#36 item 1): ``Record``, what ``gin_ref.match.model.Match``
holds.

The file's reader in ``gin_ref.files.matchtop`` makes it from the parsed file (``Match.new`` from what it is
given), and its writer there is the one place it becomes a mapping again. Its parts: the head, typed
(``Header``) and as written (``head``: format, date, players, the rules snapshot and the start, in the
file's order, which the writer writes back byte for byte), the hands (each a ``RecordedHand``), the match's own irregularities (deals
refused: each a ``Kept``), the corrections (each a ``Correction``, at its place) and a result-only record's
result (a ``PaperResult`` and its seal). Every step makes a new Record (``_replace``), a step in a hand a new hand
in it, never changes one: an undo keeps the old one without copies.

What a correction keeps (``Correction.entry``) is a ``KeptEntry``: its keys and values as written, in order.
"""

from typing import NamedTuple, Optional, Tuple

from gin_ref.match.corrections import Correction
from gin_ref.match.header import Header
from gin_ref.match.resultonly import PaperResult
from gin_ref.match.handread import RecordedHand
from gin_ref.match.steps import Kept, Written

__all__ = ["Record"]


class Record(NamedTuple):
    """A match record: ``header`` (what its head says, typed), ``head`` (its keys as written, in order),
    ``hands`` (each a ``RecordedHand``: its values as written), ``irregularities`` (the deals refused; None: the record writes no
    list of them), ``corrections`` and, for a match recorded by its result only, ``result`` and its
    ``result_seal`` (None: not sealed)."""

    header: Header
    head: Written
    hands: Tuple[RecordedHand, ...]
    irregularities: Optional[Tuple[Kept, ...]]
    corrections: Tuple[Correction, ...]
    result: Optional[PaperResult] = None
    result_seal: Optional[str] = None

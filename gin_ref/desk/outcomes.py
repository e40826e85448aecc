"""What a desk act returns, and the one place where those outcomes are made from ``Match``'s results.

Each outcome is a NamedTuple of facts (the hand, the player, the words a correction recorded) with the
``match`` as it stands after the act, for the views that draw it. Everything here that reads a ``Match``
result (an ``actions.Outcome``, a ``Step``, a correction as the record keeps it) is in the ``*_of``
functions below, so that when the record's values change shape only this module follows.
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Tuple

from gin_ref.match.actions import Outcome
from gin_ref.match.knocks import Settlement
from gin_ref.match.model import Match
from gin_ref.match.resultonly import PaperResult
from gin_ref.match.rulings import Ruling
from gin_ref.match.steps import Deal, Step
from gin_ref.match.steps import Ruled as RuledStep
from gin_ref.match.tally import Tally


class Started(NamedTuple):
    """A match started (``start_match``): the file, the match, its date (ISO), whether the first dealer
    (three players: the roles) was drawn at random, and what the file held before when ``force`` replaced a
    match (``Ann v Ben, 1 hand, totals Ann 20, Ben 0``), else None."""

    path: str
    match: Match
    date: str = ""
    drawn: bool = False
    replaced: Optional[str] = None


class Dealt(NamedTuple):
    """A hand dealt: its number, upcard (a code, None when not given) and dealer, and the deal as the
    views draw it (``deal``; None for a deal refused and kept)."""

    path: str
    match: Match
    hand: int
    upcard: Optional[str]
    dealer: Optional[str]
    deal: Optional[Deal]
    outcome: Outcome


class Knocked(NamedTuple):
    """A hand settled by a knock (``dealt``: the deal the same call made first)."""

    path: str
    match: Match
    hand: int
    player: str
    dealt: Optional[Dealt]
    outcome: Outcome


class Ended(NamedTuple):
    """A hand ended dead (``dealt``: the deal the same call made first)."""

    path: str
    match: Match
    hand: int
    dealt: Optional[Dealt]


class Turned(NamedTuple):
    """One turn of a hand recorded turn by turn: ``action`` (take, pass, draw, discard) by ``player``."""

    path: str
    match: Match
    hand: int
    action: str
    player: str
    outcome: Outcome


class Amended(NamedTuple):
    """A hand's result replaced: the tally ``before``, the hand's new ``settlement`` (None: dead), and the
    warning for a table of an event whose later round is paired (None: none)."""

    path: str
    match: Match
    hand: int
    before: Tally
    settlement: Optional[Settlement]
    warning: Optional[str]


class Corrected(NamedTuple):
    """An undo or a redo: what it took back or put back (``what``, in the words the record keeps), the
    warning for a reopened table of an event (None: none), and the step as data: its ``kind`` (deal, turn,
    result, amend, ruling, irregularity, refused_deal, match_result...), its ``hand`` and, for a turn, its
    number in the hand (``turn``)."""

    path: str
    match: Match
    what: str
    warning: Optional[str]
    kind: str = ""
    hand: Optional[int] = None
    turn: Optional[int] = None


class Ruled(NamedTuple):
    """A director's ruling on ``hand``; ``dealt``: the hand the ruling dealt first (``rule``'s ``upcard``),
    None when it ruled a hand the file held."""

    path: str
    match: Match
    hand: int
    ruling: Ruling
    dealt: Optional[Dealt] = None


class Resulted(NamedTuple):
    """A match's result recorded or amended: the final scores (``scores``: name, points), and the old
    ones (``old``: None for a new result)."""

    path: str
    match: Match
    scores: PaperResult
    old: Optional[PaperResult]


# -- the adapter: Match's results -> outcomes -----------------------------------------------------------------

def started_of(path: str, match: Match, replaced: Optional[str] = None) -> Started:
    header = match.state.header  # the date and how the first dealer was chosen, as the replay read them
    return Started(path, match, str(header.date), header.drawn, replaced)


def dealt_of(path: str, match: Match, outcome: Outcome) -> Dealt:
    data = outcome.step.data
    if not isinstance(data, Deal):  # a deal refused and kept: the irregularity is the step
        return Dealt(path, match, outcome.number, None, None, None, outcome)
    return Dealt(path, match, outcome.number, data.upcard, data.dealer, data, outcome)


def knocked_of(path: str, match: Match, player: str, dealt: Optional[Dealt], outcome: Outcome) -> Knocked:
    return Knocked(path, match, outcome.number, player, dealt, outcome)


def ended_of(path: str, match: Match, dealt: Optional[Dealt], outcome: Outcome) -> Ended:
    return Ended(path, match, outcome.number, dealt)


def turned_of(path: str, match: Match, action: str, player: str, outcome: Outcome) -> Turned:
    return Turned(path, match, outcome.number, action, player, outcome)


def corrected_of(path: str, match: Match, said: str, warning: Optional[str], step: Step) -> Corrected:
    """An undo or a redo of ``step``: what it took back or put back, in words (``gin_ref.views.step_words``:
    format /3 keeps the correction's facts, never its words), and the step as data."""
    return Corrected(path, match, said, warning, step.kind, step.hand, step.turn)


def ruled_of(path: str, match: Match, step: Step, dealt: Optional[Dealt] = None) -> Ruled:
    data = step.data
    assert isinstance(data, RuledStep)  # a ruling's step
    return Ruled(path, match, step.hand, data.ruling, dealt)


def resulted_of(path: str, match: Match, old: Optional[PaperResult] = None) -> Resulted:
    """What a result written did: ``old``, the result it replaced as the record wrote it (``Match.paper_written``)."""
    scores = match.state.paper  # the result as the replay read it
    assert scores is not None  # a result-only match
    return Resulted(path, match, scores, old)


def refusal_fields(outcome: Outcome) -> Tuple[int, str, Optional[str]]:
    """``(hand, irregularity kind, player)`` of an act refused and kept."""
    assert outcome.refusal is not None
    item = outcome.refusal.kept.item
    return outcome.number, str(item.kind), item.player

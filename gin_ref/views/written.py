"""What the commands that write print under ``--json`` (issue 42 item 2; docs/json.md#the-commands-that-write):
the step recorded as data, built here and only here, one function per outcome kind of the desk
(``gin_ref.desk.outcomes``), from the outcome's typed facts and the match as it stands after the act.

Every object names the file written (``file``; an event's ``folder``) and, for a match, where it stands
(``match``: the ``tally --json`` object without its ``hands``, so a 10,000-hand record does not print them
all after each act); a hand the act touched is ``hand``, as ``tally --json`` gives that hand. An act
refused and kept in the record (an illegal knock, an act out of turn, a deal by the wrong dealer) prints
what it kept, with ``refused`` (``refused_data``). The outcomes are read through the protocols below, so
this layer never imports the desk above it.
"""

import os
from typing import Dict, List, Optional, Protocol, Tuple, runtime_checkable

from gin_ref.club.event import Event, Round
from gin_ref.core.scoring import Showdown
from gin_ref.match.actions import Outcome
from gin_ref.match.knocks import Settlement
from gin_ref.match.model import Match
from gin_ref.match.resultonly import PaperResult
from gin_ref.match.rulings import Ruling
from gin_ref.match.tally import Tally, hand_tally, tally_of
from gin_ref.views import tally_text
from gin_ref.views.report import showdown_data

Data = Dict[str, object]


# -- the outcomes, as this layer reads them (the desk's NamedTuples fit them) ------------------------------

class _Written(Protocol):
    @property
    def path(self) -> str: ...
    @property
    def match(self) -> Match: ...


class _Started(_Written, Protocol):
    @property
    def date(self) -> str: ...
    @property
    def drawn(self) -> bool: ...


class _Dealt(_Written, Protocol):
    @property
    def hand(self) -> int: ...


class _Knocked(_Written, Protocol):
    @property
    def hand(self) -> int: ...
    @property
    def dealt(self) -> Optional[_Dealt]: ...
    @property
    def outcome(self) -> Outcome: ...


class _Ended(_Written, Protocol):
    @property
    def hand(self) -> int: ...
    @property
    def dealt(self) -> Optional[_Dealt]: ...


class _Turned(_Written, Protocol):
    @property
    def hand(self) -> int: ...
    @property
    def outcome(self) -> Outcome: ...


class _Amended(_Written, Protocol):
    @property
    def hand(self) -> int: ...
    @property
    def before(self) -> Tally: ...
    @property
    def settlement(self) -> Optional[Settlement]: ...
    @property
    def warning(self) -> Optional[str]: ...


class _Corrected(_Written, Protocol):
    @property
    def what(self) -> str: ...
    @property
    def warning(self) -> Optional[str]: ...
    @property
    def kind(self) -> str: ...
    @property
    def hand(self) -> Optional[int]: ...
    @property
    def turn(self) -> Optional[int]: ...


class _Ruled(_Written, Protocol):
    @property
    def hand(self) -> int: ...
    @property
    def ruling(self) -> Ruling: ...


class _Resulted(_Written, Protocol):
    @property
    def scores(self) -> PaperResult: ...
    @property
    def old(self) -> Optional[PaperResult]: ...


class _Season(Protocol):
    @property
    def csv_path(self) -> str: ...
    @property
    def recorded(self) -> List[Tuple[str, PaperResult]]: ...


class _Made(_Written, Protocol):
    """What a refused knock still wrote: the desk's ``Knocked`` (kept) or the ``Dealt`` its command made."""

    @property
    def hand(self) -> int: ...


@runtime_checkable
class _KnockKept(Protocol):
    """A knock kept (the desk's ``Knocked``): the deal its command made first (None: none)."""

    @property
    def dealt(self) -> object: ...


class _EventStarted(Protocol):
    @property
    def folder(self) -> str: ...
    @property
    def event(self) -> Event: ...


class _Paired(Protocol):
    @property
    def folder(self) -> str: ...
    @property
    def event(self) -> Event: ...
    @property
    def round(self) -> Round: ...
    @property
    def notes(self) -> List[str]: ...


class _Refusal(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def kept(self) -> bool: ...


# -- the pieces every object shares --------------------------------------------------------------------------

def standing_data(match: Match) -> Data:
    """Where the match stands: the ``tally --json`` object without ``hands``."""
    data = tally_text.tally_data(tally_of(match))
    del data["hands"]
    return data


def hand_data(match: Match, number: Optional[int]) -> Optional[Data]:
    """Hand ``number`` as ``tally --json`` gives it; None when the record holds no such hand (a deal taken
    back, a match recorded by its result)."""
    if number is None or not 1 <= number <= len(match.hands):
        return None
    return tally_text.hand_data(hand_tally(match, number))


def _match_step(written: _Written, **fields: object) -> Data:
    return {"file": written.path, **fields, "match": standing_data(written.match)}


def refused_data(refusal: _Refusal) -> Data:
    """An act refused: its kind (``illegal``, ``out_of_turn``, ``count_over_limit``...), whether the refusal
    is kept in the record (an irregularity), and its message (the ``Error:`` line's words)."""
    return {"kind": str(refusal.kind), "kept": bool(refusal.kept), "message": refusal.message}


def _with_refusal(data: Data, refusal: Optional[_Refusal]) -> Data:
    if refusal is not None:
        data["refused"] = refused_data(refusal)
    return data


# -- the acts at the table ------------------------------------------------------------------------------------

def started_data(started: _Started) -> Data:
    """``new --json``: the match started; who deals first (``match.next_dealer``, or its ``roles``)."""
    match = started.match
    return _match_step(started, players=list(match.players), rules=match.rules.name, date=started.date,
                       drawn=started.drawn)


def dealt_data(dealt: _Dealt, refusal: Optional[_Refusal] = None) -> Data:
    """``deal --json``: the hand dealt (its dealer, upcard and limit). A deal by the wrong dealer, refused
    and kept, is no hand: ``hand`` null, the refusal kept among ``match.irregularities``."""
    match = dealt.match
    number = dealt.hand if refusal is None else None
    return _with_refusal(_match_step(dealt, hand=hand_data(match, number)), refusal)


def knocked_data(knocked: _Knocked) -> Data:
    """``knock --json``: the hand as settled (``hand``), the score's ``arithmetic`` and, for a knock given by
    cards, both spreads as ``score --json`` gives them (``spreads``; null for counts); ``dealt`` true when
    the command dealt the hand first. A knock refused: ``knock_refused_data``."""
    settlement = knocked.outcome.settlement
    showdown: Optional[Showdown] = settlement.showdown if settlement is not None else None
    return _match_step(knocked, dealt=knocked.dealt is not None, hand=hand_data(knocked.match, knocked.hand),
                       arithmetic=settlement.score.arithmetic if settlement is not None else None,
                       spreads=showdown_data(showdown) if showdown is not None else None)


def ended_data(ended: _Ended) -> Data:
    """``dead --json``: the hand ended dead; ``dealt`` true when the command dealt it first."""
    return _match_step(ended, dealt=ended.dealt is not None, hand=hand_data(ended.match, ended.hand))


def turned_data(turned: _Turned, refusal: Optional[_Refusal] = None) -> Data:
    """``take``, ``pass``, ``draw``, ``discard --json``: the turn (its number in the hand, the action, the
    player, the card: a take names the card taken, a draw the card if seen; ``offer`` true when it answered
    the upcard's offer), the hand, and whose turn it is next (``match.turn``, ``discard_top``,
    ``stock_count``). A turn out of turn, refused and kept: ``turn`` null, the irregularity in the hand's."""
    outcome = turned.outcome
    turn = outcome.turn
    step: Optional[Data] = None
    if refusal is None and turn is not None:
        step = {"number": outcome.step.turn, "action": turn.action, "player": turn.player,
                "card": turn.card.code if turn.card is not None else None, "offer": bool(outcome.offer)}
    return _with_refusal(_match_step(turned, turn=step, hand=hand_data(turned.match, turned.hand)), refusal)


# -- the past, the director, a result ---------------------------------------------------------------------------

def amended_data(amended: _Amended) -> Data:
    """``amend --json``: the hand as it was (``was``) and as it is now (``hand``), the new score's arithmetic
    (null for a dead hand) and the warning for a table of an event whose later round is paired."""
    before = tally_text.hand_data(amended.before.hands[amended.hand - 1]) if amended.hand <= len(amended.before.hands) else None
    settlement = amended.settlement
    return _match_step(amended, hand=hand_data(amended.match, amended.hand), was=before,
                       arithmetic=settlement.score.arithmetic if settlement is not None else None,
                       warning=amended.warning)


def corrected_data(corrected: _Corrected, key: str) -> Data:
    """``undo --json`` (``key`` "undone") and ``redo --json`` ("redone"): what the step was in words, the step
    as data (``step``: ``kind``, ``hand``, ``turn``), the hand as it now stands (null when no longer there,
    as a deal taken back) and the warning for a reopened table of an event."""
    hand = corrected.hand if corrected.hand else None
    step = {"kind": corrected.kind, "hand": hand, "turn": corrected.turn}
    return _match_step(corrected, **{key: corrected.what}, step=step, hand=hand_data(corrected.match, hand),
                       warning=corrected.warning)


def ruled_data(ruled: _Ruled) -> Data:
    """``ruling --json``: the ruling (as ``tally --json`` gives a hand's) and the hand as it now scores."""
    return _match_step(ruled, ruling=tally_text.ruling_data(ruled.ruling), hand=hand_data(ruled.match, ruled.hand))


def _scores(result: PaperResult) -> Data:
    """A result's final scores (bonuses in) and hands won, as the record holds them."""
    return {"scores": dict(result.scores), "hands_won": result.hands_won}


def resulted_data(resulted: _Resulted) -> Data:
    """``result --json`` and ``amend result --json``: the result recorded (``result``: ``scores``,
    ``hands_won``) and, for an amend, the one it replaced (``was``; null for a new result)."""
    return _match_step(resulted, result=_scores(resulted.scores),
                       was=None if resulted.old is None else _scores(resulted.old))


def season_data(season: _Season) -> Data:
    """``result --input FILE.csv --json``: each match file written, with its result."""
    return {"input": season.csv_path,
            "matches": [{"file": path, **_scores(entry)} for path, entry in season.recorded]}


# -- events ---------------------------------------------------------------------------------------------------

def event_started_data(started: _EventStarted) -> Data:
    """``event new --json``: the event started in ``folder``."""
    event = started.event
    return {"folder": started.folder, "event": event.name, "format": event.system, "rounds": event.total_rounds,
            "rules": event.rules.name, "date": str(event.read.date), "players": list(event.players)}


def paired_data(paired: _Paired) -> Data:
    """``event pair --json``: the round paired, each table with its match file (in ``folder`` as given), the
    player with the bye, and the notes the pairing said on stderr."""
    rnd = paired.round
    tables = [{"table": t.number, "players": list(t.players), "file": os.path.join(paired.folder, t.file)}
              for t in rnd.tables]
    return {"folder": paired.folder, "event": paired.event.name, "round": rnd.number, "rounds": paired.event.total_rounds,
            "tables": tables, "bye": rnd.bye, "notes": list(paired.notes)}


def knock_refused_data(done: _Made, refusal: _Refusal) -> Data:
    """``knock --json`` for a knock refused that still wrote something: an illegal knock or a knock out of
    turn kept (``done`` the desk's ``Knocked``), or a count over the limit refused after the deal the same
    command made (``done`` the ``Dealt``: the deal stands)."""
    made = done.dealt if isinstance(done, _KnockKept) else done  # a Knocked's deal made first, or the Dealt itself
    data = _match_step(done, dealt=made is not None, hand=hand_data(done.match, done.hand), arithmetic=None,
                       spreads=None)
    return _with_refusal(data, refusal)

"""What each kind of step adds to a record, as a typed value, and the one place each is written in the
file's form (``file_form``): ``gin_ref.match.steps.put`` writes that form into the record, and nothing else
builds it.

- ``Deal``: a new hand (its number, dealer or roles, upcard, knock limit);
- ``TurnLine``: a turn's line, and whether the hand ended dead with it;
- ``Kept``: an irregularity kept (in a hand, or a deal refused);
- ``Settled``: a hand's result (its name and the knock's facts);
- ``Ruled``: a director's ruling, with the counts of steps and hands it was made at;
- ``Version``: a hand's version, as an amend gives it (upcard, limit and result);
- ``PaperResult`` (``gin_ref.match.result``): a result-only record's result.

Each is made by an action, or read back from the record (``undo``) or from a correction (``redo``):
``of`` reads a value from the mapping the record or the correction holds, keeping what was written (a
card as written, a key written empty). What a correction kept is put back as it is written
(``gin_ref.match.steps.Step.written``): the value read from it gives the words.
"""


from typing import Any, Dict, Mapping, NamedTuple, Optional, Tuple, Union

from gin_ref.core.game import Roles
from gin_ref.match.irregularities import Irregularity
from gin_ref.match.result import PaperResult
from gin_ref.match.rulings import FIELDS as RULING_FIELDS, Ruling
from gin_ref.match.schema import IRREGULARITY_KEYS, RESULT_FACTS, ROLES, Entry

__all__ = ["Deal", "Kept", "PaperResult", "Ruled", "Settled", "StepData", "TurnLine", "Version", "file_form",
           "paper_of"]

Written = Tuple[Tuple[str, Any], ...]  # keys as the record writes them, with their values, in order


class Deal(NamedTuple):
    """A hand dealt: its number, its dealer (three players: and the roles), its upcard (its code; None: not
    given) and its knock limit. ``listed``: its entry holds an (empty) list of irregularities, as a deal
    writes it."""

    number: int
    dealer: str
    roles: Optional[Roles]
    upcard: Optional[str]
    limit: int
    listed: bool = True


    @classmethod
    def of(cls, entry: Mapping[str, Any]) -> "Deal":
        """The deal of a hand entry that holds nothing more (a record that replays, or the hand a correction
        kept: edited by hand, it may lack a key, read as 0 or ''; the replay refuses the hand put back)."""
        roles = Roles(*(str(entry[role]) for role in ROLES)) if all(role in entry for role in ROLES) else None
        return cls(entry.get("number", 0), entry.get("dealer", ""), roles, entry.get("upcard"), entry.get("limit", 0),
                   "irregularities" in entry)


class TurnLine(NamedTuple):
    """A turn recorded: its line (``Ann draws``; its number in the hand is the step's ``turn``), and whether
    the hand ended dead with it (a discard that left the stock at its last cards, or the last discard passed
    at the wall)."""

    line: str
    dead: bool = False



class Kept(NamedTuple):
    """An irregularity kept in the record (``item``), with what an illegal knock spread (its cards, melds and
    discard, or its count: ``spread``, as written). ``said``: the reason in words of an item written before
    format /3 (its ``detail``, kept from /2), so that an undo and a redo put it back as it was; an item
    written since holds facts only (``item.detail`` is then the reason worked out, never written)."""

    item: Irregularity
    spread: Written = ()
    said: Optional[str] = None


    @classmethod
    def of(cls, written: Mapping[str, Any]) -> "Kept":
        """The irregularity of an item as the record holds it (a record that replays)."""
        said = written.get("detail")
        return cls(Irregularity.of(written), tuple((key, written[key]) for key in _SPREAD if key in written),
                   said if isinstance(said, str) else None)


_SPREAD = ("cards", "melds", "discard", "count")  # what an illegal knock spread, as written


class Settled(NamedTuple):
    """A hand's result: its name (one of RESULTS) and the knock's facts as written (the knocker, each side's
    cards or count, melds, discard: ``facts``, the keys of RESULT_FACTS the hand holds). Read back from a
    record, it says who won the hand and the points too (what undo and redo put into words)."""

    result: Optional[str]  # None: a version kept without one (written so)
    facts: Written = ()
    winner: Optional[str] = None
    points: Optional[int] = None


    @classmethod
    def of(cls, entry: Mapping[str, Any]) -> "Settled":
        """The result of a settled hand entry (or of a version of one)."""
        return cls(entry.get("result"), tuple((key, entry[key]) for key in RESULT_FACTS if key in entry),
                   entry.get("winner"), entry.get("points"))

    @property
    def knocker(self) -> Optional[str]:
        return next((value for key, value in self.facts if key == "knocker"), None)

    def words(self) -> Dict[str, Any]:
        """What ``gin_ref.views.words.result_words`` reads of it."""
        return {"result": self.result, "knocker": self.knocker, "winner": self.winner, "points": self.points}


class Ruled(NamedTuple):
    """A ruling made: the ruling, the count of steps the record held with it (``steps``: it is the newest
    while the count stands) and the number of hands then (``hands``)."""

    ruling: Ruling
    steps: int
    hands: int


    @classmethod
    def of(cls, written: Mapping[str, Any]) -> "Ruled":
        """A ruling as written (one a correction kept may lack its counts: read as 0, and refused by the
        replay when it is put back)."""
        return cls(Ruling.of(written), written.get("steps", 0), written.get("hands", 0))


class Version(NamedTuple):
    """A hand's version, as an amend replaces it: its upcard (as written; None: not given), limit and
    result."""

    upcard: Optional[str]
    limit: Optional[int]
    settled: Settled


    @classmethod
    def of(cls, version: Mapping[str, Any]) -> "Version":
        """The version of a hand (``gin_ref.match.schema.version_of``), or one a correction keeps."""
        return cls(version.get("upcard"), version.get("limit"), Settled.of(version))


def paper_of(written: Mapping[str, Any]) -> PaperResult:
    """The result of a result-only record (or one a correction keeps), as written."""
    return PaperResult(written.get("scores") or {}, written.get("hands_won"), written.get("winner", ""))


StepData = Union[Deal, TurnLine, Kept, Settled, Ruled, Version, PaperResult]


# -- the file's form ---------------------------------------------------------------------------------------

def file_form(data: StepData) -> Entry:
    """What ``data`` writes into the record, in the file's order of keys: a new hand's entry, the keys a
    turn or a result adds to its hand, an irregularity's item, a ruling, a version, a result. New data
    each time (never the value's own lists: the record is changed in place by later steps)."""
    if isinstance(data, Deal):
        return _deal_form(data)
    if isinstance(data, TurnLine):
        return {"turns": [data.line], "result": "dead"} if data.dead else {"turns": [data.line]}
    if isinstance(data, Kept):
        return _kept_form(data)
    if isinstance(data, Settled):
        return _settled_form(data)
    if isinstance(data, Ruled):
        form: Entry = {key: getattr(data.ruling, key) for key in RULING_FIELDS}
        form.update(steps=data.steps, hands=data.hands)
        return form
    if isinstance(data, Version):
        version: Entry = {"upcard": data.upcard} if data.upcard is not None else {}
        if data.limit is not None:
            version["limit"] = data.limit
        version.update(_settled_form(data.settled))
        return version
    paper: Entry = {"scores": dict(data.scores)}
    if data.hands_won is not None:
        paper["hands_won"] = dict(data.hands_won)
    paper["winner"] = data.winner
    return paper


def _deal_form(deal: Deal) -> Entry:
    entry: Entry = {"number": deal.number, "dealer": deal.dealer}
    if deal.roles is not None:
        entry.update(deal.roles.data())
    if deal.upcard is not None:
        entry["upcard"] = deal.upcard
    entry["limit"] = deal.limit
    if deal.listed:
        entry["irregularities"] = []
    return entry


def _kept_form(kept: Kept) -> Entry:
    item = kept.item
    kind = str(item.kind)
    values: Dict[str, Any] = {"kind": kind, "player": item.player}  # facts only: the reason is worked out (/3)
    if kept.said is not None:
        values["detail"] = kept.said  # kept from /2, as it was
    values.update((key, getattr(item, key)) for key in ("hand", "turn", "action", "card")
                  if getattr(item, key) is not None)
    if kind == "illegal_knock":
        values["points"] = item.points
    values.update((key, _copied(value)) for key, value in kept.spread)
    return {key: values[key] for key in IRREGULARITY_KEYS[kind] if key in values}


def _settled_form(settled: Settled) -> Entry:
    form: Entry = {"result": settled.result} if settled.result is not None else {}
    form.update((key, _copied(value)) for key, value in settled.facts)
    return form


def _copied(value: Any) -> Any:
    """A written value, its lists new (cards, melds: lists of codes); anything else as it is."""
    if type(value) is list:
        return [_copied(item) if type(item) is list else item for item in value]
    return value

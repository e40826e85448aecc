"""Every change to a record is one step, in order: a deal, a turn, an irregularity kept (in a hand, or a
deal refused), a hand's result, an amend of a past hand. A ``Step`` is made on a record (``Step.made_on``: a
typed ``gin_ref.match.record.Record``, it returns the new one; a step in a hand makes a new hand in it, a
``RecordedHand``, by the hand's own ``_replace``, never changes one); ``Step.taken_from`` takes the newest
back (``undo``), returning the new Record and what the correction keeps. Which step is the newest, and which
one an undo took that ``redo`` can put back, is the record's history (``gin_ref.match.history``).

A step's data is a typed value, made by an action or read back from the record or a correction:

- ``Deal``: a new hand (its number, dealer or roles, upcard, knock limit);
- ``TurnLine``: a turn's line, and whether the hand ended dead with it;
- ``Kept``: an irregularity kept (in a hand, or a deal refused);
- ``Settled``: a hand's result (its name and the knock's facts);
- ``Ruled``: a director's ruling, with the counts of steps and hands it was made at;
- ``Version``: a hand's version, as an amend gives it (upcard, limit and result);
- ``PaperResult`` (``gin_ref.match.resultonly``): a result-only record's result.

A step made puts its typed value into the record as it is (a new hand, a turn's line, a result's
``KnockFacts``, an irregularity's ``Kept``, a ruling's ``Ruled``...): the writer in ``gin_ref.files`` lays
it out, the one place a mapping is made (``step_pairs``: the keys and values it writes). A step taken back
returns the typed value the record held of it (the correction keeps it, the values a replay works out
included: a hand or the keys of one, a Kept, a Ruled, a PaperResult); ``gin_ref.match.history`` reads the
step's typed data back from the record (``newest``) and from the correction (``step_data``).

Each kind of step is one entry of ``KINDS`` (how it is put and taken back), so a new kind (a director's
ruling) is one more entry. A result-only record's result is one step too (``match_result``, hand 0), and an
amend of it an amend of hand 0 (``gin_ref.match.resultonly``).
"""


from typing import TYPE_CHECKING, Callable, Dict, List, NamedTuple, Optional, Tuple, Union, cast

from gin_ref.core.errors import IllegalActionError
from gin_ref.core.message import Message, N_
from gin_ref.core.cards import Card
from gin_ref.core.game import Roles
from gin_ref.match.handread import (NOT_WRITTEN, Item, Melds, OneCard, RecordedHand, SomeCards, Text, Truth, Whole,
                                    given, typed_card, typed_lines)
from gin_ref.match.irregularities import Kept, Written, irregularity_pairs, turn_written
from gin_ref.match.knocks import Facts
from gin_ref.match.resultonly import STEP_KIND, PaperResult
from gin_ref.match.rulings import Ruled, ruling_pairs
from gin_ref.match.schema import HAND_KEYS, RESULT_FACTS, SETTLED_KEYS, AsWritten, is_count

if TYPE_CHECKING:
    from gin_ref.match.corrections import KeptValue
    from gin_ref.match.record import Record

__all__ = ["Deal", "Kept", "KnockFacts", "PaperResult", "Ruled", "Settled", "Step", "StepData", "TurnLine", "Version",
           "hand_kept", "irregularity_pairs", "position", "step_pairs", "version_pairs"]


# -- what each kind of step adds, typed ---------------------------------------------------------------------

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
    def of(cls, hand: RecordedHand) -> "Deal":
        """The deal of a hand that holds nothing more (a record that replays, or the hand a correction kept:
        edited by hand, it may lack a key, read as 0 or ''; the replay refuses the hand put back)."""
        box, captain, sitter = hand.box, hand.captain, hand.sitter
        roles = Roles(_name(box), _name(captain), _name(sitter)) \
            if NOT_WRITTEN not in (box, captain, sitter) else None
        return cls(_whole(hand.number), _name(hand.dealer), roles, _code(hand.upcard), _whole(hand.limit),
                   hand.irregularities is not NOT_WRITTEN)


def _whole(value: object) -> int:
    """A hand's number or limit, 0 where it is not one (a correction edited by hand: the replay refuses the
    hand it kept, put back as written)."""
    return value if type(value) is int else 0  # noqa: E721


def _name(value: object) -> str:
    """A name, '' where it is not written (one written otherwise: as the words of the step show it)."""
    return value if type(value) is str else "" if value is NOT_WRITTEN else str(given(value))  # noqa: E721


def _code(value: object) -> Optional[str]:
    """An upcard's code (a hand edit's as written, for the words of the step); None where not given."""
    if isinstance(value, Card):
        return value.code
    written = given(value)
    return str(written) if written else None


class TurnLine(NamedTuple):
    """A turn recorded: its line (``Ann draws``; its number in the hand is the step's ``turn``), and whether
    the hand ended dead with it (a discard that left the stock at its last cards, or the last discard passed
    at the wall)."""

    line: str
    dead: bool = False


def position(item: object) -> int:
    """The turn an irregularity of a hand happened at (a ``Kept``, or an item as written): its ``turn``, or 1
    (before any turn) when it has none."""
    turn = turn_written(item)
    return turn if isinstance(turn, int) and is_count(turn) else 1


class KnockFacts(NamedTuple):
    """A knock's facts as a hand records them (the keys of RESULT_FACTS, in the file's order), each typed as
    the hand holds it (``RecordedHand``: a value a hand edit wrote kept as written), NOT_WRITTEN where the
    hand has no such key."""

    knocker: Text = NOT_WRITTEN
    knocker_cards: SomeCards = NOT_WRITTEN
    knocker_count: Whole = NOT_WRITTEN
    big_gin: Truth = NOT_WRITTEN
    melds: Melds = NOT_WRITTEN
    discard: OneCard = NOT_WRITTEN
    defender_cards: SomeCards = NOT_WRITTEN
    defender_count: Whole = NOT_WRITTEN

    @classmethod
    def of(cls, hand: RecordedHand) -> "KnockFacts":
        """The knock's facts a hand holds."""
        return cls(hand.knocker, hand.knocker_cards, hand.knocker_count, hand.big_gin, hand.melds, hand.discard,
                   hand.defender_cards, hand.defender_count)

    def on(self, hand: RecordedHand) -> RecordedHand:
        """``hand`` with these facts (a new hand; each fact not written here is not written there)."""
        knocker, knocker_cards, knocker_count, big_gin, melds, discard, defender_cards, defender_count = self
        return hand._replace(knocker=knocker, knocker_cards=knocker_cards, knocker_count=knocker_count,
                             big_gin=big_gin, melds=melds, discard=discard, defender_cards=defender_cards,
                             defender_count=defender_count)


class Settled(NamedTuple):
    """A hand's result: its name (one of RESULTS) and the knock's facts (the knocker, each side's cards or
    count, melds, discard: ``facts``, typed as the hand holds them). Read back from a record, it says who
    won the hand and the points too (what undo and redo put into words)."""

    result: Optional[str]  # None: a version kept without one (written so)
    facts: KnockFacts = KnockFacts()
    winner: Optional[str] = None
    points: Optional[int] = None


    @classmethod
    def of(cls, hand: RecordedHand) -> "Settled":
        """The result of a settled hand (or of a version of one; one a hand edit wrote otherwise: as its
        step's words show it)."""
        result, winner, points = given(hand.result), given(hand.winner), hand.points
        return cls(None if result is None else str(result), KnockFacts.of(hand),
                   None if winner is None else str(winner), points if type(points) is int else None)  # noqa: E721

    @classmethod
    def knocked(cls, result: str, knocker: str, facts: Facts) -> "Settled":
        """A knock settled (``result``) by ``knocker`` on ``facts``: each side's cards or count, big gin, the
        melds and the discard, as the record holds them (the knocker's cards, the melds and discard written
        with the cards, null where not given; big gin with a count, where it is one)."""
        kcards, melds, discard = facts.knocker_cards, facts.melds, facts.discard
        spread = kcards is not None or melds is not None
        return cls(result, KnockFacts(
            knocker, NOT_WRITTEN if kcards is None else tuple(kcards),
            facts.knocker_count if kcards is None else NOT_WRITTEN,
            True if kcards is None and facts.big_gin else NOT_WRITTEN,
            NOT_WRITTEN if not spread else None if melds is None else tuple(tuple(meld.cards) for meld in melds),
            NOT_WRITTEN if not spread else discard,
            NOT_WRITTEN if facts.defender_cards is None else tuple(facts.defender_cards),
            facts.defender_count if facts.defender_cards is None else NOT_WRITTEN))

    @property
    def knocker(self) -> Optional[str]:
        knocker = self.facts.knocker
        return knocker if type(knocker) is str else None  # noqa: E721


class Version(NamedTuple):
    """A hand's version, as an amend replaces it: its upcard (as written; None: not given), limit and
    result."""

    upcard: Optional[str]
    limit: Optional[int]
    settled: Settled


    @classmethod
    def of(cls, version: RecordedHand) -> "Version":
        """The version of a hand (``version_of``), or one a correction keeps."""
        limit = version.limit
        return cls(_code(version.upcard), limit if type(limit) is int else None, Settled.of(version))  # noqa: E721


StepData = Union[Deal, TurnLine, Kept, Settled, Ruled, Version, PaperResult]


# -- what each step writes, as pairs --------------------------------------------------------------------

def step_pairs(data: StepData) -> Written:
    """What ``data`` writes into the record, as its keys and values in the file's order: a new hand's keys,
    the keys a turn or a result adds to its hand, an irregularity's item, a ruling, a version, a result. The
    steps put the typed value itself into the record; the writer in ``gin_ref.files`` lays out the same
    pairs (``gin_ref.files.handform.laid_out``), so these are what a file holds of the step."""
    if isinstance(data, Deal):
        return tuple(_deal_hand(data).written())
    if isinstance(data, TurnLine):
        return _turn_pairs(data)
    if isinstance(data, Kept):
        return irregularity_pairs(data)
    if isinstance(data, Settled):
        return _settled_pairs(data)
    if isinstance(data, Ruled):
        return ruling_pairs(data)
    if isinstance(data, Version):
        return version_pairs(data)
    return paper_fields(data)


def paper_fields(paper: PaperResult) -> Written:
    """A result-only record's result as the record writes it: its keys, in order, with its values (the
    writer in ``gin_ref.files`` lays them out: ``gin_ref.files.correctionread.paper_pairs``)."""
    won = paper.hands_won
    return (("scores", paper.scores),) + ((("hands_won", won),) if won is not None else ()) + (("winner", paper.winner),)


# -- the step ------------------------------------------------------------------------------------------------


class Step(NamedTuple):
    """One change to a record: its ``kind`` (a key of KINDS), the number of the hand it belongs to (a
    refused deal: the hand that was to be dealt), what it adds (``data``, a typed value of
    this module: the new hand's ``Deal``, the turn's ``TurnLine``, the irregularity ``Kept``,
    the result ``Settled``, the ``Ruled`` ruling, an amend's ``Version``, a ``PaperResult``) and, for a turn,
    its number in the hand. Undone, an amend's data is the version it goes back to.

    A step read back from the record's corrections (``redo``: what an undo took; an undo of an amend: the
    version before it) keeps the typed value the correction holds (``written``: a hand, or the keys of one,
    a ``RecordedHand``; an irregularity's item, a ruling, typed or as written; a ``PaperResult``), and is put
    back as it is, as a person may have edited it: the replay then judges it, and a form it refuses is
    refused with its problem. ``data`` is then what it reads as, for its words."""

    kind: str
    hand: int
    data: StepData
    turn: Optional[int] = None
    written: "Optional[KeptValue]" = None

    def made_on(self, record: "Record") -> "Record":
        """``record`` with this step: its kind's new hand (its typed data put in by the hand's own
        ``_replace``: the writer in ``gin_ref.files`` lays it out), or what a correction kept of it
        (``written``). A new Record; ``record`` stands as it was."""
        return KINDS[self.kind][0](record, self)

    def taken_from(self, record: "Record") -> "Tuple[Record, KeptValue]":
        """``record`` without this step (the newest), and what it took: the typed values the correction
        keeps, in the order the file holds them."""
        return KINDS[self.kind][1](record, self)


def hand_kept(entry: "Optional[KeptValue]") -> RecordedHand:
    """What a correction keeps of a hand (a RecordedHand: the reader makes one where the step is of a
    hand's keys)."""
    assert isinstance(entry, RecordedHand), entry
    return entry


def version_of(hand: RecordedHand) -> RecordedHand:
    """A hand's version as an amend replaces it: its upcard, limit and result keys."""
    return RecordedHand(upcard=hand.upcard, limit=hand.limit, result=hand.result, knocker=hand.knocker,
                        knocker_cards=hand.knocker_cards, knocker_count=hand.knocker_count, big_gin=hand.big_gin,
                        melds=hand.melds, discard=hand.discard, defender=hand.defender,
                        defender_cards=hand.defender_cards, defender_count=hand.defender_count,
                        winner=hand.winner, points=hand.points, totals=hand.totals, games=hand.games)


def set_version(hand: RecordedHand, version: RecordedHand) -> RecordedHand:
    """``hand`` with another version (``version_of``): a new hand."""
    return _with(_unsettled(hand)._replace(upcard=NOT_WRITTEN, limit=NOT_WRITTEN, seal=hand.seal), version)


def _unsettled(hand: RecordedHand) -> RecordedHand:
    """``hand`` without its result (SETTLED_KEYS: a seal goes with its hand's facts, written again on the
    next write): a new hand."""
    return hand._replace(result=NOT_WRITTEN, knocker=NOT_WRITTEN, knocker_cards=NOT_WRITTEN,
                         knocker_count=NOT_WRITTEN, big_gin=NOT_WRITTEN, melds=NOT_WRITTEN, discard=NOT_WRITTEN,
                         defender=NOT_WRITTEN, defender_cards=NOT_WRITTEN, defender_count=NOT_WRITTEN,
                         winner=NOT_WRITTEN, points=NOT_WRITTEN, totals=NOT_WRITTEN, games=NOT_WRITTEN,
                         seal=NOT_WRITTEN)


_FACTS = len(HAND_KEYS)  # a RecordedHand's fields of the hand's keys (its lines and unknown keys follow)


def _with(hand: RecordedHand, kept: RecordedHand) -> RecordedHand:
    """``hand`` with what ``kept`` holds (a correction's keys, put back): each of its values written, its
    unknown keys after the hand's (one of the same name replaced): a new hand."""
    values = [mine if theirs is NOT_WRITTEN else theirs for mine, theirs in zip(hand[:_FACTS], kept[:_FACTS])]
    names = {key for key, _value in kept.unknown}
    unknown = tuple(item for item in hand.unknown if item[0] not in names) + kept.unknown
    return RecordedHand._make((*values, hand.lines, unknown))  # (the lines the hand was read with)


def _settled_of(hand: RecordedHand, number: int, turns: object = NOT_WRITTEN) -> RecordedHand:
    """What an undo of a hand's result (or of the turn that ended it, ``turns``: its line) keeps: the hand's
    number and settled values (but its seal), each typed."""
    values: List[object] = [NOT_WRITTEN] * len(HAND_KEYS)
    values[_NUMBER_AT], values[_TURNS_AT] = number, turns
    for at in _SETTLED_KEPT_AT:
        values[at] = hand[at]
    return RecordedHand._make((*values, (), ()))  # (no lines, no unknown keys: made in memory)


# -- the kinds -------------------------------------------------------------------------------------------

def _at(record: "Record", step: Step) -> int:
    """The index of the hand ``step`` belongs to."""
    index = step.hand - 1
    assert record.hands[index].number == step.hand
    return index


def _changed(record: "Record", index: int, hand: RecordedHand) -> "Record":
    """``record`` with hand ``index`` replaced by ``hand`` (a new Record: the old one stands as it was)."""
    hands = record.hands
    return record._replace(hands=hands[:index] + (hand,) + hands[index + 1:])


def _put_deal(record: "Record", step: Step) -> "Record":
    return record._replace(hands=record.hands + (_hand_of(step),))


def _hand_of(step: Step) -> RecordedHand:
    """The hand a deal adds (a dealt ruling put back: the hand the correction kept, whole)."""
    if step.written is not None:
        return hand_kept(step.written)
    return _deal_hand(cast(Deal, step.data))  # (a deal's data)


def _deal_hand(deal: Deal) -> RecordedHand:
    """The new hand a deal makes."""
    roles = deal.roles
    return RecordedHand(number=deal.number, dealer=deal.dealer,
                        box=NOT_WRITTEN if roles is None else roles.box,
                        captain=NOT_WRITTEN if roles is None else roles.captain,
                        sitter=NOT_WRITTEN if roles is None else roles.sitter,
                        upcard=NOT_WRITTEN if deal.upcard is None else typed_card(deal.upcard), limit=deal.limit,
                        irregularities=() if deal.listed else NOT_WRITTEN)


def _turn_pairs(line: TurnLine) -> Written:
    return (("turns", [line.line]), ("result", "dead")) if line.dead else (("turns", [line.line]),)


def version_pairs(version: Version) -> Written:
    return tuple((key, value) for key, value in (("upcard", version.upcard), ("limit", version.limit))
                 if value is not None) + _settled_pairs(version.settled)


def _settled_pairs(settled: Settled) -> Written:
    return ((("result", settled.result),) if settled.result is not None else ()) + \
        tuple((key, value) for key, value in zip(RESULT_FACTS, settled.facts) if value is not NOT_WRITTEN)


def _take_deal(record: "Record", step: Step) -> "Tuple[Record, KeptValue]":
    return record._replace(hands=record.hands[:-1]), record.hands[-1]


_SETTLED_KEPT_AT = tuple(HAND_KEYS.index(key) for key in SETTLED_KEYS if key != "seal")
_NUMBER_AT, _TURNS_AT = HAND_KEYS.index("number"), HAND_KEYS.index("turns")


def _put_turn(record: "Record", step: Step) -> "Record":
    index = _at(record, step)
    hand = record.hands[index]
    if step.written is not None:  # what a correction kept (its line, and the result it ended the hand with)
        kept = hand_kept(step.written)
        lines = typed_lines([*hand.turn_lines, *kept.turn_lines])
        return _changed(record, index, _with(hand, kept)._replace(turns=lines))
    line = cast(TurnLine, step.data)  # (a turn's data)
    turns = hand.turns if type(hand.turns) is tuple else ()
    hand = hand._replace(turns=turns + (line.line,))
    return _changed(record, index, hand._replace(result="dead") if line.dead else hand)


def _take_turn(record: "Record", step: Step) -> "Tuple[Record, KeptValue]":
    index = _at(record, step)
    hand = record.hands[index]
    lines = hand.turn_lines
    removed = _settled_of(hand, step.hand, typed_lines([lines[-1]]))
    # a seal goes with its hand's facts: written again on the next write
    hand = _unsettled(hand)._replace(turns=typed_lines(list(lines[:-1])) if len(lines) > 1 else NOT_WRITTEN)
    return _changed(record, index, hand), removed


def _put_irregularity(record: "Record", step: Step) -> "Record":
    # the Kept itself (the writer lays it out), or the item a correction kept, as it kept it
    item = cast("Item", step.written if step.written is not None else step.data)
    index = _at(record, step)
    hand = record.hands[index]
    return _changed(record, index, hand._replace(irregularities=hand.items + (item,)))


def _take_irregularity(record: "Record", step: Step) -> "Tuple[Record, KeptValue]":
    index = _at(record, step)
    hand = record.hands[index]
    items = hand.items  # (each a Kept, or as written)
    return _changed(record, index, hand._replace(irregularities=items[:-1])), items[-1]


def _put_refused_deal(record: "Record", step: Step) -> "Record":
    kept = cast(Kept, step.data)  # (what a correction kept, read: its item as a Kept)
    return record._replace(irregularities=(record.irregularities or ()) + (kept,))


def _take_refused_deal(record: "Record", step: Step) -> "Tuple[Record, KeptValue]":
    refused = record.irregularities or ()
    return record._replace(irregularities=refused[:-1] or None), refused[-1]


def _put_result(record: "Record", step: Step) -> "Record":
    index = _at(record, step)
    if step.written is not None:  # what a correction kept, as written
        return _changed(record, index, _with(record.hands[index], hand_kept(step.written)))
    settled = cast(Settled, step.data)  # (a result's data: an action's, its values typed)
    return _changed(record, index, settled.facts.on(record.hands[index])._replace(result=settled.result))


def _take_result(record: "Record", step: Step) -> "Tuple[Record, KeptValue]":
    index = _at(record, step)
    hand = record.hands[index]
    removed = _settled_of(hand, step.hand)
    # a seal goes with its hand's facts: written again on the next write
    return _changed(record, index, _unsettled(hand)), removed


def _put_ruling(record: "Record", step: Step) -> "Record":
    ruled = cast(Ruled, step.data)  # (a ruling's data)
    if step.written is not None and ruled.ruling.dealt:  # put back, a ruling that dealt its hand: the hand,
        return record._replace(hands=record.hands + (_hand_of(step),))  # whole
    # the Ruled itself (the writer lays it out), or the ruling a correction kept, as it kept it
    ruling = cast("Union[Ruled, AsWritten]", step.written) if step.written is not None else ruled
    index = _at(record, step)
    return _changed(record, index, record.hands[index]._replace(ruling=ruling))


def _take_ruling(record: "Record", step: Step) -> "Tuple[Record, KeptValue]":
    """Take a ruling back: its hand's ruling, or the whole hand, when the ruling dealt it (one step: it was
    the last hand; the correction keeps it as written, but its seal)."""
    if isinstance(step.data, Ruled) and step.data.ruling.dealt:  # the last hand (it was the newest step)
        # a seal goes with its hand's facts: written again on the next write
        return record._replace(hands=record.hands[:-1]), record.hands[-1]._replace(seal=NOT_WRITTEN)
    index = _at(record, step)
    hand = record.hands[index]
    if given(hand.result) is None:  # an open hand ruled: its totals and its seal went with the ruling
        hand = hand._replace(totals=NOT_WRITTEN, seal=NOT_WRITTEN)
    # (a hand's ruling, as read or put by a step: a Ruled, or as written)
    return _changed(record, index, hand._replace(ruling=NOT_WRITTEN)), cast("Union[Ruled, AsWritten]", hand.ruling)


def _put_match_result(record: "Record", step: Step) -> "Record":
    return record._replace(result=_paper(step), result_seal=None)


def _paper(step: Step) -> PaperResult:
    """The result a step puts into a result-only record: its own, or the one a correction kept (the same
    value)."""
    return cast(PaperResult, step.data)


def _take_match_result(record: "Record", step: Step) -> "Tuple[Record, KeptValue]":
    if record.header.start is None:  # started by its result: it would say nothing
        raise IllegalActionError(Message(N_("the result is all this match holds (it was started by 'gin-ref "
                                            "result'): change it with 'gin-ref amend result PLAYER POINTS ...', "
                                            "or delete the file")))
    assert record.result is not None
    return record._replace(result=None, result_seal=None), record.result


def _put_amend(record: "Record", step: Step) -> "Record":
    if step.hand == 0:  # an amend of a result-only record's result
        return record._replace(result=_paper(step), result_seal=None)
    index = _at(record, step)
    version = hand_kept(step.written) if step.written is not None else _version_hand(cast(Version, step.data))
    return _changed(record, index, set_version(record.hands[index], version))


def _version_hand(version: Version) -> RecordedHand:
    """An amend's version (an action's, its values typed) as the keys of a hand it sets."""
    settled = version.settled
    hand = settled.facts.on(RecordedHand(upcard=NOT_WRITTEN if version.upcard is None else typed_card(version.upcard),
                                         limit=NOT_WRITTEN if version.limit is None else version.limit))
    return hand if settled.result is None else hand._replace(result=settled.result)


def _take_amend(record: "Record", step: Step) -> "Tuple[Record, KeptValue]":
    if step.hand == 0:
        assert record.result is not None
        return _put_amend(record, step), record.result  # the result before the amend
    removed = version_of(record.hands[_at(record, step)])._replace(number=step.hand)
    return _put_amend(record, step), removed  # the version before the amend (settled again after)


# each kind of step: how it is put (its data, in the file's form, written into the record) and taken back
# (removed; returns what the correction keeps, its 'entry': the typed value taken). A pair, not a NamedTuple: a NamedTuple compiles its code when
# its module is imported, a cost every command would pay at start (issue 28).
StepKind = Tuple[Callable[["Record", "Step"], "Record"], Callable[["Record", "Step"], "Tuple[Record, KeptValue]"]]
KINDS: Dict[str, StepKind] = {
    "amend": (_put_amend, _take_amend),
    "deal": (_put_deal, _take_deal),
    "turn": (_put_turn, _take_turn),
    "irregularity": (_put_irregularity, _take_irregularity),
    "refused_deal": (_put_refused_deal, _take_refused_deal),
    "result": (_put_result, _take_result),
    "ruling": (_put_ruling, _take_ruling),
    STEP_KIND: (_put_match_result, _take_match_result),
}

"""A director's rulings: a decision on a hand, recorded beside the engine's result (issue 15).

A ruling sits in its hand's entry as ``ruling`` {``kind``, ``player``, ``points``, ``reason``, ``by``,
``date``, ``steps``}; the hand's ``result`` (and its facts) stay what the engine found, and the hand's
``winner``, ``points`` and the totals follow the ruling:

- ``award``: ``player`` wins the hand with ``points``; he counts as its winner for who deals next and for
  the roles in the box.
- ``void``: the hand scores nothing; the same dealer deals next, as after a dead hand.
- ``redeal``: a misdeal: no score, the same dealer deals again; an open hand can be ruled a misdeal too.
- ``forfeit``: ``player`` leaves; the match ends with this hand (an open one scores nothing), final scores
  as they stand with no end-of-game bonuses, won by the opponent (three players: the higher of the other
  two; a tie between them is a tie).

``steps`` is how many steps the record held when the ruling was made (itself included), so ``undo`` can
tell whether it is the newest step; ``hands`` how many hands it held then. The hands after a ruled hand
that were dealt before the ruling stand as played, as after an amend: their dealers and roles are what
happened, and where the ruled result would have given others, ``tally`` and ``verify`` say so as a note; a
ruling that ends the match earlier leaves them played after the end, not counted.
"""


from typing import List, Mapping, NamedTuple, Optional, Sequence, Tuple

from gin_ref.core.errors import IllegalActionError, InvalidNotationError
from gin_ref.core.message import Message, N_
from gin_ref.core.players import find_player
from gin_ref.match.handread import NOT_WRITTEN, RecordedHand, given
from gin_ref.match.header import check_date
from gin_ref.match.problems import Problems
from gin_ref.match.schema import AsWritten, is_count
from gin_ref.match.state import HandSetup, MatchState
from gin_ref.core.escape import shown_value

MAX_POINTS = 10_000

KINDS = ("award", "void", "redeal", "forfeit")
KEYS = ("kind", "player", "points", "reason", "by", "date", "steps", "hands", "dealt")
OPEN_KINDS = ("redeal", "forfeit")  # what an open hand can be ruled (and any kind, a hand the ruling dealt)


FIELDS = ("kind", "player", "points", "reason", "by", "date")  # a ruling as ``tally --json`` gives it
VALUES = FIELDS + ("steps", "hands")  # the values a ruling is checked by (and whether it dealt its hand)


class Ruling(NamedTuple):
    """A hand's ruling, read once (``check_ruling``: its kind, player and points checked): an award names
    its player (of the hand) and points; a forfeit its player (of the match); a void or a redeal neither.
    With why it was made (``reason``), by whom (``by``) and when (``date``)."""

    kind: str  # one of KINDS
    player: Optional[str] = None
    points: Optional[int] = None  # an award's
    reason: Optional[str] = None
    by: Optional[str] = None
    date: object = None  # as written: an ISO time (a string, or a datetime a hand-edited file made)
    dealt: bool = False  # the ruling dealt its hand (``dealt: true``): one step with its deal, never played


    def score(self) -> Tuple[Optional[str], int]:
        """``(winner, points)`` of the ruled hand: the award's, or nobody and 0."""
        return (self.player, self.points or 0) if self.kind == "award" else (None, 0)


class Ruled(NamedTuple):
    """A ruling made: the ruling, the count of steps the record held with it (``steps``: it is the newest
    while the count stands) and the number of hands then (``hands``). The ruling step puts it into its hand
    (``RecordedHand.ruling``) as it is: the writer in ``gin_ref.files`` lays it out (``ruling_pairs``).
    Read from a file, the line of each of its keys there (``lines``: each key with its line, in order; its
    own line is its hand's ``ruling`` key's), so that what is said of it can name the line from the value."""

    ruling: Ruling
    steps: int
    hands: int
    lines: Tuple[Tuple[str, int], ...] = ()  # (none: made in memory)


class RulingValues:
    """A ruling as a hand edit wrote it, read once by the first reading (``gin_ref.files.itemread``) and held
    as its AsWritten's ``read``: the keys it holds, in order (``keys``; None when it is not a mapping), the
    values the checks judge (``values``: each of ``VALUES`` as written, None where it is not, then ``dealt``
    as written, NOT_WRITTEN where it is not), and the ruling read leniently (``ruled``: a value of another
    type than its field's reads as None; a count left out as 0, for the replay to refuse when a correction
    puts it back; one that is not a mapping as an empty one). A plain slotted class: one per ruling edited."""

    __slots__ = ("keys", "values", "ruled")

    def __init__(self, keys: Optional[Tuple[str, ...]], values: Tuple[object, ...], ruled: Ruled) -> None:
        self.keys = keys
        self.values = values
        self.ruled = ruled


def ruled_read(ruling: object) -> Ruled:
    """A ruling typed (a Ruled) or as written, as a Ruled: for one as written, the lenient reading the first
    reading made of it (none: an empty one)."""
    if isinstance(ruling, Ruled):
        return ruling
    read = _written(ruling)
    return read.ruled if read is not None else Ruled(Ruling("None"), 0, 0)


def _written(ruling: object) -> Optional[RulingValues]:
    """The reading of a ruling as written (None: it holds none)."""
    read = ruling.read if isinstance(ruling, AsWritten) else None
    return read if isinstance(read, RulingValues) else None


def ruling_pairs(ruled: Ruled) -> Tuple[Tuple[str, object], ...]:
    """A ruling as the record writes it: its keys in order (FIELDS, then the counts; ``dealt`` only when it
    dealt its hand: one step with its deal), with their values."""
    ruling = ruled.ruling
    return (("kind", ruling.kind), ("player", ruling.player), ("points", ruling.points), ("reason", ruling.reason),
            ("by", ruling.by), ("date", ruling.date), ("steps", ruled.steps), ("hands", ruled.hands)) + \
        ((("dealt", True),) if ruling.dealt else ())


def ruled_of(hand: RecordedHand) -> Optional[Ruled]:
    """The ruling of a hand: typed (a ``Ruled``: read in the canonical form, or put by a step), or one as
    written read leniently (None: none, or one written that is not a mapping, or an empty one)."""
    ruling = hand.ruling
    if isinstance(ruling, Ruled):
        return ruling
    read = _written(ruling)
    return read.ruled if read is not None and read.keys else None


def forfeit_winner(totals: Mapping[str, int], player: str) -> Optional[str]:
    """Who wins when ``player`` forfeits: the opponent; with three, the higher of the other two (None on a
    tie between them)."""
    others = [name for name in totals if name != player]
    if len(others) == 1:
        return others[0]
    best = max(totals[name] for name in others)
    leaders = [name for name in others if totals[name] == best]
    return leaders[0] if len(leaders) == 1 else None


def rulings_in(hands: Sequence[object]) -> List[RecordedHand]:
    """The hands that carry a ruling, in hand order (of a record whose head has been read; a hand that is
    not a mapping carries none)."""
    return [hand for hand in hands if isinstance(hand, RecordedHand) and ruled_of(hand) is not None]


def played_after_rulings(hands: Sequence[object]) -> List[int]:
    """The numbers of the hands that stand as played because an earlier hand was ruled after them."""
    numbers: List[int] = []
    held = len(hands)  # a ruling's count of hands beyond the record's is a problem, no range
    for hand in rulings_in(hands):
        ruled = ruled_of(hand)
        assert ruled is not None
        then, number = ruled.hands, given(hand.number)
        if is_count(then) and is_count(number) and isinstance(then, int) and isinstance(number, int):
            numbers.extend(range(number + 1, min(then, held) + 1))
    return numbers


def newest_ruling(hands: Sequence[RecordedHand], total: int) -> Optional[int]:
    """The index of the hand whose ruling is the record's newest step (made when it held ``total`` steps,
    itself included: ``gin_ref.match.history.step_total``), or None when a step came after every ruling."""
    for index, hand in enumerate(hands):
        ruled = ruled_of(hand)
        if ruled is not None and ruled.steps == total:
            return index
    return None


def after_ruling(state: MatchState, setup: HandSetup, ruling: Ruling) -> None:
    """What a ruling does once its hand is closed: a forfeit ends the match."""
    if ruling.kind == "forfeit" and ruling.player is not None:
        state.finished, state.ended_in = True, setup.number
        state.winner = forfeit_winner(state.totals, ruling.player)
        state.forfeit = ruling.player


def check_ruling(state: MatchState, setup: HandSetup, entry: RecordedHand, problems: Problems,
                 played: bool = False) -> Optional[Ruling]:
    """The hand's ruling, each key checked (problems at its key path), read as a ``Ruling``; None when it
    has none (or it cannot be used). ``played``: the hand holds a turn, an irregularity or a result."""
    if entry.ruling is NOT_WRITTEN:
        return None
    where, number = ("hands", setup.index, "ruling"), setup.number
    ruling = entry.ruling
    if isinstance(ruling, Ruled):  # typed (read in the canonical form, or put by a step): its values checked
        made = ruling.ruling
        values: Tuple[object, ...] = (made.kind, made.player, made.points, made.reason, made.by, made.date,
                                      ruling.steps, ruling.hands, True if made.dealt else NOT_WRITTEN)
    else:  # as a hand edit wrote it: its keys checked, then its values read
        read = _written(ruling)
        if read is None or read.keys is None:
            problems.add(where, Message(N_("hand %(hand)d: 'ruling' must be a mapping (kind, player, points, reason, "
                                           "by, date)"), hand=number))
            return None
        for key in read.keys:
            if key not in KEYS:
                problems.add(where + (key,), Message(N_("hand %(hand)d: unknown key '%(key)s' in the ruling"),
                                                     hand=number, key=key))
        values = read.values
    kind, player, points, reason, by, date, steps, hands, dealt_written = values
    if kind not in KINDS:
        problems.add(where + ("kind",), Message(N_("hand %(hand)d: ruling kind %(kind)s is not one of %(known)s"),
                                                hand=number, kind=shown_value(kind), known=", ".join(KINDS)))
        return None
    assert isinstance(kind, str)
    if not _check_player(state, setup, player, kind, problems) or not _check_points(setup, points, kind, problems):
        return None
    _check_record_keys(setup, reason, by, date, steps, hands, problems)
    dealt = dealt_written is not NOT_WRITTEN and _check_dealt(setup, dealt_written, hands, played, problems)
    if given(entry.result) is None and kind not in OPEN_KINDS and not dealt:
        problems.add(where + ("kind",), Message(N_("hand %(hand)d is open: it can be ruled a misdeal (redeal) or "
                                                   "forfeited, not %(kind)s"), hand=number, kind=str(kind)))
        return None
    return Ruling(str(kind), player if isinstance(player, str) else None, points if type(points) is int else None,
                  reason if isinstance(reason, str) else None, by if isinstance(by, str) else None, date, dealt)


def _check_dealt(setup: HandSetup, dealt: object, hands: object, played: bool, problems: Problems) -> bool:
    """A ruling that dealt its hand (``dealt: true``: a hand entered at a table and rejected, dealt and ruled
    in one step) is on a hand that holds nothing else (not ``played``: no turn, no irregularity, no result);
    it was the last hand when it was made (its ``hands``)."""
    where, number = ("hands", setup.index, "ruling", "dealt"), setup.number
    if dealt is not True:
        problems.add(where, Message(N_("hand %(hand)d: the ruling's 'dealt' is true or left out, not %(value)s"),
                                    hand=number, value=shown_value(dealt)))
        return False
    if played:
        problems.add(where, Message(N_("hand %(hand)d: a ruling that dealt its hand rules a hand never played: it "
                                       "holds no turns, irregularities or result"), hand=number))
        return False
    if hands != number:
        problems.add(where, Message(N_("hand %(hand)d: a ruling that dealt its hand was made when the record held it "
                                       "last (its 'hands' should be %(hand)d)"), hand=number))
        return False
    return True


def _check_player(state: MatchState, setup: HandSetup, player: object, kind: str, problems: Problems) -> bool:
    """An award names a player of the hand, a forfeit a player of the match, the others none (False: the
    ruling cannot be used)."""
    where, number = ("hands", setup.index, "ruling"), setup.number
    if kind in ("award", "forfeit"):
        allowed = setup.pair if kind == "award" else state.players
        if player not in allowed:
            problems.add(where + ("player",), Message(N_("hand %(hand)d: the %(kind)s names %(value)s, not one of "
                                                         "%(allowed)s"), hand=number, kind=kind,
                                                      value=shown_value(player), allowed=", ".join(allowed)))
            return False
    elif player is not None:
        problems.add(where + ("player",), Message(N_("hand %(hand)d: a %(kind)s ruling names no player"), hand=number,
                                                  kind=kind))
    return True


def _check_points(setup: HandSetup, points: object, kind: str, problems: Problems) -> bool:
    """An award gives a whole number of points, the others none (False: the ruling cannot be used)."""
    where, number = ("hands", setup.index, "ruling"), setup.number
    if kind == "award" and not (is_count(points) or points == 0 and type(points) is int):
        problems.add(where + ("points",), Message(N_("hand %(hand)d: the points of the award must be a whole number, "
                                                     "not %(value)s"), hand=number, value=shown_value(points)))
        return False
    if kind != "award" and points is not None:
        problems.add(where + ("points",), Message(N_("hand %(hand)d: a %(kind)s ruling gives no points"), hand=number,
                                                  kind=kind))
    return True


def _check_record_keys(setup: HandSetup, reason: object, by: object, date: object, steps: object, hands: object,
                       problems: Problems) -> None:
    """The ruling's reason, who made it, when, and the counts of steps and hands it was made at."""
    where, number = ("hands", setup.index, "ruling"), setup.number
    if not isinstance(reason, str) or not reason.strip():
        problems.add(where + ("reason",), Message(N_("hand %(hand)d: the ruling must give its reason"), hand=number))
    if by is not None and not isinstance(by, str):
        problems.add(where + ("by",), Message(N_("hand %(hand)d: the ruling's 'by' must be a name"), hand=number))
    check_date(date, where + ("date",), Message(N_("hand %(hand)d: the ruling's date"), hand=number),
               problems, timestamp=True)
    for key, count in (("steps", steps), ("hands", hands)):
        if not is_count(count):
            problems.add(where + (key,), Message(N_("hand %(hand)d: the ruling's '%(key)s' must be a whole number"),
                                                 hand=number, key=key))


def verify_ruling(state: MatchState, hand: Optional[int], kind: str, player: Optional[str],
                  points: Optional[int], dealt: bool = False) -> Tuple[int, Optional[str]]:
    """``(hand number, player)`` of a ruling that may be made; raises with the reason otherwise. Read from
    the state the replay left (each hand's setup, its ruling, the open hand). ``dealt``: the open hand was
    dealt for the ruling, in the same step (any kind may rule it)."""
    held = len(state.setups)
    if not held:
        raise IllegalActionError(Message(N_("no hand has been dealt: there is nothing to rule on")))
    number = held if hand is None else hand
    if not 1 <= number <= held:
        raise InvalidNotationError(Message(N_("%(hand_option)s %(hand)d: the match has hands 1 to %(held)d"),
                                           hand_option="hand", hand=number, held=held))
    index = number - 1
    if index in state.rulings:
        raise IllegalActionError(Message(N_("hand %(hand)d is already ruled (%(kind)s): take that ruling back with "
                                            "'undo' first, if it is the newest step"), hand=number,
                                         kind=state.rulings[index].kind))
    if state.open == index and kind not in OPEN_KINDS and not dealt:
        raise IllegalActionError(Message(N_("hand %(hand)d is open: it can be ruled a misdeal (%(redeal_option)s) or "
                                            "forfeited (%(forfeit_option)s PLAYER); %(kind_option)s needs a settled "
                                            "hand"), hand=number, redeal_option="redeal", forfeit_option="forfeit",
                                         kind_option=kind))
    if kind == "forfeit":
        if number != held:
            raise IllegalActionError(Message(N_("a forfeit ends the match: rule it on the last hand (%(held)d), not "
                                                "hand %(hand)d"), held=held, hand=number))
        if state.finished:
            raise IllegalActionError(Message(N_("the match is over (it ended with hand %(hand)s): nobody can forfeit "
                                                "it"), hand=state.ended_in))
    name = find_player(state.players, player) if player is not None else None
    if kind == "award":
        assert name is not None and points is not None
        roles = state.setups[index].roles
        if roles is not None and name == roles.sitter:
            raise IllegalActionError(Message(N_("%(player)s sat out hand %(hand)d: only %(box)s (box) or %(captain)s "
                                                "(captain) can be awarded it"), player=name, hand=number,
                                             box=roles.box, captain=roles.captain))
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= MAX_POINTS:
            raise InvalidNotationError(Message(N_("%(award_option)s %(player)s %(points)s: points are a whole number "
                                                  "from 0 to %(most)d"), award_option="award", player=name,
                                               points=str(points), most=MAX_POINTS))
    return number, name


def ruling_data(state: MatchState, hand: Optional[int], kind: str, player: Optional[str],
                points: Optional[int], reason: str, by: Optional[str], date: str,
                dealt: bool = False) -> Tuple[int, Ruling]:
    """``(hand number, ruling)`` of the ruling step (``gin_ref.match.model.Match.rule`` writes it, with the
    counts of steps and hands it is made at, and settles the hands again); raises with the reason when it
    cannot be made."""
    if kind not in KINDS:
        raise InvalidNotationError(Message(N_("unknown ruling '%(kind)s' (known: %(known)s)"), kind=kind,
                                           known=", ".join(KINDS)))
    if not reason or not reason.strip():
        raise InvalidNotationError(Message(N_("%(option)s: say why (it is kept with the ruling)"), option="reason"))
    number, name = verify_ruling(state, hand, kind, player, points, dealt)
    return number, Ruling(kind, name, points if kind == "award" else None, reason.strip(), by, date, dealt)

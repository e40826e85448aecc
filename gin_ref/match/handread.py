"""A hand as recorded and read once, with what it holds: a card and a knock's facts as the record holds them
(``card_of``, ``stored_facts``), the hand as the record holds it (``RecordedHand``: its facts typed, a value a
hand edit wrote otherwise kept as written, the derived ones its claims: the first reading,
``gin_ref.files.handform``, types each key's value as the file holds it; a card and turns a step gives are
typed here, ``typed_card``, ``typed_lines``) and the values a replay works out (``Worked``), and the hand read (``Hand``), in
this order below.

``read_hand`` checks what can be told from the entry alone (with the head's
players and rules) and gives it as a typed ``Hand``; the replay then judges the Hand against the match as
it stands (the rotation, the table, the engine's settlement) and works out the derived values.

The checks are small functions listed by the part of the hand they read (``HAND_CHECKS``), in the order
their problems are reported: the entry's keys and its number; the dealer named; the roles named; the
upcard; the turns and irregularities as lists; the result's name, a dead hand without a knock's facts, and
the knocker named; a knock's facts, and the values derived from them as claimed. Each problem is at its key
path; a value that cannot be read is None in the Hand, so it is reported once and never judged. The Hand
keeps each part's problems (``found``), and the replay says them where it judges that part (``Hand.say``), after what it found of the parts before: the problems of a
record come in the order of its hands and, in a hand, of its parts (a strict command names the first).

A knock's facts (each side's cards or count, big gin, the melds, the discard) are read with the rest
(``facts``, a ``gin_ref.match.knocks.Facts``); the replay says what was found reading them only where it
settles the knock again from them (so not when the knocker sat out, or the upcard the rules need is
missing), and a replay that holds the hand's settlement already (an action's) does not read them. The
values a replay works out again (limit, result, defender, winner, points, totals, games) are the
``RecordedHand``'s (its claims, ``claimed``: compared as written), for the replay to compare with its own; a replay that settles
(an action, an amend) gives its own as a ``Worked`` per hand (``MatchState.worked``), which the model puts
into a new ``RecordedHand`` (``Worked.on``): no hand is changed in place.
"""

import enum
from types import MappingProxyType
from typing import (TYPE_CHECKING, Callable, Dict, Iterator, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union,
                    cast)

from gin_ref.core import game
from gin_ref.core.cards import DECK, Card, parse_cards
from gin_ref.core.errors import GinRefError, InvalidNotationError, reason
from gin_ref.core.message import Message, N_
from gin_ref.core.escape import shown_value
from gin_ref.core.melds import parse_melds
from gin_ref.core.rules import HouseRules
from gin_ref.match.header import Header, player_named
from gin_ref.match.knocks import GIN_LAYOFFS_COUNT, MAX_COUNT, Facts, limit_needs_upcard, why_upcard
from gin_ref.match.problems import Problem, Problems, Where, same
from gin_ref.match.schema import HAND_KEYS, RESULT_FACTS, RESULTS, SETTLED_KEYS, AsWritten

__all__ = ["BY_CODE", "HAND_CHECKS", "Hand", "Item", "Items", "NOT_WORKED", "NOT_WRITTEN", "RecordedHand",
           "RulingValue", "Unset", "Worked",
           "card_of", "claimed", "given", "read_hand", "recorded_cards", "shown_columns", "shown_totals",
           "stored_count", "stored_facts", "TotalsSaid", "typed_card", "typed_lines"]


# -- cards and a knock's facts as the record holds them ------------------------------------------------------
# Cards and a knock's facts as a match record holds them: a card as its code (``7D``), a hand as a list of
# codes; any notation ``gin_ref.core.cards`` reads is read too (a record edited by hand). A value that is not
# a card is refused in the file's words. A knock's facts (``stored_facts``: each side's cards or count, big
# gin, the melds and the discard) are read into a ``gin_ref.match.knocks.Facts``.

BY_CODE = {card.code: card for card in DECK}


def recorded_cards(value: object, counts: Sequence[int], what: Union[str, Message], runs: str = "low") -> Tuple[Card, ...]:
    """Cards as a record holds them: typed (a hand's, read: a tuple of cards), a list of canonical codes
    (fast), or any notation parse_cards reads."""
    if type(value) is tuple:
        if len(value) in counts and len(set(value)) == len(value):
            return value
        value = [card.code for card in value]  # (read again as written: the same words)
    if isinstance(value, list) and len(value) in counts:
        try:
            found = tuple(map(BY_CODE.get, value))  # only a code (a str) finds a card
        except TypeError:  # an item that cannot be a key (a list): read below, and refused
            found = (None,)
        if None not in found and len(set(found)) == len(found):
            return found  # type: ignore[return-value]  # no None in it
    if isinstance(value, list) and all(isinstance(code, str) for code in value):
        return tuple(parse_cards(value, counts=counts, what=what, runs=runs))
    if isinstance(value, str):
        return tuple(parse_cards(value, counts=counts, what=what, runs=runs))
    raise InvalidNotationError(Message(N_("%(what)s must be a list of cards, not %(value)s"), what=what,
                                       value=shown_value(value)))


def card_of(code: object) -> Card:
    if type(code) is Card:  # a hand's card, typed
        return code
    if not isinstance(code, str):  # a number, true, a list: no card, said in the file's words
        raise InvalidNotationError(Message(N_("a card is written as text (7D, 10h), not %(value)s"),
                                           value=shown_value(code)))
    return BY_CODE[code] if code in BY_CODE else Card.parse(code)


def stored_count(value: object, most: int = MAX_COUNT) -> int:
    """A count as a record holds it: a whole number from 0 to ``most`` (InvalidNotationError if not)."""
    if type(value) is not int or not 0 <= value <= most:  # noqa: E721 (True is not a count)
        raise InvalidNotationError(Message(N_("a count is a whole number from 0 to %(most)d, not %(value)s"), most=most,
                                           value=shown_value(value)))
    return value


class _FactsReading:
    """The key of a recorded knock being read (where a problem reading it points)."""

    key = "knocker_cards"


def stored_facts(entry: "RecordedHand", rules: HouseRules, where: Where, hand: int, problems: Problems
                 ) -> Optional[Facts]:
    """The facts of a recorded knock (cards or counts); None, with a problem at its key, if they cannot be
    read."""
    reading = _FactsReading()
    try:
        kcards, kcount, dcards, dcount = _stored_sides(entry, rules, reading)
        reading.key = "big_gin"
        big_gin = False if entry.big_gin is NOT_WRITTEN else given(entry.big_gin)
        _check_count_with(rules, big_gin, kcount, dcards)
        reading.key = "melds"
        written_melds = given(entry.melds)
        if type(written_melds) is tuple:  # typed: read as written (parse_melds checks each meld)
            written_melds = [[card.code for card in meld] for meld in written_melds]
        melds = parse_melds(written_melds, rules.aces) if written_melds is not None else None
        reading.key = "discard"
        discard = card_of(given(entry.discard)) if given(entry.discard) is not None else None
        if kcount is not None and (melds is not None or discard is not None):
            raise InvalidNotationError(Message(N_("melds and a discard go with the knocker's cards, not with a count")))
    except GinRefError as exc:
        problems.add(tuple(where) + (reading.key,) if reading.key in _written_keys(entry) else where,
                     Message(N_("hand %(hand)d: %(problem)s"), hand=hand, problem=reason(exc)))
        return None
    return Facts(kcards, kcount, bool(big_gin), melds, discard, dcards, dcount)


MaybeCards = Optional[Tuple[Card, ...]]


def _written_keys(entry: "RecordedHand") -> Tuple[str, ...]:
    """The keys ``entry`` writes, in the file's order."""
    return tuple(key for key, _value in entry.written())


def _stored_sides(entry: "RecordedHand", rules: HouseRules, reading: _FactsReading
                  ) -> Tuple[MaybeCards, Optional[int], MaybeCards, Optional[int]]:
    """Each side's cards or count: ``(knocker's cards, knocker's count, defender's cards, defender's count)``."""
    kcards = dcards = None
    kcount = dcount = None
    most, runs = rules.most_deadwood, rules.ace_runs
    if entry.knocker_count is not NOT_WRITTEN:
        reading.key = "knocker_count"
        kcount = stored_count(given(entry.knocker_count), most)
    else:
        kcards = recorded_cards(given(entry.knocker_cards), (10, 11), Message(N_("knocker's hand")), runs)
    if entry.defender_count is not NOT_WRITTEN:
        reading.key = "defender_count"
        dcount = stored_count(given(entry.defender_count), most)
    else:
        reading.key = "defender_cards"
        dcards = recorded_cards(given(entry.defender_cards), (10,), Message(N_("defender's hand")), runs)
    if kcards is not None and dcards is not None:
        reading.key = "knocker_cards"
        if not set(kcards).isdisjoint(dcards):  # (a card is one shared object: compared by identity)
            both = {card.index for card in kcards} & {card.index for card in dcards}
            raise InvalidNotationError(Message(N_("%(cards)s in both hands"),
                                               cards=", ".join(DECK[i].code for i in sorted(both))))
    return kcards, kcount, dcards, dcount


def _check_count_with(rules: HouseRules, big_gin: object, kcount: Optional[int], dcards: MaybeCards) -> None:
    """Big gin goes with the knocker's count 0; a knock by count is settled against the defender's count
    (but a gin, without layoffs against it)."""
    if big_gin is not False and (big_gin is not True or kcount != 0 or rules.big_gin_bonus is None):
        raise InvalidNotationError(Message(N_("'big_gin: true' goes with the knocker's count 0, where the rules have "
                                              "big gin")))
    if kcount and dcards is not None:
        raise InvalidNotationError(Message(N_("a knock counted %(count)d cannot be settled against the defender's "
                                              "cards"), count=kcount))
    if kcount == 0 and dcards is not None and rules.gin_layoffs:
        raise InvalidNotationError(GIN_LAYOFFS_COUNT)


# -- the values a hand claims, and those a replay works out --------------------------------------------------
# The values a hand entry claims, and the values a replay works out: what is derived from a hand's facts.
#
# Beside its facts, a hand entry holds the values worked out from them: its limit, its result, the defender,
# the winner, the points, the running totals and (games played one after another, or Hollywood) each game's
# columns. ``RecordedHand`` holds them as the hand writes them, with the rest of the hand: any value, as
# written, or ``NOT_WRITTEN`` where the hand has no such key (a key written ``null`` holds None). The replay compares each with its own: a claim not written is a problem of
# its own (``hand 3 has no 'totals' (it should be ...)``), a claim that differs is another.
#
# A replay that settles (an action, an amend) works the values out instead of checking them: ``Worked`` holds
# them (``NOT_WORKED`` where the replay works none out, and the hand's is left as it is), and ``Worked.on``
# is the one place that puts them into a hand: a new ``RecordedHand``.

class Unset(enum.Enum):
    """A value that is not there: a claim the entry does not write, or a value the replay does not work out."""

    NOT_WRITTEN = "not written"
    NOT_WORKED = "not worked out"

    def __repr__(self) -> str:
        return self.name


NOT_WRITTEN = Unset.NOT_WRITTEN
NOT_WORKED = Unset.NOT_WORKED

Totals = Dict[str, int]  # a score per player, in the players' order
Cards = Tuple[Card, ...]  # a hand's cards in the order written
# a field of a hand: its typed value, the value a hand edit wrote otherwise (AsWritten), None where written
# null, NOT_WRITTEN where not written (each Union made once: a NamedTuple's fields reuse them)
Whole = Union[int, AsWritten, None, Unset]
Text = Union[str, AsWritten, None, Unset]
OneCard = Union[Card, AsWritten, None, Unset]
Lines = Union[Tuple[str, ...], AsWritten, None, Unset]
SomeCards = Union[Cards, AsWritten, None, Unset]
Truth = Union[bool, AsWritten, None, Unset]
Melds = Union[Tuple[Cards, ...], AsWritten, None, Unset]
Scores = Union[Totals, AsWritten, None, Unset]
Columns = Union[Tuple[Totals, ...], AsWritten, None, Unset]
# totals as a hand edit wrote them, read leniently by the first reading (an AsWritten's ``read``): each
# player's name and points as shown (in the file's words where they are not text, a whole number), or the
# value shown as written when it is not a mapping; games as written hold one per game (None: not a list)
TotalsSaid = Union[str, Tuple[Tuple[str, str], ...]]
if TYPE_CHECKING:  # (Kept and Ruled's modules import this one: the checker alone reads these)
    from gin_ref.match.irregularities import Kept
    from gin_ref.match.rulings import Ruled

    # an irregularity's item: a Kept (read in the canonical form, or put by a step), or the item as written
    Item = Union[Kept, AsWritten]
    # a hand's irregularities: its items when they are a list, else the value as written (a ruling is never
    # None: one written null is kept as written, for the replay to refuse)
    Items = Union[Tuple[Item, ...], AsWritten, None, Unset]
    RulingValue = Union[Ruled, AsWritten, Unset]
else:  # at run time an annotation is only kept: no forward reference compiled, no Union made at start
    Item = Items = RulingValue = object


class RecordedHand(NamedTuple):
    """A hand as the record holds it, its facts typed: a name as text, a number as an int, a card as a
    ``Card``, cards as a tuple of them (in the order written), the melds as a tuple of such tuples, the turns
    as their lines, the totals as a score per player (in the order written), the games as a tuple of
    totals. Beside them, only where a hand edit wrote a value the canonical writer cannot reproduce from a
    typed one (a card written ``9h``, a count written ``true`` or ``"3"``, cards written as one string, a
    number where a name goes), that value as written (``AsWritten``); NOT_WRITTEN where the hand has no such
    key, None where it is written null. Its fields stand in the file's order of keys
    (``gin_ref.match.schema.HAND_KEYS``), then the keys gin-ref does not know (``unknown``: a hand edited by
    hand, refused by the replay). Its irregularities are a tuple of items (each a ``Kept``, read in the
    canonical form or put by a step, or the item as written) when the file writes a list, else the value as
    written; its ruling a ``Ruled`` or the ruling as written (one written null too: never None). The values
    derived from the facts (limit, result, defender, winner, points, totals, games) are its claims: the
    replay compares each with its own (``read_hand`` reads the facts into a ``Hand``). The first reading of
    a file makes it (``gin_ref.files.handform``), a step makes a new one (``_replace``), never changes one;
    the file's writer (``gin_ref.files.handform``) is the one place it becomes a mapping."""

    number: Whole = NOT_WRITTEN
    dealer: Text = NOT_WRITTEN
    box: Text = NOT_WRITTEN
    captain: Text = NOT_WRITTEN
    sitter: Text = NOT_WRITTEN
    upcard: OneCard = NOT_WRITTEN
    limit: Whole = NOT_WRITTEN
    irregularities: Items = NOT_WRITTEN
    turns: Lines = NOT_WRITTEN
    ruling: RulingValue = NOT_WRITTEN
    result: Text = NOT_WRITTEN  # one of RESULTS (``Hand.result``: judged as)
    knocker: Text = NOT_WRITTEN
    knocker_cards: SomeCards = NOT_WRITTEN
    knocker_count: Whole = NOT_WRITTEN
    big_gin: Truth = NOT_WRITTEN
    melds: Melds = NOT_WRITTEN
    discard: OneCard = NOT_WRITTEN
    defender: Text = NOT_WRITTEN
    defender_cards: SomeCards = NOT_WRITTEN
    defender_count: Whole = NOT_WRITTEN
    winner: Text = NOT_WRITTEN
    points: Whole = NOT_WRITTEN
    totals: Scores = NOT_WRITTEN
    games: Columns = NOT_WRITTEN
    seal: Text = NOT_WRITTEN
    # read from a file, its lines there (``gin_ref.files.handform.recorded_hand``): the hand's own line (its
    # item in ``hands``), the line of each of its keys (HAND_KEYS', 0 where not written, then the unknown
    # ones'), the count of its turns' lines and each turn's (when they are typed), then each irregularity's
    # item's (when they are a list); () made in memory (no lines)
    lines: Tuple[int, ...] = ()
    unknown: Tuple[Tuple[str, object], ...] = ()  # keys gin-ref does not know, with their values, in order

    @property
    def whole_limit(self) -> Optional[int]:
        """The limit written, when it is a whole number (true is not one); else None."""
        limit = self.limit
        return limit if type(limit) is int else None  # noqa: E721

    def winner_among(self, pair: Sequence[str]) -> Optional[str]:
        """The winner written, when it is one of ``pair`` (the two players in the hand); else None."""
        winner = self.winner
        return winner if type(winner) is str and winner in pair else None

    @property
    def points_given(self) -> int:
        """The points written, when they are a number (as a count of points: true is 1); else 0."""
        points = given(self.points)
        return points if isinstance(points, int) else 0

    @property
    def turn_lines(self) -> Sequence[object]:
        """Its turns' lines, when they are a list (a hand edit's list of other values: as written; else
        none)."""
        turns = self.turns
        if type(turns) is tuple:
            return turns
        written = turns.value if type(turns) is AsWritten else None
        return written if isinstance(written, list) else ()

    @property
    def items(self) -> Tuple[Item, ...]:
        """Its irregularities' items, when they are a list (else none)."""
        items = self.irregularities
        return items if type(items) is tuple else ()

    def written(self) -> Iterator[Tuple[str, object]]:
        """Its keys and values (each typed, or as written), in the file's order of keys (the unknown ones
        last)."""
        for key, value in zip(HAND_KEYS, self):
            if value is not NOT_WRITTEN:
                yield key, value
        yield from self.unknown


def given(value: object) -> object:
    """A value as the checks read it: None where the key is not written, the value a hand edit wrote where
    it is kept as written (``AsWritten``), else the typed value."""
    if value is NOT_WRITTEN:
        return None
    return value.value if type(value) is AsWritten else value


def claimed(value: object) -> object:
    """A claim (a value derived from the facts: a limit, a result, a name, points) as the replay compares it
    with its own: NOT_WRITTEN as it is, a value as written, else the typed value. (The totals and the games
    are compared typed: ``gin_ref.match.replay``.)"""
    if type(value) is AsWritten:
        return value.value
    return value


# -- a value a step gives, typed ----------------------------------------------------------------------------
# A card and turns as a step gives them (a deal's upcard, an amend's, the lines of a turn put back): the typed
# value, or the value as written (``AsWritten``) where the canonical writer could not write it again from a
# typed one (an upcard kept as written: ``9h``). The first reading of a file types a hand's every value
# (``gin_ref.files.handform``, with these two).

def typed_card(value: object) -> Union[Card, AsWritten]:
    """A card as written: a ``Card`` (its code), or the value as written (a ``9h``, a number...)."""
    if type(value) is Card:
        return value
    return BY_CODE[value] if type(value) is str and value in BY_CODE else AsWritten(value)  # noqa: E721


def typed_lines(value: object) -> Union[Tuple[str, ...], AsWritten]:
    """The turns as written: their lines, or the value as written (a list of other values...)."""
    if type(value) is tuple:
        return value
    if isinstance(value, list) and all(type(line) is str for line in value):  # noqa: E721
        return tuple(value)
    return AsWritten(value)


def shown_totals(totals: object) -> str:
    """Totals as claimed (typed, or as written: its reading, ``TotalsSaid``, made by the first reading), or
    as worked out, for a problem: ``Ann 25, Ben 0`` (a value that is not a score shown as written)."""
    if type(totals) is AsWritten:
        return _said(cast(TotalsSaid, totals.read))
    if totals is None:  # written null
        return shown_value(None)
    return ", ".join(f"{name} {points}" for name, points in cast(Totals, totals).items())


def _said(read: TotalsSaid) -> str:
    """Totals as written, as their reading shows them."""
    return read if isinstance(read, str) else ", ".join(f"{name} {points}" for name, points in read)


def shown_columns(columns: object) -> Union[str, Message]:
    """Each game's columns as claimed (typed, or as written: its reading, each game's ``TotalsSaid``, made by
    the first reading), or as worked out, for a problem: ``game 1 Ann 25, Ben 0; game 2 ...`` (a message,
    each game said in the reader's language)."""
    if type(columns) is AsWritten:
        read = cast(Optional[Tuple[TotalsSaid, ...]], columns.read)
        if read is None:  # not a list
            return repr(columns.value)
        games = [_said(column) for column in read]
    elif columns is None:  # written null
        return repr(None)
    else:
        games = [shown_totals(column) for column in cast(Sequence[Totals], columns)]
    said: Union[str, Message] = ""
    for i, totals in reversed(list(enumerate(games, 1))):
        game = Message(N_("game %(game)d %(totals)s"), game=i, totals=totals)
        said = game if said == "" else Message(N_("%(first)s; %(rest)s"), first=game, rest=said)
    return said


class Worked(NamedTuple):
    """The values a settling replay worked out for a hand, its fields in the file's order of keys
    (``gin_ref.match.schema.HAND_KEYS``); NOT_WORKED: none worked out (the entry's is left as it is). The
    limit is not among them: a hand's is written when it is dealt (or amended), and checked."""

    result: Union[str, Unset] = NOT_WORKED  # settled again from the facts
    defender: Union[str, Unset] = NOT_WORKED  # the other player in the hand
    winner: Union[str, None, Unset] = NOT_WORKED  # None: nobody (a dead hand, a tie)
    points: Union[int, Unset] = NOT_WORKED
    totals: Union[Totals, Unset] = NOT_WORKED
    games: Union[List[Totals], Unset] = NOT_WORKED  # each game's columns (a tuple of them in a hand)

    def on(self, hand: RecordedHand) -> RecordedHand:
        """``hand`` with the values worked out (a new one; those not worked out as they are)."""
        result, defender, winner, points, totals, games = self
        return hand._replace(result=hand.result if result is NOT_WORKED else result,
                             defender=hand.defender if defender is NOT_WORKED else defender,
                             winner=hand.winner if winner is NOT_WORKED else winner,
                             points=hand.points if points is NOT_WORKED else points,
                             totals=hand.totals if totals is NOT_WORKED else totals,
                             games=hand.games if isinstance(games, Unset) else tuple(games))


# -- a hand entry read ----------------------------------------------------------------------------------------

_NOTHING: Mapping[str, Sequence[Problem]] = MappingProxyType({})
_SETTLED = SETTLED_KEYS[1:]  # the keys an open hand holds none of (but what a ruling keeps)
_SETTLED_AT = tuple(HAND_KEYS.index(key) for key in _SETTLED)


class Hand:
    """A hand as read: its facts typed (None where not given, or not readable: reported), the hand as the
    record holds it (``entry``, a ``RecordedHand``: its facts typed, the derived ones its claims), and
    the problems of each part read (``found``). The checks fill it in as they read (``HAND_CHECKS``), and
    nothing changes it after ``read_hand``. A plain class with slots, not a NamedTuple: a NamedTuple of its 17
    fields costs every command 2.5 M instructions at start (benchmarks/bench_values.py), and it is only the
    replay's reading of a hand, never a value kept (the record keeps the ``RecordedHand``)."""

    __slots__ = ("entry", "at", "number", "where", "header", "rules", "problems", "want_facts", "dealer", "roles",
                 "upcard", "turns", "turns_read", "irregularities", "result", "knocker", "unknown_result", "held",
                 "facts", "counted", "found")

    def __init__(self, entry: RecordedHand, at: int, header: Header, problems: Problems, facts: bool) -> None:
        self.entry, self.at, self.number, self.where = entry, at, at + 1, ("hands", at)  # where: its key path
        self.header, self.rules, self.problems, self.want_facts = header, header.rules, problems, facts
        self.dealer: Optional[str] = None  # the dealer named (three players: the box, or the sitter: see the rules)
        self.roles: Optional[game.Roles] = None  # three players: the roles named, when they are the three players
        self.upcard: Optional[Card] = None
        self.turns: Sequence[object] = ()  # one line per action, as written (``gin_ref.core.turns.Turn`` reads them)
        self.turns_read = True  # False when 'turns' is not a list (no turn can be replayed)
        self.irregularities: Tuple[Item, ...] = ()  # each typed or as written (``gin_ref.match.irregularities``)
        self.result: Optional[str] = None  # one of RESULTS; None: the hand is open
        self.knocker: Optional[str] = None
        self.unknown_result = False  # the result written is none of RESULTS: ``result`` is what it is judged as
        self.held: Tuple[str, ...] = ()  # an open hand: the keys of a settled hand it holds (not null), in order
        self.facts: Optional[Facts] = None  # a knock's facts (None: not readable, reported; or not read)
        self.counted = 0  # a settled hand: how many sides it gives by count ('knocker_count', 'defender_count')
        self.found: Mapping[str, Sequence[Problem]] = _NOTHING  # the problems of each part read (HAND_CHECKS)

    @property
    def claims(self) -> RecordedHand:
        """The values derived from the facts, as recorded (the hand as recorded: its limit, result, defender,
        winner, points, totals and games)."""
        return self.entry

    def say(self, part: str, problems: Problems) -> None:
        """Add the problems found reading ``part`` of the hand (a key of HAND_CHECKS) to ``problems``."""
        if part in self.found:
            problems.extend(self.found[part])


Check = Callable[[Hand], None]  # a check of a hand; it fills in what it reads


def _keys(reading: Hand) -> None:
    for key, _value in reading.entry.unknown:
        reading.problems.add(reading.where + (key,), Message(N_("hand %(hand)d: unknown key '%(key)s'"),
                                                             hand=reading.number, key=key))


def _number(reading: Hand) -> None:
    written, number = reading.entry.number, reading.number
    if not same(given(written), number):
        reading.problems.add(reading.where + ("number",) if written is not NOT_WRITTEN else reading.where,
                             Message(N_("hand %(hand)d is numbered %(value)s: hands are numbered 1, 2, 3... in order"),
                                     hand=number, value=shown_value(given(written))))


def _dealer(reading: Hand) -> None:
    reading.dealer = player_named(given(reading.entry.dealer), "dealer", reading.where, reading.header.players,
                                  reading.problems, what=Message(N_("hand %(hand)d: the dealer"), hand=reading.number))


def _roles(reading: Hand) -> None:
    if len(reading.header.players) != 3:
        return
    entry = reading.entry
    stored = [given(entry.box), given(entry.captain), given(entry.sitter)]
    if all(name in reading.header.players for name in stored) and len(set(stored)) == 3:
        reading.roles = game.Roles(*(str(name) for name in stored))
    else:
        reading.problems.add(reading.where, Message(N_("hand %(hand)d: 'box', 'captain' and 'sitter' must be the "
                                                       "three players"), hand=reading.number))


def _upcard(reading: Hand) -> None:
    written, number = reading.entry.upcard, reading.number
    if written is NOT_WRITTEN and not limit_needs_upcard(reading.rules):
        return  # a hand dealt without its upcard, as the rules allow
    try:
        reading.upcard = card_of(given(written))
    except InvalidNotationError as exc:
        reading.problems.add(reading.where + ("upcard",) if written is not NOT_WRITTEN else reading.where,
                             Message(N_("hand %(hand)d: upcard: %(reason)s"), hand=number, reason=reason(exc))
                             if written is not NOT_WRITTEN else
                             Message(N_("hand %(hand)d has no upcard, but the rules need it (%(why)s)"), hand=number,
                                     why=why_upcard(reading.rules)))


def _lists(reading: Hand) -> None:
    """The turns and the irregularities are lists; turns need the upcard (the first turn's offer)."""
    entry, number, where = reading.entry, reading.number, reading.where
    turns = entry.turns
    if turns is NOT_WRITTEN or type(turns) is tuple or type(turns) is AsWritten and isinstance(turns.value, list):
        reading.turns = entry.turn_lines
    else:
        reading.problems.add(where + ("turns",), Message(N_("hand %(hand)d: 'turns' must be a list, one turn a line "
                                                            "('Ann draws')"), hand=number))
        reading.turns_read = False
    items = entry.irregularities
    if type(items) is tuple:
        reading.irregularities = items
    elif items is not NOT_WRITTEN:
        reading.problems.add(where + ("irregularities",), Message(N_("hand %(hand)d: 'irregularities' must be a "
                                                                     "list"), hand=number))


def _result(reading: Hand) -> None:
    entry, number = reading.entry, reading.number
    result = given(entry.result)
    if result is None or result in RESULTS:
        reading.result = None if result is None else str(result)
        return
    reading.problems.add(reading.where + ("result",), Message(N_("hand %(hand)d: unknown result %(value)s (known: "
                                                                 "%(known)s)"), hand=number, value=shown_value(result),
                                                              known=", ".join(RESULTS)))
    reading.result = "dead" if given(entry.winner) is None else "knock"  # judged as what it most looks like
    reading.unknown_result = True


def _knock(reading: Hand) -> None:
    """A dead hand holds no knock; a knock names its knocker; an open hand holds none of a settled one's
    keys (``held``: the replay says so, but of what a ruling keeps)."""
    entry, number, where = reading.entry, reading.number, reading.where
    if reading.result is None:
        reading.held = tuple(key for key, at in zip(_SETTLED, _SETTLED_AT) if given(entry[at]) is not None)
        return
    if reading.result == "dead":
        for key, value in _knock_keys(entry):
            if given(value) is not None:
                reading.problems.add(where + (key,), Message(N_("hand %(hand)d is dead but has a '%(key)s'"),
                                                             hand=number, key=key))
        return
    reading.knocker = player_named(given(entry.knocker), "knocker", where, reading.header.players, reading.problems,
                                   what=Message(N_("hand %(hand)d: the knocker"), hand=number))


_KNOCK_KEYS = RESULT_FACTS + ("defender",)
_KNOCK_AT = tuple(HAND_KEYS.index(key) for key in _KNOCK_KEYS)


def _knock_keys(entry: RecordedHand) -> Iterator[Tuple[str, object]]:
    """A knock's keys (its facts and the defender) with their values as written."""
    return zip(_KNOCK_KEYS, (entry[at] for at in _KNOCK_AT))


def _facts(reading: Hand) -> None:
    """A knock's facts, as its settlement reads them (``stored_facts``)."""
    result, entry = reading.result, reading.entry
    if result is None:
        return
    reading.counted = (entry.knocker_count is not NOT_WRITTEN) + (entry.defender_count is not NOT_WRITTEN)
    if result != "dead" and reading.want_facts:
        reading.facts = stored_facts(entry, reading.rules, reading.where, reading.number, reading.problems)


# a hand's checks by the part they read, in the order their problems are reported (the replay says each
# part's where it judges that part)
HAND_CHECKS: Dict[str, Tuple[Check, ...]] = {"place": (_keys, _number), "dealer": (_dealer,), "roles": (_roles,),
                                             "upcard": (_upcard,), "play": (_lists,), "result": (_result, _knock),
                                             "facts": (_facts,)}


def read_hand(entry: object, index: int, header: Header, problems: Problems, facts: bool = True) -> Optional[Hand]:
    """The Hand of the record's hand ``index`` (a ``RecordedHand``; anything else: a hand that is not a
    mapping), each part's problems kept in it (``Hand.say``); None, with the problem added to ``problems``,
    when it is not a mapping. ``facts``: False when the replay holds the hand's settlement already (its
    knock's facts are not read)."""
    if not isinstance(entry, RecordedHand):
        problems.add(("hands", index), Message(N_("hand %(hand)d must be a mapping (number, dealer, upcard, ...)"),
                                               hand=index + 1))
        return None
    found: Dict[str, Sequence[Problem]] = {}
    reading = Hand(entry, index, header, Problems(), facts)
    for part, checks in HAND_CHECKS.items():
        start = len(reading.problems)
        for check in checks:
            check(reading)
        if len(reading.problems) > start:
            found[part] = reading.problems[start:]
    if found:
        reading.found = found
    return reading

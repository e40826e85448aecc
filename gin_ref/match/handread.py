"""A hand entry read once, with what it holds: a card and a knock's facts as the record holds them
(``card_of``, ``stored_facts``), the values a hand claims and those a replay works out (``Claims``,
``Worked``), and the hand read (``Hand``), in this order below.

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
values a replay works out again (limit, result, defender, winner, points, totals, games) are read as the
entry writes them (``claims``: ``Claims``, below), for the replay to compare with its own; a replay
that settles (an action, an amend) writes its own into ``entry`` (the mapping as the file holds it)
through ``write_worked``.
"""

import enum
from types import MappingProxyType
from typing import Callable, Dict, List, Mapping, MutableMapping, NamedTuple, Optional, Sequence, Tuple, Union

from gin_ref.core import game
from gin_ref.core.cards import DECK, Card, parse_cards
from gin_ref.core.errors import GinRefError, InvalidNotationError, reason
from gin_ref.core.message import Message, N_
from gin_ref.core.escape import shown_value
from gin_ref.core.melds import parse_melds
from gin_ref.core.rules import HouseRules
from gin_ref.match.header import Header, player_at
from gin_ref.match.knocks import GIN_LAYOFFS_COUNT, MAX_COUNT, Facts, limit_needs_upcard, why_upcard
from gin_ref.match.problems import Problem, Problems, Where, same
from gin_ref.match.schema import HAND_KEYS, RESULT_FACTS, RESULTS, ROLES, SETTLED_KEYS, Entry

__all__ = ["Claims", "HAND_CHECKS", "Hand", "NOT_WORKED", "NOT_WRITTEN", "Unset", "Worked", "card_of", "read_claims",
           "read_hand", "recorded_cards", "shown_columns", "shown_totals", "stored_count", "stored_facts",
           "write_worked"]


# -- cards and a knock's facts as the record holds them ------------------------------------------------------
# Cards and a knock's facts as a match record holds them: a card as its code (``7D``), a hand as a list of
# codes; any notation ``gin_ref.core.cards`` reads is read too (a record edited by hand). A value that is not
# a card is refused in the file's words. A knock's facts (``stored_facts``: each side's cards or count, big
# gin, the melds and the discard) are read into a ``gin_ref.match.knocks.Facts``.

_BY_CODE = {card.code: card for card in DECK}


def recorded_cards(value: object, counts: Sequence[int], what: Union[str, Message], runs: str = "low") -> Tuple[Card, ...]:
    """Cards as a record holds them: a list of canonical codes (fast), or any notation parse_cards reads."""
    if isinstance(value, list) and len(value) in counts:
        try:
            found = tuple(map(_BY_CODE.get, value))  # only a code (a str) finds a card
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
    if not isinstance(code, str):  # a number, true, a list: no card, said in the file's words
        raise InvalidNotationError(Message(N_("a card is written as text (7D, 10h), not %(value)s"),
                                           value=shown_value(code)))
    return _BY_CODE.get(code) or Card.parse(code)


def stored_count(value: object, most: int = MAX_COUNT) -> int:
    """A count as a record holds it: a whole number from 0 to ``most`` (InvalidNotationError if not)."""
    if type(value) is not int or not 0 <= value <= most:  # noqa: E721 (True is not a count)
        raise InvalidNotationError(Message(N_("a count is a whole number from 0 to %(most)d, not %(value)s"), most=most,
                                           value=shown_value(value)))
    return value


class _FactsReading:
    """The key of a recorded knock being read (where a problem reading it points)."""

    key = "knocker_cards"


def stored_facts(entry: Entry, rules: HouseRules, where: Where, hand: int, problems: Problems) -> Optional[Facts]:
    """The facts of a recorded knock (cards or counts); None, with a problem at its key, if they cannot be
    read."""
    reading = _FactsReading()
    try:
        kcards, kcount, dcards, dcount = _stored_sides(entry, rules, reading)
        reading.key = "big_gin"
        big_gin = entry.get("big_gin", False)
        _check_count_with(rules, big_gin, kcount, dcards)
        reading.key = "melds"
        melds = parse_melds(entry["melds"], rules.aces) if entry.get("melds") is not None else None
        reading.key = "discard"
        discard = card_of(entry["discard"]) if entry.get("discard") is not None else None
        if kcount is not None and (melds is not None or discard is not None):
            raise InvalidNotationError(Message(N_("melds and a discard go with the knocker's cards, not with a count")))
    except GinRefError as exc:
        problems.add(tuple(where) + (reading.key,) if reading.key in entry else where,
                     Message(N_("hand %(hand)d: %(problem)s"), hand=hand, problem=reason(exc)))
        return None
    return Facts(kcards, kcount, bool(big_gin), melds, discard, dcards, dcount)


Cards = Optional[Tuple[Card, ...]]


def _stored_sides(entry: Entry, rules: HouseRules, reading: _FactsReading
                  ) -> Tuple[Cards, Optional[int], Cards, Optional[int]]:
    """Each side's cards or count: ``(knocker's cards, knocker's count, defender's cards, defender's count)``."""
    kcards = dcards = None
    kcount = dcount = None
    most, runs = rules.most_deadwood, rules.ace_runs
    if "knocker_count" in entry:
        reading.key = "knocker_count"
        kcount = stored_count(entry["knocker_count"], most)
    else:
        kcards = recorded_cards(entry.get("knocker_cards"), (10, 11), Message(N_("knocker's hand")), runs)
    if "defender_count" in entry:
        reading.key = "defender_count"
        dcount = stored_count(entry["defender_count"], most)
    else:
        reading.key = "defender_cards"
        dcards = recorded_cards(entry.get("defender_cards"), (10,), Message(N_("defender's hand")), runs)
    if kcards is not None and dcards is not None:
        reading.key = "knocker_cards"
        if not set(kcards).isdisjoint(dcards):  # (a card is one shared object: compared by identity)
            both = {card.index for card in kcards} & {card.index for card in dcards}
            raise InvalidNotationError(Message(N_("%(cards)s in both hands"),
                                               cards=", ".join(DECK[i].code for i in sorted(both))))
    return kcards, kcount, dcards, dcount


def _check_count_with(rules: HouseRules, big_gin: object, kcount: Optional[int], dcards: Cards) -> None:
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
# columns. ``Claims`` holds them as the entry writes them, read once with the rest of the hand
# (``gin_ref.match.handread``): any value, as written, or ``NOT_WRITTEN`` where the entry has no such key (a
# key written ``null`` holds None). The replay compares each with its own: a claim not written is a problem of
# its own (``hand 3 has no 'totals' (it should be ...)``), a claim that differs is another.
#
# A replay that settles (an action, an amend) works the values out instead of checking them: ``Worked`` holds
# them (``NOT_WORKED`` where the replay works none out, and the entry's is left as it is), and
# ``write_worked`` is the one place that writes them into the entry, in the file's order of keys.

class Unset(enum.Enum):
    """A value that is not there: a claim the entry does not write, or a value the replay does not work out."""

    NOT_WRITTEN = "not written"
    NOT_WORKED = "not worked out"

    def __repr__(self) -> str:
        return self.name


NOT_WRITTEN = Unset.NOT_WRITTEN
NOT_WORKED = Unset.NOT_WORKED

Totals = Dict[str, int]  # a score per player, in the players' order


class Claims(NamedTuple):
    """The derived values a hand entry holds, as written (any value a file can hold), NOT_WRITTEN where the
    entry has no such key."""

    limit: object = NOT_WRITTEN
    result: object = NOT_WRITTEN  # as written (``Hand.result`` is what it is judged as)
    defender: object = NOT_WRITTEN
    winner: object = NOT_WRITTEN
    points: object = NOT_WRITTEN
    totals: object = NOT_WRITTEN
    games: object = NOT_WRITTEN

    @property
    def whole_limit(self) -> Optional[int]:
        """The limit written, when it is a whole number (true is not one); else None."""
        limit = self.limit
        return limit if type(limit) is int else None  # noqa: E721

    def winner_among(self, pair: Sequence[str]) -> Optional[str]:
        """The winner written, when it is one of ``pair`` (the two players in the hand); else None."""
        winner = self.winner
        return winner if isinstance(winner, str) and winner in pair else None

    @property
    def points_given(self) -> int:
        """The points written, when they are a number (as a count of points: true is 1); else 0."""
        points = self.points
        return points if isinstance(points, int) else 0


def read_claims(entry: Mapping[str, object]) -> Claims:
    """The derived values ``entry`` holds, as written."""
    get, unwritten = entry.get, NOT_WRITTEN
    return Claims(get("limit", unwritten), get("result", unwritten), get("defender", unwritten),
                  get("winner", unwritten), get("points", unwritten), get("totals", unwritten),
                  get("games", unwritten))


def shown_totals(totals: object) -> str:
    """Totals as claimed, for a problem: ``Ann 25, Ben 0`` (a value that is not a score shown as written)."""
    if not isinstance(totals, dict):
        return shown_value(totals)
    return ", ".join(f"{shown_value(name) if not isinstance(name, str) else name} "
                     f"{points if type(points) is int else shown_value(points)}"  # noqa: E721
                     for name, points in totals.items())


def shown_columns(columns: object) -> Union[str, Message]:
    """Each game's columns as claimed, for a problem: ``game 1 Ann 25, Ben 0; game 2 ...`` (a message, each
    game said in the reader's language)."""
    if not isinstance(columns, list):
        return repr(columns)
    said: Union[str, Message] = ""
    for i, column in reversed(list(enumerate(columns, 1))):
        game = Message(N_("game %(game)d %(totals)s"), game=i, totals=shown_totals(column))
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
    games: Union[List[Totals], Unset] = NOT_WORKED  # each game's columns


def write_worked(entry: MutableMapping[str, object], worked: Worked) -> None:
    """Write the values worked out into ``entry``: a key it holds keeps its place, a new key goes after
    the others, in the file's order (Worked's). (Unrolled: an amend of hand 1 of a long record writes every
    later hand.)"""
    result, defender, winner, points, totals, games = worked
    if result is not NOT_WORKED:
        entry["result"] = result
    if defender is not NOT_WORKED:
        entry["defender"] = defender
    if winner is not NOT_WORKED:
        entry["winner"] = winner
    if points is not NOT_WORKED:
        entry["points"] = points
    if totals is not NOT_WORKED:
        entry["totals"] = totals
    if games is not NOT_WORKED:
        entry["games"] = games


# -- a hand entry read ----------------------------------------------------------------------------------------

_KNOWN_KEYS = frozenset(HAND_KEYS)
_NOTHING: Mapping[str, Sequence[Problem]] = MappingProxyType({})
_NO_CLAIMS = Claims()
_SETTLED = SETTLED_KEYS[1:]  # the keys an open hand holds none of (but what a ruling keeps)


class Hand(NamedTuple):
    """A hand entry as read: its facts typed (None where not given, or not readable: reported), the values
    derived from them as claimed (``claims``), and the entry itself (``entry``), which a replay that settles
    writes its values into."""

    at: int  # its place among the record's hands (0 for the first)
    number: int  # at + 1
    where: Where  # its key path: ("hands", at)
    entry: Dict[str, object]
    dealer: Optional[str] = None  # the dealer named (three players: the box, or the sitter: see the rules)
    roles: Optional[game.Roles] = None  # three players: the roles named, when they are the three players
    upcard: Optional[Card] = None
    turns: Sequence[object] = ()  # one line per action, as written (``gin_ref.core.turns.Turn`` reads them)
    turns_read: bool = True  # False when 'turns' is not a list (no turn can be replayed)
    irregularities: Sequence[object] = ()  # as written (``gin_ref.match.irregularities`` reads each)
    result: Optional[str] = None  # one of RESULTS; None: the hand is open
    knocker: Optional[str] = None
    unknown_result: bool = False  # the result written is none of RESULTS: ``result`` is what it is judged as
    held: Tuple[str, ...] = ()  # an open hand: the keys of a settled hand it holds (not null), in their order
    facts: Optional[Facts] = None  # a knock's facts (None: not readable, reported; or not read)
    counted: int = 0  # a settled hand: how many sides it gives by count ('knocker_count', 'defender_count')
    claims: Claims = _NO_CLAIMS  # the derived values, as written
    found: Mapping[str, Sequence[Problem]] = _NOTHING  # the problems of each part read (see HAND_CHECKS)

    def say(self, part: str, problems: Problems) -> None:
        """Add the problems found reading ``part`` of the hand (a key of HAND_CHECKS) to ``problems``."""
        if part in self.found:
            problems.extend(self.found[part])

    def has(self, key: str) -> bool:
        """Does the entry hold ``key`` (with any value)?"""
        return key in self.entry


class _Reading:
    """A hand being read: the entry, where it is, the head, and the problems found; and what the checks read
    of it, filled in as they go (a Hand's fields, their defaults as the Hand's)."""

    __slots__ = ("entry", "at", "number", "where", "header", "rules", "problems", "want_facts", "dealer", "roles",
                 "upcard", "turns", "turns_read", "irregularities", "result", "knocker", "unknown_result", "held",
                 "facts", "counted", "claims")

    def __init__(self, entry: Dict[str, object], at: int, header: Header, problems: Problems, facts: bool) -> None:
        self.entry, self.at, self.number, self.where = entry, at, at + 1, ("hands", at)
        self.header, self.rules, self.problems, self.want_facts = header, header.rules, problems, facts
        self.dealer: Optional[str] = None
        self.roles: Optional[game.Roles] = None
        self.upcard: Optional[Card] = None
        self.turns: Sequence[object] = ()
        self.turns_read = True
        self.irregularities: Sequence[object] = ()
        self.result: Optional[str] = None
        self.knocker: Optional[str] = None
        self.unknown_result = False
        self.held: Tuple[str, ...] = ()
        self.facts: Optional[Facts] = None
        self.counted = 0
        self.claims = _NO_CLAIMS

    def hand(self, found: Mapping[str, Sequence[Problem]]) -> "Hand":
        return Hand(self.at, self.number, self.where, self.entry, self.dealer, self.roles, self.upcard, self.turns,
                    self.turns_read, self.irregularities, self.result, self.knocker, self.unknown_result, self.held,
                    self.facts, self.counted, self.claims, found)


Check = Callable[[_Reading], None]  # a check of a hand; it fills in what it reads


def _keys(reading: _Reading) -> None:
    if not _KNOWN_KEYS.issuperset(reading.entry):
        for key in reading.entry:
            if key not in _KNOWN_KEYS:
                reading.problems.add(reading.where + (key,), Message(N_("hand %(hand)d: unknown key '%(key)s'"),
                                                                     hand=reading.number, key=key))


def _number(reading: _Reading) -> None:
    entry, number = reading.entry, reading.number
    if not same(entry.get("number"), number):
        reading.problems.add(reading.where + ("number",) if "number" in entry else reading.where,
                             Message(N_("hand %(hand)d is numbered %(value)s: hands are numbered 1, 2, 3... in order"),
                                     hand=number, value=shown_value(entry.get("number"))))


def _dealer(reading: _Reading) -> None:
    reading.dealer = player_at(reading.entry, "dealer", reading.where, reading.header.players, reading.problems,
                               what=Message(N_("hand %(hand)d: the dealer"), hand=reading.number))


def _roles(reading: _Reading) -> None:
    if len(reading.header.players) != 3:
        return
    stored = [reading.entry.get(role) for role in ROLES]
    if all(name in reading.header.players for name in stored) and len(set(stored)) == 3:
        reading.roles = game.Roles(*(str(name) for name in stored))
    else:
        reading.problems.add(reading.where, Message(N_("hand %(hand)d: 'box', 'captain' and 'sitter' must be the "
                                                       "three players"), hand=reading.number))


def _upcard(reading: _Reading) -> None:
    entry, number = reading.entry, reading.number
    if "upcard" not in entry and not limit_needs_upcard(reading.rules):
        return  # a hand dealt without its upcard, as the rules allow
    try:
        reading.upcard = card_of(entry.get("upcard"))
    except InvalidNotationError as exc:
        reading.problems.add(reading.where + ("upcard",) if "upcard" in entry else reading.where,
                             Message(N_("hand %(hand)d: upcard: %(reason)s"), hand=number, reason=reason(exc))
                             if "upcard" in entry else
                             Message(N_("hand %(hand)d has no upcard, but the rules need it (%(why)s)"), hand=number,
                                     why=why_upcard(reading.rules)))


def _lists(reading: _Reading) -> None:
    """The turns and the irregularities are lists; turns need the upcard (the first turn's offer)."""
    entry, number, where = reading.entry, reading.number, reading.where
    turns = entry.get("turns", [])
    if isinstance(turns, list):
        reading.turns = turns
    else:
        reading.problems.add(where + ("turns",), Message(N_("hand %(hand)d: 'turns' must be a list, one turn a line "
                                                            "('Ann draws')"), hand=number))
        reading.turns_read = False
    items = entry.get("irregularities", [])
    if isinstance(items, list):
        reading.irregularities = items
    else:
        reading.problems.add(where + ("irregularities",), Message(N_("hand %(hand)d: 'irregularities' must be a "
                                                                     "list"), hand=number))


def _result(reading: _Reading) -> None:
    entry, number = reading.entry, reading.number
    result = entry.get("result")
    if result is None or result in RESULTS:
        reading.result = result
        return
    reading.problems.add(reading.where + ("result",), Message(N_("hand %(hand)d: unknown result %(value)s (known: "
                                                                 "%(known)s)"), hand=number, value=shown_value(result),
                                                              known=", ".join(RESULTS)))
    reading.result = "dead" if entry.get("winner") is None else "knock"  # judged as what it most looks like
    reading.unknown_result = True


def _knock(reading: _Reading) -> None:
    """A dead hand holds no knock; a knock names its knocker; an open hand holds none of a settled one's
    keys (``held``: the replay says so, but of what a ruling keeps)."""
    entry, number, where = reading.entry, reading.number, reading.where
    if reading.result is None:
        reading.held = tuple(key for key in _SETTLED if entry.get(key) is not None)
        return
    if reading.result == "dead":
        for key in RESULT_FACTS + ("defender",):
            if entry.get(key) is not None:
                reading.problems.add(where + (key,), Message(N_("hand %(hand)d is dead but has a '%(key)s'"),
                                                             hand=number, key=key))
        return
    reading.knocker = player_at(entry, "knocker", where, reading.header.players, reading.problems,
                                what=Message(N_("hand %(hand)d: the knocker"), hand=number))


def _facts(reading: _Reading) -> None:
    """A knock's facts, as its settlement reads them (``stored_facts``)."""
    result, entry = reading.result, reading.entry
    if result is None:
        return
    reading.counted = ("knocker_count" in entry) + ("defender_count" in entry)
    if result != "dead" and reading.want_facts:
        reading.facts = stored_facts(entry, reading.rules, reading.where, reading.number, reading.problems)


def _claims(reading: _Reading) -> None:
    """The values derived from the facts, as written (never a problem here: the replay compares them with
    its own)."""
    reading.claims = read_claims(reading.entry)


# a hand's checks by the part they read, in the order their problems are reported (the replay says each
# part's where it judges that part)
HAND_CHECKS: Dict[str, Tuple[Check, ...]] = {"place": (_keys, _number), "dealer": (_dealer,), "roles": (_roles,),
                                             "upcard": (_upcard,), "play": (_lists,), "result": (_result, _knock),
                                             "facts": (_facts, _claims)}


def read_hand(entry: object, index: int, header: Header, problems: Problems, facts: bool = True) -> Optional[Hand]:
    """The Hand of the record's hand ``index``, each part's problems kept in it (``Hand.say``); None, with
    the problem added to ``problems``, when it is not a mapping. ``facts``: False when the replay holds the
    hand's settlement already (its knock's facts are not read)."""
    if not isinstance(entry, dict):
        problems.add(("hands", index), Message(N_("hand %(hand)d must be a mapping (number, dealer, upcard, ...)"),
                                               hand=index + 1))
        return None
    found: Dict[str, Sequence[Problem]] = {}
    reading = _Reading(entry, index, header, Problems(), facts)
    for part, checks in HAND_CHECKS.items():
        start = len(reading.problems)
        for check in checks:
            check(reading)
        if len(reading.problems) > start:
            found[part] = reading.problems[start:]
    return reading.hand(found or _NOTHING)

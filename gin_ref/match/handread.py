"""A hand entry read once: ``read_hand`` checks what can be told from the entry alone (with the head's
players and rules) and gives it as a typed ``Hand``; the replay then judges the Hand against the match as
it stands (the rotation, the table, the engine's settlement) and works out the derived values.

The checks are small functions listed by the part of the hand they read (``HAND_CHECKS``), in the order
their problems are reported: the entry's keys and its number; the dealer named; the roles named; the
upcard; the turns and irregularities as lists; the result's name, a dead hand without a knock's facts, and
the knocker named; a knock's facts, and the values derived from them as claimed. Each problem is at its key
path; a value that cannot be read is None in the Hand, so it is reported once and never judged. The Hand keeps each part's problems (``found``), and the replay says
them where it judges that part (``Hand.say``), after what it found of the parts before: the problems of a
record come in the order of its hands and, in a hand, of its parts (a strict command names the first).

A knock's facts (each side's cards or count, big gin, the melds, the discard) are read with the rest
(``facts``, a ``gin_ref.match.knocks.Facts``); the replay says what was found reading them only where it
settles the knock again from them (so not when the knocker sat out, or the upcard the rules need is
missing), and a replay that holds the hand's settlement already (an action's) does not read them. The
values a replay works out again (limit, result, defender, winner, points, totals, games) are read as the
entry writes them (``claims``: ``gin_ref.match.claims``), for the replay to compare with its own; a replay
that settles (an action, an amend) writes its own into ``entry`` (the mapping as the file holds it)
through ``gin_ref.match.claims.write_worked``.
"""

from types import MappingProxyType
from typing import Callable, Dict, Mapping, NamedTuple, Optional, Sequence, Tuple

from gin_ref.core import game
from gin_ref.core.cards import Card
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.escape import shown_value
from gin_ref.match.claims import Claims, read_claims
from gin_ref.match.header import Header, player_at
from gin_ref.match.knocks import Facts, limit_needs_upcard, why_upcard
from gin_ref.match.problems import Problem, Problems, Where, same
from gin_ref.match.schema import HAND_KEYS, RESULT_FACTS, RESULTS, ROLES, SETTLED_KEYS
from gin_ref.match.storedcards import card_of, stored_facts

__all__ = ["Hand", "HAND_CHECKS", "read_hand"]

_KNOWN_KEYS = frozenset(HAND_KEYS)
_NOTHING: Mapping[str, Sequence[Problem]] = MappingProxyType({})
_NO_CLAIMS = Claims()
_SETTLED = SETTLED_KEYS[1:]  # the keys an open hand holds none of (but what a ruling keeps)
_BASES = ("the cards", "the cards and counts", "the counts")  # by the sides given by count


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

    @property
    def basis(self) -> str:
        """What a settled hand is settled from, for its problems: ``the cards``, ``the counts``, or both."""
        return _BASES[self.counted]


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
                reading.problems.add(reading.where + (key,), f"hand {reading.number}: unknown key '{key}'")


def _number(reading: _Reading) -> None:
    entry, number = reading.entry, reading.number
    if not same(entry.get("number"), number):
        reading.problems.add(reading.where + ("number",) if "number" in entry else reading.where,
                             f"hand {number} is numbered {shown_value(entry.get('number'))}: hands are numbered "
                             "1, 2, 3... in order")


def _dealer(reading: _Reading) -> None:
    reading.dealer = player_at(reading.entry, "dealer", reading.where, reading.header.players, reading.problems,
                               what=f"hand {reading.number}: the dealer")


def _roles(reading: _Reading) -> None:
    if len(reading.header.players) != 3:
        return
    stored = [reading.entry.get(role) for role in ROLES]
    if all(name in reading.header.players for name in stored) and len(set(stored)) == 3:
        reading.roles = game.Roles(*(str(name) for name in stored))
    else:
        reading.problems.add(reading.where, f"hand {reading.number}: 'box', 'captain' and 'sitter' must be the "
                                            "three players")


def _upcard(reading: _Reading) -> None:
    entry, number = reading.entry, reading.number
    if "upcard" not in entry and not limit_needs_upcard(reading.rules):
        return  # a hand dealt without its upcard, as the rules allow
    try:
        reading.upcard = card_of(entry.get("upcard"))
    except InvalidNotationError as exc:
        missing = f"no upcard, but the rules need it ({why_upcard(reading.rules)})"
        reading.problems.add(reading.where + ("upcard",) if "upcard" in entry else reading.where,
                             f"hand {number}: upcard: {exc}" if "upcard" in entry else f"hand {number} has {missing}")


def _lists(reading: _Reading) -> None:
    """The turns and the irregularities are lists; turns need the upcard (the first turn's offer)."""
    entry, number, where = reading.entry, reading.number, reading.where
    turns = entry.get("turns", [])
    if isinstance(turns, list):
        reading.turns = turns
    else:
        reading.problems.add(where + ("turns",), f"hand {number}: 'turns' must be a list, one turn a line "
                                                 "('Ann draws')")
        reading.turns_read = False
    items = entry.get("irregularities", [])
    if isinstance(items, list):
        reading.irregularities = items
    else:
        reading.problems.add(where + ("irregularities",), f"hand {number}: 'irregularities' must be a list")


def _result(reading: _Reading) -> None:
    entry, number = reading.entry, reading.number
    result = entry.get("result")
    if result is None or result in RESULTS:
        reading.result = result
        return
    reading.problems.add(reading.where + ("result",), f"hand {number}: unknown result {shown_value(result)} "
                                                      f"(known: {', '.join(RESULTS)})")
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
                reading.problems.add(where + (key,), f"hand {number} is dead but has a '{key}'")
        return
    reading.knocker = player_at(entry, "knocker", where, reading.header.players, reading.problems,
                                what=f"hand {number}: the knocker")


def _facts(reading: _Reading) -> None:
    """A knock's facts, as its settlement reads them (``gin_ref.match.storedcards.stored_facts``)."""
    result, entry = reading.result, reading.entry
    if result is None:
        return
    reading.counted = ("knocker_count" in entry) + ("defender_count" in entry)
    if result != "dead" and reading.want_facts:
        reading.facts = stored_facts(entry, reading.rules, reading.where, f"hand {reading.number}", reading.problems)


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
        problems.add(("hands", index), f"hand {index + 1} must be a mapping (number, dealer, upcard, ...)")
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


"""The match record's schema: its format, its keys in order, the results and irregularities it knows, and
its lists as written (``written``: what reads a record before a replay or without one).

A record is plain data, exactly what a match file holds (``gin_ref.files.matchfile`` reads and writes the
YAML): ``format``, ``date``, ``players``, ``rules`` {``name``, ``knobs``}, ``start``, ``hands`` (one entry per
hand), ``irregularities`` (the match's own: deals refused; written once there is one) and ``corrections``
(what ``undo`` took back). A match kept on paper holds no hands but a ``result`` (its final scores:
``gin_ref.match.resultonly``), and may leave out ``start``.

A hand entry holds its facts (dealer or roles, upcard, turns, irregularities, the knocker and the cards
spread) and the values derived from them (limit, result, defender, winner, points, totals, games), which a
replay works out again and compares.
"""

from typing import Any, Dict, Iterator, List, Mapping, NamedTuple, Optional, Tuple

from gin_ref.core.rules import SNAPSHOT_OPTIONAL
from gin_ref.match.problems import Where

FORMAT = "gin-ref-match/3"  # facts, never sentences (docs/match-file.md); /2 and /1 are read and written as /3
FORMAT_2 = "gin-ref-match/2"  # /1: the same record without its end line (gin_ref.files.recordformat)
# the format the seals' head digest names, whatever the file's: the seal chain has not changed since /2, so a
# record upgraded from /2 keeps every seal it holds (gin_ref.files.seals.head_seal)
SEALED_FORMAT = FORMAT_2
TOP_KEYS = ("format", "date", "players", "rules", "start", "hands", "result", "irregularities", "corrections")
# irregularities: written once there is one (a deal refused); result: a match recorded by its result only
# (``gin_ref.match.resultonly``), whose start may be left out
OPTIONAL_KEYS = ("irregularities", "result")
ROLES = ("box", "captain", "sitter")

HAND_KEYS = ("number", "dealer", "box", "captain", "sitter", "upcard", "limit", "irregularities", "turns",
             "ruling", "result", "knocker", "knocker_cards", "knocker_count", "big_gin", "melds", "discard", "defender",
             "defender_cards", "defender_count", "winner", "points", "totals", "games", "seal")
# the facts of a settled hand, as given at the knock (or amended); the rest of SETTLED_KEYS is derived
RESULT_FACTS = ("knocker", "knocker_cards", "knocker_count", "big_gin", "melds", "discard", "defender_cards",
                "defender_count")
SETTLED_KEYS = HAND_KEYS[HAND_KEYS.index("result"):]
RESULTS = ("knock", "undercut", "gin", "big_gin", "dead", "tie")  # tie: equal counts scored 0-0 (knock_tie)

# in a hand's ``irregularities``: ``illegal_knock`` {player, points, cards[, melds, discard] or count} and
# ``out_of_turn`` {player, action[, card]}, each with ``turn`` (the turn that was due) where it has one; in
# the match's (top level): ``wrong_dealer`` {hand (the hand that was to be dealt), player}. ``detail`` (the
# reason in words) is kept from /2: read, never written (the replay works the reason out from the facts).
HAND_IRREGULARITIES = ("illegal_knock", "out_of_turn")
IRREGULARITY_KEYS = {  # every key each kind of irregularity may hold (actions.py writes them)
    "illegal_knock": ("kind", "player", "turn", "detail", "points", "cards", "melds", "discard", "count"),
    "out_of_turn": ("kind", "player", "turn", "action", "card", "detail"),
    "wrong_dealer": ("kind", "hand", "player", "detail"),
}
MATCH_IRREGULARITIES = ("wrong_dealer",)
TURN_ACTIONS = ("take", "pass", "draw", "discard")
OUT_OF_TURN_ACTIONS = TURN_ACTIONS + ("knock",)

# a hand entry, an irregularity or a correction, and the record: plain data, as read (the two explicit Any of
# match/, on their way out with #36 item 1: tests/test_architecture.py counts every use)
Entry = Dict[str, Any]  # type: ignore[explicit-any]
Record = Dict[str, Any]  # type: ignore[explicit-any]


VERSION_KEYS = ("upcard", "limit") + tuple(key for key in SETTLED_KEYS if key != "seal")  # what an amend replaces

# Keys format /2 brought (hands by points, amend, redo, the steps undo counts, a director's ruling, the
# seals): written only into /2, so a /1 record holding one is refused (``keys_beyond_1``).
KEYS_SINCE_2 = {
    "hands": ("knocker_count", "defender_count", "big_gin", "ruling", "seal"),
    "irregularities": ("count",),  # an illegal knock by count
    "corrections": ("redone", "amended", "hand", "hands", "step", "steps", "seal"),
}
# Keys format /3 brought: a correction's ``kind`` (undo, redo, amend: in place of /2's sentences); a /2 record
# holding one is refused (``keys_beyond_2``).
KEYS_SINCE_3 = {"corrections": ("kind",)}
CORRECTION_KINDS = ("undo", "redo", "amend")
# the keys of /2 that say in words what a correction did, kept (read, never written) in /3
CORRECTION_WORDS = {"undone": "undo", "redone": "redo", "amended": "amend"}


# -- the record's lists as written ---------------------------------------------------------------------------
# The record's lists as written, read once: ``written`` gives its hands, the match's irregularities and its
# corrections, each item as the file holds it, for what reads a record before a replay or without one (the
# seals: digests over the mappings as written; the count of steps; the keys format /1 does not have; the
# listings of ``verify``, which read a record that does not replay too).
#
# A list of the wrong shape (not a list) reads as empty, and an item that is not a mapping as None (kept in
# its place, so every item keeps its index): the replay reports each once. A hand's ``turns`` and
# ``irregularities`` that are not lists read as none too (``WrittenHand``).

Mapped = Optional[Dict[str, object]]  # an item as written: a mapping, or None for one that is not


class WrittenHand(NamedTuple):
    """A hand entry as written (``entry``, the record's own mapping), at its index among the hands
    (``at``): how many turns it holds, its irregularities (each a mapping, or None), its result as written
    (None: none) and its ruling (None: none, or not a mapping)."""

    at: int
    entry: Dict[str, object]
    turns: int
    irregularities: Tuple[Mapped, ...]
    result: object
    ruling: Mapped


class Written(NamedTuple):
    """The record's lists as written: each hand's mapping (None for one that is not a mapping), the match's
    own irregularities and the corrections (each a mapping, or None)."""

    hands: Tuple[Mapped, ...]
    irregularities: Tuple[Mapped, ...]
    corrections: Tuple[Mapped, ...]

    def played(self) -> Iterator[WrittenHand]:
        """Each hand that is a mapping, in order, read (``WrittenHand``)."""
        for at, entry in enumerate(self.hands):
            if entry is not None:
                turns, items, ruling = entry.get("turns"), entry.get("irregularities"), entry.get("ruling")
                yield WrittenHand(at, entry, len(turns) if isinstance(turns, list) else 0,
                                  _mapped(items) if items else (), entry.get("result"),
                                  ruling if isinstance(ruling, dict) else None)


def written(record: Mapping[str, object]) -> Written:
    """The lists of ``record`` (plain data, as a file holds it), read once."""
    return Written(_mapped(record.get("hands")), _mapped(record.get("irregularities")),
                   _mapped(record.get("corrections")))


def _mapped(items: object) -> Tuple[Mapped, ...]:
    """Each item of ``items`` (when it is a list), a mapping or None; () when it is not a list."""
    if not isinstance(items, list):
        return ()
    listed: List[object] = items
    return tuple([item if isinstance(item, dict) else None for item in listed])


def keys_beyond_1(record: Record) -> Iterator[Tuple[Where, str]]:
    """``(key path, key)`` for each key of ``record`` that format /1 does not have (``KEYS_SINCE_2``)."""
    def held(where: Where, item: object, keys: Tuple[str, ...]) -> Iterator[Tuple[Where, str]]:
        if isinstance(item, dict):
            yield from ((where + (key,), key) for key in keys if key in item)

    lists = written(record)
    for hand in lists.played():
        yield from held(("hands", hand.at), hand.entry, KEYS_SINCE_2["hands"])
        for j, item in enumerate(hand.irregularities):
            yield from held(("hands", hand.at, "irregularities", j), item, KEYS_SINCE_2["irregularities"])
    for i, item in enumerate(lists.corrections):
        yield from held(("corrections", i), item, KEYS_SINCE_2["corrections"])
        if item is not None:  # the hand an undo took back holds a hand's keys
            yield from held(("corrections", i, "entry"), item.get("entry"), KEYS_SINCE_2["hands"])
    rules = record.get("rules")
    if isinstance(rules, dict):
        yield from held(("rules", "knobs"), rules.get("knobs"), SNAPSHOT_OPTIONAL)
    yield from held((), record, ("result",))  # a result-only record (issue 26)


def keys_beyond_2(record: Record) -> Iterator[Tuple[Where, str]]:
    """``(key path, key)`` for each key of ``record`` that format /2 does not have (``KEYS_SINCE_3``)."""
    for i, item in enumerate(written(record).corrections):
        if isinstance(item, dict):
            yield from ((("corrections", i, key), key) for key in KEYS_SINCE_3["corrections"] if key in item)


def step_count(record: Record) -> int:
    """How many steps written in place the record holds: each deal refused, and per hand its deal, turns,
    irregularities and result (a hand that ended dead by itself ended at its last turn: no extra step)."""
    lists = written(record)
    count = len(lists.irregularities) + ("result" in record)  # a result-only record: one step
    for hand in lists.played():
        count += 1 + hand.turns + len(hand.irregularities)
        if hand.result is not None and not (hand.result == "dead" and hand.turns):
            count += 1
    return count


def version_of(entry: Entry) -> Entry:
    """A hand's version as an amend replaces it: its upcard, limit and result keys."""
    return {key: entry[key] for key in VERSION_KEYS if key in entry}


def set_version(entry: Entry, version: Entry) -> None:
    """Give a hand entry another version (``version_of``), in place."""
    for key in VERSION_KEYS:
        entry.pop(key, None)
    entry.update(version)


def in_file_order(entry: Entry) -> Entry:
    """A hand entry with its keys in the order the file lays them out (HAND_KEYS; a key it does not know
    after them). The match file's writer lays each hand out so: the record in memory keeps no order."""
    ranks = [_RANK.get(key, len(HAND_KEYS)) for key in entry]
    if ranks == sorted(ranks):  # the common case: in order already (not copied)
        return entry
    return dict(sorted(entry.items(), key=lambda item: _RANK.get(item[0], len(HAND_KEYS))))


_RANK = {key: rank for rank, key in enumerate(HAND_KEYS)}


def is_count(value: object) -> bool:
    """A whole number from 1 (True is not one)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def turn_count(entry: Entry) -> int:
    turns = entry.get("turns")
    return len(turns) if isinstance(turns, list) else 0


def is_dead_by_itself(entry: Entry) -> bool:
    """Did the hand end dead by itself (recorded turn by turn, a discard left the stock at its last cards)?"""
    return entry.get("result") == "dead" and turn_count(entry) > 0


def position(item: object) -> int:
    """The turn an irregularity happened at: its ``turn``, or 1 (before any turn) when it has none."""
    turn = item.get("turn") if isinstance(item, dict) else None
    return turn if isinstance(turn, int) and is_count(turn) else 1

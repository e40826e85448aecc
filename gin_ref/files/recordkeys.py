"""The keys of a match record and of an event file, each with its type: what the canonical reader
(``gin_ref.files.yamlfast``) reads each value as.

A value's type says how its text is read, never a YAML resolver: a ``TEXT`` value is a string (written plain
only when ``gin_ref.files.yamlplain.is_plain``, else quoted), a ``NUMBER`` a whole number (``-12``, ``0``,
no sign or leading zero otherwise), a ``TRUTH`` ``true`` or ``false``; any value may be ``null`` (None).
``ListOf(t)`` is a list of values of type t, ``MapOf(t)`` a mapping of names (a player's, written as text)
to values of type t, ``Keys({...})`` a mapping of the keys named, each of its own type. A list or mapping
may be written in block or in flow style (on one line).

What the table does not know is not the canonical layout: a key it does not list, a value of another type
(``points: abc``, ``players: [1, 2]``), a comment after a value, double quotes, an anchor... The file is
then read by PyYAML's safe loader (``gin_ref.files.yamlload``), as any hand-edited file is, which gives the
same data for the text the table knows; the match layer judges both alike. A key missing from the table is
therefore never an error, only a slower read: a new key (format /3's) is one line here.

The table of a file is chosen by its format line (``schema_of``). It says only how a value is read; which
keys a record must hold, and which values are allowed, is the match layer's (``gin_ref.match``), which judges
them with their lines.
"""

from __future__ import annotations

from typing import Any, Dict, Mapping, Union


class Scalar:
    """A value on one line: text, a whole number, true or false (whichever of them is allowed), or null."""

    __slots__ = ("text", "number", "truth", "seen")

    def __init__(self, text: bool = False, number: bool = False, truth: bool = False) -> None:
        self.text, self.number, self.truth = text, number, truth
        self.seen: Dict[str, Any] = {}  # short texts read so far as this type, and their values (the reader's)

    def __repr__(self) -> str:
        return "|".join(name for name in ("text", "number", "truth") if getattr(self, name)).upper()


class ListOf:
    """A list, each item of type ``item``."""

    __slots__ = ("item",)

    def __init__(self, item: "Kind") -> None:
        self.item = item

    def __repr__(self) -> str:
        return f"ListOf({self.item!r})"


class MapOf:
    """A mapping of names (text: a player's name) to values of type ``value``."""

    __slots__ = ("value",)

    def __init__(self, value: "Kind") -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"MapOf({self.value!r})"


class Keys:
    """A mapping of the keys named in ``fields``, each to a value of its own type."""

    __slots__ = ("fields",)

    def __init__(self, fields: Mapping[str, "Kind"]) -> None:
        self.fields: Dict[str, Kind] = dict(fields)

    def __or__(self, other: "Keys") -> "Keys":
        """The keys of both (a key in both must have one type)."""
        clash = [key for key in self.fields.keys() & other.fields.keys() if self.fields[key] is not other.fields[key]]
        assert not clash, clash
        return Keys({**self.fields, **other.fields})

    def __repr__(self) -> str:
        return f"Keys({list(self.fields)})"


Kind = Union[Scalar, ListOf, MapOf, Keys]

TEXT = Scalar(text=True)
NUMBER = Scalar(number=True)
TRUTH = Scalar(truth=True)
NUMBER_OR_TEXT = Scalar(text=True, number=True)  # knock_limit: 0 to 10, or 'upcard'
CARDS = ListOf(TEXT)
SCORES = MapOf(NUMBER)  # each player's points

# -- the match record (format gin-ref-match/2: docs/match-file.md) ----------------------------------------

# the house rules' knobs as a record's snapshot holds them (gin_ref.core.rules.KNOBS; a test holds the two
# lists of names equal, and each type to the knob's default)
KNOBS = Keys({
    "players": NUMBER, "knock_limit": NUMBER_OR_TEXT, "ace_upcard": TEXT, "knocker_arrangement": TEXT,
    "gin_bonus": NUMBER, "big_gin_bonus": NUMBER, "undercut_bonus": NUMBER, "spade_double": TRUTH,
    "discard_taken_card": TRUTH, "dead_hand_stock": NUMBER, "next_dealer": TEXT, "target": NUMBER,
    "game_bonus": NUMBER, "box_bonus": NUMBER, "shutout": TEXT, "scoring": TEXT, "illegal_knock": TEXT,
    "illegal_knock_penalty": NUMBER, "ace_runs": TEXT, "ace_value": NUMBER, "gin_layoffs": TRUTH, "wall": TRUTH,
    "deal": TEXT, "knock_tie": TEXT, "knock_limit_cap": NUMBER, "box_scoring": TEXT, "gin_boxes": NUMBER,
    "undercut_boxes": NUMBER, "spade_double_boxes": TRUTH, "shutout_bonus": NUMBER, "games": NUMBER,
    "match_win": TEXT, "knock_bonus": NUMBER,
})
RULES = Keys({"name": TEXT, "knobs": KNOBS})
START = Keys({"dealer": TEXT, "drawn": TRUTH, "box": TEXT, "captain": TEXT, "sitter": TEXT,
              "draw": MapOf(TEXT)})  # draw: each player's card drawn for the seats
# an irregularity: illegal_knock, out_of_turn (in a hand's list), wrong_dealer (in the record's)
IRREGULARITY = Keys({
    "kind": TEXT, "player": TEXT, "turn": NUMBER, "hand": NUMBER, "detail": TEXT, "points": NUMBER,
    "cards": CARDS, "melds": ListOf(CARDS), "discard": TEXT, "count": NUMBER, "action": TEXT, "card": TEXT,
})
RULING = Keys({"kind": TEXT, "player": TEXT, "points": NUMBER, "reason": TEXT, "by": TEXT, "date": TEXT,
               "steps": NUMBER, "hands": NUMBER, "dealt": TRUTH})  # dealt: it dealt its hand (#40)
HAND = Keys({
    "number": NUMBER, "dealer": TEXT, "box": TEXT, "captain": TEXT, "sitter": TEXT, "upcard": TEXT,
    "limit": NUMBER, "irregularities": ListOf(IRREGULARITY), "turns": ListOf(TEXT), "ruling": RULING,
    "result": TEXT, "knocker": TEXT, "knocker_cards": CARDS, "knocker_count": NUMBER, "big_gin": TRUTH,
    "melds": ListOf(CARDS), "discard": TEXT, "defender": TEXT, "defender_cards": CARDS, "defender_count": NUMBER,
    "winner": TEXT, "points": NUMBER, "totals": SCORES, "games": ListOf(SCORES), "seal": TEXT,
})
RESULT = Keys({"scores": SCORES, "hands_won": SCORES, "winner": TEXT, "seal": TEXT})  # a match by its result
# what a correction keeps of the step it took back or changed: a hand (or part of one: a turn, a result, an
# amend's old version), an irregularity or a ruling with the hand's number, or a result-only record's result
ENTRY = HAND | Keys({"irregularity": IRREGULARITY, "scores": SCORES, "hands_won": SCORES})
CORRECTION = Keys({
    "kind": TEXT,  # format /3: undo, redo or amend (in place of /2's sentences below)
    "undone": TEXT, "redone": TEXT, "amended": TEXT, "date": TEXT, "hand": NUMBER, "hands": NUMBER,
    "step": Keys({"kind": TEXT, "hand": NUMBER, "turn": NUMBER}), "steps": ListOf(NUMBER), "entry": ENTRY,
    "seal": TEXT,
})
END = Keys({"hands": NUMBER, "seal": TEXT})  # the end line (gin_ref.files.recordformat)
RECORD = Keys({
    "format": TEXT, "date": TEXT, "players": ListOf(TEXT), "rules": RULES, "start": START, "hands": ListOf(HAND),
    "result": RESULT, "irregularities": ListOf(IRREGULARITY), "corrections": ListOf(CORRECTION), "end": END,
})

# -- the event file (gin_ref.club.event) -------------------------------------------------------------------

TABLE = Keys({"table": NUMBER, "players": ListOf(TEXT), "file": TEXT})
EVENT = Keys({
    "format": TEXT, "event": TEXT, "date": TEXT, "system": TEXT, "rounds": NUMBER, "rules": RULES,
    "players": ListOf(TEXT),
    "pairings": ListOf(Keys({"round": NUMBER, "tables": ListOf(TABLE), "bye": TEXT})),
})


SCHEMAS = {"gin-ref-match/": RECORD, "gin-ref-event/": EVENT}  # by the start of a file's format


def schema_of(text: str) -> Keys:
    """The keys of the file ``text`` says it is, by its top-level ``format:`` line (read before the rest, as
    a folder's files are read before they are known to be matches or events): a match record's unless it
    says it is an event."""
    start = 0 if text.startswith("format: ") else text.find("\nformat: ", 0, 4096) + 1
    if start:
        for name, schema in SCHEMAS.items():
            if text.startswith(name, start + len("format: ")):
                return schema
    return RECORD

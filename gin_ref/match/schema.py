"""The match record's schema: its format, its keys in order, the results and irregularities it knows, and
the count of steps a record holds. What reads or writes the file's own form (its lists as written, the
keys each format brought, the order of a hand's keys) is in ``gin_ref.files`` (``seals.written``,
``recordformat.keys_beyond_1``, ``handform.hand_data``).

A record holds what a match file holds (``gin_ref.files.matchfile`` reads and writes the YAML; in memory
its top level is typed, ``gin_ref.match.record.Record``, made and written by ``gin_ref.files.matchtop``):
``format``, ``date``, ``players``, ``rules`` {``name``, ``knobs``}, ``start``, ``hands`` (one entry per
hand), ``irregularities`` (the match's own: deals refused; written once there is one) and ``corrections``
(what ``undo`` took back). A match kept on paper holds no hands but a ``result`` (its final scores:
``gin_ref.match.resultonly``), and may leave out ``start``.

A hand entry holds its facts (dealer or roles, upcard, turns, irregularities, the knocker and the cards
spread) and the values derived from them (limit, result, defender, winner, points, totals, games), which a
replay works out again and compares.
"""

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

VERSION_KEYS = ("upcard", "limit") + tuple(key for key in SETTLED_KEYS if key != "seal")  # what an amend replaces

CORRECTION_KINDS = ("undo", "redo", "amend")
# the keys of /2 that say in words what a correction did, kept (read, never written) in /3
CORRECTION_WORDS = {"undone": "undo", "redone": "redo", "amended": "amend"}


class AsWritten:
    """A value a person wrote into a record (a hand edit) that the canonical writer cannot reproduce from the
    field's typed value: a card written ``9h``, a count written ``"3"``, a list where a name goes. The first
    reading keeps it so (``value``, as the parsed file holds it) in the field the typed value would hold; the
    checks read it or refuse it in the file's words, and the writer writes it back as it was, so a read and a
    write change nothing a person wrote. A plain class with slots: made only for a value a hand edit wrote,
    never for what gin-ref writes.

    ``read``: an irregularity's item or a ruling as written, read leniently once by the first reading
    (``gin_ref.files.itemread``: an ``ItemValues``, a ``RulingValues``), a hand's totals or games as written
    likewise (``gin_ref.files.handform``: each ``handread.TotalsSaid``), which is all match/ reads of it;
    None for any other value."""

    __slots__ = ("value", "read")

    def __init__(self, value: object, read: object = None) -> None:
        self.value = value
        self.read = read

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AsWritten) and type(other.value) is type(self.value) and other.value == self.value

    def __hash__(self) -> int:
        return hash(repr(self.value))

    def __repr__(self) -> str:
        return f"AsWritten({self.value!r})"


def is_count(value: object) -> bool:
    """A whole number from 1 (True is not one)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


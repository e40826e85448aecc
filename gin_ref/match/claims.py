"""The values a hand entry claims, and the values a replay works out: what is derived from a hand's facts.

Beside its facts, a hand entry holds the values worked out from them: its limit, its result, the defender,
the winner, the points, the running totals and (games played one after another, or Hollywood) each game's
columns. ``Claims`` holds them as the entry writes them, read once with the rest of the hand
(``gin_ref.match.handread``): any value, as written, or ``NOT_WRITTEN`` where the entry has no such key (a
key written ``null`` holds None). The replay compares each with its own: a claim not written is a problem of
its own (``hand 3 has no 'totals' (it should be ...)``), a claim that differs is another.

A replay that settles (an action, an amend) works the values out instead of checking them: ``Worked`` holds
them (``NOT_WORKED`` where the replay works none out, and the entry's is left as it is), and
``write_worked`` is the one place that writes them into the entry, in the file's order of keys.
"""

import enum
from typing import Dict, List, Mapping, MutableMapping, NamedTuple, Optional, Sequence, Union

from gin_ref.core.escape import shown_value

__all__ = ["Claims", "NOT_WORKED", "NOT_WRITTEN", "Unset", "Worked", "read_claims", "shown_columns", "shown_totals",
           "write_worked"]


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


def shown_columns(columns: object) -> str:
    """Each game's columns as claimed, for a problem: ``game 1 Ann 25, Ben 0; game 2 ...``."""
    if not isinstance(columns, list):
        return repr(columns)
    return "; ".join(f"game {i} {shown_totals(c)}" for i, c in enumerate(columns, 1))


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

"""The head of a match record, typed (``Header``): its players, rules, start, date and what the writer
needs to lay it out again. The file's reader makes it (``gin_ref.files.matchtop.read_header``, which
checks the file's form), a new match makes it from typed values (``gin_ref.match.model.Match.new``); the
checks other parts of a record share stand here (``check_date``, ``player_named``).
"""

import datetime
from typing import List, NamedTuple, Optional, Sequence, Tuple, Union

from gin_ref.core import game
from gin_ref.core.message import Message, N_
from gin_ref.core.rules import HouseRules
from gin_ref.match.problems import Problems, Where
from gin_ref.match.schema import FORMAT
from gin_ref.core.escape import shown_value


class Header(NamedTuple):
    """What the head of a record says: the players, the rules, the first dealer or roles, and how they
    were chosen; the date as written, and the start's facts: whether the first dealer (or the roles) was
    drawn at random (``drawn``), and the cards three players drew for the roles (``draw``: each name and
    its card's code as written, in the file's order; () without one).

    And what the writer needs to lay the head out again as the file holds it (``gin_ref.files.matchtop``):
    the format as read (every write is /3), the date as written (``dated``: a hand edit's 2024-05-01, read
    by PyYAML as a date, stays one), the knobs the rules snapshot holds, in its order (their values are the
    rules'), and the keys ``start`` holds, in its order (None: no start, a match recorded by its result).
    Read from a file, its line there (``line``: that of its ``format``), so that what is said of the head
    can name the line from the value."""

    players: List[str]
    rules: HouseRules
    dealer: str  # the first dealer (three players: the first box)
    roles: Optional[game.Roles]  # three players: the roles of hand 1
    why: Message  # how they were chosen
    date: Optional[str] = None  # as written (None: not written, reported)
    drawn: bool = False
    draw: Tuple[Tuple[str, str], ...] = ()
    format: str = FORMAT
    dated: object = None
    knobs: Tuple[str, ...] = ()
    start: Optional[Tuple[str, ...]] = ()
    line: Optional[int] = None  # the line of its ``format`` in the file read (None: made in memory, or no lines)


def by_result(header: Header) -> Header:
    """The header of a match recorded by its result: no start (a paper sheet need not say who dealt first:
    no hand follows), the first player named as the first dealer (three: the roles in the players' order)."""
    players = header.players
    return header._replace(dealer=players[0], roles=game.Roles(*players) if len(players) == 3 else None,
                           why=BY_RESULT, drawn=False, draw=(), start=None)


BY_RESULT = Message(N_("recorded by its result only"))


def why_started(drawn: bool, draw: bool) -> Message:
    """How the first dealer (three players: the roles) was chosen: drawn at random, from the cards drawn
    (``draw``), or named."""
    if draw:
        return Message(N_("from the draw"))
    return Message(N_("drawn at random")) if drawn else Message(N_("named at the start"))


def check_date(value: object, where: Where, what: Union[str, Message], problems: Problems,
               timestamp: bool = False) -> None:
    if isinstance(value, (datetime.date, datetime.datetime)):
        return
    try:
        (datetime.datetime if timestamp else datetime.date).fromisoformat(str(value))
    except ValueError:
        message = N_("%(what)s must be an ISO time (2024-05-01T20:15:00+02:00), not %(value)s") if timestamp else \
            N_("%(what)s must be an ISO date (2024-05-01), not %(value)s")
        problems.add(where, Message(message, what=what, value=shown_value(value)))


def player_named(value: object, key: str, where: Where, allowed: Sequence[str], problems: Problems,
                 fatal: bool = False, what: Union[None, str, Message] = None) -> Optional[str]:
    """``value`` (``key``'s as written, None: not written) if it names one of ``allowed``; else a problem
    (at ``where``, missing; at its key, another name) and None: the one place these two are said, for the
    head's keys, a hand's and an irregularity's."""
    if isinstance(value, str) and value in allowed:
        return value
    what = what or f"'{key}'"
    report = problems.fatal if fatal else problems.add
    if value is None:
        report(where, Message(N_("%(what)s is missing"), what=what))
    else:
        report(tuple(where) + (key,), Message(N_("%(what)s must be one of %(allowed)s, not %(value)s"), what=what,
                                              allowed=", ".join(allowed), value=shown_value(value)))
    return None

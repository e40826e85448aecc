"""The errors gin-ref raises. The core raises these and never prints or exits; the CLI turns them into
one ``Error: ...`` line and an exit code (``exit_code`` below) in one place."""

from __future__ import annotations

from typing import Iterable, Optional, Union


class GinRefError(Exception):
    """Base of every error gin-ref reports to a user."""

    exit_code = 1


class InvalidNotationError(GinRefError, ValueError):
    """Text that is not valid: an unknown card, a duplicate, a wrong number of cards, a bad meld."""

    exit_code = 2


class IllegalActionError(GinRefError):
    """A well-formed action the rules refuse now: an illegal knock, a deal out of turn, a match that is over."""

    exit_code = 1


class CountOverLimitError(IllegalActionError):
    """A knock given by a count over the limit, not said to have happened: taken for a mistyped count,
    refused and not recorded (``--illegal`` records it as an illegal knock). ``reason``: why the knock is
    not allowed; ``player`` and ``count``: who knocked with what."""

    exit_code = 1

    def __init__(self, message: str, reason: str = "", player: str = "", count: int = 0) -> None:
        super().__init__(message)
        self.reason = reason
        self.player = player
        self.count = count


class OutOfTurnError(IllegalActionError):
    """An action by a player whose turn it is not: a turn out of turn, a deal by the wrong dealer (a match
    refuses it and keeps it as an irregularity: see ``gin_ref.match.actions``)."""

    exit_code = 1


class RulesError(GinRefError, ValueError):
    """House rules that cannot be used: an unknown knob, a wrong type, a value out of range."""

    exit_code = 2


class RecordError(GinRefError):
    """A match record that cannot be read or does not add up. ``line`` is 1-based when known; ``where`` is
    the problem's path of keys into the record (``("hands", 2, "totals")``) when it comes from a replay."""

    exit_code = 1

    def __init__(self, message: str, line: Optional[int] = None, path: Optional[str] = None,
                 where: Iterable[Union[str, int]] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.path = path
        self.where = tuple(where)

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:{self.line}: " if self.line else f"{self.path}: "
        elif self.line:
            where = f"line {self.line}: "
        return where + self.message

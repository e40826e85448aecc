"""The errors gin-ref raises. The core raises these and never prints or exits; the CLI turns them into
one ``Error: ...`` line and an exit code (``exit_code`` below) in one place.

An error's words are data (#38 item 1): raise it with a ``Message`` (``gin_ref.core.message``), a message of
the catalogue and its facts, and the fronts say it in the reader's language (``said_as``); its ``str`` is
the English sentence. An error raised with a plain string is said in English inside the kind's sentence
(the old way, while the layers move to messages)."""

from __future__ import annotations

from typing import Iterable, Optional, Union

from gin_ref.core.message import Message, N_


AT_LINE = N_("line %(line)d: %(reason)s")  # a record's problem at a line of no file named


class GinRefError(Exception):
    """Base of every error gin-ref reports to a user. ``said_as``: the message it was raised with (None: a
    plain English string)."""

    exit_code = 1
    said_as: Optional[Message] = None

    def __init__(self, message: Union[str, Message] = "", *args: object) -> None:
        if isinstance(message, Message):
            self.said_as = message
            message = message.english()
        super().__init__(message, *args)


def reason(exc: GinRefError) -> Union[str, Message]:
    """What ``exc`` says, to put inside another message (``Message(N_("hand %(hand)d: %(reason)s"), hand=2,
    reason=reason(exc))``): its message, or its English text."""
    return exc.said_as if exc.said_as is not None else str(exc)


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

    def __init__(self, message: Union[str, Message], reason: Union[str, Message] = "", player: str = "",
                 count: int = 0) -> None:
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

    def __init__(self, message: Union[str, Message], line: Optional[int] = None, path: Optional[str] = None,
                 where: Iterable[Union[str, int]] = ()) -> None:
        super().__init__(message)
        self.message = message.english() if isinstance(message, Message) else message
        self.line = line
        self.path = path
        self.where = tuple(where)

    def __str__(self) -> str:
        return self.located(self.message)

    def located(self, text: str) -> str:
        """``text`` (the message, in English) after where it is: ``PATH:LINE: `` (``line N: ``, said as the
        message ``AT_LINE``, which the fronts say in the reader's language)."""
        if self.path is not None:
            return (f"{self.path}:{self.line}: " if self.line else f"{self.path}: ") + text
        if self.line:
            return Message(AT_LINE, line=self.line, reason=text).english()
        return text


class Busy(RecordError):
    """Another writer holds the match's lock (and kept it for the whole ``wait``): raised by the store
    (``gin_ref.files.store``), defined here so that the desk tells it by its type (``isinstance``), not by
    its name or its text, without loading the store in a command that writes nothing."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name} is being written by another gin-ref: try again when it is done")


class Changed(RecordError):
    """The match no longer holds the bytes read (a copy or an editor's save was put in its place): nothing
    written. Raised by the store; here for the reason ``Busy`` is."""

    def __init__(self, name: str, message: str = "") -> None:
        super().__init__(message or f"{name} was changed by another writer while this one worked: nothing "
                         "written; try again")

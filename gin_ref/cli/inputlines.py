"""The lines of ``--input`` (JSON Lines for ``check`` and ``score``), read with a cap on their length.

A line is at most MAX_LINE bytes: a longer one is answered with an error and skipped to its end, so one
bad line costs neither memory nor the answers to the lines after it. A line still going after MAX_SKIP
bytes more (``--input /dev/zero``) never ends: once it is answered, reading stops with NoEndError (exit 2).
"""

from __future__ import annotations

from typing import IO, Iterator, Optional, Tuple

import re


from gin_ref.desk.errors import InvalidNotationError, Message, N_

MAX_LINE = 1 << 20  # bytes (1 MiB); a case is under 200
MAX_SKIP = 64 << 20  # bytes skipped looking for the end of an over-long line
_CHUNK = 1 << 20
BOM = b"\xef\xbb\xbf"  # UTF-8's byte-order mark
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


class NoEndError(InvalidNotationError):
    """An input line with no end in sight."""


def lines(stream: IO[bytes]) -> Iterator[Tuple[int, Optional[bytes], Optional[InvalidNotationError]]]:
    """``(number, raw, error)`` for each line of a binary stream: ``raw`` its bytes (at most MAX_LINE, the
    line break included), or None with ``error`` (an InvalidNotationError to answer) for an over-long line.
    Raises NoEndError, after that line is answered, if it runs past MAX_SKIP more bytes. A UTF-8 byte-order
    mark at the start of the stream (an editor on Windows writes one) is not part of the first line."""
    readline = stream.readline
    number = 0
    while True:
        raw = readline(MAX_LINE + 1)
        if not raw:
            return
        if number == 0 and raw.startswith(BOM):
            raw = raw[len(BOM):]
            if not raw:  # the mark alone: no line at all
                return
        number += 1
        if len(raw) <= MAX_LINE or raw.endswith(b"\n"):
            yield number, raw, None
            continue
        yield number, None, InvalidNotationError(Message(N_("line longer than %(mib)d MiB: skipped"),
                                                             mib=MAX_LINE // 2 ** 20))
        skipped = len(raw)
        while True:
            rest = readline(_CHUNK)
            if not rest or rest.endswith(b"\n"):
                break
            skipped += len(rest)
            if skipped > MAX_SKIP:
                raise NoEndError(Message(N_("--input line %(line)d has no end (over %(mib)d MiB without a line "
                                            "break): stopped"), line=number, mib=MAX_SKIP // 2 ** 20))


def may_hold_surrogates(raw: bytes) -> bool:
    """Could this JSON line hold a lone surrogate (written as an escape, ``\\ud800``)? Valid UTF-8 cannot."""
    return _SURROGATE_ESCAPE.search(raw) is not None


def check_text(value: object) -> None:
    """Raise InvalidNotationError if any string in a decoded JSON value (keys included) holds a lone
    surrogate: it is not text, and no answer could print it."""
    if isinstance(value, str):
        if re.search("[\ud800-\udfff]", value):
            raise InvalidNotationError(Message(N_("not valid text: a lone surrogate escape (\\ud800-\\udfff)")))
    elif isinstance(value, dict):
        for key, item in value.items():
            check_text(key)
            check_text(item)
    elif isinstance(value, list):
        for item in value:
            check_text(item)

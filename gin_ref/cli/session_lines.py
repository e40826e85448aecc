"""The session without a terminal (``gin-ref play`` reading a pipe or a file): its input read line by line as
text, each line answered in turn.
"""

from __future__ import annotations

import sys
from typing import IO, TYPE_CHECKING, Iterator, Optional, Tuple

from gin_ref.cli.session import QUIT
from gin_ref.desk.language import gettext

if TYPE_CHECKING:
    from gin_ref.cli.session import Session

MAX_LINE = 1 << 20  # bytes; a longer line is answered with an error and skipped

BOM = b"\xef\xbb\xbf"  # UTF-8's byte-order mark


def read_lines(stream: IO[bytes]) -> Iterator[Tuple[Optional[str], Optional[str]]]:
    """The lines of a byte stream as text, each ``(text, error)``: an error (and no text) for a line that is
    not UTF-8 or longer than MAX_LINE bytes (the rest of such a line is skipped). A UTF-8 byte-order mark
    at the start (an editor on Windows writes one) is not part of the first line."""
    first = True
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        if first and raw.startswith(BOM):
            raw = raw[len(BOM):]
        first = False
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(MAX_LINE)
            yield None, gettext("a line over %(size)d KiB: skipped") % {"size": MAX_LINE // 1024}
            continue
        try:
            yield raw.decode("utf-8"), None
        except UnicodeDecodeError:
            yield None, gettext("a line that is not UTF-8 text: skipped")


def run_lines(session: "Session", stream: IO[bytes]) -> int:
    """The session without a terminal: each line of ``stream`` (bytes) answered in turn, no prompt, no
    colour. Returns the worst exit code of the commands (0 when all succeeded)."""
    for text, error in read_lines(stream):
        if text is None:  # (then ``error`` says why)
            session.refuse(str(error), 2)
            continue
        if session.entry(text) is QUIT:
            break
        sys.stdout.flush()
    return session.worst

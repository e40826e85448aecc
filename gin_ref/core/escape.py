"""Text shown to people, made safe to print: every character that would split a line or reach the terminal
raw is escaped.

Line breaks (``\\n`` ``\\r`` ``\\v`` ``\\f``, the C1 NEL, U+2028/2029), every other control character (ESC
starts a terminal escape: ``\\x1b]0;title\\x07`` sets a window's title), format characters (a right-to-left
override turns a line around) and lone surrogates (the bytes of a file name that are not UTF-8) are written
as ``\\n``, ``\\r``, ``\\x1b``, ``\\u2028``, ``\\u202e``, ``\\udcff``. A tab is kept. Names, paths and values
a user or a file gave go through ``one_line`` wherever they are printed for people, and short excerpts of a
value through ``excerpt``.
"""

from __future__ import annotations

_ESCAPES = {"\n": "\\n", "\r": "\\r"}
EXCERPT = 40  # characters of a value quoted in a message, at most


def _escaped(char: str) -> str:
    if char in _ESCAPES:
        return _ESCAPES[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else (f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")


def one_line(text: object) -> str:
    """``text`` with every character that would split a line or reach the terminal raw escaped: every
    character Python does not call printable (controls, line and paragraph separators, format characters
    such as a right-to-left override, lone surrogates, unassigned code points) but the tab and the space."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() or char == "\t" else _escaped(char) for char in text)


def excerpt(text: object, limit: int = EXCERPT) -> str:
    """A short, escaped excerpt of a value to quote in a message: at most ``limit`` characters of it,
    with ``...`` when it was cut."""
    text = str(text)
    cut = text[:limit] + ("..." if len(text) > limit else "")
    return one_line(cut)


def shown_value(value: object) -> str:
    """A value a file or a user gave, for a message, in the words of the file rather than of Python:
    ``null`` (not None), ``true``/``false``, a number as written, text quoted as a short escaped excerpt
    (``'Ann'``), and ``a list`` / ``a mapping`` for the rest."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return excerpt(value)
    if isinstance(value, str):
        return f"'{excerpt(value)}'"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"'{excerpt(value)}'"  # a date, a time: as the file writes it


def shown_path(name: str) -> str:
    """A file name as people and files read it: valid text on one line, the bytes of a name that is not UTF-8
    escaped as ``\\xff`` (they reach Python as lone surrogates, which no UTF-8 file or page can hold) and
    every other character that is not printable as ``one_line`` escapes it."""
    if any("\ud800" <= char <= "\udfff" for char in name):
        name = name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return one_line(name)

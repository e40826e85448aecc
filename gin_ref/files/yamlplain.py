"""The text the match file's writer leaves unquoted: a fixed safe set, the same for every reader.

A string is written plain (``Ann``, ``7D``, ``min_deadwood``, ``gin-ref-match/2``, a seal) only when
``is_plain`` says so; every other string is quoted (``gin_ref.files.yamlwrite``). The set is chosen so that a
plain string is text to any YAML reader, with no resolver consulted: the canonical reader
(``gin_ref.files.yamlfast``) reads each value by its key's type (``gin_ref.files.recordkeys``), and PyYAML's
safe loader (a hand-edited file) reads a plain string of the set as the same string. The set is:

- a **word**: a letter (of any alphabet) first, then letters, digits, ``_`` and ``. + - / ( ) '``, with single
  spaces or more inside but not at the end (``Ann``, ``Zoë``, ``O'Brien``, ``Jean Luc``, ``rules/club.yaml``,
  ``gin-ref-match/2``); but not one of RESERVED in any case (``yes``, ``No``, ``NULL``...: true, false or
  null to some YAML reader);
- a **code**: an ASCII digit first, then ASCII letters and digits, holding at least one letter (a card
  ``7D``, a seal ``41f37d9da9ca2368``, ``1e3``); but not a whole number written in base 2, 8 or 16
  (``0b101``, ``0o17``, ``0x1F``).

Anything else is quoted: a text of digits alone (``12``, ``012``), with a sign, a dot, a colon or a dash
after a digit (``-1``, ``.5``, ``1.5``, ``12:30``, ``2024-05-01``), ``~``, ``.inf``, a space at either end,
the YAML indicators (``- x``, ``: x``, ``#``, ``[x]``, ``&a``...), an empty string. A code such as ``1e3`` is
text to YAML 1.1 (PyYAML) and stays plain: hand seals take that form, and every seal written plain before
stays as it was written.

``UNSAFE_TEXT`` is the characters YAML takes only escaped in double quotes: the writer double-quotes text
holding one, and the canonical reader leaves a file holding one to PyYAML.
"""

from __future__ import annotations

import re
import sys
from typing import Iterator, Optional, Pattern, Set

RESERVED = frozenset({"y", "n", "yes", "no", "true", "false", "on", "off", "null"})  # compared lower-cased
_WORD = re.compile(r"[^\W\d_](?:[\w.+\-/()' ]*[\w.+\-/()'])?")
_CODE = re.compile(r"[0-9][0-9A-Za-z]*")
_BASED = re.compile(r"0(?:b[01]+|o[0-7]+|x[0-9a-fA-F]+)")
_SEEN: Set[str] = set()  # the plain strings met so far (names, cards, words): most are met again and again
_SEEN_MAX = 10_000


def is_plain(text: str) -> bool:
    """Is ``text`` in the safe set of plain text (see the module's doc)?"""
    if text in _SEEN:
        return True
    if _WORD.fullmatch(text):
        plain = text.lower() not in RESERVED
    else:
        plain = bool(_CODE.fullmatch(text)) and not text.isdigit() and not _BASED.fullmatch(text)
    if plain and len(_SEEN) < _SEEN_MAX:
        _SEEN.add(text)
    return plain


class LazyPattern:
    """A regular expression compiled when first used, not when its module is imported: a character class
    with long ranges of code points takes Python's compiler some millions of instructions to build, and
    a command that reads a match file in the writer's layout needs few of them (issue 28: a quick start)."""

    __slots__ = ("pattern", "flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern, self.flags = pattern, flags
        self._compiled: Optional[Pattern[str]] = None

    @property
    def compiled(self) -> Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> "Optional[re.Match[str]]":
        return self.compiled.search(text, pos, endpos)

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> "Iterator[re.Match[str]]":
        return self.compiled.finditer(text, pos, endpos)


# PyYAML reads these characters only inside double quotes (escaped) or not at all. Written as the characters
# refused rather than those allowed ("[^\n\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\u2028
# \u2029\ufeff]", the same set: a test compares every code point), which Python's regex compiler builds in a
# tenth of the time. Compiled when first used (4 M instructions): the reader needs it only for a text that is
# not printable.
UNSAFE_TEXT = LazyPattern("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")


class Fallback(Exception):
    """Text outside the canonical layout: the canonical reader leaves it to PyYAML."""

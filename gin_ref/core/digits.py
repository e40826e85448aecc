"""Whole numbers as people type them: counts, hand numbers and points are written in ASCII digits only.

Python's ``int`` and ``str.isdigit`` also take the digits of other scripts (``int('٠')`` is 0, an
Arabic-Indic zero; ``'²'.isdigit()`` is true), so a count typed in another script, or pasted from a page,
would be read as a number nobody meant. Such a digit is refused, naming it by its Unicode name.
"""

from __future__ import annotations

import unicodedata
from typing import Optional, Union

from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.message import Message, N_


def foreign_digit(text: str) -> Optional[str]:
    """The first character of ``text`` that Python reads as a digit but is not one of ASCII 0-9, or None."""
    for char in text:
        if not char.isascii() and (char.isdigit() or char.isdecimal() or unicodedata.category(char) == "Nd"):
            return char
    return None


def digit_name(char: str) -> str:
    """``U+0660 ARABIC-INDIC DIGIT ZERO``: a character as people can look it up."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" {name}" if name else "")


def verify_ascii_digits(text: str, what: Union[str, Message]) -> None:
    """Raise InvalidNotationError, naming ``what`` and the character, when ``text`` holds a digit that is
    not ASCII 0-9."""
    char = foreign_digit(text)
    if char is not None:
        raise InvalidNotationError(Message(N_("%(what)s: %(character)s is not an ASCII digit: write numbers with 0-9"),
                                           what=what, character=digit_name(char)))


def is_ascii_whole(text: str) -> bool:
    """Is ``text`` a whole number written in ASCII digits (``'12'``; not ``'٣'``, ``'-1'`` or ``''``)?"""
    return text.isascii() and text.isdigit()


def has_digits_for(text: str, most: int) -> bool:
    """Has the whole number ``text`` (ASCII digits) no more digits than ``most`` has (leading zeros aside)?
    A number with more is refused in words before ``int`` reads it: past 4,300 digits Python's ``int``
    itself refuses (its limit on reading numbers), which would end as an internal error."""
    return len(text.lstrip("0")) <= len(str(most))

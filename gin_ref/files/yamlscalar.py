"""Plain scalars exactly as PyYAML resolves them, and the character classes the reader and writer share.

``implicit_tag`` asks PyYAML's own resolver table, so the fast reader (``gin_ref.files.yamlfast``) and
the writer (``gin_ref.files.yamlwrite``) agree with PyYAML on what ``yes``, ``012`` or ``1_0`` is.
"""

from __future__ import annotations

import re
import sys
from typing import Any, Dict, FrozenSet, Iterator, List, Optional, Pattern, Tuple


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

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> "Optional[re.Match[str]]":
        return self.compiled.match(text, pos, endpos)

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> "Optional[re.Match[str]]":
        return self.compiled.fullmatch(text, pos, endpos)

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> "Iterator[re.Match[str]]":
        return self.compiled.finditer(text, pos, endpos)


PLAIN = r"\w(?:[\w.+\-/()' ]*[\w.+\-/()'])?"
QUOTED = r"'(?:[^']|'')*'"
PLAIN_SCALAR = LazyPattern(PLAIN)  # the writer's
# PyYAML reads these characters only inside double quotes (escaped) or not at all; the fast path leaves
# such text to PyYAML, and the writer double-quotes strings holding them.
# Written as the characters refused rather than those allowed ("[^\n\x20-\x7e\xa0-\ud7ff\ue000-\ufffd
# \U00010000-\U0010ffff]|[\u2028\u2029\ufeff]", the same set: a test compares every code point), which
# Python's regex compiler builds in a tenth of the time: the long ranges cost some 12 ms at every start.
# Compiled when first used (4 M instructions): the reader needs it only for a line that is not printable.
UNSAFE_TEXT = LazyPattern("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
STR_TAG, _INT_TAG, _FLOAT_TAG = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
_BOOL_TAG, _NULL_TAG = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"


class Fallback(Exception):
    """Text the fast reader leaves to PyYAML."""


# PyYAML's implicit resolvers (``yaml.resolver.Resolver.yaml_implicit_resolvers``, PyYAML 5.1 to 6.0): each
# tag, its pattern, and the first characters it is tried for, in PyYAML's order. Copied, so that reading a
# match file in the writer's layout needs no ``import yaml`` (a tenth of a command's start); a test holds
# the copy equal to the installed PyYAML's table.
IMPLICIT_RESOLVERS = (
    ("tag:yaml.org,2002:bool", r'''^(?:yes|Yes|YES|no|No|NO
                    |true|True|TRUE|false|False|FALSE
                    |on|On|ON|off|Off|OFF)$''', re.X, list("yYnNtTfFoO")),
    ("tag:yaml.org,2002:float", r'''^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
                    |\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
                    |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
                    |[-+]?\.(?:inf|Inf|INF)
                    |\.(?:nan|NaN|NAN))$''', re.X, list("-+0123456789.")),
    ("tag:yaml.org,2002:int", r'''^(?:[-+]?0b[0-1_]+
                    |[-+]?0[0-7_]+
                    |[-+]?(?:0|[1-9][0-9_]*)
                    |[-+]?0x[0-9a-fA-F_]+
                    |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$''', re.X, list("-+0123456789")),
    ("tag:yaml.org,2002:merge", r"^(?:<<)$", 0, ["<"]),
    ("tag:yaml.org,2002:null", r'''^(?: ~
                    |null|Null|NULL
                    | )$''', re.X, ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:timestamp", r'''^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]
                    |[0-9][0-9][0-9][0-9] -[0-9][0-9]? -[0-9][0-9]?
                     (?:[Tt]|[ \t]+)[0-9][0-9]?
                     :[0-9][0-9] :[0-9][0-9] (?:\.[0-9]*)?
                     (?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$''', re.X, list("0123456789")),
    ("tag:yaml.org,2002:value", r"^(?:=)$", 0, ["="]),
    ("tag:yaml.org,2002:yaml", r"^(?:!|&|\*)$", 0, list("!&*")),
)
_resolvers: Dict[Optional[str], List[Tuple[str, str, int]]] = {}
# The characters a text each pattern matches can hold ("\n" too: ``$`` matches before a final line break): a
# text holding another cannot match it, and the pattern is neither tried nor compiled (the float, int and
# timestamp patterns cost some 7 M instructions to compile, and a card code like 9S starts with a digit). A
# test draws texts from each pattern and holds each set to them.
MAY_HOLD: Dict[str, FrozenSet[str]] = {
    "tag:yaml.org,2002:bool": frozenset("yYeEsSnNoOtTrRuUfFaAlL\n"),
    "tag:yaml.org,2002:float": frozenset("0123456789_.eE+-:iInNfFaA\n"),
    "tag:yaml.org,2002:int": frozenset("0123456789_+-:bxabcdefABCDEF\n"),
    "tag:yaml.org,2002:merge": frozenset("<\n"),
    "tag:yaml.org,2002:null": frozenset("~nNuUlL\n"),
    "tag:yaml.org,2002:timestamp": frozenset("0123456789-Tt \t:.Z+\n"),
    "tag:yaml.org,2002:value": frozenset("=\n"),
    "tag:yaml.org,2002:yaml": frozenset("!&*\n"),
}
HEX_ONLY = frozenset("acdefABCDEF")  # an int holding one of these is hexadecimal: it holds the "x" of 0x
NAMED = frozenset("iInNfFaA")  # a float holding one of these is .inf or .nan: it holds no digit
DIGITS = frozenset("0123456789")


def resolver_table() -> Dict[Optional[str], List[Tuple[str, str, int]]]:
    """The resolvers by first character, as PyYAML keeps them: ``{char: [(tag, pattern, flags), ...]}`` (each
    pattern compiled when first tried: a match file's tokens need two or three of them)."""
    if not _resolvers:
        for tag, pattern, flags, firsts in IMPLICIT_RESOLVERS:
            for first in firsts:
                _resolvers.setdefault(first, []).append((tag, pattern, flags))
        _resolvers.setdefault(None, [])  # the patterns tried whatever the first character
    return _resolvers


def implicit_tag(text: str) -> str:
    """PyYAML's implicit tag of a plain scalar (str, int, bool, null, float, timestamp...): its resolver's
    own table of patterns, by first character, as ``yaml.resolver.Resolver.resolve`` walks it."""
    resolvers = _resolvers or resolver_table()
    held = set(text)
    for tag, pattern, flags in resolvers.get(text[0] if text else "", []) + resolvers[None]:
        if (not held <= MAY_HOLD[tag] or (tag == _INT_TAG and held & HEX_ONLY and "x" not in held)
                or (tag == _FLOAT_TAG and held & NAMED and held & DIGITS)):
            continue  # characters the pattern cannot match together (a seal's digits, a card): it does not match
        if re.match(pattern, text, flags):
            return tag
    return STR_TAG


# Every plain token read so far (each matched PLAIN first) -> its value; the fast reader looks tokens up here.
PLAIN_VALUES: Dict[str, Any] = {}


def plain_value(text: str, keep: bool = True) -> Any:
    """The value of a plain scalar, or Fallback if PyYAML would build something other than str, int,
    bool or null (a date, a float, an octal number...). Kept in PLAIN_VALUES unless not ``keep`` (a token
    met once: a hand's number, a seal)."""
    try:
        return PLAIN_VALUES[text]
    except KeyError:
        pass
    # a whole number in decimal is PyYAML's int (no other pattern reads one), found without its patterns
    tag = _INT_TAG if _INT.fullmatch(text) else implicit_tag(text)
    value: Any
    if tag == STR_TAG:
        value = text
    elif tag == _NULL_TAG:
        value = None
    elif tag == _BOOL_TAG:
        value = text.lower() in ("yes", "true", "on")
    elif tag == _INT_TAG and _INT.fullmatch(text) and len(text) <= 3000:  # longer: the fallback decides
        value = int(text)
    else:
        raise Fallback
    if keep and len(PLAIN_VALUES) < 100_000:
        PLAIN_VALUES[text] = value
    return value


def quoted_value(token: str) -> str:
    """The text of a single-quoted scalar."""
    return token[1:-1].replace("''", "'")


def key_value(token: str) -> Any:
    return quoted_value(token) if token[0] == "'" else plain_value(token)

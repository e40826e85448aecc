"""Player names that look alike: ``Ann`` and ``Аnn`` (a Cyrillic А), ``Al`` and ``AI``, ``B0b`` and ``BOb``.

Two names look alike when their skeletons are equal: each character (of the name in NFD, and again case
folded) replaced by one representative of its class of confusables. (In ASCII only 1, I, l and | are one
class, 0 and O another, ' and ` a third.) The classes come from Unicode's
confusables (UTS #39), as the ``confusable_homoglyphs`` package ships them (``confusables.json``): two
characters are in one class when the table names either as a confusable of the other. Multi-character
look-alikes (``rn`` and ``m``) are not in the table's single characters and are not compared.

Names are NFC-normalized where they are read and written (``gin_ref.core.players.check_name`` and the match
file's reader), so ``Zoë`` composed and decomposed are one name, not two that look alike.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

# The classes of ASCII characters in the table: names in ASCII are compared without loading it
# (tests/test_input_guards.py checks these against the table).
ASCII_CLASSES = ("1Il|", "0O", "'`")
_ASCII = str.maketrans({char: group[0] for group in ASCII_CLASSES for char in group})


@functools.lru_cache(maxsize=1)
def _classes() -> Dict[str, str]:
    """``{character: its class's representative}`` from the confusables table (the smallest code point)."""
    from importlib import resources  # late (docs/architecture.md): only names outside ASCII need the table

    table = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    parent: Dict[str, str] = {}

    def find(char: str) -> str:
        root = char
        while root in parent and parent[root] != root:
            root = parent[root]
        while char in parent and parent[char] != root:  # path compression
            parent[char], char = root, parent[char]
        return root

    for char, homoglyphs in table.items():
        if len(char) != 1:
            continue
        for item in homoglyphs:
            other = item["c"] if "c" in item else ""
            if len(other) == 1:
                a, b = find(char), find(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    classes = {char: find(char) for char in list(parent)}
    classes.update((root, root) for root in list(classes.values()))
    return classes


def skeleton(name: str) -> str:
    """The name with each character replaced by its class of confusables' representative (in NFD)."""
    text = unicodedata.normalize("NFD", name)
    return text.translate(_ASCII if text.isascii() else _table())


@functools.lru_cache(maxsize=1)
def _table() -> Dict[int, str]:
    """``_classes`` as ``str.translate`` takes it."""
    return {ord(char): root for char, root in _classes().items()}


def player_key(name: str) -> str:
    """The name a player is counted under: names are matched without case (``ann`` and ``Ann`` are one
    player), in a match, an event, the standings, the ratings and the stats alike."""
    return name.casefold()


def same_player(a: str, b: str) -> bool:
    """Do two spellings name one player (``player_key``)?"""
    return player_key(a) == player_key(b)


def first_same_player(names: Sequence[str]) -> Optional[Tuple[str, str]]:
    """``(first, later)``: the first name of ``names`` that names a player met before (``player_key``), with
    the spelling met first (the same spelling when a name is given twice); None when every player is named
    once. The match and the event refuse such names, each in its own words."""
    seen: Dict[str, str] = {}
    for name in names:
        key = player_key(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


def look_alike(a: str, b: str) -> bool:
    """Do two different names (not merely in case) look alike?"""
    a, b = unicodedata.normalize("NFC", a), unicodedata.normalize("NFC", b)
    if a.casefold() == b.casefold():
        return False
    return skeleton(a) == skeleton(b) or skeleton(a.casefold()) == skeleton(b.casefold())


def first_look_alike(names: Sequence[str]) -> Optional[Tuple[str, str]]:
    """The first two of ``names`` that look alike, in their order, or None."""
    seen: Dict[str, List[str]] = {}
    for name in names:
        keys = {skeleton(name), skeleton(name.casefold())}
        for other in [other for key in keys if key in seen for other in seen[key]]:
            if look_alike(other, name):
                return other, name
        for key in keys:
            seen.setdefault(key, []).append(name)
    return None


def differing(a: str, b: str) -> str:
    """The characters that tell two look-alike names apart, named: ``А (U+0410 CYRILLIC CAPITAL LETTER A)
    for A (U+0041 LATIN CAPITAL LETTER A)``; the first difference only."""
    for x, y in zip(unicodedata.normalize("NFD", a), unicodedata.normalize("NFD", b)):
        if x != y:
            return f"{_named(y)} for {_named(x)}"
    return "a different length"


def _named(char: str) -> str:
    return f"{char} (U+{ord(char):04X} {unicodedata.name(char, 'unnamed')})"


def look_alike_message(a: str, b: str) -> str:
    """Why two names of one match are refused."""
    return (f"player names '{a}' and '{b}' look alike ({differing(a, b)}): "
            "give names that can be told apart")


def look_alikes_across(groups: Iterable[Tuple[str, Sequence[str]]]) -> List[Tuple[str, str, str, str]]:
    """``(name, file, other name, other file)`` for each two spellings, in different files, that look alike
    (``groups``: each file with its players), each pair of spellings once, in the order first met."""
    first: Dict[str, str] = {}  # each spelling -> the first file it is in
    for file, players in groups:
        for name in players:
            first.setdefault(name, file)
    by_skeleton: Dict[str, List[str]] = {}
    for name in first:
        for key in {skeleton(name), skeleton(name.casefold())}:
            by_skeleton.setdefault(key, []).append(name)
    found: List[Tuple[str, str, str, str]] = []
    seen = set()
    for group in by_skeleton.values():
        for i, name in enumerate(group):
            for other in group[i + 1:]:
                pair = (name, other)
                if pair not in seen and look_alike(name, other):
                    seen.add(pair)
                    found.append((name, first[name], other, first[other]))
    return found

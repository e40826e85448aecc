"""The canonical reader: the layout ``gin_ref.files.yamlwrite`` writes, read straight into values, each by
its key's type (``gin_ref.files.recordkeys``), with the line of every key and item.

The layout: a mapping a key a line (``key: value``, or ``key:`` and the value's lines under it), a list an
item a line (``- value``, or ``- key: value`` and the rest of the item's mapping under it), a short list or
mapping on one line in flow style (``[AS, 2S]``, ``{Ann: 0, Ben: 18}``, items parted by ``, ``), a value
plain (``gin_ref.files.yamlplain``), single-quoted or ``null``; blank lines and whole-line comments
anywhere. Each value is read by its type: a ``NUMBER`` key's text must be a whole number, a ``TRUTH`` key's
``true`` or ``false``, a ``TEXT`` key's plain text of the safe set or a quoted string; no YAML resolver is
asked, and a plain text outside the safe set is not the writer's.

Any text outside it raises ``Fallback``, and PyYAML's safe loader reads the file (``gin_ref.files.yamlload``):
a key the table does not know, a value not of its key's type, a comment after a value, double quotes,
anchors, tags, block scalars, a tab, a line over MAX_LINE characters. What this reader accepts, PyYAML reads
as the same data (the tests compare the two on many records and on generated near-canonical text), so a file
reads alike whichever reader takes it; the table's types bound the nesting.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from gin_ref.files.recordkeys import Keys, Kind, ListOf, MapOf, Scalar
from gin_ref.files.yamldata import LineDict, LineList
from gin_ref.files.yamlplain import UNSAFE_TEXT, Fallback, is_plain

# PyYAML refuses a key that ends over 1,024 characters from where it starts; lines this long go to it.
MAX_LINE = 1000
MAX_DIGITS = 3000  # a longer number is left to PyYAML's reader, which says why it is not read
_Line = Tuple[int, int, str]  # (line number, indent, content)


def parse_canonical(text: str, schema: Keys) -> LineDict:
    """The document ``text`` in the canonical layout, read by ``schema`` (a mapping's keys and types);
    Fallback for any text outside it."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    # printable text (newlines aside) holds none of the characters PyYAML reads only escaped: the quick test
    # (Python's printable characters are a subset of the safe ones); the character scan decides
    if not text.replace("\n", "").isprintable() and UNSAFE_TEXT.search(text):
        raise Fallback
    raws = text.split("\n")
    if max(map(len, raws)) > MAX_LINE:
        raise Fallback
    reader = _Reader([(number, len(raw) - len(left), left) for number, raw in enumerate(raws, 1)
                      if (left := raw.lstrip(" ")) and left[0] != "#"])
    del raws  # (not held while the values are read)
    if not reader.items or reader.items[0][1] != 0:
        raise Fallback
    data = reader.mapping(0, schema)
    if reader.pos != len(reader.items):
        raise Fallback
    return data


def _is_item(content: str) -> bool:
    return content[0] == "-" and (len(content) == 1 or content[1] == " ")


class _Reader:
    """The content lines of a text (comments and blank lines dropped) and the next one to read."""

    __slots__ = ("items", "pos")

    def __init__(self, items: List[_Line]) -> None:
        self.items = items
        self.pos = 0

    def next_line(self) -> Optional[_Line]:
        return self.items[self.pos] if self.pos < len(self.items) else None

    def mapping(self, indent: int, kind: Kind) -> LineDict:
        """The block mapping whose keys stand at ``indent``, from the next line."""
        if isinstance(kind, Keys):
            fields: Optional[Dict[str, Kind]] = kind.fields
            names: Optional[Kind] = None
        elif isinstance(kind, MapOf):
            fields, names = None, kind.value
        else:
            raise Fallback
        items = self.items
        result = LineDict()
        lines: Dict[Any, int] = {}
        result.line, result.lines = items[self.pos][0], lines
        while self.pos < len(items):
            number, at, content = items[self.pos]
            if at != indent:
                if at > indent:
                    raise Fallback
                break
            key, sep, rest = content.partition(": ")  # the common line: a known key and its value
            value_kind = fields.get(key) if fields is not None and sep else None
            if value_kind is None:
                key, rest = _key(content)
                value_kind = names if fields is None else fields.get(key)
                if value_kind is None:
                    raise Fallback  # a key the table does not know
            if key in result:
                raise Fallback  # a key given twice: PyYAML's reader names it
            lines[key] = number
            self.pos += 1
            if not rest:
                result[key] = self.block(indent, value_kind)
            elif type(value_kind) is Scalar and rest[0] != "[" and rest[0] != "{":
                value = value_kind.seen.get(rest, _MISSING)
                result[key] = _scalar(rest, value_kind) if value is _MISSING else value
            else:
                result[key] = self.inline(rest, value_kind)
        return result

    def block(self, indent: int, kind: Kind) -> Any:
        """The value of a key written alone on its line (``key:`` at ``indent``): the lines under it."""
        item = self.next_line()
        if item is None or item[1] < indent:
            raise Fallback  # no value (YAML's null; the writer writes null)
        if isinstance(kind, ListOf) and _is_item(item[2]):
            return self.sequence(item[1], kind)
        if item[1] == indent:
            raise Fallback
        return self.mapping(item[1], kind)

    def sequence(self, indent: int, kind: ListOf) -> LineList:
        """The block sequence whose items (``- ...``) stand at ``indent``, from the next line."""
        items, item_kind = self.items, kind.item
        result = LineList()
        lines: List[int] = []
        result.line, result.lines = items[self.pos][0], lines
        while self.pos < len(items):
            number, at, content = items[self.pos]
            if at != indent or not _is_item(content):
                if at > indent:
                    raise Fallback
                break
            lines.append(number)
            rest = content[1:].lstrip(" ")
            if not rest:
                raise Fallback  # a null item, or a list under its dash: not the writer's
            if isinstance(item_kind, (Keys, MapOf)) and rest[0] not in "[{" and rest != "null":
                # the item's mapping: its first key on the dash's line, the others under it
                column = indent + len(content) - len(rest)
                items[self.pos] = (number, column, rest)
                result.append(self.mapping(column, item_kind))
            else:
                self.pos += 1
                result.append(self.inline(rest, item_kind))
        return result

    def inline(self, text: str, kind: Kind) -> Any:
        """A value written on its key's or its dash's line: a scalar, or a flow collection."""
        first = text[0]
        if first == "[" or first == "{":
            flat = _flat(text, kind)
            if flat is not None:
                return flat
            value, end = _flow(text, 0, kind)
            if end != len(text):
                raise Fallback  # a comment or anything after the collection
            return value
        if isinstance(kind, Scalar):
            return _scalar(text, kind)
        if text == "null":
            return None
        raise Fallback


def _key(content: str) -> Tuple[str, str]:
    """``(key, rest)`` of a mapping's line ``key: rest`` (rest empty for ``key:``)."""
    if content[0] == "'":
        key, end = _quoted(content, 0)
    else:
        end = content.find(":")
        key = content[:end]
        if end <= 0 or not is_plain(key):
            raise Fallback
    if content.startswith(": ", end):
        return key, content[end + 2:]
    if end + 1 == len(content) and content[end] == ":":
        return key, ""
    raise Fallback


def _quoted(text: str, start: int) -> Tuple[str, int]:
    """The text of the single-quoted scalar at ``text[start]`` and the position after it."""
    end = text.find("'", start + 1)
    while end != -1 and text.startswith("'", end + 1):  # '' is a quote inside
        end = text.find("'", end + 2)
    if end == -1:
        raise Fallback
    return text[start + 1:end].replace("''", "'"), end + 1


def _scalar(token: str, kind: Scalar) -> Any:
    """The value of ``token`` (the whole of a scalar's text) read as type ``kind``."""
    seen = kind.seen
    value = seen.get(token, _MISSING)
    if value is _MISSING:
        value = _read_scalar(token, kind)
        if len(token) <= _KEPT_LENGTH and len(seen) < 10_000:  # (not a seal: each is met once)
            seen[token] = value
    return value


_MISSING: Any = object()
_KEPT_LENGTH = 12


# A whole number and the end of a plain value are found by str methods, not by regular expressions compiled at
# every command's start.
def _is_number(token: str) -> bool:
    """Is ``token`` a whole number as YAML's core schema writes it: ``-?(0|[1-9][0-9]*)``?"""
    digits = token[1:] if token[:1] == "-" else token
    return digits.isascii() and digits.isdigit() and (digits == "0" or digits[0] != "0")


def _plain_end(text: str, pos: int) -> int:
    """Where a plain value in a flow collection that starts at ``pos`` ends: its first ``,``, ``]`` or ``}``."""
    ends = [end for end in (text.find(",", pos), text.find("]", pos), text.find("}", pos)) if end >= 0]
    return min(ends) if ends else len(text)


def _read_scalar(token: str, kind: Scalar) -> Any:
    if kind.text and is_plain(token):  # (no text of the safe set is null, a number, true or false)
        return token
    if kind.number and _is_number(token) and len(token) <= MAX_DIGITS:
        return int(token)
    if token == "null":
        return None
    if kind.truth and (token == "true" or token == "false"):
        return token == "true"
    if token[:1] == "'" and kind.text:
        value, end = _quoted(token, 0)
        if end == len(token):
            return value
    raise Fallback


def _flat(text: str, kind: Kind) -> Any:
    """A flow list or mapping of plain scalars on one line (cards, totals), read by splitting; None when
    ``text`` is not one (the full flow reader decides)."""
    if "'" in text or text.count("[") + text.count("{") != 1 or text[-1] != ("]" if text[0] == "[" else "}"):
        return None
    body = text[1:-1]
    if text[0] == "[" and isinstance(kind, ListOf) and type(kind.item) is Scalar:
        item = kind.item
        return [_scalar(token, item) for token in body.split(", ")] if body else []
    if text[0] == "{" and isinstance(kind, MapOf) and type(kind.value) is Scalar and body:
        value, result = kind.value, {}
        for part in body.split(", "):
            key, sep, token = part.partition(": ")
            if not sep or key in result or not is_plain(key):
                raise Fallback
            result[key] = _scalar(token, value)
        return result
    return None


def _flow(text: str, pos: int, kind: Kind) -> Tuple[Any, int]:
    """The flow list or mapping at ``text[pos]`` (``[`` or ``{``), read as ``kind``, and the position after it.
    Its items are parted by ``, `` and a mapping's keys from their values by ``: ``, as the writer writes."""
    if text[pos] == "[":
        if not isinstance(kind, ListOf):
            raise Fallback
        return _flow_list(text, pos + 1, kind.item)
    if isinstance(kind, Keys):
        return _flow_map(text, pos + 1, kind.fields, None)
    if isinstance(kind, MapOf):
        return _flow_map(text, pos + 1, None, kind.value)
    raise Fallback


def _flow_list(text: str, pos: int, item: Kind) -> Tuple[List[Any], int]:
    result: List[Any] = []
    if text.startswith("]", pos):
        return result, pos + 1
    while True:
        value, pos = _flow_value(text, pos, item)
        result.append(value)
        if text.startswith(", ", pos):
            pos += 2
        elif text.startswith("]", pos):
            return result, pos + 1
        else:
            raise Fallback


def _flow_map(text: str, pos: int, fields: Optional[Dict[str, Kind]], names: Optional[Kind]
              ) -> Tuple[Dict[str, Any], int]:
    result: Dict[str, Any] = {}
    if text.startswith("}", pos):
        return result, pos + 1
    while True:
        if text.startswith("'", pos):
            key, pos = _quoted(text, pos)
        else:
            colon = text.find(":", pos)
            key = text[pos:colon]
            if colon == -1 or not is_plain(key):
                raise Fallback
            pos = colon
        kind = names if fields is None else fields.get(key)
        if kind is None or key in result or not text.startswith(": ", pos):
            raise Fallback
        result[key], pos = _flow_value(text, pos + 2, kind)
        if text.startswith(", ", pos):
            pos += 2
        elif text.startswith("}", pos):
            return result, pos + 1
        else:
            raise Fallback


def _flow_value(text: str, pos: int, kind: Kind) -> Tuple[Any, int]:
    """A value inside a flow collection, from ``text[pos]``, and the position after it."""
    first = text[pos:pos + 1]
    if first == "[" or first == "{":
        return _flow(text, pos, kind)
    if first == "'":
        if not (isinstance(kind, Scalar) and kind.text):
            raise Fallback
        return _quoted(text, pos)
    end = _plain_end(text, pos)
    if end == pos:
        raise Fallback
    token = text[pos:end]
    if isinstance(kind, Scalar):
        return _scalar(token, kind), end
    if token == "null":
        return None, end
    raise Fallback

"""The fast reader: the match file's own layout, read line by line with the line of every key.

A 10,000-hand record is over 150,000 lines, and PyYAML's composer (even the C one) spends several seconds
building a node per scalar; so the layout ``gin_ref.files.yamlwrite`` writes is read here, and any text
outside it (an anchor, a block scalar, a tab, a multi-line value, a line over MAX_LINE characters...) raises
``Fallback`` for PyYAML (``gin_ref.files.yamlload``) to read. It accepts only text it reads exactly as YAML
does (the tests compare the two on many records and on generated near-YAML).

The text is split into lines a piece at a time (``_Lines``, about 64 KiB), so that a long record's lines
are never all held at once (a 100,000-hand record has 1.7 million): what is kept is the data read, with the
lines of its keys and items kept compactly (``gin_ref.files.yamldata``).
"""

from __future__ import annotations

import re
from array import array
from typing import Any, Dict, List, Optional, Tuple, Union

from gin_ref.files.yamldata import LineDict, LineList
from gin_ref.files.yamlscalar import PLAIN as _PLAIN, QUOTED as _QUOTED, UNSAFE_TEXT, Fallback
from gin_ref.files.yamlscalar import PLAIN_VALUES as _PLAIN_VALUES, key_value, plain_value, quoted_value

MAX_DEPTH = 100  # levels of nesting read (a record has 7)
# PyYAML refuses a key that ends over 1,024 characters from where it starts; lines this long go to it.
MAX_LINE = 1000
_KEY_LINE = re.compile(rf"(?P<key>{_PLAIN}|{_QUOTED}) *:(?: +(?P<value>.*))?")
_PLAIN_VALUE = re.compile(rf"({_PLAIN})(?: +#.*)?")
_QUOTED_VALUE = re.compile(rf"({_QUOTED})(?: +#.*)?")
_COMMENT = re.compile(r"(?: +#.*)?")
_MARKER = re.compile(r"^ *(?:---|\.\.\.|%)", re.MULTILINE)  # a document marker or a directive: PyYAML's
_FLOW_TOKEN = re.compile(rf" *(?:(?P<open>[\[{{])|(?P<close>[\]}}])|(?P<comma>,)|(?P<colon>:)(?= )|"
                         rf"(?P<quoted>{_QUOTED})|(?P<plain>{_PLAIN}))")
# One-line flow collections of plain scalars (cards, totals): read by splitting, the common case.
_FLAT_SEQ = re.compile(rf"\[ *({_PLAIN}(?: *, *{_PLAIN})*)? *\](?: +#.*)?")
_FLAT_MAP = re.compile(rf"\{{ *({_PLAIN} *: +{_PLAIN}(?: *, *{_PLAIN} *: +{_PLAIN})*)? *\}}(?: +#.*)?")
_Line = Tuple[int, int, str]  # (line number, indent, content)


class _Lines:
    """The content lines of a text, a piece at a time (the whole file's lines are never held at once):
    ``items`` holds the current piece's lines as ``(line number, indent, content)``, comments and blanks
    dropped, and ``pos`` the next one to read; ``fill`` reads the next piece when ``pos`` reaches its end."""

    PIECE = 1 << 16  # characters read at a time (whole lines: a piece ends at a line's end)

    def __init__(self, text: str) -> None:
        self.text = text
        self.start = 0  # where the next piece starts in the text
        self.number = 1  # the line number of its first line
        self.items: List[_Line] = []
        self.pos = 0
        self.fill()

    def fill(self) -> bool:
        """Read the next piece that holds a content line, once the current one is read; False at the end."""
        text, size = self.text, len(self.text)
        while self.pos >= len(self.items) and self.start <= size:
            end = text.find("\n", min(self.start + self.PIECE, size))
            end = size if end == -1 else end
            piece = text[self.start:end]
            self.start = end + 1
            # printable text (newlines aside) holds none of the characters PyYAML reads only escaped: the quick
            # test (Python's printable characters are a subset of the safe ones); the character scan decides
            if not piece.replace("\n", "").isprintable() and UNSAFE_TEXT.search(piece):
                raise Fallback
            raws = piece.split("\n")
            if max(map(len, raws)) > MAX_LINE:
                raise Fallback
            self.items = [(number, len(raw) - len(left), left.rstrip(" ") if left[-1] == " " else left)
                          for number, raw in enumerate(raws, self.number)
                          if (left := raw.lstrip(" ")) and left[0] != "#"]
            self.number += len(raws)
            self.pos = 0
        return self.pos < len(self.items)

    def peek(self) -> Optional[_Line]:
        """The next content line (not read yet), or None at the end of the text."""
        if self.pos >= len(self.items) and not self.fill():
            return None
        return self.items[self.pos]


def _value(text: str, depth: int) -> Any:
    """A value written after ``key: `` or ``- ``: a plain or single-quoted scalar or a flow collection
    (at nesting level ``depth``)."""
    first = text[0]
    if first == "[" or first == "{":
        return _collection(text, depth)
    match = (_QUOTED_VALUE if first == "'" else _PLAIN_VALUE).fullmatch(text)
    if match is None:
        raise Fallback
    token = match.group(1)
    return quoted_value(token) if first == "'" else plain_value(token)


def _collection(text: str, depth: int) -> Any:
    """A flow collection written on one line: split when it is flat (cards, totals), else read token by
    token."""
    if depth > MAX_DEPTH:
        raise Fallback
    flat = _flat_seq(text) if text[0] == "[" else _flat_map(text)
    if flat is not _MISSING:
        return flat
    value, end = _flow(text, 0, depth)
    if not _COMMENT.fullmatch(text, end):
        raise Fallback
    return value


def _flat_seq(text: str) -> Any:
    match = _FLAT_SEQ.fullmatch(text)
    if match is None:
        return _MISSING
    body = match.group(1)
    return [plain_value(item.strip(" ")) for item in body.split(",")] if body else []


def _flat_map(text: str) -> Any:
    match = _FLAT_MAP.fullmatch(text)
    if match is None or not match.group(1):
        return _MISSING
    result: Dict[str, Any] = {}
    for item in match.group(1).split(","):
        key, _, value = item.partition(":")
        key = plain_value(key.strip(" "))
        if key in result or not isinstance(key, str):
            raise Fallback
        result[key] = plain_value(value.strip(" "))
    return result


def _flow(text: str, pos: int, depth: int) -> Tuple[Any, int]:
    """A flow sequence or mapping of scalars (nested sequences allowed) starting at ``text[pos]``: the value
    and the position after it."""
    if depth > MAX_DEPTH:
        raise Fallback
    opener = text[pos]
    closer = "]" if opener == "[" else "}"
    items: Any = [] if opener == "[" else {}
    pos += 1
    expect_item = True
    while True:
        match = _FLOW_TOKEN.match(text, pos)
        if match is None:
            raise Fallback
        pos = match.end()
        kind = match.lastgroup
        if kind == "close":
            if match.group("close") != closer or (expect_item and items):
                raise Fallback  # a mismatched bracket or a trailing comma
            return items, pos
        if not expect_item:
            if kind != "comma":
                raise Fallback
            expect_item = True
            continue
        value, pos = _flow_item(text, match, opener, depth)
        if opener == "{":
            pos = _flow_entry(text, pos, items, value)
        else:
            items.append(value)
        expect_item = False


def _flow_item(text: str, match: "re.Match[str]", opener: str, depth: int) -> Tuple[Any, int]:
    """The item a flow token starts (a scalar, or a nested sequence inside a sequence) and the position after
    it."""
    kind = match.lastgroup
    if kind == "open" and opener == "[":
        return _flow(text, match.start("open"), depth + 1)
    if kind == "quoted":
        return quoted_value(match.group("quoted")), match.end()
    if kind == "plain":
        return plain_value(match.group("plain")), match.end()
    raise Fallback


def _flow_entry(text: str, pos: int, items: Dict[Any, Any], key: Any) -> int:
    """Read ``: value`` after the key ``key`` of a flow mapping into ``items``; the position after it."""
    colon = _FLOW_TOKEN.match(text, pos)
    if colon is None or colon.lastgroup != "colon":
        raise Fallback
    token = _FLOW_TOKEN.match(text, colon.end())
    if token is None or token.lastgroup not in ("quoted", "plain"):
        raise Fallback
    if key in items or not isinstance(key, (str, int)) or isinstance(key, bool):
        raise Fallback
    raw = token.group(token.lastgroup)
    items[key] = quoted_value(raw) if token.lastgroup == "quoted" else plain_value(raw)
    return token.end()


def _is_item(content: str) -> bool:
    return content[0] == "-" and (len(content) == 1 or content[1] == " ")


def _block(lines: _Lines, indent: int, depth: int) -> Union[LineDict, LineList]:
    item = lines.peek()
    assert item is not None
    return _sequence(lines, indent, depth) if _is_item(item[2]) else _mapping(lines, indent, depth)


# The key tokens already read whole (``key`` -> its text): a line ``key: value`` whose key is one of them and
# whose value is a plain token already read (``yamlscalar``'s cache holds only tokens that matched PLAIN), or
# a flat flow collection of such tokens, is read by splitting, with no regular expression: the common line.
_KEYS: Dict[str, str] = {}
_MISSING: Any = object()
_ONCE = frozenset({"number", "seal"})  # keys whose values are met once (each hand's): not kept to be met again


def _known_flow(text: str) -> Any:
    """The value of ``text`` if it is a one-line flow list or mapping of plain tokens already read, written
    ``[a, b]`` / ``{a: 1, b: 2}``; else _MISSING (the full reader decides)."""
    first, last = text[0], text[-1]
    try:
        if first == "[" and last == "]":
            body = text[1:-1]
            # (a list of exactly its size: a list comprehension leaves room for more)
            return list(tuple(map(_PLAIN_VALUES.__getitem__, body.split(", ")))) if body else []
        if first == "{" and last == "}" and len(text) > 2:
            return _known_map(text)
    except KeyError:
        pass
    return _MISSING


def _known_map(text: str) -> Any:
    result: Dict[str, Any] = {}
    for item in text[1:-1].split(", "):
        key, sep, value = item.partition(": ")
        key = _PLAIN_VALUES[key]
        if not sep or key in result or type(key) is not str:
            return _MISSING
        number = _PLAIN_VALUES.get(value, _MISSING)
        if number is _MISSING:  # a running total: a whole number written in decimal, read as YAML does
            if not (value.isascii() and value.isdigit() and value[0] != "0" and len(value) <= 3000):
                return _MISSING
            number = int(value)
        result[key] = number
    return result


def _known_entry(content: str, result: LineDict, flows: bool) -> Tuple[Optional[str], Any]:
    """``(key, value)`` of a line ``key: value`` read by splitting (see _KEYS), else ``(None, _MISSING)``."""
    head, sep, rest = content.partition(": ")
    key = _KEYS.get(head) if sep else None
    if key is None or key in result:
        return None, _MISSING
    value = _PLAIN_VALUES.get(rest, _MISSING)
    if value is _MISSING:
        if rest.isascii() and rest.isalnum():  # a plain token of letters and digits (a name, a seal)
            value = plain_value(rest, keep=key not in _ONCE)
        elif flows:
            value = _known_flow(rest)
    return key, value


def _entry(lines: _Lines, content: str, result: LineDict, indent: int, depth: int) -> Tuple[str, Any]:
    """``(key, value)`` of the mapping's line ``content`` (the next line of ``lines``) and of the lines under
    it that its value takes, read."""
    match = _KEY_LINE.fullmatch(content)
    if match is None:
        raise Fallback
    token = match.group("key")
    key = key_value(token)
    if key in result or not isinstance(key, str):
        raise Fallback
    if len(_KEYS) < 10_000:
        _KEYS[token] = key
    lines.pos += 1
    text = match.group("value")
    if text is not None and text[0] != "#":
        return key, _value(text, depth + 1)
    item = lines.peek()
    if item is not None and item[1] > indent:
        return key, _block(lines, item[1], depth + 1)
    if item is not None and item[1] == indent and _is_item(item[2]):
        return key, _sequence(lines, indent, depth + 1)
    return key, None


def _mapping(lines: _Lines, indent: int, depth: int) -> LineDict:
    if depth > MAX_DEPTH:
        raise Fallback
    result = LineDict()
    numbers: List[int] = []  # the line of each key, in order
    items, pos, flows = lines.items, lines.pos, depth + 1 <= MAX_DEPTH
    result.line = items[pos][0]
    while True:
        if pos >= len(items):
            lines.pos = pos
            if not lines.fill():
                break
            items, pos = lines.items, lines.pos
        number, at, content = items[pos]
        if at != indent or content[0] == "-" and _is_item(content):
            if at > indent:
                raise Fallback
            break
        key, value = _known_entry(content, result, flows)
        if value is not _MISSING:
            pos += 1
        else:
            lines.pos = pos
            key, value = _entry(lines, content, result, indent, depth)
            items, pos = lines.items, lines.pos
        numbers.append(number)
        result[key] = value
    lines.pos = pos
    if numbers:
        result.set_key_lines(tuple(result), numbers)
    else:
        result.lines = {}
    return result


def _sequence(lines: _Lines, indent: int, depth: int) -> LineList:
    if depth > MAX_DEPTH:
        raise Fallback
    result = LineList()
    item = lines.peek()
    assert item is not None
    result.line, result.lines = item[0], array("I")
    while item is not None:
        number, at, content = item
        if at != indent or not _is_item(content):
            if at > indent:
                raise Fallback
            break
        result.lines.append(number)
        result.append(_item(lines, number, indent, content, depth))
        item = lines.peek()
    return result


def _item(lines: _Lines, number: int, indent: int, content: str, depth: int) -> Any:
    """The value of the sequence item ``content`` (``- ...``, the next line of ``lines``), read."""
    rest = content[1:].lstrip(" ")
    if not rest or rest[0] == "#":
        lines.pos += 1
        item = lines.peek()
        return _block(lines, item[1], depth + 1) if item is not None and item[1] > indent else None
    if _is_item(rest) or rest[0] in "?&*!|>":
        raise Fallback
    if _KEY_LINE.fullmatch(rest):
        column = indent + len(content) - len(rest)
        lines.items[lines.pos] = (number, column, rest)
        return _mapping(lines, column, depth + 1)
    lines.pos += 1
    value = _value(rest, depth + 1)
    item = lines.peek()
    if item is not None and item[1] > indent:
        raise Fallback
    return value


def parse_fast(text: str) -> Union[LineDict, LineList]:
    """The document ``text`` in the writer's layout, read; Fallback for any text outside it."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    if ("---" in text or "..." in text or "%" in text) and _MARKER.search(text):
        raise Fallback
    lines = _Lines(text)
    first = lines.peek()
    if first is None or first[1] != 0:
        raise Fallback
    data = _block(lines, 0, 1)
    if lines.peek() is not None:
        raise Fallback
    return data

"""The fast reader: the match file's own layout, read line by line with the line of every key.

A 10,000-hand record is over 150,000 lines, and PyYAML's composer (even the C one) spends several seconds
building a node per scalar; so the layout ``gin_ref.files.yamlwrite`` writes is read here, and any text
outside it (an anchor, a block scalar, a tab, a multi-line value, a line over MAX_LINE characters...) raises
``Fallback`` for PyYAML (``gin_ref.files.yamlload``) to read. It accepts only text it reads exactly as YAML
does (the tests compare the two on many records and on generated near-YAML).
"""

import re

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


class _Lines:
    """The content lines of a text: ``(line number, indent, content)``, comments and blanks dropped."""

    def __init__(self, text):
        raws = text.split("\n")
        if max(map(len, raws)) > MAX_LINE:
            raise Fallback
        if ("---" in text or "..." in text or "%" in text) and _MARKER.search(text):
            raise Fallback
        self.items = [(number, len(raw) - len(left), left.rstrip(" ") if left[-1] == " " else left)
                      for number, raw in enumerate(raws, 1)
                      if (left := raw.lstrip(" ")) and left[0] != "#"]
        self.pos = 0


def _value(text, depth):
    """A value written after ``key: `` or ``- ``: a plain or single-quoted scalar or a flow collection
    (at nesting level ``depth``)."""
    first = text[0]
    if (first == "[" or first == "{") and depth > MAX_DEPTH:
        raise Fallback
    if first == "[":
        match = _FLAT_SEQ.fullmatch(text)
        if match is not None:
            body = match.group(1)
            return [plain_value(item.strip(" ")) for item in body.split(",")] if body else []
    elif first == "{":
        match = _FLAT_MAP.fullmatch(text)
        if match is not None and match.group(1):
            result = {}
            for item in match.group(1).split(","):
                key, _, value = item.partition(":")
                key = plain_value(key.strip(" "))
                if key in result or not isinstance(key, str):
                    raise Fallback
                result[key] = plain_value(value.strip(" "))
            return result
    if first == "[" or first == "{":
        value, end = _flow(text, 0, depth)
        if not _COMMENT.fullmatch(text, end):
            raise Fallback
        return value
    match = (_QUOTED_VALUE if first == "'" else _PLAIN_VALUE).fullmatch(text)
    if match is None:
        raise Fallback
    token = match.group(1)
    return quoted_value(token) if first == "'" else plain_value(token)


def _flow(text, pos, depth):
    """A flow sequence or mapping of scalars (nested sequences allowed) starting at ``text[pos]``."""
    if depth > MAX_DEPTH:
        raise Fallback
    opener = text[pos]
    closer = "]" if opener == "[" else "}"
    items = [] if opener == "[" else {}
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
        if kind == "open":
            if opener == "{":
                raise Fallback
            value, pos = _flow(text, match.start("open"), depth + 1)
        elif kind == "quoted":
            value = quoted_value(match.group("quoted"))
        elif kind == "plain":
            value = plain_value(match.group("plain"))
        else:
            raise Fallback
        if opener == "{":
            colon = _FLOW_TOKEN.match(text, pos)
            if colon is None or colon.lastgroup != "colon":
                raise Fallback
            token = _FLOW_TOKEN.match(text, colon.end())
            if token is None or token.lastgroup not in ("quoted", "plain"):
                raise Fallback
            pos = token.end()
            if value in items or not isinstance(value, (str, int)) or isinstance(value, bool):
                raise Fallback
            raw = token.group(token.lastgroup)
            items[value] = quoted_value(raw) if token.lastgroup == "quoted" else plain_value(raw)
        else:
            items.append(value)
        expect_item = False


def _is_item(content):
    return content[0] == "-" and (len(content) == 1 or content[1] == " ")


def _block(lines, indent, depth):
    number, _indent, content = lines.items[lines.pos]
    return _sequence(lines, indent, depth) if _is_item(content) else _mapping(lines, indent, depth)


# The key tokens already read whole (``key`` -> its text): a line ``key: value`` whose key is one of them and
# whose value is a plain token already read (``yamlscalar``'s cache holds only tokens that matched PLAIN), or
# a flat flow collection of such tokens, is read by splitting, with no regular expression: the common line.
_KEYS: "dict[str, str]" = {}
_MISSING = object()


def _known_flow(text):
    """The value of ``text`` if it is a one-line flow list or mapping of plain tokens already read, written
    ``[a, b]`` / ``{a: 1, b: 2}``; else _MISSING (the full reader decides)."""
    first, last = text[0], text[-1]
    try:
        if first == "[" and last == "]":
            body = text[1:-1]
            return [_PLAIN_VALUES[item] for item in body.split(", ")] if body else []
        if first == "{" and last == "}" and len(text) > 2:
            result = {}
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
    except KeyError:
        pass
    return _MISSING


def _mapping(lines, indent, depth):
    if depth > MAX_DEPTH:
        raise Fallback
    items, size, pos = lines.items, len(lines.items), lines.pos
    result = LineDict()
    result.line, result.lines = items[pos][0], {}
    line_of, keys, known, flows = result.lines, _KEYS, _PLAIN_VALUES.get, depth + 1 <= MAX_DEPTH
    while pos < size:
        number, at, content = items[pos]
        if at != indent:
            if at > indent:
                raise Fallback
            break
        if content[0] == "-" and _is_item(content):
            break
        head, sep, rest = content.partition(": ")
        key = keys.get(head) if sep else None
        if key is not None and key not in result:
            value = known(rest, _MISSING)
            if value is _MISSING:
                if rest.isascii() and rest.isalnum():  # a plain token of letters and digits (a seal)
                    value = plain_value(rest)
                elif flows:
                    value = _known_flow(rest)
            if value is not _MISSING:
                line_of[key] = number
                result[key] = value
                pos += 1
                continue
        match = _KEY_LINE.fullmatch(content)
        if match is None:
            raise Fallback
        token = match.group("key")
        key = key_value(token)
        if key in result or not isinstance(key, str):
            raise Fallback
        if len(keys) < 10_000:
            keys[token] = key
        line_of[key] = number
        pos += 1
        text = match.group("value")
        if text is not None and text[0] != "#":
            result[key] = _value(text, depth + 1)
            continue
        lines.pos = pos
        if pos < size and items[pos][1] > indent:
            result[key] = _block(lines, items[pos][1], depth + 1)
        elif pos < size and items[pos][1] == indent and _is_item(items[pos][2]):
            result[key] = _sequence(lines, indent, depth + 1)
        else:
            result[key] = None
        pos = lines.pos
    lines.pos = pos
    return result


def _sequence(lines, indent, depth):
    if depth > MAX_DEPTH:
        raise Fallback
    items, size = lines.items, len(lines.items)
    result = LineList()
    result.line, result.lines = items[lines.pos][0], []
    while lines.pos < size:
        number, at, content = items[lines.pos]
        if at != indent or not _is_item(content):
            if at > indent:
                raise Fallback
            break
        rest = content[1:].lstrip(" ")
        result.lines.append(number)
        if not rest or rest[0] == "#":
            lines.pos += 1
            if lines.pos < size and items[lines.pos][1] > indent:
                result.append(_block(lines, items[lines.pos][1], depth + 1))
            else:
                result.append(None)
        elif _is_item(rest) or rest[0] in "?&*!|>":
            raise Fallback
        elif _KEY_LINE.fullmatch(rest):
            column = indent + len(content) - len(rest)
            items[lines.pos] = (number, column, rest)
            result.append(_mapping(lines, column, depth + 1))
        else:
            lines.pos += 1
            result.append(_value(rest, depth + 1))
            if lines.pos < size and items[lines.pos][1] > indent:
                raise Fallback
    return result


def parse_fast(text):
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    # Printable text (newlines aside) holds none of the characters PyYAML reads only escaped: the quick test
    # (Python's printable characters are a subset of the safe ones); the character scan decides the rest.
    if not text.replace("\n", "").isprintable() and UNSAFE_TEXT.search(text):
        raise Fallback
    lines = _Lines(text)
    if not lines.items or lines.items[0][1] != 0:
        raise Fallback
    data = _block(lines, 0, 1)
    if lines.pos != len(lines.items):
        raise Fallback
    return data



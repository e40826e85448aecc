"""Reading the match file's YAML with the line of every key (``gin_ref.files.yamlwrite`` writes it).

``parse`` returns the data as ``LineDict`` / ``LineList`` (a dict and a list that also hold the
line of each key or item). A 10,000-hand record is over 150,000 lines, and PyYAML's composer (even the C
one) spends several seconds building a node per scalar; so the layout the writer uses is read by a small
line parser, and any text outside that layout (an anchor, a block scalar, a tab, a multi-line value...)
falls back to PyYAML's CSafeLoader, whose nodes give the lines. The fast path only accepts text it reads
exactly as YAML does (the tests compare the two on many records and on generated near-YAML); whatever it
is not sure of goes to PyYAML.

The writer never uses anchors and aliases, nor nests more than a few levels deep. Both are refused
(RecordError with the line) before PyYAML builds anything, in one pass over its events: a few lines of
nested aliases ("billion laughs") stand for more data than any memory holds, and a document nested
thousands deep would overflow the composer's stack. Both readers refuse nesting deeper than MAX_DEPTH.
"""

import re

from gin_ref.core.errors import RecordError

_PLAIN = r"\w(?:[\w.+\-/()' ]*[\w.+\-/()'])?"
_QUOTED = r"'(?:[^']|'')*'"
_KEY_LINE = re.compile(rf"(?P<key>{_PLAIN}|{_QUOTED}) *:(?: +(?P<value>.*))?")
_PLAIN_VALUE = re.compile(rf"({_PLAIN})(?: +#.*)?")
_QUOTED_VALUE = re.compile(rf"({_QUOTED})(?: +#.*)?")
_COMMENT = re.compile(r"(?: +#.*)?")
_FLOW_TOKEN = re.compile(rf" *(?:(?P<open>[\[{{])|(?P<close>[\]}}])|(?P<comma>,)|(?P<colon>:)(?= )|"
                         rf"(?P<quoted>{_QUOTED})|(?P<plain>{_PLAIN}))")
PLAIN_SCALAR = re.compile(_PLAIN)
# One-line flow collections of plain scalars (cards, totals): read by splitting, the common case.
_FLAT_SEQ = re.compile(rf"\[ *({_PLAIN}(?: *, *{_PLAIN})*)? *\](?: +#.*)?")
_FLAT_MAP = re.compile(rf"\{{ *({_PLAIN} *: +{_PLAIN}(?: *, *{_PLAIN} *: +{_PLAIN})*)? *\}}(?: +#.*)?")
# PyYAML reads these characters only inside double quotes (escaped) or not at all; the fast path leaves
# such text to PyYAML, and the writer double-quotes strings holding them.
UNSAFE_TEXT = re.compile("[^\n\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\u2028\u2029\ufeff]")
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
STR_TAG, _INT_TAG = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int"
_BOOL_TAG, _NULL_TAG = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"
MAX_DEPTH = 100  # levels of nesting read (a record has 7)


class LineDict(dict):
    """A mapping read from a file: ``line`` is its first line, ``lines[key]`` the line of each key."""

    __slots__ = ("line", "lines")


class LineList(list):
    """A list read from a file: ``line`` is its first line, ``lines[i]`` the line of each item."""

    __slots__ = ("line", "lines")


class _Fallback(Exception):
    """Text the fast reader leaves to PyYAML."""


# -- resolving plain scalars exactly as PyYAML does ------------------------------------------------------

_resolved = {}
_resolver = []


def implicit_tag(text):
    """PyYAML's implicit tag of a plain scalar (str, int, bool, null, float, timestamp...)."""
    tag = _resolved.get(text)
    if tag is None:
        if not _resolver:
            import yaml

            _resolver.extend((yaml.resolver.Resolver(), yaml.nodes.ScalarNode))
        resolver, node = _resolver
        tag = resolver.resolve(node, text, (True, False))
        if len(_resolved) < 100_000:
            _resolved[text] = tag
    return tag


_plain_values = {}


def _plain(text):
    """The value of a plain scalar, or _Fallback if PyYAML would build something other than str, int,
    bool or null (a date, a float, an octal number...)."""
    try:
        return _plain_values[text]
    except KeyError:
        pass
    tag = implicit_tag(text)
    if tag == STR_TAG:
        value = text
    elif tag == _NULL_TAG:
        value = None
    elif tag == _BOOL_TAG:
        value = text.lower() in ("yes", "true", "on")
    elif tag == _INT_TAG and _INT.fullmatch(text) and len(text) <= 3000:  # longer: the fallback decides
        value = int(text)
    else:
        raise _Fallback
    if len(_plain_values) < 100_000:
        _plain_values[text] = value
    return value


def _quoted(token):
    return token[1:-1].replace("''", "'")


def _key(token):
    return _quoted(token) if token[0] == "'" else _plain(token)


# -- the fast reader ---------------------------------------------------------------------------------------

class _Lines:
    """The content lines of a text: ``(line number, indent, content)``, comments and blanks dropped."""

    def __init__(self, text):
        self.items = [(number, len(raw) - len(raw.lstrip(" ")), content)
                      for number, raw in enumerate(text.split("\n"), 1)
                      if (content := raw.strip(" ")) and content[0] != "#"]
        if any(content.startswith(("---", "...", "%")) for _n, _i, content in self.items):
            raise _Fallback
        self.pos = 0


def _value(text, depth):
    """A value written after ``key: `` or ``- ``: a plain or single-quoted scalar or a flow collection
    (at nesting level ``depth``)."""
    first = text[0]
    if (first == "[" or first == "{") and depth > MAX_DEPTH:
        raise _Fallback
    if first == "[":
        match = _FLAT_SEQ.fullmatch(text)
        if match is not None:
            body = match.group(1)
            return [_plain(item.strip(" ")) for item in body.split(",")] if body else []
    elif first == "{":
        match = _FLAT_MAP.fullmatch(text)
        if match is not None and match.group(1):
            result = {}
            for item in match.group(1).split(","):
                key, _, value = item.partition(":")
                key = _plain(key.strip(" "))
                if key in result or not isinstance(key, str):
                    raise _Fallback
                result[key] = _plain(value.strip(" "))
            return result
    if first == "[" or first == "{":
        value, end = _flow(text, 0, depth)
        if not _COMMENT.fullmatch(text, end):
            raise _Fallback
        return value
    match = (_QUOTED_VALUE if first == "'" else _PLAIN_VALUE).fullmatch(text)
    if match is None:
        raise _Fallback
    token = match.group(1)
    return _quoted(token) if first == "'" else _plain(token)


def _flow(text, pos, depth):
    """A flow sequence or mapping of scalars (nested sequences allowed) starting at ``text[pos]``."""
    if depth > MAX_DEPTH:
        raise _Fallback
    opener = text[pos]
    closer = "]" if opener == "[" else "}"
    items = [] if opener == "[" else {}
    pos += 1
    expect_item = True
    while True:
        match = _FLOW_TOKEN.match(text, pos)
        if match is None:
            raise _Fallback
        pos = match.end()
        kind = match.lastgroup
        if kind == "close":
            if match.group("close") != closer or (expect_item and items):
                raise _Fallback  # a mismatched bracket or a trailing comma
            return items, pos
        if not expect_item:
            if kind != "comma":
                raise _Fallback
            expect_item = True
            continue
        if kind == "open":
            if opener == "{":
                raise _Fallback
            value, pos = _flow(text, match.start("open"), depth + 1)
        elif kind == "quoted":
            value = _quoted(match.group("quoted"))
        elif kind == "plain":
            value = _plain(match.group("plain"))
        else:
            raise _Fallback
        if opener == "{":
            colon = _FLOW_TOKEN.match(text, pos)
            if colon is None or colon.lastgroup != "colon":
                raise _Fallback
            token = _FLOW_TOKEN.match(text, colon.end())
            if token is None or token.lastgroup not in ("quoted", "plain"):
                raise _Fallback
            pos = token.end()
            if value in items or not isinstance(value, (str, int)) or isinstance(value, bool):
                raise _Fallback
            raw = token.group(token.lastgroup)
            items[value] = _quoted(raw) if token.lastgroup == "quoted" else _plain(raw)
        else:
            items.append(value)
        expect_item = False


def _is_item(content):
    return content[0] == "-" and (len(content) == 1 or content[1] == " ")


def _block(lines, indent, depth):
    number, _indent, content = lines.items[lines.pos]
    return _sequence(lines, indent, depth) if _is_item(content) else _mapping(lines, indent, depth)


def _mapping(lines, indent, depth):
    if depth > MAX_DEPTH:
        raise _Fallback
    items, size = lines.items, len(lines.items)
    result = LineDict()
    result.line, result.lines = items[lines.pos][0], {}
    while lines.pos < size:
        number, at, content = items[lines.pos]
        if at != indent:
            if at > indent:
                raise _Fallback
            break
        if _is_item(content):
            break
        match = _KEY_LINE.fullmatch(content)
        if match is None:
            raise _Fallback
        key = _key(match.group("key"))
        if key in result or not isinstance(key, str):
            raise _Fallback
        result.lines[key] = number
        lines.pos += 1
        text = match.group("value")
        if text is not None and text[0] != "#":
            result[key] = _value(text, depth + 1)
        elif lines.pos < size and items[lines.pos][1] > indent:
            result[key] = _block(lines, items[lines.pos][1], depth + 1)
        elif lines.pos < size and items[lines.pos][1] == indent and _is_item(items[lines.pos][2]):
            result[key] = _sequence(lines, indent, depth + 1)
        else:
            result[key] = None
    return result


def _sequence(lines, indent, depth):
    if depth > MAX_DEPTH:
        raise _Fallback
    items, size = lines.items, len(lines.items)
    result = LineList()
    result.line, result.lines = items[lines.pos][0], []
    while lines.pos < size:
        number, at, content = items[lines.pos]
        if at != indent or not _is_item(content):
            if at > indent:
                raise _Fallback
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
            raise _Fallback
        elif _KEY_LINE.fullmatch(rest):
            column = indent + len(content) - len(rest)
            items[lines.pos] = (number, column, rest)
            result.append(_mapping(lines, column, depth + 1))
        else:
            lines.pos += 1
            result.append(_value(rest, depth + 1))
            if lines.pos < size and items[lines.pos][1] > indent:
                raise _Fallback
    return result


def _parse_fast(text):
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    if UNSAFE_TEXT.search(text):
        raise _Fallback
    lines = _Lines(text)
    if not lines.items or lines.items[0][1] != 0:
        raise _Fallback
    data = _block(lines, 0, 1)
    if lines.pos != len(lines.items):
        raise _Fallback
    return data


# -- the PyYAML reader -----------------------------------------------------------------------------------

def _parse_yaml(text, problems):
    import yaml

    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        _scan(loader_class(text))
        loader = loader_class(text)
        try:
            node = loader.get_single_node()
        except BaseException:
            loader.dispose()
            raise
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        words = [getattr(exc, "context", None), getattr(exc, "problem", None)]
        message = ", ".join(w for w in words if w) or str(exc).splitlines()[0]
        line = mark.line + 1 if mark is not None else None
        if isinstance(exc, yaml.reader.ReaderError):
            line, message = text.count("\n", 0, exc.position) + 1, f"character #x{exc.character:04x}: {exc.reason}"
        raise RecordError(f"invalid YAML: {message}", line=line) from None
    try:
        if node is None:
            raise RecordError("the file is empty", line=1)
        return _from_node(loader, node, problems, ())
    finally:
        loader.dispose()


def _scan(loader):
    """One pass over the events, before any node is built: RecordError (with its line) at the first anchor
    or alias, or at a collection nested deeper than MAX_DEPTH. Raises YAMLError for text that is not YAML."""
    import yaml

    scalar, alias = yaml.ScalarEvent, yaml.AliasEvent
    starts = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    ends = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    depth = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            kind = type(event)
            if kind is scalar:
                if event.anchor is None:
                    continue
            elif kind in starts:
                depth += 1
                if depth > MAX_DEPTH:
                    raise RecordError(f"nested too deeply: more than {MAX_DEPTH} levels",
                                      line=event.start_mark.line + 1)
                if event.anchor is None:
                    continue
            elif kind in ends:
                depth -= 1
                continue
            elif kind is not alias:
                continue
            raise RecordError("anchors and aliases are not used in match files: write the value itself",
                              line=event.start_mark.line + 1)
    finally:
        loader.dispose()


_KINDS = {"!!int": "a whole number", "!!float": "a number", "!!timestamp": "a date or time"}


def _from_node(loader, node, problems, where):
    """The data of a node, its problems appended (``_scan`` has refused aliases and deep nesting)."""
    import yaml

    line = node.start_mark.line + 1
    tag = node.tag.replace("tag:yaml.org,2002:", "!!")
    if isinstance(node, yaml.ScalarNode):
        detail = ""
        try:
            value = loader.construct_object(node)
            if not isinstance(value, int) or value.bit_length() < 10_000:
                return value
        except yaml.YAMLError:
            problems.append((where, f"YAML tag '{tag}' is not allowed: only plain values are read"))
            return None
        except (ValueError, OverflowError) as exc:  # a date like 2024-13-45, a number of 5,000 digits
            detail = f" ({exc})" if tag == "!!timestamp" else ""
        # a number over 3,000 digits (0x... or 1:00:00... builds one) could not even be printed
        text = node.value if len(node.value) <= 40 else f"{node.value[:20]}... ({len(node.value)} characters)"
        problems.append((where, f"cannot read {text!r} as {_KINDS.get(tag, repr(tag))}{detail}"))
        return None
    if tag not in ("!!map", "!!seq"):
        problems.append((where, f"YAML tag '{tag}' is not allowed: only plain values are read"))
        return None
    if isinstance(node, yaml.SequenceNode):
        result = LineList()
        result.line, result.lines = line, []
        for i, item in enumerate(node.value):
            result.lines.append(item.start_mark.line + 1)
            result.append(_from_node(loader, item, problems, where + (i,)))
        return result
    result = LineDict()
    result.line, result.lines = line, {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag.endswith(":merge"):
            problems.append((where, f"line {key_node.start_mark.line + 1}: only plain keys are read "
                                    "(no merge keys or complex keys)"))
            continue
        key = _from_node(loader, key_node, problems, where)
        if key in result:
            problems.append((where + (key,), f"'{key}' is given twice (first at line {result.lines[key]}; "
                                             f"again at line {key_node.start_mark.line + 1})"))
            continue
        result.lines[key] = key_node.start_mark.line + 1
        result[key] = _from_node(loader, value_node, problems, where + (key,))
    return result


# -- reading ---------------------------------------------------------------------------------------------

def parse(text):
    """``(data, problems)``: the document as LineDict/LineList/scalars, and the problems PyYAML's path met
    (a duplicate key, a tag), each ``(where, message)``. Raises RecordError (with its line) for text that
    is not YAML or is empty."""
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return _parse_fast(text), []
    except (_Fallback, RecursionError):
        pass
    problems = []
    return _parse_yaml(text, problems), problems


def line_of(data, where):
    """The line of the key or item at path ``where`` (the deepest one found), or the document's first."""
    node, line = data, getattr(data, "line", 1)
    for key in where:
        lines = getattr(node, "lines", None)
        if isinstance(node, LineDict) and key in lines:
            line = lines[key]
        elif isinstance(node, LineList) and isinstance(key, int) and 0 <= key < len(lines):
            line = lines[key]
        else:
            break
        node = node[key]
    return line


def plain(data):
    """A copy of ``data`` as plain dicts and lists."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [plain(value) for value in data]
    return data

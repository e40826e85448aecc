"""Reading YAML through PyYAML's safe loader (the C one when present), with the line of every key, for the
text outside the writer's layout; and the guards every YAML file gin-ref reads goes through first.

``scan`` makes one pass over the events, before any node is built: it refuses (RecordError with the line)
a collection nested deeper than MAX_DEPTH, which would overflow the composer's stack (a RecursionError, or
worse, in C), and, for a match file, every anchor and alias (a few lines of nested aliases, "billion
laughs", stand for more data than any memory holds; the writer never uses them).

``read`` returns what PyYAML's safe loader returns, or says why not: every value is checked as it is built,
and a value that is not plain data (a tag other than str, int, float, bool, null and timestamp, a tag
PyYAML cannot build such as ``!!int`` with no digits, a number that is not finite, text holding a lone
surrogate, a merge key, a key given twice) is a problem with its key path, its value None.
"""

from __future__ import annotations

import datetime
import math
import re
from typing import Any, Dict, List, Optional, Tuple

from gin_ref.core.errors import RecordError
from gin_ref.core.message import Message, N_
from gin_ref.files import handtyped
from gin_ref.files.recordkeys import TEXT, Keys, Kind, MapOf, Scalar
from gin_ref.files.yamldata import MAX_DEPTH, LineDict, LineList, Where
from gin_ref.files.yamldata import Problems as Problems  # (given here too: files/matchfile.py names it so)
from gin_ref.files.yamlplain import LazyPattern
from gin_ref.core.escape import one_line, shown_value

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = frozenset(_TAG + name for name in ("str", "int", "float", "bool", "null", "timestamp"))
_KINDS = {"!!int": N_("cannot read '%(value)s' as a whole number%(detail)s"),
          "!!float": N_("cannot read '%(value)s' as a number%(detail)s"),
          "!!timestamp": N_("cannot read '%(value)s' as a date or time%(detail)s"),
          "!!bool": N_("cannot read '%(value)s' as true or false%(detail)s"),
          "!!null": N_("cannot read '%(value)s' as null%(detail)s")}
TAG_REFUSED = N_("YAML tag '%(tag)s' is not allowed: only plain values are read")
_PLAIN_TYPES = (str, int, float, type(None), datetime.date)  # bool is an int, datetime a date
SURROGATE = LazyPattern("[\ud800-\udfff]")  # compiled when first used (2 M instructions): PyYAML's values
_loader: List[Any] = []


def loader_class() -> Any:
    """The loader gin-ref reads YAML with: PyYAML's CSafeLoader when libyaml is there, else SafeLoader."""
    if not _loader:
        import yaml

        _loader.append(getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return _loader[0]


def yaml_problem(exc: Exception, text: str) -> Tuple[Optional[int], Message]:
    """``(line, message)`` of a YAMLError: a syntax error, or a character YAML does not accept. The line is the
    one the edit is on, where PyYAML's problem mark stands after it: the line a list, a mapping in braces or a
    quote that is not closed opens on (its context mark), or the last line with text where the text ends;
    for a quote not closed that swallowed lines up to a later one, its line; for a key YAML reads as going
    on with the value of a less indented line above it, that line. The parser's jargon comes with plain
    words."""
    import yaml

    if isinstance(exc, yaml.reader.ReaderError):
        return text.count("\n", 0, exc.position) + 1, Message(N_("invalid YAML: character #x%(code)s: %(detail)s"),
                                                              code=f"{exc.character:04x}", detail=exc.reason)
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    context = getattr(exc, "context_mark", None)
    words = [getattr(exc, "context", None), getattr(exc, "problem", None)]
    message = ", ".join(w for w in words if w) or str(exc).splitlines()[0]
    if mark is None:
        return None, Message(_INVALID, detail=message)
    lines = text.split("\n")
    line = mark.line  # 0-based
    plain = next((words for start, words in _PLAIN.items() if message.startswith(start)), _INVALID)
    if context is not None and message.startswith(_OPENED):  # where the list, mapping or quote opened
        line = context.line
    elif _at_end(lines, mark):
        line = context.line if context is not None and not _at_end(lines, context) else _last_line(lines, line)
    elif (getattr(exc, "problem", None) or "").startswith("mapping values are not allowed"):
        above = _run_on(lines, line, mark.column)
        if above is not None:
            return above + 1, Message(N_("invalid YAML: line %(line)d is indented more than this line, so YAML reads "
                                         "it as going on with this line's value (%(detail)s): indent the two lines "
                                         "alike"), line=line + 1, detail=message)
    if message.startswith("while parsing a block"):
        quote = _open_quote(lines, context.line if context is not None else 0, line)
        if quote is not None:
            return quote + 1, Message(N_("invalid YAML: %(detail)s (a quote not closed on this line)"), detail=message)
    return line + 1, Message(plain, detail=message)


_OPENED = ("while parsing a flow sequence", "while parsing a flow mapping", "while scanning a quoted scalar")
_QUOTE_START = re.compile(r" *(?:- +)?[^'\"#\[{]*?: +(['\"])")


def _at_end(lines: List[str], mark: Any) -> bool:
    """Whether only blanks follow ``mark`` in the text ``lines``."""
    return mark.line >= len(lines) or (not lines[mark.line][mark.column:].strip()
                                       and not any(rest.strip() for rest in lines[mark.line + 1:]))


def _open_quote(lines: List[str], first: int, last: int) -> Optional[int]:
    """The first line (0-based) from ``first`` to before ``last`` whose quoted value is not closed on it."""
    for number in range(first, min(last, len(lines))):
        found = _QUOTE_START.match(lines[number])
        if found is not None:
            rest = lines[number][found.end():]
            quote = found.group(1)
            rest = rest.replace("''", "") if quote == "'" else rest.replace("\\\\", "").replace('\\"', "")
            if quote not in rest:
                return number
    return None


# the parser's jargon in plain words, by how its message starts (the two loaders word the rest differently)
_PLAIN = {
    "while parsing a flow sequence": N_("invalid YAML: %(detail)s (a list in [ ] not closed, or a ',' missing "
                                        "between its items)"),
    "while parsing a flow mapping": N_("invalid YAML: %(detail)s (a mapping in { } not closed, or a ',' missing "
                                       "between its items)"),
    "while scanning a quoted scalar": N_("invalid YAML: %(detail)s (a quote not closed)"),
    "while parsing a block mapping": N_("invalid YAML: %(detail)s (a key indented otherwise than the keys above "
                                        "it)"),
}
_INVALID = N_("invalid YAML: %(detail)s")  # (the parser's own words, English: PyYAML's)


def _last_line(lines: List[str], line: int) -> int:
    """The last line (0-based) at or before ``line`` that holds more than blanks and comments."""
    line = min(line, len(lines) - 1)
    while line > 0 and (not lines[line].strip() or lines[line].lstrip().startswith("#")):
        line -= 1
    return line


def _run_on(lines: List[str], line: int, column: int) -> Optional[int]:
    """The line (0-based) above ``line`` whose plain value YAML read as going on onto ``line``, where a key
    (its colon at ``column``) stands: the nearest line above with text, less indented and ``key: value``."""
    here = lines[line] if line < len(lines) else ""
    indent = len(here) - len(here.lstrip(" "))
    if ": " in here[indent:column] or here[indent:indent + 1] in ("-", "#", ""):
        return None
    above = _last_line(lines, line - 1) if line > 0 else -1
    if above < 0 or above == line:
        return None
    text = lines[above]
    content = text.lstrip(" ")
    key, sep, value = content.partition(": ")
    if len(text) - len(content) >= indent or not sep or not value.strip() or value.lstrip()[0] in "[{'\"|>&*!#":
        return None
    return above


def scan(text: str, aliases: bool = False, loader: Any = None) -> None:
    """One pass over the events of ``text`` (read with ``loader``, a loader class; default ``loader_class()``):
    RecordError (with its line) at a collection nested deeper than MAX_DEPTH, and, unless ``aliases``, at the
    first anchor or alias. Raises YAMLError for text that is not YAML."""
    import yaml

    loader = (loader or loader_class())(text)
    scalar, alias = yaml.ScalarEvent, yaml.AliasEvent
    starts = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    ends = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    depth = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            kind = type(event)
            if kind is scalar:
                if event.anchor is None or aliases:
                    continue
            elif kind in starts:
                depth += 1
                if depth > MAX_DEPTH:
                    raise RecordError(Message(N_("nested too deeply: more than %(most)d levels"), most=MAX_DEPTH),
                                      line=event.start_mark.line + 1)
                if event.anchor is None or aliases:
                    continue
            elif kind in ends:
                depth -= 1
                continue
            elif kind is not alias or aliases:
                continue
            raise RecordError(Message(N_("anchors and aliases are not used in match files: write the value itself")),
                              line=event.start_mark.line + 1)
    finally:
        loader.dispose()


def read(text: str, problems: Problems, schema: Optional[Keys] = None) -> Any:
    """The document as LineDict/LineList/scalars, its problems appended as ``(where, message)``; a plain value
    YAML resolves otherwise than ``schema`` (the keys' types) says (``yes`` for a name) is one. Raises
    RecordError (with its line) for text that is not YAML, nested too deeply, with an anchor, or empty."""
    import yaml

    try:
        scan(text)
        loader = loader_class()(text)
        try:
            node = loader.get_single_node()
        except BaseException:
            loader.dispose()
            raise
    except yaml.YAMLError as exc:
        line, message = yaml_problem(exc, text)
        raise RecordError(message, line=line) from None
    try:
        if node is None:
            raise RecordError(Message(N_("the file is empty")), line=1)
        return _from_node(loader, node, problems, (), schema)
    finally:
        loader.dispose()


def scalar_problem(loader: Any, node: Any) -> Tuple[Any, Optional[Message]]:
    """``(value, None)`` for a scalar node PyYAML builds into plain data, else ``(None, message)``."""
    tag = node.tag.replace(_TAG, "!!")
    if node.tag not in _SCALAR_TAGS:
        if tag in ("!!seq", "!!map", "!!set", "!!omap", "!!pairs"):
            return None, Message(N_("YAML tag '%(tag)s' on a single value is not read: write [] or {} for an empty "
                                    "one"), tag=tag)
        return None, Message(TAG_REFUSED, tag=tag)
    detail = ""
    try:
        value = loader.construct_object(node)
    except (ValueError, OverflowError) as exc:  # a date like 2024-13-45, a number of 5,000 digits
        detail = f" ({exc})" if tag == "!!timestamp" else ""
    except Exception:  # noqa: BLE001 - what PyYAML cannot build: '!!int' with no digits, '!!bool maybe'
        pass
    else:
        if isinstance(value, str):
            found = SURROGATE.search(value)
            if found is None:
                return value, None
            return None, Message(N_("not valid text: it holds a lone surrogate (%(code)s)"),
                                 code=f"\\u{ord(found.group()):04x}")
        if isinstance(value, float) and not math.isfinite(value):
            return None, Message(N_("cannot read %(value)s as a number: only finite numbers are read"),
                                 value=shown_value(node.value))
        if isinstance(value, _PLAIN_TYPES) and (not isinstance(value, int) or value.bit_length() < 10_000):
            return value, None
    # a number over 3,000 digits (0x... or 1:00:00... builds one) could not even be printed
    text = node.value if len(node.value) <= 40 else f"{node.value[:20]}... ({len(node.value)} characters)"
    if tag in _KINDS:
        return None, Message(_KINDS[tag], value=one_line(text), detail=detail)
    return None, Message(N_("cannot read '%(value)s' as %(tag)s%(detail)s"), value=one_line(text), tag=repr(tag),
                         detail=detail)


def _from_node(loader: Any, node: Any, problems: Problems, where: Where, kind: Optional[Kind] = None,
               what: Optional[Message] = None) -> Any:
    """The data of a node of type ``kind`` (None: not known), its problems appended (``scan`` has refused
    aliases and deep nesting)."""
    import yaml

    if isinstance(node, yaml.ScalarNode):
        value, said = scalar_problem(loader, node)
        problem: Optional[Message] = said
        if problem is None and kind is not None and not node.style and not handtyped.is_card(where):  # plain
            problem = handtyped.problem(kind, node.value, value, what or handtyped.name_of(where))
            if problem is not None:  # text stays as written (a name judged by what is on the line), else not read
                value = node.value if isinstance(kind, Scalar) and kind.text else None
        if problem is not None:
            problems.append((where, problem))
        return value
    if node.tag != _TAG + ("seq" if isinstance(node, yaml.SequenceNode) else "map"):  # (a list tagged !!map...)
        problems.append((where, Message(TAG_REFUSED, tag=node.tag.replace(_TAG, "!!"))))
        return None
    if isinstance(node, yaml.SequenceNode):
        return _sequence_of(loader, node, problems, where, kind)
    return _mapping_of(loader, node, problems, where, kind)


def _sequence_of(loader: Any, node: Any, problems: Problems, where: Where, kind: Optional[Kind]) -> LineList:
    result = LineList()
    lines: List[int] = []
    result.line, result.lines = node.start_mark.line + 1, lines
    for i, item in enumerate(node.value):
        lines.append(item.start_mark.line + 1)
        result.append(_from_node(loader, item, problems, where + (i,), handtyped.child(kind, i)))
    return result


def _mapping_of(loader: Any, node: Any, problems: Problems, where: Where, kind: Optional[Kind]) -> LineDict:
    import yaml

    result = LineDict()
    lines: Dict[Any, int] = {}
    result.line, result.lines = node.start_mark.line + 1, lines
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag.endswith(":merge"):
            problems.append((where, Message(N_("line %(line)d: only plain keys are read (no merge keys or complex "
                                               "keys)"), line=key_node.start_mark.line + 1)))
            continue
        names = handtyped.child(kind, None) if isinstance(kind, MapOf) else None  # a mapping of players' names
        key = _from_node(loader, key_node, problems, where, names and TEXT, handtyped.NAME_KEY)
        if key in result:
            problems.append((where + (key,), Message(N_("'%(key)s' is given twice (first at line %(first)d; again at "
                                                        "line %(again)d)"), key=str(key), first=lines[key],
                                                     again=key_node.start_mark.line + 1)))
            continue
        lines[key] = key_node.start_mark.line + 1
        result[key] = _from_node(loader, value_node, problems, where + (key,), handtyped.child(kind, key))
    return result

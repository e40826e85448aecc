"""The data the YAML readers return: a dict and a list that also hold the line of each key or item.

``gin_ref.files.yamlfast`` (the canonical layout) and ``gin_ref.files.yamlload`` (PyYAML) both build them;
``line_of`` turns a key path (``Where``) into a line of the file as parsed (a problem met while parsing; the
replay's take theirs from the typed values: ``gin_ref.files.matchtop.line_of``). ``Problems`` is the list of what a
reading met, each ``(key path, message)``: here, with ``MAX_DEPTH``, so that naming them loads no reader.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Sequence, Tuple, Union

from gin_ref.core.message import Message

MAX_DEPTH = 100  # levels of nesting read (a match record has 7): a deeper collection is refused with its line
Where = Tuple[Any, ...]  # a key path: keys and item numbers
Problems = List[Tuple[Where, Union[str, Message]]]  # (key path, message: said where it is shown)


class LineDict(Dict[Any, Any]):
    """A mapping read from a file: ``line`` is its first line, ``lines[key]`` the line of each key; a match
    record's top mapping keeps what its end line said in ``end`` (``gin_ref.files.recordformat``)."""

    __slots__ = ("line", "lines", "end")
    line: int
    lines: Mapping[Any, int]
    end: Any


class LineList(List[Any]):
    """A list read from a file: ``line`` is its first line, ``lines[i]`` the line of each item."""

    __slots__ = ("line", "lines")
    line: int
    lines: Sequence[int]


def line_of(data: Any, where: Sequence[Any]) -> int:
    """The line of the key or item at path ``where`` (the deepest one found), or the document's first."""
    node, line = data, getattr(data, "line", 1)
    for key in where:
        found = line_in(node, key)
        if found is None:
            break
        line, node = found, node[key]
    return int(line)


def line_in(node: Any, key: Any) -> Union[int, None]:
    """The line of ``key`` in ``node`` (a LineDict's key, a LineList's item), None when it has none (a value
    made in memory): also the line a typed value read from the file carries."""
    if isinstance(node, LineDict):
        lines = getattr(node, "lines", None)
        return lines[key] if lines is not None and key in lines and key in node else None
    if isinstance(node, LineList) and isinstance(key, int) and 0 <= key < len(node.lines):
        return node.lines[key]
    return None


def plain(data: Any) -> Any:
    """A copy of ``data`` as plain dicts and lists."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [plain(value) for value in data]
    return data


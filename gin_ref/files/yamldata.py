"""The data the YAML readers return: a dict and a list that also hold the line of each key or item.

``gin_ref.files.yamlfast`` (the writer's own layout) and ``gin_ref.files.yamlload`` (PyYAML) both build
them; ``line_of`` turns a problem's key path into a line of the file.

The lines take little room: a record of 100,000 hands holds millions of them. A list's ``lines`` is an
``array`` of line numbers (or a list), a mapping's a ``KeyLines`` (or a dict): a read-only mapping of each
key to its line, its keys a tuple shared by every mapping with the same keys (every hand has the same), its
lines kept as offsets from the mapping's first line, a byte each.
"""

from __future__ import annotations

from array import array
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union


class KeyLines(Mapping[str, int]):
    """The line of each key of a mapping read from a file: ``keys`` in the file's order, their lines
    ``first`` plus ``offsets`` (bytes when each fits in one, else an array). Read-only (a mapping as read)."""

    __slots__ = ("keys_", "first", "offsets")

    def __init__(self, keys: Tuple[str, ...], first: int, offsets: Sequence[int]) -> None:
        self.keys_ = keys
        self.first = first
        self.offsets = offsets

    def __getitem__(self, key: str) -> int:
        try:
            return self.first + self.offsets[self.keys_.index(key)]
        except ValueError:
            raise KeyError(key) from None

    def __contains__(self, key: object) -> bool:
        return key in self.keys_

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys_)

    def __len__(self) -> int:
        return len(self.keys_)

    def __repr__(self) -> str:
        return f"KeyLines({dict(self)!r})"


_SHAPES: Dict[Tuple[str, ...], Tuple[str, ...]] = {}  # each tuple of keys met, kept once (at most 10,000)
_FEW = 64  # keys: a mapping with more is given a dict (finding a key's line in a tuple takes a scan)


class LineDict(Dict[Any, Any]):
    """A mapping read from a file: ``line`` is its first line, ``lines[key]`` the line of each key; a match
    record's top mapping keeps what its end line said in ``end`` (``gin_ref.files.recordformat``).

    ``lines`` is a dict, or (``set_key_lines``, the fast reader's) a KeyLines made when asked for, from a
    tuple of keys shared by every mapping with the same keys and the lines' offsets from ``line``."""

    __slots__ = ("line", "end", "_keys", "_lines")
    line: int
    end: Any
    _keys: Optional[Tuple[str, ...]]
    _lines: Any

    @property
    def lines(self) -> Mapping[Any, int]:
        keys = self._keys
        return self._lines if keys is None else KeyLines(keys, self.line, self._lines)

    @lines.setter
    def lines(self, lines: Mapping[Any, int]) -> None:
        self._keys, self._lines = None, lines

    def set_key_lines(self, keys: Tuple[str, ...], numbers: List[int]) -> None:
        """Keep the lines ``numbers`` of ``keys`` (in order; the first is ``line``) compactly."""
        if len(keys) > _FEW:
            self.lines = dict(zip(keys, numbers))
            return
        shared = _SHAPES.get(keys)
        if shared is None:
            shared = keys
            if len(_SHAPES) < 10_000:
                _SHAPES[keys] = keys
        first = self.line
        offsets = [number - first for number in numbers]
        self._keys = shared
        self._lines = bytes(offsets) if offsets[-1] < 256 else array("I", offsets)


class LineList(List[Any]):
    """A list read from a file: ``line`` is its first line, ``lines[i]`` the line of each item."""

    __slots__ = ("line", "lines")
    line: int
    lines: Sequence[int]


def line_of(data: Any, where: Sequence[Any]) -> int:
    """The line of the key or item at path ``where`` (the deepest one found), or the document's first."""
    node, line = data, getattr(data, "line", 1)
    for key in where:
        found = _line_in(node, key)
        if found is None:
            break
        line, node = found, node[key]
    return int(line)


def _line_in(node: Any, key: Any) -> Union[int, None]:
    """The line of ``key`` in ``node`` (a LineDict's key, a LineList's item), None when it has none."""
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

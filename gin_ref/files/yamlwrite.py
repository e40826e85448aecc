"""Writing the match file's YAML in one canonical form (``gin_ref.files.yamlread`` reads it back).

``dumps`` prints plain data in one block layout: mappings in block style; lists of scalars (cards, melds)
and the small mappings named in FLOW_KEYS (totals, the draw, Hollywood columns) on one line in flow style,
except the lists named in BLOCK_KEYS (a hand's turns), one item a line. A string is written plain only when
it is in the fixed safe set of plain text (``gin_ref.files.yamlplain.is_plain``: ``Ann``, ``7D``, a seal),
else single-quoted, or double-quoted with escapes when it holds characters YAML does not take raw: so any
YAML reader reads it back as the same string, and no reader needs a resolver. This is the layout the
canonical reader (``gin_ref.files.yamlfast``) reads.
"""

import datetime
import json
import re
from typing import Any, Iterable, List, Mapping, Sequence

from gin_ref.files.yamlplain import UNSAFE_TEXT, is_plain

FLOW_KEYS = frozenset({"totals", "draw", "games"})
BLOCK_KEYS = frozenset({"turns"})


def scalar(value: object) -> str:
    """One scalar in the canonical form: a string plain when it is in the safe set, else quoted."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return json.dumps(value) if value == value and abs(value) != float("inf") else (
            ".nan" if value != value else (".inf" if value > 0 else "-.inf"))
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    text = str(value)
    if is_plain(text):
        return text
    if not UNSAFE_TEXT.search(text) and "\n" not in text:
        return "'" + text.replace("'", "''") + "'"
    return '"' + _UNSAFE_IN_QUOTES.sub(_escape, text) + '"'


_UNSAFE_IN_QUOTES = re.compile('[\\\\"]|' + UNSAFE_TEXT.pattern + "|\n")


def _escape(match: "re.Match[str]") -> str:
    char = match.group()
    if char in '\\"':
        return "\\" + char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else (f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")


def _flow_text(value: object) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar(k)}: {_flow_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow_text(v) for v in value) + "]"
    return scalar(value)


def _is_flat(value: object) -> bool:
    """A list of scalars, or of lists of scalars: written on one line."""
    return isinstance(value, list) and all(
        not isinstance(v, (dict, list)) or (isinstance(v, list) and _is_flat(v)) for v in value)


def _inline(key: object, value: object) -> bool:
    if key in BLOCK_KEYS and isinstance(value, list) and value:
        return False
    if not isinstance(value, (dict, list)) or not value or _is_flat(value):
        return True
    return key in FLOW_KEYS and all(not isinstance(v, (dict, list)) or isinstance(v, dict) and
                                    all(not isinstance(x, (dict, list)) for x in v.values())
                                    for v in (value.values() if isinstance(value, dict) else value))


def _emit_mapping(mapping: Mapping[Any, Any], indent: int, out: List[str], gap_keys: Iterable[str] = ()) -> None:
    pad = " " * indent
    for key, value in mapping.items():
        name = scalar(key)
        if _inline(key, value):
            out.append(f"{pad}{name}: {_flow_text(value)}")
        elif isinstance(value, dict):
            out.append(f"{pad}{name}:")
            _emit_mapping(value, indent + 2, out)
        else:
            out.append(f"{pad}{name}:")
            _emit_sequence(value, indent, out, gap=key in gap_keys)


def _emit_sequence(items: Sequence[Any], indent: int, out: List[str], gap: bool = False) -> None:
    pad = " " * indent
    for item in items:
        if gap:
            out.append("")
        if isinstance(item, dict) and item:
            lines: List[str] = []
            _emit_mapping(item, indent + 2, lines)
            lines[0] = pad + "- " + lines[0][indent + 2:]
            out.extend(lines)
        elif isinstance(item, list) and item and not _is_flat(item):
            out.append(pad + "-")
            _emit_sequence(item, indent + 2, out)
        else:
            out.append(f"{pad}- {_flow_text(item)}")
    if gap and items:
        out.append("")


def dumps(data: Mapping[Any, Any], header: Iterable[str] = (), gap_keys: Iterable[str] = ("hands",)) -> str:
    """The canonical text of a mapping: ``header`` lines as comments first, a blank line around each item of
    the lists named in ``gap_keys``."""
    out = [f"# {line}" if line else "#" for line in header]
    _emit_mapping(data, 0, out, gap_keys)
    return "\n".join(out) + "\n"

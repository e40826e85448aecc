"""The match file's format versions, and the end line that lets a cut file be told from a whole one.

A match file of format ``gin-ref-match/2`` (``gin_ref.match``'s FORMAT) ends with one line,
``end: {hands: N, seal: S}``: the last key of the record, a one-line flow mapping, followed by the file's last line
break. A file cut at any byte loses some of it: the line break, the closing brace (then the line is not
YAML), or all of it (then there is no end), so every cut is refused. ``hands`` is the number of hands the
record holds; later keys of the end line (a count of steps, a seal) go in the same mapping, which stays
last. A ``gin-ref-match/1`` file has no end line: it is read as before (its cuts are caught only as well
as the record's own checks allow) and written as /2 at its first change.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Mapping, Optional, Tuple

from gin_ref.files.yamldata import line_of
from gin_ref.files import seals
from gin_ref.match.schema import FORMAT, FORMAT_2, keys_beyond_1
from gin_ref.core.escape import shown_value

FORMAT_1 = "gin-ref-match/1"
END_KEY = "end"
END_KEYS = ("hands", "seal")
_SEAL = re.compile(f"[0-9a-f]{{{seals.LENGTH}}}")
Problems = List[Tuple[int, str]]  # (line, message)
UPGRADED = "note: {path} is now in format {new} (it was {old}; an older gin-ref cannot read it)"


def end_line(record: Dict[str, Any]) -> str:
    """The text of a record's end line, its line break included: the number of hands and the end seal
    (``gin_ref.files.seals.end_seal``: over the last hand's seal, the count and the last correction's)."""
    hands = record.get("hands")
    count = len(hands) if isinstance(hands, list) else 0
    seal = seals.end_seal(record)
    if seal is None:  # nothing sealed yet: no seal to hold
        return f"{END_KEY}: {{hands: {count}}}\n"
    return f"{END_KEY}: {{hands: {count}, seal: '{seal}'}}\n"


def end_of(data: object) -> Tuple[Optional[int], Optional[str]]:
    """``(version, seal)`` of a record read by ``read_version``: the version of its file, and the seal its
    end line holds (None for /1, or an end line without a readable seal)."""
    end: Tuple[Optional[int], Optional[str]] = getattr(data, "end", (None, None))
    return end


def _keep(data: object, version: int, seal: Optional[str] = None) -> None:
    try:
        data.end = (version, seal)  # type: ignore[attr-defined]  # (a LineDict's slot)
    except AttributeError:  # a plain dict (not read from a file): nothing to keep
        pass


def last_line_number(text: str) -> int:
    return text.count("\n") + (0 if text.endswith("\n") else 1)


def read_version(data: Any, text: str) -> Tuple[Optional[int], Problems]:
    """``(version, problems)`` of a record just read: version 1 or 2 (None for another format, which the
    match layer refuses) and the problems, each ``(line, message)``: for /2, those of its end line; for /1,
    each key only /2 has. The end key is
    taken out and a /1 record is given the current format, so the match replays either the same way."""
    if not isinstance(data, dict):
        return None, []
    fmt = data.get("format")
    if fmt == FORMAT_1:  # a /1 record holds none of the keys /2 brought: one that does was not written as /1
        problems = [(line_of(data, where), f"'{key}' is a key of format {FORMAT_2}, not of {FORMAT_1}: the file says "
                                           f"'format: {FORMAT_1}' but holds a newer record")
                    for where, key in keys_beyond_1(data)]
        data["format"] = FORMAT
        _keep(data, 1)
        return 1, problems
    if fmt != FORMAT:
        return None, []
    return 2, _end_problems(data, text)


def _end_problems(data: Any, text: str) -> Problems:
    last = last_line_number(text)
    lines: Mapping[str, int] = getattr(data, "lines", {})
    if END_KEY not in data:
        return [(last, f"the record has no end line ('{END_KEY}: {{hands: N}}' last): the file was cut short "
                       "or its end deleted")]
    end = data.pop(END_KEY)
    _keep(data, 2, end.get("seal") if isinstance(end, dict) and isinstance(end.get("seal"), str) else None)
    line = lines.get(END_KEY, last)
    keys = list(data)
    if line != last or keys and lines.get(keys[-1], 0) > line:
        return [(line, f"'{END_KEY}: {{...}}' must be the file's last line, with nothing after it")]
    if not text.endswith("\n"):
        return [(line, "the end line has no line break after it: the file was cut short")]
    if not isinstance(end, dict):
        return [(line, f"'{END_KEY}' must be {{hands: N}}, not {shown_value(end)}")]
    if not text.endswith("}\n"):  # a flow mapping on one line: a cut anywhere in it is not YAML
        return [(line, f"'{END_KEY}' must be written on one line: {END_KEY}: {{hands: N}}")]
    problems = [(line, f"unknown key '{key}' in '{END_KEY}'") for key in end if key not in END_KEYS]
    seal = end.get("seal")
    if "seal" in end and not (isinstance(seal, str) and _SEAL.fullmatch(seal)):
        problems.append((line, f"'{END_KEY}': the seal must be {seals.LENGTH} hex digits, not {shown_value(seal)}"))
    hands, held = end.get("hands"), data.get("hands")
    if type(hands) is not int:
        problems.append((line, f"'{END_KEY}' must give the number of hands: {{hands: N}}"))
    elif isinstance(held, list) and hands != len(held):
        problems.append((line, f"the end line says {hands} hand{'s' if hands != 1 else ''} but the record holds "
                               f"{len(held)}: hands were cut or deleted"))
    return problems

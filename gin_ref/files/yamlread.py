"""Reading a match file (or an event file) with the line of every key (``gin_ref.files.yamlwrite`` writes it).

``parse`` returns the data as ``LineDict`` / ``LineList`` (``gin_ref.files.yamldata``: a dict and a list
that also hold the line of each key or item). The canonical layout is read by the canonical reader
(``gin_ref.files.yamlfast``), each value by its key's type (``gin_ref.files.recordkeys``), with no YAML
library loaded; any other text (a hand edit) goes to PyYAML's safe loader (``gin_ref.files.yamlload``, the C
one when present, loaded then: a file in the canonical layout needs none of it), whose nodes give the lines.
What comes back is what PyYAML's safe loader reads, or a refusal: anchors and aliases, nesting deeper than
MAX_DEPTH, and values that are not plain data are refused with their line.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

from gin_ref.core.errors import RecordError, reason
from gin_ref.files.recordkeys import Keys, schema_of
from gin_ref.files.yamldata import MAX_DEPTH, LineDict, LineList, Problems, line_of, plain
from gin_ref.files.yamlfast import parse_canonical
from gin_ref.files.yamlplain import Fallback

__all__ = ["LineDict", "LineList", "line_of", "plain", "MAX_DEPTH", "parse_canonical", "parse"]  # the reader's API


def parse(text: str, path: object = None, schema: Optional[Keys] = None) -> Tuple[Any, Problems]:
    """``(data, problems)``: the document as LineDict/LineList/scalars, and the problems PyYAML's path met
    (a duplicate key, a tag), each ``(where, message)``. ``schema`` is the keys and types of the canonical
    layout: unless told, those of the file the text says it is (``recordkeys.schema_of``: a match record's or
    an event file's). Raises RecordError (with its line, and ``path``, the file's name as given, when known)
    for text that is not YAML or is empty."""
    if text.startswith("\ufeff"):
        text = text[1:]
    schema = schema_of(text) if schema is None else schema
    try:
        return parse_canonical(text, schema), []
    except Fallback:
        pass
    from gin_ref.files.yamlload import read  # late (docs/architecture.md): only text outside the layout

    problems: Problems = []
    try:
        return read(text, problems, schema), problems
    except RecordError as exc:
        if path is None or exc.path is not None:
            raise
        raise RecordError(reason(exc), line=exc.line, path=str(path)) from None

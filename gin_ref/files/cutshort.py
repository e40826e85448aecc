"""A match file cut short (its end line missing, or cut before its line break, or hands cut from it) said
first: ``verify`` lists every problem of a file, and those of a cut record follow from the cut (a missing
'corrections', a last hand without its winner), so the cut is named before them, and no value is suggested
for what the cut took away: the engine's suggestion (``hand 3 has no 'winner' (it should be null)``) comes
from the part of the hand that survives and would write a wrong score."""

from __future__ import annotations

import re
from typing import List, Tuple, Union

from gin_ref.core.message import Message

Problems = List[Tuple[int, Union[str, Message]]]  # (line, message: a Message is said where it is shown)

# the end line's problems of a cut file (gin_ref.files.recordformat's words)
_CUT = ("the file was cut short", "hands were cut or deleted")
_SUGGESTION = re.compile(r" \(it should be .*\)\Z", re.DOTALL)
LOST = " (the file was cut short: restore it from a copy, not from the part that survives)"


def cut_first(found: Problems) -> Problems:
    """``found`` (each ``(line, message)``, in file order), with the problems that say the file was cut
    short first and, when there are any, the others' suggested values left out."""
    cut = [item for item in found if any(words in str(item[1]) for words in _CUT)]
    if not cut:
        return found
    rest: Problems = [(line, _SUGGESTION.sub(LOST, str(message)) if _SUGGESTION.search(str(message)) else message)
                      for line, message in found if (line, message) not in cut]
    return cut + rest

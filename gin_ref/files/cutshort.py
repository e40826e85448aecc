"""A match file cut short (its end line missing, or cut before its line break, or hands cut from it) said
first: ``verify`` lists every problem of a file, and those of a cut record follow from the cut (a missing
'corrections', a last hand without its winner), so the cut is named before them, and no value is suggested
for what the cut took away: the engine's suggestion (``hand 3 has no 'winner' (it should be null)``) comes
from the part of the hand that survives and would write a wrong score."""

from __future__ import annotations

from typing import List, Tuple, Union

from gin_ref.core.message import Message, N_

Problems = List[Tuple[int, Union[str, Message]]]  # (line, message: a Message is said where it is shown)

# the end line's problems of a cut file (gin_ref.files.recordformat's words)
_CUT = ("the file was cut short", "hands were cut or deleted")
_SUGGESTION = " (it should be "  # a message that ends with a value suggested: "... (it should be 7)"
LOST = " (the file was cut short: restore it from a copy, not from the part that survives)"
# the replay's messages that suggest a value, and each one's words without it (a Message is said where shown)
_LOST_WORDS = {
    "hand %(hand)d has no '%(key)s' (it should be %(value)s)":
        N_("hand %(hand)d has no '%(key)s' (the file was cut short: restore it from a copy, not from the part that "
           "survives)"),
    "the result has no 'winner' (it should be %(winner)s)":
        N_("the result has no 'winner' (the file was cut short: restore it from a copy, not from the part that "
           "survives)"),
}


def cut_first(found: Problems) -> Problems:
    """``found`` (each ``(line, message)``, in file order), with the problems that say the file was cut
    short first and, when there are any, the others' suggested values left out."""
    cut = [item for item in found if any(words in str(item[1]) for words in _CUT)]
    if not cut:
        return found
    rest: Problems = [(line, _lost(message)) for line, message in found if (line, message) not in cut]
    return cut + rest


def _lost(message: Union[str, Message]) -> Union[str, Message]:
    """``message`` without the value it suggests (said as lost to the cut), or as it is when it suggests none."""
    if isinstance(message, Message) and message.words in _LOST_WORDS:
        facts = {name: value for name, value in message.values if name not in ("value", "winner")}
        return Message(_LOST_WORDS[message.words], **facts)
    # (str methods, not a regular expression compiled at every command's start: this is for a cut file only)
    text = str(message)
    at = text.find(_SUGGESTION)
    return text[:at] + LOST if at >= 0 and text.endswith(")") else message

"""What the seals of a record say: ``verify`` lists them, and every report that shows scores or money
(``tally``, ``history``, ``standings``, ``settle``, ``export``) warns of a failed one, one line each naming the
file, the line and the hand: ``m.yaml:31: warning: hand 2 changed outside gin-ref: its facts no longer match
its seal``; with ``strict`` it refuses instead, naming the first.

A record written before corrections were sealed (``legacy``: its corrections and count of hands are not
sealed yet) is no failure: ``verify`` says so, the reports do not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Sequence, Tuple

from gin_ref.core.message import Message
from gin_ref.desk.errors import N_, Kind, Refusal, raised
from gin_ref.desk.language import gettext
from gin_ref.files import recordformat, yamlread
from gin_ref.files import seals
from gin_ref.views import words

if TYPE_CHECKING:
    from gin_ref.views.history import MatchView

Seal = Dict[str, Any]  # {line, hand (None: the end of record), kind, message}: as ``verify --json`` gives it
JSON_KEYS = ("line", "hand", "kind", "message")  # and ``correction``, the correction's number, to say it again


def seal_report(data: Any) -> Tuple[bool, List[Seal]]:
    """``(sealed, broken)`` of a match file as read (``data``: its record, with lines; None: it did not
    read): whether it carries seals (format /2) and every seal that fails, each {``line``, ``hand`` (None:
    the end of record), ``kind``, ``message``}."""
    if data is None:
        return False, []
    version, end = recordformat.end_of(data)
    if version != 2:
        return False, []
    last = yamlread.line_of(data, ())
    broken = []
    for item in seals.check_seals(data, end):
        line = yamlread.line_of(data, item.where[:2]) if item.where else _end_line(data, last)
        broken.append({"line": line, "hand": item.hand, "kind": item.kind,
                       "message": words.seal_message(item.kind, item.hand, item.correction).english(),
                       "correction": item.correction})  # (its number, to say it again: not in verify's JSON)
    return True, broken


def _end_line(data: Any, fallback: int) -> Any:
    lines = getattr(data, "lines", {})
    return lines.get("end") or max(lines.values(), default=fallback)


def failed_seals(data: Any) -> List[Seal]:
    """Each seal of a match that fails (not the note of a record sealed before corrections were)."""
    return [item for item in seal_report(data)[1] if item["kind"] != "legacy"]


def refuse_failed(file: str, failed: List[Seal]) -> None:
    """A record whose seal fails, refused (the ``--strict`` of the commands that show scores or money)."""
    if failed:
        first = failed[0]
        if first["line"]:
            message = Message(N_("%(path)s:%(line)s: %(problem)s (%(option)s refuses a record whose seal fails)"),
                              path=file, line=first["line"], problem=said_as(first), option="strict")
        else:
            message = Message(N_("%(path)s: %(problem)s (%(option)s refuses a record whose seal fails)"),
                              path=file, problem=said_as(first), option="strict")
        raise raised(Refusal(Kind.RECORD, message.english(), message.facts(), said_as=message))


def seal_warnings(file: str, failed: Sequence[Seal], strict: bool = False) -> List[str]:
    """The warning line for each failed seal of the match in ``file``; with ``strict``, the first refused."""
    if strict:
        refuse_failed(file, list(failed))
    return [gettext("%(path)s:%(line)s: warning: %(problem)s") % {"path": file, "line": item["line"],
                                                                 "problem": words.said(said_as(item))}
            for item in failed]


def said_as(item: Seal) -> Message:
    """What a failed seal says, as a message (said in the reader's language) from its facts."""
    return words.seal_message(item["kind"], item["hand"], item.get("correction"))


def views_warnings(views: "Sequence[MatchView]", strict: bool = False) -> List[str]:
    """``seal_warnings`` of each match read (``MatchView.seals``)."""
    return [line for view in views for line in seal_warnings(view.file, [dict(seal._asdict()) for seal in view.seals],
                                                                   strict)]

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

from typing import Any, Dict, Iterator, List, Mapping, Optional, Tuple, Union

from gin_ref.files.yamldata import line_of
from gin_ref.files import seals
from gin_ref.core.rules import SNAPSHOT_OPTIONAL
from gin_ref.match.problems import Where
from gin_ref.match.schema import FORMAT, FORMAT_2
from gin_ref.core.escape import shown_value
from gin_ref.core.message import Message, N_, Nn_

FORMAT_1 = "gin-ref-match/1"
END_KEY = "end"
END_KEYS = ("hands", "seal")
Problems = List[Tuple[int, Union[str, Message]]]  # (line, message: a Message is said where it is shown)
# Keys format /2 brought (hands by points, amend, redo, the steps undo counts, a director's ruling, the
# seals): written only into /2, so a /1 record holding one is refused (``keys_beyond_1``).
KEYS_SINCE_2 = {
    "hands": ("knocker_count", "defender_count", "big_gin", "ruling", "seal"),
    "irregularities": ("count",),  # an illegal knock by count
    "corrections": ("redone", "amended", "hand", "hands", "step", "steps", "seal"),
}
# Keys format /3 brought: a correction's ``kind`` (undo, redo, amend: in place of /2's sentences); a /2 record
# holding one is refused (``keys_beyond_2``).
KEYS_SINCE_3 = {"corrections": ("kind",)}
def keys_beyond_1(record: Mapping[str, object]) -> Iterator[Tuple[Where, str]]:
    """``(key path, key)`` for each key of ``record`` that format /1 does not have (``KEYS_SINCE_2``)."""
    def held(where: Where, item: object, keys: Tuple[str, ...]) -> Iterator[Tuple[Where, str]]:
        if isinstance(item, dict):
            yield from ((where + (key,), key) for key in keys if key in item)

    lists = seals.written(record)
    for hand in lists.played():
        yield from held(("hands", hand.at), hand.entry, KEYS_SINCE_2["hands"])
        for j, item in enumerate(hand.irregularities):
            yield from held(("hands", hand.at, "irregularities", j), item, KEYS_SINCE_2["irregularities"])
    for i, item in enumerate(lists.corrections):
        yield from held(("corrections", i), item, KEYS_SINCE_2["corrections"])
        if item is not None:  # the hand an undo took back holds a hand's keys
            yield from held(("corrections", i, "entry"), item.get("entry"), KEYS_SINCE_2["hands"])
    rules = record.get("rules")
    if isinstance(rules, dict):
        yield from held(("rules", "knobs"), rules.get("knobs"), SNAPSHOT_OPTIONAL)
    yield from held((), record, ("result",))  # a result-only record (issue 26)


def keys_beyond_2(record: Mapping[str, object]) -> Iterator[Tuple[Where, str]]:
    """``(key path, key)`` for each key of ``record`` that format /2 does not have (``KEYS_SINCE_3``)."""
    for i, item in enumerate(seals.written(record).corrections):
        if isinstance(item, dict):
            yield from ((("corrections", i, key), key) for key in KEYS_SINCE_3["corrections"] if key in item)



UPGRADED = "note: {path} is now in format {new} (it was {old}; an older gin-ref cannot read it)"


def _is_seal(text: str) -> bool:
    """Is ``text`` a seal as written: ``seals.LENGTH`` lower-case hex digits? (str methods, not a regular
    expression compiled at every command's start)"""
    return len(text) == seals.LENGTH and not text.strip("0123456789abcdef")


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
        problems: Problems = [(line_of(data, where), newer_key(key, FORMAT_2, FORMAT_1))
                              for where, key in keys_beyond_1(data)]
        data["format"] = FORMAT
        _keep(data, 1)
        return 1, problems
    if fmt != FORMAT:
        return None, []
    return 2, _end_problems(data, text)


def newer_key(key: str, new: str, old: str) -> Message:
    """The problem of a key only a newer format has, in a record that says it is of an older one."""
    return Message(N_("'%(key)s' is a key of format %(new)s, not of %(old)s: the file says '%(claim)s' but holds a "
                      "newer record"), key=key, new=new, old=old, claim=f"format: {old}")


def _end_problems(data: Any, text: str) -> Problems:
    last = last_line_number(text)
    lines: Mapping[str, int] = getattr(data, "lines", {})
    if END_KEY not in data:
        return [(last, Message(N_("the record has no end line ('%(end)s' last): the file was cut short or its end "
                                  "deleted"), end=f"{END_KEY}: {{hands: N}}"))]
    end = data.pop(END_KEY)
    _keep(data, 2, end.get("seal") if isinstance(end, dict) and isinstance(end.get("seal"), str) else None)
    line = lines.get(END_KEY, last)
    keys = list(data)
    if line != last or keys and lines.get(keys[-1], 0) > line:
        return [(line, Message(N_("'%(end)s' must be the file's last line, with nothing after it"),
                               end=f"{END_KEY}: {{...}}"))]
    if not text.endswith("\n"):
        return [(line, Message(N_("the end line has no line break after it: the file was cut short")))]
    if not isinstance(end, dict):
        return [(line, Message(N_("'%(key)s' must be %(form)s, not %(value)s"), key=END_KEY, form="{hands: N}",
                               value=shown_value(end)))]
    if not text.endswith("}\n"):  # a flow mapping on one line: a cut anywhere in it is not YAML
        return [(line, Message(N_("'%(key)s' must be written on one line: %(form)s"), key=END_KEY,
                               form=f"{END_KEY}: {{hands: N}}"))]
    problems: Problems = [(line, Message(N_("unknown key '%(name)s' in '%(key)s'"), name=key, key=END_KEY))
                          for key in end if key not in END_KEYS]
    seal = end.get("seal")
    if "seal" in end and not (isinstance(seal, str) and _is_seal(seal)):
        problems.append((line, Message(Nn_("'%(key)s': the seal must be %(count)d hex digit, not %(value)s",
                                           "'%(key)s': the seal must be %(count)d hex digits, not %(value)s"),
                                       key=END_KEY, count=seals.LENGTH, value=shown_value(seal))))
    hands, held = end.get("hands"), data.get("hands")
    if type(hands) is not int:
        problems.append((line, Message(N_("'%(key)s' must give the number of hands: %(form)s"), key=END_KEY,
                                       form="{hands: N}")))
    elif isinstance(held, list) and hands != len(held):
        problems.append((line, Message(Nn_("the end line says %(count)d hand but the record holds %(held)d: hands "
                                           "were cut or deleted",
                                           "the end line says %(count)d hands but the record holds %(held)d: hands "
                                           "were cut or deleted"), count=hands, held=len(held))))
    return problems

"""Checking records: ``verify``, every problem of each file with its line, or what a sound file holds
besides its hands (irregularities, notes, rulings, what its seals say: ``gin_ref.desk.seals``).
"""

from __future__ import annotations

import functools
import os
import re
from typing import Any, Callable, Dict, Iterable, Iterator, List, NamedTuple, Optional, Tuple, Union, cast

from gin_ref.core.errors import RecordError
from gin_ref.core.message import Message, N_, english_of
from gin_ref.desk.errors import refused
from gin_ref.desk.seals import JSON_KEYS, seal_report
from gin_ref.files import matchfile, matchtop, yamlread
from gin_ref.files.filewrite import leftovers
from gin_ref.files.matchfind import candidates
from gin_ref.files.itemread import item_of, read_ruling
from gin_ref.match.handread import NOT_WRITTEN, RecordedHand, given
from gin_ref.match.irregularities import ItemValues, kept_of
from gin_ref.match.problems import Where
from gin_ref.match.rulings import FIELDS as RULING_KEYS, Ruled, Ruling, RulingValues
from gin_ref.match.model import Match
from gin_ref.match.record import Read
from gin_ref.match.replay import OnHand
from gin_ref.match.schema import AsWritten
from gin_ref.files.seals import written
from gin_ref.views import words

EVENT_NOTE = "an event file: see gin-ref event"
_CLAIM = re.compile(r"""^["']?format["']?[ \t]*:[ \t]*["']?gin-ref-(match|event)/"""
                    r"""|\A(?:\s|#[^\n]*|---)*\{\s*["']?format["']?\s*:\s*["']?gin-ref-(match|event)/""", re.MULTILINE)


# -- verify --------------------------------------------------------------------------------------------------

class Verified(NamedTuple):
    """One file verified: ``how`` it was found ("named", "found", "empty": a folder with no match file,
    "event": an event's file, noted), its problems (``(line, message)``), the Match (None when it does not
    read), its ``verify --json`` entry, the irregularities kept, the notes, what its seals say and the hands
    ruled."""

    path: str
    how: str
    problems: List[Tuple[Optional[int], Union[str, Message]]]  # (a Message: said where it is shown)
    match: Optional[Match]
    entry: Dict[str, Any]
    kept: List[Dict[str, Any]]
    notes: List[str]
    sealed: bool
    broken: List[Dict[str, Any]]
    rulings: List[Dict[str, Any]]

    def bad(self, strict: bool = False) -> bool:
        """Does this file make ``verify`` fail (with ``strict``: a failed seal too)?"""
        return bool(self.problems) or bool(strict and self.broken)


def claimed(path: str) -> Optional[str]:
    """What the top of a file says it is: "match", "event", or None (not read, or neither). Only a regular
    file is looked at (a pipe would wait for a writer for ever)."""
    if not os.path.isfile(path):
        return None
    try:
        with open(path, "rb") as data:
            top = data.read(64 * 1024).decode("utf-8", "replace")
    except OSError:
        return None
    found = _CLAIM.search(top)
    return (found.group(1) or found.group(2)) if found else None


def expand(paths: Iterable[str]) -> Iterator[Tuple[str, str]]:
    """``(path, how)`` for each path to verify: a file as named ("named"); a folder's match files and its
    event file ("found"), or the folder itself ("empty") when it holds none. A YAML file found in a folder
    that says it is neither (a rules file) is passed over, as export passes it over."""
    for path in paths:
        if not os.path.isdir(path):
            yield path, "named"
            continue
        found = [file for file, _named in candidates([path]) if claimed(file) is not None]
        if not found:
            yield path, "empty"
        for file in found:
            yield file, "found"


def verify_file(path: str, how: str = "named", named: bool = True, on_hand: Optional[OnHand] = None) -> Verified:
    """Verify one file (``how``: see ``expand``; ``named``: given by the person, not the default match file;
    ``on_hand``: told after each hand replayed). The default match file missing is refused (DeskError).
    What it lists, and its count of hands, are the first reading's typed values (``_listings``); a file whose
    head does not read has no Record: its count and listings are read from the parsed data, as written. The
    seal report works over the file as written (``desk.seals.seal_report``)."""
    if how == "empty":
        empty = {"file": path, "ok": False, "hands": None,
                 "problems": [{"line": None, "message": "no match file in this folder"}]}
        return Verified(path, how, [(None, "no match file in this folder")], None, empty, [], [], False, [], [])
    if claimed(path) == "event":  # an event's file is not a match: said so, not counted against
        note = {"file": path, "ok": True, "event": True, "note": EVENT_NOTE}
        return Verified(path, "event", [], None, note, [], [], False, [], [])
    problems: List[Tuple[Optional[int], Union[str, Message]]]
    checked, match, data, reading = matchfile.check_read(path, on_hand)
    problems = list(checked)
    if match is None and not os.path.isfile(path):  # no file to read: its problem has no line
        if not named:
            raise refused(RecordError(problems[0][1]))  # the default match file is not there: as every command says
        problems = [(None, Message(N_("cannot read %(path)s: no such file"), path=path) if not os.path.lexists(path) else message)
                    for _line, message in problems]
    record = reading.record if reading is not None else None
    hands = len(record.hands) if record is not None else \
        len(data["hands"]) if isinstance(data, dict) and isinstance(data.get("hands"), list) else None
    kept, rulings = _listings(data, match, reading)
    entry: Dict[str, Any] = {
        "file": path, "ok": not problems, "hands": hands,
        "problems": [{"line": line, "message": str(message)} for line, message in problems],
        "irregularities": [{key: item[key] for key in ("line", "hand", "kind", "player", "detail")} for item in kept]}
    entry.update({"result_only": True} if match is not None and match.state.paper is not None else {})
    notes = _notes(match) if not problems else []
    if notes:
        entry["notes"] = words.in_english(lambda: _notes(match))  # the JSON's words: English (#38 item 8)
    if rulings:  # the hands a director ruled, when there are any
        entry["rulings"] = [{key: item[key] for key in ("line", "hand") + RULING_KEYS} for item in rulings]
    left = leftovers(path)
    if left:  # what a writer stopped mid-write left beside the file (the next change removes it)
        entry["leftovers"] = left
    sealed, broken = seal_report(data if match is not None else None)
    if not problems and (broken or not sealed):  # a sound file: what its seals say, when they say something
        entry["seals"] = {"sealed": sealed, "broken": [{key: item[key] for key in JSON_KEYS} for item in broken]}
    return Verified(path, how, problems, match, entry, kept, notes, sealed, broken, rulings)


def verify(paths: Iterable[str], named: bool = True, strict: bool = False) -> Tuple[bool, List[Verified]]:
    """``(ok, each file verified)`` of the files and folders ``paths`` (``verify_file``)."""
    done = [verify_file(path, how, named) for path, how in expand(paths)]
    return not any(item.bad(strict) for item in done), done


def _listings(data: Any, match: Optional[Match] = None, reading: Optional[Read] = None
              ) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]]]:
    """``(irregularities, rulings)`` of a record, each value from its first reading (``reading``: its typed
    Record, there even when the replay fails, and its deals refused as first read), with its line
    (``matchtop.line_of``). A record whose head does not read has no Record: what it lists is read from the
    parsed ``data`` (``_parsed_listings``; None: it did not read)."""
    record = reading.record if reading is not None else None
    if reading is None or record is None:
        return _parsed_listings(data, match)
    reasons = _reasons(match)
    places: List[Tuple[Where, object, object]] = []
    rulings: List[Dict[str, Any]] = []
    for at, hand in enumerate(record.hands):
        if not isinstance(hand, RecordedHand):  # (a hand that is not a mapping: the replay refuses it)
            continue
        items = hand.irregularities if type(hand.irregularities) is tuple else ()  # (as written: refused)
        if not items and hand.ruling is NOT_WRITTEN:
            continue
        number = given(hand.number)  # as written
        places += [(("hands", at, "irregularities", j), number, item) for j, item in enumerate(items)]
        ruled = _ruling_listed(hand.ruling)
        if ruled is not None:
            fields, said = ruled
            rulings.append({"line": matchtop.line_of(record, ("hands", at, "ruling")), "hand": number, **fields,
                            "text": words.ruling_words(said, dated=True)})
    places += [(("irregularities", j), None, item) for j, item in enumerate(reading.items)]
    found = []
    for where, number, item in places:
        values = ItemValues.of(item)
        if not values.mapping:  # (an item that is not a mapping: the replay refuses it)
            continue
        named = number if where[0] == "hands" else _written(values.hand)
        # /2's words as written (a hand edit's of any type: the replay refuses those), or /3's worked out
        detail = reasons.get(where) if values.detail is NOT_WRITTEN else cast(Union[str, Message, None], values.detail)
        found.append({"line": matchtop.line_of(record, where), "hand": named, "kind": _written(values.kind),
                      "player": _written(values.player), "detail": english_of(detail) if detail is not None else None,
                      "text": words.irregularity_note(named, kept_of(item).item._replace(detail=detail))})
    return sorted(found, key=lambda item: item["line"]), rulings


def _written(value: object) -> object:
    """A value of an item as written: None where it is not written."""
    return None if value is NOT_WRITTEN else value


def _ruling_listed(ruling: object) -> Optional[Tuple[Dict[str, object], Ruling]]:
    """A hand's ruling as listed: its fields as written (``RULING_KEYS``) and its Ruling, for its words
    (typed, or as written read leniently); None for no ruling, or one written that is not a mapping."""
    if isinstance(ruling, Ruled):
        made = ruling.ruling
        return dict(zip(RULING_KEYS, (made.kind, made.player, made.points, made.reason, made.by, made.date))), made
    read = ruling.read if isinstance(ruling, AsWritten) else None
    if not isinstance(read, RulingValues) or read.keys is None:
        return None
    return dict(zip(RULING_KEYS, read.values)), read.ruled.ruling  # (its values: FIELDS first, as written)


def _parsed_listings(data: Any, match: Optional[Match] = None) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]]]:
    """The listings of a record whose head does not read (no Record), from the parsed ``data`` as written
    (each hand read once), each with its line there (``yamlread.line_of``)."""
    lists = written(data) if isinstance(data, dict) else None
    # only the hands with something to list are kept (a 100,000-hand record: not a value per hand)
    played = [hand for hand in lists.played() if hand.irregularities or hand.ruling is not None] \
        if lists is not None else []
    line_of = functools.partial(yamlread.line_of, data)
    return _irregularities(line_of, lists, played, match), _rulings(line_of, played)


def _irregularities(line_of: Callable[[Tuple[Any, ...]], int], lists: Any, played: List[Any],
                    match: Optional[Match] = None) -> List[Dict[str, Any]]:
    """Every irregularity written, in file order: line, hand, kind, player, detail and the words for it,
    each as written (``_parsed_listings``)."""
    if lists is None:
        return []
    places: List[Tuple[Tuple[Any, ...], Any, Any]] = [(("hands", hand.at, "irregularities", j), hand.entry.get("number"), item)
              for hand in played for j, item in enumerate(hand.irregularities)]
    places += [(("irregularities", j), item.get("hand") if item is not None else None, item)
               for j, item in enumerate(lists.irregularities)]
    reasons = _reasons(match)
    found = []
    for where, hand, item in places:
        if item is None:
            continue
        detail = item["detail"] if "detail" in item else reasons.get(where)  # /2's words, or /3's worked out
        found.append({"line": line_of(where), "hand": hand, "kind": item.get("kind"),
                      "player": item.get("player"), "detail": english_of(detail) if detail is not None else None,
                      "text": words.irregularity_note(hand, kept_of(item_of(item)).item._replace(detail=detail))})
    return sorted(found, key=lambda item: item["line"])


def _reasons(match: Optional[Match]) -> Dict[Tuple[Any, ...], Union[None, str, Message]]:
    """Why each irregularity the replay read was refused, by its key path (a /3 item holds only its facts:
    the replay works its reason out, a message: the text says it in the language, the JSON in English)."""
    if match is None:
        return {}
    state = match.state
    items = [item for found in state.irregularities.values() for item in found] + list(state.match_irregularities)
    return {item.where: item.detail for item in items}


def _rulings(line_of: Callable[[Tuple[Any, ...]], int], played: List[Any]) -> List[Dict[str, Any]]:
    """Every hand a director ruled, in file order: line, hand and the ruling's fields, as written
    (``_parsed_listings``), and its words."""
    return [{"line": line_of(("hands", hand.at, "ruling")), "hand": hand.entry.get("number"),
             **{key: hand.ruling.get(key) for key in RULING_KEYS},
             "text": words.ruling_words(read_ruling(hand.ruling), dated=True)}
            for hand in played if hand.ruling is not None]


def _notes(match: Optional[Match]) -> List[str]:
    """What an amend left to say: hands that stand as played, hands played after the end."""
    if match is None:
        return []
    notes = [words.note_words(note) for note in match.state.notes]
    after = words.after_end_words(match.state)
    return notes + ([after] if after else [])

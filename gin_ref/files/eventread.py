"""An event file's data (the YAML as read) into the typed event (``gin_ref.club.event.EventRecord``), every
shape checked in order: the first problem raises a RecordError whose ``where`` is its path of keys (the
event file's reader, ``gin_ref.files.eventfile``, turns it into a line).

The file holds ``format``, ``event`` (its name), ``date``, ``system`` (round-robin | swiss), ``rounds``,
``rules`` {``name``, ``knobs``} (the snapshot every table's match starts with), ``players`` (in seed order)
and ``pairings`` (one entry per round paired: ``round``, ``tables`` [{``table``, ``players``, ``file``}],
``bye``)."""

from __future__ import annotations

import datetime
from typing import Any, Dict, List, Set, Tuple, Union

from gin_ref.club.event import FORMAT, KEYS, LANGUAGE_CODE, OPTIONAL_KEYS, SYSTEMS, EventRecord, Round, Table, check_players, check_rules
from gin_ref.core.errors import IllegalActionError, InvalidNotationError, RecordError, RulesError, reason
from gin_ref.core.escape import shown_value
from gin_ref.core.message import Message, N_, Nn_
from gin_ref.core.rules import KNOBS, SNAPSHOT_OPTIONAL, HouseRules, check_knob, consistency_problems, make_rules
from gin_ref.club.pairing import round_robin_rounds

Where = Tuple[Union[str, int], ...]  # a key path into the record


def _problem(where: Where, message: Union[str, Message]) -> RecordError:
    return RecordError(message, where=where)


# -- reading a record ----------------------------------------------------------------------------------------

def read_event(record: object) -> EventRecord:
    """An event file's record (the YAML's data) read into an EventRecord, every shape checked in order: the
    first problem raises a RecordError whose ``where`` is its path of keys."""
    top = _top(record)
    system = top["system"]
    if system not in SYSTEMS:
        raise _problem(("system",), Message(N_("'system' must be one of %(allowed)s, not %(value)s"),
                                                 allowed=", ".join(SYSTEMS), value=shown_value(system)))
    if not isinstance(top["event"], str) or not top["event"]:
        raise _problem(("event",), Message(N_("'event' must be the event's name")))
    try:
        datetime.date.fromisoformat(str(top["date"]))
    except ValueError:
        raise _problem(("date",), Message(N_("'date' must be an ISO date (2024-05-01), not %(value)s"),
                                             value=shown_value(top["date"]))) from None
    try:
        players = check_players(top["players"] if isinstance(top["players"], list) else [])
    except InvalidNotationError as exc:
        raise _problem(("players",), Message(N_("'players' must list the players in seed order: %(reason)s"),
                                                reason=reason(exc))) from None
    rules = _rules(top["rules"])
    rounds = _rounds(top["rounds"], system, len(players))
    pairings = top["pairings"]
    if not isinstance(pairings, list) or len(pairings) > rounds:
        raise _problem(("pairings",), Message(Nn_("'pairings' must be a list of at most %(count)d round",
                                                     "'pairings' must be a list of at most %(count)d rounds"),
                                                 count=rounds))
    files: Set[str] = set()
    paired = tuple(_round(i, item, players, files) for i, item in enumerate(pairings))
    language = top.get("language")
    if language is not None and (not isinstance(language, str) or not LANGUAGE_CODE.fullmatch(language)):
        raise _problem(("language",), Message(N_("'language' must be a language's code (en, fil, sk), not "
                                                    "%(value)s"), value=shown_value(language)))
    return EventRecord(top["event"], str(top["date"]), system, rounds, rules, tuple(players), paired, language)


def _top(record: object) -> Dict[str, Any]:
    """The record's top mapping: the format, then no key unknown, then none missing."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise _problem(("format",) if isinstance(record, dict) and "format" in record else (),
                       Message(N_("not a gin-ref event: no 'format: %(format)s'"), format=FORMAT))
    for key in record:
        if key not in KEYS and key not in OPTIONAL_KEYS:
            raise _problem((key,), Message(N_("unknown key '%(key)s' in the event file"), key=str(key)))
    for key in KEYS:
        if key not in record:
            raise _problem((), Message(N_("the event file has no '%(key)s' (a truncated or hand-edited file?)"),
                                       key=key))
    return record


def _rounds(rounds: object, system: str, players: int) -> int:
    most = round_robin_rounds(players)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= most:
        raise _problem(("rounds",), Message(N_("'rounds' must be a whole number from 1 to %(most)d"), most=most))
    if system == "round-robin" and rounds != most:
        raise _problem(("rounds",), Message(Nn_("a round robin of %(players)d players has %(count)d round",
                                                   "a round robin of %(players)d players has %(count)d rounds"),
                                               players=players, count=most))
    return rounds


def _rules(rules: object) -> HouseRules:
    where: Where = ("rules",)
    if not isinstance(rules, dict) or not isinstance(rules.get("knobs"), dict) or \
            not isinstance(rules.get("name"), str):
        raise _problem(where, Message(N_("'rules' must hold 'name' and 'knobs' (every house rule)")))
    knobs = {}
    for key in KNOBS:
        if key not in rules["knobs"] and key not in SNAPSHOT_OPTIONAL:
            raise _problem(where + ("knobs",), Message(N_("the rules snapshot has no '%(key)s'"), key=key))
    for key, value in rules["knobs"].items():
        try:
            knobs[key] = check_knob(key, value)
        except RulesError as exc:
            raise _problem(where + ("knobs", key), reason(exc)) from None
    for message in consistency_problems({**{key: KNOBS[key].default for key in KNOBS}, **knobs}):
        raise _problem(where + ("knobs",), message)
    result = make_rules(knobs, rules["name"])
    try:
        check_rules(result)
    except IllegalActionError as exc:
        raise _problem(where, reason(exc)) from None
    return result


def _round(index: int, item: object, players: List[str], files: Set[str]) -> Round:
    """Round ``index + 1`` of the pairings; ``files``: the tables' files so far (this round's are added)."""
    where: Where = ("pairings", index)
    if not isinstance(item, dict) or set(item) != {"round", "tables", "bye"}:
        raise _problem(where, Message(N_("a round holds 'round', 'tables' and 'bye'")))
    if item["round"] != index + 1:
        raise _problem(where + ("round",), Message(N_("round %(round)d is numbered %(value)s"), round=index + 1,
                                                       value=shown_value(item["round"])))
    if not isinstance(item["tables"], list):
        raise _problem(where + ("tables",), Message(N_("'tables' must be a list")))
    seated: Set[str] = set()
    tables = tuple(_table(where + ("tables", t), t, table, players, seated, files)
                   for t, table in enumerate(item["tables"]))
    bye = item["bye"]
    unseated = [name for name in players if name not in seated]
    if (bye is None and unseated) or (bye is not None and unseated != [bye]):
        if not unseated:
            raise _problem(where + ("bye",), Message(N_("every player must be at a table or have the bye (unseated: "
                                                        "none; bye: %(bye)s)"), bye=str(bye)))
        raise _problem(where + ("bye",), Message(N_("every player must be at a table or have the bye (unseated: "
                                                    "%(names)s; bye: %(bye)s)"), names=", ".join(unseated),
                                                 bye=str(bye)))
    return Round(index + 1, tables, bye)


def _table(at: Where, t: int, table: object, players: List[str], seated: Set[str], files: Set[str]) -> Table:
    """Table ``t + 1`` of a round (at ``at``); its players are added to ``seated``, its file to ``files``."""
    if not isinstance(table, dict) or set(table) != {"table", "players", "file"}:
        raise _problem(at, Message(N_("a table holds 'table', 'players' and 'file'")))
    if table["table"] != t + 1:
        raise _problem(at + ("table",), Message(N_("table %(table)d is numbered %(value)s"), table=t + 1,
                                                    value=shown_value(table["table"])))
    names = table["players"]
    if not isinstance(names, list) or len(names) != 2 or any(n not in players for n in names) or \
            names[0] == names[1]:
        raise _problem(at + ("players",), Message(N_("a table seats two of the event's players")))
    if seated & set(names):
        raise _problem(at + ("players",), Message(N_("%(names)s sits at two tables"),
                                                     names=", ".join(sorted(seated & set(names)))))
    seated |= set(names)
    file = table["file"]
    if not isinstance(file, str) or not file or "/" in file or "\\" in file or file.startswith("."):
        raise _problem(at + ("file",), Message(N_("'file' must be a match file's name inside the event's "
                                                  "folder")))
    if file in files:
        raise _problem(at + ("file",), Message(N_("'%(file)s' is the file of another table"), file=file))
    files.add(file)
    return Table(t + 1, tuple(names), file)



"""The head and tail of a match record: its format, date, players, house-rule snapshot and start, and the
corrections kept at its end.

Each check takes ``report(where, message, fatal=False)``: ``where`` is the problem's path of keys into the
record; a fatal problem is one the replay cannot go past (``gin_ref.match.replay`` decides whether reporting
raises or collects).
"""

import datetime
from typing import NamedTuple, Optional

from gin_ref.core import game
from gin_ref.core.errors import GinRefError, InvalidNotationError
from gin_ref.core.game import check_name, parse_draw
from gin_ref.core.rules import KNOBS, RulesError, check_consistency, check_knob, make_rules

FORMAT = "gin-ref-match/2"
TOP_KEYS = ("format", "date", "players", "rules", "start", "hands", "irregularities", "corrections")
OPTIONAL_KEYS = ("irregularities",)  # written once there is one (a deal refused: gin_ref.match.handplay)
ROLES = ("box", "captain", "sitter")


class Header(NamedTuple):
    """What the head of a record says: the players, the rules, the first dealer or roles, and how they
    were chosen."""

    players: list
    rules: object  # HouseRules
    dealer: Optional[str]  # the first dealer
    roles: Optional[game.Roles]  # three players: the roles of hand 1
    why: str


def read_header(record, report):
    """The Header of a record (plain data); every problem goes to ``report``."""
    if not isinstance(record, dict):
        report((), f"not a gin-ref match record: expected 'format: {FORMAT}' and the match's keys", fatal=True)
    fmt = record.get("format")
    if fmt != FORMAT:
        if fmt is None:
            message = f"not a gin-ref match record: no 'format: {FORMAT}'"
        elif isinstance(fmt, str) and fmt.startswith("gin-ref-match/"):
            message = f"format {fmt} is not supported: this gin-ref reads {FORMAT}"
        else:
            message = f"format must be '{FORMAT}', not {fmt!r}"
        report(("format",) if "format" in record else (), message, fatal=True)
    for key in record:
        if key not in TOP_KEYS:
            report((key,), f"unknown key '{key}' at the top of the record")
    for key in TOP_KEYS:
        if key not in record and key not in OPTIONAL_KEYS:
            report((), f"the record has no '{key}' (a truncated or hand-edited file?)",
                   fatal=key in ("players", "rules", "start", "hands"))
    check_date(record.get("date"), ("date",), "date", report)
    players = _players(record["players"], report)
    rules = _rules(record["rules"], players, report)
    if not isinstance(record["hands"], list):
        report(("hands",), "'hands' must be a list of hands", fatal=True)
    return _start(record["start"], players, rules, report)


def check_date(value, where, what, report, timestamp=False):
    if isinstance(value, (datetime.date, datetime.datetime)):
        return
    try:
        (datetime.datetime if timestamp else datetime.date).fromisoformat(str(value))
    except ValueError:
        kind = "an ISO time (2024-05-01T20:15:00+02:00)" if timestamp else "an ISO date (2024-05-01)"
        report(where, f"{what} must be {kind}, not {value!r}")


def _players(players, report):
    if not isinstance(players, list) or not 2 <= len(players) <= 3:
        report(("players",), "'players' must be a list of 2 or 3 names", fatal=True)
    for i, name in enumerate(players):
        try:
            check_name(name)
        except InvalidNotationError as exc:
            report(("players", i), str(exc), fatal=True)
        if players.index(name) != i:
            report(("players", i), f"player '{name}' is listed twice", fatal=True)
    return list(players)


def _rules(rules, players, report):
    """HouseRules from the snapshot: every knob checked, every missing one reported (its default used)."""
    if not isinstance(rules, dict) or not isinstance(rules.get("knobs"), dict):
        report(("rules",), "'rules' must hold 'name' and 'knobs' (every house rule)", fatal=True)
    name = rules.get("name")
    if not isinstance(name, str) or not name:
        report(("rules", "name"), "rules 'name' must be the preset or file the match was started with")
        name = "?"
    knobs = {}
    for key, value in rules["knobs"].items():
        try:
            knobs[key] = check_knob(key, value)
        except RulesError as exc:
            report(("rules", "knobs", key), str(exc))
    for key in KNOBS:
        if key not in rules["knobs"]:
            report(("rules", "knobs"), f"the rules snapshot has no '{key}' (it must hold every house rule)")
    merged = {key: knobs.get(key, KNOBS[key][1]) for key in KNOBS}
    for message in check_consistency(merged):
        report(("rules", "knobs"), message, fatal=True)
    result = make_rules(merged, name)
    if result.players != len(players):
        report(("players",), f"the rules are for {result.players} players, but {len(players)} are listed",
               fatal=True)
    return result


def _start(start, players, rules, report):
    where = ("start",)
    if not isinstance(start, dict):
        report(where, "'start' must say who deals first (or the roles, for three players)", fatal=True)
    known = ("box", "captain", "sitter", "draw", "drawn") if len(players) == 3 else ("dealer", "drawn")
    for key in start:
        if key not in known:
            report(where + (key,), f"unknown key '{key}' in 'start'")
    if "drawn" in start and not isinstance(start["drawn"], bool):
        report(where + ("drawn",), "'drawn' must be true or false")
    why = "drawn at random" if start.get("drawn") else "named at the start"
    if len(players) == 2:
        dealer = player_at(start, "dealer", where, players, report, fatal=True, what="the first dealer")
        return Header(players, rules, dealer, None, why)
    names = [player_at(start, role, where, players, report, fatal=True, what=f"the first {role}") for role in ROLES]
    if len(set(names)) != 3:
        report(where, "box, captain and sitter must be three different players", fatal=True)
    roles = game.Roles(*names)
    draw = start.get("draw")
    if draw is not None:
        why = "from the draw"
        try:
            cards = parse_draw([f"{name}={card}" for name, card in dict(draw).items()], players)
        except (GinRefError, TypeError, ValueError) as exc:
            report(where + ("draw",), f"the draw cannot be read: {exc}")
        else:
            drawn, tied = game.roles_from_draw(cards)
            if tied or drawn != roles:
                report(where + ("draw",), f"the draw gives box {drawn.box}, captain {drawn.captain}, sitter "
                                          f"{drawn.sitter}{' (with a tie)' if tied else ''}, not the roles recorded")
    return Header(players, rules, roles.box, roles, why)


def player_at(mapping, key, where, allowed, report, fatal=False, what=None):
    """``mapping[key]`` if it names one of ``allowed``; else a problem and None."""
    value = mapping.get(key)
    if value in allowed:
        return value
    what = what or f"'{key}'"
    if value is None:
        report(where, f"{what} is missing", fatal=fatal)
    else:
        report(where + (key,), f"{what} must be one of {', '.join(allowed)}, not {value!r}", fatal=fatal)
    return None


def check_corrections(corrections, report):
    """Each correction holds what was undone (``undone``), when (``date``) and the data taken back
    (``entry``)."""
    if not isinstance(corrections, list):
        report(("corrections",), "'corrections' must be a list")
        return
    for i, item in enumerate(corrections):
        where = ("corrections", i)
        if not isinstance(item, dict) or not {"undone", "date", "entry"} <= set(item):
            report(where, "a correction holds 'undone', 'date' and 'entry'")
            continue
        if not isinstance(item["undone"], str):
            report(where + ("undone",), "a correction's 'undone' must say what was taken back")
        check_date(item["date"], where + ("date",), "a correction's date", report, timestamp=True)

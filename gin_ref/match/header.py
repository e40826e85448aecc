"""The head of a match record: its format, date, players, house-rule snapshot and start. Each check adds what it finds to a ``Problems`` list; a problem the replay
cannot go past ends it (``Problems.fatal``).
"""

import datetime
from typing import Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from gin_ref.core import game
from gin_ref.core.errors import GinRefError, InvalidNotationError, RulesError
from gin_ref.core.players import check_name, parse_draw
from gin_ref.match.names import first_look_alike, look_alike_message
from gin_ref.core.rules import KNOBS, SNAPSHOT_OPTIONAL, HouseRules, check_consistency, check_knob, make_rules
from gin_ref.match.problems import Problems, Where
from gin_ref.match.schema import FORMAT, FORMAT_2, OPTIONAL_KEYS, ROLES, TOP_KEYS
from gin_ref.core.escape import shown_value


class Header(NamedTuple):
    """What the head of a record says: the players, the rules, the first dealer or roles, and how they
    were chosen; the date as written, and the start's facts: whether the first dealer (or the roles) was
    drawn at random (``drawn``), and the cards three players drew for the roles (``draw``: each name and
    its card's code as written, in the file's order; () without one)."""

    players: List[str]
    rules: HouseRules
    dealer: str  # the first dealer (three players: the first box)
    roles: Optional[game.Roles]  # three players: the roles of hand 1
    why: str
    date: Optional[str] = None  # as written (None: not written, reported)
    drawn: bool = False
    draw: Tuple[Tuple[str, str], ...] = ()


def read_header(record: object, problems: Problems) -> Header:
    """The Header of a record (plain data); raises Unreadable (through ``problems``) when it has none."""
    if not isinstance(record, dict):
        problems.fatal((), f"not a gin-ref match record: expected 'format: {FORMAT}' and the match's keys")
    fmt = record.get("format")
    if fmt != FORMAT and fmt != FORMAT_2:  # (a /2 record in memory is the same data: the file's reader gives /3)
        if fmt is None:
            message = f"not a gin-ref match record: no 'format: {FORMAT}'"
        elif isinstance(fmt, str) and fmt.startswith("gin-ref-match/"):
            message = f"format {fmt} is not supported: this gin-ref reads {FORMAT}"
        else:
            message = f"format must be '{FORMAT}', not {shown_value(fmt)}"
        problems.fatal(("format",) if "format" in record else (), message)
    for key in record:
        if key not in TOP_KEYS:
            problems.add((key,), f"unknown key '{key}' at the top of the record")
    for key in TOP_KEYS:
        if key not in record and key not in OPTIONAL_KEYS and not (key == "start" and "result" in record):
            message = f"the record has no '{key}' (a truncated or hand-edited file?)"
            (problems.fatal if key in ("players", "rules", "start", "hands") else problems.add)((), message)
    written_date = record.get("date")
    check_date(written_date, ("date",), "date", problems)
    date = None if written_date is None else str(written_date)
    players = _players(record["players"], problems)
    rules = _rules(record["rules"], players, problems)
    if not isinstance(record["hands"], list):
        problems.fatal(("hands",), "'hands' must be a list of hands")
    if "start" not in record:  # a result-only record need not say who dealt first: no hand follows
        roles = game.Roles(*players) if len(players) == 3 else None
        return Header(players, rules, players[0], roles, "recorded by its result only", date)
    return _start(record["start"], players, rules, problems, date)


def check_date(value: object, where: Where, what: str, problems: Problems, timestamp: bool = False) -> None:
    if isinstance(value, (datetime.date, datetime.datetime)):
        return
    try:
        (datetime.datetime if timestamp else datetime.date).fromisoformat(str(value))
    except ValueError:
        kind = "an ISO time (2024-05-01T20:15:00+02:00)" if timestamp else "an ISO date (2024-05-01)"
        problems.add(where, f"{what} must be {kind}, not {shown_value(value)}")


def _players(players: object, problems: Problems) -> List[str]:
    if not isinstance(players, list) or not 2 <= len(players) <= 3:
        problems.fatal(("players",), "'players' must be a list of 2 or 3 names")
    for i, name in enumerate(players):
        try:
            check_name(name)
        except InvalidNotationError as exc:
            problems.fatal(("players", i), str(exc))
        if players.index(name) != i:
            problems.fatal(("players", i), f"player '{name}' is listed twice")
        first = next(other for other in players if other.casefold() == name.casefold())
        if first != name:
            problems.fatal(("players", i), f"players '{first}' and '{name}' differ only in case (a player is named "
                                   "ignoring case)")
    alike = first_look_alike(players)
    if alike is not None:
        problems.fatal(("players", players.index(alike[1])), look_alike_message(*alike))
    return list(players)


def _rules(rules: object, players: List[str], problems: Problems) -> HouseRules:
    """HouseRules from the snapshot: every knob checked, every missing one reported (its default used)."""
    if not isinstance(rules, dict) or not isinstance(rules.get("knobs"), dict):
        problems.fatal(("rules",), "'rules' must hold 'name' and 'knobs' (every house rule)")
    for key in rules:
        if key not in ("name", "knobs"):
            problems.add(("rules", key), f"unknown key '{key}' in 'rules' (it holds 'name' and 'knobs')")
    name = rules.get("name")
    if not isinstance(name, str) or not name:
        problems.add(("rules", "name"), "rules 'name' must be the preset or file the match was started with")
        name = "?"
    knobs: Dict[str, object] = {}
    for key, value in rules["knobs"].items():
        try:
            knobs[key] = check_knob(key, value)
        except RulesError as exc:
            problems.add(("rules", "knobs", key), str(exc))
    for key in KNOBS:
        if key not in rules["knobs"] and key not in SNAPSHOT_OPTIONAL:
            problems.add(("rules", "knobs"), f"the rules snapshot has no '{key}' (it must hold every house rule)")
    merged = {key: knobs.get(key, KNOBS[key][1]) for key in KNOBS}
    for message in check_consistency(merged):
        problems.fatal(("rules", "knobs"), message)
    result = make_rules(merged, name)
    if result.players != len(players):
        problems.fatal(("players",), f"the rules are for {result.players} players, but {len(players)} are listed")
    return result


def _start(start: object, players: List[str], rules: HouseRules, problems: Problems, date: Optional[str]) -> Header:
    where = ("start",)
    if not isinstance(start, dict):
        problems.fatal(where, "'start' must say who deals first (or the roles, for three players)")
    known = ("box", "captain", "sitter", "draw", "drawn") if len(players) == 3 else ("dealer", "drawn")
    for key in start:
        if key not in known:
            problems.add(where + (key,), f"unknown key '{key}' in 'start'")
    if "drawn" in start and not isinstance(start["drawn"], bool):
        problems.add(where + ("drawn",), "'drawn' must be true or false")
    drawn = bool(start.get("drawn"))
    why = "drawn at random" if drawn else "named at the start"
    if len(players) == 2:
        dealer = player_at(start, "dealer", where, players, problems, fatal=True, what="the first dealer")
        assert dealer is not None  # a fatal problem otherwise
        return Header(players, rules, dealer, None, why, date, drawn)
    names = [player_at(start, role, where, players, problems, fatal=True, what=f"the first {role}") for role in ROLES]
    if len(set(names)) != 3:
        problems.fatal(where, "box, captain and sitter must be three different players")
    roles = game.Roles(*(str(name) for name in names))
    draw = start.get("draw")
    if draw is not None:
        why = "from the draw"
        _check_draw(draw, players, roles, problems)
    cards = tuple((str(name), str(card)) for name, card in draw.items()) if isinstance(draw, dict) else ()
    return Header(players, rules, game.box_dealer(roles, rules.next_dealer), roles, why, date, drawn, cards)


def _check_draw(draw: object, players: List[str], roles: game.Roles, problems: Problems) -> None:
    """The cards drawn for the roles (three players) give the roles recorded."""
    where: Where = ("start", "draw")
    if not isinstance(draw, dict):
        problems.add(where, f"the draw cannot be read: it gives each player the card drawn (Ann: 7D), not "
                            f"{shown_value(draw)}")
        return
    try:
        cards = parse_draw([f"{name}={card}" for name, card in draw.items()], players)
    except GinRefError as exc:
        problems.add(where, f"the draw cannot be read: {exc}")
        return
    drawn, tied = game.roles_from_draw(cards)
    if tied or drawn != roles:
        problems.add(where, f"the draw gives box {drawn.box}, captain {drawn.captain}, sitter "
                            f"{drawn.sitter}{' (with a tie)' if tied else ''}, not the roles recorded")


def player_at(mapping: Mapping[str, object], key: str, where: Where, allowed: Sequence[str],
              problems: Problems, fatal: bool = False, what: Optional[str] = None) -> Optional[str]:
    """``mapping[key]`` if it names one of ``allowed``; else a problem and None."""
    value = mapping.get(key)
    if isinstance(value, str) and value in allowed:
        return value
    what = what or f"'{key}'"
    report = problems.fatal if fatal else problems.add
    if value is None:
        report(where, f"{what} is missing")
    else:
        report(tuple(where) + (key,), f"{what} must be one of {', '.join(allowed)}, not {shown_value(value)}")
    return None

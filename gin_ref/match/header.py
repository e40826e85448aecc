"""The head of a match record: its format, date, players, house-rule snapshot and start. Each check adds what it finds to a ``Problems`` list; a problem the replay
cannot go past ends it (``Problems.fatal``).
"""

import datetime
from typing import Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from gin_ref.core import game
from gin_ref.core.errors import GinRefError, InvalidNotationError, RulesError, reason
from gin_ref.core.message import Message, N_
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
    its card's code as written, in the file's order; () without one).

    And what the writer needs to lay the head out again as the file holds it (``gin_ref.files.matchtop``):
    the format as read (every write is /3), the date as written (``dated``: a hand edit's 2024-05-01, read
    by PyYAML as a date, stays one), the knobs the rules snapshot holds, in its order (their values are the
    rules'), and the keys ``start`` holds, in its order (None: no start, a match recorded by its result)."""

    players: List[str]
    rules: HouseRules
    dealer: str  # the first dealer (three players: the first box)
    roles: Optional[game.Roles]  # three players: the roles of hand 1
    why: Message  # how they were chosen
    date: Optional[str] = None  # as written (None: not written, reported)
    drawn: bool = False
    draw: Tuple[Tuple[str, str], ...] = ()
    format: str = FORMAT
    dated: object = None
    knobs: Tuple[str, ...] = ()
    start: Optional[Tuple[str, ...]] = ()


def read_header(record: object, problems: Problems) -> Header:
    """The Header of a record (plain data); raises Unreadable (through ``problems``) when it has none."""
    if not isinstance(record, dict):
        problems.fatal((), Message(N_("not a gin-ref match record: expected 'format: %(format)s' and the match's "
                                      "keys"), format=FORMAT))
    fmt = record.get("format")
    if fmt != FORMAT and fmt != FORMAT_2:  # (a /2 record in memory is the same data: the file's reader gives /3)
        if fmt is None:
            message = Message(N_("not a gin-ref match record: no 'format: %(format)s'"), format=FORMAT)
        elif isinstance(fmt, str) and fmt.startswith("gin-ref-match/"):
            message = Message(N_("format %(given)s is not supported: this gin-ref reads %(format)s"), given=fmt,
                              format=FORMAT)
        else:
            message = Message(N_("format must be '%(format)s', not %(given)s"), format=FORMAT, given=shown_value(fmt))
        problems.fatal(("format",) if "format" in record else (), message)
    for key in record:
        if key not in TOP_KEYS:
            problems.add((key,), Message(N_("unknown key '%(key)s' at the top of the record"), key=key))
    for key in TOP_KEYS:
        if key not in record and key not in OPTIONAL_KEYS and not (key == "start" and "result" in record):
            message = Message(N_("the record has no '%(key)s' (a truncated or hand-edited file?)"), key=key)
            (problems.fatal if key in ("players", "rules", "start", "hands") else problems.add)((), message)
    written_date = record.get("date")
    check_date(written_date, ("date",), "date", problems)
    date = None if written_date is None else str(written_date)
    players = _players(record["players"], problems)
    rules = _rules(record["rules"], players, problems)
    if not isinstance(record["hands"], list):
        problems.fatal(("hands",), Message(N_("'hands' must be a list of hands")))
    knobs = tuple(record["rules"]["knobs"])  # (the order the writer lays them out in)
    if "start" not in record:  # a result-only record need not say who dealt first: no hand follows
        return by_result(Header(players, rules, players[0], None, BY_RESULT, date, False, (), str(fmt), written_date,
                                knobs))
    start = record["start"]
    return _start(start, players, rules, problems, date)._replace(format=str(fmt), dated=written_date, knobs=knobs,
                                                                  start=tuple(start))


def by_result(header: Header) -> Header:
    """The header of a match recorded by its result: no start (a paper sheet need not say who dealt first:
    no hand follows), the first player named as the first dealer (three: the roles in the players' order)."""
    players = header.players
    return header._replace(dealer=players[0], roles=game.Roles(*players) if len(players) == 3 else None,
                           why=BY_RESULT, drawn=False, draw=(), start=None)


BY_RESULT = Message(N_("recorded by its result only"))


def check_date(value: object, where: Where, what: Union[str, Message], problems: Problems,
               timestamp: bool = False) -> None:
    if isinstance(value, (datetime.date, datetime.datetime)):
        return
    try:
        (datetime.datetime if timestamp else datetime.date).fromisoformat(str(value))
    except ValueError:
        message = N_("%(what)s must be an ISO time (2024-05-01T20:15:00+02:00), not %(value)s") if timestamp else \
            N_("%(what)s must be an ISO date (2024-05-01), not %(value)s")
        problems.add(where, Message(message, what=what, value=shown_value(value)))


def _players(players: object, problems: Problems) -> List[str]:
    if not isinstance(players, list) or not 2 <= len(players) <= 3:
        problems.fatal(("players",), Message(N_("'players' must be a list of 2 or 3 names")))
    for i, name in enumerate(players):
        try:
            check_name(name)
        except InvalidNotationError as exc:
            problems.fatal(("players", i), reason(exc))
        if players.index(name) != i:
            problems.fatal(("players", i), Message(N_("player '%(player)s' is listed twice"), player=name))
        first = next(other for other in players if other.casefold() == name.casefold())
        if first != name:
            problems.fatal(("players", i), Message(N_("players '%(first)s' and '%(player)s' differ only in case (a "
                                                      "player is named ignoring case)"), first=first, player=name))
    alike = first_look_alike(players)
    if alike is not None:
        problems.fatal(("players", players.index(alike[1])), look_alike_message(*alike))
    return list(players)


def _rules(rules: object, players: List[str], problems: Problems) -> HouseRules:
    """HouseRules from the snapshot: every knob checked, every missing one reported (its default used)."""
    if not isinstance(rules, dict) or not isinstance(rules.get("knobs"), dict):
        problems.fatal(("rules",), Message(N_("'rules' must hold 'name' and 'knobs' (every house rule)")))
    for key in rules:
        if key not in ("name", "knobs"):
            problems.add(("rules", key), Message(N_("unknown key '%(key)s' in 'rules' (it holds 'name' and 'knobs')"),
                                                 key=key))
    name = rules.get("name")
    if not isinstance(name, str) or not name:
        problems.add(("rules", "name"), Message(N_("rules 'name' must be the preset or file the match was started "
                                                   "with")))
        name = "?"
    knobs: Dict[str, object] = {}
    for key, value in rules["knobs"].items():
        try:
            knobs[key] = check_knob(key, value)
        except RulesError as exc:
            problems.add(("rules", "knobs", key), reason(exc))
    for key in KNOBS:
        if key not in rules["knobs"] and key not in SNAPSHOT_OPTIONAL:
            problems.add(("rules", "knobs"), Message(N_("the rules snapshot has no '%(key)s' (it must hold every "
                                                        "house rule)"), key=key))
    merged = {key: knobs.get(key, KNOBS[key][1]) for key in KNOBS}
    for message in check_consistency(merged):
        problems.fatal(("rules", "knobs"), message)
    result = make_rules(merged, name)
    if result.players != len(players):
        problems.fatal(("players",), Message(N_("the rules are for %(rules_players)d players, but %(count)d are "
                                                "listed"), rules_players=result.players, count=len(players)))
    return result


def _start(start: object, players: List[str], rules: HouseRules, problems: Problems, date: Optional[str]) -> Header:
    where = ("start",)
    if not isinstance(start, dict):
        problems.fatal(where, Message(N_("'start' must say who deals first (or the roles, for three players)")))
    known = ("box", "captain", "sitter", "draw", "drawn") if len(players) == 3 else ("dealer", "drawn")
    for key in start:
        if key not in known:
            problems.add(where + (key,), Message(N_("unknown key '%(key)s' in 'start'"), key=key))
    if "drawn" in start and not isinstance(start["drawn"], bool):
        problems.add(where + ("drawn",), Message(N_("'drawn' must be true or false")))
    drawn = bool(start.get("drawn"))
    why = Message(N_("drawn at random")) if drawn else Message(N_("named at the start"))
    if len(players) == 2:
        dealer = player_at(start, "dealer", where, players, problems, fatal=True,
                           what=Message(N_("the first dealer")))
        assert dealer is not None  # a fatal problem otherwise
        return Header(players, rules, dealer, None, why, date, drawn)
    names = [player_at(start, role, where, players, problems, fatal=True, what=FIRST[role]) for role in ROLES]
    if len(set(names)) != 3:
        problems.fatal(where, Message(N_("box, captain and sitter must be three different players")))
    roles = game.Roles(*(str(name) for name in names))
    draw = start.get("draw")
    if draw is not None:
        why = Message(N_("from the draw"))
        _check_draw(draw, players, roles, problems)
    cards = tuple((str(name), str(card)) for name, card in draw.items()) if isinstance(draw, dict) else ()
    return Header(players, rules, game.box_dealer(roles, rules.next_dealer), roles, why, date, drawn, cards)


def _check_draw(draw: object, players: List[str], roles: game.Roles, problems: Problems) -> None:
    """The cards drawn for the roles (three players) give the roles recorded."""
    where: Where = ("start", "draw")
    if not isinstance(draw, dict):
        problems.add(where, Message(N_("the draw cannot be read: it gives each player the card drawn (Ann: 7D), "
                                       "not %(value)s"), value=shown_value(draw)))
        return
    try:
        cards = parse_draw([f"{name}={card}" for name, card in draw.items()], players)
    except GinRefError as exc:
        problems.add(where, Message(N_("the draw cannot be read: %(reason)s"), reason=reason(exc)))
        return
    drawn, tied = game.roles_from_draw(cards)
    if tied or drawn != roles:
        problems.add(where, Message(N_("the draw gives box %(box)s, captain %(captain)s, sitter %(sitter)s (with a "
                                       "tie), not the roles recorded") if tied else
                            N_("the draw gives box %(box)s, captain %(captain)s, sitter %(sitter)s, not the roles "
                               "recorded"), box=drawn.box, captain=drawn.captain, sitter=drawn.sitter))


FIRST = {"box": Message(N_("the first box")), "captain": Message(N_("the first captain")),
         "sitter": Message(N_("the first sitter"))}


def player_at(mapping: Mapping[str, object], key: str, where: Where, allowed: Sequence[str],
              problems: Problems, fatal: bool = False, what: Union[None, str, Message] = None) -> Optional[str]:
    """``mapping[key]`` if it names one of ``allowed``; else a problem and None."""
    value = mapping.get(key)
    if isinstance(value, str) and value in allowed:
        return value
    what = what or f"'{key}'"
    report = problems.fatal if fatal else problems.add
    if value is None:
        report(where, Message(N_("%(what)s is missing"), what=what))
    else:
        report(tuple(where) + (key,), Message(N_("%(what)s must be one of %(allowed)s, not %(value)s"), what=what,
                                              allowed=", ".join(allowed), value=shown_value(value)))
    return None

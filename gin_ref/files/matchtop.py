"""The top level of a match record, first read into its typed value (``gin_ref.match.record.Record``) and
written back: the one place the top level becomes a mapping again (#36 item 1).

``read`` is the first reading of a parsed file: the header (a problem it cannot go past: no Record), a
result-only record's result, each deal refused (typed, or None where it cannot be, with its hand as written)
and the corrections, each part with its problems, held by part (``gin_ref.match.record.Read``); the replay
(``gin_ref.match.replay.replay_record``) says them where it reaches each part, in the order the file's
checks have always been said. The checks of each part run here, in that order: the head's (its form,
read here into a ``gin_ref.match.header.Header``: ``read_header``), the result's (its shape, read here, and the rules' checks of
``gin_ref.match.resultonly``: one score per player, scores the rules can give), each deal refused's
(``gin_ref.match.irregularities``) and the corrections' (``gin_ref.files.correctionread``). ``typed`` is the
Record of a record to be written (whole, or an AssertionError). Each hand is read once, as a
``RecordedHand`` (its facts typed: ``gin_ref.files.handform``). ``write`` gives the mapping the canonical writer lays out
(``gin_ref.files.matchfile.dumps``): the head from its typed values (``head_data``), the top-level keys in
the record's order (``TOP_KEYS``), each hand's in the file's order (``gin_ref.files.handform.hand_data``, the one place a hand
becomes a mapping), each correction's keys in the order gin-ref writes
them, a deal an undo took back laid out as a hand. A read and a write change nothing:
tests/test_record_round_trip.py writes every record under examples/ and tests/ through them and compares
the text byte for byte.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, cast

from gin_ref.core import game
from gin_ref.core.errors import GinRefError, InvalidNotationError, RulesError, reason
from gin_ref.core.escape import shown_value
from gin_ref.core.message import Message, N_, Nn_
from gin_ref.core.players import check_name, parse_draw
from gin_ref.core.rules import KNOBS, SNAPSHOT_OPTIONAL, HouseRules, check_consistency, check_knob, make_rules
from gin_ref.files.correctionread import entry_data, paper_of, paper_pairs, read_corrections
from gin_ref.files.itemread import refused_of
from gin_ref.files.yamldata import MAX_DEPTH, LineDict, LineList, line_in
from gin_ref.match.corrections import Correction
from gin_ref.files.handform import hand_data, item_laid_out, line_in_hand, recorded_hand, walked
from gin_ref.match.handread import RecordedHand
from gin_ref.match.header import BY_RESULT, Header, by_result, check_date, player_named, why_started
from gin_ref.match.names import first_look_alike, look_alike_message
from gin_ref.match.problems import Problems, Unreadable, Where, same
from gin_ref.match.record import Read, Record
from gin_ref.match.resultonly import RESULT_KEY, RESULT_KEYS, PaperResult, by_one_score, score_problems, winner_of
from gin_ref.match.schema import FORMAT, FORMAT_2, OPTIONAL_KEYS, ROLES, TOP_KEYS

__all__ = ["read", "read_header", "typed", "write", "hand_data", "line_of", "top_lines"]

WORDS = {"undo": "undone", "redo": "redone", "amend": "amended"}  # /2's words for what a correction did


def read(data: object) -> Read:
    """The first reading of a record's top level (plain data, as parsed): its Record, each part typed, and
    each part's problems, held by part (``Read``) for the replay to say in the order it reaches them. The
    head is read first: a problem it cannot go past leaves no Record. A part of another shape is left out
    of the Record (``verify`` shows what it can of it): its problems say so."""
    head = Problems()
    try:
        header = read_header(data, head)
    except Unreadable:
        return Read(None, tuple(head))
    assert isinstance(data, dict)  # (read_header's first check)
    hands = data["hands"]  # a list (read_header's check)
    result, paper, seal, written = Problems(), None, None, None
    if RESULT_KEY in data:
        given = data[RESULT_KEY]
        paper = _read_result(given, len(hands), header.rules, header.players, result)
        if paper is not None and isinstance(given, dict):
            written, seal = paper_of(given), given.get("seal")
    refused, items, listed = refused_of(data.get("irregularities"), header.players)
    found = Problems()
    corrections = read_corrections(data, found)
    # each hand read once as a RecordedHand; one that is not a mapping is kept as it is, for the replay to
    # refuse in its place (such a Record is never written: ``typed``)
    lines = getattr(hands, "lines", None)  # each hand's line (read from a file: a LineList)
    recorded = cast("Tuple[RecordedHand, ...]",
                    tuple(recorded_hand(item, lines[i] if lines is not None and i < len(lines) else None)
                          if isinstance(item, dict) else item for i, item in enumerate(hands)))
    record = Record(header, recorded,
                    None if refused is None else tuple(kept for kept, _hand, _said in refused if kept is not None),
                    tuple(corrections), written, seal if isinstance(seal, str) else None, top_lines(data))
    return Read(record, tuple(head), tuple(result), paper, tuple(refused or ()), listed, tuple(found), items)


def top_lines(data: object) -> Tuple[Tuple[Where, int], ...]:
    """The lines of a record's top level as read (``Record.lines``; none for data made in memory): the top
    mapping's, each top key's and, under them, each key and item of the head, the result, the deals refused
    (and of a key gin-ref does not know), each correction's and its keys', and each item of ``hands`` that
    is not a hand's mapping (a hand's own are in the hand: ``RecordedHand.lines``)."""
    if not isinstance(data, LineDict):
        return ()
    found: List[Tuple[Where, int]] = [((), data.line)]
    for key, value in data.items():
        line = line_in(data, key)
        if line is None:
            continue
        found.append(((key,), line))
        if key == "hands":
            if isinstance(value, LineList):  # (a hand's mapping: its lines are in its RecordedHand)
                found += [(("hands", i), line) for i, line in enumerate(value.lines) if not isinstance(value[i], dict)]
        else:
            _paths(value, (key,), found, 2 if key == "corrections" else MAX_DEPTH)
    return tuple(found)


def _paths(node: object, where: Where, found: List[Tuple[Where, int]], depth: int) -> None:
    """Each key or item under ``node`` (to ``depth`` levels), with its line, into ``found``."""
    if depth <= 0 or not isinstance(node, (LineDict, LineList)):
        return
    for key in (node if isinstance(node, LineDict) else range(len(node))):
        line = line_in(node, key)
        if line is not None:
            found.append((where + (key,), line))
            _paths(node[key], where + (key,), found, depth - 1)


def line_of(record: Record, where: Where) -> int:
    """The line of the key or item at path ``where`` in the file a Record was read from, from its typed
    values (the deepest key found; the top mapping's first line otherwise): the line
    ``gin_ref.files.yamldata.line_of`` gives over the parsed file, which need not be kept for it. A hand's
    path is walked through the hand (``gin_ref.files.handform.line_in_hand``), the rest through the lines of
    the top level (``Record.lines``); 1 for a Record made in memory."""
    hands = record.hands
    if len(where) > 1 and where[0] == "hands" and isinstance(where[1], int) and 0 <= where[1] < len(hands):
        hand = hands[where[1]]
        if isinstance(hand, RecordedHand) and hand.lines:
            return line_in_hand(hand, where[2:])
    table = dict(record.lines)
    line = table.get((), 1)
    for depth in range(1, len(where) + 1):
        found = table.get(tuple(where[:depth]))
        if found is None:
            return line
        line = found
        if depth == 2 and where[0] == "hands":  # an item of ``hands`` that is not a hand's mapping, as read
            return walked(hands[cast(int, where[1])], where[2:], line)
    return line


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
                                knobs, line=line_in(record, "format")))
    start = record["start"]
    return _start(start, players, rules, problems, date)._replace(format=str(fmt), dated=written_date, knobs=knobs,
                                                                  start=tuple(start), line=line_in(record, "format"))


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
    if len(players) == 2:
        dealer = player_named(start.get("dealer"), "dealer", where, players, problems, fatal=True,
                           what=Message(N_("the first dealer")))
        assert dealer is not None  # a fatal problem otherwise
        return Header(players, rules, dealer, None, why_started(drawn, False), date, drawn)
    names = [player_named(start.get(role), role, where, players, problems, fatal=True, what=FIRST[role])
             for role in ROLES]
    if len(set(names)) != 3:
        problems.fatal(where, Message(N_("box, captain and sitter must be three different players")))
    roles = game.Roles(*(str(name) for name in names))
    draw = start.get("draw")
    if draw is not None:
        _check_draw(draw, players, roles, problems)
    cards = tuple((str(name), str(card)) for name, card in draw.items()) if isinstance(draw, dict) else ()
    return Header(players, rules, game.box_dealer(roles, rules.next_dealer), roles,
                  why_started(drawn, draw is not None), date, drawn, cards)


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


def _read_result(given: object, held: int, rules: HouseRules, players: List[str], problems: Problems
                 ) -> Optional[PaperResult]:
    """A result-only record's ``result`` read (``held``: the hands the record holds beside it), each problem
    at its key path: its shape, each player's score and hands won, the winner its scores make, and the
    rules' checks (``gin_ref.match.resultonly``: one score per player, scores the rules can give). The result
    as the replay reads it: its scores in the players' order, the winner they make; None when it cannot be
    read."""
    where: Where = (RESULT_KEY,)
    if held:
        problems.add(("hands",), Message(Nn_("the record holds a result and %(count)d hand: a match is recorded by "
                                             "its hands or by its result, not both",
                                             "the record holds a result and %(count)d hands: a match is recorded by "
                                             "its hands or by its result, not both"), count=held))
    if not isinstance(given, dict):
        problems.add(where, Message(N_("'result' must hold the final 'scores' (and 'hands_won', 'winner')")))
        return None
    for key in given:
        if key not in RESULT_KEYS:
            problems.add(where + (key,), Message(N_("unknown key '%(key)s' in 'result'"), key=key))
    refusal = by_one_score(rules)
    if refusal is not None:
        problems.add(where, refusal)
    ordered = _named(given.get("scores"), players, where + ("scores",), problems,
                     Message(N_("the result's 'scores' must give each player (%(players)s) a whole number of points "
                                "from 0"), players=", ".join(players)))
    if ordered is None:
        return None
    won = given.get("hands_won")
    hands_won = None if won is None else _named(
        won, players, where + ("hands_won",), problems,
        Message(N_("the result's 'hands_won' must give each player (%(players)s) a whole number of hands from 0"),
                players=", ".join(players)))
    winner, tied = winner_of(ordered)
    if winner is None:
        problems.add(where + ("scores",), Message(N_("%(players)s have %(points)d each: a match has one winner"),
                                                  players=" and ".join(tied), points=ordered[tied[0]]))
        return PaperResult(ordered, hands_won, tied[0])
    if "winner" not in given:
        problems.add(where, Message(N_("the result has no 'winner' (it should be %(winner)s)"), winner=winner))
    elif not same(given["winner"], winner):
        problems.add(where + ("winner",), Message(N_("the result's winner is %(given)s, but the scores make it "
                                                     "%(winner)s (the highest)"), given=repr(given["winner"]),
                                                  winner=winner))
    if refusal is None:
        for name, message in score_problems(rules, ordered, hands_won, winner):
            problems.add(where + ("scores", name), Message(N_("the result: %(problem)s"), problem=message))
    return PaperResult(ordered, hands_won, winner)


def _named(given: object, players: List[str], where: Where, problems: Problems, message: Message
           ) -> Optional[Dict[str, int]]:
    """A whole number from 0 for each player, in the players' order (None, with ``message``, if not)."""
    if not isinstance(given, dict) or sorted(map(str, given)) != sorted(players) or \
            not all(isinstance(count, int) and not isinstance(count, bool) and count >= 0 for count in given.values()):
        problems.add(where, message)
        return None
    return {name: given[name] for name in players}


def typed(data: Dict[str, Any]) -> Record:
    """The Record of a record to be written (one that replays: made by gin-ref, or read strictly). One whose
    top level the Record cannot hold whole (an unknown key, a part of another shape) is a defect of the
    caller, never written in part: AssertionError."""
    reading = read(data) if isinstance(data.get("hands"), list) else None
    record = reading.record if reading is not None else None
    corrections = data.get("corrections")
    if reading is None or record is None or any(key not in TOP_KEYS for key in data) or \
            not isinstance(corrections, list) or len(record.corrections) != len(corrections) or reading.listed or \
            any(kept is None for kept, _hand, _said in reading.refused) or \
            not all(isinstance(hand, RecordedHand) for hand in record.hands) or \
            (RESULT_KEY in data) != (record.result is not None):
        raise AssertionError(f"a record that does not replay cannot be written: {sorted(data)}")
    return record


def write(record: Record) -> Dict[str, Any]:
    """The record's top level as the file holds it, in the file's order (a /2 record's format written as
    /3: every write is /3)."""
    data = head_data(record.header)
    data["hands"] = [hand_data(hand) for hand in record.hands]
    if record.result is not None:
        result = dict(paper_pairs(record.result))
        if record.result_seal is not None:
            result["seal"] = record.result_seal
        data[RESULT_KEY] = result
    if record.irregularities is not None:
        data["irregularities"] = [item_laid_out(kept) for kept in record.irregularities]
    data["corrections"] = [correction_data(item) for item in record.corrections]
    return data


def head_data(header: Header) -> Dict[str, Any]:
    """The head as the file holds it, from its typed values: the format (/3: a /2 record read is written as
    /3), the date as written, the players, the rules snapshot (its name, and the knobs it holds in its
    order, each at its value) and the start (its keys in their order; none for a match recorded by its
    result)."""
    knobs = header.rules.knobs()
    data: Dict[str, Any] = {"format": FORMAT, "date": header.dated, "players": list(header.players),
                            "rules": {"name": header.rules.name, "knobs": {key: knobs[key] for key in header.knobs}}}
    if header.start is not None:
        data["start"] = {key: _start_value(header, key) for key in header.start}
    return data


def _start_value(header: Header, key: str) -> object:
    """The value of ``start``'s ``key``: the first dealer, whether drawn, a role, the cards drawn."""
    if key == "dealer":
        return header.dealer
    if key == "drawn":
        return header.drawn
    if key == "draw":
        return dict(header.draw)
    assert header.roles is not None and key in ("box", "captain", "sitter"), key  # (read_header's checks)
    return {"box": header.roles.box, "captain": header.roles.captain, "sitter": header.roles.sitter}[key]


def correction_data(item: Correction) -> Dict[str, Any]:
    """A correction as the file holds it: what it did (/3's ``kind``, or /2's words, as written), its date,
    the hand amended and the hands then, the entry it keeps (``correctionread.entry_data``: a deal's laid
    out as a hand), its step, its counts of steps and its seal."""
    what = "undo" if item.undone else "redo" if item.redone else "amend"
    data: Dict[str, Any] = {"kind": what} if item.said is None else {WORDS[what]: item.said}
    data["date"] = item.date
    if item.hand is not None:
        data["hand"] = item.hand
    if item.hands is not None:
        data["hands"] = item.hands
    if item.entry is not None:
        data["entry"] = entry_data(item)
    if item.step is not None:
        step: Dict[str, Any] = {"kind": item.step.kind, "hand": item.step.hand}
        if item.step.turn is not None:
            step["turn"] = item.step.turn
        data["step"] = step
    if item.steps is not None:
        data["steps"] = list(item.steps)
    if item.seal is not None:
        data["seal"] = item.seal
    return data


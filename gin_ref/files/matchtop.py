"""The top level of a match record, first read into its typed value (``gin_ref.match.record.Record``) and
written back: the one place the top level becomes a mapping again (#36 item 1).

``read`` is the first reading of a parsed file: the header (a problem it cannot go past: no Record), a
result-only record's result, each deal refused (typed, or None where it cannot be, with its hand as written)
and the corrections, each part with its problems, held by part (``gin_ref.match.record.Read``); the replay
(``gin_ref.match.replay.replay_record``) says them where it reaches each part, in the order the file's
checks have always been said. The checks of each part run here, in that order: the head's
(``gin_ref.match.header``), the result's (its shape, read here, and the rules' checks of
``gin_ref.match.resultonly``: one score per player, scores the rules can give), each deal refused's
(``gin_ref.match.irregularities``) and the corrections' (``gin_ref.match.corrections``). ``typed`` is the
Record of a record to be written (whole, or an AssertionError). ``write`` gives the mapping the canonical
writer lays out (``gin_ref.files.matchfile.dumps``): the head from its typed values (``head_data``), the
top-level keys in the record's order (``TOP_KEYS``), each correction's keys in the order gin-ref writes
them, a deal an undo took back laid out as a hand. A read and a write change nothing:
tests/test_record_round_trip.py writes every record under examples/ and tests/ through them and compares
the text byte for byte.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from gin_ref.core.message import Message, N_, Nn_
from gin_ref.core.rules import HouseRules
from gin_ref.match.corrections import Correction, read_corrections
from gin_ref.match.header import Header, read_header
from gin_ref.match.irregularities import read_match_irregularity
from gin_ref.match.problems import Problem, Problems, Unreadable, Where, same
from gin_ref.match.record import Read, Record
from gin_ref.match.resultonly import RESULT_KEY, RESULT_KEYS, PaperResult, by_one_score, score_problems, winner_of
from gin_ref.match.schema import FORMAT, HAND_KEYS, TOP_KEYS
from gin_ref.match.steps import Kept, file_form, paper_of

if TYPE_CHECKING:
    from gin_ref.match.record import Refusal

__all__ = ["read", "typed", "write", "in_file_order"]

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
    refused, listed = _refused(data.get("irregularities"), header.players)
    found = Problems()
    corrections = read_corrections(data, found)
    record = Record(header, tuple(hands),
                    None if refused is None else tuple(kept for kept, _hand, _said in refused if kept is not None),
                    tuple(corrections), written, seal if isinstance(seal, str) else None)
    return Read(record, tuple(head), tuple(result), paper, tuple(refused or ()), listed, tuple(found))


def _refused(listed: object, players: List[str]) -> Tuple[Optional[List[Refusal]], Tuple[Problem, ...]]:
    """Each deal refused (the match's ``irregularities``) read: ``(refusals, problems of the list)``; None
    and a problem when the record holds another shape, None alone when it holds none."""
    if listed is None:
        return None, ()
    if not isinstance(listed, list):
        problems = Problems()
        problems.add(("irregularities",), Message(N_("'irregularities' must be a list")))
        return None, tuple(problems)
    refused: List[Refusal] = []
    for i, item in enumerate(listed):
        said = Problems()
        irregularity = read_match_irregularity(item, ("irregularities", i), players, said)
        detail = item.get("detail") if isinstance(item, dict) else None
        kept = None if irregularity is None else \
            Kept(irregularity._replace(where=()), (), detail if isinstance(detail, str) else None)
        refused.append((kept, item.get("hand") if isinstance(item, dict) else None, tuple(said)))
    return refused, ()


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
            (RESULT_KEY in data) != (record.result is not None):
        raise AssertionError(f"a record that does not replay cannot be written: {sorted(data)}")
    return record


def write(record: Record) -> Dict[str, Any]:
    """The record's top level as the file holds it, in the file's order (a /2 record's format written as
    /3: every write is /3)."""
    data = head_data(record.header)
    data["hands"] = [in_file_order(hand) if isinstance(hand, dict) else hand for hand in record.hands]
    if record.result is not None:
        result = file_form(record.result)
        if record.result_seal is not None:
            result["seal"] = record.result_seal
        data[RESULT_KEY] = result
    if record.irregularities is not None:
        data["irregularities"] = [file_form(kept) for kept in record.irregularities]
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
    the hand amended and the hands then, the entry it keeps (a deal's laid out as a hand), its step, its
    counts of steps and its seal."""
    what = "undo" if item.undone else "redo" if item.redone else "amend"
    data: Dict[str, Any] = {"kind": what} if item.said is None else {WORDS[what]: item.said}
    data["date"] = item.date
    if item.hand is not None:
        data["hand"] = item.hand
    if item.hands is not None:
        data["hands"] = item.hands
    if item.entry is not None:
        data["entry"] = in_file_order(item.entry) if item.step is not None and item.step.kind == "deal" \
            else item.entry
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


def in_file_order(entry: Dict[str, Any]) -> Dict[str, Any]:
    """A hand entry with its keys in the order the file lays them out (HAND_KEYS; a key it does not know
    after them), in place. The writer lays each hand out so: the record in memory keeps no order."""
    ranks = [_RANK.get(key, len(HAND_KEYS)) for key in entry]
    if ranks != sorted(ranks):  # laid out again in place (not copied: the seals written go into the hand)
        ordered = sorted(entry.items(), key=lambda item: _RANK.get(item[0], len(HAND_KEYS)))
        entry.clear()
        entry.update(ordered)
    return entry


_RANK = {key: rank for rank, key in enumerate(HAND_KEYS)}



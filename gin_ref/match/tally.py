"""The tally of a match as data: the ``tally --json`` object (see the README). Reads a
``gin_ref.match.model.Match``; decides nothing and changes nothing.
"""

from typing import Any, Dict

from gin_ref.core import game
from gin_ref.match.model import Match
from gin_ref.match.schema import ROLES, Entry

__all__ = ["tally_data"]

RULING_FIELDS = ("kind", "player", "points", "reason", "by", "date")
NO_TABLE: Dict[str, Any] = {"turn": None, "discard_top": None, "stock_count": None}


def tally_data(match: Any) -> Dict[str, Any]:
    """The ``tally --json`` object of a Match (or of anything holding one as ``.match``, like a Record):
    every hand, the totals, who deals, the end; for an open hand whose turn it is (``turn``: {``player``,
    ``phase``}), the top of the discard pile and the stock count (an open hand with no turn recorded is
    at its start: the non-dealer's option on the upcard, 31 cards in the stock); the match's own
    irregularities (deals refused)."""
    match = getattr(match, "match", match)
    assert isinstance(match, Match)
    state = match.state
    bonuses, final, winner = state.result()
    data: Dict[str, Any] = {
        "players": list(state.players),
        "rules": state.rules.name,
        "hands": [_hand_data(match, index, entry) for index, entry in enumerate(match.hands)],
        "totals": dict(state.totals),
        "next_dealer": None if state.finished or state.open is not None else state.dealer,
        "finished": state.finished,
        "winner": winner,
        "final": final,
        "bonuses": bonuses,
        "target": state.rules.target,
        "open_hand": None if state.open is None else state.open + 1,
    }
    if state.paper is not None:  # a result-only match: the scores given (bonuses in), hands won if given
        data["result_only"] = {"scores": dict(state.paper.scores), "hands_won": state.paper.hands_won}
    if state.games is not None:
        data["games"] = game.games_data(state.rules, state.games)
    if state.roles is not None:
        data["roles"] = None if state.finished or state.open is not None else state.roles.data()
    table = match.open_table()
    data.update(table.summary() if table is not None else NO_TABLE)
    data["irregularities"] = [_irregularity(item) for item in match.record.get("irregularities") or []]
    if state.notes:  # after an amend: hands that stand as played though the rotation would differ
        data["notes"] = [note._asdict() for note in state.notes]
    return data


def _hand_data(match: Match, index: int, entry: Entry) -> Dict[str, Any]:
    state = match.state
    settled = entry.get("result") is not None
    hand: Dict[str, Any] = {"number": entry["number"], "dealer": entry["dealer"]}
    if state.three:
        hand.update((role, entry[role]) for role in ROLES)
    hand.update(upcard=entry.get("upcard"), limit=entry["limit"], result=entry.get("result"),
                knocker=entry.get("knocker"), winner=entry.get("winner"),
                points=entry.get("points") if settled else None,
                totals=dict(entry["totals"]) if settled or "totals" in entry else dict(state.totals))
    if state.games is not None:
        games = entry["games"] if settled else [g.totals for g in state.games]
        hand["games"] = [dict(columns) for columns in games]
    knock = state.settlements.get(index)
    hand["knocker_deadwood"] = knock.knocker_deadwood if knock is not None else None
    hand["defender_deadwood"] = knock.defender_deadwood if knock is not None else None
    if index in state.after_end:  # an amend ended the match earlier: played after the end, not counted
        hand["after_end"] = True
    hand["irregularities"] = [_irregularity(item) for item in entry.get("irregularities") or []]
    ruling = entry.get("ruling")
    if isinstance(ruling, dict):  # a director's ruling: the hand's winner and points are the ruling's
        hand["ruling"] = {key: ruling.get(key) for key in RULING_FIELDS}
    return hand


def _irregularity(item: Entry) -> Dict[str, Any]:
    """An irregularity for the tally: kind, player, detail, points (0 for all but a penalised knock), and
    what it has of hand (a deal refused), turn (when it happened), action and card (out of turn)."""
    data = {"kind": item.get("kind"), "player": item.get("player"), "detail": item.get("detail"),
            "points": item.get("points", 0)}
    data.update((key, item[key]) for key in ("hand", "turn", "action", "card") if key in item)
    return data

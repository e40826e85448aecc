"""The tally of a match as data: the ``tally --json`` object (see the README), and a settled hand or an
irregularity in a few words. Reads a ``gin_ref.match.model.Match``; decides nothing and changes nothing.
"""

from gin_ref.core import game
from gin_ref.match.handplay import describe_irregularity
from gin_ref.match.header import ROLES

__all__ = ["tally_data", "describe_result", "describe_irregularity"]

NO_TABLE = {"turn": None, "discard_top": None, "stock_count": None}


def tally_data(match):
    """The ``tally --json`` object of a Match (or of anything holding one as ``.match``, like a Record):
    every hand, the totals, who deals, the end; for an open hand whose turn it is (``turn``: {``player``,
    ``phase``}), the top of the discard pile and the stock count (an open hand with no turn recorded is
    at its start: the non-dealer's option on the upcard, 31 cards in the stock); the match's own
    irregularities (deals refused)."""
    match = getattr(match, "match", match)
    bonuses, final, winner = match.result()
    data = {
        "players": list(match.players),
        "rules": match.rules.name,
        "hands": [_hand_data(match, index, entry) for index, entry in enumerate(match.hands)],
        "totals": dict(match.totals),
        "next_dealer": None if match.finished or match.open is not None else match.dealer,
        "finished": match.finished,
        "winner": winner,
        "final": final,
        "bonuses": bonuses,
        "target": match.rules.target,
        "open_hand": None if match.open is None else match.open + 1,
    }
    if match.hollywood:
        data["games"] = game.games_data(match.rules, match.games)
    if match.three:
        data["roles"] = None if match.finished or match.open is not None else match.roles.data()
    table = match.open_table()
    data.update(table.summary() if table is not None else NO_TABLE)
    data["irregularities"] = [_irregularity(item) for item in match.record.get("irregularities") or []]
    return data


def _hand_data(match, index, entry):
    settled = entry.get("result") is not None
    hand = {"number": entry["number"], "dealer": entry["dealer"]}
    if match.three:
        hand.update((role, entry[role]) for role in ROLES)
    hand.update(upcard=entry["upcard"], limit=entry["limit"], result=entry.get("result"),
                knocker=entry.get("knocker"), winner=entry.get("winner"),
                points=entry.get("points") if settled else None,
                totals=dict(entry["totals"]) if settled else dict(match.totals))
    if match.hollywood:
        games = entry["games"] if settled else [g.totals for g in match.games]
        hand["games"] = [dict(columns) for columns in games]
    deadwood = match.deadwood.get(index)
    hand["knocker_deadwood"], hand["defender_deadwood"] = deadwood or (None, None)
    hand["irregularities"] = [_irregularity(item) for item in entry.get("irregularities") or []]
    return hand


def _irregularity(item):
    """An irregularity for the tally: kind, player, detail, points (0 for all but a penalised knock), and
    what it has of hand (a deal refused), turn (when it happened), action and card (out of turn)."""
    data = {"kind": item.get("kind"), "player": item.get("player"), "detail": item.get("detail"),
            "points": item.get("points", 0)}
    data.update((key, item[key]) for key in ("hand", "turn", "action", "card") if key in item)
    return data


def describe_result(entry):
    """A settled hand in a few words: ``Ben's knock, 16 points to Ben``, ``a dead hand``."""
    result = entry.get("result")
    if result == "dead":
        return "a dead hand"
    what = {"big_gin": "big gin", "undercut": "knock, undercut"}.get(result, result)
    return f"{entry.get('knocker')}'s {what}, {entry.get('points')} points to {entry.get('winner')}"

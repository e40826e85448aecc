"""Small matches made in memory for the history, stats and export tests (no file, no replay)."""

from tallyjson import tally_of_json
from gin_ref.core.rules import make_rules
from gin_ref.views.history import MatchView


def make_view(file, date, players, hands, rules="oklahoma", finished=None, winner=None, final=None,
              bonuses=None, target=100):
    """A MatchView from hands ``(dealer, upcard, limit, result, knocker, winner, points, knocker deadwood)``;
    the running totals are added up here."""
    totals = {name: 0 for name in players}
    tally_hands, record_hands = [], []
    for number, (dealer, upcard, limit, result, knocker, hand_winner, points, deadwood) in enumerate(hands, 1):
        if hand_winner is not None:
            totals[hand_winner] += points
        tally_hands.append({"number": number, "dealer": dealer, "upcard": upcard, "limit": limit,
                            "result": result, "knocker": knocker, "winner": hand_winner, "points": points,
                            "totals": dict(totals), "knocker_deadwood": deadwood})
        record_hands.append({"number": number, "dealer": dealer, "upcard": upcard, "limit": limit,
                             "result": result})
    if finished is None:
        finished = winner is not None
    tally = {"players": list(players), "rules": rules, "hands": tally_hands, "totals": dict(totals),
             "next_dealer": None if finished else players[0], "finished": finished, "winner": winner,
             "final": final if finished else None, "bonuses": bonuses or {}, "target": target}
    record = {"format": "gin-ref-match/1", "date": date, "players": list(players),
              "rules": {"name": rules, "knobs": {"target": target}}, "hands": record_hands}
    return MatchView(file, date, make_rules({"target": target}, rules), tally_of_json(tally), written=record)

"""Per-player statistics over many matches (pure: takes ``MatchView`` objects, returns plain data).

What is counted, per player name, over every match the player sat in:

- ``matches``: matches played (a three-player match counts for all three); ``matches_won``: matches whose
  winner is the player (a match still being played has none).
- ``hands_won``: hands the player scored (knock, gin or undercut).
- ``knocks``: hands the player ended by knocking with deadwood (result knock or undercut);
  ``gins``: hands the player ended by going gin (gin or big gin). A player went down ``knocks + gins`` times.
- ``undercuts_given``: times the player, defending, undercut the knocker (and scored);
  ``undercuts_taken``: times the player knocked and was undercut.
- ``avg_points_per_hand_won``: points scored per hand won (bonuses of the hand included, end-of-game
  bonuses not); ``avg_knock_deadwood``: the knocker's deadwood averaged over his ``knocks`` (gins, at 0,
  are not in it). Both are rounded to 2 places, and null when there is nothing to average.
- ``progression``: per match, oldest first, the player's running total after each settled hand.
- ``results_only``: the player's matches recorded by their result only (``gin-ref result``): counted in
  ``matches``, ``matches_won`` and the progression (their final), left out of every per-hand figure.
"""

from gin_ref.views.history import oldest_first

KNOCKS = ("knock", "undercut", "tie")  # a tie scored 0-0 (knock_tie: nobody) is a knock too
GINS = ("gin", "big_gin")


def _new():
    return {"matches": 0, "matches_won": 0, "hands_won": 0, "knocks": 0, "gins": 0,
            "undercuts_given": 0, "undercuts_taken": 0, "avg_points_per_hand_won": None,
            "avg_knock_deadwood": None, "progression": [], "results_only": 0}


def _average(total, count):
    return round(total / count, 2) if count else None


def player_stats(views, player=None):
    """``{name: stats}`` for every player (names sorted), or only ``player`` if given (in any case: ``ann`` is Ann).

    The knocker's deadwood is the tally's ``knocker_deadwood``: the engine's count when it settled the
    hand again from the recorded cards.
    """
    table, sums = {}, {}
    for view in oldest_first(views):  # for the progression
        names = view.players if player is None else [p for p in view.players if p.casefold() == player.casefold()]
        for name in names:
            if name not in table:
                table[name], sums[name] = _new(), [0, 0]  # points in hands won, knock deadwood
            stats = table[name]
            stats["matches"] += 1
            stats["matches_won"] += view.tally.get("winner") == name
            stats["results_only"] += "result_only" in view.tally
        progression = {name: [] for name in names}
        for hand in view.hands:
            result, knocker, winner = hand["result"], hand.get("knocker"), hand.get("winner")
            if hand.get("ruling"):  # counted by its ruled result: a hand won (an award) or none, no knock
                result = knocker = None
            for name in names:
                progression[name].append(hand["totals"].get(name, 0))
                stats = table[name]
                if winner == name:
                    stats["hands_won"] += 1
                    sums[name][0] += hand["points"]
                if knocker == name and result in KNOCKS:
                    stats["knocks"] += 1
                    sums[name][1] += hand["knocker_deadwood"]
                    stats["undercuts_taken"] += result == "undercut"
                elif knocker == name and result in GINS:
                    stats["gins"] += 1
                elif result == "undercut" and winner == name:
                    stats["undercuts_given"] += 1
        for name in names:
            table[name]["progression"].append({
                "file": view.file,
                "date": view.date,
                "totals": progression[name],
                "final": (view.tally.get("final") or {}).get(name),
                "won": view.tally.get("winner") == name,
            })
    for name, stats in table.items():
        won_points, deadwood = sums[name]
        stats["avg_points_per_hand_won"] = _average(won_points, stats["hands_won"])
        stats["avg_knock_deadwood"] = _average(deadwood, stats["knocks"])
    return {name: table[name] for name in sorted(table, key=lambda n: (n.casefold(), n))}


def results_left_out(views, player=None):
    """How many matches recorded by their result only the per-hand figures leave out (of ``player``'s)."""
    return sum("result_only" in view.tally for view in views
               if player is None or any(p.casefold() == player.casefold() for p in view.players))

"""Per-player statistics over many matches (pure: takes ``MatchView`` objects, returns typed figures; their
``data()`` is the ``stats --json`` object).

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

from typing import Dict, Iterable, List, NamedTuple, Optional

from gin_ref.desk.language import gettext
from gin_ref.match.names import same_player
from gin_ref.match.tally import HandTally
from gin_ref.views.history import MatchView, oldest_first
from gin_ref.views.table import grid

KNOCKS = ("knock", "undercut", "tie")  # a tie scored 0-0 (knock_tie: nobody) is a knock too
GINS = ("gin", "big_gin")


class Progress(NamedTuple):
    """One match of a player's progression: his running total after each settled hand, his final (None:
    still being played) and whether he won it."""

    file: str
    date: str
    totals: List[int]
    final: Optional[int]
    won: bool


class Stats:
    """A player's figures (the module's doc says each); counted up match by match, hand by hand."""

    __slots__ = ("matches", "matches_won", "hands_won", "knocks", "gins", "undercuts_given", "undercuts_taken",
                 "avg_points_per_hand_won", "avg_knock_deadwood", "progression", "results_only", "won_points",
                 "deadwood")

    def __init__(self) -> None:
        self.matches = self.matches_won = self.hands_won = self.knocks = self.gins = 0
        self.undercuts_given = self.undercuts_taken = self.results_only = 0
        self.avg_points_per_hand_won: Optional[float] = None
        self.avg_knock_deadwood: Optional[float] = None
        self.progression: List[Progress] = []
        self.won_points = self.deadwood = 0  # points in hands won, knock deadwood: what the averages divide

    def data(self) -> Dict[str, object]:
        """The player's object of ``stats --json``."""
        return {"matches": self.matches, "matches_won": self.matches_won, "hands_won": self.hands_won,
                "knocks": self.knocks, "gins": self.gins, "undercuts_given": self.undercuts_given,
                "undercuts_taken": self.undercuts_taken, "avg_points_per_hand_won": self.avg_points_per_hand_won,
                "avg_knock_deadwood": self.avg_knock_deadwood,
                "progression": [dict(match._asdict()) for match in self.progression], "results_only": self.results_only}


def stats_data(stats: Dict[str, Stats]) -> Dict[str, Dict[str, object]]:
    """The ``stats --json`` object: ``{name: figures}``."""
    return {name: figures.data() for name, figures in stats.items()}


def _average(total: int, count: int) -> Optional[float]:
    return round(total / count, 2) if count else None


def _count_hand(stats: Stats, name: str, hand: HandTally) -> None:
    """Count one settled hand in ``name``'s figures."""
    result, knocker, winner = hand.result, hand.knocker, hand.winner
    if hand.ruling is not None:  # counted by its ruled result: a hand won (an award) or none, no knock
        result = knocker = None
    if winner == name:
        stats.hands_won += 1
        stats.won_points += hand.points or 0
    if knocker == name and result in KNOCKS:
        stats.knocks += 1
        stats.deadwood += hand.knocker_deadwood or 0
        stats.undercuts_taken += result == "undercut"
    elif knocker == name and result in GINS:
        stats.gins += 1
    elif result == "undercut" and winner == name:
        stats.undercuts_given += 1


def player_stats(views: Iterable[MatchView], player: Optional[str] = None) -> Dict[str, Stats]:
    """``{name: stats}`` for every player (names sorted), or only ``player`` if given (in any case: ``ann`` is Ann).

    The knocker's deadwood is the tally's ``knocker_deadwood``: the engine's count when it settled the
    hand again from the recorded cards.
    """
    figures: Dict[str, Stats] = {}
    for view in oldest_first(views):  # for the progression
        names = view.players if player is None else [p for p in view.players if same_player(p, player)]
        final = view.tally.final
        for name in names:
            stats = figures.setdefault(name, Stats())
            stats.matches += 1
            stats.matches_won += view.tally.winner == name
            stats.results_only += view.tally.result_only is not None
            for hand in view.hands:
                _count_hand(stats, name, hand)
            stats.progression.append(Progress(view.file, view.date, [hand.totals[name] for hand in view.hands],
                                              None if final is None else final[name], view.tally.winner == name))
    for stats in figures.values():
        stats.avg_points_per_hand_won = _average(stats.won_points, stats.hands_won)
        stats.avg_knock_deadwood = _average(stats.deadwood, stats.knocks)
    return {name: figures[name] for name in sorted(figures, key=lambda n: (n.casefold(), n))}


def results_left_out(views: Iterable[MatchView], player: Optional[str] = None) -> int:
    """How many matches recorded by their result only the per-hand figures leave out (of ``player``'s)."""
    return sum(view.tally.result_only is not None for view in views
               if player is None or any(same_player(p, player) for p in view.players))




def _number(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.2f}"


def stats_text(stats: Dict[str, Stats], width: Optional[int] = None) -> str:
    """``stats`` for people: one row per player, fitting ``width`` cells (the averages, the undercuts, the
    hands won go first)."""
    rows = [[name, s.matches, s.matches_won, s.hands_won, s.knocks, s.gins, s.undercuts_given, s.undercuts_taken,
             _number(s.avg_points_per_hand_won), _number(s.avg_knock_deadwood)] for name, s in stats.items()]
    headers = [gettext("player"), gettext("matches"), gettext("won"), gettext("hands won"), gettext("knocks"),
               gettext("gins"), gettext("undercuts given"), gettext("undercuts taken"),
               gettext("avg points per hand won"), gettext("avg knock deadwood")]
    return grid(rows, headers=headers, right=set(range(1, 10)), width=width, drop=(9, 8, 7, 6, 3),
                clip_start=(0,))


def progression_lines(name: str, stats: Stats) -> List[str]:
    """A player's score progression: one line per match, oldest first, with its running totals."""
    lines = [gettext("score progression of %(name)s (running total after each hand):") % {"name": name}]
    for match in stats.progression:
        final = match.final
        result = (gettext("playing") if final is None else
                  gettext("won, final %(final)s") % {"final": final} if match.won else
                  gettext("lost, final %(final)s") % {"final": final})
        totals = " ".join(str(t) for t in match.totals) or "-"
        lines.append(f"{match.date}  {match.file}: {totals}  ({result})")
    return lines

"""Ratings from a club's whole history, by openskill's Plackett-Luce model (pure: takes ``MatchView``s).

Every finished match is one rating update, in date order (matches of the same date by file name):

- two players: the winner ranks first, the loser second; a match with no winner (a Hollywood session
  tied on the final scores) is a draw;
- three players ("in the box"): each player ranks by his final individual score (bonuses in); equal
  scores share a place.

Everyone starts at openskill's default (mu 25, sigma 25/3). A player's ``rating`` is the conservative
number mu - 3 sigma: it starts at 0 and rises as results accumulate and sigma shrinks. Players are named
without case: ``ann`` and ``Ann`` are one player (the key of the returned table is the casefolded name).

Why Plackett-Luce: it is openskill's general model for any number of players ranked in one game, so a
two-player match and a three-player one are rated by the same formula; ties are part of the model; and it
is the fastest of openskill's models (one update per match, no pairwise expansion).
"""

from typing import TYPE_CHECKING, Dict, Iterable, NamedTuple, Optional

from gin_ref.match.names import player_key
from gin_ref.views.history import MatchView, oldest_first

if TYPE_CHECKING:
    from openskill.models import PlackettLuceRating

START_MU = 25.0
START_SIGMA = 25.0 / 3


class Rating(NamedTuple):
    mu: float
    sigma: float

    @property
    def value(self) -> float:
        """The conservative rating: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def match_places(view: MatchView) -> Optional[Dict[str, int]]:
    """``{casefolded name: place}`` of a finished match (1 is best; equal places are a draw), None for a
    match still being played."""
    tally = view.tally
    if not tally.finished:
        return None
    if view.three_player:
        final = tally.final or {}
        scores = sorted({final[name] for name in view.players}, reverse=True)
        return {player_key(name): scores.index(final[name]) + 1 for name in view.players}
    winner = tally.winner
    return {player_key(name): 1 if winner is None or name == winner else 2 for name in view.players}


def ratings(views: Iterable[MatchView]) -> Dict[str, Rating]:
    """``{casefolded name: Rating}`` after every finished match of ``views``, rated oldest first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=START_MU, sigma=START_SIGMA)
    current: Dict[str, "PlackettLuceRating"] = {}
    for view in oldest_first(views):
        places = match_places(view)
        if places is None:
            continue
        names = list(places)
        teams = [[current[name] if name in current else model.rating(mu=START_MU, sigma=START_SIGMA)]
                 for name in names]
        rated = model.rate(teams, ranks=[places[name] for name in names])
        for name, (player,) in zip(names, rated):
            current[name] = player
    return {name: Rating(player.mu, player.sigma) for name, player in current.items()}

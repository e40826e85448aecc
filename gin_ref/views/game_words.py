"""Hollywood's games put into words: a game won, the games still open, where the games stand (the status
line, the tally, every answer), and what one hand did to them. Every other event's words are
``gin_ref.views.words``'.
"""

from collections import Counter
from typing import Mapping, Optional, Sequence

from gin_ref.core.game import Game
from gin_ref.desk.language import gettext, ngettext


def _numbers(numbers: Sequence[int]) -> str:
    """``game 2``, ``games 1 and 2``, ``games 1, 2 and 3``."""
    names = [str(n) for n in numbers]
    if len(names) == 1:
        return gettext("game %(game)s") % {"game": names[0]}
    return gettext("games %(games)s and %(last)s") % {"games": ", ".join(names[:-1]), "last": names[-1]}


def game_won_words(number: int, winner: str, totals: Mapping[str, int], players: Sequence[str]) -> str:
    """``game 1 won by Ann, 104 to 61`` (with three in a game, every other column: ``104 to 61, 40``)."""
    others = ", ".join(str(totals[name]) for name in players if name != winner)
    return gettext("game %(game)d won by %(name)s, %(points)s to %(others)s") % {
        "game": number, "name": winner, "points": totals[winner], "others": others}


def open_games_words(games: Sequence[Game], players: Sequence[str]) -> str:
    """The games still open with their columns: ``games still open: 2 (Ann 40, Ben 35), 3 (Ann 0, Ben 12)``,
    ``game 3 still open (Ann 18, Ben 0)``; ``no game open`` once every game is won."""
    open_games = [game for game in games if game.winner is None]

    def columns(game: Game) -> str:
        return ", ".join(f"{name} {game.totals[name]}" for name in players)

    if not open_games:
        return gettext("no game open")
    if len(open_games) == 1:
        return gettext("game %(game)d still open (%(totals)s)") % {"game": open_games[0].number,
                                                                  "totals": columns(open_games[0])}
    return gettext("games still open: %(games)s") % {
        "games": ", ".join(f"{game.number} ({columns(game)})" for game in open_games)}


def games_standing_words(games: Sequence[Game], players: Sequence[str]) -> str:
    """Where Hollywood's games stand (the status line, the tally, every answer): each game won, then the
    games still open. ``games``: the state's (number, totals, winner)."""
    won = [game_won_words(game.number, game.winner, game.totals, players) for game in games if game.winner]
    return "; ".join(won + [open_games_words(games, players)])


def hand_games_words(number: int, before: Sequence[Mapping[str, int]], after: Sequence[Mapping[str, int]],
                     games: Sequence[Game], players: Sequence[str], target: int) -> Optional[str]:
    """What one hand did to Hollywood's games: ``hand 7 scored in games 1 and 2 (18 to Ben); game 1 won by
    Ben, 104 to 61``. ``before``/``after``: each game's columns before and after the hand; None for a hand
    that scored nothing."""
    scored = [(index + 1, name, after[index][name] - Counter(before[index])[name])
              for index in range(len(after)) for name in players
              if after[index][name] != Counter(before[index])[name]]  # a game not begun before: no columns, 0 each
    if not scored:
        return None
    points = {(name, gained) for _n, name, gained in scored}
    who = ", ".join(ngettext("%(count)d to %(name)s", "%(count)d to %(name)s", gained) % {"count": gained, "name": name}
                    for name, gained in sorted(points))
    text = gettext("hand %(hand)d scored in %(games)s (%(points)s)") % {
        "hand": number, "games": _numbers([n for n, _name, _gained in scored]), "points": who}
    for index, one in enumerate(games[:len(after)]):
        if one.winner is not None and max(before[index].values(), default=0) < target <= after[index][one.winner]:
            text += "; " + game_won_words(one.number, one.winner, after[index], players)
    return text

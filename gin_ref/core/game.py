"""The game around the hands (docs/rules.md §7-8): who deals next, the roles in the box, the end of a
game and its bonuses, and Hollywood scoring. Pure functions and small state objects; no I/O.
"""

from typing import Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Set, Tuple

from gin_ref.core.cards import Card
from gin_ref.core.message import Message, N_, Value
from gin_ref.core.rules import HouseRules

Bonuses = Dict[str, Dict[str, int]]  # name -> {bonus name: points}

# -- who deals, who sits ---------------------------------------------------------------------------------

def next_dealer(rule: str, dealer: str, winner: "Optional[str]", players: "Sequence[str]", tie: bool = False) -> str:
    """The dealer of the next hand after a hand dealt by ``dealer`` and won by ``winner`` (None: dead, or
    a tie scored 0-0: ``tie``).

    ``rule`` is the ``next_dealer`` knob for two players: winner | loser | alternate. After a dead hand the
    same dealer deals again; after a tie too, unless the deal alternates.
    """
    if winner is None and not (tie and rule == "alternate"):
        return dealer
    if rule == "alternate" or winner is None:
        return other(players, dealer)
    if rule == "winner":
        return winner
    return other(players, winner)


def dealer_reason(rule: str, number: int, winner: "Optional[str]", tie: bool = False) -> str:
    """Why the dealer of the hand after hand ``number`` deals it, in English: ``the winner of hand 3 deals``
    (its message filled in: no Message is built on a path that refuses nothing, as a tally's replay)."""
    return _dealer_words(rule, winner, tie) % {"hand": number, "rule": rule}


def dealer_said(rule: str, number: int, winner: "Optional[str]", tie: bool = False) -> Message:
    """``dealer_reason`` as a message (its facts: the hand's ``hand``, the rule's ``rule``)."""
    return Message(_dealer_words(rule, winner, tie), hand=number, rule=rule)


def _dealer_words(rule: str, winner: "Optional[str]", tie: bool) -> str:
    if winner is None and tie and rule != "alternate":
        return _SAME_DEALER_TIE
    if winner is None and not tie:
        return _SAME_DEALER_DEAD
    if rule == "alternate":
        return _ALTERNATES
    return _DEALS.get(rule, _RULE_DEALS)


# (the messages of who deals next, made once: a replay says one for every hand)
_SAME_DEALER_TIE = N_("hand %(hand)d was a tie scored 0-0: the same dealer deals again")
_SAME_DEALER_DEAD = N_("hand %(hand)d was dead: the same dealer deals again")
_ALTERNATES = N_("the deal alternates")
_DEALS = {"winner": N_("the winner of hand %(hand)d deals"), "loser": N_("the loser of hand %(hand)d deals")}
_RULE_DEALS = N_("the %(rule)s of hand %(hand)d deals")


def other(players: "Iterable[str]", name: "Optional[str]") -> str:
    return next(p for p in players if p != name)


class Roles(NamedTuple):
    """Three players in the box: the box player (who deals) against the captain; the sitter sits out."""

    box: str
    captain: str
    sitter: str

    def data(self) -> "Dict[str, str]":
        return {"box": self.box, "captain": self.captain, "sitter": self.sitter}


def next_roles(roles: Roles, winner: "Optional[str]") -> Roles:
    """The roles after a hand won by ``winner`` (None: dead, nothing changes).

    Box wins: he stays, captain and sitter swap. Box loses: the box sits out, the captain goes into the
    box, the sitter becomes captain. (Next box = hand winner, next sitter = hand loser, next captain =
    this hand's sitter.)
    """
    if winner is None:
        return roles
    loser = roles.captain if winner == roles.box else roles.box
    return Roles(winner, roles.sitter, loser)


def roles_reason(roles: Roles, winner: "Optional[str]", number: int, tie: bool = False) -> str:
    """Why the roles of the next hand in the box are what they are, in English."""
    words, values = _roles_words(roles, winner, number, tie)
    return words % values


def roles_said(roles: Roles, winner: "Optional[str]", number: int, tie: bool = False) -> Message:
    """``roles_reason`` as a message."""
    words, values = _roles_words(roles, winner, number, tie)
    return Message(words, **values)


def _roles_words(roles: Roles, winner: "Optional[str]", number: int, tie: bool) -> "Tuple[str, Dict[str, Value]]":
    if winner is None:
        return (_ROLES_STAY_TIE if tie else _ROLES_STAY_DEAD), {"hand": number}
    if winner == roles.box:
        return _BOX_STAYS, {"player": winner}
    return _BOX_BEATEN, {"player": winner, "box": roles.box}


_ROLES_STAY_TIE = N_("hand %(hand)d was a tie scored 0-0: the roles stay")
_ROLES_STAY_DEAD = N_("hand %(hand)d was dead: the roles stay")
_BOX_STAYS = N_("%(player)s won in the box and stays; captain and sitter swap")
_BOX_BEATEN = N_("%(player)s beat the box and goes into it; %(box)s sits out")


def box_dealer(roles: "Roles", rule: str) -> str:
    """Who deals a hand in the box: the box player (``next_dealer: box``), the sitter (``sitter``), or the
    captain (``captain``: the player coming in deals and plays)."""
    if rule == "sitter":
        return roles.sitter
    return roles.captain if rule == "captain" else roles.box


def box_pair(roles: "Roles", rule: str) -> "Tuple[str, str]":
    """The two players of a hand in the box, the dealer's seat first: the box holds it and the captain has
    the first option on the upcard (under ``next_dealer: box`` or ``sitter``), or the captain deals and the
    box holds the non-dealer's seat (``captain``: first option, and 11 cards under ``deal: eleven``)."""
    return (roles.captain, roles.box) if rule == "captain" else (roles.box, roles.captain)


def box_dealer_words(rule: str) -> str:
    """Who deals every hand in the box, in English words: ``the box player``, ``the sitter``, ``the captain``."""
    return _BOX_DEALERS.get(rule, _BOX_PLAYER)


_BOX_DEALERS = {"sitter": N_("the sitter"), "captain": N_("the captain")}
_BOX_PLAYER = N_("the box player")


def box_dealer_said(rule: str) -> Message:
    """``box_dealer_words`` as a message."""
    return Message(box_dealer_words(rule))


def roles_from_draw(draw: "Mapping[str, Card]") -> "Tuple[Roles, List[str]]":
    """Roles from each player's drawn card (``{name: Card}``): highest rank in the box, middle captain,
    lowest sits (ace low). Returns (Roles, tied names): tied is non-empty when two ranks are equal."""
    ranked = sorted(draw, key=lambda name: -draw[name].rank)
    ranks = [draw[name].rank for name in ranked]
    tied = [name for name in ranked if ranks.count(draw[name].rank) > 1]
    return Roles(*ranked), tied


# -- the end of a game ------------------------------------------------------------------------------------

def game_winner(totals: "Mapping[str, int]", target: int, last_scorer: "Optional[str]" = None) -> "Optional[str]":
    """The player whose total reached ``target`` (the highest if more than one), or None."""
    reached = [name for name, total in totals.items() if total >= target]
    if not reached:
        return None
    return max(reached, key=lambda name: (totals[name], name == last_scorer))


def game_bonuses(rules: HouseRules, totals: "Mapping[str, int]", boxes: "Mapping[str, int]",
                 winner: "Optional[str]") -> Bonuses:
    """``{name: {bonus name: points}}`` at the end of a game won by ``winner`` (docs/rules.md §7).

    ``game_bonus`` to the winner; ``box_bonus`` per box to each player who won one (a hand won is one box,
    more under ``gin_boxes``, ``undercut_boxes``, ``spade_double_boxes``; none here under ``box_scoring:
    each_hand``, where the boxes were scored with their hands); ``shutout`` when every other player scored
    nothing: ``double_game_bonus`` gives the game bonus once more, ``double_total`` doubles the winner's
    whole score (his points and his other bonuses), ``flat`` gives ``shutout_bonus``.
    """
    bonuses: Bonuses = {name: {} for name in totals}
    if winner is None:  # no game is won yet: no bonus
        return bonuses
    if rules.game_bonus:
        bonuses[winner]["game_bonus"] = rules.game_bonus
    if rules.box_bonus and rules.box_scoring == "end":
        for name in totals:
            if boxes.get(name):
                bonuses[name]["box_bonus"] = boxes[name] * rules.box_bonus
    shut_out = all(total == 0 for name, total in totals.items() if name != winner)
    if shut_out and rules.shutout == "double_game_bonus" and rules.game_bonus:
        bonuses[winner]["shutout"] = rules.game_bonus
    elif shut_out and rules.shutout == "double_total":
        bonuses[winner]["shutout"] = totals[winner] + sum(bonuses[winner].values())
    elif shut_out and rules.shutout == "flat":
        bonuses[winner]["shutout"] = rules.shutout_bonus
    return bonuses


def final_scores(totals: "Mapping[str, int]", bonuses: Bonuses) -> "Dict[str, int]":
    return {name: totals[name] + sum(bonuses[name].values()) for name in totals}


# -- who won the game, who is paid -------------------------------------------------------------------------

class Owed(NamedTuple):
    """One payment of a finished game: ``payer`` pays ``payee`` the difference of their final scores."""

    payer: str
    payee: str
    points: int


def owed(final: "Mapping[str, int]") -> "List[Owed]":
    """What a finished game pays (docs/rules.md §7): for each pair of players, in the order of ``final``,
    the one with fewer final points (bonuses in) pays the other the difference; equal finals pay nothing.

    Who is paid is not always who won: the game's winner is the player who reached the target (he wins the
    match, and it counts so in the standings), but box bonuses, which do not count toward the target, can
    lift a loser's final above the winner's. The loser is then paid (``paid_against_the_game``)."""
    names = list(final)
    payments = []
    for index, first in enumerate(names):
        for second in names[index + 1:]:
            diff = final[first] - final[second]
            if diff:
                payer, payee = (second, first) if diff > 0 else (first, second)
                payments.append(Owed(payer, payee, abs(diff)))
    return payments


def paid_against_the_game(final: "Optional[Mapping[str, int]]", winner: "Optional[str]") -> "List[Owed]":
    """The payments of ``owed(final)`` that the game's ``winner`` makes: to each player whose final is above
    his though he lost the game. Empty while no game is won (or on a Hollywood session's overall result,
    whose winner is the player with the most points)."""
    if not final or winner is None or winner not in final:
        return []
    return [payment for payment in owed(final) if payment.payer == winner]


def paid_on_boxes(payment: Owed, bonuses: "Optional[Mapping[str, Mapping[str, int]]]") -> bool:
    """Is the loser ``payment.payee`` paid because of his box bonus (the only end-of-game bonus a loser
    gets)? False when his bonuses are known and hold none (a forfeit ends a match with the scores as they
    stand: no bonus at all)."""
    if bonuses is None:
        return True
    return bool((bonuses.get(payment.payee) or {}).get("box_bonus"))


def bonus_arithmetic(rules: HouseRules, name: str, bonus: str, points: int,
                     boxes: "Optional[Mapping[str, int]]" = None) -> str:
    """One bonus as one term of a sum: ``box bonus 60 (3 × 20)`` (just ``box bonus 60`` without ``boxes``),
    so that ``game bonus 100 + box bonus 60 (3 × 20) = 160`` reads true."""
    if bonus == "box_bonus" and boxes is not None:
        return f"box bonus {points} ({boxes.get(name, 0)} × {rules.box_bonus})"
    if bonus == "shutout" and boxes is not None:
        how = {"double_game_bonus": "the game bonus again", "double_total": "the total doubled",
               "flat": "flat"}[rules.shutout]
        return f"shutout ({how}) {points}"
    return f"{bonus.replace('_', ' ')} {points}"


# -- Hollywood ------------------------------------------------------------------------------------------

class Game:
    """One game of several: a Hollywood game (each player's column, who has started it, its end), or one
    of the games played one after another (``games``, docs/rules.md §7)."""

    def __init__(self, number: int, players: "Iterable[str]") -> None:
        self.number = number
        self.totals = dict.fromkeys(players, 0)
        self.boxes = dict.fromkeys(players, 0)  # the boxes each player won in this game
        self.started: Set[str] = set()
        self.winner: Optional[str] = None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def copy(self) -> "Game":
        """An independent copy (its columns, boxes and starters its own)."""
        copied = Game(self.number, ())
        copied.totals, copied.boxes, copied.started = dict(self.totals), dict(self.boxes), set(self.started)
        copied.winner = self.winner
        return copied


def new_games(players: "Sequence[str]", count: int = 3) -> "List[Game]":
    return [Game(number, players) for number in range(1, count + 1)]


def enter_score(games: "Sequence[Game]", player: str, points: int, target: int, boxes: int = 1) -> "List[int]":
    """Enter ``points`` won by ``player`` (docs/rules.md §7, precisely): add them to every open game he
    has already started, then start the lowest-numbered open game he has not started and enter them
    there. A game whose column reaches ``target`` is won. Returns the numbers of the games entered.

    ``boxes`` are the hand's boxes, 0 for points that are not a hand won (a penalty): they count, but not
    for the box bonus.
    """
    open_games = [game for game in games if not game.finished]
    entered = [game for game in open_games if player in game.started]
    fresh = next((game for game in open_games if player not in game.started), None)
    if fresh is not None:
        fresh.started.add(player)
        entered.append(fresh)
    for game in entered:
        game.totals[player] += points
        game.boxes[player] += boxes
        if game.totals[player] >= target:
            game.winner = player
    return [game.number for game in entered]


def games_data(rules: HouseRules, games: "Sequence[Game]") -> "List[Dict[str, object]]":
    """The ``games`` list of a Hollywood tally: each game's columns, whether it is won, its bonuses."""
    data = []
    for game in games:
        bonuses = game_bonuses(rules, game.totals, game.boxes, game.winner) if game.finished else None
        data.append({
            "number": game.number,
            "totals": dict(game.totals),
            "finished": game.finished,
            "winner": game.winner,
            "bonuses": bonuses,
            "final": final_scores(game.totals, bonuses) if bonuses is not None else None,
        })
    return data


def hollywood_result(rules: HouseRules, games: "Sequence[Game]",
                     players: "Sequence[str]") -> "Tuple[Bonuses, Dict[str, int], Optional[str]]":
    """``(bonuses, final, winner)`` of a finished Hollywood session: each player's bonuses summed over
    its games, his final score (every column plus every bonus) and the player with the most (None
    on a tie)."""
    bonuses, final = games_final(rules, games, players)
    best = max(final.values())
    leaders = [name for name in players if final[name] == best]
    return bonuses, final, leaders[0] if len(leaders) == 1 else None


def games_final(rules: HouseRules, games: "Sequence[Game]",
                players: "Sequence[str]") -> "Tuple[Bonuses, Dict[str, int]]":
    """``(bonuses, final)`` over several games: each player's bonuses summed over the games won, and his
    final score (every game's points plus every bonus)."""
    bonuses: Bonuses = {name: {} for name in players}
    for game in games:
        for name, won in game_bonuses(rules, game.totals, game.boxes, game.winner).items():
            for bonus, points in won.items():
                bonuses[name][bonus] = bonuses[name].get(bonus, 0) + points
    totals = {name: sum(game.totals[name] for game in games) for name in players}
    return bonuses, final_scores(totals, bonuses)


# -- games one after another (``games`` above 1, standard scoring) ---------------------------------------

def games_won(games: "Sequence[Game]", players: "Sequence[str]") -> "Dict[str, int]":
    return {name: sum(1 for game in games if game.winner == name) for name in players}


def match_over(rules: HouseRules, games: "Sequence[Game]", players: "Sequence[str]") -> bool:
    """Is a match of games played one after another over, its last game being won? ``first_to``: a player
    has won ``games`` games; ``best_of``: a player has won more than half of them, or all are played."""
    won = games_won(games, players)
    count = rules.game_count
    if rules.match_win == "first_to":
        return max(won.values()) >= count
    return max(won.values()) * 2 > count or len(games) >= count


def match_winner(games: "Sequence[Game]", players: "Sequence[str]") -> "Optional[str]":
    """The player who won the most games (None when two won as many: the match is drawn)."""
    won = games_won(games, players)
    best = max(won.values())
    leaders = [name for name in players if won[name] == best]
    return leaders[0] if len(leaders) == 1 else None

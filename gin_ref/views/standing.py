"""Where a match stands, for people: the totals, the game or games under way, the open hand and whose turn
it is, who deals next, or the end with every bonus spelled out. Every command that changes a match ends
with these lines (``standing_lines``); the words for each event come from ``gin_ref.views.words``.
"""

from typing import Dict, List, Optional, Sequence

from gin_ref.core.game import Game, final_scores, game_bonuses
from gin_ref.core.message import Message
from gin_ref.core.rules import HouseRules
from gin_ref.core.turns import Table
from gin_ref.desk.language import gettext, ngettext
from gin_ref.match.model import Match
from gin_ref.views.game_words import games_standing_words
from gin_ref.views.words import end_reason, final_words, paid_words


def named_scores(scores: Dict[str, int], players: Sequence[str]) -> str:
    return ", ".join(f"{name} {scores[name]}" for name in players)


def series_line(match: Match) -> str:
    """Where a match of games one after another stands: ``game 2 (best of 3): Ann 45, Ben 30; games won:
    Ann 1, Ben 0``."""
    state, rules = match.state, match.rules
    assert state.games is not None
    current = state.games[-1]
    won = {name: sum(1 for g in state.games if g.winner == name) for name in match.players}
    said = {"game": current.number, "count": rules.game_count, "totals": named_scores(current.totals, match.players),
            "won": named_scores(won, match.players)}
    if rules.match_win == "best_of":
        return gettext("game %(game)d (best of %(count)d): %(totals)s; games won: %(won)s") % said
    return gettext("game %(game)d (first to %(count)d): %(totals)s; games won: %(won)s") % said


def standing_lines(match: Match, always_turn: bool = False) -> List[str]:
    """Totals and what comes next: the next dealer (or roles), the open hand (and whose turn it is, when it
    is recorded turn by turn or ``always_turn``), or the end with every bonus."""
    lines = [gettext("totals: %(totals)s") % {"totals": named_scores(match.state.totals, match.players)}]
    if match.state.series and not match.state.finished:
        lines.append(series_line(match))
    elif match.state.hollywood and match.state.games is not None and not match.state.finished:
        lines.append(games_standing_words(match.state.games, match.players))
    if match.state.finished:
        return lines + ending_lines(match)
    setup = match.state.current if match.state.open is not None else None
    if setup is not None:
        said = {"hand": setup.number, "dealer": setup.dealer, "limit": setup.limit,
                "upcard": setup.upcard.pretty if setup.upcard is not None else ""}
        if match.rules.deal == "eleven":
            lines.append(gettext("hand %(hand)d is open: %(dealer)s dealt, no upcard (the eleven-card deal), knock "
                                 "limit %(limit)s") % said)
        elif setup.upcard is not None:
            lines.append(gettext("hand %(hand)d is open: %(dealer)s dealt, upcard %(upcard)s, knock limit "
                                 "%(limit)s") % said)
        else:
            lines.append(gettext("hand %(hand)d is open: %(dealer)s dealt, no upcard given, knock limit "
                                 "%(limit)s") % said)
        table = match.open_table()
        if table is not None and table.turns:
            lines.append(next_turn_line(table))
        elif always_turn and table is not None and table.phase == "discard" and not table.turns:
            lines.append(gettext("no turns recorded: %(name)s holds 11 cards and discards first (stock "
                                 "%(stock)d)") % {"name": table.player, "stock": table.stock})
        elif always_turn and table is not None and table.discard_top is not None:
            lines.append(gettext("no turns recorded: %(name)s has the first option on the upcard %(card)s (stock "
                                 "%(stock)d)") % {"name": table.player, "card": table.discard_top.pretty,
                                                  "stock": table.stock})
        return lines
    return lines + [next_line(match)]


def next_turn_line(table: Table) -> str:
    """Whose turn it is and what he may do, the top of the discard pile and the stock count."""
    said = {"name": table.player, "may": may_words(table), "stock": table.stock,
            "top": table.discard_top.pretty if table.discard_top is not None else ""}
    if table.discard_top is None:
        return gettext("next: %(name)s to %(may)s; discard pile empty, stock %(stock)d") % said
    return gettext("next: %(name)s to %(may)s; discard pile %(top)s, stock %(stock)d") % said


def may_words(table: Table) -> str:
    """What the player to move may do (``gin_ref.core.turns.Table.may``, said from the table's phase), in the
    language settled: ``take the upcard 7♦ or pass``."""
    said = {"card": table.discard_top.pretty if table.discard_top else gettext("nothing")}
    phase = table.phase
    if phase == "offer":
        return gettext("take the upcard %(card)s or pass") % said
    if phase == "draw":
        return gettext("draw from the stock or take %(card)s") % said
    if phase == "stock":
        return gettext("draw from the stock (both passed the upcard)")
    if phase == "discard":
        return gettext("discard or knock")
    if phase == "over":
        return gettext("nothing: the hand is over")
    if phase == "wall":
        return gettext("take %(card)s to knock, or pass (the stock is down to its last cards: the hand is then "
                       "dead)") % said
    if phase == "wall_knock":
        return gettext("knock (the discard was taken at the wall)")
    return table.may()


RULED = {"void": "void", "redeal": "a misdeal"}  # (amend_text's mark of a ruled hand: ``ruled_words``)


def ruled_words(kind: str) -> str:
    """``void``, ``a misdeal``: a hand the director ruled without a score, in the language settled."""
    return gettext("void") if kind == "void" else gettext("a misdeal") if kind == "redeal" else kind


def dealer_why(match: Match) -> str:
    """Why the next dealer deals (``state.why``), a hand the director ruled void or a misdeal told as
    ruled: ``hand 1 was ruled void: the same dealer deals again``, not ``was dead``."""
    number, rulings = len(match.hands), match.state.rulings  # each ruled hand's ruling, by its index
    kind = rulings[number - 1].kind if number and number - 1 in rulings else None
    return reason_words(match.state.why, kind if kind in RULED else None)


def reason_words(why: object, ruled: Optional[str] = None) -> str:
    """Why the next dealer deals (or the roles are what they are), in the language settled: a ``Message``
    is said; the match layer's English reason (``gin_ref.core.game.dealer_reason``, ``roles_reason``) is said
    again from the facts it names, word by word (no pattern to compile at start: a command's start-up counts);
    a dead hand the director ruled (``ruled``: void, redeal) told as ruled; anything else as it is."""
    if isinstance(why, Message) and ruled is None:
        return why.say(gettext, ngettext)
    text = str(why)
    words = text.split(" ")
    if len(words) > 4 and words[0] == "hand" and words[1].isdigit() and words[2] == "was":
        ends = next((i for i, word in enumerate(words) if word.endswith(":")), None)
        then = words[ends + 2] if ends is not None and ends + 2 < len(words) else None
        what = words[ends] if ends is not None else None
        if what == "dead:" and ruled is not None:
            what = "void:" if ruled == "void" else "misdeal:"
        said = {"hand": int(words[1])}
        if then == "roles":
            return (gettext("hand %(hand)d was a tie scored 0-0: the roles stay") if what == "0-0:" else
                    gettext("hand %(hand)d was ruled void: the roles stay") if what == "void:" else
                    gettext("hand %(hand)d was ruled a misdeal: the roles stay") if what == "misdeal:" else
                    gettext("hand %(hand)d was dead: the roles stay")) % said
        if then == "same":
            return (gettext("hand %(hand)d was a tie scored 0-0: the same dealer deals again") if what == "0-0:"
                    else gettext("hand %(hand)d was ruled void: the same dealer deals again") if what == "void:"
                    else gettext("hand %(hand)d was ruled a misdeal: the same dealer deals again")
                    if what == "misdeal:" else gettext("hand %(hand)d was dead: the same dealer deals again")) % said
    if words == ["the", "deal", "alternates"]:
        return gettext("the deal alternates")
    if words == ["named", "at", "the", "start"]:  # the first hand's dealer (``gin_ref.match.header``)
        return gettext("named at the start")
    if words == ["drawn", "at", "random"]:
        return gettext("drawn at random")
    if len(words) == 6 and words[0] == "the" and words[2:4] == ["of", "hand"] and words[4].isdigit() \
            and words[5] == "deals":
        said = {"hand": int(words[4])}
        if words[1] == "winner":
            return gettext("the winner of hand %(hand)d deals") % said
        if words[1] == "loser":
            return gettext("the loser of hand %(hand)d deals") % said
    stays = ["won", "in", "the", "box", "and", "stays;", "captain", "and", "sitter", "swap"]
    if len(words) > len(stays) and words[-len(stays):] == stays:
        return gettext("%(name)s won in the box and stays; captain and sitter swap") % {
            "name": " ".join(words[:-len(stays)])}
    goes = ["beat", "the", "box", "and", "goes", "into", "it;"]
    at = next((i for i in range(1, len(words)) if words[i:i + len(goes)] == goes), None)
    if at is not None and words[-2:] == ["sits", "out"] and len(words) > at + len(goes) + 2:
        return gettext("%(name)s beat the box and goes into it; %(box)s sits out") % {
            "name": " ".join(words[:at]), "box": " ".join(words[at + len(goes):-2])}
    return text


def next_line(match: Match) -> str:
    state = match.state
    number = match.next_number()
    why = dealer_why(match)
    if state.roles is not None:
        roles = state.roles
        said = {"hand": number, "box": roles.box, "captain": roles.captain, "sitter": roles.sitter, "why": why}
        if match.rules.next_dealer == "sitter":
            return gettext("next: hand %(hand)d, %(box)s in the box, %(captain)s captain, %(sitter)s sits out and "
                           "deals (%(why)s)") % said
        if match.rules.next_dealer == "captain":
            return gettext("next: hand %(hand)d, %(box)s in the box, %(captain)s captain (deals), %(sitter)s sits "
                           "out (%(why)s)") % said
        return gettext("next: hand %(hand)d, %(box)s in the box (deals), %(captain)s captain, %(sitter)s sits out "
                       "(%(why)s)") % said
    return gettext("next: %(dealer)s deals hand %(hand)d (%(why)s)") % {"dealer": state.dealer, "hand": number,
                                                                        "why": why}


def ending_lines(match: Match) -> List[str]:
    """The end of the match: who won, and each player's final score with every bonus spelled out."""
    state = match.state
    bonuses, final, winner = state.result()
    assert final is not None
    lines = [gettext("the match is over: %(reason)s") % {"reason": end_reason(state)}]
    if state.forfeit is not None:  # scores as they stand: no bonuses, no games to settle
        lines.append(gettext("final: %(scores)s") % {"scores": named_scores(final, match.players)})
        lines.append(final_words(final, winner, bonuses))
        return lines
    if state.games is not None:
        for game in state.games:
            lines.append(gettext("game %(game)d: %(name)s wins, %(totals)s") % {
                "game": game.number, "name": game.winner, "totals": named_scores(game.totals, match.players)})
            won = _game_bonuses(match, game)
            lines.extend(_bonus_lines(match, game.totals, won, game.boxes, "  "))
            paid = paid_words(final_scores(game.totals, won), game.winner, won)  # each game is settled apart
            if paid is not None:
                lines.append(f"  {paid}")
        lines.append(gettext("final (all three games):") if len(state.games) == 3 else
                     ngettext("final (all %(count)d game):", "final (all %(count)d games):", len(state.games)) % {
                         "count": len(state.games)})
    else:
        lines.append(gettext("final:"))
    boxes = None if state.games is not None else state.boxes  # several games: each game's box bonus is above
    lines.extend(_bonus_lines(match, state.totals, bonuses, boxes, "  ", final))
    lines.append(final_words(final, winner, bonuses, paid=state.games is None))  # games: each said above
    return lines


def _game_bonuses(match: Match, game: Game) -> Dict[str, Dict[str, int]]:
    assert game.winner is not None
    return game_bonuses(match.rules, game.totals, game.boxes, game.winner)


def _bonus_lines(match: Match, totals: Dict[str, int], bonuses: Dict[str, Dict[str, int]],
                 boxes: Optional[Dict[str, int]], indent: str, final: Optional[Dict[str, int]] = None) -> List[str]:
    lines = []
    width = max(len(name) for name in match.players)
    for name in match.players:
        parts = [str(totals[name])]
        parts += [bonus_words(match.rules, name, bonus, points, boxes)
                  for bonus, points in bonuses[name].items()]
        if final is not None:
            text = " + ".join(parts) + (f" = {final[name]}" if bonuses[name] else "")
        elif bonuses[name]:  # each bonus its own term, and their total once
            text = " + ".join(parts[1:]) + (f" = {sum(bonuses[name].values())}" if len(parts) > 2 else "")
        else:
            continue
        lines.append(f"{indent}{name:<{width}}  {text}")
    return lines


def bonus_words(rules: HouseRules, name: str, bonus: str, points: int,
                boxes: Optional[Dict[str, int]] = None) -> str:
    """One bonus as one term of a sum, in the language settled: ``box bonus 60 (3 × 20)`` (just ``box bonus
    60`` without ``boxes``), so that ``game bonus 100 + box bonus 60 (3 × 20) = 160`` reads true (what
    ``gin_ref.core.game.bonus_arithmetic`` writes in English, said from the same facts)."""
    said = {"points": points, "boxes": boxes[name] if boxes is not None and name in boxes else 0,
            "each": rules.box_bonus, "bonus": bonus}
    if bonus == "box_bonus" and boxes is not None:
        return gettext("box bonus %(points)d (%(boxes)d × %(each)d)") % said
    if bonus == "shutout" and boxes is not None:
        if rules.shutout == "double_game_bonus":
            return gettext("shutout (the game bonus again) %(points)d") % said
        if rules.shutout == "double_total":
            return gettext("shutout (the total doubled) %(points)d") % said
        if rules.shutout == "flat":
            return gettext("shutout (flat) %(points)d") % said
    if bonus == "box_bonus":
        return gettext("box bonus %(points)d") % said
    if bonus == "game_bonus":
        return gettext("game bonus %(points)d") % said
    if bonus == "shutout":
        return gettext("shutout %(points)d") % said
    if bonus == "line_bonus":
        return gettext("line bonus %(points)d") % said
    return f"{bonus.replace('_', ' ')} {points}"

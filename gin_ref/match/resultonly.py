"""A match kept on paper, recorded by its result (issue 26): a result-only record.

A result-only record is a match record (format /2) that holds no hands but a top-level ``result``:
``{scores: {Ann: 154, Ben: 24}, hands_won: {Ann: 6, Ben: 2}, winner: Ann, seal: ...}``. ``scores`` are
the final scores, every bonus in (what the paper sheet says at the bottom); ``hands_won`` is optional;
``winner`` is derived (the highest score) and checked; ``seal`` chains on the record's head as a hand's
does (``gin_ref.files.seals``). Its ``start`` is optional: a paper sheet need not say who dealt first.
The result is one step (``STEP_KIND``, hand 0) for undo and redo; an amend of it is an ``amended``
correction of hand 0 (``gin_ref.match.steps``, ``gin_ref.match.history``).

A record holds hands or a result, never both. The first reading of a file checks its result
(``gin_ref.files.matchtop``: its shape, the players, a single winner) with the rules of the game here: not
Hollywood or a match of several games (``by_one_score``: three games cannot be told from one score each),
a winner at or past the target and scores the rules can produce (``score_problems``). ``paper_result``
builds what ``gin-ref result`` writes (the same checks, raised); ``Match.put_result`` writes it and ``Match.amend_result``
replaces it (``gin_ref.match.model``).
"""

from typing import Dict, Iterator, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from gin_ref.core.digits import has_digits_for
from gin_ref.core.errors import IllegalActionError, InvalidNotationError
from gin_ref.core.message import Message, N_, Nn_
from gin_ref.core.escape import excerpt
from gin_ref.core.players import find_player
from gin_ref.core.rules import HouseRules

RESULT_KEY = "result"
RESULT_KEYS = ("scores", "hands_won", "winner", "seal")
STEP_KIND = "match_result"  # the step a result is, for undo and redo (hand 0: no hand)
# The most deadwood ten cards can hold with the standard ace: two of each ten-card rank (a third would be a
# set) and two nines clear of runs (e.g. TS TH JD JC QS QH KD KC 9D 9C) = 98; the rules' ``most_deadwood``
# says it for every ace. A hand scores at most that plus its bonus.
MAX_DEADWOOD = 98
MAX_KNOCK = 10  # the highest knock limit but an ace's (its ace_value)
MAX_HANDS_WON = 100_000  # the most hands won the checks try, when a box bonus leaves the number open


class PaperResult(NamedTuple):
    """A result-only match's result, as read: final scores, hands won (None: not given), winner."""

    scores: Dict[str, int]
    hands_won: Optional[Dict[str, int]]
    winner: str


def max_hand_score(rules: HouseRules) -> int:
    """The most one hand can score under ``rules``: the most deadwood (``most_deadwood``: 98 with the
    standard ace) plus the gin (or big gin) bonus, or the most an undercut gives; doubled under
    spade_double."""
    most, knock = rules.most_deadwood, max(MAX_KNOCK, rules.ace_value)
    best = max(most + rules.gin_bonus, most - 1 + rules.knock_bonus, knock + rules.undercut_bonus,
               most + (rules.big_gin_bonus or 0))
    return best * (2 if rules.spade_double else 1)


def min_hand_score(rules: HouseRules) -> int:
    """The least a hand won can score: 1 (a knock by one point), or 0 where equal counts score nothing for
    the hand's winner (undercut_bonus 0, or knock_tie knocker)."""
    return 0 if rules.undercut_bonus == 0 or rules.knock_tie == "knocker" else 1


def _boxes_are_hands(rules: HouseRules) -> bool:
    """Is each box bonus one hand won, paid at the end (no extra boxes for a gin, an undercut or a spade)?
    Otherwise the hands won say less about the scores, and only the target is checked of them."""
    return rules.box_scoring == "end" and not (rules.gin_boxes or rules.undercut_boxes or rules.spade_double_boxes)


def winner_of(scores: Mapping[str, int]) -> Tuple[Optional[str], List[str]]:
    """``(winner, tied)``: the player with the highest score, or None and the players tied on it."""
    top = max(scores.values())
    best = [name for name, points in scores.items() if points == top]
    return (best[0], []) if len(best) == 1 else (None, best)


def _hands_fit(rules: HouseRules, total: int, hands: Optional[int]) -> bool:
    """Can ``hands`` hands won (None: any number) give a running total of ``total``?"""
    if rules.illegal_knock == "penalty" or not _boxes_are_hands(rules):  # no bound from the hands then
        return True
    if hands is None:
        return True
    return hands * min_hand_score(rules) <= total <= hands * max_hand_score(rules) and (hands > 0 or total == 0)


def _options(rules: HouseRules, final: int, hands: Optional[int], winner: bool,
             shutout: bool, fit: bool = True) -> Iterator[Tuple[int, Optional[int]]]:
    """Every ``(running total, hands won)`` a player's final score can come from, by the bonuses the
    rules give at the end (``winner``: the game's winner; ``shutout``: every other player scored nothing)."""
    box = rules.box_bonus if rules.box_scoring == "end" else 0  # each_hand: the boxes are in the totals
    if not _boxes_are_hands(rules):
        hands = None  # boxes are not hands won: every count of boxes is tried
    # hands won (boxes), when not given: as many as the box bonus leaves room for (within MAX_HANDS_WON)
    counts: Sequence[Optional[int]] = [hands] if hands is not None else (
        range(min(final // box, MAX_HANDS_WON) + 1) if box else [None])
    for count in counts:
        rest = _rest(rules, final, box * (count or 0), winner, shutout)
        # a winner won a hand, unless penalties alone could have taken him there (illegal_knock penalty)
        won_one = not winner or count != 0 or rules.illegal_knock == "penalty"
        if rest is not None and rest >= 0 and (not fit or _hands_fit(rules, rest, count)) and won_one:
            yield rest, count


def _rest(rules: HouseRules, final: int, box_part: int, winner: bool, shutout: bool) -> Optional[int]:
    """The running total a final score leaves once the end-of-game bonuses are taken off (None: none can)."""
    if winner and shutout and rules.shutout == "double_total":  # the total and every bonus, doubled
        if final % 2:
            return None
        return final // 2 - rules.game_bonus - box_part
    if winner:
        again = (rules.game_bonus if shutout and rules.shutout == "double_game_bonus" else
                 rules.shutout_bonus if shutout and rules.shutout == "flat" else 0)
        return final - rules.game_bonus - again - box_part
    return final - box_part


def score_problems(rules: HouseRules, scores: Mapping[str, int], hands_won: Optional[Mapping[str, int]],
                   winner: str) -> List[Tuple[str, Message]]:
    """``(player, message)`` for each final score the rules cannot produce: the winner's running total (his
    score less the end-of-game bonuses) must reach the target, and, where every point comes from a hand
    won (illegal_knock reject), stay within what one more hand can give past it; every other player's
    must stay below the target; hands won must be able to give the total (at least 1 point a hand won,
    at most the most a hand can score)."""
    # every point from a hand won, a hand's boxes known: the bounds hold (else only the target is checked)
    strict = rules.illegal_knock == "reject" and _boxes_are_hands(rules)
    hands = dict(hands_won) if hands_won is not None else {}
    problems: List[Tuple[str, Message]] = []
    zero_possible, scored_possible = True, False
    for name in scores:
        if name == winner:
            continue
        message, fitting = _loser_problem(rules, name, scores[name], hands[name] if name in hands else None, winner,
                                          strict)
        if message is not None:
            problems.append((name, message))
        zero_possible = zero_possible and any(total == 0 for total, _ in fitting)
        scored_possible = scored_possible or any(total > 0 for total, _ in fitting)
    # the shutout bonus is the winner's when every other player scored nothing (and only then)
    shutout = [False] if rules.shutout == "none" else [flag for flag, possible in ((True, zero_possible),
                                                                                   (False, scored_possible)) if possible]
    message = _winner_problem(rules, winner, scores[winner], hands[winner] if winner in hands else None, shutout,
                              strict)
    if message is not None:
        problems.append((winner, message))
    return problems


def _range(rules: HouseRules, bonus: Optional[Message]) -> Message:
    """What a hand won scores, with the end-of-game bonuses when the rules have any."""
    low, high = min_hand_score(rules), max_hand_score(rules)
    if bonus is None:
        return Message(N_("%(low)d to %(high)d"), low=low, high=high)
    return Message(N_("%(low)d to %(high)d (%(bonuses)s)"), low=low, high=high, bonuses=bonus)


def _not_from(rules: HouseRules, name: str, final: int, count: Optional[int], bonus: Optional[Message]) -> Message:
    """``name`` cannot finish with ``final`` from ``count`` hands won (None: any number)."""
    if count is None:
        return Message(N_("%(player)s cannot finish with %(final)d from any number of hands won: a hand won scores "
                          "%(range)s"), player=name, final=final, range=_range(rules, bonus))
    return Message(Nn_("%(player)s cannot finish with %(final)d from %(count)d hand won: a hand won scores %(range)s",
                       "%(player)s cannot finish with %(final)d from %(count)d hands won: a hand won scores "
                       "%(range)s"), player=name, final=final, count=count, range=_range(rules, bonus))


def _loser_problem(rules: HouseRules, name: str, final: int, count: Optional[int], winner: str, strict: bool
                   ) -> Tuple[Optional[Message], List[Tuple[int, Optional[int]]]]:
    """What is wrong with a player's final score who did not win (None: nothing), and the ``(running total,
    hands won)`` it can come from."""
    options = list(_options(rules, final, count, False, False))
    fitting = [(total, won) for total, won in options if not strict or total < rules.target]
    bonus = _bonus_words(rules)
    if not options:
        return _not_from(rules, name, final, count, bonus), fitting
    if not fitting:
        if bonus is None:
            return Message(N_("%(player)s finished with %(final)d, at or past the target %(target)d, but %(winner)s "
                              "won: the match ends when one player reaches the target"), player=name, final=final,
                           target=rules.target, winner=winner), fitting
        return Message(N_("%(player)s finished with %(final)d, which less the end-of-game bonuses (%(bonuses)s) is at "
                          "or past the target %(target)d, but %(winner)s won: the match ends when one player reaches "
                          "the target"), player=name, final=final, bonuses=bonus, target=rules.target,
                       winner=winner), fitting
    return None, fitting


def _winner_problem(rules: HouseRules, winner: str, final: int, count: Optional[int], shutout: List[bool],
                    strict: bool) -> Optional[Message]:
    """What is wrong with the winner's final score (None: nothing), the shutout bonus counted where
    ``shutout`` allows it."""
    bonus = _bonus_words(rules)
    options = [option for flag in shutout for option in _options(rules, final, count, True, flag)]
    if count == 0 and strict:
        return Message(N_("%(player)s won the match with 0 hands won"), player=winner)
    if not options and count is not None and any(
            total >= rules.target for flag in shutout
            for total, _ in _options(rules, final, count, True, flag, fit=False)):
        return _not_from(rules, winner, final, count, bonus)
    if not options:
        if bonus is None:
            return Message(N_("%(player)s cannot win with %(final)d: the end-of-game bonuses do not add up to it"),
                           player=winner, final=final)
        return Message(N_("%(player)s cannot win with %(final)d: the end-of-game bonuses (%(bonuses)s) do not add "
                          "up to it"), player=winner, final=final, bonuses=bonus)
    return _winner_total_problem(rules, winner, final, [total for total, _ in options], strict)


def _winner_total_problem(rules: HouseRules, winner: str, final: int, totals: List[int], strict: bool
                          ) -> Optional[Message]:
    """The winner's running totals (``totals``: those his final score can come from) must reach the target,
    and (``strict``) stay within what the last hand can give past it."""
    target, top, bonus = rules.target, max_hand_score(rules), _bonus_words(rules)
    reached = [total for total in totals if total >= target]
    within = [total for total in reached if not strict or total <= target - 1 + top]
    if not reached and bonus is not None:
        return Message(N_("%(player)s won with %(final)d, which less the end-of-game bonuses (%(bonuses)s) is below "
                          "the target %(target)d: the winner's total reaches it"), player=winner, final=final,
                       bonuses=bonus, target=target)
    if not reached:
        return Message(N_("%(player)s won with %(final)d, below the target %(target)d: the winner's total reaches "
                          "it"), player=winner, final=final, target=target)
    if not within and bonus is None:
        return Message(N_("%(player)s won with %(final)d, more than the rules can give: at most %(before)d before "
                          "the last hand and %(top)d in it"), player=winner, final=final, before=target - 1, top=top)
    if not within:
        return Message(N_("%(player)s won with %(final)d, more than the rules can give: at most %(before)d before "
                          "the last hand and %(top)d in it, plus the end-of-game bonuses (%(bonuses)s)"),
                       player=winner, final=final, before=target - 1, top=top, bonuses=bonus)
    return None


_BONUSES = {  # (game bonus, box bonus, shutout): the rules' end-of-game bonuses, in words
    (True, False, False): N_("game bonus %(game)d"),
    (False, True, False): N_("box bonus %(box)d a hand won"),
    (False, False, True): N_("shutout %(shutout)s"),
    (True, True, False): N_("game bonus %(game)d, box bonus %(box)d a hand won"),
    (True, False, True): N_("game bonus %(game)d, shutout %(shutout)s"),
    (False, True, True): N_("box bonus %(box)d a hand won, shutout %(shutout)s"),
    (True, True, True): N_("game bonus %(game)d, box bonus %(box)d a hand won, shutout %(shutout)s"),
}


def _bonus_words(rules: HouseRules) -> Optional[Message]:
    """The rules' end-of-game bonuses, in words (None: none)."""
    which = (bool(rules.game_bonus), bool(rules.box_bonus), rules.shutout != "none")
    if not any(which):
        return None
    return Message(_BONUSES[which], game=rules.game_bonus or 0, box=rules.box_bonus or 0,
                   shutout=rules.shutout.replace("_", " "))


def paper_read(paper: PaperResult, players: Sequence[str]) -> PaperResult:
    """A result (of its shape: made by gin-ref, or read) as the replay reads it: its scores and hands won in
    the players' order, and the winner its scores make (the first reading's, ``gin_ref.files.matchtop``, for a result read)."""
    ordered = {name: paper.scores[name] for name in players}
    won = None if paper.hands_won is None else {name: paper.hands_won[name] for name in players}
    winner, tied = winner_of(ordered)
    return PaperResult(ordered, won, winner if winner is not None else tied[0])


MOST_SCORE = 10 ** 15 - 1  # more than any final score the rules can give (a target is at most 10**9)
SEVERAL_GAMES = Message(N_("a match of several games (the games knob) is won game by game: one final score per "
                           "player cannot say the score of each game, so record it hand by hand"))
HOLLYWOOD = Message(N_("a Hollywood match is three games at once: one final score per player cannot say the score "
                       "of each game, so record it hand by hand"))


def by_one_score(rules: HouseRules) -> Optional[Message]:
    """Why a match under ``rules`` cannot be recorded by one final score per player (Hollywood's three
    games, or a match of several), or None."""
    if rules.scoring == "hollywood" or (rules.games or 1) > 1:
        return HOLLYWOOD if rules.scoring == "hollywood" else SEVERAL_GAMES
    return None


def paper_result(players: Sequence[str], rules: HouseRules, scores: Sequence[Tuple[str, str]],
                 hands_won: Sequence[Tuple[str, str]] = ()) -> PaperResult:
    """The result (typed: the step ``result`` writes) for the final scores given (``(player, points)`` as typed, any case), checked
    as verify checks it: raises InvalidNotationError for what is not a result of these players, and
    IllegalActionError for scores the rules cannot produce."""
    refusal = by_one_score(rules)
    if refusal is not None:
        raise IllegalActionError(refusal)
    if len(scores) != len(players):
        raise InvalidNotationError(Message(N_("give the final score of each player: %(shape)s (%(given)d given)"),
                                           shape=" ".join(f"{p} POINTS" for p in players), given=len(scores)))
    points = _named_counts(players, scores, False)
    won = _named_counts(players, hands_won, True) if hands_won else None
    if won is not None and len(won) != len(players):
        missing = [name for name in players if name not in won]
        raise InvalidNotationError(Message(N_("%(hands_won_option)s: give the hands won of every player (not given: "
                                              "%(missing)s)"), hands_won_option="hands_won",
                                           missing=", ".join(missing)))
    ordered = {name: points[name] for name in players}
    won_ordered = None if won is None else {name: won[name] for name in players}
    winner, tied = winner_of(ordered)
    if winner is None:
        raise IllegalActionError(Message(N_("%(players)s have %(points)d each: a match has one winner (a match kept on "
                                            "paper is recorded once it is won)"), players=" and ".join(tied),
                                         points=points[tied[0]]))
    found = score_problems(rules, ordered, won_ordered, winner)
    if found:
        raise IllegalActionError(Message(N_("not a result the %(rules)s rules can give: %(problem)s"), rules=rules.name,
                                         problem=found[0][1]))
    return PaperResult(ordered, won_ordered, winner)


def _named_counts(players: Sequence[str], items: Sequence[Tuple[str, str]], hands: bool) -> Dict[str, int]:
    """Each player's number (``hands``: of hands won, else points) as typed, checked."""
    counts: Dict[str, int] = {}
    for name, text in items:
        player = find_player(players, name)
        if player in counts:
            raise InvalidNotationError(Message(N_("the hands won of %(player)s are given twice") if hands else
                                               N_("the score of %(player)s is given twice"), player=player))
        if not (text.isascii() and text.isdigit()):
            raise InvalidNotationError(Message(N_("%(player)s %(text)s: the hands won are a whole number from 0")
                                               if hands else
                                               N_("%(player)s %(text)s: the points are a whole number from 0"),
                                               player=player, text=excerpt(text)))
        if not has_digits_for(text, MOST_SCORE):
            raise InvalidNotationError(Message(N_("%(player)s %(text)s: the hands won are a whole number from 0 to "
                                                  "%(most)d") if hands else
                                               N_("%(player)s %(text)s: the points are a whole number from 0 to "
                                                  "%(most)d"), player=player, text=excerpt(text), most=MOST_SCORE))
        counts[player] = int(text)
    return counts


def scores_text(scores: Mapping[str, int]) -> str:
    """``Ann 154, Ben 24``: each player's number, in the order given."""
    return ", ".join(f"{name} {points}" for name, points in scores.items())


def hands_refused(scores: Mapping[str, int]) -> Message:
    """Why no hand can be recorded on a result-only record, and the way on."""
    return Message(N_("this match is recorded by its result only (%(scores)s): a hand cannot be recorded with it; "
                      "change the result with 'gin-ref amend result PLAYER POINTS ...', or start the table again with "
                      "'gin-ref new %(force_option)s ...' to record it hand by hand"), scores=scores_text(scores),
                   force_option="force")


def verify_no_hands(hands: int, result: Optional[PaperResult], path: str) -> None:
    """Refuse to put a result on a record that holds hands (``hands``: how many) or a result, naming the
    way on."""
    if hands:
        raise IllegalActionError(Message(Nn_(
            "%(path)s holds %(count)d recorded hand: a table is recorded by its hands or by its result, not both; "
            "correct a hand with 'gin-ref amend HAND ...', or start the table again with 'gin-ref new "
            "%(force_option)s ...' and then record its result",
            "%(path)s holds %(count)d recorded hands: a table is recorded by its hands or by its result, not both; "
            "correct a hand with 'gin-ref amend HAND ...', or start the table again with 'gin-ref new "
            "%(force_option)s ...' and then record its result"), path=path, count=hands, force_option="force"))
    if result is not None:
        raise IllegalActionError(Message(N_("%(path)s already holds a result (%(scores)s): change it with 'gin-ref "
                                            "amend result PLAYER POINTS ...'"), path=path,
                                         scores=scores_text(result.scores)))

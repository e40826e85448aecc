"""Every event of a match put into words, in one place: a hand's result, an irregularity, a ruling, a seal,
the end of the match; beside it, Hollywood's games (``gin_ref.views.game_words``) and the steps, an act
refused and kept, a step taken back or put back (``gin_ref.views.step_words``). Each event is said by one
function of these three modules. The text tally, the exports (Markdown, HTML), ``undo`` and ``verify`` all
say it this way; the match layer hands over data only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Mapping, Optional, Protocol, Sequence, Tuple

from gin_ref.core import game
from gin_ref.core.rules import HouseRules
from gin_ref.match.resultonly import PaperResult, scores_text
from gin_ref.match.state import MatchState, Note
from gin_ref.match.irregularities import Irregularity
from gin_ref.match.rulings import Ruling
from gin_ref.match.tally import Tally

if TYPE_CHECKING:  # the shapes the words read: for the types only, no class made at start-up
    class Settled(Protocol):
        """A hand's result as the words say it: a ``HandTally``, a step's ``Settled`` (``gin_ref.match``)."""

        @property
        def result(self) -> Optional[str]: ...
        @property
        def knocker(self) -> Optional[str]: ...
        @property
        def winner(self) -> Optional[str]: ...
        @property
        def points(self) -> Optional[int]: ...

    class Broken(Protocol):
        """A seal that fails (``gin_ref.files.seals.Broken``): its kind, its hand, its correction."""

        @property
        def kind(self) -> str: ...
        @property
        def hand(self) -> object: ...
        @property
        def correction(self) -> Optional[int]: ...


# The one set of result names: a result's short name (the sheets, ``--what-if``), and the longer phrase
# where a hand is told in words (``Ben's knock, undercut, ...``).
RESULT_NAMES = {"big_gin": "big gin", "illegal_knock": "illegal"}
RESULT_PHRASES = {"undercut": "knock, undercut", "tie": "knock, a tie scored 0-0"}
RULED = "^"  # a ruled hand's mark, in the text tally and the exports (as PBN marks its adjusted scores)
_ACTION_OF_KIND = {"illegal_knock": "knock", "wrong_dealer": "deal"}


def result_name(result: object, phrase: bool = False) -> str:
    """A result's name: ``big gin`` for ``big_gin`` (``phrase``: ``knock, undercut`` for an undercut)."""
    text = str(result)
    if phrase and text in RESULT_PHRASES:
        return RESULT_PHRASES[text]
    return RESULT_NAMES[text] if text in RESULT_NAMES else text.replace("_", " ")


def wins_words(winner: object) -> str:
    """``Ann wins``: the winner where the sheet and the tally state where a match or a game stands (the
    present: ``Ann wins: Ann 112, Ben 45``). Every "wins" and "won" of a winner is spelled by this function
    or ``won_words``."""
    return f"{winner} wins"


def won_words(winner: object, what: str) -> str:
    """``Ann won 151 to 71``, ``Ann won the match``: an end told as past (``what`` empty: ``Ann won``, a
    table at an event)."""
    return f"{winner} won {what}".rstrip()


def held_words(players: Sequence[str], hands: int, totals: Mapping[str, int]) -> str:
    """A match a file holds, in a few words: ``Ann v Ben, 1 hand, totals Ann 20, Ben 0`` (what ``new
    --force`` replaces)."""
    return (f"{' v '.join(players)}, {hands} hand{'' if hands == 1 else 's'}, totals "
            f"{', '.join(f'{name} {totals[name]}' for name in players)}")


def result_words(hand: Settled) -> str:
    """A settled hand in a few words: ``Ben's knock, 16 points to Ben``, ``a dead hand``."""
    result = hand.result
    if result == "dead":
        return "a dead hand"
    if result is None:
        return "open"
    if result == "tie":
        return f"{hand.knocker}'s {result_name(result, phrase=True)}"
    what = result_name(result, phrase=True)
    if hand.winner is None:  # a hand the director ruled void or a misdeal: nobody scores
        return f"{hand.knocker}'s {what}, no score"
    points = hand.points
    return f"{hand.knocker}'s {what}, {points} point{'' if points == 1 else 's'} to {hand.winner}"


def irregularity_words(item: Irregularity) -> str:
    """An irregularity: ``Ann's knock refused (knock not allowed: ...)``, ``Ben's draw refused (out of
    turn: ...)``, ``Ben's deal refused (Ben cannot deal hand 4: ...)`` (without a penalty). The reason is
    the one the record keeps (/2) or the replay worked out from the facts (/3); where neither says one (a
    record that does not replay that far), none is shown."""
    kind = item.kind
    action = (_ACTION_OF_KIND[kind] if kind in _ACTION_OF_KIND else item.action) or "action"
    card = f" {item.card}" if kind == "out_of_turn" and item.card else ""
    reason = f" ({item.detail})" if item.detail is not None else ""
    return f"{item.player}'s {action}{card} refused{reason}"


def penalty_words(item: Irregularity, to: str = "the opponent") -> str:
    """``; 10 penalty points to Ben`` for a penalised knock, else nothing."""
    return f"; {item.points} penalty points to {to}" if item.points else ""


def irregularity_note(number: int, item: Irregularity) -> str:
    """``hand 3, turn 5: Ann's draw refused (out of turn: ...)``, with a penalty when there is one."""
    turn = f", turn {item.turn}" if item.turn else ""
    return f"hand {number}{turn}: {irregularity_words(item)}{penalty_words(item)}"


def scores_words(result: PaperResult) -> str:
    """A result-only match's result: ``Ann 154, Ben 24; hands won Ann 6, Ben 2``."""
    won = result.hands_won
    return scores_text(result.scores) + (f"; hands won {scores_text(won)}" if won is not None else "")


def result_only_words(hands_won: Optional[Mapping[str, int]]) -> str:
    """A match recorded by its result, in place of its hands (the tally, the sheet): ``recorded by its result
    only: no hands (hands won: Ann 6, Ben 2)``."""
    hands = f" (hands won: {scores_text(hands_won)})" if hands_won else ""
    return f"recorded by its result only: no hands{hands}"


def results_left_out_words(count: int) -> str:
    """``stats``' note of the matches its per-hand figures leave out."""
    if count == 1:
        return "left out of the per-hand figures: 1 match recorded by its result only"
    return f"left out of the per-hand figures: {count} matches recorded by their results only"


def note_words(note: Note) -> str:
    """A hand that stands as played after an amend or a ruling of an earlier hand: ``hand 3: dealt by Ann
    as played; the amended results give Ben`` (after a ruling: ``the results as ruled give Ben``)."""
    results = "the results as ruled" if note.by == "ruling" else "the amended results"
    if note.kind == "roles":
        return f"hand {note.hand}: played with {note.played}; {results} give {note.rotation}"
    return f"hand {note.hand}: dealt by {note.played} as played; {results} give {note.rotation}"


def after_end_words(state: MatchState) -> Optional[str]:
    """``hands 6-8 were played after the end (hand 5): not counted``, when an amend ended the match
    earlier."""
    if not state.after_end:
        return None
    numbers = sorted(index + 1 for index in state.after_end)
    which = f"hand {numbers[0]} was" if len(numbers) == 1 else f"hands {numbers[0]}-{numbers[-1]} were"
    return f"{which} played after the end (the match ended with hand {state.ended_in}): not counted"


def end_reason(state: MatchState) -> str:
    """Why the match is over: ``Ann reached 100 in hand 7``, ``Ben forfeited in hand 4 (a ruling)``."""
    if state.paper is not None:
        return "a result kept on paper"
    if state.forfeit is not None:
        return (f"{state.forfeit} forfeited in hand {state.ended_in} (a ruling): scores as they stand, "
                "no end-of-game bonuses")
    if state.games is not None:
        if state.hollywood:
            count = "three" if len(state.games) == 3 else str(len(state.games))
            return f"all {count} Hollywood games were won by hand {state.ended_in}"
        won = ", ".join(f"{name} {sum(1 for g in state.games if g.winner == name)}" for name in state.players)
        who = won_words(state.winner, "the match") if state.winner else "the match was drawn"
        return f"{who} in hand {state.ended_in}, games won: {won}"
    return f"{state.winner} reached {state.rules.target} in hand {state.ended_in}"


def final_words(final: Optional[Dict[str, int]], winner: Optional[str],
                bonuses: Optional[Dict[str, Dict[str, int]]] = None, paid: bool = True) -> str:
    """The end in one phrase: ``Ann won 151 to 71`` (``a tie at 120 to 120``); when box bonuses lift the
    loser's final above the winner's, who won the game and who is paid (``paid_words``; not for a match of
    several games, ``paid`` False: each game is settled, and said, apart)."""
    final = final or {}
    words = paid_words(final, winner, bonuses) if paid else None
    if words is not None:
        return words
    scores = " to ".join(str(final[name]) for name in sorted(final, key=lambda n: -final[n]))
    return won_words(winner, scores) if winner else f"a tie at {scores}"


def paid_words(final: Optional[Mapping[str, int]], winner: Optional[str],
               bonuses: Optional[Mapping[str, Mapping[str, int]]] = None) -> Optional[str]:
    """``Ann wins the game; Ben is paid 95 on boxes`` when the game's winner (who reached the target) has
    fewer final points than a loser and so pays him (``gin_ref.core.game.paid_against_the_game``); with
    three players, by whom: ``Ben is paid 95 by Ann on boxes``. None when the winner is paid as usual."""
    paid = game.paid_against_the_game(final, winner)
    if not paid:
        return None
    by = f" by {winner}" if final is not None and len(final) > 2 else ""
    parts = [f"{p.payee} is paid {p.points}{by} on {'boxes' if game.paid_on_boxes(p, bonuses) else 'points'}"
             for p in paid]
    return f"{wins_words(winner)} the game; " + "; ".join(parts)


def outcome_words(state: MatchState) -> str:
    """``Ann won 151 to 71`` for a finished match (``final_words``)."""
    bonuses, final, winner = state.result()
    return final_words(final, winner, bonuses, paid=state.games is None)


_BONUS_NAMES = {"gin": "gin bonus", "big_gin": "big gin bonus", "undercut": "undercut bonus", "knock": "knock bonus"}


def why_words(why: Sequence[object], rules: str) -> str:
    """Why a hand differs under other rules (``gin_ref.match.whatif``): ``knock illegal under limit 7:
    deadwood 8``, ``gin bonus 20, not 25``..."""
    kind, values = why[0], why[1:]
    if kind == "illegal":
        limit, deadwood, reason = values
        return f"knock illegal under limit {limit}: deadwood {deadwood} ({reason})"
    if kind == "result":
        new, old, winner = values
        if winner is None:
            return f"{result_name(new, phrase=True)}, scored 0-0, not {result_name(old, phrase=True)}"
        return f"{result_name(new, phrase=True)} to {winner}, not {result_name(old, phrase=True)}"
    if kind == "bonus":
        result, new, old = values
        name = str(result)
        return f"{_BONUS_NAMES[name] if name in _BONUS_NAMES else name} {new}, not {old}"
    if kind == "deadwood":
        side, new, old = values
        return f"{side}'s deadwood {new}, not {old}"
    if kind == "doubled":
        return "doubled for a spade upcard" if values[0] else "no spade double"
    if kind == "points":
        return f"{values[0]} points, not {values[1]}"
    if kind == "refused_legal":
        player, deadwood, limit = values
        return f"{player}'s refused knock (deadwood {deadwood}) is legal under limit {limit}: noted, not scored"
    if kind == "penalty":
        to, new, old = values
        return f"penalty {new} to {to}, not {old}"
    if kind == "after_end":
        return f"played after the match ended under {rules} (hand {values[0]}): not counted"
    if kind == "ruled":
        return f"{values[0]} ruled by the director: stands as ruled"
    if kind == "no_upcard":
        return f"no upcard recorded, but {rules} needs it ({values[0]}): not scored"
    return str(kind)


def ruling_words(ruling: Ruling, dated: bool = False) -> str:
    """A ruling: ``awarded to Ann, 25 points (Ben exposed his hand; ruled by Dana)``, with its date
    (``, 2024-05-01T21:10``) when ``dated``."""
    kind, player = ruling.kind, ruling.player
    what = (f"awarded to {player}, {ruling.points} points" if kind == "award" else "void, no score" if kind == "void"
            else "a misdeal, no score, the same dealer deals again" if kind == "redeal"
            else f"{player} forfeits: the match ends" if kind == "forfeit" else str(kind))
    by = f"; ruled by {ruling.by}" if ruling.by else "; ruled by the director"
    when = f", {str(ruling.date)[:16]}" if dated and ruling.date else ""
    return f"{what} ({ruling.reason}{by}{when})"


RESULT_ONLY_VERIFIED = "a result only (it carries no hands)"  # verify's word for a match recorded by its result
NO_SEALS = "no seals: a gin-ref-match/1 record carries none (it is written as /3, sealed, at its next change)"


def seal_words(broken: Broken) -> str:
    """A seal that fails (``gin_ref.files.seals.Broken``): ``hand 4 changed outside gin-ref: its facts no
    longer match its seal``."""
    if broken.kind == "edited":
        return f"hand {broken.hand} changed outside gin-ref: its facts no longer match its seal"
    if broken.kind == "missing":
        return f"hand {broken.hand} changed outside gin-ref: it has no seal"
    if broken.kind == "result_edited":
        return "the result changed outside gin-ref: its scores no longer match its seal"
    if broken.kind == "result_missing":
        return "the result changed outside gin-ref: it has no seal"
    if broken.kind == "correction_edited":
        return f"correction {broken.correction} changed outside gin-ref: its facts no longer match its seal"
    if broken.kind == "correction_missing":
        return f"correction {broken.correction} changed outside gin-ref: it has no seal"
    if broken.kind == "legacy":
        return ("the corrections and the count of hands are not sealed (written before gin-ref sealed them, or "
                "the end line mended by hand): the next change seals them")
    return ("the end of record's seal does not match the hands: a hand was deleted, or the count or the seals "
            "changed, outside gin-ref")


def house_rule_notes(rules: HouseRules) -> List[str]:
    """The house rules of issue #27 that a match plays, in words, for the notes under its sheet: only
    those set away from their defaults (a record lists the new knobs only then)."""
    notes = []
    runs = rules.ace_runs
    if runs == "low_or_high":
        notes.append("house rules: an ace is high or low in a run (Q-K-A as well as A-2-3; not K-A-2)")
    elif runs == "wrap":
        notes.append("house rules: a run may go round the ace (Q-K-A, A-2-3 and K-A-2)")
    value = rules.ace_value
    if value != 1:
        notes.append(f"house rules: an ace counts {value}")
    if rules.gin_layoffs:
        notes.append("house rules: the defender may lay off against a gin")
    if rules.wall:
        notes.append("house rules: the wall (with the stock down to its last cards, the last discard may be taken "
                     "to knock)")
    if rules.deal == "eleven":
        notes.append("house rules: the eleven-card deal (no upcard; the non-dealer is dealt 11 and discards first)")
    if rules.next_dealer == "sitter":
        notes.append("house rules: the sitter deals each hand")
    if rules.next_dealer == "captain":
        notes.append("house rules: the captain (the player coming in) deals each hand and plays the box")
    return notes


def hand_notes(tally: Tally, dead_hand_stock: Optional[int] = None) -> List[Tuple[int, str]]:
    """``(hand number, note)`` for everything the tally marks with ``*``, hand by hand: each irregularity
    (a deal refused, under the hand it was for), each hand that ended dead by itself, each hand that stands
    as played after an amend, each hand played after the end. From the tally alone, so the tally and the
    exports say the same."""
    notes: List[Tuple[int, str]] = []
    refused = tally.irregularities
    after = [hand.number for hand in tally.hands if hand.after_end]
    for hand in tally.hands:
        number, turns = hand.number, hand.turns
        notes += [(number, irregularity_note(number, item)) for item in refused if item.hand == number]
        notes += [(number, irregularity_note(number, item)) for item in hand.irregularities]
        if hand.dead_by_itself:
            stock = f"{dead_hand_stock} cards" if dead_hand_stock is not None else "its last cards"
            notes.append((number, f"hand {number}: dead by itself at turn {turns}, the stock down to {stock}"))
        notes += [(number, note_words(note)) for note in tally.notes if note.hand == number]
        if hand.after_end:
            notes.append((number, f"hand {number}: played after the end (the match ended with hand "
                                  f"{after[0] - 1}): not counted"))
    later = len(tally.hands) + 1
    notes += [(later, irregularity_note(later, item)) for item in refused if item.hand == later]
    return notes


def opened_after_dead_words(number: int, dead_hand_stock: int, command: str) -> str:
    """``hand 1 was dead (the stock ran down to 2 cards): this knock opens hand 2`` (``command`` knock or dead)."""
    this = "this knock opens" if command == "knock" else f"this '{command}' opens and ends"
    return f"hand {number - 1} was dead (the stock ran down to {dead_hand_stock} cards): {this} hand {number}"


def event_amend_words(file: str, event: str, folder: str, round_number: int, table: int, paired: int,
                      reopened: bool) -> str:
    """The warning of an amend to a table of an event whose later round is already paired."""
    later = f"round {paired} is" if paired == round_number + 1 else f"rounds {round_number + 1}-{paired} are"
    then = ("the match is open again: finish it for the standings to count it" if reopened else
            "the standings follow the amended result")
    return (f"warning: {file} is round {round_number}, table {table} of event {event}, and {later} already "
            f"paired: those pairings stand; {then} (gin-ref event standings {folder})")

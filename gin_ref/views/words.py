"""Every event of a match put into words, in one place: a hand's result, an irregularity, a ruling, a seal,
the end of the match; beside it, Hollywood's games (``gin_ref.views.game_words``) and the steps, an act
refused and kept, a step taken back or put back (``gin_ref.views.step_words``). Each event is said by one
function of these three modules. The text tally, the exports (Markdown, HTML), ``undo`` and ``verify`` all
say it this way; the match layer hands over data only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Dict, List, Mapping, Optional, Protocol, Sequence, Tuple, TypeVar

from gin_ref.core import game
from gin_ref.core.message import Message, N_
from gin_ref.core.rules import HouseRules
from gin_ref.desk.language import ENGLISH, current, gettext, ngettext, speaking
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


# Every sentence here is a whole message of the catalogue, said in the language settled (``gettext``,
# ``ngettext`` of ``gin_ref.desk.language``: a request's in ``serve``) at the moment it is said; names and
# numbers are its ``%(name)s`` fields, every count said by ``ngettext``.
T = TypeVar("T")
RULED = "^"  # a ruled hand's mark, in the text tally and the exports (as PBN marks its adjusted scores)
_ACTION_OF_KIND = {"illegal_knock": "knock", "wrong_dealer": "deal"}


def in_english(say: Callable[[], T]) -> T:
    """What ``say`` says, in English whatever the language settled: for the JSON's words, the contract's
    (#38 item 8; the context variable is made only when another language is spoken)."""
    if current() == ENGLISH:
        return say()
    with speaking(ENGLISH):
        return say()


def said(text: object) -> str:
    """A lower layer's words: a ``Message`` said in the language settled, anything else as it is."""
    return text.say(gettext, ngettext) if isinstance(text, Message) else str(text)


def result_name(result: object) -> str:
    """A result's short name, as the sheets' and ``--what-if``'s grids say it: ``big gin`` for ``big_gin``
    (a result gin-ref does not know: its own word)."""
    text = str(result)
    if text == "knock":
        return gettext("knock")
    if text == "gin":
        return gettext("gin")
    if text == "big_gin":
        return gettext("big gin")
    if text == "undercut":
        return gettext("undercut")
    if text == "tie":
        return gettext("tie")
    if text == "dead":
        return gettext("dead")
    if text == "illegal_knock":
        return gettext("illegal")
    if text == "award":  # a hand the director ruled without a result (``--what-if``'s grid)
        return gettext("award")
    if text == "void":
        return gettext("void")
    if text == "redeal":
        return gettext("redeal")
    if text == "forfeit":
        return gettext("forfeit")
    return text.replace("_", " ")


def wins_words(winner: object) -> str:
    """``Ann wins``: the winner where the sheet and the tally state where a match or a game stands (the
    present: ``Ann wins: Ann 112, Ben 45``)."""
    return gettext("%(name)s wins") % {"name": winner}


def won_words(winner: object, scores: str) -> str:
    """``Ann won 151 to 71``: an end told as past."""
    return gettext("%(name)s won %(scores)s") % {"name": winner, "scores": scores}


def versus(players: Sequence[str]) -> str:
    """``Ann v Ben`` (``Ann v Ben v Cid``): who plays whom, in the language settled."""
    said = players[0] if players else ""
    for name in players[1:]:
        said = gettext("%(one)s v %(other)s") % {"one": said, "other": name}
    return said


def scores_list(scores: Mapping[str, int], players: Sequence[str]) -> str:
    """``Ann 20, Ben 0``: each player's score, in the players' order."""
    return ", ".join(f"{name} {scores[name]}" for name in players)


def held_words(players: Sequence[str], hands: int, totals: Mapping[str, int]) -> str:
    """A match a file holds, in a few words: ``Ann v Ben, 1 hand, totals Ann 20, Ben 0`` (what ``new
    --force`` replaces)."""
    return ngettext("%(players)s, %(count)d hand, totals %(totals)s", "%(players)s, %(count)d hands, totals %(totals)s",
                    hands) % {"players": versus(players), "count": hands, "totals": scores_list(totals, players)}


def result_words(hand: Settled) -> str:
    """A settled hand in a few words: ``Ben's knock, 16 points to Ben``, ``a dead hand``: one whole message a
    result, with and without a score."""
    result = hand.result
    if result == "dead":
        return gettext("a dead hand")
    if result is None:
        return gettext("open")
    said = {"knocker": hand.knocker, "winner": hand.winner, "count": hand.points or 0, "result": result_name(result)}
    if result == "tie":
        return gettext("%(knocker)s's knock, a tie scored 0-0") % said
    points = hand.points or 0
    if hand.winner is None:  # a hand the director ruled void or a misdeal: nobody scores
        if result == "knock":
            return gettext("%(knocker)s's knock, no score") % said
        if result == "undercut":
            return gettext("%(knocker)s's knock, undercut, no score") % said
        if result == "gin":
            return gettext("%(knocker)s's gin, no score") % said
        if result == "big_gin":
            return gettext("%(knocker)s's big gin, no score") % said
        return gettext("%(knocker)s's %(result)s, no score") % said
    if result == "knock":
        return ngettext("%(knocker)s's knock, %(count)d point to %(winner)s",
                        "%(knocker)s's knock, %(count)d points to %(winner)s", points) % said
    if result == "undercut":
        return ngettext("%(knocker)s's knock, undercut, %(count)d point to %(winner)s",
                        "%(knocker)s's knock, undercut, %(count)d points to %(winner)s", points) % said
    if result == "gin":
        return ngettext("%(knocker)s's gin, %(count)d point to %(winner)s",
                        "%(knocker)s's gin, %(count)d points to %(winner)s", points) % said
    if result == "big_gin":
        return ngettext("%(knocker)s's big gin, %(count)d point to %(winner)s",
                        "%(knocker)s's big gin, %(count)d points to %(winner)s", points) % said
    return ngettext("%(knocker)s's %(result)s, %(count)d point to %(winner)s",
                    "%(knocker)s's %(result)s, %(count)d points to %(winner)s", points) % said


def irregularity_words(item: Irregularity) -> str:
    """An irregularity: ``Ann's knock refused (knock not allowed: ...)``, ``Ben's draw refused (out of
    turn: ...)``, ``Ben's deal refused (Ben cannot deal hand 4: ...)`` (without a penalty). The reason is
    the one the record keeps (/2) or the replay worked out from the facts (/3); where neither says one (a
    record that does not replay that far), none is shown."""
    kind = item.kind
    action = _ACTION_OF_KIND[kind] if kind in _ACTION_OF_KIND else item.action
    values = {"name": item.player, "card": item.card, "reason": said(item.detail)}
    reason = item.detail is not None
    if kind == "out_of_turn" and item.card:
        if action == "take":
            return (gettext("%(name)s's take %(card)s refused (%(reason)s)") if reason else
                    gettext("%(name)s's take %(card)s refused")) % values
        if action == "discard":
            return (gettext("%(name)s's discard %(card)s refused (%(reason)s)") if reason else
                    gettext("%(name)s's discard %(card)s refused")) % values
        if action == "draw":
            return (gettext("%(name)s's draw %(card)s refused (%(reason)s)") if reason else
                    gettext("%(name)s's draw %(card)s refused")) % values
        if action == "knock":
            return (gettext("%(name)s's knock %(card)s refused (%(reason)s)") if reason else
                    gettext("%(name)s's knock %(card)s refused")) % values
        if action is None:
            return (gettext("%(name)s's action %(card)s refused (%(reason)s)") if reason else
                    gettext("%(name)s's action %(card)s refused")) % values
        values["action"] = action
        return (gettext("%(name)s's %(action)s %(card)s refused (%(reason)s)") if reason else
                gettext("%(name)s's %(action)s %(card)s refused")) % values
    if action == "knock":
        return (gettext("%(name)s's knock refused (%(reason)s)") if reason else
                gettext("%(name)s's knock refused")) % values
    if action == "deal":
        return (gettext("%(name)s's deal refused (%(reason)s)") if reason else
                gettext("%(name)s's deal refused")) % values
    if action == "draw":
        return (gettext("%(name)s's draw refused (%(reason)s)") if reason else
                gettext("%(name)s's draw refused")) % values
    if action == "take":
        return (gettext("%(name)s's take refused (%(reason)s)") if reason else
                gettext("%(name)s's take refused")) % values
    if action == "pass":
        return (gettext("%(name)s's pass refused (%(reason)s)") if reason else
                gettext("%(name)s's pass refused")) % values
    if action == "discard":
        return (gettext("%(name)s's discard refused (%(reason)s)") if reason else
                gettext("%(name)s's discard refused")) % values
    if action is None:
        return (gettext("%(name)s's action refused (%(reason)s)") if reason else
                gettext("%(name)s's action refused")) % values
    values["action"] = action
    return (gettext("%(name)s's %(action)s refused (%(reason)s)") if reason else
            gettext("%(name)s's %(action)s refused")) % values


def penalty_words(item: Irregularity, to: Optional[str] = None) -> str:
    """``; 10 penalty points to Ben`` for a penalised knock (``to`` None: to the opponent), else nothing."""
    if not item.points:
        return ""
    if to is None:
        return ngettext("; %(count)d penalty point to the opponent", "; %(count)d penalty points to the opponent",
                        item.points) % {"count": item.points}
    return ngettext("; %(count)d penalty point to %(name)s", "; %(count)d penalty points to %(name)s",
                    item.points) % {"count": item.points, "name": to}


def irregularity_note(number: object, item: Irregularity) -> str:
    """``hand 3, turn 5: Ann's draw refused (out of turn: ...)``, with a penalty when there is one. The hand
    as written (``%(hand)s``: a hand edit may leave it out or write text, which verify reports besides)."""
    said = {"hand": number, "turn": item.turn, "irregularity": irregularity_words(item) + penalty_words(item)}
    if item.turn:
        return gettext("hand %(hand)s, turn %(turn)s: %(irregularity)s") % said
    return gettext("hand %(hand)s: %(irregularity)s") % said


def scores_words(result: PaperResult) -> str:
    """A result-only match's result: ``Ann 154, Ben 24; hands won Ann 6, Ben 2``."""
    won = result.hands_won
    if won is None:
        return scores_text(result.scores)
    return gettext("%(scores)s; hands won %(won)s") % {"scores": scores_text(result.scores), "won": scores_text(won)}


def result_only_words(hands_won: Optional[Mapping[str, int]]) -> str:
    """A match recorded by its result, in place of its hands (the tally, the sheet): ``recorded by its result
    only: no hands (hands won: Ann 6, Ben 2)``."""
    if hands_won:
        return gettext("recorded by its result only: no hands (hands won: %(won)s)") % {"won": scores_text(hands_won)}
    return gettext("recorded by its result only: no hands")


def results_left_out_words(count: int) -> str:
    """``stats``' note of the matches its per-hand figures leave out."""
    return ngettext("left out of the per-hand figures: %(count)d match recorded by its result only",
                    "left out of the per-hand figures: %(count)d matches recorded by their results only",
                    count) % {"count": count}


def note_words(note: Note) -> str:
    """A hand that stands as played after an amend or a ruling of an earlier hand: ``hand 3: dealt by Ann
    as played; the amended results give Ben`` (after a ruling: ``the results as ruled give Ben``)."""
    said = {"hand": note.hand, "played": note.played, "rotation": note.rotation}
    if note.by == "ruling":
        if note.kind == "roles":
            return gettext("hand %(hand)s: played with %(played)s; the results as ruled give %(rotation)s") % said
        return gettext("hand %(hand)s: dealt by %(played)s as played; the results as ruled give %(rotation)s") % said
    if note.kind == "roles":
        return gettext("hand %(hand)s: played with %(played)s; the amended results give %(rotation)s") % said
    return gettext("hand %(hand)s: dealt by %(played)s as played; the amended results give %(rotation)s") % said


def after_end_words(state: MatchState) -> Optional[str]:
    """``hands 6-8 were played after the end (hand 5): not counted``, when an amend ended the match
    earlier."""
    if not state.after_end:
        return None
    numbers = sorted(index + 1 for index in state.after_end)
    said = {"first": numbers[0], "last": numbers[-1], "end": state.ended_in}
    if len(numbers) == 1:
        return gettext("hand %(first)d was played after the end (the match ended with hand %(end)s): not counted") % said
    return gettext("hands %(first)d-%(last)d were played after the end (the match ended with hand %(end)s): "
                   "not counted") % said


def end_reason(state: MatchState) -> str:
    """Why the match is over: ``Ann reached 100 in hand 7``, ``Ben forfeited in hand 4 (a ruling)``."""
    if state.paper is not None:
        return gettext("a result kept on paper")
    said = {"name": state.winner, "hand": state.ended_in, "target": state.rules.target}
    if state.forfeit is not None:
        said["name"] = state.forfeit
        return gettext("%(name)s forfeited in hand %(hand)s (a ruling): scores as they stand, no end-of-game "
                       "bonuses") % said
    if state.games is not None:
        if state.hollywood:
            if len(state.games) == 3:
                return gettext("all three Hollywood games were won by hand %(hand)s") % said
            return ngettext("all %(count)d Hollywood game was won by hand %(hand)s",
                            "all %(count)d Hollywood games were won by hand %(hand)s",
                            len(state.games)) % dict(said, count=len(state.games))
        said["won"] = ", ".join(f"{name} {sum(1 for g in state.games if g.winner == name)}" for name in state.players)
        if state.winner:
            return gettext("%(name)s won the match in hand %(hand)s, games won: %(won)s") % said
        return gettext("the match was drawn in hand %(hand)s, games won: %(won)s") % said
    return gettext("%(name)s reached %(target)s in hand %(hand)s") % said


def final_words(final: Optional[Dict[str, int]], winner: Optional[str],
                bonuses: Optional[Dict[str, Dict[str, int]]] = None, paid: bool = True) -> str:
    """The end in one phrase: ``Ann won 151 to 71`` (``a tie at 120 to 120``); when box bonuses lift the
    loser's final above the winner's, who won the game and who is paid (``paid_words``; not for a match of
    several games, ``paid`` False: each game is settled, and said, apart)."""
    final = final or {}
    words = paid_words(final, winner, bonuses) if paid else None
    if words is not None:
        return words
    scores = to_words([final[name] for name in sorted(final, key=lambda n: -final[n])])
    return won_words(winner, scores) if winner else gettext("a tie at %(scores)s") % {"scores": scores}


def to_words(scores: Sequence[int]) -> str:
    """``151 to 71`` (``104 to 61 to 40``): scores from the highest, in the language settled."""
    said = str(scores[0]) if scores else ""
    for score in scores[1:]:
        said = gettext("%(one)s to %(other)s") % {"one": said, "other": score}
    return said


def paid_words(final: Optional[Mapping[str, int]], winner: Optional[str],
               bonuses: Optional[Mapping[str, Mapping[str, int]]] = None) -> Optional[str]:
    """``Ann wins the game; Ben is paid 95 on boxes`` when the game's winner (who reached the target) has
    fewer final points than a loser and so pays him (``gin_ref.core.game.paid_against_the_game``); with
    three players, by whom: ``Ben is paid 95 by Ann on boxes``. None when the winner is paid as usual."""
    paid = game.paid_against_the_game(final, winner)
    if not paid:
        return None
    by = final is not None and len(final) > 2
    parts = []
    for one in paid:
        said = {"name": one.payee, "points": one.points, "winner": winner}
        if game.paid_on_boxes(one, bonuses):
            parts.append((gettext("%(name)s is paid %(points)s by %(winner)s on boxes") if by else
                          gettext("%(name)s is paid %(points)s on boxes")) % said)
        else:
            parts.append((gettext("%(name)s is paid %(points)s by %(winner)s on points") if by else
                          gettext("%(name)s is paid %(points)s on points")) % said)
    return gettext("%(name)s wins the game; %(paid)s") % {"name": winner, "paid": "; ".join(parts)}


def outcome_words(state: MatchState) -> str:
    """``Ann won 151 to 71`` for a finished match (``final_words``)."""
    bonuses, final, winner = state.result()
    return final_words(final, winner, bonuses, paid=state.games is None)


def ruling_words(ruling: Ruling, dated: bool = False) -> str:
    """A ruling: ``awarded to Ann, 25 points (Ben exposed his hand; ruled by Dana)``, with its date
    (``, 2024-05-01T21:10``) when ``dated``."""
    kind, player = ruling.kind, ruling.player
    said = {"name": player, "points": ruling.points, "kind": kind}
    what = (gettext("awarded to %(name)s, %(points)s points") % said if kind == "award"
            else gettext("void, no score") if kind == "void"
            else gettext("a misdeal, no score, the same dealer deals again") if kind == "redeal"
            else gettext("%(name)s forfeits: the match ends") % said if kind == "forfeit" else str(kind))
    when = str(ruling.date)[:16] if dated and ruling.date else ""
    said = {"what": what, "reason": ruling.reason, "by": ruling.by, "when": when}
    if ruling.by:
        return (gettext("%(what)s (%(reason)s; ruled by %(by)s, %(when)s)") if when else
                gettext("%(what)s (%(reason)s; ruled by %(by)s)")) % said
    return (gettext("%(what)s (%(reason)s; ruled by the director, %(when)s)") if when else
            gettext("%(what)s (%(reason)s; ruled by the director)")) % said


def result_only_verified() -> str:
    """verify's words for a match recorded by its result."""
    return gettext("a result only (it carries no hands)")


def no_seals() -> str:
    """verify's words for a /1 record, which carries no seals."""
    return gettext("no seals: a gin-ref-match/1 record carries none (it is written as /3, sealed, at its next "
                   "change)")


def seal_words(broken: Broken) -> str:
    """A seal that fails (``gin_ref.files.seals.Broken``): ``hand 4 changed outside gin-ref: its facts no
    longer match its seal``."""
    return said(seal_message(broken.kind, broken.hand, broken.correction))


def seal_message(kind: str, hand: object, correction: Optional[int]) -> Message:
    """What a failed seal says, from its facts (its kind, the hand as written, the correction's number): a
    message, said in each reader's language (the reports of many matches keep the facts, not the words)."""
    if kind == "edited":
        return Message(N_("hand %(hand)s changed outside gin-ref: its facts no longer match its seal"), hand=_fact(hand))
    if kind == "missing":
        return Message(N_("hand %(hand)s changed outside gin-ref: it has no seal"), hand=_fact(hand))
    if kind == "result_edited":
        return Message(N_("the result changed outside gin-ref: its scores no longer match its seal"))
    if kind == "result_missing":
        return Message(N_("the result changed outside gin-ref: it has no seal"))
    if kind == "correction_edited":
        return Message(N_("correction %(correction)s changed outside gin-ref: its facts no longer match its seal"),
                       correction=correction)
    if kind == "correction_missing":
        return Message(N_("correction %(correction)s changed outside gin-ref: it has no seal"), correction=correction)
    if kind == "legacy":
        return Message(N_("the corrections and the count of hands are not sealed (written before gin-ref sealed "
                          "them, or the end line mended by hand): the next change seals them"))
    return Message(N_("the end of record's seal does not match the hands: a hand was deleted, or the count or the "
                      "seals changed, outside gin-ref"))


def _fact(value: object) -> "Optional[str | int]":
    """A hand's number as written, as a message's field: a number, else its text (a hand edit's)."""
    return value if isinstance(value, (int, str)) or value is None else str(value)


def house_rule_notes(rules: HouseRules) -> List[str]:
    """The house rules of issue #27 that a match plays, in words, for the notes under its sheet: only
    those set away from their defaults (a record lists the new knobs only then)."""
    notes = []
    runs = rules.ace_runs
    if runs == "low_or_high":
        notes.append(gettext("house rules: an ace is high or low in a run (Q-K-A as well as A-2-3; not K-A-2)"))
    elif runs == "wrap":
        notes.append(gettext("house rules: a run may go round the ace (Q-K-A, A-2-3 and K-A-2)"))
    value = rules.ace_value
    if value != 1:
        notes.append(gettext("house rules: an ace counts %(value)s") % {"value": value})
    if rules.gin_layoffs:
        notes.append(gettext("house rules: the defender may lay off against a gin"))
    if rules.wall:
        notes.append(gettext("house rules: the wall (with the stock down to its last cards, the last discard may "
                             "be taken to knock)"))
    if rules.deal == "eleven":
        notes.append(gettext("house rules: the eleven-card deal (no upcard; the non-dealer is dealt 11 and "
                             "discards first)"))
    if rules.next_dealer == "sitter":
        notes.append(gettext("house rules: the sitter deals each hand"))
    if rules.next_dealer == "captain":
        notes.append(gettext("house rules: the captain (the player coming in) deals each hand and plays the box"))
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
            said = {"hand": number, "turn": turns, "count": dead_hand_stock or 0}
            notes.append((number, ngettext("hand %(hand)d: dead by itself at turn %(turn)s, the stock down to "
                                           "%(count)d card", "hand %(hand)d: dead by itself at turn %(turn)s, the "
                                           "stock down to %(count)d cards", dead_hand_stock) % said
                          if dead_hand_stock is not None else
                          gettext("hand %(hand)d: dead by itself at turn %(turn)s, the stock down to its last "
                                  "cards") % said))
        notes += [(number, note_words(note)) for note in tally.notes if note.hand == number]
        if hand.after_end:
            notes.append((number, gettext("hand %(hand)d: played after the end (the match ended with hand "
                                          "%(end)d): not counted") % {"hand": number, "end": after[0] - 1}))
    later = len(tally.hands) + 1
    notes += [(later, irregularity_note(later, item)) for item in refused if item.hand == later]
    return notes


def opened_after_dead_words(number: int, dead_hand_stock: int, command: str) -> str:
    """``hand 1 was dead (the stock ran down to 2 cards): this knock opens hand 2`` (``command`` knock or dead)."""
    said = {"dead": number - 1, "count": dead_hand_stock, "hand": number, "command": command}
    if command == "knock":
        return ngettext("hand %(dead)d was dead (the stock ran down to %(count)d card): this knock opens hand "
                        "%(hand)d", "hand %(dead)d was dead (the stock ran down to %(count)d cards): this knock "
                        "opens hand %(hand)d", dead_hand_stock) % said
    return ngettext("hand %(dead)d was dead (the stock ran down to %(count)d card): this '%(command)s' opens and "
                    "ends hand %(hand)d", "hand %(dead)d was dead (the stock ran down to %(count)d cards): this "
                    "'%(command)s' opens and ends hand %(hand)d", dead_hand_stock) % said


def event_amend_words(file: str, event: str, folder: str, round_number: int, table: int, paired: int,
                      reopened: bool) -> str:
    """The warning of an amend to a table of an event whose later round is already paired."""
    said = {"file": file, "round": round_number, "table": table, "event": event, "paired": paired,
            "next": round_number + 1, "folder": folder}
    if paired == round_number + 1:
        if reopened:
            return gettext("warning: %(file)s is round %(round)d, table %(table)d of event %(event)s, and round "
                           "%(paired)d is already paired: those pairings stand; the match is open again: finish "
                           "it for the standings to count it (gin-ref event standings %(folder)s)") % said
        return gettext("warning: %(file)s is round %(round)d, table %(table)d of event %(event)s, and round "
                       "%(paired)d is already paired: those pairings stand; the standings follow the amended "
                       "result (gin-ref event standings %(folder)s)") % said
    if reopened:
        return gettext("warning: %(file)s is round %(round)d, table %(table)d of event %(event)s, and rounds "
                       "%(next)d-%(paired)d are already paired: those pairings stand; the match is open again: "
                       "finish it for the standings to count it (gin-ref event standings %(folder)s)") % said
    return gettext("warning: %(file)s is round %(round)d, table %(table)d of event %(event)s, and rounds "
                   "%(next)d-%(paired)d are already paired: those pairings stand; the standings follow the "
                   "amended result (gin-ref event standings %(folder)s)") % said

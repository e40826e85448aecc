"""The steps of a record put into words (docs/architecture.md, glossary): an act refused and kept, what
``undo`` takes back and ``redo`` puts back (format /3 keeps them as facts: these words are said, never
stored). Every other event's words are
``gin_ref.views.words``'.
"""


from typing import Dict, Union

from gin_ref.desk.language import gettext, ngettext
from gin_ref.match.actions import Outcome
from gin_ref.match.irregularities import Irregularity
from gin_ref.match.state import MatchState
from gin_ref.match.steps import Deal, Kept, PaperResult, Ruled, Settled, Step, TurnLine, Version
from gin_ref.views.text import pretty_card
from gin_ref.views.words import penalty_words, result_words, ruling_words, said, scores_words


def refusal_words(state: MatchState, outcome: Outcome, dealt: bool = False) -> str:
    """The one line for an act refused and kept: the reason, where it was recorded, a penalty, and that
    the hand stays open when it does (``dealt``: the same command dealt it, and the deal stands)."""
    refusal = outcome.refusal
    assert refusal is not None
    item = refusal.kept.item
    penalty = ""
    if item.points and state.current is not None and item.player is not None:
        penalty = penalty_words(item, state.current.other(item.player))
    words = {"reason": said(refusal.reason),
             "hand": outcome.number, "turn": item.turn, "penalty": penalty}
    if dealt:
        return (gettext("%(reason)s. Recorded as an irregularity (hand %(hand)d, turn %(turn)s)%(penalty)s; the deal "
                        "of hand %(hand)d is recorded and the hand stays open; undo takes it back (undo again, the "
                        "deal)") if item.turn else
                gettext("%(reason)s. Recorded as an irregularity (hand %(hand)d)%(penalty)s; the deal of hand "
                        "%(hand)d is recorded and the hand stays open; undo takes it back (undo again, the deal)")
                ) % words
    if item.kind == "illegal_knock":
        return (gettext("%(reason)s. Recorded as an irregularity (hand %(hand)d, turn %(turn)s)%(penalty)s; the hand "
                        "stays open; undo takes it back") if item.turn else
                gettext("%(reason)s. Recorded as an irregularity (hand %(hand)d)%(penalty)s; the hand stays open; "
                        "undo takes it back")) % words
    return (gettext("%(reason)s. Recorded as an irregularity (hand %(hand)d, turn %(turn)s)%(penalty)s; undo takes "
                    "it back") if item.turn else
            gettext("%(reason)s. Recorded as an irregularity (hand %(hand)d)%(penalty)s; undo takes it back")) % words


def undone_words(step: Step) -> str:
    """What ``undo`` takes back: ``hand 2: Ann's illegal knock``, ``hand 1, turn 4: Ben draws``..."""
    data, number = step.data, step.hand
    if isinstance(data, PaperResult):
        return paper_words(step.kind, data)
    words: Dict[str, Union[int, str, None]] = {"hand": number, "turn": step.turn}
    if isinstance(data, Kept):
        return gettext("hand %(hand)s: %(what)s") % dict(words, what=_kept_words(step.kind, data.item))
    if isinstance(data, Settled):
        return gettext("hand %(hand)s: %(what)s") % dict(words, what=result_words(data))
    if isinstance(data, TurnLine):
        line = turn_line_words(data.line)
        if data.dead:
            return gettext("hand %(hand)s: the dead end and turn %(turn)s (%(line)s)") % dict(words, line=line)
        return gettext("hand %(hand)s, turn %(turn)s: %(line)s") % dict(words, line=line)
    if isinstance(data, Ruled):
        return gettext("hand %(hand)s: the ruling (%(ruling)s)") % dict(words, ruling=ruling_words(data.ruling))
    if isinstance(data, Deal):
        words.update(dealer=data.dealer, upcard=pretty_card(data.upcard))
        if data.upcard:
            return gettext("hand %(hand)s: the deal (%(dealer)s dealt, upcard %(upcard)s)") % words
        return gettext("hand %(hand)s: the deal (%(dealer)s dealt, no upcard given)") % words
    # an amend: the step's data is the version the undo goes back to
    return gettext("hand %(hand)s: the amend (back to %(result)s)") % dict(words, result=result_words(data.settled))


def _kept_words(kind: str, item: Irregularity) -> str:
    """An irregularity kept, as undo takes it back: a deal refused, an act out of turn, an illegal knock."""
    words = {"name": item.player, "action": item.action, "count": item.points or 0}
    if kind == "refused_deal":
        return gettext("%(name)s's deal by the wrong dealer") % words
    if item.kind == "out_of_turn":
        if item.action == "draw":
            return gettext("%(name)s's draw out of turn") % words
        if item.action == "take":
            return gettext("%(name)s's take out of turn") % words
        if item.action == "pass":
            return gettext("%(name)s's pass out of turn") % words
        if item.action == "discard":
            return gettext("%(name)s's discard out of turn") % words
        if item.action == "knock":
            return gettext("%(name)s's knock out of turn") % words
        return gettext("%(name)s's %(action)s out of turn") % words
    if item.points:
        return ngettext("%(name)s's illegal knock, %(count)d penalty point",
                        "%(name)s's illegal knock, %(count)d penalty points", item.points) % words
    return gettext("%(name)s's illegal knock") % words


def redone_words(step: Step) -> str:
    """What ``redo`` puts back (an amend's data is then its new version)."""
    data = step.data
    if step.kind == "amend" and isinstance(data, PaperResult):
        return gettext("the result's amend (%(scores)s)") % {"scores": scores_words(data)}
    if isinstance(data, Version):
        return gettext("hand %(hand)s: the amend (%(result)s)") % {"hand": step.hand,
                                                                   "result": result_words(data.settled)}
    return undone_words(step)


def paper_words(kind: str, data: PaperResult) -> str:
    """What undo takes back of a result-only match: the result, or an amend of it (back to the old one)."""
    if kind == "amend":
        return gettext("the result's amend (back to %(scores)s)") % {"scores": scores_words(data)}
    return gettext("the result (%(scores)s)") % {"scores": scores_words(data)}


def turn_line_words(line: str) -> str:
    """A turn as the record writes it (``Ann discards 5S``: ``gin_ref.core.turns.Turn.text``), said in the
    language settled from its facts: the player, the verb, the card (its code, as written); a line that is not
    one of those, as it is."""
    words = line.split(" ")
    card = words[-1] if len(words) > 2 and words[-2] in ("takes", "draws", "discards") else None
    verb = words[-2] if card is not None else words[-1]
    name = " ".join(words[:-2] if card is not None else words[:-1])
    said = {"name": name, "card": card}
    if not name:
        return line
    if verb == "passes" and card is None:
        return gettext("%(name)s passes") % said
    if verb == "takes" and card is not None:
        return gettext("%(name)s takes %(card)s") % said
    if verb == "draws":
        return (gettext("%(name)s draws %(card)s") if card is not None else gettext("%(name)s draws")) % said
    if verb == "discards" and card is not None:
        return gettext("%(name)s discards %(card)s") % said
    return line

"""The steps of a record put into words (docs/architecture.md, glossary): an act refused and kept, what
``undo`` takes back and ``redo`` puts back (format /3 keeps them as facts: these words are said, never
stored). Every other event's words are
``gin_ref.views.words``'.
"""


from gin_ref.match.actions import Outcome
from gin_ref.match.irregularities import Irregularity
from gin_ref.match.state import MatchState
from gin_ref.match.steps import Deal, Kept, PaperResult, Ruled, Settled, Step, TurnLine, Version
from gin_ref.views.text import pretty_card
from gin_ref.views.words import penalty_words, result_words, ruling_words, scores_words


def refusal_words(state: MatchState, outcome: Outcome, dealt: bool = False) -> str:
    """The one line for an act refused and kept: the reason, where it was recorded, a penalty, and that
    the hand stays open when it does (``dealt``: the same command dealt it, and the deal stands)."""
    refusal = outcome.refusal
    assert refusal is not None
    item = refusal.kept.item
    turn = f", turn {item.turn}" if item.turn else ""
    penalty = ""
    if item.points and state.current is not None and item.player is not None:
        penalty = penalty_words(item, state.current.other(item.player))
    stays = "; the hand stays open" if item.kind == "illegal_knock" else ""
    back = "; undo takes it back"
    if dealt:
        stays = f"; the deal of hand {outcome.number} is recorded and the hand stays open"
        back = "; undo takes it back (undo again, the deal)"
    return f"{refusal.reason}. Recorded as an irregularity (hand {outcome.number}{turn}){penalty}{stays}{back}"


def undone_words(step: Step) -> str:
    """What ``undo`` takes back: ``hand 2: Ann's illegal knock``, ``hand 1, turn 4: Ben draws``..."""
    data, number = step.data, step.hand
    if isinstance(data, PaperResult):
        return paper_words(step.kind, data)
    if isinstance(data, Kept):
        return f"hand {number}: {_kept_words(step.kind, data.item)}"
    if isinstance(data, Settled):
        return f"hand {number}: {result_words(data.words())}"
    if isinstance(data, TurnLine):
        if data.dead:
            return f"hand {number}: the dead end and turn {step.turn} ({data.line})"
        return f"hand {number}, turn {step.turn}: {data.line}"
    if isinstance(data, Ruled):
        return f"hand {number}: the ruling ({ruling_words(data.ruling)})"
    if isinstance(data, Deal):
        upcard = f"upcard {pretty_card(data.upcard)}" if data.upcard else "no upcard given"
        return f"hand {number}: the deal ({data.dealer} dealt, {upcard})"
    # an amend: the step's data is the version the undo goes back to
    return f"hand {number}: the amend (back to {result_words(data.settled.words())})"


def _kept_words(kind: str, item: Irregularity) -> str:
    """An irregularity kept, as undo takes it back: a deal refused, an act out of turn, an illegal knock."""
    if kind == "refused_deal":
        return f"{item.player}'s deal by the wrong dealer"
    if item.kind == "out_of_turn":
        return f"{item.player}'s {item.action} out of turn"
    penalty = f", {item.points} penalty points" if item.points else ""
    return f"{item.player}'s illegal knock{penalty}"


def redone_words(step: Step) -> str:
    """What ``redo`` puts back (an amend's data is then its new version)."""
    data = step.data
    if step.kind == "amend" and isinstance(data, PaperResult):
        return f"the result's amend ({scores_words(data._asdict())})"
    if isinstance(data, Version):
        return f"hand {step.hand}: the amend ({result_words(data.settled.words())})"
    return undone_words(step)


def paper_words(kind: str, data: PaperResult) -> str:
    """What undo takes back of a result-only match: the result, or an amend of it (back to the old one)."""
    if kind == "amend":
        return f"the result's amend (back to {scores_words(data._asdict())})"
    return f"the result ({scores_words(data._asdict())})"

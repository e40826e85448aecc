"""The steps of a record put into words (docs/architecture.md, glossary): an act refused and kept, what
``undo`` takes back and ``redo`` puts back, what an amend's correction keeps. Every other event's words are
``gin_ref.views.words``'.
"""

from typing import Any, Mapping

from gin_ref.match.actions import Outcome
from gin_ref.match.irregularities import Irregularity
from gin_ref.match.rulings import Ruling
from gin_ref.match.state import MatchState
from gin_ref.match.steps import Step
from gin_ref.views.text import pretty_card
from gin_ref.views.words import penalty_words, result_words, ruling_words, scores_words


def refusal_words(state: MatchState, outcome: Outcome, dealt: bool = False) -> str:
    """The one line for an act refused and kept: the reason, where it was recorded, a penalty, and that
    the hand stays open when it does (``dealt``: the same command dealt it, and the deal stands)."""
    refusal = outcome.refusal
    assert refusal is not None
    item = Irregularity.of(refusal.irregularity)
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
    if step.kind == "match_result" or (step.kind == "amend" and number == 0):
        return paper_words(step.kind, data)
    if step.kind == "refused_deal":
        return f"hand {number}: {data.get('player')}'s deal by the wrong dealer"
    if step.kind == "result":
        return f"hand {number}: {result_words(data)}"
    if step.kind == "irregularity":
        if data.get("kind") == "out_of_turn":
            return f"hand {number}: {data.get('player')}'s {data.get('action')} out of turn"
        penalty = f", {data['points']} penalty points" if data.get("points") else ""
        return f"hand {number}: {data.get('player')}'s illegal knock{penalty}"
    if step.kind == "turn":
        if data.get("result") is not None:
            return f"hand {number}: the dead end and turn {step.turn} ({data['turns'][0]})"
        return f"hand {number}, turn {step.turn}: {data['turns'][0]}"
    if step.kind == "ruling":
        return f"hand {number}: the ruling ({ruling_words(Ruling.of(data))})"
    if step.kind == "deal":
        upcard = f"upcard {pretty_card(data['upcard'])}" if data.get("upcard") else "no upcard given"
        return f"hand {number}: the deal ({data.get('dealer')} dealt, {upcard})"
    if step.kind == "amend":  # the step's data is the version the undo goes back to
        return f"hand {number}: the amend (back to {result_words(data)})"
    return f"hand {number}: {step.kind.replace('_', ' ')}"


def redone_words(step: Step) -> str:
    """What ``redo`` puts back (an amend's data is then its new version)."""
    if step.kind == "amend" and step.hand == 0:
        return f"the result's amend ({scores_words(step.data)})"
    if step.kind == "amend":
        return f"hand {step.hand}: the amend ({result_words(step.data)})"
    return undone_words(step)


def paper_words(kind: str, data: Mapping[str, Any]) -> str:
    """What undo takes back of a result-only match: the result, or an amend of it (back to the old one)."""
    if kind == "amend":
        return f"the result's amend (back to {scores_words(data)})"
    return f"the result ({scores_words(data)})"


def amended_words(number: int, old: Mapping[str, Any]) -> str:
    """What an amend's correction keeps in words: ``hand 1: was Ben's knock, 18 points to Ben``."""
    return f"hand {number}: was {result_words(old)}"

"""Plain-data views of the engine's answers: the JSON fields of ``check`` and ``score`` (cards canonical).

Kept apart from the CLI so that records and exports describe a hand with the same fields.
"""

from typing import Dict, Iterable, List

from gin_ref.core.cards import codes
from gin_ref.core.knock import KnockCheck
from gin_ref.core.melds import Meld
from gin_ref.core.scoring import Showdown


def melds_data(melds: Iterable[Meld]) -> List[List[str]]:
    return [meld.codes for meld in melds]


def check_data(check: KnockCheck) -> Dict[str, object]:
    """The ``check --json`` object."""
    melding = check.melding
    return {
        "limit": check.limit,
        "legal": check.legal,
        "gin": check.gin,
        "big_gin": check.big_gin,
        "deadwood": melding.deadwood,
        "melds": melds_data(melding.melds),
        "deadwood_cards": codes(melding.deadwood_cards),
        "discard": melding.discard.code if melding.discard is not None else None,
        "verdict": check.verdict_said.english(),
    }


def refusal_data(check: KnockCheck) -> Dict[str, object]:
    """The ``score --json`` object for a knock that is not legal: ``legal`` false, the ``error`` (the reason,
    as the Error line and ``score --input`` give it), the limit and the knocker's side as judged."""
    melding = check.melding
    return {
        "legal": False,
        "error": f"knock not allowed: {check.refusal_said.english()}",
        "limit": check.limit,
        "knocker": {"melds": melds_data(melding.melds), "deadwood_cards": codes(melding.deadwood_cards),
                    "deadwood": melding.deadwood,
                    "discard": melding.discard.code if melding.discard is not None else None},
    }


def showdown_data(showdown: Showdown) -> Dict[str, object]:
    """The ``score --json`` object."""
    knocker, defense, score = showdown.knocker, showdown.defense, showdown.score
    return {
        "legal": True,
        "result": score.result,
        "winner": score.winner,
        "points": score.score,
        "limit": showdown.knock.limit,
        "arithmetic": score.arithmetic,
        "knocker": {
            "melds": melds_data(knocker.melds),
            "deadwood_cards": codes(knocker.deadwood_cards),
            "deadwood": knocker.deadwood,
            "discard": knocker.discard.code if knocker.discard is not None else None,
        },
        "defender": {
            "melds": melds_data(defense.melds),
            "layoffs": [{"card": lay.card.code, "onto": lay.onto.codes} for lay in defense.layoffs],
            "deadwood_cards": codes(defense.deadwood_cards),
            "deadwood": defense.deadwood,
        },
    }

"""A hand's sum as the table page shows it in large type (``23 − 5 = 18``), from the score's facts (#38): the
journal keeps the numbers (``sum_facts``), each page says the sum in its own language when it draws it
(``sum_words``): the plain sums are numbers and signs only; a tie, a knock tied, a doubled score and the boxes
are said through the catalogue. The English is the command line's arithmetic without its result's name and
its winner (``gin_ref.serve.handview.arithmetic_of``) byte for byte; a sum of a shape this module does not
know is kept as that text (``{"text": ...}``) and shown as kept.
"""

from typing import Any, Dict, Optional

from gin_ref.core.message import N_, Nn_, english as english_words, english_n
from gin_ref.serve.journalwords import said_again

TIE = N_("%(knocker)d = %(defender)d, scored 0-0 (knock_tie: nobody)")
KNOCK_TIE = N_("%(defender)d − %(knocker)d = 0, a tie given to the knocker")
DOUBLED = N_("%(sum)s, doubled for a spade upcard = %(total)d")
BOXES = Nn_("%(sum)s, + %(count)d box %(points)d = %(total)d", "%(sum)s, + %(count)d boxes %(points)d = %(total)d")


def sum_facts(score: Any, english: str) -> Dict[str, Any]:
    """The facts of a ``HandScore``'s sum; ``english``: its arithmetic as the page showed it before (the
    facts are kept only when they say it so, else ``{"text": english}``)."""
    facts = {"result": score.result, "knocker": score.knocker_deadwood, "defender": score.defender_deadwood,
             "bonus": score.bonus, "doubled": bool(score.doubled), "boxes": score.boxes,
             "box_points": score.box_points}
    return facts if _said(facts, english_words, english_n) == english else {"text": english}


def _said(facts: Dict[str, Any], say: Any, say_n: Any) -> Optional[str]:
    if "text" in facts:
        return str(facts["text"])
    result, k, d, bonus = facts["result"], int(facts["knocker"]), int(facts["defender"]), int(facts["bonus"])
    if result == "tie":
        return str(say(TIE)) % {"knocker": k, "defender": d}
    if result == "knock" and k == d:
        text, base = str(say(KNOCK_TIE)) % {"knocker": k, "defender": d}, 0
    elif result == "knock" and bonus:
        text, base = f"{bonus} + ({d} − {k}) = {bonus + d - k}", bonus + d - k
    elif result == "knock":
        text, base = f"{d} − {k} = {d - k}", d - k
    elif result == "undercut":
        text, base = f"{k} ≥ {d} → {bonus} + {k - d} = {bonus + k - d}", bonus + k - d
    elif result in ("gin", "big_gin"):
        text, base = f"{d} + {bonus} = {d + bonus}", d + bonus
    else:
        return None
    if facts.get("doubled"):
        base *= 2
        text = str(say(DOUBLED)) % {"sum": text, "total": base}
    points, boxes = int(facts.get("box_points") or 0), int(facts.get("boxes") or 0)
    if points:
        text = str(say_n(BOXES[0], BOXES[1], boxes)) % {"sum": text, "count": boxes, "points": points,
                                                        "total": base + points}
    return text


def sum_words(facts: Any) -> str:
    """The sum of ``sum_facts`` (or the text an older journal kept) in the language spoken."""
    return said_again(facts, _said)

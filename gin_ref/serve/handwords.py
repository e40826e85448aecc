"""A recorded hand in one sentence of serve's own, in the page's language (the table page's last hands): said
from the hand's facts in the tally (``gin_ref.match.tally.HandTally``: its result, knocker, winner and points,
its ruling), never from the command line's English words and never with a possessive, so every language
says it whole. A hand settled by a ruling says the ruling (an award or a void of a hand a table entered and
the director ruled: dealt by the ruling, never played, no result)."""

from typing import Any, Dict, NamedTuple, Optional

from gin_ref.desk.errors import N_, Nn_
from gin_ref.desk.language import gettext as _, ngettext

# a result, scored: (singular, plural), with %(number)s, %(knocker)s, %(points)s, %(winner)s
SCORED: Dict[str, Any] = {
    "knock": Nn_("hand %(number)s: %(knocker)s knocked, %(points)s point to %(winner)s",
                 "hand %(number)s: %(knocker)s knocked, %(points)s points to %(winner)s"),
    "gin": Nn_("hand %(number)s: %(knocker)s went gin, %(points)s point to %(winner)s",
               "hand %(number)s: %(knocker)s went gin, %(points)s points to %(winner)s"),
    "big_gin": Nn_("hand %(number)s: %(knocker)s went big gin, %(points)s point to %(winner)s",
                   "hand %(number)s: %(knocker)s went big gin, %(points)s points to %(winner)s"),
    "undercut": Nn_("hand %(number)s: %(knocker)s knocked and was undercut, %(points)s point to %(winner)s",
                    "hand %(number)s: %(knocker)s knocked and was undercut, %(points)s points to %(winner)s"),
}
UNSCORED = {  # a result that moved no points, with %(number)s and %(knocker)s
    "dead": N_("hand %(number)s: a dead hand, no score"),
    "tie": N_("hand %(number)s: %(knocker)s knocked, a tie scored 0-0"),
    "illegal_knock": N_("hand %(number)s: %(knocker)s knocked illegally, no score"),
}
NO_SCORE = N_("hand %(number)s: %(knocker)s ended it, no score")
AWARD = Nn_("hand %(number)s: awarded to %(player)s by a ruling, %(points)s point",
            "hand %(number)s: awarded to %(player)s by a ruling, %(points)s points")
RULED = {
    "void": N_("hand %(number)s: voided by a ruling, no score"),
    "redeal": N_("hand %(number)s: to be dealt again, by a ruling"),
    "forfeit": N_("hand %(number)s: the match forfeited by %(player)s, by a ruling"),
}


def hand_words(hand: Any) -> str:
    """``hand`` (a settled ``HandTally``) in one sentence of the page's language."""
    number, ruling = hand.number, hand.ruling
    if ruling is not None and ruling.kind == "award":
        points = int(ruling.points if ruling.points is not None else hand.points or 0)
        return ngettext(AWARD[0], AWARD[1], points) % {"number": number, "player": ruling.player, "points": points}
    if ruling is not None and ruling.kind in RULED:
        return _(RULED[ruling.kind]) % {"number": number, "player": ruling.player or ""}
    result, knocker = str(hand.result), hand.knocker or ""
    if result in UNSCORED:
        return _(UNSCORED[result]) % {"number": number, "knocker": knocker}
    if hand.winner is None or result not in SCORED:
        return _(NO_SCORE) % {"number": number, "knocker": knocker}
    points = int(hand.points or 0)
    singular, plural = SCORED[result]
    return ngettext(singular, plural, points) % {"number": number, "knocker": knocker, "points": points,
                                               "winner": hand.winner}


class _Ruled(NamedTuple):
    kind: str
    player: Optional[str] = None
    points: Optional[int] = None


class _Hand(NamedTuple):  # what ``hand_words`` reads of a settled hand, from the journal's facts
    number: int
    result: Optional[str]
    knocker: Optional[str]
    winner: Optional[str]
    points: Optional[int]
    ruling: Optional[_Ruled]


def facts_of_hand(hand: Any) -> Dict[str, Any]:
    """A settled hand (a ``HandTally``) as the facts ``hand_words`` says it from (JSON, for the journal)."""
    ruling = hand.ruling
    return {"number": hand.number, "result": hand.result, "knocker": hand.knocker, "winner": hand.winner,
            "points": hand.points,
            "ruling": None if ruling is None else {"kind": ruling.kind, "player": ruling.player, "points": ruling.points}}


def said_hand(facts: Any) -> str:
    """``facts_of_hand``'s facts in one sentence of the page's language ("" when they are not such facts)."""
    if not isinstance(facts, dict):
        return ""
    try:
        ruling = facts.get("ruling")
        ruled = None if not isinstance(ruling, dict) else _Ruled(str(ruling["kind"]), ruling.get("player"),
                                                                ruling.get("points"))
        return hand_words(_Hand(int(facts["number"]), facts.get("result"), facts.get("knocker"),
                                facts.get("winner"), facts.get("points"), ruled))
    except (KeyError, TypeError, ValueError):
        return ""

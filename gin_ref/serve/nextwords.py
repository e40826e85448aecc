"""What comes next after a hand (who deals which hand, and why), as the table page says it under a hand it
draws (#38): the journal keeps the facts (``next_facts``, JSON), each page says them in its own language
when it draws them (``next_words``). The English is the command line's ``next: ...`` line byte for byte
(``gin_ref.views.standing.next_line``); where the facts cannot say it so (a reason of a shape this module
does not know), the facts keep that line as it was said (``text``) and the page shows it as kept.
"""

from typing import Any, Dict, List, Optional

from gin_ref.core.message import Message, N_, english as english_words, english_n
from gin_ref.serve.journalwords import said_again
from gin_ref.desk.language import ENGLISH, gettext, speaking
from gin_ref.match.model import Match
from gin_ref.match.tally import hand_tally
from gin_ref.views.standing import named_scores, next_line, standing_lines

NEXT = N_("next: %(dealer)s deals hand %(number)d (%(why)s)")
NEXT_ROLES = {  # three players: by ``next_dealer``, who deals the hand in the box
    "sitter": N_("next: hand %(number)d, %(box)s in the box, %(captain)s captain, %(sitter)s sits out and deals "
                 "(%(why)s)"),
    "captain": N_("next: hand %(number)d, %(box)s in the box, %(captain)s captain (deals), %(sitter)s sits out "
                  "(%(why)s)"),
    "box": N_("next: hand %(number)d, %(box)s in the box (deals), %(captain)s captain, %(sitter)s sits out "
              "(%(why)s)"),
}
TOTALS = N_("totals: %(scores)s")
WHY = {  # why that dealer or those roles: the start's, then a hand's (its number ``hand``)
    "drawn at random": N_("drawn at random"),
    "named at the start": N_("named at the start"),
    "from the draw": N_("from the draw"),
    "alternate": N_("the deal alternates"),
    "winner": N_("the winner of hand %(hand)d deals"),
    "loser": N_("the loser of hand %(hand)d deals"),
    "tie": N_("hand %(hand)d was a tie scored 0-0: the same dealer deals again"),
    "dead": N_("hand %(hand)d was dead: the same dealer deals again"),
    "void": N_("hand %(hand)d was ruled void: the same dealer deals again"),
    "redeal": N_("hand %(hand)d was ruled a misdeal: the same dealer deals again"),
    "roles_tie": N_("hand %(hand)d was a tie scored 0-0: the roles stay"),
    "roles_dead": N_("hand %(hand)d was dead: the roles stay"),
    "roles_void": N_("hand %(hand)d was ruled void: the roles stay"),
    "roles_redeal": N_("hand %(hand)d was ruled a misdeal: the roles stay"),
    "stays": N_("%(winner)s won in the box and stays; captain and sitter swap"),
    "beats": N_("%(winner)s beat the box and goes into it; %(box)s sits out"),
}


def _why(match: Match) -> Dict[str, Any]:
    """Why the next dealer deals, as facts: ``{"why": key of WHY, ...its fields}``."""
    state = match.state
    setup = state.current
    if not match.hands or setup is None:
        return {"why": str(state.why)}
    hand = hand_tally(match, len(match.hands))
    number, winner, tie = hand.number, hand.winner, hand.result == "tie"
    ruled = hand.ruling.kind if hand.ruling is not None and hand.ruling.kind in ("void", "redeal") else None
    if setup.roles is not None:
        if winner is None:
            return {"why": "roles_" + (ruled or ("tie" if tie else "dead")), "hand": number}
        if winner == setup.roles.box:
            return {"why": "stays", "winner": winner}
        return {"why": "beats", "winner": winner, "box": setup.roles.box}
    rule = match.rules.next_dealer
    if winner is None and (not tie or rule != "alternate"):
        return {"why": ruled or ("tie" if tie else "dead"), "hand": number}
    return {"why": "alternate"} if rule == "alternate" else {"why": rule, "hand": number}


def next_facts(match: Match) -> Optional[Dict[str, Any]]:
    """What comes next after ``match``'s last hand, as facts (None when the match is over or a hand is open);
    ``{"text": ...}`` (the command line's line) when the facts would not say it as it says it."""
    state = match.state
    if state.finished or state.open is not None:
        return None
    facts: Dict[str, Any] = {"number": match.next_number(), "dealer": state.dealer, **_why(match)}
    if state.roles is not None:
        facts.update(rule=match.rules.next_dealer, box=state.roles.box, captain=state.roles.captain,
                     sitter=state.roles.sitter)
    with speaking(ENGLISH):  # the facts' English against the command line's English, whatever the request speaks
        line = next_line(match)
    if _said(facts, english_words, english_n) != line:  # a reason this module cannot say: kept as said
        return {"text": next_line(match)}  # in the language spoken, as it was said
    return facts


def _said(facts: Dict[str, Any], say: Any, say_n: Any) -> Optional[str]:
    if "text" in facts:
        return str(facts["text"])
    key = facts.get("why")
    fields = {name: value for name, value in facts.items() if name not in ("why", "rule")}
    why = Message(WHY[key], **{k: v for k, v in fields.items() if k in ("hand", "winner", "box")}) \
        if key in WHY else None
    if why is None:
        return None
    said_why = why.say(say, say_n)
    if "rule" in facts:
        words = NEXT_ROLES.get(str(facts["rule"]), NEXT_ROLES["box"])
        return str(say(words)) % {"number": facts["number"], "box": facts["box"], "captain": facts["captain"],
                             "sitter": facts["sitter"], "why": said_why}
    return str(say(NEXT)) % {"dealer": facts["dealer"], "number": facts["number"], "why": said_why}


def next_words(facts: Any) -> str:
    """The facts of ``next_facts`` (or the line an older journal kept) in the language spoken."""
    return said_again(facts, _said)


def standing_said(match: Match) -> List[str]:
    """Where ``match`` stands (``standing_lines``: the totals, then what comes next), the totals and the next
    line said in the language spoken from their facts; the other lines (a game under way, an open hand, the
    end) as the command line says them."""
    lines = standing_lines(match)
    lines[0] = gettext(TOTALS) % {"scores": named_scores(match.state.totals, match.players)}
    facts = next_facts(match)
    if facts is not None and len(lines) > 1 and lines[-1] == next_line(match):
        lines[-1] = next_words(facts)
    return lines


def said_next(text: str, match: Match) -> str:
    """``text`` (the tally as the command line prints it) with its line of what comes next said in the
    language spoken, from its facts."""
    facts = next_facts(match)
    if facts is None or "text" in facts:
        return text
    line = next_line(match)
    return "\n".join(next_words(facts) if shown == line else shown for shown in text.split("\n"))

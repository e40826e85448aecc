"""An illegal knock kept as an irregularity, as the table page says it over the hand it draws (#38): the
journal keeps the facts (``refused_facts``: the hand, the penalty and to whom, whether the same entry dealt
the hand, and the refusal's reason), each page says them in its own language when it draws them
(``refused_words``). The reason is the rules' own: a message of the catalogue with its facts where the layer
below gives one (``gin_ref.core.message.Message``), said whole in the page's language; else its text as it
was said. The English is the command line's line (``gin_ref.views.step_words.refusal_words``) byte for byte,
but for one point of penalty (``1 penalty point``); a refusal of another shape is kept as that line
(``{"text": ...}``) and shown as kept.
"""

from typing import Any, Dict, Optional

from gin_ref.core.message import Message, N_, Nn_, english as english_words, english_n
from gin_ref.serve.journalwords import said_again
from gin_ref.match.state import MatchState
from gin_ref.views.step_words import refusal_words

KEPT = N_("%(reason)s. Recorded as an irregularity (hand %(hand)d); the hand stays open; undo takes it back")
KEPT_DEALT = N_("%(reason)s. Recorded as an irregularity (hand %(hand)d); the deal of hand %(hand)d is recorded "
                "and the hand stays open; undo takes it back (undo again, the deal)")
PENALTY = Nn_("%(reason)s. Recorded as an irregularity (hand %(hand)d); %(count)d penalty point to %(player)s; "
              "the hand stays open; undo takes it back",
              "%(reason)s. Recorded as an irregularity (hand %(hand)d); %(count)d penalty points to %(player)s; "
              "the hand stays open; undo takes it back")
PENALTY_DEALT = Nn_("%(reason)s. Recorded as an irregularity (hand %(hand)d); %(count)d penalty point to "
                    "%(player)s; the deal of hand %(hand)d is recorded and the hand stays open; undo takes it back "
                    "(undo again, the deal)",
                    "%(reason)s. Recorded as an irregularity (hand %(hand)d); %(count)d penalty points to "
                    "%(player)s; the deal of hand %(hand)d is recorded and the hand stays open; undo takes it back "
                    "(undo again, the deal)")


def message_json(text: Any) -> Any:
    """A reason as the journal keeps it: a message's words and facts (a field that is a message in turn), or
    its text."""
    if not isinstance(text, Message):
        return str(text)
    return {"words": text.words, "plural": text.plural,
            "values": [[name, message_json(value) if isinstance(value, Message) else value]
                       for name, value in text.values]}


def message_of(data: Any) -> Any:
    """``message_json``'s form read back: a ``Message``, or the text kept."""
    if not isinstance(data, dict):
        return str(data)
    values = {str(name): message_of(value) if isinstance(value, dict) else value for name, value in data["values"]}
    words = str(data["words"]) if data.get("plural") is None else (str(data["words"]), str(data["plural"]))
    return Message(words, **values)


def refused_facts(state: MatchState, outcome: Any, dealt: bool) -> Dict[str, Any]:
    """An illegal knock kept (``outcome``, refused, on ``state`` after it; ``dealt``: the same entry dealt
    the hand) as facts, or ``{"text": the command line's line}`` when it is of another shape."""
    english = refusal_words(state, outcome, dealt)
    refusal = outcome.refusal
    item = refusal.kept.item
    if item.kind != "illegal_knock" or item.turn:
        return {"text": english}
    to = state.current.other(item.player) if item.points and state.current is not None and item.player else None
    facts = {"hand": outcome.number, "dealt": bool(dealt), "points": int(item.points or 0) if to else 0,
             "player": to, "reason": message_json(refusal.reason)}
    said = _said(facts, english_words, english_n)
    old_penalty = f"; {facts['points']} penalty points to {to}"  # the line said 1 point in the plural
    if said != english and said != english.replace(old_penalty, f"; 1 penalty point to {to}"):
        return {"text": english}
    return facts


def _said(facts: Dict[str, Any], say: Any, say_n: Any) -> Optional[str]:
    if "text" in facts:
        return str(facts["text"])
    reason = message_of(facts["reason"])
    reason = reason.say(say, say_n) if isinstance(reason, Message) else str(reason)
    fields = {"reason": reason, "hand": int(facts["hand"])}
    points = int(facts.get("points") or 0)
    if points:
        singular, plural = PENALTY_DEALT if facts.get("dealt") else PENALTY
        return str(say_n(singular, plural, points)) % {**fields, "count": points, "player": facts["player"]}
    return str(say(KEPT_DEALT if facts.get("dealt") else KEPT)) % fields


def refused_words(facts: Any) -> str:
    """The facts of ``refused_facts`` (or the line an older journal kept) in the language spoken."""
    return said_again(facts, _said)

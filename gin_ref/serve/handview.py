"""A hand as the table page draws it (#40): the desk's typed outcome of a knock, a dead hand or an undo
(``gin_ref.desk.outcomes``: ``Knocked``, ``Ended``, ``Corrected``) made into plain data, ``Drawn``, kept in
the table's journal with its entry (JSON), and drawn as HTML: each side's melds, layoffs and deadwood as rows
of cards in their suit colours (each card with its name for a screen reader), the score's arithmetic in one
line in large type, the totals as large numbers. No grid of the command line's text.

The words the page says about a hand are here, in one place (``_WORDS``), for the catalogue."""

import re
from html import escape
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

from gin_ref.core.cards import Card
from gin_ref.core.layoffs import Layoff
from gin_ref.core.melds import Meld
from gin_ref.desk.errors import N_
from gin_ref.desk.language import gettext
from gin_ref.match.model import Match
from gin_ref.match.tally import knock_tally
from gin_ref.serve.cardnames import CARD_NAMES
from gin_ref.serve.handwords import facts_of_hand, said_hand
from gin_ref.serve.nextwords import next_facts, next_words
from gin_ref.serve.refusedwords import refused_facts, refused_words
from gin_ref.serve.sumwords import sum_facts, sum_words

SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

_WORDS = {  # said through the catalogue (gettext) as each page is made, in the request's language
    "knock": N_("%(knocker)s knocks against %(defender)s"),
    "gin": N_("%(knocker)s goes gin against %(defender)s"),
    "big_gin": N_("%(knocker)s goes big gin against %(defender)s"),
    "dead": N_("Hand %(hand)s is dead: no score"),
    "undo": N_("This takes back %(what)s"),
    "undo_step": N_("This takes back the last step"),
    "upcard": N_("upcard"),
    "limit": N_("knock limit %(limit)s"),
    "melds": N_("melds"),
    "layoffs": N_("laid off"),
    "on": N_("on"),
    "deadwood": N_("deadwood"),
    "counted": N_("counted"),
    "no_melds": N_("no melds"),
    "discard": N_("discard"),
    "to": N_("%(points)s to %(winner)s"),
    "nobody": N_("no score"),
    "totals": N_("totals"),
    "hand": N_("Hand %(hand)s"),
}


class Side(NamedTuple):
    """One player's side of a settled knock: melds, layoffs (each the cards laid and the meld they went
    on), deadwood cards and their points; ``counted`` when the table gave a count, not the cards."""

    name: str
    points: int
    counted: bool = True
    melds: Tuple[Tuple[str, ...], ...] = ()
    layoffs: Tuple[Tuple[Tuple[str, ...], Tuple[str, ...]], ...] = ()
    deadwood: Tuple[str, ...] = ()
    discard: Optional[str] = None


class Drawn(NamedTuple):
    """A hand as the page draws it: ``kind`` (knock, gin, big_gin, undercut, tie: a knock's result; dead;
    undo; refused: an illegal knock kept), its number, who knocked against whom, the upcard (a code) and
    limit, both sides, the score's arithmetic (``21 − 5 = 16``), who scores and how much, the totals after
    it (name, points) and a sentence where one is needed (what an undo takes back, a refusal, what comes
    next)."""

    kind: str
    hand: int
    knocker: str = ""
    defender: str = ""
    upcard: Optional[str] = None
    limit: Optional[int] = None
    sides: Tuple[Side, ...] = ()
    arithmetic: Any = ""  # the score's sum: its facts (``sumwords``), or the text an older journal kept
    winner: Optional[str] = None
    points: int = 0
    totals: Tuple[Tuple[str, int], ...] = ()
    said: Any = ""  # a refusal kept: its facts (``refusedwords``), or the line an older journal kept
    following: Any = ""  # what comes next: its facts (``nextwords``), or the line an older journal kept
    undone: Any = None  # an undo: what it takes back, as facts (``handwords.facts_of_hand`` or the step's)


def _say(key: str, **fields: object) -> str:
    """The words of ``key`` in the language spoken here (the request's), its fields put in."""
    said = gettext(_WORDS[key])
    return said % fields if fields else said


# -- from the desk's outcome ----------------------------------------------------------------------------------
def _codes(cards: Sequence[Card]) -> Tuple[str, ...]:
    return tuple(card.code for card in cards)


def _melds(melds: Sequence[Meld]) -> Tuple[Tuple[str, ...], ...]:
    return tuple(_codes(meld.cards) for meld in melds)


def _layoffs(layoffs: Sequence[Layoff]) -> Tuple[Tuple[Tuple[str, ...], Tuple[str, ...]], ...]:
    onto: Dict[Tuple[str, ...], List[Card]] = {}
    for lay in layoffs:
        onto.setdefault(_codes(lay.onto.cards), []).append(lay.card)
    return tuple((_codes(sorted(cards, key=lambda c: c.index)), meld) for meld, cards in onto.items())


def _totals(match: Match) -> Tuple[Tuple[str, int], ...]:
    return tuple((name, int(match.state.totals.get(name, 0))) for name in match.players)


def _following(match: Match) -> Any:
    return next_facts(match) or ""


def knock_drawn(match: Match, outcome: Any, dealt: bool = False) -> Drawn:
    """A knock (an ``actions.Outcome`` on ``match`` after it): settled, or refused and kept."""
    number = outcome.number
    if outcome.refused:
        return Drawn("refused", number, said=refused_facts(match.state, outcome, dealt),
                     totals=_totals(match), following=_following(match))
    settled = outcome.settlement
    knock = knock_tally(match, number)
    if settled.showdown is not None:
        spread, defense = settled.showdown.knocker, settled.showdown.defense
        mine = Side(knock.knocker, spread.deadwood, False, _melds(spread.melds), (), _codes(spread.deadwood_cards),
                    spread.discard.code if spread.discard is not None else None)
        theirs = Side(knock.defender, defense.deadwood, False, _melds(defense.melds), _layoffs(defense.layoffs),
                      _codes(defense.deadwood_cards))
    else:
        check = settled.check
        if check is not None:
            melding = check.melding
            mine = Side(knock.knocker, melding.deadwood, False, _melds(melding.melds), (),
                        _codes(melding.deadwood_cards), melding.discard.code if melding.discard is not None else None)
        else:
            mine = Side(knock.knocker, settled.knocker_deadwood)
        theirs = Side(knock.defender, settled.defender_deadwood)
    score = settled.score
    winner = {"knocker": knock.knocker, "defender": knock.defender}.get(score.winner)
    return Drawn(score.result, number, knock.knocker, knock.defender, knock.upcard, settled.limit, (mine, theirs),
                 sum_facts(score, arithmetic_of(score.arithmetic)), winner, score.score, _totals(match), following=_following(match))


def arithmetic_of(text: str) -> str:
    """The sum of a score's arithmetic without its name and its winner: ``knock: 21 − 5 = 16 to the knocker``
    -> ``21 − 5 = 16``."""
    text = re.sub(r"^[a-z ]+: ", "", text)
    return re.sub(r" to the (knocker|defender)$", "", text)


def dead_drawn(match: Match, number: int) -> Drawn:
    played = match.state.played[number - 1] if 0 < number <= len(match.state.played) else None
    return Drawn("dead", number, upcard=played.upcard or None if played is not None else None, totals=_totals(match),
                 following=_following(match))


def undo_drawn(match: Match, undone: Dict[str, Any], number: Optional[int]) -> Drawn:
    """An undo: ``undone``, what it takes back as facts (``undo_facts``), said as each page draws it."""
    return Drawn("undo", number or 0, totals=_totals(match), undone=undone, following=_following(match))


UNDONE = {  # what an undo takes back, by the step's kind, with its hand (and turn)
    "deal": N_("This takes back the deal of hand %(hand)s"),
    "turn": N_("This takes back turn %(turn)s of hand %(hand)s"),
    "ruling": N_("This takes back the ruling on hand %(hand)s"),
    "amend": N_("This takes back the amend of hand %(hand)s"),
    "irregularity": N_("This takes back an irregularity of hand %(hand)s"),
    "refused_deal": N_("This takes back a deal by the wrong dealer (hand %(hand)s)"),
}


def undo_facts(kind: str, hand: Optional[int], turn: Optional[int], settled: Any = None) -> Dict[str, Any]:
    """What an undo takes back as facts: the hand it took back (``settled``: its ``HandTally`` before the
    undo, when the undo took back its result), or the step's kind, hand and turn."""
    if settled is not None:
        return {"hand": facts_of_hand(settled)}
    return {"kind": kind, "number": hand, "turn": turn}


def undone_words(drawn: Drawn) -> str:
    """What an undo takes back, in the language spoken (an older journal's line: its words as kept)."""
    undone = drawn.undone
    if not isinstance(undone, dict):
        return str(drawn.said or "")
    hand = said_hand(undone.get("hand"))
    if hand:
        return _say("undo", what=hand)
    kind = undone.get("kind")
    if kind in UNDONE and undone.get("number") is not None:
        return gettext(UNDONE[kind]) % {"hand": undone["number"], "turn": undone.get("turn")}
    return (drawn.said if isinstance(drawn.said, str) else "") or _say("undo_step")


# -- the journal's JSON -------------------------------------------------------------------------------------
def to_json(drawn: Drawn) -> Dict[str, Any]:
    data = drawn._asdict()
    data["sides"] = [side._asdict() for side in drawn.sides]
    return data


def from_json(data: Any) -> Optional[Drawn]:
    """The ``Drawn`` of its JSON form; None when it is not one (an older journal's entry: its words are shown)."""
    if not isinstance(data, dict):
        return None
    try:
        sides = tuple(Side(str(side["name"]), int(side["points"]), bool(side.get("counted", True)),
                           tuple(tuple(str(c) for c in meld) for meld in side.get("melds") or ()),
                           tuple((tuple(str(c) for c in laid), tuple(str(c) for c in meld))
                                 for laid, meld in side.get("layoffs") or ()),
                           tuple(str(c) for c in side.get("deadwood") or ()),
                           side.get("discard") or None) for side in data.get("sides") or ())
        return Drawn(str(data["kind"]), int(data["hand"]), str(data.get("knocker") or ""),
                     str(data.get("defender") or ""), data.get("upcard") or None,
                     None if data.get("limit") is None else int(data["limit"]), sides,
                     _kept(data.get("arithmetic")), data.get("winner") or None, int(data.get("points") or 0),
                     tuple((str(name), int(points)) for name, points in data.get("totals") or ()),
                     _kept(data.get("said")), _kept(data.get("following")),
                     data.get("undone") if isinstance(data.get("undone"), dict) else None)
    except (KeyError, TypeError, ValueError):
        return None


def _kept(following: Any) -> Any:
    return following if isinstance(following, dict) else str(following or "")


# -- HTML -------------------------------------------------------------------------------------------------------
def card_name(code: str) -> str:
    """``ace of hearts``, ``10 of spades``: a card's name for a screen reader, its own message of the
    catalogue (``cardnames``), so that each language says it whole."""
    return gettext(CARD_NAMES[code]) if code in CARD_NAMES else code


def card_html(code: str) -> str:
    """One card: its rank and suit symbol in the suit's colour (hearts and diamonds red, spades and clubs
    the text's colour), its name for a screen reader."""
    rank, suit = code[:-1], code[-1]
    shown = ("10" if rank == "T" else rank) + SUIT_SYMBOLS[suit]
    colour = " red" if suit in "HD" else ""
    return (f'<span class="card{colour}"><span aria-hidden="true">{shown}</span>'
            f'<span class="sr">{escape(card_name(code))}</span></span>')


def cards_html(codes: Sequence[str], cls: str = "cards") -> str:
    return f'<span class="{cls}">' + "".join(card_html(code) for code in codes) + "</span>"


def _row(label: str, groups: str) -> str:
    return f'<div class="srow"><span class="lbl">{escape(label)}</span><span class="groups">{groups}</span></div>'


def _side_html(side: Side) -> str:
    rows: List[str] = []
    if not side.counted:
        rows.append(_row(_say("melds"), "".join(cards_html(meld, "cards meld") for meld in side.melds)
                         or escape(_say("no_melds"))))
        if side.layoffs:
            rows.append(_row(_say("layoffs"), "".join(
                f'<span class="lay">{cards_html(cards)}<span aria-hidden="true">→</span>'
                f'<span class="sr">{escape(_say("on"))}</span>{cards_html(meld, "cards meld")}</span>' for cards, meld in side.layoffs)))
        if side.deadwood:
            rows.append(_row(_say("deadwood"), cards_html(side.deadwood, "cards dw")))
        if side.discard:
            rows.append(_row(_say("discard"), cards_html([side.discard])))
    counted = f' <span class="lbl">{escape(_say("counted"))}</span>' if side.counted else ""
    return (f'<div class="side"><div class="shead"><span><span class="sname">{escape(side.name)}</span>{counted}'
            f'</span><span class="num">{side.points}</span></div>' + "".join(rows) + "</div>")


def totals_html(totals: Sequence[Tuple[str, int]]) -> str:
    """The totals as large numbers under each name; a reader hears them as one line (``totals: Ann 20, Ben
    0``, the command line's words)."""
    cells = "".join(f'<div class="total"><span class="tname">{escape(name)}</span><span class="num">{points}</span>'
                    "</div>" for name, points in totals)
    said = _say("totals") + ": " + ", ".join(f"{name} {points}" for name, points in totals)
    return (f'<div class="totals"><span class="sr">{escape(said)}</span><div class="tnums" aria-hidden="true">'
            f"{cells}</div></div>") if cells else ""


def drawn_html(drawn: Drawn) -> str:
    """The hand drawn: its title, the upcard, both sides as rows of cards, the sum in large type, who scores,
    the totals as large numbers."""
    parts: List[str] = []
    if drawn.kind in ("dead", "undo", "refused"):
        said = _say("dead", hand=drawn.hand) if drawn.kind == "dead" else \
            undone_words(drawn) if drawn.kind == "undo" else refused_words(drawn.said)
        parts.append(f'<p class="said">{escape(said)}</p>')
    else:
        verb = drawn.kind if drawn.kind in ("gin", "big_gin") else "knock"
        parts.append(f'<p class="title">{escape(_say("hand", hand=drawn.hand))}: '
                     f'{escape(_say(verb, knocker=drawn.knocker, defender=drawn.defender))}</p>')
        if drawn.upcard or drawn.limit is not None:
            up = f'{_say("upcard")} {card_html(drawn.upcard)} · ' if drawn.upcard else ""
            parts.append(f'<p class="up">{up}{escape(_say("limit", limit=drawn.limit))}</p>')
        parts.append('<div class="sides">' + "".join(_side_html(side) for side in drawn.sides) + "</div>")
        scored = _say("to", points=drawn.points, winner=drawn.winner) if drawn.winner else _say("nobody")
        parts.append(f'<p class="sum">{escape(sum_words(drawn.arithmetic))}</p><p class="scored">{escape(scored)}</p>')
    parts.append(totals_html(drawn.totals))
    following = next_words(drawn.following)
    if following:
        parts.append(f'<p class="next">{escape(following)}</p>')
    return '<div class="drawn">' + "".join(parts) + "</div>"

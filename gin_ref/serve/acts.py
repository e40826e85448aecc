"""What a table's page asks of its match, as typed values (#37): a knock (``Knock``), a dead hand (``Dead``)
or an undo (``Undo``), read from the hand's form or from ``play``'s table line, kept in the journal in one
JSON shape (``to_json`` / ``from_json``, docs/serve.md), never as command-line words.

The JSON shape of an act (the ``action`` of a journal's ``enter`` line)::

    {"act": "knock", "knocker": "Ben", "knocker_count": 5, "knocker_cards": null,
     "defender_count": null, "defender_cards": ["6S", "8H", ...], "upcard": "9H",
     "big_gin": false, "illegal": false}
    {"act": "dead", "upcard": "9H"}
    {"act": "undo"}

A side is a count (a whole number) or its cards (card codes, as read with the match's rules), never both.
A journal line of an older gin-ref kept the command line's words (``{"kind": "knock", "player": "Ben",
"knocker": ["5"], "defender": "23", ...}``): ``from_old`` reads it into the act it stood for.
"""

from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from gin_ref.core.cards import Card, codes, parse_cards
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.message import Message, N_
from gin_ref.core.players import find_player
from gin_ref.match.knocks import read_count
from gin_ref.match.tableline import ILLEGAL, read_line, split_words, table_player

RESULTS = ("knock", "gin", "big", "dead")
Side = Tuple[Optional[int], Optional[Tuple[str, ...]]]  # (count, cards): one of them


class Knock(NamedTuple):
    """``knocker`` knocked: his count or his cards, the defender's count (after his layoffs) or his cards."""

    knocker: str
    knocker_count: Optional[int]
    knocker_cards: Optional[Tuple[str, ...]]
    defender_count: Optional[int]
    defender_cards: Optional[Tuple[str, ...]]
    upcard: Optional[str] = None
    big_gin: bool = False
    illegal: bool = False  # a count over the limit that really was knocked: kept as an illegal knock

    def given(self) -> "Tuple[Union[int, List[Card]], Union[int, List[Card]]]":
        """The two sides as the match's knock takes them (a count, or the cards)."""
        return _given(self.knocker_count, self.knocker_cards), _given(self.defender_count, self.defender_cards)


class Dead(NamedTuple):
    """The hand was dead (dealt first with ``upcard`` when none is open)."""

    upcard: Optional[str] = None


class Undo(NamedTuple):
    """The newest step taken back."""


Act = Union[Knock, Dead, Undo]


def _given(count: Optional[int], cards: Optional[Tuple[str, ...]]) -> "Union[int, List[Card]]":
    return count if count is not None else [Card.parse(code) for code in cards or ()]


# -- the JSON shape ---------------------------------------------------------------------------------------
def to_json(act: Act) -> Dict[str, Any]:
    if isinstance(act, Knock):
        data: Dict[str, Any] = {"act": "knock", **act._asdict()}
        for key in ("knocker_cards", "defender_cards"):
            data[key] = list(data[key]) if data[key] is not None else None
        return data
    if isinstance(act, Dead):
        return {"act": "dead", "upcard": act.upcard}
    return {"act": "undo"}


def from_json(data: Any) -> Act:
    """The act of its JSON shape (ValueError when it is not one: an older journal's, say)."""
    if not isinstance(data, dict):
        raise ValueError(Message(N_("an act is a JSON object")))
    kind = data.get("act")
    if kind == "undo":
        return Undo()
    if kind == "dead":
        return Dead(_code(data.get("upcard")))
    if kind != "knock":
        raise ValueError(Message(N_("not an act: %(act)s"), act=repr(str(kind)[:20])))
    knocker = data.get("knocker")
    if not isinstance(knocker, str) or not knocker:
        raise ValueError(Message(N_("a knock names its knocker")))
    count, cards = _side_json(data.get("knocker_count"), data.get("knocker_cards"))
    dcount, dcards = _side_json(data.get("defender_count"), data.get("defender_cards"))
    return Knock(knocker, count, cards, dcount, dcards, _code(data.get("upcard")), data.get("big_gin") is True,
                 data.get("illegal") is True)


def _code(value: Any) -> Optional[str]:
    return None if value is None else Card.parse(str(value)).code


def _side_json(count: Any, cards: Any) -> Side:
    if isinstance(count, int) and not isinstance(count, bool) and cards is None:
        return count, None
    if count is None and isinstance(cards, list) and cards:
        return None, tuple(Card.parse(str(code)).code for code in cards)
    raise ValueError(Message(N_("a side of a knock is a count or its cards")))


def from_old(data: Any, players: Sequence[str], runs: str = "low") -> Act:
    """The act an older journal's action stood for (the command line's words: ``kind``, ``player``,
    ``knocker`` words, ``defender`` text); ValueError or a GinRefError when it does not read."""
    if not isinstance(data, dict):
        raise ValueError(Message(N_("an action is a JSON object")))
    kind = data.get("kind")
    if kind == "undo":
        return Undo()
    if kind == "dead":
        return Dead(_code(data.get("upcard")))
    if kind != "knock":
        raise ValueError(Message(N_("not an action: %(action)s"), action=repr(str(kind)[:20])))
    words = data.get("knocker")
    words = [words] if isinstance(words, str) else words
    if not isinstance(words, list) or not words or not all(isinstance(word, str) for word in words):
        raise ValueError(Message(N_("the knocker's count or cards are missing")))
    defender = data.get("defender")
    if not isinstance(defender, str):
        raise ValueError(Message(N_("the defender's count or cards are missing")))
    count, cards = side(" ".join(words), "knocker", runs)
    dcount, dcards = side(defender, "defender", runs)
    return Knock(find_player(players, str(data.get("player", ""))), count, cards, dcount, dcards,
                 _code(data.get("upcard")), data.get("big_gin") is True, data.get("illegal") is True)


# -- reading a hand ---------------------------------------------------------------------------------------
def side(text: str, who: str, runs: str = "low") -> Side:
    """One side of a knock as typed: a count, or cards (``A-3S 4HDC``, read with the rules' ``runs``)."""
    count = read_count(text, COUNT_OF[who])
    if count is not None:
        return count, None
    return None, tuple(codes(parse_cards(text, what=HAND_OF[who], runs=runs)))


COUNT_OF = {"knocker": N_("the knocker's count"), "defender": N_("the defender's count")}  # what a side is
HAND_OF = {"knocker": N_("knocker's hand"), "defender": N_("defender's hand")}  # (the notation's words for it)


def read_action(fields: Dict[str, str], players: Sequence[str], runs: str = "low") -> Act:
    """The act a hand's form stands for: its table line when one is typed, else its fields."""
    line = fields.get("line", "").strip()
    if line:
        return read_table_line(line, players, runs)
    upcard_text = fields.get("upcard", "").strip() or _keyed_upcard(fields)
    upcard = Card.parse(upcard_text).code if upcard_text else None
    picked = {side: _picked(fields, side) for side in ("k", "d")}
    count_key = fields.get("count", "").strip()
    result = fields.get("result") or {"big": "big", "dead": "dead"}.get(count_key, "knock")
    if result not in RESULTS:
        raise InvalidNotationError(Message(N_("the result is one of %(results)s, not '%(given)s'"),
                                           results=", ".join(RESULTS), given=result[:20]))
    if result == "dead":
        return Dead(upcard)
    who = fields.get("knocker", "").strip()
    if not who:
        raise InvalidNotationError(Message(N_("who knocked? Tap the knocker's name")))
    player = find_player(players, who)
    mine = {"gin": "0", "big": "0"}.get(result, picked["k"] or count_key)
    theirs = picked["d"] or fields.get("defender", "").strip()
    if not mine:
        raise InvalidNotationError(Message(N_("the knocker's count (or cards) is missing")))
    if not theirs:
        raise InvalidNotationError(Message(N_("the defender's count (or cards) is missing: his deadwood after his "
                                              "layoffs")))
    count, cards = side(mine, "knocker", runs)
    dcount, dcards = side(theirs, "defender", runs)
    return Knock(player, count, cards, dcount, dcards, upcard, result == "big", fields.get("illegal") == "1")


def _keyed_upcard(fields: Dict[str, str]) -> str:
    """The upcard chosen by its keys (``up_rank``, ``up_suit``: the table page's, #40); "" when neither is
    chosen, refused when only one is."""
    rank, suit = fields.get("up_rank", "").strip(), fields.get("up_suit", "").strip()
    if not rank and not suit:
        return ""
    if not rank or not suit:
        raise InvalidNotationError(Message(N_("the upcard needs its suit too: tap it") if rank else
                                           N_("the upcard needs its rank too: tap it")))
    return rank + suit


def _picked(fields: Dict[str, str], side: str) -> str:
    """The cards one side's picker holds (``k_AS``, ``d_9H``: checked boxes), as card codes; "" for none."""
    return " ".join(sorted(name[2:] for name, value in fields.items()
                           if name.startswith(side + "_") and len(name) in (4, 5) and value))


def read_table_line(line: str, players: Sequence[str], runs: str = "low") -> Act:
    """The act of ``play``'s table line (``9h b 5 23``, ``9h b gin 17``, ``9h dead``; docs/play.md):
    checked by ``gin_ref.match.tableline.read_line`` (its refusals are ``play``'s), then read into the act."""
    found = split_words(line)
    if any(not closed for *_, closed in found):
        raise InvalidNotationError(Message(N_("a quote is left open on the table line")))
    reading = read_line(found, players)
    if reading.args is None:
        raise InvalidNotationError(reading.problem or Message(N_("not a table line")))
    texts = [word[0] for word in found]
    quoted = [any(char.isspace() for char in text) for text in texts]
    illegal = False
    if texts[-1] == ILLEGAL:
        texts, quoted, illegal = texts[:-1], quoted[:-1], True
    elif texts[-1].endswith(ILLEGAL) and not quoted[-1]:
        texts, illegal = texts[:-1] + [texts[-1][:-1]], True
    if len(texts) <= 2:  # 9h dead, dead 9h (read_line reads no other line of two words)
        return Dead(next(Card.parse(text).code for text in texts if text.casefold() != "dead"))
    upcard = Card.parse(texts[0]).code if len(texts) == 4 else None
    who, mine, theirs = texts[-3:]
    big = mine.casefold() == "big"
    count, cards = (0, None) if big or mine.casefold() == "gin" else side(mine, "knocker", runs)
    dcount, dcards = side(theirs, "defender", runs)
    return Knock(table_player(players, who)[0], count, cards, dcount, dcards, upcard, big, illegal)

"""The table of a hand played turn by turn (docs/rules.md §3): whose turn, the discard pile, the stock, what
was seen.

``Table`` is a small state machine in the pokerkit manner: each action has ``verify_x`` (raises
IllegalActionError saying whose turn it is and what they may do) and ``x()`` (verifies, then acts), and a
refused action leaves the state unchanged. Actions are plain records (``Turn``), so a table is rebuilt by
replaying its turns.

The first turn follows docs/rules.md §3.2 exactly: the non-dealer may take the upcard or pass; if he passes the
dealer may take it or pass; if both pass the non-dealer draws from the stock. Whoever takes the upcard
discards, and then the other player plays a normal turn.
"""

from typing import Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Sequence, Set, Tuple

from gin_ref.core.cards import DECK, Card
from gin_ref.core.errors import IllegalActionError, InvalidNotationError, OutOfTurnError
from gin_ref.core.escape import shown_value
from gin_ref.core.message import Message, N_

STOCK_AT_START = 52 - 2 * 10 - 1
ACTIONS = ("take", "pass", "draw", "discard")
# phases: "offer" (may take the upcard or pass), "draw" (draw from stock or take), "stock" (must draw from
# the stock: both passed the upcard), "discard" (discard or knock), "over" (dead); with the wall (house rule
# ``wall``): "wall" (the stock is down to its last cards: take the last discard to knock, or pass and the
# hand is dead) and "wall_knock" (taken at the wall: knock).
VERBS = {"take": "takes", "pass": "passes", "draw": "draws", "discard": "discards"}
_ACTION_OF = {**{verb: action for action, verb in VERBS.items()}, **{action: action for action in ACTIONS}}
_NOTATION_HELP = N_("write PLAYER ACTION [CARD]: 'Ann passes', 'Ann takes 7D', 'Ann draws', 'Ann discards 5S'")
# What the player to move may do, by phase (``%(card)s``: the top of the discard pile), and whose turn it is.
_MAY = {
    "offer": N_("take the upcard %(card)s or pass"),
    "draw": N_("draw from the stock or take %(card)s"),
    "stock": N_("draw from the stock (both passed the upcard)"),
    "discard": N_("discard or knock"),
    "over": N_("nothing: the hand is over"),
    "wall": N_("take %(card)s to knock, or pass (the stock is down to its last cards: the hand is then dead)"),
    "wall_knock": N_("knock (the discard was taken at the wall)"),
}
_TURN = {
    "offer": N_("it is %(player)s's turn to take the upcard %(card)s or pass"),
    "draw": N_("it is %(player)s's turn to draw from the stock or take %(card)s"),
    "stock": N_("it is %(player)s's turn to draw from the stock (both passed the upcard)"),
    "discard": N_("it is %(player)s's turn to discard or knock"),
    "wall": N_("it is %(player)s's turn to take %(card)s to knock, or pass (the stock is down to its last cards: "
               "the hand is then dead)"),
    "wall_knock": N_("it is %(player)s's turn to knock (the discard was taken at the wall)"),
}


class Turn(NamedTuple):
    """One recorded action: ``take``, ``pass``, ``draw`` (card may be None: unseen) or ``discard``.

    Its notation is a short line a person reads: ``Ben passes``, ``Ann takes 7D``, ``Ben draws`` (unseen) or
    ``Ben draws 5S``, ``Ann discards QH`` (``text`` writes it, ``Turn.parse`` reads it back).

    >>> Turn.parse("ann takes 7d", ["Ann", "Ben"])
    Turn(action='take', player='Ann', card=Card(7D))
    >>> Turn.parse("Ben draw", ["Ann", "Ben"]).text  # the command's verb reads too; an unseen draw
    'Ben draws'
    >>> Turn.parse("Ann discards", ["Ann", "Ben"])
    Traceback (most recent call last):
    gin_ref.core.errors.InvalidNotationError: turn 'Ann discards': a discard names its card ('Ann discards 5S')
    """

    action: str
    player: str
    card: Optional[Card] = None

    @property
    def text(self) -> str:
        return f"{self.player} {VERBS[self.action]}" + (f" {self.card.code}" if self.card is not None else "")

    @classmethod
    def parse(cls, text: object, players: "Sequence[str]") -> "Turn":
        """A Turn from its notation; the player is one of ``players`` (exactly, else ignoring case; a name
        may hold spaces). The verb may also be written as the command (``Ann draw 5S``). Raises
        InvalidNotationError."""
        if not isinstance(text, str):
            raise InvalidNotationError(Message(N_("a turn is a line of text (%(hint)s), not %(value)s"),
                                               hint=Message(_NOTATION_HELP), value=shown_value(text)))
        text = text.strip()
        folded = text.casefold()
        for exact in (True, False):
            for name in sorted(players, key=len, reverse=True):
                head = text if exact else folded
                if not head.startswith((name if exact else name.casefold()) + " "):
                    continue
                words = text[len(name) + 1:].split()
                action = _ACTION_OF.get(words[0].lower()) if words else None
                if action is None or len(words) > 2:
                    continue
                card = Card.parse(words[1]) if len(words) == 2 else None
                if action == "discard" and card is None:
                    raise InvalidNotationError(Message(N_("turn '%(turn)s': a discard names its card ('%(example)s')"),
                                                       turn=text, example=f"{name} discards 5S"))
                if action == "pass" and card is not None:
                    raise InvalidNotationError(Message(N_("turn '%(turn)s': a pass names no card"), turn=text))
                return cls(action, name, card)
        raise InvalidNotationError(Message(N_("turn '%(turn)s' cannot be read: %(hint)s, with PLAYER one of "
                                              "%(names)s"), turn=text, hint=Message(_NOTATION_HELP),
                                           names=", ".join(players)))


_DEAD = N_("the hand is dead: the stock is down to its last cards")
JUST_TAKEN = N_("%(player)s cannot discard %(card)s: it was just taken from the pile")
# A hand that is over, by the act refused (``%(turn)s``: why).
_CANNOT = {
    "take": N_("cannot take: %(turn)s"),
    "pass": N_("cannot pass: %(turn)s"),
    "draw": N_("cannot draw: %(turn)s"),
    "discard": N_("cannot discard: %(turn)s"),
    "knock": N_("cannot knock: %(turn)s"),
    "act": N_("cannot act: %(turn)s"),
}


class Table:
    """The table of a hand between ``dealer`` and ``other`` (the non-dealer, or the captain in the box).

    The first turn (docs/rules.md §3.2): the non-dealer may take the upcard or pass, then the dealer.

    >>> table = Table("Ann", "Ben", Card.parse("7D"))
    >>> table.whose_turn()
    "it is Ben's turn to take the upcard 7♦ or pass"
    >>> table.play(Turn("pass", "Ben"))
    >>> table.play(Turn("pass", "Ben"))
    Traceback (most recent call last):
    gin_ref.core.errors.OutOfTurnError: out of turn: it is Ann's turn to take the upcard 7♦ or pass
    >>> table.play(Turn("take", "Ann", Card.parse("7D")))
    >>> table.play(Turn("discard", "Ann", Card.parse("QH")))
    >>> table.whose_turn(), table.discard_top, table.stock
    ("it is Ben's turn to draw from the stock or take Q♥", Card(QH), 31)
    """

    def __init__(self, dealer: str, other: str, upcard: "Optional[Card]", discard_taken_card: bool = False,
                 dead_hand_stock: int = 2, wall: bool = False, eleven: bool = False) -> None:
        """``upcard`` None with ``eleven``: the eleven-card deal (house rule ``deal: eleven``), where the
        non-dealer holds 11 cards and starts by discarding (or knocking), and the pile starts empty."""
        self.dealer, self.other = dealer, other
        self.discard_taken_card = discard_taken_card
        self.dead_hand_stock = dead_hand_stock
        self.wall = wall
        self.pile = [upcard] if upcard is not None else []  # the discard pile, top last
        self.stock = STOCK_AT_START
        self.player = other  # whose turn
        self.phase = "discard" if eleven else "offer"
        self.just_taken: Optional[Card] = None  # the card taken from the pile this turn
        self.known: Dict[str, Set[int]] = {dealer: set(), other: set()}  # cards seen going into each hand and not discarded since
        self.taken: Dict[str, Set[int]] = {dealer: set(), other: set()}  # of those, the ones taken from the pile
        self.discarded: Set[int] = set()  # every card discarded or turned up, by index
        if upcard is not None:
            self.discarded.add(upcard.index)
        self.turns: List[Turn] = []

    # -- what a table can see ----------------------------------------------------------------------------
    @property
    def dead(self) -> bool:
        """The hand ended dead: a discard left ``dead_hand_stock`` cards in the stock (with the wall: and the
        next player passed the last discard)."""
        return self.phase == "over"

    @property
    def at_wall(self) -> bool:
        """The stock is down to its last cards and the wall lets the player to move take the last discard to
        knock (``wall``), or he has taken it and must knock (``wall_knock``)."""
        return self.phase in ("wall", "wall_knock")

    @property
    def discard_top(self) -> "Optional[Card]":
        return self.pile[-1] if self.pile else None

    @property
    def opponent(self) -> str:
        return self.dealer if self.player == self.other else self.other

    def may(self) -> str:
        """What the player to move may do, in English: ``take the upcard 7♦ or pass`` (no Message built)."""
        if self.phase in ("offer", "draw", "wall"):
            return _MAY[self.phase] % {"card": self.discard_top.pretty if self.discard_top else "-"}
        return _MAY[self.phase]

    def may_said(self) -> Message:
        """What the player to move may do, as a message: ``take the upcard 7♦ or pass``."""
        if self.phase in ("offer", "draw", "wall"):
            return Message(_MAY[self.phase], card=self.discard_top.pretty if self.discard_top else "-")
        return Message(_MAY[self.phase])

    def whose_turn(self) -> str:
        """Whose turn it is and what he may do, in English (no Message built)."""
        if self.phase == "over":
            return _DEAD
        return _TURN[self.phase] % {"player": self.player, "card": self.discard_top.pretty if self.discard_top else "-"}

    def turn_said(self) -> Message:
        """Whose turn it is and what he may do, as a message (a whole sentence per phase)."""
        if self.phase == "over":
            return Message(_DEAD)
        if self.phase in ("offer", "draw", "wall"):
            return Message(_TURN[self.phase], player=self.player,
                           card=self.discard_top.pretty if self.discard_top else "-")
        return Message(_TURN[self.phase], player=self.player)

    # -- verify ------------------------------------------------------------------------------------------
    def verify_turn(self, player: str, action: str = "act") -> None:
        """Raise unless it is ``player``'s turn: OutOfTurnError for a player not to move (or not in this
        hand), IllegalActionError once the hand is over."""
        if player not in self.known:
            raise OutOfTurnError(Message(N_("%(player)s is not playing this hand (%(dealer)s and %(other)s are): "
                                            "%(turn)s"), player=player, dealer=self.dealer, other=self.other,
                                         turn=self.turn_said()))
        if self.phase == "over":
            if action in _CANNOT:
                raise IllegalActionError(Message(_CANNOT[action], turn=self.turn_said()))
            raise IllegalActionError(Message(N_("cannot %(action)s: %(turn)s"), action=action, turn=self.turn_said()))
        if player != self.player:
            raise OutOfTurnError(Message(N_("out of turn: %(turn)s"), turn=self.turn_said()))

    def verify_take(self, player: str, card: "Optional[Card]" = None) -> None:
        self.verify_turn(player, "take")
        if self.phase not in ("offer", "draw", "wall"):
            raise IllegalActionError(Message(N_("%(player)s cannot take now: %(turn)s"), player=player,
                                             turn=self.turn_said()))
        if not self.pile:
            raise IllegalActionError(Message(N_("the discard pile is empty")))
        top = self.pile[-1]
        if card is not None and card is not top:
            raise IllegalActionError(Message(N_("%(player)s cannot take %(card)s: the top of the discard pile is "
                                                "%(top)s"), player=player, card=card.code, top=top.code))

    def verify_pass(self, player: str) -> None:
        self.verify_turn(player, "pass")
        if self.phase not in ("offer", "wall"):
            raise IllegalActionError(Message(N_("%(player)s cannot pass: only the upcard can be passed; %(turn)s"),
                                             player=player, turn=self.turn_said()))

    def verify_draw(self, player: str, card: "Optional[Card]" = None) -> None:
        self.verify_turn(player, "draw")
        if self.phase not in ("draw", "stock"):
            raise IllegalActionError(Message(N_("%(player)s cannot draw now: %(turn)s"), player=player,
                                             turn=self.turn_said()))
        if self.stock <= 0:
            raise IllegalActionError(Message(N_("the stock is empty")))
        if card is not None:
            self._verify_unseen(card, player)

    def verify_discard(self, player: str, card: Card) -> None:
        self.verify_turn(player, "discard")
        if self.phase == "wall_knock":
            raise IllegalActionError(Message(N_("%(player)s cannot discard %(card)s: at the wall the last discard is "
                                                "taken only to knock; knock, or end the hand with 'dead'"),
                                             player=player, card=card.code))
        if self.phase != "discard":
            raise IllegalActionError(Message(N_("%(player)s cannot discard now: %(turn)s"), player=player,
                                             turn=self.turn_said()))
        if card is self.just_taken and not self.discard_taken_card:
            raise IllegalActionError(Message(JUST_TAKEN, player=player, card=card.code))
        if card.index in self.known[self.opponent]:
            raise IllegalActionError(Message(N_("%(player)s cannot discard %(card)s: it is in %(other)s's hand"),
                                             player=player, card=card.code, other=self.opponent))
        if card.index in self.discarded and card.index not in self.known[player]:
            raise IllegalActionError(Message(N_("%(player)s cannot discard %(card)s: it was already discarded"),
                                             player=player, card=card.code))

    def _verify_unseen(self, card: Card, player: str) -> None:
        for name, cards in self.known.items():
            if card.index in cards:
                raise IllegalActionError(Message(N_("%(player)s cannot draw %(card)s: it is already in %(other)s's "
                                                    "hand"), player=player, card=card.code, other=name))
        if card.index in self.discarded:
            raise IllegalActionError(Message(N_("%(player)s cannot draw %(card)s: it has been discarded"),
                                             player=player, card=card.code))

    def verify_knock(self, player: str) -> None:
        """A knock is made after drawing and before discarding."""
        self.verify_turn(player, "knock")
        if self.phase not in ("discard", "wall_knock"):
            raise IllegalActionError(Message(N_("%(player)s cannot knock now: a knock comes after the draw; %(turn)s"),
                                             player=player, turn=self.turn_said()))

    def _verifier(self, action: str) -> "Callable[..., None]":
        verifier: Callable[..., None] = getattr(self, "verify_" + action)
        return verifier

    # -- act ---------------------------------------------------------------------------------------------
    def play(self, turn: Turn) -> None:
        """Verify and apply one Turn; raises IllegalActionError and changes nothing if it is refused."""
        if turn.action not in ACTIONS:
            raise IllegalActionError(Message(N_("unknown action '%(action)s'"), action=turn.action))
        args = [turn.card] if turn.action in ("take", "draw", "discard") else []
        self._verifier(turn.action)(turn.player, *args)
        getattr(self, "_" + turn.action)(turn.player, turn.card)
        self.turns.append(turn)

    def _take(self, player: str, _card: "Optional[Card]") -> None:
        card = self.pile.pop()
        self.known[player].add(card.index)
        self.taken[player].add(card.index)
        self.just_taken = card
        self.phase = "wall_knock" if self.phase == "wall" else "discard"

    def _pass(self, player: str, _card: "Optional[Card]") -> None:
        if self.phase == "wall":
            self.phase = "over"
            return
        if player == self.other:
            self.player = self.dealer
        else:
            self.player, self.phase = self.other, "stock"

    def _draw(self, player: str, card: "Optional[Card]") -> None:
        self.stock -= 1
        if card is not None:
            self.known[player].add(card.index)
        self.just_taken = None
        self.phase = "discard"

    def _discard(self, player: str, card: Card) -> None:
        self.known[player].discard(card.index)
        self.taken[player].discard(card.index)
        self.discarded.add(card.index)
        self.pile.append(card)
        self.just_taken = None
        if self.stock <= self.dead_hand_stock:
            if self.wall and self.pile:
                self.player, self.phase = self.opponent, "wall"
            else:
                self.phase = "over"
            return
        self.player, self.phase = self.opponent, "draw"

    # -- the knock -----------------------------------------------------------------------------------------
    def check_spread(self, knocker: str, knocker_cards: "Iterable[Card]", discard: "Optional[Card]",
                     defender_cards: "Optional[Iterable[Card]]" = None) -> "List[str]":
        """Problems (messages) if the spread hands do not fit what was seen in this deal; [] if they fit.

        ``knocker_cards`` are the knocker's 11 cards before his discard, ``discard`` the card he discards
        (None: not known yet, or big gin). Without ``defender_cards`` only the knocker's hand is checked.
        """
        return [message for _side, message in self.spread_misfits(knocker, knocker_cards, discard, defender_cards)]

    def spread_misfits(self, knocker: str, knocker_cards: "Iterable[Card]", discard: "Optional[Card]",
                       defender_cards: "Optional[Iterable[Card]]" = None) -> "List[Tuple[str, str]]":
        """``check_spread`` as ``(side, message)`` pairs, ``side`` being "knocker" or "defender" (English)."""
        return [(side, message.english())
                for side, message in self.spread_misfits_said(knocker, knocker_cards, discard, defender_cards)]

    def spread_misfits_said(self, knocker: str, knocker_cards: "Iterable[Card]", discard: "Optional[Card]",
                            defender_cards: "Optional[Iterable[Card]]" = None) -> "List[Tuple[str, Message]]":
        """``spread_misfits`` with each problem as a message."""
        defender = self.dealer if knocker == self.other else self.other
        hands = {knocker: ("knocker", {c.index for c in knocker_cards})}
        if defender_cards is not None:
            hands[defender] = ("defender", {c.index for c in defender_cards})
        problems: "List[Tuple[str, Message]]" = []
        if discard is self.just_taken and discard is not None and not self.discard_taken_card:
            problems.append(("knocker", Message(JUST_TAKEN, player=knocker, card=discard.code)))
        for name, (side, hand) in hands.items():
            for index in sorted(self.known[name] - hand):
                kept = (N_("%(player)s took %(card)s and did not discard it, but it is not in the hand spread")
                        if index in self.taken[name] else
                        N_("%(player)s drew %(card)s and did not discard it, but it is not in the hand spread"))
                problems.append((side, Message(kept, player=name, card=_code(index))))
        pile = {c.index for c in self.pile}
        for name, (side, hand) in hands.items():
            for index in sorted(hand & pile):
                problems.append((side, Message(N_("%(card)s is on the discard pile, not in %(player)s's hand"),
                                               card=_code(index), player=name)))
        return problems

    def summary(self) -> "Dict[str, Any]":
        """The open hand for a tally: whose turn and what phase, the pile top and the stock count."""
        return {
            "turn": None if self.phase == "over" else {"player": self.player, "phase": self.phase},
            "discard_top": self.discard_top.code if self.discard_top else None,
            "stock_count": self.stock,
        }


def _code(index: int) -> str:
    return DECK[index].code

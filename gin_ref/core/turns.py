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

STOCK_AT_START = 52 - 2 * 10 - 1
ACTIONS = ("take", "pass", "draw", "discard")
# phases: "offer" (may take the upcard or pass), "draw" (draw from stock or take), "stock" (must draw from
# the stock: both passed the upcard), "discard" (discard or knock), "over" (dead); with the wall (house rule
# ``wall``): "wall" (the stock is down to its last cards: take the last discard to knock, or pass and the
# hand is dead) and "wall_knock" (taken at the wall: knock).
VERBS = {"take": "takes", "pass": "passes", "draw": "draws", "discard": "discards"}
_ACTION_OF = {**{verb: action for action, verb in VERBS.items()}, **{action: action for action in ACTIONS}}
_NOTATION_HELP = "write PLAYER ACTION [CARD]: 'Ann passes', 'Ann takes 7D', 'Ann draws', 'Ann discards 5S'"


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
    def parse(cls, text: object, players: Sequence[str]) -> "Turn":
        """A Turn from its notation; the player is one of ``players`` (exactly, else ignoring case; a name
        may hold spaces). The verb may also be written as the command (``Ann draw 5S``). Raises
        InvalidNotationError."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"a turn is a line of text ({_NOTATION_HELP}), not {shown_value(text)}")
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
                    raise InvalidNotationError(f"turn '{text}': a discard names its card ('{name} discards 5S')")
                if action == "pass" and card is not None:
                    raise InvalidNotationError(f"turn '{text}': a pass names no card")
                return cls(action, name, card)
        raise InvalidNotationError(f"turn '{text}' cannot be read: {_NOTATION_HELP}, with PLAYER one of "
                                   f"{', '.join(players)}")


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

    def __init__(self, dealer: str, other: str, upcard: Optional[Card], discard_taken_card: bool = False,
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
    def discard_top(self) -> Optional[Card]:
        return self.pile[-1] if self.pile else None

    @property
    def opponent(self) -> str:
        return self.dealer if self.player == self.other else self.other

    def may(self) -> str:
        """What the player to move may do, for people: ``take 7♦ or pass``."""
        top = self.discard_top.pretty if self.discard_top else "nothing"
        return {
            "offer": f"take the upcard {top} or pass",
            "draw": f"draw from the stock or take {top}",
            "stock": "draw from the stock (both passed the upcard)",
            "discard": "discard or knock",
            "over": "nothing: the hand is over",
            "wall": f"take {top} to knock, or pass (the stock is down to its last cards: the hand is then dead)",
            "wall_knock": "knock (the discard was taken at the wall)",
        }[self.phase]

    def whose_turn(self) -> str:
        if self.phase == "over":
            return "the hand is dead: the stock is down to its last cards"
        return f"it is {self.player}'s turn to {self.may()}"

    # -- verify ------------------------------------------------------------------------------------------
    def verify_turn(self, player: str, action: str = "act") -> None:
        """Raise unless it is ``player``'s turn: OutOfTurnError for a player not to move (or not in this
        hand), IllegalActionError once the hand is over."""
        if player not in self.known:
            raise OutOfTurnError(f"{player} is not playing this hand ({self.dealer} and {self.other} are): "
                                 f"{self.whose_turn()}")
        if self.phase == "over":
            raise IllegalActionError(f"cannot {action}: {self.whose_turn()}")
        if player != self.player:
            raise OutOfTurnError(f"out of turn: {self.whose_turn()}")

    def verify_take(self, player: str, card: Optional[Card] = None) -> None:
        self.verify_turn(player, "take")
        if self.phase not in ("offer", "draw", "wall"):
            raise IllegalActionError(f"{player} cannot take now: {self.whose_turn()}")
        if not self.pile:
            raise IllegalActionError("the discard pile is empty")
        top = self.pile[-1]
        if card is not None and card is not top:
            raise IllegalActionError(f"{player} cannot take {card.code}: the top of the discard pile is {top.code}")

    def verify_pass(self, player: str) -> None:
        self.verify_turn(player, "pass")
        if self.phase not in ("offer", "wall"):
            raise IllegalActionError(f"{player} cannot pass: only the upcard can be passed; {self.whose_turn()}")

    def verify_draw(self, player: str, card: Optional[Card] = None) -> None:
        self.verify_turn(player, "draw")
        if self.phase not in ("draw", "stock"):
            raise IllegalActionError(f"{player} cannot draw now: {self.whose_turn()}")
        if self.stock <= 0:
            raise IllegalActionError("the stock is empty")
        if card is not None:
            self._verify_unseen(card, f"{player} cannot draw {card.code}")

    def verify_discard(self, player: str, card: Card) -> None:
        self.verify_turn(player, "discard")
        if self.phase == "wall_knock":
            raise IllegalActionError(f"{player} cannot discard {card.code}: at the wall the last discard is taken "
                                     "only to knock; knock, or end the hand with 'dead'")
        if self.phase != "discard":
            raise IllegalActionError(f"{player} cannot discard now: {self.whose_turn()}")
        if card is self.just_taken and not self.discard_taken_card:
            raise IllegalActionError(f"{player} cannot discard {card.code}: it was just taken from the pile")
        if card.index in self.known[self.opponent]:
            raise IllegalActionError(f"{player} cannot discard {card.code}: it is in {self.opponent}'s hand")
        if card.index in self.discarded and card.index not in self.known[player]:
            raise IllegalActionError(f"{player} cannot discard {card.code}: it was already discarded")

    def _verify_unseen(self, card: Card, what: str) -> None:
        for name, cards in self.known.items():
            if card.index in cards:
                raise IllegalActionError(f"{what}: it is already in {name}'s hand")
        if card.index in self.discarded:
            raise IllegalActionError(f"{what}: it has been discarded")

    def verify_knock(self, player: str) -> None:
        """A knock is made after drawing and before discarding."""
        self.verify_turn(player, "knock")
        if self.phase not in ("discard", "wall_knock"):
            raise IllegalActionError(f"{player} cannot knock now: a knock comes after the draw; {self.whose_turn()}")

    def _verifier(self, action: str) -> Callable[..., None]:
        verifier: Callable[..., None] = getattr(self, "verify_" + action)
        return verifier

    # -- act ---------------------------------------------------------------------------------------------
    def play(self, turn: Turn) -> None:
        """Verify and apply one Turn; raises IllegalActionError and changes nothing if it is refused."""
        if turn.action not in ACTIONS:
            raise IllegalActionError(f"unknown action '{turn.action}'")
        args = [turn.card] if turn.action in ("take", "draw", "discard") else []
        self._verifier(turn.action)(turn.player, *args)
        getattr(self, "_" + turn.action)(turn.player, turn.card)
        self.turns.append(turn)

    def _take(self, player: str, _card: Optional[Card]) -> None:
        card = self.pile.pop()
        self.known[player].add(card.index)
        self.taken[player].add(card.index)
        self.just_taken = card
        self.phase = "wall_knock" if self.phase == "wall" else "discard"

    def _pass(self, player: str, _card: Optional[Card]) -> None:
        if self.phase == "wall":
            self.phase = "over"
            return
        if player == self.other:
            self.player = self.dealer
        else:
            self.player, self.phase = self.other, "stock"

    def _draw(self, player: str, card: Optional[Card]) -> None:
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
    def check_spread(self, knocker: str, knocker_cards: Iterable[Card], discard: Optional[Card],
                     defender_cards: Optional[Iterable[Card]] = None) -> List[str]:
        """Problems (messages) if the spread hands do not fit what was seen in this deal; [] if they fit.

        ``knocker_cards`` are the knocker's 11 cards before his discard, ``discard`` the card he discards
        (None: not known yet, or big gin). Without ``defender_cards`` only the knocker's hand is checked.
        """
        return [message for _side, message in self.spread_misfits(knocker, knocker_cards, discard, defender_cards)]

    def spread_misfits(self, knocker: str, knocker_cards: Iterable[Card], discard: Optional[Card],
                       defender_cards: Optional[Iterable[Card]] = None) -> List[Tuple[str, str]]:
        """``check_spread`` as ``(side, message)`` pairs, ``side`` being "knocker" or "defender"."""
        defender = self.dealer if knocker == self.other else self.other
        hands = {knocker: ("knocker", {c.index for c in knocker_cards})}
        if defender_cards is not None:
            hands[defender] = ("defender", {c.index for c in defender_cards})
        problems: List[Tuple[str, str]] = []
        if discard is self.just_taken and discard is not None and not self.discard_taken_card:
            problems.append(("knocker", f"{knocker} cannot discard {discard.code}: it was just taken from the pile"))
        for name, (side, hand) in hands.items():
            for index in sorted(self.known[name] - hand):
                how = "took" if index in self.taken[name] else "drew"
                problems.append((side, f"{name} {how} {_code(index)} and did not discard it, but it is not in the "
                                       "hand spread"))
        pile = {c.index for c in self.pile}
        for name, (side, hand) in hands.items():
            for index in sorted(hand & pile):
                problems.append((side, f"{_code(index)} is on the discard pile, not in {name}'s hand"))
        return problems

    def summary(self) -> Dict[str, Any]:
        """The open hand for a tally: whose turn and what phase, the pile top and the stock count."""
        return {
            "turn": None if self.phase == "over" else {"player": self.player, "phase": self.phase},
            "discard_top": self.discard_top.code if self.discard_top else None,
            "stock_count": self.stock,
        }


def _code(index: int) -> str:
    return DECK[index].code

"""The play of a hand in a match record: its turns, replayed through ``gin_ref.core.turns.Deal``, and the
irregularities kept with the hand and with the match (RULES.md sections 3 and 9).

A hand entry may hold ``turns``, one line per action in the order played (``Ben passes``, ``Ann takes 7D``,
``Ann discards QH``, ``Ben draws``, ``Ben draws 5S``). Each is replayed through the deal's state machine, so
an action out of order, a card that cannot be where it is said to be, a hand that should have ended dead,
or a knock that does not fit the deal is a problem at its line. A hand without turns is settled as before.

Irregularities are history, not problems; each is checked to be what it says it is:

- in a hand's ``irregularities``: ``illegal_knock`` {player, detail, points, cards[, melds, discard]} and
  ``out_of_turn`` {player, action (take, pass, draw, discard, knock)[, card], detail}; each holds ``turn``,
  the number of the turn that was due when it happened (an illegal knock only in a hand recorded turn by
  turn), so the replay checks it against the deal as it stood then;
- in the match's ``irregularities`` (top level): ``wrong_dealer`` {hand (the hand that was to be dealt),
  player, detail}.

``PlayReplay`` is the part of ``gin_ref.match.replay.Replay`` that reads these; it works on the replay's state
(``rules``, ``players``, ``current``, ``dealer``, ``finished``, ``_problem``, ``_score``).
"""

from gin_ref.core.cards import DECK, Card, parse_cards
from gin_ref.core.errors import GinRefError, IllegalActionError, InvalidNotationError
from gin_ref.match.header import player_at
from gin_ref.core.knock import check_knock
from gin_ref.core.melds import parse_melds
from gin_ref.core.turns import ACTIONS, Deal, Turn

HAND_IRREGULARITIES = ("illegal_knock", "out_of_turn")
MATCH_IRREGULARITIES = ("wrong_dealer",)
OUT_OF_TURN_ACTIONS = ACTIONS + ("knock",)

# What reading a recorded value can raise besides a GinRefError, when the value has the wrong shape.
SHAPE_ERRORS = (GinRefError, TypeError, ValueError, AttributeError)
_BY_CODE = {card.code: card for card in DECK}


def recorded_cards(value, counts, what):
    """Cards as a record holds them: a list of canonical codes (fast), or any notation parse_cards reads."""
    if isinstance(value, list) and all(isinstance(code, str) for code in value):
        if len(value) in counts:
            cards = tuple(_BY_CODE.get(code) for code in value)
            if None not in cards and len(set(cards)) == len(cards):
                return cards
        return parse_cards(value, counts=counts, what=what)
    if isinstance(value, str):
        return parse_cards(value, counts=counts, what=what)
    raise InvalidNotationError(f"{what} must be a list of cards, not {value!r}")


def card_of(code):
    return (_BY_CODE.get(code) if isinstance(code, str) else None) or Card.parse(str(code or ""))


def position(item):
    """The turn an irregularity happened at: its ``turn``, or 1 (before any turn) when it has none."""
    turn = item.get("turn") if isinstance(item, dict) else None
    return turn if _is_count(turn) else 1


def turn_count(entry):
    turns = entry.get("turns")
    return len(turns) if isinstance(turns, list) else 0


def _is_count(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def describe_irregularity(item):
    """An irregularity for people: ``Ann's knock refused (knock not allowed: ...)``, ``Ben's draw refused
    (out of turn: ...)``, ``Ben's deal refused (Ben cannot deal hand 4: ...)`` (without a penalty)."""
    kind = item.get("kind")
    action = {"illegal_knock": "knock", "wrong_dealer": "deal"}.get(kind) or item.get("action") or "action"
    card = f" {item['card']}" if kind == "out_of_turn" and item.get("card") else ""
    return f"{item.get('player')}'s {action}{card} refused ({item.get('detail')})"


class PlayReplay:
    """Replays the turns and irregularities of a record (mixed into ``gin_ref.match.replay.Replay``)."""

    table = None  # the turns.Deal of the last hand dealt, when it has turns (Match.table() makes one)
    table_ok = True  # False once a turn of that hand failed to replay: later checks are left out

    def new_table(self):
        """A fresh turns.Deal for the last hand dealt (None when its upcard cannot be read)."""
        deal = self.current
        if deal is None or deal.upcard is None:
            return None
        return Deal(deal.pair[0], deal.pair[1], deal.upcard, self.rules.discard_taken_card,
                    self.rules.dead_hand_stock)

    # -- a hand's turns and irregularities, in the order they happened --------------------------------------
    def _replay_play(self, index, entry):
        where, number = ("hands", index), index + 1
        self.table, self.table_ok = None, True
        turns = entry.get("turns", [])
        if not isinstance(turns, list):
            self._problem(where + ("turns",), f"hand {number}: 'turns' must be a list, one turn a line ('Ann draws')")
            turns, self.table_ok = [], False
        items = entry.get("irregularities", [])
        if not isinstance(items, list):
            self._problem(where + ("irregularities",), f"hand {number}: 'irregularities' must be a list")
            items = []
        if turns or any(isinstance(item, dict) and "turn" in item for item in items):
            self.table = self.new_table()
        i, last = 0, 1
        for k in range(len(turns) + 1):
            while i < len(items) and position(items[i]) <= k + 1:
                if position(items[i]) < last:
                    self._problem(where + ("irregularities", i), f"hand {number}: the irregularities are not "
                                                                 "in the order of their turns")
                last = max(last, position(items[i]))
                self._replay_irregularity(index, i, items[i], k + 1)
                i += 1
            if k < len(turns):
                self._replay_turn(index, k, turns[k])
        for i in range(i, len(items)):
            self._problem(where + ("irregularities", i, "turn"),
                          f"hand {number}: an irregularity at turn {position(items[i])}, but {len(turns)} turns "
                          "are recorded")
            self._replay_irregularity(index, i, items[i], None)

    def _replay_turn(self, index, k, text):
        if self.table is None or not self.table_ok:
            return
        try:
            self.table.play(Turn.parse(text, self.players))
        except GinRefError as exc:
            self._problem(("hands", index, "turns", k), f"hand {index + 1}, turn {k + 1} ({text}): {exc}")
            self.table_ok = False

    def _check_play(self, index, entry, showdown=None):
        """A hand recorded turn by turn ends as its turns say: dead by itself once a discard leaves
        ``dead_hand_stock`` cards in the stock, else knocked by the player to move with a spread that fits."""
        table = self.table
        if table is None or not self.table_ok or not turn_count(entry):
            return
        where, number, result = ("hands", index), index + 1, entry.get("result")
        left = f"{table.stock} card{'s' if table.stock != 1 else ''} in the stock"
        if result is None:
            if table.dead:
                self._problem(where, f"hand {number}: its turns end it dead (a discard left {left}), but it has "
                                     "no result")
        elif result == "dead":
            if not table.dead:
                self._problem(where + ("result",), f"hand {number} is dead, but its turns leave {left} (it is dead "
                                                   f"when a discard leaves {self.rules.dead_hand_stock})")
        elif showdown is not None:
            self._check_knock_fits(where, number, entry, showdown.knocker.discard)

    def _check_knock_fits(self, where, number, entry, discard):
        table, knocker = self.table, entry.get("knocker")
        try:
            table.verify_knock(knocker)
        except IllegalActionError as exc:
            self._problem(where + ("knocker",), f"hand {number}: {knocker}'s knock: {exc}")
            return
        try:
            cards = recorded_cards(entry.get("knocker_cards"), (10, 11), "knocker's hand")
            defender = recorded_cards(entry.get("defender_cards"), (10,), "defender's hand")
        except SHAPE_ERRORS:
            return  # reported by the settlement
        if len(cards) != 11:
            self._problem(where + ("knocker_cards",), f"hand {number} is recorded turn by turn: the knocker "
                                                      "spreads the 11 cards he holds after his draw")
            return
        for side, message in table.spread_misfits(knocker, cards, discard, defender):
            self._problem(where + (f"{side}_cards",), f"hand {number}: the spread does not fit the deal: {message}")

    # -- irregularities in a hand ------------------------------------------------------------------------
    def _replay_irregularity(self, index, i, item, at=None):
        where, number = ("hands", index, "irregularities", i), index + 1
        if not isinstance(item, dict):
            self._problem(where, f"hand {number}: an irregularity holds kind, player, detail and points")
            return
        if item.get("kind") not in HAND_IRREGULARITIES:
            self._problem(where + ("kind",), f"hand {number}: unknown irregularity {item.get('kind')!r} "
                                             f"(known: {', '.join(HAND_IRREGULARITIES)})")
            return
        if "turn" in item and not _is_count(item["turn"]):
            self._problem(where + ("turn",), f"hand {number}: an irregularity's 'turn' is the number of the turn "
                                             f"that was due, not {item['turn']!r}")
        if not isinstance(item.get("detail"), str):
            self._problem(where + ("detail",) if "detail" in item else where,
                          f"hand {number}: an irregularity's 'detail' must be the reason it was refused")
        if item["kind"] == "out_of_turn":
            self._replay_out_of_turn(where, number, item, at)
        else:
            self._replay_illegal_knock(where, number, item, at)

    def _replay_out_of_turn(self, where, number, item, at):
        player = player_at(item, "player", where, self.players, self._problem,
                           what=f"hand {number}: the player out of turn")
        action = item.get("action")
        if action not in OUT_OF_TURN_ACTIONS:
            self._problem(where + ("action",) if "action" in item else where,
                          f"hand {number}: an out-of-turn 'action' is one of {', '.join(OUT_OF_TURN_ACTIONS)}, "
                          f"not {action!r}")
            action = None
        if "turn" not in item:
            self._problem(where, f"hand {number}: an out-of-turn irregularity says at which 'turn' it happened")
        if item.get("card") is not None:
            try:
                card_of(item["card"])
            except SHAPE_ERRORS as exc:
                self._problem(where + ("card",), f"hand {number}: the out-of-turn card: {exc}")
        if None in (player, action, at) or self.table is None or not self.table_ok:
            return
        try:
            self.table.verify_turn(player, action)
        except IllegalActionError:
            return
        self._problem(where + ("player",), f"hand {number}, turn {at}: {player}'s {action} is recorded as out of "
                                           f"turn, but it was {player}'s turn")

    def _replay_illegal_knock(self, where, number, item, at):
        deal = self.current
        player = player_at(item, "player", where, deal.pair, self._problem,
                           what=f"hand {number}: the player of an illegal knock")
        penalty = self.rules.illegal_knock_penalty if self.rules.illegal_knock == "penalty" else 0
        if item.get("cards") is not None and deal.upcard is not None:
            try:
                melds = parse_melds(item["melds"]) if item.get("melds") is not None else None
                discard = card_of(item["discard"]) if item.get("discard") is not None else None
                cards = recorded_cards(item["cards"], (10, 11), "knocker's hand")
                check = check_knock(cards, self.rules, deal.upcard, melds, discard)
                if check.legal:
                    self._problem(where + ("cards",), f"hand {number}: the knock recorded as illegal is legal "
                                                      f"({check.verdict})")
                self._check_refused_knock(where, number, item, at, player, cards, discard)
            except SHAPE_ERRORS as exc:
                self._problem(where + ("cards",), f"hand {number}: the illegal knock's cards: {exc}")
        if item.get("points") != penalty:
            why = f"the penalty is {penalty}" if penalty else "illegal_knock: reject has no penalty"
            self._problem(where + ("points",) if "points" in item else where,
                          f"hand {number}: the illegal knock's points are {item.get('points')!r}, but {why}")
        if player is not None and penalty:
            self._score(next(name for name in deal.pair if name != player), penalty, hand_won=False)

    def _check_refused_knock(self, where, number, item, at, player, cards, discard):
        """An illegal knock in a hand recorded turn by turn was made in turn, with cards that fit the deal."""
        if "turn" not in item or at is None or player is None or self.table is None or not self.table_ok:
            return
        try:
            self.table.verify_knock(player)
        except IllegalActionError as exc:
            self._problem(where + ("turn",), f"hand {number}, turn {at}: {player}'s refused knock: {exc}")
            return
        if len(cards) == 11:
            for message in self.table.check_spread(player, cards, discard):
                self._problem(where + ("cards",), f"hand {number}, turn {at}: the refused knock does not fit the "
                                                  f"deal: {message}")

    # -- irregularities of the match: deals refused ------------------------------------------------------
    def _match_items(self):
        items = self.record.get("irregularities", [])
        return items if isinstance(items, list) else []

    def _replay_match_irregularities(self, upto):
        """The match's irregularities recorded before hand ``upto`` was dealt (the replay stands there)."""
        items = self._match_items()
        while self.match_next < len(items):
            item = items[self.match_next]
            hand = item.get("hand") if isinstance(item, dict) else None
            if _is_count(hand) and hand > upto:
                return
            self.match_next += 1
            self._replay_wrong_dealer(self.match_next - 1, item, upto)

    def _check_match_irregularities(self):
        """After the last hand: the list's shape, and any item for a hand that was never due."""
        if not isinstance(self.record.get("irregularities", []), list):
            self._problem(("irregularities",), "'irregularities' must be a list")
        items = self._match_items()
        for i in range(self.match_next, len(items)):
            self._problem(("irregularities", i, "hand"), f"a deal of hand {items[i]['hand']} was refused, but "
                                                         f"only {len(self.record['hands'])} hands are recorded")

    def _replay_wrong_dealer(self, i, item, upto):
        where = ("irregularities", i)
        if not isinstance(item, dict):
            self._problem(where, "an irregularity of the match holds kind, hand, player and detail")
            return
        if item.get("kind") not in MATCH_IRREGULARITIES:
            self._problem(where + ("kind",), f"unknown irregularity of the match {item.get('kind')!r} (known: "
                                             f"{', '.join(MATCH_IRREGULARITIES)}; a hand's own go with the hand)")
            return
        hand = item.get("hand")
        if not _is_count(hand):
            self._problem(where + ("hand",) if "hand" in item else where,
                          f"a refused deal names the 'hand' that was to be dealt, not {hand!r}")
            return
        if not isinstance(item.get("detail"), str):
            self._problem(where + ("detail",) if "detail" in item else where,
                          f"hand {hand}: a refused deal's 'detail' must be the reason it was refused")
        player = player_at(item, "player", where, self.players, self._problem, what=f"hand {hand}: the dealer refused")
        if hand < upto:
            self._problem(where + ("hand",), f"hand {hand}: the refused deal is recorded after hand {upto - 1}'s "
                                             "(keep them in the order of the hands)")
        elif self.finished:
            self._problem(where + ("hand",), f"hand {hand}: a deal is recorded as refused after the match ended")
        elif player is not None and player == self.dealer:
            self._problem(where + ("player",), f"hand {hand}: {player}'s deal is recorded as by the wrong dealer, "
                                               f"but {player} was to deal ({self.why})")

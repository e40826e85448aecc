"""A match: the record of every deal and where the match stands (RULES.md sections 3, 6-9).

The record is plain data, exactly what a match file holds (``gin_ref.files.matchfile`` reads and writes the YAML):
``format``, ``date``, ``players``, ``rules`` {``name``, ``knobs``}, ``start``, ``hands`` (one entry per deal),
``irregularities`` (the match's own: deals refused; written once there is one) and ``corrections`` (what
``undo`` took back). A hand may be recorded turn by turn (``turns``; see ``gin_ref.match.handplay``). ``Match``
replays a record through the engine: every derived value (limit, result, winner, points, totals) is worked
out again from the cards and compared with what the record says. Strict replay (``Match(record)``) raises
the first problem as a ``RecordError``; lenient replay (``Match(record, lenient=True)``) collects them all
in ``problems``. A problem's ``where`` is its path of
keys into the record (``("hands", 2, "totals")``), which the record adapter turns into a line number.

Actions (``deal``, ``play_turn``, ``knock``, ``dead``, ``undo``) change the record and the state together,
through the same code that replays a record, so what is written is what verification expects. An action
that is refused raises (``InvalidNotationError`` for bad input, ``IllegalActionError`` for a refusal) and
changes nothing. The exceptions are kept as irregularities: an illegal knock (refused and recorded:
``KnockOutcome.refused``), and an action by a player whose turn it is not, a turn or a knock out of turn or
a deal by the wrong dealer (recorded, then ``OutOfTurnError`` is raised with ``irregularity`` set).
"""

from typing import NamedTuple, Optional

from gin_ref.core import game
from gin_ref.core.cards import Card, codes
from gin_ref.core.errors import IllegalActionError, InvalidNotationError, OutOfTurnError
from gin_ref.core.game import check_name, find_player, parse_draw
from gin_ref.match.handplay import position, turn_count
from gin_ref.match.header import FORMAT, TOP_KEYS
from gin_ref.core.knock import check_knock, knock_limit, verify_knock
from gin_ref.core.melds import parse_melds
from gin_ref.match.replay import HAND_KEYS, RESULTS, SETTLED_KEYS, Problem, Replay, entry_order
from gin_ref.core.scoring import read_hands, settle
from gin_ref.match.tally import describe_irregularity, describe_result, tally_data
from gin_ref.core.turns import Turn

__all__ = ["FORMAT", "TOP_KEYS", "HAND_KEYS", "RESULTS", "Match", "KnockOutcome", "TurnOutcome", "Problem",
           "tally_data", "describe_result", "describe_irregularity", "check_name", "find_player", "parse_draw"]


class KnockOutcome(NamedTuple):
    """What ``Match.knock`` did: settled the hand (``showdown``) or recorded an illegal knock (``refused``)."""

    number: int
    knocker: str
    defender: str
    showdown: object  # scoring.Showdown, or None when the knock was refused
    irregularity: Optional[dict]

    @property
    def refused(self):
        return self.showdown is None


class TurnOutcome(NamedTuple):
    """What ``Match.play_turn`` did: turn ``turn_number`` of hand ``number``, as recorded (a take names the
    card taken); ``offer`` when it answered the upcard offer; ``dead`` when its discard ended the hand."""

    number: int
    turn_number: int
    turn: Turn
    offer: bool
    dead: bool
    table: object  # the turns.Deal after the turn


class Match(Replay):
    """A match: its record, where it stands, and the actions that extend it."""

    # -- building ----------------------------------------------------------------------------------------
    @classmethod
    def new(cls, players, rules, date, dealer=None, box=None, captain=None, draw=None, rng=None):
        """A new match (no hands yet). Two players: ``dealer`` deals first (else one drawn with ``rng``).
        Three: roles from ``draw`` ({name: Card} or NAME=CARD items), or ``box`` and ``captain``, else drawn.
        """
        if rng is None:
            import random

            rng = random.SystemRandom()
        players = [check_name(name) for name in players]
        want = rules.players
        if len(players) != want:
            what = "the three-player rules" if want == 3 else f"the {rules.name} rules"
            raise InvalidNotationError(f"{what} need {want} players, not {len(players)}")
        seen = {}
        for name in players:
            other = seen.get(name.casefold())
            if other == name:
                raise InvalidNotationError(f"player name '{name}' given twice")
            if other is not None:
                raise InvalidNotationError(f"player names '{other}' and '{name}' differ only in case "
                                           "(a player is named ignoring case)")
            seen[name.casefold()] = name
        if want == 2:
            if box is not None or captain is not None or draw:
                raise InvalidNotationError("--box, --captain and --draw are for three players; "
                                           "name the first dealer with --dealer")
            start = {"dealer": find_player(players, dealer) if dealer is not None else rng.choice(players),
                     "drawn": dealer is None}
        else:
            if dealer is not None:
                raise InvalidNotationError("in the box the box player deals: name the roles with --box and "
                                           "--captain, or give the cards drawn with --draw")
            start = cls._first_roles(players, box, captain, draw, rng)
        record = {
            "format": FORMAT,
            "date": str(date),
            "players": players,
            "rules": {"name": rules.name, "knobs": rules.knobs()},
            "start": start,
            "hands": [],
            "corrections": [],
        }
        return cls(record)

    @staticmethod
    def _first_roles(players, box, captain, draw, rng):
        if draw:
            if box is not None or captain is not None:
                raise InvalidNotationError("give the roles either with --draw or with --box and --captain")
            if not isinstance(draw, dict):
                draw = parse_draw(draw, players)
            roles, tied = game.roles_from_draw(draw)
            if tied:
                cards = ", ".join(f"{name} {draw[name].pretty}" for name in tied)
                raise IllegalActionError(f"draw again: {' and '.join(tied)} drew the same rank ({cards})")
            return {**roles.data(), "draw": {name: draw[name].code for name in players}}
        if box is None and captain is None:
            return {**game.Roles(*rng.sample(players, 3)).data(), "drawn": True}
        if box is None or captain is None:
            raise InvalidNotationError("name both roles: --box NAME --captain NAME (the third player sits out)")
        box, captain = find_player(players, box), find_player(players, captain)
        if box == captain:
            raise InvalidNotationError(f"{box} cannot be both in the box and captain")
        sitter = next(name for name in players if name not in (box, captain))
        return game.Roles(box, captain, sitter).data()

    @property
    def hands(self):
        return self.record["hands"]

    @property
    def open_entry(self):
        return None if self.open is None else self.hands[self.open]

    def next_number(self):
        return len(self.hands) + 1

    def player(self, name):
        return find_player(self.players, name)

    # -- actions -----------------------------------------------------------------------------------------
    def verify_deal(self, dealer=None):
        """Raise unless the next hand may be dealt (by ``dealer``, if named); returns the dealer."""
        number = self.next_number()
        if self.open is not None:
            raise IllegalActionError(f"hand {self.open + 1} is still open: end it with 'knock' or 'dead' "
                                     "(or take it back with 'undo') before dealing")
        if self.finished:
            raise IllegalActionError(f"the match is over: {self.outcome()}; no more deals")
        if dealer is not None:
            name = self.player(dealer)
            if self.three and name != self.roles.box:
                raise OutOfTurnError(f"{name} cannot deal: {self.roles.box} is in the box, and the box player "
                                     "deals every hand")
            if name != self.dealer:
                raise OutOfTurnError(f"{name} cannot deal hand {number}: {self.dealer} deals ({self.why})")
        return self.dealer

    def deal(self, upcard, dealer=None):
        """Start the next hand with this upcard (a Card or its text). Returns the new hand's entry."""
        upcard = upcard if isinstance(upcard, Card) else Card.parse(str(upcard))
        try:
            dealer = self.verify_deal(dealer)
        except OutOfTurnError as exc:  # a deal by the wrong dealer: refused, and kept in the record
            item = {"kind": "wrong_dealer", "hand": self.next_number(), "player": self.player(dealer),
                    "detail": str(exc)}
            self.record.setdefault("irregularities", []).append(item)
            self._replay_match_irregularities(self.next_number())
            exc.irregularity, exc.hand = item, item["hand"]
            raise
        entry = {"number": self.next_number(), "dealer": dealer}
        if self.three:
            entry.update(self.roles.data())
        entry.update(upcard=upcard.code, limit=knock_limit(self.rules, upcard), irregularities=[])
        self.hands.append(entry)
        self._replay_deal(len(self.hands) - 1, entry)
        self.open = len(self.hands) - 1
        return entry

    def verify_open(self):
        if self.open is None:
            if self.finished:
                raise IllegalActionError(f"the match is over: {self.outcome()}; no hand is open")
            raise IllegalActionError("no hand is open: deal one first (gin-ref deal --upcard CARD)")
        return self.open_entry

    def open_table(self):
        """The turns.Deal of the open hand: whose turn, the pile, the stock (a fresh one when no turn is
        recorded: the deal's start). None when no hand is open."""
        if self.open is None:
            return None
        if self.table is None:
            self.table = self.new_table()
        return self.table

    def play_turn(self, action, player, card=None):
        """Record one turn of the open hand: ``take``, ``pass``, ``draw`` (``card`` may stay unseen: None) or
        ``discard``. A turn out of turn is kept as an irregularity and raised (``OutOfTurnError``); any other
        refusal raises and changes nothing. A discard that leaves ``dead_hand_stock`` cards in the stock ends
        the hand dead. Returns a TurnOutcome."""
        entry = self.verify_open()
        name = self.player(player)
        if card is not None and not isinstance(card, Card):
            card = Card.parse(str(card))
        table, number = self.open_table(), turn_count(entry) + 1
        offer = table.phase == "offer"
        try:
            if name not in self.current.pair:
                raise OutOfTurnError(f"{name} sits out hand {entry['number']}: {table.whose_turn()}")
            table.play(Turn(action, name, card))
        except OutOfTurnError as exc:
            self._record_out_of_turn(entry, name, action, card, exc)
            raise
        turn = Turn(action, name, table.just_taken if action == "take" else card)
        if "turns" not in entry:
            entry["turns"] = []
            entry_order(entry)
        entry["turns"].append(turn.text)
        if table.dead:
            entry["result"] = "dead"
            self._replay_result(self.open, entry, fill=True)
        return TurnOutcome(entry["number"], number, turn, offer, table.dead, table)

    def _record_out_of_turn(self, entry, name, action, card, exc):
        item = {"kind": "out_of_turn", "player": name, "turn": turn_count(entry) + 1, "action": action}
        if card is not None:
            item["card"] = card.code
        item["detail"] = str(exc)
        if "irregularities" not in entry:
            entry["irregularities"] = []
            entry_order(entry)
        entry["irregularities"].append(item)
        self._replay_irregularity(self.open, len(entry["irregularities"]) - 1, item, item["turn"])
        exc.irregularity, exc.hand = item, entry["number"]

    def knock(self, player, knocker_cards, defender_cards, melds=None, discard=None):
        """Settle the open hand with a knock by ``player`` (cards as text or Cards; ``melds`` declared as text
        or Melds; ``discard`` text or a Card). An illegal knock is recorded as an irregularity and returned
        with ``refused`` set; the hand stays open. Bad input raises and changes nothing.

        In a hand recorded turn by turn the knock comes from the player to move, after his draw (a knock out
        of turn is recorded and raised as ``OutOfTurnError``); he spreads his 11 cards (or the 10 he keeps
        and ``discard``), and both spreads must fit what was seen in the deal."""
        entry = self.verify_open()
        number, deal = entry["number"], self.current
        knocker = self.player(player)
        table = self.open_table() if turn_count(entry) else None
        if knocker not in deal.pair and table is None:
            raise IllegalActionError(f"{knocker} sits out hand {number}: only {deal.roles.box} (box) or "
                                     f"{deal.roles.captain} (captain) may knock")
        kcards, dcards = read_hands(knocker_cards, defender_cards)
        if isinstance(melds, str):
            melds = parse_melds(melds) if melds.strip() else None
        if discard is not None and not isinstance(discard, Card):
            discard = Card.parse(str(discard))
        if table is not None:
            kcards, dcards = self._spread_in_turn(entry, table, knocker, kcards, dcards, discard)
        defender = game.other(deal.pair, knocker)
        check = check_knock(kcards, self.rules, deal.upcard, melds, discard)
        if not check.legal:
            try:
                verify_knock(check)
            except IllegalActionError as exc:
                detail = str(exc)
            penalty = self.rules.illegal_knock_penalty if self.rules.illegal_knock == "penalty" else 0
            item = {"kind": "illegal_knock", "player": knocker}
            if table is not None:
                item["turn"] = turn_count(entry) + 1
            item.update(detail=detail, points=penalty, cards=codes(kcards))
            if melds is not None:
                item["melds"] = [m.codes for m in melds]
            if discard is not None:
                item["discard"] = discard.code
            entry.setdefault("irregularities", []).append(item)
            self._replay_irregularity(self.open, len(entry["irregularities"]) - 1, item, item.get("turn"))
            return KnockOutcome(number, knocker, defender, None, item)
        showdown = settle(self.rules, deal.upcard, kcards, dcards, melds, discard)
        chosen = showdown.knocker.discard
        if table is not None and chosen is not None and chosen is table.just_taken and \
                not self.rules.discard_taken_card:
            raise IllegalActionError(f"{knocker} cannot discard {chosen.code}: it was just taken from the pile; "
                                     "name another discard with --discard")
        entry.update(knocker=knocker, knocker_cards=codes(kcards),
                     melds=[m.codes for m in melds] if melds is not None else None,
                     discard=discard.code if discard is not None else None, defender_cards=codes(dcards))
        entry["result"] = showdown.score.result
        self._replay_result(self.open, entry, fill=True, showdown=showdown)
        return KnockOutcome(number, knocker, defender, showdown, None)

    def _spread_in_turn(self, entry, table, knocker, kcards, dcards, discard):
        """The knocker's 11 cards and the defender's 10 in a hand recorded turn by turn, checked against it."""
        number = entry["number"]
        try:
            if knocker not in self.current.pair:
                raise OutOfTurnError(f"{knocker} sits out hand {number}: {table.whose_turn()}")
            table.verify_knock(knocker)
        except OutOfTurnError as exc:
            self._record_out_of_turn(entry, knocker, "knock", None, exc)
            raise
        if len(kcards) == 10:
            if discard is None:
                raise IllegalActionError(f"hand {number} is recorded turn by turn: {knocker} holds 11 cards after "
                                         "the draw; spread all 11, or the 10 kept and --discard CARD")
            kcards, dcards = read_hands(kcards + (discard,), dcards)
        misfits = table.check_spread(knocker, kcards, discard, dcards)
        if misfits:
            raise IllegalActionError(f"the spread does not fit hand {number}: {'; '.join(misfits)}")
        return kcards, dcards

    def dead(self):
        """End the open hand with no score (the stock ran down). Returns its entry. A hand recorded turn by
        turn ends dead by itself, so it is refused there."""
        entry = self.verify_open()
        if turn_count(entry):
            table = self.open_table()
            raise IllegalActionError(f"hand {entry['number']} is recorded turn by turn: it ends dead by itself when "
                                     f"a discard leaves {self.rules.dead_hand_stock} cards in the stock "
                                     f"({table.stock} now; {table.whose_turn()})")
        entry["result"] = "dead"
        self._replay_result(self.open, entry, fill=True)
        return entry

    def undo(self, now):
        """Take back the last step: a result (the hand opens again; an automatic dead end goes with the
        discard that caused it), an irregularity, a turn, an open hand with nothing in it, or a refused
        deal. The step goes to ``corrections`` (``now`` is its ISO time). Returns that correction."""
        hands, refused = self.hands, self.record.get("irregularities") or []
        if refused and isinstance(refused[-1], dict) and refused[-1].get("hand") == len(hands) + 1:
            item = refused.pop()
            if not refused:
                del self.record["irregularities"]
            removed = {"irregularity": item}
            undone = f"hand {item['hand']}: {item.get('player')}'s deal by the wrong dealer"
        elif not hands:
            raise IllegalActionError("nothing to undo: no hand has been dealt")
        else:
            removed, undone = self._undo_in_hand(hands[-1])
        correction = {"undone": undone, "date": now, "entry": removed}
        self.record["corrections"].append(correction)
        self._replay_hands()
        return correction

    def _undo_in_hand(self, entry):
        number, turns, items = entry["number"], turn_count(entry), entry.get("irregularities") or []
        if entry.get("result") is not None:
            removed = {"number": number}
            removed.update((key, entry.pop(key)) for key in SETTLED_KEYS if key in entry)
            undone = f"hand {number}: {describe_result(removed)}"
            if removed["result"] == "dead" and turns:  # the hand ended dead by itself: its discard goes too
                removed["turns"] = [self._pop_turn(entry)]
                undone = f"hand {number}: the dead end and turn {turns} ({removed['turns'][0]})"
        elif items and position(items[-1]) > turns:  # the irregularity came after the last turn
            item = items.pop()
            removed = {"number": number, "irregularity": item}
            if item.get("kind") == "out_of_turn":
                undone = f"hand {number}: {item.get('player')}'s {item.get('action')} out of turn"
            else:
                penalty = f", {item['points']} penalty points" if item.get("points") else ""
                undone = f"hand {number}: {item.get('player')}'s illegal knock{penalty}"
        elif turns:
            removed = {"number": number, "turns": [self._pop_turn(entry)]}
            undone = f"hand {number}, turn {turns}: {removed['turns'][0]}"
        else:
            removed = self.hands.pop()
            undone = f"hand {number}: the deal ({entry.get('dealer')} dealt, upcard {entry.get('upcard')})"
        return removed, undone

    @staticmethod
    def _pop_turn(entry):
        text = entry["turns"].pop()
        if not entry["turns"]:
            del entry["turns"]
        return text

    # -- the tally ---------------------------------------------------------------------------------------
    def tally(self):
        """The ``tally --json`` object (see the README and ``gin_ref.match.tally``)."""
        return tally_data(self)

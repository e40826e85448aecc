"""A match: the record of every deal and where the match stands (RULES.md sections 3, 6-9).

The record is plain data, exactly what a match file holds (``gin_ref.record`` reads and writes the YAML):
``format``, ``date``, ``players``, ``rules`` {``name``, ``knobs``}, ``start``, ``hands`` (one entry per deal)
and ``corrections`` (what ``undo`` took back). ``Match`` replays a record through the engine: every derived
value (limit, result, winner, points, totals) is worked out again from the cards and compared with what the
record says. Strict replay (``Match(record)``) raises the first problem as a ``RecordError``; lenient replay
(``Match(record, lenient=True)``) collects them all in ``problems``. A problem's ``where`` is its path of
keys into the record (``("hands", 2, "totals")``), which the record adapter turns into a line number.

Actions (``deal``, ``knock``, ``dead``, ``undo``) change the record and the state together, through the
same code that replays a record, so what is written is what verification expects. An action that is
refused raises (``InvalidNotationError`` for bad input, ``IllegalActionError`` for a refusal) and changes
nothing; the one exception is an illegal knock, which is refused *and* kept as an irregularity.
"""

from typing import NamedTuple, Optional

from gin_ref import game
from gin_ref.cards import Card, codes
from gin_ref.errors import IllegalActionError, InvalidNotationError
from gin_ref.game import check_name, find_player, parse_draw
from gin_ref.header import FORMAT, ROLES, TOP_KEYS
from gin_ref.knock import check_knock, knock_limit, verify_knock
from gin_ref.melds import parse_melds
from gin_ref.replay import HAND_KEYS, RESULTS, SETTLED_KEYS, Problem, Replay
from gin_ref.scoring import read_hands, settle

__all__ = ["FORMAT", "TOP_KEYS", "HAND_KEYS", "RESULTS", "Match", "KnockOutcome", "Problem", "tally_data",
           "describe_result", "check_name", "find_player", "parse_draw"]


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
        folded = [name.casefold() for name in players]
        for name in players:
            if folded.count(name.casefold()) > 1:
                raise InvalidNotationError(f"player name '{name}' given twice")
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
                raise IllegalActionError(f"{name} cannot deal: {self.roles.box} is in the box, and the box player "
                                         "deals every hand")
            if name != self.dealer:
                raise IllegalActionError(f"{name} cannot deal hand {number}: {self.dealer} deals ({self.why})")
        return self.dealer

    def deal(self, upcard, dealer=None):
        """Start the next hand with this upcard (a Card or its text). Returns the new hand's entry."""
        upcard = upcard if isinstance(upcard, Card) else Card.parse(str(upcard))
        dealer = self.verify_deal(dealer)
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

    def knock(self, player, knocker_cards, defender_cards, melds=None, discard=None):
        """Settle the open hand with a knock by ``player`` (cards as text or Cards; ``melds`` declared as text
        or Melds; ``discard`` text or a Card). An illegal knock is recorded as an irregularity and returned
        with ``refused`` set; the hand stays open. Bad input raises and changes nothing."""
        entry = self.verify_open()
        number, deal = entry["number"], self.current
        knocker = self.player(player)
        if knocker not in deal.pair:
            raise IllegalActionError(f"{knocker} sits out hand {number}: only {deal.roles.box} (box) or "
                                     f"{deal.roles.captain} (captain) may knock")
        defender = game.other(deal.pair, knocker)
        kcards, dcards = read_hands(knocker_cards, defender_cards)
        if isinstance(melds, str):
            melds = parse_melds(melds) if melds.strip() else None
        if discard is not None and not isinstance(discard, Card):
            discard = Card.parse(str(discard))
        check = check_knock(kcards, self.rules, deal.upcard, melds, discard)
        if not check.legal:
            try:
                verify_knock(check)
            except IllegalActionError as exc:
                detail = str(exc)
            penalty = self.rules.illegal_knock_penalty if self.rules.illegal_knock == "penalty" else 0
            item = {"kind": "illegal_knock", "player": knocker, "detail": detail, "points": penalty,
                    "cards": codes(kcards)}
            if melds is not None:
                item["melds"] = [m.codes for m in melds]
            if discard is not None:
                item["discard"] = discard.code
            entry.setdefault("irregularities", []).append(item)
            self._replay_irregularity(self.open, len(entry["irregularities"]) - 1, item)
            return KnockOutcome(number, knocker, defender, None, item)
        showdown = settle(self.rules, deal.upcard, kcards, dcards, melds, discard)
        entry.update(knocker=knocker, knocker_cards=codes(kcards),
                     melds=[m.codes for m in melds] if melds is not None else None,
                     discard=discard.code if discard is not None else None, defender_cards=codes(dcards))
        entry["result"] = showdown.score.result
        self._replay_result(self.open, entry, fill=True, showdown=showdown)
        return KnockOutcome(number, knocker, defender, showdown, None)

    def dead(self):
        """End the open hand with no score (the stock ran down). Returns its entry."""
        entry = self.verify_open()
        entry["result"] = "dead"
        self._replay_result(self.open, entry, fill=True)
        return entry

    def undo(self, now):
        """Take back the last step: a result (the hand opens again), an irregularity, or an open hand with
        nothing in it. The step goes to ``corrections`` (``now`` is its ISO time). Returns that correction."""
        hands = self.hands
        if not hands:
            raise IllegalActionError("nothing to undo: no hand has been dealt")
        entry = hands[-1]
        number = entry["number"]
        if entry.get("result") is not None:
            removed = {"number": number}
            removed.update((key, entry.pop(key)) for key in SETTLED_KEYS if key in entry)
            undone = f"hand {number}: {describe_result(removed)}"
        elif entry.get("irregularities"):
            item = entry["irregularities"].pop()
            removed = {"number": number, "irregularity": item}
            penalty = f", {item['points']} penalty points" if item.get("points") else ""
            undone = f"hand {number}: {item.get('player')}'s illegal knock{penalty}"
        else:
            removed = hands.pop()
            undone = f"hand {number}: the deal ({entry.get('dealer')} dealt, upcard {entry.get('upcard')})"
        correction = {"undone": undone, "date": now, "entry": removed}
        self.record["corrections"].append(correction)
        self._reset_state()
        for index, hand in enumerate(hands):
            self._replay_hand(index, hand)
        return correction

    # -- the tally ---------------------------------------------------------------------------------------
    def tally(self):
        """The ``tally --json`` object (see the README): every hand, the totals, who deals, the end."""
        bonuses, final, winner = self.result()
        data = {
            "players": list(self.players),
            "rules": self.rules.name,
            "hands": [self._hand_data(index, entry) for index, entry in enumerate(self.hands)],
            "totals": dict(self.totals),
            "next_dealer": None if self.finished or self.open is not None else self.dealer,
            "finished": self.finished,
            "winner": winner,
            "final": final,
            "bonuses": bonuses,
            "target": self.rules.target,
            "open_hand": None if self.open is None else self.open + 1,
        }
        if self.hollywood:
            data["games"] = game.games_data(self.rules, self.games)
        if self.three:
            data["roles"] = None if self.finished or self.open is not None else self.roles.data()
        return data

    def _hand_data(self, index, entry):
        settled = entry.get("result") is not None
        hand = {"number": entry["number"], "dealer": entry["dealer"]}
        if self.three:
            hand.update((role, entry[role]) for role in ROLES)
        hand.update(upcard=entry["upcard"], limit=entry["limit"], result=entry.get("result"),
                    knocker=entry.get("knocker"), winner=entry.get("winner"),
                    points=entry.get("points") if settled else None,
                    totals=dict(entry["totals"]) if settled else dict(self.totals))
        if self.hollywood:
            games = entry["games"] if settled else [g.totals for g in self.games]
            hand["games"] = [dict(columns) for columns in games]
        deadwood = self.deadwood.get(index)
        hand["knocker_deadwood"], hand["defender_deadwood"] = deadwood or (None, None)
        hand["irregularities"] = [{key: item.get(key) for key in ("kind", "player", "detail", "points")}
                                  for item in entry.get("irregularities") or []]
        return hand


def describe_result(entry):
    """A settled hand in a few words: ``Ben's knock, 16 points to Ben``, ``a dead hand``."""
    result = entry.get("result")
    if result == "dead":
        return "a dead hand"
    what = {"big_gin": "big gin", "undercut": "knock, undercut"}.get(result, result)
    return f"{entry.get('knocker')}'s {what}, {entry.get('points')} points to {entry.get('winner')}"


def tally_data(match):
    """The ``tally --json`` object of a Match (or of anything holding one as ``.match``, like a Record)."""
    return getattr(match, "match", match).tally()

"""Reading a match record back: every derived value worked out again and compared with the record.

A record is plain data (dicts and lists, as the match file holds it; see ``gin_ref.match.model`` for its keys).
``Replay`` walks it from the start: the header (format, players, a snapshot of every house rule, who
deals first), then each hand: its dealer or roles against the rotation, its limit against the upcard, its
turns and irregularities (``gin_ref.match.handplay``), its result, winner and points against the engine's
settlement of the recorded cards, and the running totals; between the hands, the match's own
irregularities (deals refused). Strict replay raises the first problem as a ``RecordError`` (with
``where``, the problem's path of keys into the record: ``("hands", 2, "totals")``); lenient replay collects
every ``Problem`` and goes on with the recomputed values, so one edited number is one problem.

``gin_ref.match.model.Match`` builds on it: its actions append to the record through the same code, so what is
written is what a replay expects.
"""

import json
from typing import NamedTuple, Optional

from gin_ref.core import game
from gin_ref.core.cards import Card
from gin_ref.core.errors import InvalidNotationError, RecordError
from gin_ref.match.handplay import SHAPE_ERRORS, PlayReplay, card_of, recorded_cards
from gin_ref.match.header import ROLES, check_corrections, player_at, read_header
from gin_ref.core.knock import knock_limit, limit_reason
from gin_ref.core.melds import parse_melds
from gin_ref.core.scoring import settle

HAND_KEYS = ("number", "dealer", "box", "captain", "sitter", "upcard", "limit", "irregularities", "turns",
             "result", "knocker", "knocker_cards", "melds", "discard", "defender", "defender_cards", "winner",
             "points", "totals", "games")
SETTLED_KEYS = HAND_KEYS[HAND_KEYS.index("result"):]
RESULTS = ("knock", "undercut", "gin", "big_gin", "dead")


class Problem(NamedTuple):
    """Something in a record that does not add up: where (a key path) and what."""

    where: tuple
    message: str


class _Stop(Exception):
    """A lenient replay cannot go on (no players, no usable rules)."""


class _Deal(NamedTuple):
    index: int
    dealer: str
    roles: Optional[game.Roles]
    pair: tuple  # the two players of the hand: dealer first (the box), then the other (the captain)
    upcard: Optional[Card]
    limit: Optional[int]


def _same(stored, value):
    """Equal, with the same types (True is not 1)."""
    if isinstance(value, dict):
        return isinstance(stored, dict) and stored.keys() == value.keys() and all(
            _same(stored[k], value[k]) for k in value)
    if isinstance(value, list):
        return isinstance(stored, list) and len(stored) == len(value) and all(
            _same(a, b) for a, b in zip(stored, value))
    return type(stored) is type(value) and stored == value


_SHAPE_ERRORS = SHAPE_ERRORS


def _scores(totals):
    if not isinstance(totals, dict):
        return repr(totals)
    return ", ".join(f"{name} {points}" for name, points in totals.items())


def _columns(columns):
    if not isinstance(columns, list):
        return repr(columns)
    return "; ".join(f"game {i} {_scores(c)}" for i, c in enumerate(columns, 1))


class Replay(PlayReplay):
    """A record and the state replayed from it (see the module docstring and ``gin_ref.match.handplay``)."""

    def __init__(self, record, lenient=False):
        self.record = record
        self.lenient = lenient
        self.problems = []
        self.rules = None
        self.players = []
        try:
            self._replay()
        except _Stop:
            pass

    # -- problems ----------------------------------------------------------------------------------------
    def _problem(self, where, message, fatal=False):
        if not self.lenient:
            error = RecordError(message)
            error.where = where
            raise error
        self.problems.append(Problem(tuple(where), message))
        if fatal:
            raise _Stop

    # -- replay ----------------------------------------------------------------------------------------
    def _replay(self):
        self.header = read_header(self.record, self._problem)
        self.players, self.rules = self.header.players, self.header.rules
        self._replay_hands()
        check_corrections(self.record.get("corrections", []), self._problem)

    def _replay_hands(self):
        """Every hand from the start (the state reset first), with the match's irregularities between them."""
        self._reset_state()
        for index, entry in enumerate(self.record["hands"]):
            try:
                self._replay_match_irregularities(index + 1)
                self._replay_hand(index, entry)
            except _SHAPE_ERRORS[1:] as exc:  # a value of a shape no check foresaw: one problem, not a crash
                self._problem(("hands", index), f"hand {index + 1} cannot be read: {exc}")
        self._replay_match_irregularities(len(self.record["hands"]) + 1)
        self._check_match_irregularities()

    # -- replay: the state -------------------------------------------------------------------------------
    def _reset_state(self):
        rules, players = self.rules, self.players
        self.three = len(players) == 3
        self.hollywood = rules.scoring == "hollywood"
        self.totals = dict.fromkeys(players, 0)
        self.hands_won = dict.fromkeys(players, 0)
        self.games = game.new_games(players) if self.hollywood else None
        self.finished, self.winner, self.ended_in = False, None, None
        self.open = None  # index of the open hand
        self.current = None  # the _Deal of the last hand dealt
        self.deadwood = {}  # index -> (knocker deadwood, defender deadwood) of a settled knock
        self.dealer, self.roles, self.why = self.header.dealer, self.header.roles, self.header.why
        self.table, self.table_ok, self.match_next = None, True, 0

    def _replay_hand(self, index, entry):
        where, number = ("hands", index), index + 1
        if not isinstance(entry, dict):
            self._problem(where, f"hand {number} must be a mapping (number, dealer, upcard, ...)")
            return
        for key in entry:
            if key not in HAND_KEYS:
                self._problem(where + (key,), f"hand {number}: unknown key '{key}'")
        self._replay_deal(index, entry)
        self._replay_play(index, entry)
        if entry.get("result") is None:
            for key in SETTLED_KEYS[1:]:
                if entry.get(key) is not None:
                    self._problem(where + (key,), f"hand {number} has '{key}' but no result")
            self._check_play(index, entry)
            self.open = index
        else:
            self._replay_result(index, entry)

    def _replay_deal(self, index, entry):
        where, number = ("hands", index), index + 1
        if entry.get("number") != number:
            self._problem(where + ("number",) if "number" in entry else where,
                          f"hand {number} is numbered {entry.get('number')!r}: hands are numbered 1, 2, 3... in order")
        if self.open is not None:
            self._problem(("hands", self.open), f"hand {self.open + 1} has no result, but hand {number} follows it")
            self.open = None
        if self.finished:
            self._problem(where, f"hand {number} was dealt after the match ended ({self.end_reason()})")
        # An out-of-turn dealer or roles out of rotation are reported once; the replay goes on with the
        # rotation's dealer and roles, so one edit is one problem.
        roles = None
        if self.three:
            roles = self.roles
            stored = [entry.get(role) for role in ROLES]
            if not (all(name in self.players for name in stored) and len(set(stored)) == 3):
                self._problem(where, f"hand {number}: 'box', 'captain' and 'sitter' must be the three players")
            elif game.Roles(*stored) != roles:
                key = next(role for role in ROLES if entry[role] != getattr(roles, role))
                self._problem(where + (key,), f"hand {number}: roles out of rotation: box {stored[0]}, captain "
                                              f"{stored[1]}, sitter {stored[2]}, but the rotation gives box "
                                              f"{roles.box}, captain {roles.captain}, sitter {roles.sitter} "
                                              f"({self.why})")
            dealer = player_at(entry, "dealer", where, self.players, self._problem,
                               what=f"hand {number}: the dealer")
            if dealer is not None and dealer != roles.box:
                self._problem(where + ("dealer",), f"hand {number}: {dealer} dealt, but the box player "
                                                   f"{roles.box} deals every hand")
            dealer, pair = roles.box, (roles.box, roles.captain)
        else:
            dealer = player_at(entry, "dealer", where, self.players, self._problem,
                               what=f"hand {number}: the dealer")
            if dealer is not None and dealer != self.dealer:
                self._problem(where + ("dealer",), f"hand {number}: dealer out of turn: {dealer} dealt, but "
                                                   f"{self.dealer} should deal ({self.why})")
            dealer = self.dealer
            pair = (dealer, game.other(self.players, dealer))
        upcard, limit = None, None
        self.table, self.table_ok = None, True
        try:
            upcard = card_of(entry.get("upcard"))
            limit = knock_limit(self.rules, upcard)
        except InvalidNotationError as exc:
            self._problem(where + ("upcard",) if "upcard" in entry else where, f"hand {number}: upcard: {exc}")
        if limit is not None and entry.get("limit") != limit:
            self._problem(where + ("limit",) if "limit" in entry else where,
                          f"hand {number}: limit is {entry.get('limit')!r}, but upcard {upcard.pretty} gives "
                          f"{limit} ({limit_reason(self.rules, upcard)})")
        if limit is None and isinstance(entry.get("limit"), int):
            limit = entry["limit"]
        self.current = _Deal(index, dealer, roles, pair, upcard, limit)

    def _replay_result(self, index, entry, fill=False, showdown=None):
        where, number, deal = ("hands", index), index + 1, self.current
        result = entry.get("result")
        if result not in RESULTS:
            self._problem(where + ("result",), f"hand {number}: unknown result {result!r} "
                                               f"(known: {', '.join(RESULTS)})")
            result = "dead" if entry.get("winner") is None else "knock"
        winner, points, explain = None, 0, "a dead hand scores nothing"
        if result == "dead":
            for key in ("knocker", "knocker_cards", "melds", "discard", "defender", "defender_cards"):
                if entry.get(key) is not None:
                    self._problem(where + (key,), f"hand {number} is dead but has a '{key}'")
        else:
            knocker = player_at(entry, "knocker", where, self.players, self._problem,
                                what=f"hand {number}: the knocker")
            if knocker is not None and knocker not in deal.pair:
                self._problem(where + ("knocker",), f"hand {number}: {knocker} knocked while sitting out")
            defender = game.other(deal.pair, knocker) if knocker in deal.pair else None
            if defender is not None:
                self._derived(entry, "defender", defender, where, fill, lambda stored: (
                    f"hand {number}: defender is {stored!r}, but {defender} was the other player in the hand"))
            if showdown is None and defender is not None and deal.upcard is not None:
                showdown = self._settle_stored(entry, where, number, deal)
            if showdown is not None:
                score = showdown.score
                result, points, explain = score.result, score.points, score.arithmetic
                winner = knocker if score.winner == "knocker" else defender
                self.deadwood[index] = (showdown.knock.deadwood, showdown.defense.deadwood)
                self._derived(entry, "result", result, where, fill, lambda stored: (
                    f"hand {number}: result is {stored!r}, but the cards give {result} ({explain})"))
            else:  # the cards do not settle again: go on with what the record says
                winner = entry.get("winner") if entry.get("winner") in deal.pair else None
                points = entry.get("points") if isinstance(entry.get("points"), int) else 0
        self._check_play(index, entry, showdown)
        if self.three and not fill and entry.get("winner") == deal.roles.sitter:
            self._problem(where + ("winner",), f"hand {number}: {deal.roles.sitter} scored while sitting out")
        else:
            self._derived(entry, "winner", winner, where, fill, lambda stored: (
                f"hand {number}: winner is {stored!r}, but the cards make it {winner} ({explain})"))
        self._derived(entry, "points", points, where, fill, lambda stored: (
            f"hand {number}: points are {stored!r}, but the cards give {points} ({explain})"))
        if winner is not None:
            self._score(winner, points)
        if self.hollywood:
            columns = [dict(g.totals) for g in self.games]
            self._derived(entry, "games", columns, where, fill, lambda stored: (
                f"hand {number}: the game columns say {_columns(stored)}, but the hands add up to {_columns(columns)}"))
        self._derived(entry, "totals", dict(self.totals), where, fill, lambda stored: (
            f"hand {number}: totals say {_scores(stored)}, but the hands add up to {_scores(self.totals)}"))
        if fill:
            entry_order(entry)
        self.open = None
        if self.three:
            self.why = game.roles_reason(deal.roles, winner, number)
            self.roles = game.next_roles(deal.roles, winner)
            self.dealer = self.roles.box
        else:
            self.why = game.dealer_reason(self.rules.next_dealer, number, winner)
            self.dealer = game.next_dealer(self.rules.next_dealer, deal.dealer, winner, self.players)
        self._check_end(number, winner)

    def _settle_stored(self, entry, where, number, deal):
        """Settle a recorded knock again from its cards; None (with a problem) if they do not settle."""
        key = "knocker_cards"
        try:
            knocker = recorded_cards(entry.get("knocker_cards"), (10, 11), "knocker's hand")
            key = "defender_cards"
            defender = recorded_cards(entry.get("defender_cards"), (10,), "defender's hand")
            key = "melds"
            melds = parse_melds(entry["melds"]) if entry.get("melds") is not None else None
            key = "discard"
            discard = Card.parse(str(entry["discard"])) if entry.get("discard") is not None else None
            key = "knocker_cards"
            return settle(self.rules, deal.upcard, knocker, defender, melds, discard)
        except _SHAPE_ERRORS as exc:
            self._problem(where + (key,) if key in entry else where, f"hand {number}: {exc}")
            return None

    def _derived(self, entry, key, value, where, fill, message):
        """Write a derived value (``fill``), or compare the record's with it: ``message(stored)`` if not."""
        if fill:
            entry[key] = value
        elif key not in entry:
            self._problem(where, f"hand {where[1] + 1} has no '{key}' (it should be {json.dumps(value)})")
        elif not _same(entry[key], value):
            self._problem(where + (key,), message(entry[key]))

    def _score(self, name, points, hand_won=True):
        if self.hollywood:
            game.enter_score(self.games, name, points, self.rules.target, hand_won)
            self.totals = {p: sum(g.totals[p] for g in self.games) for p in self.players}
        else:
            self.totals[name] += points
        if hand_won:
            self.hands_won[name] += 1

    def _check_end(self, number, last_scorer):
        if self.hollywood:
            finished = all(g.finished for g in self.games)
        else:
            finished = game.game_winner(self.totals, self.rules.target, last_scorer) is not None
        if finished:
            self.finished, self.ended_in = True, number
            if self.hollywood:
                self.winner = game.hollywood_result(self.rules, self.games, self.players)[2]
            else:
                self.winner = game.game_winner(self.totals, self.rules.target, last_scorer)

    # -- where the match stands --------------------------------------------------------------------------
    def result(self):
        """``(bonuses, final, winner)``: each player's end-of-game bonuses, his final score, the winner.
        While the match is being played: empty bonuses, final None, winner None."""
        if not self.finished:
            return {name: {} for name in self.players}, None, None
        if self.hollywood:
            return game.hollywood_result(self.rules, self.games, self.players)
        bonuses = game.game_bonuses(self.rules, self.totals, self.hands_won, self.winner)
        return bonuses, game.final_scores(self.totals, bonuses), self.winner

    def end_reason(self):
        if self.hollywood:
            return f"all three Hollywood games were won by hand {self.ended_in}"
        return f"{self.winner} reached {self.rules.target} in hand {self.ended_in}"

    def outcome(self):
        """One line: ``Ben won 112 to 45`` once over."""
        _bonuses, final, winner = self.result()
        others = " to ".join(str(final[name]) for name in sorted(final, key=lambda n: -final[n]))
        return f"{winner} won {others}" if winner else f"a tie at {others}"


def entry_order(entry):
    """Put a hand entry's keys in the record's order (HAND_KEYS), in place."""
    items = sorted(entry.items(), key=lambda kv: HAND_KEYS.index(kv[0]) if kv[0] in HAND_KEYS else len(HAND_KEYS))
    entry.clear()
    entry.update(items)

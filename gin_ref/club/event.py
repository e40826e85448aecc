"""An event: a club night of several tables, paired round by round (round robin or Swiss).

An event is typed values (``EventRecord``: its name, date, system, rounds, house rules, players in seed
order and the rounds paired, each a ``Round`` of ``Table``s); ``gin_ref.files.eventread`` reads an event
file's data into them, every shape checked, and ``gin_ref.files.eventfile`` writes them back. Results are
not in it: each table's match file holds its own, so the tables record at once without waiting on each
other, and the standings read them (``Result``).

``Event(read)`` holds one; ``Event.new`` starts one; ``verify_pair`` / ``pair`` pair the next round;
``standings`` ranks the players (``gin_ref.club.standings``).
"""

import math
import re
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from gin_ref.club.pairing import promised_swiss, round_robin, round_robin_rounds
from gin_ref.club.standings import Result, Results, Standing, event_standings
from gin_ref.core.errors import IllegalActionError, InvalidNotationError
from gin_ref.core.message import Message, N_, Nn_, Value
from gin_ref.core.players import check_name, find_player
from gin_ref.match.names import first_look_alike, first_same_player, look_alike_message
from gin_ref.core.rules import HouseRules
from gin_ref.core.escape import shown_value
from gin_ref.match.knocks import reads_as_fact

FORMAT = "gin-ref-event/1"
SYSTEMS = ("round-robin", "swiss")
KEYS = ("format", "event", "date", "system", "rounds", "rules", "players", "pairings")
OPTIONAL_KEYS = ("language",)  # the board's and the sheet's language (serve, docs/club.md#the-event-file)
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:[_-][A-Za-z]{2})?")
MAX_PLAYERS = 256

__all__ = ["Event", "EventRecord", "Result", "Standing", "FORMAT", "SYSTEMS", "Table", "Round"]


@dataclass(frozen=True, slots=True)
class Table:
    """A table of a round: its number, its two players, its match file's name (inside the event's folder)."""

    number: int
    players: Tuple[str, ...]
    file: str


@dataclass(frozen=True, slots=True)
class Round:
    """A round paired: its number, its tables, the player with the bye (None when every player sits)."""

    number: int
    tables: Tuple[Table, ...]
    bye: Optional[str]


@dataclass(frozen=True, slots=True)
class EventRecord:
    """An event file's record, read and checked (``gin_ref.files.eventread``): the event's name, its date (as written),
    its system, how many rounds it has, its house rules, the players in seed order and the rounds paired."""

    name: str
    date: str
    system: str
    rounds: int
    rules: HouseRules
    players: Tuple[str, ...]
    pairings: Tuple[Round, ...]
    language: Optional[str] = None  # the language the event names for its board and sheet (an ISO 639 code)


def check_players(players: Iterable[str]) -> List[str]:
    """The players as given, checked: names, at least two, none twice (ignoring case)."""
    players = [check_name(name) for name in players]
    if len(players) < 2:
        raise InvalidNotationError(Message(N_("an event needs at least 2 players")))
    if len(players) > MAX_PLAYERS:
        raise InvalidNotationError(Message(N_("an event takes at most %(most)d players, not %(count)d"),
                                           most=MAX_PLAYERS, count=len(players)))
    same = first_same_player(players)
    if same is not None and same[0] == same[1]:
        raise InvalidNotationError(Message(N_("player '%(name)s' is given twice"), name=same[1]))
    if same is not None:
        raise InvalidNotationError(Message(N_("player '%(name)s' is the same as '%(other)s' (names are matched "
                                              "without case)"), name=same[1], other=same[0]))
    alike = first_look_alike(players)
    if alike is not None:
        raise InvalidNotationError(look_alike_message(*alike))
    return players


def check_rules(rules: HouseRules) -> None:
    """Refuse house rules an event cannot pair: an event seats two at a table."""
    if rules.players != 2:
        raise IllegalActionError(Message(N_("the %(rules)s rules are for %(players)d players at a table: an event "
                                            "pairs two players a table, so it needs two-player rules"),
                                         rules=rules.name, players=rules.players))


class Event:
    """An event record, checked, with the rounds paired so far."""

    def __init__(self, read: EventRecord) -> None:
        self.read = read
        self.players: List[str] = list(self.read.players)
        self.rules: HouseRules = self.read.rules
        self.rounds: List[Round] = list(self.read.pairings)
        self.note: Optional[Message] = None  # what the last pairing has to tell the director (the Swiss promise)

    @classmethod
    def new(cls, name: str, system: str, players: Sequence[str], rules: HouseRules, date: object,
            rounds: Optional[int] = None) -> "Event":
        """A new event (no round paired). ``players`` in seed order; ``rules`` a two-player HouseRules;
        ``rounds``: Swiss only (default: enough for a clear winner, ceil(log2 players))."""
        if system not in SYSTEMS:
            raise InvalidNotationError(Message(N_("event format must be one of %(systems)s, not %(given)s"),
                                               systems=", ".join(SYSTEMS), given=shown_value(system)))
        players = check_players(players)
        for player in players:  # a new event only: its tables' matches will refuse such a name (Match.new)
            reading = reads_as_fact(player)
            if reading is not None:
                raise InvalidNotationError(Message(N_("bad player name '%(name)s': it reads as %(reading)s on a table "
                                                      "line (9h ben 5 23): use another name"),
                                                   name=player, reading=str(reading)))
        check_rules(rules)
        most = round_robin_rounds(len(players))
        if system == "round-robin":
            if rounds is not None and rounds != most:
                raise InvalidNotationError(Message(N_("a round robin of %(players)d players has %(rounds)d rounds "
                                                      "(every pair meets once): leave out --rounds"),
                                                   players=len(players), rounds=most))
            rounds = most
        elif rounds is None:
            rounds = max(1, math.ceil(math.log2(len(players))))
        elif not 1 <= rounds <= most:
            raise InvalidNotationError(Message(N_("a Swiss of %(players)d players takes 1 to %(most)d rounds (no pair "
                                                  "meets twice), not %(rounds)d"),
                                               players=len(players), most=most, rounds=rounds))
        return cls(EventRecord(name, str(date), system, rounds, rules, tuple(players), ()))

    # -- where it stands ---------------------------------------------------------------------------------
    @property
    def language(self) -> Optional[str]:
        """The language the event names for its board and sheet (``language:``), if any."""
        return self.read.language

    @property
    def name(self) -> str:
        return self.read.name

    @property
    def system(self) -> str:
        return self.read.system

    @property
    def total_rounds(self) -> int:
        return self.read.rounds

    def player(self, name: str) -> str:
        return find_player(self.players, name)

    def unfinished(self, results: Mapping[str, Result]) -> List[Table]:
        """The tables of the rounds paired whose match is not finished (or cannot be read)."""
        known = Results(results)
        return [table for rnd in self.rounds for table in rnd.tables if not known[table.file].finished]

    def rounds_played(self, results: Mapping[str, Result]) -> int:
        known = Results(results)
        return sum(all(known[t.file].finished for t in rnd.tables) for rnd in self.rounds)

    def is_over(self, results: Mapping[str, Result]) -> bool:
        return len(self.rounds) == self.total_rounds and not self.unfinished(results)

    def standings(self, results: Mapping[str, Result]) -> List[Standing]:
        """Every player's place (``gin_ref.club.standings``), from the tables' results (by file name)."""
        return event_standings(self.system, self.players, self.rounds, results)

    # -- pairing -----------------------------------------------------------------------------------------
    def verify_pair(self, results: Mapping[str, Result], shown: Callable[[str], str] = lambda file: file) -> None:
        """Raise (IllegalActionError) unless the next round may be paired: the event is not over and every
        match of the rounds paired is finished. ``shown``: a table's file name as people should read it."""
        open_tables = self.unfinished(results)
        if len(self.rounds) == self.total_rounds and not open_tables:
            raise IllegalActionError(Message(N_("the event is over: all %(rounds)d rounds are played (see 'gin-ref "
                                                "event standings')"), rounds=self.total_rounds))
        if open_tables:
            listed = self._tables_said(open_tables, shown)
            count = len(open_tables)
            # pairing again right after a pairing (one that was interrupted, say) says the round is paired
            if self.rounds:
                raise IllegalActionError(Message(Nn_("round %(round)d is paired already; %(count)d match is not "
                                                     "finished: %(tables)s", "round %(round)d is paired already; "
                                                     "%(count)d matches are not finished: %(tables)s"),
                                                 round=len(self.rounds), count=count, tables=listed))
            raise IllegalActionError(Message(Nn_("%(count)d match is not finished: %(tables)s",
                                                 "%(count)d matches are not finished: %(tables)s"),
                                             count=count, tables=listed))

    def _tables_said(self, tables: List[Table], shown: Callable[[str], str]) -> Message:
        """``round 1 table 2 (file: Ann v Ben); round 1 table 3 (...)``: the tables named, each a message (the
        ones before the last hold the rest)."""
        listed: Optional[Message] = None
        for table in reversed(tables):
            facts: Dict[str, Value] = {
                "round": self._round_of(table), "table": table.number, "file": shown(table.file),
                "players": Message(N_("%(one)s v %(other)s"), one=table.players[0], other=table.players[1])
                if len(table.players) == 2 else " v ".join(table.players)}
            listed = Message(N_("round %(round)d table %(table)d (%(file)s: %(players)s)"), **facts) \
                if listed is None else \
                Message(N_("round %(round)d table %(table)d (%(file)s: %(players)s); %(more)s"), more=listed, **facts)
        assert listed is not None
        return listed

    def _round_of(self, table: Table) -> int:
        return next(rnd.number for rnd in self.rounds if table in rnd.tables)

    def next_round(self, results: Mapping[str, Result], shown: Callable[[str], str] = lambda file: file) -> Round:
        """The next round's tables and bye (not yet recorded); see ``verify_pair``."""
        self.verify_pair(results, shown)
        number = len(self.rounds) + 1
        if self.system == "round-robin":
            pairs, bye = round_robin(self.players, number)
        else:
            pairs, bye = self._swiss(results)
        width_r, width_t = len(str(self.total_rounds)), len(str(len(self.players) // 2))
        tables = tuple(Table(i, pair, f"round-{number:0{width_r}d}-table-{i:0{width_t}d}.yaml")
                       for i, pair in enumerate(pairs, 1))
        return Round(number, tables, bye)

    def _swiss(self, results: Mapping[str, Result]) -> Tuple[List[Tuple[str, str]], Optional[str]]:
        """The Swiss round that keeps the promise (``gin_ref.club.pairing.promised_swiss``): no pair twice
        and no second bye over the event's rounds; ``note`` says when the rounds paired before cannot."""
        placed = self.standings(results)
        points = {row.player: row.halves for row in placed}
        byes = {row.player: row.byes for row in placed}
        paired = [([table.players for table in rnd.tables], rnd.bye) for rnd in self.rounds]
        chosen = promised_swiss(self.players, points, paired, self.total_rounds, byes,
                                [row.player for row in placed])
        self.note = chosen.note
        return chosen.pairs, chosen.bye

    def add_round(self, rnd: Round) -> None:
        """Record a round paired by ``next_round``."""
        self.rounds.append(rnd)

    @property
    def date(self) -> str:
        return self.read.date

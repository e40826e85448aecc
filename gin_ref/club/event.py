"""An event: a club night of several tables, paired round by round (round robin or Swiss).

The record is plain data, what an event file holds (``gin_ref.files.eventfile`` reads and writes the YAML):
``format``, ``event`` (its name), ``date``, ``system`` (round-robin | swiss), ``rounds``, ``rules``
{``name``, ``knobs``} (the snapshot every table's match starts with), ``players`` (in seed order) and
``pairings`` (one entry per round paired: ``round``, ``tables`` [{``table``, ``players``, ``file``}],
``bye``). Results are not in it: each table's match file holds its own, so the tables record at once
without waiting on each other, and the standings read them (``Result``).

``Event(record)`` checks a record strictly: the first problem raises a RecordError whose ``where`` is its
path of keys. ``Event.new`` starts one; ``verify_pair`` / ``pair`` pair the next round; ``standings``
ranks the players (``gin_ref.club.standings``).
"""

import datetime
import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple, Union

from gin_ref.club.pairing import promised_swiss, round_robin, round_robin_rounds
from gin_ref.club.standings import Result, Standing, event_standings
from gin_ref.core.errors import IllegalActionError, InvalidNotationError, RecordError, RulesError
from gin_ref.core.players import check_name, find_player
from gin_ref.match.names import first_look_alike, first_same_player, look_alike_message
from gin_ref.core.rules import KNOBS, SNAPSHOT_OPTIONAL, HouseRules, check_consistency, check_knob, make_rules
from gin_ref.core.escape import shown_value
from gin_ref.match.knocks import reads_as_fact

FORMAT = "gin-ref-event/1"
SYSTEMS = ("round-robin", "swiss")
KEYS = ("format", "event", "date", "system", "rounds", "rules", "players", "pairings")
OPTIONAL_KEYS = ("language",)  # the board's and the sheet's language (serve, docs/club.md#the-event-file)
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:[_-][A-Za-z]{2})?")
MAX_PLAYERS = 256

__all__ = ["Event", "EventRecord", "Result", "Standing", "FORMAT", "SYSTEMS", "Table", "Round", "read_event"]


@dataclass(frozen=True)
class Table:
    """A table of a round: its number, its two players, its match file's name (inside the event's folder)."""

    number: int
    players: Tuple[str, ...]
    file: str


@dataclass(frozen=True)
class Round:
    """A round paired: its number, its tables, the player with the bye (None when every player sits)."""

    number: int
    tables: Tuple[Table, ...]
    bye: Optional[str]


@dataclass(frozen=True)
class EventRecord:
    """An event file's record, read and checked by ``read_event``: the event's name, its date (as written),
    its system, how many rounds it has, its house rules, the players in seed order and the rounds paired."""

    name: str
    date: str
    system: str
    rounds: int
    rules: HouseRules
    players: Tuple[str, ...]
    pairings: Tuple[Round, ...]
    language: Optional[str] = None  # the language the event names for its board and sheet (an ISO 639 code)


Where = Tuple[Union[str, int], ...]  # a key path into the record


def _problem(where: Where, message: str) -> RecordError:
    return RecordError(message, where=where)


def check_players(players: Iterable[Any]) -> List[str]:
    """The players as given, checked: names, at least two, none twice (ignoring case)."""
    players = [check_name(name) for name in players]
    if len(players) < 2:
        raise InvalidNotationError("an event needs at least 2 players")
    if len(players) > MAX_PLAYERS:
        raise InvalidNotationError(f"an event takes at most {MAX_PLAYERS} players, not {len(players)}")
    same = first_same_player(players)
    if same is not None and same[0] == same[1]:
        raise InvalidNotationError(f"player '{same[1]}' is given twice")
    if same is not None:
        raise InvalidNotationError(f"player '{same[1]}' is the same as '{same[0]}' (names are matched without case)")
    alike = first_look_alike(players)
    if alike is not None:
        raise InvalidNotationError(look_alike_message(*alike))
    return players


def check_rules(rules: HouseRules) -> None:
    """Refuse house rules an event cannot pair: an event seats two at a table."""
    if rules.players != 2:
        raise IllegalActionError(f"the {rules.name} rules are for {rules.players} players at a table: an event "
                                 "pairs two players a table, so it needs two-player rules")


# -- reading a record ----------------------------------------------------------------------------------------

def read_event(record: object) -> EventRecord:
    """An event file's record (the YAML's data) read into an EventRecord, every shape checked in order: the
    first problem raises a RecordError whose ``where`` is its path of keys."""
    top = _top(record)
    system = top["system"]
    if system not in SYSTEMS:
        raise _problem(("system",), f"'system' must be one of {', '.join(SYSTEMS)}, not {shown_value(system)}")
    if not isinstance(top["event"], str) or not top["event"]:
        raise _problem(("event",), "'event' must be the event's name")
    try:
        datetime.date.fromisoformat(str(top["date"]))
    except ValueError:
        raise _problem(("date",), f"'date' must be an ISO date (2024-05-01), not {shown_value(top['date'])}") from None
    try:
        players = check_players(top["players"] if isinstance(top["players"], list) else [])
    except InvalidNotationError as exc:
        raise _problem(("players",), f"'players' must list the players in seed order: {exc}") from None
    rules = _rules(top["rules"])
    rounds = _rounds(top["rounds"], system, len(players))
    pairings = top["pairings"]
    if not isinstance(pairings, list) or len(pairings) > rounds:
        raise _problem(("pairings",), f"'pairings' must be a list of at most {rounds} rounds")
    files: Set[str] = set()
    paired = tuple(_round(i, item, players, files) for i, item in enumerate(pairings))
    language = top.get("language")
    if language is not None and (not isinstance(language, str) or not LANGUAGE_CODE.fullmatch(language)):
        raise _problem(("language",), f"'language' must be a language's code (en, fil, sk), not {shown_value(language)}")
    return EventRecord(top["event"], str(top["date"]), system, rounds, rules, tuple(players), paired, language)


def _top(record: object) -> Dict[str, Any]:
    """The record's top mapping: the format, then no key unknown, then none missing."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise _problem(("format",) if isinstance(record, dict) and "format" in record else (),
                       f"not a gin-ref event: no 'format: {FORMAT}'")
    for key in record:
        if key not in KEYS and key not in OPTIONAL_KEYS:
            raise _problem((key,), f"unknown key '{key}' in the event file")
    for key in KEYS:
        if key not in record:
            raise _problem((), f"the event file has no '{key}' (a truncated or hand-edited file?)")
    return record


def _rounds(rounds: object, system: str, players: int) -> int:
    most = round_robin_rounds(players)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= most:
        raise _problem(("rounds",), f"'rounds' must be a whole number from 1 to {most}")
    if system == "round-robin" and rounds != most:
        raise _problem(("rounds",), f"a round robin of {players} players has {most} rounds")
    return rounds


def _rules(rules: object) -> HouseRules:
    where: Where = ("rules",)
    if not isinstance(rules, dict) or not isinstance(rules.get("knobs"), dict) or \
            not isinstance(rules.get("name"), str):
        raise _problem(where, "'rules' must hold 'name' and 'knobs' (every house rule)")
    knobs = {}
    for key in KNOBS:
        if key not in rules["knobs"] and key not in SNAPSHOT_OPTIONAL:
            raise _problem(where + ("knobs",), f"the rules snapshot has no '{key}'")
    for key, value in rules["knobs"].items():
        try:
            knobs[key] = check_knob(key, value)
        except RulesError as exc:
            raise _problem(where + ("knobs", key), str(exc)) from None
    for message in check_consistency({**{key: KNOBS[key].default for key in KNOBS}, **knobs}):
        raise _problem(where + ("knobs",), message)
    result = make_rules(knobs, rules["name"])
    try:
        check_rules(result)
    except IllegalActionError as exc:
        raise _problem(where, str(exc)) from None
    return result


def _round(index: int, item: object, players: List[str], files: Set[str]) -> Round:
    """Round ``index + 1`` of the pairings; ``files``: the tables' files so far (this round's are added)."""
    where: Where = ("pairings", index)
    if not isinstance(item, dict) or set(item) != {"round", "tables", "bye"}:
        raise _problem(where, "a round holds 'round', 'tables' and 'bye'")
    if item["round"] != index + 1:
        raise _problem(where + ("round",), f"round {index + 1} is numbered {shown_value(item['round'])}")
    if not isinstance(item["tables"], list):
        raise _problem(where + ("tables",), "'tables' must be a list")
    seated: Set[str] = set()
    tables = tuple(_table(where + ("tables", t), t, table, players, seated, files)
                   for t, table in enumerate(item["tables"]))
    bye = item["bye"]
    unseated = [name for name in players if name not in seated]
    if (bye is None and unseated) or (bye is not None and unseated != [bye]):
        raise _problem(where + ("bye",), "every player must be at a table or have the bye "
                                         f"(unseated: {', '.join(unseated) or 'none'}; bye: {bye})")
    return Round(index + 1, tables, bye)


def _table(at: Where, t: int, table: object, players: List[str], seated: Set[str], files: Set[str]) -> Table:
    """Table ``t + 1`` of a round (at ``at``); its players are added to ``seated``, its file to ``files``."""
    if not isinstance(table, dict) or set(table) != {"table", "players", "file"}:
        raise _problem(at, "a table holds 'table', 'players' and 'file'")
    if table["table"] != t + 1:
        raise _problem(at + ("table",), f"table {t + 1} is numbered {shown_value(table['table'])}")
    names = table["players"]
    if not isinstance(names, list) or len(names) != 2 or any(n not in players for n in names) or \
            names[0] == names[1]:
        raise _problem(at + ("players",), "a table seats two of the event's players")
    if seated & set(names):
        raise _problem(at + ("players",), f"{', '.join(sorted(seated & set(names)))} sits at two tables")
    seated |= set(names)
    file = table["file"]
    if not isinstance(file, str) or not file or "/" in file or "\\" in file or file.startswith("."):
        raise _problem(at + ("file",), "'file' must be a match file's name inside the event's folder")
    if file in files:
        raise _problem(at + ("file",), f"'{file}' is the file of another table")
    files.add(file)
    return Table(t + 1, tuple(names), file)


class Event:
    """An event record, checked, with the rounds paired so far."""

    def __init__(self, record: Dict[str, Any]) -> None:
        self.record = record
        self.read = read_event(record)
        self.players: List[str] = list(self.read.players)
        self.rules: HouseRules = self.read.rules
        self.rounds: List[Round] = list(self.read.pairings)
        self.note: Optional[str] = None  # what the last pairing has to tell the director (the Swiss promise)

    @classmethod
    def new(cls, name: str, system: str, players: Sequence[str], rules: HouseRules, date: object,
            rounds: Optional[int] = None) -> "Event":
        """A new event (no round paired). ``players`` in seed order; ``rules`` a two-player HouseRules;
        ``rounds``: Swiss only (default: enough for a clear winner, ceil(log2 players))."""
        if system not in SYSTEMS:
            raise InvalidNotationError(f"event format must be one of {', '.join(SYSTEMS)}, not {shown_value(system)}")
        players = check_players(players)
        for player in players:  # a new event only: its tables' matches will refuse such a name (Match.new)
            reading = reads_as_fact(player)
            if reading is not None:
                raise InvalidNotationError(f"bad player name '{player}': it reads as {reading} on a table line "
                                           "(9h ben 5 23): use another name")
        check_rules(rules)
        most = round_robin_rounds(len(players))
        if system == "round-robin":
            if rounds is not None and rounds != most:
                raise InvalidNotationError(f"a round robin of {len(players)} players has {most} rounds (every pair "
                                           "meets once): leave out --rounds")
            rounds = most
        elif rounds is None:
            rounds = max(1, math.ceil(math.log2(len(players))))
        elif not 1 <= rounds <= most:
            raise InvalidNotationError(f"a Swiss of {len(players)} players takes 1 to {most} rounds (no pair "
                                       f"meets twice), not {rounds}")
        return cls({"format": FORMAT, "event": name, "date": str(date), "system": system, "rounds": rounds,
                    "rules": {"name": rules.name, "knobs": rules.snapshot()}, "players": players, "pairings": []})

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

    def unfinished(self, results: Dict[str, Result]) -> List[Table]:
        """The tables of the rounds paired whose match is not finished (or cannot be read)."""
        return [table for rnd in self.rounds for table in rnd.tables
                if not (results.get(table.file) or Result.unplayed()).finished]

    def rounds_played(self, results: Dict[str, Result]) -> int:
        return sum(all((results.get(t.file) or Result.unplayed()).finished for t in rnd.tables)
                   for rnd in self.rounds)

    def is_over(self, results: Dict[str, Result]) -> bool:
        return len(self.rounds) == self.total_rounds and not self.unfinished(results)

    def standings(self, results: Dict[str, Result]) -> List[Standing]:
        """Every player's place (``gin_ref.club.standings``), from the tables' results (by file name)."""
        return event_standings(self.system, self.players, self.rounds, results)

    # -- pairing -----------------------------------------------------------------------------------------
    def verify_pair(self, results: Dict[str, Result], shown: Callable[[str], str] = lambda file: file) -> None:
        """Raise (IllegalActionError) unless the next round may be paired: the event is not over and every
        match of the rounds paired is finished. ``shown``: a table's file name as people should read it."""
        open_tables = self.unfinished(results)
        if len(self.rounds) == self.total_rounds and not open_tables:
            raise IllegalActionError(f"the event is over: all {self.total_rounds} rounds are played "
                                     "(see 'gin-ref event standings')")
        if open_tables:
            listed = "; ".join(f"round {self._round_of(t)} table {t.number} ({shown(t.file)}: {' v '.join(t.players)})"
                               for t in open_tables)
            what = "is" if len(open_tables) == 1 else "are"
            # pairing again right after a pairing (one that was interrupted, say) says the round is paired
            paired = f"round {len(self.rounds)} is paired already; " if self.rounds else ""
            raise IllegalActionError(f"{paired}{len(open_tables)} match{'es' if len(open_tables) > 1 else ''} "
                                     f"{what} not finished: {listed}")

    def _round_of(self, table: Table) -> int:
        return next(rnd.number for rnd in self.rounds if table in rnd.tables)

    def next_round(self, results: Dict[str, Result], shown: Callable[[str], str] = lambda file: file) -> Round:
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

    def _swiss(self, results: Dict[str, Result]) -> Tuple[List[Tuple[str, str]], Optional[str]]:
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
        self.record["pairings"].append({
            "round": rnd.number,
            "tables": [{"table": t.number, "players": list(t.players), "file": t.file} for t in rnd.tables],
            "bye": rnd.bye,
        })
        self.rounds.append(rnd)

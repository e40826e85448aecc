"""House rules as data: every knob of docs/rules.md §10, its allowed values and its default.

``HouseRules`` is a ``NamedTuple`` (made at every command's start: a frozen slotted dataclass of its 34 fields
costs four times as much, ``benchmarks/bench_values.py``) and the one table of knobs: each field holds the
knob's type, its default (the oklahoma preset's), the check of a value and what it does. Presets and YAML
files are read into one by ``gin_ref.files.rulesfile`` (the one module that knows YAML). The code that needs
a knob reads the field: variants are data, not subclasses.
"""

from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Mapping, NamedTuple, Optional, Tuple, Union

from gin_ref.core.errors import RulesError
from gin_ref.core.escape import excerpt, shown_value
from gin_ref.core.message import Message, N_

PRESET_NAMES = ("oklahoma", "three-player", "standard", "classic", "hollywood", "tournament",
                "oklahoma-club")
DEFAULT_PRESET = "oklahoma"

if TYPE_CHECKING:
    from gin_ref.core.aces import Aces

Check = Callable[[str, Any], Any]


def shown(value: object) -> str:
    """A knob's bad value for a message: short, whatever was in the file."""
    return shown_value(value)  # in the file's words: null, true, 'text' (short, escaped), a list


def _choice(*allowed: str) -> Check:
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise RulesError(Message(N_("house rule '%(knob)s' must be one of %(allowed)s, not %(value)s"), knob=name,
                                     allowed=", ".join(allowed), value=shown(value)))
        return value
    return check


def _int(low: int = 0, high: "Optional[int]" = 10_000, null: bool = False) -> Check:
    def check(name: str, value: Any) -> "Optional[int]":
        if value is None and null:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(Message(N_("house rule '%(knob)s' must be a whole number or null, not %(value)s") if null
                                     else N_("house rule '%(knob)s' must be a whole number, not %(value)s"),
                                     knob=name, value=shown(value)))
        if value < low or (high is not None and value > high):
            if high is None:
                raise RulesError(Message(N_("house rule '%(knob)s' must be at least %(low)d, not %(value)s"),
                                         knob=name, low=low, value=shown(value)))
            raise RulesError(Message(N_("house rule '%(knob)s' must be %(low)d to %(high)d, not %(value)s"),
                                     knob=name, low=low, high=high, value=shown(value)))
        return value
    return check


def _bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise RulesError(Message(N_("house rule '%(knob)s' must be true or false, not %(value)s"), knob=name,
                                 value=shown(value)))
    return value


def _players(name: str, value: Any) -> int:
    if type(value) is not int or value not in (2, 3):  # 2.0 and true are not a number of players
        raise RulesError(Message(N_("house rule 'players' must be 2 or 3, not %(value)s"), value=shown(value)))
    return int(value)


def _knock_limit(name: str, value: Any) -> "Union[int, str]":
    if value == "upcard":
        return "upcard"
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10:
        raise RulesError(Message(N_("house rule 'knock_limit' must be 'upcard' or 0 to 10, not %(value)s"),
                                 value=shown(value)))
    return value


_KNOBS_IN_ORDER: List[Tuple[Any, Check, str]] = []  # (default, check, doc) of each knob, as HouseRules lists them


def _knob(default: Any, check: Check, doc: str) -> Any:
    """A knob's field: its default (the field's default, returned); the check of a value and what it does
    are kept in the order of the fields, for ``KNOBS``."""
    _KNOBS_IN_ORDER.append((default, check, doc))
    return default


class HouseRules(NamedTuple):
    """The effective house rules. ``name`` says where they came from (preset name or file)."""

    players: int = _knob(2, _players, "number of players")
    knock_limit: Union[int, str] = _knob("upcard", _knock_limit,
                                         "most deadwood a knock may keep; 'upcard' = the upcard's value")
    ace_upcard: str = _knob("one", _choice("one", "gin"),
                            "with knock_limit upcard and an ace up: limit 1, or gin only")
    knocker_arrangement: str = _knob("min_deadwood", _choice("min_deadwood", "best_for_knocker"),
                                     "how undeclared knocker cards are arranged")
    gin_bonus: int = _knob(25, _int(0), "bonus for gin")
    big_gin_bonus: Optional[int] = _knob(None, _int(0, null=True),
                                         "bonus for big gin (11 cards melded); null = no big gin")
    undercut_bonus: int = _knob(10, _int(0), "bonus to the defender for an undercut")
    spade_double: bool = _knob(False, _bool, "a spade upcard doubles the hand's score")
    discard_taken_card: bool = _knob(False, _bool, "a card taken from the pile may be discarded in the same turn")
    dead_hand_stock: int = _knob(2, _int(0, 31), "cards left in the stock after a discard that make the hand dead")
    next_dealer: str = _knob("winner", _choice("winner", "loser", "alternate", "box", "sitter", "captain"),
                             "who deals the next hand; three players: the box player, the sitter, or the "
                             "captain (the player coming in)")
    target: int = _knob(100, _int(1, 1_000_000_000), "points that win a game")
    game_bonus: int = _knob(0, _int(0), "bonus to the game's winner")
    box_bonus: int = _knob(0, _int(0), "end-of-game bonus per hand won (not counted toward the target)")
    shutout: str = _knob("none", _choice("none", "double_game_bonus", "double_total", "flat"),
                         "when the loser scored nothing")
    scoring: str = _knob("standard", _choice("standard", "hollywood"), "one game, or Hollywood (three at once)")
    illegal_knock: str = _knob("reject", _choice("reject", "penalty"),
                               "an illegal knock is refused, or refused and penalised")
    illegal_knock_penalty: int = _knob(10, _int(0), "points to the opponent for an illegal knock under 'penalty'")
    # --- melds, aces and the deal (issue #27): kept together so other knob groups merge cleanly ---
    ace_runs: str = _knob("low", _choice("low", "low_or_high", "wrap"),
                          "where an ace stands in a run: A-2-3 only; Q-K-A too; K-A-2 too (round the corner)")
    ace_value: int = _knob(1, _int(1, 15), "what an ace counts in deadwood")
    gin_layoffs: bool = _knob(False, _bool, "the defender may lay off against a gin")
    wall: bool = _knob(False, _bool, "with dead_hand_stock cards left, the next player may take the last discard "
                                     "to knock (the wall)")
    deal: str = _knob("upcard", _choice("upcard", "eleven"),
                      "ten cards each and an upcard; or eleven to the non-dealer, who discards first, and no upcard")
    # --- end of the issue #27 group ---
    # -- scoring variants (issue #22): each default is the behaviour before them ---------------------------
    knock_tie: str = _knob("undercut", _choice("undercut", "nobody", "knocker"),
                           "a knock with the defender's count equal: an undercut, 0-0 (nobody), or the knocker's")
    knock_limit_cap: Optional[int] = _knob(None, _int(0, 10, null=True),
                                           "with knock_limit upcard: the most the upcard's value may give")
    box_scoring: str = _knob("end", _choice("end", "each_hand"),
                             "box bonus at the end of the game, or added as each hand is won (counts to target)")
    gin_boxes: int = _knob(0, _int(0, 10), "extra boxes for a gin (or big gin)")
    undercut_boxes: int = _knob(0, _int(0, 10), "extra boxes for an undercut")
    spade_double_boxes: bool = _knob(False, _bool, "a spade upcard doubles the hand's boxes")
    shutout_bonus: int = _knob(0, _int(0), "the flat bonus under shutout: flat")
    games: Optional[int] = _knob(None, _int(1, 99, null=True),
                                 "games in the match; null: 1 (Hollywood: 3)")
    match_win: str = _knob("best_of", _choice("best_of", "first_to"),
                           "games one after another: best of the games, or first to win that many")
    # -- end of the scoring variants ---------------------------------------------------------------------
    knock_bonus: int = _knob(0, _int(0), "points added to a plain knock's difference (not a gin, an undercut or a "
                                         "tie)")
    name: str = DEFAULT_PRESET

    def knobs(self) -> "Dict[str, Any]":
        """The knobs as a plain dict (no ``name``), in the order of ``KNOBS``."""
        return {name: getattr(self, name) for name in KNOBS}

    def snapshot(self) -> "Dict[str, Any]":
        """The knobs a record's rules snapshot holds: every knob, but those of ``SNAPSHOT_OPTIONAL`` only
        where they are not at their default (a record written before they existed holds none of them)."""
        return {name: value for name, value in self.knobs().items()
                if name not in SNAPSHOT_OPTIONAL or value != KNOBS[name].default}

    def with_knobs(self, **changes: Any) -> "HouseRules":
        return self._replace(**changes)

    @property
    def game_count(self) -> int:
        """How many games the match holds: ``games``, or 1 (Hollywood: 3) when it is null."""
        if self.games is not None:
            return self.games
        return 3 if self.scoring == "hollywood" else 1

    @property
    def boxes_counted(self) -> bool:
        """Does anything count boxes (a box bonus)?"""
        return self.box_bonus > 0

    @property
    def aces(self) -> "Optional[Aces]":
        """The aces of these rules for the search (``gin_ref.core.aces``); None for the standard ace."""
        if self.ace_runs == "low" and self.ace_value == 1:  # the standard ace: the plain search
            return None
        from gin_ref.core.aces import aces_for  # late (docs/architecture.md): only other aces need them

        return aces_for(self.ace_runs, self.ace_value)  # one Aces for each pair of values (a cache)

    @property
    def most_deadwood(self) -> int:
        """The most deadwood ten cards can count under these rules (98 with the standard ace)."""
        aces = self.aces
        return 98 if aces is None else aces.most_deadwood  # 98: two each of K, Q, J, 10 and 9


class Knob(NamedTuple):
    """One knob of the table: the check of a value (returns it, or raises RulesError), its default, its doc."""

    check: Check
    default: Any
    doc: str


# name -> Knob, in the order of the fields: read from HouseRules, so each default is written once (every field
# but the last, ``name``, is a knob).
assert len(_KNOBS_IN_ORDER) == len(HouseRules._fields) - 1 and HouseRules._fields[-1] == "name"
KNOBS: Dict[str, Knob] = {name: Knob(check, default, doc)
                          for name, (default, check, doc) in zip(HouseRules._fields, _KNOBS_IN_ORDER)}
KNOB_NAMES = tuple(KNOBS)
# Knobs newer than the records' rules snapshot: listed in a snapshot only when not at their default (a
# snapshot without one means its default), and a key of format /2 only: issue #27's group, then the scoring
# variants of issue #22 and issue #41's knock bonus.
SCORING_KNOBS = ("knock_tie", "knock_limit_cap", "box_scoring", "gin_boxes", "undercut_boxes", "spade_double_boxes",
                 "shutout_bonus", "games", "match_win", "knock_bonus")
SNAPSHOT_OPTIONAL = ("ace_runs", "ace_value", "gin_layoffs", "wall", "deal") + SCORING_KNOBS


THREE_PLAYER_DEALERS = ("box", "sitter", "captain")  # next_dealer for three players: who deals every hand


def did_you_mean(word: str, known: "Iterable[str]") -> str:
    """`` (did you mean 'undercut_bonus'?)`` for a near miss among ``known`` (case aside), else ``""``."""
    close = nearest(word, known)
    return f" (did you mean '{close}'?)" if close is not None else ""


def nearest(word: str, known: "Iterable[str]") -> "Optional[str]":
    """The one of ``known`` nearest to ``word`` (case aside) when it is a near miss, else None."""
    import difflib  # late (docs/architecture.md): only a misspelt name needs it

    words = {str(name).casefold(): name for name in known}
    close = difflib.get_close_matches(str(word).casefold(), list(words), n=1, cutoff=0.75)
    return str(words[close[0]]) if close else None


def check_knob(name: str, value: Any) -> Any:
    """Validate one knob's value; returns it. Raises RulesError naming the knob."""
    if name not in KNOBS:
        close = nearest(name, KNOBS)
        if close is not None:
            raise RulesError(Message(N_("unknown house rule '%(knob)s' (did you mean '%(near)s'?)"),
                                     knob=excerpt(name), near=close))
        raise RulesError(Message(N_("unknown house rule '%(knob)s'"), knob=excerpt(name)))
    return KNOBS[name].check(name, value)


def check_consistency(knobs: "Mapping[str, Any]") -> "List[str]":
    """Problems between knobs (each a message in English), for a complete dict of knob values."""
    return [problem.english() for problem in consistency_problems(knobs)]


def consistency_problems(knobs: "Mapping[str, Any]") -> "List[Message]":
    """Problems between knobs, each a message (its knobs' names among its facts: ``knob``, ``other``), for
    a complete dict of knob values."""
    problems = []
    if knobs["players"] == 3 and knobs["next_dealer"] not in THREE_PLAYER_DEALERS:
        problems.append(Message(N_("three players need next_dealer: box, sitter or captain (the box player, the "
                                   "sitter, or the captain deals every hand)"), knob="next_dealer"))
    if knobs["players"] == 2 and knobs["next_dealer"] in THREE_PLAYER_DEALERS:
        problems.append(Message(N_("next_dealer: %(value)s is only for three players"), knob="next_dealer",
                                value=str(knobs["next_dealer"])))
    if knobs["players"] == 3 and knobs["scoring"] == "hollywood":
        problems.append(Message(N_("Hollywood scoring is for two players"), knob="scoring"))
    if knobs.get("deal") == "eleven" and knobs["knock_limit"] == "upcard":
        problems.append(Message(N_("the eleven-card deal has no upcard: knock_limit must be a number, not "
                                   "'upcard'"), knob="knock_limit"))
    if knobs.get("deal") == "eleven" and knobs["spade_double"]:
        problems.append(Message(N_("the eleven-card deal has no upcard: spade_double cannot be played with it"),
                                knob="spade_double"))
    problems.extend(_scoring_problems(knobs))
    return problems


def _scoring_problems(knobs: "Mapping[str, Any]") -> "List[Message]":
    """The scoring variants' combinations that cannot be played (docs/rules.md §10)."""
    knobs = {**{name: KNOBS[name].default for name in SCORING_KNOBS}, **knobs}
    problems = []
    if knobs["knock_limit_cap"] is not None and knobs["knock_limit"] != "upcard":
        problems.append(Message(N_("knock_limit_cap caps the upcard's value: it needs knock_limit: upcard "
                                   "(here knock_limit: %(value)s)"), knob="knock_limit_cap",
                                value=str(knobs["knock_limit"])))
    if not knobs["box_bonus"]:
        boxed = [name for name, default in (("box_scoring", "end"), ("gin_boxes", 0), ("undercut_boxes", 0),
                                             ("spade_double_boxes", False)) if knobs[name] != default]
        if boxed:
            problems.append(Message(N_("%(knob)s counts boxes, but box_bonus is 0: a box is worth nothing"),
                                    knob=boxed[0]))
    if knobs["shutout"] == "flat" and not knobs["shutout_bonus"]:
        problems.append(Message(N_("shutout: flat pays shutout_bonus, which is 0"), knob="shutout"))
    if knobs["shutout_bonus"] and knobs["shutout"] != "flat":
        problems.append(Message(N_("shutout_bonus is paid only under shutout: flat (here shutout: %(value)s)"),
                                knob="shutout_bonus", value=str(knobs["shutout"])))
    if knobs["scoring"] == "hollywood":
        if knobs["games"] is not None and knobs["games"] < 2:
            problems.append(Message(N_("Hollywood scores at least two games at once, not %(value)s"), knob="games",
                                    value=str(knobs["games"])))
        if knobs["match_win"] != "best_of":
            problems.append(Message(N_("Hollywood plays every game to its end: match_win: first_to is for games "
                                       "played one after another"), knob="match_win"))
    elif knobs["match_win"] == "first_to" and (knobs["games"] or 1) < 2:
        problems.append(Message(N_("match_win: first_to needs games: 2 or more (first to win that many games)"),
                                knob="match_win"))
    return problems


def make_rules(knobs: "Mapping[str, Any]", name: str = DEFAULT_PRESET) -> HouseRules:
    """HouseRules from a dict of knobs (missing ones take the defaults). Raises RulesError."""
    merged = {n: knob.default for n, knob in KNOBS.items()}
    for key, value in knobs.items():
        merged[key] = check_knob(key, value)
    problems = consistency_problems(merged)
    if problems:
        raise RulesError(problems[0])
    return HouseRules(name=name, **merged)

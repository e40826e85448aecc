"""House rules as data: every knob of docs/rules.md §10, its allowed values and its default.

``HouseRules`` is a frozen dataclass; presets and YAML files are read into one by ``gin_ref.files.rulesfile`` (the
one module that knows YAML). The code that needs a knob reads the field: variants are data, not subclasses.
"""

from dataclasses import dataclass, fields, replace

from gin_ref.core.errors import RulesError

PRESET_NAMES = ("oklahoma", "three-player", "standard", "classic", "hollywood", "tournament")
DEFAULT_PRESET = "oklahoma"


def shown(value):
    """A knob's bad value for a message: short, whatever was in the file."""
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _choice(*allowed):
    def check(name, value):
        if not isinstance(value, str) or value not in allowed:
            raise RulesError(f"house rule '{name}' must be one of {', '.join(allowed)}, not {shown(value)}")
        return value
    check.describe = " | ".join(allowed)
    return check


def _int(low=0, high=10_000, null=False):
    def check(name, value):
        if value is None and null:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            kind = "a whole number or null" if null else "a whole number"
            raise RulesError(f"house rule '{name}' must be {kind}, not {shown(value)}")
        if value < low or (high is not None and value > high):
            span = f"{low} to {high}" if high is not None else f"at least {low}"
            raise RulesError(f"house rule '{name}' must be {span}, not {shown(value)}")
        return value
    check.describe = (f"{low}-{high}" if high is not None else f">= {low}") + (" or null" if null else "")
    return check


def _bool(name, value):
    if not isinstance(value, bool):
        raise RulesError(f"house rule '{name}' must be true or false, not {shown(value)}")
    return value


_bool.describe = "true | false"


def _players(name, value):
    if isinstance(value, bool) or value not in (2, 3):
        raise RulesError(f"house rule 'players' must be 2 or 3, not {shown(value)}")
    return value


_players.describe = "2 | 3"


def _knock_limit(name, value):
    if value == "upcard":
        return value
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10:
        raise RulesError(f"house rule 'knock_limit' must be 'upcard' or 0 to 10, not {shown(value)}")
    return value


_knock_limit.describe = "upcard | 0-10"

# name -> (checker, default, what it does). Defaults are the oklahoma preset's.
KNOBS = {
    "players": (_players, 2, "number of players"),
    "knock_limit": (_knock_limit, "upcard", "most deadwood a knock may keep; 'upcard' = the upcard's value"),
    "ace_upcard": (_choice("one", "gin"), "one", "with knock_limit upcard and an ace up: limit 1, or gin only"),
    "knocker_arrangement": (_choice("min_deadwood", "best_for_knocker"), "min_deadwood",
                            "how undeclared knocker cards are arranged"),
    "gin_bonus": (_int(0), 25, "bonus for gin"),
    "big_gin_bonus": (_int(0, null=True), None, "bonus for big gin (11 cards melded); null = no big gin"),
    "undercut_bonus": (_int(0), 10, "bonus to the defender for an undercut"),
    "spade_double": (_bool, False, "a spade upcard doubles the hand's score"),
    "discard_taken_card": (_bool, False, "a card taken from the pile may be discarded in the same turn"),
    "dead_hand_stock": (_int(0, 31), 2, "cards left in the stock after a discard that make the hand dead"),
    "next_dealer": (_choice("winner", "loser", "alternate", "box"), "winner", "who deals the next hand"),
    "target": (_int(1, 1_000_000_000), 100, "points that win a game"),
    "game_bonus": (_int(0), 0, "bonus to the game's winner"),
    "box_bonus": (_int(0), 0, "end-of-game bonus per hand won (not counted toward the target)"),
    "shutout": (_choice("none", "double_game_bonus", "double_total"), "none", "when the loser scored nothing"),
    "scoring": (_choice("standard", "hollywood"), "standard", "one game, or Hollywood (three at once)"),
    "illegal_knock": (_choice("reject", "penalty"), "reject", "an illegal knock is refused, or refused and penalised"),
    "illegal_knock_penalty": (_int(0), 10, "points to the opponent for an illegal knock under 'penalty'"),
}


@dataclass(frozen=True)
class HouseRules:
    """The effective house rules. ``name`` says where they came from (preset name or file)."""

    players: int = 2
    knock_limit: object = "upcard"
    ace_upcard: str = "one"
    knocker_arrangement: str = "min_deadwood"
    gin_bonus: int = 25
    big_gin_bonus: object = None
    undercut_bonus: int = 10
    spade_double: bool = False
    discard_taken_card: bool = False
    dead_hand_stock: int = 2
    next_dealer: str = "winner"
    target: int = 100
    game_bonus: int = 0
    box_bonus: int = 0
    shutout: str = "none"
    scoring: str = "standard"
    illegal_knock: str = "reject"
    illegal_knock_penalty: int = 10
    name: str = DEFAULT_PRESET

    def knobs(self):
        """The knobs as a plain dict (no ``name``), in the order of ``KNOBS``."""
        return {name: getattr(self, name) for name in KNOBS}

    def with_knobs(self, **changes):
        return replace(self, **changes)


KNOB_NAMES = tuple(f.name for f in fields(HouseRules) if f.name != "name")
assert KNOB_NAMES == tuple(KNOBS), "HouseRules fields and KNOBS must list the same knobs"


def check_knob(name, value):
    """Validate one knob's value; returns it. Raises RulesError naming the knob."""
    if name not in KNOBS:
        raise RulesError(f"unknown house rule '{name}'")
    return KNOBS[name][0](name, value)


def check_consistency(knobs):
    """Problems between knobs (each a message), for a complete dict of knob values."""
    problems = []
    if knobs["players"] == 3 and knobs["next_dealer"] != "box":
        problems.append("three players need next_dealer: box (the box player deals every hand)")
    if knobs["players"] == 2 and knobs["next_dealer"] == "box":
        problems.append("next_dealer: box is only for three players")
    if knobs["players"] == 3 and knobs["scoring"] == "hollywood":
        problems.append("Hollywood scoring is for two players")
    return problems


def make_rules(knobs, name=DEFAULT_PRESET):
    """HouseRules from a dict of knobs (missing ones take the defaults). Raises RulesError."""
    merged = {n: KNOBS[n][1] for n in KNOBS}
    for key, value in knobs.items():
        merged[key] = check_knob(key, value)
    problems = check_consistency(merged)
    if problems:
        raise RulesError(problems[0])
    return HouseRules(name=name, **merged)

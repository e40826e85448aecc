"""The standings over many matches (pure: takes ``MatchView``s, returns typed rows and text).

``standings(matches)`` is the league table: one row per player over the finished matches, and the open
matches apart; its ``data()`` is the ``gin-ref standings --json`` object without ``skipped`` (reading files is
the desk's job).

- ``matches``: finished matches played; ``matches_won``: those he won (a Hollywood session tied on the
  final scores is won by nobody); ``win_pct``: won per played, in percent, one decimal.
- ``points_for``, ``points_against``: the final scores (bonuses in) of each meeting: in a two-player match
  his final score and his opponent's. A three-player match counts as a meeting with each of the other two
  (as a settlement pays it): his final score once per opponent for, each opponent's score against.
  ``diff`` is ``points_for - points_against``.
- ``rating``, ``rating_mu``, ``rating_sigma``: see ``gin_ref.views.ratings`` (from the whole history up to
  ``until``, whatever ``since`` says: a rating is where a player stands after all he has played).

Players are named without case; a player is shown under the spelling the matches use most (on a tie, the
first met). Rows are ordered by matches won, then difference, then rating (``by="rating"``: rating, then
matches won, then difference); players equal on all of them share a rank and are listed by name.
"""

from collections import Counter
from typing import Callable, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from gin_ref.desk.language import gettext, ngettext
from gin_ref.match.names import player_key
from gin_ref.views.history import MatchView, oldest_first
from gin_ref.views.ratings import Rating, ratings
from gin_ref.views.table import grid

ORDERS = ("wins", "rating")
HEADERS = ["rank", "player", "matches", "won", "win %", "for", "against", "diff", "rating"]


def said_headers() -> List[str]:
    """The grid's headings (``HEADERS``) in the language settled."""
    return [gettext("rank"), gettext("player"), gettext("matches"), gettext("won"), gettext("win %"),
            gettext("for"), gettext("against"), gettext("diff"), gettext("rating")]


class Row(NamedTuple):
    """A player's line of the standings (``rating``: the exact value it is ranked by; shown rounded)."""

    rank: int
    player: str
    matches: int
    matches_won: int
    points_for: int
    points_against: int
    rating: Rating

    @property
    def diff(self) -> int:
        return self.points_for - self.points_against

    @property
    def win_pct(self) -> float:
        return round(100 * self.matches_won / self.matches, 1)

    def data(self) -> Dict[str, object]:
        """The row of ``standings --json``."""
        return {"rank": self.rank, "player": self.player, "matches": self.matches, "matches_won": self.matches_won,
                "win_pct": self.win_pct, "points_for": self.points_for, "points_against": self.points_against,
                "diff": self.diff, "rating": round(self.rating.value, 2), "rating_mu": round(self.rating.mu, 2),
                "rating_sigma": round(self.rating.sigma, 2)}


class OpenMatch(NamedTuple):
    """A match still being played: not counted."""

    file: str
    players: List[str]


class Table(NamedTuple):
    """The standings: the rows in rank order, and the open matches apart."""

    rows: Tuple[Row, ...]
    open: Tuple[OpenMatch, ...]

    def data(self) -> Dict[str, object]:
        """The ``standings --json`` object (without ``skipped``: the desk's)."""
        return {"standings": [row.data() for row in self.rows],
                "open": [{"file": item.file, "players": item.players} for item in self.open]}


def in_window(view: MatchView, since: Optional[str] = None, until: Optional[str] = None) -> bool:
    """Is the match dated within ``since`` .. ``until`` (ISO dates, both included; None: open-ended)?"""
    date = view.date[:10]
    return (since is None or date >= since) and (until is None or date <= until)


def _meetings(view: MatchView) -> Iterator[Tuple[str, int, int]]:
    """``(name, for, against)`` for each player and each opponent of a finished match (its final score:
    every player has one)."""
    final = view.tally.final or {}
    for name in view.players:
        for other in view.players:
            if other != name:
                yield name, final[name], final[other]


def spellings(views: Iterable[MatchView]) -> Dict[str, str]:
    """``{casefolded name: shown name}``: the spelling used in the most matches (first met on a tie)."""
    counts: Counter[str] = Counter()
    first: Dict[str, int] = {}
    for view in oldest_first(views):
        for name in view.players:
            counts[name] += 1
            first.setdefault(name, len(first))
    shown: Dict[str, str] = {}
    for name in sorted(counts, key=lambda n: (-counts[n], first[n])):
        shown.setdefault(player_key(name), name)
    return shown


def standings(matches: Iterable[MatchView], since: Optional[str] = None, until: Optional[str] = None,
              by: str = "wins") -> Table:
    """The standings of ``matches`` (MatchViews, finished or not). ``since`` / ``until``: ISO dates (both
    included) of the matches counted; ``by``: "wins" or "rating"."""
    if by not in ORDERS:
        raise ValueError(f"by must be one of {ORDERS}, not {by!r}")
    upto = [view for view in matches if in_window(view, None, until)]
    rated = ratings(upto)
    window = [view for view in oldest_first(upto) if in_window(view, since, None)]
    shown = spellings(window)
    played: Counter[str] = Counter()  # by player key: matches finished, won, points for and against
    won: Counter[str] = Counter()
    points_for: Counter[str] = Counter()
    points_against: Counter[str] = Counter()
    open_matches: List[OpenMatch] = []
    for view in window:
        tally = view.tally
        if not tally.finished:
            open_matches.append(OpenMatch(view.file, view.players))
            continue
        for name in view.players:
            played[player_key(name)] += 1
            won[player_key(name)] += tally.winner == name
        for name, scored, conceded in _meetings(view):
            points_for[player_key(name)] += scored
            points_against[player_key(name)] += conceded
    rows = [Row(0, shown[key], played[key], won[key], points_for[key], points_against[key], rated[key])
            for key in played]  # every player of a finished match is rated
    return Table(_ranked(rows, by), tuple(open_matches))


def _by_rating(row: Row) -> Tuple[float, int, int]:
    return (-row.rating.value, -row.matches_won, -row.diff)


def _by_wins(row: Row) -> Tuple[int, int, float]:
    return (-row.matches_won, -row.diff, -row.rating.value)


def _ranked(rows: List[Row], by: str) -> Tuple[Row, ...]:
    """``rows`` sorted and numbered; rows equal on every key share the rank of the first."""
    order: Callable[[Row], Tuple[float, float, float]] = _by_rating if by == "rating" else _by_wins
    rows = sorted(rows, key=lambda row: (order(row), player_key(row.player), row.player))
    ranked: List[Row] = []
    for place, row in enumerate(rows, 1):
        same = ranked and order(row) == order(ranked[-1])
        ranked.append(row._replace(rank=ranked[-1].rank if same else place))
    return tuple(ranked)


def standings_rows(table: Table) -> List[List[object]]:
    """The grid's rows people read (win % and rating with one decimal, diff signed)."""
    return [[row.rank, row.player, row.matches, row.matches_won, f"{row.win_pct:.1f}",
             row.points_for, row.points_against, f"{row.diff:+d}", f"{round(row.rating.value, 2):.1f}"]
            for row in table.rows]


def standings_text(table: Table, notes: Sequence[str] = (), width: Optional[int] = None) -> str:
    """The standings as text (fitting ``width`` cells; None: in full), then ``notes``
    (``history.paid_notes``: each match won by a player who is not paid), then the open matches (one line
    each)."""
    lines = []
    if table.rows:
        lines.append(grid(standings_rows(table), said_headers(), right={0, 2, 3, 4, 5, 6, 7, 8}, width=width,
                           drop=(5, 6, 4, 2), clip_start=(1,)))  # narrow: for and against (the diff stays), win %, matches
    else:
        lines.append(gettext("no finished match yet"))
    if notes:
        lines.append("")
        lines += list(notes)
    if table.open:
        lines.append("")
        lines.append(ngettext("still being played (%(count)d, not counted):",
                              "still being played (%(count)d, not counted):", len(table.open)) % {"count": len(table.open)})
        lines += [f"  {item.file}: {', '.join(item.players)}" for item in table.open]
    return "\n".join(lines)

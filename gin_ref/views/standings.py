"""The standings over many matches (pure: takes ``MatchView``s, returns plain data and text).

``standings(matches)`` is the ``gin-ref standings --json`` object without ``skipped`` (reading files is the
CLI's job): one row per player over the finished matches, and the open matches apart.

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
from typing import Any, Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple

from gin_ref.match.names import player_key
from gin_ref.match.tally import Tally
from gin_ref.views.history import MatchView, oldest_first
from gin_ref.views.ratings import START_MU, START_SIGMA, Rating, ratings
from gin_ref.views.table import grid
from gin_ref.views.text import short_name

Row = Dict[str, Any]

ORDERS = ("wins", "rating")
HEADERS = ["rank", "player", "matches", "won", "win %", "for", "against", "diff", "rating"]


def summary_of(view: MatchView) -> Dict[str, Any]:
    """What the standings (and an event's table) need of a match, as plain data: date, players, whether
    it is over, the winner, the final scores, three players or not, the house rules it is played by
    (``rules`` {``name``, ``knobs``}, as its record holds them) and the seals that fail (``seals``)."""
    tally = view.tally
    rules = view.record.get("rules") or {}
    return {"date": view.date, "players": view.players, "finished": bool(tally.finished),
            "winner": tally.winner, "final": tally.final, "bonuses": tally.bonuses,
            "three": view.three_player, "rules": {"name": rules.get("name"), "knobs": rules.get("knobs")},
            "seals": list(view.seals)}


def view_of_summary(file: str, summary: Mapping[str, Any], digest: str = "") -> MatchView:
    """A MatchView holding only a summary (``summary_of``): enough for ``standings``."""
    tally = Tally(tuple(summary["players"]), finished=summary["finished"], winner=summary["winner"],
                  final=summary["final"], bonuses=summary.get("bonuses"), three=bool(summary["three"]))
    return MatchView(file, {"date": summary["date"], "rules": summary["rules"]}, tally,
                     tuple(summary.get("seals") or ()), digest)


def in_window(view: MatchView, since: Optional[str] = None, until: Optional[str] = None) -> bool:
    """Is the match dated within ``since`` .. ``until`` (ISO dates, both included; None: open-ended)?"""
    date = view.date[:10]
    return (since is None or date >= since) and (until is None or date <= until)


def _new_row() -> Dict[str, int]:
    return {"matches": 0, "matches_won": 0, "points_for": 0, "points_against": 0}


def _meetings(view: MatchView) -> Iterator[Tuple[str, int, int]]:
    """``(name, for, against)`` for each player and each opponent of a finished match."""
    final = view.tally.final or {}
    for name in view.players:
        for other in view.players:
            if other != name:
                yield name, final.get(name, 0), final.get(other, 0)


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
              by: str = "wins") -> Dict[str, Any]:
    """The standings of ``matches`` (MatchViews, finished or not): ``{"standings": [rows in rank
    order], "open": [{"file", "players"}]}``. ``since`` / ``until``: ISO dates (both included) of the
    matches counted; ``by``: "wins" or "rating"."""
    if by not in ORDERS:
        raise ValueError(f"by must be one of {ORDERS}, not {by!r}")
    upto = [view for view in matches if in_window(view, None, until)]
    rated = ratings(upto)
    window = [view for view in oldest_first(upto) if in_window(view, since, None)]
    shown = spellings(window)
    rows: Dict[str, Dict[str, int]] = {}
    open_matches: List[Dict[str, Any]] = []
    for view in window:
        tally = view.tally
        if not tally.finished:
            open_matches.append({"file": view.file, "players": view.players})
            continue
        for name in view.players:
            row = rows.setdefault(player_key(name), _new_row())
            row["matches"] += 1
            row["matches_won"] += tally.winner == name
        for name, points_for, points_against in _meetings(view):
            row = rows[player_key(name)]
            row["points_for"] += points_for
            row["points_against"] += points_against
    sheet_rows: List[Row] = []
    for name, row in rows.items():
        rating = rated.get(name, Rating(START_MU, START_SIGMA))
        sheet_rows.append({
            "rank": None,
            "player": shown[name],
            "matches": row["matches"],
            "matches_won": row["matches_won"],
            "win_pct": round(100 * row["matches_won"] / row["matches"], 1),
            "points_for": row["points_for"],
            "points_against": row["points_against"],
            "diff": row["points_for"] - row["points_against"],
            "rating": round(rating.value, 2),
            "rating_mu": round(rating.mu, 2),
            "rating_sigma": round(rating.sigma, 2),
            "_rating": rating.value,
        })
    _rank(sheet_rows, by)
    return {"standings": sheet_rows, "open": open_matches}


def _by_rating(row: Row) -> Tuple[float, int, int]:
    return (-row["_rating"], -row["matches_won"], -row["diff"])


def _by_wins(row: Row) -> Tuple[int, int, float]:
    return (-row["matches_won"], -row["diff"], -row["_rating"])


def _rank(rows: List[Row], by: str) -> None:
    """Sort ``rows`` in place and number them; rows equal on every key share the rank of the first."""
    order: Callable[[Row], Tuple[Any, ...]] = _by_rating if by == "rating" else _by_wins
    rows.sort(key=lambda row: (order(row), player_key(row["player"]), row["player"]))
    previous: Optional[Row] = None
    for place, row in enumerate(rows, 1):
        if previous is None or order(row) != order(previous):
            row["rank"] = place
        else:
            row["rank"] = previous["rank"]
        previous = row
    for row in rows:
        del row["_rating"]


def standings_rows(data: Mapping[str, Any]) -> List[List[Any]]:
    """The grid's rows people read (win % and rating with one decimal, diff signed)."""
    return [[row["rank"], short_name(row["player"]), row["matches"], row["matches_won"], f"{row['win_pct']:.1f}",
             row["points_for"], row["points_against"], f"{row['diff']:+d}", f"{row['rating']:.1f}"]
            for row in data["standings"]]


def standings_text(data: Mapping[str, Any], notes: Sequence[str] = (), width: Optional[int] = None) -> str:
    """The standings as text (fitting ``width`` cells; None: in full), then ``notes``
    (``history.paid_notes``: each match won by a player who is not paid), then the open matches (one line
    each)."""
    lines = []
    if data["standings"]:
        lines.append(grid(standings_rows(data), HEADERS, right={0, 2, 3, 4, 5, 6, 7, 8}, width=width,
                           drop=(5, 6, 4, 2)))  # narrow: for and against (the diff stays), win %, matches
    else:
        lines.append("no finished match yet")
    if notes:
        lines.append("")
        lines += list(notes)
    if data["open"]:
        lines.append("")
        lines.append(f"still being played ({len(data['open'])}, not counted):")
        lines += [f"  {item['file']}: {', '.join(item['players'])}" for item in data["open"]]
    return "\n".join(lines)

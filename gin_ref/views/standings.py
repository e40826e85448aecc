"""The league table over many matches (pure: takes ``MatchView``s, returns plain data and text).

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

from gin_ref.views.history import MatchView, oldest_first
from gin_ref.views.ratings import START_MU, START_SIGMA, Rating, key, ratings
from gin_ref.views.text import output_width, short_name, table

ORDERS = ("wins", "rating")
HEADERS = ["rank", "player", "matches", "won", "win %", "for", "against", "diff", "rating"]


def summary_of(view):
    """What the standings (and an event's table) need of a match, as plain data: date, players, whether
    it is over, the winner, the final scores, three players or not, the house rules it is played by
    (``rules`` {``name``, ``knobs``}, as its record holds them) and the seals that fail (``seals``)."""
    tally = view.tally
    rules = view.record.get("rules") or {}
    return {"date": view.date, "players": view.players, "finished": bool(tally.get("finished")),
            "winner": tally.get("winner"), "final": tally.get("final"), "bonuses": tally.get("bonuses"),
            "three": view.three_player, "rules": {"name": rules.get("name"), "knobs": rules.get("knobs")},
            "seals": list(view.seals)}


def view_of_summary(file, summary, digest=""):
    """A MatchView holding only a summary (``summary_of``): enough for ``standings``."""
    tally = {"players": list(summary["players"]), "finished": summary["finished"], "winner": summary["winner"],
             "final": summary["final"], "bonuses": summary.get("bonuses")}
    if summary["three"]:
        tally["roles"] = None
    return MatchView(file, {"date": summary["date"], "rules": summary["rules"]}, tally,
                     tuple(summary.get("seals") or ()), digest)


def in_window(view, since=None, until=None):
    """Is the match dated within ``since`` .. ``until`` (ISO dates, both included; None: open-ended)?"""
    date = view.date[:10]
    return (since is None or date >= since) and (until is None or date <= until)


def _new_row():
    return {"matches": 0, "matches_won": 0, "points_for": 0, "points_against": 0}


def _meetings(view):
    """``(name, for, against)`` for each player and each opponent of a finished match."""
    final = view.tally.get("final") or {}
    for name in view.players:
        for other in view.players:
            if other != name:
                yield name, final.get(name, 0), final.get(other, 0)


def spellings(views):
    """``{casefolded name: shown name}``: the spelling used in the most matches (first met on a tie)."""
    counts, first = Counter(), {}
    for view in oldest_first(views):
        for name in view.players:
            counts[name] += 1
            first.setdefault(name, len(first))
    shown = {}
    for name in sorted(counts, key=lambda n: (-counts[n], first[n])):
        shown.setdefault(key(name), name)
    return shown


def standings(matches, since=None, until=None, by="wins"):
    """The league table of ``matches`` (MatchViews, finished or not): ``{"standings": [rows in rank
    order], "open": [{"file", "players"}]}``. ``since`` / ``until``: ISO dates (both included) of the
    matches counted; ``by``: "wins" or "rating"."""
    if by not in ORDERS:
        raise ValueError(f"by must be one of {ORDERS}, not {by!r}")
    upto = [view for view in matches if in_window(view, None, until)]
    rated = ratings(upto)
    window = [view for view in oldest_first(upto) if in_window(view, since, None)]
    shown = spellings(window)
    rows, open_matches = {}, []
    for view in window:
        tally = view.tally
        if not tally.get("finished"):
            open_matches.append({"file": view.file, "players": view.players})
            continue
        for name in view.players:
            row = rows.setdefault(key(name), _new_row())
            row["matches"] += 1
            row["matches_won"] += tally.get("winner") == name
        for name, points_for, points_against in _meetings(view):
            row = rows[key(name)]
            row["points_for"] += points_for
            row["points_against"] += points_against
    table_rows = []
    for name, row in rows.items():
        rating = rated.get(name, Rating(START_MU, START_SIGMA))
        table_rows.append({
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
    _rank(table_rows, by)
    return {"standings": table_rows, "open": open_matches}


def _rank(rows, by):
    """Sort ``rows`` in place and number them; rows equal on every key share the rank of the first."""
    if by == "rating":
        order = lambda row: (-row["_rating"], -row["matches_won"], -row["diff"])  # noqa: E731
    else:
        order = lambda row: (-row["matches_won"], -row["diff"], -row["_rating"])  # noqa: E731
    rows.sort(key=lambda row: (order(row), key(row["player"]), row["player"]))
    previous = None
    for place, row in enumerate(rows, 1):
        if previous is None or order(row) != order(previous):
            row["rank"] = place
        else:
            row["rank"] = previous["rank"]
        previous = row
    for row in rows:
        del row["_rating"]


def standings_rows(data):
    """The table rows people read (win % and rating with one decimal, diff signed)."""
    return [[row["rank"], short_name(row["player"]), row["matches"], row["matches_won"], f"{row['win_pct']:.1f}",
             row["points_for"], row["points_against"], f"{row['diff']:+d}", f"{row['rating']:.1f}"]
            for row in data["standings"]]


def standings_text(data, notes=()):
    """The league table as text, then ``notes`` (``history.paid_notes``: each match won by a player who is
    not paid), then the open matches (one line each)."""
    lines = []
    if data["standings"]:
        lines.append(table(standings_rows(data), HEADERS, right={0, 2, 3, 4, 5, 6, 7, 8}, width=output_width(),
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

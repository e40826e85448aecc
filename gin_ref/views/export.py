"""Matches as files for other programs and for people: CSV, JSON, Markdown and one HTML page.

Pure renderers: each takes ``MatchView`` objects (``gin_ref.views.history``) and returns the text. Here: CSV,
JSON and the score sheet both Markdown (``export_text``) and HTML (``export_html``, ``export_chart``) lay out.
The CSV cannot run as a spreadsheet formula, the Markdown and HTML escape every name, and the HTML page is
self-contained: inline CSS and inline SVG charts, no scripts, nothing fetched.
"""

import csv
import datetime
import io
import json
from typing import NamedTuple, Optional

from gin_ref.core.cards import Card
from gin_ref.core.errors import InvalidNotationError
from gin_ref.views.history import standing
from gin_ref.views.words import RULED, hand_notes, house_rule_notes, paid_words, result_only_words, ruling_words

FORMATS = ("csv", "json", "markdown", "html")
EXPORT_FORMAT = "gin-ref-export/1"
CSV_COLUMNS = ("match", "date", "hand", "dealer", "upcard", "limit", "knocker", "result", "winner", "points")
ROLES = ("box", "captain", "sitter")  # three players: the box deals every hand and plays the captain


def game_numbers(view):
    """The numbers of a match's games (Hollywood, or games one after another): 1, 2, 3... as its tally has
    them."""
    return tuple(range(1, len(view.tally.get("games") or []) + 1))


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def render(fmt, views, **options):
    """The export of ``views`` in format ``fmt`` (one of FORMATS), as text. ``options`` go to the HTML page
    (``title``, ``paper``, ``standings``)."""
    from gin_ref.views.export_html import html_text
    from gin_ref.views.export_text import markdown_text

    if fmt not in FORMATS:
        raise InvalidNotationError(f"unknown export format '{fmt}' (expected {', '.join(FORMATS)})")
    if fmt == "html":
        return html_text(views, **options)
    return {"csv": csv_text, "json": json_text, "markdown": markdown_text}[fmt](views)


def all_players(views):
    """Every player name, in the order first met."""
    names = {}
    for view in views:
        for name in view.players:
            names.setdefault(name, None)
    return list(names)


# -- CSV ---------------------------------------------------------------------------------------------------

def safe_cell(value):
    """A CSV cell a spreadsheet will not run: text starting with = + - @ (or tab, CR) gets a leading
    apostrophe. Numbers stay numbers; None is an empty cell."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def csv_text(views):
    """One row per settled hand: the match, the hand, each player's running total after it, then the three
    players' roles and, for Hollywood, each game's running total per player (empty where they do not apply).
    The end-of-game bonuses are not hands: they are in the JSON, Markdown and HTML."""
    names = all_players(views)
    hollywood = all_players([view for view in views if view.hollywood])
    numbers = max((game_numbers(view) for view in views if view.hollywood), key=len, default=())
    games = [f"game {game} {name}" for game in numbers for name in hollywood]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([safe_cell(c) for c in (*CSV_COLUMNS, *names, *ROLES, *games)])
    for view in views:
        for hand in view.hands:
            row = (view.file, view.date, hand["number"], hand.get("dealer"), hand.get("upcard"),
                   hand.get("limit"), hand.get("knocker"), ruled_result(hand), hand.get("winner"),
                   hand.get("points"))
            totals = [hand["totals"].get(name) if name in view.players else None for name in names]
            roles = [hand.get(role) for role in ROLES]
            columns = hand.get("games") or []
            in_games = [columns[game - 1].get(name) if len(columns) >= game and name in view.players else None
                        for game in numbers for name in hollywood]
            writer.writerow([safe_cell(c) for c in (*row, *totals, *roles, *in_games)])
        if view.tally.get("result_only"):  # a match recorded by its result: one row, its final scores
            final = view.tally["final"]
            row = (view.file, view.date, None, None, None, None, None, "result_only", view.tally["winner"], None)
            totals = [final.get(name) if name in view.players else None for name in names]
            writer.writerow([safe_cell(c) for c in (*row, *totals, *([None] * (len(ROLES) + len(games))))])
    return out.getvalue()


# -- JSON --------------------------------------------------------------------------------------------------

def _plain(value):
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    raise TypeError(f"cannot export {type(value).__name__}")


def json_data(views):
    """``{format, matches: [{file, record, tally}]}``: each record as read and its tally."""
    return {
        "format": EXPORT_FORMAT,
        "matches": [{"file": view.file, "record": view.record, "tally": view.tally} for view in views],
    }


def json_text(views):
    return "".join(json_chunks(views))


def json_chunks(views):
    """``json_text`` in pieces, as it is encoded: written out piece by piece, the whole text is never held
    in memory (a record of 100,000 hands exports as some hundreds of MB of JSON)."""
    encoder = json.JSONEncoder(ensure_ascii=False, indent=2, default=_plain)
    yield from encoder.iterencode(json_data(views))
    yield "\n"


# -- the score sheet, shared by Markdown and HTML ----------------------------------------------------------

def pretty_card(code):
    if not code:
        return ""
    try:
        return Card.parse(str(code)).pretty
    except InvalidNotationError:
        return str(code)


def is_red(code):
    """Hearts and diamonds (printed red on the sheet)."""
    return bool(code) and str(code)[-1:].upper() in ("H", "D")


class Sheet(NamedTuple):
    """A match's hand table: column titles, one row per settled hand, the rows at its foot (the total, one
    per bonus, the final score), the numeric columns, the upcard column (its cells are card codes; None
    when no hand has an upcard) and, for
    Hollywood, the titles over each game's columns as ``(title, columns)``."""

    headers: list
    rows: list
    foot: list
    numeric: set
    card: Optional[int]
    groups: list


def heading(view):
    """``Ann v Ben, 2024-03-02``: who played, and when."""
    players = " v ".join(view.players)
    return f"{players}, {view.date}" if view.date else players


def bonus_kinds(view):
    """Every end-of-game bonus recorded (``box_bonus``, ``game_bonus``, ``shutout``...), in the order met."""
    kinds = {}
    sources = [view.tally.get("bonuses") or {}] + [game.get("bonuses") or {} for game in view.tally.get("games") or []]
    for bonuses in sources:
        for per_player in bonuses.values():
            for kind in per_player or {}:
                kinds.setdefault(kind, None)
    return list(kinds)


def bonus_word(kind):
    return str(kind).replace("_", " ")


def foot_rows(players, first, parts, kinds):
    """The rows under the hands: ``total``; one per bonus kind; ``final`` (once a part is over). ``first - 1``
    empty cells come before the players' columns; each of ``parts`` (totals, bonuses, final or None: the
    match's, then each Hollywood game's) has a column per player."""
    pad = [None] * (first - 1)
    rows = [["total", *pad, *((totals or {}).get(name, 0) for totals, _b, _f in parts for name in players)]]
    for kind in kinds:
        rows.append([bonus_word(kind), *pad, *(((bonuses or {}).get(name) or {}).get(kind)
                                               for _t, bonuses, _f in parts for name in players)])
    if any(final for _t, _b, final in parts):
        rows.append(["final", *pad, *((final or {}).get(name) for _t, _b, final in parts for name in players)])
    return rows


def score_sheet(view, games=True):
    """The tally's hand table: dealer (three players: the roles), upcard, limit, knocker, result, winner,
    points, each player's running total (and, for Hollywood with ``games``, each game's columns), then the
    foot rows (``foot_rows``). None is an empty cell."""
    players = view.players
    roles = list(ROLES) if view.three_player else ["dealer"]  # the box deals every hand
    games = games and view.hollywood
    numbers = game_numbers(view) if games else ()
    game_headers = [name for _game in numbers for name in players]
    upcards = any(hand.get("upcard") for hand in view.hands)  # none where the rules need none: no column
    headers = ["hand", *roles, *(["upcard"] if upcards else []), "limit", "knocker", "result", "winner",
               "points", *players, *game_headers]
    rows = []
    noted = {number for number, _note in sheet_notes(view)}
    for hand in view.hands:
        columns = (hand.get("games") or []) if games else []
        columns = columns + [{}] * (len(numbers) - len(columns))  # games one after another: not begun yet
        rows.append([hand_mark(hand, noted), *(hand.get(role) for role in roles),
                     *([hand.get("upcard")] if upcards else []), hand.get("limit"), hand.get("knocker"),
                     hand["result"].replace("_", " "), hand.get("winner"), hand.get("points"),
                     *(hand["totals"].get(name) for name in players),
                     *(column.get(name) for column in columns for name in players)])
    first = headers.index("points") + 1
    tally = view.tally
    parts = [(tally.get("totals"), tally.get("bonuses"), tally.get("final") if tally.get("finished") else None)]
    if games:
        parts += [(g.get("totals"), g.get("bonuses"), g.get("final") if g.get("finished") else None)
                  for g in tally.get("games") or []]
    foot = foot_rows(players, first, parts, bonus_kinds(view))
    numeric = {0, headers.index("limit"), headers.index("points"), *range(first, len(headers))}
    groups = [("", first), ("match", len(players))] + [(f"game {g}", len(players)) for g in numbers] if games else []
    return Sheet(headers, rows, foot, numeric, headers.index("upcard") if upcards else None, groups)


def game_sheet(view, number):
    """Hollywood: one game's table: a row for each hand that scored in it (the points each player gained
    and the running totals), then its total, bonuses and final score. ``(headers, rows, foot, numeric)``."""
    players = view.players
    game = view.tally["games"][number - 1]
    headers = ["hand", *players, *(f"{name} total" for name in players)]
    rows, before = [], {name: 0 for name in players}
    for hand in view.hands:
        columns = hand.get("games") or []
        now = columns[number - 1] if len(columns) >= number else before
        gained = [now.get(name, 0) - before.get(name, 0) for name in players]
        if any(gained):
            rows.append([hand["number"], *(g or None for g in gained), *(now.get(name, 0) for name in players)])
        before = now
    final = game.get("final") if game.get("finished") else None
    kinds = [k for k in bonus_kinds(view) if any(k in (b or {}) for b in (game.get("bonuses") or {}).values())]
    foot = foot_rows(players, len(players) + 1, [(game.get("totals"), game.get("bonuses"), final)], kinds)
    return headers, rows, foot, set(range(len(headers)))


def game_outcome(view, number):
    """``game 1: Cid wins, target 100`` or ``game 3: open, target 100``; a game whose loser is paid on boxes
    says so: ``game 1: Cid wins the game; Ben is paid 5 on boxes, target 100``."""
    game = view.tally["games"][number - 1]
    state = f"{game['winner']} wins" if game.get("winner") else ("a tie" if game.get("finished") else "open")
    if game.get("finished"):
        state = paid_words(game.get("final"), game.get("winner"), game.get("bonuses")) or state
    target = view.tally.get("target")
    return f"game {number}: {state}" + (f", target {target}" if target else "")


def outcome_line(view):
    """``Ann wins: Ann 112, Ben 45`` (final scores) once over (``Ann wins the game; Ben is paid 95 on boxes
    (Ann 220, Ben 315)`` when box bonuses lift the loser's final above the winner's); else ``playing: Ann 40,
    Ben 22; next dealer Ann`` (running totals)."""
    tally = view.tally
    scores = ", ".join(f"{name} {standing(view).get(name, 0)}" for name in view.players)
    paid = (paid_words(tally.get("final"), tally.get("winner"), tally.get("bonuses"))
            if tally.get("finished") and "games" not in tally else None)  # several games: each game says it
    if paid is not None:
        return f"{paid} ({scores})"
    if tally.get("finished"):
        return f"{tally['winner']} wins: {scores}" if tally.get("winner") else f"over, a tie: {scores}"
    nxt = tally.get("next_dealer")
    return f"playing: {scores}" + (f"; next dealer {nxt}" if nxt else "")


def sheet_notes(view):
    """``(hand number, note)`` for each hand the tally marks with ``*``: irregularities, hands dead by
    themselves, hands that stand as played after an amend, hands played after the end; worded as the
    tally words them (``gin_ref.views.words.hand_notes``)."""
    knobs = (view.record.get("rules") or {}).get("knobs") or {}
    hands = view.record.get("hands") or []
    return hand_notes(view.tally, hands, knobs.get("dead_hand_stock"))


def notes(view, marked=False):
    """The notes under a match's table, in words: the tally's ``*`` notes (``marked``: each with its ``*``,
    as the ruled ones carry their ``^``), then each ruled hand (``^``)."""
    ruled = [f"{RULED} hand {hand['number']}: {ruling_words(hand['ruling'], dated=True)}"
             for hand in view.tally["hands"] if hand.get("ruling")]
    knobs = (view.record.get("rules") or {}).get("knobs") or {}
    return house_rule_notes(knobs) + [f"* {note}" if marked else note for _number, note in sheet_notes(view)] \
        + ruled


def ruled_result(hand):
    """A hand's result for the CSV: the engine's, marked ``^`` when a director ruled the hand."""
    return f"{hand['result']}{RULED}" if hand.get("ruling") else hand["result"]


def hand_mark(hand, noted):
    """A hand's number as the tally marks it: ``*`` when a note says something of it (a refused knock, an
    irregularity...), ``^`` when a director ruled it; both marks in the one place, after the number."""
    mark = ("*" if hand["number"] in noted else "") + (RULED if hand.get("ruling") else "")
    return f"{hand['number']}{mark}" if mark else hand["number"]


def not_started(view):
    """What the sheet says instead of an empty table: ``not started...`` (no deal yet) or ``no hand settled
    yet...`` (the first deal is in play); None once a hand is settled."""
    if view.hands:
        return None
    if view.tally.get("result_only"):
        return result_only_words(view.tally["result_only"].get("hands_won"))
    if view.tally["hands"]:
        return "no hand settled yet: hand 1 is in play"
    return "not started: no hand played yet"

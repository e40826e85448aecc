"""Matches as files for other programs and for people: CSV, JSON, Markdown and one HTML page.

Pure renderers: each takes ``MatchView`` objects (``gin_ref.views.history``) and returns the text (the
registry of formats is ``gin_ref.desk.exports``'). Here: CSV and JSON; the score sheet (``gin_ref.views.sheet``) is laid out as Markdown (``export_text``) and HTML
(``export_html``, ``export_chart``). The CSV cannot run as a spreadsheet formula, the Markdown and HTML escape
every name, and the HTML page is self-contained: inline CSS and inline SVG charts, no scripts, nothing fetched.
"""

import csv
import io
import json
from typing import Dict, Iterable, Iterator, List, Sequence, Tuple

from gin_ref.views.plainjson import json_plain
from gin_ref.views.tally_text import hand_data, tally_data
from gin_ref.match.tally import HandTally, Tally
from gin_ref.views.history import MatchView
from gin_ref.views.sheet import ROLES, game_numbers
from gin_ref.views.words import RULED

EXPORT_FORMAT = "gin-ref-export/1"
CSV_COLUMNS = ("match", "date", "hand", "dealer", "upcard", "limit", "knocker", "result", "winner", "points")

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def all_players(views: Sequence[MatchView]) -> List[str]:
    """Every player name, in the order first met."""
    names: Dict[str, None] = {}
    for view in views:
        for name in view.players:
            names.setdefault(name, None)
    return list(names)


# -- CSV ---------------------------------------------------------------------------------------------------

def safe_cell(value: object) -> object:
    """A CSV cell a spreadsheet will not run: text starting with = + - @ (or tab, CR) gets a leading
    apostrophe. Numbers stay numbers; None is an empty cell."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


class _Columns:
    """The CSV's columns beyond the hand's own: every player's total, the three roles, and each Hollywood
    game's total per player."""

    def __init__(self, views: Sequence[MatchView]) -> None:
        self.names = all_players(views)
        self.hollywood = all_players([view for view in views if view.hollywood])
        self.numbers: Tuple[int, ...] = max((game_numbers(view) for view in views if view.hollywood), key=len,
                                            default=())
        self.games = [f"game {game} {name}" for game in self.numbers for name in self.hollywood]

    def headers(self) -> List[str]:
        return [*CSV_COLUMNS, *self.names, *ROLES, *self.games]

    def hand_row(self, view: MatchView, hand: HandTally) -> List[object]:
        row = (view.file, view.date, hand.number, hand.dealer, hand.upcard, hand.limit, hand.knocker,
               ruled_result(hand), hand.winner, hand.points)
        totals = [hand.totals[name] if name in view.players else None for name in self.names]
        roles = [hand.role(role) for role in ROLES]
        columns = hand.games or ()
        in_games = [columns[game - 1][name] if len(columns) >= game and name in view.players else None
                    for game in self.numbers for name in self.hollywood]
        return [*row, *totals, *roles, *in_games]

    def result_row(self, view: MatchView) -> List[object]:
        """A match recorded by its result: one row, its final scores."""
        final = view.tally.final  # a result's final scores: every player of the match has one
        row = (view.file, view.date, None, None, None, None, None, "result_only", view.tally.winner, None)
        totals = [final[name] if final is not None and name in view.players else None for name in self.names]
        return [*row, *totals, *([None] * (len(ROLES) + len(self.games)))]


def csv_text(views: Sequence[MatchView]) -> str:
    """One row per settled hand: the match, the hand, each player's running total after it, then the three
    players' roles and, for Hollywood, each game's running total per player (empty where they do not apply).
    The end-of-game bonuses are not hands: they are in the JSON, Markdown and HTML."""
    columns = _Columns(views)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([safe_cell(c) for c in columns.headers()])
    for view in views:
        for hand in view.hands:
            writer.writerow([safe_cell(c) for c in columns.hand_row(view, hand)])
        if view.tally.result_only is not None:
            writer.writerow([safe_cell(c) for c in columns.result_row(view)])
    return out.getvalue()


def ruled_result(hand: HandTally) -> str:
    """A hand's result for the CSV: the engine's, marked ``^`` when a director ruled the hand."""
    if hand.ruling is not None:  # a hand its ruling dealt has no result (never played): the ruling's kind
        return f"{hand.result or '(' + hand.ruling.kind + ')'}{RULED}"
    return str(hand.result)


# -- JSON --------------------------------------------------------------------------------------------------

def json_data(views: Sequence[MatchView]) -> Dict[str, object]:
    """``{format, matches: [{file, record, tally}]}``: each record as read and its tally."""
    return {
        "format": EXPORT_FORMAT,
        "matches": [{"file": view.file, "record": view.written, "tally": tally_data(view.tally)} for view in views],
    }


def json_text(views: Sequence[MatchView]) -> str:
    return "".join(json_chunks(views))


class _Items:
    """A JSON array made as it is written: its items come one at a time from ``items`` (an iterable)."""

    def __init__(self, items: Iterable[object]) -> None:
        self.items = items


def json_chunks(views: Sequence[MatchView]) -> Iterator[str]:
    """``json_text`` in pieces, as it is encoded: written out piece by piece, the whole text is never held
    in memory (a record of 100,000 hands exports as some hundreds of MB of JSON), nor the tally of every hand
    as data: each hand's ``tally`` object is made as it is written. The text is ``json_data``'s, encoded
    with ``indent=2``, byte for byte."""
    encoder = json.JSONEncoder(ensure_ascii=False, indent=2, default=json_plain)
    document = {"format": EXPORT_FORMAT,
                "matches": _Items({"file": view.file, "record": view.written, "tally": _tally_items(view.tally)}
                                  for view in views)}
    yield from _pieces(encoder, document, 0)
    yield "\n"


def _tally_items(tally: Tally) -> Dict[str, object]:
    """``tally_data(tally)`` with its hands as ``_Items``: each hand's object made when it is written."""
    data = tally_data(tally._replace(hands=()))
    data["hands"] = _Items(hand_data(hand) for hand in tally.hands)
    return data


def _pieces(encoder: json.JSONEncoder, value: object, level: int) -> Iterator[str]:
    """``value`` encoded as ``encoder`` does (indented by 2), nested ``level`` deep: mappings with text keys,
    lists and ``_Items`` are written an entry at a time; an entry of a list is encoded whole (a record's hand),
    an entry of ``_Items`` that is a mapping entry by entry (a match holds its record)."""
    pad = "\n" + "  " * (level + 1)
    if isinstance(value, _Items) or (isinstance(value, list) and value):
        first = True
        for item in value.items if isinstance(value, _Items) else value:
            yield ("[" if first else ",") + pad
            first = False
            if isinstance(value, _Items) and isinstance(item, dict):
                yield from _pieces(encoder, item, level + 1)
            else:  # a JSON string holds no line break: the text indents by its line breaks
                yield encoder.encode(item).replace("\n", pad)
        yield "[]" if first else pad[:-2] + "]"
    elif isinstance(value, dict) and value and all(isinstance(key, str) for key in value):
        first = True
        for key, item in value.items():
            yield ("{" if first else ",") + pad + encoder.encode(key) + ": "
            first = False
            yield from _pieces(encoder, item, level + 1)
        yield pad[:-2] + "}"
    else:
        yield encoder.encode(value).replace("\n", pad[:-2])

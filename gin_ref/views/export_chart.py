"""The score sheet's charts: inline SVG line charts of running totals, one line per player.

Lines are told apart without colour too: each has its own dash pattern and its own marker at every hand,
and is labelled at its end with the player's name and last total (labels pushed apart so none overlap). The
target is a grey dashed line. No ``url(...)`` references (markers are drawn shapes), so nothing is fetched.
"""

import html
from typing import Dict, List, Mapping, Optional, Sequence

from gin_ref.views.history import MatchView
from gin_ref.views.sheet import game_numbers
from gin_ref.desk.language import gettext
from gin_ref.views.words import wins_words

Series = Dict[str, List[int]]

COLOURS = ("#1f5fa8", "#c0392b", "#23744a", "#8e44ad", "#b34700")  # each 4.5:1 or more on white (#39)
DASHES = ("", "7 4", "2 3", "10 3 2 3", "4 2 1 2")  # solid, dashed, dotted, dash-dot, short dash-dot
MARKERS = ("circle", "square", "triangle", "diamond", "cross")
LABEL_GAP = 12  # px between two end labels
FONT = 11  # px, the charts' text (svg text in the sheet's stylesheet)


def esc(value: object) -> str:
    return "" if value is None else html.escape(str(value), quote=True)


def chart_series(view: MatchView) -> Series:
    """Each player's running totals for the chart: 0 before the first hand, then one per hand."""
    return {name: [0] + [hand.totals[name] for hand in view.hands] for name in view.players}


def game_series(view: MatchView, number: int) -> Series:
    """Hollywood: each player's running total in game ``number``: 0 before the first hand, then one per hand."""
    series: Series = {}
    for name in view.players:
        values, last = [0], 0
        for hand in view.hands:
            columns = hand.games or ()
            last = columns[number - 1][name] if len(columns) >= number else last
            values.append(last)
        series[name] = values
    return series


def _points(*pairs: Sequence[float]) -> str:
    return " ".join(f"{round(px, 1)},{round(py, 1)}" for px, py in pairs)


def marker(kind: str, x: float, y: float, colour: str, s: float = 3.2) -> str:
    """One point's marker, a drawn shape of half-size ``s``: a filled circle, square or triangle, an open
    diamond, a cross."""
    if kind == "circle":
        return f"<circle cx=\"{x}\" cy=\"{y}\" r=\"{s}\" fill=\"{colour}\"/>"
    if kind == "square":
        return (f"<rect x=\"{round(x - s, 1)}\" y=\"{round(y - s, 1)}\" width=\"{2 * s}\" height=\"{2 * s}\" "
                f"fill=\"{colour}\"/>")
    if kind == "triangle":
        pts = _points((x, y - s - 0.8), (x - s - 0.6, y + s), (x + s + 0.6, y + s))
        return f"<polygon points=\"{pts}\" fill=\"{colour}\"/>"
    if kind == "diamond":
        pts = _points((x, y - s - 1), (x + s + 1, y), (x, y + s + 1), (x - s - 1, y))
        return f"<polygon points=\"{pts}\" fill=\"white\" stroke=\"{colour}\" stroke-width=\"1.5\"/>"
    return (f"<path d=\"M{round(x - s, 1)} {round(y - s, 1)}L{round(x + s, 1)} {round(y + s, 1)}"
            f"M{round(x - s, 1)} {round(y + s, 1)}L{round(x + s, 1)} {round(y - s, 1)}\" stroke=\"{colour}\" "
            "stroke-width=\"1.6\"/>")


def spread_labels(wanted: Sequence[float], low: float, high: float, gap: float = LABEL_GAP) -> List[float]:
    """Label heights as near ``wanted`` as they can be while ``gap`` apart, inside ``low``..``high``."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed: Dict[int, float] = {}
    last: Optional[float] = None
    for i in order:
        y = max(wanted[i], low) if last is None else max(wanted[i], last + gap)
        placed[i] = y
        last = y
    overflow = (last or 0) - high
    if overflow > 0:  # pushed past the bottom: move them all up, keeping the gaps
        for i in order:
            placed[i] = round(placed[i] - overflow, 1)
    return [round(placed[i], 1) for i in range(len(wanted))]


def axis_step(highest: int, most: int = 5) -> int:
    """The step of the score axis: 1, 2 or 5 times a power of ten, the smallest that reaches ``highest`` in
    at most ``most`` steps (so every tick is a round number: 0, 100, 200, 300)."""
    power = 1
    while True:
        for step in (power, 2 * power, 5 * power):
            if -(-highest // step) <= most:
                return step
        power *= 10


def svg_chart(series: Mapping[str, Sequence[int]], label: str, target: Optional[int] = None, width: int = 640,
              height: int = 250, title: Optional[str] = None) -> List[str]:
    """An inline SVG line chart of ``series`` (name -> values, one a hand from 0) with the ``target``; the
    score axis runs to the round number at or above the highest value, ticked at round numbers."""
    hands = max((len(values) for values in series.values()), default=1) - 1
    highest = max([1, target or 0] + [v for values in series.values() for v in values])
    step = axis_step(highest)
    top = step * -(-highest // step)
    left, right, upper, lower = 40, 96, 22 if title else 12, 32
    plot_w, plot_h = width - left - right, height - upper - lower

    def x(i: int) -> float:
        return round(left + plot_w * i / max(hands, 1), 1)

    def y(v: int) -> float:
        return round(upper + plot_h * (1 - v / top), 1)

    out = [f"<svg class=\"chart\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" "
           f"role=\"img\" aria-label=\"{esc(label)}\">"]
    if title:
        out.append(f"<text class=\"title\" x=\"{left}\" y=\"14\">{esc(title)}</text>")
    out.append(f"<rect x=\"{left}\" y=\"{upper}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" "
               "stroke=\"#999\"/>")
    for value in range(0, top + 1, step):
        out.append(f"<text class=\"tick\" x=\"{left - 5}\" y=\"{y(value) + 4}\" text-anchor=\"end\">{value}</text>")
    if target:
        out.append(f"<line class=\"target\" x1=\"{left}\" y1=\"{y(target)}\" x2=\"{left + plot_w}\" "
                   f"y2=\"{y(target)}\" stroke=\"#777\" stroke-width=\"1\" stroke-dasharray=\"1 3\"/>")
        # above the line, unless that would reach the title (or the top): then just below it
        label_y = y(target) - 4 if y(target) - 4 - FONT >= upper else y(target) + FONT + 2
        out.append(f"<text class=\"target-label\" x=\"{left + 4}\" y=\"{label_y}\">"
                   + esc(gettext("target %(target)s") % {"target": target}) + "</text>")
    step = 1 if hands <= 20 else 5 if hands <= 100 else 50
    for i in range(0, hands + 1, step):
        out.append(f"<text x=\"{x(i)}\" y=\"{upper + plot_h + 13}\" text-anchor=\"middle\">{i}</text>")
    hand = esc(gettext("hand"))  # (said outside the f-string: Babel reads no call inside one)
    out.append(f"<text x=\"{left + plot_w / 2}\" y=\"{height - 3}\" text-anchor=\"middle\">{hand}</text>")
    ends = spread_labels([y(values[-1]) + 4 for values in series.values()], upper + 8, upper + plot_h + 4)
    for i, ((name, values), label_y) in enumerate(zip(series.items(), ends)):
        colour, dash, kind = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)], MARKERS[i % len(MARKERS)]
        pts = " ".join(f"{x(j)},{y(v)}" for j, v in enumerate(values))
        dashes = f" stroke-dasharray=\"{dash}\"" if dash else ""
        out.append(f"<g class=\"player\" data-marker=\"{kind}\">")
        out.append(f"<polyline class=\"series\" data-player=\"{esc(name)}\" fill=\"none\" stroke=\"{colour}\" "
                   f"stroke-width=\"2\"{dashes} points=\"{pts}\"><title>{esc(name)}</title></polyline>")
        out += [marker(kind, x(j), y(v), colour) for j, v in enumerate(values)]
        out.append(marker(kind, left + plot_w + 10, label_y - 4, colour))
        out.append(f"<text class=\"end\" x=\"{left + plot_w + 18}\" y=\"{label_y}\" fill=\"{colour}\" "
                   f"style=\"fill: {colour}\">{esc(name)} {esc(values[-1])}</text>")
        out.append("</g>")
    out.append("</svg>")
    return out


def match_charts(view: MatchView) -> List[str]:
    """The charts of a match: one of the running totals with its target; Hollywood, one per game with the
    target of each game (a game nobody has scored in yet is named, not drawn)."""
    target = view.tally.target
    if not view.hollywood:
        return svg_chart(chart_series(view), gettext("running totals of %(file)s") % {"file": view.file}, target)
    out: List[str] = []
    for number in game_numbers(view):
        series = game_series(view, number)
        game = (view.tally.games or ())[number - 1]
        said = {"game": number, "file": view.file, "state": wins_words(game.winner) if game.winner else ""}
        if not any(v for values in series.values() for v in values):
            out.append("<p class=\"game-open\">" + esc(gettext("game %(game)d: nobody has scored in it yet") % said)
                       + "</p>")
            continue
        title = gettext("game %(game)d: %(state)s") % said if game.winner else gettext("game %(game)d") % said
        out += svg_chart(series, gettext("game %(game)d of %(file)s") % said, target, width=340, height=200,
                         title=title)
    return out

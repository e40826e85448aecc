"""``tally --what-if RULES``: the match as played and under other rules, side by side, as data and text
(``gin_ref.match.whatif`` works it out; the reasons are put into words here, ``why_words``: only
``--what-if`` says them, so the tally does not load them)."""

from typing import Dict, List, Optional, Sequence

from gin_ref.desk.language import gettext
from gin_ref.match.model import Match
from gin_ref.match.tally import tally_of
from gin_ref.match.whatif import WhatIf
from gin_ref.views import words
from gin_ref.views.cells import cells
from gin_ref.views.table import grid
from gin_ref.views.text import fit_text, short_name


def _phrase(result: object) -> str:
    """A result where a hand is told in words: ``knock, undercut``, ``knock, a tie scored 0-0``."""
    if result == "undercut":
        return gettext("knock, undercut")
    if result == "tie":
        return gettext("knock, a tie scored 0-0")
    return words.result_name(result)


def _bonus_name(result: object) -> str:
    if result == "gin":
        return gettext("gin bonus")
    if result == "big_gin":
        return gettext("big gin bonus")
    if result == "undercut":
        return gettext("undercut bonus")
    if result == "knock":
        return gettext("knock bonus")
    return str(result)


def why_words(why: Sequence[object], rules: str) -> str:
    """Why a hand differs under other rules (``gin_ref.match.whatif``): ``knock illegal under limit 7:
    deadwood 8``, ``gin bonus 20, not 25``..."""
    kind, values = why[0], why[1:]
    if kind == "illegal":
        limit, deadwood, reason = values
        return gettext("knock illegal under limit %(limit)s: deadwood %(deadwood)s (%(reason)s)") % {
            "limit": limit, "deadwood": deadwood, "reason": words.said(reason)}
    if kind == "result":
        new, old, winner = values
        said = {"new": _phrase(new), "old": _phrase(old), "name": winner}
        if winner is None:
            return gettext("%(new)s, scored 0-0, not %(old)s") % said
        return gettext("%(new)s to %(name)s, not %(old)s") % said
    if kind == "bonus":
        result, new, old = values
        return gettext("%(bonus)s %(new)s, not %(old)s") % {"bonus": _bonus_name(str(result)), "new": new, "old": old}
    if kind == "deadwood":
        side, new, old = values
        return gettext("%(name)s's deadwood %(new)s, not %(old)s") % {"name": side, "new": new, "old": old}
    if kind == "doubled":
        return gettext("doubled for a spade upcard") if values[0] else gettext("no spade double")
    if kind == "points":
        return gettext("%(new)s points, not %(old)s") % {"new": values[0], "old": values[1]}
    if kind == "refused_legal":
        player, deadwood, limit = values
        return gettext("%(name)s's refused knock (deadwood %(deadwood)s) is legal under limit %(limit)s: noted, "
                       "not scored") % {"name": player, "deadwood": deadwood, "limit": limit}
    if kind == "penalty":
        to, new, old = values
        return gettext("penalty %(new)s to %(name)s, not %(old)s") % {"name": to, "new": new, "old": old}
    if kind == "after_end":
        return gettext("played after the match ended under %(rules)s (hand %(hand)s): not counted") % {
            "rules": rules, "hand": values[0]}
    if kind == "ruled":
        return gettext("%(what)s ruled by the director: stands as ruled") % {"what": values[0]}
    if kind == "no_upcard":
        return gettext("no upcard recorded, but %(rules)s needs it (%(why)s): not scored") % {
            "rules": rules, "why": values[0]}
    return str(kind)


def what_if_data(whatif: WhatIf) -> Dict[str, object]:
    """The ``what_if`` object of ``tally --what-if RULES --json``."""
    name = whatif.rules.name
    # the JSON's reasons are the contract's words: English (#38 item 8)
    reasons = words.in_english(lambda: ["; ".join(why_words(w, name) for w in hand.why) or None
                                        for hand in whatif.hands])
    return {
        "rules": name,
        "hands": [{"number": hand.number, "result": hand.result, "winner": hand.winner, "points": hand.points,
                   "totals": dict(hand.totals), "reason": reason} for hand, reason in zip(whatif.hands, reasons)],
        "totals": dict(whatif.totals),
        "finished": whatif.finished,
        "ended_in": whatif.ended_in,
        "final": whatif.final,
        "winner": whatif.winner,
        "bonuses": whatif.bonuses,
    }


def _cell(result: Optional[str], winner: Optional[str], points: Optional[int]) -> str:
    """``gin Ann 35``, ``dead``, ``illegal``, ``-``."""
    text = "-" if result is None else words.result_name(result)
    return f"{text} {short_name(winner)} {points}" if winner is not None else str(text)


def _totals(totals: Dict[str, int], players: List[str]) -> str:
    return "-".join(str(totals[name]) for name in players)


def _end(finished: bool, final: Optional[Dict[str, int]], winner: Optional[str], ended_in: Optional[int],
         totals: Dict[str, int], players: List[str], bonuses: Optional[Dict[str, Dict[str, int]]] = None) -> str:
    if not finished:
        return gettext("not over: %(totals)s") % {"totals": words.scores_list(totals, players)}
    return gettext("%(end)s (ended in hand %(hand)s)") % {"end": words.final_words(final, winner, bonuses),
                                                         "hand": ended_in}


def what_if_text(match: Match, whatif: WhatIf, width: Optional[int] = None) -> str:
    """Per hand the result as played and under the other rules, with why they differ; then the totals,
    the end and the winner under each; fitting ``width`` cells."""
    played, other = match.rules.name, whatif.rules.name
    players = match.players
    rows, reasons = [], []
    for was, hand in zip(tally_of(match).hands, whatif.hands):
        settled = was.settled
        shown = was.ruling.kind if was.ruling is not None else was.result
        as_played = _cell(shown, was.winner, was.points) if settled or was.ruling else gettext("open")
        why = "; ".join(why_words(w, other) for w in hand.why)
        if why:  # said below the table, so the table fits the terminal however long the reason
            reasons.append(fit_text("  " + gettext("hand %(hand)d: %(why)s") % {"hand": was.number, "why": why}, width))
        rows.append((f"{was.number}{'*' if why else ''}", as_played,
                     _totals(dict(was.totals), players) if settled else "",
                     _cell(hand.result, hand.winner, hand.points), _totals(hand.totals, players)))
    order = "-".join(short_name(name) for name in players)
    lines = [fit_text(gettext("what if: under %(other)s (played under %(played)s); the record is unchanged") % {
        "other": other, "played": played}, width)]
    shown = grid(rows, (gettext("hand"), played, order, other, order), right={0}, width=width)
    if width is not None and max(map(cells, shown.splitlines())) > width:  # the totals' order said above
        lines.append(fit_text(gettext("totals in the order %(order)s") % {"order": order}, width))
        shown = grid(rows, (gettext("hand"), played, gettext("totals"), other, gettext("totals")), right={0},
                     width=width, wrap=(1, 3))
    lines.append(shown)
    if reasons:
        lines += ["* " + gettext("why they differ:")] + reasons
    state = match.state
    bonuses, final, winner = state.result()
    lines.append(gettext("totals: %(played)s %(before)s, %(other)s %(after)s") % {
        "played": played, "before": _totals(state.totals, players), "other": other,
        "after": _totals(whatif.totals, players)})
    lines.append(f"{played}: {_end(state.finished, final, winner, state.ended_in, state.totals, players, bonuses)}")
    lines.append(f"{other}: {_end(whatif.finished, whatif.final, whatif.winner, whatif.ended_in, whatif.totals, players, whatif.bonuses)}")
    return "\n".join(lines)

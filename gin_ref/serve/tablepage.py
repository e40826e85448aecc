"""A table's page, for a phone: the match (players, whose deal, the upcard asked for, the running tally, the
last hands), the hand waiting for the confirm of the player it costs, and the forms: a hand by big buttons
and number fields, or by ``play``'s table line; undo. Plain HTML forms that work with JavaScript off; each has
``autocomplete="off"``, so the browser puts back no "I am" (nor a count) on a page it shows again (Back):
each entry names its entrant afresh (#34)."""

import json
import secrets
from html import escape
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from gin_ref.core.cards import RANKS, SUITS, Card
from gin_ref.core.errors import GinRefError
from gin_ref.core.knock import knock_limit
from gin_ref.core.rules import HouseRules
from gin_ref.match.knocks import limit_needs_upcard
from gin_ref.match.model import Match
from gin_ref.match.tally import hand_tally
from gin_ref.serve.journal import Entry
from gin_ref.serve.pages import document, hidden, lines, paragraph, suited
from gin_ref.views import standing, words


class View(NamedTuple):
    """What the page shows besides the match: the folder's label for the table, its address, the form
    tokens by form, the pending entry, the outcome of the entry just sent, a problem or a question, the
    fields to show again, whether PINs are asked, the table's stamp when the page was made (its live
    stream, ``gin_ref.serve.tablelive``, says when it changes)."""

    label: str
    path: str
    tokens: Dict[str, str]
    pending: Optional[Entry] = None
    outcome: Optional[Entry] = None
    note: str = ""
    problem: str = ""
    question: str = ""
    fields: Optional[Dict[str, str]] = None
    pins: bool = False
    stamp: str = ""


def new_id() -> str:
    return secrets.token_urlsafe(12)


def _form(view: View, form: str, action: str, body: str, ident: str, post: str = "enter") -> str:
    checked = hidden("check_token", view.tokens["check"]) if form in ("hand", "line") else ""
    return (f'<form method="post" action="{escape(view.path)}/{action}" data-form="{form}" data-queue="1" '
            'autocomplete="off">'
            f'{hidden("form_token", view.tokens[post])}{hidden("entry_id", ident)}{checked}{body}</form>')


def _value(view: View, name: str, default: str = "") -> str:
    return escape((view.fields or {}).get(name, default))


def _radios(name: str, options: Sequence[Tuple[str, str]], chosen: str) -> str:
    return '<div class="choice">' + "".join(
        f'<label><input type="radio" name="{name}" value="{escape(value)}"'
        f'{" checked" if value == chosen else ""}> {escape(text)}</label>' for value, text in options) + "</div>"


def match_lines(match: Match) -> List[str]:
    """The tally and what comes next (the command line's words), and the upcard the next hand asks for."""
    found = standing.standing_lines(match)
    if match.open_entry is None and not match.state.finished and limit_needs_upcard(match.rules):
        found.append(f"hand {match.next_number()}: give the upcard turned (it sets the knock limit)")
    return found


def last_hands(match: Match, count: int = 6) -> List[str]:
    numbers = range(max(len(match.hands) - count, 0) + 1, len(match.hands) + 1)
    hands = [hand_tally(match, number) for number in numbers]
    return [f"hand {hand.number}: {words.result_words(hand)}" for hand in hands
            if hand.result is not None][::-1]


def table_page(view: View, match: Match) -> str:
    players = match.players
    parts = [f"<h1>{escape(view.label)}</h1>", f"<p><b>{escape(' v '.join(players))}</b> · "
             f"{escape(match.rules.name)} rules</p>", lines(match_lines(match)),
             paragraph(view.note, "note"), paragraph(view.problem, "problem"),
             '<div id="offline" class="offline" hidden></div>']
    if view.outcome is not None and view.outcome.status != "pending":
        parts.append(paragraph(_outcome_words(view.outcome), "problem" if view.outcome.status != "recorded" else "note"))
    if view.question:
        parts.append(_question(view))
    if view.pending is not None:
        parts.append(_pending(view, view.pending, players))
    elif not match.state.finished:
        parts.append(_hand_form(view, players, match))
        parts.append(_line_form(view, players))
    else:
        parts.append("<p>The match is over.</p>")
    done = last_hands(match)
    if done:
        parts.append("<h2>Last hands</h2>" + lines(done))
    if view.pending is None and (match.hands or match.record.get("corrections")):
        parts.append(_form(view, "undo", "undo", f'<h2>Undo</h2>{_who(view, players)}<button type="submit" '
                           'class="no">Undo the last step…</button><span> (the player whose points it takes back confirms)</span>',
                           new_id(), "undo"))
    parts.append('<p id="link" class="link" role="status"></p>')
    return document(view.label, "\n".join(part for part in parts if part), script=True,
                    main=f' id="live" data-stamp="{escape(view.stamp)}"')


def _outcome_words(entry: Entry) -> str:
    if entry.status == "recorded":
        return f"recorded, confirmed by {entry.confirmed_by}" if entry.confirmed_by else "recorded"
    if entry.status == "rejected":
        return f"not recorded: {entry.why}"
    return f"not recorded: {entry.why}"


def _who(view: View, players: Sequence[str]) -> str:
    """Who enters it: chosen each time (no default, none remembered: one phone serves the whole table), in
    large type (``.who``)."""
    chosen = _value(view, "by", "")
    options = "".join(f'<option value="{escape(name)}"{" selected" if name == chosen else ""}>{escape(name)}</option>'
                      for name in players)
    return (f'<label class="who">I am <select name="by" required><option value=""{"" if chosen else " selected"}>'
            f'(choose your name)</option>{options}</select></label>')


def limit_words(rules: HouseRules, card: Card) -> str:
    """The knock limit an upcard sets, and why, as the table chooses it: ``A♦: ace up, gin only``, ``7♦:
    knock with 7 or less``, ``K♠: knock with 10 or less, capped by the house; a spade up doubles the hand``."""
    limit = knock_limit(rules, card)
    if limit == 0:
        said = f"{card.pretty}: {'ace up, ' if card.rank == 1 and rules.knock_limit == 'upcard' else ''}gin only"
    else:
        capped = rules.knock_limit == "upcard" and rules.knock_limit_cap is not None and card.value > limit
        said = f"{card.pretty}: knock with {limit} or less{', capped by the house' if capped else ''}"
    if rules.spade_double and card.code.endswith("S"):
        said += "; a spade up doubles the hand"
    return said


def upcard_limits(rules: HouseRules) -> Dict[str, str]:
    """``limit_words`` of every card, by its code, for the page to show as the upcard is chosen."""
    return {rank + suit: limit_words(rules, Card.parse(rank + suit)) for rank in RANKS for suit in SUITS}


def _limit_now(view: View, rules: HouseRules) -> str:
    """The limit of the upcard in the form (a form sent back), else what the line is for."""
    text = (view.fields or {}).get("upcard", "").strip()
    if text:
        try:
            return limit_words(rules, Card.parse(text))
        except GinRefError:
            return ""
    return "the knock limit shows here as the upcard is chosen"


def _hand_form(view: View, players: Sequence[str], match: Match) -> str:
    """The hand by fields: only what the rules allow (big gin only with ``big_gin_bonus``; the upcard's
    limit, and why, shown as it is chosen, while no hand is open)."""
    rules = match.rules
    ident = (view.fields or {}).get("entry_id") or new_id()
    knocker = _radios("knocker", [(name, name) for name in players], (view.fields or {}).get("knocker", ""))
    endings = [("knock", "knock"), ("gin", "gin")] + ([("big", "big gin")] if rules.big_gin_bonus is not None else [])
    result = _radios("result", endings + [("dead", "dead hand")], (view.fields or {}).get("result", "knock"))
    limits, limit = "", ""
    if match.open_entry is None and rules.deal != "eleven":
        limits = f' data-limits="{escape(json.dumps(upcard_limits(rules), ensure_ascii=False), quote=True)}"'
        limit = f'<p class="limit" data-limit="1" role="status">{suited(_limit_now(view, rules))}</p>'
    body = (f"<h2>Enter a hand</h2>{_who(view, players)}"
            f'<label>Upcard <input type="text" name="upcard" value="{_value(view, "upcard")}" autocomplete="off" '
            f'placeholder="9h" maxlength="4" class="count"{limits}></label>{limit}'
            f"<fieldset><legend>Who knocked</legend>{knocker}</fieldset>"
            f"<fieldset><legend>How</legend>{result}</fieldset>"
            f'<div class="row"><label>Knocker\'s count <input type="text" name="count" class="count" '
            f'inputmode="numeric" value="{_value(view, "count")}" autocomplete="off"></label>'
            f'<label>Defender\'s count <input type="text" name="defender" class="count" inputmode="numeric" '
            f'value="{_value(view, "defender")}" autocomplete="off"></label></div>'
            '<p class="hint">A count is the deadwood (the defender\'s after his layoffs); cards may stand in for it: '
            '"A-3S 4HDC 7-9C 5D".</p>'
            '<div class="check" data-check="hand" role="status"></div>'
            '<button type="submit" class="go">Enter the hand</button>')
    return _form(view, "hand", "enter", body, ident)


def _line_form(view: View, players: Sequence[str]) -> str:
    body = (f'<h2>Or the table line</h2>{_who(view, players)}<label>As in <i>play</i>: [UPCARD] PLAYER COUNT DEFENDER-COUNT '
            f'<input type="text" name="line" value="{_value(view, "line")}" placeholder="9h ben 5 23" '
            'autocomplete="off" autocapitalize="off" spellcheck="false"></label>'
            '<div class="check" data-check="line" role="status"></div>'
            '<button type="submit" class="go">Enter the line</button>')
    return _form(view, "line", "enter", body, new_id())


def _question(view: View) -> str:
    fields = dict(view.fields or {})
    fields["illegal"] = "1"
    if fields.get("line"):
        fields["line"] = fields["line"].rstrip() + " !"
    kept = "".join(hidden(name, value) for name, value in fields.items()
                   if name not in ("form_token", "entry_id", "illegal" if fields.get("line") else ""))
    yes = _form(view, "question", "enter", f"<p class=\"problem\">{escape(view.question)}</p>{kept}"
                '<button type="submit" class="go">Yes: record the illegal knock</button>',
                fields.get("entry_id") or new_id())
    return yes + f'<p><a href="{escape(view.path)}">No: it was a slip, enter the hand again</a></p>'


def _pending(view: View, entry: Entry, players: Sequence[str]) -> str:
    what = "Take back" if entry.kind == "undo" else "Hand entered"
    others = entry.confirmers or [name for name in players if name != entry.by] or list(players)
    pin = ('<label>PIN <input type="password" name="pin" inputmode="numeric" autocomplete="off" '
           'maxlength="8" class="count"></label>') if view.pins else ""
    buttons = "".join(
        _form(view, f"confirm-{index}", "confirm", f'{hidden("by", name)}{pin}'
              f'<button type="submit" class="go">Confirm as {escape(name)}</button>', entry.id, "confirm")
        for index, name in enumerate(others))
    rejecting = [name for name in players if name != entry.by] or list(players)
    reject = "".join(_form(view, "reject" if index == 0 else f"reject-{index}", "reject",
                           f'{hidden("by", name)}<button type="submit" class="no">Reject as {escape(name)}</button>',
                           entry.id, "reject") for index, name in enumerate(rejecting))
    withdraw = _form(view, "withdraw", "reject", f'{hidden("by", entry.by)}<button type="submit" class="no">Withdraw '
                     f'(I am {escape(entry.by)}: I entered it)</button>', entry.id, "reject") if entry.by else ""
    entered = f" by {entry.by}" if entry.by else ""
    waiting = " or ".join(others)
    return (f'<div class="pending" id="pending"><h2>{what}{escape(entered)}: waiting for {escape(waiting)}</h2>'
            f"{lines(entry.words)}<p>Only a confirmed hand is written to the match file; it is confirmed by the "
            f"player it costs.</p>{buttons}{reject}{withdraw}</div>")

"""A table's page, for a phone: the match (players, whose deal, the upcard asked for, the running tally, the
last hands), the hand waiting for the confirm of the player it costs, and the forms: a hand by big buttons
and number fields, or by ``play``'s table line; undo. Plain HTML forms that work with JavaScript off; each has
``autocomplete="off"``, so the browser puts back no "I am" (nor a count) on a page it shows again (Back):
each entry names its entrant afresh (#34)."""

import json
import secrets
from html import escape
from typing import Any, Dict, List, NamedTuple, Optional, Sequence

from gin_ref.core.cards import RANKS, SUITS, Card
from gin_ref.core.errors import GinRefError
from gin_ref.core.knock import knock_limit
from gin_ref.core.rules import HouseRules
from gin_ref.desk.errors import N_, Nn_
from gin_ref.desk.language import gettext, ngettext
from gin_ref.match.model import Match
from gin_ref.match.tally import hand_tally
from gin_ref.serve import handview, tableform
from gin_ref.serve.handwords import hand_words
from gin_ref.serve.journal import Entry, why_words
from gin_ref.serve.nextwords import standing_said
from gin_ref.serve.pages import document, hidden, lines, paragraph, suited
from gin_ref.views.words import versus


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


WORDS = {  # the page's words, said through the catalogue in the request's language (``say``)
    "rules": N_("%(rules)s rules"),
    "over": N_("The match is over."),
    "last": N_("Last hands"),
    "undo": N_("Undo"),
    "undo_button": N_("Undo the last step…"),
    "undo_who": N_("(the player whose points it takes back confirms)"),
    "recorded_by": N_("recorded, confirmed by %(name)s"),
    "recorded": N_("recorded"),
    "not_recorded": N_("not recorded: %(why)s"),
    "ace_gin": N_("%(card)s: ace up, gin only"),
    "gin_only": N_("%(card)s: gin only"),
    "knock_with": N_("%(card)s: knock with %(limit)s or less"),
    "knock_capped": N_("%(card)s: knock with %(limit)s or less, capped by the house"),
    "spade": N_("%(said)s; a spade up doubles the hand"),
    "line_help": N_("As at the table: [UPCARD] PLAYER COUNT DEFENDER-COUNT"),
    "line_enter": N_("Enter the line"),
    "line_or": N_("Or the table line"),
    "yes_illegal": N_("Yes: record the illegal knock"),
    "no_slip": N_("No: it was a slip, enter the hand again"),
    "entered_by": N_("Hand entered by %(name)s: waiting for %(names)s"),
    "entered": N_("Hand entered: waiting for %(names)s"),
    "entered_own": N_("Hand entered by %(name)s, whom it costs: %(name)s confirms it, or the other player rejects it"),
    "undo_by": N_("Take back by %(name)s: waiting for %(names)s"),
    "undone": N_("Take back: waiting for %(names)s"),
    "confirm_as": N_("Confirm as %(name)s"),
    "reject_as": N_("Reject as %(name)s"),
    "withdraw": N_("Withdraw (I am %(name)s: I entered it)"),
    "offline": N_("No link to the server."),
    "not_recorded_js": N_("Not recorded: %(problem)s"),
    "no_change": N_("No: it was a slip, change the hand"),
    "slip": N_("Not recorded: it was a slip. Change the hand and enter it again."),
    "no_link": N_("No live link to the server: trying again in %(seconds)s s."),
    "only_confirmed": N_("Only a confirmed hand is written to the match file; it is confirmed by the player it "
                         "costs."),
}


WAITING = Nn_("%(count)s entry waits to be sent: it goes when the link returns (keep this page open).",
              "%(count)s entries wait to be sent: they go when the link returns (keep this page open).")
WAITS_SAID = 30  # the queue's counts said by the server for the script (a longer queue says the last form)


def script_words() -> str:
    """The script's words in the language spoken (it cannot call gettext): a JSON object for ``<main>``'s
    ``data-words``; its ``%(name)s`` fields are put in by the script, a count's forms made here."""
    words = {key: gettext(WORDS[key]) for key in ("offline", "not_recorded_js", "yes_illegal", "no_change", "slip",
                                                  "no_link")}
    waits = [ngettext(WAITING[0], WAITING[1], count) % {"count": "%(count)s"} for count in range(WAITS_SAID + 1)]
    return escape(json.dumps({**words, "waits": waits}, ensure_ascii=False), quote=True)


def say(key: str, **fields: object) -> str:
    """The words of ``key`` in the language spoken here (the request's), its fields put in."""
    said = gettext(WORDS[key])
    return said % fields if fields else said


def new_id() -> str:
    return secrets.token_urlsafe(12)


def _form(view: View, form: str, action: str, body: str, ident: str, post: str = "enter") -> str:
    checked = hidden("check_token", view.tokens["check"]) if form in ("hand", "line", "cards") else ""
    return (f'<form method="post" action="{escape(view.path)}/{action}" data-form="{form}" data-queue="1" '
            'autocomplete="off">'
            f'{hidden("form_token", view.tokens[post])}{hidden("entry_id", ident)}{checked}{body}</form>')


def _value(view: View, name: str, default: str = "") -> str:
    return escape((view.fields or {}).get(name, default))


def last_hands(match: Match, count: int = 6) -> List[str]:
    return [hand_words(hand) for hand in _last(match, count)]


def _last(match: Match, count: int) -> List[Any]:
    numbers = range(max(len(match.hands) - count, 0) + 1, len(match.hands) + 1)
    return [hand for hand in (hand_tally(match, number) for number in numbers) if hand.settled][::-1]


def last_hands_html(match: Match, count: int = 6) -> str:
    """The last hands, newest first, from the tally's data: the number, the upcard as a card, what
    happened, the points as a large number and whom they went to."""
    rows = []
    for hand in _last(match, count):
        up = handview.card_html(hand.upcard) if hand.upcard else ""
        points = f'<span class="num">{hand.points}</span>' if hand.winner and hand.points is not None else ""
        rows.append(f"<li><span>{escape(hand_words(hand))}</span>{up}{points}</li>")
    return f'<h2>{escape(say("last"))}</h2><ul class="last">{"".join(rows)}</ul>' if rows else ""


def _sentences(texts: Sequence[str]) -> str:
    return "".join(f'<p class="next">{suited(text)}</p>' for text in texts if text)


def table_page(view: View, match: Match) -> str:
    players = match.players
    parts = [f"<h1>{escape(view.label)}</h1>", f'<p class="sub"><b>{escape(versus(players))}</b> · '
             f"{escape(say('rules', rules=match.rules.name))}</p>",
             handview.totals_html(tuple((name, int(match.state.totals.get(name, 0))) for name in players)),
             _sentences(standing_said(match)[1:]),
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
        parts.append(_cards_form(view, players, match))
        parts.append(_line_form(view, players))
    else:
        parts.append(f"<p>{escape(say('over'))}</p>")
    parts.append(last_hands_html(match))
    if view.pending is None and (match.hands or match.corrections):
        parts.append(_form(view, "undo", "undo", f'<h2>{escape(say("undo"))}</h2>{_who(view, players)}'
                           f'<button type="submit" class="no">{escape(say("undo_button"))}</button>'
                           f'<span> {escape(say("undo_who"))}</span>', new_id(), "undo"))
    parts.append('<p id="link" class="link" role="status"></p>')
    return document(view.label, "\n".join(part for part in parts if part), script=True,
                    main=f' id="live" data-stamp="{escape(view.stamp)}" data-words="{script_words()}"',
                    style=tableform.STYLE)


def _outcome_words(entry: Entry) -> str:
    if entry.status == "recorded":
        return say("recorded_by", name=entry.confirmed_by) if entry.confirmed_by else say("recorded")
    return say("not_recorded", why=why_words(entry))


def _who(view: View, players: Sequence[str]) -> str:
    """Who enters it: chosen each time (no default, none remembered: one phone serves the whole table), a
    key per name in large type (``.who``)."""
    return tableform.who_keys(players, (view.fields or {}).get("by", ""))


def limit_words(rules: HouseRules, card: Card) -> str:
    """The knock limit an upcard sets, and why, as the table chooses it: ``A♦: ace up, gin only``, ``7♦:
    knock with 7 or less``, ``K♠: knock with 10 or less, capped by the house; a spade up doubles the hand``."""
    limit = knock_limit(rules, card)
    if limit == 0:
        said = say("ace_gin" if card.rank == 1 and rules.knock_limit == "upcard" else "gin_only", card=card.pretty)
    else:
        capped = rules.knock_limit == "upcard" and rules.knock_limit_cap is not None and card.value > limit
        said = say("knock_capped" if capped else "knock_with", card=card.pretty, limit=limit)
    if rules.spade_double and card.code.endswith("S"):
        said = say("spade", said=said)
    return said


def upcard_limits(rules: HouseRules) -> Dict[str, str]:
    """``limit_words`` of every card, by its code, for the page to show as the upcard is chosen."""
    return {rank + suit: limit_words(rules, Card.parse(rank + suit)) for rank in RANKS for suit in SUITS}


def _limit_now(view: View, rules: HouseRules) -> str:
    """The limit of the upcard in the form (a form sent back), else what the line is for."""
    fields = view.fields or {}
    text = fields.get("upcard", "").strip() or (fields.get("up_rank", "") + fields.get("up_suit", ""))
    if text:
        try:
            return limit_words(rules, Card.parse(text))
        except GinRefError:
            return ""
    return tableform.say("limit_here")


def _upcard_open(match: Match) -> bool:
    """Is the upcard asked for (no hand open, a deal that turns one)?"""
    return match.state.open is None and match.rules.deal != "eleven"


def _hand_form(view: View, players: Sequence[str], match: Match) -> str:
    """The hand by keys (``gin_ref.serve.tableform``): only what the rules allow (big gin only with
    ``big_gin_bonus``; the upcard's limit, and why, shown as it is chosen, while no hand is open)."""
    rules = match.rules
    fields = view.fields if (view.fields or {}).get("form") != "cards" else {}
    ident = (fields or {}).get("entry_id") or new_id()
    shown = View(*view)._replace(fields=fields)
    limits = tableform.limits_attribute(upcard_limits(rules)) if _upcard_open(match) else ""
    body = tableform.hand_keys(rules, players, dict(fields or {}), _upcard_open(match), limits,
                               suited(_limit_now(shown, rules)))
    return _form(view, "hand", "enter", body, ident)


def _cards_form(view: View, players: Sequence[str], match: Match) -> str:
    """The hand by its cards, folded away (a disputed hand's way): a picker of the 52 cards for each side."""
    fields = dict(view.fields or {}) if (view.fields or {}).get("form") == "cards" else {}
    body = hidden("form", "cards") + tableform.cards_body(match.rules, players, fields, _upcard_open(match))
    opened = " open" if fields else ""
    return (f'<details class="bycards"{opened}><summary>{tableform.say("by_cards")}</summary>'
            f'{_form(view, "cards", "enter", body, fields.get("entry_id") or new_id())}</details>')


def _line_form(view: View, players: Sequence[str]) -> str:
    """The table line, for those who like it, folded away (it opens a keyboard)."""
    line = _value(view, "line")
    body = (f'{_who(view, players) if line else _who(View(*view)._replace(fields={}), players)}'
            f'<label>{escape(say("line_help"))} '
            f'<input type="text" name="line" value="{line}" placeholder="9h ben 5 23" '
            'autocomplete="off" autocapitalize="off" spellcheck="false"></label>'
            '<div class="check" data-check="line" role="status"></div>'
            f'<button type="submit" class="go">{escape(say("line_enter"))}</button>')
    return (f'<details class="byline"{" open" if line else ""}><summary>{escape(say("line_or"))}</summary>'
            f'{_form(view, "line", "enter", body, new_id())}</details>')


def _question(view: View) -> str:
    fields = dict(view.fields or {})
    fields["illegal"] = "1"
    if fields.get("line"):
        fields["line"] = fields["line"].rstrip() + " !"
    kept = "".join(hidden(name, value) for name, value in fields.items()
                   if name not in ("form_token", "entry_id", "illegal" if fields.get("line") else ""))
    yes = _form(view, "question", "enter", f"<p class=\"problem\">{escape(view.question)}</p>{kept}"
                f'<button type="submit" class="go">{escape(say("yes_illegal"))}</button>',
                fields.get("entry_id") or new_id())
    return yes + f'<p><a href="{escape(view.path)}">{escape(say("no_slip"))}</a></p>'


def _pending(view: View, entry: Entry, players: Sequence[str]) -> str:
    others = entry.confirmers or [name for name in players if name != entry.by] or list(players)
    if view.pins:  # the name, the PIN's digits on the pad, Enter
        buttons = _form(view, "confirm-0", "confirm", tableform.pin_confirm(others), entry.id, "confirm")
    else:  # one touch
        buttons = "".join(
            _form(view, f"confirm-{index}", "confirm", f'{hidden("by", name)}'
                  f'<button type="submit" class="go">{escape(say("confirm_as", name=name))}</button>', entry.id,
                  "confirm")
            for index, name in enumerate(others))
    rejecting = [name for name in players if name != entry.by] or list(players)
    reject = "".join(_form(view, "reject" if index == 0 else f"reject-{index}", "reject",
                           f'{hidden("by", name)}<button type="submit" class="no">{escape(say("reject_as", name=name))}'
                           "</button>",
                           entry.id, "reject") for index, name in enumerate(rejecting))
    withdraw = _form(view, "withdraw", "reject", f'{hidden("by", entry.by)}<button type="submit" class="no">'
                     f'{escape(say("withdraw", name=entry.by))}</button>', entry.id, "reject") if entry.by else ""
    waiting = " / ".join(others)
    key = ("undo" if entry.kind == "undo" else "entered") + ("_by" if entry.by else "")
    if key == "entered_by" and others == [entry.by]:  # the entrant is the one it costs: say so, not "waiting"
        key = "entered_own"
    title = say({"undo_by": "undo_by", "undo": "undone", "entered_by": "entered_by", "entered": "entered",
                 "entered_own": "entered_own"}[key], name=entry.by, names=waiting)
    drawn = handview.drawn_html(entry.drawn) if entry.drawn is not None else lines(entry.words)
    return (f'<div class="pending" id="pending"><h2>{escape(title)}</h2>'
            f'{drawn}<div class="confirms">{buttons}</div><p>{escape(say("only_confirmed"))}</p>{reject}{withdraw}</div>')

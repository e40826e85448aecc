"""The table page's forms for a hand (#40): by keys, and by cards.

By keys, a routine hand is a few touches and no system keyboard: who enters (a key per name, none chosen
beforehand), the upcard's rank and suit (a row of keys each; where the rules need no upcard they are folded
away), the knocker, the knocker's count as one key of a 0-10 row (with big gin where the rules give it, and a
dead hand), the defender's count as its digits on a pad in the page, Enter. Every key is a radio button or a
plain button, so the form works without JavaScript: there the pad is not shown and the defender's count is a
number field (``inputmode="numeric"``). With JavaScript the field is read-only (``inputmode="none"``: no
keyboard opens) and the pad writes into it.

By cards (the disputed hand's way): a picker of the 52 cards for each side, as checkboxes (``k_AS``,
``d_9H``: ``gin_ref.serve.acts.read_action`` reads them), which need no script either.

The page's words for these forms are here, in one place (``WORDS``), said through the catalogue (``say``)
in the request's language."""

import json
from html import escape
from typing import Dict, Optional, Sequence, Tuple

from gin_ref.core.cards import RANKS, SUITS
from gin_ref.core.rules import HouseRules
from gin_ref.desk.errors import N_
from gin_ref.desk.language import gettext
from gin_ref.match.knocks import limit_needs_upcard
from gin_ref.serve.handview import SUIT_NAMES, SUIT_SYMBOLS, card_name

WORDS = {
    "enter_hand": N_("Enter a hand"),
    "i_am": N_("I am"),
    "upcard_rank": N_("Upcard: rank"),
    "upcard_suit": N_("Upcard: suit"),
    "upcard_optional": N_("Upcard (these rules do not need it)"),
    "knocker": N_("Who knocked"),
    "count": N_("Knocker's count"),
    "gin0": N_("0 gin"),
    "big": N_("big gin"),
    "dead": N_("dead"),
    "defender": N_("Defender's count (after his layoffs)"),
    "clear": N_("delete a digit"),
    "enter": N_("Enter"),
    "by_cards": N_("Enter a hand by its cards (a disputed hand)"),
    "knocker_cards": N_("The knocker's cards"),
    "defender_cards": N_("The defender's cards"),
    "enter_cards": N_("Enter the hand by cards"),
    "limit_here": N_("knock limit: choose the upcard"),
    "pin": N_("PIN"),
    "confirm": N_("Confirm"),
    "who_confirms": N_("Who confirms"),
}


def say(key: str) -> str:
    """The words of ``key`` in the language spoken here (the request's)."""
    return gettext(WORDS[key])


RANK_KEYS = tuple(("10" if rank == "T" else rank, rank) for rank in RANKS)  # (shown, value)
DIGITS = "1234567890"


def _key(name: str, value: str, shown: str, chosen: str, extra: str = "", label: str = "") -> str:
    """One key: a radio button drawn as a big key (``.keys``), checked when ``value`` is ``chosen``."""
    said = f'<span class="sr">{escape(label)}</span>' if label else ""
    hidden = ' aria-hidden="true"' if label else ""
    return (f'<label class="key{extra}"><input type="radio" name="{name}" value="{escape(value)}"'
            f'{" checked" if value == chosen else ""}><span{hidden}>{escape(shown)}</span>{said}</label>')


def keys(name: str, legend: str, options: Sequence[Tuple[str, str]], chosen: str, cls: str = "",
         required: bool = False) -> str:
    """A row of keys for one choice (a fieldset of radio buttons)."""
    inner = "".join(_key(name, value, shown, chosen) for shown, value in options)
    if required and inner:
        inner = inner.replace('type="radio"', 'type="radio" required')
    return f'<fieldset class="keys {cls}"><legend>{escape(legend)}</legend>{inner}</fieldset>'


def who_keys(players: Sequence[str], chosen: str) -> str:
    """Who enters it: a key per name, none chosen beforehand (one phone serves the whole table), large."""
    return keys("by", say("i_am"), [(name, name) for name in players], chosen, "who", required=True)


def upcard_keys(fields: Dict[str, str], limits: str, limit: str, needed: bool) -> str:
    """The upcard as two rows of keys (rank, suit) and the knock limit it sets, said as it is chosen."""
    rank, suit = fields.get("up_rank", ""), fields.get("up_suit", "")
    ranks = keys("up_rank", say("upcard_rank"), RANK_KEYS, rank, "ranks")
    suits = "".join(_key("up_suit", code, SUIT_SYMBOLS[code], suit, " red" if code in "HD" else "",
                         gettext(SUIT_NAMES[code])) for code in SUITS)
    body = (f'{ranks}<fieldset class="keys suits"><legend>{say("upcard_suit")}</legend>{suits}</fieldset>'
            f'<p class="limit" data-limit="1" role="status">{limit}</p>')
    said = f' data-empty="{say("limit_here")}"{limits}'
    if needed:
        return f'<div class="upcard"{said}>{body}</div>'
    return f'<details class="upcard"{said}><summary>{say("upcard_optional")}</summary>{body}</details>'


def pad(target: str, label: str) -> str:
    """The digits of a count (or a PIN) on keys in the page, for the script (hidden without it)."""
    digits = "".join(f'<button type="button" class="pk" data-pad="{target}" value="{digit}">{digit}</button>'
                     for digit in DIGITS)
    return (f'<div class="pad" data-pad-for="{target}" role="group" aria-label="{escape(label)}" hidden>{digits}'
            f'<button type="button" class="pk" data-pad="{target}" value="" aria-label="{say("clear")}">⌫'
            "</button></div>")


def hand_keys(rules: HouseRules, players: Sequence[str], fields: Dict[str, str], upcard_open: bool,
              limits: str, limit: str) -> str:
    """The body of the hand's form by keys (see the module): the caller wraps it in its form."""
    count = fields.get("count", "")
    ends = [(str(points), str(points)) for points in range(11)]
    ends[0] = (say("gin0"), "0")
    if rules.big_gin_bonus is not None:
        ends.append((say("big"), "big"))
    ends.append((say("dead"), "dead"))
    upcard = upcard_keys(fields, limits, limit, limit_needs_upcard(rules)) if upcard_open else ""
    defender = escape(fields.get("defender", ""))
    return (f'<h2 class="sr">{say("enter_hand")}</h2>{who_keys(players, fields.get("by", ""))}{upcard}'
            f'{keys("knocker", say("knocker"), [(name, name) for name in players], fields.get("knocker", ""), "names")}'
            f'{keys("count", say("count"), ends, count, "counts")}'
            f'<div class="defender"><label for="defender-count">{say("defender")}</label>'
            f'<input type="text" id="defender-count" name="defender" class="count shown" inputmode="numeric" '
            f'value="{defender}" autocomplete="off" maxlength="40">{pad("defender-count", say("defender"))}</div>'
            f'<button type="submit" class="go enter">{say("enter")}</button>'
            '<div class="check" data-check="hand" role="status"></div>')


def picker(side: str, legend: str, fields: Dict[str, str]) -> str:
    """The 52 cards of one side as checkboxes (``k_AS``), a row by suit, each card its name for a reader."""
    rows = []
    for suit in SUITS:
        cells = "".join(
            f'<label class="pc{" red" if suit in "HD" else ""}"><input type="checkbox" name="{side}_{rank}{suit}" '
            f'value="1"{" checked" if fields.get(f"{side}_{rank}{suit}") else ""}><span aria-hidden="true">'
            f'{shown}{SUIT_SYMBOLS[suit]}</span><span class="sr">{escape(card_name(rank + suit))}</span></label>'
            for shown, rank in RANK_KEYS)
        rows.append(f'<div class="pickrow">{cells}</div>')
    return f'<fieldset class="picker"><legend>{escape(legend)}</legend>{"".join(rows)}</fieldset>'


def cards_body(rules: HouseRules, players: Sequence[str], fields: Dict[str, str], upcard_open: bool) -> str:
    """The body of the hand's form by cards: who enters, the upcard, the knocker, each side's cards."""
    upcard = upcard_keys(fields, "", "", True) if upcard_open else ""
    return (f"{who_keys(players, fields.get('by', ''))}{upcard}"
            f'{keys("knocker", say("knocker"), [(name, name) for name in players], fields.get("knocker", ""), "names")}'
            f'{picker("k", say("knocker_cards"), fields)}{picker("d", say("defender_cards"), fields)}'
            '<div class="check" data-check="cards" role="status"></div>'
            f'<button type="submit" class="go">{say("enter_cards")}</button>')


def limits_attribute(limits: Optional[Dict[str, str]]) -> str:
    if not limits:
        return ""
    return f' data-limits="{escape(json.dumps(limits, ensure_ascii=False), quote=True)}"'


def pin_confirm(names: Sequence[str]) -> str:
    """Under ``--pins``: the confirmer's name (a key each), the PIN's digits on the pad, Enter."""
    return (f'{keys("by", say("who_confirms"), [(name, name) for name in names], "", "who", required=True)}'
            f'<label for="pin-digits">{say("pin")}</label><input type="password" name="pin" id="pin-digits" '
            f'inputmode="numeric" autocomplete="off" maxlength="8" class="count shown">'
            f'{pad("pin-digits", say("pin"))}<button type="submit" class="go">{say("confirm")}</button>')


STYLE = """
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
h1{font-size:1.2em;margin:0}.sub{margin:0;font-size:.85em}.next{margin:.1em 0;font-size:.85em}
form[data-form=hand] h2{font-size:1em;margin:.3em 0 0}
.keys{border:0;padding:0;margin:.15em 0;display:grid;grid-template-columns:repeat(7,1fr);gap:.2em}
.keys legend{font-size:.8em;padding:0;margin:0;font-weight:bold}
.keys.counts{grid-template-columns:repeat(6,1fr)}.keys.suits{grid-template-columns:repeat(4,1fr)}
.keys.who,.keys.names{display:flex;flex-wrap:wrap;align-items:center;font-size:1em}
.keys.who legend,.keys.names legend{float:left;margin-right:.4em}.keys.who legend{font-size:1.2em}
.key{display:block;margin:0;padding:0}.key input,.pc input{position:absolute;opacity:0;width:1px;height:1px}
.key input+span{display:block;min-height:2.3em;line-height:2.3em;text-align:center;border:2px solid var(--line);
border-radius:.35em;padding:0 .3em;background:var(--field);white-space:nowrap}
.key input:checked+span{background:var(--fg);color:var(--bg);border-color:var(--fg)}
.key input:focus-visible+span,.pc input:focus-visible+span{outline:3px solid var(--link);outline-offset:1px}
.key.red input+span{color:var(--red)}.key.red input:checked+span{color:var(--bg);background:var(--red);border-color:var(--red)}
.who .key input+span{font-size:1.3em;font-weight:bold;padding:0 .8em;min-height:1.9em;line-height:1.9em}
.names .key input+span{font-weight:bold;padding:0 .8em}
.limit{font-size:1.05em;font-weight:bold;margin:.1em 0;min-height:1.3em}
.defender{display:grid;grid-template-columns:repeat(6,1fr);gap:.2em;margin:.2em 0;align-items:center}
.defender label{font-size:.8em;font-weight:bold;margin:0;grid-column:1/5}
input.count.shown{width:100%;font-size:1.3em;font-weight:bold;text-align:center;grid-column:5/7;margin:0;padding:.1em}
.pad{display:contents}.pad[hidden]{display:none}
.pk{min-width:0;min-height:2.3em;margin:0;padding:0;font-size:1.1em}
button.enter{display:block;width:100%;font-size:1.3em;margin:.3em 0;min-height:2.4em;padding:.2em}
details{margin:.5em 0}summary{font-weight:bold;min-height:2em;line-height:2em;cursor:pointer}
.picker{border:1px solid var(--line);padding:.2em;margin:.4em 0}.pickrow{display:grid;
grid-template-columns:repeat(13,1fr);gap:2px;margin:2px 0}
.pc{margin:0;display:block}.pc input+span{display:block;text-align:center;font-size:.75em;padding:.5em 0;
border:1px solid var(--line);border-radius:.25em;background:var(--field)}
.pc input:checked+span{background:var(--fg);color:var(--bg);font-weight:bold}.pc.red input+span{color:var(--red)}
.pc.red input:checked+span{background:var(--red);color:var(--bg)}
.card{display:inline-block;border:1px solid var(--line);border-radius:.25em;padding:0 .2em;margin:0 1px;
background:var(--field);font-weight:bold;min-width:1.7em;text-align:center}.card.red{color:var(--red)}
.cards{display:inline-flex;flex-wrap:wrap;gap:1px}
.drawn{border:2px solid var(--line);border-radius:.4em;padding:.4em;margin:.4em 0}
.check .drawn{color:var(--fg);font-weight:normal}
.confirms{position:sticky;bottom:0;background:var(--bg);padding:.2em 0;border-top:1px solid var(--line)}
.drawn .title{font-weight:bold;margin:.1em 0}.drawn .up{margin:.1em 0}
.side{border-top:1px solid var(--line);padding:.2em 0}.shead{display:flex;justify-content:space-between;
align-items:baseline}.sname{font-weight:bold;font-size:1.1em}
.srow{margin:.15em 0;display:grid;grid-template-columns:5.2em 1fr;align-items:start;gap:.2em}
.groups{display:flex;flex-wrap:wrap;gap:.2em .5em}.lbl{font-size:.8em;padding-top:.2em}
.lay{display:inline-flex;align-items:center;gap:.2em}
.sum{font-size:1.7em;font-weight:bold;margin:.2em 0}.scored{font-size:1.2em;font-weight:bold;margin:.1em 0}
.num{font-size:1.8em;font-weight:bold;line-height:1.1}
.tnums{display:flex;gap:1.2em;flex-wrap:wrap;margin:.1em 0}.total{display:flex;gap:.3em;align-items:baseline}
.tname{font-size:1em}.said{font-weight:bold}
.last{list-style:none;padding:0;margin:0}.last li{display:flex;gap:.4em;align-items:baseline;flex-wrap:wrap;
border-bottom:1px solid var(--line);padding:.15em 0}.last .num{font-size:1.3em;margin-left:auto}
"""

"""Settlement at a stake: who pays whom, and how much, at the end of the night.

Pure: takes matches already read (``MatchView``) and returns plain data. Amounts are exact decimals
(``decimal.Decimal``), never floats: a difference of scores times the stake keeps the stake's decimals.

- A finished match: the loser pays the winner the difference of the final scores (bonuses in) times the
  stake. Hollywood: each game on its own, by the difference of that game's final scores. Three players:
  each pair, by the difference of their final individual scores.
- The net over all the matches, and a short list of payments that settles it: the largest debtor pays the
  largest creditor, again and again, so at most one payment fewer than the players with a non-zero net.
- An unfinished match is named and left out. Names are matched without case, and shown as the standings
  show them (the spelling used in the most matches).
"""

import json
import re
from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations
from typing import Optional

from gin_ref.core.errors import InvalidNotationError
from gin_ref.views.ratings import key
from gin_ref.views.standings import spellings

DEFAULT_STAKE = "1"
_STAKE = re.compile(r"[0-9]{1,12}(\.[0-9]{1,6})?")


def parse_stake(text):
    """The stake as a Decimal: digits with an optional decimal point (``1``, ``2.50``, ``0.05``), above 0."""
    value = str(text).strip()
    if not _STAKE.fullmatch(value) or Decimal(value) == 0:
        raise InvalidNotationError(f"bad stake '{text}': expected an amount above 0 such as 1, 2.50 or 0.05")
    return Decimal(value)


@dataclass(frozen=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` (``points`` times the stake); ``game`` is the Hollywood game."""

    payer: str
    payee: str
    amount: Decimal
    points: int = 0
    game: Optional[int] = None

    def data(self):
        out = {"from": self.payer, "to": self.payee, "amount": self.amount}
        if self.game is not None:
            out["game"] = self.game
        return out


@dataclass(frozen=True)
class MatchSettlement:
    file: str
    date: str
    final: dict  # name -> final score, as shown
    payments: tuple


@dataclass(frozen=True)
class Settlement:
    stake: Decimal
    matches: tuple  # MatchSettlement, in the order given
    unfinished: tuple  # (file, players) of each match left out
    net: dict  # name -> Decimal for each player of a finished match, in the order first met
    payments: tuple  # the few payments that settle the net


class _Names:
    """One spelling per player across matches, as the standings show him: names are matched without case,
    and the spelling used in the most matches is shown (the first met on a tie)."""

    def __init__(self, views):
        self.spelling = spellings(views)

    def __call__(self, name):
        return self.spelling.get(key(str(name)), str(name))


def pair_payments(final, stake, names, game=None):
    """Each pair of players in ``final`` (name -> score): the lower pays the higher the difference."""
    payments = []
    for first, second in combinations(final, 2):
        diff = final[first] - final[second]
        if diff:
            payer, payee = (second, first) if diff > 0 else (first, second)
            payments.append(Payment(names(payer), names(payee), abs(diff) * stake, abs(diff), game))
    return payments


def match_payments(view, stake, names):
    """The payments of one finished match: per game for Hollywood and a match of several games (each
    game's final), per pair of players otherwise."""
    tally = view.tally
    if view.hollywood:
        payments = []
        for game in tally["games"]:
            payments += pair_payments(game.get("final") or game.get("totals") or {}, stake, names,
                                      game["number"])
        return payments
    return pair_payments(tally.get("final") or tally.get("totals") or {}, stake, names)


def settling_payments(net):
    """Payments that settle ``net`` (name -> Decimal, summing to 0): the largest debtor pays the largest
    creditor until every net is 0. Ties go to the name met first. At most one fewer than the non-zero nets."""
    order = {name: i for i, name in enumerate(net)}
    owed = {name: amount for name, amount in net.items() if amount > 0}
    owing = {name: -amount for name, amount in net.items() if amount < 0}
    payments = []
    while owed and owing:
        payee = max(owed, key=lambda name: (owed[name], -order[name]))
        payer = max(owing, key=lambda name: (owing[name], -order[name]))
        amount = min(owed[payee], owing[payer])
        payments.append(Payment(payer, payee, amount))
        for side, name in ((owed, payee), (owing, payer)):
            side[name] -= amount
            if side[name] == 0:
                del side[name]
    return payments


def settle(views, stake=Decimal(DEFAULT_STAKE)):
    """The settlement of ``views`` at ``stake`` (a Decimal): per match, the net and the payments."""
    names = _Names(views)
    matches, unfinished, net = [], [], {}
    for view in views:
        if not view.tally.get("finished"):
            unfinished.append((view.file, [names(name) for name in view.players]))
            continue
        for name in view.players:
            net.setdefault(names(name), stake * 0)
        payments = match_payments(view, stake, names)
        for payment in payments:
            net[payment.payer] -= payment.amount
            net[payment.payee] += payment.amount
        final = view.tally.get("final") or view.tally.get("totals") or {}
        matches.append(MatchSettlement(view.file, view.date, {names(n): final.get(n, 0) for n in view.players},
                                       tuple(payments)))
    return Settlement(stake, tuple(matches), tuple(unfinished), net, tuple(settling_payments(net)))


# -- for scripts and for people ----------------------------------------------------------------------------

def settle_data(settlement):
    """The ``settle --json`` object (amounts as Decimals; ``settle_json`` writes them as JSON numbers)."""
    return {
        "matches": [{"file": match.file, "payments": [p.data() for p in match.payments]}
                    for match in settlement.matches],
        "net": dict(settlement.net),
        "payments": [p.data() for p in settlement.payments],
        "unfinished": [{"file": file, "players": players} for file, players in settlement.unfinished],
    }


def settle_json(settlement):
    """``settle_data`` on one line, each amount an exact JSON number with the stake's decimals."""
    def dump(value):
        if isinstance(value, Decimal):
            return str(value)
        if isinstance(value, dict):
            items = (f"{json.dumps(str(k), ensure_ascii=False)}: {dump(v)}" for k, v in value.items())
            return "{" + ", ".join(items) + "}"
        if isinstance(value, (list, tuple)):
            return "[" + ", ".join(dump(v) for v in value) + "]"
        return json.dumps(value, ensure_ascii=False)

    return dump(settle_data(settlement))


def money(amount, currency="", sign=False):
    """``4.00``, ``€4.00`` (a one-character symbol goes first), ``4.00 EUR``; ``sign``: ``+4.00``, ``-4.00``."""
    text = f"{abs(amount)}"
    if currency and len(currency) == 1 and not currency.isalnum():
        text = currency + text
    elif currency:
        text = f"{text} {currency}"
    if sign and amount:
        text = ("+" if amount > 0 else "-") + text
    return text


def _payment_line(payment, currency):
    game = f"game {payment.game}: " if payment.game is not None else ""
    points = f" ({payment.points} points)" if payment.points else ""
    return f"{game}{payment.payer} pays {payment.payee} {money(payment.amount, currency)}{points}"


def settle_lines(settlement, currency=""):
    """The settlement for people: each match and its payments, the matches left out, the net, the payments."""
    lines = [f"stake {money(settlement.stake, currency)} a point"]
    for match in settlement.matches:
        scores = ", ".join(f"{name} {score}" for name, score in match.final.items())
        lines += ["", f"{match.file} ({match.date + ', ' if match.date else ''}final {scores})"]
        lines += [f"  {_payment_line(p, currency)}" for p in match.payments] or ["  no payment: a tie"]
    if settlement.unfinished:
        lines += ["", "left out, not finished:"]
        lines += [f"  {file} ({', '.join(players)})" for file, players in settlement.unfinished]
    if not settlement.matches:
        lines += ["", "nothing to settle: no finished match"]
        return lines
    width = max(len(name) for name in settlement.net)
    amounts = {name: money(amount, currency, sign=True) for name, amount in settlement.net.items()}
    right = max(len(text) for text in amounts.values())
    lines += ["", "net:"]
    lines += [f"  {name:<{width}}  {text:>{right}}" for name, text in amounts.items()]
    lines += ["", "to settle:"]
    lines += [f"  {_payment_line(p, currency)}" for p in settlement.payments] or ["  nothing: all square"]
    return lines

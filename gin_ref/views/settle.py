"""Settlement at a stake: who pays whom, and how much, at the end of the night.

Pure: takes matches already read (``MatchView``) and returns plain data. Amounts are exact decimals
(``decimal.Decimal``), never floats: a difference of scores times the stake keeps the stake's decimals.

- A finished match: the player with fewer final points (bonuses in) pays the other the difference times the
  stake (``gin_ref.core.game.owed``). That is the game's loser, unless box bonuses lifted his final above
  the winner's: the winner then pays, and the settlement says so in words (``Ann wins the game; Ben is
  paid 95 on boxes``). Hollywood: each game on its own, by the difference of that game's final scores.
  Three players: each pair, by the difference of their final individual scores.
- The net over all the matches, and a short list of payments that settles it: the largest debtor pays the
  largest creditor, again and again, so at most one payment fewer than the players with a non-zero net.
- An unfinished match is named and left out. Names are matched without case, and shown as the standings
  show them (the spelling used in the most matches).
"""

import json
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.message import Message, N_
from gin_ref.desk.language import gettext, ngettext
from gin_ref.core.game import owed
from gin_ref.match.names import player_key
from gin_ref.match.tally import Bonuses, Scores
from gin_ref.views.history import MatchView
from gin_ref.views.standings import spellings
from gin_ref.views.words import paid_words

DEFAULT_STAKE = "1"
_STAKE = re.compile(r"[0-9]{1,12}(\.[0-9]{1,6})?")


def parse_stake(text: object) -> Decimal:
    """The stake as a Decimal: digits with an optional decimal point (``1``, ``2.50``, ``0.05``), above 0."""
    value = str(text).strip()
    if not _STAKE.fullmatch(value) or Decimal(value) == 0:
        raise InvalidNotationError(Message(N_("bad stake '%(stake)s': expected an amount above 0 such as 1, 2.50 or "
                                              "0.05"), stake=str(text)))
    return Decimal(value)


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` (``points`` times the stake); ``game`` is the Hollywood game."""

    payer: str
    payee: str
    amount: Decimal
    points: int = 0
    game: Optional[int] = None

    def data(self) -> Dict[str, object]:
        out: Dict[str, object] = {"from": self.payer, "to": self.payee, "amount": self.amount}
        if self.game is not None:
            out["game"] = self.game
        return out


@dataclass(frozen=True, slots=True)
class MatchSettlement:
    file: str
    date: str
    final: Dict[str, int]  # name -> final score, as shown
    payments: Tuple[Payment, ...]
    notes: Tuple[str, ...] = ()  # in words, each game whose loser is paid (``paid_words``)


@dataclass(frozen=True, slots=True)
class Settlement:
    stake: Decimal
    matches: Tuple[MatchSettlement, ...]  # in the order given
    unfinished: Tuple[Tuple[str, List[str]], ...]  # (file, players) of each match left out
    net: Dict[str, Decimal]  # name -> amount for each player of a finished match, in the order first met
    payments: Tuple[Payment, ...]  # the few payments that settle the net


class _Names:
    """One spelling per player across matches, as the standings show him: names are matched without case,
    and the spelling used in the most matches is shown (the first met on a tie)."""

    def __init__(self, views: Iterable[MatchView]) -> None:
        self.spelling = spellings(views)

    def __call__(self, name: object) -> str:
        return self.spelling[player_key(str(name))]  # every player of the views has one


def pair_payments(final: Scores, stake: Decimal, names: _Names, game: Optional[int] = None) -> List[Payment]:
    """Each pair of players in ``final`` (name -> score): the lower pays the higher the difference."""
    return [Payment(names(p.payer), names(p.payee), p.points * stake, p.points, game) for p in owed(final)]


def match_notes(view: MatchView, names: _Names) -> Tuple[str, ...]:
    """In words, each game of a finished match whose loser is paid on boxes: ``Ann wins the game; Ben is paid
    95 on boxes`` (Hollywood: ``game 1: ...``), with the names as the settlement shows them."""
    tally = view.tally
    parts: Sequence[Tuple[Optional[int], Optional[Scores], Optional[str], Optional[Bonuses]]] = (
        [(g.number, g.final, g.winner, g.bonuses) for g in tally.games or ()] if view.hollywood
        else [(None, tally.final, tally.winner, tally.bonuses)])
    notes = []
    for number, game_final, game_winner, game_bonuses in parts:
        final = {names(name): score for name, score in (game_final or {}).items()}
        bonuses = None if game_bonuses is None else {names(name): dict(won) for name, won in game_bonuses.items()}
        winner = names(game_winner) if game_winner else None
        words = paid_words(final, winner, bonuses)
        if words is not None:
            notes.append(words if number is None else gettext("game %(game)d: %(paid)s") % {"game": number,
                                                                                              "paid": words})
    return tuple(notes)


def match_payments(view: MatchView, stake: Decimal, names: _Names) -> List[Payment]:
    """The payments of one finished match: per game for Hollywood and a match of several games (each
    game's final), per pair of players otherwise."""
    tally = view.tally
    if view.hollywood:
        payments = []
        for game in tally.games or ():
            payments += pair_payments(game.final or game.totals or {}, stake, names, game.number)
        return payments
    return pair_payments(tally.final or tally.totals or {}, stake, names)


def settling_payments(net: Mapping[str, Decimal]) -> List[Payment]:
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


def settle(views: Sequence[MatchView], stake: Decimal = Decimal(DEFAULT_STAKE)) -> Settlement:
    """The settlement of ``views`` at ``stake`` (a Decimal): per match, the net and the payments."""
    names = _Names(views)
    matches: List[MatchSettlement] = []
    unfinished: List[Tuple[str, List[str]]] = []
    net: Dict[str, Decimal] = {}
    for view in views:
        if not view.tally.finished:
            unfinished.append((view.file, [names(name) for name in view.players]))
            continue
        for name in view.players:
            net.setdefault(names(name), stake * 0)
        payments = match_payments(view, stake, names)
        for payment in payments:
            net[payment.payer] -= payment.amount
            net[payment.payee] += payment.amount
        final = view.tally.final or view.tally.totals
        matches.append(MatchSettlement(view.file, view.date, {names(n): final[n] for n in view.players},
                                       tuple(payments), match_notes(view, names)))
    return Settlement(stake, tuple(matches), tuple(unfinished), net, tuple(settling_payments(net)))


# -- for scripts and for people ----------------------------------------------------------------------------

def settle_data(settlement: Settlement) -> Dict[str, object]:
    """The ``settle --json`` object (amounts as Decimals; ``settle_json`` writes them as JSON numbers)."""
    return {
        "matches": [{"file": match.file, "payments": [p.data() for p in match.payments]}
                    for match in settlement.matches],
        "net": dict(settlement.net),
        "payments": [p.data() for p in settlement.payments],
        "unfinished": [{"file": file, "players": players} for file, players in settlement.unfinished],
    }


def settle_json(settlement: Settlement) -> str:
    """``settle_data`` on one line, each amount an exact JSON number with the stake's decimals."""
    def dump(value: object) -> str:
        if isinstance(value, Decimal):
            return str(value)
        if isinstance(value, dict):
            items = (f"{json.dumps(str(k), ensure_ascii=False)}: {dump(v)}" for k, v in value.items())
            return "{" + ", ".join(items) + "}"
        if isinstance(value, (list, tuple)):
            return "[" + ", ".join(dump(v) for v in value) + "]"
        return json.dumps(value, ensure_ascii=False)

    return dump(settle_data(settlement))


def money(amount: Decimal, currency: str = "", sign: bool = False) -> str:
    """``4.00``, ``€4.00`` (a one-character symbol goes first), ``4.00 EUR``; ``sign``: ``+4.00``, ``-4.00``."""
    text = f"{abs(amount)}"
    if currency and len(currency) == 1 and not currency.isalnum():
        text = currency + text
    elif currency:
        text = f"{text} {currency}"
    if sign and amount:
        text = ("+" if amount > 0 else "-") + text
    return text


def _payment_line(payment: Payment, currency: str) -> str:
    said = {"game": payment.game, "payer": payment.payer, "payee": payment.payee, "count": payment.points,
            "amount": money(payment.amount, currency)}
    if payment.points:
        line = ngettext("%(payer)s pays %(payee)s %(amount)s (%(count)s point)",
                        "%(payer)s pays %(payee)s %(amount)s (%(count)s points)", int(payment.points)) % said
    else:
        line = gettext("%(payer)s pays %(payee)s %(amount)s") % said
    return line if payment.game is None else gettext("game %(game)d: %(paid)s") % dict(said, paid=line)


def settle_lines(settlement: Settlement, currency: str = "") -> List[str]:
    """The settlement for people: each match and its payments, the matches left out, the net, the payments."""
    lines = [gettext("stake %(amount)s a point") % {"amount": money(settlement.stake, currency)}]
    for match in settlement.matches:
        said = {"file": match.file, "date": match.date,
                "scores": ", ".join(f"{name} {score}" for name, score in match.final.items())}
        lines += ["", (gettext("%(file)s (%(date)s, final %(scores)s)") if match.date else
                       gettext("%(file)s (final %(scores)s)")) % said]
        lines += [f"  {note}" for note in match.notes]
        lines += [f"  {_payment_line(p, currency)}" for p in match.payments] or ["  " + gettext("no payment: a tie")]
    if settlement.unfinished:
        lines += ["", gettext("left out, not finished:")]
        lines += [f"  {file} ({', '.join(players)})" for file, players in settlement.unfinished]
    if not settlement.matches:
        lines += ["", gettext("nothing to settle: no finished match")]
        return lines
    width = max(len(name) for name in settlement.net)
    amounts = {name: money(amount, currency, sign=True) for name, amount in settlement.net.items()}
    right = max(len(text) for text in amounts.values())
    lines += ["", gettext("net:")]
    lines += [f"  {name:<{width}}  {text:>{right}}" for name, text in amounts.items()]
    lines += ["", gettext("to settle:")]
    lines += [f"  {_payment_line(p, currency)}" for p in settlement.payments] or ["  " + gettext("nothing: all square")]
    return lines

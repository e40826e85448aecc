"""The acts at the table: start a match, deal, knock, dead, and each turn (take, pass, draw, discard).

Each act ``x(path, ...)`` changes the match file at ``path`` under its lock and returns its outcome
(``gin_ref.desk.outcomes``), or raises ``DeskError``; ``can_x(path, ...)`` returns None exactly when
``x`` would succeed, and otherwise the ``Refusal`` that ``x`` raises (the same work runs on a copy:
``gin_ref.desk.store``). An act refused *and* kept (an illegal knock, an act out of turn, a deal by the
wrong dealer) is written, then raised with ``kept=True`` and its outcome as ``DeskError.done``.
"""

from __future__ import annotations

import datetime
import os
from typing import Callable, Optional, Sequence, Tuple, Union

from gin_ref.core.cards import Card
from gin_ref.core.errors import CountOverLimitError, GinRefError
from gin_ref.core.melds import Meld
from gin_ref.core.rules import HouseRules
from gin_ref.desk import given, outcomes
from gin_ref.desk.errors import N_, DeskError, Kind, Refusal, kept, refusal_of, refuse, refused, said, said_field
from gin_ref.desk.outcomes import Dealt, Ended, Knocked, Started, Turned
from gin_ref.desk.store import Work, change, dry
from gin_ref.files import matchfile, store
from gin_ref.files.filewrite import PathName, writable_target
from gin_ref.match.actions import Outcome
from gin_ref.match.knocks import Given
from gin_ref.match.model import Match
from gin_ref.views import step_words, words

Rules = Union[None, str, HouseRules]  # a preset's name or a rules file's path (None: oklahoma), or the rules
Melds = Union[None, str, Sequence[Meld]]
Confirm = Callable[[Optional[Dealt], Refusal], bool]  # a count over the limit: really knocked?
TURNS = ("take", "pass", "draw", "discard")


def _kept_error(path: str, match: Match, outcome: Outcome, done: object, dealt: bool = False) -> Optional[DeskError]:
    """The error of an act refused and kept (None when the act was not refused)."""
    if not outcome.refused:
        return None
    hand, kind, player = outcomes.refusal_fields(outcome)
    return kept(step_words.refusal_words(match.state, outcome, dealt), hand, kind, player, done,
                outcome.refusal.reason if outcome.refusal is not None else None)


# -- start a match -------------------------------------------------------------------------------------------

def check_text(value: str, said: str) -> None:
    """Refuse a name that is not valid text (``said``: the refusal, ``NAME_NOT_TEXT`` or ``RULES_NOT_TEXT``):
    bytes that are not UTF-8 reach Python as lone surrogates, and the match file (UTF-8) could not hold them."""
    if any("\ud800" <= char <= "\udfff" for char in value):
        raise refuse(Kind.NOTATION, said, value=value)


# ``check_text``'s refusal for each thing it checks (a whole sentence each: the thing is no fragment)
NAME_NOT_TEXT = N_("player name '%(value)s' is not valid UTF-8 text: use another name")
RULES_NOT_TEXT = N_("rules file name '%(value)s' is not valid UTF-8 text: use another name")


def match_date(text: Optional[str]) -> str:
    """The ISO date ``text`` names (None: today)."""
    if text is None:
        return datetime.date.today().isoformat()
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise refuse(Kind.NOTATION, N_("bad date '%(date)s': write YYYY-MM-DD"), date=text) from None


def _new_match(players: Sequence[str], rules: Rules, date: Optional[str], dealer: Optional[str],
               box: Optional[str], captain: Optional[str], draw: Optional[Sequence[str]]) -> Match:
    for name in players:
        check_text(name, NAME_NOT_TEXT)
    if isinstance(rules, str):
        check_text(rules, RULES_NOT_TEXT)
    if not isinstance(rules, HouseRules):
        from gin_ref.desk.rules import load_rules  # late: a rule set read by name loads yaml

        rules = load_rules(rules)
    return Match.new(list(players), rules, match_date(date), dealer=dealer, box=box, captain=captain,
                     draw=list(draw) if draw else None)


def check_players(players: Sequence[str], rules: HouseRules, dealer: Optional[str] = None) -> None:
    """Refuse (``GinRefError``, in ``start_match``'s words) names that cannot start a match under ``rules``:
    their number, their spelling, a first ``dealer`` not one of them. Asked before the match is started
    (the session on a terminal checks each answer as it is given)."""
    Match.new(list(players), rules, "2000-01-01", dealer=dealer)


def held_match(path: PathName) -> Optional[str]:
    """What the match file at ``path`` holds, in a few words (``Ann v Ben, 1 hand, totals Ann 20, Ben 0``), or None
    when there is none or it does not read as a match."""
    if not os.path.isfile(path):
        return None
    try:
        match = matchfile.load(path).match
        totals = match.state.totals
    except GinRefError:
        return None
    return words.held_words(match.players, len(match.hands), totals)


def _holds(path: PathName, force: bool) -> Optional[str]:
    """What a match file ``start_match`` would replace holds (``force``), or its refusal naming it (its
    field ``held``: what it holds; a front adds how to start over all the same)."""
    held = held_match(path)
    if held is not None and not force:
        raise refuse(Kind.RECORD, N_("%(path)s already holds a match (%(held)s)"), path=os.fspath(path), held=held)
    return held


def start_match(path: PathName, players: Sequence[str], rules: Rules = None, date: Optional[str] = None,
                force: bool = False, dealer: Optional[str] = None, box: Optional[str] = None,
                captain: Optional[str] = None, draw: Optional[Sequence[str]] = None) -> Started:
    """Start a match file: the players, the rules (copied into the file), the date (default today), who
    deals first (two players: ``dealer``, else drawn at random; three: ``box`` and ``captain``, or ``draw``,
    each ``NAME=CARD``). An existing file is never replaced unless ``force``."""
    try:
        match = _new_match(players, rules, date, dealer, box, captain, draw)
        held = _holds(path, force)
        store.create(path, match, force)
    except GinRefError as exc:
        raise refused(exc) from exc
    return outcomes.started_of(os.fspath(path), match, held)


def can_start_match(path: PathName, players: Sequence[str], rules: Rules = None, date: Optional[str] = None,
                    force: bool = False, dealer: Optional[str] = None, box: Optional[str] = None,
                    captain: Optional[str] = None, draw: Optional[Sequence[str]] = None) -> Optional[Refusal]:
    """None when ``start_match`` would start the match (the first dealer drawn at random aside), else why not."""
    try:
        _new_match(players, rules, date, dealer, box, captain, draw)
        _holds(path, force)
        writable_target(os.fspath(path), may_exist=force)
    except GinRefError as exc:
        return refusal_of(exc)
    return None


# -- deal ----------------------------------------------------------------------------------------------------

def _deal(upcard: Optional[Card], dealer: Optional[str]) -> "Work[Dealt]":
    def work(rec: matchfile.Record) -> Tuple[Dealt, Optional[DeskError]]:
        outcome = rec.match.deal(upcard, dealer)
        done = outcomes.dealt_of(rec.path, rec.match, outcome)
        return done, _kept_error(rec.path, rec.match, outcome, done)
    return work


def deal(path: PathName, upcard: Optional[Card], dealer: Optional[str] = None, wait: Optional[float] = None) -> Dealt:
    """Deal the next hand: the upcard (None where the limit does not depend on it) and, if named, the dealer
    (another than the rules' is refused and kept)."""
    return change(path, _deal(upcard, dealer), wait)


def can_deal(path: PathName, upcard: Optional[Card], dealer: Optional[str] = None) -> Optional[Refusal]:
    return dry(path, _deal(upcard, dealer))


# -- knock ---------------------------------------------------------------------------------------------------

def _knock(player: str, knocker: Given, defender: Given, melds: Melds, discard: Optional[Card], big_gin: bool,
           illegal: bool, upcard: Optional[Card], confirm: Optional[Confirm]) -> "Work[Knocked]":
    def work(rec: matchfile.Record) -> Tuple[Knocked, Optional[DeskError]]:
        given.cards_or_count(knocker, N_("the knocker's hand"))
        given.cards_or_count(defender, N_("the defender's hand"))
        match = rec.match
        opened = match.deal_unless_open(upcard)
        dealt = outcomes.dealt_of(rec.path, match, opened) if opened is not None else None
        try:
            outcome = match.knock(player, list(knocker) if isinstance(knocker, (list, tuple)) else knocker,
                                  defender, melds, discard, big_gin, illegal)
        except CountOverLimitError as exc:
            if confirm is not None and confirm(dealt, refusal_of(exc)):
                outcome = match.knock(player, knocker, defender, melds, discard, big_gin, True)
            elif dealt is None:
                raise
            else:  # the deal this call made stands (written); the knock is not recorded
                words = N_("%(said)s; the deal of hand %(hand)s is recorded and the hand stays open (undo takes the "
                           "deal back)")
                slip = refusal_of(exc).reworded(words % {"said": str(exc), "hand": dealt.hand}, words,
                                                said=said(refusal_of(exc)), hand=dealt.hand,
                                                reason_said=said_field(refusal_of(exc), "reason"))
                return outcomes.knocked_of(rec.path, match, player, dealt, dealt.outcome), DeskError(slip, dealt)
        done = outcomes.knocked_of(rec.path, match, player, dealt, outcome)
        return done, _kept_error(rec.path, match, outcome, done, dealt is not None)
    return work


def knock(path: PathName, player: str, knocker: Given, defender: Given, melds: Melds = None,
          discard: Optional[Card] = None, big_gin: bool = False, illegal: bool = False,
          upcard: Optional[Card] = None, confirm: Optional[Confirm] = None, wait: Optional[float] = None) -> Knocked:
    """Settle the open hand: ``player`` knocks with ``knocker`` (his cards, or his count), the defender's
    cards or count; with no hand open, the hand is dealt first (``upcard``). A count over the limit is
    refused as a slip (COUNT_OVER_LIMIT) unless ``illegal`` or ``confirm(dealt, refusal)`` says it
    really was knocked; an illegal knock is refused and kept."""
    return change(path, _knock(player, knocker, defender, melds, discard, big_gin, illegal, upcard, confirm), wait)


def can_knock(path: PathName, player: str, knocker: Given, defender: Given, melds: Melds = None,
              discard: Optional[Card] = None, big_gin: bool = False, illegal: bool = False,
              upcard: Optional[Card] = None) -> Optional[Refusal]:
    return dry(path, _knock(player, knocker, defender, melds, discard, big_gin, illegal, upcard, None))


# -- dead ----------------------------------------------------------------------------------------------------

def _dead(upcard: Optional[Card]) -> "Work[Ended]":
    def work(rec: matchfile.Record) -> Tuple[Ended, Optional[DeskError]]:
        opened = rec.match.deal_unless_open(upcard, "dead")
        dealt = outcomes.dealt_of(rec.path, rec.match, opened) if opened is not None else None
        return outcomes.ended_of(rec.path, rec.match, dealt, rec.match.dead()), None
    return work


def dead(path: PathName, upcard: Optional[Card] = None, wait: Optional[float] = None) -> Ended:
    """End the open hand dead, with no score (with no hand open, deal it first)."""
    return change(path, _dead(upcard), wait)


def can_dead(path: PathName, upcard: Optional[Card] = None) -> Optional[Refusal]:
    return dry(path, _dead(upcard))


# -- the turns -----------------------------------------------------------------------------------------------

def _turn(action: str, player: str, card: Optional[Card]) -> "Work[Turned]":
    def work(rec: matchfile.Record) -> Tuple[Turned, Optional[DeskError]]:
        outcome = rec.match.play_turn(action, player, card)
        done = outcomes.turned_of(rec.path, rec.match, action, player, outcome)
        return done, _kept_error(rec.path, rec.match, outcome, done)
    return work


def turn(path: PathName, action: str, player: str, card: Optional[Card] = None, wait: Optional[float] = None) -> Turned:
    """One turn of the open hand: ``action`` is take, pass, draw or discard (see the named functions)."""
    return change(path, _turn(action, player, card), wait)


def can_turn(path: PathName, action: str, player: str, card: Optional[Card] = None) -> Optional[Refusal]:
    return dry(path, _turn(action, player, card))


def take(path: PathName, player: str, wait: Optional[float] = None) -> Turned:
    """``player`` takes the top card of the discard pile."""
    return turn(path, "take", player, None, wait)


def can_take(path: PathName, player: str) -> Optional[Refusal]:
    return can_turn(path, "take", player)


def pass_(path: PathName, player: str, wait: Optional[float] = None) -> Turned:
    """``player`` declines the upcard (first turn only)."""
    return turn(path, "pass", player, None, wait)


def can_pass(path: PathName, player: str) -> Optional[Refusal]:
    return can_turn(path, "pass", player)


def draw(path: PathName, player: str, card: Optional[Card] = None, wait: Optional[float] = None) -> Turned:
    """``player`` draws from the stock (``card``: the card, if seen)."""
    return turn(path, "draw", player, card, wait)


def can_draw(path: PathName, player: str, card: Optional[Card] = None) -> Optional[Refusal]:
    return can_turn(path, "draw", player, card)


def discard(path: PathName, player: str, card: Card, wait: Optional[float] = None) -> Turned:
    """``player`` discards ``card``, ending his turn."""
    return turn(path, "discard", player, card, wait)


def can_discard(path: PathName, player: str, card: Card) -> Optional[Refusal]:
    return can_turn(path, "discard", player, card)


# -- the works, for a front that holds the record itself (``gin_ref.desk.onrecord``) -------------------------
knock_work, dead_work = _knock, _dead

"""The acts on the past and the director's: amend a hand, undo, redo, rule, record a result (and amend it).

As ``gin_ref.desk.acts``: ``x(path, ...)`` changes the match file under its lock and returns its outcome or
raises ``DeskError``; ``can_x(path, ...)`` is None exactly when ``x`` would succeed, else the refusal.
"""

from __future__ import annotations

import os
from typing import Optional, Sequence, Tuple

from gin_ref.core.cards import Card
from gin_ref.core.errors import GinRefError, IllegalActionError
from gin_ref.core.message import Message
from gin_ref.core.digits import has_digits_for, is_ascii_whole, verify_ascii_digits
from gin_ref.core.players import find_player
from gin_ref.desk import given, outcomes
from gin_ref.desk.acts import NAME_NOT_TEXT, Melds, Rules, check_text, match_date
from gin_ref.desk.errors import N_, Nn_, DeskError, Kind, Refusal, refusal, refusal_of, refuse, refused
from gin_ref.desk.outcomes import Amended, Corrected, Resulted, Ruled
from gin_ref.desk.store import Work, change, dry
from gin_ref.files import eventfile, matchfile, seals, store
from gin_ref.files.filewrite import PathName, writable_target
from gin_ref.core.rules import HouseRules
from gin_ref.match import resultonly, rulings
from gin_ref.match.amend import amend as amend_outcome
from gin_ref.match.knocks import Given
from gin_ref.match.model import Match
from gin_ref.match.rulings import KINDS, MAX_POINTS
from gin_ref.match.tally import tally_of
from gin_ref.views import step_words, words
from gin_ref.views.tally_text import versus

Pairs = Sequence[Tuple[str, str]]  # (player, points as typed)


def event_warning(path: str, reopened: bool) -> Optional[str]:
    """The warning for a change to a table of an event (an ``event.yaml`` beside the match file) whose later
    round is already paired; None otherwise (or when the event file cannot be read: its standings say so)."""
    folder = os.path.dirname(path) or "."
    if not os.path.isfile(eventfile.event_path(folder)):
        return None
    try:
        event = eventfile.load(folder)
    except GinRefError:
        return None
    name = os.path.basename(path)
    for rnd in event.rounds:
        for table in rnd.tables:
            if table.file == name and rnd.number < len(event.rounds):
                return words.event_amend_words(path, event.name, folder, rnd.number, table.number,
                                               len(event.rounds), reopened)
    return None


# -- amend ---------------------------------------------------------------------------------------------------

def _amend(given_hand: int, player: Optional[str], knocker: Optional[Given], defender: Optional[Given], melds: Melds,
           discard: Optional[Card], big_gin: bool, upcard: Optional[Card], dead: bool) -> "Work[Amended]":
    def work(rec: matchfile.Record) -> Tuple[Amended, Optional[DeskError]]:
        if dead and (player is not None or knocker is not None or defender is not None or melds or discard
                     or big_gin):
            raise refuse(Kind.NOTATION, N_("a dead hand has no knock: give no knock with it"))
        hand = given.hand_number(given_hand)
        for value, what in ((knocker, N_("the knocker's hand")), (defender, N_("the defender's hand"))):
            if value is not None:
                given.cards_or_count(value, what)
        rec.confirm = hand  # what the table now agrees: sealed again, even if its seal failed
        match = rec.match
        before = tally_of(match)
        outcome = amend_outcome(match, hand, player, knocker, defender, melds, discard, big_gin, upcard, dead,
                                lambda number: seals.fails(matchfile.written(match), number))
        match.amend(outcome, matchfile.now())  # format /3 keeps the amend's facts, no words
        warning = event_warning(rec.path, before.finished and not match.state.finished)
        return Amended(rec.path, match, hand, before, outcome.settlement, warning), None
    return work


def amend(path: PathName, hand: int, player: Optional[str] = None, knocker: Optional[Given] = None,
          defender: Optional[Given] = None, melds: Melds = None, discard: Optional[Card] = None,
          big_gin: bool = False, upcard: Optional[Card] = None, dead: bool = False,
          wait: Optional[float] = None) -> Amended:
    """Replace the result of hand ``hand``: ``player`` knocked with ``knocker`` (cards or count) against
    ``defender``, or ``dead``. Every later hand is settled again; the old result is kept in corrections."""
    return change(path, _amend(hand, player, knocker, defender, melds, discard, big_gin, upcard, dead), wait)


def can_amend(path: PathName, hand: int, player: Optional[str] = None, knocker: Optional[Given] = None,
              defender: Optional[Given] = None, melds: Melds = None, discard: Optional[Card] = None,
              big_gin: bool = False, upcard: Optional[Card] = None, dead: bool = False) -> Optional[Refusal]:
    return dry(path, _amend(hand, player, knocker, defender, melds, discard, big_gin, upcard, dead))


# -- undo, redo ----------------------------------------------------------------------------------------------

def _undo(rec: matchfile.Record) -> Tuple[Corrected, Optional[DeskError]]:
    finished = rec.match.state.finished
    step = rec.match.newest_step()
    rec.match.undo(step, matchfile.now())
    warning = event_warning(rec.path, True) if finished and not rec.match.state.finished else None
    return outcomes.corrected_of(rec.path, rec.match, step_words.undone_words(step), warning, step), None


def _redo(rec: matchfile.Record) -> Tuple[Corrected, Optional[DeskError]]:
    finished = rec.match.state.finished
    step = rec.match.redo_step()
    rec.match.redo(step, matchfile.now())
    warning = event_warning(rec.path, True) if finished and not rec.match.state.finished else None
    return outcomes.corrected_of(rec.path, rec.match, step_words.redone_words(step), warning, step), None


def undo(path: PathName, wait: Optional[float] = None) -> Corrected:
    """Take back the newest step, whatever it was (kept in corrections; ``redo`` puts it back)."""
    return change(path, _undo, wait)


def can_undo(path: PathName) -> Optional[Refusal]:
    return dry(path, _undo)


def redo(path: PathName, wait: Optional[float] = None) -> Corrected:
    """Put back the step the newest undo took, while nothing else was written since."""
    return change(path, _redo, wait)


def can_redo(path: PathName) -> Optional[Refusal]:
    return dry(path, _redo)


# -- a director's ruling -------------------------------------------------------------------------------------

def award_points(text: str, what: str) -> int:
    """The points of an award as typed (``what``: the value as the front names it, for the refusal): a whole
    number in ASCII digits from 0 to ``MAX_POINTS``."""
    try:
        verify_ascii_digits(text, what)
    except GinRefError as exc:
        raise refused(exc) from exc
    if not is_ascii_whole(text.strip()):
        raise refuse(Kind.NOTATION, N_("%(what)s: the points are a whole number"), what=what)
    if not has_digits_for(text.strip(), MAX_POINTS):
        raise refuse(Kind.NOTATION, N_("%(what)s: points are a whole number from 0 to %(most)d"), what=what,
                     most=MAX_POINTS)
    return int(text)


_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")  # where str.splitlines breaks


def one_line(text: str, option: str) -> str:
    """A ruling's reason or who ruled, as kept: without the spaces around it, and refused when it holds a
    line break (the record and the tally keep it on one line). ``option``: the parameter (``reason``,
    ``by``), the refusal's field ``option`` (the command line says its option)."""
    text = text.strip()
    if not _LINE_BREAKS.isdisjoint(text):
        raise refuse(Kind.NOTATION, N_("%(option)s: write it on one line (it holds a line break)"), option=option)
    return text


def _no_name() -> str:
    raise refuse(Kind.NOTATION, N_("%(option)s: name who ruled, or leave %(option)s out"), option="by")


def verify_ruling(kind: str, player: Optional[str], points: Optional[int]) -> None:
    """Refuse a ruling that does not say what it rules: an unknown kind, an award without its player and
    points, a forfeit without the player who leaves (the match layer takes these as given)."""
    if kind not in KINDS:
        raise refuse(Kind.NOTATION, N_("unknown ruling '%(ruling)s' (expected %(expected)s)"), ruling=kind,
                     expected=", ".join(KINDS))
    if kind == "award" and (player is None or points is None):
        raise refuse(Kind.NOTATION, N_("an award names the player and the points"))
    if kind == "forfeit" and player is None:
        raise refuse(Kind.NOTATION, N_("a forfeit names the player who leaves"))


def _dealt_first(match: Match, path: str, upcard: Card, hand: Optional[int],
                 kind: str) -> Tuple[int, Optional[outcomes.Dealt]]:
    """Deal the hand a ruling with ``upcard`` rules on (a hand entered at a table and rejected, or disputed,
    left no deal in the file): the next hand, dealt with ``upcard``, or the open hand when it has that upcard
    already (its number, and the deal made, None for the open hand). A hand dealt here is ruled in the same
    step (the ruling says ``dealt: true``: any kind, never played, and one ``undo`` takes both back); the open
    hand, dealt by a step of its own, is ended with no score of its own first (``dead``) when ruled an award
    or a void: the ruling beside it gives the score, as on any settled hand."""
    opened = match.deal_unless_open(upcard, command="ruling")
    if opened is not None and opened.refusal is not None:  # a deal refused (and kept): no hand to rule on
        raise refused(IllegalActionError(Message(N_("hand %(hand)s cannot be dealt: %(reason)s"), hand=opened.number,
                                                 reason=opened.refusal.reason)))
    setup = match.open_setup
    assert setup is not None  # dealt now, or open with that upcard
    number = setup.number
    if hand is not None and hand != number:
        raise refuse(Kind.NOTATION, N_("%(upcard_option)s %(upcard)s deals hand %(number)s (or names it, open): "
                                       "%(hand_option)s %(hand)s is another hand; rule on it without "
                                       "%(upcard_option)s"), upcard_option="upcard", upcard=upcard.pretty,
                     number=number, hand_option="hand", hand=hand)
    if kind not in rulings.OPEN_KINDS and opened is None:
        match.dead()
    return number, outcomes.dealt_of(path, match, opened) if opened is not None else None


def _rule(kind: str, reason: str, hand: Optional[int], player: Optional[str], points: Optional[int],
          by: Optional[str], upcard: Optional[Card] = None) -> "Work[Ruled]":
    def work(rec: matchfile.Record) -> Tuple[Ruled, Optional[DeskError]]:
        given.text(reason, N_("the reason"))
        if by is not None:
            given.text(by, "by")
        ruled = given.maybe_hand(hand)
        whole = None if points is None else given.whole(points, N_("the points"))
        verify_ruling(kind, player, whole)
        dealt: Optional[outcomes.Dealt] = None
        if upcard is not None:
            if not reason or not reason.strip():  # refused before anything is dealt
                raise refuse(Kind.NOTATION, N_("%(option)s: say why (it is kept with the ruling)"), option="reason")
            ruled, dealt = _dealt_first(rec.match, rec.path, upcard, ruled, kind)
        step = rec.match.rule(kind, one_line(reason, "reason"), matchfile.now(), hand=ruled, player=player,
                              points=whole, by=None if by is None else one_line(by, "by") or _no_name(),
                              dealt=dealt is not None)
        return outcomes.ruled_of(rec.path, rec.match, step, dealt), None
    return work


def rule(path: PathName, kind: str, reason: str, hand: Optional[int] = None, player: Optional[str] = None,
         points: Optional[int] = None, by: Optional[str] = None, wait: Optional[float] = None,
         upcard: Optional[Card] = None) -> Ruled:
    """A director's ruling on ``hand`` (default: the last): ``kind`` award (``player``, ``points``), void,
    redeal or forfeit (``player``), with the ``reason`` and who ruled (``by``). With ``upcard``: the hand a
    table entered and that was rejected or disputed, never dealt in the file, is dealt with it and ruled in
    one write (``_dealt_first``); the hands stay as they were when the ruling is refused."""
    return change(path, _rule(kind, reason, hand, player, points, by, upcard), wait)


def can_rule(path: PathName, kind: str, reason: str, hand: Optional[int] = None, player: Optional[str] = None,
             points: Optional[int] = None, by: Optional[str] = None,
             upcard: Optional[Card] = None) -> Optional[Refusal]:
    return dry(path, _rule(kind, reason, hand, player, points, by, upcard))


# -- a match kept on paper -----------------------------------------------------------------------------------

def paper_match(rules: HouseRules, date: str, pairs: Pairs, won: Pairs = ()) -> Match:
    """A new match of the players named in ``pairs`` holding their result only (no first dealer: a paper
    sheet need not say who dealt first)."""
    names = [name for name, _ in pairs]
    two = rules.players == 2
    match = Match.new(names, rules, date, dealer=names[0] if two else None, box=None if two else names[0],
                      captain=None if two else names[-1])  # (checks the names and their number)
    return match.started_by_result(resultonly.paper_result(match.players, match.rules, list(pairs), list(won)))


def same_players(players: Sequence[str], named: Sequence[str]) -> None:
    """Refuse names that are not the match's players (any case), or not one for each."""
    if len(named) != len(players):
        raise refuse(Kind.NOTATION, Nn_("this match is %(players)s: give each one's final score (%(count)d given)",
                                        "this match is %(players)s: give each one's final score (%(count)d given)"),
                     players=versus(players), count=len(named))
    for name in named:
        find_player(list(players), name)


def _put_result(pairs: Pairs, won: Pairs) -> "Work[Resulted]":
    def work(rec: matchfile.Record) -> Tuple[Resulted, Optional[DeskError]]:
        match = rec.match
        match.verify_no_hands(str(rec.path))
        typed, typed_won = given.pairs(pairs, N_("the points")), given.pairs(won, N_("hands won"))
        same_players(match.players, [name for name, _ in typed])
        match.put_result(resultonly.paper_result(match.players, match.rules, typed, typed_won))
        return outcomes.resulted_of(rec.path, match), None
    return work


def _new_paper(given_pairs: Pairs, given_won: Pairs, rules: Rules, date: Optional[str]) -> Match:
    pairs, won = given.pairs(given_pairs, N_("the points")), given.pairs(given_won, N_("hands won"))
    for name, _ in pairs:
        check_text(name, NAME_NOT_TEXT)
    if not isinstance(rules, HouseRules):
        from gin_ref.desk.rules import load_rules  # late: a rule set read by name loads yaml

        rules = load_rules(rules)
    return paper_match(rules, match_date(date), pairs, won)


def _own_rules(path: PathName) -> Refusal:
    """An existing file given rules or a date: they are its own."""
    return refusal(Kind.NOTATION, N_("%(exists)s exists: its rules and date are its own (a new file takes them)"),
                   exists=os.fspath(path))


def record_result(path: PathName, pairs: Pairs, won: Pairs = (), rules: Rules = None, date: Optional[str] = None,
                  wait: Optional[float] = None) -> Resulted:
    """A match kept on paper, by its final scores (``pairs``: player, points; ``won``: player, hands won): a
    new file (with ``rules`` and ``date``), or an existing one with no hand recorded (an event's table)."""
    if os.path.lexists(path):
        if rules is not None or date is not None:
            raise DeskError(_own_rules(path))
        return change(path, _put_result(pairs, won), wait)
    try:
        match = _new_paper(pairs, won, rules, date)
        store.create(path, match)
    except GinRefError as exc:
        raise refused(exc) from exc
    return outcomes.resulted_of(os.fspath(path), match)


def can_record_result(path: PathName, pairs: Pairs, won: Pairs = (), rules: Rules = None,
                      date: Optional[str] = None) -> Optional[Refusal]:
    if os.path.lexists(path):
        if rules is not None or date is not None:
            return _own_rules(path)
        return dry(path, _put_result(pairs, won))
    try:
        _new_paper(pairs, won, rules, date)
        writable_target(os.fspath(path), may_exist=False)
    except GinRefError as exc:
        return refusal_of(exc)
    return None


def _amend_result(pairs: Pairs, won: Pairs) -> "Work[Resulted]":
    def work(rec: matchfile.Record) -> Tuple[Resulted, Optional[DeskError]]:
        rec.confirm = 0  # what the table now agrees: sealed again, even if its seal failed
        match = rec.match
        if not match.result_only:
            raise refuse(Kind.ILLEGAL, N_("this match is recorded hand by hand: amend a hand"), by_hand=True)
        typed, typed_won = given.pairs(pairs, N_("the points")), given.pairs(won, N_("hands won"))
        same_players(match.players, [name for name, _ in typed])
        old = match.paper_written()
        paper = resultonly.paper_result(match.players, match.rules, typed, typed_won)
        match.amend_result(paper, matchfile.now())
        return outcomes.resulted_of(rec.path, match, old), None
    return work


def amend_result(path: PathName, pairs: Pairs, won: Pairs = (), wait: Optional[float] = None) -> Resulted:
    """Change the result of a match recorded by its result only (the old one kept in corrections)."""
    return change(path, _amend_result(pairs, won), wait)


def can_amend_result(path: PathName, pairs: Pairs, won: Pairs = ()) -> Optional[Refusal]:
    return dry(path, _amend_result(pairs, won))


# -- the work, for a front that holds the record itself (``gin_ref.desk.onrecord``) --------------------------
undo_work = _undo

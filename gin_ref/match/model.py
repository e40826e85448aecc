"""A match: its record (typed: ``gin_ref.match.record.Record``, its hands ``RecordedHand``s) and the state a
replay of it leaves (``gin_ref.match.state``), with the actions that extend it.

``Match(record)`` replays a Record strictly: the first problem is raised as a ``RecordError`` with its key
path (``where``); ``check_record`` replays a record as first read (the reader in ``gin_ref.files`` gives its
typed top level and each part's problems) and collects every problem. An action (``deal``, ``play_turn``, ``knock``, ``dead``) is
worked out by ``gin_ref.match.actions`` into an ``Outcome``; ``apply`` writes its step into the record (a
new Record: ``gin_ref.match.steps.Step.made_on``) and replays the hand it changed, settling it from its facts through the same code that checks a
record, so what is written is what verification expects. ``amend`` replaces a past hand's result
(worked out by ``gin_ref.match.amend``) and re-settles every later hand; ``undo`` takes back the newest
step, whatever its kind, into ``corrections``, and ``redo`` puts back what the last undo took (which step
is the newest and what an undo took: ``gin_ref.match.history``).
"""

from typing import TYPE_CHECKING, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from gin_ref.core import game
from gin_ref.core.cards import Card
from gin_ref.core.errors import IllegalActionError, InvalidNotationError, RecordError
from gin_ref.core.message import Message, N_
from gin_ref.core.players import check_name, find_player, parse_draw
from gin_ref.match.names import first_look_alike, first_same_player, look_alike_message
from gin_ref.core.melds import Meld
from gin_ref.core.rules import HouseRules
from gin_ref.core.turns import Table
from gin_ref.match import actions, history, resultonly, rulings, steps
from gin_ref.match.actions import Outcome
from gin_ref.match.corrections import Correction, StepRef
from gin_ref.match.header import Header, by_result, why_started
from gin_ref.match.record import Read, Record
from gin_ref.match.knocks import Given, Settlement, limit_needs_upcard, reads_as_fact
from gin_ref.match.problems import Problem, Problems
from gin_ref.match.replay import OnHand, replay_hands, replay_record
from gin_ref.match.handread import RecordedHand
from gin_ref.match.schema import FORMAT, ROLES
from gin_ref.match.resultonly import PaperResult
from gin_ref.match.state import HandSetup, MatchState
from gin_ref.match.history import is_dead_by_itself
from gin_ref.match.steps import Ruled, Step

if TYPE_CHECKING:
    import random

__all__ = ["Match", "Outcome", "Checked", "check_record"]


class Checked(NamedTuple):
    """A record checked leniently: every problem, and the Match when the record has a usable head
    (replayed past its problems)."""

    problems: List[Problem]
    match: Optional["Match"]


def check_record(read: Read, on_hand: Optional[OnHand] = None) -> Checked:
    """Replay a record as first read (``read``: its typed top level and each part's problems, by the reader
    in ``gin_ref.files.matchtop``) and collect every problem (see ``gin_ref.match.replay``; ``on_hand``:
    told after each hand); the Match holds its Record, when its head reads."""
    if read.record is None:
        return Checked(list(read.head), None)
    state, problems, base = replay_record(read.record, read=read, on_hand=on_hand)
    return Checked(list(problems), Match(read.record, _replayed=(state, base)))


class Match:
    """A match: its record (typed: ``gin_ref.match.record.Record``), where it stands (``state``), and the
    actions that extend it."""

    def __init__(self, record: Record, _replayed: Optional[Tuple[MatchState, Optional[MatchState]]] = None) -> None:
        self.record = record
        if _replayed is None:
            state, problems, base = replay_record(record)
            if problems:
                where, message = problems[0]
                raise RecordError(message, where=where)
            _replayed = (state, base)
        self.state: MatchState = _replayed[0]
        self._base: Optional[MatchState] = _replayed[1]  # the state before the last hand

    # -- building ----------------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: Sequence[str], rules: HouseRules, date: str, dealer: Optional[str] = None,
            box: Optional[str] = None, captain: Optional[str] = None,
            draw: "Union[None, Iterable[str], Mapping[str, Card]]" = None, rng: "Optional[random.Random]" = None) -> "Match":
        """A new match (no hands yet). Two players: ``dealer`` deals first (else one drawn with ``rng``).
        Three: roles from ``draw`` ({name: Card} or NAME=CARD items), or ``box`` and ``captain``, else drawn.
        """
        if rng is None:
            import random  # only a new match draws: not imported at every start

            rng = random.SystemRandom()
        names = [check_name(name) for name in players]
        want = rules.players
        if len(names) != want:
            if want == 3:
                words = N_("the three-player rules need %(want)d players, not %(count)d")
            elif len(names) == 3:
                words = N_("the %(rules)s rules need %(want)d players, not %(count)d (three players: %(rules_option)s "
                           "%(preset)s)")
            else:
                words = N_("the %(rules)s rules need %(want)d players, not %(count)d")
            raise InvalidNotationError(Message(words, rules=rules.name, want=want, count=len(names),
                                               rules_option="rules", preset="three-player"))
        for name in names:  # a new match only: records that already hold such a name still read
            reading = reads_as_fact(name)
            if reading is not None:
                raise InvalidNotationError(Message(N_("bad player name '%(name)s': it reads as %(reading)s on a table "
                                                      "line (9h ben 5 23): use another name"), name=name,
                                                   reading=reading))
        same = first_same_player(names)
        if same is not None and same[0] == same[1]:
            raise InvalidNotationError(Message(N_("player name '%(name)s' given twice"), name=same[1]))
        if same is not None:
            raise InvalidNotationError(Message(N_("player names '%(first)s' and '%(name)s' differ only in case (a "
                                                  "player is named ignoring case)"), first=same[0], name=same[1]))
        alike = first_look_alike(names)
        if alike is not None:
            raise InvalidNotationError(look_alike_message(*alike))
        day = str(date)
        header = Header(names, rules, names[0], None, why_started(False, False), day, format=FORMAT, dated=day,
                        knobs=tuple(rules.snapshot()))
        if want == 2:
            if box is not None or captain is not None or draw:
                raise InvalidNotationError(Message(N_("%(box_option)s, %(captain_option)s and %(draw_option)s are for "
                                                      "three players; name the first dealer with %(dealer_option)s"),
                                                   box_option="box", captain_option="captain", draw_option="draw",
                                                   dealer_option="dealer"))
            first = find_player(names, dealer) if dealer is not None else rng.choice(names)
            header = header._replace(dealer=first, why=why_started(dealer is None, False), drawn=dealer is None,
                                     start=("dealer", "drawn"))
        else:
            if dealer is not None:
                raise InvalidNotationError(Message(N_("in the box the roles say who deals: name them with "
                                                      "%(box_option)s and %(captain_option)s, or give the cards drawn "
                                                      "with %(draw_option)s"), box_option="box",
                                                   captain_option="captain", draw_option="draw"))
            roles, cards, drawn = _first_roles(names, box, captain, draw, rng)
            header = header._replace(dealer=game.box_dealer(roles, rules.next_dealer), roles=roles,
                                     why=why_started(drawn, bool(cards)), drawn=drawn, draw=cards,
                                     start=ROLES + (("draw",) if cards else ()) + (("drawn",) if drawn else ()))
        return cls(Record(header, (), None, ()))

    # -- what it holds -----------------------------------------------------------------------------------
    @property
    def players(self) -> List[str]:
        return self.state.players

    @property
    def rules(self) -> HouseRules:
        return self.state.rules

    @property
    def hands(self) -> Tuple[RecordedHand, ...]:
        """The hands as recorded (each a ``RecordedHand``: its values as written)."""
        return self.record.hands

    @property
    def open_setup(self) -> "Optional[HandSetup]":
        """The open hand's setup, as the replay read it (its number, dealer or roles, upcard and limit); None
        when no hand is open."""
        return None if self.state.open is None else self.state.setups[self.state.open]

    @property
    def corrections(self) -> List[Correction]:
        """The record's corrections (what undo, redo and amend kept), each typed."""
        return list(self.record.corrections)

    @property
    def result_only(self) -> bool:
        """Is the match recorded by its result only (``gin_ref.match.resultonly``)?"""
        return self.record.result is not None

    def paper_written(self) -> Optional[PaperResult]:
        """A result-only match's result as the record writes it (its scores in the order written); None
        for a match recorded hand by hand."""
        written = self.record.result
        if written is None:
            return None
        won = written.hands_won
        return PaperResult(dict(written.scores), None if won is None else dict(won), str(written.winner or ""))

    def verify_no_hands(self, path: str) -> None:
        """Refuse to put a result on this match when it holds hands or a result already (``path``: the file,
        as the message names it)."""
        resultonly.verify_no_hands(len(self.hands), self.record.result, path)

    def started_by_result(self, paper: PaperResult) -> "Match":
        """This new match (no hand, no result) as a match kept on paper: its start taken out (a paper sheet
        need not say who dealt first) and ``paper`` (``gin_ref.match.resultonly.paper_result``) its result."""
        return Match(self.record._replace(header=by_result(self.record.header), result=paper, result_seal=None))

    def next_number(self) -> int:
        return len(self.hands) + 1

    def open_table(self) -> Optional[Table]:
        """The table of the open hand (a fresh one when no turn is recorded: the hand's start); None when
        no hand is open."""
        return actions.table_of(self.state)

    # -- actions -----------------------------------------------------------------------------------------
    def apply(self, outcome: Outcome) -> Outcome:
        """Write the outcome's step into the record and replay the hand it belongs to (settling it when
        the step ends it)."""
        step = outcome.step
        base: Optional[MatchState] = None
        if step.kind == "deal":
            base = self.state.copy()
        elif self._base is not None:
            base = self._base.copy()
        self.record = step.made_on(self.record)
        self._replay_last(base, settle=step.kind in ("result", "turn"), settlement=outcome.settlement)
        return outcome

    def _replay_last(self, base: Optional[MatchState], settle: bool = False,
                     settlement: Optional[Settlement] = None) -> None:
        """Replay the last hand from ``base`` (the state before it), or the whole record without one."""
        hands = self.record.hands
        if base is None or not hands:
            state, problems, self._base = replay_record(self.record)
        else:
            state, problems = base, Problems()
            index = len(hands) - 1
            self._base = replay_hands(hands, self.record.irregularities, state, index, problems, index if settle else None,
                                      {index: settlement} if settlement is not None else None)
        if problems:  # an action that writes what the replay refuses is a defect, never a user's error
            raise AssertionError(f"the record no longer replays: {problems[0]}")
        self.record = _worked_in(self.record, state)
        self.state = state

    def apply_step(self, step: Optional[Step]) -> None:
        """Write ``step`` (None: it is written already) and replay the whole record (a result-only record's
        result: ``gin_ref.match.resultonly``)."""
        if step is not None:
            self.record = step.made_on(self.record)
        self._resettle(0)

    def deal(self, upcard: Union[None, Card, str], dealer: Optional[str] = None) -> Outcome:
        card = upcard if upcard is None or isinstance(upcard, Card) else Card.parse(str(upcard))
        return self.apply(actions.deal(self.state, card, dealer))

    def deal_unless_open(self, upcard: Optional[Card], command: str = "knock") -> Optional[Outcome]:
        """One command per hand: with no hand open, deal the next hand (its outcome is returned) when the
        upcard is given or the rules' limit does not depend on it (else IllegalActionError naming both ways
        to give it: ``deal --upcard``, or ``command``'s own ``--upcard``); with a hand open, an upcard given
        must be that hand's."""
        if self.state.open is not None:
            setup = self.state.setups[self.state.open]
            if upcard is not None and setup.upcard != upcard:
                words = N_("hand %(hand)d is open (upcard %(open)s): %(upcard_option)s %(upcard)s is not its upcard") \
                    if setup.upcard is not None else \
                    N_("hand %(hand)d is open (no upcard given): %(upcard_option)s %(upcard)s is not its upcard")
                raise IllegalActionError(Message(words, hand=setup.number, upcard_option="upcard",
                                                 open=setup.upcard.pretty if setup.upcard is not None else None,
                                                 upcard=upcard.pretty))
            return None
        if upcard is None and self.state.finished:
            return None  # the act itself says why no hand is open
        if upcard is None and limit_needs_upcard(self.rules):
            more = " ..." if command == "knock" else ""  # (the notation of the command's other arguments)
            last = self.hands[-1] if self.hands else None
            if last is not None and is_dead_by_itself(last):
                raise IllegalActionError(Message(N_(
                    "hand %(hand)s was dead (the stock ran down to %(dead_stock)d cards), and no hand is open: deal "
                    "one first (gin-ref deal %(upcard_option)s CARD), or let this command deal it (gin-ref "
                    "%(command)s %(upcard_option)s CARD%(more)s)"), hand=len(self.hands),
                    dead_stock=self.rules.dead_hand_stock, upcard_option="upcard", command=command, more=more))
            raise IllegalActionError(Message(N_("no hand is open: deal one first (gin-ref deal %(upcard_option)s CARD), "
                                                "or let this command deal it (gin-ref %(command)s %(upcard_option)s "
                                                "CARD%(more)s)"), upcard_option="upcard", command=command, more=more))
        return self.deal(upcard)

    def play_turn(self, action: str, player: str, card: Union[None, str, Card] = None) -> Outcome:
        seen = card if card is None or isinstance(card, Card) else Card.parse(str(card))
        return self.apply(actions.play_turn(self.state, action, player, seen))

    def knock(self, player: str, knocker: Given, defender: Given, melds: Union[None, str, Sequence[Meld]] = None,
              discard: Union[None, str, Card] = None, big_gin: bool = False, illegal: bool = False) -> Outcome:
        """Settle the open hand: each side's cards or count (see ``gin_ref.match.actions.knock``)."""
        return self.apply(actions.knock(self.state, player, knocker, defender, melds, discard,
                                        big_gin, illegal))

    def dead(self) -> Outcome:
        return self.apply(actions.dead(self.state))

    def rule(self, kind: str, reason: str, date: str, hand: Optional[int] = None, player: Optional[str] = None,
             points: Optional[int] = None, by: Optional[str] = None, dealt: bool = False) -> Step:
        """A director's ruling on ``hand`` (default: the last), written beside its result; the hand and every
        later one are settled again (``gin_ref.match.rulings``). Refused, changing nothing, when the hands
        after it no longer replay: the first problem says why. The later hands stand as played (their dealers
        and roles are noted where the ruling would have given others). ``dealt``: the open hand was dealt
        for this ruling just now (``deal``), and the two are one step (``dealt: true``): it may be ruled any
        kind, and ``undo`` takes the ruling and the hand back together."""
        number, ruling = rulings.ruling_data(self.state, hand, kind, player, points, reason, by, date, dealt)
        step = Step("ruling", number, Ruled(ruling, history.step_total(self.record) + 1, len(self.hands)))
        before = self.record
        self.record = step.made_on(self.record)
        problems = self._resettle(number - 1, check=False)
        if problems:
            self.record = before
            self._resettle(number - 1)
            raise IllegalActionError(Message(N_("hand %(hand)d cannot be ruled %(kind)s: %(problem)s"), hand=number,
                                             kind=kind, problem=problems[0].message))
        return step

    def newest_step(self) -> Step:
        """The step ``undo`` would take back; IllegalActionError when there is none."""
        return history.newest(self.record)

    def undo(self, step: Step, now: str, undone: str = "") -> Correction:
        """Take back ``step`` (the newest: ``newest_step``) into ``corrections``, with ``now`` (its ISO
        time). Returns the correction made, typed (``Correction``: ``undone``, its step, the entry taken
        back). ``undone`` (what it was, in words) is no longer stored: format /3 keeps facts, and the views
        say them (``gin_ref.views.step_words.undone_words``); it stays a parameter for callers."""
        if step != self.newest_step():
            raise IllegalActionError(Message(N_("only the newest step can be taken back")))
        before = history.count_in_place(self.record)
        record, removed = step.taken_from(self.record)
        self.record = _corrected(record, Correction(len(record.corrections), undone=True, kind=step.kind,
                                                    steps=(before, history.count_in_place(record)), entry=removed,
                                                    step=_step_ref(step), date=now))
        self._resettle(step.hand - 1)
        return self.record.corrections[-1]

    def redo_step(self) -> Step:
        """The step ``redo`` would put back: the one the newest undo took, while nothing else was written
        since; IllegalActionError when there is none."""
        item = history.redoable(self.record)
        if item is None:
            raise IllegalActionError(Message(N_("nothing to redo: redo puts back what the last undo took, as long as "
                                                "nothing else was written since")))
        return history.step_data(self.record, item)

    def redo(self, step: Step, now: str, redone: str = "") -> Correction:
        """Put back ``step`` (``redo_step``) with ``now``; the hands after it are re-settled. Returns the
        correction that says so (``kind: redo``). ``redone``: as ``undo``'s ``undone``, not stored."""
        if step != self.redo_step():
            raise IllegalActionError(Message(N_("only the step the last undo took can be put back")))
        before = history.count_in_place(self.record)
        kept = self.record  # a value: the step makes a new one
        record = step.made_on(self.record)
        self.record = _corrected(record, Correction(len(record.corrections), redone=True, kind=step.kind,
                                                    steps=(before, history.count_in_place(record)),
                                                    step=_step_ref(step), date=now))
        problems = self._resettle(step.hand - 1, check=False)
        # a ruling of the same second as the undo came after it, or the correction was edited by hand: the
        # step no longer fits; the record goes back to what it held (the step is put back as the correction
        # keeps it, which its taking back need not undo)
        if problems:
            self.record = kept
            self._resettle(step.hand - 1)
            raise IllegalActionError(Message(N_("nothing to redo: the record changed since the undo (%(problem)s)"),
                                             problem=problems[0].message))
        return self.record.corrections[-1]

    def amend(self, outcome: Outcome, now: str, amended: str = "") -> Correction:
        """Write an amend (``gin_ref.match.amend``): the hand's new version, the old one kept under
        ``corrections`` (``kind: amend``) with ``now``, every later hand re-settled from its own facts.
        Returns the correction. Refused, with nothing changed, when the record would no longer replay.
        ``amended``: as ``undo``'s ``undone``, not stored."""
        step = outcome.step
        index, count = step.hand - 1, history.count_in_place(self.record)
        old = steps.version_of(self.hands[index])  # the version replaced
        before = self.record
        record = step.made_on(self.record)
        self.record = _corrected(record, Correction(len(record.corrections), amended=True, steps=(count, count),
                                                    hand=step.hand, hands=len(record.hands), entry=old, date=now))
        problems = self._resettle(index, outcome.settlement, check=False)
        if problems:
            self.record = before
            self._resettle(index)
            raise IllegalActionError(Message(N_("hand %(hand)d cannot be amended so: %(problem)s"), hand=step.hand,
                                             problem=problems[0].message))
        return self.record.corrections[-1]

    def put_result(self, paper: PaperResult) -> None:
        """Write ``paper`` (``gin_ref.match.resultonly.paper_result``) as the result of a match with no hand and
        no result, and replay it."""
        self.apply_step(Step(resultonly.STEP_KIND, 0, paper))

    def amend_result(self, paper: PaperResult, now: str, amended: str = "") -> Correction:
        """Replace a result-only match's result with ``paper``: the old one kept under ``corrections`` (an
        ``amended`` correction of hand 0), as an amend of a hand keeps its old version. Returns the
        correction."""
        record = self.record
        if record.result is None:
            raise IllegalActionError(Message(N_("this match is recorded hand by hand: amend a hand (gin-ref amend HAND "
                                                "...)")))
        count = history.count_in_place(record)
        old = record.result  # the result replaced
        record = Step("amend", 0, paper).made_on(record)
        self.record = _corrected(record, Correction(len(record.corrections), amended=True, steps=(count, count),
                                                    hand=0, hands=0, entry=old, date=now))
        self.apply_step(None)
        return self.record.corrections[-1]

    def _resettle(self, index: int, settlement: Optional[Settlement] = None, check: bool = True) -> Problems:
        """Replay the whole record, settling hand ``index`` and every later one from their facts (the
        knocks of the other hands, unchanged, are not settled again)."""
        known = {i: s for i, s in self.state.settlements.items() if i != index}
        if settlement is not None:
            known[index] = settlement
        replayed, problems, self._base = replay_record(self.record, max(index, 0), known)
        if problems and check:
            raise AssertionError(f"the record no longer replays: {problems[0]}")
        if not problems:
            self.record = _worked_in(self.record, replayed)
            self.state = replayed
        return problems



def _worked_in(record: Record, state: MatchState) -> Record:
    """``record`` with what the replay that left ``state`` worked out put into the hands it settled (new
    hands in a new Record: ``handread.Worked.on``); the state keeps none of it."""
    worked, state.worked = state.worked, {}
    if not worked:
        return record
    hands = list(record.hands)
    for index, values in worked.items():
        hands[index] = values.on(hands[index])
    return record._replace(hands=tuple(hands))


def _corrected(record: Record, correction: Correction) -> Record:
    """``record`` with one more correction, the last (made at its place: ``len(record.corrections)``)."""
    return record._replace(corrections=record.corrections + (correction,))


def _step_ref(step: Step) -> StepRef:
    """What a correction says of the step it took back or put back: its kind, hand and turn."""
    return StepRef(step.kind, step.hand, step.turn)


def _first_roles(players: List[str], box: Optional[str], captain: Optional[str],
                 draw: "Union[None, Iterable[str], Mapping[str, Card]]", rng: "random.Random"
                 ) -> Tuple[game.Roles, Tuple[Tuple[str, str], ...], bool]:
    """The roles of the first hand (three players), the cards drawn for them (each player's code, in the
    players' order; () without a draw) and whether they were drawn at random."""
    if draw:
        if box is not None or captain is not None:
            raise InvalidNotationError(Message(N_("give the roles either with %(draw_option)s or with %(box_option)s and "
                                                  "%(captain_option)s"), draw_option="draw", box_option="box",
                                               captain_option="captain"))
        drawn: Mapping[str, Card] = draw if isinstance(draw, dict) else parse_draw(draw, players)
        roles, tied = game.roles_from_draw(drawn)
        if tied:
            cards = ", ".join(f"{name} {drawn[name].pretty}" for name in tied)
            raise IllegalActionError(Message(N_("draw again: %(players)s drew the same rank (%(cards)s)"),
                                             players=" and ".join(tied), cards=cards))
        return roles, tuple((name, drawn[name].code) for name in players), False
    if box is None and captain is None:
        return game.Roles(*rng.sample(players, 3)), (), True
    if box is None or captain is None:
        raise InvalidNotationError(Message(N_("name both roles: %(box_option)s NAME %(captain_option)s NAME (the third "
                                              "player sits out)"), box_option="box", captain_option="captain"))
    box, captain = find_player(players, box), find_player(players, captain)
    if box == captain:
        raise InvalidNotationError(Message(N_("%(player)s cannot be both in the box and captain"), player=box))
    sitter = next(name for name in players if name not in (box, captain))
    return game.Roles(box, captain, sitter), (), False

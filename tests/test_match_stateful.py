"""A match played in random orders against a small model written for this test (issue 28).

Hypothesis' rule-based state machine deals, knocks by cards and by counts, types table lines into ``play``'s
session, ends hands dead, amends and rules on past hands, undoes and redoes, all in this process through
the same click group the ``gin-ref`` command runs. The model knows only what a person at the table knows:
the points of each hand as the test made it (a knock's arithmetic, a gin's bonus, an undercut's), a ruling
replacing them, a match over once a total reaches the target (later hands not counted), and undo/redo as
two stacks of the model's states. After every step the file verifies, ``tally --json`` agrees with the
model hand by hand, and an undo puts back the very bytes of the record's hands the step found.

The rules: standard (knock limit 10, gin 25, undercut 10, no end-of-game bonuses) to 250, so a match
sometimes ends within a run and what comes after the end is exercised too.
"""

import copy
import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from gin_ref.cli import main
from gin_ref.cli.session import Session
from hands import BASE, DEFENDER, KNOCKER

PLAYERS = ("Ann", "Ben")
TARGET = 250
LIMIT = 10
GIN_BONUS, UNDERCUT_BONUS = 25, 10
UPCARDS = ("9H", "KS", "2C", "TD", "AD")
# A knocker's ten cards with 35 points of deadwood (AS 2S 3S | 4H 4D 4C, then 7C 8C QD KD): over any limit.
ILLEGAL_HAND = "AS 2S 3S 4H 4D 4C 7C 8C QD KD"
assert set(ILLEGAL_HAND.split()) & set(BASE.split()) == set(BASE.split()) - {"9C"}


def other(player):
    return PLAYERS[1 - PLAYERS.index(player)]


def hand_points(facts, ruling):
    """(winner, points) of one hand as the model sees it: a ruling first, then the knock's arithmetic."""
    if ruling is not None:
        return (ruling[1], ruling[2]) if ruling[0] == "award" else (None, 0)
    if facts is None or facts[0] == "dead":
        return None, 0
    _form, knocker, mine, theirs = facts
    if mine == 0:
        return knocker, theirs + GIN_BONUS
    if theirs <= mine:
        return other(knocker), mine - theirs + UNDERCUT_BONUS
    return knocker, theirs - mine


class Model:
    """The match as the test built it: hands of [facts, ruling, upcard] (facts None while a hand is open;
    ``("counts"|"cards", knocker, knocker's deadwood, defender's deadwood)`` or ``("dead",)``)."""

    def __init__(self):
        self.hands = []

    def settle(self):
        """(totals, per-hand (winner, points) of the counted hands, finished)."""
        totals = dict.fromkeys(PLAYERS, 0)
        scored = []
        for facts, ruling, _upcard in self.hands:
            winner, points = hand_points(facts, ruling)
            if winner is not None:
                totals[winner] += points
            scored.append((winner, points))
            if max(totals.values()) >= TARGET:
                return totals, scored, True
        return totals, scored, False

    @property
    def finished(self):
        return self.settle()[2]

    @property
    def open_hand(self):
        """The number of the open hand (dealt, no result, not ruled a misdeal), or None."""
        if self.hands and self.hands[-1][0] is None and self.hands[-1][1] is None:
            return len(self.hands)
        return None


def form_of(args):
    """A knock's facts form: cards on either side, else counts."""
    return "cards" if any(" " in arg for arg in args) else "counts"


class MatchMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.model = Model()
        self.done = []  # model states before each step still in the record (undo's stack)
        self.undone = []  # model states undo took back, newest last (redo's stack)
        self.runner = CliRunner()

    @initialize()
    def new_match(self):
        import os
        import tempfile

        self.folder = tempfile.mkdtemp(prefix="gin-ref-stateful-")
        self.path = os.path.join(self.folder, "m.yaml")
        with open(os.path.join(self.folder, "r.yaml"), "w", encoding="utf-8") as out:
            out.write(f"extends: standard\ntarget: {TARGET}\n")
        self.invoke(0, "new", "--match", self.path, "--rules", os.path.join(self.folder, "r.yaml"), "--dealer",
                    "Ann", "--date", "2024-03-02", *PLAYERS)
        self.prefix = self.hands_text()

    def teardown(self):
        import shutil

        shutil.rmtree(getattr(self, "folder", "/nonexistent-gin-ref"), ignore_errors=True)

    # -- running and recording -------------------------------------------------------------------------
    def invoke(self, want, *args):
        result = self.runner.invoke(main, [str(arg) for arg in args])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert result.exit_code == want, (args, result.exit_code, result.stdout, result.stderr)
        if want:
            assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
        return result

    def hands_text(self):
        """The record's text before its corrections: the header and every hand with its seal."""
        with open(self.path, encoding="utf-8") as stream:
            text = stream.read()
        return text[:text.index("\ncorrections:")]

    def step(self, *states):
        """A write of len(states) steps: each state is the model before one of them; the file's text before
        the first is known (self.prefix), the ones between are not."""
        self.done.extend((state, self.prefix if i == 0 else None) for i, state in enumerate(states))
        self.undone.clear()

    def snapshot(self):
        return copy.deepcopy(self.model.hands)

    def expect_deal(self, upcard):
        """The deal a command makes before settling when no hand is open; returns whether it dealt."""
        if self.model.open_hand is not None:
            return False
        self.model.hands.append([None, None, upcard])
        return True

    def after(self):
        self.prefix = self.hands_text()

    # -- the rules of the machine ----------------------------------------------------------------------
    @rule(upcard=st.sampled_from((None,) + UPCARDS))
    def deal(self, upcard):
        before = self.snapshot()
        args = ["deal", "-m", self.path] + (["--upcard", upcard] if upcard else [])
        if self.model.finished or self.model.open_hand is not None:
            self.invoke(1, *args)
            return
        self.invoke(0, *args)
        self.model.hands.append([None, None, upcard])
        self.step(before)
        self.after()

    def knock(self, args, facts, upcard, illegal=False, by_cards=False, table_line=None):
        """A knock, by the CLI or a table line: refused (over) / dealt and refused / recorded / settled."""
        model = self.model
        before = self.snapshot()
        open_upcard = model.hands[-1][2] if model.open_hand is not None else None
        run = self.table if table_line is not None else self.invoke
        target = (table_line,) if table_line is not None else args
        if model.finished:
            run(1, *target)
            return
        if model.open_hand is not None and upcard is not None and upcard != open_upcard:
            run(1, *target)  # an upcard given must be the open hand's
            return
        dealt = self.expect_deal(upcard)
        mine = facts[2]
        if mine > LIMIT:
            if by_cards or illegal:  # refused and kept: an irregularity, the hand stays open
                run(1, *target)
                self.step(*([before, self.snapshot()] if dealt else [before]))
            else:  # a count over the limit: a slip, not recorded (a deal the command made stays)
                run(1, *target)
                if dealt:
                    self.step(before)
            self.after()
            return
        run(0, *target)
        middle = self.snapshot()
        model.hands[-1][0] = facts
        self.step(*([before, middle] if dealt else [before]))
        self.after()

    @rule(player=st.sampled_from(PLAYERS), mine=st.one_of(st.integers(0, LIMIT), st.integers(LIMIT + 1, 30)),
          theirs=st.integers(0, 60), upcard=st.sampled_from((None,) + UPCARDS), illegal=st.booleans(),
          positional=st.booleans())
    def knock_by_counts(self, player, mine, theirs, upcard, illegal, positional):
        illegal = illegal and mine > LIMIT
        args = (["knock", "-m", self.path] + (["-u", upcard] if upcard else []) + [player, mine]
                + ([theirs] if positional else ["--defender", theirs]) + (["--illegal"] if illegal else []))
        self.knock(args, ("counts", player, mine, theirs), upcard, illegal=illegal)

    @rule(player=st.sampled_from(PLAYERS), pair=st.sampled_from(sorted(DEFENDER) + [(35, None)]),
          form=st.sampled_from(["both", "knocker", "defender"]), theirs=st.integers(0, 60))
    def knock_by_cards(self, player, pair, form, theirs):
        mine, dd = pair
        if mine == 35:  # an illegal hand: its cards, a count for the defender
            self.knock(["knock", "-m", self.path, player, ILLEGAL_HAND, "--defender", theirs],
                       ("cards", player, 35, theirs), None, by_cards=True)
            return
        if form == "defender" and mine != 0:
            form = "both"  # a knocker's non-zero count needs his melds for the defender's cards
        mine_arg = str(mine) if form == "defender" else KNOCKER[mine]
        theirs_arg = str(theirs) if form == "knocker" else DEFENDER[pair]
        theirs = theirs if form == "knocker" else dd
        self.knock(["knock", "-m", self.path, player, mine_arg, "--defender", theirs_arg],
                   ("cards", player, mine, theirs), None, by_cards=True)

    @rule(player=st.sampled_from(PLAYERS), mine=st.one_of(st.integers(0, LIMIT), st.integers(LIMIT + 1, 20)),
          theirs=st.integers(0, 60), upcard=st.sampled_from((None,) + UPCARDS), spelling=st.integers(0, 3),
          illegal=st.booleans())
    def table_line(self, player, mine, theirs, upcard, spelling, illegal):
        """``play``'s one-line entry: ``[UPCARD] PLAYER COUNT DEFENDER-COUNT [!]``, the player by a prefix
        in any case, gin spelled ``gin``."""
        name = [player, player[:1].lower(), player[:2].upper(), player.lower()][spelling]
        mine_word = "gin" if mine == 0 and spelling % 2 else str(mine)
        illegal = illegal and mine > LIMIT
        line = " ".join(([upcard.lower()] if upcard else []) + [name, mine_word, str(theirs)]) + (" !" if illegal else "")
        self.knock(None, ("counts", player, mine, theirs), upcard, illegal=illegal, table_line=line)

    def table(self, want, line):
        code = Session(self.path, main).entry(line)
        assert code == want, (line, code)

    @rule(upcard=st.sampled_from((None,) + UPCARDS), table_line=st.booleans())
    def dead(self, upcard, table_line):
        model = self.model
        before = self.snapshot()
        if table_line and upcard:
            run, target = self.table, (f"{upcard.lower()} dead",)
        else:
            run, target = self.invoke, ["dead", "-m", self.path] + (["-u", upcard] if upcard else [])
        open_upcard = model.hands[-1][2] if model.open_hand is not None else None
        if model.finished or (model.open_hand is not None and upcard is not None and upcard != open_upcard):
            run(1, *target)
            return
        dealt = self.expect_deal(upcard)
        middle = self.snapshot()
        run(0, *target)
        model.hands[-1][0] = ("dead",)
        self.step(*([before, middle] if dealt else [before]))
        self.after()

    @precondition(lambda self: any(facts is not None for facts, _r, _u in self.model.hands))
    @rule(data=st.data(), player=st.sampled_from(PLAYERS), mine=st.integers(0, LIMIT + 3),
          theirs=st.integers(0, 60), to_dead=st.booleans())
    def amend(self, data, player, mine, theirs, to_dead):
        closed = [i for i, (facts, _r, _u) in enumerate(self.model.hands) if facts is not None]
        index = data.draw(st.sampled_from(closed))
        facts = ("dead",) if to_dead else ("counts", player, mine, theirs)
        args = ["amend", "-m", self.path, index + 1] + (["--dead"] if to_dead else [player, mine, "-d", theirs])
        if facts == self.model.hands[index][0] or (not to_dead and mine > LIMIT):
            self.invoke(1, *args)  # what the hand already says, or an illegal knock: refused
            return
        before = self.snapshot()
        self.invoke(0, *args)
        self.model.hands[index][0] = facts
        self.step(before)
        self.after()

    # Not right after an undo: a ruling is not a correction, and within one second the record cannot tell a
    # ruling made after the undo (redo refused) from one made before it (tests/test_rulings_inproc.py).
    @precondition(lambda self: self.model.hands and not self.undone)
    @rule(data=st.data(), kind=st.sampled_from(["award", "void", "redeal"]), player=st.sampled_from(PLAYERS),
          points=st.integers(0, 120), last=st.booleans())
    def ruling(self, data, kind, player, points, last):
        model = self.model
        index = len(model.hands) - 1 if last else data.draw(st.integers(0, len(model.hands) - 1))
        args = (["ruling", "-m", self.path] + ([] if last else ["--hand", index + 1])
                + (["--award", player, points] if kind == "award" else [f"--{kind}"]) + ["--reason", "a ruling"])
        facts, ruling, _upcard = model.hands[index]
        if ruling is not None or (facts is None and kind != "redeal"):
            self.invoke(1, *args)  # a second ruling, or an open hand ruled anything but a misdeal
            return
        before = self.snapshot()
        self.invoke(0, *args)
        model.hands[index][1] = (kind, player, points) if kind == "award" else (kind,)
        self.step(before)
        self.after()

    @rule()
    def undo(self):
        if not self.done:
            self.invoke(1, "undo", "-m", self.path)
            return
        self.invoke(0, "undo", "-m", self.path)
        self.undone.append((self.snapshot(), self.prefix))
        hands, prefix = self.done.pop()
        self.model.hands = hands
        self.after()
        if prefix is not None:
            assert self.prefix == prefix  # the record's hands, byte for byte, as before the step

    @rule()
    def redo(self):
        if not self.undone:
            self.invoke(1, "redo", "-m", self.path)
            return
        self.invoke(0, "redo", "-m", self.path)
        self.done.append((self.snapshot(), self.prefix))
        hands, prefix = self.undone.pop()
        self.model.hands = hands
        self.after()
        assert self.prefix == prefix

    @precondition(lambda self: self.done)
    @rule()
    def undo_then_redo(self):
        """An undo and its redo leave the record's hands as they were, byte for byte; only the corrections
        grow, by the two steps."""
        with open(self.path, encoding="utf-8") as stream:
            corrections = stream.read().count("\n- kind: undo\n")
        before = self.hands_text()
        self.invoke(0, "undo", "-m", self.path)
        self.invoke(0, "redo", "-m", self.path)
        with open(self.path, encoding="utf-8") as stream:
            text = stream.read()
        assert self.hands_text() == before
        assert text.count("\n- kind: undo\n") == corrections + 1 and "\n- kind: redo\n" in text

    # -- after every step ------------------------------------------------------------------------------
    @invariant()
    def the_file_verifies_and_the_tally_is_the_models(self):
        if not hasattr(self, "path"):
            return
        verified = self.invoke(0, "verify", "--strict", "--json", self.path)
        report = json.loads(verified.stdout)["files"][0]
        assert (report["ok"], report["problems"], report["hands"], verified.stderr) == (True, [], len(self.model.hands), "")
        assert "seals" not in report  # every seal holds
        tally = json.loads(self.invoke(0, "tally", "--json", "-m", self.path).stdout)
        totals, scored, finished = self.model.settle()
        assert tally["totals"] == totals
        assert tally["finished"] is finished
        assert len(tally["hands"]) == len(self.model.hands)
        for row, (winner, points), (facts, ruling, upcard) in zip(tally["hands"], scored, self.model.hands):
            assert row["upcard"] == upcard
            assert row["winner"] == winner
            if facts is not None or ruling is not None:
                assert (row["points"] or 0) == points, (row, winner, points)
        if not finished:
            assert tally["open_hand"] == self.model.open_hand


MatchMachine.TestCase.settings = settings(max_examples=10, stateful_step_count=15, deadline=None,
                                          suppress_health_check=[HealthCheck.too_slow])
test_a_match_in_random_orders = MatchMachine.TestCase


class DeeperMatchMachine(MatchMachine):
    pass


DeeperMatchMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None,
                                                suppress_health_check=[HealthCheck.too_slow])
test_a_match_in_random_orders_deeper = pytest.mark.slow(DeeperMatchMachine.TestCase)

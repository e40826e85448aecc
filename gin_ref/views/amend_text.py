"""What ``amend`` prints for people: the amended hand's new spreads and score, each hand whose result,
points or totals changed (old, then new), the totals before and after, and whether the end moved.
"""

from typing import List, Optional, Sequence, Tuple

from gin_ref.match.knocks import Settlement
from gin_ref.match.model import Match
from gin_ref.match.tally import HandTally, Tally, knock_tally, tally_of
from gin_ref.views.hand_text import count_lines, score_line
from gin_ref.views.standing import RULED, named_scores, standing_lines
from gin_ref.views.text import spread_lines
from gin_ref.views.words import after_end_words, note_words, result_words, ruling_words


def _amend_head(match: Match, number: int, settled: Optional[Settlement], width: Optional[int]) -> List[str]:
    """The amended hand's new spreads and score (a knock)."""
    if settled is None:
        return []
    knock = knock_tally(match, number)
    knocker, defender = knock.knocker, knock.defender
    spreads = (spread_lines(settled.showdown, knocker, defender, width) if settled.showdown is not None
               else count_lines(settled, knock, match.rules.gin_layoffs))
    return spreads + [score_line(settled.score, knocker, defender)]


def _facts(hand: HandTally) -> Tuple[object, ...]:
    return hand.result, hand.winner, hand.points, dict(hand.totals), hand.after_end


def amend_text(match: Match, number: int, before: Tally, settled: Optional[Settlement] = None,
               width: Optional[int] = None) -> str:
    """What an amend changed: the hand's new spreads and score (a knock), each hand whose result, points or
    totals changed (old, then new), the totals before and after, the hands that stand as played, and
    whether the end moved."""
    after = tally_of(match)
    lines = []
    head = _amend_head(match, number, settled, width)
    for old, new in zip(before.hands, after.hands):
        if new.result is None or _facts(old) == _facts(new):
            continue
        was, now = _hand_words(old, match.players), _hand_words(new, match.players)
        lines.append(f"hand {new.number}: {was}\n{' ' * len(str(new.number))}     now {now}")
    lines[:0] = [f"amended hand {number}:" if lines else f"amended hand {number}: no score changed"] + head
    ruling = after.hands[number - 1].ruling
    if ruling is not None:  # the director's ruling overrides the hand as played: it still decides the score
        lines.insert(1 + len(head), f"the ruling on hand {number} still stands: {ruling_words(ruling)}; the amend "
                     "changed the record of play only")
    lines.append(f"totals before: {named_scores(dict(before.totals), match.players)}")
    lines.append(f"totals now:    {named_scores(dict(after.totals), match.players)}")
    lines.extend(f"note: {note_words(note)}" for note in match.state.notes if note.hand > number)
    state = match.state
    if before.finished and not state.finished:
        lines.append("the match is open again: the amended results reach no end, so play goes on")
    elif state.finished and (not before.finished or state.after_end):
        words = after_end_words(state)
        lines.append(f"the match now ends with hand {state.ended_in}" + (f"; {words}" if words else ""))
    lines.extend(standing_lines(match))
    return "\n".join(lines)


def _hand_words(hand: HandTally, players: Sequence[str]) -> str:
    counted = " (after the end: not counted)" if hand.after_end else ""
    ruled = f" (ruled {RULED[hand.ruling.kind]})" if hand.ruling is not None and hand.ruling.kind in RULED else ""
    return f"{result_words(hand)}{ruled}; totals {named_scores(dict(hand.totals), players)}{counted}"

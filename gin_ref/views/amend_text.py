"""What ``amend`` prints for people: the amended hand's new spreads and score, each hand whose result,
points or totals changed (old, then new), the totals before and after, and whether the end moved.
"""

from typing import List, Optional, Sequence, Tuple

from gin_ref.desk.language import gettext
from gin_ref.match.knocks import Settlement
from gin_ref.match.model import Match
from gin_ref.match.tally import HandTally, Tally, knock_tally, tally_of
from gin_ref.views.hand_text import count_lines, score_line
from gin_ref.views.standing import RULED, named_scores, ruled_words, standing_lines
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
        was_line = gettext("hand %(hand)d: %(was)s") % {"hand": new.number, "was": was}
        now_line = gettext("now %(now)s") % {"now": now}
        lines.append(f"{was_line}\n{' ' * len(str(new.number))}     {now_line}")
    said = {"hand": number}
    lines[:0] = [gettext("amended hand %(hand)d:") % said if lines else
                 gettext("amended hand %(hand)d: no score changed") % said] + head
    ruling = after.hands[number - 1].ruling
    if ruling is not None:  # the director's ruling overrides the hand as played: it still decides the score
        lines.insert(1 + len(head), gettext("the ruling on hand %(hand)d still stands: %(ruling)s; the amend changed "
                                            "the record of play only") % dict(said, ruling=ruling_words(ruling)))
    lines.append(gettext("totals before: %(totals)s") % {"totals": named_scores(dict(before.totals), match.players)})
    lines.append(gettext("totals now:    %(totals)s") % {"totals": named_scores(dict(after.totals), match.players)})
    lines.extend(gettext("note: %(note)s") % {"note": note_words(note)} for note in match.state.notes
                 if note.hand > number)
    state = match.state
    if before.finished and not state.finished:
        lines.append(gettext("the match is open again: the amended results reach no end, so play goes on"))
    elif state.finished and (not before.finished or state.after_end):
        words = after_end_words(state)
        ends = {"hand": state.ended_in, "after": words}
        lines.append(gettext("the match now ends with hand %(hand)s; %(after)s") % ends if words else
                     gettext("the match now ends with hand %(hand)s") % ends)
    lines.extend(standing_lines(match))
    return "\n".join(lines)


def _hand_words(hand: HandTally, players: Sequence[str]) -> str:
    said = {"result": result_words(hand), "totals": named_scores(dict(hand.totals), players)}
    if hand.ruling is not None and hand.ruling.kind in RULED:
        said["result"] = gettext("%(result)s (ruled %(ruled)s)") % dict(said, ruled=ruled_words(hand.ruling.kind))
    if hand.after_end:
        return gettext("%(result)s; totals %(totals)s (after the end: not counted)") % said
    return gettext("%(result)s; totals %(totals)s") % said

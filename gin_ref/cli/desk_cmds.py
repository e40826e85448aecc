"""The director's desk: ``ruling`` (``tally --what-if`` and ``rules diff`` live with tally and rules).

A thin wrapper: it reads the match file, makes one call on the ``Match`` (``Match.rule``) and prints what
the ruling did (``gin_ref.views.words`` and ``gin_ref.views.standing``).
"""

from __future__ import annotations

import click

from gin_ref.cli.errors import one_line, shown_name
from gin_ref.cli.options import WholeNumber, match_option
from gin_ref.core.digits import has_digits_for, is_ascii_whole, verify_ascii_digits
from gin_ref.core.errors import InvalidNotationError
from gin_ref.core.escape import excerpt
from gin_ref.files import matchfile
from gin_ref.match.rulings import MAX_POINTS
from gin_ref.match.stepdata import Ruled
from gin_ref.views import standing
from gin_ref.views import words
from gin_ref.cli.output import say


@click.command("ruling")
@match_option
@click.option("--hand", "hand", type=WholeNumber(), metavar="N", help="The hand ruled on. Default: the last hand.")
@click.option("--award", nargs=2, metavar="PLAYER POINTS",
              help="PLAYER wins the hand with POINTS (and counts as its winner for who deals next).")
@click.option("--void", is_flag=True, help="The hand scores nothing; the same dealer deals next.")
@click.option("--redeal", is_flag=True, help="A misdeal: no score, the same dealer deals again (an open hand too).")
@click.option("--forfeit", metavar="PLAYER", help="PLAYER leaves: the match ends now, scores as they stand, "
                                                  "no end-of-game bonuses.")
@click.option("--reason", required=True, metavar="TEXT", help="Why: kept with the ruling.")
@click.option("--by", "by", metavar="NAME", help="Who ruled (the director).")
def ruling_cmd(match_path, hand, award, void, redeal, forfeit, reason, by):
    """Record a director's ruling on a hand: an award, a void, a misdeal (redeal) or a forfeit.

    The hand's result stays what the engine found from its cards; the ruling sits beside it, with who
    ruled, when and why, and the hand's winner and points, the totals, the end and the bonuses follow the
    ruling. Every later hand is settled again; a ruling that would change who dealt a later hand is
    refused. `undo` takes a ruling back like any step. Exactly one of --award, --void, --redeal, --forfeit.

    \b
    Example:  gin-ref ruling --hand 3 --award Ann 25 --reason "misdeal" --by Dana
              gin-ref ruling --redeal --reason "the deck had two 7D"
              gin-ref ruling --forfeit Ben --reason "left the club"
    """
    chosen = [name for name, given in (("award", award), ("void", void), ("redeal", redeal),
                                       ("forfeit", forfeit)) if given]
    if len(chosen) != 1:
        raise InvalidNotationError("give exactly one of --award PLAYER POINTS, --void, --redeal, --forfeit PLAYER"
                                   + (f" (not {', '.join('--' + c for c in chosen)})" if chosen else ""))
    kind = chosen[0]
    player, points = None, None
    if kind == "award":
        player, text = award
        verify_ascii_digits(text, f"--award {player} {excerpt(text)}")
        if not is_ascii_whole(text.strip()):
            raise InvalidNotationError(f"--award {player} {excerpt(text)}: the points are a whole number")
        if not has_digits_for(text.strip(), MAX_POINTS):
            raise InvalidNotationError(f"--award {player} {excerpt(text)}: points are a whole number from 0 to "
                                       f"{MAX_POINTS}")
        points = int(text)
    elif kind == "forfeit":
        player = forfeit
    path = matchfile.match_file(match_path)
    from gin_ref.files import store  # here: tally and verify load this module (seal_report), never a lock

    with store.change(path) as rec:
        step = rec.match.rule(kind, reason, matchfile.now(), hand=hand, player=player, points=points, by=by)
    ruled = step.data
    assert isinstance(ruled, Ruled)  # a ruling's step
    say(one_line(f"{shown_name(path)}: hand {step.hand}: {words.ruling_words(ruled.ruling)}"))
    say("\n".join(standing.standing_lines(rec.match)))


def seal_report(match):
    """``(sealed, broken)`` of a match read by ``verify``: whether its file carries seals (format /2) and
    every seal that fails, each {``line``, ``hand`` (None: the end of record), ``kind``, ``message``}."""
    from gin_ref.files import recordformat
    from gin_ref.files import yamlread
    from gin_ref.match import seals

    if match is None:
        return False, []
    data = match.record
    version, end = recordformat.end_of(data)
    if version != 2:
        return False, []
    last = yamlread.line_of(data, ())
    broken = []
    for item in seals.check_seals(data, end):
        line = yamlread.line_of(data, item.where[:2]) if item.where else _end_line(data, last)
        broken.append({"line": line, "hand": item.hand, "kind": item.kind, "message": words.seal_words(item)})
    return True, broken


def _end_line(data, fallback):
    lines = getattr(data, "lines", {})
    return lines.get("end") or max(lines.values(), default=fallback)

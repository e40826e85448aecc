"""The director's desk: ``ruling`` (``tally --what-if`` and ``rules diff`` live with tally and rules).

A thin front: one call on the desk (``gin_ref.desk.corrections.rule``), then what the ruling did is printed
(``gin_ref.views.words`` and ``gin_ref.views.standing``).
"""

from __future__ import annotations

from typing import Optional, Tuple


from gin_ref.cli.errors import excerpt, one_line, shown_name
from gin_ref.cli.helptext import N_, command, option
from gin_ref.cli.options import WholeNumber, match_file, match_option, upcard_option
from gin_ref.cli.output import emit_json, say
from gin_ref.cli.writejson import json_flag
from gin_ref.desk.errors import Kind, refuse
from gin_ref.desk.language import gettext
from gin_ref.desk import corrections
from gin_ref.core.cards import Card
from gin_ref.views import hand_text, standing, words, written


@command("ruling")
@match_option
@option("--hand", "hand", type=WholeNumber(), metavar="N", help=N_("The hand ruled on. Default: the last hand."))
@option("--award", nargs=2, metavar="PLAYER POINTS",
        help=N_("PLAYER wins the hand with POINTS (and counts as its winner for who deals next)."))
@option("--void", is_flag=True, help=N_("The hand scores nothing; the same dealer deals next."))
@option("--redeal", is_flag=True, help=N_("A misdeal: no score, the same dealer deals again (an open hand too)."))
@option("--forfeit", metavar="PLAYER", help=N_("PLAYER leaves: the match ends now, scores as they stand, "
                                                  "no end-of-game bonuses."))
@option("--reason", required=True, metavar="TEXT", help=N_("Why: kept with the ruling."))
@option("--by", "by", metavar="NAME", help=N_("Who ruled (the director)."))
@upcard_option(N_("A hand entered at a table and rejected or disputed, never dealt in the file: deal it with this "
               "upcard and rule on it, in one write."))
@json_flag
def ruling_cmd(match_path: Optional[str], hand: Optional[int], award: Optional[Tuple[str, str]], void: bool, redeal: bool,
               forfeit: Optional[str], reason: str, by: Optional[str], upcard: Optional[Card], as_json: bool) -> None:
    """Record a director's ruling on a hand: an award, a void, a misdeal (redeal) or a forfeit.

    The hand's result stays what the engine found from its cards; the ruling sits beside it, with who
    ruled, when and why, and the hand's winner and points, the totals, the end and the bonuses follow the
    ruling. Every later hand is settled again; a ruling that would change who dealt a later hand is
    refused. `undo` takes a ruling back like any step. Exactly one of --award, --void, --redeal, --forfeit.

    With --upcard CARD, a hand a table entered and rejected (or disputes), never dealt in the file,
    is dealt with CARD and ruled at once: an award or a void ends it with no score of its own (a
    dead hand) and the ruling gives its score.

    \b
    Example:  gin-ref ruling --hand 3 --award Ann 25 --reason "misdeal" --by Dana
              gin-ref ruling --redeal --reason "the deck had two 7D"
              gin-ref ruling --forfeit Ben --reason "left the club"
              gin-ref ruling --award Ben 25 --reason "counts disputed" --upcard 9H
    """
    chosen = [name for name, given in (("award", award), ("void", void), ("redeal", redeal),
                                       ("forfeit", forfeit)) if given]
    if len(chosen) != 1:
        if not chosen:
            raise refuse(Kind.NOTATION, N_("give exactly one of --award PLAYER POINTS, --void, --redeal, --forfeit "
                                           "PLAYER"))
        raise refuse(Kind.NOTATION, N_("give exactly one of --award PLAYER POINTS, --void, --redeal, --forfeit "
                                       "PLAYER (not %(given)s)"), given=", ".join("--" + c for c in chosen))
    kind = chosen[0]
    player, points = None, None
    if kind == "award" and award is not None:
        player, text = award
        points = corrections.award_points(text, f"--award {player} {excerpt(text)}")
    elif kind == "forfeit":
        player = forfeit
    path = match_file(match_path)
    ruled = corrections.rule(path, kind, reason, hand=hand, player=player, points=points, by=by, upcard=upcard)
    if as_json:
        emit_json(written.ruled_data(ruled))
        return
    if ruled.dealt is not None and ruled.dealt.deal is not None:
        say(f"{shown_name(path)}: " + hand_text.deal_text(ruled.match, ruled.dealt.deal))
    say(one_line(gettext("%(path)s: hand %(hand)s: %(ruling)s") % {
        "path": shown_name(path), "hand": ruled.hand, "ruling": words.ruling_words(ruled.ruling)}))
    say("\n".join(standing.standing_lines(ruled.match)))

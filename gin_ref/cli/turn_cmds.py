"""Recording a hand turn by turn: ``take``, ``pass``, ``draw``, ``discard`` (docs/rules.md §3).

Each command is a thin front over the desk's ``turn`` (``gin_ref.desk.acts``): it records one turn of the
open hand and prints what happened, whose turn it is next, the top of the discard pile and the stock count.
A turn the rules refuse changes nothing in the file; a turn by a player whose turn it is not is refused
*and* kept in the record as an irregularity. A discard that leaves the last cards in the stock
(``dead_hand_stock``) ends the hand dead by itself.
"""

from __future__ import annotations

from typing import Optional


from gin_ref.cli.helptext import argument, command

from gin_ref.cli.options import CARD, match_file, match_option, player_argument
from gin_ref.cli.output import emit_json, say
from gin_ref.cli.writejson import json_flag, kept_as_json
from gin_ref.core.cards import Card
from gin_ref.desk import acts
from gin_ref.views import hand_text, written


def _play(match_path: Optional[str], action: str, player: str, card: Optional[Card] = None,
          as_json: bool = False) -> None:
    with kept_as_json(as_json, written.turned_data):
        turned = acts.turn(match_file(match_path), action, player, card)
    if as_json:
        emit_json(written.turned_data(turned))
        return
    say(hand_text.turn_text(turned.match, turned.outcome))


@command("take")
@match_option
@player_argument()
@json_flag
def take_cmd(match_path: Optional[str], player: str, as_json: bool) -> None:
    """PLAYER takes the top card of the discard pile: the upcard on the first turn, or his draw.

    On the first turn the non-dealer (the captain, in the box) has the first option on the upcard, then
    the dealer. A card taken from the pile may not be discarded in the same turn (discard_taken_card).

    \b
    Example:  gin-ref take Ben
    """
    _play(match_path, "take", player, None, as_json)


@command("pass")
@match_option
@player_argument()
@json_flag
def pass_cmd(match_path: Optional[str], player: str, as_json: bool) -> None:
    """PLAYER declines the upcard (first turn only): the non-dealer first, then the dealer.

    If both pass, the non-dealer starts by drawing from the stock.

    \b
    Example:  gin-ref pass Ben
    """
    _play(match_path, "pass", player, None, as_json)


@command("draw")
@match_option
@player_argument()
@argument("card", required=False, type=CARD)
@json_flag
def draw_cmd(match_path: Optional[str], player: str, card: Optional[Card], as_json: bool) -> None:
    """PLAYER draws the top card of the stock; CARD may be named, or left unseen.

    A card named is kept in mind: it must be in PLAYER's hand at the knock unless he discards it.

    \b
    Example:  gin-ref draw Ann
              gin-ref draw Ann 5S
    """
    _play(match_path, "draw", player, card, as_json)


@command("discard")
@match_option
@player_argument()
@argument("card", type=CARD)
@json_flag
def discard_cmd(match_path: Optional[str], player: str, card: Card, as_json: bool) -> None:
    """PLAYER discards CARD face up, ending his turn (to knock instead: gin-ref knock).

    The discard that leaves dead_hand_stock cards in the stock (2 by default) ends the hand dead, with no
    score; the player who drew the card that left them may still knock instead of discarding.

    \b
    Example:  gin-ref discard Ann QH
    """
    _play(match_path, "discard", player, card, as_json)

"""A tally read back from its ``tally --json`` object (``gin_ref.views.tally_text.tally_data``), for the
tests: what a script holds of a tally. (The package writes that object and never reads it: match/ holds no mapping of record data.)"""

from gin_ref.core.game import Roles
from gin_ref.files.itemread import read_ruling, written_item
from gin_ref.match.irregularities import kept_of
from gin_ref.match.schema import ROLES
from gin_ref.match.tally import GameTally, HandTally, Note, ResultOnly, Tally, Turn


def game_of(data):
    return GameTally(data["number"], data["totals"], data["finished"], data.get("winner"), data.get("bonuses"),
                     data.get("final"))


def hand_of(data):
    """A hand from its ``tally --json`` object (``data()``; which leaves out the turns: none)."""
    games = data.get("games")
    ruling = data.get("ruling")
    return HandTally(data["number"], data["dealer"], data.get("upcard"), data["limit"], data.get("result"),
                     data.get("knocker"), data.get("winner"), data.get("points"), data["totals"],
                     roles=Roles(*(data[role] for role in ROLES)) if ROLES[0] in data else None,
                     games=None if games is None else tuple(games),
                     knocker_deadwood=data.get("knocker_deadwood"), defender_deadwood=data.get("defender_deadwood"),
                     after_end=bool(data.get("after_end")),
                     irregularities=tuple(kept_of(written_item(item)).item for item in data.get("irregularities") or ()),
                     ruling=None if ruling is None else read_ruling(ruling))


def tally_of_json(data):
    """A tally from its ``tally --json`` object."""
    paper, games, turn = data.get("result_only"), data.get("games"), data.get("turn")
    return Tally(
        tuple(data["players"]), data.get("rules", ""), tuple(hand_of(hand) for hand in data.get("hands") or ()),
        data.get("totals") or {}, data.get("next_dealer"), bool(data.get("finished")), data.get("winner"),
        data.get("final"), data.get("bonuses"), data.get("target"), data.get("open_hand"),
        result_only=None if paper is None else ResultOnly(paper["scores"], paper.get("hands_won")),
        games=None if games is None else tuple(game_of(g) for g in games), three="roles" in data,
        roles=data.get("roles"), turn=None if turn is None else Turn(turn["player"], turn["phase"]),
        discard_top=data.get("discard_top"), stock_count=data.get("stock_count"),
        irregularities=tuple(kept_of(written_item(item)).item for item in data.get("irregularities") or ()),
        notes=tuple(Note(**note) for note in data.get("notes") or ()))

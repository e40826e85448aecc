"""gin-ref as a library: the engine's check and score, and the desk's functions (docs/library.md).

``import gin_ref`` loads nothing (``--version`` pays for no more); ``from gin_ref import api`` loads the desk.
(Not PEP 562's ``gin_ref.NAME``: that would make the package import its own library face, and the face
imports modules that read ``gin_ref.__version__``: a cycle.)
"""

from __future__ import annotations

from gin_ref.core.cards import Card, parse_cards
from gin_ref.core.errors import GinRefError
from gin_ref.core.knock import check_knock as check
from gin_ref.core.melds import parse_melds
from gin_ref.core.scoring import settle as score
from gin_ref.desk.acts import (can_deal, can_dead, can_discard, can_draw, can_knock, can_pass, can_start_match,
                               can_take, can_turn, deal, dead, discard, draw, knock, pass_, start_match, take, turn)
from gin_ref.desk.club import event_standings, new_event, pair_round
from gin_ref.desk.corrections import (amend, amend_result, can_amend, can_amend_result, can_record_result,
                                      can_redo, can_rule, can_undo, record_result, redo, rule, undo)
from gin_ref.desk.errors import DeskError, Kind, Refusal
from gin_ref.desk.exports import FORMATS, export
from gin_ref.desk.reading import read_matches
from gin_ref.desk.reports import history, settle, standings, stats
from gin_ref.desk.tally import tally
from gin_ref.desk.whatif import what_if
from gin_ref.desk.seals import seal_report
from gin_ref.desk.verify import verify
from gin_ref.files.rulesfile import load_rules

__all__ = [
    "Card", "parse_cards", "parse_melds", "GinRefError", "check", "score", "load_rules",
    "start_match", "deal", "knock", "dead", "turn", "take", "pass_", "draw", "discard",
    "can_start_match", "can_deal", "can_knock", "can_dead", "can_turn", "can_take", "can_pass", "can_draw",
    "can_discard",
    "amend", "undo", "redo", "rule", "record_result", "amend_result",
    "can_amend", "can_undo", "can_redo", "can_rule", "can_record_result", "can_amend_result",
    "verify", "seal_report", "tally", "what_if", "history", "stats", "standings", "settle", "read_matches",
    "new_event", "pair_round", "event_standings", "FORMATS", "export",
    "DeskError", "Kind", "Refusal",
]

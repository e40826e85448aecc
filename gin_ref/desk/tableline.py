"""The table line and the names typed at the table, as the fronts read them: ``read_line`` reads a line
(``9h b 5 23``) into the command it stands for (``gin_ref.match.tableline``, docs/play.md), ``table_player``
and ``player_readings`` which players a word may name, ``find_player`` the one it names, ``read_count`` a
count typed where cards go, and ``big_gin_refusal`` what a knock by ``--big-gin`` with a count is refused
for. The session (``gin_ref.cli.session``), its status line and the server's table pages share them.
"""

from __future__ import annotations

from typing import Optional

from gin_ref.core.errors import GinRefError
from gin_ref.core.players import find_player as find_player, player_readings as player_readings
from gin_ref.core.rules import HouseRules
from gin_ref.match.knocks import given_facts, read_count as read_count, reads_as_fact as reads_as_fact
from gin_ref.match.tableline import (ILLEGAL as ILLEGAL, Reading as Reading, read_line as read_line,
                                     split_words as split_words, table_player as table_player)


def big_gin_refusal(rules: HouseRules, count: str) -> Optional[str]:
    """Why ``knock --big-gin`` with the knocker's count ``count`` is refused under ``rules`` (no big gin in
    them, a count other than 0), or None: the status line promises nothing the command refuses."""
    try:
        given_facts(rules, count, "0", big_gin=True)
    except GinRefError as exc:
        return str(exc)
    return None

"""What ``knock`` reads from its command line beyond its options: the defender's count given positionally
(``knock Ben 5 23``), the commonest slip with --defender's cards, and whether a count over the limit really
was knocked (the session on a terminal asks; see ``CONFIRM``)."""

from __future__ import annotations

from typing import Callable, Dict, Optional, Sequence, Tuple

import click

from gin_ref.desk.errors import N_
from gin_ref.desk.language import gettext
from gin_ref.desk.tableline import read_count

# The session on a terminal asks whether a count over the limit really was knocked (a y/N question): the
# function that asks, or None (the shell, a pipe: the count is refused, --illegal records it).
CONFIRM: Dict[str, Optional[Callable[[str], bool]]] = {"ask": None}


def defender_count(cards: Tuple[str, ...]) -> Tuple[Tuple[str, ...], str]:
    """``knock PLAYER COUNT DEFENDER-COUNT``: two counts and no --defender are the knocker's and the
    defender's (counts only: the defender's cards go after --defender); anything else misses --defender."""
    if len(cards) == 2 and all(read_count(value, what) is not None
                               for value, what in zip(cards, (N_("the knocker's count"), N_("the defender's count")))):
        return cards[:1], cards[1]
    raise click.UsageError(gettext("Missing option '%(option)s'.") % {"option": "--defender"},
                           ctx=click.get_current_context())


def defender_unquoted(cards: Sequence[str], defender: Optional[str]) -> bool:
    """The commonest slip at the table: --defender's cards typed without quotes, so --defender took one card
    and the knocker's list the other nine."""
    if defender is None or defender.strip().isdigit() or len(defender.split()) != 1:
        return False
    return sum(len(text.replace(",", " ").split()) for text in cards) > 11

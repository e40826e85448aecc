"""``--strict``, shared by every command that shows scores or money (issue 24 item 7): the desk warns of a
record whose seal fails (``gin_ref.desk.seals``), one line each on stderr, and with ``--strict`` refuses
instead (exit 1), naming the first. ``verify`` lists the same seals.
"""

from __future__ import annotations

from typing import Iterable


from gin_ref.cli.errors import warn
from gin_ref.cli.helptext import N_, option

STRICT_HELP = N_("Refuse (exit 1) a record whose seal fails (changed outside gin-ref), instead of warning.")
strict_option = option("--strict", is_flag=True, help=STRICT_HELP)


def say_warnings(lines: Iterable[str]) -> None:
    """The warnings of a report (failed seals, look-alike names), one line each on stderr."""
    for line in lines:
        warn(line)

"""``--json`` on the commands that write (docs/json.md#the-commands-that-write): the option, and what an act
refused yet written prints under it. The objects themselves are built in ``gin_ref.views.written``.

A refusal under ``--json`` is today's: one ``Error: ...`` line on stderr and its exit code. An act refused
*and kept* (an illegal knock, an act out of turn, a deal by the wrong dealer), or a knock refused after the
deal the same command made, has written the record: its object (with ``refused``) is printed on stdout
first, so a script knows what the file now holds.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator

from gin_ref.cli.helptext import N_, option

from gin_ref.cli.output import emit_json
from gin_ref.desk.errors import DeskError, Refusal

if TYPE_CHECKING:
    from click.decorators import FC

WRITE_HELP = N_("Print the step recorded as one JSON object on one line (docs/json.md).")


def json_flag(command: "FC") -> "FC":
    """The ``--json`` option of a command that writes."""
    return option("--json", "as_json", is_flag=True, help=WRITE_HELP)(command)


@contextmanager
def kept_as_json(as_json: bool, build: Callable[[Any, Refusal], Dict[str, Any]]) -> Iterator[None]:
    """Under ``--json``, a refusal that wrote something (``DeskError.done``) prints ``build(done, refusal)``
    before the error goes on to its ``Error:`` line."""
    try:
        yield
    except DeskError as exc:
        if as_json:
            say_kept(exc, build)
        raise


def say_kept(exc: DeskError, build: Callable[[Any, Refusal], Dict[str, Any]]) -> None:
    """Print ``build(done, refusal)`` for a refusal that wrote something (nothing for one that did not)."""
    if exc.done is not None:
        emit_json(build(exc.done, exc.refusal))

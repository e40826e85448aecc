"""Errors become one line, here and only here: ``Error: ...`` on stderr with the error's exit code.

Exit codes: 0 done, 1 refused or invalid, 2 bad command line or unreadable input, 3 internal error (a bug in
gin-ref: ``internal_error``), 130 interrupted (Ctrl-C:
``Error: interrupted``; a file being changed is left as it was), 141 standard output closed early (``gin-ref
history | head``: the command stops quietly, as other tools do on SIGPIPE).

Text a user gave (a file name, a player, a line of a file) is echoed with every character that would break
the line or the terminal escaped: a newline is ``\\n``, U+2028 is ``\\u2028``, a byte that is not UTF-8 is
``\\udcff``, so every error is one line.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import click

from gin_ref.desk.errors import N_
from gin_ref.desk.language import gettext
from gin_ref.views.shown import excerpt as excerpt, one_line as one_line, shown_path as shown_path  # the CLI's names

INTERNAL, INTERRUPTED, BROKEN_PIPE = 3, 130, 141
DEBUG_VAR = "GIN_REF_DEBUG"
INTERNAL_WORDS = N_("internal error in gin-ref (please report it): %(kind)s")


def debugging() -> bool:
    """GIN_REF_DEBUG set (to anything but 0): a bug in gin-ref is raised with its traceback (the tests set it)."""
    return os.environ.get(DEBUG_VAR, "") not in ("", "0")


def internal_error(exc: Exception) -> NoReturn:
    """A bug in gin-ref: an exception that is none of its errors for the user (a ``GinRefError``, a click
    usage error). One line naming its kind, ``Error: internal error in gin-ref (please report it):
    TypeError``, and exit INTERNAL (3): never words that blame the user's input. Under GIN_REF_DEBUG=1 the
    exception goes on instead, with its full traceback. Call it from an ``except`` block."""
    if debugging():
        raise exc
    fail(gettext(INTERNAL_WORDS) % {"kind": type(exc).__name__}, INTERNAL)


def shown_name(name: "str | os.PathLike[str]") -> str:
    """A path as people and files read it: valid text on one line, the bytes of a name that is not UTF-8
    escaped as ``\\xff`` (it reaches Python as lone surrogates, which no UTF-8 file or page can hold) and
    every other character that is not printable as ``one_line`` escapes it (``a\\x1b]0;title\\x07.yaml``
    would set the terminal's title; a newline would split a table's row)."""
    name = os.fspath(name)
    if not isinstance(name, str):
        return name
    return shown_path(name)


def fail(message: str, code: int) -> NoReturn:
    """Print one ``Error: ...`` line on stderr and exit with ``code``."""
    click.echo(f"Error: {one_line(message)}", err=True)
    sys.exit(code)


def warn(message: str) -> None:
    """Print one line on stderr (a file skipped, a problem listed, a note)."""
    click.echo(one_line(message), err=True)


def stop_quietly() -> NoReturn:
    """Standard output was closed (a reader such as ``head`` has what it wanted): exit BROKEN_PIPE without a
    word, and without Python's own complaint when it flushes at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (a test runner)
        pass
    sys.exit(BROKEN_PIPE)


def usage_message(exc: click.UsageError) -> str:
    """A click usage error (a missing option, a bad value, an unknown command) as the one line every error
    is: click's message, lower case and without its full stop as the project's words are, then where the
    command's help is (``gin-ref knock --help``; typed in the session from habit, it works there too)."""
    message = exc.format_message().strip()
    message = message.replace(":\n\t", ": ").replace(",\n\t", ", ")  # click's list of choices, one line
    if message[:2] != message[:2].upper():  # "Missing option" -> "missing option"; "PLAYER ..." stays
        message = message[0].lower() + message[1:]
    message = message.rstrip(".")
    if exc.ctx is not None:
        message = gettext("%(message)s (see '%(command)s --help')") % {"message": message,
                                                                        "command": exc.ctx.command_path}
    return message

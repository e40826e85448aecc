"""Progress of long work: click's progress bar on standard error, shown only where a person watches it,
and taken away when the work is done.

The bar shows when all of these hold: standard error is a terminal, ``TERM`` is not ``dumb``, the command
was not given ``--json``, and the work is still running ``DELAY`` seconds after it began (a quick command
never flashes a bar). Standard output is never touched: what a command prints there is the same bytes with
the bar and without it. Nothing beyond click is loaded for it.

    with progress(len(files), N_("verifying")) as bar:
        for path in files:
            ...
            bar.update(1)

``GIN_REF_PROGRESS_DELAY`` (seconds, default 0.5) moves the delay: the tests set it to 0 to see a bar on
a short run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Optional

import os
import sys
import time
from contextlib import contextmanager

import click

from gin_ref.desk.language import gettext

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

DELAY = 0.5
DELAY_VAR = "GIN_REF_PROGRESS_DELAY"


def wanted(as_json: Optional[bool] = None) -> bool:
    """Would a bar be shown (before its delay)? ``as_json`` None: the running command's own ``--json``."""
    if as_json is None:
        ctx = click.get_current_context(silent=True)
        as_json = bool(ctx is not None and ctx.params.get("as_json"))
    if as_json or os.environ.get("TERM", "") == "dumb":
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # no stderr, or one closed
        return False


def _delay() -> float:
    try:
        return max(0.0, float(os.environ.get(DELAY_VAR, DELAY)))
    except ValueError:
        return DELAY


class Progress:
    """A count of steps done out of ``length``; the bar appears at the first update past the delay."""

    def __init__(self, length: int, label: str, wanted: bool) -> None:
        self.length, self.label, self.wanted = length, gettext(label), wanted  # the label: a message (N_)
        self.shown = wanted and length > 1
        self.done = 0
        self.start = time.monotonic()
        self.delay = _delay()
        self.bar: "Optional[ProgressBar[int]]" = None
        self.erased = False  # the bar's line rubbed out for other lines: drawn again at the next update

    def update(self, steps: int = 1) -> None:
        self.done += steps
        if self.bar is not None:
            self.bar.update(steps)
            if self.erased:  # click draws a line only when it changed: the line it drew last is drawn again
                self.erased = False
                sys.stderr.write("\r" + self.bar.format_progress_line())
                sys.stderr.flush()
        elif self.shown and self.length and time.monotonic() - self.start >= self.delay:
            # drawn again every half percent at most: a 10,000-hand replay is not slowed by its bar
            self.bar = click.progressbar(length=self.length, label=self.label, file=sys.stderr,
                                         update_min_steps=max(1, self.length // 200))
            self.bar.__enter__()
            self.bar.update(self.done)

    def hands(self, done: int, hands: int) -> None:
        """``update`` for a count known only once the work is under way: ``done`` of ``hands`` (a replay's
        ``on_hand``); the bar then counts these instead."""
        if self.length != hands:
            self.length, self.done, self.shown = hands, 0, self.wanted and hands > 1
        self.update(done - self.done)

    def clear(self) -> None:
        """Rub out the bar's line (when one is shown) before other lines are printed on the terminal; the
        bar is drawn again at the next update."""
        if self.bar is not None:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.erased = True

    def close(self) -> None:
        """Take the bar away (when one was shown): its line rubbed out and the cursor, which click hides while
        it draws, shown again; what the command prints next starts where the bar was."""
        if self.bar is not None:
            self.bar = None
            sys.stderr.write("\r\x1b[K\x1b[?25h")
            sys.stderr.flush()


@contextmanager
def progress(length: int, label: str, as_json: Optional[bool] = None) -> Iterator[Progress]:
    """A ``Progress`` of ``length`` steps for the block (see the module); its bar is ended as the block ends,
    an error or Ctrl-C too."""
    counter = Progress(length, label, wanted(as_json))
    try:
        yield counter
    finally:
        counter.close()

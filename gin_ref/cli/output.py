"""Output shared by the commands: JSON for scripts; text for people comes from ``gin_ref.views.text``."""

from __future__ import annotations

import click

from gin_ref.cli.options import output_width
from gin_ref.views.table import grid as grid  # (the commands' names for them)
from gin_ref.views.text import (deadwood_text as deadwood_text, fit_text, melds_text as melds_text,
                                pretty_cards as pretty_cards, spread_lines as spread_lines)


def say(text: str = "", nl: bool = True) -> None:
    """Print text for people: every line fits the output width in display cells ($COLUMNS, else the
    terminal's, else 80; at least 40), a longer one broken between words (tables fit by themselves)."""
    click.echo(fit_text(text, output_width()), nl=nl)


def emit_json(obj: object) -> None:
    """Print one JSON object on one line: keys in a stable order, cards canonical."""
    from gin_ref.cli.jsonlines import encode_line  # here: a command printing for people never loads it

    click.echo(encode_line(obj))

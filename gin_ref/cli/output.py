"""Output shared by the commands: JSON for scripts; text for people comes from ``gin_ref.views.text``."""

import json

import click

from gin_ref.views.text import deadwood_text, melds_text, pretty_cards, spread_lines, table  # noqa: F401


def emit_json(obj):
    """Print one JSON object on one line: keys in a stable order, cards canonical."""
    click.echo(json.dumps(obj, ensure_ascii=False))

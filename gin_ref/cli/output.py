"""Output shared by the commands: JSON for scripts, aligned tables and cards with suit symbols for people."""

import json

import click


def emit_json(obj):
    """Print one JSON object on one line: keys in a stable order, cards canonical."""
    click.echo(json.dumps(obj, ensure_ascii=False))


def table(rows, headers, **kwargs):
    from tabulate import tabulate

    return tabulate(rows, headers=headers, **kwargs)


def pretty_cards(cards):
    """Cards for people: ``10♥ J♥ Q♥``."""
    return " ".join(card.pretty for card in cards)

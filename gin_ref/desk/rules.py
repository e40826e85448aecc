"""The house rules a person asks about: the presets, one rule set knob by knob (and where each knob came
from), a club's rules file checked, two rule sets compared. A rule set is a preset's name or a YAML file
(``gin_ref.files.rulesfile``); ``load_rules`` reads one for the other desk functions and the fronts.
"""

from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Tuple

from gin_ref.desk import language

from gin_ref.core.errors import GinRefError
from gin_ref.core.message import Message
from gin_ref.core.rules import HouseRules
from gin_ref.desk.errors import refused
from gin_ref.files import rulesfile
from gin_ref.views.rules_diff import RulesDiff, rules_diff

__all__ = ["HouseRules", "load_rules", "presets", "Shown", "show", "check", "diff"]


def load_rules(spec: Optional[str] = None) -> HouseRules:
    """The rule set ``spec`` names (None: oklahoma); refused (DeskError, exit 2) when it cannot be used."""
    try:
        return rulesfile.load_rules(spec)
    except GinRefError as exc:
        raise refused(exc) from exc


def presets() -> List[Tuple[str, str]]:
    """``[(name, description)]`` of every preset: the six of docs/rules.md §10 first, then any other."""
    return rulesfile.list_presets()


class Shown(NamedTuple):
    """A rule set knob by knob: the rules, and where each knob came from (a preset, FILE:LINE, "default")."""

    rules: HouseRules
    sources: Dict[str, str]


def show(spec: str) -> Shown:
    try:
        return Shown(*rulesfile.explain_rules(spec))
    except GinRefError as exc:
        raise refused(exc) from exc


def check(path: str) -> List[str]:
    """Every problem of a rules file and of the files it extends, each ``FILE:LINE: message`` in the language
    settled ([]: none)."""
    try:
        found = rulesfile.rules_file_problems(path)
    except GinRefError as exc:
        raise refused(exc) from exc
    return [f"{where}: {_said(message)}" for where, message in found]


def _said(message: object) -> str:
    return message.say(language.gettext, language.ngettext) if isinstance(message, Message) else str(message)


def diff(first: str, second: str) -> RulesDiff:
    """Two rule sets: every knob whose values differ, with both sources (``data()``: ``rules diff --json``)."""
    try:
        return rules_diff(rulesfile.explain_chain(first), rulesfile.explain_chain(second))
    except GinRefError as exc:
        raise refused(exc) from exc

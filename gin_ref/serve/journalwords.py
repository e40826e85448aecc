"""A journal line's words said again in the language spoken: the facts a new journal line keeps (the next
deal, what an undo takes back, a sum, a refusal kept) are said by their module's ``_said``; a line an older
journal kept is its text, as it was; a line of another shape says nothing and breaks nothing."""

from typing import Any, Callable, Dict, Optional

from gin_ref.desk.language import gettext, ngettext

Said = Callable[[Dict[str, Any], Any, Any], Optional[str]]  # (facts, gettext, ngettext) -> words or None


def said_again(facts: Any, said: Said) -> str:
    """``facts`` (a mapping ``said`` reads, or an older journal's text) in the language spoken."""
    if isinstance(facts, str):
        return facts
    if not isinstance(facts, dict):
        return ""
    try:
        return said(facts, gettext, ngettext) or ""
    except (KeyError, TypeError, ValueError):  # a journal line of another shape: nothing said, nothing broken
        return ""

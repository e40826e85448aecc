"""Plain scalars exactly as PyYAML resolves them, and the character classes the reader and writer share.

``implicit_tag`` asks PyYAML's own resolver table, so the fast reader (``gin_ref.files.yamlfast``) and
the writer (``gin_ref.files.yamlwrite``) agree with PyYAML on what ``yes``, ``012`` or ``1_0`` is.
"""

import re
from typing import Any, Dict, List, Optional, Pattern, Tuple

PLAIN = r"\w(?:[\w.+\-/()' ]*[\w.+\-/()'])?"
QUOTED = r"'(?:[^']|'')*'"
PLAIN_SCALAR = re.compile(PLAIN)
# PyYAML reads these characters only inside double quotes (escaped) or not at all; the fast path leaves
# such text to PyYAML, and the writer double-quotes strings holding them.
UNSAFE_TEXT = re.compile("[^\n\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\u2028\u2029\ufeff]")
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
STR_TAG, _INT_TAG = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int"
_BOOL_TAG, _NULL_TAG = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"


class Fallback(Exception):
    """Text the fast reader leaves to PyYAML."""


_resolvers: Dict[Optional[str], List[Tuple[str, Pattern[str]]]] = {}


def implicit_tag(text: str) -> str:
    """PyYAML's implicit tag of a plain scalar (str, int, bool, null, float, timestamp...): its resolver's
    own table of patterns, by first character, as ``yaml.resolver.Resolver.resolve`` walks it."""
    if not _resolvers:
        import yaml

        _resolvers.update(yaml.resolver.Resolver.yaml_implicit_resolvers)
        _resolvers.setdefault(None, [])  # the patterns tried whatever the first character
    for tag, pattern in _resolvers.get(text[0] if text else "", []) + _resolvers[None]:
        if pattern.match(text):
            return tag
    return STR_TAG


# Every plain token read so far (each matched PLAIN first) -> its value; the fast reader looks tokens up here.
PLAIN_VALUES: Dict[str, Any] = {}


def plain_value(text: str, keep: bool = True) -> Any:
    """The value of a plain scalar, or Fallback if PyYAML would build something other than str, int,
    bool or null (a date, a float, an octal number...). Kept in PLAIN_VALUES unless not ``keep`` (a token
    met once: a hand's number, a seal)."""
    try:
        return PLAIN_VALUES[text]
    except KeyError:
        pass
    tag = implicit_tag(text)
    value: Any
    if tag == STR_TAG:
        value = text
    elif tag == _NULL_TAG:
        value = None
    elif tag == _BOOL_TAG:
        value = text.lower() in ("yes", "true", "on")
    elif tag == _INT_TAG and _INT.fullmatch(text) and len(text) <= 3000:  # longer: the fallback decides
        value = int(text)
    else:
        raise Fallback
    if keep and len(PLAIN_VALUES) < 100_000:
        PLAIN_VALUES[text] = value
    return value


def quoted_value(token: str) -> str:
    """The text of a single-quoted scalar."""
    return token[1:-1].replace("''", "'")


def key_value(token: str) -> Any:
    return quoted_value(token) if token[0] == "'" else plain_value(token)

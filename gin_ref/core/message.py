"""A sentence for people as data (#38 item 1): a message of the catalogue and its facts.

A layer below the fronts never builds a sentence: it names a message of the catalogue (its English, marked
``N_`` or ``Nn_`` so that Babel extracts it) and gives the facts as fields, ``Message(N_("hand %(hand)d is
over"), hand=3)``. Whoever shows it says it in the language settled (``say`` with that language's
``gettext`` and ``ngettext``); ``english`` is the message filled in, as ``--json``'s ``message`` and the
exceptions' ``str`` give it. A field may itself be a ``Message`` (a reason inside a sentence): it is said in
the same language. A message with plural forms is said by its field ``count``.

The standard library only, and cheap to import: every command that can refuse loads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, List, Optional, Tuple, Union

if TYPE_CHECKING:
    import contextvars

__all__ = ["Message", "Value", "N_", "Nn_", "english", "english_n", "english_of", "say_options_as", "say_options_plainly"]

Value = Union[None, str, int, float, bool, "Message"]
Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def N_(message: str) -> str:
    """Marks a message for the catalogue (Babel's keyword); it is translated where it is said."""
    return message


def Nn_(singular: str, plural: str) -> Tuple[str, str]:
    """Marks a message with plural forms for the catalogue (Babel's keyword ``Nn_:1,2``)."""
    return (singular, plural)


def english(message: str) -> str:
    """English's gettext: a message is its own English (a ``say`` that wants the English words)."""
    return message


_OPTIONS: List[Callable[[str], str]] = []  # how the front that runs says a parameter (none: as it is named)


def say_options_as(style: Optional[Callable[[str], str]]) -> None:
    """How a message's parameter fields (``option``, ``*_option``: a parameter's name, ``upcard``) are said:
    the front that runs says so once (the command line: ``--upcard``); without it, by their names (None
    undoes it). A layer below the fronts names no option: it gives the parameter as a field."""
    _OPTIONS[:] = [style] if style is not None else []


_PLAIN: List["contextvars.ContextVar[bool]"] = []  # made on first use: a server's request says none


def say_options_plainly() -> None:
    """In this context (a server's request, and the threads it hands work to) a parameter is said by its name,
    whatever the process's front said (``gin-ref serve`` runs inside the command line, whose options a phone
    has no use for). The context's copy ends with the request."""
    if not _PLAIN:
        import contextvars

        _PLAIN.append(contextvars.ContextVar("gin_ref_plain_options", default=False))
    _PLAIN[0].set(True)


def _said_value(name: str, value: "Value") -> "Value":
    if _OPTIONS and isinstance(value, str) and (name == "option" or name.endswith("_option")) and \
            not (_PLAIN and _PLAIN[0].get()):
        return _OPTIONS[0](value)
    return value


def english_n(singular: str, plural: str, count: int) -> str:
    """English's ngettext: the singular for 1, else the plural."""
    return singular if count == 1 else plural


class Message:
    """A message of the catalogue (``words``; ``plural`` for one said by its field ``count``) and its facts
    (``values``: name, value pairs). Immutable, compared by value (a plain class with slots: a NamedTuple is
    built when its module is imported, and every command loads this one)."""

    __slots__ = ("words", "plural", "values")
    words: str
    plural: Union[str, None]
    values: Tuple[Tuple[str, Value], ...]

    def __init__(self, words: Union[str, Tuple[str, str]], **values: Value) -> None:
        singular, plural = (words[0], words[1]) if isinstance(words, tuple) else (words, None)
        if plural is not None and not isinstance(values.get("count"), int):
            raise TypeError(f"a message with plural forms needs an int 'count': {singular!r}")
        object.__setattr__(self, "words", singular)
        object.__setattr__(self, "plural", plural)
        object.__setattr__(self, "values", tuple(values.items()))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Message is immutable: cannot set {name}")

    def __reduce__(self) -> Tuple[Callable[..., "Message"], Tuple[object, ...]]:
        """Pickled as its words and facts (a file's problem crosses from a reading process to the one that
        says it, in its reader's language)."""
        return _rebuilt, (self.words if self.plural is None else (self.words, self.plural), self.values)

    def say(self, gettext: Gettext = english, ngettext: Ngettext = english_n) -> str:
        """The sentence in the language of ``gettext`` and ``ngettext`` (English without them); a field that
        is a message is said in the same language."""
        values = {name: value.say(gettext, ngettext) if isinstance(value, Message) else _said_value(name, value)
                  for name, value in self.values}
        if self.plural is not None:
            count = values["count"]
            assert isinstance(count, int)
            template = ngettext(self.words, self.plural, count)
        elif not values:
            return gettext(self.words)
        else:
            template = gettext(self.words)
        try:
            return template % values
        except TypeError:  # a number as a hand edit wrote it (null, text): said as written, never a crash
            return template.replace(")d", ")s") % values

    def english(self) -> str:
        """The sentence in English: the message filled in."""
        return self.say()

    __str__ = english

    def value(self, name: str) -> Value:
        """The field ``name`` (None when the message has none)."""
        for key, value in self.values:
            if key == name:
                return value
        return None

    def mapped(self, change: Callable[[str, Any], Any]) -> "Message":
        """The same message with each field's value ``change(name, value)``, in the messages among its fields
        too (a front naming a parameter its own way: ``option`` as the command line's ``--upcard``)."""
        values = {name: value.mapped(change) if isinstance(value, Message) else change(name, value)
                  for name, value in self.values}
        return Message(self.words if self.plural is None else (self.words, self.plural), **values)

    def facts(self) -> Tuple[Tuple[str, Union[None, str, int, float, bool]], ...]:
        """The fields as plain values (a message among them as its English): what ``--json`` prints."""
        return tuple((name, value.english() if isinstance(value, Message) else value) for name, value in self.values)

    def _key(self) -> Tuple[str, Union[str, None], Tuple[Tuple[str, Value], ...]]:
        return (self.words, self.plural, self.values)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = "".join(f", {name}={value!r}" for name, value in self.values)
        words = self.words if self.plural is None else (self.words, self.plural)
        return f"Message({words!r}{fields})"


def english_of(text: Union[str, Message]) -> str:
    """A sentence that may be a message, in English (for code that still joins English text)."""
    return text.english() if isinstance(text, Message) else text


def _rebuilt(words: Union[str, Tuple[str, str]], values: Tuple[Tuple[str, Value], ...]) -> Message:
    return Message(words, **dict(values))

"""The desk's errors, decided here once: a refusal is data (python-chess's error kinds), a ``Kind`` and its
fields, and ``DeskError`` is the one exception a desk function raises for anything a person typed or any
file they handed in.

Every act has ``can_x(...)``, which returns None exactly when ``x(...)`` would succeed and otherwise the
``Refusal`` that ``x`` raises (``DeskError.refusal``): the two compare equal. A refusal the rules *keep*
in the record (an illegal knock, an act out of turn, a deal by the wrong dealer) has ``kept=True``: ``x``
wrote it and then raised, ``can_x`` says it would be kept.

The words: ``message`` is the English sentence (``--json`` prints it, always English), taken in one place
here (``refusal_of``) for a lower layer's error; the fields carry the facts another language needs. A
refusal the desk (or a front) words itself is made by ``refusal``/``refuse``: a message of the catalogue
(``N_``, ``Nn_`` for one said by a count) and its fields; its English ``message`` is that message filled
in. ``said`` says a refusal in the language settled (``gin_ref.desk.language``): in English the
``message``, unchanged; in another language the translation of its own message, else the kind's whole
sentence from ``WORDS``, its fields as ``%(name)s`` and the lower layer's English words in
``%(detail)s`` (match/ and core/ give their reasons as sentences until #36 and #38 make them data). The
desk names no option of a front: a parameter is the field ``option`` (or ``*_option``), which the command
line says as its option (``gin_ref.cli.with_options``).
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple, Union

from gin_ref.desk import language
from gin_ref.core.message import Message, N_, Nn_, say_options_as
from gin_ref.core.errors import (AT_LINE, Busy, Changed, CountOverLimitError, GinRefError, IllegalActionError,
                                 InvalidNotationError, OutOfTurnError, RecordError, RulesError)

__all__ = ["Kind", "Refusal", "Message", "say_options_as", "DeskError", "refusal_of", "refused", "refusal", "refuse", "kept", "N_", "Nn_", "EXIT_CODES", "WORDS", "said", "said_field",
           # the lower layers' error types, named here for the fronts (a front catches and raises only these)
           "GinRefError", "InvalidNotationError", "IllegalActionError", "CountOverLimitError", "OutOfTurnError",
           "RulesError", "RecordError"]

Field = Union[None, str, int, float, bool]


class Kind:
    """What kind of refusal: the bad input, the rule, the file, the other writer (plain strings, the same in
    every language; not an Enum: building one costs every command's start)."""

    NOTATION = "notation"  # text that is not valid: a card, a count, a name, a date (exit 2)
    RULES = "rules"  # house rules that cannot be used (exit 2)
    ILLEGAL = "illegal"  # a well-formed act the rules refuse now (exit 1)
    OUT_OF_TURN = "out_of_turn"  # an act by a player whose turn it is not (exit 1)
    COUNT_OVER_LIMIT = "count_over_limit"  # a knock's count over the limit, taken for a slip (exit 1)
    RECORD = "record"  # a match or event file that cannot be read, or does not add up (exit 1)
    BUSY = "busy"  # another writer holds the file's lock (exit 1)
    CHANGED = "changed"  # the file changed under this writer: nothing written (exit 1)


    ALL = (NOTATION, RULES, ILLEGAL, OUT_OF_TURN, COUNT_OVER_LIMIT, RECORD, BUSY, CHANGED)


EXIT_CODES = {Kind.NOTATION: 2, Kind.RULES: 2}  # every other kind: 1


class Refusal:
    """Why an act is refused: its ``kind`` (a ``Kind``), its ``fields`` (name, value pairs: the facts), the
    English ``message``, and ``kept`` (the act is recorded as an irregularity all the same). Immutable and
    compared by value (a plain class with slots, not a NamedTuple: every command that reads a match loads
    this module, and a NamedTuple is built when its module is imported)."""

    __slots__ = ("kind", "message", "fields", "kept", "said_as")
    kind: str
    message: str
    fields: Tuple[Tuple[str, Field], ...]
    kept: bool
    said_as: Optional[Message]  # the lower layer's message (its words and facts), said in the reader's language

    def __init__(self, kind: str, message: str, fields: Tuple[Tuple[str, Field], ...] = (), kept: bool = False,
                 said_as: Optional[Message] = None) -> None:
        for name, value in (("kind", kind), ("message", message), ("fields", tuple(fields)), ("kept", kept),
                            ("said_as", said_as)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Refusal is immutable: cannot set {name}")

    def _key(self) -> Tuple[str, str, Tuple[Tuple[str, Field], ...], bool]:
        # (its words in the catalogue are how it is said, not what it is: its message says them in English)
        facts = tuple((name, value) for name, value in self.fields if name not in ("words", "plural"))
        return (self.kind, self.message, facts, self.kept)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Refusal) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Refusal(kind={self.kind!r}, message={self.message!r}, fields={self.fields!r}, "
                f"kept={self.kept!r})")

    def reworded(self, message: str, words: Optional[str] = None, **values: Field) -> "Refusal":
        """The same refusal in other words (a front adding its own hint: the option it came from): ``message``
        in English, and ``words`` the same sentence as a message of the catalogue (N_), ``values`` its fields
        (without ``words``, another language says the kind's sentence with ``message`` as its detail)."""
        fields = tuple((name, value) for name, value in self.fields
                       if name not in ("words", "plural") and name not in values)
        fields += tuple(values.items()) + ((("words", words),) if words is not None else ())
        return Refusal(self.kind, message, fields, self.kept)

    def named(self, **values: Field) -> "Refusal":
        """The same refusal with other values in its words (a front naming a parameter its own way: the
        command line's option for the field ``option``); one without words of its own is as it was."""
        words = self.field("words")
        if not isinstance(words, str):
            return self
        fields = tuple((name, values.get(name, value)) for name, value in self.fields)
        plural, count = self.field("plural"), self.field("count")
        english = plural if isinstance(plural, str) and count != 1 else words
        return Refusal(self.kind, english % dict(fields), fields, self.kept)

    @property
    def exit_code(self) -> int:
        return EXIT_CODES.get(self.kind, 1)

    def field(self, name: str) -> Field:
        """The value of the field ``name`` (None when the refusal has none)."""
        return dict(self.fields).get(name)


class DeskError(GinRefError):
    """A desk function refused: ``refusal`` says why (its ``str`` is the message, its exit code the kind's).
    ``done`` is what an act refused *and kept* did (its outcome), None otherwise."""

    def __init__(self, refusal: Refusal, done: object = None) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal
        self.done = done
        self.exit_code = refusal.exit_code

    @property
    def kind(self) -> str:
        return self.refusal.kind


def refusal_of(exc: GinRefError) -> Refusal:
    """The refusal an error of a lower layer means (the one place that reads one): its kind, its English
    message and its facts; raised with a ``Message``, its words and fields travel with it (``said_as``)."""
    if isinstance(exc, DeskError):
        return exc.refusal
    found = _refusal_of(exc)
    if exc.said_as is None:
        return found
    named = {name for name, _ in found.fields}
    facts = tuple((name, value) for name, value in exc.said_as.facts() if name not in named)
    return Refusal(found.kind, found.message, found.fields + facts, found.kept, exc.said_as)


def _refusal_of(exc: GinRefError) -> Refusal:
    message = str(exc)
    if isinstance(exc, CountOverLimitError):
        return Refusal(Kind.COUNT_OVER_LIMIT, message,
                       (("reason", str(exc.reason)), ("player", exc.player), ("count", exc.count)))
    if isinstance(exc, OutOfTurnError):
        return Refusal(Kind.OUT_OF_TURN, message)
    if isinstance(exc, IllegalActionError):
        return Refusal(Kind.ILLEGAL, message)
    if isinstance(exc, InvalidNotationError):
        return Refusal(Kind.NOTATION, message)
    if isinstance(exc, RulesError):
        return Refusal(Kind.RULES, message)
    if isinstance(exc, RecordError):
        kind = Kind.BUSY if isinstance(exc, Busy) else Kind.CHANGED if isinstance(exc, Changed) else Kind.RECORD
        return Refusal(kind, message, (("path", exc.path), ("line", exc.line)))
    return Refusal(Kind.ILLEGAL if exc.exit_code == 1 else Kind.NOTATION, message)


def refusal(kind: str, words: Union[str, Tuple[str, str]], **values: Field) -> Refusal:
    """A refusal the desk words itself: ``words`` a message of the catalogue (``N_``, or ``Nn_`` for one said
    by ``count``), in English with ``%(name)s``, and ``values`` its facts (the fields). Its ``message`` is
    the English sentence; ``said`` says the message's translation in another language."""
    if isinstance(words, tuple):
        count = values.get("count")
        english = words[0] if count == 1 else words[1]
        extra: Tuple[Tuple[str, Field], ...] = (("words", words[0]), ("plural", words[1]))
    else:
        english, extra = words, (("words", words),)
    return Refusal(kind, english % values, tuple(values.items()) + extra)


_TYPED: Dict[str, type] = {}  # kind -> a DeskError that is also the lower layer's error type of that kind


def _typed(kind: str) -> type:
    """The error type of a refusal of ``kind`` the desk words itself: a ``DeskError`` that is also an
    ``InvalidNotationError`` (notation), ``IllegalActionError`` (illegal) or ``RecordError`` (record), so that
    code catching that type still does; made at the first refusal (building classes costs every command's
    start, and most commands refuse nothing)."""
    if not _TYPED:
        class NotationRefused(DeskError, InvalidNotationError):
            pass

        class IllegalRefused(DeskError, IllegalActionError):
            pass

        class RecordRefused(DeskError, RecordError):
            pass

        _TYPED.update({Kind.NOTATION: NotationRefused, Kind.ILLEGAL: IllegalRefused, Kind.RECORD: RecordRefused})
    return _TYPED.get(kind, DeskError)


def raised(refusal: Refusal) -> DeskError:
    """``DeskError`` of ``refusal`` (raise it): of the lower layers' error type of its kind too (an
    ``InvalidNotationError`` for a notation), so that code catching that type still does."""
    error: DeskError = _typed(refusal.kind)(refusal)
    return error


def refuse(kind: str, words: Union[str, Tuple[str, str]], **values: Field) -> DeskError:
    """``raised(refusal(kind, words, **values))``: the error of a refusal the desk words itself."""
    return raised(refusal(kind, words, **values))


def refused(exc: GinRefError) -> DeskError:
    """``DeskError`` for an error of a lower layer (raise it ``from`` that error)."""
    return exc if isinstance(exc, DeskError) else DeskError(refusal_of(exc))


def kept(message: str, hand: int, kind: str, player: Optional[str], done: object,
         why: Union[None, str, Message] = None) -> DeskError:
    """The error of an act refused and kept in the record as an irregularity of ``kind`` in ``hand`` (``why``:
    the refusing layer's reason, said in another language than English)."""
    refusal = Refusal(Kind.OUT_OF_TURN if kind in ("out_of_turn", "wrong_dealer") else Kind.ILLEGAL, message,
                      (("hand", hand), ("irregularity", kind), ("player", player)), kept=True,
                      said_as=why if isinstance(why, Message) else None)
    return DeskError(refusal, done)


# Each kind's sentence for a language other than English (English says the layer's own words: ``said``).
WORDS: Dict[str, str] = {
    Kind.NOTATION: N_("This cannot be read: %(detail)s"),
    Kind.RULES: N_("These house rules cannot be used: %(detail)s"),
    Kind.ILLEGAL: N_("The rules do not allow this: %(detail)s"),
    Kind.OUT_OF_TURN: N_("It is not this player's turn: %(detail)s"),
    Kind.RECORD: N_("This record cannot be used: %(detail)s"),
    Kind.BUSY: N_("Another gin-ref is writing this match file: try again when it is done."),
    Kind.CHANGED: N_("Another writer changed the match file while this one worked: nothing was written. "
                     "Try again."),
}
KEPT = N_("Recorded as an irregularity of hand %(hand)s: %(detail)s")
OVER_LIMIT = Nn_("%(player)s knocked with %(count)d point, over the limit: the knock is not recorded (a count "
                 "over the limit is taken for a slip). If it really was so, record it as an illegal knock.",
                 "%(player)s knocked with %(count)d points, over the limit: the knock is not recorded (a count "
                 "over the limit is taken for a slip). If it really was so, record it as an illegal knock.")


def said_field(refusal: Refusal, name: str) -> Field:
    """The refusal's field ``name`` as the reader reads it: a message among the refusing layer's facts (a
    count over the limit's reason) said in the language settled; a refusal reworded keeps it said as the
    field ``NAME_said``; else the field as it is."""
    value = refusal.said_as.value(name) if refusal.said_as is not None else None
    if isinstance(value, Message):
        return value.say(language.gettext, language.ngettext)
    kept = refusal.field(name + "_said")
    return kept if kept is not None else refusal.field(name)


def said(refusal: Union[Refusal, GinRefError]) -> str:
    """A refusal (or a lower layer's error) in the language settled: English is the refusing layer's own
    sentence (``message``) byte for byte; another language says the kind's sentence, with its fields."""
    if not isinstance(refusal, Refusal):
        if language.current() == language.ENGLISH:
            return str(refusal)
        refusal = refusal_of(refusal)
    if language.current() == language.ENGLISH:
        return refusal.message
    if refusal.said_as is not None:  # a lower layer's message: its own whole sentence, translated
        text = refusal.said_as.say(language.gettext, language.ngettext)
        path, line = refusal.field("path"), refusal.field("line")
        if refusal.said_as.value("path") is not None:  # a message that says where itself: not said twice
            path, line = None, None
        if isinstance(path, str):
            text = (f"{path}:{line}: " if line else f"{path}: ") + text
        elif isinstance(line, int) and line:  # a line of no file named: words (core.errors.AT_LINE)
            text = Message(AT_LINE, line=line, reason=refusal.said_as).say(language.gettext, language.ngettext)
        if refusal.kept and refusal.field("hand") is not None:
            return language.gettext(KEPT) % {**dict(refusal.fields), "detail": text}
        return text
    values = {name: value for name, value in refusal.fields}
    words, count = refusal.field("words"), refusal.field("count")
    if isinstance(words, str):  # the desk's (or a front's) own sentence: its translation, its fields
        plural = refusal.field("plural")
        if isinstance(plural, str) and isinstance(count, int):
            return language.ngettext(words, plural, count) % values
        return language.gettext(words) % values
    values["detail"] = refusal.message
    if refusal.kind == Kind.COUNT_OVER_LIMIT and refusal.field("player") and \
            isinstance(refusal.field("count"), int):
        count = refusal.field("count")
        assert isinstance(count, int)
        return language.ngettext(OVER_LIMIT[0], OVER_LIMIT[1], count) % values
    if refusal.kept and refusal.field("hand") is not None:
        return language.gettext(KEPT) % values
    return language.gettext(WORDS.get(refusal.kind, WORDS[Kind.ILLEGAL])) % values

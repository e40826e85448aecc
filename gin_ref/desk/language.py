"""The language gin-ref speaks to people (#38): which one, and its catalogue (gettext, whole sentences).

The catalogues are ``gin_ref/locale/LANG/LC_MESSAGES/gin_ref.mo`` (docs/languages.md; Babel extracts and
compiles them, a developer's tool: at run time only the standard library's ``gettext`` reads them). English
is the source: its words are the messages themselves, and no catalogue is read for it.

The choice (``choose``): ``--lang LANG`` before the command, then ``GIN_REF_LANG``, then ``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` as Python's gettext reads them (the first that is set; a list
``sk:fil`` is tried in order; ``C`` or English ends the search). A language with no catalogue is passed over,
as gettext passes it over. ``gin_ref.__main__`` settles it before the command line loads (``settle``), so
``--help`` is said in it; the command line's ``--lang`` option settles it again for callers of the group.

The process-wide choice is the command line's. A server never settles it: each request's language travels
in a context variable (``speak`` / ``hush``, or ``with speaking(LANG):``), which ``gettext`` and ``ngettext``
read first. asyncio copies it into each task and Starlette's ``run_in_threadpool`` into its worker thread, so
two requests at once in two languages each get their own words (docs/serve.md#languages).
"""

from __future__ import annotations

import os
from gettext import GNUTranslations, NullTranslations  # (click loads gettext anyway)
from gettext import _translations as _gettext_cache  # type: ignore[attr-defined]  # (translation_for says why)
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Tuple

if TYPE_CHECKING:
    import contextvars

__all__ = ["DOMAIN", "LOCALE_DIR", "ENGLISH", "available", "choose", "settle", "current", "translation_for",
           "gettext", "ngettext", "UnknownLanguage", "lang_option", "speak", "hush", "speaking", "spoken"]

DOMAIN = "gin_ref"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")
ENGLISH = "en"
ENVIRONMENT = ("GIN_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # in this order: the first set


class UnknownLanguage(ValueError):
    """``--lang`` names a language gin-ref has no catalogue for (the environment's are passed over)."""


_AVAILABLE: List[List[str]] = []


def available() -> List[str]:
    """The languages gin-ref speaks: English and every language with a compiled catalogue (looked up once)."""
    if _AVAILABLE:
        return _AVAILABLE[0]
    try:
        found = sorted(name for name in os.listdir(LOCALE_DIR)
                       if os.path.isfile(os.path.join(LOCALE_DIR, name, "LC_MESSAGES", DOMAIN + ".mo")))
    except OSError:
        found = []
    _AVAILABLE.append([ENGLISH] + found)
    return _AVAILABLE[0]


def _candidates(entry: str) -> List[str]:
    """The catalogue names one locale names, most specific first: ``sk_SK.UTF-8@euro`` -> sk_SK, sk."""
    name = entry.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not name:
        return []
    language = name.split("_")[0]
    return [name, language.lower()] if name != language else [language.lower()]


def _pick(entries: Sequence[str], have: Sequence[str]) -> Optional[str]:
    """The first of ``entries`` gin-ref has a catalogue for; English for C, POSIX or English; None for none."""
    for entry in entries:
        if entry.strip() in ("C", "POSIX") or entry.strip().startswith(("C.", "POSIX.")):
            return ENGLISH
        for name in _candidates(entry):
            if name in have:
                return name
    return None


def choose(given: Optional[str] = None, environ: Optional[Mapping[str, str]] = None) -> str:
    """The language to speak: ``given`` (``--lang``: UnknownLanguage when gin-ref lacks it), else the first
    environment variable set (``ENVIRONMENT``) that names one gin-ref has, else English."""
    have = available()
    if given is not None:
        picked = _pick([given], have) if given.strip() else None
        if picked is None:
            raise UnknownLanguage(given)
        return picked
    env = os.environ if environ is None else environ
    if env.get("GIN_REF_LANG"):
        picked = _pick(env["GIN_REF_LANG"].split(":"), have)
        if picked is not None:
            return picked
    for variable in ENVIRONMENT[1:]:
        value = env.get(variable)
        if value:  # gettext reads the first one set, and only it
            return _pick(value.split(":"), have) or ENGLISH
    return ENGLISH


_TRANSLATIONS: Dict[str, NullTranslations] = {}
_CURRENT: List[Optional[NullTranslations]] = [None]  # None: English, the messages themselves
_CHOSEN: List[str] = [ENGLISH]


def translation_for(language: str) -> Optional[NullTranslations]:
    """The catalogue of ``language`` (read once a process), None for English."""
    if language == ENGLISH:
        return None
    if language not in _TRANSLATIONS:
        from gin_ref.desk.mofile import Catalogue  # late: English reads no catalogue (docs/architecture.md)

        # A language gin-ref speaks is the name of its catalogue's folder (``available``): its file is opened
        # as gettext.translation would find and open it, without gettext's search (locale.normalize and a
        # look at each spelling of the name: some 0.2 M instructions a command under that language).
        path = os.path.abspath(os.path.join(LOCALE_DIR, language, "LC_MESSAGES", DOMAIN + ".mo"))
        with open(path, "rb") as fp:
            _TRANSLATIONS[language] = Catalogue(fp)
        # The command line's click reads the same catalogue as the process's default domain
        # (gin_ref.cli.helptext), through gettext.translation, which keeps one catalogue a file and class in
        # its cache: this one is put there for the standard class, so click's few words too are looked up on
        # demand, not every message decoded (gin_ref.desk.mofile; a test holds it so).
        _gettext_cache.setdefault((GNUTranslations, path), _TRANSLATIONS[language])
    return _TRANSLATIONS[language]


def settle(given: Optional[str] = None, environ: Optional[Mapping[str, str]] = None) -> str:
    """Choose the language (``choose``) and speak it from now on in this process; returns it."""
    language = choose(given, environ)
    _CHOSEN[0] = language
    _CURRENT[0] = translation_for(language)
    return language


def current() -> str:
    """The language spoken now: this context's (a server's request: ``speak``), else the process's."""
    return spoken()


# -- a request's language (a server's): a context variable, read before the process's ------------------------
Spoken = Tuple[str, Optional[NullTranslations]]  # (the language, its catalogue: None for English)
# The context variable, made by the first ``speak`` (a command line never speaks in a context, and never
# loads contextvars: its start-up stays as it was); every reader uses the first one made.
_SPOKEN: "List[contextvars.ContextVar[Optional[Spoken]]]" = []


def speak(language: str) -> "contextvars.Token[Optional[Spoken]]":
    """Speak ``language`` (one of ``available()``) in this context from now on (a request, and the tasks and
    worker threads it starts); the token undoes it (``hush``). The process's choice is left as it is."""
    if not _SPOKEN:
        import contextvars

        _SPOKEN.append(contextvars.ContextVar("gin_ref_language", default=None))
    return _SPOKEN[0].set((language, translation_for(language)))


def hush(token: "contextvars.Token[Optional[Spoken]]") -> None:
    """Undo a ``speak``: the context speaks what it spoke before."""
    _SPOKEN[0].reset(token)


class speaking:
    """``with speaking(LANG):`` the words said inside are said in LANG (``speak``, then ``hush``)."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.token: "Optional[contextvars.Token[Optional[Spoken]]]" = None

    def __enter__(self) -> str:
        self.token = speak(self.language)
        return self.language

    def __exit__(self, *exc: object) -> None:
        if self.token is not None:
            hush(self.token)


def _entry() -> Any:
    return _SPOKEN[0].get() if _SPOKEN else None


def spoken() -> str:
    """The language spoken here: this context's (a request's), else the process's."""
    entry = _entry()
    return _CHOSEN[0] if entry is None else str(entry[0])


def _translation() -> Optional[NullTranslations]:
    entry = _entry()
    return _CURRENT[0] if entry is None else entry[1]


def gettext(message: str) -> str:
    """``message`` in the language spoken here: this context's (a request's), else the one settled (itself in
    English)."""
    translation = _translation()
    return message if translation is None else translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the language spoken here (its plural rule: CLDR's)."""
    translation = _translation()
    if translation is None:
        return singular if count == 1 else plural
    return translation.ngettext(singular, plural, count)


def lang_option(argv: Sequence[str]) -> Optional[str]:
    """The value of ``--lang`` among the options before the command (``--lang sk``, ``--lang=sk``), if any."""
    for index, arg in enumerate(argv):
        if arg == "--lang":
            return argv[index + 1] if index + 1 < len(argv) else None
        if arg.startswith("--lang="):
            return arg[len("--lang="):]
        if not arg.startswith("-") or arg == "--":
            return None  # the command: its own options are its own
    return None

"""The words click shows, in the language settled (#38, docs/languages.md): gin-ref's help, and click's own.

**gin-ref's help.** The commands, options and arguments are made with ``command``, ``option`` and ``argument``
(click's, with the classes below). Each keeps its help in English as written and says it in the language
settled when click reads it to lay out the help: whenever the command was defined (at import, before a test's
``--lang sk`` under CliRunner, or the session's ``help knock``), the help is in the language of the moment it
is shown, and a command that shows no help translates nothing. An option's help is one message, marked
``N_`` where it is written. A command's help (its docstring: what click shows) and its epilog are said
paragraph by paragraph (``paragraphs``): a paragraph's message is its text on one line (click wraps it
again), and a paragraph click keeps as written (``\\b``) is its lines without that marker. Babel finds the
docstrings with ``gin_ref.cli.helpextract`` (babel.cfg).

**click's own words** (``Usage:``, ``Options:``, ``Error: No such option``): click says them through the
standard library's ``gettext`` and the process's default domain. ``speak_in_click`` makes gin-ref's catalogue
that domain and names the language settled in ``LANGUAGE`` (the first variable Python's gettext reads), so
the settled language wins over the environment's (``gin-ref --lang en`` under ``LANG=sk_SK.UTF-8`` too); the
group puts the environment back when its command is over (``keep_environment``). The catalogue holds click's
messages through ``gin_ref/cli/click_words.py`` (written by ``benchmarks/click_messages.py``). ``serve``
never reads the process-wide domain: each request has its own translation (``gin_ref.desk.language``).
"""

from __future__ import annotations

import gettext as _gettext
import inspect
import os
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator, List, Optional, Tuple

import click

from gin_ref import __version__
from gin_ref.desk.errors import N_ as N_  # the marker of a message said later: an option's help
from gin_ref.desk.language import DOMAIN, ENGLISH, LOCALE_DIR, current, gettext, settle

if TYPE_CHECKING:
    from click.decorators import FC

KEPT = "\b"  # click's marker of a paragraph it keeps as written (no wrapping): a line of its own


def paragraphs(text: str) -> List[Tuple[bool, str]]:
    """The paragraphs of a help text as click lays them out (``inspect.cleandoc``, up to a ``\\f``, then
    paragraphs between empty lines): each as (kept as written, its message)."""
    found: List[Tuple[bool, str]] = []
    block: List[str] = []
    for line in inspect.cleandoc(text).partition("\f")[0].splitlines() + [""]:
        if line:
            block.append(line)
            continue
        if block and block[0].strip() == KEPT:
            found.append((True, "\n".join(block[1:])))
        elif block:
            found.append((False, " ".join(part.strip() for part in block)))
        block = []
    return found


def said_help(text: Optional[str]) -> Optional[str]:
    """A command's help or epilog in the language settled, paragraph by paragraph (English: as written)."""
    if not text or current() == ENGLISH:
        return text
    return "\n\n".join(KEPT + "\n" + gettext(message) if kept else gettext(message)
                       for kept, message in paragraphs(text))


def said_line(text: Optional[str]) -> Optional[str]:
    """An option's help, or a short help, in the language settled (one message)."""
    return gettext(text) if text else text


HELP_NAME = "gin_ref_help"  # the help option's parameter name (never a value: click 8.5 names its own apart too)


def show_help(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """The help option's callback (click's ``help_option``'s): the help, then exit 0."""
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


def show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--version``'s callback: click's ``version_option``'s words, which it says in English (they are read
    as the option is made, before the language is settled; ``gin-ref --version`` alone says them so in
    ``gin_ref.__main__``)."""
    if value and not ctx.resilient_parsing:
        click.echo(f"gin-ref, version {__version__}", color=ctx.color)
        ctx.exit()


class _SaysHelp(click.Command):
    """A command's help, short help and epilog, kept in English and said when read; its help option too."""

    _english: Tuple[Optional[str], Optional[str], Optional[str]] = (None, None, None)
    _said_help_option: Optional[click.Option] = None

    @property
    def help(self) -> Optional[str]:
        return said_help(self._english[0])

    @help.setter
    def help(self, value: Optional[str]) -> None:
        self._english = (value, self._english[1], self._english[2])

    @property
    def short_help(self) -> Optional[str]:
        return said_line(self._english[1])

    @short_help.setter
    def short_help(self, value: Optional[str]) -> None:
        self._english = (self._english[0], value, self._english[2])

    @property
    def epilog(self) -> Optional[str]:
        return said_help(self._english[2])

    @epilog.setter
    def epilog(self, value: Optional[str]) -> None:
        self._english = (self._english[0], self._english[1], value)

    @property
    def english_help(self) -> Optional[str]:
        """The help as written (the catalogue's source)."""
        return self._english[0]

    def get_help_option(self, ctx: click.Context) -> Optional[click.Option]:
        """``-h``/``--help``, made once and its help said when shown (an ``Option``), as click's own does
        (``show_help``). Made here, not by click's ``help_option``: that one looks its words up through
        gettext's default domain as it makes the option, every command, which under a catalogue's language
        costs about 0.5 M instructions a lookup (``benchmarks/bench_startup.py --callgrind``)."""
        names = self.get_help_option_names(ctx)
        if not names or not self.add_help_option:
            return None
        if self._said_help_option is None:
            self._said_help_option = Option([*names, HELP_NAME], is_flag=True, expose_value=False, is_eager=True,
                                            help=N_("Show this message and exit."), callback=show_help)
        return self._said_help_option


class Command(_SaysHelp):
    """A click command whose help is said in the language settled when it is shown."""


class Group(_SaysHelp, click.Group):
    """A click group whose help is said in the language settled when it is shown, as is its commands'."""

    command_class = Command
    group_class = type  # (click: a group made by this group is of this group's class)


class _SaysLine:
    """A parameter's help kept in English (one message, marked ``N_``) and said in the language settled
    each time click reads it."""

    _english_help: Optional[str] = None

    @property
    def help(self) -> Optional[str]:
        return said_line(self._english_help)

    @help.setter
    def help(self, value: Optional[str]) -> None:
        self._english_help = value


class Option(_SaysLine, click.Option):
    """A click option whose help is said in the language settled when shown."""


class Argument(_SaysLine, click.Argument):
    """A click argument whose help (click 8.5 shows one) is said in the language settled when shown."""


def command(name: Optional[str] = None, **attrs: Any) -> Callable[[Callable[..., Any]], Command]:
    """``click.command`` making a ``Command``: its docstring is its help, said in the language settled."""
    attrs.setdefault("cls", Command)
    made: Callable[[Callable[..., Any]], Command] = click.command(name, **attrs)
    return made


def group(name: Optional[str] = None, **attrs: Any) -> Callable[[Callable[..., Any]], Group]:
    """``click.group`` making a ``Group``: its docstring is its help, said in the language settled."""
    attrs.setdefault("cls", Group)
    made: Callable[[Callable[..., Any]], Group] = click.group(name, **attrs)
    return made


def option(*param_decls: str, **attrs: Any) -> "Callable[[FC], FC]":
    """``click.option`` making an ``Option``: its ``help=N_(...)`` said in the language settled."""
    attrs.setdefault("cls", Option)
    return click.option(*param_decls, **attrs)


def argument(*param_decls: str, **attrs: Any) -> "Callable[[FC], FC]":
    """``click.argument`` making an ``Argument``."""
    attrs.setdefault("cls", Argument)
    return click.argument(*param_decls, **attrs)


def speak_in_click(language: str) -> None:
    """click's own words in ``language`` from now on: gin-ref's catalogue is the process's default domain and
    ``LANGUAGE`` names the language (``C`` for English: click's own words, whatever the environment says)."""
    _gettext.bindtextdomain(DOMAIN, LOCALE_DIR)
    _gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = "C" if language == ENGLISH else language  # (C: gettext looks no further)


_RUNNING: List[str] = []  # the language spoken as each command running in this process began, outermost first


def enclosing_language() -> Optional[str]:
    """The language of the command this one runs inside (a command typed in ``play``'s session), or None
    for a command of its own: a command without ``--lang`` inside a session speaks the session's language,
    not the environment's (``GIN_REF_LANG`` would otherwise win over the session's ``--lang``)."""
    return _RUNNING[-1] if len(_RUNNING) > 1 else None


@contextmanager
def keep_environment() -> Iterator[None]:
    """The environment's ``LANGUAGE`` and the process's default gettext domain as they were before, once
    the command is over (``speak_in_click`` set them for the command: a caller in the same process, a
    test, reads its own again); a command inside a session gives the session its language back."""
    before, domain = os.environ.get("LANGUAGE"), _gettext.textdomain()
    _RUNNING.append(current())
    try:
        yield
    finally:
        began = _RUNNING.pop()
        if _RUNNING:  # inside a session (a '--lang fil knock ...' typed there): the session's language again
            speak_in_click(settle(began))
        if before is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = before
        _gettext.textdomain(domain)

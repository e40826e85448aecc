"""The command line: one click group whose commands load lazily, so ``gin-ref --version`` stays fast.

Every ``GinRefError``, and every usage error of click's (``Error: missing option '--defender' (see
'gin-ref knock --help')``), becomes one ``Error: ...`` line on stderr with the error's exit code, here and only
here (``gin_ref.cli.errors``). Exit codes: 0 done, 1 refused or invalid (an illegal knock, a record that
fails verification), 2 bad command line or unreadable input (a bad card, an unknown house rule), 3 internal
error (a bug in gin-ref: one line naming its kind, the traceback under GIN_REF_DEBUG=1), 130 interrupted
(Ctrl-C), 141 standard output closed early (quietly).
"""

from __future__ import annotations

import atexit
import errno
import gc
import importlib
import os
import sys
from typing import Any, Dict, List, MutableMapping, NoReturn, Optional, Tuple

import click

from gin_ref.cli.errors import INTERRUPTED, fail, internal_error, stop_quietly, usage_message
from gin_ref.cli.helptext import Group, enclosing_language, group, keep_environment, option, show_version, speak_in_click
from gin_ref.desk.errors import N_, DeskError, GinRefError, Message, Refusal, refusal_of, said, say_options_as  # the desk names the errors a front catches, and their words
from gin_ref.desk.language import UnknownLanguage, available, gettext, lang_option, ngettext, settle
from gin_ref.desk.notation import did_you_mean

# A command is a short process that builds large, acyclic data (a 10,000-hand record is some 160,000
# objects) and leaves almost no cyclic garbage: the young generation is collected every 50,000 new objects
# rather than every 700, which takes about a tenth off reading and replaying a long record.
gc.set_threshold(50_000, 20, 100)
# And as the process ends, Python's own last collection would walk every object it holds (the modules
# loaded, the record read) to find cycles the end of the process frees anyway: 30 M instructions of a 30-hand
# tally's 415 M (docs/architecture.md). Frozen (gc.freeze, the last thing run at exit: atexit calls in reverse),
# they are left out of that walk; objects are still freed as their counts fall, and no object of gin-ref's
# waits on a collection to close a file or release a lock (files are closed by ``with``, locks are ``flock``s
# on descriptors, released as the process ends).
atexit.register(gc.freeze)

# command name -> module under gin_ref.cli that defines it (as a function of the same name, '-' as '_'). The
# group loads a command's module by its name here only when that command runs or its help is shown
# (docs/architecture.md, "Imports"): this package imports none of its command modules, which may import it.
COMMANDS: Dict[str, str] = {
    "check": "engine_cmds",
    "score": "engine_cmds",
    "rules": "rules_cmds",
    "new": "match_cmds",
    "deal": "match_cmds",
    "knock": "match_cmds",
    "dead": "match_cmds",
    "undo": "amend_cmds",
    "redo": "amend_cmds",
    "amend": "amend_cmds",
    "tally": "tally_cmd",
    "verify": "verify_cmd",
    "take": "turn_cmds",
    "pass": "turn_cmds",
    "draw": "turn_cmds",
    "discard": "turn_cmds",
    "export": "history_cmds",
    "history": "history_cmds",
    "stats": "history_cmds",
    "standings": "club_cmds",
    "event": "club_cmds",
    "settle": "settle_cmds",
    "ruling": "desk_cmds",
    "result": "result_cmds",
    "play": "play",
    "serve": "serve_cmd",
    "help": "help_cmd",
}


def command_readings(name: str) -> List[str]:
    """The commands a typed word names: ``[full name]`` for a command's full name in any case
    (``Knock``) or a unique prefix of one (``k``, ``kn``); every command it prefixes when it prefixes
    several (``d``: deal, dead, discard, draw); ``[]`` for none. Prefixes are for people: a script names
    the command in full (a prefix may become ambiguous when a command is added)."""
    folded = str(name).casefold()
    if folded in COMMANDS:
        return [folded]
    return [command for command in COMMANDS if folded and command.startswith(folded)]


def unknown_command(name: str) -> str:
    """The words for a word that names no command, or several: which ones, or the nearest command."""
    return unknown_message(name).say(gettext, ngettext)


def unknown_message(name: str) -> Message:
    """``unknown_command``'s message (a refusal that says it in the reader's language, once)."""
    readings = command_readings(name)
    if len(readings) > 1:
        return Message(N_("command '%(name)s' is ambiguous: %(commands)s (type more of it)"), name=name,
                       commands=", ".join(readings))
    nearest = did_you_mean(name, COMMANDS)  # `` (did you mean 'knock'?)``, or nothing
    if nearest:
        return Message(N_("no such command '%(name)s' (did you mean '%(nearest)s'?)"), name=name,
                       nearest=nearest.split("'")[1])
    return Message(N_("no such command '%(name)s'"), name=name)


def _commits() -> int:
    """The files this process has written so far (``gin_ref.files.filewrite``; none while it is not loaded)."""
    filewrite = sys.modules.get("gin_ref.files.filewrite")
    return int(filewrite.commits) if filewrite is not None else 0


_STARTED = {"commits": 0}  # the files written before this command began (the session runs many in one process)


def interrupted() -> NoReturn:
    """Ctrl-C: ``Error: interrupted`` (saying so when this command's change was written already), exit 130."""
    written = _commits() > _STARTED["commits"]
    fail(gettext("interrupted, after the change was written") if written else gettext("interrupted"), INTERRUPTED)


say_options_as(lambda name: name if name.startswith("-") else "--" + name.replace("_", "-"))  # a message's parameter
# fields, said as this front's options (#38: a layer below the fronts names none)


def with_options(exc: GinRefError) -> GinRefError:
    """A desk refusal that names a parameter (its fields ``option``, ``*_option``: ``reason``, ``upcard``)
    said with the command line's option for it (``--reason``): the desk names none (#38)."""
    refusal = getattr(exc, "refusal", None)
    said_as = refusal.said_as if refusal is not None else exc.said_as
    if said_as is not None:  # a lower layer's message: its option fields, wherever they are in it
        named = said_as.mapped(_dashed)
        if named == said_as:
            return exc
        found = refusal if refusal is not None else refusal_of(exc)
        return DeskError(Refusal(found.kind, named.english(), found.fields, found.kept, named),
                         getattr(exc, "done", None))
    if refusal is None:
        return exc
    options = {name: "--" + value.replace("_", "-") for name, value in refusal.fields
               if (name == "option" or name.endswith("_option")) and isinstance(value, str)
               and not value.startswith("-")}
    if not options:
        return exc
    return DeskError(refusal.named(**options), getattr(exc, "done", None))


def _dashed(name: str, value: object) -> object:
    """A field naming a parameter (``option``, ``*_option``) as the command line's option: ``--upcard``."""
    if (name == "option" or name.endswith("_option")) and isinstance(value, str) and not value.startswith("-"):
        return "--" + value.replace("_", "-")
    return value


class _Context(click.Context):
    """click's context, whose closing (after the command ran) is interrupted as the command would be, not by
    click's 'Aborted!'."""

    def __exit__(self, *exc_info: Any) -> Optional[bool]:
        try:
            done: Optional[bool] = super().__exit__(*exc_info)  # (click 8.2+: True suppresses)
            return done
        except KeyboardInterrupt:
            interrupted()


class LazyGroup(Group):
    """Imports a command's module only when that command runs (or --help lists it); its help is said in the
    language settled when it is shown (``gin_ref.cli.helptext``)."""

    context_class = _Context

    def list_commands(self, ctx: click.Context) -> List[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        if name not in COMMANDS:
            return None
        # the one place that loads a command's module, by its name (docs/architecture.md, "Imports")
        module = importlib.import_module(f"gin_ref.cli.{COMMANDS[name]}")
        command: click.Command = getattr(module, name.replace("-", "_") + "_cmd")
        return command

    def resolve_command(self, ctx: click.Context, args: List[str]
                        ) -> Tuple[Optional[str], Optional[click.Command], List[str]]:
        """A command by its full name in any case or a unique prefix (``k``, ``Knock``); an ambiguous prefix
        or an unknown word is one Error line naming the commands it could be (exit 2)."""
        readings = command_readings(args[0]) if args and not args[0].startswith("-") else []
        if len(readings) == 1:
            return readings[0], self.get_command(ctx, readings[0]), args[1:]
        if args and not args[0].startswith("-") and not ctx.resilient_parsing:
            raise click.UsageError(unknown_command(args[0]), ctx=ctx)
        return super().resolve_command(ctx, args)

    def make_context(self, info_name: Optional[str], args: List[str], parent: Optional[click.Context] = None,
                     **extra: Any) -> click.Context:
        if parent is None:
            _STARTED["commits"] = _commits()
            _settle_before(args)  # before click's eager --help, which may come first
        try:  # click's own parsing: Ctrl-C here is no 'Aborted!' but the words and code of every other time
            return super().make_context(info_name, args, parent=parent, **extra)
        except (KeyboardInterrupt, click.exceptions.Abort):
            interrupted()

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        try:
            return super().parse_args(ctx, args)
        except click.exceptions.NoArgsIsHelpError:
            raise  # bare 'gin-ref': click shows the help
        except click.UsageError as exc:  # 'gin-ref --bogus'
            fail(usage_message(exc), exc.exit_code)

    def main(self, args: Any = None, prog_name: Optional[str] = None, complete_var: Optional[str] = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        """click's ``main``, except that Ctrl-C at any moment of it (between click's own steps too, where
        click would print ``Aborted!`` and exit 1) is ``Error: interrupted`` and exit 130; the environment's
        ``LANGUAGE`` as it was once it is over (``gin_ref.cli.helptext.keep_environment``)."""
        with keep_environment():
            return self._run(args, prog_name, complete_var, standalone_mode, **extra)

    def _run(self, args: Any, prog_name: Optional[str], complete_var: Optional[str], standalone_mode: bool,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except (KeyboardInterrupt, click.exceptions.Abort):
            interrupted()
        except click.ClickException as exc:  # (a bare group command: its help, as click shows it)
            exc.show()
            sys.exit(exc.exit_code)
        except click.exceptions.Exit as exc:  # (click's own way out, when it did not take it itself)
            sys.exit(exc.exit_code)
        except Exception as exc:  # a bug in gin-ref, wherever it is met: one line, exit 3
            internal_error(exc)
        sys.exit(code if isinstance(code, int) else 0)  # --help and --version: 0; a command's return: 0

    def _main_shell_completion(self, ctx_args: MutableMapping[str, Any], prog_name: str,
                               complete_var: Optional[str] = None) -> None:
        # When the shell asks, bash's script is gin-ref's: the presets and the files offered together.
        if os.environ.get(complete_var or "_GIN_REF_COMPLETE"):
            from gin_ref.cli.shellcomplete import register

            register()
        return super()._main_shell_completion(ctx_args, prog_name, complete_var)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            try:
                return super().invoke(ctx)  # grids fit the terminal ($COLUMNS); a command's --wide undoes it
            finally:
                sys.stdout.flush()  # a closed pipe is met here, not in Python's own flush at exit
        except click.exceptions.NoArgsIsHelpError:
            raise  # a bare group command: click shows its help
        except click.UsageError as exc:  # an unknown command, a missing option, a bad value: one line, 2
            fail(usage_message(exc), exc.exit_code)
        except GinRefError as exc:  # in the language settled (English: the error's own words)
            fail(said(with_options(exc)), exc.exit_code)
        except (KeyboardInterrupt, click.exceptions.Abort):  # Abort: click's word for Ctrl-C at its prompt
            interrupted()
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                stop_quietly()
            what = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
            fail(f"{what}{exc.strerror or exc}", 1)


LANG_HELP = N_("The language to speak (en, fil, sk); without it GIN_REF_LANG, then LANGUAGE, LC_ALL, "
               "LC_MESSAGES, LANG.")


def _settle_before(args: List[str]) -> None:
    """The language of this call: its ``--lang`` before the command, else the environment's (a ``--lang``
    gin-ref lacks is refused by the option, in the environment's language); click's own words in it too."""
    try:
        speak_in_click(settle(lang_option(args) or enclosing_language()))
    except UnknownLanguage:
        speak_in_click(settle(enclosing_language()))


def _settle_language(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> None:
    """``--lang LANG`` (or the environment's, without it): the language of everything said from now on."""
    try:
        speak_in_click(settle(value if value is not None else enclosing_language()))
    except UnknownLanguage:
        raise click.BadParameter(gettext("no language '%(lang)s' (gin-ref speaks %(languages)s)")
                                 % {"lang": value, "languages": ", ".join(available())}) from None


@group("gin-ref", cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@option("--version", is_flag=True, expose_value=False, is_eager=True, callback=show_version,
        help=N_("Show the version and exit."))  # (not click's version_option: see show_version)
@option("--lang", metavar="LANG", expose_value=False, is_eager=True, callback=_settle_language, help=LANG_HELP)
def main() -> None:
    """gin-ref: referee and scorer for Gin Rummy at a real table.

    \b
    Settle a dispute:   gin-ref check --upcard 7D AS 2S 3S 4H 4D 4C 7C 8C 9C 5D
    Score a hand:       gin-ref score --upcard 7D --knocker "..." --defender "..."
    Record a match:     gin-ref new Ann Ben; gin-ref knock --upcard 7D Ben 5 ...
    Turn by turn:       gin-ref pass Ben; gin-ref take Ann; gin-ref discard Ann QH
    The evening:        gin-ref play --match tonight.yaml   (one session)

    Exit codes: 0 done, 1 refused (an illegal knock, a record that fails verification), 2 bad input, 130
    interrupted (Ctrl-C), 141 output closed early (| head).
    """

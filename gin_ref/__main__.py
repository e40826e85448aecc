"""``python -m gin_ref`` and the ``gin-ref`` command (``run``).

Ctrl-C at any moment of a command ends the same way: one ``Error: interrupted`` line and exit 130, never
click's ``Aborted!`` nor a traceback. Until the command itself runs (``run``), the handler installed by this
module's first lines says so and ends the process at once: nothing has been read or written yet, and the
console script's own lines and the imports are not yet inside any ``try``. From ``run`` on, Ctrl-C is a
``KeyboardInterrupt`` again, so a write in progress is undone as it unwinds (``gin_ref.cli.errors``).
(An interrupt while Python itself starts, before this module is imported, ends as Python ends it.)
"""

# _signal: the C module, loaded with Python ('signal' itself takes longer to import: its enums), and
# the only one used here
import _signal  # type: ignore[import-not-found]
import os


def _interrupted_early(signum: int, frame: object) -> None:
    os.write(2, b"Error: interrupted\n")  # the words of gin_ref.cli.errors, which is not loaded yet
    os._exit(130)


_signal.signal(_signal.SIGINT, _interrupted_early)

import sys  # noqa: E402 (after the handler: from the first line on, Ctrl-C is this module's)

import gin_ref  # noqa: E402 (loaded already: this module is one of its own)


def _settle_language() -> None:
    """The language, settled before the command line loads (docs/languages.md): ``--lang`` before the
    command, else the environment's. A ``--lang`` gin-ref lacks is refused by the option itself, in the
    environment's language."""
    from gin_ref.desk.language import UnknownLanguage, lang_option, settle

    try:
        settle(lang_option(sys.argv[1:]))
    except UnknownLanguage:
        settle()


def _interrupt_again(unraisable: "sys.UnraisableHookArgs") -> None:
    """Python swallows an exception raised in a finalizer (a generator closed as it is freed, ...), with a
    note on stderr: a Ctrl-C that lands there would be lost, the command going on to exit 0 under
    'Exception ignored in ...'. It is delivered again a millisecond later (a signal raised at once would land
    in this hook, and be swallowed with it), where the command handles it; an interrupt after the command's
    end, with SIGINT ignored, stays ignored."""
    if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
        _signal.signal(_signal.SIGALRM, _alarm_is_the_interrupt)
        _signal.setitimer(_signal.ITIMER_REAL, 0.001)
    else:
        sys.__unraisablehook__(unraisable)


def _alarm_is_the_interrupt(signum: int, frame: object) -> None:
    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        raise KeyboardInterrupt


def run() -> object:
    if sys.argv[1:] == ["--version"]:  # the version alone needs no command line parser: click's own words
        sys.stdout.write(f"gin-ref, version {gin_ref.__version__}\n")
        return 0
    try:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)  # the command undoes what it began
        sys.unraisablehook = _interrupt_again
        import gc  # late (docs/architecture.md): --version needs no collector's settings

        gc.set_threshold(50_000, 20, 100)  # as gin_ref.cli sets it, before its imports: fewer collections in them
        _settle_language()
        from gin_ref.cli import main  # late (docs/architecture.md): --version answers without the command line

        return main(prog_name="gin-ref")  # also as python -m gin_ref (the director page runs it so)
    except KeyboardInterrupt:
        sys.stderr.write("Error: interrupted\n")  # the words of gin_ref.cli.errors, which may not be loaded
        sys.exit(130)
    except Exception as exc:  # a bug met before the command line is read (the CLI failing to load): exit 3
        if os.environ.get("GIN_REF_DEBUG", "") not in ("", "0"):
            raise
        sys.stderr.write(f"Error: internal error in gin-ref (please report it): {type(exc).__name__}\n")
        sys.exit(3)
    finally:  # the command is over: an interrupt now would only kill Python as it exits
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)


if __name__ == "__main__":
    run()

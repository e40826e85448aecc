"""The session's engine: one typed line in, the CLI command it names run in this process, its exit code out.

A line is split as a shell splits it and handed to the same click group the ``gin-ref`` command runs, with
``--match FILE`` supplied to the commands that take it, so each answer is exactly what the command prints
(its output, its ``Error:`` line, its exit code) without a process start.

Before each entry the session reads the file and compares it with what the file held after its last entry.
When another writer (another ``gin-ref``, a second session) changed the file meanwhile, the session says
what changed; an entry that would write is then not run (it was typed against a record its user had not
seen), one that only reads runs after the note. Each command reads, checks and writes the file itself
through the store (``gin_ref.files.store``), atomically and under the match's one lock; inside an entry
the store waits up to LOCK_WAIT seconds for another writer and refuses a change if the file it locked is
not the one the session checked (``store.session``), so nothing answered is ever lost and nothing is
written over a record its user has not seen. An entry that only reads (``tally``, ``verify``, the commands
that take no ``--match``) takes no lock: it never makes another writer wait.
"""

from __future__ import annotations

import os
from typing import Callable, List, Optional, Sequence, Tuple

import click

from gin_ref.cli import command_readings, unknown_command
from gin_ref.cli.errors import internal_error
from gin_ref.cli.tableline import reads_as_command
from gin_ref.core.cards import Card
from gin_ref.desk.errors import InvalidNotationError, said
from gin_ref.desk.language import gettext, ngettext
from gin_ref.desk.notation import unterminated_quote
from gin_ref.cli.output import say
from gin_ref.cli.session_help import HELP_WORDS, help_text
from gin_ref.cli.typed import open_quote, split_words
from gin_ref.desk.sessionfile import Match, changes_between, entry_held, file_bytes, match_in
from gin_ref.desk.tableline import Reading, read_line, table_player
from gin_ref.views.words import held_words

# Commands given --match that never change the file: they run even after another writer's change, after
# the note. Every other command given --match may write it, and is not run on a record its user has not seen.
READERS = {"tally", "verify"}
LEAVE = {"quit", "exit"}
QUIT = None  # what ``entry`` returns for quit
Words = List[Tuple[str, int, int, bool]]  # a line's words: text, start, end, closed (``typed.split_words``)
LOCK_WAIT = 2.0  # seconds an entry waits for another writer to finish before it is refused


class Session:
    """One evening on one match file: ``entry(line)`` answers a line; ``worst`` is the worst exit code
    so far; ``state()`` is the Match as the file holds it after the last entry (None without a file)."""

    def __init__(self, path: str, group: click.Group) -> None:
        self.path = path
        self.group = group
        self.worst = 0
        self.known = self._read()
        self._cache: Tuple[Optional[bytes], Optional[Match]] = (None, None)
        self._pending: Tuple[Optional[Tuple[int, int, int]], Optional[bytes], List[str], Optional[bytes]] = \
            (None, None, [], None)
        self._shown: Tuple[Optional[bytes], Optional[Match]] = (None, None)
        self.problem: Optional[str] = None
        # on a terminal: ask(question) -> bool, for an entry that replaces the match
        self.confirm: Optional[Callable[[str], bool]] = None

    # -- the file ----------------------------------------------------------------------------------------
    def _read(self) -> Optional[bytes]:
        """The file's bytes now, None without a file (or one that cannot be read)."""
        return file_bytes(self.path)

    def reread(self) -> None:
        """Take the file as it is now for the last entry's (after a command run outside an entry)."""
        self.known = self._read()

    def state(self) -> Optional[Match]:
        """The Match the file holds after the last entry, or None (no file, or a file that does not read:
        ``problem`` then says why)."""
        raw, match = self._cache
        if raw is not self.known:
            match, self.problem = match_in(self.known, self.path)
            self._cache = (self.known, match)
        return match

    def shown(self) -> Optional[Match]:
        """The Match the prompt and the status line show: the file as it is now when another writer changed
        it since the last entry (the next entry that writes is still not run: its user sees the change
        first), else ``state()``."""
        if not self.pending():
            return self.state()
        raw = self._pending[3]
        seen, match = self._shown
        if seen is not raw:
            match = match_in(raw, self.path)[0]
            self._shown = (raw, match)
        return match

    def pending(self) -> List[str]:
        """What another writer changed since the last entry, as the file is now; [] when nothing. Cheap to
        ask often: the file is read again only when its size, time or inode changed."""
        key: Optional[Tuple[int, int, int]]
        try:
            info = os.stat(self.path)
            key = (info.st_ino, info.st_mtime_ns, info.st_size)
        except OSError:
            key = None
        seen, known, words, now = self._pending
        if key != seen or known is not self.known:
            now = self._read()
            words = self._changes(now) if now != self.known else []
            self._pending = (key, self.known, words, now)
        return words

    def _changes(self, now: Optional[bytes]) -> List[str]:
        """What changed between the last entry's file and ``now`` (bytes), in a few words each."""
        return changes_between(self.known, now, self.path)

    # -- one line ----------------------------------------------------------------------------------------
    def lookup(self, name: str) -> Optional[click.Command]:
        """The click command of a name (its full name in any case, or a unique prefix), or None."""
        readings = command_readings(name)
        if len(readings) == 1:
            name = readings[0]
        try:
            return self.group.get_command(None, name)  # type: ignore[arg-type]  # click wants a Context: none here (LazyGroup reads none)
        except Exception:  # a command module that fails to import is an unknown command here
            return None

    def entry(self, line: str) -> Optional[int]:
        """Answer one line; returns its exit code (None for quit). Blank lines and '#' comments count as
        nothing (0)."""
        text = line.strip()
        if not text or text.startswith("#"):
            return 0
        words = split_words(text)
        open_words = [(start, end) for _, start, end, closed in words if not closed]
        if open_words:
            start, end = open_words[0]
            return self.refuse(said(unterminated_quote(repr(text[start:end]), open_quote(text[start:end]), "line")), 2)
        args = [word for word, *_ in words]
        if args[0] == "gin-ref" and len(args) > 1:  # typed from habit: the same command
            args, words = args[1:], words[1:]
        if args[0].casefold() in LEAVE:
            return QUIT
        command = self._read_line(args, words)
        if command is None:
            return 2
        return self._run_entry(command)

    def _run_entry(self, args: List[str]) -> int:
        """Run the command a line stands for (``args``: its name first), in the file's session."""
        name = args[0]
        if name == "help":
            return self._help(args[1:])
        if name == "play":
            return self.refuse(gettext("this is the session already: type its commands (help lists them)"), 2)
        command = self.lookup(name)
        given, refused = self._with_match(command, args)
        if given is None:
            return refused
        args = given
        writes = command is not None and _takes_match(command) and name not in READERS
        if name == "new" and command is not None and not self._may_replace(command, args):
            return 0
        return self._run_held(args, writes)

    def _with_match(self, command: Optional[click.Command], args: List[str]) -> Tuple[Optional[List[str]], int]:
        """``(args, 0)``: the line with ``--match FILE`` given to a command that takes it; ``(None, code)``
        when the line is refused (said here): a --match of its own, ``--input -``."""
        if command is None:
            return args, 0
        if any(arg in ("--match", "-m") or arg.startswith("--match=") or (arg.startswith("-m") and
                                                                      not arg.startswith("--"))
               for arg in args[1:]):
            return None, self.refuse(gettext("the session records in %(path)s: --match is given for you (start "
                                             "another session for another file)") % {"path": self.path}, 2)
        if _reads_stdin(args):
            return None, self.refuse(gettext("--input - would read the session's own input: give a file"), 2)
        if _takes_match(command):
            return [args[0], "--match", self.path, *args[1:]], 0
        return args, 0

    def _run_held(self, args: List[str], writes: bool) -> int:
        """Run one command as an entry (``writes``: it may write the file): refused, when another writer
        changed the file since the last entry, if it writes; run after a note if it only reads. A command
        that writes runs in a store session (``gin_ref.files.store.session``): its change waits up to
        LOCK_WAIT seconds for another writer's lock and is refused if the file is not the one checked here."""
        now = self._read()
        if now != self.known:
            changes = "; ".join(self._changes(now))
            self.known = now
            if writes:
                return self.refuse(gettext("the match file changed since your last entry (another writer): "
                                           "%(changes)s. Not run: enter it again if it still stands")
                                   % {"changes": changes}, 1)
            click.echo(gettext("note: the match file changed since your last entry (another writer): %(changes)s")
                       % {"changes": changes}, err=True)
        if not writes:
            return self._note(self.dispatch(args))
        with entry_held(self.path, now, LOCK_WAIT) as entry:
            code = self.dispatch(args)
        self.known = entry.known  # what the command wrote, else the file as checked: another's change is seen
        return self._note(code)

    def _may_replace(self, command: click.Command, args: List[str]) -> bool:
        """``new --force`` in the session replaces its match, and the session goes on with the new one. On a
        terminal it asks first (y/N); from a pipe, --force is the answer. False when the user said no (the
        match is kept, and the session says so)."""
        if self.confirm is None or self.known is None:
            return True
        try:
            ctx = command.make_context(args[0], list(args[1:]), resilient_parsing=True)
        except Exception:  # the command itself will say what is wrong with the line
            return True
        if not ctx.params.get("force"):
            return True
        match = self.state()
        what = gettext("a record that does not read") if match is None else \
            held_words(match.players, len(match.hands), match.state.totals)
        if self.confirm(gettext("replace the match in %(path)s (%(held)s) with a new one?")
                        % {"path": self.path, "held": what}):
            return True
        click.echo(gettext("not replaced: the session goes on with the match in %(path)s") % {"path": self.path})
        return False

    def _read_line(self, args: List[str], words: Words) -> Optional[List[str]]:
        """The command a line stands for (``gin_ref.cli.tableline``): a command named in full (any case) is
        that command (``dead 9h`` aside: a table line); a table line is the knock or dead hand it says, its
        command echoed first (``= knock --upcard 9H Ben 5 --defender 23``); a first word that prefixes a
        command and names a player reads as whichever of the two the line parses as, and is refused naming
        both when it parses as both. None when the line is refused (said here)."""
        first = args[0]
        readings = command_readings(first)
        full = readings == [first.casefold()]
        if full and (readings[0] != "dead" or len(args) == 1):
            return [readings[0], *args[1:]]  # a command's full name: that command (the record not read for it)
        match = self.state()
        players: List[str] = match.players if match is not None else []
        table = read_line(words, players) if players else None
        if full and not (readings[0] == "dead" and table and table.args):
            return [readings[0], *args[1:]]  # a command's full name: that command
        if table is not None and table.args is not None:
            return self._table_args(table, readings, args, players)
        return self._not_table(table, readings, args, players)

    def _table_args(self, table: Reading, readings: List[str], args: List[str],
                    players: Sequence[str]) -> Optional[List[str]]:
        """The command of a line read as a table line, echoed; None when it reads as a command too (refused,
        naming both)."""
        if len(readings) == 1 and not {"--help", "-h"} & set(args[1:]):
            command = self.lookup(readings[0])
            if command is not None and reads_as_command(command, readings[0], args[1:], players):
                self.refuse(gettext("'%(line)s' reads two ways: as the table line %(table)r and as the command "
                                    "%(command)r: type the player's or the command's full name")
                            % {"line": " ".join(args), "table": table.echo[2:],
                               "command": " ".join([readings[0], *args[1:]])}, 2)
                return None
        click.echo(table.echo)
        return table.args

    def _not_table(self, table: Optional[Reading], readings: List[str], args: List[str],
                   players: Sequence[str]) -> Optional[List[str]]:
        """The command of a line that is no table line: a command by its prefix, or the line as typed (the
        group names what is wrong); None when it was meant as a table line (refused, saying why)."""
        first = args[0]
        named = table is not None and _looks_like_table(args, players)
        if len(readings) == 1 and not (named and len(table_player(players, first)) > 1):
            return [readings[0], *args[1:]]  # a command by its prefix (its own error when it does not read)
        if named and table is not None:
            problem = table.problem if isinstance(table.problem, str) or table.problem is None else \
                table.problem.say(gettext, ngettext)  # (the table line's reading says why: a message)
            if len(readings) > 1:
                said_ = gettext("%(problem)s; as a command, %(unknown)s") % {"problem": problem,
                                                                            "unknown": unknown_command(first)}
            elif len(readings) == 1:
                said_ = gettext("%(problem)s; as a command, '%(word)s' is %(command)s") % {
                    "problem": problem, "word": first, "command": readings[0]}
            else:
                said_ = str(problem)
            self.refuse(said_, 2)
            return None
        return args  # the group names what is wrong: an ambiguous prefix, an unknown command (did you mean)

    def dispatch(self, args: Sequence[str]) -> int:
        """Run one command line through the click group in this process; returns its exit code."""
        try:
            self.group.main(args=list(args), prog_name="gin-ref", standalone_mode=True)
        except SystemExit as exc:
            return _exit_code(exc.code)
        except KeyboardInterrupt:
            click.echo("Error: " + gettext("interrupted"), err=True)
            return 130
        except Exception as exc:  # a bug must not end the evening: say so (exit 3) and go on
            try:
                internal_error(exc)
            except SystemExit as done:
                return _exit_code(done.code)
        return 0

    def _note(self, code: int) -> int:
        self.worst = max(self.worst, code)
        return code

    def refuse(self, message: str, code: int) -> int:
        """Say ``Error: message`` and count ``code`` as an entry's exit code."""
        click.echo(f"Error: {message}", err=True)
        return self._note(code)

    def _help(self, names: List[str]) -> int:
        if names:
            if names[0] in LEAVE or names[0] == "help":
                name = names[0] if names[0] != "exit" else "quit"
                say(f"{name:<15} {gettext(HELP_WORDS[name])}")
                return 0
            return self._note(self.dispatch([*names, "--help"]))
        say(help_text(self.group, self.lookup))
        return 0


def _looks_like_table(args: List[str], players: Sequence[str]) -> bool:
    """Was the line meant as a table line: it starts with an upcard or a word naming a player (or several)?"""
    if table_player(players, args[0]) or (len(args) in (4, 5) and table_player(players, args[1])):
        return True
    try:
        Card.parse(args[0])
    except InvalidNotationError:
        return False
    return True


def _takes_match(command: click.Command) -> bool:
    return any(isinstance(p, click.Option) and "--match" in p.opts for p in command.params)


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    click.echo(str(code), err=True)
    return 1


def _reads_stdin(args: List[str]) -> bool:
    for index, arg in enumerate(args):
        if arg == "--input=-" or (arg == "--input" and index + 1 < len(args) and args[index + 1] == "-"):
            return True
    return False


"""The serve state folder, ``FOLDER/.gin-ref-serve/``: the tokens file, the instance lock and the journals.

Tokens are random (``secrets``), one per table (by its number or short name) and one for the director,
kept in ``tokens.json`` readable only by its owner, so a restart keeps them and a printed card serves the
whole night; ``replace_tokens`` (``serve --new-tokens``) makes new ones for all. Compared in constant time.

In a folder of plain match files a table's short name is bound once to its match file's name, beside the
tokens (``files``: file name -> short name), and never made again from the list of names: a file added
later gets a short name no other file had (``bind``), a file renamed or removed leaves its short name bound
to the name that is gone. A tokens file from before the bindings (no ``files``) binds the files it finds as
the names were made then (sorted, ``-2`` for a second file of the same short name), once, so printed cards
keep their tables.

The instance lock (``serve.lock``, a ``flock``) refuses a second ``serve`` on the same folder, naming the
first (its process and address, written into the lock file).
"""

import fcntl
import hmac
import json
import os
import secrets
import threading
from typing import Callable, Dict, Iterable, Optional, Set

from gin_ref.core.errors import RecordError
from gin_ref.core.message import Message, N_

STATE_FOLDER = ".gin-ref-serve"
TOKENS_FILE = "tokens.json"
LOCK_FILE = "serve.lock"
DIRECTOR = "director"
BOARD = "board"  # the board's key in the tokens file, when serve --board-token asks for one
TOKEN_BYTES = 18  # 24 characters of URL-safe base64


def state_folder(folder: str) -> str:
    """The serve state folder of ``folder``, made (owner-only) when missing."""
    path = os.path.join(folder, STATE_FOLDER)
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
    except OSError as exc:
        raise RecordError(Message(N_("cannot make the serve state folder in '%(folder)s': %(reason)s"),
                                  folder=folder, reason=(exc.strerror or str(exc)).lower())) from None
    return path


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def same_token(given: Optional[str], kept: Optional[str]) -> bool:
    """Do the two tokens match (constant time; a missing one never matches)?"""
    if not given or not kept:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), kept.encode("utf-8", "replace"))


def write_private(path: str, text: str) -> None:
    """Write ``text`` to ``path`` atomically, readable and writable by its owner only."""
    temp = f"{path}.{secrets.token_hex(4)}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


RESERVED = {DIRECTOR, "board", "files"}  # never a table's short name (the director's token, the bindings)
FILES = "files"  # in the tokens file: the bindings of match file names to short names


def bind_names(files: Optional[Dict[str, str]], names: Iterable[str], short: Callable[[str], str],
               used: Iterable[str]) -> Dict[str, str]:
    """The bindings of match file names to short names once ``names`` are bound: ``files`` (None: none kept
    yet, from before the bindings), each name not bound yet given ``short(name)``, with ``-2``, ``-3``...
    when another file has it. Kept bindings stay; with none kept (``files`` None) the names are bound in
    sorted order with no other key in the way, as they were made before the bindings. Not changed in place."""
    bound = dict(files or {})
    taken: Set[str] = set(bound.values()) | RESERVED | (set(used) if files is not None else set())
    for name in sorted(names):
        if name in bound:
            continue
        base = short(name)
        key, number = base, 1
        while key in taken:
            number += 1
            key = f"{base}-{number}"
        bound[name] = key
        taken.add(key)
    return bound


def read_files(folder: str) -> Optional[Dict[str, str]]:
    """The bindings kept in ``folder``'s tokens file, read only (None: none kept yet, or no state yet)."""
    path = os.path.join(folder, STATE_FOLDER, TOKENS_FILE)
    try:
        with open(path, encoding="utf-8") as data:
            loaded = json.load(data)
    except (OSError, ValueError):
        return None
    return _files_of(loaded)


def _files_of(loaded: object) -> Optional[Dict[str, str]]:
    if not isinstance(loaded, dict) or not isinstance(loaded.get(FILES), dict):
        return None
    return {str(name): str(key) for name, key in loaded[FILES].items() if isinstance(key, str) and key}


class Tokens:
    """The tokens of a folder's tables (keyed by the table's key: its number, or its short name) and of
    the director, and the bindings of match file names to short names (``files``), as kept in the tokens
    file."""

    def __init__(self, path: str, tokens: Dict[str, str], files: Optional[Dict[str, str]] = None) -> None:
        self.path = path
        self.tokens = tokens
        self.files = files
        self.lock = threading.Lock()

    def bind(self, names: Iterable[str], short: Callable[[str], str]) -> Dict[str, str]:
        """The bindings, each of ``names`` bound (a new one: a short name no file had, kept at once)."""
        with self.lock:
            names = list(names)
            if self.files is not None and all(name in self.files for name in names):
                return self.files
            self.files = bind_names(self.files, names, short, self.tokens)
            for key in self.files.values():
                self.tokens.setdefault(key, new_token())
            self.save()
            return self.files

    @classmethod
    def load(cls, folder: str, keys: Iterable[str], renew: bool = False) -> "Tokens":
        """The tokens of ``folder`` for ``keys`` (and the director): those kept, a new one for each key
        without one (all new when ``renew``); the file is written when anything was added."""
        path = os.path.join(state_folder(folder), TOKENS_FILE)
        kept: Dict[str, str] = {}
        files: Optional[Dict[str, str]] = None
        if os.path.exists(path):
            try:
                with open(path, encoding="utf-8") as data:
                    loaded = json.load(data)
            except (OSError, ValueError) as exc:
                if not renew:
                    raise RecordError(Message(N_("the serve tokens file does not read (%(error)s): replace them with "
                                                 "'gin-ref serve FOLDER --new-tokens'"),
                                              error=exc.__class__.__name__)) from None
                loaded = None
            files = _files_of(loaded)  # the tables keep their addresses, new tokens or not
            if isinstance(loaded, dict) and not renew:
                kept = {str(key): str(value) for key, value in loaded.items() if isinstance(value, str) and value}
        wanted = list(keys) + [DIRECTOR]
        changed = renew or not os.path.exists(path)
        for key in wanted:
            if key not in kept:
                kept[key] = new_token()
                changed = True
        tokens = cls(path, kept, files)
        if changed:
            tokens.save()
        else:
            os.chmod(path, 0o600)
        return tokens

    def save(self) -> None:
        kept: Dict[str, object] = dict(self.tokens)
        if self.files is not None:
            kept[FILES] = self.files
        write_private(self.path, json.dumps(kept, indent=1, sort_keys=True, ensure_ascii=False) + "\n")

    def get(self, key: str) -> Optional[str]:
        return self.tokens.get(key)

    def matches(self, key: str, given: Optional[str]) -> bool:
        return same_token(given, self.tokens.get(key))

    def add(self, key: str) -> str:
        """The token of ``key``, made (and kept) if it has none yet: a table added by a later round."""
        if key not in self.tokens:
            self.tokens[key] = new_token()
            self.save()
        return self.tokens[key]


class InstanceLock:
    """The lock that lets one ``serve`` at a time serve a folder; ``acquire`` refuses (RecordError)
    naming the process and address of the one serving it."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.path = os.path.join(state_folder(folder), LOCK_FILE)
        self.fd: Optional[int] = None

    def acquire(self, address: str) -> None:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            try:
                first = os.read(fd, 500).decode("utf-8", "replace").strip()
            finally:
                os.close(fd)
            raise RecordError(Message(N_("'%(folder)s' is already served by gin-ref serve (%(by)s): stop it first, or "
                                         "serve another folder"), folder=self.folder,
                                      by=first or Message(N_("another process")))) from None
        self.fd = fd
        self.note(address)

    def note(self, address: str) -> None:
        """Say in the lock file who serves the folder, and where (a second ``serve`` names it)."""
        if self.fd is not None:
            os.ftruncate(self.fd, 0)
            os.pwrite(self.fd, f"process {os.getpid()}, {address}\n".encode("utf-8"), 0)

    def release(self) -> None:
        if self.fd is not None:
            try:
                os.ftruncate(self.fd, 0)
            finally:
                os.close(self.fd)
                self.fd = None

"""The serve state folder, ``FOLDER/.gin-ref-serve/``: the tokens file, the instance lock and the journals.

Tokens are random (``secrets``), one per table (by its number or short name) and one for the director,
kept in ``tokens.json`` readable only by its owner, so a restart keeps them and a printed card serves the
whole night; ``replace_tokens`` (``serve --new-tokens``) makes new ones for all. Compared in constant time.

The instance lock (``serve.lock``, a ``flock``) refuses a second ``serve`` on the same folder, naming the
first (its process and address, written into the lock file).
"""

import hmac
import json
import os
import secrets
from typing import Dict, Iterable, Optional

from gin_ref.core.errors import RecordError

STATE_FOLDER = ".gin-ref-serve"
TOKENS_FILE = "tokens.json"
LOCK_FILE = "serve.lock"
DIRECTOR = "director"
TOKEN_BYTES = 18  # 24 characters of URL-safe base64


def state_folder(folder: str) -> str:
    """The serve state folder of ``folder``, made (owner-only) when missing."""
    path = os.path.join(folder, STATE_FOLDER)
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
    except OSError as exc:
        raise RecordError(f"cannot make the serve state folder in '{folder}': "
                          f"{(exc.strerror or str(exc)).lower()}") from None
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


class Tokens:
    """The tokens of a folder's tables (keyed by the table's key: its number, or its short name) and of
    the director, as kept in the tokens file."""

    def __init__(self, path: str, tokens: Dict[str, str]) -> None:
        self.path = path
        self.tokens = tokens

    @classmethod
    def load(cls, folder: str, keys: Iterable[str], renew: bool = False) -> "Tokens":
        """The tokens of ``folder`` for ``keys`` (and the director): those kept, a new one for each key
        without one (all new when ``renew``); the file is written when anything was added."""
        path = os.path.join(state_folder(folder), TOKENS_FILE)
        kept: Dict[str, str] = {}
        if os.path.exists(path) and not renew:
            try:
                with open(path, encoding="utf-8") as data:
                    loaded = json.load(data)
            except (OSError, ValueError) as exc:
                raise RecordError(f"the serve tokens file does not read ({exc.__class__.__name__}): replace "
                                  "them with 'gin-ref serve FOLDER --new-tokens'") from None
            if isinstance(loaded, dict):
                kept = {str(key): str(value) for key, value in loaded.items() if isinstance(value, str) and value}
        wanted = list(keys) + [DIRECTOR]
        changed = renew or not os.path.exists(path)
        for key in wanted:
            if key not in kept:
                kept[key] = new_token()
                changed = True
        tokens = cls(path, kept)
        if changed:
            tokens.save()
        else:
            os.chmod(path, 0o600)
        return tokens

    def save(self) -> None:
        write_private(self.path, json.dumps(self.tokens, indent=1, sort_keys=True) + "\n")

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
        import fcntl

        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            try:
                first = os.read(fd, 500).decode("utf-8", "replace").strip() or "another process"
            finally:
                os.close(fd)
            raise RecordError(f"'{self.folder}' is already served by gin-ref serve ({first}): stop it first, "
                              "or serve another folder") from None
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

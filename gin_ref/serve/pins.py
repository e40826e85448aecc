"""The players' PINs, when the house sets ``serve --pins``: a player confirms a hand that costs him with his
PIN (4 to 8 digits). A PIN is the player's own: typed by him on the director's page (``set``), or drawn by
the server and printed on a slip for him alone (``draw``: ``serve --cards --pins``); a confirm never sets
one. A player without a PIN is told to ask the director.

Wrong PINs: after ``FREE_MISSES`` (5) wrong PINs in a row for a player, his PINs are not looked at for a
pause of 60 s, doubled at each further miss up to 15 minutes (``pause_after``); a right PIN once the pause
is over ends it (the count starts again). The misses and the pause are kept on disk with the PINs, so a
restart does not end them; the director's page shows them and can lift a pause or reset a PIN. Each
pause is logged (``PIN pause: ...``), so the pauses a run of wrong PINs cost can be added up from the log.

Kept in ``pins.json`` in the serve state folder (owner-only): ``{"pins": {player: "salt$PBKDF2"},
"misses": {player: {"count": n, "until": seconds since the epoch}}}``, written atomically under
``pins.lock`` (``serve --cards --pins`` writes it while a server may run). A file of the first form
(``{player: "salt$hash"}``) reads as its PINs.
"""

import fcntl
import hashlib
import hmac
import json
import logging
import os
import secrets
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List, Optional

from gin_ref.core.errors import InvalidNotationError
from gin_ref.desk.language import gettext as _, ngettext
from gin_ref.serve.state import state_folder, write_private

ROUNDS = 20_000
FREE_MISSES = 5  # wrong PINs in a row before the first pause
FIRST_PAUSE = 60.0  # seconds; doubled at each further miss
LONGEST_PAUSE = 15 * 60.0
DRAWN_DIGITS = 6  # a PIN the server draws
LOG = logging.getLogger("gin_ref.serve")


def pause_after(misses: int) -> float:
    """The pause (seconds) after ``misses`` wrong PINs in a row: none before ``FREE_MISSES``, then 60 s
    doubled at each further miss, at most 15 minutes."""
    if misses < FREE_MISSES:
        return 0.0
    return float(min(FIRST_PAUSE * 2 ** min(misses - FREE_MISSES, 20), LONGEST_PAUSE))


def verify_pin_form(player: str, pin: str) -> None:
    if not (pin.isascii() and pin.isdigit() and 4 <= len(pin) <= 8):
        raise InvalidNotationError(_("the PIN of %(player)s is 4 to 8 digits") % {"player": player})


class Pins:
    """The PINs of a folder's players and their wrong tries (``clock``: seconds since the epoch, given by
    the tests; ``log``: where each pause is said)."""

    def __init__(self, folder: str, clock: Callable[[], float] = time.time,
                 log: Optional[logging.Logger] = None) -> None:
        self.folder = folder
        self.clock = clock
        self.log = log or LOG
        self.lock = threading.Lock()

    @property
    def path(self) -> str:
        return os.path.join(state_folder(self.folder), "pins.json")

    @contextmanager
    def _held(self) -> Iterator[Dict[str, Any]]:
        """The file's data, read under the lock (this process's and the file's), written back at the end."""
        with self.lock:
            fd = os.open(os.path.join(state_folder(self.folder), "pins.lock"), os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                data = self._load()
                before = json.dumps(data, sort_keys=True)
                yield data
                if json.dumps(data, sort_keys=True) != before:
                    write_private(self.path, json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
            finally:
                os.close(fd)

    def _load(self) -> Dict[str, Any]:
        try:
            with open(self.path, encoding="utf-8") as data:
                loaded = json.load(data)
        except (OSError, ValueError):
            loaded = {}
        if not isinstance(loaded, dict):
            loaded = {}
        if "pins" not in loaded and "misses" not in loaded:  # the first form: {player: "salt$hash"}
            loaded = {"pins": {key: value for key, value in loaded.items() if isinstance(value, str)}}
        pins: Dict[str, Any] = loaded["pins"] if isinstance(loaded.get("pins"), dict) else {}
        misses: Dict[str, Any] = loaded["misses"] if isinstance(loaded.get("misses"), dict) else {}
        return {"pins": {str(key): str(value) for key, value in pins.items()},
                "misses": {str(key): value for key, value in misses.items() if isinstance(value, dict)}}

    @staticmethod
    def _hash(pin: str, salt: str) -> str:
        return hashlib.pbkdf2_hmac("sha256", pin.encode("utf-8"), salt.encode("ascii"), ROUNDS).hex()

    def _stored(self, pin: str) -> str:
        salt = secrets.token_hex(8)
        return f"{salt}${self._hash(pin, salt)}"

    # -- the director's -------------------------------------------------------------------------------
    def set(self, player: str, pin: str) -> None:
        """``player``'s PIN is ``pin`` (typed by him on the director's page); his misses are forgotten."""
        verify_pin_form(player, pin)
        with self._held() as data:
            data["pins"][player] = self._stored(pin)
            data["misses"].pop(player, None)

    def draw(self, player: str) -> str:
        """A PIN drawn for ``player`` (to print on his slip), kept as his; his misses are forgotten."""
        pin = "".join(secrets.choice("0123456789") for _ in range(DRAWN_DIGITS))
        self.set(player, pin)
        return pin

    def reset(self, player: str) -> None:
        """``player`` has no PIN now (and no misses): the director sets a new one."""
        with self._held() as data:
            data["pins"].pop(player, None)
            data["misses"].pop(player, None)

    def lift(self, player: str) -> None:
        """End ``player``'s pause and forget his misses."""
        with self._held() as data:
            data["misses"].pop(player, None)

    def status(self, players: List[str]) -> List[Dict[str, Any]]:
        """Each player's ``{player, has_pin, misses, paused}`` (``paused``: seconds left, 0 when none)."""
        with self.lock:
            data = self._load()
        now = self.clock()
        found = []
        for player in players:
            missed = data["misses"].get(player, {})
            found.append({"player": player, "has_pin": player in data["pins"], "misses": int(missed.get("count", 0)),
                          "paused": max(0.0, float(missed.get("until", 0)) - now)})
        return found

    def has_pin(self, player: str) -> bool:
        with self.lock:
            return player in self._load()["pins"]

    # -- a confirm's ----------------------------------------------------------------------------------
    def check(self, player: str, pin: str) -> str:
        """"" when ``pin`` is ``player``'s; else why not (no PIN yet, a pause, a wrong or ill-formed PIN)."""
        with self._held() as data:
            stored = data["pins"].get(player)
            if stored is None:
                return _("%(player)s has no PIN yet: ask the director (a PIN is set on the director's page)") % {
                    "player": player}
            missed = data["misses"].get(player, {})
            left = float(missed.get("until", 0)) - self.clock()
            if left > 0:
                return (_("too many wrong PINs for %(player)s: try again in %(wait)s, or ask the director (his page "
                          "can lift the pause)") % {"player": player, "wait": _duration(left)})
            try:
                verify_pin_form(player, pin)
            except InvalidNotationError as exc:
                return str(exc)
            salt, _sep, expected = stored.partition("$")
            if hmac.compare_digest(self._hash(pin, salt), expected):
                data["misses"].pop(player, None)
                return ""
            count = int(missed.get("count", 0)) + 1
            pause = pause_after(count)
            data["misses"][player] = {"count": count, "until": self.clock() + pause}
        if pause:
            self.log.warning("PIN pause: %s, %d wrong PINs in a row: %d s", player, count, pause)
            return ngettext("that is not the PIN of %(player)s: %(count)d wrong in a row, so no PIN of his is looked "
                            "at for %(wait)s",
                            "that is not the PIN of %(player)s: %(count)d wrong in a row, so no PIN of his is looked "
                            "at for %(wait)s", count) % {"player": player, "count": count, "wait": _duration(pause)}
        return _("that is not the PIN of %(player)s") % {"player": player}


def _duration(seconds: float) -> str:
    whole = int(seconds + 0.999)
    if whole < 120:
        return ngettext("%(count)d s", "%(count)d s", whole) % {"count": whole}
    minutes = (whole + 59) // 60
    return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}

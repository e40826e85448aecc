"""The players' PINs, when the house sets ``serve --pins``: a player's first confirm chooses his PIN (4 to 8
digits), every later one needs it. Kept salted and hashed (PBKDF2) in ``pins.json`` in the serve state
folder, readable only by its owner; deleting a player's line there lets him choose again."""

import hashlib
import hmac
import json
import os
import secrets
import threading
from typing import Dict

from gin_ref.serve.state import state_folder, write_private

ROUNDS = 20_000


class Pins:
    def __init__(self, folder: str) -> None:
        self.path = os.path.join(state_folder(folder), "pins.json")
        self.lock = threading.Lock()

    def _load(self) -> Dict[str, str]:
        try:
            with open(self.path, encoding="utf-8") as data:
                loaded = json.load(data)
        except (OSError, ValueError):
            return {}
        return {str(key): str(value) for key, value in loaded.items()} if isinstance(loaded, dict) else {}

    @staticmethod
    def _hash(pin: str, salt: str) -> str:
        return hashlib.pbkdf2_hmac("sha256", pin.encode("utf-8"), salt.encode("ascii"), ROUNDS).hex()

    def check(self, player: str, pin: str) -> str:
        """"" when ``pin`` is ``player``'s (or becomes it, at his first confirm); else why not."""
        if not (pin.isdigit() and pin.isascii() and 4 <= len(pin) <= 8):
            return f"{player}'s PIN is 4 to 8 digits"
        with self.lock:
            kept = self._load()
            stored = kept.get(player)
            if stored is None:
                salt = secrets.token_hex(8)
                kept[player] = f"{salt}${self._hash(pin, salt)}"
                write_private(self.path, json.dumps(kept, indent=1, sort_keys=True) + "\n")
                return ""
        salt, _, expected = stored.partition("$")
        if hmac.compare_digest(self._hash(pin, salt), expected):
            return ""
        return f"that is not {player}'s PIN"

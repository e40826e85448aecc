"""SHA-256 for the seals and the file checks, without loading OpenSSL at every start.

``hashlib`` loads OpenSSL's library when first imported, some 12 million instructions (a seventh of
Python's own start) for one hash of a few kilobytes. CPython's built-in SHA-256 (``_sha256``; ``_sha2``
from 3.12) gives the same digest; where neither is there, ``hashlib``'s is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the same type as hashlib's, for the checker
    from hashlib import sha256
else:
    try:
        from _sha256 import sha256
    except ImportError:  # pragma: no cover - Python 3.12 on, or a build without it
        try:
            from _sha2 import sha256
        except ImportError:
            from hashlib import sha256

__all__ = ["sha256"]

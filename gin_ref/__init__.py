"""gin-ref: a referee and scorer for Gin Rummy at a real table (Oklahoma, three-player, house rules).

``import gin_ref`` loads nothing else (the command's ``--version`` pays for no more); the library is
``gin_ref.api`` (docs/library.md): the engine's check and score and the desk's functions.
"""

from __future__ import annotations

__version__ = "0.1.0"

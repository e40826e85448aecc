"""gin-ref: a referee and scorer for Gin Rummy at a real table (Oklahoma, three-player, house rules).

``import gin_ref`` loads nothing else (the command's ``--version`` pays for no more); the library's names
(``gin_ref.knock``, ``gin_ref.verify``, ``gin_ref.check``...: ``gin_ref.api``) load on first use.
"""

from __future__ import annotations

TYPE_CHECKING = False  # (typing is not imported: --version pays for nothing it does not use)
if TYPE_CHECKING:
    from typing import Any, List

__version__ = "0.1.0"


def __getattr__(name: str) -> "Any":
    """A name of the library (``gin_ref.api.__all__``), loaded on first use (PEP 562)."""
    if name == "api":
        import importlib

        return importlib.import_module("gin_ref.api")
    if name.startswith("__"):
        raise AttributeError(name)
    from gin_ref import api

    if name in api.__all__:
        return getattr(api, name)
    raise AttributeError(f"module 'gin_ref' has no attribute '{name}'")


def __dir__() -> "List[str]":
    from gin_ref import api

    return sorted([*globals(), *api.__all__])

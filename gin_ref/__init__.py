"""gin-ref: a referee and scorer for Gin Rummy at a real table (Oklahoma, three-player, house rules)."""

from __future__ import annotations

__version__ = "0.1.0"

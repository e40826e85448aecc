"""The rules of one deal, pure: cards, melds, deadwood, house rules, knock, layoffs, scoring, the turn-by-turn deal, rotation and bonuses. Imports only the standard library."""

from __future__ import annotations


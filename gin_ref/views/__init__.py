"""Plain data and text from a match state: tally, reports, history, stats, export; the words for each event."""

from __future__ import annotations


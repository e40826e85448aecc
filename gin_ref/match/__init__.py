"""The match record: its schema, replay into a state, and the actions that extend it. Imports only the core."""

from __future__ import annotations


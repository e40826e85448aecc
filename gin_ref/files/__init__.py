"""Files: YAML read and write, the match file (atomic write, lock, line numbers), the rules files and presets."""

from __future__ import annotations


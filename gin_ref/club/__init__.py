"""The club: an event's pairings (round robin, Swiss), match points and tie-breaks (pure)."""

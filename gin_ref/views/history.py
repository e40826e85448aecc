"""Many matches at once: which files are matches, and one history line per match, newest first.

Pure: the functions here take matches already read (``MatchView``: the file name, the record as plain data
and its tally, as ``gin-ref tally --json`` prints it) and return plain data. Reading files is the CLI's job
(``gin_ref.cli.history_cmds``), replaying and scoring a match is ``gin_ref.match``'s.
"""

from dataclasses import dataclass
from functools import cached_property

from gin_ref.match.schema import FORMAT

# A file claims to be a match when its top-level ``format`` names the match format (any version: a file of
# another version is a match we cannot read, named and skipped, not silently ignored).
_FAMILY = FORMAT.split("/")[0] + "/"
MATCH_SUFFIXES = (".yaml", ".yml")


def claims_match(data):
    """Does this document, as the match reader read it, say it is a gin-ref match (``format:
    gin-ref-match/...`` at its top, however the YAML or JSON spells the key)?

    A rules file or any other YAML lacks the key and is not a match at all; a file that claims the format
    but cannot be read is a damaged match.
    """
    if not isinstance(data, dict):
        return False
    fmt = data.get("format")
    return isinstance(fmt, str) and fmt.startswith(_FAMILY)


@dataclass(frozen=True)
class MatchView:
    """One match as history, stats and export see it."""

    file: str  # the path as given or found, shown to people
    record: dict  # the match record as plain data: date, players, rules {name, knobs}, start, hands, ...
    tally: dict  # the ``tally --json`` object

    @property
    def date(self):
        date = self.record.get("date")
        return "" if date is None else str(date)

    @property
    def players(self):
        return list(self.tally["players"])

    @property
    def rules(self):
        return self.tally["rules"]

    @cached_property
    def hands(self):
        """The tally's hands that are settled and count (an open hand has no result yet; a hand played after
        an end an amend brought earlier does not count)."""
        return [hand for hand in self.tally["hands"] if hand.get("result") and not hand.get("after_end")]

    @property
    def three_player(self):
        return "roles" in self.tally

    @property
    def hollywood(self):
        return "games" in self.tally


def newest_first(views):
    """Matches by date, newest first; matches of the same date by file name."""
    by_name = sorted(views, key=lambda view: view.file)
    return sorted(by_name, key=lambda view: view.date, reverse=True)


def oldest_first(views):
    """Matches by date, oldest first; matches of the same date by file name."""
    return sorted(views, key=lambda view: (view.date, view.file))


def history_row(view):
    """The ``history --json`` entry of one match."""
    tally = view.tally
    return {
        "file": view.file,
        "date": view.date,
        "players": view.players,
        "rules": view.rules,
        "winner": tally.get("winner"),
        "final": tally.get("final"),
        "hands": len(view.hands),
        **({"result_only": True} if tally.get("result_only") else {}),
    }


def history_data(views, skipped=()):
    """The ``history --json`` object: one entry per match newest first, and the files skipped.

    ``skipped`` is a sequence of ``(file, error message)``.
    """
    return {
        "matches": [history_row(view) for view in newest_first(views)],
        "skipped": [{"file": file, "error": error} for file, error in skipped],
    }


def standing(view):
    """The score as a person reads it: the final score (bonuses in) once over, else the running totals."""
    tally = view.tally
    return (tally.get("final") if tally.get("finished") else None) or tally.get("totals") or {}

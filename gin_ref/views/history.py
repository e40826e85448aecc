"""Many matches at once: which files are matches, and one history line per match, newest first.

Pure: the functions here take matches already read (``MatchView``: the file name, the record as plain data
and its tally, as ``gin-ref tally --json`` prints it) and return plain data. Reading files is the CLI's job
(``gin_ref.cli.history_cmds``), replaying and scoring a match is ``gin_ref.match``'s.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from gin_ref.match.schema import FORMAT
from gin_ref.match.tally import HandTally, Scores, Tally
from gin_ref.views.cells import cells
from gin_ref.views.table import grid
from gin_ref.views.text import short_name
from gin_ref.views.words import paid_words

# A file claims to be a match when its top-level ``format`` names the match format (any version: a file of
# another version is a match we cannot read, named and skipped, not silently ignored).
_FAMILY = FORMAT.split("/")[0] + "/"


def claims_match(data: object) -> bool:
    """Does this document, as the match reader read it, say it is a gin-ref match (``format:
    gin-ref-match/...`` at its top, however the YAML or JSON spells the key)?

    A rules file or any other YAML lacks the key and is not a match at all; a file that claims the format
    but cannot be read is a damaged match.
    """
    if not isinstance(data, dict):
        return False
    fmt = data.get("format")
    return isinstance(fmt, str) and fmt.startswith(_FAMILY)


class MatchView:
    """One match as history, stats and export see it.

    A plain class (its ``hands`` is worked out once, kept in the instance), not a dataclass: a dataclass
    writes and compiles its methods when its module is imported, a cost every command paid at start."""

    file: str  # the path as given or found, shown to people
    record: Dict[str, Any]  # the match record as plain data: date, players, rules {name, knobs}, start, hands
    tally: Tally  # the match's tally (``gin_ref.match.tally``)
    seals: Tuple[Dict[str, Any], ...]  # each seal that fails: {line, hand, kind, message}
    digest: str  # the SHA-256 of the file's bytes it was read from (the summary cache's proof)

    def __init__(self, file: str, record: Dict[str, Any], tally: Tally, seals: Tuple[Dict[str, Any], ...] = (),
                 digest: str = "") -> None:
        self.file, self.record, self.tally, self.seals, self.digest = file, record, tally, seals, digest

    def __eq__(self, other: object) -> bool:
        return type(other) is MatchView and (self.file, self.record, self.tally, self.seals, self.digest) == (
            other.file, other.record, other.tally, other.seals, other.digest)

    __hash__ = None  # type: ignore[assignment]  # its record is a dict

    def __repr__(self) -> str:
        return (f"MatchView(file={self.file!r}, record={self.record!r}, tally={self.tally!r}, seals={self.seals!r}, "
                f"digest={self.digest!r})")

    @property
    def date(self) -> str:
        date = self.record.get("date")
        return "" if date is None else str(date)

    @property
    def players(self) -> List[str]:
        return list(self.tally.players)

    @property
    def rules(self) -> str:
        return self.tally.rules

    @property
    def knobs(self) -> Mapping[str, Any]:
        """The house rules the record lists (``rules.knobs``)."""
        return (self.record.get("rules") or {}).get("knobs") or {}

    @cached_property
    def hands(self) -> List[HandTally]:
        """The tally's hands that are settled and count (an open hand has no result yet; a hand played after
        an end an amend brought earlier does not count)."""
        return [hand for hand in self.tally.hands if hand.settled and not hand.after_end]

    @property
    def three_player(self) -> bool:
        return self.tally.three

    @property
    def hollywood(self) -> bool:
        return self.tally.hollywood


def newest_first(views: Iterable[MatchView]) -> List[MatchView]:
    """Matches by date, newest first; matches of the same date by file name."""
    by_name = sorted(views, key=lambda view: view.file)
    return sorted(by_name, key=lambda view: view.date, reverse=True)


def oldest_first(views: Iterable[MatchView]) -> List[MatchView]:
    """Matches by date, oldest first; matches of the same date by file name."""
    return sorted(views, key=lambda view: (view.date, view.file))


def history_row(view: MatchView) -> Dict[str, Any]:
    """The ``history --json`` entry of one match."""
    tally = view.tally
    return {
        "file": view.file,
        "date": view.date,
        "players": view.players,
        "rules": view.rules,
        "winner": tally.winner,
        "final": tally.final,
        "hands": len(view.hands),
        **({"result_only": True} if tally.result_only is not None else {}),
    }


def history_data(views: Iterable[MatchView], skipped: Sequence[Tuple[str, str]] = ()) -> Dict[str, Any]:
    """The ``history --json`` object: one entry per match newest first, and the files skipped.

    ``skipped`` is a sequence of ``(file, error message)``.
    """
    return {
        "matches": [history_row(view) for view in newest_first(views)],
        "skipped": [{"file": file, "error": error} for file, error in skipped],
    }


def paid_notes(views: Iterable[MatchView]) -> List[str]:
    """``match.yaml: Ann wins the game; Ben is paid 95 on boxes`` for each finished match (in the order given)
    whose game's loser is paid, box bonuses lifting his final above the winner's (``words.paid_words``):
    a grid of winners and scores says it in words under it."""
    notes = []
    for view in views:
        tally = view.tally
        if tally.finished and not tally.hollywood:  # several games: said per game (settle, tally)
            words = paid_words(tally.final, tally.winner, tally.bonuses)
            if words is not None:
                notes.append(f"{view.file}: {words}")
    return notes


def standing(view: MatchView) -> Scores:
    """The score as a person reads it: the final score (bonuses in) once over, else the running totals."""
    return view.tally.standing()


HISTORY_HEADERS = ["date", "players", "rules", "winner", "score", "hands", "file"]


def history_text(views: Sequence[MatchView], data: Mapping[str, Any], width: Optional[int] = None) -> str:
    """``history`` for people: one line per match newest first (``data``: ``history_data``'s), fitting
    ``width`` cells (a narrow terminal keeps the date, the score naming every player, the file), then the
    matches won by a player who is not paid (``paid_notes``)."""
    rows = []
    for view, row in zip(newest_first(views), data["matches"]):
        scores = ", ".join(f"{short_name(name)} {standing(view).get(name, 0)}" for name in view.players)
        state = " (playing)" if not view.tally.finished else " (result only)" if row.get("result_only") else ""
        rows.append([row["date"], ", ".join(map(short_name, row["players"])), row["rules"],
                     short_name(row["winner"] or "-"), scores + state, row["hands"], row["file"]])
    headers = HISTORY_HEADERS
    text = grid(rows, headers=headers, width=width, wrap=(1, 4), drop=(2,), clip_end=(6,), right={5})
    if width is not None and max(cells(line) for line in text.splitlines()) > width:  # a narrow terminal:
        keep = [0, 4, 6]  # the score names every player, with his points
        text = grid([[row[i] for i in keep] for row in rows], headers=[headers[i] for i in keep], width=width,
                    wrap=(1,), clip_end=(2,))
    notes = paid_notes(newest_first(views))
    return text + ("\n\n" + "\n".join(notes) if notes else "")

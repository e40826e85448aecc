"""Many matches at once: which files are matches, and one history line per match, newest first.

Pure: the functions here take matches already read (``MatchView``: the file name, the match's date and house
rules, its tally, the seals that fail: typed values) and return text, or the ``--json`` object
(``history_data``). Reading files is the desk's job (``gin_ref.desk.reading``), replaying and scoring a match
is ``gin_ref.match``'s.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Sequence, Tuple

from gin_ref.core.rules import HouseRules
from gin_ref.desk.language import gettext

from gin_ref.match.tally import HandTally, Scores, Tally
from gin_ref.views.cells import cells
from gin_ref.views.table import grid
from gin_ref.views.text import short_name
from gin_ref.views.words import paid_words

if TYPE_CHECKING:  # made by the desk, which reads the seals; for the types only (tally never makes one)
    from gin_ref.views.failed_seal import FailedSeal

class MatchView:
    """One match as history, stats and export see it.

    A plain class (its ``hands`` is worked out once, kept in the instance), not a dataclass: a dataclass
    writes and compiles its methods when its module is imported, a cost every command paid at start."""

    file: str  # the path as given or found, shown to people
    date: str  # the match's date, as its record holds it ("" if none)
    house: HouseRules  # the house rules it is played by (the record's rules: name and knobs)
    tally: Tally  # the match's tally (``gin_ref.match.tally``)
    seals: Tuple[FailedSeal, ...]  # each seal that fails
    digest: str  # the SHA-256 of the file's bytes it was read from (the summary cache's proof)
    written: object  # the record as the writer in ``gin_ref.files`` gives it: the JSON export's, never read here

    def __init__(self, file: str, date: str, house: HouseRules, tally: Tally, seals: Tuple[FailedSeal, ...] = (),
                 digest: str = "", written: object = None) -> None:
        self.file, self.date, self.house, self.tally, self.seals = file, date, house, tally, seals
        self.digest, self.written = digest, written

    def _key(self) -> Tuple[object, ...]:
        return self.file, self.date, self.house, self.tally, self.seals, self.digest, self.written

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatchView) and type(other) is MatchView and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # its tally holds dicts

    def __repr__(self) -> str:
        return (f"MatchView(file={self.file!r}, date={self.date!r}, house={self.house!r}, tally={self.tally!r}, "
                f"seals={self.seals!r}, digest={self.digest!r})")

    @property
    def players(self) -> List[str]:
        return list(self.tally.players)

    @property
    def rules(self) -> str:
        return self.tally.rules

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


def history_row(view: MatchView) -> Dict[str, object]:
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


def history_data(views: Iterable[MatchView], skipped: Sequence[Tuple[str, str]] = ()) -> Dict[str, object]:
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
                notes.append(f"{view.file}: {words}")  # a file and what it says: a label, not a sentence
    return notes


def standing(view: MatchView) -> Scores:
    """The score as a person reads it: the final score (bonuses in) once over, else the running totals."""
    return view.tally.standing()




def history_text(views: Sequence[MatchView], width: Optional[int] = None) -> str:
    """``history`` for people: one line per match newest first (what ``history_data`` gives), fitting
    ``width`` cells (a narrow terminal keeps the date, the score naming every player, the file), then the
    matches won by a player who is not paid (``paid_notes``)."""
    rows: List[List[object]] = []
    for view in newest_first(views):
        tally, now = view.tally, standing(view)
        scores = ", ".join(f"{short_name(name)} {now[name]}" for name in view.players)
        said = {"scores": scores}
        scores = (gettext("%(scores)s (playing)") % said if not tally.finished else
                  gettext("%(scores)s (result only)") % said if tally.result_only is not None else scores)
        rows.append([view.date, ", ".join(map(short_name, view.players)), view.rules,
                     short_name(tally.winner or "-"), scores, len(view.hands), view.file])
    headers = [gettext("date"), gettext("players"), gettext("rules"), gettext("winner"), gettext("score"),
               gettext("hands"), gettext("file")]
    text = grid(rows, headers=headers, width=width, wrap=(1, 4), drop=(2,), clip_end=(6,), right={5})
    if width is not None and max(cells(line) for line in text.splitlines()) > width:  # a narrow terminal:
        keep = [0, 4, 6]  # the score names every player, with his points
        text = grid([[row[i] for i in keep] for row in rows], headers=[headers[i] for i in keep], width=width,
                    wrap=(1,), clip_end=(2,))
    notes = paid_notes(newest_first(views))
    return text + ("\n\n" + "\n".join(notes) if notes else "")

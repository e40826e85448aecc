"""What the director's page does, in this process (#37): each act and report is one call of the desk
(``gin_ref.desk``), made in a worker thread by ``gin_ref.serve.director``, on the absolute path of a
table's file; what it did is said in the command line's words (the same views), and a refusal is its
``Error: ...`` line, without the folder's path.

The forms are read here into the desk's typed arguments: a ruling's (``ruling_of``) and an amend's
(``amend_of``: the hand, how it ended, the knocker, each side's count or cards, the upcard, the melds and
the discard, as fields, never a line of options). A write waits ``WAIT`` seconds for another writer's lock;
past it, the page says the file is busy (the desk's ``Kind.BUSY``), to try again.
"""

import os
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Tuple, Union

from gin_ref.core.cards import Card
from gin_ref.core.digits import has_digits_for, is_ascii_whole
from gin_ref.core.errors import GinRefError, InvalidNotationError
from gin_ref.core.escape import one_line
from gin_ref.desk import club, corrections, exports, reports
from gin_ref.desk import verify as desk_verify
from gin_ref.desk.errors import N_, DeskError, Kind, said
from gin_ref.desk.language import gettext as _
from gin_ref.desk.outcomes import Corrected
from gin_ref.files import matchfile
from gin_ref.match.rulings import MAX_POINTS
from gin_ref.views import amend_text, hand_text, standing, step_words, words
from gin_ref.views.event_view import paired_text
from gin_ref.views.settle import settle_lines

WAIT = 2.0  # seconds a write waits for another writer's lock on the file
WIDTH = 100  # the columns of the command line's words on the page (as ``COLUMNS=100``)
KINDS = ("award", "void", "redeal", "forfeit")
RESULTS = ("knock", "gin", "big", "dead")
BUSY = N_("%(name)s is busy (another writer holds it): nothing was done; try again in a moment")
Said = Tuple[bool, str]  # (done, what the page says)


def unpathed(text: str, folder: str) -> str:
    """``text`` without the folder's path: a file by its name, as the command line run in it says it."""
    return text.replace(os.path.join(folder, ""), "")


def refused(exc: DeskError, folder: str, name: Optional[str] = None) -> Said:
    """A desk refusal as the page says it (its ``Error: ...`` line, in the language spoken)."""
    if exc.kind == Kind.BUSY:
        return False, _(BUSY) % {"name": name or _("the file")}
    return False, "Error: " + one_line(unpathed(said(exc.refusal), folder))


# -- the reports -------------------------------------------------------------------------------------------
def verify_entry(folder: str, path: str) -> Dict[str, Any]:
    """``verify --json``'s entry of the match file at ``path`` (in ``folder``): named by its name, its
    messages without the folder's path."""
    entry = dict(desk_verify.verify_file(path).entry)
    entry["file"] = os.path.basename(path)
    entry["problems"] = [{**problem, "message": unpathed(str(problem["message"]), folder)}
                         for problem in entry.get("problems", [])]
    return entry


def settlement(folder: str, files: List[str], stake: str, currency: str) -> Said:
    """``settle --stake STAKE --currency CURRENCY`` of the files: its lines, the warnings after them."""
    try:
        settled = reports.settle([os.path.join(folder, name) for name in files], stake or "1")
    except DeskError as exc:
        return refused(exc, folder)
    lines = settle_lines(settled.settlement, currency)
    return True, unpathed("\n".join(lines + [one_line(warning) for warning in settled.warnings]), folder)


Exported = Tuple[bool, Union[str, bytes], str, str]


def exported(folder: str, files: List[str], fmt: str) -> Exported:
    """``export --format FMT`` of the files: ``(True, the file's content, its file name, its media type)``, or
    ``(False, the refusal's words, "", "")`` (an unknown format, a file that does not read)."""
    try:
        done = exports.export([os.path.join(folder, name) for name in files], fmt)
    except DeskError as exc:
        ok, text = refused(exc, folder)
        return ok, text, "", ""
    pieces = list(done.chunks)
    content: Union[str, bytes] = b"".join(p for p in pieces if isinstance(p, bytes)) if done.format.binary \
        else "".join(p for p in pieces if isinstance(p, str))
    name = os.path.basename(os.path.realpath(folder)) or "matches"
    return True, content, name + done.format.suffix, done.format.media


# -- the acts ----------------------------------------------------------------------------------------------
def pair(folder: str) -> Said:
    """``event pair``: the next round, all or nothing; its table list, then its notes."""
    try:
        paired = club.pair_round(folder)
    except DeskError as exc:
        return refused(exc, folder, _("the event file"))
    text = paired_text(paired.event, paired.round, "", WIDTH)  # the files by their names in the folder
    return True, unpathed("\n".join([text] + paired.notes), folder)


class Ruling(NamedTuple):
    kind: str
    reason: str
    hand: Optional[int]
    player: Optional[str]
    points: Optional[int]
    by: Optional[str]
    upcard: Optional[Card] = None  # a hand entered and rejected, never dealt: dealt with it, then ruled


def ruling_of(fields: Dict[str, str]) -> Ruling:
    """The ruling the form's fields stand for (InvalidNotationError for a field that does not read)."""
    kind = fields.get("kind", "")
    if kind not in KINDS:
        raise InvalidNotationError(_("a ruling is one of %(kinds)s, not '%(given)s'")
                                   % {"kinds": ", ".join(KINDS), "given": kind[:20]})
    player = fields.get("player", "").strip() or None
    points = None
    if kind == "award":
        text = fields.get("points", "").strip()
        if not is_ascii_whole(text) or not has_digits_for(text, MAX_POINTS):
            raise InvalidNotationError(_("the points of an award are a whole number from 0 to %(most)d, not "
                                         "'%(given)s'") % {"most": MAX_POINTS, "given": text[:20]})
        points = int(text)
    upcard_text = fields.get("upcard", "").strip()
    return Ruling(kind, fields.get("reason", ""), hand_of(fields.get("hand", ""), optional=True),
                  player if kind in ("award", "forfeit") else None, points, fields.get("by", "").strip() or None,
                  Card.parse(upcard_text) if upcard_text else None)


def hand_of(text: str, optional: bool = False) -> Optional[int]:
    text = text.strip()
    if not text and optional:
        return None
    if not is_ascii_whole(text) or not has_digits_for(text, 999_999_999) or int(text) < 1:
        raise InvalidNotationError(_("the hand is its number (1, 2, ...), not '%(given)s'") % {"given": text[:20]})
    return int(text)


def ruling(folder: str, name: str, given: Ruling) -> Said:
    """``ruling``: the hand's ruling, then the standing."""
    try:
        done = corrections.rule(os.path.join(folder, name), given.kind, given.reason, given.hand, given.player,
                                given.points, given.by, wait=WAIT, upcard=given.upcard)
    except DeskError as exc:
        return refused(exc, folder, name)
    dealt = ([f"{name}: " + hand_text.deal_text(done.match, done.dealt.deal)]
             if done.dealt is not None and done.dealt.deal is not None else [])
    lines = dealt + [one_line(f"{name}: hand {done.hand}: {words.ruling_words(done.ruling)}")]
    return True, "\n".join(lines + standing.standing_lines(done.match))


Given = Union[int, str]


class Amend(NamedTuple):
    hand: int
    dead: bool
    player: Optional[str]
    knocker: Optional[Given]
    defender: Optional[Given]
    melds: Optional[str]
    discard: Optional[Card]
    big_gin: bool
    upcard: Optional[Card]


def amend_of(fields: Dict[str, str]) -> Amend:
    """The amend the form's fields stand for: the hand, how it ended (``result``: knock, gin, big, dead), who
    knocked, his count or cards (``count``) and the defender's (``defender``), the upcard, the melds and
    the discard when the cards say them (InvalidNotationError for a field that does not read)."""
    hand = hand_of(fields.get("hand", ""))
    assert hand is not None
    result = fields.get("result", "knock")
    if result not in RESULTS:
        raise InvalidNotationError(_("the result is one of %(results)s, not '%(given)s'")
                                   % {"results": ", ".join(RESULTS), "given": result[:20]})
    upcard_text = fields.get("upcard", "").strip()
    upcard = Card.parse(upcard_text) if upcard_text else None
    if result == "dead":
        return Amend(hand, True, None, None, None, None, None, False, upcard)
    player = fields.get("player", "").strip()
    if not player:
        raise InvalidNotationError(_("who knocked? Choose the knocker"))
    mine = 0 if result in ("gin", "big") else fields.get("count", "").strip()
    theirs = fields.get("defender", "").strip()
    if mine == "":
        raise InvalidNotationError(_("the knocker's count (or cards) is missing"))
    if not theirs:
        raise InvalidNotationError(_("the defender's count (or cards) is missing: his deadwood after his layoffs"))
    discard_text = fields.get("discard", "").strip()
    return Amend(hand, False, player, mine, theirs, fields.get("melds", "").strip() or None,
                 Card.parse(discard_text) if discard_text else None, result == "big", upcard)


def amend(folder: str, name: str, given: Amend) -> Said:
    """``amend``: what changed (the hand, the later hands, the totals), then the event's warning."""
    try:
        done = corrections.amend(os.path.join(folder, name), given.hand, given.player, given.knocker,
                                 given.defender, given.melds, given.discard, given.big_gin, given.upcard, given.dead,
                                 wait=WAIT)
    except DeskError as exc:
        return refused(exc, folder, name)
    text = amend_text.amend_text(done.match, done.hand, done.before, done.settlement, WIDTH)
    return True, unpathed("\n".join([text] + ([done.warning] if done.warning else [])), folder)


def undo_question(folder: str, name: str) -> Said:
    """What ``undo`` would take back from the file (asked before it is done), or why it would be refused."""
    path = os.path.join(folder, name)
    try:
        refusal = corrections.can_undo(path)
        if refusal is not None:
            raise DeskError(refusal)
        step = matchfile.load(path).match.newest_step()
    except DeskError as exc:
        return refused(exc, folder, name)
    except GinRefError as exc:  # changed between the two readings: the undo itself will say
        return False, "Error: " + one_line(unpathed(str(exc), folder))
    return True, step_words.undone_words(step)


def _corrected(folder: str, name: str, act: Callable[..., Corrected], done_words: str) -> Said:
    """``undo`` or ``redo`` (``act``): what it did (``done_words``: took back, put back), the standing, then the event's
    warning."""
    try:
        done = act(os.path.join(folder, name), wait=WAIT)
    except DeskError as exc:
        return refused(exc, folder, name)
    lines = [_(done_words) % {"what": done.what}] + standing.standing_lines(done.match)
    return True, unpathed("\n".join(lines + ([done.warning] if done.warning else [])), folder)


def undo(folder: str, name: str) -> Said:
    """``undo``: what it took back, the standing, then the event's warning."""
    return _corrected(folder, name, corrections.undo, N_("took back %(what)s"))


def redo(folder: str, name: str) -> Said:
    """``redo``: what it put back (the step the newest undo took, while nothing was written since)."""
    return _corrected(folder, name, corrections.redo, N_("put back %(what)s"))

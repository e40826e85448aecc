"""What a table's page does to its match, through the same actions and the same file commit as the command
line (``gin_ref.match.model.Match``, ``gin_ref.files.store``: the match file's one lock and its checked
write), so ``serve``, ``play`` and the one-shot commands work on one folder at once.

- ``gin_ref.serve.acts.read_action``: a hand as the form gives it (knocker, counts or cards, gin, big gin,
  dead, the upcard) or as ``play``'s table line (``9h b 5 23``), read into the typed act it stands for; bad
  input is refused with the command line's own words.
- ``enter``: the action is tried on the match as the file holds it now (nothing written) and, when it
  would stand, journaled as pending with what it will do as facts (never words). A count over the limit is asked about
  (``Question``), as ``play`` asks. An entry id already journaled is that entry: nothing twice.
- ``confirm``: a player the hand costs confirms it (``confirmers``: one who plays it and scores nothing on
  it; for an undo, one whose points it takes back; when it moves no points, a dead hand, any player but
  the one who entered it); the action runs again on the file as it is and is written, unless the file
  changed since the entry (then refused, saying what changed, as ``play`` does). ``reject``: another
  player rejects it (nothing is written: a dispute goes to the director), or the one who entered it
  withdraws it.

Every entry names who entered it (``by``): none is refused (``WHO_ENTERS``).
"""

import re
from collections import OrderedDict
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence

from gin_ref.core.cards import Card
from gin_ref.core.errors import GinRefError
from gin_ref.desk import onrecord
from gin_ref.desk.errors import DeskError, Kind, said_field
from gin_ref.core.message import Message, N_
from gin_ref.desk.language import gettext as _, ngettext
from gin_ref.core.players import find_player
from gin_ref.files import matchfile as _matchfile
from gin_ref.files import recordformat, store
from gin_ref.files import seals
from gin_ref.match.model import Match
from gin_ref.match.tally import hand_tally
from gin_ref.serve import handview
from gin_ref.serve.acts import Act, Dead, Knock, Undo, to_json
from gin_ref.serve.journal import ID, PENDING, RECORDED, REJECTED, STALE, Entry, Journal, why_words
from gin_ref.views import hand_text, standing, step_words
from gin_ref.desk.reading import seen_of
from gin_ref.views.changes import Seen, describe_changes

matchfile: Any = _matchfile  # the files layer is not annotated: its calls are taken as they come
LOCK_WAIT = 2.0  # seconds a page waits for the match file's lock (another writer's) before saying so
WHO_ENTERS = Message(N_("who enters this? Choose your name (I am ...): every entry names the player who made it"))


class Question(Exception):
    """A count over the limit: did the knock really happen? (``play``'s question, in its words.)"""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class Refusal(Exception):
    """An entry, a confirm or a reject refused: a message of the catalogue and its facts (``said_as``), said
    in the language spoken where it is shown (``str``)."""

    status = 409

    def __init__(self, said_as: "Message | str") -> None:
        super().__init__(said_as)
        self.said_as = said_as

    def __str__(self) -> str:
        said_as = self.said_as
        return said_as.say(_, ngettext) if isinstance(said_as, Message) else said_as


class Incomplete(Refusal):
    """A form that leaves out what it must say (who enters it): refused as a bad request."""

    status = 400


# -- running an act -------------------------------------------------------------------------------------
def run_action(record: Any, action: Act, said_too: bool = True) -> List[str]:
    """Run ``action`` on ``record`` (a ``matchfile.Record``, in memory: the desk's act on the record held,
    ``gin_ref.desk.onrecord``); what it did, in the command line's words (none unless ``said_too``: a
    confirm only writes what its entry said already). A count over the limit is asked about (``Question``)."""
    said, _ = try_action(record, action, said_too)
    return said


def try_action(record: Any, action: Act, said_too: bool = True) -> "tuple[List[str], Optional[handview.Drawn]]":
    """``run_action``'s words and the hand as the table page draws it (``gin_ref.serve.handview``, from the
    desk's typed outcome; None unless ``said_too``)."""
    try:
        if isinstance(action, Undo):
            last = _last_settled(record.match) if said_too else None
            undone = onrecord.undo_on(record)
            if not said_too:
                return [], None
            settled = last if last is not None and undone.kind == "result" and undone.hand == last.number else None
            return ([_("took back %(what)s") % {"what": undone.what}] + standing.standing_lines(undone.match),
                    handview.undo_drawn(undone.match, handview.undo_facts(undone.kind, undone.hand, undone.turn,
                                                                          settled), undone.hand))
        upcard = Card.parse(action.upcard) if action.upcard else None
        if isinstance(action, Dead):
            ended = onrecord.dead_on(record, upcard)
            done: Any = ended
        else:
            mine, theirs = action.given()
            done = onrecord.knock_on(record, action.knocker, mine, theirs, action.big_gin, action.illegal, upcard)
    except DeskError as exc:
        if exc.kind == Kind.COUNT_OVER_LIMIT:
            asked = exc.refusal
            raise Question(_("%(reason)s. Did %(player)s really knock with %(count)s?")
                           % {"reason": said_field(asked, "reason"), "player": asked.field("player"),
                              "count": asked.field("count")}) from None
        raise
    if not said_too:
        return [], None
    match = done.match
    said = [hand_text.deal_text(match, done.dealt.outcome.step.data)] if done.dealt is not None else []
    if isinstance(action, Dead):
        return said + [_("hand %(hand)s is dead: no score") % {"hand": done.hand}] + standing.standing_lines(match), \
            handview.dead_drawn(match, done.hand)
    drawn = handview.knock_drawn(match, done.outcome, done.dealt is not None)
    if done.outcome.refused:
        return said + [step_words.refusal_words(match.state, done.outcome, done.dealt is not None)] + \
            standing.standing_lines(match), drawn
    return said + [hand_text.knock_text(match, done.outcome)], drawn


def _last_settled(match: Match) -> Any:
    """The last hand's tally when it is settled (what an undo of its result takes back), else None."""
    if not match.hands:
        return None
    hand = hand_tally(match, len(match.hands))
    return hand if hand.settled else None


# -- the file ---------------------------------------------------------------------------------------------
@contextmanager
def writing(journal: Journal, path: str) -> Iterator[store.Held]:
    """The match file's lock (``store.locked``, waiting up to LOCK_WAIT seconds for another writer, then
    ``store.Busy``), then the table's journal guard. The lock is a ``flock`` on a file opened anew each time,
    so it keeps out another thread of this server as well as another process; the journal's thread lock,
    taken inside it, only keeps a page that reads the journal from seeing half of a step. A write goes
    through the Held yielded (``held.change()``), never a second lock of the same file."""
    with store.locked(path, wait=LOCK_WAIT) as held, journal.lock:
        yield held


def read_match(path: str) -> "tuple[bytes, Match]":
    raw, record = read_record(path)
    return raw, record.match


def read_record(path: str) -> "tuple[bytes, Any]":
    """The match file's bytes and its record (a ``matchfile.Record``), read once."""
    raw = matchfile.read_bytes(path)
    return raw, matchfile.loads(matchfile.decode(raw, path), path)


def digest(raw: bytes) -> str:
    made: str = matchfile.digest(raw)
    return made


class Bases:
    """The match files' bytes each pending entry was checked against, by digest (a few per table, in
    memory), so a refused confirm can say what changed ("" when it cannot: after a restart)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.kept: "OrderedDict[str, bytes]" = OrderedDict()

    def keep(self, raw: bytes) -> str:
        key = digest(raw)
        self.kept[key] = raw
        self.kept.move_to_end(key)
        while len(self.kept) > self.size:
            self.kept.popitem(last=False)
        return key

    def changes(self, base: str, now: bytes, path: str) -> str:
        old = self.kept.get(base)
        if old is None:  # entered before a restart: the bytes are gone, the change is not told
            return ""
        try:
            found = describe_changes(_plain(old, path), _plain(now, path))
        except Exception:  # the words for a change must not cost the answer: say that it changed
            found = []
        return "; ".join(found)


def _plain(raw: bytes, path: str) -> Seen:
    try:
        return seen_of(matchfile.record_data(matchfile.loads(matchfile.decode(raw, path), path)))
    except (GinRefError, UnicodeDecodeError) as exc:
        return Seen(str(exc))


# -- who confirms ------------------------------------------------------------------------------------------
def confirmers(before: Dict[str, int], match: Match, kind: str, entrant: str) -> List[str]:
    """The players who may confirm an entry that took ``match`` from the totals ``before`` to its own: those
    it costs. A hand: the players who play it (not one who sits it out) and score nothing on it; an undo:
    the players whose points it takes back. An entry that moves no points (a dead hand, an illegal knock
    kept, an undo of a deal): any player but the one who entered it."""
    after = match.state.totals
    players = list(match.players)
    if kind == "undo":
        found = [name for name in players if after.get(name, 0) < before.get(name, 0)]
    else:
        scored = {name for name in players if after.get(name, 0) > before.get(name, 0)}
        roles = match.state.setups[-1].roles if match.state.setups else None
        sitter = roles.sitter if roles is not None else None
        found = [name for name in players if scored and name not in scored and name != sitter]
    return found or [name for name in players if name != entrant]


def verify_confirmer(who: str, allowed: Sequence[str], entry: Entry) -> None:
    """Refuse ``who``'s confirm unless the entry costs him (``allowed``: ``confirmers``)."""
    if who in allowed:
        return
    names = " or ".join(allowed)  # names joined as the English said them (a list of names, not words)
    if entry.kind == "undo":
        why = Message(N_("the undo takes back the points of %(names)s"), names=names)
    elif isinstance(entry.action, Dead) or who == entry.by:
        why = Message(N_("%(player)s entered it"), player=who)
    else:
        why = Message(N_("it costs %(names)s, not %(player)s"), names=names, player=who)
    if who == entry.by:
        raise Refusal(Message(N_("%(player)s cannot confirm this: %(why)s, so %(names)s confirms it "
                                 "(or %(player)s withdraws it)"), player=who, why=why, names=names))
    raise Refusal(Message(N_("%(player)s cannot confirm this: %(why)s, so %(names)s confirms it"),
                          player=who, why=why, names=names))


# -- the journal's steps ----------------------------------------------------------------------------------
def check_id(ident: str) -> str:
    if not ID.fullmatch(ident or ""):
        raise Refusal(Message(N_("this form has no entry id: reload the page")))
    return ident


def enter(journal: Journal, path: str, bases: Bases, ident: str, kind: str, action: Act, by: str,
          players: Sequence[str]) -> Entry:
    """Journal an entry as pending, after trying it on the match as the file holds it (see the module)."""
    check_id(ident)
    if not by:
        raise Incomplete(WHO_ENTERS)
    with writing(journal, path) as held:
        journal.settle(*_settling(path))
        known = journal.entries.get(ident)
        if known is not None:
            return known
        waiting = journal.pending()
        if waiting:
            raise Refusal(Message(N_("%(entry)s waits for confirmation: confirm or reject it first"),
                                  entry=describe(waiting[0])))
        raw = held.read()
        record = matchfile.loads(matchfile.decode(raw, path), path)
        before = _before(record)
        totals = dict(record.match.state.totals)
        said, drawn = try_action(record, action)
        base = bases.keep(raw)
        written = matchfile.written(record.match)
        after = _sealed(written, before)
        # facts only (#38): the act and the drawing's data, said by each page in its own language; what the
        # entry did in words answers this request alone (its page's language), never journaled
        journal.append({"op": "enter", "id": ident, "kind": kind, "action": to_json(action), "by": by, "base": base,
                        "drawn": handview.to_json(drawn) if drawn is not None else None,
                        "time": matchfile.now(), "after": after,
                        "mark": _mark(written, raw, kind), "confirmers": confirmers(totals, record.match, kind, by)})
        entry = journal.entries[ident]
        entry.words = said if drawn is None else []
        entry.said = said
        return entry


def describe(entry: Entry) -> Message:
    """An entry in a few words, said where it is shown: an undo, a dead hand, a player's knock."""
    if entry.kind == "undo":
        return Message(N_("an undo"))
    action = entry.action
    if isinstance(action, Dead):
        return Message(N_("a dead hand"))
    return Message(N_("a knock by %(player)s"), player=action.knocker) if isinstance(action, Knock) \
        else Message(N_("a hand"))


def confirm(journal: Journal, path: str, bases: Bases, ident: str, by: str, players: Sequence[str],
            on_written: Optional[Callable[[], None]] = None) -> Entry:
    """Write a pending entry to the match file, confirmed by ``by`` (see the module)."""
    check_id(ident)
    with writing(journal, path) as held:
        journal.settle(*_settling(path))
        entry = _entry(journal, ident)
        if entry.status == RECORDED:
            return entry
        if entry.status != PENDING:
            why = why_words(entry)  # who rejected it: a fact of the journal now, said here
            raise Refusal(_not_standing(entry.status, why))
        who = find_player(players, by) if by else ""
        if not who:
            raise Refusal(Message(N_("who confirms? Tap your name")))
        if entry.confirmers:
            verify_confirmer(who, entry.confirmers, entry)
        stale: Optional[str] = None
        try:
            with held.change(notify=lambda message: None) as record:
                if record.digest != entry.base:
                    raise _Stale(bases.changes(entry.base, matchfile.read_bytes(path), path))
                totals = dict(record.match.state.totals)
                assert entry.action is not None  # pending: its act reads
                run_action(record, entry.action, said_too=False)
                verify_confirmer(who, confirmers(totals, record.match, entry.kind, entry.by), entry)
                written = matchfile.written(record.match)
                after = _predicted(record, written)
                if not after or after != entry.after:  # else the enter line says already what the file will hold
                    journal.append({"op": "confirming", "id": ident, "by": who, "after": after,
                                    "mark": _mark(written, matchfile.read_bytes(path), entry.kind)})
        except _Stale as exc:
            stale = str(exc)
        except Question as exc:
            raise Refusal(exc.text) from None
        if stale is not None:
            journal.append({"op": STALE, "id": ident, "by": who, "why": stale})
            raise Refusal(Message(N_("the match file changed since this was entered (another writer): %(changes)s. "
                                     "Not recorded: enter it again if it still stands"), changes=stale) if stale else
                          Message(N_("the match file changed since this was entered (another writer). "
                                     "Not recorded: enter it again if it still stands")))
        journal.append({"op": RECORDED, "id": ident, "by": who}, sync=False)
    if on_written is not None:
        on_written()
    return entry


def reject(journal: Journal, path: str, ident: str, by: str, players: Sequence[str]) -> Entry:
    check_id(ident)
    with writing(journal, path):
        entry = _entry(journal, ident)
        if entry.status == PENDING:
            who = find_player(players, by) if by else ""
            if not who:
                raise Refusal(Message(N_("who rejects it? Tap your name")))
            # the fact (who, and whether he entered it), said in the reader's language where it is shown
            journal.append({"op": REJECTED, "id": ident, "by": who, "withdrawn": bool(entry.by and who == entry.by)})
        elif entry.status == RECORDED:
            raise Refusal(Message(N_("this is recorded already: undo takes it back (confirmed by the player whose "
                                     "points it takes back)")))
        return entry


class _Stale(Exception):
    pass


NOT_STANDING = {  # an entry that no longer waits, by its status; with why (who rejected it) or without
    "rejected": (N_("this was rejected: %(why)s: enter it again if it still stands"),
                 N_("this was rejected: enter it again if it still stands")),
    "stale": (N_("this was stale: %(why)s: enter it again if it still stands"),
              N_("this was stale: enter it again if it still stands")),
    "to enter again": (N_("this was to enter again: %(why)s: enter it again if it still stands"),
                       N_("this was to enter again: enter it again if it still stands")),
}


def _not_standing(status: str, why: str) -> Message:
    with_why, without = NOT_STANDING.get(status, NOT_STANDING["rejected"])
    return Message(with_why, why=why) if why else Message(without)


def _entry(journal: Journal, ident: str) -> Entry:
    entry = journal.entries.get(ident)
    if entry is None:
        raise Refusal(Message(N_("no such entry at this table: reload the page")))
    return entry


def _predicted(record: Any, written: Any) -> str:
    """The end seal the file will hold once ``record`` is written back (``written``: its record as the file
    holds it, ``matchfile.written``; ``store``'s change seals it the same way as it writes it); "" when it
    has none."""
    return _sealed(written, getattr(record, "before", None), getattr(record, "confirm", None))


def _before(record: Any) -> Any:
    """What the seals need of a record as read (as ``store``'s change takes it)."""
    version, seal = recordformat.end_of(record.data)
    return seals.before_write(record.data, seal) if version == 2 else None


def _sealed(data: Any, before: Any, confirm: Optional[int] = None) -> str:
    """Seal ``data`` (a record changed in memory) as its writing will: its end seal, "" when none."""
    try:
        return seals.reseal(data, before, confirm) or ""
    except GinRefError:
        return ""


END_SEAL = re.compile(rb"seal: '([0-9a-f]+)'")


def _mark(data: Any, base: bytes, kind: str) -> str:
    """The seal a write of ``data`` (sealed in memory) leaves that ``base`` (the file's bytes before it) did
    not hold: an undo's correction's, a hand's own; "" when it is not new. Found in the file later, it says
    that the write happened, whatever was written after it (each seal chains over the one before it)."""
    items = (data.get("corrections") if kind == "undo" else data.get("hands")) or []
    seal = items[-1].get("seal") if items and isinstance(items[-1], dict) else None
    if isinstance(seal, str) and seal and seal.encode("ascii", "replace") not in base:
        return seal
    return ""


def _settling(path: str) -> "tuple[Callable[[], Optional[str]], Callable[[str], bool]]":
    """What ``Journal.settle`` asks of the match file (read once, when asked): its end seal now, and whether
    it holds a seal anywhere."""
    kept: Dict[str, Optional[bytes]] = {}

    def raw() -> Optional[bytes]:
        if "raw" not in kept:
            try:
                kept["raw"] = matchfile.read_bytes(path)
            except (GinRefError, OSError):
                kept["raw"] = None
        return kept["raw"]

    def holds(seal: str) -> bool:
        found = raw()
        return found is not None and seal.encode("ascii", "replace") in found

    return (lambda: _end_seal(raw())), holds


def _end_seal(raw: Optional[bytes]) -> Optional[str]:
    """The end seal the match file's end line holds (None when it holds none, or cannot be read)."""
    if raw is None:
        return None
    last = raw.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    found = END_SEAL.search(last) if last.startswith(b"end:") else None
    return found.group(1).decode("ascii") if found else None

"""The table line of ``gin-ref play``: a routine hand as the table says it, ``[UPCARD] PLAYER COUNT
DEFENDER-COUNT`` (``9h b 5 23``), read into the command it stands for (``knock --upcard 9H Ben 5 --defender
23``), and how a line's first word is read when it could be a command or a player (docs/play.md).

- ``gin`` stands for the knocker's 0, ``big`` for 0 and ``--big-gin``; ``9h dead`` or ``dead 9h`` is a dead
  hand dealt with that upcard. Where the limit does not depend on the upcard, none is typed (``b 5 23``).
- Cards may stand in for a count only as one quoted group per side (``9h b "A-3S 4HDC 7-9C 5D" 23``), so
  the split is never guessed.
- A ``!`` at the end (a word of its own, or after the last count) says a count over the limit really was
  knocked: ``--illegal``.
- A player is named by his full name or a unique prefix, any case; a word that reads as a card, a count or
  a table-line word names only a player of exactly that name (records from before such names were refused).

``read_line`` returns a ``Reading``: the command's words, or why the line is not a table line. Nothing here
runs anything: the session (``gin_ref.cli.session``) and the table pages of ``gin-ref serve`` do.
"""

from typing import List, NamedTuple, Optional, Sequence, Tuple, Union

from gin_ref.core.cards import Card
from gin_ref.core.errors import InvalidNotationError, reason
from gin_ref.core.message import Message, N_
from gin_ref.core.players import player_readings
from gin_ref.match.knocks import DEFENDER_COUNT, KNOCKER_COUNT, read_count, reads_as_fact

ILLEGAL = "!"


class Reading(NamedTuple):
    """A line read as a table line: the command's words (``args``) or, when it is not one, why not."""

    args: Optional[List[str]]
    problem: Union[None, str, Message] = None  # (a Message: said where it is shown)

    @property
    def echo(self) -> str:
        """The command the line stands for, as it would be typed (``= knock --upcard 9H Ben 5 --defender 23``)."""
        assert self.args is not None
        return "= " + " ".join(_quoted(word) for word in self.args)


def _quoted(word: str) -> str:
    return f'"{word}"' if not word or any(char.isspace() for char in word) else word


def _card(text: str) -> Optional[Card]:
    try:
        return Card.parse(text)
    except InvalidNotationError:
        return None


def table_player(players: Sequence[str], word: str) -> List[str]:
    """The players a table line's word may name: full name or unique prefix (``player_readings``); a word
    that reads as a card, a count or a table-line word names only a player of exactly that name."""
    return player_readings(players, word, prefix=reads_as_fact(word) is None)


SHAPE = Message(N_("a table line is [UPCARD] PLAYER COUNT DEFENDER-COUNT (9h ben 5 23)"))
DEAD_SHAPE = Message(N_("a dead hand on a table line is 'dead' and the upcard: 9h dead"))


def read_line(words: Sequence[Tuple[str, int, int, bool]], players: Sequence[str]) -> Reading:
    """``words`` as ``split_words`` gives them (text, start, end, closed), with ``line``'s
    quoting kept in their spans: is it a table line, and which command does it stand for?

    >>> read_line(split_words("9h b 5 23"), ["Ann", "Ben"]).echo
    '= knock --upcard 9H Ben 5 --defender 23'
    >>> read_line(split_words("B gin 17"), ["Ann", "Ben"]).echo
    '= knock Ben 0 --defender 17'
    >>> read_line(split_words('7d b "A-3S 4HDC 7-9C 5D" 23!'), ["Ann", "Ben"]).echo
    '= knock --upcard 7D Ben "A-3S 4HDC 7-9C 5D" --defender 23 --illegal'
    >>> read_line(split_words("dead 9h"), ["Ann", "Ben"]).echo
    '= dead --upcard 9H'
    >>> str(read_line(split_words("x 5 23"), ["Ann", "Ben"]).problem)
    "'x' is not a player (Ann, Ben)"
    """
    texts, quoted, illegal = _without_mark([word[0] for word in words],
                                           [any(char.isspace() for char in word[0]) for word in words])
    if not texts:
        return Reading(None, Message(N_("an empty table line")))
    dead = "dead" in (text.casefold() for text in texts)
    if dead and len(texts) <= 2:  # 9h dead, dead 9h
        return _dead_reading(texts, illegal)
    upcard = None
    if len(texts) == 4:
        upcard = _card(texts[0])
        if upcard is None:
            return Reading(None, Message(N_("'%(word)s' is not an upcard: a table line is [UPCARD] PLAYER COUNT "
                                            "DEFENDER-COUNT"), word=texts[0]))
        texts, quoted = texts[1:], quoted[1:]
    if len(texts) != 3:
        return Reading(None, SHAPE)
    who, mine, theirs = texts
    found = table_player(players, who)
    problem = _player_problem(found, who, players, dead, upcard)
    if problem is not None:
        return Reading(None, problem)
    return _knock_reading(upcard, found[0], (mine, quoted[1]), (theirs, quoted[2]), illegal)


def _without_mark(texts: List[str], quoted: List[bool]) -> "tuple[List[str], List[bool], bool]":
    """The words without the ``!`` at the end (a word of its own, or after the last count), and whether
    there was one."""
    if texts and texts[-1] == ILLEGAL:
        return texts[:-1], quoted[:-1], True
    if texts and texts[-1].endswith(ILLEGAL) and not quoted[-1] and len(texts[-1]) > 1:
        return texts[:-1] + [texts[-1][:-1]], quoted, True
    return texts, quoted, False


def _dead_reading(texts: List[str], illegal: bool) -> Reading:
    """``9h dead`` or ``dead 9h``: a dead hand dealt with that upcard (or why the line is not one)."""
    if illegal:
        return Reading(None, Message(N_("'!' goes with a knock, not a dead hand")))
    others = [text for text in texts if text.casefold() != "dead"]
    upcard = _card(others[0]) if len(others) == 1 else None
    if upcard is not None and len(texts) == 2:
        return Reading(["dead", "--upcard", upcard.code])
    if not others:
        return Reading(None, Message(N_("'dead' alone is the command dead")))
    return Reading(None, DEAD_SHAPE)


def _player_problem(found: List[str], who: str, players: Sequence[str], dead: bool,
                    upcard: Optional[Card]) -> Optional[Message]:
    """Why the knocker's word names no one player (``found``: the players it may name), or None."""
    if not found and dead:
        return DEAD_SHAPE
    if not found and upcard is None and _card(who) is not None:
        return SHAPE
    if len(found) > 1:
        return Message(N_("'%(word)s' is ambiguous: %(players)s (type more of the name)"), word=who,
                       players=" or ".join(found))
    if not found:
        return Message(N_("'%(word)s' is not a player (%(players)s)"), word=who, players=", ".join(players))
    return None


def _knock_reading(upcard: Optional[Card], player: str, mine: "tuple[str, bool]", theirs: "tuple[str, bool]",
                   illegal: bool) -> Reading:
    """The knock a table line stands for: each side ``(text, quoted)``."""
    args = ["knock"] + (["--upcard", upcard.code] if upcard is not None else []) + [player]
    try:
        knocker = _side(mine[0], mine[1], KNOCKER_COUNT, knocker=True)
        defender = _side(theirs[0], theirs[1], DEFENDER_COUNT)
    except InvalidNotationError as exc:
        return Reading(None, reason(exc))
    if knocker is None or defender is None:
        return Reading(None, Message(N_("the counts of a table line are whole numbers (gin for 0, big for big gin), "
                                        "or one quoted group of cards a side")))
    args += ["0", "--big-gin"] if knocker == "big" else [knocker]
    args += ["--defender", defender] + (["--illegal"] if illegal else [])
    return Reading(args)


def _side(text: str, quoted: bool, what: Message, knocker: bool = False) -> Optional[str]:
    """One side of a table line as the command takes it: a count, the cards of a quoted group, ``big``
    (the knocker's big gin), or None when it is none of these."""
    if quoted:
        return text
    if knocker and text.casefold() == "gin":
        return "0"
    if knocker and text.casefold() == "big":
        return "big"
    if read_count(text, what) is not None:
        return text
    return None


def split_words(line: str) -> List[Tuple[str, int, int, bool]]:
    """The words of ``line`` as a shell reads them: ``[(text, start, end, closed)]``. Single quotes are
    literal, double quotes take ``\\"`` and ``\\\\``, a backslash outside quotes escapes the next character.
    An open quote runs to the end of the line (``closed`` False) instead of failing."""
    words: List[Tuple[str, int, int, bool]] = []
    i, n = 0, len(line)
    while i < n:
        if line[i].isspace():
            i += 1
            continue
        start, quote = i, None
        text: List[str] = []
        while i < n and (quote or not line[i].isspace()):
            char = line[i]
            if quote == "'":
                if char == "'":
                    quote = None
                else:
                    text.append(char)
            elif quote == '"':
                if char == '"':
                    quote = None
                elif char == "\\" and i + 1 < n and line[i + 1] in '"\\$`':
                    i += 1
                    text.append(line[i])
                else:
                    text.append(char)
            elif char in "'\"":
                quote = char
            elif char == "\\" and i + 1 < n:
                i += 1
                text.append(line[i])
            else:
                text.append(char)
            i += 1
        words.append(("".join(text), start, i, quote is None))
    return words

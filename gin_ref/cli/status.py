"""The session's status line: where the match stands, and the cards being typed, judged as they are typed.

``standing`` puts the match's totals, whose deal it is and the open hand's limit in one line (the words
are the tally's own, from ``gin_ref.views.standing``). ``typed_status`` reads the line being typed
(``gin_ref.cli.typed``) and judges the group of cards the cursor is in with the core's own functions:
how many cards, the best deadwood, whether the knock is legal against this hand's limit, and with 11
cards the best discard. A count typed where the cards go (``knock ben 5``) is judged as a count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Sequence, Tuple

import click

from gin_ref.desk.notation import unterminated_quote
from gin_ref.cli import command_readings
from gin_ref.cli.tableline import reads_as_command
from gin_ref.cli.typed import Word, holds, open_quote, split_words, typed_words, value_of, word_at
from gin_ref.core.cards import Card, parse_cards, split_tokens, to_mask
from gin_ref.desk.engine import check, deadwood, knock_limit, limit_said, melding
from gin_ref.desk.errors import GinRefError, said
from gin_ref.desk.language import gettext, ngettext
from gin_ref.desk.sessionfile import Match
from gin_ref.desk.tableline import big_gin_refusal, find_player, read_line
from gin_ref.views.standing import standing_lines

if TYPE_CHECKING:
    from gin_ref.desk.rules import HouseRules

Lookup = Callable[[str], Optional[click.Command]]
Judged = Tuple[Optional["HouseRules"], Optional[Card], Optional[int]]  # the rules, the upcard, the limit

MOST_COUNTED = 98  # the most ten cards can count (with the standard ace; else the rules' most_deadwood)


def standing(match: Optional[Match], problem: Optional[str] = None) -> str:
    """The match in one line: totals, then the open hand (dealer, upcard, limit, whose turn) or the next
    deal, or the end; without a match, why (``problem``: a file that does not read) or how to start one."""
    if match is None:
        if problem:
            return gettext("the match file does not read: %(problem)s") % {"problem": problem}
        return gettext("no match in the file yet: start one with new PLAYER PLAYER")
    lines = standing_lines(match)
    if match.state.finished:
        lines = lines[:2]
    return "  |  ".join(lines)


def prompt_text(match: Optional[Match]) -> str:
    """The prompt: what the table does next."""
    if match is None:
        return gettext("new> ")
    if match.state.finished:
        return gettext("over> ")
    if match.state.open is not None:
        return gettext("hand %(hand)d> ") % {"hand": match.state.open + 1}
    return gettext("deal %(hand)d> ") % {"hand": match.next_number()}


def _rules_and_limit(words: Sequence[Word], match: Optional[Match], command: str) -> Judged:
    """The rules, the upcard and the knock limit the typed line is judged by: the line's own --upcard (and,
    for check and score, its --rules), else the hand it names (amend) or the open hand."""
    rules: Optional[HouseRules] = None
    upcard: Optional[Card] = None
    entry = None
    if command in ("check", "score"):
        from gin_ref.desk.rules import load_rules

        rules = _cached_rules(value_of(words, "--rules"), load_rules)
    elif match is not None:
        rules = match.rules
        hand = next((w.text for w in words if w.role == "argument" and w.name == "hand"), None)
        if hand is not None and hand.isascii() and hand.isdigit() and 1 <= int(hand) <= len(match.hands):
            entry = match.state.setups[int(hand) - 1]
        elif match.state.open is not None:
            entry = match.open_setup
    if rules is None:
        return None, None, None
    text = value_of(words, "--upcard")
    if text is None and entry is not None and entry.upcard is not None:
        text = entry.upcard.code
    if text:
        try:
            upcard = Card.parse(text)
        except GinRefError:
            upcard = None
    if upcard is None and rules.knock_limit == "upcard":
        return rules, None, None
    return rules, upcard, knock_limit(rules, upcard)


_RULES: Dict[Optional[str], Optional[HouseRules]] = {}


def _cached_rules(spec: Optional[str], load: Callable[[Optional[str]], HouseRules]) -> Optional[HouseRules]:
    if spec not in _RULES:
        try:
            _RULES[spec] = load(spec)
        except GinRefError:
            _RULES[spec] = None
    return _RULES[spec]


def _cards(words: Sequence[Word], typing: bool,
           rules: Optional[HouseRules] = None) -> Tuple[Optional[Tuple[Card, ...]], Optional[str]]:
    """The cards of some words: (cards, error). The token being typed (``typing``) is left out when it is
    not a card yet. ``rules``: run shorthand through the ace as they allow."""
    tokens = split_tokens([word.text for word in words])
    runs = "low" if rules is None else rules.ace_runs
    try:
        return parse_cards(tokens, runs=runs), None
    except GinRefError as exc:
        if typing and tokens and not _is_cards(tokens[-1]):  # a card half typed, not yet a fault
            try:
                return parse_cards(tokens[:-1], runs=runs), None
            except GinRefError:
                pass
        return None, str(exc)


def _is_cards(token: str) -> bool:
    """Whether a token reads as cards on its own: then a fault of the group (``AS AS``, a card given twice)
    is one, even while the token is being typed."""
    try:
        parse_cards([token])
    except GinRefError:
        return False
    return True


def _group(words: Sequence[Word], word: Word) -> List[Word]:
    """The words of the group ``word`` belongs to: the same argument, or the same option's value."""
    return [w for w in words if (w.role, w.name) == (word.role, word.name)]


def typed_status(line: str, cursor: int, match: Optional[Match], lookup: Lookup) -> Optional[str]:
    """The status of the cards being typed on ``line`` (cursor at ``cursor``), or None when the cursor is
    on nothing to judge. A table line (``3h b 12``) is judged as the knock it stands for."""
    standing_for = table_command(line, cursor, match, lookup)
    if standing_for is not None:
        line, cursor = standing_for
    words = typed_words(line, lookup)
    if not words:
        return None
    judged = _judged_word(words, line, cursor)
    if judged is None:
        return None
    word, typing = judged
    command = words[0].text
    group = _group(words, word)
    rules, upcard, limit = _rules_and_limit(words, match, command)
    if word.role == "value" and word.name == "--upcard":
        return _upcard_status(group, rules, typing)
    if holds(word) == "card" or word.name == "--melds":
        return None
    who = gettext("defender") if word.name == "--defender" else _knocker(words, match)
    count = _typed_count(words, word, group)
    if count is not None:
        return _typed_count_status(line, words, word, group, who, count, rules, limit)
    cards, error = _cards(group, typing, rules)
    if cards is None:  # (the cards, or why they do not read)
        return f"{who}: {error}"
    clash = _clash(words, word, cards, rules)
    if clash:
        return f"{who}: {clash}"
    if word.name == "--defender":
        return _defender_status(cards, rules)
    return _knocker_status(who, cards, rules, upcard, limit, words)


def _judged_word(words: Sequence[Word], line: str, cursor: int) -> Optional[Tuple[Word, bool]]:
    """``(word, typing)``: the word of cards the status judges (the one at the cursor, else the last group
    of cards before it; for ``--discard``, the knocker's cards) and whether it is still being typed; None
    when there is none."""
    word = word_at(words, cursor)
    if word is None or holds(word) not in ("cards", "card"):
        before = [w for w in words if w.end <= cursor and holds(w) in ("cards", "card")]
        if not before:
            return None
        word = before[-1]
    typing = word.end == len(line) and (not line[-1:].isspace() or not word.closed)
    if word.role == "value" and word.name == "--discard":  # the discard named: judge the knocker's cards
        knocker = [w for w in words if (w.role, w.name) in (("argument", "cards"), ("value", "--knocker"))]
        if not knocker:
            return None
        word, typing = knocker[-1], False
    return word, typing


def _typed_count(words: Sequence[Word], word: Word, group: Sequence[Word]) -> Optional[str]:
    """The count typed where the cards go (``knock ben 5``; ``knock ben 5 23``: the knocker's 5), or None."""
    texts = split_tokens([w.text for w in group])
    if word.name == "cards" and len(texts) == 2 and all(t.isascii() and t.isdigit() for t in texts) and \
            not _has_option(words, "--defender"):  # knock PLAYER COUNT DEFENDER-COUNT: the knocker's count
        texts = texts[:1]
    if len(texts) == 1 and texts[0].isascii() and texts[0].isdigit():
        return texts[0]
    return None


def _typed_count_status(line: str, words: Sequence[Word], word: Word, group: Sequence[Word], who: str, count: str,
                        rules: Optional[HouseRules], limit: Optional[int]) -> str:
    """The status of a count typed (the text ``count``): the knocker's against the limit, or the defender's."""
    if not all(w.closed for w in group):  # '--defender "5' is no count: the line would be refused
        return _open_quote(line, group[-1], who)
    most = MOST_COUNTED if rules is None else rules.most_deadwood
    if len(count.lstrip("0")) > len(str(most)):  # not read by int: 4,300 digits and more it refuses
        return _at_most(who, most)
    if word.name == "--defender":
        return _count_status(who, int(count), limit, True, most=most)
    big_gin = words[0].text in ("knock", "amend") and _has_option(words, "--big-gin")
    return (big_gin and _big_gin_refusal(rules, count, who)) or \
        _count_status(who, int(count), limit, False, big_gin, most)


def table_command(line: str, cursor: int, match: Optional[Match], lookup: Lookup) -> Optional[Tuple[str, int]]:
    """``(command line, cursor)`` for a table line being typed (``gin_ref.cli.tableline``), the cursor put
    in the side it is in (the defender's count, else the knocker's); None for any other line. A line
    without the defender's count yet is read as if it had one, so the knocker's count is judged at once."""
    if match is None:
        return None
    words = split_words(line)
    if not words or command_readings(words[0][0]) == [words[0][0].casefold()]:
        return None
    reading, typed = read_line(words, match.players), True
    if reading.args is None:
        reading, typed = read_line(words + [("0", len(line), len(line), True)], match.players), False
    args = reading.args
    if args is None or args[0] != "knock":
        return None
    readings = command_readings(words[0][0])
    command = lookup(readings[0]) if len(readings) == 1 else None
    if command is not None and reads_as_command(command, readings[0], [w[0] for w in words[1:]], match.players):
        return None  # the command itself (or both: the entry says so)
    at = args.index("--defender")
    head = " ".join(_shown(arg) for arg in args[:at])
    tail = " ".join(_shown(arg) for arg in args[at:])
    text = f"{head} {tail}"
    defender = args[at + 1]
    last = next((w for w in reversed(words) if w[0] != "!"), None)
    on_defender = typed and last is not None and cursor >= last[1] and " " in defender  # his cards: judged
    return text, len(head) + len(" --defender ") + len(_shown(defender)) if on_defender else len(head)


def _shown(word: str) -> str:
    return f'"{word}"' if not word or any(char.isspace() for char in word) else word


def _knocker(words: Sequence[Word], match: Optional[Match]) -> str:
    player = next((w.text for w in words if w.role == "argument" and w.name == "player"), None)
    if player and match is not None:
        try:
            return find_player(match.players, player)
        except GinRefError:
            pass
    return player or gettext("knocker")


def _upcard_status(group: Sequence[Word], rules: Optional[HouseRules], typing: bool) -> Optional[str]:
    if not group:
        return None
    try:
        card = Card.parse(group[-1].text)
    except GinRefError as exc:
        return None if typing else gettext("upcard: %(problem)s") % {"problem": exc}
    if rules is None:
        return gettext("upcard %(upcard)s") % {"upcard": card.pretty}
    return gettext("knock limit %(limit)s (%(reason)s)") % {"limit": knock_limit(rules, card),
                                                           "reason": limit_said(rules, card).say(gettext, ngettext)}


def _open_quote(line: str, word: Word, who: str) -> str:
    typed = line[word.start:word.end]
    return f"{who}: {said(unterminated_quote(repr(typed), open_quote(typed)))}"


def _has_option(words: Sequence[Word], option: str) -> bool:
    return any(w.role == "option" and w.name == option for w in words)


def _big_gin_refusal(rules: Optional[HouseRules], count: str, who: str) -> Optional[str]:
    """What the command says to ``--big-gin`` with this count under these rules (no big gin in them, a
    count other than 0), or None: the status line promises nothing the command refuses."""
    refusal = None if rules is None else big_gin_refusal(rules, count)
    return None if refusal is None else f"{who}: {refusal}"


def _count_status(who: str, count: int, limit: Optional[int], defender: bool, big_gin: bool = False,
                  most: int = MOST_COUNTED) -> str:
    if count > most:
        return _at_most(who, most)
    values = {"who": who, "count": count, "limit": limit}
    if defender:
        return gettext("defender's count %(count)d (after layoffs)") % values
    if limit is None:
        return gettext("%(who)s: a count of %(count)d (the limit needs --upcard)") % values
    if count == 0:
        return (gettext("%(who)s: a count of 0: big gin") if big_gin else gettext("%(who)s: a count of 0: gin")) % values
    if count <= limit:
        return gettext("%(who)s: a count of %(count)d: legal, within limit %(limit)d") % values
    return gettext("%(who)s: a count of %(count)d: not legal, over limit %(limit)d") % values


def _at_most(who: str, most: int) -> str:
    return gettext("%(who)s: a count is at most %(most)d (the most ten cards can count)") % {"who": who, "most": most}


def _clash(words: Sequence[Word], word: Word, cards: Sequence[Card], rules: Optional[HouseRules] = None) -> str:
    """A card typed in this group and in the other hand's group, in words, or ''."""
    if word.name == "--defender":
        others = [w for w in words if holds(w) == "cards" and w.name not in ("--defender", "--melds")]
    else:
        others = [w for w in words if w.role == "value" and w.name == "--defender"]
    theirs, _ = _cards(others, False, rules)
    if not theirs:
        return ""
    both = to_mask(cards) & to_mask(theirs)
    if not both:
        return ""
    card = next(c for c in cards if c.bit & both)
    return gettext("%(card)s is in both hands") % {"card": card.pretty}


def _defender_status(cards: Sequence[Card], rules: Optional[HouseRules] = None) -> str:
    count = len(cards)
    dw = deadwood(cards, rules)
    values = {"count": count, "deadwood": dw}
    if count == 10:
        return gettext("defender: 10 cards, deadwood %(deadwood)d before layoffs") % values
    if count > 10:
        return ngettext("defender: %(count)d card, deadwood %(deadwood)d so far (10 in a hand)",
                        "defender: %(count)d cards, deadwood %(deadwood)d so far (10 in a hand)", count) % values
    return ngettext("defender: %(count)d card, deadwood %(deadwood)d so far",
                    "defender: %(count)d cards, deadwood %(deadwood)d so far", count) % values


def _knocker_status(who: str, cards: Sequence[Card], rules: Optional[HouseRules], upcard: Optional[Card],
                    limit: Optional[int], words: Sequence[Word]) -> str:
    count = len(cards)
    values = {"who": who, "count": count}
    if count < 10:
        return ngettext("%(who)s: %(count)d card, deadwood %(deadwood)d so far (10 to knock, or 11 before the discard)",
                        "%(who)s: %(count)d cards, deadwood %(deadwood)d so far (10 to knock, or 11 before the "
                        "discard)", count) % dict(values, deadwood=deadwood(cards, rules))
    if count > 11:
        return ngettext("%(who)s: %(count)d card: a knock holds 10, or 11 before the discard",
                        "%(who)s: %(count)d cards: a knock holds 10, or 11 before the discard", count) % values
    if rules is None or (limit is None and rules.knock_limit == "upcard"):
        named = _discard(words, cards)
        if named is not None and named not in cards:
            return gettext("%(who)s: discard %(card)s is not in the knocker's hand") % dict(values, card=named.pretty)
        if named is not None:  # the discard he names, as the command will take it
            best = melding([card for card in cards if card != named], rules=rules)
            said_ = ngettext("%(who)s: %(count)d card, discard %(discard)s, deadwood %(deadwood)d (the limit needs "
                             "--upcard)", "%(who)s: %(count)d cards, discard %(discard)s, deadwood %(deadwood)d (the "
                             "limit needs --upcard)", count)
            return said_ % dict(values, discard=named.pretty, deadwood=best.deadwood)
        best = melding(cards, discard=count == 11, rules=rules)
        if best.discard is not None:
            said_ = ngettext("%(who)s: %(count)d card, best discard %(discard)s, deadwood %(deadwood)d (the limit "
                             "needs --upcard)", "%(who)s: %(count)d cards, best discard %(discard)s, deadwood "
                             "%(deadwood)d (the limit needs --upcard)", count)
            return said_ % dict(values, discard=best.discard.pretty, deadwood=best.deadwood)
        return ngettext("%(who)s: %(count)d card, deadwood %(deadwood)d (the limit needs --upcard)",
                        "%(who)s: %(count)d cards, deadwood %(deadwood)d (the limit needs --upcard)", count) \
            % dict(values, deadwood=best.deadwood)
    try:
        checked = check(cards, rules, upcard, discard=_discard(words, cards))
    except GinRefError as exc:
        return f"{who}: {said(exc)}"
    thrown = checked.melding.discard
    values.update(verdict=checked.verdict_said.say(gettext, ngettext), discard=thrown.pretty if thrown is not None else "")
    if thrown is not None and value_of(words, "--discard") is None:
        return ngettext("%(who)s: %(count)d card, best discard %(discard)s, %(verdict)s",
                        "%(who)s: %(count)d cards, best discard %(discard)s, %(verdict)s", count) % values
    if thrown is not None:
        return ngettext("%(who)s: %(count)d card, discard %(discard)s, %(verdict)s",
                        "%(who)s: %(count)d cards, discard %(discard)s, %(verdict)s", count) % values
    return ngettext("%(who)s: %(count)d card, %(verdict)s", "%(who)s: %(count)d cards, %(verdict)s", count) % values


def _discard(words: Sequence[Word], cards: Sequence[Card]) -> Optional[Card]:
    text = value_of(words, "--discard")
    if not text or len(cards) != 11:
        return None
    try:
        return Card.parse(text)
    except GinRefError:
        return None

"""Card text as a person types it, checked before it is read: a quote is never part of a card or a count
(``--defender "5``, a JSON case's ``"upcard": "7D'"``), and one left open says how to close it. Both fronts
use it: the command line's option types, the session's line, a case of ``check --input``. Numbers are
typed in ASCII digits: ``foreign_digit`` finds another script's digit (``digit_name`` names it) and
``has_digits_for`` whether digits are few enough for a number up to a bound (``gin_ref.core.digits``);
``parse_melds`` reads declared melds; ``did_you_mean`` names the nearest of some known words to a word typed
that names none.
"""

from __future__ import annotations

from typing import Optional

from gin_ref.core.cards import Card, card_named
from gin_ref.core.digits import digit_name as digit_name, foreign_digit as foreign_digit, has_digits_for as has_digits_for
from gin_ref.desk.errors import N_, Kind, Refusal, raised, refusal, refuse
from gin_ref.core.melds import parse_melds as parse_melds
from gin_ref.core.rules import did_you_mean as did_you_mean

# A quote left open, said with what to do for each kind of value (a whole sentence each).
UNTERMINATED = {
    "cards": N_('%(what)s: an unterminated quote (%(quote)s): put the quotes around the whole group of cards '
                '("KH QD ..."), and none around a count'),
    "card": N_("%(what)s: an unterminated quote (%(quote)s): a card needs no quotes"),
    "melds": N_('%(what)s: an unterminated quote (%(quote)s): put the quotes around all the melds '
                '("AS 2S 3S | 4H 4D 4C")'),
    "line": N_("%(what)s: an unterminated quote (%(quote)s): close it and enter the line again"),
}


def unterminated_quote(what: str, quote: str, hint: str = "cards") -> Refusal:
    """The refusal of a quote left open in ``what`` (a value, as the line or the option names it)."""
    return refusal(Kind.NOTATION, UNTERMINATED[hint], what=what, quote=quote)


def verify_unquoted(value: object, name: str = "value", one: bool = False, hint: Optional[str] = None) -> None:
    """Refuse a quote character inside card text or a count (InvalidNotationError, exit 2; ``name``: how the
    front names the value, ``--defender``): a quote left open must not pass for the cards or count it holds."""
    text = str(value)
    for quote in "\"'":
        if quote in text:
            what = f"{name} {text!r}"
            if text.count(quote) % 2:
                raise raised(unterminated_quote(what, quote, hint or ("card" if one else "cards")))
            raise refuse(Kind.NOTATION, N_("%(what)s: quotes (%(quote)s) inside the value: they are not part of a "
                                           "card or a count"), what=what, quote=quote)


# A card left out, by what it is (``card_of``'s ``what``): a whole sentence each.
MISSING = {"card": N_("missing card"), "upcard": N_("missing upcard"), "discard": N_("missing discard")}


def card_of(value: object, what: str = "card", name: str = "value") -> Card:
    """One card as typed (``10h``, ``Th``, ``t♥``), or InvalidNotationError (``what``: the card's part, for
    "missing upcard"; ``name``: how the front names the value)."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        card = card_named(value)  # the usual case: a card's name, nothing to refuse
        if card is not None:
            return card
    if not str(value).strip():
        raise refuse(Kind.NOTATION, MISSING.get(what, N_("missing %(what)s")), what=what)
    verify_unquoted(value, name, one=True)
    return Card.parse(str(value))

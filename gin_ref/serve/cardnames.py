"""Each card's name in words, one message a card (#38 item 4): where serve says a card in words (a screen
reader's label of a drawn card, of the card picker's boxes), so that each language names it whole, its
suit agreeing with its rank (sk "piková dáma", "pikové eso"). The notation (``9♠``) is never translated, and
a card is typed in English letters and ``♠♥♦♣`` in every language (docs/cards.md)."""

from gin_ref.core.message import N_

CARD_NAMES = {  # by the card's code (``AS``, ``TH``): said through the catalogue where it is shown
    "AS": N_("ace of spades"), "2S": N_("2 of spades"), "3S": N_("3 of spades"), "4S": N_("4 of spades"),
    "5S": N_("5 of spades"), "6S": N_("6 of spades"), "7S": N_("7 of spades"), "8S": N_("8 of spades"),
    "9S": N_("9 of spades"), "TS": N_("10 of spades"), "JS": N_("jack of spades"), "QS": N_("queen of spades"),
    "KS": N_("king of spades"),
    "AH": N_("ace of hearts"), "2H": N_("2 of hearts"), "3H": N_("3 of hearts"), "4H": N_("4 of hearts"),
    "5H": N_("5 of hearts"), "6H": N_("6 of hearts"), "7H": N_("7 of hearts"), "8H": N_("8 of hearts"),
    "9H": N_("9 of hearts"), "TH": N_("10 of hearts"), "JH": N_("jack of hearts"), "QH": N_("queen of hearts"),
    "KH": N_("king of hearts"),
    "AD": N_("ace of diamonds"), "2D": N_("2 of diamonds"), "3D": N_("3 of diamonds"), "4D": N_("4 of diamonds"),
    "5D": N_("5 of diamonds"), "6D": N_("6 of diamonds"), "7D": N_("7 of diamonds"), "8D": N_("8 of diamonds"),
    "9D": N_("9 of diamonds"), "TD": N_("10 of diamonds"), "JD": N_("jack of diamonds"),
    "QD": N_("queen of diamonds"), "KD": N_("king of diamonds"),
    "AC": N_("ace of clubs"), "2C": N_("2 of clubs"), "3C": N_("3 of clubs"), "4C": N_("4 of clubs"),
    "5C": N_("5 of clubs"), "6C": N_("6 of clubs"), "7C": N_("7 of clubs"), "8C": N_("8 of clubs"),
    "9C": N_("9 of clubs"), "TC": N_("10 of clubs"), "JC": N_("jack of clubs"), "QC": N_("queen of clubs"),
    "KC": N_("king of clubs"),
}

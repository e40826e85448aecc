"""Hands the match tests play: a knocker's ten cards by deadwood, and defenders with a known deadwood."""

BASE = "AS 2S 3S 4H 4D 4C 7C 8C 9C"
# The knocker's ten cards by deadwood: three melds and one loose card (0: a four-card run, gin).
KNOCKER = {0: BASE + " TC", 2: BASE + " 2D", 5: BASE + " 5D", 10: BASE + " KD"}
# (knocker deadwood, defender deadwood) -> a defender's ten cards with that deadwood and nothing to lay off.
DEFENDER = {
    (5, 5): "JS 2H JH AD 2D 7D 8D 9D TD JD",
    (5, 17): "5S 8S JS QS KS AH 3H JH JD JC",
    (5, 20): "6S 8S 9S TS QS 2H QH QD 2C JC",
    (5, 23): "AH 7H QH 2D 7D 8D 9D TD JD 3C",
    (5, 35): "6S 8H TH JH QH KH 7D QD AC 3C",
    (5, 71): "5S 8S 9S KS 2H 7H 9H 8D 3C QC",
    (2, 24): "6S KS 6H QH KH KD 2C JC QC KC",
    (10, 0): "7S QS 3H 7H QH 3D 7D QD 3C QC",
    (0, 5): "5S QS KS 5H 6H 7H KH QD QC KC",
    (0, 35): "6S AH 3H 6H 8H TH 6D KD AC 2C",
    (0, 71): "6S QS 5H 7H QH KH 3D 8D KD 2C",
}

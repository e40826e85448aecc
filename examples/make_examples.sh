#!/usr/bin/env bash
# Makes the example matches in this folder with the installed gin-ref, exactly as players at a table would
# record them (new, deal, knock, dead). The README and the tests use these files; run this again to make
# them afresh (each `new --force` starts its file over).
#
#   pip install . && bash examples/make_examples.sh
set -euo pipefail
cd "$(dirname "$0")"
command -v gin-ref >/dev/null || { echo "gin-ref is not installed: pip install . first" >&2; exit 1; }
exec >/dev/null  # the commands' own output is not needed here; errors still show

# Two players, Oklahoma rules (the upcard sets the knock limit): a knock, an undercut, a dead
# hand, a gin, an illegal knock refused and kept as an irregularity, then the knock that stands.
M=oklahoma.yaml
gin-ref new --match "$M" --rules oklahoma --dealer Ann --date 2024-03-02 --force Ann Ben
gin-ref deal --match "$M" --upcard 7D
gin-ref knock --match "$M" Ben 5S KS KH TD JD QD KD AC 2C 3C --defender "AS 5H 7H 5D 9D 5C 7C TC JC KC"
#   knock, 30 points; totals Ann 0, Ben 30
gin-ref deal --match "$M" --upcard KC
gin-ref knock --match "$M" Ann 6S 7S 8S JS AD 2D 3D TD JD JC --defender "4S 9S 6H JH QH KH 4D 6D 3C 6C"
#   undercut, 13 points; totals Ann 0, Ben 43
gin-ref deal --match "$M" --upcard 4H
gin-ref dead --match "$M"
gin-ref deal --match "$M" --upcard 9S
gin-ref knock --match "$M" Ann TS JS QS 5H 9H TH JH QH 5D 5C --defender "2S 3S 4H 6H 7H 2D 4D 7D 4C 7C"
#   gin, 38 points; totals Ann 38, Ben 43
gin-ref deal --match "$M" --upcard 3C
gin-ref knock --match "$M" Ann AS 4S 7S 8S 9S AD AC JC QC KC --defender "TS QS AH 4H 6H 5D 6D 9D JD KD" 2>/dev/null || true  # refused (exit 1), kept as an irregularity
gin-ref knock --match "$M" Ann TS 3H 6H 7H 8H TH TD 4C 5C 6C --defender "AS JS 5H KH 2D 5D KD TC JC KC"
#   knock, 25 points; totals Ann 63, Ben 43
gin-ref deal --match "$M" --upcard QH
gin-ref knock --match "$M" Ben 2H 8H 9H TH 2D 2C 7C JC QC KC --defender "AS 6S 7S 8S 5D 7D 8D 9D TD 5C"
#   knock, 4 points; totals Ann 63, Ben 47
gin-ref deal --match "$M" --upcard 8D
gin-ref knock --match "$M" Ben 2S 3S 4S 6S 6D AC 6C 8C 9C TC --defender "JS 4H 6H 7H JH 3D 4D JD 2C 5C"
#   knock, 24 points; totals Ann 63, Ben 71
gin-ref deal --match "$M" --upcard TS
gin-ref knock --match "$M" Ann 2S 2H 6H 7H 8H 9H JD QD KD 2C --defender "3S 9S QS 4H KH 6D AC 4C 7C 9C"
#   gin, 88 points; totals Ann 151, Ben 71

# Two players under a club's rules file (rules/club-spades.yaml: Oklahoma, and a spade upcard doubles the
# hand): three of the five hands are doubled.
M=spades.yaml
gin-ref new --match "$M" --rules rules/club-spades.yaml --dealer Cid --date 2024-04-13 --force Ann Cid
gin-ref deal --match "$M" --upcard 9S
gin-ref knock --match "$M" Ann 8S 3H 4H 5H 8D 9D TD JD QD 8C --defender "6S 6H 2D 3D 4D AC 2C 3C 5C 6C"
#   gin, 60 points; totals Ann 60, Cid 0
gin-ref deal --match "$M" --upcard 6S
gin-ref knock --match "$M" Cid AS 8H 9H TH AD 7D 8D 9D AC 3C --defender "2S 4S 5S TS 2H 7H 5D 6D TD 5C"
#   knock, 30 points; totals Ann 60, Cid 30
gin-ref deal --match "$M" --upcard QS
gin-ref knock --match "$M" Cid 2S 9H TH JH 2D 4D 7D 8D 9D 2C --defender "AS 3S 8S 9S TS 3H 8H 3D 5D 6D"
#   undercut, 26 points; totals Ann 86, Cid 30
gin-ref deal --match "$M" --upcard 3H
gin-ref knock --match "$M" Cid 8S TH JH QH 2D 8D 8C 9C TC JC --defender "7S KS KH AD 7D JD AC 6C 7C KC"
#   knock, 16 points; totals Ann 86, Cid 46
gin-ref deal --match "$M" --upcard 8C
gin-ref knock --match "$M" Ann 7S 2H 3H 4H KH 7D 8D 9D KD KC --defender "AS 2S 5S QS 5H 6H 3D 6D 4C 7C"
#   knock, 25 points; totals Ann 111, Cid 46

# Three players "in the box": the box deals every hand and plays the captain; the sitter sits out.
# A dead hand, an undercut by the captain, a gin by the box.
M=three-player.yaml
gin-ref new --match "$M" --rules three-player --box Ben --captain Ann --date 2024-05-18 --force Ann Ben Cid
gin-ref deal --match "$M" --upcard 8H
gin-ref knock --match "$M" Ben 4H 4D 7D 8D 9D JD QD KD 4C 7C --defender "2S 4S 9S TS TH TD AC 3C 6C KC"
#   knock, 24 points; totals Ann 0, Ben 24, Cid 0
gin-ref deal --match "$M" --upcard JC
gin-ref knock --match "$M" Cid 2S 3S 4S 2H 3H 4H 8H 8D 8C 9C --defender "JS QS KS JH AD 3D 4D AC 6C QC"
#   knock, 26 points; totals Ann 0, Ben 24, Cid 26
gin-ref deal --match "$M" --upcard 4D
gin-ref dead --match "$M"
gin-ref deal --match "$M" --upcard 2S
gin-ref knock --match "$M" Cid 3S KH 3D 6D 7D 8D 9D TD JD 3C --defender "7S KS AH 2H 3H 4H KD AC 2C KC"
#   undercut, 10 points; totals Ann 10, Ben 24, Cid 26
gin-ref deal --match "$M" --upcard KH
gin-ref knock --match "$M" Ann 4S 4H 5H 6H 7H 8H 9H TH JH 4D --defender "3S TS JS QS KS QH AD 2D 3D 7C"
#   gin, 45 points; totals Ann 55, Ben 24, Cid 26
gin-ref deal --match "$M" --upcard TD
gin-ref knock --match "$M" Cid 9H TH JH QH QD 9C TC JC QC KC --defender "3S 5S 7S JS 2H 4H 7H 2D 5C 7C"
#   knock, 21 points; totals Ann 55, Ben 24, Cid 47
gin-ref deal --match "$M" --upcard 6C
gin-ref knock --match "$M" Cid 9S JS QS KS 9H TH JH 7D 9D 9C --defender "4S 6S TS 7H AD 5D JD 3C 4C 5C"
#   knock, 26 points; totals Ann 55, Ben 24, Cid 73
gin-ref deal --match "$M" --upcard QD
gin-ref knock --match "$M" Ann 3S 4S 5S JS JH 2C 3C 4C 5C JC --defender "6S 8S QS 3H 8H KH 3D JD KD 6C"
#   gin, 99 points; totals Ann 154, Ben 24, Cid 73

# Two players, Hollywood scoring (three games at once, classic bonuses): played until all three
# games are won. (The tally shows each game's columns.)
M=hollywood.yaml
gin-ref new --match "$M" --rules hollywood --dealer Ben --date 2024-06-08 --force Ben Cid
gin-ref deal --match "$M" --upcard 6D
gin-ref knock --match "$M" Cid 8S 9S TS JS 8H 9H TH JH 4D 8D --defender "AS 2S 4S 5H 2D 9D 3C 7C 8C 9C"
#   knock, 22 points
gin-ref deal --match "$M" --upcard JS
gin-ref knock --match "$M" Ben 6S 6H 8D TD JD QD 6C TC JC QC --defender "3S 4S 9S 2H 4H 9H JH 5D 7C 9C"
#   knock, 27 points
gin-ref deal --match "$M" --upcard 3C
gin-ref knock --match "$M" Ben 9S TS JS QS 2H 3H 4H KH KD KC --defender "6S 7S 8S AH 6H 6D 6C 9C TC JC"
#   gin, 21 points
gin-ref deal --match "$M" --upcard 9H
gin-ref knock --match "$M" Cid AS KH 5D 6D 7D KD 3C 4C 5C KC --defender "5S 6S 7S TS JS QS KS AH TH TD"
#   undercut, 10 points
gin-ref deal --match "$M" --upcard KD
gin-ref knock --match "$M" Cid 8S 8H 4D 8D 4C 5C 6C 8C 9C TC --defender "AS 2S 5S 9S QS 5H TH QD 3C QC"
#   knock, 28 points
gin-ref deal --match "$M" --upcard 4S
gin-ref knock --match "$M" Cid AS TH JH QH AD 7D 8D 9D AC QC --defender "QS 2H 3H 6H 4D 5D 6D QD 3C 5C"
#   knock, 29 points
gin-ref deal --match "$M" --upcard 8C
gin-ref knock --match "$M" Cid 2S 7S 8S 9S 2H JD QD KD 2C 3C --defender "5S TS 4H 5H 9H TH JH AC JC QC"
#   knock, 32 points
gin-ref deal --match "$M" --upcard QH
gin-ref knock --match "$M" Ben 3S 3H 3D JD QD KD TC JC QC KC --defender "4S 7S 7H 4D 7D TD 4C 5C 6C 7C"
#   gin, 30 points
gin-ref deal --match "$M" --upcard 2D
gin-ref knock --match "$M" Ben 4S 5S 6S 5H 6H 7H QH QD 9C QC --defender "AS AH 8H TH 4D 5D TD AC 3C 8C"
#   knock, 31 points
gin-ref deal --match "$M" --upcard TS
gin-ref knock --match "$M" Cid 3S 3H 6H 7H 8H JD QD KD 3C KC --defender "2S 4S 5S 7S KS AH 9H TH 2C 5C"
#   knock, 26 points
gin-ref deal --match "$M" --upcard 5H
gin-ref knock --match "$M" Cid 4S 5S 6S KS 6H KH 9C TC JC KC --defender "7S 8S QS 2H 4H QH 5D 6D 7D QC"
#   undercut, 10 points
gin-ref deal --match "$M" --upcard 7C
gin-ref knock --match "$M" Ben 4S 5S 6S 3H 5H 5D 2C 3C 4C 5C --defender "2S 9S TS JS 2H 7H QH 2D 6D 8D"
#   knock, 28 points

gin-ref verify oklahoma.yaml spades.yaml three-player.yaml hollywood.yaml >&2
rm -f ./*.yaml.lock  # the writers' lock files

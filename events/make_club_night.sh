#!/usr/bin/env bash
# Makes the example club night in events/club-night/ with the installed gin-ref, as a director and the
# players at each table would: a Swiss of five players over three rounds (standard rules: knock limit
# 10, gin 25, target 100), one match file per table, a bye each round. The README's tour and the tests
# use it; run this again to make it afresh (the folder is replaced). `event pair` draws each table's first
# dealer at random; the script then names it (`new --force --dealer`, the table's first player), so the
# night it writes is the same every time and tests/test_shipped.py can check the shipped copy is it.
#
#   pip install . && bash events/make_club_night.sh
set -euo pipefail
cd "$(dirname "$0")"
command -v gin-ref >/dev/null || { echo "gin-ref is not installed: pip install . first" >&2; exit 1; }
exec >/dev/null  # the commands' own output is not needed here; errors still show

E=club-night
DATE=2024-09-06
rm -rf "$E"
gin-ref event new "$E" --format swiss --rounds 3 --rules standard --date "$DATE" Ann Ben Cid Dee Eve

# The hands, by the knocker's deadwood against the defender's (the cards are real; upcard 7D).
K0="AS 2S 3S 4H 4D 4C 7C 8C 9C TC"   # gin
K5="AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"   # deadwood 5
D71="6S QS 5H 7H QH KH 3D 8D KD 2C"  # 71 against a gin: 25 + 71 = 96
D35="6S 8H TH JH QH KH 7D QD AC 3C"  # 35 against 5: 30
D23="AH 7H QH 2D 7D 8D 9D TD JD 3C"  # 23 against 5: 18
D17="5S 8S JS QS KS AH 3H JH JD JC"  # 17 against 5: 12
pair() {  # pair the next round, then name each new table's first dealer: its first player
  gin-ref event pair "$E" --date "$DATE"
  local table players
  for table in "$E"/round-*.yaml; do
    grep -q '^  drawn: true' "$table" || continue  # a table of an earlier round
    players=$(sed -n 's/^players: \[\(.*\), \(.*\)\]$/\1 \2/p' "$table")
    gin-ref new --match "$table" --rules standard --date "$DATE" --dealer "${players%% *}" --force $players
  done
}
hand() {  # MATCH KNOCKER KNOCKER-CARDS DEFENDER-CARDS
  gin-ref deal --match "$1" --upcard 7D
  gin-ref knock --match "$1" "$2" $3 --defender "$4"
}
win_126_0() {  # MATCH WINNER LOSER: a gin (96), a knock (30)
  hand "$1" "$2" "$K0" "$D71"; hand "$1" "$2" "$K5" "$D35"
}
win_108_30() {  # the loser knocks (30), the winner gins (96) and knocks (12)
  hand "$1" "$3" "$K5" "$D35"; hand "$1" "$2" "$K0" "$D71"; hand "$1" "$2" "$K5" "$D17"
}
win_108_18() {  # the loser knocks (18), the winner gins (96) and knocks (12)
  hand "$1" "$3" "$K5" "$D23"; hand "$1" "$2" "$K0" "$D71"; hand "$1" "$2" "$K5" "$D17"
}

# Round 1: all on 0, by seed: Ann v Cid, Ben v Dee; the bye to the last seed, Eve.
pair
win_126_0 "$E/round-1-table-1.yaml" Ann Cid
win_108_30 "$E/round-1-table-2.yaml" Dee Ben
# Round 2: Ann Dee Eve on 1 (Ann v Dee; Eve floats down to Ben); the bye to Cid (0 points, lowest placed).
pair
win_108_18 "$E/round-2-table-1.yaml" Ann Dee
win_108_30 "$E/round-2-table-2.yaml" Eve Ben
# Round 3: Ann v Eve on 2, Cid v Dee on 1; the bye to Ben, the last without one.
pair
win_108_30 "$E/round-3-table-1.yaml" Eve Ann
win_126_0 "$E/round-3-table-2.yaml" Cid Dee

gin-ref verify "$E"/round-*.yaml >&2
rm -f "$E"/*.lock  # the writers' lock files

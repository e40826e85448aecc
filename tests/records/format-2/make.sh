#!/usr/bin/env bash
# Makes the /2 records of this folder with a gin-ref that writes format gin-ref-match/2 (gin-ref 0.x before
# format /3): GINREF=/path/to/old/gin-ref bash make.sh. They hold every sentence /2 stored (an irregularity's
# detail; a correction's undone, redone, amended), which tests/test_format_3.py checks /3 says again from the
# facts, and whose seals must stay valid through the upgrade to /3. Kept as made: never regenerate them with
# a gin-ref that writes /3.
set -u
cd "$(dirname "$0")"
G=${GINREF:?name a gin-ref that writes format /2}
run() { "$G" "$@" >/dev/null 2>&1 || true; }

M=--match=turns.yaml
run new $M --rules oklahoma --dealer Ann --date 2024-07-01 --force Ann Ben
run deal $M --upcard 7D --dealer Ben                  # the wrong dealer: kept
run deal $M --upcard 7D
run draw $M Ann                                       # out of turn: kept
run pass $M Ben
run pass $M Ann
run draw $M Ben 5S
run knock $M Ann 5 --defender 20                      # a knock out of turn: kept
run discard $M Ben 5S
run take $M Ben                                       # out of turn: kept
run draw $M Ann
run discard $M Ann 2C
run knock $M Ann 5 --defender 20                      # out of turn
run undo $M
run redo $M
run draw $M Ben
run knock $M Ben 3 --defender 20
run deal $M --upcard 3C
run knock $M Ann AS 4S 7S 8S 9S AD AC JC QC KC --defender "TS QS AH 4H 6H 5D 6D 9D JD KD"   # illegal by cards
run knock $M Ann 30 --defender 10 --illegal           # illegal by count
run knock $M Ann TS 3H 6H 7H 8H TH TD 4C 5C 6C --defender "AS JS 5H KH 2D 5D KD TC JC KC"
run amend $M 2 Ann 2 --defender 30
run undo $M
run redo $M
run amend $M 1 Ben 1 --defender 25

M=--match=three.yaml
run new $M --rules three-player --box Ben --captain Ann --date 2024-07-02 --force Ann Ben Cid
run deal $M --upcard 8H --dealer Cid                  # the wrong dealer: kept
run deal $M --upcard 8H
run knock $M Cid 5 --defender 20                      # the sitter knocks, no turn recorded: kept
run pass $M Cid                                       # the sitter's turn: kept
run pass $M Ben
run pass $M Cid
run knock $M Cid 5 --defender 20                      # the sitter knocks at a turn: kept
run dead $M
run undo $M
run pass $M Ann
run draw $M Ben
run knock $M Ben 4 --defender 30
run deal $M --upcard 2S
run knock $M Ann 40 --defender 10 --illegal
run knock $M Ann 0 --defender 50

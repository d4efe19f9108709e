#!/usr/bin/env bash
# Issue 54's freestyle walks (tests/data/freestyle-lines.jsonl) on a book made from shipped proof
# files alone: a game's white-first-move class file holds its opening, the game's own line file
# (`tengen campaign GAME --line`, exported) every position after the game's black moves, so the
# walk back from the five is proved at every ply down to the opening.
set -u
TENGEN="$1"
PROOFS="$2"
DATA="$3"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field

# walk_line N CLASS_FILE LINE_FILE EARLIEST: the walk of line N on a fresh book of the two files.
walk_line() {
  local n="$1" class="$2" line="$3" earliest="$4" book="$T/book$1"
  for f in "$class" "$line"; do
    out=$("$TENGEN" book import "$PROOFS/$f" --book "$book" 2>&1); rc=$?
    check "game $n: $f imports into a fresh book (rc $rc)" [ "$rc" -eq 0 ] && check "  verified as it went in" contains "$out" "positions verified"
  done
  out=$("$TENGEN" bench horizon --file "$DATA/freestyle-lines.jsonl" --lines "$n" --book "$book" --json 2>/dev/null); rc=$?
  check "game $n: the walk runs (rc $rc)" [ "$rc" -eq 0 ]
  line=$(grep '"earliest_ply"' <<< "$out" | head -n 1)
  check "game $n: proved back to ply $earliest ($(field earliest_ply "$line"))" [ "$(field earliest_ply "$line")" = "$earliest" ]
  local plies; plies=$(field plies "$line")
  check "game $n: every position from ply $earliest to the end proved" \
    [ "$(grep -o '"result": "proved"' <<< "$line" | wc -l)" -eq $((plies - earliest)) ]
}

# Game 1 (from the empty board, 53 plies): h8 g9 i9 is the i9 class mirrored, which holds plies
# 1-6; freestyle-line1.tgp (after black's k9) the rest.
walk_line 1 freestyle-h8-i9.tgp freestyle-line1.tgp 3
# Game 2 (h8 i9, 45 plies): the i9 class file (black g9, f10 and f8 after white's g8 and e11) holds
# plies 1-6; at ply 7 the game leaves it (black e9), and freestyle-line2.tgp (after e9) holds the rest.
walk_line 2 freestyle-h8-i9.tgp freestyle-line2.tgp 3

echo "$failures failed"
[ "$failures" -eq 0 ]

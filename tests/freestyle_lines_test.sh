#!/usr/bin/env bash
# Issue 54's freestyle walks (tests/data/freestyle-lines.jsonl) on a book made from shipped proof
# files alone: the white-first-move class file holds a game's opening, the game's own line file
# (`tengen campaign GAME --line`, exported `--along` the game) every position after the game's
# black moves from where it leaves the class file, so the walk back from the five is proved at
# every ply down to the opening; where a line file starts later (game 3), the walk stops there.
set -u
TENGEN="$1"
PROOFS="$2"
DATA="$3"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field

for f in freestyle-h8-i9.tgp freestyle-line1.tgp freestyle-line2.tgp freestyle-line3.tgp; do
  out=$("$TENGEN" book import "$PROOFS/$f" --book "$T/book" 2>&1); rc=$?
  check "$f imports into the book (rc $rc)" [ "$rc" -eq 0 ] && check "  verified as it went in" contains "$out" "positions verified"
done

# walk_line N EARLIEST: the walk of line N on the book proves every position from ply EARLIEST on.
# It stops at the first position not proved (--misses 1): every one after it is asserted proved
# anyway, and the 1M-node searches before a line file's start prove nothing (45 s of CI saved).
walk_line() {
  local n="$1" earliest="$2"
  out=$("$TENGEN" bench horizon --file "$DATA/freestyle-lines.jsonl" --lines "$n" --book "$T/book" --misses 1 --json 2>/dev/null); rc=$?
  check "game $n: the walk runs (rc $rc)" [ "$rc" -eq 0 ]
  line=$(grep '"earliest_ply"' <<< "$out" | head -n 1)
  check "game $n: proved back to ply $earliest ($(field earliest_ply "$line"))" [ "$(field earliest_ply "$line")" = "$earliest" ]
  local plies; plies=$(field plies "$line")
  check "game $n: every position from ply $earliest to the end proved" \
    [ "$(grep -o '"result": "proved"' <<< "$line" | wc -l)" -eq $((plies - earliest)) ]
}

# Game 1 (from the empty board, 53 plies): h8 g9 i9 is the i9 class mirrored, which holds plies 1-6;
# freestyle-line1.tgp (after black's k9) the rest.
walk_line 1 3
# Game 2 (h8 i9, 45 plies): the i9 class file (black g9, f10 and f8 after white's g8 and e11) holds
# plies 1-6; at ply 7 the game leaves it (black e9), and freestyle-line2.tgp (after e9) holds the rest.
walk_line 2 3
# Game 3 (h8 h9, 45 plies) leaves the i8 class file at once (black f9, not i9 mirrored); its line
# file holds the game from black's j9 at ply 13 (the position after 12 moves) on; ply 11 (black's
# i8) is not proved.
walk_line 3 12

echo "$failures failed"
[ "$failures" -eq 0 ]

#!/usr/bin/env bash
# End-to-end checks of the tengen command line: outputs, JSON shapes, exit codes, batch mode.
set -u
TENGEN="$1"
failures=0
check() {  # check NAME CONDITION...
  local name="$1"; shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
contains() { [[ "$1" == *"$2"* ]]; }

# A double-three at h8 drawn on the board.
out=$("$TENGEN" fouls "f8 a1 g8 a3 h6 a5 h7 a7"); rc=$?
check "fouls exits 0" [ "$rc" -eq 0 ]
check "fouls names the point and kind" contains "$out" "forbidden to black: h8 (double-three)"
check "fouls draws the mark" contains "$out" " 8 . . . . . X X 3 . . . . . . . 8"

# JSON Lines, exact shape, points sorted by column then row.
out=$("$TENGEN" fouls --json "c8,e8,g8,i8,f10,f11,g12,h12/a1,a3,a5,a7,a9,a11,a13,a15")
check "fouls --json exact line" [ "$out" == '{"position": "c8,e8,g8,i8,f10,f11,g12,h12/a1,a3,a5,a7,a9,a11,a13,a15", "forbidden": [{"point": "f8", "kind": "double-four"}, {"point": "f12", "kind": "double-three"}]}' ]

# Bad command-line input: status 2 and one line on stderr naming the bad token.
err=$("$TENGEN" fouls "h8 h8" 2>&1 >/dev/null); rc=$?
check "occupied point exits 2" [ "$rc" -eq 2 ]
check "occupied point message" [ "$err" == "tengen fouls: bad position: move 2 (h8) is on an occupied point" ]
err=$("$TENGEN" fouls "h8 x99" 2>&1 >/dev/null); rc=$?
check "malformed point exits 2" [ "$rc" -eq 2 ]
check "malformed point message is one line" [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ]
err=$("$TENGEN" fouls --rule gomoku "h8" 2>&1 >/dev/null); rc=$?
check "unknown rule exits 2" [ "$rc" -eq 2 ]
check "unknown rule message" contains "$err" "unknown rule 'gomoku'"
err=$("$TENGEN" fouls --size 40 "h8" 2>&1 >/dev/null); rc=$?
check "bad size exits 2" [ "$rc" -eq 2 ]
"$TENGEN" fouls --frobnicate "h8" >/dev/null 2>&1; rc=$?
check "unknown option exits 2" [ "$rc" -eq 2 ]
"$TENGEN" nonsense >/dev/null 2>&1; rc=$?
check "unknown command exits 2" [ "$rc" -eq 2 ]

# Batch mode: answers in order, errors inline, processing goes on, status 1 at the end.
out=$(printf '%s\n' "h8 h9" "# a comment" "h8 h8" "" "f8,g8,h6,h7/a1,a3,a5,a7" "zz" | "$TENGEN" fouls --json); rc=$?
check "batch exits 1 when a line was bad" [ "$rc" -eq 1 ]
check "batch answers four lines" [ "$(printf '%s\n' "$out" | wc -l)" -eq 4 ]
check "batch line 1" [ "$(sed -n 1p <<<"$out")" == '{"position": "h8 h9", "forbidden": []}' ]
check "batch line 2 is an error" [ "$(sed -n 2p <<<"$out")" == '{"position": "h8 h8", "error": "move 2 (h8) is on an occupied point"}' ]
check "batch line 3" contains "$(sed -n 3p <<<"$out")" '{"point": "h8", "kind": "double-three"}'
check "batch line 4 is an error" contains "$(sed -n 4p <<<"$out")" '"error": "malformed point '"'"'zz'"'"'"'
out=$(printf 'h8\n' | "$TENGEN" fouls --json); rc=$?
check "clean batch exits 0" [ "$rc" -eq 0 ]

# Gomoku rules have no fouls.
out=$("$TENGEN" fouls --json --rule freestyle "f8,g8,h6,h7/a1,a3,a5,a7")
check "freestyle has no fouls" [ "$out" == '{"position": "f8,g8,h6,h7/a1,a3,a5,a7", "forbidden": []}' ]

# solve: JSON shape, the value, a verified proof.
out=$("$TENGEN" solve --json --hash 16 --to-move black "h10,h9,j9,h8,i7/i11,i9,g8,j8,h7" --mode vct --limit 4); rc=$?
check "solve exits 0" [ "$rc" -eq 0 ]
for key in '"position": ' '"rule": "renju"' '"size": 15' '"to_move": "black"' '"result": "black-wins"' \
           '"search": "found"' '"best_move": "' '"line": ["' '"proof_nodes": ' '"nodes": ' '"seconds": ' '"verified": true'; do
  check "solve --json has $key" contains "$out" "$key"
done
out=$("$TENGEN" solve --json --hash 16 --rule freestyle --size 5 "")
check "5x5 freestyle is a draw" contains "$out" '"result": "draw"'
out=$("$TENGEN" solve --hash 16 --time 0.5 --mode vcf "h8 h9")
check "solve text names the result" contains "$out" "result: unknown (no vcf within the limits)"
err=$("$TENGEN" solve --mode vcx "h8" 2>&1 >/dev/null); rc=$?
check "bad mode exits 2" [ "$rc" -eq 2 ]
check "bad mode message" contains "$err" "unknown mode 'vcx'"
err=$("$TENGEN" solve --time abc "h8" 2>&1 >/dev/null); rc=$?
check "bad time exits 2" [ "$rc" -eq 2 ]
err=$("$TENGEN" solve "h8 h9 h8" 2>&1 >/dev/null); rc=$?
check "solve bad position exits 2" [ "$rc" -eq 2 ]
check "solve bad position message" [ "$err" == "tengen solve: bad position: move 3 (h8) is on an occupied point" ]
err=$("$TENGEN" solve "h8,i8,j8,k8,l8/a1,a2,a3,a4" 2>&1 >/dev/null); rc=$?
check "solve after a five exits 2" [ "$rc" -eq 2 ]
check "solve after a five message" contains "$err" "the game is over"

echo "$failures failed"
[ "$failures" -eq 0 ]

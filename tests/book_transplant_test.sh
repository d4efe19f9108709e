#!/usr/bin/env bash
# A record copied under another position's key (the way ldb or a small program can) is refused as
# damaged by every reader: query (text and JSON), book stats --check, verify and the engine refuse
# or name it; a distributed solve and a book build never take it as an answer, say so on standard
# error, prove the position again and replace the record (then every reader answers again).
set -u
TENGEN="$1"
TRANSPLANT="$2"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field
OPTS=(--rule freestyle --size 6)

"$TENGEN" book build "" "${OPTS[@]}" --depth 1 --workers 1 --book "$T/b" > /dev/null
before=$("$TENGEN" query --json "${OPTS[@]}" --book "$T/b" "")
check "the empty board is a draw before the transplant" contains "$before" '"result": "draw"'
# a1's value (white to move, a draw of its own) copied onto the empty board's key.
"$TRANSPLANT" "$T/b" freestyle 6 "a1" "" ; rc=$?
check "the transplant wrote the forged value" [ "$rc" -eq 0 ]

out=$("$TENGEN" query "${OPTS[@]}" --book "$T/b" "" 2>&1); rc=$?
check "query refuses the moved record (rc $rc)" [ "$rc" -ne 0 ] && check "(query says why)" contains "$out" "stored under another position's key"
out=$("$TENGEN" query --json "${OPTS[@]}" --book "$T/b" "" 2>&1); rc=$?
check "query --json refuses it too (rc $rc)" [ "$rc" -ne 0 ] && check "(query --json says why)" contains "$out" "another position's key"
out=$("$TENGEN" book stats --check --json --book "$T/b" 2>&1); rc=$?
check "book stats --check counts it unreadable (rc $rc)" [ "$rc" -eq 1 ] && check "(one unreadable)" contains "$out" '"unreadable": 1'
out=$("$TENGEN" verify --book "$T/b" 2>&1); rc=$?
check "verify names it (rc $rc)" [ "$rc" -eq 1 ] && check "(verify says why)" contains "$out" "another position's key"
out=$(printf 'START 6\nINFO rule 0\nBEGIN\nEND\n' | "$TENGEN" engine --book "$T/b" 2>&1)
check "the engine does not play from it: it says the record is unreadable" contains "$out" "another position's key"
cp -r "$T/b" "$T/c"
err=$("$TENGEN" solve --workers 2 "${OPTS[@]}" --book "$T/b" --json "" 2>&1 >/dev/null); rc=$?
check "a distributed solve says it met the moved record and did not use it" contains "$err" "the empty board: unreadable record: stored under another position's key" && check "(not used)" contains "$err" "not used: asked again"
after=$("$TENGEN" query --json "${OPTS[@]}" --book "$T/b" "")
check "then the empty board reads as its own proof again (rc $rc)" contains "$after" '"result": "draw"'
err=$("$TENGEN" book build "" "${OPTS[@]}" --depth 1 --workers 1 --book "$T/c" 2>&1 >/dev/null); rc=$?
check "a book build says the same (rc $rc)" contains "$err" "stored under another position's key" && check "(build: not used)" contains "$err" "not used: asked again"
check "and its book answers again" contains "$("$TENGEN" query --json "${OPTS[@]}" --book "$T/c" "")" '"verified": true'

echo "$failures failed"
[ "$failures" -eq 0 ]

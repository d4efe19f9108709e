#!/usr/bin/env bash
# MPI end to end: `mpirun -np 3` solves (a renju win, a freestyle 7x7 draw) agree with the
# single-process prover; a book build killed with kill -9 on a worker rank resumes on the next
# run with every earlier proof still in the book, and ends as an uninterrupted run does; a
# second run on a book being written is refused.
set -u
TENGEN="$1"
WORK=$(mktemp -d /tmp/tengen-mpi-XXXXXX)
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$WORK"' EXIT
MPIRUN=(mpirun --oversubscribe -np 3)
[ "$(id -u)" -eq 0 ] && MPIRUN+=(--allow-run-as-root)
failures=0
contains_refusal() { [[ "$1" == *"in use by another writer"* ]]; }
check() {  # check NAME CONDITION...
  local name="$1"; shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
field() { sed -n "s/.*\"$1\": *\"\\{0,1\\}\\([^\",}]*\\).*/\\1/p" <<< "$2"; }

RENJU="g12,h12,i12,f11,h11,c10,h10,k9,h8,c7,g7/j12,g11,d10,e10,f10,g10,e9,h9,i9,j9,d8"

# 1. Distributed solves against the single-process prover.
single=$("$TENGEN" solve --json --hash 64 "$RENJU")
dist=$("${MPIRUN[@]}" "$TENGEN" solve --json --book "$WORK/renju" --job-nodes 1000 --hash 8 "$RENJU" 2>"$WORK/err1")
echo "single: $single"; echo "mpi:    $dist"
check "renju: mpirun -np 3 agrees with one process ($(field result "$single"))" \
  test "$(field result "$dist")" = "$(field result "$single")" -a "$(field result "$single")" = black-wins
check "renju: two MPI workers" test "$(field workers "$dist")" = 2
check "renju: the stored proof verifies" "$TENGEN" verify --book "$WORK/renju" "$RENJU"

# A 7x7 opening (the empty 6x6 board now falls to pairings in a handful of jobs).
single=$("$TENGEN" solve --json --rule freestyle --size 7 --hash 64 "d4 e5")
dist=$("${MPIRUN[@]}" "$TENGEN" solve --json --rule freestyle --size 7 --book "$WORK/seven" --job-nodes 200 --hash 8 "d4 e5" 2>"$WORK/err2")
echo "single: $single"; echo "mpi:    $dist"
check "freestyle 7x7 d4 e5: mpirun -np 3 agrees with one process ($(field result "$single"))" \
  test "$(field result "$dist")" = "$(field result "$single")" -a "$(field result "$single")" = draw
check "freestyle 7x7 d4 e5: tiny jobs made many jobs" test "$(field jobs "$dist")" -gt 50

# 2. Kill -9 a worker rank in the middle of a book build, then run the same command again.
BUILD=(book build "" --rule freestyle --size 6 --depth 2 --nodes 1000 --hash 8 --json)
"${MPIRUN[@]}" "$TENGEN" "${BUILD[@]}" --book "$WORK/build" > "$WORK/killed.out" 2>&1 &
mpipid=$!
# Wait until proofs are being stored, then kill the last worker rank.
for _ in $(seq 1 100); do
  sleep 0.2
  n=$("$TENGEN" book stats --book "$WORK/build" 2>/dev/null | sed -n 's/^entries: \([0-9]*\).*/\1/p')
  [ "${n:-0}" -gt 2000 ] && break
done
second=$("$TENGEN" "${BUILD[@]}" --workers 1 --book "$WORK/build" 2>&1)
check "a second run on a book being written is refused" contains_refusal "$second"
ranks=$(pgrep -f -- "tengen book build" | sort -n)
victim=$(echo "$ranks" | tail -1)
kill -9 "$victim"
wait "$mpipid"; status=$?
check "mpirun ended the job after a rank was killed (status $status)" test "$status" -ne 0
check "no result was printed by the killed run" test -z "$(grep '"result"' "$WORK/killed.out")"
decided() {  # the book's decided entries as "position to_move result", sorted
  "$TENGEN" book export --book "$1" | grep -v '"result":"unknown"' | \
    sed -n 's/.*"position":"\([^"]*\)","to_move":"\([a-z]*\)".*"result":"\([a-z-]*\)".*/\1 \2 \3/p' | sort
}
decided "$WORK/build" > "$WORK/before"
before=$(wc -l < "$WORK/before")
check "the killed run had stored proofs ($before positions)" test "$before" -gt 0
check "every proof stored before the kill verifies" "$TENGEN" verify --book "$WORK/build"

resumed=$("${MPIRUN[@]}" "$TENGEN" "${BUILD[@]}" --book "$WORK/build" 2>"$WORK/err3")
echo "resumed: $resumed"
decided "$WORK/build" > "$WORK/after"
lost=$(comm -23 "$WORK/before" "$WORK/after" | wc -l)
check "nothing proven before the kill was lost or changed ($lost missing)" test "$lost" -eq 0
check "the resumed run took earlier answers from the book ($(field from_book "$resumed"))" test "$(field from_book "$resumed")" -gt 0

fresh=$("$TENGEN" "${BUILD[@]}" --workers 2 --book "$WORK/fresh" 2>"$WORK/err4")
echo "uninterrupted: $fresh"
check "the resumed build ends as an uninterrupted one (root $(field result "$fresh"), $(field positions "$fresh") positions)" \
  test "$(field result "$resumed")" = "$(field result "$fresh")" -a "$(field positions "$resumed")" = "$(field positions "$fresh")"
check "the resumed book verifies" "$TENGEN" verify --book "$WORK/build"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]

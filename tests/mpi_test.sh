#!/usr/bin/env bash
# MPI end to end: `mpirun -np 3` solves (a renju win, a freestyle 7x7 draw) agree with the
# single-process prover; a worker rank takes a book's proof as a leaf mid-job; worker ranks guided
# by engines of their own. (Killed ranks, mpirun's death, Ctrl-C and the book's lock: fault_test.sh.)
set -u
TENGEN="$1"
WORK=$(mktemp -d /tmp/tengen-mpi-XXXXXX)
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$WORK"' EXIT
MPIRUN=(mpirun --oversubscribe -np 3)
[ "$(id -u)" -eq 0 ] && MPIRUN+=(--allow-run-as-root)
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field, decided, agree

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

# A worker rank's search takes the book's verified win as a leaf, fetched from the coordinator
# mid-job: the first Kagetsu line's position after 23 plies is proved into the book by one
# process, then ranks prove the position before it with jobs of 10 nodes.
KAGETSU22="h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8 h11 i12 f7 f10 g11 g9 e11 f11"
"$TENGEN" solve --json --hash 64 --book "$WORK/lent" "$KAGETSU22 f12" >/dev/null
dist=$("${MPIRUN[@]}" "$TENGEN" solve --json --book "$WORK/lent" --job-nodes 10 --hash 8 "$KAGETSU22" 2>"$WORK/err4")
echo "mpi, lent leaves: $dist"
check "lent leaves: mpirun -np 3 proves black's win" test "$(field result "$dist")" = black-wins
check "lent leaves: a worker rank took the book's proof ($(field proofs_lent "$dist") lent)" test "$(field proofs_lent "$dist")" -ge 1
check "lent leaves: the stored proof verifies" "$TENGEN" verify --book "$WORK/lent" "$KAGETSU22"

# A guided proof through the ranks: every worker rank reads --hint-engine from its own command
# line and starts its own engine (tengen's, through the Gomocup protocol) for its jobs' searches;
# the coordinator starts none. The wrapper notes each start.
KAGETSU24="$KAGETSU22 f12 h10"
printf '#!/bin/sh\necho started >> "%s"\nexec "%s" engine\n' "$WORK/engine-starts" "$TENGEN" > "$WORK/engine.sh"
chmod +x "$WORK/engine.sh"
dist=$("${MPIRUN[@]}" "$TENGEN" solve --json --book "$WORK/guided" --job-nodes 500 --hash 8 --hint-engine "$WORK/engine.sh" --hint-ms 100 "$KAGETSU24" 2>"$WORK/err5")
echo "mpi, guided: $dist"
starts=$(wc -l < "$WORK/engine-starts" 2>/dev/null || echo 0)
check "guided: mpirun -np 3 proves black's win" test "$(field result "$dist")" = black-wins
check "guided: the worker ranks started their own engines ($starts), the coordinator none" test "$starts" -ge 1 -a "$starts" -le 2
check "guided: the stored proof verifies" "$TENGEN" verify --book "$WORK/guided" "$KAGETSU24"

# Othello through the same ranks: the 4x4 start to depth 4, every entry verified, the same margin
# as the single-process endgame solver.
single=$("$TENGEN" solve --json --game othello --size 4 "")
dist=$("${MPIRUN[@]}" "$TENGEN" book build --json --game othello --size 4 "" --depth 4 --hash 8 --book "$WORK/othello" 2>"$WORK/err3")
echo "single: $single"; echo "mpi:    $dist"
check "othello 4x4: mpirun -np 3 builds the book to depth 4 on two worker ranks" test "$(field workers "$dist")" = 2 -a "$(field jobs "$dist")" -gt 20
check "othello 4x4: the root's margin is the single process's ($(field margin "$single"))" test "$(field margin "$dist")" = "$(field margin "$single")" -a "$(field margin "$single")" = -10
check "othello 4x4: verified" contains "$dist" '"verified": true'
check "othello 4x4: the book verifies" "$TENGEN" verify --book "$WORK/othello"

# An 8x8 endgame split into one job per move over the worker ranks: FFO #1's published +18, the
# root's proof composed from the ranks' trees and verified, and stored.
FFO1="--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
dist=$("${MPIRUN[@]}" "$TENGEN" solve --json --game othello --prove --hash 8 --book "$WORK/ffo1" "$FFO1" 2>"$WORK/err4")
echo "mpi:    $dist"
check "othello split: mpirun -np 3 gives FFO #1's +18 by g8" contains "$dist" '"margin": 18, "best_move": "g8"'
check "othello split: one job per move on two worker ranks" contains "$dist" '"split": {"workers": 2, "moves": 8, "jobs": '
check "othello split: the composed proof verified" contains "$dist" '"verified": true'
check "othello split: the stored proof verifies" "$TENGEN" verify --book "$WORK/ffo1"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]

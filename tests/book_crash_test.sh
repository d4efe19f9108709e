#!/usr/bin/env bash
# Crash safety and process-level book faults: a solve killed with kill -9 while it writes proofs
# leaves a book in which every stored proof is complete and verifies; a second writer is refused
# while queries run beside the writer.
set -u
TENGEN="$1"
WORK=$(mktemp -d /tmp/tengen-crash-XXXXXX)
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$WORK"' EXIT
BOOK="$WORK/book"
# Book opens keep their scratch folders here, so the test sees only its own.
export TMPDIR="$WORK/tmp"
mkdir -p "$TMPDIR"
scratchFolders() { find "$TMPDIR" -maxdepth 1 -name 'tengen-reader-*' | wc -l; }
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field, decided, agree

# Freestyle 6x6: the empty board, c3, and c3 with every white reply. Each solve takes a
# fraction of a second and stores tens to hundreds of positions, so a kill lands in the middle
# of a stream of searches and writes. Each round takes them in a new order.
{
  echo ""
  echo "c3"
  for c in a b c d e f; do for r in 1 2 3 4 5 6; do [ "$c$r" != c3 ] && echo "c3 $c$r"; done; done
} > "$WORK/positions"

stored_before=0
for round in 1 2 3 4; do
  shuf "$WORK/positions" > "$WORK/round"
  # The positions reach the solve through a pipe that stays open, so the solve cannot finish and
  # close the book before the kill, however fast the machine: the kill lands after a random
  # number of answers, with the rest of the positions queued behind them.
  mkfifo "$WORK/feed$round"
  "$TENGEN" solve --rule freestyle --size 6 --hash 16 --json --book "$BOOK" < "$WORK/feed$round" > "$WORK/out$round" 2>&1 &
  pid=$!
  exec 8> "$WORK/feed$round"
  cat "$WORK/round" >&8
  want=$((RANDOM % 30 + 1))
  for _ in $(seq 600); do
    [ "$(grep -c . "$WORK/out$round")" -ge "$want" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  answered=$(grep -c . "$WORK/out$round")
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null; status=$?
  exec 8>&-
  left=$(scratchFolders)
  out=$("$TENGEN" verify --book "$BOOK" --json); rc=$?
  after=$(scratchFolders)
  # Killed while it held the book: its scratch folder stays until the next open sweeps it.
  check "round $round: killed after $answered answers (wanted $want) while it held the book (status $status, $left scratch folder)" \
    [ "$status" -eq 137 -a "$answered" -ge "$want" -a "$left" -eq 1 ]
  check "round $round: the killed solve's scratch folder was removed by the next open ($left, then $after)" [ "$after" -eq 0 ]
  check "round $round: every stored proof verifies after kill -9 ($out)" [ "$rc" -eq 0 ]
  stats=$("$TENGEN" book stats --book "$BOOK" --json)
  check "round $round: no unreadable record" contains "$stats" '"unreadable": 0'
  entries=$(sed -E 's/.*"entries": ([0-9]+).*/\1/' <<<"$stats")
  check "round $round: nothing stored earlier is lost ($entries >= $stored_before)" [ "$entries" -ge "$stored_before" ]
  stored_before=$entries
done

# The same run to the end agrees with what a clean process says about each position.
"$TENGEN" solve --rule freestyle --size 6 --hash 16 --json --book "$BOOK" < "$WORK/positions" > "$WORK/final"; rc=$?
check "resumed batch finishes" [ "$rc" -eq 0 ]
check "every opening is a draw" [ "$(grep -c '"result": "draw"' "$WORK/final")" -eq "$(grep -c . "$WORK/final")" ]
out=$("$TENGEN" query --book "$BOOK" --rule freestyle --size 6 --json "c3 d4")
check "query after the crashes: c3 d4 is a draw" contains "$out" '"result": "draw"'
out=$("$TENGEN" verify --book "$BOOK"); rc=$?
check "final verify passes ($out)" [ "$rc" -eq 0 ]

# One writer at a time; readers beside it. The writer waits on a pipe that stays open.
mkfifo "$WORK/pipe"
"$TENGEN" solve --rule freestyle --size 6 --hash 16 --book "$BOOK" < "$WORK/pipe" > /dev/null 2>&1 &
writer=$!
exec 7> "$WORK/pipe"
sleep 0.5
err=$("$TENGEN" solve --rule freestyle --size 6 --book "$BOOK" --lock-wait 0 "c3" 2>&1 >/dev/null); rc=$?
check "second writer refused with status 1" [ "$rc" -eq 1 ]
check "second writer message names the book" contains "$err" "book $BOOK: in use by another writer"
check "second writer message is one line" [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ]
# With a wait, it says once what it waits for, then gives up with the same error.
err=$("$TENGEN" solve --rule freestyle --size 6 --book "$BOOK" --lock-wait 0.5 "c3" 2>&1 >/dev/null); rc=$?
check "a writer that waited in vain: status 1" [ "$rc" -eq 1 ]
check "a writer that waited in vain: the notice, then the error" \
  [ "$(printf '%s\n' "$err" | grep -c "waiting up to 0.5 s")" -eq 1 -a "$(printf '%s\n' "$err" | tail -1 | grep -c "in use by another writer.*waited \(0\.[5-9]\|[1-9][0-9]*\.[0-9]\) s (--lock-wait)")" -eq 1 ]
out=$("$TENGEN" query --book "$BOOK" --rule freestyle --size 6 --json "c3"); rc=$?
check "query beside the writer works" [ "$rc" -eq 0 ]
check "query beside the writer answers" contains "$out" '"result": "draw"'
echo "c3 e5" >&7
exec 7>&-
wait "$writer"; rc=$?
check "writer fed through the pipe finishes" [ "$rc" -eq 0 ]

echo "$failures failed"
[ "$failures" -eq 0 ]

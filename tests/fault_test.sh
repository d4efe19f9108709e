#!/usr/bin/env bash
# Faults and stops, end to end under mpirun: kill -9 a worker rank, the coordinator rank or mpirun
# itself at a seeded random moment of a book build (10 rounds each, every round resuming the last).
# After each kill: every rank is gone (within 5 s of mpirun's death), the book opens and verifies,
# and no proven entry is lost; then the rerun finishes with the same book an uninterrupted build
# makes. Ctrl-C on mpirun and on an in-process run stops at a safe point with tengen's own line;
# a rerun waits (--lock-wait) for a writer that is letting go. Usage: fault_test.sh TENGEN [SEED]
set -u
TENGEN="$1"
RANDOM="${2:-2026}"
WORK=$(mktemp -d /tmp/tengen-fault-XXXXXX)
# This test's own book builds: every one names a book in $WORK. Matching "book build" alone also
# found (and at the exit killed) the builds of tests running beside this one under ctest -j.
OURS="^$TENGEN book build .*--book $WORK/"
trap 'kill -9 $(jobs -p) 2>/dev/null; pkill -9 -f "$OURS" 2>/dev/null; rm -rf "$WORK"' EXIT
# Open MPI keeps its shared-memory segments in /dev/shm and a killed run leaves them there (30 a
# run of this test): here they live in the scratch folder and go with it.
mkdir -p "$WORK/shm"
export OMPI_MCA_btl_vader_backing_directory="$WORK/shm"
MPIRUN=(mpirun --oversubscribe -np 3)
[ "$(id -u)" -eq 0 ] && MPIRUN+=(--allow-run-as-root)
BUILD=(book build "" --rule freestyle --size 6 --depth 3 --nodes 1000 --hash 8 --json --lock-wait 0)
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field, decided, agree
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
ranks() { pgrep -f "$OURS"; }
opens() { "$TENGEN" book stats --book "$1" > /dev/null; }
verifies() { "$TENGEN" verify --book "$1" --lock-wait 0 > /dev/null; }
rankOf() { tr '\0' '\n' < "/proc/$1/environ" 2>/dev/null | sed -n 's/^OMPI_COMM_WORLD_RANK=//p'; }
# Waits up to $2 seconds for every rank to be gone; prints how long it took.
ranksGoneWithin() {
  local start="$1" limit="$2"
  while ranks > /dev/null; do
    if awk -v e="$(elapsed "$start")" -v l="$limit" 'BEGIN { exit !(e > l) }'; then return 1; fi
    sleep 0.02
  done
}

# Waits for mpirun ($1) to end, up to $2 seconds once no rank is left. Open MPI 4.1's mpirun now and
# then stays after its ranks ended (seen after Ctrl-C: the ranks exited, unreaped, mpirun idle for
# 25 minutes): that is mpirun's, not tengen's, so it is said and mpirun killed, and the checks of
# what tengen left go on. A rank still running is left to the checks that follow.
mpirunEnds() {
  local pid="$1" limit="$2" start
  start=$(now)
  while kill -0 "$pid" 2>/dev/null; do
    if ! ranks > /dev/null && awk -v e="$(elapsed "$start")" -v l="$limit" 'BEGIN { exit !(e > l) }'; then
      echo "note: mpirun still there $limit s after its last rank ended (an Open MPI hang); killed"
      kill -9 "$pid" 2>/dev/null
      break
    fi
    ranks > /dev/null && start=$(now)
    sleep 0.1
  done
  wait "$pid" 2>/dev/null
}

fresh=$("$TENGEN" "${BUILD[@]}" --workers 2 --book "$WORK/fresh" 2>/dev/null)
echo "uninterrupted: $fresh"
decided "$WORK/fresh" > "$WORK/fresh.decided"

for victim in worker coordinator mpirun; do
  book="$WORK/$victim"
  : > "$WORK/before"
  slowest=0
  for round in $(seq 1 10); do
    "${MPIRUN[@]}" "$TENGEN" "${BUILD[@]}" --book "$book" > "$WORK/out" 2>&1 &
    mpipid=$!
    delay=$(awk -v r=$RANDOM 'BEGIN { printf "%.2f", 0.3 + (r % 1200) / 1000 }')
    sleep "$delay"
    target=""
    case $victim in
      mpirun) target=$mpipid ;;
      *) for p in $(ranks); do
           r=$(rankOf "$p")
           if [ "$victim" = coordinator ] && [ "$r" = 0 ]; then target=$p; fi
           if [ "$victim" = worker ] && [ -n "$r" ] && [ "$r" != 0 ]; then target=$p; fi
         done ;;
    esac
    if [ -z "$target" ]; then  # the build ended before the moment came
      mpirunEnds "$mpipid" 30
      echo "round $round: the build was done within $delay s"
    else
      kill -9 "$target" 2>/dev/null
      start=$(now)
      if [ "$victim" = mpirun ]; then
        check "kill -9 mpirun (round $round, after $delay s): every rank gone within 5 s" ranksGoneWithin "$start" 5
        took=$(elapsed "$start")
        slowest=$(awk -v a="$slowest" -v b="$took" 'BEGIN { print (b > a ? b : a) }')
      else
        check "kill -9 the $victim rank (round $round, after $delay s): every rank gone within 5 s" ranksGoneWithin "$start" 5
      fi
      mpirunEnds "$mpipid" 30
    fi
    if [ -z "$(ls -A "$book" 2>/dev/null)" ] && [ ! -s "$WORK/before" ]; then
      # A loaded machine can take longer than the delay to start the ranks: nothing was stored yet.
      echo "round $round: killed before the book was created (nothing to lose)"
      continue
    fi
    check "$victim round $round: the book opens" opens "$book"
    check "$victim round $round: every stored proof verifies" verifies "$book"
    decided "$book" > "$WORK/after"
    lost=$(comm -23 "$WORK/before" "$WORK/after" | wc -l)
    check "$victim round $round: no proven entry lost ($lost missing of $(wc -l < "$WORK/before"); now $(wc -l < "$WORK/after"))" test "$lost" -eq 0
    cp "$WORK/after" "$WORK/before"
  done
  [ "$victim" = mpirun ] && echo "slowest exit of every rank after kill -9 mpirun: $slowest s"
  start=$(now)
  resumed=$("${MPIRUN[@]}" "$TENGEN" "${BUILD[@]}" --book "$book" 2>/dev/null)
  echo "resumed after the $victim kills ($(elapsed "$start") s): $resumed"
  check "after the $victim kills the rerun finishes: root $(field result "$resumed") as uninterrupted ($(field result "$fresh"))" \
    test "$(field result "$resumed")" = "$(field result "$fresh")" -a "$(field positions "$resumed")" = "$(field positions "$fresh")"
  decided "$book" > "$WORK/after"
  check "after the $victim kills the book agrees with an uninterrupted build ($(wc -l < "$WORK/after") and $(wc -l < "$WORK/fresh.decided") decided)" \
    agree "$WORK/after" "$WORK/fresh.decided"
done

# Ctrl-C on mpirun: mpirun ends the ranks with SIGTERM; the coordinator stops at its next answer
# and says so in its own words.
"${MPIRUN[@]}" "$TENGEN" "${BUILD[@]}" --book "$WORK/int" > "$WORK/int.out" 2>&1 &
mpipid=$!
sleep 1
kill -INT "$mpipid"
mpirunEnds "$mpipid" 30
check "Ctrl-C on mpirun: tengen says where it stopped" grep -q "tengen book build: stopped by SIGTERM after" "$WORK/int.out"
check "Ctrl-C on mpirun: the book verifies" verifies "$WORK/int"

# Ctrl-C on an in-process run: status 130, one line, a consistent book, a rerun that finishes.
"$TENGEN" "${BUILD[@]}" --workers 2 --book "$WORK/local" > "$WORK/local.out" 2> "$WORK/local.err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"; status=$?
check "Ctrl-C on --workers 2: exit status 130 (got $status)" test "$status" -eq 130
check "Ctrl-C on --workers 2: tengen says where it stopped" grep -q "stopped by SIGINT after .* jobs" "$WORK/local.err"
check "Ctrl-C on --workers 2: the book verifies" verifies "$WORK/local"

# Ctrl-C on a single-process solve: the answer so far, status 130.
out=$(timeout --preserve-status -s INT 2 "$TENGEN" solve --rule freestyle --size 9 --hash 64 "" 2>&1); status=$?
echo "$out"
check "Ctrl-C on solve: status 130 (got $status)" test "$status" -eq 130
check "Ctrl-C on solve: result unknown, stopped by SIGINT" contains "$out" "result: unknown (stopped by SIGINT)"

# A rerun that finds the lock held waits for the writer to let go (--lock-wait), and says so;
# with --lock-wait 0 it is refused at once.
WAITING=(book build "" --rule freestyle --size 6 --depth 3 --nodes 1000 --hash 8 --json)
"$TENGEN" "${WAITING[@]}" --workers 1 --book "$WORK/lock" > /dev/null 2>&1 &
holder=$!
sleep 1
refused=$("$TENGEN" "${WAITING[@]}" --workers 1 --book "$WORK/lock" --lock-wait 0 2>&1)
check "--lock-wait 0: refused at once" contains "$refused" "in use by another writer (process $holder"
(sleep 1; kill -INT "$holder") &
start=$(now)
waited=$("$TENGEN" "${WAITING[@]}" --workers 2 --jobs 20 --book "$WORK/lock" --lock-wait 20 2>&1)
check "a rerun waits for the writer that is stopping, then runs ($(elapsed "$start") s)" \
  test "$(field jobs "$waited")" -gt 0
check "the waiting rerun said what it waited for" contains "$waited" "is held by process $holder; waiting up to 20 s"
# Seen once in a fresh-clone run (2026-12-03, not since): no "jobs" in the rerun's output. Its
# output is shown whenever that happens, to say why.
[ -n "$(field jobs "$waited")" ] || echo "the waiting rerun printed: $waited"
wait "$holder"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]

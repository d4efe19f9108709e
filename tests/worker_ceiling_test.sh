#!/bin/bash
# bench/worker-ceiling.sh on the 4x4 board (each build a fraction of a second): it runs the three
# builds of each round, prints the means, the ceiling and the split's share of it, and refuses bad
# arguments with one line and exit status 2.
set -uo pipefail
tengen=$1
here=$(cd "$(dirname "$0")/.." && pwd)
script="$here/bench/worker-ceiling.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }

out=$(bash "$script" --size 4 --depth 2 --rounds 2 "$tengen" 2>&1) || fail "the script failed: $out"
for line in "round 1: one worker" "round 2: one worker" "means over 2 round(s)" \
            "ceiling for two workers (the copies' combined rate):" "two workers' speedup:"; do
  grep -qF "$line" <<<"$out" || fail "no '$line' in: $out"
done
# The 4x4 book of two plies: the same nodes on one worker in both rounds, and a positive ceiling.
nodes=$(grep -o 'one worker [0-9.]* s ([0-9]* nodes)' <<<"$out" | grep -o '([0-9]*' | tr -d '(' | sort -u)
[[ $(wc -l <<<"$nodes") == 1 && "$nodes" -gt 0 ]] || fail "one worker's nodes differ between rounds or are none: $nodes"
grep -qE 'ceiling for two workers .*: [0-9]+\.[0-9]+x' <<<"$out" || fail "no ceiling figure in: $out"

for bad in "--depth 0" "--rounds x" "--size 5"; do
  # shellcheck disable=SC2086
  msg=$(bash "$script" $bad "$tengen" 2>&1); rc=$?
  [[ $rc == 2 ]] || fail "$bad: exit $rc, not 2"
  [[ $(wc -l <<<"$msg") == 1 && "$msg" == worker-ceiling:* ]] || fail "$bad: not one line: $msg"
done
msg=$(bash "$script" /nonexistent/tengen 2>&1); rc=$?
[[ $rc == 2 && "$msg" == *"is not an executable tengen"* ]] || fail "a missing tengen: exit $rc: $msg"
echo "worker-ceiling script: ok"

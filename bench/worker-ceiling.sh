#!/bin/bash
# What two workers can gain on this machine, beside what they do gain: the Othello 6x6 book build
# (issue 55's figure; another board with --size) on one worker, then two copies of that one-worker
# build at once (each its own book: the same work twice, nothing shared, no split to lose
# anything), then the build on two workers. The copies measure the machine: if two busy cores
# slow each other (shared caches, a virtual machine's two vCPUs on one physical core), no split
# can beat their combined rate,
#   ceiling = T1 x (1/Tcopy1 + 1/Tcopy2),
# and the split's own efficiency is its speedup T1/T2 over that ceiling.
#
# usage: bench/worker-ceiling.sh [--depth D] [--rounds R] [--size N] TENGEN [-- BUILD_OPTIONS...]
#   D: plies of the book below the start (default 3: on 6x6 about 2.2G nodes, 150-230 s a build
#   on a 2-vCPU VM); R: rounds, each the other way round from the last (default 2; the figures are
#   means); N: the board, 4, 6 (default) or 8. BUILD_OPTIONS go to every build (e.g. -- --hash 32).
set -euo pipefail
depth=3
rounds=2
size=6
while [[ $# -gt 0 && "$1" == --* && "$1" != "--" ]]; do
  case "$1" in
    --depth) depth=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    *) echo "worker-ceiling: unknown option $1" >&2; exit 2 ;;
  esac
done
if [[ $# -lt 1 ]]; then
  echo "usage: bench/worker-ceiling.sh [--depth D] [--rounds R] [--size N] TENGEN [-- BUILD_OPTIONS...]" >&2
  exit 2
fi
[[ "$depth" =~ ^[1-9][0-9]*$ ]] || { echo "worker-ceiling: --depth wants a positive count, not '$depth'" >&2; exit 2; }
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "worker-ceiling: --rounds wants a positive count, not '$rounds'" >&2; exit 2; }
[[ "$size" =~ ^(4|6|8)$ ]] || { echo "worker-ceiling: --size wants 4, 6 or 8, not '$size'" >&2; exit 2; }
tengen=$1
shift
[[ "${1:-}" == "--" ]] && shift
[[ -x "$tengen" ]] || { echo "worker-ceiling: $tengen is not an executable tengen" >&2; exit 2; }

scratch=$(mktemp -d /tmp/worker-ceiling.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# One build: its wall seconds on stdout, its output kept beside.
build() {
  local book=$1 workers=$2
  shift 2
  local start end
  start=$(date +%s.%N)
  "$tengen" book build --game othello --size "$size" "" --depth "$depth" --proof-nodes 0 --workers "$workers" \
    --book "$scratch/$book" "$@" > "$scratch/$book.log" 2>&1 ||
    { echo "worker-ceiling: the build into $book failed:" >&2; tail -3 "$scratch/$book.log" >&2; exit 1; }
  end=$(date +%s.%N)
  echo "$start $end" | awk '{d = $2 - $1; printf "%.3f", (d > 0.001 ? d : 0.001)}'
}
nodes() { grep -o 'search: [0-9]* nodes' "$scratch/$1.log" | grep -o '[0-9]*'; }

# One round: the one-worker build, the two copies at once, the two-worker build; a second round
# runs them the other way round, so a machine whose speed drifts weighs on each alike.
copies() {
  build "copyA$1" 1 "${@:2}" > "$scratch/copyA$1.time" &
  local pa=$!
  build "copyB$1" 1 "${@:2}" > "$scratch/copyB$1.time" &
  local pb=$!
  wait $pa
  wait $pb
  echo "$(cat "$scratch/copyA$1.time") $(cat "$scratch/copyB$1.time")"
}
for round in $(seq 1 "$rounds"); do
  if (( round % 2 == 1 )); then
    one=$(build "one$round" 1 "$@"); pair=$(copies "$round" "$@"); two=$(build "two$round" 2 "$@")
  else
    two=$(build "two$round" 2 "$@"); pair=$(copies "$round" "$@"); one=$(build "one$round" 1 "$@")
  fi
  echo "round $round: one worker $one s ($(nodes "one$round") nodes); two one-worker copies at once ${pair% *} s and ${pair#* } s; two workers $two s ($(nodes "two$round") nodes)"
  echo "$one $pair $two" >> "$scratch/times"
done
awk '{ t1 += $1; a += $2; b += $3; t2 += $4; n++ } END {
  t1 /= n; a /= n; b /= n; t2 /= n;
  ceiling = t1 * (1 / a + 1 / b);
  printf "means over %d round(s): one worker %.2f s, the copies %.2f s and %.2f s, two workers %.2f s\n", n, t1, a, b, t2;
  printf "each core beside the other took %.2fx and %.2fx the time of one alone\n", a / t1, b / t1;
  printf "ceiling for two workers (the copies'\'' combined rate): %.2fx\n", ceiling;
  printf "two workers'\'' speedup: %.2fx, %.0f%% of the ceiling\n", t1 / t2, 100 * (t1 / t2) / ceiling;
}' "$scratch/times"

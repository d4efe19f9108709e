#!/bin/bash
# Two tengen builds on the same positions, side by side: each position solved by both at once
# (one core each, a fresh process each, full value, a node budget and no time cap, so node counts
# are exact and repeatable), then per position and in total the nodes, seconds and results, and
# B's ratios to A (the sums and the geometric mean of the nodes). The figure a prover change
# reports on the positions that stall the horizon walk (tests/data/hard-replies.txt, the default).
#
# usage: bench/solve-side-by-side.sh [--file F] [--nodes N] TENGEN_A TENGEN_B [-- SOLVE_OPTIONS...]
#   F: one position per line (# comments); N: nodes per position (default 2000000).
#   SOLVE_OPTIONS go to both builds (e.g. -- --probe-max 1024).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
file="$here/tests/data/hard-replies.txt"
nodes=2000000
while [[ $# -gt 0 && "$1" == --* && "$1" != "--" ]]; do
  case "$1" in
    --file) file=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    *) echo "solve-side-by-side: unknown option $1" >&2; exit 2 ;;
  esac
done
if [[ $# -lt 2 ]]; then
  echo "usage: bench/solve-side-by-side.sh [--file F] [--nodes N] TENGEN_A TENGEN_B [-- SOLVE_OPTIONS...]" >&2
  exit 2
fi
[[ "$nodes" =~ ^[1-9][0-9]*$ ]] || { echo "solve-side-by-side: --nodes wants a positive count, not '$nodes'" >&2; exit 2; }
a=$1 b=$2
shift 2
[[ "${1:-}" == "--" ]] && shift
for e in "$a" "$b"; do
  [[ -x "$e" ]] || { echo "solve-side-by-side: $e is not an executable tengen" >&2; exit 2; }
done
[[ -r "$file" ]] || { echo "solve-side-by-side: cannot read $file" >&2; exit 2; }

scratch=$(mktemp -d /tmp/solve-side-by-side.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
# One line per answer: result nodes seconds.
figures() {
  local json=$1
  local result n s
  result=$(grep -o '"result": "[^"]*"' "$json" | head -1 | cut -d'"' -f4)
  n=$(grep -o '"nodes": [0-9]*' "$json" | head -1 | cut -d' ' -f2)
  s=$(grep -o '"seconds": [0-9.]*' "$json" | head -1 | cut -d' ' -f2)
  echo "${result:-error} ${n:-0} ${s:-0}"
}
printf '%-48s %-12s %10s %8s   %-12s %10s %8s %6s\n' position "A result" nodes s "B result" nodes s "B/A"
while IFS= read -r pos || [[ -n "$pos" ]]; do
  [[ -z "${pos// }" || "$pos" == \#* ]] && continue
  "$a" solve "$pos" --nodes "$nodes" --time 0 --json "$@" > "$scratch/a.json" 2>&1 &
  "$b" solve "$pos" --nodes "$nodes" --time 0 --json "$@" > "$scratch/b.json" 2>&1 &
  wait
  read -r ra na sa < <(figures "$scratch/a.json")
  read -r rb nb sb < <(figures "$scratch/b.json")
  label=$pos
  (( ${#label} > 48 )) && label="...${label: -45}"
  echo "$label|$ra|$na|$sa|$rb|$nb|$sb"
done < "$file" | awk -F'|' '
  { r = ($3 > 0) ? $6 / $3 : 0
    printf "%-48s %-12s %10d %8.1f   %-12s %10d %8.1f %6.2f\n", $1, $2, $3, $4, $5, $6, $7, r
    na += $3; sa += $4; nb += $6; sb += $7; n++
    if ($3 > 0 && $6 > 0) { lg += log($6 / $3); m++ }
    pa += ($2 ~ /wins|draw/); pb += ($5 ~ /wins|draw/) }
  END {
    if (n == 0) { print "no positions"; exit 1 }
    printf "\n%d positions: A proved %d, B proved %d\n", n, pa, pb
    printf "nodes: A %d, B %d (B/A %.3f, geometric mean %.3f)\n", na, nb, nb / na, exp(lg / m)
    printf "seconds: A %.1f, B %.1f (B/A %.3f)\n", sa, sb, (sa > 0 ? sb / sa : 0) }'

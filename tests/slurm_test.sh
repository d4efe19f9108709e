#!/usr/bin/env bash
# Slurm end to end on one machine: cluster/slurm/local-cluster.sh starts munged, slurmctld and
# slurmd; `sbatch cluster/slurm/tengen-book.sbatch` runs a book build (3 tasks: a coordinator and
# two worker ranks under srun's PMIx) to completion; the book verifies and matches one process.
# Needs root and Debian's slurm-wlm and munge (./dev.sh slurm installs them): skipped (77) otherwise.
# Usage: slurm_test.sh TENGEN
set -u
TENGEN="$(realpath "$1")"
HERE="$(cd "$(dirname "$0")" && pwd)"
CLUSTER="$HERE/../cluster/slurm/local-cluster.sh"
SCRIPT="$HERE/../cluster/slurm/tengen-book.sbatch"
if [ "$(id -u)" -ne 0 ]; then echo "skipped: a local Slurm cluster needs root"; exit 77; fi
for tool in munged slurmctld slurmd sbatch srun; do
  command -v "$tool" > /dev/null || { echo "skipped: $tool is not installed (./dev.sh slurm installs slurm-wlm and munge)"; exit 77; }
done
WORK=$(mktemp -d /tmp/tengen-slurm-XXXXXX)
trap 'bash "$CLUSTER" stop "$WORK/cluster"; rm -rf "$WORK"' EXIT
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field, decided, agree

if ! started=$(bash "$CLUSTER" start "$WORK/cluster" 2>&1); then
  echo "FAIL the local Slurm cluster did not start: $started"
  tail -3 "$WORK/cluster/"*.log
  exit 1
fi
# In the sanitizer build, LeakSanitizer fails the ranks at exit on what Open MPI's TCP and PMIx
# components keep (their stacks end in unloaded modules, so no suppression can name them); leaks of
# tengen's own are caught by every other test.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export SLURM_CONF="$WORK/cluster/slurm.conf"
echo "$(sinfo -h -o '%P %a %D %T %N')"

BUILD=("" 2 --rule freestyle --size 6 --nodes 1000 --hash 8)
cd "$WORK"
job=$(TENGEN="$TENGEN" TENGEN_BOOK="$WORK/book" timeout 300 sbatch --parsable --wait -N1 -n3 --overcommit \
        --output="$WORK/job.log" "$SCRIPT" "${BUILD[@]}")
rc=$?
echo "--- job $job, sbatch exit $rc; its log:"
cat "$WORK/job.log"
echo "---"
check "sbatch ran the book build to completion" test "$rc" -eq 0
check "the build ran on two MPI worker ranks" grep -q "on 2 MPI worker ranks" "$WORK/job.log"
check "the build was not cut short" grep -q "stopped: done" "$WORK/job.log"
check "the job queried the book: the empty 6x6 board is a draw" grep -q "^result: draw" "$WORK/job.log"
check "the book verifies" "$TENGEN" verify --book "$WORK/book" --lock-wait 0
"$TENGEN" book build "${BUILD[0]}" --depth "${BUILD[1]}" "${BUILD[@]:2}" --workers 1 --book "$WORK/single" > /dev/null 2>&1
bothDecideAndAgree() { test -s "$1" && test -s "$2" && agree "$1" "$2"; }
decided "$WORK/book" > "$WORK/slurm.decided"
decided "$WORK/single" > "$WORK/single.decided"
check "the book agrees with a one-worker build ($(wc -l < "$WORK/slurm.decided") and $(wc -l < "$WORK/single.decided") decided)" \
  bothDecideAndAgree "$WORK/slurm.decided" "$WORK/single.decided"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]

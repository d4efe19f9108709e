#!/usr/bin/env bash
# One machine: run a tengen command with mpirun, rank 0 the coordinator and one worker rank per
# core. Usage: cluster/run-local.sh [-n WORKERS] TENGEN-ARGS...
#   cluster/run-local.sh solve --book ./tengen-book "h8 h9 i9"
#   cluster/run-local.sh -n 4 book build "h8" --depth 2 --time 5 --book ./tengen-book
# Without mpirun at all, `tengen ... --workers N` does the same with threads.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tengen="${TENGEN:-$here/../build/bin/tengen}"
workers=$(nproc)
if [ "${1:-}" = "-n" ]; then workers="$2"; shift 2; fi
[ $# -gt 0 ] || { sed -n '2,7p' "$0" >&2; exit 2; }
[ -x "$tengen" ] || { echo "no tengen at $tengen (build it with ./dev.sh build, or set TENGEN)" >&2; exit 2; }
flags=(-np $((workers + 1)))
# The coordinator mostly waits, so one more rank than cores is fine; mpirun refuses that
# without --oversubscribe. --allow-run-as-root only where it is needed (containers, CI).
flags+=(--oversubscribe)
[ "$(id -u)" -eq 0 ] && flags+=(--allow-run-as-root)
exec mpirun "${flags[@]}" "$tengen" "$@"

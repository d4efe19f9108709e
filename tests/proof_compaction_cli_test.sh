#!/usr/bin/env bash
# `tengen verify --proof FILE --compact OUT` on a slice of the shipped h8-a1 proof: the compacted
# copy is smaller, verifies from the file alone with the same root and claim, and keeps its slices;
# --compact-threats 0 copies the tree as it is; misuse is refused with one line.
set -u
TENGEN="$1"
DATA="$2"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field
IN="$DATA/freestyle-h8-a1-slice.tgp"

before=$("$TENGEN" verify --proof "$IN" --json)
out=$("$TENGEN" verify --proof "$IN" --compact "$T/small.tgp"); rc=$?
check "verify --compact exits 0 (rc $rc): $out" [ "$rc" -eq 0 ]
check "  it says what it wrote" contains "$out" "compacted by threat sequences from 767 positions"
after=$("$TENGEN" verify --proof "$T/small.tgp" --json); rc=$?
check "the compacted file verifies from the file alone (rc $rc): $after" [ "$rc" -eq 0 ]
check "  ok" contains "$after" '"ok": true'
check "  fewer positions ($(field tree_nodes "$after") < $(field tree_nodes "$before"))" \
  [ "$(field tree_nodes "$after")" -lt "$(field tree_nodes "$before")" ]
check "  the same root" contains "$after" '"root": "g7,h6,h8,i7,i9,k11/a1,b2,f6,j10,j11"'
for f in to_move rule claim; do
  check "  the same $f" [ "$(field "$f" "$after")" = "$(field "$f" "$before")" ]
done
out=$("$TENGEN" verify --proof "$T/small.tgp" --slice "pass" --json); rc=$?
check "its root's pass edge is still there and checks alone (rc $rc)" [ "$rc" -eq 0 ]

out=$("$TENGEN" verify --proof "$IN" --compact "$T/same.tgp" --compact-threats 0); rc=$?
check "--compact-threats 0 writes the tree as it is (rc $rc): $out" [ "$rc" -eq 0 ]
check "  saying so" contains "$out" "767 positions, not smaller"

out=$("$TENGEN" verify --proof "$IN" --compact "$T/x.tgp" --json 2>&1); rc=$?
check "--compact with --json is refused (rc $rc): $out" [ "$rc" -eq 2 ]
check "  nothing written" [ ! -e "$T/x.tgp" ]
out=$("$TENGEN" verify --compact "$T/y.tgp" 2>&1); rc=$?
check "--compact without --proof is refused (rc $rc): $out" [ "$rc" -eq 2 ]
check "  in one line" [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ]

echo "$failures failure(s)"
[ "$failures" -eq 0 ]

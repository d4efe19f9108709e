#!/usr/bin/env bash
# `tengen book import FILE.tgp`: a shipped proof's slice (and its compacted copy, whose leaves are
# threat sequences) re-checked and stored as verified records; the book then answers queries on it
# and re-verifies it from its records; a damaged file, or one the verifier refuses, is refused in one
# line and no book is made.
set -u
TENGEN="$1"
DATA="$2"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field
IN="$DATA/freestyle-h8-a1-slice.tgp"
ROOT="g7,h6,h8,i7,i9,k11/a1,b2,f6,j10,j11"

out=$("$TENGEN" book import "$IN" --book "$T/b"); rc=$?
check "book import FILE.tgp exits 0 (rc $rc): $out" [ "$rc" -eq 0 ]
check "  it says what it stored" contains "$out" "black wins at $ROOT (freestyle 15x15"
q=$("$TENGEN" query --book "$T/b" --rule freestyle --json "$ROOT"); rc=$?
check "the book answers at the proof's root (rc $rc): $q" [ "$rc" -eq 0 ]
check "  black wins" [ "$(field result "$q")" = "black-wins" ]
check "  verified" contains "$q" '"verified": true'
v=$("$TENGEN" verify --book "$T/b" --json); rc=$?
check "the book re-verifies every stored claim from its records (rc $rc): $v" [ "$rc" -eq 0 ]
check "  none failed" [ "$(field failed "$v")" = "0" ]
out=$("$TENGEN" book import "$IN" --book "$T/b"); rc=$?
check "importing it again agrees with the book (rc $rc)" [ "$rc" -eq 0 ]

"$TENGEN" verify --proof "$IN" --compact "$T/small.tgp" > /dev/null
out=$("$TENGEN" book import "$T/small.tgp" --book "$T/c"); rc=$?
check "a compacted proof (threat-sequence leaves) imports too (rc $rc): $out" [ "$rc" -eq 0 ]
v=$("$TENGEN" verify --book "$T/c" --json); rc=$?
check "  and its records re-verify (rc $rc): $v" [ "$rc" -eq 0 ]
q=$("$TENGEN" query --book "$T/c" --rule freestyle --json "$ROOT")
check "  black wins at its root" [ "$(field result "$q")" = "black-wins" ]

# A byte flipped in the middle of the file: refused in one line, no book made.
size=$(stat -c %s "$IN")
cp "$IN" "$T/bad.tgp"
printf '\x00' | dd of="$T/bad.tgp" bs=1 seek=$((size / 2)) conv=notrunc status=none
out=$("$TENGEN" book import "$T/bad.tgp" --book "$T/d" 2>&1); rc=$?
check "a damaged proof file is refused (rc $rc): $out" [ "$rc" -ne 0 ]
check "  in one line" [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ]
check "  naming the file" contains "$out" "bad.tgp"
check "  and no book is made" [ ! -e "$T/d" ]

# A readable file the verifier refuses (the slice with its root's replies cut off): refused in one
# line, and no book is made, not even an empty one.
out=$("$TENGEN" book import "$DATA/freestyle-h8-a1-refused.tgp" --book "$T/e" 2>&1); rc=$?
check "a proof the verifier refuses is not imported (rc $rc): $out" [ "$rc" -ne 0 ]
check "  in one line" [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ]
check "  saying why" contains "$out" "the verifier refuses the proof"
check "  and no book is made" [ ! -e "$T/e" ]

echo "$failures failure(s)"
[ "$failures" -eq 0 ]

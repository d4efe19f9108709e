#!/usr/bin/env bash
# Books people can open, end to end: a book's tree exported as RenLib and SGF, read back as lines
# to prove, the lines proved with the library's moves first; broken files named with an offset.
set -u
TENGEN="$1"
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field, decided, agree
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# A renju book: the demo's position, a black win, stored with every position of its proof.
WIN="h8 h9 i9 j10 g8 i8 g10 g9 e8 f9 d9 d8 e10 f11 f7 g6 e9 e7 c10 b11 c9"
"$TENGEN" solve --book "$T/b" --nodes 2000000 "$WIN" > /dev/null
"$TENGEN" book export --book "$T/b" --format renlib --root "$WIN" --depth 3 > "$T/win.lib" 2> "$T/err"; rc=$?
check "renlib export exits 0" [ "$rc" -eq 0 ]
check "renlib export says what it wrote" contains "$(cat "$T/err")" "positions of book"
check "the .lib starts with RenLib's header" [ "$(head -c 7 "$T/win.lib" | tail -c 6)" == "RenLib" ]
"$TENGEN" book export --book "$T/b" --format sgf --root "$WIN" --depth 3 > "$T/win.sgf" 2>/dev/null
check "the .sgf is an SGF game tree" contains "$(head -c 40 "$T/win.sgf")" "(;GM[4]FF[4]CA[UTF-8]SZ[15]RU[Renju]"
check "the .sgf has the value as a comment" contains "$(cat "$T/win.sgf")" "C[black wins (verified, proof of"
lib=$("$TENGEN" lines import "$T/win.lib" 2>/dev/null); rc=$?
sgf=$("$TENGEN" lines import "$T/win.sgf" 2>/dev/null)
check "lines import of the .lib exits 0" [ "$rc" -eq 0 ]
check "the .lib and the .sgf hold the same lines" [ "$lib" == "$sgf" ]
check "the file's comments come along as # lines" contains "$lib" "# black wins (verified"
moves=$(printf '%s\n' "$lib" | grep -v '^# ')
check "every line starts with the root's moves" [ -z "$(printf '%s\n' "$moves" | grep -v "^$WIN ")" ]
check "lines import --json keeps the comment" contains "$("$TENGEN" lines import --json "$T/win.sgf" 2>/dev/null | head -1)" '"comment": "'
check "the proved best moves are marked as good moves" contains "$(cat "$T/win.sgf")" "TE[1]"
check "the .sgf names tengen's version" contains "$(cat "$T/win.sgf")" "AP[tengen:"
"$TENGEN" book export --book "$T/b" --format sgf --root "$WIN" --depth 3 --out "$T/out.sgf" 2>/dev/null
check "--out writes the same file" cmp -s "$T/out.sgf" "$T/win.sgf"
err=$("$TENGEN" book export --book "$T/b" --format sgf 2>&1 >/dev/null); rc=$?
check "an export of a root the book lacks exits 2" [ "$rc" -eq 2 ]
check "an export of a root the book lacks says to give --root" contains "$err" "nothing to export: the book holds no position at --root (the empty board)"
printf '(;GM[1]SZ[19];B[dd];W[pp])' > "$T/go.sgf"
err=$("$TENGEN" lines import "$T/go.sgf" 2>&1 >/dev/null); rc=$?
check "a Go record is refused" [ "$rc" -eq 1 ] && check "a Go record is named" contains "$err" "GM[1] is not a gomoku or renju record"
printf '(;GM[4]SZ[15]AB[hh]AW[ii];B[jj])' > "$T/setup.sgf"
err=$("$TENGEN" lines import "$T/setup.sgf" 2>&1 >/dev/null); rc=$?
check "setup stones are refused" [ "$rc" -eq 1 ] && check "setup stones are named" contains "$err" "setup stones (AB) are not moves"
# The lines proved, the library's moves tried first: each is a black win, verified.
out=$("$TENGEN" solve --json --lines "$T/win.lib" --nodes 500000); rc=$?
check "solve --lines exits 0" [ "$rc" -eq 0 ]
check "solve --lines answers every line" [ "$(printf '%s\n' "$out" | wc -l)" -eq "$(printf '%s\n' "$moves" | wc -l)" ]
check "every line is proved a black win" [ -z "$(printf '%s\n' "$out" | grep -v '"result": "black-wins"')" ]
# Broken files: one line naming the file and the byte.
head -c 27 "$T/win.lib" > "$T/cut.lib"
err=$("$TENGEN" lines import "$T/cut.lib" 2>&1 >/dev/null); rc=$?
check "a truncated .lib exits 1" [ "$rc" -eq 1 ]
check "a truncated .lib names the byte" contains "$err" "cut.lib: byte 26: the file ends inside a node"
printf '(;GM[4]SZ[15];B[hh];W[' > "$T/cut.sgf"
err=$("$TENGEN" lines import "$T/cut.sgf" 2>&1 >/dev/null); rc=$?
check "a truncated .sgf exits 1" [ "$rc" -eq 1 ] && check "a truncated .sgf names the byte" contains "$err" "cut.sgf: byte 22: a value without its closing"
err=$("$TENGEN" book export --book "$T/b" --format renlib --rule freestyle --size 9 2>&1 >/dev/null); rc=$?
check "renlib of a 9x9 book is refused" [ "$rc" -eq 2 ]

echo "$failures failed"
[ "$failures" -eq 0 ]

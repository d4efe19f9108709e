#!/usr/bin/env bash
# The book's trust boundary and bad input, end to end through the command line: a forged import
# is never reported as proved (solve --workers, book build, query), impossible numbers in an
# import are refused, raw input never reaches a message unquoted, JSON stays valid, requests for
# more memory than the machine has are refused, and --time bounds a distributed run.
set -u
TENGEN="$1"
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field, decided, agree
lacks() { [[ "$1" != *"$2"* ]]; }
one_line() { [ "$(printf '%s' "$1" | wc -l)" -eq 0 ] && [ -n "$1" ]; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# A forged entry: the empty 6x6 freestyle board (a draw) "proved" a black win by one move, marked
# verified as a hostile file would.
FORGED='{"position": "/", "to_move": "black", "rule": "freestyle", "size": 6, "result": "black-wins", "best_move": "c3", "verified": true, "proof_size": 1, "proof_depth": 1, "steps": {"black": {"wins": true, "moves": ["c3"], "argument": {"kind": 0, "moves": []}, "best": "c3", "size": 1, "depth": 1, "verified": true}}, "tool_version": "x"}'
printf '%s\n' "$FORGED" > "$T/forged.jsonl"
"$TENGEN" book import "$T/forged.jsonl" --book "$T/f" > /dev/null
out=$("$TENGEN" query --json --book "$T/f" --rule freestyle --size 6 "")
check "query: a forged import is a claim, never the result" contains "$out" '"result": "unknown", "claimed": "black-wins", "in_book": true, "verified": false'
out=$("$TENGEN" book stats --json --book "$T/f")
check "stats: the forged entry counts as an unverified claim" contains "$out" '"claimed_unverified": 1'
out=$("$TENGEN" solve --workers 2 --book "$T/f" --rule freestyle --size 6 --json "" 2>/dev/null); rc=$?
check "solve --workers over a forged book exits 0" [ "$rc" -eq 0 ]
check "solve --workers over a forged book proves the truth (a draw)" contains "$out" '"result": "draw"'
out=$("$TENGEN" query --json --book "$T/f" --rule freestyle --size 6 "")
check "the verified draw replaced the forged claim" contains "$out" '"result": "draw", "in_book": true, "verified": true'
"$TENGEN" book import "$T/forged.jsonl" --book "$T/g" > /dev/null
out=$("$TENGEN" book build "" --depth 1 --workers 2 --rule freestyle --size 6 --book "$T/g" --json 2>/dev/null); rc=$?
check "book build over a forged book exits 0" [ "$rc" -eq 0 ]
check "book build over a forged book: the root is a draw" contains "$out" '"result": "draw"'
"$TENGEN" book import "$T/forged.jsonl" --book "$T/h" > /dev/null
"$TENGEN" verify --book "$T/h" > /dev/null 2>&1; rc=$?
check "verify rejects the forged claim" [ "$rc" -eq 1 ]
out=$("$TENGEN" query --book "$T/h" --rule freestyle --size 6 "")
check "after verify rejects it, query still says unknown, claimed, unverified" contains "$out" "result: unknown; claimed, unverified: black-wins"
out=$("$TENGEN" solve --book "$T/h" --rule freestyle --size 6 --json "" 2>&1); rc=$?
check "a single-process solve over the forged claim stores the truth" [ "$rc" -eq 0 ] && check "single-process solve says draw" contains "$out" '"result": "draw"'

# Impossible numbers in an import: each line refused with its field named; nothing cast or wrapped.
base='{"position": "c3", "to_move": "white", "rule": "freestyle", "size": SIZE, "result": "unknown", "best_move": null, "verified": false, "pn": PN, "dn": 1, "steps": {}, "tool_version": "x"}'
for case in "15.9|1|size" "4294967311|1|size" "-6|1|size" "1e308|1|size" "6|1e308|pn" "6|-1|pn" "6|4294967296|pn" '"6"|1|size'; do
  IFS='|' read -r size pn field <<<"$case"
  line=${base/SIZE/$size}; line=${line/PN/$pn}
  err=$(printf '%s\n' "$line" | "$TENGEN" book import - --book "$T/n" 2>&1 >/dev/null); rc=$?
  check "import of size $size pn $pn exits 1" [ "$rc" -eq 1 ]
  check "import of size $size pn $pn names '$field'" contains "$err" "'$field' must be"
done
check "no impossible entry was stored (nothing read, so no book made)" [ ! -e "$T/n" ]

# Raw input never reaches a message as it was: control bytes escaped, long text cut, one line.
long=$(head -c 100000 /dev/zero | tr '\0' 'h')
err=$("$TENGEN" solve "h8 $long" 2>&1 >/dev/null); rc=$?
check "a 100 KB token exits 2" [ "$rc" -eq 2 ]
check "a 100 KB token gives one short line" [ "${#err}" -lt 300 ] && check "a 100 KB token is cut and counted" contains "$err" "...(100000 bytes)"
esc=$(printf 'h8 \033[31mred\033[0m\nsecond')
err=$("$TENGEN" fouls "$esc" 2>&1 >/dev/null); rc=$?
check "terminal escapes in a position exit 2" [ "$rc" -eq 2 ]
check "terminal escapes are written as \\x1b" contains "$err" '\x1b[31mred'
check "no escape byte reaches the terminal" lacks "$err" $'\033'
check "a newline in the input stays on one line" one_line "$err"
err=$("$TENGEN" query "--$(printf 'x\033y')" 2>&1 >/dev/null); rc=$?
check "an unknown option with an escape exits 2" [ "$rc" -eq 2 ] && check "the option is quoted and escaped" contains "$err" "unknown option '--x\\x1by'"
err=$("$TENGEN" "$(printf 'cmd\nx')" 2>&1 >/dev/null)
check "an unknown command with a newline is one line" one_line "$err"
err=$("$TENGEN" query --book "$(printf '%s\033' "$T/nobook")" h8 2>&1 >/dev/null)
check "a book path with an escape is escaped" contains "$err" "nobook\\x1b: no book here"

# JSON answers stay valid JSON whatever the input held (invalid UTF-8 replaced).
out=$(printf 'h8 \xff\xfe z\xc3\n' | "$TENGEN" fouls --json)
check "a batch answer to invalid UTF-8 is valid JSON" python3 -c 'import json,sys; json.loads(sys.argv[1])' "$out"
check "invalid bytes become U+FFFD" contains "$out" '\ufffd'

# Memory: a table larger than the machine, or workers whose tables together are, are refused.
err=$("$TENGEN" solve --hash 100000 h8 2>&1 >/dev/null); rc=$?
check "--hash beyond memory exits 2" [ "$rc" -eq 2 ] && check "--hash beyond memory says so" contains "$err" "more than this machine can give"
err=$("$TENGEN" solve --workers 1000 --hash 1000 --book "$T/w" h8 2>&1 >/dev/null); rc=$?
check "--workers beyond memory exits 2" [ "$rc" -eq 2 ] && check "--workers beyond memory says so" contains "$err" "lower --hash or --workers"
check "a refused run creates no book" [ ! -e "$T/w" ]

# --time bounds a distributed run even when each job's own budget is far larger.
start=$(date +%s)
out=$("$TENGEN" solve --workers 2 --time 2 --job-nodes 1000000000 --book "$T/t" --json "h8 h9 i9" 2>/dev/null); rc=$?
elapsed=$(( $(date +%s) - start ))
check "a --time 2 distributed run exits 0" [ "$rc" -eq 0 ]
check "a --time 2 distributed run stops by itself (took ${elapsed} s)" [ "$elapsed" -lt 30 ]
check "a --time 2 distributed run says it stopped on time" contains "$out" '"stopped_by": "time limit"'

# A reader answers line by line when lines come one at a time (a GUI driving it), with threads.
"$TENGEN" solve --rule freestyle --size 6 --book "$T/q" "c3" > /dev/null
coproc Q { "$TENGEN" query --json --book "$T/q" --rule freestyle --size 6; }
echo "c3" >&"${Q[1]}"
IFS= read -r -t 20 first <&"${Q[0]}"; rc=$?
check "an interactive reader answers the first line before the second is written" [ "$rc" -eq 0 ]
check "the first answer is the stored draw" contains "${first:-}" '"result": "draw"'
exec {Q[1]}>&-
wait "$Q_PID" 2>/dev/null

# Raw control bytes, long lines and bytes that are not UTF-8 never reach the terminal as they are.
ESC=$'\x1b'
out=$(printf 'h8 %s[31mred\n' "$ESC" | "$TENGEN" query --book "$T/q" 2>&1)
check "a batch query's echo escapes an escape sequence" contains "$out" 'position: h8 \x1b[31mred' && check "(no raw ESC)" sh -c "! printf '%s' \"\$1\" | grep -q \"$ESC\"" _ "$out"
for cmd in fouls solve; do
  out=$(printf 'h8 %s]0;x\a\n' "$ESC" | "$TENGEN" $cmd 2>&1)
  check "a batch $cmd's echo escapes control bytes" sh -c "! printf '%s' \"\$1\" | grep -q \"$ESC\"" _ "$out"
done
out=$(head -c 300000 /dev/zero | tr '\0' h | "$TENGEN" fouls 2>&1)
check "a 300,000-byte line is echoed cut, not in full (${#out} bytes out)" [ "${#out}" -lt 2000 ]
err=$(printf '\xff\n' | "$TENGEN" book import - --book "$T/imp" 2>&1 >/dev/null); rc=$?
check "book import of a raw 0xFF line: the byte is escaped" contains "$err" '\xff' && check "(no raw 0xFF)" sh -c "! printf '%s' \"\$1\" | grep -q \$'\\xff'" _ "$err"
check "a failed import leaves no book behind (rc $rc)" [ "$rc" -eq 1 -a ! -e "$T/imp" ]
err=$("$TENGEN" serve --book "$T/q" --host "${ESC}]0;x"$'\a' 2>&1); rc=$?
check "serve --host with control bytes: refused, escaped (rc $rc)" [ "$rc" -eq 1 ] && check "(escaped)" contains "$err" 'cannot listen on \x1b]0;x\x07'
# Input without end: memory stays bounded and the command says why it stops.
out=$(/usr/bin/time -f '%M' "$TENGEN" lines import /dev/zero 2>&1 >/dev/null); rc=$?
check "lines import /dev/zero is refused (rc $rc)" [ "$rc" -eq 1 ] && check "(says why)" contains "$out" "larger than 64 MiB"
check "lines import /dev/zero stays under 400 MB ($(tail -1 <<< "$out") KB)" [ "$(tail -1 <<< "$out")" -lt 400000 ]
# Numbers as whole-number options take them: plain decimals only.
for bad in 0x10 +3 1e-400 inf -1 .5; do
  err=$("$TENGEN" solve --time "$bad" --rule freestyle --size 5 c3 2>&1 >/dev/null); rc=$?
  check "--time $bad is refused (rc $rc)" [ "$rc" -eq 2 ] && check "(--time $bad: says what it takes)" contains "$err" "takes a duration from 0 to"
done
for good in 2.5 10s 2m 0.5h 250ms; do
  out=$("$TENGEN" solve --time "$good" --rule freestyle --size 5 --json c3); rc=$?
  check "--time $good is taken" [ "$rc" -eq 0 ]
done
# Mistakes get a hint: a command, an opening, numbers for a point, a code that is no opening.
err=$("$TENGEN" slove 2>&1); check "a misspelt command: did you mean" contains "$err" "did you mean 'solve'?"
err=$("$TENGEN" help solv 2>&1); check "help for a misspelt command: did you mean" contains "$err" "did you mean 'solve'?"
err=$("$TENGEN" book stat 2>&1); check "a misspelt book command: did you mean" contains "$err" "did you mean 'book stats'?"
err=$("$TENGEN" fouls Kagestu 2>&1); check "a misspelt opening: did you mean" contains "$err" "did you mean the opening Kagetsu?"
err=$("$TENGEN" query --book "$T/q" Kagestu 2>&1); check "query says so before it opens the book" contains "$err" "Kagetsu?"
err=$("$TENGEN" fouls "7,7" 2>&1); check "numbers for a point: the hint" contains "$err" "a point is a column letter and a row number, like h8"
err=$("$TENGEN" fouls D14 2>&1); rc=$?
check "D14 is no opening, and is said so (rc $rc)" [ "$rc" -eq 2 ] && check "(D14: the codes)" contains "$err" "the codes are D1-D13 and I1-I13"
for opt in "--hint-ms 5" "--hint-plies 2" "--hint-after 100" "--hint-questions 3" "--hint-wait 0"; do
  err=$("$TENGEN" solve $opt --rule freestyle --size 5 c3 2>&1 >/dev/null); rc=$?
  check "$opt without --hint-engine is refused (rc $rc)" [ "$rc" -eq 2 ] && check "($opt: says it needs --hint-engine)" contains "$err" "needs --hint-engine"
done

echo "$failures failed"
[ "$failures" -eq 0 ]

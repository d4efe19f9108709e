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
out=$("$TENGEN" book stats --json --book "$T/n")
check "no impossible entry was stored" contains "$out" '"entries": 0,'

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

echo "$failures failed"
[ "$failures" -eq 0 ]

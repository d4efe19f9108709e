#!/usr/bin/env bash
# `tengen campaign` end to end on a small white win (the first Suisei line after nine plies, white to
# move, its tenth move named with --via): proved through in-process workers with pass proofs as
# hints, the root then linked and re-checked whole; `campaign status` and the chart read the log;
# a run killed with kill -9 resumes and ends with the same verified value; under mpirun, stopped and
# resumed, the same; a proof file exported from the book checks from the file alone.
set -u
TENGEN="$1"
T=$(mktemp -d)
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$T"' EXIT
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field
ROOT="h8 i9 f6 j9 f8 i10 i8 j8 f9"

out=$("$TENGEN" campaign "$ROOT" --via f7 --win white --book "$T/b" --workers 2 --job-nodes 16 --job-growth 4 \
      --job-max-nodes 4096 --sample-every 1 --chart "$T/chart.svg" --json 2>/dev/null); rc=$?
check "the campaign exits 0" [ "$rc" -eq 0 ]
check "it proves the root a white win" contains "$out" '"result": "white-wins"'
q=$("$TENGEN" query --json --book "$T/b" "$ROOT")
check "the book holds the root as a verified white win" contains "$q" '"result": "white-wins"' && check "(verified)" contains "$q" '"verified": true'
check "with f7 as the best move" contains "$q" '"best_move": "f7"'
v=$("$TENGEN" verify --book "$T/b" --json); rc=$?
check "verify re-checks every stored claim ($v)" [ "$rc" -eq 0 ]
check "the chart is an SVG with the campaign's title" contains "$(cat "$T/chart.svg")" "white's win</text>"
check "the chart counts the replies proved" sh -c "grep -q 'replies proved (\([0-9]*\) of \1)' \"\$1\"" _ "$T/chart.svg"
st=$("$TENGEN" campaign status "$ROOT" --via f7 --win white --book "$T/b")
check "status: the root is proved" contains "$st" "root: white-wins (verified)"
check "status: every reply after f7 is proved" sh -c "printf '%s' \"\$1\" | grep -q 'replies: \([0-9]*\) of \1 proved white wins'" _ "$st"
check "status: the log has samples" contains "$st" "samples over"
# The proof as a file, checked without the book.
"$TENGEN" book export --book "$T/b" --format proof --root "$ROOT" --out "$T/p.tgp" > /dev/null
out=$("$TENGEN" verify --proof "$T/p.tgp" --json); rc=$?
check "the exported proof file verifies from the file alone" [ "$rc" -eq 0 ] && check "(ok)" contains "$out" '"ok": true'
check "its claim is white's win" contains "$out" '"claim": "white wins"'
out=$("$TENGEN" verify --proof "$T/p.tgp" --slice "f7 a1" --json); rc=$?
check "a slice (after f7 a1) verifies on its own" [ "$rc" -eq 0 ]

# The replies counted by class: on an empty book, white's 224 first moves after h8 are 35 classes
# under the board's 8 symmetries, each open one shown by one reply and the number it stands for.
"$TENGEN" book init --book "$T/e" > /dev/null
st=$("$TENGEN" campaign status "" --via h8 --win black --rule freestyle --book "$T/e")
check "status names the empty board" contains "$st" "campaign: (empty board) then h8"
check "status counts 35 classes of white's 224 first moves" contains "$st" "replies: 0 of 224 proved black wins (0 of 35 classes under the board's symmetries)"
check "each open class by one reply and its size" contains "$st" "open: a1 (4) b1 (8) c1 (8)"
js=$("$TENGEN" campaign status "" --via h8 --win black --rule freestyle --book "$T/e" --json)
check "status --json counts the classes" contains "$js" '"classes": 35, "classes_won": 0'
check "status --json names the position as given and the move after it" contains "$js" '"campaign": "", "winner": "black", "via": "h8"'
check "status --json lists the open replies under one key" [ "$(grep -o '"open_replies"' <<< "$js" | wc -l)" -eq 1 ]
check "  all 224 of them" [ "$(python3 -c 'import json,sys; print(len(json.loads(sys.argv[1])["open_replies"]))' "$js")" = 224 ]
check "  and each open class by one reply and its size" contains "$js" '"open_classes": [{"move": "a1", "replies": 4}, {"move": "b1", "replies": 8}'

"$TENGEN" campaign "$ROOT" --via f7 --win white --book "$T/k" --workers 2 --job-nodes 16 --job-growth 4 \
  --job-max-nodes 4096 --sample-every 1 > /dev/null 2>&1 &
pid=$!
sleep 1.5
kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
out=$("$TENGEN" campaign "$ROOT" --via f7 --win white --book "$T/k" --workers 2 --job-nodes 16 --job-growth 4 \
      --job-max-nodes 4096 --json 2>/dev/null); rc=$?
check "after kill -9 the same command resumes and proves (rc $rc)" [ "$rc" -eq 0 ] && check "(white wins)" contains "$out" '"result": "white-wins"'
v=$("$TENGEN" verify --book "$T/k" --json); rc=$?
check "every claim of the resumed campaign's book verifies" [ "$rc" -eq 0 ]
# Ctrl-C: the run stops at a safe point, says so and exits 130; the same command then finishes.
"$TENGEN" campaign "$ROOT" --via f7 --win white --book "$T/i" --workers 2 --job-nodes 16 --job-growth 4 \
  --job-max-nodes 4096 --json > "$T/i.out" 2>/dev/null &
pid=$!
sleep 1.5
kill -INT "$pid" 2>/dev/null; wait "$pid"; rc=$?
check "Ctrl-C stops the campaign with status 130 (rc $rc)" [ "$rc" -eq 130 ]
check "(its line says it was interrupted)" contains "$(cat "$T/i.out")" '"stopped_by": "interrupted"'
out=$("$TENGEN" campaign "$ROOT" --via f7 --win white --book "$T/i" --workers 2 --job-nodes 16 --job-growth 4 \
      --job-max-nodes 4096 --json 2>/dev/null); rc=$?
check "after Ctrl-C the same command finishes the proof (rc $rc)" [ "$rc" -eq 0 ] && check "(white wins)" contains "$out" '"result": "white-wins"'
# A campaign whose proved position is its own mirror image (7x7 freestyle: black's d6 makes a four
# and an open three, every white reply but d2 losing to the five at once): the root's claim is
# checked by its parts, which need no proof for a reply refuted on the spot; the proof exports as
# one file only when asked for whole, and that file verifies.
P7="c6,d3,d4,d5,e6/a1,b1,d7,f1,g1"
out=$("$TENGEN" campaign "$P7" --via d6 --size 7 --rule freestyle --win black --book "$T/s" --workers 1 \
      --job-nodes 16 2>&1); rc=$?
check "a mirror-image campaign proves its root (rc $rc)" [ "$rc" -eq 0 ] && check "(black wins)" contains "$out" "black's win: black-wins"
check "  every reply counted, those refuted on the spot too" contains "$out" "replies: 38 of 38 proved black wins"
err=$("$TENGEN" book export --format proof --root "$P7" --size 7 --rule freestyle --book "$T/s" --out "$T/s.tgp" 2>&1); rc=$?
check "its proof is not exported whole unasked (rc $rc)" [ "$rc" -eq 1 ] && check "(names --whole)" contains "$err" "--whole"
"$TENGEN" book export --format proof --root "$P7" --size 7 --rule freestyle --book "$T/s" --out "$T/s.tgp" --whole > /dev/null
out=$("$TENGEN" verify --proof "$T/s.tgp" --json); rc=$?
check "exported --whole, it verifies from the file alone (rc $rc)" [ "$rc" -eq 0 ] && check "(ok)" contains "$out" '"ok": true'
# The same campaign under mpirun (a coordinator rank and two worker ranks), stopped after a few jobs
# by --jobs and resumed: it ends with the same verified value.
MPIRUN=(mpirun --oversubscribe -np 3)
[ "$(id -u)" -eq 0 ] && MPIRUN+=(--allow-run-as-root)
if command -v mpirun > /dev/null; then
  "${MPIRUN[@]}" "$TENGEN" campaign "$ROOT" --via f7 --win white --book "$T/m" --job-nodes 16 --job-growth 4 \
    --job-max-nodes 4096 --jobs 5 > /dev/null 2>&1
  out=$("${MPIRUN[@]}" "$TENGEN" campaign "$ROOT" --via f7 --win white --book "$T/m" --job-nodes 16 --job-growth 4 \
        --job-max-nodes 4096 --json 2>/dev/null); rc=$?
  check "under mpirun, stopped and resumed, the campaign proves (rc $rc)" [ "$rc" -eq 0 ] && \
    check "(white wins under mpirun)" contains "$out" '"result": "white-wins"'
  st=$("$TENGEN" campaign status "$ROOT" --via f7 --win white --book "$T/m")
  check "status after the mpirun runs: proved" contains "$st" "root: white-wins (verified)"
else
  check "mpirun is installed (./dev.sh deps installs openmpi-bin)" false
fi

# --line: a game white won (the campaign's own proved line after ROOT), proved back from its end
# through the game's own moves, every white-to-move position from ply 11 on a step of its own.
GAME="$ROOT f7 l5 g8 h9 h10 k7 j10 j7 k6 g10 f11 h11 k10 l10 j11 j12 f12 g11 i12 d7 e8 l9 d9 c10 i11 i13 g6 h5 h13 g14 g12 e10 h12 e12 k9 g13 l8"
out=$("$TENGEN" campaign "$GAME" --line --line-from 11 --win white --book "$T/l" --workers 2 --job-nodes 16 --job-growth 4 \
      --job-max-nodes 4096 --json 2>"$T/l.err"); rc=$?
last=$(tail -n 1 <<< "$out")
check "--line proves every step of the game (rc $rc)" [ "$rc" -eq 0 ] && \
  check "(17 of 17 steps, none open)" contains "$last" '"steps": 17, "steps_proved": 17, "open_at_ply": null'
check "  from the position after 11 moves" contains "$last" '"from_ply": 11'
check "  the steps run deepest first" contains "$(head -n 2 "$T/l.err")" "line: ply 44 (k9): proving"
for n in 11 21 33; do
  q=$("$TENGEN" query --json --book "$T/l" "$(cut -d' ' -f1-$n <<< "$GAME")")
  check "  the position after $n moves is a verified white win in the book" contains "$q" '"result": "white-wins"' && \
    check "  (verified, after $n)" contains "$q" '"verified": true'
done
q=$("$TENGEN" query --json --book "$T/l" "$(cut -d' ' -f1-13 <<< "$GAME")")
check "  and white's game move there (h10 after 13 moves) is its best move" contains "$q" '"best_move": "h10"'
v=$("$TENGEN" verify --book "$T/l" --json); rc=$?
check "  every claim of the line's book verifies" [ "$rc" -eq 0 ]
out=$("$TENGEN" campaign "$GAME" --line --line-from 11 --win white --book "$T/l" --workers 1 2>&1); rc=$?
check "run again, every step was proved by an earlier run (rc $rc)" [ "$rc" -eq 0 ] && \
  check "(says so)" [ "$(grep -c 'proved by an earlier run' <<< "$out")" -eq 17 ]
# A step stopped with few replies open (--jobs 5): the engine (tengen's own) names white's move after
# each open reply, each is proved as a campaign of its own, and the step is run again.
out=$("$TENGEN" campaign "$GAME" --line --line-from 25 --win white --book "$T/h" --workers 1 --job-nodes 16 --job-growth 4 \
      --job-max-nodes 4096 --jobs 5 --reply-help 64 --hint-engine "$TENGEN engine" --hint-ms 50 --split-rethink-ms 200 2>&1); rc=$?
check "--line with an engine: a stopped step's open replies get the engine's move (rc $rc)" [ "$rc" -eq 0 ] && \
  check "(a reply proved on its own)" grep -q "line: ply [0-9]* ([a-o][0-9]*), reply [a-o][0-9]*: the engine's move [a-o][0-9]*, proved on its own" <<< "$out"
v=$("$TENGEN" verify --book "$T/h" --json); rc=$?
check "  every claim of that book verifies" [ "$rc" -eq 0 ]
# The same help for a campaign on one position (--reply-help): none unless asked for.
P25="$(cut -d' ' -f1-25 <<< "$GAME")"
M26="$(cut -d' ' -f26 <<< "$GAME")"
HELPED=(--win white --workers 1 --job-nodes 16 --job-growth 4 --job-max-nodes 4096 --jobs 5
        --hint-engine "$TENGEN engine" --hint-ms 50 --split-rethink-ms 200)
out=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/r" "${HELPED[@]}" 2>&1); rc=$?
check "a campaign stopped with few replies open and no --reply-help gets no help (rc $rc)" [ "$rc" -eq 0 ] && \
  check "(no reply proved on its own)" [ "$(grep -c "proved on its own" <<< "$out")" -eq 0 ]
out=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/r1" "${HELPED[@]}" --reply-help 64 2>&1); rc=$?
check "with --reply-help 64 its open replies get the engine's move (rc $rc)" [ "$rc" -eq 0 ] && \
  check "(a reply proved on its own)" grep -q "^campaign: reply [a-o][0-9]*: the engine's move [a-o][0-9]*, proved on its own" <<< "$out" && \
  check "(one level: no help below a reply's own campaign)" [ "$(grep -c "^campaign: reply [a-o][0-9]* [a-o][0-9]*, reply" <<< "$out")" -eq 0 ]
v=$("$TENGEN" verify --book "$T/r1" --json); rc=$?
check "  every claim of that book verifies" [ "$rc" -eq 0 ]
# After 31 moves the same five jobs leave two replies open; both answers the engine names are
# proved, so the step is run again, and proved from the book.
P31="$(cut -d' ' -f1-31 <<< "$GAME")"
M32="$(cut -d' ' -f32 <<< "$GAME")"
out=$("$TENGEN" campaign "$P31" --via "$M32" --book "$T/r31" "${HELPED[@]}" --reply-help 64 2>&1); rc=$?
check "after 31 moves, help proves both answers (rc $rc)" [ "$rc" -eq 0 ] && \
  check "(two answers proved)" [ "$(grep -c "^campaign: $P31 $M32 [a-o][0-9]* then [a-o][0-9]*, white's win: white-wins" <<< "$out")" -eq 2 ] && \
  check "(the step run again)" [ "$(grep -c "^campaign: $P31 then $M32, white's win" <<< "$out")" -eq 2 ] && \
  check "(and proved the second time)" grep -q "^campaign: $P31 then $M32, white's win: white-wins" <<< "$out"
# Two levels (--help-depth 2): a reply's own campaign, stopped with few open, is helped the same way.
out=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/r2" "${HELPED[@]}" --reply-help 64 --help-depth 2 2>&1); rc=$?
check "with --help-depth 2 a reply's campaign gets help too (rc $rc)" [ "$rc" -eq 0 ] && \
  check "(a reply below a reply proved on its own)" \
    grep -q "^campaign: reply [a-o][0-9]* [a-o][0-9]*, reply [a-o][0-9]*: the engine's move [a-o][0-9]*, proved on its own" <<< "$out"
v=$("$TENGEN" verify --book "$T/r2" --json); rc=$?
check "  every claim of that book verifies" [ "$rc" -eq 0 ]
# --help-tries: at --reply-help 2 the engine's move after the open reply leaves more than 2 open, so
# the engine is asked again with it barred (YXBLOCK), up to 3 moves in all; by default, not.
out=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/r4" "${HELPED[@]}" --reply-help 2 2>&1); rc=$?
check "--reply-help 2: one move after the open reply (rc $rc)" [ "$rc" -eq 0 ] && \
  check "(the engine's move, no next one)" [ "$(grep -c "^campaign: reply [a-o][0-9]*: the engine's move" <<< "$out")" -eq 1 ] && \
  check "(no next one)" [ "$(grep -c "the engine's next move" <<< "$out")" -eq 0 ] && \
  check "(that move not proved, the step is not run again)" [ "$(grep -c "^campaign: $P25 then $M26, white's win" <<< "$out")" -eq 1 ] && \
  check "(and says so)" grep -q "^campaign: no answer proved by the help; the run is not repeated" <<< "$out"
out=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/r5" "${HELPED[@]}" --reply-help 2 --help-tries 3 2>&1); rc=$?
tried=$(grep -o "^campaign: reply [a-o][0-9]*: the engine's \(next \)\?move [a-o][0-9]*" <<< "$out" | awk '{print $NF}')
check "--help-tries 3: the engine's next moves are tried (rc $rc)" [ "$rc" -eq 0 ] && \
  check "(two next moves after the first)" [ "$(grep -c "^campaign: reply [a-o][0-9]*: the engine's next move [a-o][0-9]*, proved on its own" <<< "$out")" -eq 2 ] && \
  check "(three moves, each another: $(tr '\n' ' ' <<< "$tried"))" [ "$(sort -u <<< "$tried" | wc -l)" -eq 3 ]
check "(each of the first two said to give way, with its tree's open replies)" \
  [ "$(grep -c "^campaign: reply [a-o][0-9]* [a-o][0-9]*: [0-9]* of its replies open in the run's tree, gives way to the next" <<< "$out")" -eq 2 ]
v=$("$TENGEN" verify --book "$T/r5" --json); rc=$?
check "  every claim of that book verifies" [ "$rc" -eq 0 ]
# An answer that announces a win ("Eval +M9", as Rapfi says it) is tried first. This engine names a1
# (no win announced), then, with a1 barred, b1 (a win in 9), then c1: b1 runs first, then a1, c1.
cat > "$T/announcing.sh" <<'ENGINE'
read line; echo OK
barred=0
while read line; do
  case "$line" in
    YXBLOCK) while read p && [ "$p" != DONE ]; do barred=$((barred+1)); done;;
    YXBLOCKRESET) barred=0;;
    DONE) case $barred in
            0) echo 'MESSAGE Speed 1K | Eval 300 | Node 1K'; echo '0,14';;
            1) echo 'MESSAGE Speed 1K | Eval +M9 | Node 1K'; echo 'MESSAGE Bestline B1'; echo '1,14';;
            *) echo 'MESSAGE Speed 1K | Eval 250 | Node 1K'; echo '2,14';;
          esac;;
    END) exit 0;;
  esac
done
ENGINE
out=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/r6" "${HELPED[@]}" --hint-engine "sh $T/announcing.sh" --reply-help 2 \
      --help-tries 3 2>&1); rc=$?
order=$(grep -o "^campaign: reply [a-o][0-9]*: the engine's \(next \)\?move [a-o][0-9]*, proved on its own.*" <<< "$out" | \
        sed 's/.*move \([a-o][0-9]*\), proved on its own\(.*\)/\1\2/' | tr '\n' '|')
check "--help-tries: the answer that announces a win runs first (rc $rc): $order" \
  [ "$order" = "b1 (it announced a win in 9)|a1|c1|" ]
# An answer an earlier campaign took more than halfway goes on before the engine is asked: the book
# holds white's win after 110 (or, the second time, 90) of black's 197 replies to g11 i12, and a
# campaign on i12 after g11 was run; the engine would name a1.
AFTER="$P25 $M26 g11 i12"
REPLIES=$("$TENGEN" query --json --book "$T/r6" "$AFTER" | python3 -c 'import json,sys; print(" ".join(r["move"] for r in json.load(sys.stdin)["replies"]))')
for proved in 110 90; do
  for m in $(tr ' ' '\n' <<< "$REPLIES" | head -n $proved); do echo "$AFTER $m"; done | \
    "$TENGEN" solve --book "$T/w$proved" --json > "$T/w$proved.out"
  "$TENGEN" campaign "$P25 $M26 g11" --via i12 --book "$T/w$proved" "${HELPED[@]}" --jobs 1 > /dev/null 2>&1
  out=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/w$proved" "${HELPED[@]}" --hint-engine "sh $T/announcing.sh" \
        --reply-help 2 2>&1); rc=$?
  first=$(grep -o "^campaign: reply g11: .*, proved on its own" <<< "$out" | head -n 1)
  if [ "$proved" = 110 ]; then
    check "with $proved of 197 proved, the book's answer goes on first (rc $rc): $first" \
      [ "$first" = "campaign: reply g11: the book's move i12 ($proved of 197 replies proved), proved on its own" ]
  else
    check "with $proved of 197 proved, the engine is asked (rc $rc): $first" \
      [ "$first" = "campaign: reply g11: the engine's move a1, proved on its own" ]
  fi
done
err=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/r3" "${HELPED[@]}" --reply-help 2 --help-tries 0 2>&1 >/dev/null); rc=$?
check "--help-tries 0: refused (rc $rc)" [ "$rc" -eq 2 ] && check "(names the option)" contains "$err" "help-tries"
err=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/r3" "${HELPED[@]}" --reply-help 64 --help-depth 0 2>&1 >/dev/null); rc=$?
check "--help-depth 0: refused (rc $rc)" [ "$rc" -eq 2 ] && check "(names the option)" contains "$err" "help-depth"
# --drill: a step left open (20 jobs of at most 64 nodes) is drilled on its hardest line: the answer
# to the loser's move at ply 3 is proved on its own (400 jobs), the winner's move at ply 2 linked,
# and the step, run again, is proved from the book.
DRILLED=(--win white --workers 1 --job-nodes 16 --job-growth 4 --job-max-nodes 64 --jobs 20
         --hint-engine "$TENGEN engine" --hint-ms 50 --split-rethink-ms 200)
out=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/d0" "${DRILLED[@]}" 2>&1); rc=$?
check "without --drill a step left open is not drilled (rc $rc)" [ "$rc" -eq 0 ] && \
  check "(no drill said)" [ "$(grep -c "^campaign: drill" <<< "$out")" -eq 0 ] && \
  check "(left open)" grep -q "then $M26, white's win: unknown" <<< "$out"
out=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/d1" "${DRILLED[@]}" --drill 2 --drill-jobs 400 2>&1); rc=$?
drill=$(grep -o "^campaign: drill 1: the line [a-o0-9 ]*; the answer to [a-o][0-9]* at ply 3 proved on its own" <<< "$out")
line=$(sed "s/.*the line \([a-o0-9 ]*\);.*/\1/" <<< "$drill")
check "--drill 2: the hardest line is drilled at ply 3 (rc $rc): $drill" [ "$rc" -eq 0 -a -n "$drill" ] && \
  check "(the winner's move at ply 2 of the line linked)" grep -q "^campaign: drill 1: linking $(cut -d' ' -f2 <<< "$line") at ply 2$" <<< "$out" && \
  check "(the step, run again, proved)" [ "$(tail -n 1 <<< "$(grep "then $M26, white's win:" <<< "$out")" | grep -c "white-wins")" -eq 1 ] && \
  check "(one drill was enough)" [ "$(grep -c "^campaign: drill 2" <<< "$out")" -eq 0 ]
q=$("$TENGEN" query --json --book "$T/d1" "$P25 $M26 $(cut -d' ' -f1-2 <<< "$line")")
check "  the linked position is a verified white win in the book" contains "$q" '"result": "white-wins"' && \
  check "  (verified)" contains "$q" '"verified": true'
q=$("$TENGEN" query --json --book "$T/d1" "$P25")
check "  and so is the step's root" contains "$q" '"result": "white-wins"' && check "  (verified)" contains "$q" '"verified": true'
v=$("$TENGEN" verify --book "$T/d1" --json); rc=$?
check "  every claim of that book verifies" [ "$rc" -eq 0 ]
# A drill whose answer stays open (400 jobs; no engine: the line's own answer) is followed deeper:
# the next drill takes the line on through that answer and its campaign's hardest line.
out=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/d3" "${DRILLED[@]:0:12}" --drill 2 --drill-jobs 400 2>&1); rc=$?
first=$(grep -o "^campaign: drill 1: the line [a-o0-9 ]*; the answer to [a-o][0-9]* at ply [0-9]*" <<< "$out")
at=$(awk '{print $NF}' <<< "$first")
below=$(grep -o "^campaign: drill 1: no answer to [a-o][0-9]* proved; the next drill goes on below [a-o][0-9]*$" <<< "$out" | awk '{print $NF}')
second=$(sed -n "s/^campaign: drill 2: the line \([a-o0-9 ]*\); the answer to [a-o][0-9]* at ply \([0-9]*\) proved on its own$/\1|\2/p" <<< "$out")
prefix="$(cut -d' ' -f1-"${at:-1}" <<< "$(sed 's/.*the line \([a-o0-9 ]*\);.*/\1/' <<< "$first")") $below "
through=$([[ "${second%%|*} " == "$prefix"* ]] && echo yes)
check "--drill, the answer left open: the next drill goes on below it (rc $rc): $first / $below / $second" \
  [ "$rc" -eq 0 -a -n "$at" -a -n "$below" -a -n "$second" ] && \
  check "(drill 2's line runs through drill 1's to its reply, then the answer: $prefix)" [ "$through" = yes ] && \
  check "(drilled two plies or more below drill 1)" [ "${second##*|}" -ge $((at + 2)) ]
v=$("$TENGEN" verify --book "$T/d3" --json); rc=$?
check "  every claim of that book verifies" [ "$rc" -eq 0 ]
err=$("$TENGEN" campaign "$P25" --via "$M26" --book "$T/d2" "${DRILLED[@]}" --drill 1 --drill-ply 3 2>&1 >/dev/null); rc=$?
check "--drill-ply 3 (a loser's ply): refused (rc $rc)" [ "$rc" -eq 2 ] && check "(one line naming the option)" [ "$(wc -l <<< "$err")" -eq 1 ] && \
  check "(--drill-ply)" contains "$err" "--drill-ply" && check "(no book made)" [ ! -e "$T/d2" ]
err=$("$TENGEN" campaign "$ROOT f7 l5 g8 f7" --line --win white --book "$T/y" 2>&1 >/dev/null); rc=$?
check "--line on a game with a move on a taken point: refused (rc $rc)" [ "$rc" -eq 2 ] && \
  check "(one line naming the move)" [ "$(wc -l <<< "$err")" -eq 1 ] && check "(move 13, f7)" contains "$err" "move 13 (f7)"
err=$("$TENGEN" campaign "$GAME" --line --via f7 --win white --book "$T/y" 2>&1 >/dev/null); rc=$?
check "--line with --via: refused (rc $rc)" [ "$rc" -eq 2 ] && check "(names --via)" contains "$err" "--via"
check "a refused line makes no book" [ ! -e "$T/y" ]

# Bad input: one line, a usage error.
err=$("$TENGEN" campaign "$ROOT" --book "$T/x" 2>&1 >/dev/null); rc=$?
check "no --win for a plain position: refused (rc $rc)" [ "$rc" -eq 2 ] && check "(says what to give)" contains "$err" "--win"
err=$("$TENGEN" campaign "$ROOT" --win white --book "$T/x" 2>&1 >/dev/null); rc=$?
check "the winner to move and no --via: refused (rc $rc)" [ "$rc" -eq 2 ] && check "(names --via)" contains "$err" "--via"
check "a refused campaign makes no book" [ ! -e "$T/x" ]

echo "$failures failed"
[ "$failures" -eq 0 ]

#!/usr/bin/env bash
# End-to-end checks of the tengen command line: outputs, JSON shapes, exit codes, batch mode.
set -u
TENGEN="$1"
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field, decided, agree

# A double-three at h8 drawn on the board.
out=$("$TENGEN" fouls "f8 a1 g8 a3 h6 a5 h7 a7"); rc=$?
check "fouls exits 0" [ "$rc" -eq 0 ]
check "fouls names the point and kind" contains "$out" "forbidden to black: h8 (double-three)"
check "fouls draws the mark, the stones numbered" contains "$out" "  8   .   .   .   .   .  X1  X3  #3   .   .   .   .   .   .   .  8"

# A diagram names the opening; as SVG, a stone a circle, black's forbidden point a red cross.
out=$("$TENGEN" diagram "h8 i9 f6 j9")
check "diagram names the opening" contains "$out" "I13 Suisei: renju 15x15, black to move"
svg=$(mktemp /tmp/tengen-diagram.XXXXXX)
"$TENGEN" diagram "f8 a1 g8 a3 h6 a5 h7 a7" --svg "$svg" > /dev/null; rc=$?
check "diagram --svg exits 0" [ "$rc" -eq 0 ]
check "diagram --svg writes an SVG document" [ "$(head -c 4 "$svg")" == "<svg" ]
check "diagram --svg draws each stone" [ "$(grep -c 'r="15" fill=' "$svg")" -eq 8 ]
check "diagram --svg marks the double-three with its kind" contains "$(cat "$svg")" 'fill="#c62828">3</text>'
rm -f "$svg"

# JSON Lines, exact shape, points sorted by column then row.
out=$("$TENGEN" fouls --json "c8,e8,g8,i8,f10,f11,g12,h12/a1,a3,a5,a7,a9,a11,a13,a15")
check "fouls --json exact line" [ "$out" == '{"position": "c8,e8,g8,i8,f10,f11,g12,h12/a1,a3,a5,a7,a9,a11,a13,a15", "forbidden": [{"point": "f8", "kind": "double-four"}, {"point": "f12", "kind": "double-three"}]}' ]

# Bad command-line input: status 2 and one line on stderr naming the bad token.
err=$("$TENGEN" fouls "h8 h8" 2>&1 >/dev/null); rc=$?
check "occupied point exits 2" [ "$rc" -eq 2 ]
check "occupied point message" [ "$err" == "tengen fouls: bad position: move 2 (h8) is on an occupied point" ]
err=$("$TENGEN" fouls "h8 x99" 2>&1 >/dev/null); rc=$?
check "malformed point exits 2" [ "$rc" -eq 2 ]
check "malformed point message is one line" [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ]
err=$("$TENGEN" fouls --rule gomoku "h8" 2>&1 >/dev/null); rc=$?
check "unknown rule exits 2" [ "$rc" -eq 2 ]
check "unknown rule message" contains "$err" "unknown rule 'gomoku'"
err=$("$TENGEN" fouls --size 40 "h8" 2>&1 >/dev/null); rc=$?
check "bad size exits 2" [ "$rc" -eq 2 ]
"$TENGEN" fouls --frobnicate "h8" >/dev/null 2>&1; rc=$?
check "unknown option exits 2" [ "$rc" -eq 2 ]
"$TENGEN" nonsense >/dev/null 2>&1; rc=$?
check "unknown command exits 2" [ "$rc" -eq 2 ]

# Batch mode: answers in order, errors inline, processing goes on, status 1 at the end.
out=$(printf '%s\n' "h8 h9" "# a comment" "h8 h8" "" "f8,g8,h6,h7/a1,a3,a5,a7" "zz" | "$TENGEN" fouls --json); rc=$?
check "batch exits 1 when a line was bad" [ "$rc" -eq 1 ]
check "batch answers four lines" [ "$(printf '%s\n' "$out" | wc -l)" -eq 4 ]
check "batch line 1" [ "$(sed -n 1p <<<"$out")" == '{"position": "h8 h9", "forbidden": []}' ]
check "batch line 2 is an error" [ "$(sed -n 2p <<<"$out")" == '{"position": "h8 h8", "error": "move 2 (h8) is on an occupied point"}' ]
check "batch line 3" contains "$(sed -n 3p <<<"$out")" '{"point": "h8", "kind": "double-three"}'
check "batch line 4 is an error" contains "$(sed -n 4p <<<"$out")" '"error": "malformed point '"'"'zz'"'"'"'
out=$(printf 'h8\n' | "$TENGEN" fouls --json); rc=$?
check "clean batch exits 0" [ "$rc" -eq 0 ]

# Gomoku rules have no fouls.
out=$("$TENGEN" fouls --json --rule freestyle "f8,g8,h6,h7/a1,a3,a5,a7")
check "freestyle has no fouls" [ "$out" == '{"position": "f8,g8,h6,h7/a1,a3,a5,a7", "forbidden": []}' ]

# solve: JSON shape, the value, a verified proof.
out=$("$TENGEN" solve --json --hash 16 --to-move black "h10,h9,j9,h8,i7/i11,i9,g8,j8,h7" --mode vct --limit 4); rc=$?
check "solve exits 0" [ "$rc" -eq 0 ]
for key in '"position": ' '"rule": "renju"' '"size": 15' '"to_move": "black"' '"result": "black-wins"' \
           '"search": "found"' '"best_move": "' '"line": ["' '"proof_nodes": ' '"nodes": ' '"seconds": ' '"verified": true'; do
  check "solve --json has $key" contains "$out" "$key"
done
out=$("$TENGEN" solve --json --hash 16 --rule freestyle --size 5 "")
check "5x5 freestyle is a draw" contains "$out" '"result": "draw"'
out=$("$TENGEN" solve --hash 16 --time 0.5 --mode vcf "h8 h9")
check "solve text names the result" contains "$out" "result: unknown (no vcf within the limits)"
out=$("$TENGEN" solve --hash 16 --nodes 2000 "h8 h9 i9")
check "an unsettled solve says how to go on" contains "$out" "result: unknown (not settled within limit 2000 positions: give more --time or --nodes"
err=$("$TENGEN" solve --mode vcx "h8" 2>&1 >/dev/null); rc=$?
check "bad mode exits 2" [ "$rc" -eq 2 ]
check "bad mode message" contains "$err" "unknown mode 'vcx'"
err=$("$TENGEN" solve --time abc "h8" 2>&1 >/dev/null); rc=$?
check "bad time exits 2" [ "$rc" -eq 2 ]
err=$("$TENGEN" solve "h8 h9 h8" 2>&1 >/dev/null); rc=$?
check "solve bad position exits 2" [ "$rc" -eq 2 ]
check "solve bad position message" [ "$err" == "tengen solve: bad position: move 3 (h8) is on an occupied point" ]
err=$("$TENGEN" solve "h8,i8,j8,k8,l8/a1,a2,a3,a4" 2>&1 >/dev/null); rc=$?
check "solve after a five exits 2" [ "$rc" -eq 2 ]
check "solve after a five message" contains "$err" "the game is over"

# The book from the command line: solve into it, query in another orientation, stats, export,
# import (file and stdin), verify, and the faults each command must name.
BOOKS=$(mktemp -d /tmp/tengen-cli-XXXXXX)
trap 'rm -rf "$BOOKS"' EXIT
WIN="g12,h12,i12,f11,h11,c10,h10,k9,h8,c7,g7/j12,g11,d10,e10,f10,g10,e9,h9,i9,j9,d8"
# The same position mirrored left to right (column x -> o - x).
WIN_MIRROR="i12,h12,g12,j11,h11,m10,h10,e9,h8,m7,i7/f12,i11,l10,k10,j10,i10,k9,h9,g9,f9,l8"
out=$("$TENGEN" solve --json --hash 64 --book "$BOOKS/a" "$WIN"); rc=$?
check "solve --book exits 0" [ "$rc" -eq 0 ]
check "solve --book reports what it stored" contains "$out" '"book": "'"$BOOKS/a"'", "stored": '
# The best move, and its mirror image (column x -> o - x), whatever move the search picks.
best=$(printf '%s' "$out" | sed -n 's/.*"best_move": "\([a-o]\)\([0-9]*\)".*/\1 \2/p')
check "solve --book names a best move" [ -n "$best" ]
mirror=$(printf '%s' "$best" | awk '{ cols = "abcdefghijklmno"; print substr(cols, 16 - index(cols, $1), 1) $2 }')
out=$("$TENGEN" query --json --book "$BOOKS/a" "$WIN_MIRROR"); rc=$?
check "query exits 0" [ "$rc" -eq 0 ]
check "query of the mirror image: black wins" contains "$out" '"result": "black-wins"'
check "query of the mirror image: best move mirrored to $mirror" contains "$out" '"best_move": "'"$mirror"'"'
check "query --json has the reply list" contains "$out" '"replies": [{"move": "'"$mirror"'", "result": "black-wins"}'
for key in '"position": ' '"to_move": "black"' '"line": ["'"$mirror"'", ' '"verified": true'; do
  check "query --json has $key" contains "$out" "$key"
done
out=$("$TENGEN" query --json --book "$BOOKS/a" "h8 h9 i9"); rc=$?
check "a position the book lacks is unknown with status 0" [ "$rc" -eq 0 ]
check "a position the book lacks says unknown" contains "$out" '"result": "unknown", "in_book": false'
out=$(printf '%s\n' "$WIN" "h8 h8" | "$TENGEN" query --json --book "$BOOKS/a"); rc=$?
check "query batch exits 1 on a bad line" [ "$rc" -eq 1 ]
check "query batch answers both lines" [ "$(printf '%s\n' "$out" | wc -l)" -eq 2 ]
out=$("$TENGEN" book stats --json --book "$BOOKS/a"); rc=$?
check "book stats exits 0" [ "$rc" -eq 0 ]
check "book stats counts by result" contains "$out" '"by_result": {"black-wins": '
"$TENGEN" book export --book "$BOOKS/a" > "$BOOKS/a.jsonl"; rc=$?
check "book export exits 0" [ "$rc" -eq 0 ]
check "export has one line per entry" [ "$(wc -l < "$BOOKS/a.jsonl")" -eq "$(sed -E 's/.*"entries": ([0-9]+).*/\1/' <<<"$out")" ]
check "export line shape" contains "$(head -1 "$BOOKS/a.jsonl")" '{"position":"'
out=$("$TENGEN" book import "$BOOKS/a.jsonl" --book "$BOOKS/b"); rc=$?
check "import of a .jsonl file exits 0" [ "$rc" -eq 0 ]
out=$("$TENGEN" verify --book "$BOOKS/b"); rc=$?
check "verify after import exits 0" [ "$rc" -eq 0 ]
check "verify says what it checked" contains "$out" "verified 1 of 1 stored claims"
check "export -> import -> verify -> export is the same book" cmp -s "$BOOKS/a.jsonl" <("$TENGEN" book export --book "$BOOKS/b")
# The same entries through a compressed file (how a campaign's book travels between machines).
"$TENGEN" book export --book "$BOOKS/a" --out "$BOOKS/a.jsonl.zst" 2>/dev/null; rc=$?
check "export --out NAME.zst exits 0" [ "$rc" -eq 0 ]
check "export --out NAME.zst is compressed (not the text)" [ "$(head -c 1 "$BOOKS/a.jsonl.zst")" != "{" ]
"$TENGEN" book export --book "$BOOKS/a" --out "$BOOKS/a-copy.jsonl" 2>/dev/null
check "export --out NAME.jsonl is the standard output's text" cmp -s "$BOOKS/a.jsonl" "$BOOKS/a-copy.jsonl"
out=$("$TENGEN" book import "$BOOKS/a.jsonl.zst" --book "$BOOKS/z"); rc=$?
check "import of a .jsonl.zst file exits 0" [ "$rc" -eq 0 ]
"$TENGEN" verify --book "$BOOKS/z" > /dev/null
check "export.zst -> import -> verify -> export is the same book" cmp -s "$BOOKS/a.jsonl" <("$TENGEN" book export --book "$BOOKS/z")
head -c "$(( $(stat -c %s "$BOOKS/a.jsonl.zst") - 9 ))" "$BOOKS/a.jsonl.zst" > "$BOOKS/cut.jsonl.zst"
err=$("$TENGEN" book import "$BOOKS/cut.jsonl.zst" --book "$BOOKS/cut" 2>&1 >/dev/null); rc=$?
check "import of a cut .zst exits 1" [ "$rc" -eq 1 ]
check "import of a cut .zst says so in one line" [ "$err" == "tengen book: $BOOKS/cut.jsonl.zst: cut short (not a whole compressed frame); nothing imported" ]
check "import of a cut .zst makes no book" [ ! -e "$BOOKS/cut" ]
cp "$BOOKS/a.jsonl" "$BOOKS/plain.jsonl.zst"
err=$("$TENGEN" book import "$BOOKS/plain.jsonl.zst" --book "$BOOKS/cut" 2>&1 >/dev/null); rc=$?
check "import of text named .zst exits 1 naming the file" [ "$rc" -eq 1 ] && check "... not compressed" contains "$err" "plain.jsonl.zst: not Zstandard-compressed entries"
"$TENGEN" solve --hash 16 --rule freestyle --size 6 --book "$BOOKS/c" "c3" > /dev/null
out=$("$TENGEN" book import "$BOOKS/c" --book "$BOOKS/b"); rc=$?
check "import of another book directory exits 0" [ "$rc" -eq 0 ]
out=$("$TENGEN" book export --book "$BOOKS/c" | "$TENGEN" book import - --book "$BOOKS/b"); rc=$?
check "import from stdin exits 0" [ "$rc" -eq 0 ]
out=$("$TENGEN" query --json --book "$BOOKS/b" --rule freestyle --size 6 "c3")
check "an imported entry is a claim, not a result, until verified" contains "$out" '"result": "unknown", "claimed": "draw", "in_book": true, "verified": false'
out=$("$TENGEN" query --book "$BOOKS/b" --rule freestyle --size 6 "c3")
check "query says claimed, unverified" contains "$out" "result: unknown; claimed, unverified: draw"
"$TENGEN" verify --book "$BOOKS/b" > /dev/null
out=$("$TENGEN" query --json --book "$BOOKS/b" --rule freestyle --size 6 "c3")
check "merged book answers the other book's position once verified" contains "$out" '"result": "draw", "in_book": true, "verified": true'
# A contradiction: the same position claimed "black cannot win" is refused, nothing written.
sed -n 1p "$BOOKS/a.jsonl" | sed -E 's/"result":"black-wins"/"result":"unknown"/; s/"wins":true/"wins":false/' > "$BOOKS/liar.jsonl"
err=$("$TENGEN" book import "$BOOKS/liar.jsonl" --book "$BOOKS/b" 2>&1 >/dev/null); rc=$?
check "contradicting import exits 1" [ "$rc" -eq 1 ]
check "contradicting import names the contradiction" contains "$err" "contradiction at"
check "contradicting import writes nothing" contains "$err" "nothing imported"
# Faults: one line each, non-zero status.
err=$("$TENGEN" query --book "$BOOKS/none" "h8" 2>&1 >/dev/null); rc=$?
check "query of a missing book exits 1" [ "$rc" -eq 1 ]
check "missing book message" [ "$err" == "tengen query: book $BOOKS/none: no book here (solve with --book, or 'tengen book init', to create one)" ]
mkdir "$BOOKS/empty"
err=$("$TENGEN" book stats --book "$BOOKS/empty" 2>&1 >/dev/null); rc=$?
check "an empty directory is no book: exit 1" [ "$rc" -eq 1 ]
check "an empty directory is no book: says so" [ "$err" == "tengen book: book $BOOKS/empty: no book here (the directory is empty)" ]
mkdir "$BOOKS/other" && echo "precious" > "$BOOKS/other/notes.txt"
for cmd in "book stats" "verify" "query h8" "book import $BOOKS/a.jsonl" "solve --rule freestyle --size 6 c3" "book build c3 --rule freestyle --size 6 --depth 1 --workers 1"; do
  err=$("$TENGEN" $cmd --book "$BOOKS/other" 2>&1 >/dev/null); rc=$?
  check "$cmd on a directory holding other files exits 1" [ "$rc" -eq 1 ]
  check "$cmd on a directory holding other files says so" contains "$err" "book $BOOKS/other: not a tengen book (the directory holds other files"
done
check "nothing was written into the other directory" [ "$(ls "$BOOKS/other")" == "notes.txt" ]
err=$("$TENGEN" verify --book "$BOOKS/empty" 2>&1 >/dev/null); rc=$?
check "verify of an empty directory exits 1 and creates nothing" [ "$rc" -eq 1 ] && check "empty stays empty" [ -z "$(ls -A "$BOOKS/empty")" ]
out=$("$TENGEN" book init --book "$BOOKS/empty"); rc=$?
check "book init makes a book in an empty directory" [ "$rc" -eq 0 ] && check "book init says so" contains "$out" "new book"
out=$("$TENGEN" book stats --json --book "$BOOKS/empty"); rc=$?
check "an initialised book has no entries" contains "$out" '"entries": 0,'
err=$("$TENGEN" book init --book "$BOOKS/other" 2>&1 >/dev/null); rc=$?
check "book init refuses a directory holding other files" [ "$rc" -eq 1 ]
err=$("$TENGEN" book import "$BOOKS/nofile.jsonl" --book "$BOOKS/b" 2>&1 >/dev/null); rc=$?
check "import of a missing file exits 1" [ "$rc" -eq 1 ]
printf '{"position": 3}\n' > "$BOOKS/bad.jsonl"
err=$("$TENGEN" book import "$BOOKS/bad.jsonl" --book "$BOOKS/b" 2>&1 >/dev/null); rc=$?
check "import of a bad line exits 1" [ "$rc" -eq 1 ]
check "import of a bad line names the line" contains "$err" "bad.jsonl line 1: "
err=$("$TENGEN" verify --book "$BOOKS/a" "h8 h9 i9" 2>&1 >/dev/null); rc=$?
check "verify of a position without a proof exits 1" [ "$rc" -eq 1 ]
check "verify of a position without a proof says so" contains "$err" "no stored proof for"

# The book benchmark runs and prints its figures (small here; `tengen bench book` defaults to 1M).
out=$("$TENGEN" bench book --entries 5000 --queries 5000 --json); rc=$?
check "bench book exits 0" [ "$rc" -eq 0 ]
check "bench book counts its entries" contains "$out" '"entries": 5000'
check "bench book prints queries/s" contains "$out" '"oriented_queries_per_s": '

# The horizon walk on the second Suisei line (26 plies, white wins): from the position before the
# final five back until a position is not proved, every proof verified.
out=$("$TENGEN" bench horizon --lines 9 --nodes 20000 --time 30 --misses 1 --json 2>/dev/null); rc=$?
check "bench horizon exits 0" [ "$rc" -eq 0 ]
check "bench horizon proves the position before the final five" contains "$out" '{"ply": 25, "result": "proved"'
check "bench horizon reports no errors" contains "$(tail -n 1 <<<"$out")" '"errors": 0'
earliest=$(field earliest_ply "$(head -n 1 <<<"$out")")
check "bench horizon's earliest ply is a proved one" [ "$earliest" -ge 3 -a "$earliest" -le 25 ]
# --start and --stop bound the walk: plies 10 and 9 only, both proved.
out=$("$TENGEN" bench horizon --lines 9 --start 10 --stop 9 --nodes 2000 --json 2>/dev/null)
check "bench horizon --start 10 --stop 9 starts at ply 10" contains "$out" '"steps": [{"ply": 10, '
check "bench horizon --start 10 --stop 9 tries two plies" [ "$(grep -o '"ply": ' <<<"$(head -n 1 <<<"$out")" | wc -l)" -eq 2 ]
# --book: a book's verified wins are leaves of every search. Ply 18 proved into a book; with one
# node a position, the walk proves ply 18 from the book and ply 17 (white's own move k10 then), and
# not ply 16; without the book, not even ply 18.
"$TENGEN" solve "h8 i9 f6 j9 k9 j8 h10 i10 i8 j11 j10 h11 k8 i11 k11 i12 i13 k10" --win white --book "$BOOKS/horizon" > /dev/null 2>&1
out=$("$TENGEN" bench horizon --lines 9 --start 18 --stop 16 --nodes 1 --book "$BOOKS/horizon" --json 2>/dev/null); rc=$?
check "bench horizon --book exits 0" [ "$rc" -eq 0 ]
check "bench horizon --book proves ply 18 from the book" contains "$out" '{"ply": 18, "result": "proved"'
check "bench horizon --book proves ply 17 by the game's move into the book" contains "$out" '{"ply": 17, "result": "proved"'
check "bench horizon --book leaves ply 16 unknown at one node" contains "$out" '{"ply": 16, "result": "unknown"'
check "bench horizon --book: the earliest is ply 17, no errors" [ "$(field earliest_ply "$(head -n 1 <<<"$out")"),$(field errors "$(tail -n 1 <<<"$out")")" = "17,0" ]
out=$("$TENGEN" bench horizon --lines 9 --start 18 --stop 18 --nodes 1 --json 2>/dev/null)
check "bench horizon without the book: ply 18 unknown at one node" contains "$out" '{"ply": 18, "result": "unknown"'
err=$("$TENGEN" bench horizon --lines 9 --start 18 --stop 18 --book "$BOOKS/no-such-book" 2>&1 >/dev/null); rc=$?
check "bench horizon --book with no book there: status 1, one line naming it" \
  [ "$rc" -eq 1 -a "$(grep -c . <<<"$err")" -eq 1 ] && check "  (the message)" contains "$err" "$BOOKS/no-such-book: no book here"
err=$("$TENGEN" bench horizon --lines 9 --start 18 --stop 18 --book "$BOOKS/horizon" --workers 2 2>&1 >/dev/null); rc=$?
check "bench horizon --book with --workers: refused (status $rc)" [ "$rc" -eq 2 ] && check "  (says why)" contains "$err" "--book goes with the walk in one process"
# A guided walk tells the engine the lines' rule: freestyle is Gomocup rule 0 (renju would be 4).
fs_lines="$(dirname "$0")/data/freestyle-lines.jsonl"
fs_plies=$(head -n 1 "$fs_lines" | sed -E 's/.*"moves": "([^"]*)".*/\1/' | wc -w)
"$TENGEN" bench horizon --file "$fs_lines" --lines 1 --start $((fs_plies - 2)) --stop $((fs_plies - 2)) --nodes 2000 \
  --hint-engine "tee -a $BOOKS/engine-input | $TENGEN engine" --hint-plies 1 --hint-ms 50 --json > /dev/null 2>&1
check "a guided freestyle walk tells the engine freestyle (INFO rule 0)" [ "$(grep -a -c '^INFO rule 0' "$BOOKS/engine-input")" -eq 1 ]
head -n 1 "$fs_lines" > "$BOOKS/mixed.jsonl"
sed -n 9p "$(dirname "$0")/data/opening-lines.jsonl" >> "$BOOKS/mixed.jsonl"
err=$("$TENGEN" bench horizon --file "$BOOKS/mixed.jsonl" --hint-engine "$TENGEN engine" --hint-plies 1 2>&1 >/dev/null); rc=$?
check "a guided walk over lines of two rules: refused (status $rc)" [ "$rc" -eq 2 ] && check "  (names the lines and their rules)" contains "$err" "I13 Suisei is renju"
err=$("$TENGEN" bench horizon --lines 9 --start 10 --stop 20 2>&1 >/dev/null); rc=$?
check "bench horizon --stop after --start exits 2" [ "$rc" -eq 2 ]
check "bench horizon --stop after --start says so" contains "$err" "is after '--start'"
short_game=$(mktemp /tmp/tengen-short-game.XXXXXX)
echo '{"opening": "I13", "name": "Short", "winner": "white", "moves": "h8 i9 f6 j9 k9 j8 j10"}' >"$short_game"
err=$("$TENGEN" bench horizon --file "$short_game" --start 7 --stop 7 2>&1 >/dev/null); rc=$?
rm -f "$short_game"
check "bench horizon --stop past a game's last position exits 2" [ "$rc" -eq 2 ]
check "bench horizon --stop past a game's last position names the game and its last ply" contains "$err" "I13 Short's walk can try (ply 6"
check "bench horizon steps count the prover's threat searches" contains "$out" '"threat_searches": {"probes": '
# --replies: black to move after ply 18 (207 legal moves, no fouls), white's win after each.
out=$("$TENGEN" bench horizon --lines 9 --start 18 --replies --nodes 2000 --json 2>/dev/null); rc=$?
summary=$(tail -n 1 <<<"$out")
check "bench horizon --replies exits 0" [ "$rc" -eq 0 ]
check "bench horizon --replies tries every legal reply" [ "$(grep -c '"reply": ' <<<"$out")" -eq 207 ]
check "bench horizon --replies proves white's win after each" contains "$summary" '"replies": 207, "proved": 207, "not_proved": ""'
check "bench horizon --replies proves the game's own reply" contains "$out" '"reply": "h13", "result": "proved"'
# With too little budget some fall short; the summary counts agree with the lines either way.
out=$("$TENGEN" bench horizon --lines 9 --start 18 --replies --nodes 100 --json 2>/dev/null)
summary=$(tail -n 1 <<<"$out")
proved=$(grep -c '"result": "proved"' <<<"$out"); open=$(field not_proved "$summary" | wc -w)
check "bench horizon --replies counts what it proved" [ "$(field proved "$summary")" -eq "$proved" ]
check "bench horizon --replies names every reply not proved" [ "$((proved + open))" -eq 207 ]
# With the winner to move (white, after ply 19), its moves near the stones: the game's own h9 wins.
out=$("$TENGEN" bench horizon --lines 9 --start 19 --replies --nodes 2000 --json 2>/dev/null); rc=$?
summary=$(tail -n 1 <<<"$out")
check "bench horizon --replies with the winner to move exits 0" [ "$rc" -eq 0 ]
check "bench horizon --replies with the winner to move tries the winner's moves" contains "$summary" '"to_move": "white", "moves": '
check "bench horizon --replies proves the winner's own move a win" contains "$out" '"move": "h9", "result": "proved"'
proved=$(grep -c '"result": "proved"' <<<"$out"); open=$(field not_proved "$summary" | wc -w)
check "bench horizon --replies counts the winner's moves it tried" [ "$((proved + open))" -eq "$(field moves "$summary")" ]
check "bench horizon --replies tries only moves within two cells of a stone (a1 is not)" [ "$(grep -c '"move": "a1"' <<<"$out")" -eq 0 ]
# --then: the same position reached as ply 18 then the game's h13 gives the same answers.
out2=$("$TENGEN" bench horizon --lines 9 --start 18 --then h13 --replies --nodes 2000 --json 2>/dev/null)
check "bench horizon --then plays the moves first" contains "$(tail -n 1 <<<"$out2")" '"ply": 18, "then": "h13", "to_move": "white"'
check "bench horizon --then: the same position, the same proved moves" [ "$(grep -o '"move": "[a-o][0-9]*", "result": "proved"' <<<"$out")" = "$(grep -o '"move": "[a-o][0-9]*", "result": "proved"' <<<"$out2")" ]
err=$("$TENGEN" bench horizon --lines 9 --start 18 --then "h13 h8" --replies 2>&1 >/dev/null); rc=$?
check "bench horizon --then onto an occupied point exits 2 with one line" [ "$rc" -eq 2 -a "$(wc -l <<<"$err")" -eq 1 ]
check "bench horizon --then names the move and the point" contains "$err" "move 20 (h8) is on an occupied point"
err=$("$TENGEN" bench horizon --lines 9 --start 18 --then e4 2>&1 >/dev/null); rc=$?
check "bench horizon --then without --replies exits 2" [ "$rc" -eq 2 ]
"$TENGEN" bench horizon --replies --lines 9 >/dev/null 2>&1; rc=$?
check "bench horizon --replies without --start exits 2" [ "$rc" -eq 2 ]

# Through the coordinator with the line's book, a position's job takes the later position's proof
# as a leaf (one worker: its first job meets it; ply 19, white to move, wins in one node with ply
# 20's proof lent, in 25 without); --book-leaves 0 lends none.
out=$("$TENGEN" bench horizon --lines 9 --start 20 --stop 19 --workers 1 --reuse --nodes 20000 --json 2>/dev/null)
check "bench horizon --workers --reuse takes the later proof as a leaf" contains "$out" '{"ply": 19, "result": "proved", "nodes": 1,'
check "bench horizon --workers --reuse counts it" contains "$out" '"proofs_lent": 1}'
out=$("$TENGEN" bench horizon --lines 9 --start 20 --stop 19 --workers 1 --reuse --nodes 20000 --book-leaves 0 --json 2>/dev/null)
check "bench horizon --book-leaves 0 lends nothing" [ "$(grep -o '"proofs_lent": [1-9]' <<<"$out" | wc -l)" -eq 0 ]
# Where the loser is to move and the book proves every reply (ply 22: black's one block leads to
# ply 23, proved), the coordinator settles the position from the book: no job, no node.
out=$("$TENGEN" bench horizon --lines 9 --start 23 --stop 22 --workers 1 --reuse --nodes 20000 --json 2>/dev/null)
check "bench horizon --workers --reuse settles the loser's position from the book" contains "$out" '{"ply": 22, "result": "proved", "nodes": 0,'
err=$("$TENGEN" bench horizon --lines 9 --workers 1 --book-leaves 3 2>&1 >/dev/null); rc=$?
check "bench horizon --book-leaves 3 exits 2 with one line" [ "$rc" -eq 2 -a "$(wc -l <<<"$err")" -eq 1 ]

# Distributed commands: a book build with in-process workers, its answers in the book, bad input.
out=$("$TENGEN" book build "" --rule freestyle --size 5 --depth 1 --workers 2 --book "$BOOKS/d" --json 2>/dev/null); rc=$?
check "book build exits 0" [ "$rc" -eq 0 ]
check "book build covers the 5x5 board and its 6 first-move classes" contains "$out" '"positions": 7, "result": "draw"'
out=$("$TENGEN" query --json --book "$BOOKS/d" --rule freestyle --size 5 "e5")
check "book build answers are queryable" contains "$out" '"result": "draw"'
out=$("$TENGEN" book build "" --rule freestyle --size 5 --depth 1 --workers 2 --book "$BOOKS/d" --json 2>/dev/null)
check "a repeated book build runs no job" contains "$out" '"jobs": 0,'
out=$("$TENGEN" solve --workers 2 --job-nodes 50 --rule freestyle --size 6 --book "$BOOKS/d" --json "" 2>/dev/null); rc=$?
check "distributed solve exits 0 with the value" [ "$rc" -eq 0 ] && check "distributed 6x6 is a draw" contains "$out" '"result": "draw"'
# bench horizon reads each line's rule: a freestyle game with black's double-three (a renju foul)
# walks under freestyle, and is refused under renju with the move named.
printf '%s\n' '{"opening": "-", "name": "freestyle", "winner": "black", "rule": "freestyle", "moves": "f8 a1 g8 a3 h6 a5 h7 a7 h8 a9 e8 a11 i8"}' > "$BOOKS/fs.jsonl"
out=$("$TENGEN" bench horizon --file "$BOOKS/fs.jsonl" --nodes 20000 --time 5 --json 2>/dev/null); rc=$?
check "bench horizon walks a freestyle line (rc $rc)" [ "$rc" -eq 0 ] && check "(its rule said)" contains "$out" '"rule": "freestyle"'
sed 's/, "rule": "freestyle"//' "$BOOKS/fs.jsonl" > "$BOOKS/renju.jsonl"
err=$("$TENGEN" bench horizon --file "$BOOKS/renju.jsonl" --nodes 20000 2>&1 >/dev/null)
check "the same line under renju is refused at the foul" contains "$err" "move 9 (h8) is forbidden to black (double-three)"
out=$("$TENGEN" bench horizon --file "$BOOKS/renju.jsonl" --rule freestyle --nodes 20000 --time 5 --json 2>/dev/null); rc=$?
check "--rule freestyle for lines that name none (rc $rc)" [ "$rc" -eq 0 ]

# A five to play is a win by the rules, book or no book.
out=$("$TENGEN" query --book "$BOOKS/d" "h8 a1 i8 a2 j8 a3 k8 a4")
check "a five to play reads as a win" contains "$out" "result: black-wins (a five at once)"
check "the five is the best move" contains "$out" "line: l8 (1 move)"
# A draw's best move: the position after it holds half the draw, the position before it the other half.
out=$("$TENGEN" solve --hash 16 --rule freestyle --size 6 --book "$BOOKS/half" --json c3)
best=$(field best_move "$out")
out=$("$TENGEN" query --book "$BOOKS/half" --rule freestyle --size 6 "c3 $best")
check "query after a draw's best move says draw, from both proofs" contains "$out" \
  "result: draw (verified: black cannot force a win by this position's proof, white by the proof of the position before $best)"
err=$("$TENGEN" book build "" --book "$BOOKS/d" 2>&1 >/dev/null); rc=$?
check "book build without --depth exits 2" [ "$rc" -eq 2 ]
check "book build without --depth says so" contains "$err" "give --depth D"
err=$("$TENGEN" solve --workers 2 --mode vcf --book "$BOOKS/d" "h8" 2>&1 >/dev/null); rc=$?
check "distributed vcf exits 2" [ "$rc" -eq 2 ]
err=$("$TENGEN" solve --workers 2 --nodes 5 --book "$BOOKS/d" "h8" 2>&1 >/dev/null); rc=$?
check "distributed --nodes exits 2 and names --job-nodes" [ "$rc" -eq 2 ] && check "--job-nodes named" contains "$err" "--job-nodes"
err=$("$TENGEN" book build "h8 h8" --depth 1 --book "$BOOKS/d" 2>&1 >/dev/null); rc=$?
check "book build of a bad position exits 2" [ "$rc" -eq 2 ]
check "book build of a bad position names the move" contains "$err" "occupied point"

# Othello: the exact endgame value from the command line.
FFO1="--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
out=$("$TENGEN" solve --game othello "$FFO1"); rc=$?
check "othello: FFO #1 exits 0" [ "$rc" -eq 0 ]
check "othello: FFO #1 is black +18 by g8 (published)" contains "$out" "result: black-wins (final margin +18 for black"
check "othello: FFO #1 best move g8" contains "$out" "best move: g8"
# --replies: every move's margin, as the FFO file lists them (G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24).
out=$("$TENGEN" solve --game othello --replies "$FFO1"); rc=$?
check "othello --replies: FFO #1 exits 0" [ "$rc" -eq 0 ] && check "othello --replies: every move's published margin, best first" contains "$out" "replies (margin for black): g8 +18, h1 +12, a2 +6, h7 +6, a3 +4, b1 -4, a4 -22, g2 -24 ("
out=$("$TENGEN" solve --game othello --replies --json "$FFO1")
check "othello --replies --json: the list" contains "$out" '"replies": [{"move": "g8", "margin": 18}, {"move": "h1", "margin": 12}, {"move": "a2", "margin": 6}'
out=$("$TENGEN" solve --game othello --json "$FFO1")
check "othello without --replies: replies null" contains "$out" '"replies": null, "replies_nodes": 0'
err=$("$TENGEN" solve --game othello --replies --workers 2 "$FFO1" 2>&1 >/dev/null); rc=$?
check "othello --replies with --workers exits 2 saying why" [ "$rc" -eq 2 ] && check "othello --replies with --workers (says)" contains "$err" "--replies solves every move in one process"
# --hash sizes the endgame search's table: a 1 MiB table on FFO #40 (20 empties) searches more
# nodes than the default 128 MiB, and the margin stays exact.
FFO40="O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
small=$("$TENGEN" solve --game othello --hash 1 --json "$FFO40" | grep -o '"nodes": [0-9]*' | head -1)
default=$("$TENGEN" solve --game othello --json "$FFO40" | grep -o '"nodes": [0-9]*' | head -1)
out=$("$TENGEN" solve --game othello --hash 1 "$FFO40")
check "othello: FFO #40 with a 1 MiB table is still black +38" contains "$out" "final margin +38 for black"
check "othello: --hash sizes the search's table (other node counts)" [ -n "$small" ] && check "othello: ... not the default's" [ "$small" != "$default" ]
# A solve shows where it stands on a terminal (its passes' bounds), and nothing on a pipe.
if command -v script >/dev/null; then
  live=$(script -qec "'$TENGEN' solve --game othello '$FFO40'" /dev/null | tr '\r' '\n')
  check "othello: a terminal sees the solve's live line" contains "$live" "solving black's margin: at least +38"
fi
err=$("$TENGEN" solve --game othello "$FFO40" 2>&1 >/dev/null)
check "othello: no live line when stderr is not a terminal" [ -z "$err" ]
out=$("$TENGEN" solve --game othello --size 4 --json ""); rc=$?
check "othello: 4x4 start is a white win by 10" contains "$out" '"result": "white-wins", "margin": -10'
out=$("$TENGEN" solve --game othello --size 4 --json "b1 a1 a2 c1 d4 a3 d1 b4 a4 c4"); rc=$?
check "othello: the 4x4 perfect line ends the game as solved" contains "$out" '"empties": 2, "result": "white-wins", "margin": -10, "best_move": "", "line": []'
out=$("$TENGEN" solve --game othello --prove --json "$FFO1"); rc=$?
check "othello --prove: FFO #1's +18 proved by df-pn and verified" [ "$rc" -eq 0 ] && check "othello --prove: FFO #1's +18 proved by df-pn and verified (and)" contains "$out" '"margin": 18' && check "othello --prove: FFO #1's +18 proved by df-pn and verified (and)" contains "$out" '"verified": true, "proof": {"proved": true'
out=$("$TENGEN" solve --game othello --prove "$FFO1")
check "othello --prove says so in text" contains "$out" "proof: the margin proved by df-pn and verified"
# Split over workers: the same margin and move, each move a job; one worker twice: the same nodes.
out=$("$TENGEN" solve --game othello --workers 2 --prove --json "$FFO1"); rc=$?
check "othello --workers 2: FFO #1's +18 by g8" [ "$rc" -eq 0 ] && check "othello --workers 2: FFO #1's +18 by g8 (and)" contains "$out" '"margin": 18, "best_move": "g8"'
check "othello --workers 2: eight moves as jobs" contains "$out" '"split": {"workers": 2, "moves": 8, "jobs": '
check "othello --workers 2 --prove: the composed proof verified" contains "$out" '"verified": true, "proof": {"proved": true'
one=$("$TENGEN" solve --game othello --workers 1 --json "$FFO1" | sed 's/"seconds": [0-9.e-]*//; s/"worker_seconds": [0-9.e-]*//; s/"check_seconds": [0-9.e-]*//; s/"dispatch_seconds_per_job": [0-9.e-]*//')
again=$("$TENGEN" solve --game othello --workers 1 --json "$FFO1" | sed 's/"seconds": [0-9.e-]*//; s/"worker_seconds": [0-9.e-]*//; s/"check_seconds": [0-9.e-]*//; s/"dispatch_seconds_per_job": [0-9.e-]*//')
check "othello --workers 1: the same answer and nodes twice" [ "$one" = "$again" ] && check "othello --workers 1: the line is FFO #1's" contains "$one" '"line": ["g8", "h7", "a8"'
err=$("$TENGEN" solve --game othello --proof-nodes 5 "$FFO1" 2>&1 >/dev/null); rc=$?
check "othello --proof-nodes without --workers exits 2 saying so" [ "$rc" -eq 2 ] && check "othello --proof-nodes without --workers (says)" contains "$err" "--proof-nodes bounds each job's proof with --workers"
out=$("$TENGEN" solve --game othello --workers 2 "$FFO1")
check "othello --workers 2 says how the moves were split" contains "$out" "split: 8 moves as "
err=$("$TENGEN" solve --game othello "f5 f5" 2>&1 >/dev/null); rc=$?
check "othello: an illegal move exits 2 naming it" [ "$rc" -eq 2 ] && check "othello: the move is named" contains "$err" "move 2 'f5'"
err=$("$TENGEN" solve --game othello --book "$BOOKS/o" "f5" 2>&1 >/dev/null); rc=$?
check "othello: --book without --prove is refused, not ignored" [ "$rc" -eq 2 ] && check "othello: says why" contains "$err" "--book with --game othello needs --prove"
check "othello: nothing was created" [ ! -e "$BOOKS/o" ]
# Proved margins in the book: stored with both trees, found from any of the 8 images, re-checked by verify.
out=$("$TENGEN" solve --game othello --size 4 --prove --book "$BOOKS/o" --json "d3"); rc=$?
check "othello --prove --book stores the proved margin" [ "$rc" -eq 0 ] && check "othello --prove --book stores the proved margin (and)" contains "$out" '"verified": true' && check "othello --prove --book stores the proved margin (and)" contains "$out" '"book": "'"$BOOKS/o"'"'
out=$("$TENGEN" query --game othello --size 4 --book "$BOOKS/o" --json "b1")
check "othello query: an image of the stored position (b1 for d3) is answered, its best move turned" contains "$out" '"result": "white-wins", "claimed": null, "margin": 10, "best_move": "a1", "in_book": true, "verified": true'
out=$("$TENGEN" query --game othello --size 4 --book "$BOOKS/o" --json "d3 d4")
check "othello query: a position not stored is unknown" contains "$out" '"result": "unknown", "claimed": null, "margin": null, "best_move": "", "in_book": false'
out=$("$TENGEN" verify --book "$BOOKS/o" --json); rc=$?
check "verify re-checks the Othello entry" [ "$rc" -eq 0 ] && check "verify re-checks the Othello entry (and)" contains "$out" '"othello_checked": 1, "othello_failed": 0, "othello_claims": 0, "ok": true'
out=$("$TENGEN" verify --book "$BOOKS/a" --json); rc=$?
check "a renju book of before has no Othello entries and still verifies" [ "$rc" -eq 0 ] && check "a renju book of before has no Othello entries and still verifies (and)" contains "$out" '"othello_checked": 0'
# Othello book builds through the coordinator: the 4x4 start to depth 3 on two workers, every entry
# verified (leaves by their proof trees, the rest from their children), queried with every reply.
out=$("$TENGEN" book build --game othello --size 4 "" --depth 3 --workers 2 --book "$BOOKS/ob" --json); rc=$?
check "othello book build: the 4x4 start is a verified white win by 10" [ "$rc" -eq 0 ] && check "othello book build: the 4x4 start is a verified white win by 10 (and)" contains "$out" '"result": "white-wins", "margin": -10, "verified": true' && check "othello book build: the 4x4 start is a verified white win by 10 (and)" contains "$out" '"claimed": 0, "unknown": 0'
out=$("$TENGEN" query --game othello --size 4 --book "$BOOKS/ob" "d3")
check "othello query: the board with legal moves marked" contains "$out" ' 4 . * . *'
check "othello query: every reply with its margin" contains "$out" 'replies (margin for white): ' && check "othello query: every reply with its margin (and)" contains "$out" 'proved and verified, from '
out=$("$TENGEN" verify --book "$BOOKS/ob" --json); rc=$?
check "verify re-checks every entry of the Othello build" [ "$rc" -eq 0 ] && check "verify re-checks every entry of the Othello build (and)" contains "$out" '"othello_failed": 0' && check "verify re-checks every entry of the Othello build (and)" contains "$out" '"othello_claims": 0'
out=$("$TENGEN" book stats --book "$BOOKS/ob" --json); rc=$?
check "book stats counts the Othello entries, all verified" [ "$rc" -eq 0 ] && check "book stats counts the Othello entries, all verified (and)" contains "$out" '"othello_entries": 16, "othello_verified": 16, "othello_unreadable": 0' && check "book stats counts the Othello entries, all verified (and)" contains "$out" '"othello_by_game": {"othello 4x4": 16}'
out=$("$TENGEN" book build --game othello --size 4 "" --depth 2 --workers 1 --proof-nodes 0 --book "$BOOKS/oc" --json); rc=$?
check "othello book build without proofs: margins are claims" [ "$rc" -eq 0 ] && check "othello book build without proofs: margins are claims (and)" contains "$out" '"margin": -10, "verified": false'
out=$("$TENGEN" query --game othello --size 4 --book "$BOOKS/oc" "")
check "othello query: a claim is shown as one" contains "$out" 'result: unknown; claimed, unverified: white-wins'
out=$("$TENGEN" verify --book "$BOOKS/oc" --json); rc=$?
check "verify leaves claims unverified without failing" [ "$rc" -eq 0 ] && check "verify leaves claims unverified without failing (and)" contains "$out" '"othello_failed": 0'
# bench othello --time: a problem stopped at its limit is reported unfinished, never wrong.
out=$("$TENGEN" bench othello --time 0.0001); rc=$?
check "bench othello --time: stopped problems are not finished, none wrong" [ "$rc" -eq 0 ] && check "bench othello --time: stopped problems are not finished, none wrong (and)" contains "$out" "not finished in 0.0001 s (published" && check "bench othello --time: stopped problems are not finished, none wrong (and)" sh -c "! printf '%s' \"\$1\" | grep -q WRONG" _ "$out"
out=$("$TENGEN" bench othello --time 0.0001 --json | tail -n 1)
check "bench othello --time --json counts the unfinished" sh -c "printf '%s' \"\$1\" | grep -qE '\"wrong\": 0, \"unfinished\": [1-9]'" _ "$out"
# bench othello --replies: every listed move's published score checked; a file that misstates one
# (FFO #1 with H1 +10 instead of +12) is caught and exits 1.
out=$("$TENGEN" bench othello --replies); rc=$?
check "bench othello --replies: FForum #1-19, every listed move as published" [ "$rc" -eq 0 ] && check "bench othello --replies (and)" contains "$out" "replies: all 8 listed moves as published"
printf '%s\n' "$FFO1; G8:+18; H1:+10; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;" > "$BOOKS/misstated.obf"
out=$("$TENGEN" bench othello --replies --file "$BOOKS/misstated.obf"); rc=$?
check "bench othello --replies: a misstated move score exits 1" [ "$rc" -eq 1 ] && check "bench othello --replies: names the move (and)" contains "$out" "replies: 1 of 8 listed moves DIFFER from the file: h1 +12 (published +10);" && check "bench othello --replies: the margin itself is right (and)" contains "$out" "total: 1 problems, 0 wrong, 1 with replies differing from the file"
# Anti-Othello and the parallel start.
out=$("$TENGEN" solve --game anti-othello --size 4 --prove --json ""); rc=$?
check "anti-othello 4x4 start: black wins by 4, proved and verified" [ "$rc" -eq 0 ] && check "anti-othello 4x4 start: black wins by 4, proved and verified (and)" contains "$out" '"game": "anti-othello"' && check "anti-othello 4x4 start: black wins by 4, proved and verified (and)" contains "$out" '"margin": 4' && check "anti-othello 4x4 start: black wins by 4, proved and verified (and)" contains "$out" '"verified": true'
out=$("$TENGEN" solve --rule othello --size 4 --start parallel --prove --json ""); rc=$?
check "--rule othello --start parallel: the 4x4 side-by-side start, white by 4" [ "$rc" -eq 0 ] && check "--rule othello --start parallel: the 4x4 side-by-side start, white by 4 (and)" contains "$out" '"margin": -4' && check "--rule othello --start parallel: the 4x4 side-by-side start, white by 4 (and)" contains "$out" '"verified": true'
err=$("$TENGEN" solve --game othello --start sideways "" 2>&1 >/dev/null); rc=$?
check "an unknown start exits 2 and says so" [ "$rc" -eq 2 ] && check "an unknown start exits 2 and says so (and)" contains "$err" "--start is diagonal"
err=$("$TENGEN" query --game chess --book "$BOOKS/o" "d3" 2>&1 >/dev/null); rc=$?
check "query: an unknown game exits 2" [ "$rc" -eq 2 ]
# A book's verified proofs are leaves of new proofs, in any orientation, and checked again with
# them; an imported, unverified claim is not. Kagetsu line, 24 and 25 moves (black wins).
LINE="h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8 h11 i12 f7 f10 g11 g9 e11 f11 f12 h10 e9"
PARENT=${LINE% e9}
mirror() { local out="" m; for m in $1; do out+="$(printf "\\$(printf '%03o' $((111 - $(printf '%d' "'${m:0:1}") + 97)))")${m:1} "; done; echo "${out% }"; }
alone=$("$TENGEN" solve --json --hash 64 "$PARENT"); n_alone=$(field nodes "$alone")
"$TENGEN" solve --json --hash 64 --book "$BOOKS/k" "$LINE" > /dev/null
out=$("$TENGEN" solve --json --hash 64 --book "$BOOKS/k" "$(mirror "$PARENT")"); n_mirror=$(field nodes "$out")
check "the mirrored parent takes the book's child as a leaf ($n_mirror nodes)" [ "$((n_mirror * 10))" -lt "$n_alone" ] && check "the mirrored parent takes the book's child as a leaf ($n_mirror nodes) (and)" contains "$out" '"verified": true'
out=$("$TENGEN" solve --json --hash 64 --book "$BOOKS/k" "$PARENT"); n_known=$(field nodes "$out")
check "the parent, its mirror image now in the book, is proved and verified" contains "$out" '"result": "black-wins"' && check "the parent, its mirror image now in the book, is proved and verified (and)" contains "$out" '"verified": true'
check "the parent, its mirror image now in the book, takes under a tenth of the nodes ($n_known vs $n_alone)" [ "$((n_known * 10))" -lt "$n_alone" ]
"$TENGEN" book export --book "$BOOKS/k" | "$TENGEN" book import - --book "$BOOKS/k2" > /dev/null
out=$("$TENGEN" solve --json --hash 64 --book "$BOOKS/k2" "$PARENT")
check "an imported, unverified child is no leaf: the parent searches as alone ($(field nodes "$out") vs $n_alone)" [ "$(field nodes "$out")" = "$n_alone" ]

err=$("$TENGEN" solve --game chess "e4" 2>&1 >/dev/null); rc=$?
check "an unknown game exits 2" [ "$rc" -eq 2 ]
# book build asks the same list of games: an unknown one is refused before any book is made (it
# once built a renju book).
err=$("$TENGEN" book build --game chess "" --depth 1 --book "$BOOKS/chess" 2>&1 >/dev/null); rc=$?
check "book build: an unknown game exits 2 and names the games" [ "$rc" -eq 2 ] && check "book build: an unknown game exits 2 and names the games (and)" contains "$err" "unknown game 'chess' (gomoku, othello or anti-othello)"
check "book build: no book made for an unknown game" [ ! -e "$BOOKS/chess" ]

# Start-up: the web view is tengen's own small HTTP server; nothing loads TLS.
check "tengen does not load OpenSSL" sh -c "! ldd '$TENGEN' | grep -qE 'httplib|libssl|libcrypto'"

# A guided proof with an engine's hints (tengen's own engine, through the Gomocup protocol): the
# same value, verified, and the questions counted; an engine that does not start is one line.
KAGETSU24="h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8 h11 i12 f7 f10 g11 g9 e11 f11 f12 h10"
out=$("$TENGEN" solve --json --hash 64 --hint-engine "$TENGEN engine" --hint-plies 1 --hint-ms 100 "$KAGETSU24"); rc=$?
check "solve --hint-engine exits 0" [ "$rc" -eq 0 ]
check "solve --hint-engine proves black's win, verified" contains "$out" '"result": "black-wins"'
check "solve --hint-engine proof verified" contains "$out" '"verified": true'
check "solve --hint-engine counts one question" contains "$out" '"asked": 1, "answered": 1'
out=$("$TENGEN" solve --hash 64 --hint-engine "$TENGEN engine" --hint-plies 1 --hint-ms 100 "$KAGETSU24")
check "solve --hint-engine says what the engine named" contains "$out" "hints: 1 moves named by $TENGEN engine in 1 positions (0 during the search)"
# By default the engine is asked during the search: at the root, and where the search comes back.
out=$("$TENGEN" solve --json --hash 64 --hint-engine "$TENGEN engine" --hint-ms 100 "$KAGETSU24"); rc=$?
check "solve --hint-engine during the search proves black's win" contains "$out" '"result": "black-wins"'
check "solve --hint-engine asks at the root during the search" contains "$out" '"asked": 1, "answered": 1, "asked_in_search": 1'
out=$("$TENGEN" solve --json --hash 64 --hint-engine "$TENGEN engine" --hint-ms 100 --hint-wait 0 "$KAGETSU24"); rc=$?
check "solve --hint-wait 0 (questions in the background) proves black's win, verified" contains "$out" '"result": "black-wins"'
check "solve --hint-wait 0 still waits for the root's question" contains "$out" '"asked_in_search": 1'
err=$("$TENGEN" solve --hint-engine "$TENGEN engine" --hint-wait 2 "h8 h9" 2>&1 >/dev/null); rc=$?
check "--hint-wait takes 0 or 1" [ "$rc" -eq 2 ]
err=$("$TENGEN" solve --hint-engine "$TENGEN engine" --hint-after 0 "h8 h9" 2>&1 >/dev/null); rc=$?
check "--hint-engine with nothing to ask exits 2" [ "$rc" -eq 2 ]
check "--hint-engine with nothing to ask says so" contains "$err" "leave the engine nothing to answer"
# --win asks one side's win: black's is proved here, white's disproved (it cannot force one).
out=$("$TENGEN" solve --json --hash 64 --win black "$KAGETSU24")
check "solve --win black proves black's win" contains "$out" '"result": "black-wins", "win_asked": "black", "win": "proved"'
out=$("$TENGEN" solve --json --hash 64 --win white --nodes 200000 "$KAGETSU24")
check "solve --win white disproves white's win" contains "$out" '"result": "unknown", "win_asked": "white", "win": "disproved"'
check "solve --win white's disproof is verified" contains "$out" '"verified": true'
err=$("$TENGEN" solve --win blue "h8" 2>&1 >/dev/null); rc=$?
check "solve --win takes a colour" [ "$rc" -eq 2 ]
err=$("$TENGEN" solve --hint-engine "/nonexistent/pbrain-x" "h8 h9" 2>&1 >/dev/null); rc=$?
check "a hint engine that does not start exits 1" [ "$rc" -eq 1 ]
check "a hint engine that does not start is one line" [ "$err" == "tengen solve: engine '/nonexistent/pbrain-x' did not answer START 15 (it exited with status 127)" ]
out=$("$TENGEN" bench horizon --lines 9 --start 20 --stop 19 --nodes 20000 --hint-engine "$TENGEN engine" --hint-ms 50 --json 2>/dev/null); rc=$?
check "a guided horizon walk exits 0" [ "$rc" -eq 0 ]
check "a guided horizon walk reports its hints' time" contains "$out" '"hint_seconds": '
check "a guided horizon walk proves the line's last plies" contains "$out" '"earliest_ply": 19'
err=$("$TENGEN" solve --hint-engine "$TENGEN engine" --mode vcf "h8 h9" 2>&1 >/dev/null); rc=$?
check "--hint-engine with --mode exits 2" [ "$rc" -eq 2 ]
# Distributed, each worker asks an engine of its own during its jobs' searches.
out=$("$TENGEN" solve --json --hash 16 --workers 2 --job-nodes 200000 --hint-engine "$TENGEN engine" --hint-ms 100 "$KAGETSU24"); rc=$?
check "a guided distributed solve exits 0" [ "$rc" -eq 0 ]
check "a guided distributed solve proves black's win" contains "$out" '"result": "black-wins"'
check "a guided distributed solve names its engine" contains "$out" "\"hint_engine\": \"$TENGEN engine\""
check "a guided distributed solve counts its engine's questions in the jobs" grep -Eq '"engine_questions": [1-9][0-9]*, "engine_seconds": [0-9.e-]+, "worker_seconds": ' <<< "$out"
out=$("$TENGEN" bench horizon --lines 9 --start 20 --stop 19 --nodes 20000 --workers 2 --hint-engine "$TENGEN engine" --hint-ms 50 --json 2>/dev/null); rc=$?
check "a guided horizon walk through the coordinator proves the line's last plies" contains "$out" '"earliest_ply": 19'
err=$("$TENGEN" solve --hint-engine "$TENGEN engine" --hint-plies 2 --workers 2 "h8 h9" 2>&1 >/dev/null); rc=$?
check "--hint-plies with --workers exits 2" [ "$rc" -eq 2 ]
check "--hint-plies with --workers says why" contains "$err" "leave out --hint-plies"
err=$("$TENGEN" solve --hint-engine "/nonexistent/pbrain-x" --workers 2 "h8 h9" 2>&1 >/dev/null); rc=$?
check "a distributed run's hint engine that does not start exits non-zero" [ "$rc" -ne 0 ]
check "a distributed run's hint engine that does not start is named" contains "$err" "/nonexistent/pbrain-x"

echo "$failures failed"
[ "$failures" -eq 0 ]

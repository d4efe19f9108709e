#!/usr/bin/env bash
# The web view in a real browser: tengen serve on a free port over a small book; the JSON API
# (answers, 400s for bad requests, a 100 KB position, the server alive after them); headless
# Chromium loads the page, which shows the stored value and colours the stored replies; a link
# that plays a move (the page clicks the point) shows the next position.
set -u
TENGEN="$1"
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field, decided, agree
BROWSER=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$BROWSER" ]; then
  echo "FAIL no chromium: install it (./dev.sh deps does) to test the web view in a browser"
  exit 1
fi
command -v curl >/dev/null || { echo "FAIL no curl"; exit 1; }
T=$(mktemp -d)
cleanup() { [ -n "${SERVER:-}" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT

WIN="h8 h9 i9 j10 g8 i8 g10 g9 e8 f9 d9 d8 e10 f11 f7 g6 e9 e7 c10 b11 c9"
"$TENGEN" solve --book "$T/b" --nodes 2000000 "$WIN" > /dev/null
# White loses here: its best move is the longest resistance the stored proof holds, which the
# command line reads from the same book.
BEST=$(field best_move "$("$TENGEN" query --json --book "$T/b" "$WIN")")
check "the command line names white's best move" [ -n "$BEST" ]
"$TENGEN" serve --book "$T/b" --port 0 > "$T/serve.log" 2>&1 &
SERVER=$!
for _ in $(seq 50); do grep -q "serving" "$T/serve.log" && break; sleep 0.1; done
URL=$(sed -n 's/.* on \(http[^ ]*\) .*/\1/p' "$T/serve.log")
check "serve says where it listens (on 127.0.0.1)" contains "$URL" "http://127.0.0.1:"
enc() { local s="${1// /%20}"; printf '%s' "${s//,/%2C}"; }

out=$(curl -s "${URL}api/query?position=$(enc "$WIN")")
check "api/query answers the stored value" contains "$out" '"result":"black-wins"'
check "api/query names the same best move" contains "$out" "\"best_move\":\"$BEST\""
code=$(curl -s -o "$T/body" -w "%{http_code}" "${URL}api/query?position=zz")
check "a bad position is a 400" [ "$code" == "400" ] && check "with a JSON error" contains "$(cat "$T/body")" '{"error":"bad position: malformed point'
code=$(curl -s -o /dev/null -w "%{http_code}" "${URL}api/query?position=h8&size=99")
check "a bad size is a 400" [ "$code" == "400" ]
long=$(head -c 100000 /dev/zero | tr '\0' 'h')
code=$(curl -s -o /dev/null -w "%{http_code}" "${URL}api/query?position=$long")
check "a 100 KB position is refused, not a crash" [ "$code" == "400" -o "$code" == "414" ]
for junk in "%00%01" "h8%0Ah9" "%FF%FE" "/" "h8,h8/" "a1+a1"; do
  curl -s -o /dev/null "${URL}api/query?position=$junk"
done
out=$(curl -s "${URL}api/openings")
check "api/openings lists the openings" contains "$out" '"code":"D4","name":"Kagetsu"'
out=$(curl -s "${URL}api/stats")
check "api/stats counts the book" contains "$out" '"entries":'
check "the server is alive after all that" kill -0 "$SERVER"

# Hostile and careless clients (the server's own HTTP layer): each refusal says what was wrong,
# in words, without the book's path or files.
PORT=$(sed -n 's/.*:\([0-9]*\)\/$/\1/p' <<< "$URL")
raw() {  # raw REQUEST: what the server answers to these bytes (status line and body)
  exec 5<>"/dev/tcp/127.0.0.1/$PORT"
  printf '%b' "$1" >&5
  timeout 5 cat <&5
  exec 5>&-
}
out=$(raw 'BLAH\r\n\r\n')
check "a malformed request line: 400 saying so" contains "$out" "400 Bad Request" && check "(malformed request line, said)" contains "$out" "malformed request line"
out=$(raw "GET /$(head -c 9000 /dev/zero | tr '\0' a) HTTP/1.1\r\n\r\n")
check "a 9,000-byte target: 414 saying so" contains "$out" "414 URI Too Long" && check "(414, said)" contains "$out" "request line is longer"
out=$(raw "GET / HTTP/1.1\r\nX-Big: $(head -c 40000 /dev/zero | tr '\0' a)\r\n\r\n")
check "40 KB of headers: 431 saying so" contains "$out" "431 Request Header Fields Too Large" && check "(431, said)" contains "$out" "headers are longer"
out=$(raw 'GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello')
check "a request body: 413 saying so" contains "$out" "413 Content Too Large" && check "(413, said)" contains "$out" "body is not accepted"
out=$(raw 'POST / HTTP/1.1\r\n\r\n')
check "a POST: 405" contains "$out" "405 Method Not Allowed"
out=$(raw 'GET / HTTP/2.0\r\n\r\n')
check "HTTP/2.0 on a plain socket: 505" contains "$out" "505 HTTP Version Not Supported"
page=$(curl -s "$URL" | wc -c)
ranged=$(curl -s -H "Range: bytes=$(seq -s, 0 2 4000 | sed 's/\([0-9]*\)/\1-\1/g')" "$URL" | wc -c)
check "2,000 ranges get the page once ($ranged bytes for a $page-byte page)" [ "$ranged" -eq "$page" ]
out=$(curl -s "${URL}api/query?position=%ED%A0%80%F4%90%80%80%C0%AF")
check "a surrogate, a code point above U+10FFFF and an overlong form are escaped in the answer" \
  contains "$out" "'\\\\xed\\\\xa0\\\\x80\\\\xf4\\\\x90\\\\x80\\\\x80\\\\xc0\\\\xaf'"
check "no answer names the book's directory" sh -c "! curl -s '${URL}api/stats' '${URL}api/query?position=zz' '${URL}nowhere' | grep -q '$T'"
# 64 slow clients, each sending a header line every 3 s, hold no thread: a normal query is answered
# within a second while they trickle; their requests end with 408 once they are 10 s old.
slow() {
  trap '' PIPE  # a write after the server closed fails; the answer is read below
  exec 6<>"/dev/tcp/127.0.0.1/$PORT" || return
  printf 'GET / HTTP/1.1\r\n' >&6
  for i in 1 2 3 4 5; do sleep 3; printf 'X-Slow: %d\r\n' "$i" >&6 2>/dev/null || break; done
  timeout 5 cat <&6 > "$T/slow.$1" 2>/dev/null
  exec 6>&-
}
slowClients=()
for i in $(seq 64); do slow "$i" & slowClients+=($!); done
sleep 2
worst=0
for _ in 1 2 3; do
  ms=$(curl -s -o /dev/null -w '%{time_total}' --max-time 5 "${URL}api/query?position=h8" | awk '{ printf "%d", $1 * 1000 }')
  [ "$ms" -gt "$worst" ] && worst=$ms
  sleep 2
done
check "with 64 slow clients a query is answered within 1 s (slowest of 3: $worst ms)" [ "$worst" -lt 1000 ]
wait "${slowClients[@]}" 2>/dev/null
check "the slow clients' requests ended with 408 ($(cat "$T"/slow.* | grep -c '408 Request Timeout') of 64)" \
  [ "$(cat "$T"/slow.* | grep -c '408 Request Timeout')" -eq 64 ]
# One port, one server: a second is refused in one line.
err=$("$TENGEN" serve --book "$T/b" --port "$PORT" 2>&1 >/dev/null); rc=$?
check "a second server on the same port exits 1" [ "$rc" -eq 1 ]
check "and says the port is in use, in one line" contains "$err" "port is in use" && check "(one line)" [ "$(grep -c . <<< "$err")" -eq 1 ]
check "the server is alive after the hostile clients" kill -0 "$SERVER"

# The page in headless Chromium: value, coloured replies, the position to copy.
browse() {
  "$BROWSER" --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --virtual-time-budget=8000 \
    --user-data-dir="$T/profile" --dump-dom "$1" 2>/dev/null
}
start=$(date +%s%N)
dom=$(browse "${URL}#position=$(enc "$WIN")&rule=renju&size=15")
echo "page load in headless Chromium (with the browser's start): $(( ($(date +%s%N) - start) / 1000000 )) ms"
check "the page shows the stored value" contains "$dom" 'id="result">black wins (verified, proof of'
check "the page says who is to move" contains "$dom" 'id="tomove">white to move, renju 15x15'
check "the page colours white's stored replies as losses" contains "$dom" 'class="reply loss"'
check "the page rings the best move" contains "$dom" 'class="best" cx='
check "the board is SVG with coordinates" contains "$dom" '<text class="coord"'
# A link that plays the best move: the page clicks the point, and shows black to move, winning.
dom=$(browse "${URL}#position=$(enc "$WIN")&rule=renju&size=15&play=$BEST")
check "clicking a reply changes the position" contains "$dom" 'id="tomove">black to move, renju 15x15'
check "the new position's value is shown" contains "$dom" 'id="result">black wins (verified'
check "black's winning reply is ringed as the best move" contains "$dom" 'class="best" cx='
check "and listed as a win below the position" contains "$dom" 'wins for black (1)'
# Renju forbidden points are crossed when black is to move, with their kind.
dom=$(browse "${URL}#position=$(enc "f8 a1 g8 a3 h6 a5 h7 a7")&rule=renju&size=15")
forbid_h8() { [[ "$1" =~ class=\"forbid\"[^\>]*data-p=\"h8\" ]]; }
check "black's forbidden point h8 is crossed" forbid_h8 "$dom"
check "the cross says its kind" contains "$dom" 'class="forbid-kind" x="'
check "(a double-three)" contains "$dom" 'data-kind="double-three">3</text>'
check "the legend names the kinds" contains "$dom" "forbidden to black: 3 double-three, 4 double-four, 6 overline"

# What a player meets first: a board before any script runs (the server draws it), star points,
# and a word that the answer is coming.
first=$(curl -s "$URL")
check "the first paint is a board (server-drawn SVG)" contains "$first" '<div id="boardbox"><svg xmlns="http://www.w3.org/2000/svg"'
check "with star points" [ "$(grep -o 'r="3.5"' <<< "$first" | wc -l)" -eq 5 ]
check "and a loading word" contains "$first" "loading the book's answer"
first=$(curl -s "${URL}?position=$(enc "h8 i9 f6")")
check "a position in the address is drawn at once (3 stones)" [ "$(grep -o 'r="15" fill=' <<< "$first" | wc -l)" -eq 3 ]
# The opening's name, the move list, the variations below, keys.
dom=$(browse "${URL}#position=$(enc "h8 i9 f6 j9")&rule=renju&size=15")
check "the page names the opening" contains "$dom" 'id="opening">I13 Suisei</div>'
check "the page lists the moves, numbered" contains "$dom" '<span class="n">4.</span><span class="at">j9</span>'
check "the script draws star points" [ "$(grep -o 'class="star"' <<< "$dom" | wc -l)" -eq 5 ]
dom=$(browse "${URL}#position=$(enc "h8 i9 f6 j9")&rule=renju&size=15&key=ArrowLeft")
check "the left key takes a move back" contains "$dom" '<span class="n">3.</span><span class="at">f6</span></span>'
LINE=$("$TENGEN" query --book "$T/b" "$WIN" | sed -n 's/^line: \(.*\) ([0-9]* moves)$/\1/p')
FIVE=${LINE##* }
dom=$(browse "${URL}#position=$(enc "$WIN")&rule=renju&size=15&key=End")
check "the End key follows the line to the five ($FIVE)" contains "$dom" "id=\"best\">best move: $FIVE</div>"
check "(black to move there: a five at once)" contains "$dom" 'id="result">black wins (a five at once)'
dom=$(browse "${URL}#position=$(enc "$WIN")&rule=renju&size=15&play=$BEST")
check "the replies below the position are listed by value" contains "$dom" "wins for black ("
# Screenshots at three widths, kept as the test's artifacts, and the page fits each width.
ART="${2:-$T}"
mkdir -p "$ART"
for w in 360 768 1280; do
  "$BROWSER" --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --virtual-time-budget=8000 \
    --user-data-dir="$T/profile" --hide-scrollbars --window-size="$w,1100" --screenshot="$ART/web-$w.png" \
    "${URL}#position=$(enc "f8 a1 g8 a3 h6 a5 h7 a7")&rule=renju&size=15" >/dev/null 2>&1
  check "a screenshot at $w px wide ($ART/web-$w.png)" [ "$(stat -c %s "$ART/web-$w.png" 2>/dev/null || echo 0)" -gt 20000 ]
done

echo "$failures failed"
[ "$failures" -eq 0 ]

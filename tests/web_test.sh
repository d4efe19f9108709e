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
check "a bad position is a 400" [ "$code" == "400" ] && check "with a JSON error" contains "$(cat "$T/body")" '{"error": "bad position: malformed point'
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
check "black's winning reply is coloured" contains "$dom" 'class="reply win"'
# Renju forbidden points are crossed when black is to move.
dom=$(browse "${URL}#position=$(enc "f8 a1 g8 a3 h6 a5 h7 a7")&rule=renju&size=15")
forbid_h8() { [[ "$1" =~ class=\"forbid\"[^\>]*data-p=\"h8\" ]]; }
check "black's forbidden point h8 is crossed" forbid_h8 "$dom"

echo "$failures failed"
[ "$failures" -eq 0 ]

# Shell helpers sourced by the command-line tests (tests/*_test.sh). The book helpers need TENGEN.
failures=0
# check NAME CONDITION...: runs the condition, prints ok or FAIL, counts failures.
check() {
  local name="$1"; shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
contains() { [[ "$1" == *"$2"* ]]; }
# field NAME JSON: the value of a top-level field of a one-line JSON object (strings unquoted).
field() { sed -n "s/.*\"$1\": *\"\\{0,1\\}\\([^\",}]*\\).*/\\1/p" <<< "$2"; }
# decided BOOK: the book's decided entries as "position|to_move|result", sorted.
decided() {
  "$TENGEN" book export --book "$1" | grep -v '"result":"unknown"' | \
    sed -n 's/.*"position":"\([^"]*\)","to_move":"\([a-z]*\)".*"result":"\([a-z-]*\)".*/\1|\2|\3/p' | sort
}
# agree A B (outputs of decided): no position is decided one way in one and another way in the other.
agree() { sort "$1" "$2" | awk -F'|' '{ k = $1 "|" $2; if ((k in r) && r[k] != $3) bad++; r[k] = $3 } END { exit bad > 0 }'; }

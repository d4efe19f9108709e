# Shell helpers (sourced) for tests that compare books made in different ways; they need TENGEN.
# decided BOOK: the book's decided entries as "position|to_move|result", sorted.
decided() {
  "$TENGEN" book export --book "$1" | grep -v '"result":"unknown"' | \
    sed -n 's/.*"position":"\([^"]*\)","to_move":"\([a-z]*\)".*"result":"\([a-z-]*\)".*/\1|\2|\3/p' | sort
}
# agree A B (outputs of decided): no position is decided one way in one and another way in the other.
agree() { sort "$1" "$2" | awk -F'|' '{ k = $1 "|" $2; if ((k in r) && r[k] != $3) bad++; r[k] = $3 } END { exit bad > 0 }'; }

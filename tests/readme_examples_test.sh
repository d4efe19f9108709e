#!/usr/bin/env bash
# Every README example (a "$ command" line in a code block and the lines after it) is run against
# the demo book, built by the demo's own steps, and its output compared with the README's: exactly,
# except that "..." in the README stands for any text (timings, node counts).
set -u
SRC="$1"
BIN="$2"
. "$(dirname "$0")/test_lib.sh"  # failures, check

WORK=$(mktemp -d /tmp/tengen-readme.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
BOOK="$WORK/demo-book"
bash "$SRC/dev.sh" demo-steps "$BIN" "$BOOK" > "$WORK/demo.out" 2>&1
check "the demo's steps run" [ $? -eq 0 ]

# The README's "..." as a glob star; every other character literal.
pattern() {
  local text="$1" out="" part
  while :; do
    part=${text%%...*}
    part=${part//\\/\\\\}; part=${part//\*/\\*}; part=${part//\?/\\?}; part=${part//\[/\\[}
    out+="$part"
    [[ "$text" == *...* ]] || break
    out+="*"
    text=${text#*...}
  done
  printf '%s' "$out"
}

run_example() {  # run_example COMMAND EXPECTED
  local command="$1" expected="$2" actual pat
  command=${command//build\/demo-book/$BOOK}
  command=${command//build\/bin\//$BIN/}
  [[ "$command" == tengen\ * ]] && command="$BIN/$command"
  # The shipped proofs are read where they live, in the repo.
  local dir="$WORK"
  [[ "$command" == *" proofs/"* ]] && dir="$SRC"
  actual=$(cd "$dir" && bash -c "$command" 2>/dev/null)
  pat=$(pattern "$expected")
  if [[ "$actual" == $pat ]]; then
    check "README example: $1" true
  else
    check "README example: $1" false
    printf 'expected (... is any text):\n%s\nactual:\n%s\n' "$expected" "$actual" >&2
  fi
}

examples=0
in_block=0 command="" expected=""
while IFS= read -r line || [ -n "$line" ]; do
  if [[ "$line" == '```'* ]]; then
    if [ -n "$command" ]; then run_example "$command" "$expected"; examples=$((examples + 1)); fi
    command="" expected=""
    in_block=$((1 - in_block))
    continue
  fi
  [ "$in_block" -eq 1 ] || continue
  if [[ "$line" == '$ '* ]]; then
    if [ -n "$command" ]; then run_example "$command" "$expected"; examples=$((examples + 1)); fi
    command=${line#\$ } expected=""
  elif [ -n "$command" ]; then
    expected+="${expected:+$'\n'}$line"
  fi
done < "$SRC/README.md"
check "the README has examples to compare ($examples)" [ "$examples" -ge 4 ]

echo "$failures failed"
[ "$failures" -eq 0 ]

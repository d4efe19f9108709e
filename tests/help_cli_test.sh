#!/usr/bin/env bash
# Command-line conventions: --version, help for every command (tengen help CMD, CMD --help, -h)
# with usage and an example, every option a help lists accepted by its command, and an unknown
# option named with the closest known one.
set -u
TENGEN="$1"
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field, decided, agree

out=$("$TENGEN" --version); rc=$?
check "--version exits 0" [ "$rc" -eq 0 ]
version_shape() { [[ "$1" =~ ^tengen\ [0-9]+\.[0-9]+\.[0-9]+\ \(commit\ [0-9a-z]+,\ .+,\ .+\ build\)$ ]]; }
check "--version names the version, commit and compiler" version_shape "$out"
check "tengen version says the same" [ "$("$TENGEN" version)" == "$out" ]
out=$("$TENGEN" help); rc=$?
check "help exits 0" [ "$rc" -eq 0 ]

# Every command the overview lists: its help three ways, usage and an example in it.
commands=$("$TENGEN" help | sed -n '/^commands:/,/^$/p' | sed -n 's/^  \([a-z]*\( [a-z]*\)\?\)  .*/\1/p' | sed 's/ *$//')
check "the overview lists the commands" [ "$(printf '%s\n' "$commands" | wc -l)" -ge 12 ]
options_checked=0
while IFS= read -r cmd; do
  [ -z "$cmd" ] && continue
  read -r -a words <<<"$cmd"
  out=$("$TENGEN" help "${words[@]}"); rc=$?
  check "help $cmd exits 0" [ "$rc" -eq 0 ]
  check "help $cmd has a usage line" contains "$out" "usage: tengen ${words[0]}"
  check "help $cmd has an example" contains "$out" "example"
  [ "$cmd" == "help" ] || [ "$cmd" == "version" ] && continue
  check "$cmd --help is the same" [ "$("$TENGEN" "${words[@]}" --help)" == "$out" ]
  check "$cmd -h is the same" [ "$("$TENGEN" "${words[@]}" -h)" == "$out" ]
  # Each option the help lists is one the command accepts: with it first, the parser stops only at
  # the unknown option after it.
  for opt in $(printf '%s\n' "$out" | sed -n 's/^  --\([a-z-]*\).*/\1/p' | grep -v '^help$'); do
    line=$(printf '%s\n' "$out" | grep -E "^  --$opt( |$)" | head -n 1)
    if [[ "$line" =~ ^\ \ --$opt\ [A-Z] ]]; then args=("--$opt" 1); else args=("--$opt"); fi
    err=$("$TENGEN" "${words[@]}" "${args[@]}" --zz-not-an-option 2>&1 >/dev/null)
    check "$cmd accepts --$opt" contains "$err" "unknown option '--zz-not-an-option'"
    options_checked=$((options_checked + 1))
  done
done <<<"$commands"
echo "options listed by the helps and accepted by their commands: $options_checked"
check "every command's options were tried" [ "$options_checked" -ge 60 ]

err=$("$TENGEN" solve --nodse 5 h8 2>&1 >/dev/null); rc=$?
check "an unknown option exits 2" [ "$rc" -eq 2 ]
check "an unknown option names the closest" contains "$err" "unknown option '--nodse' (did you mean '--nodes'?)"
err=$("$TENGEN" help nonsense 2>&1 >/dev/null); rc=$?
check "help of an unknown command exits 2" [ "$rc" -eq 2 ]

# Openings by name: a position may start with a code or a name.
a=$("$TENGEN" fouls --json "D4 j10")
b=$("$TENGEN" fouls --json "h8 h9 i9 j10")
check "D4 j10 is h8 h9 i9 j10" [ "${a#*\"forbidden\"}" == "${b#*\"forbidden\"}" ]
out=$("$TENGEN" fouls "kagetsu"); check "a name works too" contains "$out" "white to move"
out=$("$TENGEN" openings --json); rc=$?
check "openings exits 0" [ "$rc" -eq 0 ]
check "openings lists 26" [ "$(printf '%s\n' "$out" | wc -l)" -eq 26 ]
check "D4 is Kagetsu, black wins in the literature" contains "$out" '{"code": "D4", "name": "Kagetsu", "moves": "h8 h9 i9", "literature": "black-wins"}'

echo "$failures failed"
[ "$failures" -eq 0 ]

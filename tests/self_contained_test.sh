#!/usr/bin/env bash
# The repo stands on its own: a clone with nothing beside it holds every data file the code reads,
# configures without reaching outside itself, and no source, build or script file names a path
# outside the tree (such as the team's ../shared folder). Usage: self_contained_test.sh SOURCE_DIR
set -u
SRC="$1"
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field, decided, agree

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tree="$work/alone/tengen"
if git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1; then
  # What a user gets: the committed tree plus this checkout's uncommitted changes to tracked files
  # (so the check speaks of the tree under test), cloned into an empty directory.
  git clone --quiet --no-local "$SRC" "$tree" || { echo "FAIL git clone"; exit 1; }
  (cd "$SRC" && git diff --binary HEAD) | (cd "$tree" && git apply --allow-empty 2>/dev/null || true)
  (cd "$SRC" && git ls-files --others --exclude-standard -z) | (cd "$SRC" && xargs -0 -r cp --parents -t "$tree")
else
  mkdir -p "$tree" && cp -r "$SRC"/. "$tree"/
fi

# Every test-data file the code names through bench::testData("...") is in the clone.
names=$(grep -rhoE 'testData\("[^"]+"\)' "$tree" --include=*.cpp --include=*.h | sed -E 's/testData\("([^"]+)"\)/\1/' | sort -u)
check "the code names test data" [ -n "$names" ]
for f in $names; do
  check "tests/data/$f is in the clone" [ -s "$tree/tests/data/$f" ]
done

# No code, build or script file names a path outside the tree.
outside=$(grep -rnE '\.\./shared|/work/|\$\{?(CMAKE_SOURCE_DIR|PROJECT_SOURCE_DIR)\}?/\.\.' "$tree" \
  --include=*.cpp --include=*.h --include=CMakeLists.txt --include=*.cmake --include=*.sh --include=run \
  --exclude=self_contained_test.sh)
check "no path leaves the tree${outside:+: $outside}" [ -z "$outside" ]

# The clone configures on its own, and its test-data folder is inside it.
if cmake -S "$tree" -B "$work/build" -DTENGEN_BUILD_TESTS=OFF >"$work/cmake.log" 2>&1; then
  check "the clone configures" true
  data=$(grep -rhoE 'TENGEN_TEST_DATA_DIR=[^ ]+' "$work/build" --include=flags.make | head -n 1 | tr -d '\\"')
  check "the test-data folder is the clone's own (${data})" [ "$data" == "TENGEN_TEST_DATA_DIR=$tree/tests/data" ]
else
  check "the clone configures ($(tail -n 3 "$work/cmake.log"))" false
fi

echo "$failures failed"
[ "$failures" -eq 0 ]

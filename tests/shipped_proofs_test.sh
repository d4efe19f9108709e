#!/usr/bin/env bash
# The proofs shipped in proofs/ re-check from the files alone: each file, whole, passes the
# independent verifier and names the root, side to move, rule and claim it should (a renamed or
# swapped file fails); a slice of it checks alone; a copy with a changed byte is refused.
set -u
TENGEN="$1"
PROOFS="$2"
# Which files this run checks: a pattern over RULE:FILE (CTest runs two halves of about equal work
# side by side).
SELECT="${3:-.*}"
selected() { [[ "$1:$2" =~ ^($SELECT)$ ]]; }
files_checked=0
checked_names=" "
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field

# check_proof FILE ROOT TO_MOVE RULE CLAIM OFF_TREE SLICE...: the whole file verified with its root,
# side to move, rule and claim; each slice; a move that is no edge at the root refused.
check_proof() {
  local file="$PROOFS/$1" root="$2" to_move="$3" rule="$4" claim="$5" off_tree="$6"; shift 6
  selected "$rule" "$(basename "$file")" || return 0
  files_checked=$((files_checked + 1))
  checked_names+=" $(basename "$file") "
  check "$(basename "$file") is in the repo" [ -s "$file" ]
  out=$("$TENGEN" verify --proof "$file" --json); rc=$?
  check "$(basename "$file") verifies whole (rc $rc): $out" [ "$rc" -eq 0 ]
  check "  ok" contains "$out" '"ok": true'
  check "  its root is $root" contains "$out" "\"root\": \"$root\""
  check "  $to_move to move, $rule" contains "$out" "\"to_move\": \"$to_move\", \"rule\": \"$rule\""
  check "  its claim is $claim" contains "$out" "\"claim\": \"$claim\""
  check "  every tree node was checked" [ "$(field positions_checked "$out")" = "$(field tree_nodes "$out")" ]
  for slice in "$@"; do
    out=$("$TENGEN" verify --proof "$file" --slice "$slice" --json); rc=$?
    check "$(basename "$file") after '$slice' verifies (rc $rc)" [ "$rc" -eq 0 ]
    check "  ok" contains "$out" '"ok": true'
    check "  its claim is $claim" contains "$out" "\"claim\": \"$claim\""
    check "  it checked positions" [ "$(field positions_checked "$out")" -gt 0 ]
  done
  out=$("$TENGEN" verify --proof "$file" --slice "$off_tree" 2>&1); rc=$?
  check "a slice along no edge of the tree ($off_tree) is refused (rc $rc): $out" [ "$rc" -eq 1 ]
  check "  saying so" contains "$out" "no edge $off_tree"
  # Damage: one byte changed in the middle of a copy.
  cp "$file" "$T/damaged"
  local size; size=$(stat -c %s "$T/damaged")
  printf '\x5a' | dd of="$T/damaged" bs=1 seek=$((size / 2)) conv=notrunc status=none
  cmp -s "$file" "$T/damaged" || {
    out=$("$TENGEN" verify --proof "$T/damaged" 2>&1); rc=$?
    check "a copy with a changed byte is refused (rc $rc): $out" [ "$rc" -ne 0 ]
  }
}

# Suisei (I13: h8 i9 f6, white to move), white's fourth move j9; the slice: a far fifth move.
check_proof suisei-i13.tgp "f6,h8/i9" white renju "white wins" i10 "j9 a1"
if selected renju suisei-i13.tgp; then
  out=$("$TENGEN" verify --proof "$PROOFS/suisei-i13.tgp" --slice "j9 a1" --json)
  check "the Suisei file's slice root is the opening plus j9 a1" contains "$out" '"root": "a1,f6,h8/i9,j9"'
fi

# Freestyle, white's first move far from the centre: h8 a1 (the corner) and h8 o8 (the edge on
# h8's row), black to move; the slices: white's reply beside its own stone.
check_proof freestyle-h8-a1.tgp "h8/a1" black freestyle "black wins" j10 "i9 b2"
check_proof freestyle-h8-o8.tgp "h8/o8" black freestyle "black wins" i9 "g7 o7"
if selected freestyle freestyle-h8-o8.tgp; then
  out=$("$TENGEN" verify --proof "$PROOFS/freestyle-h8-o8.tgp" --slice "g7 o7" --json)
  check "the h8 o8 file's slice root is g7 and o7 played" contains "$out" '"root": "g7,h8/o7,o8"'
fi
# White's first move at o9-o13, black g7: each slice a reply beside white's stone or a block of
# black's g7-h8 diagonal, the replies that held out longest.
check_proof freestyle-h8-o9.tgp "h8/o9" black freestyle "black wins" i9 "g7 o8"
check_proof freestyle-h8-o10.tgp "h8/o10" black freestyle "black wins" i9 "g7 o9"
check_proof freestyle-h8-o11.tgp "h8/o11" black freestyle "black wins" i9 "g7 f6"
check_proof freestyle-h8-o12.tgp "h8/o12" black freestyle "black wins" i9 "g7 o11"
check_proof freestyle-h8-o13.tgp "h8/o13" black freestyle "black wins" i9 "g7 j10"
check_proof freestyle-h8-o14.tgp "h8/o14" black freestyle "black wins" i9 "g7 k10"
# White's first move one column in from the edge (n8), black g7; the slice: white's second stone
# beside its first, the last reply to fall.
check_proof freestyle-h8-n8.tgp "h8/n8" black freestyle "black wins" i9 "g7 n9"
check_proof freestyle-h8-n9.tgp "h8/n9" black freestyle "black wins" i9 "g7 n11"
check_proof freestyle-h8-n10.tgp "h8/n10" black freestyle "black wins" i9 "g7 n11"
check_proof freestyle-h8-n11.tgp "h8/n11" black freestyle "black wins" i9 "g7 n12"
check_proof freestyle-h8-n12.tgp "h8/n12" black freestyle "black wins" i9 "g7 n13"
check_proof freestyle-h8-n13.tgp "h8/n13" black freestyle "black wins" i9 "g7 n11"
check_proof freestyle-h8-n14.tgp "h8/n14" black freestyle "black wins" i9 "g7 f7"
# Two columns in (m8 to m13), black g7. m8's slice: white's m10, which 6.4M nodes of the plain
# search did not prove and the search guided by an engine's moves proved in 227k; m9's to m13's:
# white's m11, l11, k13, k12 and l12 (the guided replies' slices hold up to 1.2M positions each).
check_proof freestyle-h8-m8.tgp "h8/m8" black freestyle "black wins" i9 "g7 m10"
check_proof freestyle-h8-m9.tgp "h8/m9" black freestyle "black wins" i9 "g7 m11"
check_proof freestyle-h8-m10.tgp "h8/m10" black freestyle "black wins" i9 "g7 l11"
check_proof freestyle-h8-m11.tgp "h8/m11" black freestyle "black wins" i9 "g7 k13"
check_proof freestyle-h8-m12.tgp "h8/m12" black freestyle "black wins" i9 "g7 k12"
check_proof freestyle-h8-m13.tgp "h8/m13" black freestyle "black wins" i9 "g7 l12"
# Three columns in (l8 to l12), black g7; the slices are small replies (the guided ones hold
# 0.2M-0.96M positions each).
check_proof freestyle-h8-l8.tgp "h8/l8" black freestyle "black wins" i9 "g7 k9"
check_proof freestyle-h8-l9.tgp "h8/l9" black freestyle "black wins" i9 "g7 m10"
check_proof freestyle-h8-l10.tgp "h8/l10" black freestyle "black wins" i9 "g7 k9"
check_proof freestyle-h8-l11.tgp "h8/l11" black freestyle "black wins" i9 "g7 k10"
check_proof freestyle-h8-l12.tgp "h8/l12" black freestyle "black wins" i9 "g7 k11"
# Four columns in (k8, k9, k11), black g7; the slices are small replies (the largest, k8's k9 and
# k9's k8, the same position, hold 0.35M and 0.25M).
check_proof freestyle-h8-k8.tgp "h8/k8" black freestyle "black wins" i9 "g7 j9"
check_proof freestyle-h8-k9.tgp "h8/k9" black freestyle "black wins" i9 "g7 k10"
check_proof freestyle-h8-k11.tgp "h8/k11" black freestyle "black wins" i9 "g7 j10"
# k10 with black g9 (Rapfi's choice; with g7, white's j11 held out): the slice white's k8.
check_proof freestyle-h8-k10.tgp "h8/k10" black freestyle "black wins" i9 "g9 k8"
# Five columns in: j8, black g7; the slice white's k8, beside its own stone.
check_proof freestyle-h8-j8.tgp "h8/j8" black freestyle "black wins" i10 "g7 k8"
# j9 with black g9 (Rapfi's choice; with g7, white's i10 held out): the slice white's h9.
check_proof freestyle-h8-j9.tgp "h8/j9" black freestyle "black wins" g7 "g9 h9"
# j10 with black g9 (Rapfi's choice): the slice white's k8.
check_proof freestyle-h8-j10.tgp "h8/j10" black freestyle "black wins" g7 "g9 k8"
# i9, white's first stone beside h8 on the diagonal, black g9 (Rapfi's choice): the slices the two
# replies that needed campaigns of their own, i7 and g8.
check_proof freestyle-h8-i9.tgp "h8/i9" black freestyle "black wins" h10 "g9 i7" "g9 g8"
# i8, white's first stone beside h8 on its row, black i9 (Rapfi's choice): the slices two of the
# replies that needed campaigns of their own, h10 and h9 (with black f10, then g10 and f11).
check_proof freestyle-h8-i8.tgp "h8/i8" black freestyle "black wins" j10 "i9 h10" "i9 h9 f10 g10"
# Freestyle game 1 of tests/data/freestyle-lines.jsonl (h8 g9 i9 ..., game 2's first eleven moves
# mirrored) after black's seventh move k9, where it leaves the i9 class file: the campaigns along
# both games' black moves, exported along game 1's own moves (`book export --along`); the slice:
# white's i11 and black's h10, the game's next pair (the move off the tree a taken point).
check_proof freestyle-line1.tgp "h8,i9,j10,k9/g9,i8,k11" white freestyle "black wins" h8 "i11 h10"
# Freestyle game 2 of tests/data/freestyle-lines.jsonl after black's seventh move e9 (where the game
# leaves the i9 class file), a campaign at each of the game's black moves, deepest first (as
# `campaign --line` runs them); the slice: after white's g11 and black's h10, the game's next pair
# (white answers everywhere, so the move off the tree is a taken point).
check_proof freestyle-line2.tgp "e9,f10,g9,h8/e11,g8,i9" white freestyle "black wins" h8 "g11 h10"
# Freestyle game 3 (h8 h9 f9 ...) from the position after 12 moves, black's j9 (its campaigns
# reached no further back yet), exported along the game; the slices: the game's j9 e12 d13 k10 d11
# d10, and white's k10 (the reply that held out longest) down to i12 i9 g11, the last to fall.
check_proof freestyle-line3.tgp "e10,f9,g9,h8,i8,i10/f8,f11,g8,g10,h9,i7" black freestyle "black wins" a1 \
  "j9 e12 d13 k10 d11 d10" "j9 k10 e12 f12 f13 e13 h11 g12 i11 j10 i12 i9 g11"
# Exact five (standard): white in the corner again, black i9.
check_proof standard-h8-a1.tgp "h8/a1" black standard "black wins" j10 "i9 b2"
# White on the edge, one off the corner's diagonal (o14), black g7: the slice white's n13.
check_proof standard-h8-o14.tgp "h8/o14" black standard "black wins" i9 "g7 n13"
# o11 to o13, black g7: each slice white's reply beside its first stone on the edge.
check_proof standard-h8-o11.tgp "h8/o11" black standard "black wins" i9 "g7 o10"
check_proof standard-h8-o12.tgp "h8/o12" black standard "black wins" i9 "g7 o11"
check_proof standard-h8-o13.tgp "h8/o13" black standard "black wins" i9 "g7 o12"
# On the edge on h8's row (o8: a class of four), black g7: the slices white's o7, beside its first
# stone on the edge, and below it o9 after black's g8, each a campaign of its own.
check_proof standard-h8-o8.tgp "h8/o8" black standard "black wins" i9 "g7 o7" "g7 o7 g8 o9"
# o9 and o10, black g7: the slices white's reply beside its first stone on the edge.
check_proof standard-h8-o9.tgp "h8/o9" black standard "black wins" i9 "g7 o10"
check_proof standard-h8-o10.tgp "h8/o10" black standard "black wins" i9 "g7 o9"
# One column in, n8 to n14 (n8 on h8's row and n14 on the diagonal: classes of four), black g7: the
# slice white's reply on its first stone's column, the replies that held out longest (n12's two
# open ones, n11 and n13, n10's n11 and n12, and n8's n9 came from those classes' proofs by
# transposition).
check_proof standard-h8-n8.tgp "h8/n8" black standard "black wins" i9 "g7 n9"
check_proof standard-h8-n9.tgp "h8/n9" black standard "black wins" i9 "g7 n7" "g7 n8"
check_proof standard-h8-n10.tgp "h8/n10" black standard "black wins" i9 "g7 n8" "g7 n11"
check_proof standard-h8-n11.tgp "h8/n11" black standard "black wins" i9 "g7 n10"
check_proof standard-h8-n12.tgp "h8/n12" black standard "black wins" i9 "g7 n11" "g7 n13"
check_proof standard-h8-n13.tgp "h8/n13" black standard "black wins" i9 "g7 n12"
check_proof standard-h8-n14.tgp "h8/n14" black standard "black wins" i9 "g7 n13"
# Two columns in: m13 (on the diagonal, a class of four), black g7, exported whole (the position after
# g7 is its own mirror image); the slice m12, which took a campaign of its own (black h7).
check_proof standard-h8-m13.tgp "h8/m13" black standard "black wins" i9 "g7 m12"
# m12: its two open replies m10 and m11 each took a campaign of its own (black h7, f8).
check_proof standard-h8-m12.tgp "h8/m12" black standard "black wins" i9 "g7 m10"
# m11: m9, m10, l12 and k13 each a campaign of its own (black f8, g8, h7, f6); m12 is m12's m11.
check_proof standard-h8-m11.tgp "h8/m11" black standard "black wins" i9 "g7 m9"
# m10 and m9 share their hardest reply: h8 m10 g7 m9 = h8 m9 g7 m10 (black f7, then after white's
# m8, m11: a mate in 17 by Rapfi's count), proved once and imported into the other class's book.
# m10's m8, l11 and k12 (black g9, h6, h6) and m9's m7, m8, l10 and k11 (g8, g8, h6, g9) each took
# a campaign of its own.
check_proof standard-h8-m10.tgp "h8/m10" black standard "black wins" i9 "g7 m9" "g7 l11"
check_proof standard-h8-m9.tgp "h8/m9" black standard "black wins" i9 "g7 m10" "g7 m8"
# m8 (on h8's row, a class of four): its one open reply m7 took a campaign of its own (black g8);
# m9 is m9's m8.
check_proof standard-h8-m8.tgp "h8/m8" black standard "black wins" i9 "g7 m7"
# Three columns in: l11, whose open replies k12, l9, l10 and l12 each took a campaign of its own
# (black h7, h7, g8, i7; l10 and l12 in a second book, exported and imported).
check_proof standard-h8-l11.tgp "h8/l11" black standard "black wins" i9 "g7 l10"
# l12, on the diagonal (a class of four): its class campaign alone, 566 s; the slice through k12.
check_proof standard-h8-l12.tgp "h8/l12" black standard "black wins" i9 "g7 k12"
# l8, on h8's row (a class of four): l9, l10, l7 and l6 each a campaign of black g8 (Rapfi's move).
check_proof standard-h8-l8.tgp "h8/l8" black standard "black wins" i9 "g7 l9" "g7 l10"
# l10: k11, j12, l9 (Rapfi: h7, h6, h7) each a campaign of its own, l8 from the l8 class's book,
# l12 from the l12 class's file.
check_proof standard-h8-l10.tgp "h8/l10" black standard "black wins" i9 "g7 k11"
# l9: k10 and j11 (Rapfi: h7, g8) campaigns of their own, l8 from the l8 class; the slice: l8.
check_proof standard-h8-l9.tgp "h8/l9" black standard "black wins" i9 "g7 l8"
# k11, on the diagonal: its open replies l10 and m9 came from the l10 and m9 classes (`h8 k11 g7 m9`
# is `h8 m9 g7 k11`), exported from their book and imported; the slice: m9.
check_proof standard-h8-k11.tgp "h8/k11" black standard "black wins" i9 "g7 m9"
# k8, on h8's row: its class campaign alone (217 jobs, 7.5M nodes, 1,483 s); the slice: k9.
check_proof standard-h8-k8.tgp "h8/k8" black standard "black wins" i9 "g7 k9"
# k10 and k9: their class campaigns alone (629 and 446 s), their hardest replies already in the
# book as other classes' (`h8 k10 g7 l9` is `h8 l9 g7 k10`, `h8 k9 g7 k8` is `h8 k8 g7 k9`).
check_proof standard-h8-k10.tgp "h8/k10" black standard "black wins" i9 "g7 k9"
check_proof standard-h8-k9.tgp "h8/k9" black standard "black wins" i9 "g7 k10"
# j10, on the diagonal: its class campaign alone (111 jobs, 1,155,692 nodes, 263 s), exported whole;
# the slice: white's k10, beside its first stone.
check_proof standard-h8-j10.tgp "h8/j10" black standard "black wins" i9 "g7 k10"
# j8, on h8's row: i9 held out (221 of 222 after 1,119 s) until black h6 (Rapfi's move) took it in
# 160 s; the slice: i9.
check_proof standard-h8-j8.tgp "h8/j8" black standard "black wins" i9 "g7 i9"
# j9: i10 held out (221 of 222) until black h7 (Rapfi's move) took it in 454 s (3,613,299 nodes);
# the slice: i10.
check_proof standard-h8-j9.tgp "h8/j9" black standard "black wins" i9 "g7 i10"
# i8, beside h8 on its row, black i7 (Rapfi's move): 212 of 222 after 900 s,
# then ten replies a campaign each, and below white's h7 (black g6, g7, e6, f6, e8) four levels of
# them, the proofs of two books exported and imported into one; the slices: g7, and h7's line.
check_proof standard-h8-i8.tgp "h8/i8" black standard "black wins" i9 "i7 g7" "i7 h7 g6 g7"
# i9, beside h8 on the diagonal, black i7 (Rapfi's move): 212 of 222 after 930 s, then nine replies
# a campaign each (Rapfi's move), g9 two levels deep (black j7, then five replies), in two books
# joined by export and import; a class on the diagonal, exported whole. The slices: g9, and j6, the
# slowest of the first level (579 s).
check_proof standard-h8-i9.tgp "h8/i9" black standard "black wins" i8 "i7 g9" "i7 j6"

# check_set RULE COVERED UNCOVERED: the RULE-15x15.tgs proof set (black h8 on the empty board, then
# each class's file) names every RULE-h8-*.tgp here, with COVERED of white's 224 first moves leading
# to a file's root (and the open ones UNCOVERED, when given): accepted when all 224 are, refused
# while any is open. Every tree was checked whole above, so the set's own check reads the roots.
check_set() {
  local rule="$1" covered="$2" uncovered="${3:-}" f out rc
  selected "$rule" "$rule-15x15.tgs" || return 0
  for f in "$PROOFS/$rule"-h8-*.tgp; do
    check "$(basename "$f") is named in $rule-15x15.tgs" grep -qx "proof $(basename "$f")" "$PROOFS/$rule-15x15.tgs"
  done
  out=$("$TENGEN" verify --proof-set "$PROOFS/$rule-15x15.tgs" --roots-only --json); rc=$?
  if [ "$covered" -eq 224 ]; then
    check "the $rule set is accepted: every reply leads to a file's root (rc $rc): $out" [ "$rc" -eq 0 ]
    check "  ok" contains "$out" '"ok": true'
    check "  none open" contains "$out" '"uncovered": ""'
  else
    check "the $rule set is refused while replies are open (rc $rc): $out" [ "$rc" -eq 1 ]
  fi
  check "  black h8 from the empty board" contains "$out" "\"position\": \"\", \"rule\": \"$rule\", \"size\": 15, \"claim\": \"black wins\", \"move\": \"h8\""
  check "  $covered of 224 replies lead to a file's root" contains "$out" "\"replies\": 224, \"covered\": $covered,"
  [ -z "$uncovered" ] || check "  the open ones are $uncovered" contains "$out" "\"uncovered\": \"$uncovered\""
}
# Freestyle: all 35 classes, every one of white's first moves.
check_set freestyle 224
# Exact five: all 35 classes too.
check_set standard 224

# Every shipped file this run selects was checked above: a file with no check_proof line (or a
# campaign's book, .jsonl.zst, shipped with no check), or a selection that matches no line, fails
# here instead of passing unchecked.
for f in "$PROOFS"/*.tgp; do
  name=$(basename "$f")
  case "$name" in freestyle-*) r=freestyle ;; standard-*) r=standard ;; *) r=renju ;; esac
  selected "$r" "$name" || continue
  check "$name was checked whole in this run" contains "$checked_names" " $name "
done
for f in "$PROOFS"/*.jsonl.zst; do
  [ -e "$f" ] || continue
  name=$(basename "$f")
  selected freestyle "$name" || continue
  check "$name was checked in this run" contains "$checked_names" " $name "
done
check "this run checked proof files matching $SELECT ($files_checked)" [ "$files_checked" -gt 0 ]
echo "$failures failure(s)"
[ "$failures" -eq 0 ]

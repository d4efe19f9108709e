#!/bin/bash
# Quintet's 105 default benchmark cases (tests/data/quintet-bench.tsv, the heavy ones left out),
# each in its own mode and limits, side by side: tengen builds and, with --quintet, the peer
# renju-note/quintet, alternating per case, a fresh process each, a 5 s cap (a case over it is a
# miss, counted as 5 s). Prints each engine's right answers and total time, and the totals on
# the cases every engine answered: the figures issue 13's second point asks for.
#
# usage: bench/quintet-side-by-side.sh [--quintet DIR] TENGEN [TENGEN...]
#   DIR: a checkout of renju-note/quintet. Its runner is built in a scratch copy under /tmp,
#   never in this repository, offline: its lru crate is replaced by a small stand-in and its
#   wasm front end left out (cargo must be installed).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cases="$here/tests/data/quintet-bench.tsv"
quintet_dir=""
if [[ "${1:-}" == "--quintet" ]]; then quintet_dir=$2; shift 2; fi
if [[ $# -eq 0 ]]; then
  echo "usage: bench/quintet-side-by-side.sh [--quintet DIR] TENGEN [TENGEN...]" >&2
  exit 2
fi
engines=("$@")
for e in "${engines[@]}"; do
  [[ -x "$e" ]] || { echo "quintet-side-by-side: $e is not an executable tengen" >&2; exit 2; }
done

runner=""
if [[ -n "$quintet_dir" ]]; then
  [[ -f "$quintet_dir/Cargo.toml" && -d "$quintet_dir/src/mate" ]] || {
    echo "quintet-side-by-side: $quintet_dir is not a checkout of renju-note/quintet" >&2
    exit 2
  }
  scratch=$(mktemp -d /tmp/quintet-peer.XXXXXX)
  trap 'rm -rf "$scratch"' EXIT
  cp -r "$quintet_dir/src" "$quintet_dir/Cargo.toml" "$scratch/"
  rm -f "$scratch/src/wasm.rs"
  sed -i '/^pub mod wasm;/d; /^pub use wasm::/d' "$scratch/src/lib.rs"
  sed -i 's/^lru = .*/lru = { path = "lru" }/; /^wasm-bindgen/d; s/crate-type = .*/crate-type = ["rlib"]/' "$scratch/Cargo.toml"
  mkdir -p "$scratch/lru/src" "$scratch/examples"
  printf '[package]\nname = "lru"\nversion = "0.7.8"\nedition = "2018"\n' > "$scratch/lru/Cargo.toml"
  # A least-recently-used map with the two calls quintet makes.
  cat > "$scratch/lru/src/lib.rs" <<'EOF'
use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;
pub struct LruCache<K, V> { cap: usize, tick: u64, map: HashMap<K, (V, u64)>, order: BTreeMap<u64, K> }
impl<K: Hash + Eq + Clone, V> LruCache<K, V> {
    pub fn new(cap: usize) -> Self { LruCache { cap, tick: 0, map: HashMap::new(), order: BTreeMap::new() } }
    pub fn get(&mut self, k: &K) -> Option<&V> {
        self.tick += 1;
        let t = self.tick;
        match self.map.get_mut(k) {
            Some(e) => { self.order.remove(&e.1); e.1 = t; self.order.insert(t, k.clone()); Some(&e.0) }
            None => None,
        }
    }
    pub fn put(&mut self, k: K, v: V) -> Option<V> {
        self.tick += 1;
        let t = self.tick;
        if let Some(e) = self.map.get_mut(&k) {
            self.order.remove(&e.1);
            self.order.insert(t, k.clone());
            e.1 = t;
            return Some(std::mem::replace(&mut e.0, v));
        }
        if self.map.len() >= self.cap {
            if let Some((&oldest, _)) = self.order.iter().next() {
                let gone = self.order.remove(&oldest).unwrap();
                self.map.remove(&gone);
            }
        }
        self.order.insert(t, k.clone());
        self.map.insert(k, (v, t));
        None
    }
}
EOF
  # One case: mode, limit, threat limit, attacker (o: black, x: white), stones; prints
  # "proven" or "none".
  cat > "$scratch/examples/case.rs" <<'EOF'
use quintet::board::*;
use quintet::mate::*;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let board = a[5].parse::<Board>().unwrap();
    let found = solve(a[1].parse::<SolveMode>().unwrap(), a[2].parse().unwrap(), &board,
                      a[4].parse::<Player>().unwrap(), a[3].parse().unwrap());
    println!("{}", if found.is_some() { "proven" } else { "none" });
}
EOF
  (cd "$scratch" && cargo build --release --offline --example case -q 2>/dev/null) || {
    echo "quintet-side-by-side: quintet's runner did not build in $scratch (cargo build --release --offline --example case)" >&2
    exit 1
  }
  runner="$scratch/target/release/examples/case"
  engines+=("quintet")
fi

n=${#engines[@]}
declare -A right total answered took
for e in "${engines[@]}"; do right[$e]=0; total[$e]=0; answered[$e]=0; done
common_names=()
i=0
# Fields may be empty: tabs become a separator read does not merge.
while IFS=$'\037' read -r name mode attacker limit threat_limit verdict _line stones tags; do
  [[ -z "$name" || "$name" == \#* || "$tags" == *heavy* ]] && continue
  all_right=1
  for ((k = 0; k < n; ++k)); do
    e=${engines[$(((i + k) % n))]}
    if [[ "$e" == quintet ]]; then
      cmd=("$runner" "$([[ $mode == vcf ]] && echo vcf || echo vct_dfpns)" "${limit:-255}" "${threat_limit:-2}"
           "$([[ $attacker == black ]] && echo o || echo x)" "$stones")
    else
      cmd=("$e" solve "$stones" --mode "$([[ $mode == vcf ]] && echo vcf || echo vct)" --to-move "$attacker" --time 5 --json)
      [[ -n "$limit" ]] && cmd+=(--limit "$limit")
      [[ -n "$threat_limit" ]] && cmd+=(--threat-limit "$threat_limit")
    fi
    start=$(date +%s%N)
    out=$(timeout 5.5 "${cmd[@]}" 2>/dev/null | head -1) || true
    ms=$((($(date +%s%N) - start) / 1000000))
    ((ms > 5000)) && { ms=5000; out=""; }
    ok=0
    if [[ "$e" == quintet ]]; then
      [[ "$out" == proven && "$verdict" == proven || "$out" == none && "$verdict" == disproven ]] && ok=1
    elif [[ "$verdict" == proven ]]; then
      [[ "$out" == *'"result": "black-wins"'* || "$out" == *'"result": "white-wins"'* ]] && ok=1
    else
      [[ "$out" == *'"result": "unknown"'* && "$out" == *'"search": "none"'* ]] && ok=1
    fi
    right[$e]=$((right[$e] + ok))
    total[$e]=$((total[$e] + ms))
    took[$e]=$ms
    ((ok)) || all_right=0
  done
  if ((all_right)); then
    common_names+=("$name")
    for e in "${engines[@]}"; do answered[$e]=$((answered[$e] + took[$e])); done
  fi
  i=$((i + 1))
done < <(tr '\t' '\037' < "$cases")

echo "$i cases, each engine in turn first, 5 s cap"
for e in "${engines[@]}"; do
  awk -v e="$e" -v r="${right[$e]}" -v t="${total[$e]}" -v c="${#common_names[@]}" -v a="${answered[$e]}" \
    'BEGIN { printf "%-40s right %3d  total %7.1f s  on the %d cases all answered %7.1f s\n", e, r, t / 1000, c, a / 1000 }'
done

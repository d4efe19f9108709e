#!/usr/bin/env bash
# tengen's one entry point for people and CI: install the Debian packages, build, and run the
# demo, the tests or the benchmarks. Usage: ./dev.sh [demo|test|bench|asan|slurm|build|deps|demo-steps BIN_DIR BOOK]
set -euo pipefail
cd "$(dirname "$0")"

# Everything the project needs, as Debian 12 packages. Nothing else is ever downloaded.
PACKAGES=(g++ cmake make libgtest-dev libbenchmark-dev libboost-serialization-dev librocksdb-dev
          libopenmpi-dev openmpi-bin nlohmann-json3-dev libzstd-dev chromium git iproute2)
# Only for ./dev.sh slurm (a one-machine Slurm cluster; not part of CI's test run).
SLURM_PACKAGES=(slurm-wlm munge)
JOBS=$(nproc 2>/dev/null || echo 2)

deps() {
  local missing=() p
  for p in "${PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "tengen needs these Debian packages: ${missing[*]}" >&2
    echo "install them as root, then run this again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "installing: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

build() {  # build DIR [cmake options...]
  local dir="$1"; shift
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build "$dir" -j"$JOBS"
}

# The main job on embedded defaults: black's forbidden points on a real renju position; a renju
# position from a real game proved a black win by the coordinator and its in-process workers into
# a RocksDB book, then queried from the book in its mirror image; a small opening book (the 6x6
# board and every first move) built by the workers into the same book and queried; every stored
# proof re-verified from the book's records.
DEMO_POSITION="h8,j7,k6,k8,i8,j5,l7,l8,j4,k3,e7,l6,g8/i7,j6,i9,g7,f6,e6,k7,k5,m8,m7,d6,f7"
DEMO_SOLVE="g12,h12,i12,f11,h11,c10,h10,k9,h8,c7,g7/j12,g11,d10,e10,f10,g10,e9,h9,i9,j9,d8"
DEMO_MIRROR="i12,h12,g12,j11,h11,m10,h10,e9,h8,m7,i7/f12,i11,l10,k10,j10,i10,k9,h9,g9,f9,l8"
DEMO_BOOK=build/demo-book

demo_steps() {  # demo_steps BIN_DIR BOOK
  local bin="$1" book="$2"
  echo
  echo "== tengen fouls \"$DEMO_POSITION\""
  "$bin/tengen" fouls "$DEMO_POSITION"
  echo
  rm -rf "$book"
  echo "== tengen solve --workers $JOBS --book $book \"$DEMO_SOLVE\""
  "$bin/tengen" solve --workers "$JOBS" --job-nodes 2000 --book "$book" "$DEMO_SOLVE"
  echo
  echo "== tengen query --book $book \"$DEMO_MIRROR\"   (the same position, mirrored)"
  "$bin/tengen" query --book "$book" "$DEMO_MIRROR"
  echo
  echo "== tengen book build \"\" --rule freestyle --size 6 --depth 2 --workers $JOBS --book $book   (the coordinator at work)"
  "$bin/tengen" book build "" --rule freestyle --size 6 --depth 2 --workers "$JOBS" --book "$book"
  echo
  echo "== tengen query --book $book --rule freestyle --size 6 \"\"   (every first move has a value)"
  "$bin/tengen" query --book "$book" --rule freestyle --size 6 ""
  echo
  echo "== tengen verify --book $book"
  "$bin/tengen" verify --book "$book"
  echo
  echo "== tengen book stats --book $book"
  "$bin/tengen" book stats --book "$book"
}

case "${1:-demo}" in
  deps) deps ;;
  build) deps; build build ;;
  demo)
    deps; build build
    demo_steps build/bin "$DEMO_BOOK"
    ;;
  demo-steps)
    # The demo's steps alone, with a built tengen: ./dev.sh demo-steps BIN_DIR BOOK (the README
    # examples test builds its book so).
    demo_steps "$2" "$3"
    ;;
  test)
    deps; build build
    (cd build && ctest --output-on-failure -j"$JOBS")
    ;;
  asan)
    deps; build build-asan -DTENGEN_SANITIZE=ON
    (cd build-asan && ctest --output-on-failure -j"$JOBS")
    ;;
  slurm)
    # sbatch cluster/slurm/tengen-book.sbatch on a Slurm cluster of this one machine (root only).
    deps "${SLURM_PACKAGES[@]}"; build build
    bash tests/slurm_test.sh build/bin/tengen
    ;;
  bench)
    deps; build build
    build/bin/tengen bench fouls
    build/bin/tengen bench solve
    build/bin/tengen bench book
    build/bin/tengen bench distributed
    ;;
  *)
    echo "usage: ./dev.sh [demo|test|bench|asan|slurm|build|deps]" >&2
    exit 2
    ;;
esac

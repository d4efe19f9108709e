#!/usr/bin/env bash
# Several hosts on one machine: three network namespaces joined by veth pairs to a bridge stand
# for three hosts; mpirun (in the first) starts a rank in each through Open MPI's rsh agent
# (netns_rsh_agent.sh runs `ip netns exec` where ssh would log in), with MPI traffic on TCP only.
# A distributed solve must agree with the single-process prover, its book must verify, and the
# other hosts' interfaces must have carried its messages. Root only: skipped (77) otherwise.
# Usage: multihost_test.sh TENGEN
set -u
TENGEN="$1"
AGENT="$(cd "$(dirname "$0")" && pwd)/netns_rsh_agent.sh"
if [ "$(id -u)" -ne 0 ]; then
  echo "skipped: creating network namespaces needs root"
  exit 77
fi
TAG="tg$$"
if ! command -v ip > /dev/null || ! ip netns add "$TAG-br" 2>/dev/null; then
  echo "skipped: this machine does not let us create network namespaces (ip netns add failed)"
  exit 77
fi
WORK=$(mktemp -d /tmp/tengen-multihost-XXXXXX)
cleanup() {
  kill -9 $(jobs -p) 2>/dev/null
  for i in 1 2 3; do ip netns del "$TAG-h$i" 2>/dev/null; done
  ip netns del "$TAG-br" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
. "$(dirname "$0")/test_lib.sh"  # failures, check, contains, field, decided, agree

# The network: a bridge in a namespace of its own, one veth pair to each host namespace.
network() {
set -e
ip -n "$TAG-br" link add br0 type bridge
ip -n "$TAG-br" link set br0 up
: > "$WORK/hosts"
for i in 1 2 3; do
  ip netns add "$TAG-h$i"
  ip link add "$TAG-v$i" type veth peer name eth0 netns "$TAG-h$i"
  ip link set "$TAG-v$i" netns "$TAG-br"
  ip -n "$TAG-br" link set "$TAG-v$i" master br0
  ip -n "$TAG-br" link set "$TAG-v$i" up
  ip -n "$TAG-h$i" addr add "10.77.0.$i/24" dev eth0
  ip -n "$TAG-h$i" link set eth0 up
  ip -n "$TAG-h$i" link set lo up
  echo "10.77.0.$i $TAG-h$i" >> "$WORK/hosts"
  echo "10.77.0.$i slots=1" >> "$WORK/hostfile"
done
}
if ! (network) 2> "$WORK/network-error"; then
  echo "skipped: the namespaces' network could not be built here: $(tail -1 "$WORK/network-error")"
  exit 77
fi
txBytes() { ip netns exec "$1" cat /sys/class/net/eth0/statistics/tx_bytes; }

# In the sanitizer build, LeakSanitizer fails the ranks at exit on what Open MPI's TCP and PMIx
# components keep (their stacks end in unloaded modules, so no suppression can name them); leaks of
# tengen's own are caught by every other test.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export TENGEN_NETNS_HOSTS="$WORK/hosts" TENGEN_NETNS_LOG="$WORK/launches"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
MPIRUN=(ip netns exec "$TAG-h1" mpirun -np 3 --hostfile "$WORK/hostfile"
        --mca plm_rsh_agent "$AGENT" --mca btl tcp,self
        --mca btl_tcp_if_include 10.77.0.0/24 --mca oob_tcp_if_include 10.77.0.0/24)

RENJU="g12,h12,i12,f11,h11,c10,h10,k9,h8,c7,g7/j12,g11,d10,e10,f10,g10,e9,h9,i9,j9,d8"
single=$("$TENGEN" solve --json --hash 64 "$RENJU")
# Open MPI 4.1 now and then crashes at launch here (mpirun exit 139, "an inability to create a
# connection back to mpirun"), before any rank runs tengen: 2 to 3 runs in 20, the same with the
# binary of before this change; once three in a row (a CI run beside a loaded machine). Such a
# launch (killed by a signal, no result from tengen, no book; Open MPI may print its own help
# text on standard output then) is tried again, at most four times, and said; anything that
# fails once tengen runs still fails the test.
for attempt in 1 2 3 4 5; do
  rm -rf "$WORK/book"; : > "$WORK/launches"
  before2=$(txBytes "$TAG-h2"); before3=$(txBytes "$TAG-h3")
  dist=$(timeout 300 "${MPIRUN[@]}" "$TENGEN" solve --json --book "$WORK/book" --job-nodes 1000 --hash 8 "$RENJU" 2>"$WORK/err")
  rc=$?
  [ "$rc" -ge 128 ] && ! grep -q '"result"' <<< "$dist" && [ ! -e "$WORK/book" ] && [ "$attempt" -lt 5 ] || break
  echo "launch $attempt: mpirun died before tengen ran (exit $rc: $(grep -m1 -E 'inability|internal' "$WORK/err")); again"
done
sent2=$(( $(txBytes "$TAG-h2") - before2 )); sent3=$(( $(txBytes "$TAG-h3") - before3 ))
echo "single:    $single"
echo "3 hosts:   $dist"
echo "launched:  $(tr '\n' ';' < "$WORK/launches")"
echo "sent over the network: host 2 $sent2 bytes, host 3 $sent3 bytes"
[ "$rc" -ne 0 ] && { echo "mpirun exit $rc:"; tail -5 "$WORK/err"; }
check "the run ended well" test "$rc" -eq 0
check "renju: three hosts agree with one process ($(field result "$single"))" \
  test "$(field result "$dist")" = "$(field result "$single")" -a "$(field result "$single")" = black-wins
check "two workers, one on each other host" test "$(field workers "$dist")" = 2 -a "$(sort -u "$WORK/launches" | wc -l)" -eq 2
jobs=$(field jobs "$dist")
# Every job is a request in and a reply out of a worker host: at least 100 bytes a job each way.
check "the workers' answers crossed the network ($jobs jobs)" test "$sent2" -gt $((jobs * 50)) -a "$sent3" -gt $((jobs * 50))
check "the stored proof verifies" "$TENGEN" verify --book "$WORK/book" "$RENJU"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]

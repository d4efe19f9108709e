#!/bin/sh
# Open MPI's remote-shell agent for the multi-host test: instead of ssh-ing to HOST, runs the
# command in the network namespace that stands for it (TENGEN_NETNS_HOSTS: "ADDRESS NAMESPACE" lines).
# Called as: netns_rsh_agent.sh [ssh options] HOST COMMAND...
while [ $# -gt 0 ]; do
  case "$1" in
    -*) shift ;;
    *) break ;;
  esac
done
host="$1"
shift
ns=$(awk -v h="$host" '$1 == h { print $2 }' "${TENGEN_NETNS_HOSTS:?}")
if [ -z "$ns" ]; then
  echo "netns_rsh_agent: no namespace stands for host $host" >&2
  exit 255
fi
[ -n "${TENGEN_NETNS_LOG:-}" ] && echo "$host $ns" >> "$TENGEN_NETNS_LOG"
exec ip netns exec "$ns" /bin/sh -c "$*"

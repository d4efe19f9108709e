#!/usr/bin/env bash
# A one-machine Slurm cluster for trying the batch script: munged, slurmctld and slurmd from
# Debian's slurm-wlm and munge, configured in a scratch directory (nothing under /etc changes).
# Run as root (slurmd starts jobs as their users). Usage:
#   cluster/slurm/local-cluster.sh start [DIR]   configure and start; prints the export to use
#   cluster/slurm/local-cluster.sh stop  [DIR]   stop the daemons
# then, with SLURM_CONF exported as printed: sinfo, sbatch cluster/slurm/tengen-book.sbatch ...
set -euo pipefail
action="${1:-}"
dir="${2:-/tmp/tengen-slurm}"
conf="$dir/slurm.conf"

stop() {
  for pidfile in "$dir"/slurmd.pid "$dir"/slurmctld.pid "$dir"/munged.pid; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  # Give the daemons a moment to let go of their sockets.
  for _ in $(seq 50); do
    pgrep -f "$dir/" > /dev/null || break
    sleep 0.1
  done
}

case "$action" in
  start)
    for tool in munged slurmctld slurmd sbatch; do
      command -v "$tool" > /dev/null || { echo "$tool is missing: apt-get install slurm-wlm munge" >&2; exit 2; }
    done
    [ "$(id -u)" -eq 0 ] || { echo "local-cluster.sh start needs root (slurmd runs jobs as their users)" >&2; exit 2; }
    stop
    mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
    chmod 700 "$dir/munge"
    [ -f "$dir/munge/munge.key" ] || { dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none; chmod 400 "$dir/munge/munge.key"; }
    host=$(hostname -s)
    cpus=$(nproc)
    memory=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
    cat > "$conf" <<CONF
# Written by cluster/slurm/local-cluster.sh: one node, this machine.
ClusterName=tengen-local
SlurmctldHost=$host
SlurmUser=root
SlurmctldPort=6917
SlurmdPort=6918
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
CONF
    munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
      --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/munge.seed"
    SLURM_CONF="$conf" slurmctld -f "$conf"
    SLURM_CONF="$conf" slurmd -f "$conf"
    for _ in $(seq 100); do
      SLURM_CONF="$conf" sinfo -h -o "%T" 2>/dev/null | grep -q "idle" && break
      sleep 0.2
    done
    if ! SLURM_CONF="$conf" sinfo -h -o "%T" 2>/dev/null | grep -q "idle"; then
      echo "the local Slurm cluster did not come up; see $dir/slurmctld.log and $dir/slurmd.log" >&2
      exit 1
    fi
    echo "export SLURM_CONF=$conf"
    ;;
  stop) stop ;;
  *) sed -n '2,8p' "$0" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# Starts a single-node Slurm on this machine for the integration test of `preemptlab sweep
# --slurm` (runner/src/test/java/.../cluster/SlurmIT.java): munged, slurmctld and slurmd, with
# configuration, state, spool, logs and pid files under STATE_DIR. Needs root. Installs Debian's
# slurmctld, slurmd, slurm-client and munge packages when they are missing.
#
#   .ci/slurm-up.sh STATE_DIR          then  export SLURM_CONF=STATE_DIR/slurm.conf
#   .ci/slurm-down.sh STATE_DIR        stops exactly the daemons this script started
set -euo pipefail
state="${1:?usage: $0 STATE_DIR}"
mkdir -p "$state"
state="$(cd "$state" && pwd)"

if ! command -v slurmctld >/dev/null 2>&1 || ! command -v slurmd >/dev/null 2>&1 \
    || ! command -v sbatch >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurmctld slurmd slurm-client munge
fi

# munge: Slurm's authentication. The package makes a key; make one if it did not.
mkdir -p /run/munge
chown munge:munge /run/munge
chmod 0755 /run/munge
if [[ ! -s /etc/munge/munge.key ]]; then
  dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  chown munge:munge /etc/munge/munge.key
  chmod 0400 /etc/munge/munge.key
fi
if munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
  echo "slurm-up: munged is already running; using it"
else
  # munged runs as the munge user, so its pid file goes in its own folder (STATE_DIR may be
  # private to root, as mktemp -d makes it); slurm-down finds the pid in STATE_DIR.
  rm -f /run/munge/munged.pid
  runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid
  for _ in $(seq 50); do
    if [[ -s /run/munge/munged.pid ]]; then break; fi
    sleep 0.1
  done
  cp /run/munge/munged.pid "$state/munged.pid"
fi

host="$(hostname)"
cpus="$(nproc)"
mkdir -p "$state/state" "$state/spool"
cat > "$state/slurm.conf" <<CONF
# A single-node Slurm for PreemptLab's integration test; written by .ci/slurm-up.sh.
ClusterName=preemptlab-ci
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$state/state
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$state/slurm.conf"

slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
  node="$(sinfo --noheader --format=%T 2>/dev/null || true)"
  if [[ "$node" == idle* || "$node" == mixed* || "$node" == allocated* ]]; then
    echo "slurm-up: node $host with $cpus CPUs is $node (SLURM_CONF=$SLURM_CONF)"
    exit 0
  fi
  sleep 0.5
done
echo "slurm-up: the node did not become idle in 30 s; logs:" >&2
tail -n 20 "$state/slurmctld.log" "$state/slurmd.log" >&2 || true
exit 1

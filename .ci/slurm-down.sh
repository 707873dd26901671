#!/usr/bin/env bash
# Stops the daemons .ci/slurm-up.sh STATE_DIR started (by the pid files it left there), and only
# those: slurmd, slurmctld, then munged if slurm-up started it.
set -uo pipefail
state="${1:?usage: $0 STATE_DIR}"
for daemon in slurmd slurmctld munged; do
  pidfile="$state/$daemon.pid"
  [[ -s "$pidfile" ]] || continue
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
  fi
  rm -f "$pidfile"
done
echo "slurm-down: stopped the daemons of $state"

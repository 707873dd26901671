#!/usr/bin/env bash
# Builds and runs every PreemptLab device probe (docs/data/probes/METHOD.md) and writes the raw
# samples as CSV files to OUT_DIR, with the device's description and a log of each probe's run.
#
# usage: docs/data/probes/run_all.sh OUT_DIR           build, then run (about 3 min expected;
#                                                      the time limits add up to 6 min 45 s)
#        BUILD_ONLY=1 docs/data/probes/run_all.sh OUT_DIR   only compile (works without a GPU)
# ARCH (default sm_90, the H200) selects the GPU architecture for nvcc.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run_all.sh OUT_DIR}
arch=${ARCH:-sm_90}
probes=(launch_busy whole_sm consecutive_blocks timeslice sm_clock interrupt)

mkdir -p "$out/bin"
for probe in "${probes[@]}"; do
  nvcc -O2 -std=c++17 -arch="$arch" -o "$out/bin/$probe" "$here/$probe.cu"
done
if [[ "${BUILD_ONLY:-0}" == 1 ]]; then
  echo "built ${probes[*]} in $out/bin"
  exit 0
fi

nvidia-smi -q > "$out/nvidia-smi-q.txt" 2>&1 || true
echo "probe,start_utc,seconds,exit_code" > "$out/run_log.csv"

# run NAME LIMIT_SECONDS COMMAND...: runs the command under a time limit and logs it; a failed
# probe does not stop the others.
run() {
  local name=$1 limit=$2
  shift 2
  local start end code=0
  start=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  local t0=$SECONDS
  timeout --kill-after=5 "$limit" "$@" || code=$?
  end=$((SECONDS - t0))
  echo "$name,$start,$end,$code" >> "$out/run_log.csv"
  echo "$name: exit $code after ${end}s"
}

run launch_busy 90 "$out/bin/launch_busy" "$out" 60
run whole_sm 60 "$out/bin/whole_sm" "$out" 40
run consecutive_blocks 30 "$out/bin/consecutive_blocks" "$out"
for contexts in 3 4; do
  for variant in together late; do
    run "timeslice_${contexts}_${variant}" 25 "$out/bin/timeslice" "$out" "$contexts" "$variant"
  done
done
# the clock probe, with the driver's own view of clocks, power and temperature every 500 ms
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.max.sm,power.draw,temperature.gpu,clocks_event_reasons.active \
  --format=csv,nounits -lms 500 > "$out/sm_clock_nvidia_smi.csv" 2>&1 &
smi=$!
run sm_clock 75 "$out/bin/sm_clock" "$out" 20
kill "$smi" 2>/dev/null || true
for variant in never_ending finite; do
  run "interrupt_$variant" 25 "$out/bin/interrupt" "$out" "$variant" 300
done
echo "raw samples in $out; see $here/METHOD.md"
